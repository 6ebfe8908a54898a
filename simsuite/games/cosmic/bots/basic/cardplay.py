"""Power-aware forecasts for the `basic` heuristic: the encounter card, and the chance
that the offense wins, both computed with the engine's own rules for the actual main players,
allies and active powers (``api.aa_totals_w``, the function the kernel totals an encounter with),
so a rule fix changes the bot too. No alien gets a hand-written card rule where the rules already
say what happens:

* totals: Macron weight, Anti-Matter (lower total wins, allies subtract on both sides), Virus
  (multiplies) come from ``aa_totals_w`` (CE.10.3, CE.22.2, CE.22.18, CE.23.7);
* the case of the outcome: an active Empath's negotiate turns the other card into a negotiate
  (CE.22.5); an active Pacifist's negotiate beats an attack (CE.22.13, which basic always uses);
* who knows what: the Oracle's opponent plays first, face up, so the Oracle answers the card it
  sees (CE.22.12): against an Oracle a card is rated by the worst answer from a hand of its size;
  a Sorcerer main player may swap the face-down cards (CE.22.16): an opponent Sorcerer is assumed
  to give its best response for each card it may hold (swap when that raises its expected
  utility over the cards it cannot see, ``_sorcerer_answers``), and the Sorcerer itself swaps by
  the same forecast (``sorcerer_swaps``, used by ``powers.sorcerer``);
* ship losses: a lost ship costs its owner only if it reaches the warp (``heuristics.warp_share``:
  the Zombie's own never do, a Healer returns others');
* card economy: a Clone keeps its card (CE.22.4), so its card costs it nothing.

Each of these answers to another player's power is a weight (``weights.py``, ``answer_*``): at 1, the
default, the forecast applies the power as above; at 0 the player plays as if that power were not at
the table (the totals and outcome through ``heuristics.seen_aa``, ``seen_side_weights`` and
``seen_power``). A player's own power always counts.

What a player may know (CE.70.14): the opponent's card is rated against the encounter cards it
cannot see (every encounter card of the deck minus the discard pile and its own hand, one count
per card class), or against the hand its Mind saw (CE.22.10), or the face-up card (Oracle). The
opponent is assumed to play any of those cards equally likely: a forecast, not a model of its
strategy.

Scratch (``st[S_SCR:]``, see heuristics.py): ``SC_POOL_KEY`` and the per-class counts at
``SC_POOL`` cache the public pool until the discard pile changes; ``SC_POOL_AT`` says which pile
(``api.S_DISC_GEN`` and its size) the counts are of, so that a pile that only grew since is
brought up to date by taking out the cards appended, not recounted.
"""
import math

import numpy as np
from numba import njit

from simsuite.games.cosmic.api import (
    A_ANTI_MATTER,
    A_CLONE,
    A_EMPATH,
    A_ORACLE,
    A_PACIFIST,
    A_SORCERER,
    A_VIRUS,
    C_CARD_CLASS,
    C_CARD_KIND,
    C_CARD_VAL,
    C_CLASS_KIND,
    C_CLASS_VAL,
    C_EMPATH_OPT,
    C_N_CARDS,
    C_N_CLASSES,
    K_ARTIFACT,
    K_ATTACK,
    K_MORPH,
    K_NEGOTIATE,
    MAX_HAND,
    MAX_P,
    MAX_PLANETS,
    S_CARD_D,
    S_CARD_O,
    S_CENTRE,
    S_DEF,
    S_DISC,
    S_DISC_GEN,
    S_DISC_N,
    S_HAND,
    S_HAND_N,
    S_NOPT,
    S_OFF,
    S_OPT,
    S_PS,
    S_SCR,
    S_TARGET,
    SIDE_DEFENSE,
    SIDE_OFFENSE,
    aa_totals_w,
    card_visible,
    main_power,
    seen_hand_base,
    seen_hand_n,
    ship_weight,
    with_forecast,
)
from simsuite.games.cosmic.bots.basic.heuristics import (
    OWN_ALWAYS,
    OWN_BASIC,
    OWN_NEVER,
    SC_BA_VER,
    mean_attack,
    seen_aa,
    seen_power,
    seen_side_weights,
    warp_share,
    would_win,
)
from simsuite.games.cosmic.bots.basic.weights import (
    W_ANSWER_ANTI_MATTER,
    W_ANSWER_EMPATH,
    W_ANSWER_ORACLE,
    W_ANSWER_PACIFIST,
    W_ANSWER_SORCERER,
    W_ANSWER_VIRUS,
    W_CARD_COST,
    W_GAME_STAKE,
    W_NEGOTIATE_COST,
    W_SHIP_VALUE,
    weight,
)

# int64 and float64 arguments, never literals: one compiled version per function (a literal 0 or
# -1 would compile another, test_ce_one_compiled_version_per_function)
_Z = np.int64(0)
SC_SPREAD = SC_BA_VER + MAX_P  # attack sd x 1024 + 1 and negotiate share x 2**20 + 1 (0 = not yet)
SC_NEGSHARE = SC_SPREAD + 1
SC_POOL_KEY = SC_NEGSHARE + 1
SC_POOL_AT = SC_POOL_KEY + 1  # the pile the counts are of: S_DISC_GEN * POOL_AT_N + its size + 1 (0 = none)
SC_POOL = SC_POOL_AT + 1
POOL_AT_N = 1 << 12  # > MAX_CARDS
POOL_MAX = S_SCR + 64 - SC_POOL  # card classes the cache holds; a bigger deck falls back to pick_card

# outcome codes, from the offense's side
R_OW, R_DW, R_DEAL, R_OW_COMP, R_DW_COMP = 0, 1, 2, 3, 4

# utilities (in "colonies"): what basic wants from an encounter and what a card costs to spend; the
# judgement calls among them (a decisive encounter, a ship, spending a card) are weights.py's
STAKE_COLONY = 1.0  # a new colony for the offense, or one kept by the defense
COMP_CARD = 0.08  # a card drawn as compensation
DEAL_O = 0.5  # a deal: the offense gets a colony, the defense one in return
DEAL_D = 0.2


@njit
def pool_ready(st, cfg):
    """Per card class, the encounter cards not in the discard pile (public knowledge: the deck
    minus the discards); cached until the discard pile changes. 0 if the deck has too many
    classes for the scratch."""
    nc = cfg[C_N_CLASSES]
    if nc > POOL_MAX:
        return 0
    nd = st[S_DISC_N]
    key = (nd * 64 + (st[S_DISC + nd - 1] if nd > 0 else 63)) + 1
    if st[SC_POOL_KEY] == key:
        return 1
    gen = st[S_DISC_GEN]
    at = st[SC_POOL_AT] - 1
    if at >= 0 and at // POOL_AT_N == gen and at % POOL_AT_N <= nd:
        # no card left the pile since the counts were taken: it only grew, take out what was added
        start = at % POOL_AT_N
    else:
        start = 0
        for k in range(nc):
            st[SC_POOL + k] = 0
        for c in range(cfg[C_N_CARDS]):
            if cfg[C_CARD_KIND + c] != K_ARTIFACT:  # attack or negotiate
                st[SC_POOL + cfg[C_CARD_CLASS + c]] += 1
    for i in range(start, nd):
        c = st[S_DISC + i]
        if cfg[C_CARD_KIND + c] != K_ARTIFACT:
            st[SC_POOL + cfg[C_CARD_CLASS + c]] -= 1
    st[SC_POOL_KEY] = key
    st[SC_POOL_AT] = gen * POOL_AT_N + nd + 1
    return 1


@njit
def _pool_hand(st, cfg, me, sign):
    """Take `me`'s own encounter cards out of the pool (sign -1) or put them back (+1)."""
    base = S_HAND + me * MAX_HAND
    for i in range(st[S_HAND_N + me]):
        c = st[base + i]
        if cfg[C_CARD_KIND + c] != K_ARTIFACT:
            st[SC_POOL + cfg[C_CARD_CLASS + c]] += sign


@njit(inline="always")
def _outcome(ko, vo, kd, vd, own_o, al_o, own_d, al_d, anti, virus, emp, pac):
    """The case of the outcome (CE.10.1) and its winner, from the two revealed cards."""
    if emp == 1 and ko == K_NEGOTIATE:
        kd = K_NEGOTIATE
    elif emp == 2 and kd == K_NEGOTIATE:
        ko = K_NEGOTIATE
    if ko == K_ATTACK and kd == K_ATTACK:
        to, td, lower = aa_totals_w(own_o, al_o, own_d, al_d, vo, vd, anti, virus)
        if lower == 1:
            return R_OW if to < td else R_DW
        return R_OW if to > td else R_DW
    if ko == K_NEGOTIATE and kd == K_NEGOTIATE:
        return R_DEAL
    if ko == K_ATTACK:  # the defense negotiated
        return R_DW if pac == 2 else R_OW_COMP
    return R_OW if pac == 1 else R_DW_COMP


@njit(inline="always")
def _utility(r, me_off, stake_o, loss_d, k_o, k_d, sk_o):
    """What outcome r is worth to the offense (me_off) or the defense. sk_o: what the offense's
    ships lost cost it (SHIP each that reaches the warp, ``heuristics.warp_share``); loss_d holds
    the same for the defense's."""
    if me_off:
        if r == R_OW:
            return stake_o
        if r == R_OW_COMP:
            return stake_o - COMP_CARD * k_d
        if r == R_DW:
            return -sk_o
        if r == R_DW_COMP:
            return -sk_o + COMP_CARD * k_o
        return DEAL_O
    if r == R_OW:
        return -loss_d
    if r == R_OW_COMP:
        return -loss_d + COMP_CARD * k_d
    if r == R_DW or r == R_DW_COMP:
        return sk_o - (COMP_CARD * k_o if r == R_DW_COMP else 0.0)
    return DEAL_D


@njit(inline="always")
def _u_pair(k1, v1, k2, v2, sor_off, own_o, al_o, own_d, al_d, anti, virus, emp, pac, stake_o, loss_d, k_o, k_d,
            sk_o):
    """Utility for the side sor_off (True: the offense) holding card (k1, v1) against (k2, v2)."""
    if sor_off:
        r = _outcome(k1, v1, k2, v2, own_o, al_o, own_d, al_d, anti, virus, emp, pac)
    else:
        r = _outcome(k2, v2, k1, v1, own_o, al_o, own_d, al_d, anti, virus, emp, pac)
    return _utility(r, sor_off, stake_o, loss_d, k_o, k_d, sk_o)


@njit
def _sorcerer_answers(st, cfg, sor_off, own_o, al_o, own_d, al_d, anti, virus, emp, pac, stake_o, loss_d, k_o,
                      k_d, sk_o):
    """An opponent Sorcerer's best response (CE.22.16), per card class it may hold: bit j of the
    result is set if it swaps the face-down cards holding class j (class ids are < 64). It sees its own card only, so it swaps when that
    raises its expected utility over the cards it cannot see (the public pool less its own card,
    each equally likely, as this module forecasts every hidden card), both outcomes by the engine's
    rules (``_outcome``). Needs the pool (``pool_ready``) with no hand taken out."""
    nc = cfg[C_N_CLASSES]
    sw = np.int64(0)
    for j in range(nc):
        kj = cfg[C_CLASS_KIND + j]
        if kj != K_ATTACK and kj != K_NEGOTIATE:
            continue
        vj = cfg[C_CLASS_VAL + j]
        keep = 0.0
        swap = 0.0
        for i in range(nc):
            w = float(st[SC_POOL + i]) - (1.0 if i == j else 0.0)
            ki = cfg[C_CLASS_KIND + i]
            if w <= 0.0 or (ki != K_ATTACK and ki != K_NEGOTIATE):
                continue
            vi = cfg[C_CLASS_VAL + i]
            keep += w * _u_pair(kj, vj, ki, vi, sor_off, own_o, al_o, own_d, al_d, anti, virus, emp, pac, stake_o,
                                loss_d, k_o, k_d, sk_o)
            swap += w * _u_pair(ki, vi, kj, vj, sor_off, own_o, al_o, own_d, al_d, anti, virus, emp, pac, stake_o,
                                loss_d, k_o, k_d, sk_o)
        if swap > keep:
            sw |= np.int64(1) << j
    return sw


@njit
def _forecast_setup(st, cfg, me, own):
    """What ``card_choice`` and ``sorcerer_swaps`` both rate an encounter card with, for `me`, who
    uses its own power as `own` says: (o, d, me_off, q, side weights own_o, al_o, own_d, al_d, the
    active anti / virus / emp / pac powers, ships k_o / k_d, stake_o, loss_d, sk_o, the opponent's
    card qc, src: where me's knowledge of it comes from: 0 face up, 1 a hand it saw, 2 the pool)."""
    o = st[S_OFF]
    d = st[S_DEF]
    me_off = me == o
    q = d if me_off else o
    t = st[S_TARGET]
    # the totals and the case of the outcome as me forecasts them: another player's power counts as
    # the engine applies it unless me plays as if it were absent (the answer_* weights)
    own_o, al_o, own_d, al_d = seen_side_weights(st, cfg, me)
    anti = seen_power(st, cfg, me, o, d, A_ANTI_MATTER, W_ANSWER_ANTI_MATTER)
    virus = seen_power(st, cfg, me, o, d, A_VIRUS, W_ANSWER_VIRUS)
    al_o, al_d, anti = with_forecast(st, al_o, al_d, anti, virus)  # alien files' on_totals
    emp = seen_power(st, cfg, me, o, d, A_EMPATH, W_ANSWER_EMPATH) if cfg[C_EMPATH_OPT] == 0 else 0
    pac = seen_power(st, cfg, me, o, d, A_PACIFIST, W_ANSWER_PACIFIST)
    k_o = st[S_CENTRE]
    k_d = st[S_PS + d * MAX_PLANETS + t] if t >= 0 else 0
    decides = would_win(st, cfg, o, t) == 1
    stake_o = STAKE_COLONY + (weight(st, cfg, me, W_GAME_STAKE) if decides else 0.0)
    # a lost ship costs its owner only if it reaches the warp (the Zombie's never do, ...)
    sk_o = weight(st, cfg, me, W_SHIP_VALUE) * k_o * warp_share(st, cfg, o, me, own)
    loss_d = STAKE_COLONY * 0.6 + weight(st, cfg, me, W_SHIP_VALUE) * k_d * warp_share(st, cfg, d, me, own) + (
        weight(st, cfg, me, W_GAME_STAKE) if decides else 0.0)
    # what me knows of the opponent's card: face up (Oracle), a hand its Mind saw, or the pool
    qc = st[S_CARD_D] if me_off else st[S_CARD_O]
    q_side = SIDE_DEFENSE if me_off else SIDE_OFFENSE
    src = 2
    if qc >= 0 and card_visible(st, q_side) == 1:
        src = 0
    elif seen_hand_n(st, me, q) >= 0:
        src = 1
    return (o, d, me_off, q, own_o, al_o, own_d, al_d, anti, virus, emp, pac, k_o, k_d, stake_o, loss_d, sk_o, qc,
            src)


@njit
def card_choice(st, cfg, me, own):
    """D_CARD: the option with the best expected utility against the opponent's possible cards,
    minus the cost of spending the card. -1 if the deck is too big for the forecast. `own`: how me
    uses its own power (heuristics.OWN_*): a Sorcerer's own swap is counted only as it will use it."""
    if pool_ready(st, cfg) == 0:
        return -1
    n = st[S_NOPT]
    (o, d, me_off, q, own_o, al_o, own_d, al_d, anti, virus, emp, pac, k_o, k_d, stake_o, loss_d, sk_o, qc,
     src) = _forecast_setup(st, cfg, me, own)
    orc = main_power(st, o, d, A_ORACLE)
    sor = main_power(st, o, d, A_SORCERER)
    me_side = 1 if me_off else 2
    clone = main_power(st, o, d, A_CLONE) == me_side
    # the Oracle will see my card (unless me plays as if it did not: answer_oracle 0)
    oracle_answers = src == 2 and orc != 0 and orc != me_side and weight(st, cfg, me, W_ANSWER_ORACLE) >= 0.5
    nc = cfg[C_N_CLASSES]
    # a Sorcerer main player may swap the face-down cards (CE.22.16): the opponent's best
    # response per card it may hold, from the engine's outcome rules; my own swap as I will use it
    opp_sor = sor != 0 and sor != me_side and weight(st, cfg, me, W_ANSWER_SORCERER) >= 0.5  # 0: ignore the swap
    me_sor = sor == me_side
    sw = np.int64(0)  # bit j: it swaps holding card class j
    if opp_sor:
        sw = _sorcerer_answers(st, cfg, not me_off, own_o, al_o, own_d, al_d, anti, virus, emp, pac, stake_o,
                               loss_d, k_o, k_d, sk_o)
    p_swap = 0.0
    if me_sor:
        p_swap = -1.0 if own == OWN_BASIC else (0.0 if own == OWN_NEVER else (1.0 if own == OWN_ALWAYS else 0.5))
    if src == 2:
        _pool_hand(st, cfg, me, -1)
    hb = seen_hand_base(st, me, q)
    hn = seen_hand_n(st, me, q) if src == 1 else 0
    m_items = 1 if src == 0 else (hn if src == 1 else nc)
    h = st[S_HAND_N + q]
    if h < 1:
        h = 1
    bi = 0
    bv = -1e18
    rated = np.int64(0)  # bit k: an option of card class k was rated already
    for i in range(n):
        c = st[S_OPT + i]
        kc = cfg[C_CARD_KIND + c]
        vc = cfg[C_CARD_VAL + c]
        morph = kc == K_MORPH  # FFG2008 (CE.38): it becomes the opponent's card
        if kc != K_ATTACK and kc != K_NEGOTIATE and not morph:
            continue
        # a card of a class already rated has the same kind and value, so the same rating, and only
        # a strictly better rating replaces the best: the first of the class stays the choice
        ci = cfg[C_CARD_CLASS + c]
        if ((rated >> ci) & 1) == 1:
            continue
        rated |= np.int64(1) << ci
        tot = 0.0
        tsw = 0.0
        wsum = 0.0
        for j in range(m_items):
            if src == 0:
                cq = qc
                w = 1.0
            elif src == 1:
                cq = st[hb + j]
                w = 1.0
            else:
                cq = -1
                w = float(st[SC_POOL + j])
            if cq >= 0:
                kq = cfg[C_CARD_KIND + cq]
                vq = cfg[C_CARD_VAL + cq]
                jc = cfg[C_CARD_CLASS + cq]
            else:
                kq = cfg[C_CLASS_KIND + j]
                vq = cfg[C_CLASS_VAL + j]
                jc = j
            if w <= 0.0 or (kq != K_ATTACK and kq != K_NEGOTIATE):
                continue
            km, vm = kc, vc
            if morph:
                km, vm = kq, vq
            if opp_sor and ((sw >> jc) & 1) == 1:  # it swaps: it plays my card, I play its
                tot += w * _u_pair(kq, vq, kc, vc, me_off, own_o, al_o, own_d, al_d, anti, virus, emp, pac, stake_o,
                                   loss_d, k_o, k_d, sk_o)
            else:
                tot += w * _u_pair(km, vm, kq, vq, me_off, own_o, al_o, own_d, al_d, anti, virus, emp, pac, stake_o,
                                   loss_d, k_o, k_d, sk_o)
            if me_sor:
                tsw += w * _u_pair(kq, vq, kc, vc, me_off, own_o, al_o, own_d, al_d, anti, virus, emp, pac, stake_o,
                                   loss_d, k_o, k_d, sk_o)
            wsum += w
        if wsum <= 0.0:
            ev = 0.0
        elif oracle_answers and not morph:
            ev = _oracle_worst(st, cfg, kc, vc, me_off, h, own_o, al_o, own_d, al_d, anti, virus, emp, pac,
                               stake_o, loss_d, k_o, k_d, sk_o, wsum)
        elif me_sor:  # I swap after seeing my own card only: when the swap pays on average (basic)
            if p_swap < 0.0:
                ev = (tsw if tsw > tot else tot) / wsum
            else:
                ev = (p_swap * tsw + (1.0 - p_swap) * tot) / wsum
        else:
            ev = tot / wsum
        if not clone:
            ev -= weight(st, cfg, me, W_CARD_COST) * vc if kc == K_ATTACK else weight(st, cfg, me, W_NEGOTIATE_COST)
        if ev > bv:
            bv = ev
            bi = i
    if src == 2:
        _pool_hand(st, cfg, me, 1)
    return bi


@njit
def sorcerer_swaps(st, cfg, me):
    """The Sorcerer's swap (CE.22.16) as a best response from what it knows: its own face-down
    card, and the opponent's card if face up (Oracle), else a hand its Mind saw, else the public
    pool less its own hand and card; 1 if exchanging the cards raises its expected utility by the
    engine's outcome rules (the same forecast as ``card_choice``)."""
    if pool_ready(st, cfg) == 0:
        return 0
    c = st[S_CARD_O] if me == st[S_OFF] else st[S_CARD_D]
    if c < 0:
        return 0
    kc = cfg[C_CARD_KIND + c]
    vc = cfg[C_CARD_VAL + c]
    if kc != K_ATTACK and kc != K_NEGOTIATE:
        return 0
    (o, d, me_off, q, own_o, al_o, own_d, al_d, anti, virus, emp, pac, k_o, k_d, stake_o, loss_d, sk_o, qc,
     src) = _forecast_setup(st, cfg, me, OWN_BASIC)
    nc = cfg[C_N_CLASSES]
    cls = cfg[C_CARD_CLASS + c]
    if src == 2:
        _pool_hand(st, cfg, me, -1)
        st[SC_POOL + cls] -= 1  # my face-down card is not the opponent's
    hb = seen_hand_base(st, me, q)
    m_items = 1 if src == 0 else (seen_hand_n(st, me, q) if src == 1 else nc)
    keep = 0.0
    swap = 0.0
    for j in range(m_items):
        if src == 0:
            kq = cfg[C_CARD_KIND + qc]
            vq = cfg[C_CARD_VAL + qc]
            w = 1.0
        elif src == 1:
            kq = cfg[C_CARD_KIND + st[hb + j]]
            vq = cfg[C_CARD_VAL + st[hb + j]]
            w = 1.0
        else:
            w = float(st[SC_POOL + j])
            kq = cfg[C_CLASS_KIND + j]
            vq = cfg[C_CLASS_VAL + j]
        if w <= 0.0 or (kq != K_ATTACK and kq != K_NEGOTIATE):
            continue
        keep += w * _u_pair(kc, vc, kq, vq, me_off, own_o, al_o, own_d, al_d, anti, virus, emp, pac, stake_o, loss_d,
                            k_o, k_d, sk_o)
        swap += w * _u_pair(kq, vq, kc, vc, me_off, own_o, al_o, own_d, al_d, anti, virus, emp, pac, stake_o, loss_d,
                            k_o, k_d, sk_o)
    if src == 2:
        st[SC_POOL + cls] += 1
        _pool_hand(st, cfg, me, 1)
    return 1 if swap > keep else 0


@njit
def _oracle_worst(st, cfg, kc, vc, me_off, h, own_o, al_o, own_d, al_d, anti, virus, emp, pac, stake_o, loss_d,
                  k_o, k_d, sk_o, W):
    """Expected utility when the opponent Oracle sees my card and answers with the card of its
    hand (h cards drawn from the pool) that is worst for me: E[min over h draws]."""
    nc = cfg[C_N_CLASSES]
    ev = 0.0
    for j in range(nc):
        wj = float(st[SC_POOL + j])
        kj = cfg[C_CLASS_KIND + j]
        if wj <= 0.0 or (kj != K_ATTACK and kj != K_NEGOTIATE):
            continue
        uj = _u_vs(kc, vc, kj, cfg[C_CLASS_VAL + j], me_off, own_o, al_o, own_d, al_d, anti, virus, emp, pac,
                   stake_o, loss_d, k_o, k_d, sk_o)
        less = 0.0
        eq = 0.0
        for i in range(nc):
            wi = float(st[SC_POOL + i])
            ki = cfg[C_CLASS_KIND + i]
            if wi <= 0.0 or (ki != K_ATTACK and ki != K_NEGOTIATE):
                continue
            ui = _u_vs(kc, vc, ki, cfg[C_CLASS_VAL + i], me_off, own_o, al_o, own_d, al_d, anti, virus, emp,
                       pac, stake_o, loss_d, k_o, k_d, sk_o)
            if ui < uj:
                less += wi
            elif ui == uj:
                eq += wi
        a = 1.0 - less / W
        b = 1.0 - (less + eq) / W
        if b < 0.0:
            b = 0.0
        ev += uj * (a ** h - b ** h) * (wj / eq)
    return ev


@njit(inline="always")
def _u_vs(kc, vc, kq, vq, me_off, own_o, al_o, own_d, al_d, anti, virus, emp, pac, stake_o, loss_d, k_o, k_d,
          sk_o):
    return _u_pair(kc, vc, kq, vq, me_off, own_o, al_o, own_d, al_d, anti, virus, emp, pac, stake_o, loss_d, k_o,
                   k_d, sk_o)


@njit
def deck_spread(st, cfg):
    """(sd of the deck's attack values, share of negotiates among encounter cards), cached."""
    if st[SC_SPREAD] == 0:
        m = mean_attack(st, cfg)
        s = 0.0
        k = 0
        n_neg = 0
        for c in range(cfg[C_N_CARDS]):
            kind = cfg[C_CARD_KIND + c]
            if kind == K_ATTACK:
                x = cfg[C_CARD_VAL + c] - m
                s += x * x
                k += 1
            elif kind == K_NEGOTIATE:
                n_neg += 1
        sd = math.sqrt(s / k) if k > 1 else 1.0
        st[SC_SPREAD] = int(sd * 1024) + 1
        st[SC_NEGSHARE] = int(n_neg / (k + n_neg) * (1 << 20)) + 1 if k + n_neg > 0 else 1
    return (st[SC_SPREAD] - 1) / 1024.0, (st[SC_NEGSHARE] - 1) / float(1 << 20)


@njit
def ships_help_offense(st, cfg, me):
    """Whether one more of the offense's own ships raises its A/A margin by the engine's totals
    (not against an active Anti-Matter defense, where the lower total wins and they add)."""
    G = mean_attack(st, cfg)
    # seen_aa twice, the side weights and powers read once
    o = st[S_OFF]
    d = st[S_DEF]
    own_o, al_o, own_d, al_d = seen_side_weights(st, cfg, me)
    anti = seen_power(st, cfg, me, o, d, A_ANTI_MATTER, W_ANSWER_ANTI_MATTER)
    virus = seen_power(st, cfg, me, o, d, A_VIRUS, W_ANSWER_VIRUS)
    al_o, al_d, anti = with_forecast(st, al_o, al_d, anti, virus)  # alien files' on_totals
    t0, d0, lower = aa_totals_w(own_o, al_o, own_d, al_d, G, G, anti, virus)
    t1, d1, lower = aa_totals_w(own_o + ship_weight(st, me), al_o, own_d, al_d, G, G, anti, virus)
    m0 = (d0 - t0) if lower == 1 else (t0 - d0)
    m1 = (d1 - t1) if lower == 1 else (t1 - d1)
    return m1 > m0


@njit
def offense_margin(st, cfg, me, vo, vd):
    """How far the offense's A/A total beats the defense's with card values vo / vd (negative: it
    loses), by the engine's totals as me answers the powers (``heuristics.seen_aa``): for an
    Anti-Matter encounter the lower total wins."""
    to, td, lower = seen_aa(st, cfg, me, float(vo), float(vd), _Z, _Z)
    return (td - to) if lower == 1 else (to - td)


@njit
def offense_win_prob(st, cfg, me, add_o, add_d):
    """Chance that the offense wins the encounter if `add_o` / `add_d` more ship weight joins its
    / the defense's allies: both cards unknown, each a typical attack (the deck's mean and spread)
    or a negotiate as often as the deck has them; the A/A margin from the engine's totals
    (``aa_totals_w``: Macron, Anti-Matter, Virus), an Empath's or Pacifist's negotiate as the rules
    resolve it, each as `me` answers it (the answer_* weights). A normal approximation: cheap enough
    for every alliance decision."""
    own_o, al_o, own_d, al_d, anti, virus, emp, pac, G, sd, pn = _win_inputs(st, cfg, me)
    return _win_prob(own_o, al_o + add_o, own_d, al_d + add_d, anti, virus, emp, pac, G, sd, pn)


@njit
def _win_inputs(st, cfg, me):
    """What both win forecasts read from the table: the side weights, the main players' powers that
    change the comparison (as `me` answers them), and the deck's typical attack (mean, spread,
    negotiate share)."""
    o = st[S_OFF]
    d = st[S_DEF]
    own_o, al_o, own_d, al_d = seen_side_weights(st, cfg, me)
    anti = seen_power(st, cfg, me, o, d, A_ANTI_MATTER, W_ANSWER_ANTI_MATTER)
    virus = seen_power(st, cfg, me, o, d, A_VIRUS, W_ANSWER_VIRUS)
    al_o, al_d, anti = with_forecast(st, al_o, al_d, anti, virus)  # alien files' on_totals
    emp = seen_power(st, cfg, me, o, d, A_EMPATH, W_ANSWER_EMPATH)
    pac = seen_power(st, cfg, me, o, d, A_PACIFIST, W_ANSWER_PACIFIST)
    G = mean_attack(st, cfg)
    sd, pn = deck_spread(st, cfg)
    return own_o, al_o, own_d, al_d, anti, virus, emp, pac, G, sd, pn


@njit
def offense_win_probs(st, cfg, me, w):
    """(offense_win_prob(st, cfg, me, w, 0), offense_win_prob(st, cfg, me, 0, w)): the chance that the
    offense wins with ship weight w more on its side, or on the defense's (an alliance answer),
    the table read once for both."""
    own_o, al_o, own_d, al_d, anti, virus, emp, pac, G, sd, pn = _win_inputs(st, cfg, me)
    return (_win_prob(own_o, al_o + w, own_d, al_d, anti, virus, emp, pac, G, sd, pn),
            _win_prob(own_o, al_o, own_d, al_d + w, anti, virus, emp, pac, G, sd, pn))


@njit(inline="always")
def _win_prob(own_o, al_o, own_d, al_d, anti, virus, emp, pac, G, sd, pn):
    """offense_win_prob from the side weights, the active powers and the deck's mean, spread and
    negotiate share."""
    # A/A: T = a v + b with a = 1, or S (Virus); the margin at typical cards, its spread from v's
    to, td, lower = aa_totals_w(own_o, al_o, own_d, al_d, G, G, anti, virus)
    plain = anti == 0 or anti == 3  # 3: the lower total wins, the totals plain (api.with_forecast)
    so = sd * ((own_o + al_o) if virus == 1 and plain else (own_o if virus == 1 else 1.0))
    sdd = sd * ((own_d + al_d) if virus == 2 and plain else (own_d if virus == 2 else 1.0))
    spread = math.sqrt(so * so + sdd * sdd) + 1e-9
    m = (to - td) if lower == 0 else (td - to)
    p_aa = 0.5 * (1.0 + math.erf(m / (spread * math.sqrt(2.0))))
    p_an = 0.0 if pac == 2 or emp == 2 else 1.0  # offense attacks, defense negotiates
    p_na = 1.0 if pac == 1 else 0.0  # offense negotiates, defense attacks (Empath: a deal)
    if emp == 1:
        p_na = 0.5
    if emp == 2:
        p_an = 0.5
    return ((1 - pn) * (1 - pn) * p_aa + (1 - pn) * pn * p_an + pn * (1 - pn) * p_na + pn * pn * 0.5)
