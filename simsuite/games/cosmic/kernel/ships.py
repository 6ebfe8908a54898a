"""Cosmic kernel part: ships, colonies, victory and the alien power (CE.16, CE.18, CE.19).

Ship moves with the power update they cause (CE.19), the victory check (CE.18), losing ships
through the E.LOSS trigger (CE.20.3: Zombie, Healer), taking ships from colonies as sources
(CE.50) and placing them (CE.16, CE.50.15).

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
def power_update(st, cfg, p, log, lg):
    """CE.19.1 / CE.70.5: the power is on exactly when p has >= the threshold of home colonies and
    is not zapped this encounter. Checked after every change of p's home colonies."""
    on = 1 if (st[S_HOME + p] >= cfg[C_POWER_HOME] and st[S_ZAPPED + p] == 0) else 0
    if on != st[S_POWER + p]:
        st[S_POWER + p] = on
        if on == 0 and st[S_ZAPPED + p] == 0:
            st[S_N_POWER_OFF] += 1
        if lg:
            _log(log, E_POWER, p, on, st[S_HOME + p], st[S_ZAPPED + p], I0, I0)


@njit
def ships_add(st, cfg, p, pl, d, log, lg):
    """Put d ships of p on planet pl (d < 0 takes them off). Keeps the colony caches: the colony
    exists exactly while p has a ship there (CE.16.1, CE.70.4); power check (CE.19)."""
    i = S_PS + p * MAX_PLANETS + pl
    before = st[i]
    after = before + d
    st[i] = after
    st[S_ONPL + p] += d
    if before == 0 and after > 0:
        st[S_CMASK + p] |= np.int64(1) << pl
        if pl // PPS_MAX == p:
            st[S_HOME + p] += 1
            power_update(st, cfg, p, log, lg)
        else:
            st[S_FOREIGN + p] += 1
    elif before > 0 and after == 0:
        st[S_CMASK + p] &= ~(np.int64(1) << pl)
        if pl // PPS_MAX == p:
            st[S_HOME + p] -= 1
            if st[S_QUIET] == 0:  # ships about to be lost: checked after the loss event
                power_update(st, cfg, p, log, lg)
        else:
            st[S_FOREIGN + p] -= 1


@njit
def check_victory(st, cfg, log, lg):
    """CE.18: every player with >= win_colonies foreign colonies at this moment wins; the game ends."""
    m = 0
    k = 0
    for p in range(cfg[C_NP]):
        if st[S_FOREIGN + p] >= cfg[C_WIN_COLONIES]:
            m |= 1 << p
            k += 1
    if m != 0:
        st[S_WINNERS] = m
        st[S_DONE] = 1
        if lg:
            _log(log, E_WIN, np.int64(m), np.int64(k), I0, I0, I0, I0)
        return 1
    return 0


@njit
def _loss(st, cfg, p, k, xm, barred, log, lg):
    """E.LOSS (CE.20.6): k ships of p (already taken from their zone; `xm` = the planets they came
    from, a bit mask) are about to go to the warp. The alien files' on_loss, the owner's first
    (CE.20.6: the Zombie for its own ships, CE.22.20), then the others' (the Healer for another
    player's, CE.22.7; never `barred`, the negotiator owed compensation for this loss, nor a player
    with no colony to receive them). Returns the ships that reached the warp."""
    if k <= 0:
        return 0
    if st[S_ANY_ALIEN] == 1:
        if HB_MOMENTS_ANY != 0 and ((st[S_HB_MOMS] >> (H_LOSS - 40)) & 1) != 0:  # alien files' on_loss (alien_api.py)
            st[S_HB_ARG] = p
            st[S_HB_ARG + 1] = k
            st[S_HB_ARG + 2] = xm
            st[S_HB_ARG + 3] = barred
            if hb_moment(st, cfg, H_LOSS, log, lg) != 0:
                return 0
    st[S_WARP + p] += k
    if lg:
        _log(log, E_LOSS, p, k, st[S_WARP + p], I0, I0, I0)
    return k


@njit(inline="always")
def _end_quiet(st, cfg, p, log, lg):
    """Close a step begun with st[S_QUIET] = 1 (ships_add left p's power check for later): the
    check runs now, once, for the whole step (CE.19.1)."""
    if st[S_QUIET] == 1:
        st[S_QUIET] = 0
        power_update(st, cfg, p, log, lg)


@njit
def loss_event(st, cfg, p, k, xm, barred, log, lg):
    """E.LOSS as _loss. A caller that took the ships off their planets with st[S_QUIET] = 1 (so
    the ships still count for p's power while the Zombie decides, CE.20.6 / CE.19.1) gets p's
    power checked here, after the event."""
    r = _loss(st, cfg, p, k, xm, barred, log, lg)
    _end_quiet(st, cfg, p, log, lg)
    return r


@njit
def take_ships(st, cfg, p, kind, kmin, kmax, excl, ms_ok, log, lg):
    """A "sources" choice (CE.50) in chunks: decision `kind`, options src_code(pl, k) = k ships (1..4)
    from p's colony pl (not `excl`), from the mothership's centre row if ms_ok (RESETTLE), and
    -1 = stop once kmin are taken. The ships leave their planets at once (CE.6.3, CE.16.1).
    Returns the number taken."""
    st[S_CTX] = kind
    st[S_CTX_N] = 0
    st[S_CTX_MIN] = kmin
    st[S_CTX_MAX] = kmax
    st[S_TAKEN_FROM] = 0
    xm = _pbit(excl)
    taken = 0
    while taken < kmax:
        n = I0
        if taken >= kmin:
            st[S_OPT] = NONE
            n = I1
        room = kmax - taken
        if room > MAX_CHUNK:
            room = MAX_CHUNK
        n = _chunk_options(st, p, xm, room, I1, n)
        if ms_ok == 1 and st[S_CENTRE] > 0 and st[S_OFF] == p:
            m = st[S_CENTRE] if st[S_CENTRE] < room else room
            for c in range(1, m + 1):
                st[S_OPT + n] = OPT_MOTHERSHIP * SRC_SHIFT + c
                n += 1
        if n == 0 or (n == 1 and taken >= kmin):
            break
        if kmin == kmax and n == room and st[S_OPT] // SRC_SHIFT == st[S_OPT + n - 1] // SRC_SHIFT:
            code = st[S_OPT + n - 1]  # one source and an exact count: the whole chunk, no choice
        else:
            st[S_NOPT] = n
            code = _decide(st, cfg, p, kind)
        if code < 0:
            break
        src = code // SRC_SHIFT
        c = code % SRC_SHIFT
        if src == OPT_MOTHERSHIP:
            st[S_CENTRE] -= c
        else:
            ships_add(st, cfg, p, src, -c, log, lg)
            st[S_TAKEN_FROM] |= np.int64(1) << src
        taken += c
        st[S_CTX_N] = taken
        if lg:
            _log(log, E_SHIP_FROM, p, src, kind, c, I0, I0)
    return taken


@njit
def place_ships(st, cfg, p, k, xm, ctx, log, lg):
    """Return rule (CE.0.8, CE.50.15): put k ships of p on its colonies as it chooses (never on a
    planet in mask xm), a chunk of 1..4 ships per decision; with no permitted colony they go to
    the warp (CE.16.3)."""
    st[S_CTX] = ctx
    left = k
    while left > 0:
        st[S_CTX_N] = left
        room = left if left < MAX_CHUNK else MAX_CHUNK
        n = _chunk_options(st, p, xm, room, I0, I0)
        if n == 0:
            st[S_WARP + p] += left
            if lg:
                _log(log, E_NO_COLONY, p, left, ctx, I0, I0, I0)
            return
        if n == room:  # a single permitted colony: every ship goes there, nothing to decide
            pl = st[S_OPT] // SRC_SHIFT
            c = left
        else:
            st[S_NOPT] = n
            code = _decide(st, cfg, p, D_PLACE)
            pl = code // SRC_SHIFT
            c = code % SRC_SHIFT
        ships_add(st, cfg, p, pl, c, log, lg)
        left -= c
        if lg:
            _log(log, E_PLACE, p, pl, ctx, c, I0, I0)


@njit
def _has_colony_except(st, cfg, p, xm):
    return 1 if _colonies(st, p, xm) != 0 else 0
