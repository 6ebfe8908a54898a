"""Cosmic kernel part: the encounter and the turn (CE.3, CE.15), and the whole game.

An encounter's steps in order, the early ends (CE.6.4, CE.17.3, CE.17.5), the second encounter
and the end of a turn (CE.15), ``play_game`` (setup, turns until a victory or the turn limit,
A63) and ``score_game`` (the record row, records.py).

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
def early_end(st, cfg, reason, log, lg):
    """CE.17.3 / CE.17.5 / CE.6.4: the encounter stops with NO_RESULT; the mothership's and the
    allies' ships return to their owners' colonies (return rule), carriers go home."""
    o = st[S_OFF]
    k = st[S_CENTRE]
    if k > 0:
        st[S_CENTRE] = 0
        place_ships(st, cfg, o, k, I0, CTX_EARLY_END, log, lg)
    _allies_home(st, cfg, log, lg)
    st[S_RESULT] = R_NO_RESULT
    if lg:
        _log(log, E_EARLY_END, o, reason, I0, I0, I0, I0)
    return R_NO_RESULT


@njit(inline="always")
def _offense_out(st, cfg):
    """CE.17.3 (AH2000: at every moment); FFG2008 checks only at the planning phase (CE.36.3)."""
    return st[S_HAND_ENC + st[S_OFF]] == 0 and cfg[C_EDITION] == ED_AH2000


@njit(inline="always")  # one call site; a separate function re-links the whole engine below it
def _encounter_steps(st, cfg, o, log, lg):
    N = cfg[C_NP]
    window(st, cfg, W_E0, log, lg)
    if _offense_out(st, cfg):
        return early_end(st, cfg, END_OFFENSE_OUT, log, lg)
    st[S_STEP] = 1
    rg = regroup(st, cfg, o, log, lg)
    if HB_MOMENTS_ANY != 0 and ((st[S_HB_MOMS] >> (H_REGROUP - 40)) & 1) != 0:  # alien files' on_regroup (alien_api.py)
        st[S_HB_ARG] = rg
        hb_moment(st, cfg, H_REGROUP, log, lg)
    window(st, cfg, W_1, log, lg)
    if _offense_out(st, cfg):
        return early_end(st, cfg, END_OFFENSE_OUT, log, lg)
    st[S_STEP] = 2
    r = order(st, cfg, o, log, lg)
    if r == 1:
        return early_end(st, cfg, END_RESETTLE, log, lg)
    if r == 2:
        return R_REESTABLISHED
    if r == 3:
        return early_end(st, cfg, END_NO_DEFENSE, log, lg)
    if HB_MOMENTS_ANY != 0 and ((st[S_HB_MOMS] >> (H_DESTINY - 40)) & 1) != 0:  # alien files' on_destiny (alien_api.py)
        hb_moment(st, cfg, H_DESTINY, log, lg)
    window(st, cfg, W_2, log, lg)
    if _offense_out(st, cfg):
        return early_end(st, cfg, END_OFFENSE_OUT, log, lg)
    if cfg[C_EDITION] == ED_FFG2008:  # CE.34.1-CE.34.2: the gate is aimed first, then the ships go onto it
        st[S_STEP] = 4
        if aim(st, cfg, o, log, lg) == 0:
            return early_end(st, cfg, END_NO_TARGET, log, lg)
        st[S_STEP] = 3
        if launch(st, cfg, o, log, lg) == 0:
            return early_end(st, cfg, END_NO_SHIPS, log, lg)
        st[S_STEP] = 4
    else:  # CE.6 then CE.7
        st[S_STEP] = 3
        if launch(st, cfg, o, log, lg) == 0:
            return early_end(st, cfg, END_NO_SHIPS, log, lg)
        st[S_STEP] = 4
        aim(st, cfg, o, log, lg)
    window(st, cfg, W_4, log, lg)
    if _offense_out(st, cfg):
        return early_end(st, cfg, END_OFFENSE_OUT, log, lg)
    if N >= 3:  # CE.8.8
        forecast_totals(st, cfg, log, lg)  # alien files' change to the totals, for the strategies (forecast.py)
        alliances(st, cfg, o, log, lg)
    window(st, cfg, W_6, log, lg)
    if _offense_out(st, cfg):
        return early_end(st, cfg, END_OFFENSE_OUT, log, lg)
    if N >= 3:
        forecast_totals(st, cfg, log, lg)
        answers(st, cfg, o, log, lg)
    if st[S_ANY_ALIEN] == 1:  # Amoeba's condition is fixed at the end of step 7 (CE.22.1)
        st[S_IN7] = 0
        if st[S_CENTRE] > 0:
            st[S_IN7] |= np.int64(1) << o
        if st[S_PS + st[S_DEF] * MAX_PLANETS + st[S_TARGET]] > 0:
            st[S_IN7] |= np.int64(1) << st[S_DEF]
    window(st, cfg, W_7, log, lg)
    if _offense_out(st, cfg):
        return early_end(st, cfg, END_OFFENSE_OUT, log, lg)
    if cfg[C_FLARE_N] > 0:  # CE.45 (FFG2008, ffg_flares): after the alliances, before planning
        ffg_flares(st, cfg, FT_ALLIANCE, log, lg)
    # step 8 (CE.9.1): the defense without an encounter card takes a new hand (CE.17.4)
    st[S_STEP] = 8
    d = st[S_DEF]
    if st[S_HAND_ENC + d] == 0:
        if new_hand(st, cfg, d, T_NEWHAND_DEF, log, lg) == 0:
            return early_end(st, cfg, END_DEFENSE_NO_CARD, log, lg)
        if _offense_out(st, cfg):
            return early_end(st, cfg, END_OFFENSE_OUT, log, lg)
    if st[S_HAND_ENC + st[S_OFF]] == 0 and cfg[C_EDITION] == ED_FFG2008:  # CE.36.3
        return early_end(st, cfg, END_OFFENSE_OUT, log, lg)
    while True:  # steps 8 and 9; a Chronos time travel (CE.22.3) goes round once more
        forecast_totals(st, cfg, log, lg)
        select_cards(st, cfg, log, lg)
        window(st, cfg, W_8, log, lg)
        st[S_STEP] = 9
        reveal(st, cfg, log, lg)
        window(st, cfg, W_9, log, lg)
        if st[S_REDO] == 0:
            break
        c = st[S_REDO] - 1
        st[S_REDO] = 0
        time_travel(st, cfg, c, log, lg)
    if cfg[C_FLARE_N] > 0:  # CE.45: after the reveal, before the reinforcements
        ffg_flares(st, cfg, FT_REVEAL, log, lg)
    if cfg[C_EDITION] == ED_FFG2008:  # CE.37.2, after the reveal's window has closed
        ffg_reinforcements(st, cfg, log, lg)
    res = outcome(st, cfg, log, lg)
    if st[S_DONE] == 1:
        return res
    if cfg[C_FLARE_N] > 0:  # CE.45: after the outcome (its compensation and rewards)
        ffg_flares(st, cfg, FT_RESOLUTION, log, lg)
    window(st, cfg, W_10, log, lg)
    return res


@njit(inline="always")  # one call site; a separate function re-links the whole engine below it
def encounter(st, cfg, o, enc_no, log, lg):
    """One encounter (CE.3.3), from W-E0 to the end of the encounter. Returns its result."""
    N = cfg[C_NP]
    st[S_OFF] = o
    st[S_DEF] = -1
    st[S_TARGET] = -1
    st[S_ENC_NO] = enc_no
    st[S_STEP] = 0
    st[S_EXPEL] = 0
    st[S_INV_O] = 0
    st[S_INV_D] = 0
    st[S_FF_OUT] = 0
    st[S_CARD_O] = -1
    st[S_CARD_D] = -1
    st[S_REVEALED] = 0
    st[S_EMOTION] = 0
    st[S_RESULT] = R_NONE
    st[S_ONCE] = 0
    st[S_WONCE] = 0
    st[S_FACEUP] = 0
    st[S_MIND_SEEN] = 0
    st[S_NEG_SIDE] = 0
    st[S_REDO] = 0
    st[S_IN7] = 0
    st[S_IONIC] = 0
    st[S_REINF] = 0
    st[S_REINF + 1] = 0
    st[S_FLARE_BY] = 0  # CE.45.2 / A59: "once per encounter"
    st[S_FLARE_USED] = 0
    st[S_FLARE_TOT] = 0
    st[S_FLARE_TOT + 1] = 0
    st[S_LAST_CO] = -1
    st[S_LAST_CD] = -1
    _hb_new_encounter(st)  # alien files' allowances per encounter (alien_api.py)
    st[S_ENCOUNTERS] += 1
    if lg:
        _log(log, E_ENCOUNTER, o, enc_no, st[S_ENCOUNTERS], st[S_TURN], I0, I0)
    res = _encounter_steps(st, cfg, o, log, lg)
    st[S_RESULT] = res
    if lg:
        _log(log, E_RESULT, res, o, st[S_DEF], st[S_TARGET], I0, I0)
    if res == R_OFFENSE_WIN:
        st[S_N_OWIN] += 1
    elif res == R_DEFENSE_WIN:
        st[S_N_DWIN] += 1
    elif res == R_DEAL_MADE:
        st[S_N_DEAL] += 1
    elif res == R_DEAL_FAILED:
        st[S_N_FAIL] += 1
    else:
        st[S_N_NORES] += 1
    # end of the encounter (CE.20.1): cards set aside go back to their owners, reinforcements are
    # discarded (CE.37.4), transit zones empty
    # (CE.15.4, CE.70.2), zaps expire, once-per-encounter marks are cleared
    for i in range(st[S_ASIDE_N]):
        _hand_add(st, cfg, st[S_ASIDE + 2 * i + 1], st[S_ASIDE + 2 * i])
    st[S_ASIDE_N] = 0
    if cfg[C_EDITION] == ED_FFG2008:  # CE.37.4: the reinforcement cards played reach the discard pile
        ffg_end_encounter(st)
    st[S_MIND_SEEN] = 0
    st[S_FACEUP] = 0
    k = st[S_CENTRE]
    if k > 0 and st[S_DONE] == 0:  # a regrouped ship left on the mothership by RESETTLE
        st[S_CENTRE] = 0
        place_ships(st, cfg, o, k, I0, CTX_TURN_END, log, lg)
    lg_on = lg if st[S_DONE] == 0 else I0  # after the game's end nothing more is logged (CE.70.18)
    for q in range(N):
        st[S_ALLY + q] = 0
        if st[S_ZAPPED + q] == 1:
            st[S_ZAPPED + q] = 0
            power_update(st, cfg, q, log, lg_on)
    st[S_DEF] = -1
    st[S_TARGET] = -1
    st[S_STEP] = 0
    return res


@njit(inline="always")  # one call site; a separate function re-links the whole engine below it
def play_turn(st, cfg, o, log, lg):
    """CE.3.2: start-of-turn hand check, encounter 1, optional encounter 2 (CE.15)."""
    if st[S_SEARCH] == 1:  # a searching seat plays: its rollouts start from here
        _turn_snapshot(st, o)
    st[S_TURN] += 1
    st[S_OFF] = o
    st[S_DEF] = -1
    if lg:
        _log(log, E_TURN, o, st[S_TURN], I0, I0, I0, I0)
    if st[S_HAND_ENC + o] == 0:  # CE.17.1
        if new_hand(st, cfg, o, T_NEWHAND_TURN, log, lg) == 0:  # A19: no encounter card anywhere
            st[S_ENCOUNTERS] += 1
            st[S_N_NORES] += 1
            if lg:
                _log(log, E_RESULT, R_NO_RESULT, o, M1, M1, I0, I0)
            return
    # one call site for encounter (it is inlined here: a second copy would double the compile)
    enc_no = I1
    while enc_no <= 2:
        res = encounter(st, cfg, o, enc_no, log, lg)
        if st[S_DONE] == 1:
            return
        if st[S_SEARCH] == 2 and st[S_RO_HORIZON] == 1 and st[S_RO_FLAG] == RO_REACHED:
            return  # a rollout of the search that ends with the encounter of its decision (search.py)
        enc_no += 1
        if enc_no == 2 and (res == R_OFFENSE_WIN or res == R_DEAL_MADE or res == R_REESTABLISHED) and \
                st[S_HAND_ENC + o] > 0:  # CE.15.1, CE.39.7
            st[S_OPT] = 0
            st[S_OPT + 1] = 1
            st[S_NOPT] = 2
            if _decide(st, cfg, o, D_SECOND) == 1:
                st[S_N_SECOND] += 1
                if lg:
                    _log(log, E_SECOND, o, I0, I0, I0, I0, I0)
                continue
        break
    if lg and st[S_DONE] == 0:
        _log(log, E_END_TURN, o, I0, I0, I0, I0, I0)


@njit(_nrt=False)  # and everything it calls: see simsuite/engine/batch_driver.py
def play_game(st, cfg, log, lg, chk):
    """Play one whole game from the generator state already in st[S_RNG].
    chk = 1 checks the CE.70 invariants after setup and after every turn (tests). Otherwise a game
    with an alien file at the table is checked after each turn in which one of its hooks ran
    (alien_api._hb_after_turn): a violation ends it, and its record names the file's seat and hook."""
    setup(st, cfg, log, lg)
    if chk:
        _note(st, check_invariants(st, cfg))
    st[S_SEARCH] = cfg[C_SEARCH]
    p = st[S_START]
    while st[S_DONE] == 0:
        if _turn_cap(st, cfg, log, lg):  # A63
            st[S_DONE] = 1
            break
        p = _turn_then_next(st, cfg, p, log, lg, chk)
        if chk == 0 and st[S_HB_SEATS] != 0:
            _hb_after_turn(st, cfg)
    if chk and st[S_TIMEOUT] == 0 and st[S_WINNERS] == 0:
        _note(st, V_TERMINATION)


@njit(_nrt=False)  # and everything it calls: see simsuite/engine/batch_driver.py
def score_game(st, cfg, out, i, log, lg):
    """Write the record row out[i] (records.py)."""
    N = cfg[C_NP]
    _record_start(out, i)
    nwin = 0
    for p in range(MAX_P):
        if p >= N:
            continue
        w = (st[S_WINNERS] >> p) & 1
        nwin += w
        out[i, R_WIN + p] = w
        out[i, R_SCORE + p] = st[S_FOREIGN + p]
        out[i, R_FOREIGN + p] = st[S_FOREIGN + p]
        out[i, R_HOME + p] = st[S_HOME + p]
        out[i, R_WARP + p] = st[S_WARP + p]
        out[i, R_HAND + p] = st[S_HAND_N + p]
        out[i, R_POWER + p] = st[S_POWER + p]
        out[i, R_ALIEN + p] = st[S_ALIEN_TAG + p]
        out[i, R_POWER_USES + p] = st[S_POWER_USES + p]
    _record_common(st, cfg, out, i, nwin)
    _hb_mark_record(st, out, i)
    out[i, R_ENCOUNTERS] = st[S_ENCOUNTERS]
    out[i, R_JOINT] = 1 if nwin > 1 else 0
    out[i, R_OWIN] = st[S_N_OWIN]
    out[i, R_DWIN] = st[S_N_DWIN]
    out[i, R_DEALS] = st[S_N_DEAL]
    out[i, R_FAILED] = st[S_N_FAIL]
    out[i, R_NORES] = st[S_N_NORES]
    out[i, R_RESETTLES] = st[S_N_RESETTLE]
    out[i, R_EXPELS] = st[S_N_EXPEL]
    out[i, R_SECOND] = st[S_N_SECOND]
    out[i, R_ARTS] = st[S_N_ART]
    out[i, R_COMP] = st[S_N_COMP]
    out[i, R_RWD_CARDS] = st[S_N_REWARD_CARDS]
    out[i, R_RWD_SHIPS] = st[S_N_REWARD_SHIPS]
    out[i, R_POWER_LOSS] = st[S_N_POWER_OFF]
    out[i, R_RESHUF] = st[S_N_RESHUF]
    for a in range(N_ART_AH):
        out[i, R_ART_KIND + a] = st[S_ART_USED + a]
