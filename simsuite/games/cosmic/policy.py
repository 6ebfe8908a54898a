"""The `basic` heuristic (strategies/cosmic/basic.py and nopower.py): weak targets, ships by hand
strength, allies but not the leader, the cheapest card that should win, and every optional alien
power when it pays (``powers.py``). ``basic_decide`` is meant to be reused: a strategy file that
changes one decision answers it and hands the rest to ``basic_decide``."""
import numpy as np
from numba import njit

from simsuite.games.cosmic.api import (
    A_ANTI_MATTER, A_SORCERER, D_POWER_SHIPS, S_ANY_ALIEN, C_CARD_KIND, C_CARD_VAL, C_NP, D_POWER, K_ATTACK, K_NEGOTIATE, S_CARD_D, S_CARD_O,
    S_POWER, S_ALIEN, S_WHO, D_ALLIANCE, D_ALLY_SHIPS, D_ARTIFACT, D_CARD, D_DEAL_ACCEPT, D_DEAL_GIVE,
    D_DEAL_PROPOSE, D_DEAL_SHIPS, D_INVITE_D, D_INVITE_O, D_LAUNCH, D_NEW_HAND, D_OWN_COLOUR, D_PENALTY,
    D_PLACE, D_PLAGUE_DISCARD, D_PLAGUE_SHIPS, D_REGROUP, D_RESETTLE_SHIPS, D_REWARD, D_SECOND, D_TARGET,
    EXPEL_BASE, MAX_PLANETS, OPT_MOTHERSHIP, S_CENTRE, S_DEAL, S_DEF, S_FOREIGN, S_HAND_ENC, S_NOPT, S_OFF,
    S_OPT, S_PS, S_TARGET, S_WARP, SIDE_DEFENSE, SIDE_OFFENSE, card_visible, defense_strength,
    offense_strength,
)
from simsuite.games.cosmic.powers import power_decide
from simsuite.games.cosmic.heuristics import (
    best_attack_seen, cheapest_card, deal_value, find_option, mean_attack, offense_win_chance, pick_artifact, pick_card,
    pick_place, pick_planet, pick_source, threat, would_win,
)


# ship counts as np.int64: a literal argument would compile pick_source once per value
W1, W2, W3, W4, WALL = (np.int64(k) for k in (1, 2, 3, 4, 99))


@njit
def _invite_mask(st, cfg, me, full, offense_side):
    """Invite the eligible players who are not ahead of me and not one colony from victory; as the
    offense only when my own ships and best card do not clearly beat a typical defense."""
    if offense_side:
        d = st[S_DEF]
        mine = st[S_CENTRE] + best_attack_seen(st, cfg, me)
        theirs = st[S_PS + d * MAX_PLANETS + st[S_TARGET]] + mean_attack(st, cfg)
        if mine > theirs + 4:
            return 0
    m = 0
    for q in range(cfg[C_NP]):
        if (full >> q) & 1:
            if threat(st, cfg, q) and not threat(st, cfg, me):
                continue
            if st[S_FOREIGN + q] > st[S_FOREIGN + me]:
                continue
            m |= 1 << q
    return m


@njit
def power_card(st, cfg, me):
    """D_CARD when my power changes the choice; -1 = no opinion (use pick_card). The Oracle knows
    the opponent's card (CE.22.12): the smallest attack that beats it, else a negotiate; the
    Anti-Matter wants the lowest attack (CE.22.2); the Sorcerer plays its weakest card and swaps."""
    n = st[S_NOPT]
    o = st[S_OFF]
    opp = st[S_DEF] if me == o else o
    oc = st[S_CARD_D] if me == o else st[S_CARD_O]
    side = SIDE_DEFENSE if me == o else SIDE_OFFENSE
    if oc >= 0 and card_visible(st, side) == 1:
        if cfg[C_CARD_KIND + oc] != K_ATTACK:
            lo = -1
            lv = 1 << 30
            for i in range(n):  # they negotiate: any attack wins; keep the high ones
                c = st[S_OPT + i]
                if cfg[C_CARD_KIND + c] == K_ATTACK and cfg[C_CARD_VAL + c] < lv:
                    lv = cfg[C_CARD_VAL + c]
                    lo = i
            return lo
        so = offense_strength(st, cfg)
        sd = defense_strength(st, cfg)
        need = cfg[C_CARD_VAL + oc] + sd - so + 1 if me == o else cfg[C_CARD_VAL + oc] + so - sd
        bi = -1
        bv = 1 << 30
        neg = -1
        for i in range(n):
            c = st[S_OPT + i]
            if cfg[C_CARD_KIND + c] == K_NEGOTIATE:
                neg = i
            elif cfg[C_CARD_VAL + c] >= need and cfg[C_CARD_VAL + c] < bv:
                bv = cfg[C_CARD_VAL + c]
                bi = i
        return bi if bi >= 0 else neg
    am = st[S_WHO + A_ANTI_MATTER]
    if am == opp and st[S_POWER + am] == 1:
        # against an active Anti-Matter the lower total wins and its total is card minus ships
        # (CE.22.2): an attack card rarely wins, so negotiate (compensation) or throw the lowest
        lo = -1
        lv = 1 << 30
        for i in range(n):
            c = st[S_OPT + i]
            v = -1 if cfg[C_CARD_KIND + c] == K_NEGOTIATE else cfg[C_CARD_VAL + c]
            if v < lv:
                lv = v
                lo = i
        return lo
    if st[S_POWER + me] == 1 and (st[S_ALIEN + me] == A_ANTI_MATTER or st[S_ALIEN + me] == A_SORCERER):
        lo = -1
        lv = 1 << 30
        for i in range(n):
            c = st[S_OPT + i]
            v = cfg[C_CARD_VAL + c] if cfg[C_CARD_KIND + c] == K_ATTACK else (0 if st[S_ALIEN + me] == A_SORCERER else 99)
            if v < lv:
                lv = v
                lo = i
        return lo
    return -1


@njit
def basic_decide(kind, st, cfg, me):
    n = st[S_NOPT]
    if kind == D_POWER:
        return power_decide(st, cfg, me)
    if kind == D_CARD:
        if st[S_ANY_ALIEN] == 1:
            i = power_card(st, cfg, me)
            if i >= 0:
                return i
        return pick_card(st, cfg, me)
    if kind == D_LAUNCH:
        ba = best_attack_seen(st, cfg, me)
        want = W4 if ba >= 8 else (W3 if ba >= 0 else W2)
        return pick_source(st, cfg, me, want)
    if kind == D_ALLY_SHIPS:
        return pick_source(st, cfg, me, W3)
    if kind == D_RESETTLE_SHIPS:
        return pick_source(st, cfg, me, W2)
    if kind == D_DEAL_SHIPS:
        return pick_source(st, cfg, me, W1)
    if kind == D_PENALTY or kind == D_PLAGUE_SHIPS or kind == D_POWER_SHIPS:
        return pick_source(st, cfg, me, WALL)
    if kind == D_PLACE:
        return pick_place(st, cfg, me)
    if kind == D_REGROUP:
        i = find_option(st, OPT_MOTHERSHIP)
        if i >= 0:
            return i
        i = pick_planet(st, cfg, me)
        return i if i >= 0 else 0
    if kind == D_REWARD:
        if st[S_WARP + me] >= 2 and st[S_HAND_ENC + me] >= 3:
            i = pick_planet(st, cfg, me)
            if i >= 0:
                return i
        return 0  # a card
    if kind == D_TARGET:
        d = st[S_DEF]
        bi = 0
        bv = -(1 << 30)
        for i in range(n):
            pl = st[S_OPT + i]
            v = -2 * st[S_PS + d * MAX_PLANETS + pl]
            if st[S_PS + me * MAX_PLANETS + pl] > 0:
                v -= 50  # no new colony there
            if would_win(st, cfg, me, pl) == 1:
                v += 5
            if v > bv:
                bv = v
                bi = i
        return bi
    if kind == D_OWN_COLOUR:
        bi = 0  # REDRAW
        bv = 4  # expel only a small colony
        for i in range(n):
            o = st[S_OPT + i]
            if o >= EXPEL_BASE:
                x = o - EXPEL_BASE
                k = st[S_PS + (x // MAX_PLANETS) * MAX_PLANETS + x % MAX_PLANETS]
                if k < bv:
                    bv = k
                    bi = i
        return bi
    if kind == D_INVITE_O or kind == D_INVITE_D:
        full = np.int64(0)
        for i in range(n):
            full |= st[S_OPT + i]
        i = find_option(st, _invite_mask(st, cfg, me, full, kind == D_INVITE_O))
        return i if i >= 0 else 0
    if kind == D_ALLIANCE:
        o = st[S_OFF]
        t = st[S_TARGET]
        can_o = find_option(st, SIDE_OFFENSE)
        can_d = find_option(st, SIDE_DEFENSE)
        p = offense_win_chance(st, cfg)
        gain = 1 if st[S_PS + me * MAX_PLANETS + t] == 0 else 0
        danger = would_win(st, cfg, o, t) == 1 and would_win(st, cfg, me, t) == 0
        ahead = st[S_FOREIGN + o] > st[S_FOREIGN + me] + 1  # do not carry a runaway leader
        if can_o >= 0 and gain == 1 and not danger and not ahead and p >= 0.35:
            return can_o
        if can_d >= 0 and (danger or ahead or p <= 0.55):
            return can_d
        return 0  # decline
    if kind == D_SECOND:
        return 1 if st[S_HAND_ENC + me] >= 2 or best_attack_seen(st, cfg, me) >= 10 else 0
    if kind == D_DEAL_PROPOSE:
        bi = 0
        bv = 0
        for i in range(n):
            c = st[S_OPT + i]
            if c < 0:
                continue
            v = deal_value(st, cfg, me, c)
            if v > bv or (bi == 0 and v >= 0):
                bv = v
                bi = i
        return bi
    if kind == D_DEAL_ACCEPT:
        return 1 if deal_value(st, cfg, me, st[S_DEAL]) > -50 else 0
    if kind == D_DEAL_GIVE or kind == D_PLAGUE_DISCARD:
        return cheapest_card(st, cfg)
    if kind == D_ARTIFACT or kind == D_NEW_HAND:
        return pick_artifact(st, cfg, me)
    return 0
