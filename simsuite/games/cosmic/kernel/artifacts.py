"""Cosmic kernel part: artifacts (CE.21).

Which artifacts a seat may play where, and their effects: Plague, Mobius Tubes, Force Field,
Emotion Control, Quash, Ionic Gas, Cosmic Zap (the last two through their triggers).

A part of the Cosmic kernel (see core.py): simsuite.engine.codegen pastes the parts that
``Cosmic.kernel_files`` (game.py) lists, in that order, into one module; names used here and
defined in no import below come from the other parts. Only the code below the marker line is pasted.
"""
import numpy as np
from numba import njit

from simsuite.engine.kernel_common import log_event as _log
from simsuite.games.cosmic.api import *
from simsuite.games.cosmic.records import *

# ---- kernel part body: simsuite.engine.codegen pastes what follows (this header is for a reader) ----


@njit
def _ally_mask(st, cfg):
    m = 0
    for q in range(cfg[C_NP]):
        if st[S_ALLY + q] != 0:
            m |= 1 << q
    return m


@njit
def art_plays(st, cfg, p, w, kind, n):
    """Append to the options the legal plays of artifact `kind` by p at window/trigger w
    (CE.21, windows CE.20.1; new-hand timing A19/A28, see game notes). Returns the new count."""
    N = cfg[C_NP]
    if kind == ART_PLAGUE:  # CE.21.4: any window (not a new hand, A24), any victim (itself included, A26)
        if w <= W_10:
            for v in range(N):
                st[S_OPT + n] = art_code(kind, v)
                n += 1
    elif kind == ART_MOBIUS:  # CE.21.3: the offense, W-E0 / W-1 / its start-of-turn new hand (A28)
        if (w == W_E0 or w == W_1 or w == T_NEWHAND_TURN) and p == st[S_OFF]:
            st[S_OPT + n] = art_code(kind, I0)
            n += 1
    elif kind == ART_FORCE_FIELD:  # CE.21.2: W-7 / W-8, a non-empty set of current allies
        if w == W_7 or w == W_8:
            m = _ally_mask(st, cfg)
            if m != 0:
                for s in range(1, m + 1):
                    if (s & ~m) == 0:
                        st[S_OPT + n] = art_code(kind, s)
                        n += 1
    elif kind == ART_EMOTION:  # CE.21.6: W-9 with at least one revealed attack card
        if w == W_9 and st[S_REVEALED] == 1 and (_side_attack(st, cfg, SIDE_OFFENSE) == 1
                                                  or _side_attack(st, cfg, SIDE_DEFENSE) == 1):
            st[S_OPT + n] = art_code(kind, I0)
            n += 1
    elif kind == ART_ZAP:  # CE.21.1: only on E.POWER
        if w == T_POWER:
            st[S_OPT + n] = art_code(kind, st[S_PEND_POWER])
            n += 1
    elif kind == ART_GAS:  # CE.21.5: only on E.COMP
        if w == T_COMP:
            st[S_OPT + n] = art_code(kind, st[S_CLAIMANT])
            n += 1
    return n


@njit
def _plague(st, cfg, v, log, lg):
    """CE.21.4 / A26: v loses 3 ships from its colonies (its choice; all if fewer) to the warp, then
    discards one attack, one negotiate and one artifact card of its choice (a missing kind is
    skipped). The defense's ships on the target planet are in the encounter, not on a colony it can
    give up, from step 4 until the outcome (CE.7.2, CE.70.11)."""
    excl = NONE
    if v == st[S_DEF] and st[S_TARGET] >= 0 and st[S_RESULT] == R_NONE:
        excl = st[S_TARGET]
    avail = st[S_ONPL + v]
    if excl >= 0:
        avail -= st[S_PS + v * MAX_PLANETS + excl]
    k = avail if avail < 3 else 3
    if k > 0:
        st[S_QUIET] = 1
        got = take_ships(st, cfg, v, D_PLAGUE_SHIPS, k, k, excl, I0, log, lg)
        # redirected / healed: not back onto the planets they left, nor onto the frozen target
        # (CE.22.7, CE.22.20, CE.7.2)
        loss_event(st, cfg, v, got, st[S_TAKEN_FROM] | _pbit(excl), NONE, log, lg)
    for kind in range(3):
        n = _card_options(st, cfg, v, np.int64(kind))
        if n == 0:
            continue
        st[S_NOPT] = n
        c = _decide(st, cfg, v, D_PLAGUE_DISCARD)
        _hand_remove(st, cfg, v, c)
        if lg:
            _log(log, E_DISCARD, v, c, I0, I0, I0, I0)
        if kind == K_ARTIFACT:
            artifact_discard(st, cfg, v, c, log, lg)
        else:
            _discard(st, c)


@njit
def _mobius(st, cfg, log, lg):
    """CE.21.3: every player with a colony moves all its warp ships onto its colonies."""
    for i in range(cfg[C_NP]):
        q = _prio(st, cfg, i)
        k = st[S_WARP + q]
        if k > 0 and st[S_ONPL + q] > 0:
            st[S_WARP + q] = 0
            place_ships(st, cfg, q, k, I0, CTX_MOBIUS, log, lg)


@njit
def _force_field(st, cfg, mask, log, lg):
    """CE.21.2: the named allies' ships go home (return rule; under AH2000 defensive allies not onto
    the target planet, A12); they stop being allies and cannot join again this encounter."""
    N = cfg[C_NP]
    o = st[S_OFF]
    xm = _pbit(st[S_TARGET]) if cfg[C_EDITION] == ED_AH2000 else I0
    for s in range(1, N):
        q = _cw(o, s, N)
        if (mask >> q) & 1:
            k = st[S_WING + q]
            if k > 0:
                st[S_WING + q] = 0
                place_ships(st, cfg, q, k, I0, CTX_FORCE_FIELD, log, lg)
            k = st[S_CARRIER + q]
            if k > 0:
                st[S_CARRIER + q] = 0
                place_ships(st, cfg, q, k, xm, CTX_FORCE_FIELD, log, lg)
            st[S_ALLY + q] = 0
            st[S_FF_OUT] |= 1 << q


@njit
def play_artifact(st, cfg, p, code, log, lg):
    """p plays one artifact (code = art_code(kind, param)): it resolves at once, then goes to the
    discard pile (CE.21.0). Returns 1, or 0 when a Card Zap cancelled it (FFG2008)."""
    kind = code // 64
    param = code % 64
    card = _take_artifact(st, cfg, p, kind)
    st[S_N_ART] += 1
    st[S_ART_USED + kind] += 1
    if lg:
        _log(log, E_ARTIFACT, p, kind, param, st[S_WINDOW], card, I0)
    if cfg[C_EDITION] == ED_FFG2008 and ffg_card_zap(st, cfg, p, kind, param, log, lg) == 1:
        artifact_discard(st, cfg, p, card, log, lg)
        return 0
    if kind == ART_PLAGUE:
        _plague(st, cfg, param, log, lg)
    elif kind == ART_MOBIUS:
        _mobius(st, cfg, log, lg)
    elif kind == ART_FORCE_FIELD:
        _force_field(st, cfg, param, log, lg)
    elif kind == ART_EMOTION:
        st[S_EMOTION] = 1
    # ART_ZAP is played only through power_event (_play_zap); ART_GAS, ART_IONIC, ART_QUASH: the caller acts
    artifact_discard(st, cfg, p, card, log, lg)
    return 1
