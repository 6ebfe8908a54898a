"""Cosmic kernel part: deals (CE.13, CE.51).

The standard deal, the proposer's menu, carrying a deal out (cards, colonies, Zombie's RELEASE),
the negotiation and the failed-deal penalty.

A part of the Cosmic kernel (see core.py): simsuite.engine.codegen pastes the parts that
``Cosmic.kernel_files`` (game.py) lists, in that order, into one module; names used here and
defined in no import below come from the other parts. Only the code below the marker line is pasted.
"""
import numpy as np
from numba import njit

from simsuite.engine.kernel_common import log_event as _log
from simsuite.engine.rng import below
from simsuite.games.cosmic.api import *
from simsuite.games.cosmic.records import *

# ---- kernel part body: simsuite.engine.codegen pastes what follows (this header is for a reader) ----


@njit
def _colony_ok(st, cfg, g, r, pl):
    """COLONY(g -> r, pl) can be carried out now (CE.51.1)."""
    return (st[S_PS + g * MAX_PLANETS + pl] > 0 and st[S_PS + r * MAX_PLANETS + pl] == 0
            and st[S_ONPL + r] > 0)


@njit
def std_colony(st, cfg, g, r, first):
    """CE.51.4 planet rule: the target planet if it qualifies, else the lowest planet of system
    `first`, else the lowest planet anywhere (systems in seat order, as the contract's CE.51.4 says:
    the one tie-break here that still follows the seat index, kept because the contract names it).
    -1 if none."""
    t = st[S_TARGET]
    if t >= 0 and _colony_ok(st, cfg, g, r, t):
        return t
    for i in range(cfg[C_PPS]):
        pl = first * PPS_MAX + i
        if _colony_ok(st, cfg, g, r, pl):
            return pl
    for pl in range(cfg[C_NP] * PPS_MAX):
        if _colony_ok(st, cfg, g, r, pl):
            return pl
    return -1


@njit
def standard_deal(st, cfg):
    """The standard deal of CE.51.4 as a deal code, -1 if none is possible."""
    o = st[S_OFF]
    d = st[S_DEF]
    p1 = std_colony(st, cfg, d, o, d)
    p2 = std_colony(st, cfg, o, d, o)
    if p1 >= 0 or p2 >= 0:
        return deal_code(p1, p2, I0, I0, I0, I0)
    nod = 1 if st[S_HAND_N + o] > 0 else 0
    ndo = 1 if st[S_HAND_N + d] > 0 else 0
    if nod + ndo == 0:
        return -1
    return deal_code(M1, M1, np.int64(nod), RULE_GIVER_CHOICE, np.int64(ndo), RULE_GIVER_CHOICE)


@njit
def _add_opt(st, n, v):
    if n >= MAX_OPT:
        return n
    for i in range(n):
        if st[S_OPT + i] == v:
            return n
    st[S_OPT + n] = v
    return n + 1


@njit
def deal_menu(st, cfg):
    """Proposals a strategy may make (CE.51.2, deal_propose_policy = strategy): pass, the standard
    deal, each one-sided colony, card swaps of 0-2 cards each way (giver's choice), and a colony
    paid for with 1-2 cards. Returns the number of options."""
    N = cfg[C_NP]
    o = st[S_OFF]
    d = st[S_DEF]
    st[S_OPT] = NONE
    n = I1
    std = st[S_DEAL_STD]
    if std >= 0:
        n = _add_opt(st, n, std)
    pp = st[S_PROPOSER]  # planets from the proposer's own system clockwise (CE.0.5), not by seat index
    for j in range(N * PPS_MAX):
        pl = pp * PPS_MAX + j
        if pl >= N * PPS_MAX:
            pl -= N * PPS_MAX
        if _colony_ok(st, cfg, d, o, pl):
            n = _add_opt(st, n, deal_code(pl, M1, I0, I0, I0, I0))
    for j in range(N * PPS_MAX):
        pl = pp * PPS_MAX + j
        if pl >= N * PPS_MAX:
            pl -= N * PPS_MAX
        if _colony_ok(st, cfg, o, d, pl):
            n = _add_opt(st, n, deal_code(M1, pl, I0, I0, I0, I0))
    ho = st[S_HAND_N + o]
    hd = st[S_HAND_N + d]
    for a in range(3):
        for b in range(3):
            if a + b > 0 and (a == 0 or ho > 0) and (b == 0 or hd > 0):
                n = _add_opt(st, n, deal_code(M1, M1, np.int64(a), RULE_GIVER_CHOICE, np.int64(b),
                                              RULE_GIVER_CHOICE))
    p1 = std_colony(st, cfg, d, o, d)
    p2 = std_colony(st, cfg, o, d, o)
    for a in range(1, 3):
        if p1 >= 0 and ho > 0:
            n = _add_opt(st, n, deal_code(p1, M1, np.int64(a), RULE_GIVER_CHOICE, I0, I0))
        if p2 >= 0 and hd > 0:
            n = _add_opt(st, n, deal_code(M1, p2, I0, I0, np.int64(a), RULE_GIVER_CHOICE))
    return n


@njit
def _collect_cards(st, cfg, g, n, rule, buf, log, lg):
    """Take up to n cards from g's hand into st[buf:] by the term's rule (CE.51.1); returns count."""
    got = 0
    base = S_HAND + g * MAX_HAND
    while got < n and st[S_HAND_N + g] > 0:
        hn = st[S_HAND_N + g]
        idx = -1
        if rule == RULE_GIVER_CHOICE:
            k = _card_options(st, cfg, g, ANY_CARD)
            st[S_NOPT] = k
            c = _decide(st, cfg, g, D_DEAL_GIVE)
            idx = _hand_index(st, g, c)
        elif rule == RULE_RANDOM:
            idx = below(st, S_RNG, hn)
        else:
            bv = 0
            for i in range(hn):
                c = st[base + i]
                kd = cfg[C_CARD_KIND + c]
                v = cfg[C_CARD_VAL + c]
                if rule == RULE_LOWEST_ATTACK and kd == K_ATTACK and (idx < 0 or v < bv):
                    idx = i
                    bv = v
                elif rule == RULE_HIGHEST_ATTACK and kd == K_ATTACK and (idx < 0 or v > bv):
                    idx = i
                    bv = v
                elif rule == RULE_NEGOTIATE and kd == K_NEGOTIATE and idx < 0:
                    idx = i
                elif rule == RULE_ARTIFACT and kd == K_ARTIFACT and idx < 0:
                    idx = i
        if idx < 0:
            break
        st[buf + got] = _hand_take(st, cfg, g, np.int64(idx))
        got += 1
    return got


@njit
def execute_deal(st, cfg, code, log, lg):
    """CE.51.3: CARDS terms from the hands as they were before the deal, then the COLONY terms (the
    offense's colony first); terms that cannot be carried out are dropped. Returns the number of
    terms carried out (0 = the deal failed)."""
    o = st[S_OFF]
    d = st[S_DEF]
    done = 0
    b1 = S_TMP
    b2 = S_TMP + MAX_HAND
    n1 = _collect_cards(st, cfg, o, deal_n_od(code), deal_r_od(code), np.int64(b1), log, lg)
    n2 = _collect_cards(st, cfg, d, deal_n_do(code), deal_r_do(code), np.int64(b2), log, lg)
    for i in range(n1):
        _hand_add(st, cfg, d, st[b1 + i])
    for i in range(n2):
        _hand_add(st, cfg, o, st[b2 + i])
    if n1 > 0:
        done += 1
        if lg:
            _log(log, E_DEAL_TERM, TERM_CARDS_OD, o, d, np.int64(n1), I0, I0)
    if n2 > 0:
        done += 1
        if lg:
            _log(log, E_DEAL_TERM, TERM_CARDS_DO, d, o, np.int64(n2), I0, I0)
    for j in range(2):
        if j == 0:
            pl = deal_col_do(code)
            g = d
            r = o
        else:
            pl = deal_col_od(code)
            g = o
            r = d
        if pl >= 0 and _colony_ok(st, cfg, g, r, pl):
            avail = st[S_ONPL + r]
            kmax = avail if avail < cfg[C_DEAL_SHIPS_MAX] else cfg[C_DEAL_SHIPS_MAX]
            st[S_CTX_PL] = pl
            k = take_ships(st, cfg, r, D_DEAL_SHIPS, I1, np.int64(kmax), pl, I0, log, lg)
            st[S_CTX_PL] = NONE
            ships_add(st, cfg, r, pl, k, log, lg)
            done += 1
            if lg:
                _log(log, E_DEAL_TERM, TERM_COLONY_DO if j == 0 else TERM_COLONY_OD, g, r, pl, k, I0)
    k = deal_release(code)
    if k > 0 and HB_MOMENTS_ANY != 0 and ((st[S_HB_MOMS] >> (H_DEAL - 40)) & 1) != 0:
        st[S_HB_ARG] = k  # a power's term (the Zombie's RELEASE, CE.51.1): its file's on_deal carries it out
        if hb_moment(st, cfg, H_DEAL, log, lg) != 0:
            done += 1
    return done


@njit
def _std_or_release(st, prop, std):
    """CE.51.5 standard_only: the standard deal, with or without a Zombie's RELEASE term (a
    RELEASE-only proposal when no standard deal exists)."""
    core = prop & ~(np.int64(63) << 22)
    return prop == std or (deal_release(prop) > 0 and (core == std or (std < 0 and core == 0)))


@njit
def _need_after(st, cfg, x, pl):
    """Foreign colonies x still needs to win (CE.18.1) after a deal that gives it a colony on planet
    pl (-1: none); a colony in its own home system is not foreign."""
    n = cfg[C_WIN_COLONIES] - st[S_FOREIGN + x]
    if pl >= 0 and pl // PPS_MAX != x and st[S_PS + x * MAX_PLANETS + pl] == 0:
        n -= 1
    return n


@njit
def wary_accepts(st, cfg, me, code):
    """CE.51.5 `wary`: `me` (a main player) takes the deal `code` unless it lets the other main player
    win while `me` does not win too (a joint win is taken), or it gives the other a foreign colony
    that leaves it `deal_leader_margin` colonies or fewer from victory and closer to victory than
    `me` (a deal that makes a leader is refused, the failed-deal penalty is the lesser evil); and only
    what standard_only takes (the standard deal, a Zombie's RELEASE allowed)."""
    if not _std_or_release(st, code, st[S_DEAL_STD]):
        return 0
    o = st[S_OFF]
    other = st[S_DEF] if me == o else o
    p_do = deal_col_do(code)  # defense -> offense: the offense's colony
    p_od = deal_col_od(code)
    mine = p_do if me == o else p_od
    theirs = p_od if me == o else p_do
    n_me = _need_after(st, cfg, me, mine)
    n_other = _need_after(st, cfg, other, theirs)
    if n_other <= 0 and n_me > 0:
        return 0
    gets = theirs >= 0 and n_other < cfg[C_WIN_COLONIES] - st[S_FOREIGN + other]
    if gets and n_other <= cfg[C_DEAL_LEADER] and n_other < n_me:
        return 0
    return 1


@njit
def negotiate(st, cfg, log, lg):
    """CE.51.2 protocol: up to deal_rounds rounds, the offense proposing first, alternating; policies
    CE.51.5. Returns 1 if a deal was made and carried out."""
    o = st[S_OFF]
    d = st[S_DEF]
    std = standard_deal(st, cfg)
    st[S_DEAL_STD] = std
    for r in range(cfg[C_DEAL_ROUNDS]):
        pp = o if r % 2 == 0 else d
        resp = d if r % 2 == 0 else o
        st[S_PROPOSER] = pp
        prop = NONE
        pol = cfg[C_DEAL_PROPOSE]
        if pol == PROPOSE_STANDARD:
            prop = std
            if cfg[C_DEAL_ACCEPT] == ACCEPT_WARY and std >= 0 and wary_accepts(st, cfg, pp, std) == 0:
                prop = NONE  # wary: a player does not offer a deal it would refuse itself
        elif pol == PROPOSE_STRATEGY:
            n = deal_menu(st, cfg)
            st[S_NOPT] = n
            prop = _decide(st, cfg, pp, D_DEAL_PROPOSE)
        if pol != PROPOSE_NONE and HB_MOMENTS_ANY != 0 and ((st[S_HB_MOMS] >> (H_PROPOSE - 40)) & 1) != 0:
            st[S_HB_ARG] = prop  # alien files' on_propose: the proposer's power may add its term (the Zombie's RELEASE)
            st[S_PK_ARG] = prop
            st[S_PK_ARG2] = resp
            hb_moment(st, cfg, H_PROPOSE, log, lg)
            prop = st[S_HB_ARG]
        if prop < 0:
            if lg:
                _log(log, E_DEAL_PROPOSE, pp, NONE, I0, I0, I0, I0)
            continue
        st[S_DEAL] = prop
        if lg:
            _log(log, E_DEAL_PROPOSE, pp, prop, np.int64(1 if prop == std else 0), I0, I0, I0)
        acc = cfg[C_DEAL_ACCEPT]
        yes = 0
        if acc == ACCEPT_ALWAYS:
            yes = 1
        elif acc == ACCEPT_STANDARD_ONLY:  # the standard deal, with or without a Zombie's RELEASE
            yes = 1 if _std_or_release(st, prop, std) else 0
        elif acc == ACCEPT_WARY:
            yes = wary_accepts(st, cfg, resp, prop)
        elif acc == ACCEPT_HEURISTIC:
            st[S_OPT] = 0
            st[S_OPT + 1] = 1
            st[S_NOPT] = 2
            yes = _decide(st, cfg, resp, D_DEAL_ACCEPT)
        if lg:
            _log(log, E_DEAL_ANSWER, resp, np.int64(yes), I0, I0, I0, I0)
        if yes == 1:
            st[S_DEAL] = NONE
            if cfg[C_EDITION] == ED_FFG2008 and st[S_ART_KIND + ART_QUASH] > 0:
                st[S_DEAL] = prop  # the deal just made, public: what the Quash holders judge
                q = ffg_answer(st, cfg, ART_QUASH, I0, log, lg)
                st[S_DEAL] = NONE
                if q == 1:
                    return 0  # Quash (data.md): the deal fails, with its penalty
            if execute_deal(st, cfg, prop, log, lg) > 0:
                return 1
            return 0
    st[S_DEAL] = NONE
    return 0


@njit
def penalty(st, cfg, p, log, lg):
    """CE.13.5 / A18: p chooses min(3, ships on colonies) of its ships; they go to the warp."""
    avail = st[S_ONPL + p]
    k = avail if avail < 3 else 3
    if k > 0:
        st[S_QUIET] = 1
        got = take_ships(st, cfg, p, D_PENALTY, np.int64(k), np.int64(k), NONE, I0, log, lg)
        loss_event(st, cfg, p, got, st[S_TAKEN_FROM], NONE, log, lg)


@njit
def _allies_home(st, cfg, log, lg):
    """CE.13.1 / CE.39.3: every ally's ships return to its colonies (under AH2000 defensive allies
    not onto the target planet; FFG2008 has no such ban, A12); carriers go home."""
    N = cfg[C_NP]
    o = st[S_OFF]
    xm = _pbit(st[S_TARGET]) if cfg[C_EDITION] == ED_AH2000 else I0
    for s in range(1, N):
        q = _cw(o, s, N)
        k = st[S_WING + q]
        if k > 0:
            st[S_WING + q] = 0
            place_ships(st, cfg, q, k, I0, CTX_RETURN, log, lg)
        k = st[S_CARRIER + q]
        if k > 0:
            st[S_CARRIER + q] = 0
            place_ships(st, cfg, q, k, xm, CTX_RETURN, log, lg)


@njit
def _deal_outcome(st, cfg, log, lg):
    """CE.13: N/N (or after Emotion Control)."""
    o = st[S_OFF]
    _allies_home(st, cfg, log, lg)
    k = st[S_CENTRE]  # CE.13.2 / A17
    if k > 0:
        st[S_CENTRE] = 0
        place_ships(st, cfg, o, k, I0, CTX_RETURN, log, lg)
    if negotiate(st, cfg, log, lg) == 1:
        st[S_RESULT] = R_DEAL_MADE
        check_victory(st, cfg, log, lg)
        return
    st[S_RESULT] = R_DEAL_FAILED
    penalty(st, cfg, o, log, lg)
    penalty(st, cfg, st[S_DEF], log, lg)
