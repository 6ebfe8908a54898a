"""Cosmic kernel part: timing, the windows and triggers (CE.20).

The triggers of CE.20.3 (E.POWER with the Cosmic Zap: ``power_event``; E.ARTDISCARD:
``artifact_discard``; the priority-ordered first answer) and the windows of CE.20.1 (``window``:
the alien powers first, then the artifacts, in priority order, until everyone passes).

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
def _ask_power(st, cfg, p, pk, n):
    """D_POWER: seat p picks among n options already in st[S_OPT:] (option 0 = PASS)."""
    st[S_PK] = pk
    st[S_NOPT] = n
    return _decide(st, cfg, p, D_POWER)


@njit
def _first_answer(st, cfg, kind, param):
    """E.POWER / E.COMP (CE.20.3): the holders of artifact `kind` are asked once each in priority
    order (pass, or play it with `param`); the first to play settles the matter. Returns that
    seat, or -1. The caller sets st[S_WINDOW] to the trigger."""
    for i in range(cfg[C_NP]):
        q = _prio(st, cfg, i)
        if st[S_ART_CNT + q * N_ART + kind] > 0:
            st[S_OPT] = NONE
            st[S_OPT + 1] = art_code(kind, param)
            st[S_NOPT] = 2
            if _decide(st, cfg, q, D_ARTIFACT) >= 0:
                return q
    return NONE


@njit
def _zap(st, cfg, q, p, log, lg):
    """q's Cosmic Zap takes effect on p's power (CE.21.1); returns the used card (not yet placed)."""
    card = _take_artifact(st, cfg, q, ART_ZAP)
    st[S_N_ART] += 1
    st[S_ART_USED + ART_ZAP] += 1
    st[S_ZAPPED + p] = 1
    power_update(st, cfg, p, log, lg)
    if lg:
        _log(log, E_ARTIFACT, q, ART_ZAP, p, T_POWER, card, I0)
        _log(log, E_ZAP, p, q, I0, I0, I0, I0)
    return card


@njit
def _play_zap(st, cfg, q, p, log, lg):
    """q plays Cosmic Zap on p's power (CE.21.1). The used card is about to reach the discard pile;
    an alien file may take it (the Vulch, not q, not zapped), and that use is itself an E.POWER
    (CE.20.3) a second Zap may answer. The chain ends there: a zapped Vulch cannot collect the
    second card. (Written without recursion: numba kernels stay non-recursive.)"""
    card = _zap(st, cfg, q, p, log, lg)
    v, pk = _hb_artifact_taker(st, cfg, q, card, log, lg)
    if v >= 0:
        q2 = NONE
        if st[S_ART_KIND + ART_ZAP] > 0:
            pend = st[S_PEND_POWER]
            st[S_PEND_POWER] = v
            q2 = _first_answer(st, cfg, ART_ZAP, v)
            st[S_PEND_POWER] = pend
        if q2 >= 0:
            _discard(st, _zap(st, cfg, q2, v, log, lg))
        else:
            _takes_artifact(st, cfg, v, pk, card, q, log, lg)
            return
    _discard(st, card)


@njit
def _takes_artifact(st, cfg, v, pk, c, owner, log, lg):
    """v's power takes artifact c (a use no Zap may answer here: counted and logged as an E.POWER)."""
    st[S_POWER_USES + v] += 1
    if lg:
        _log(log, E_ALIEN, v, st[S_ALIEN + v], pk, c, owner, I0)
    _hand_add(st, cfg, v, c)


@njit
def collect_or_discard(st, cfg, owner, c, log, lg):
    """E.ARTDISCARD at the end of a Zap chain: an alien file may take c (the Vulch), a use not
    open to a Zap."""
    v, pk = _hb_artifact_taker(st, cfg, owner, c, log, lg)
    if v >= 0:
        _takes_artifact(st, cfg, v, pk, c, owner, log, lg)
    else:
        _discard(st, c)


@njit
def power_event(st, cfg, p, what, log, lg):
    """E.POWER (CE.20.3, CE.21.1): seat p's power is about to take effect (an optional use or an
    automatic effect). Cosmic Zap holders are asked in priority order; the first Zap settles it.
    Returns 1 if the power takes effect (counted and logged), 0 if it is off or was zapped (p's
    power is then off until the end of the encounter)."""
    if st[S_POWER + p] == 0:
        return 0
    if st[S_ART_KIND + ART_ZAP] > 0 and (what < FX_SHIP_WEIGHT or cfg[C_EDITION] == ED_AH2000):  # CE.43.3
        w_old = st[S_WINDOW]
        st[S_WINDOW] = T_POWER
        st[S_PEND_POWER] = p
        q = _first_answer(st, cfg, ART_ZAP, p)
        if q >= 0 and cfg[C_EDITION] == ED_FFG2008 and ffg_zap_cancelled(st, cfg, q, p, log, lg) == 1:
            q = NONE  # a Card Zap cancelled the Cosmic Zap: the power takes effect
        if q >= 0:
            _play_zap(st, cfg, q, p, log, lg)
        st[S_WINDOW] = w_old
        if q >= 0:
            return 0
    st[S_POWER_USES + p] += 1
    if lg:
        _log(log, E_ALIEN, p, st[S_ALIEN + p], what, st[S_PK_ARG], st[S_PK_ARG2], I0)
    return 1


@njit
def artifact_discard(st, cfg, owner, c, log, lg):
    """E.ARTDISCARD (CE.20.3): owner's artifact is about to reach the discard pile; an alien file
    may collect it (the Vulch, CE.22.19, another player's), card by card."""
    v, pk = _hb_artifact_taker(st, cfg, owner, c, log, lg)
    if v >= 0 and power_event(st, cfg, v, pk, log, lg) == 1:
        _hand_add(st, cfg, v, c)
        return
    _discard(st, c)


@njit(inline="always")
def _power_can_act(st, p, w):
    """p's alien power has an optional use in window w (CE.22 timings; conditions checked later).
    Reads the per-seat window mask _alien_windows built at setup."""
    if st[S_POWER + p] == 0:
        return 0
    return (st[S_PWIN + p] >> w) & 1


@njit
def _alien_windows(a):
    """Bit mask of the windows in which alien a has an optional use (CE.22 timings)."""
    m = np.int64(0)
    for w in range(T_NEWHAND_DEF + 1):
        if _alien_window(a, w) == 1:
            m |= np.int64(1) << w
    return m


@njit
def _alien_window(a, w):
    """1 if alien a (-1: none) has an optional use in window w."""
    if a < 0:
        return 0
    return (hb_windows(a) >> w) & 1


@njit
def _artifact_turn(st, cfg, w, p, log, lg):
    """p's turn in a window's priority loop: pass (0) or play one artifact (1)."""
    st[S_OPT] = NONE
    n = I1
    for kind in range(N_ART):
        if st[S_ART_CNT + p * N_ART + kind] > 0:
            n = art_plays(st, cfg, p, w, np.int64(kind), n)
    if n == 1:
        return 0
    st[S_NOPT] = n
    code = _decide(st, cfg, p, D_ARTIFACT)
    if code < 0:
        return 0
    play_artifact(st, cfg, p, code, log, lg)
    return 1


@njit
def _window_live(st, cfg, w):
    """0 when nobody can act in window w: no alien, and no artifact in any hand playable there
    (Cosmic Zap and Stellar Gas answer triggers only). A cheap test run before the priority loop."""
    if st[S_ART_KIND + ART_PLAGUE] > 0:
        return 1
    if st[S_ANY_ALIEN] == 1:
        for p in range(cfg[C_NP]):
            if _power_can_act(st, p, w) == 1:
                return 1
    if (w == W_E0 or w == W_1) and st[S_ART_CNT + st[S_OFF] * N_ART + ART_MOBIUS] > 0:
        return 1
    if (w == W_7 or w == W_8) and st[S_ART_KIND + ART_FORCE_FIELD] > 0 and _ally_mask(st, cfg) != 0:
        return 1
    if w == W_9 and st[S_ART_KIND + ART_EMOTION] > 0 and st[S_EMOTION] == 0:
        return 1
    return 0


@njit(inline="always")
def _art_can_act(st, p, w):
    """p holds an artifact whose timing includes window w (its legality is checked by art_plays)."""
    b = S_ART_CNT + p * N_ART
    if st[b + ART_PLAGUE] > 0:
        return 1
    if (w == W_E0 or w == W_1) and st[b + ART_MOBIUS] > 0 and p == st[S_OFF]:
        return 1
    if (w == W_7 or w == W_8) and st[b + ART_FORCE_FIELD] > 0:
        return 1
    if w == W_9 and st[b + ART_EMOTION] > 0:
        return 1
    return 0


@njit
def _live_mask(st, cfg, w):
    """Seats that might act in window w: an alien power (CE.22 hooks) or a playable artifact."""
    m = 0
    for p in range(cfg[C_NP]):
        if (st[S_ANY_ALIEN] == 1 and _power_can_act(st, p, w) == 1) or _art_can_act(st, p, w) == 1:
            m |= 1 << p
    return m


@njit
def window(st, cfg, w, log, lg):
    """A timing window (CE.20.1) with the priority loop of CE.20.2: players are asked in priority
    order, each passes or takes one action (an alien power's optional use, or one artifact); the
    window closes when every player has passed in a row since the last action."""
    if st[S_DONE] == 1:
        return
    st[S_WINDOW] = w
    if _window_live(st, cfg, w) == 0:
        return
    N = cfg[C_NP]
    st[S_WONCE] = 0
    # Players who cannot act can only pass, so the loop visits just those who can; it closes when
    # each of them has passed since the last action (exactly the CE.20.2 rule).
    live = _live_mask(st, cfg, w)
    passed = 0
    i = I0
    while (live & ~passed) != 0:
        p = _prio(st, cfg, i)
        if (live >> p) & 1:
            acted = 0
            if st[S_ANY_ALIEN] == 1 and _power_can_act(st, p, w) == 1:
                acted = power_window(st, cfg, w, p, log, lg)
                if acted == 2 or st[S_DONE] == 1:
                    return
            if acted == 0 and _art_can_act(st, p, w) == 1:
                acted = _artifact_turn(st, cfg, w, p, log, lg)
            if acted == 1:
                if w <= W_7 and st[S_HAND_ENC + st[S_OFF]] == 0 and cfg[C_EDITION] == ED_AH2000:
                    return  # CE.17.3: the offense ran out of encounter cards: its turn ends at once
                passed = 0
                live = _live_mask(st, cfg, w)
            else:
                passed |= 1 << p
        i += 1
        if i == N:
            i = 0
