"""Cosmic kernel part: outcomes, compensation and rewards (CE.10-CE.14).

Totals (CE.10; Macron, Anti-Matter, Virus), the consequences of a win (CE.11), compensation
(CE.12), defensive rewards (CE.14) and step 10 as a whole (``outcome``: Pacifist, the deal or
its failure, the discards with Clone and Filch).

A part of the Cosmic kernel (see core.py): simsuite.engine.codegen pastes the parts that
``Cosmic.kernel_files`` (game.py) lists, in that order, into one module; names used here and
defined in no import below come from the other parts. Only the code below the marker line is pasted.
"""
from numba import njit

from simsuite.engine.kernel_common import log_event as _log
from simsuite.engine.rng import below
from simsuite.games.cosmic.api import *
from simsuite.games.cosmic.records import *

# ---- kernel part body: simsuite.engine.codegen pastes what follows (this header is for a reader) ----


@njit
def side_totals(st, cfg, log, lg):
    """CE.10.2-CE.10.3 A/A totals into st[S_TOT + 0..6] = v_O, S_O, T_O, v_D, S_D, T_D, lower_wins.
    E.POWER moments (CE.21.1): each power with ships in the encounter that weigh more (its file's
    SHIP_WEIGHT, in priority order: the Macron's 4, CE.22.9), then the files' on_count (an
    Anti-Matter main player: allies subtract on both sides, the lower total wins, CE.22.2
    revision 2, hb_invert_totals) and on_totals (a Virus main player: T = v x S, CE.22.18; CE.23.7);
    a zapped power leaves the plain rule T = v + S. The arithmetic is ``api.aa_totals``, which the strategies call too."""
    o = st[S_OFF]
    d = st[S_DEF]
    vo = _val_of(st, cfg, st[S_CARD_O], SIDE_OFFENSE)
    vd = _val_of(st, cfg, st[S_CARD_D], SIDE_DEFENSE)
    if st[S_WEIGHTED] != 0:
        for i in range(cfg[C_NP]):
            m = _prio(st, cfg, i)
            if ((st[S_WEIGHTED] >> m) & 1) == 0 or st[S_POWER + m] != 1:
                continue
            inv = st[S_WING + m] + st[S_CARRIER + m]
            if m == o:
                inv += st[S_CENTRE]
            elif m == d:
                inv += st[S_PS + d * MAX_PLANETS + st[S_TARGET]]
            if inv > 0:
                power_event(st, cfg, m, FX_SHIP_WEIGHT, log, lg)  # zapped: its power is off, weight 1
    so = offense_strength(st, cfg)
    sd = defense_strength(st, cfg)
    st[S_INVERT] = 0
    if HB_MOMENTS_ANY != 0 and ((st[S_HB_MOMS] >> (H_COUNT - 40)) & 1) != 0:  # alien files' on_count
        hb_moment(st, cfg, H_COUNT, log, lg)
    to, td, lower = aa_totals(st, cfg, vo, vd, st[S_INVERT], I0)  # the Virus multiplies in its file's on_totals
    st[S_TOT] = vo
    st[S_TOT + 1] = so
    st[S_TOT + 2] = to
    st[S_TOT + 3] = vd
    st[S_TOT + 4] = sd
    st[S_TOT + 5] = td
    st[S_TOT + 6] = lower
    if HB_MOMENTS_ANY != 0 and ((st[S_HB_MOMS] >> (H_TOTALS - 40)) & 1) != 0:  # alien files' on_totals (alien_api.py)
        hb_moment(st, cfg, H_TOTALS, log, lg)
    if cfg[C_EDITION] == ED_FFG2008:  # CE.39.1: reinforcements after the alien modifiers
        st[S_TOT + 2] += st[S_REINF] + st[S_FLARE_TOT]  # add_total flares (CE.45): as reinforcements
        st[S_TOT + 5] += st[S_REINF + 1] + st[S_FLARE_TOT + 1]


@njit
def _offense_win(st, cfg, barred, log, lg):
    """CE.11.1. Returns the defense's own ships lost (for compensation, CE.12.2: those that reached
    the warp, or all of them with ah_compensation_counts_redirected, A15). `barred`: the seat the
    Healer may not heal (the negotiator owed compensation, CE.22.7)."""
    N = cfg[C_NP]
    o = st[S_OFF]
    d = st[S_DEF]
    t = st[S_TARGET]
    st[S_RESULT] = R_OFFENSE_WIN
    lost = 0
    k = st[S_PS + d * MAX_PLANETS + t]
    if k > 0:
        st[S_QUIET] = 1  # they are still the defense's while the Zombie decides (CE.20.6)
        ships_add(st, cfg, d, t, -k, log, lg)
        lost = loss_event(st, cfg, d, k, _pbit(t), barred, log, lg)
        if cfg[C_COMP_REDIRECTED] == 1:
            lost = k
    for s in range(1, N):
        q = _cw(o, s, N)
        k = st[S_CARRIER + q]
        if k > 0:
            st[S_CARRIER + q] = 0
            loss_event(st, cfg, q, k, _pbit(t), NONE, log, lg)  # healed / redirected: not onto the target (A12)
    k = st[S_CENTRE]
    if k > 0:
        st[S_CENTRE] = 0
        ships_add(st, cfg, o, t, k, log, lg)
        if lg:
            _log(log, E_LAND, o, t, k, I0, I0, I0)
    for s in range(1, N):
        q = _cw(o, s, N)
        k = st[S_WING + q]
        if k > 0:
            st[S_WING + q] = 0
            ships_add(st, cfg, q, t, k, log, lg)
            if lg:
                _log(log, E_LAND, q, t, k, I0, I0, I0)
    check_victory(st, cfg, log, lg)  # CE.11.3 / CE.18
    return lost


@njit
def rewards(st, cfg, q, r, log, lg):
    """CE.14: r rewards, each a card from the deck or one warp ship onto a colony (not the target
    planet, A12)."""
    t = st[S_TARGET] if cfg[C_EDITION] == ED_AH2000 else NONE  # the ban is AH2000's only (A12)
    for j in range(r):
        st[S_OPT] = NONE
        n = 1
        if st[S_WARP + q] > 0:
            n = _colony_options(st, q, t, n)
        st[S_NOPT] = n
        ch = _decide(st, cfg, q, D_REWARD)
        if ch < 0:
            c = _draw(st, cfg, log, lg)
            if c >= 0:
                _hand_add(st, cfg, q, c)
                st[S_N_REWARD_CARDS] += 1
        else:
            st[S_WARP + q] -= 1
            ships_add(st, cfg, q, ch, I1, log, lg)
            st[S_N_REWARD_SHIPS] += 1
        if lg:
            _log(log, E_REWARD, q, ch, I0, I0, I0, I0)


@njit
def _defense_win(st, cfg, barred, log, lg):
    """CE.11.2 (with rewards, CE.14). Returns the offense's own ships lost (as _offense_win)."""
    N = cfg[C_NP]
    o = st[S_OFF]
    t = st[S_TARGET]
    st[S_RESULT] = R_DEFENSE_WIN
    lost = 0
    k = st[S_CENTRE]
    if k > 0:
        st[S_CENTRE] = 0
        lost = loss_event(st, cfg, o, k, I0, barred, log, lg)
        if cfg[C_COMP_REDIRECTED] == 1:
            lost = k
    for s in range(1, N):
        q = _cw(o, s, N)
        k = st[S_WING + q]
        if k > 0:
            st[S_WING + q] = 0
            loss_event(st, cfg, q, k, I0, NONE, log, lg)
    for s in range(1, N):  # defensive allies go home, never onto the target planet (A12)
        q = _cw(o, s, N)
        k = st[S_CARRIER + q]
        if k > 0:
            st[S_CARRIER + q] = 0
            st[S_RWD + q] = k
            place_ships(st, cfg, q, k, _pbit(t) if cfg[C_EDITION] == ED_AH2000 else I0, CTX_RETURN, log, lg)
    ionic = 0
    if cfg[C_EDITION] == ED_FFG2008:  # Ionic Gas (data.md) before the rewards, when some are owed
        owed = 0
        for q in range(N):
            owed += st[S_RWD + q]
        if owed > 0:
            ionic = st[S_IONIC] if st[S_IONIC] == 1 else ffg_answer(st, cfg, ART_IONIC, I0, log, lg)
            st[S_IONIC] = ionic
    for s in range(1, N):  # CE.14.4: clockwise from the offense's left
        q = _cw(o, s, N)
        k = st[S_RWD + q]
        if k > 0:
            st[S_RWD + q] = 0
            if ionic == 0:
                rewards(st, cfg, q, k, log, lg)
    return lost


@njit
def compensation(st, cfg, claimant, opp, n, log, lg):
    """CE.12.2-CE.12.4: E.COMP (Stellar Gas may cancel, CE.21.5), then min(n, opp's hand) random
    cards from opp's hand to the claimant, one at a time."""
    if n <= 0:
        return
    st[S_CLAIMANT] = claimant
    st[S_CLAIM_N] = n
    if cfg[C_EDITION] == ED_FFG2008:  # Ionic Gas (data.md) cancels every compensation of the encounter
        if st[S_IONIC] == 0:
            st[S_IONIC] = ffg_answer(st, cfg, ART_IONIC, claimant, log, lg)
        if st[S_IONIC] == 1:
            return
    if st[S_ART_KIND + ART_GAS] > 0:
        w_old = st[S_WINDOW]
        st[S_WINDOW] = T_COMP
        q = _first_answer(st, cfg, ART_GAS, claimant)
        if q >= 0 and play_artifact(st, cfg, q, art_code(ART_GAS, claimant), log, lg) == 0:
            q = NONE  # cancelled by a Card Zap (FFG2008)
        if q >= 0:
            if lg:
                _log(log, E_GAS, q, claimant, n, I0, I0, I0)
        st[S_WINDOW] = w_old
        if q >= 0:
            return
    got = 0
    while got < n and st[S_HAND_N + opp] > 0:
        i = below(st, S_RNG, st[S_HAND_N + opp])
        c = _hand_take(st, cfg, opp, i)
        _hand_add(st, cfg, claimant, c)
        got += 1
    st[S_N_COMP] += got
    if lg:
        _log(log, E_COMP, claimant, opp, n, got, I0, I0)


@njit
def _side_attack(st, cfg, side):
    """1 if side's revealed card counts as an attack card: not after Emotion Control (CE.21.6) nor
    when the Empath turned it into a negotiate (CE.22.5)."""
    c = st[S_CARD_O] if side == SIDE_OFFENSE else st[S_CARD_D]
    if c < 0 or _kind_of(st, cfg, c, side) != K_ATTACK or st[S_EMOTION] == 1:
        return 0
    return 0 if ((st[S_NEG_SIDE] >> (side - 1)) & 1) == 1 else 1


@njit
def _discard_played(st, cfg, log, lg):
    """CE.9.4: both encounter cards go to the discard pile, unless a Clone keeps its own (CE.22.4,
    decided first, CE.23.3: its file's hb_keep_card at on_outcome, just before this)."""
    keep = st[S_HB_KEEP]
    st[S_HB_KEEP] = NONE
    st[S_LAST_CO] = st[S_CARD_O]
    st[S_LAST_CD] = st[S_CARD_D]
    if keep == st[S_OFF]:
        _hand_add(st, cfg, keep, st[S_CARD_O])
        st[S_LAST_CO] = NONE
    else:
        _discard(st, st[S_CARD_O])
    if keep >= 0 and keep == st[S_DEF]:
        _hand_add(st, cfg, keep, st[S_CARD_D])
        st[S_LAST_CD] = NONE
    else:
        _discard(st, st[S_CARD_D])
    st[S_CARD_O] = -1
    st[S_CARD_D] = -1


@njit
def outcome(st, cfg, log, lg):
    """CE.10-CE.14 step 10 (the cards are face up). Returns the result."""
    o = st[S_OFF]
    d = st[S_DEF]
    st[S_STEP] = 10
    st[S_TOOK] = st[S_CENTRE]  # A57: the ships that took part, before any of them moves
    st[S_TOOK + 1] = st[S_PS + d * MAX_PLANETS + st[S_TARGET]]
    ao = _side_attack(st, cfg, SIDE_OFFENSE)
    ad = _side_attack(st, cfg, SIDE_DEFENSE)
    pac = 0
    if HB_MOMENTS_ANY != 0 and ((st[S_HB_MOMS] >> (H_RESOLVE - 40)) & 1) != 0:  # alien files' on_resolve
        pac = hb_moment(st, cfg, H_RESOLVE, log, lg)
    if pac == SIDE_OFFENSE:  # CE.22.13: the Pacifist wins; nobody negotiated a loss, no compensation
        _offense_win(st, cfg, NONE, log, lg)
    elif pac == SIDE_DEFENSE:
        _defense_win(st, cfg, NONE, log, lg)
    elif ao == 1 and ad == 1:
        side_totals(st, cfg, log, lg)
        if lg:
            _log(log, E_TOTALS, st[S_TOT], st[S_TOT + 1], st[S_TOT + 2], st[S_TOT + 3], st[S_TOT + 4],
                 st[S_TOT + 5])
        if aa_offense_wins(st[S_TOT + 2], st[S_TOT + 5], st[S_TOT + 6]):  # CE.10.4, CE.22.2
            _offense_win(st, cfg, NONE, log, lg)
        else:
            _defense_win(st, cfg, NONE, log, lg)
    elif ao == 1:  # CE.12: the defense negotiated and loses, then claims compensation
        lost = _offense_win(st, cfg, d, log, lg)
        if cfg[C_EDITION] == ED_FFG2008:
            lost = st[S_TOOK + 1]
        if st[S_DONE] == 0:
            compensation(st, cfg, d, o, lost, log, lg)
    elif ad == 1:  # the offense negotiated
        lost = _defense_win(st, cfg, o, log, lg)
        if cfg[C_EDITION] == ED_FFG2008:
            lost = st[S_TOOK]
        compensation(st, cfg, o, d, lost, log, lg)
    else:
        _deal_outcome(st, cfg, log, lg)
    if HB_MOMENTS_ANY != 0 and ((st[S_HB_MOMS] >> (H_OUTCOME - 40)) & 1) != 0 and st[S_DONE] == 0:  # alien files' on_outcome
        hb_moment(st, cfg, H_OUTCOME, log, lg)
    if st[S_DONE] == 0:  # CE.9.4
        _discard_played(st, cfg, log, lg)
    return st[S_RESULT]
