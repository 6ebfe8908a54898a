"""The `basic` heuristic (strategies/cosmic/basic.py and nopower.py): weak targets, ships by hand
strength, allies but not the leader, the encounter card and alliance answers forecast with the
engine's own totals and outcome rules for the aliens at the table (``cardplay.py``), and every
optional alien power when it pays (``powers.py``). The risk taken with ships (launch size, ships
sent as an ally, alliance answers) follows where lost ships would go by the engine's rules
(``heuristics.warp_share``: a Zombie's never reach the warp, a Healer returns others'), and an
ally's weight is the ships the engine lets it send times their weight (``heuristics.ally_weight``).
``basic_decide`` is meant to be reused: a strategy file that changes one decision answers it and
hands the rest to ``basic_decide``; ``basic_decide_as`` is the same for a player whose own power
is used by another rule (the naive power policies, ``naive.py``)."""
import numpy as np
from numba import njit

from simsuite.games.cosmic.api import (
    ART_CARD_ZAP,
    C_CARD_KIND,
    C_CARD_VAL,
    C_EDITION,
    C_NP,
    D_ALLIANCE,
    D_ALLY_SHIPS,
    D_ARTIFACT,
    D_CARD,
    D_DEAL_ACCEPT,
    D_DEAL_GIVE,
    D_DEAL_PROPOSE,
    D_DEAL_SHIPS,
    D_DESTINY,
    D_FLARE,
    D_INVITE_D,
    D_INVITE_O,
    D_LAUNCH,
    D_NEW_HAND,
    D_OWN_COLOUR,
    D_PENALTY,
    D_PLACE,
    D_PLAGUE_DISCARD,
    D_PLAGUE_SHIPS,
    D_POWER,
    D_POWER_SHIPS,
    D_REGROUP,
    D_REINF,
    D_RESETTLE_SHIPS,
    D_REWARD,
    D_SECOND,
    D_TARGET,
    ED_FFG2008,
    EXPEL_BASE,
    FL_ADD_TOTAL,
    FL_CANCEL_COMP,
    FL_DRAW,
    FL_RETRIEVE,
    K_ATTACK,
    K_MORPH,
    K_NEGOTIATE,
    MAX_PLANETS,
    OPT_MOTHERSHIP,
    S_ALLY,
    S_CARD_D,
    S_CARD_O,
    S_CZ_KIND,
    S_DEAL,
    S_DEF,
    S_EFF,
    S_FLARE_TOT,
    S_FLARE_ZAPQ,
    S_FOREIGN,
    S_HAND_ENC,
    S_NOPT,
    S_OFF,
    S_ONPL,
    S_OPT,
    S_PS,
    S_REINF,
    S_REVEALED,
    S_TARGET,
    S_WARP,
    SIDE_DEFENSE,
    SIDE_OFFENSE,
    flare_effect,
)
from simsuite.games.cosmic.bots.basic.cardplay import card_choice, offense_margin, offense_win_probs, ships_help_offense
from simsuite.games.cosmic.bots.basic.heuristics import (
    OWN_BASIC,
    ally_ships,
    ally_weight,
    best_attack_seen,
    cheapest_card,
    deal_value,
    find_option,
    mean_attack,
    pick_artifact,
    pick_card,
    pick_place,
    pick_planet,
    pick_source,
    seen_aa,
    threat,
    warp_share,
    would_win,
)
from simsuite.games.cosmic.bots.basic.powers import power_decide
from simsuite.games.cosmic.bots.basic.weights import (
    W_ALLY_DEFENSE_P,
    W_ALLY_OFFENSE_P,
    W_DEAL_ACCEPT,
    W_INVITE_ALONE,
    W_LAUNCH_BIG_CARD,
    W_LAUNCH_SHIPS,
    W_LEADER_GAP,
    W_SECOND_CARD,
    weight,
    weight_int,
)

# ship counts as np.int64: a literal argument would compile pick_source once per value
W0, W1, W2, W3, W4, WALL = (np.int64(k) for k in (0, 1, 2, 3, 4, 99))


@njit
def _invite_mask(st, cfg, me, full, offense_side):
    """Invite the eligible players who are not ahead of me and not one colony from victory; as the
    offense only when the engine's totals do not give me the encounter alone (cardplay)."""
    if offense_side and offense_margin(st, cfg, me, best_attack_seen(st, cfg, me), mean_attack(st, cfg)) > weight(st, cfg, me, W_INVITE_ALONE):
        return 0  # my best card clearly wins alone by the engine's totals: share the colony with nobody
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
def _reinforce(st, cfg, me):
    """CE.37 reinforcement: only a side I am on (main player or ally), and only in A/A (attack or
    morph on both sides), where the bonus counts; the biggest card first; else pass."""
    o = st[S_OFF]
    side = SIDE_OFFENSE if me == o else (SIDE_DEFENSE if me == st[S_DEF] else st[S_ALLY + me])
    ko = cfg[C_CARD_KIND + st[S_CARD_O]]
    kd = cfg[C_CARD_KIND + st[S_CARD_D]]
    if side <= 0 or (ko != K_ATTACK and ko != K_MORPH) or (kd != K_ATTACK and kd != K_MORPH):
        return 0
    for i in range(st[S_NOPT]):
        if st[S_OPT + i] >= 0 and st[S_OPT + i] % 4 == side:
            return i
    return 0


@njit(inline="always")
def _my_side(st, me):
    """The side `me` is on in the encounter (main player or ally), 0 none."""
    if me == st[S_OFF]:
        return SIDE_OFFENSE
    if me == st[S_DEF]:
        return SIDE_DEFENSE
    return st[S_ALLY + me]


@njit(inline="always")
def _revealed_kind(st, cfg, side):
    """The kind a face-up encounter card counts as: a morph is what the reveal made of it (CE.38)."""
    c = st[S_CARD_O] if side == SIDE_OFFENSE else st[S_CARD_D]
    k = cfg[C_CARD_KIND + c]
    return st[S_EFF + 2 * side - 2] if k == K_MORPH else k


@njit(inline="always")
def _revealed_value(st, cfg, side):
    c = st[S_CARD_O] if side == SIDE_OFFENSE else st[S_CARD_D]
    return st[S_EFF + 2 * side - 1] if cfg[C_CARD_KIND + c] == K_MORPH else cfg[C_CARD_VAL + c]


@njit
def _flare_value(st, cfg, me, c):
    """What playing flare card c now is worth to me (<= 0: pass). A flare comes back to the hand
    (CE.45.3), so its only cost is the once-per-encounter limit (A59): play what helps now.
    add_total: before the reveal on any side I am on (it counts if the cards turn out A/A); after
    it only in A/A with the plain higher-total rule, most when it turns my side's loss into a win,
    a little when my side is behind or ahead by less than a reinforcement; draw and retrieve: by
    the cards or ships they bring; cancel_compensation: when the face-up cards show the opponent
    negotiating against my attack (the compensation would be theirs)."""
    fx, amt = flare_effect(st, cfg, me, c)
    side = _my_side(st, me)
    if fx == FL_DRAW:
        return 1 + amt
    if fx == FL_RETRIEVE:
        return 1 + (amt if amt < st[S_WARP + me] else st[S_WARP + me])
    if side <= 0:
        return -1
    if st[S_REVEALED] == 0 or st[S_CARD_O] < 0 or st[S_CARD_D] < 0:
        return 1 if fx == FL_ADD_TOTAL else -1
    ko = _revealed_kind(st, cfg, SIDE_OFFENSE)
    kd = _revealed_kind(st, cfg, SIDE_DEFENSE)
    if fx == FL_CANCEL_COMP:
        if (me == st[S_OFF] and ko == K_ATTACK and kd == K_NEGOTIATE) or \
                (me == st[S_DEF] and kd == K_ATTACK and ko == K_NEGOTIATE):
            return 4
        return -1
    if fx != FL_ADD_TOTAL or ko != K_ATTACK or kd != K_ATTACK:
        return -1
    to, td, lower = seen_aa(st, cfg, me, float(_revealed_value(st, cfg, SIDE_OFFENSE)),
                            float(_revealed_value(st, cfg, SIDE_DEFENSE)), W0, W0)
    if lower == 1:
        return -1  # an Anti-Matter main player: the lower total wins, a bonus may hurt
    to += st[S_REINF] + st[S_FLARE_TOT]
    td += st[S_REINF + 1] + st[S_FLARE_TOT + 1]
    mine, theirs = (to, td) if side == SIDE_OFFENSE else (td + 0.5, to)  # a tie goes to the defense
    if mine <= theirs < mine + amt:
        return 5
    if mine <= theirs or mine - theirs < 5:
        return 1
    return -1


@njit
def _flare(st, cfg, me):
    """D_FLARE (CE.50.22): the flare worth most now, if any is worth playing; else pass (option 0)."""
    bi = 0
    bv = 0
    for i in range(1, st[S_NOPT]):
        v = _flare_value(st, cfg, me, st[S_OPT + i])
        if v > bv:
            bv = v
            bi = i
    return bi


@njit
def _flare_zap(st, cfg, me):
    """Card Zap asked about a flare being played (data.md): cancel it when its player is on the other
    side of the encounter from me, or one colony from victory; else keep the Card Zap."""
    p = st[S_OPT + 1] % 64
    if p == me:
        return 0
    mine = _my_side(st, me)
    theirs = _my_side(st, p)
    if (mine > 0 and theirs > 0 and mine != theirs) or threat(st, cfg, p):
        return 1
    return 0


@njit
def _destiny(st, cfg, me):
    """CE.33.5 wild / tied special card: the player with the fewest ships on planets (the weakest
    defense), ties to the first option."""
    bi = 0
    bv = 1 << 30
    for i in range(st[S_NOPT]):
        q = st[S_OPT + i]
        if st[S_ONPL + q] < bv:
            bv = st[S_ONPL + q]
            bi = i
    return bi


@njit
def basic_decide(kind, st, cfg, me):
    return basic_decide_as(kind, st, cfg, me, OWN_BASIC)


@njit
def basic_decide_as(kind, st, cfg, me, own):
    """basic's answer for a player that uses its own optional power as `own` says
    (heuristics.OWN_*: basic's rule, never, always, at random): its estimates count on its own
    power only as it will use it (the naive power policies pass theirs)."""
    n = st[S_NOPT]
    if kind == D_POWER:
        return power_decide(st, cfg, me)
    if kind == D_CARD:
        i = card_choice(st, cfg, me, own)  # the engine's own totals and outcome rules (cardplay.py)
        return i if i >= 0 else pick_card(st, cfg, me)
    if kind == D_LAUNCH:
        ba = best_attack_seen(st, cfg, me)
        want = weight_int(st, cfg, me, W_LAUNCH_SHIPS)  # with an ordinary attack card; one more with a big one
        want = want + 1 if ba >= weight(st, cfg, me, W_LAUNCH_BIG_CARD) else (want if ba >= 0 else want - 1)
        if warp_share(st, cfg, me, me, own) == 0.0:
            want = W4  # none of my ships lost would reach the warp (a Zombie's): the most allowed
        if not ships_help_offense(st, cfg, me):
            want = W1  # by the engine's totals more ships lower my margin (an Anti-Matter defense)
        return pick_source(st, cfg, me, want)
    if kind == D_ALLY_SHIPS:
        return pick_source(st, cfg, me, ally_ships(st, cfg, me, own))
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
    if kind == D_REINF:
        return _reinforce(st, cfg, me)
    if kind == D_FLARE:
        return _flare(st, cfg, me)
    if kind == D_ARTIFACT and st[S_FLARE_ZAPQ] == 1 and st[S_CZ_KIND] != ART_CARD_ZAP:  # not a counter Card Zap
        return _flare_zap(st, cfg, me)
    if kind == D_DESTINY:
        return _destiny(st, cfg, me)
    if kind == D_OWN_COLOUR:
        if cfg[C_EDITION] == ED_FFG2008:  # RE-ESTABLISH (CE.33.4 c): a home colony back, and a success
            for i in range(n):
                if 0 <= st[S_OPT + i] < EXPEL_BASE:
                    return i
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
        # the chance the offense wins with my ships on either side, by the engine's totals (the
        # ships I would send, a Macron ally one ship of weight 4; allies subtract when a main
        # player is the Anti-Matter, ...)
        w = ally_weight(st, cfg, me, own)
        p_o, p_d = offense_win_probs(st, cfg, me, w)
        gain = 1 if st[S_PS + me * MAX_PLANETS + t] == 0 else 0
        danger = would_win(st, cfg, o, t) == 1 and would_win(st, cfg, me, t) == 0
        ahead = st[S_FOREIGN + o] > st[S_FOREIGN + me] + weight(st, cfg, me, W_LEADER_GAP)  # do not carry a runaway leader
        # the risk I accept scales with the share of my lost ships that would reach the warp
        # (warp_share: 1 normally; 0 for a Zombie, whose ships are never lost)
        f = warp_share(st, cfg, me, me, own)
        if can_o >= 0 and gain == 1 and not danger and not ahead and p_o >= weight(st, cfg, me, W_ALLY_OFFENSE_P) * f:
            return can_o
        if can_d >= 0 and (danger or ahead or p_d <= weight(st, cfg, me, W_ALLY_DEFENSE_P) + 0.6 * (1.0 - f)):
            return can_d
        return 0  # decline
    if kind == D_SECOND:
        return 1 if st[S_HAND_ENC + me] >= 2 or best_attack_seen(st, cfg, me) >= weight(st, cfg, me, W_SECOND_CARD) else 0
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
        return 1 if deal_value(st, cfg, me, st[S_DEAL]) > weight(st, cfg, me, W_DEAL_ACCEPT) else 0
    if kind == D_DEAL_GIVE or kind == D_PLAGUE_DISCARD:
        return cheapest_card(st, cfg)
    if kind == D_ARTIFACT or kind == D_NEW_HAND:
        return pick_artifact(st, cfg, me)
    return 0
