"""Cosmic kernel part: cards and new hands (CE.1 deck, CE.17; CE.9.4 discards).

Hands and their caches (add, take, remove, the artifact counts), drawing with the deck reshuffle
(CE.17.2), the encounter-card supply of a seat, the card options of a decision, and ``new_hand``
(CE.17.1 / CE.17.4 / A19).

A part of the Cosmic kernel (see core.py): simsuite.engine.codegen pastes the parts that
``Cosmic.kernel_files`` (game.py) lists, in that order, into one module; names used here and
defined in no import below come from the other parts. Only the code below the marker line is pasted.
"""
import numpy as np
from numba import njit

from simsuite.engine.kernel_common import discards_to_deck
from simsuite.engine.kernel_common import log_event as _log
from simsuite.games.cosmic.api import *
from simsuite.games.cosmic.records import *

# ---- kernel part body: simsuite.engine.codegen pastes what follows (this header is for a reader) ----


@njit
def _hand_add(st, cfg, p, c):
    n = st[S_HAND_N + p]
    st[S_HAND + p * MAX_HAND + n] = c
    st[S_HAND_N + p] = n + 1
    st[S_HAND_VER + p] += 1
    k = cfg[C_CARD_KIND + c]
    if k == K_ARTIFACT:
        st[S_HAND_ART + p] += 1
        st[S_ART_TOTAL] += 1
        st[S_ART_CNT + p * N_ART + cfg[C_CARD_VAL + c]] += 1
        st[S_ART_KIND + cfg[C_CARD_VAL + c]] += 1
    elif k != K_REINF and k != K_FLARE:  # a reinforcement or a flare is not an encounter card (CE.36.1, CE.45.1)
        st[S_HAND_ENC + p] += 1


@njit
def _hand_take(st, cfg, p, i):
    """Remove and return the card at index i of p's hand (the last card takes its place)."""
    base = S_HAND + p * MAX_HAND
    n = st[S_HAND_N + p] - 1
    c = st[base + i]
    st[base + i] = st[base + n]
    st[S_HAND_N + p] = n
    st[S_HAND_VER + p] += 1
    k = cfg[C_CARD_KIND + c]
    if k == K_ARTIFACT:
        st[S_HAND_ART + p] -= 1
        st[S_ART_TOTAL] -= 1
        st[S_ART_CNT + p * N_ART + cfg[C_CARD_VAL + c]] -= 1
        st[S_ART_KIND + cfg[C_CARD_VAL + c]] -= 1
    elif k != K_REINF and k != K_FLARE:
        st[S_HAND_ENC + p] -= 1
    return c


@njit
def _hand_index(st, p, c):
    base = S_HAND + p * MAX_HAND
    for i in range(st[S_HAND_N + p]):
        if st[base + i] == c:
            return i
    return -1


@njit
def _hand_remove(st, cfg, p, c):
    return _hand_take(st, cfg, p, _hand_index(st, p, c))


@njit
def _take_artifact(st, cfg, p, kind):
    """Remove one artifact of `kind` from p's hand and return it (-1 if p holds none)."""
    base = S_HAND + p * MAX_HAND
    for i in range(st[S_HAND_N + p]):
        c = st[base + i]
        if cfg[C_CARD_KIND + c] == K_ARTIFACT and cfg[C_CARD_VAL + c] == kind:
            return _hand_take(st, cfg, p, np.int64(i))
    return -1


@njit(inline="always")
def _is_enc(cfg, c):
    """An encounter card: attack, negotiate or (FFG2008) morph (CE.36.1)."""
    k = cfg[C_CARD_KIND + c]
    return k != K_ARTIFACT and k != K_REINF and k != K_FLARE


@njit(inline="always")
def _discard(st, c):
    st[S_DISC + st[S_DISC_N]] = c
    st[S_DISC_N] += 1


@njit
def _draw(st, cfg, log, lg):
    """Top card of the deck; an empty deck is rebuilt from the discard pile first (CE.17.7, A4).
    -1 when both are empty."""
    n = st[S_DECK_N]
    if n == 0:
        if st[S_DISC_N] == 0:
            return -1
        m = discards_to_deck(st, S_RNG, S_DECK, S_DISC, S_DISC_N)
        st[S_DISC_GEN] += 1
        st[S_N_RESHUF] += 1
        if lg:
            _log(log, E_DECK_RESHUFFLE, m, I0, I0, I0, I0, I0)
        n = m
    n -= 1
    st[S_DECK_N] = n
    return st[S_DECK + n]


@njit
def _enc_supply(st, cfg):
    """Encounter cards in the deck and the discard pile together (CE.17.5)."""
    k = cfg[C_N_ENC]
    for p in range(cfg[C_NP]):
        k -= st[S_HAND_ENC + p]
    if st[S_CARD_O] >= 0:
        k -= 1
    if st[S_CARD_D] >= 0:
        k -= 1
    for i in range(st[S_ASIDE_N]):
        if _is_enc(cfg, st[S_ASIDE + 2 * i]):
            k -= 1
    return k


@njit
def _card_options(st, cfg, p, want):
    """Options = one card id per distinct card class in p's hand; want: -2 any card, else a kind.
    Returns the number of options written."""
    base = S_HAND + p * MAX_HAND
    seen = np.int64(0)
    n = 0
    for i in range(st[S_HAND_N + p]):
        c = st[base + i]
        k = cfg[C_CARD_KIND + c]
        if want == -2 or k == want or (want == -3 and k != K_ARTIFACT and k != K_REINF and k != K_FLARE):
            b = np.int64(1) << cfg[C_CARD_CLASS + c]
            if (seen & b) == 0:
                seen |= b
                st[S_OPT + n] = c
                n += 1
    return n


ANY_CARD = np.int64(-2)
ENC_CARD = np.int64(-3)


@njit
def _keeps_artifacts(st, cfg, p, log, lg):
    """The alien files' on_new_hand for p: 1 if a power keeps p's artifacts (the hook's arguments
    in force before are kept)."""
    a0 = st[S_HB_ARG]
    st[S_HB_ARG] = p
    r = hb_moment(st, cfg, H_NEW_HAND, log, lg)
    st[S_HB_ARG] = a0
    return 1 if r != 0 else 0


@njit
def new_hand(st, cfg, p, timing, log, lg):
    """CE.17.1 / CE.17.4 / A19: p (holding no encounter card) plays, if legal now, or discards each
    artifact, then draws new_hand_size cards; repeated until it holds an encounter card.
    Returns 0 when the deck and the discard pile cannot supply one (CE.17.5)."""
    w_old = st[S_WINDOW]
    st[S_WINDOW] = timing
    while st[S_HAND_ENC + p] == 0:
        if _enc_supply(st, cfg) <= 0:
            st[S_WINDOW] = w_old
            if lg:
                _log(log, E_NEW_HAND_FAIL, p, timing, I0, I0, I0, I0)
            return 0
        keep = 0
        if st[S_HAND_N + p] > 0 and HB_MOMENTS_ANY != 0 and ((st[S_HB_MOMS] >> (H_NEW_HAND - 40)) & 1) != 0:
            keep = _keeps_artifacts(st, cfg, p, log, lg)  # alien files' on_new_hand (the Vulch, CE.22.19)
        while st[S_HAND_N + p] > 0 and keep == 0:
            c = st[S_HAND + p * MAX_HAND + st[S_HAND_N + p] - 1]  # only artifacts (reinforcements, flares) are left
            if cfg[C_CARD_KIND + c] == K_REINF or cfg[C_CARD_KIND + c] == K_FLARE:  # CE.31.1 (A58): discarded
                _hand_remove(st, cfg, p, c)
                _discard(st, c)
                if lg:
                    _log(log, E_DISCARD, p, c, I1, I0, I0, I0)
                continue
            st[S_OPT] = NONE
            n = art_plays(st, cfg, p, timing, cfg[C_CARD_VAL + c], np.int64(1))
            choice = NONE
            if n > 1:
                st[S_NOPT] = n
                choice = _decide(st, cfg, p, D_NEW_HAND)
            if choice < 0:
                _hand_remove(st, cfg, p, c)
                if lg:
                    _log(log, E_DISCARD, p, c, I1, I0, I0, I0)
                artifact_discard(st, cfg, p, c, log, lg)
            else:
                play_artifact(st, cfg, p, choice, log, lg)
        got = I0
        for j in range(cfg[C_NEW_HAND]):
            c = _draw(st, cfg, log, lg)
            if c < 0:
                break
            _hand_add(st, cfg, p, c)
            got += 1
        if lg:
            _log(log, E_NEW_HAND, p, got, timing, st[S_HAND_ENC + p], I0, I0)
    st[S_WINDOW] = w_old
    return 1
