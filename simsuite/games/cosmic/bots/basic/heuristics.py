"""Evaluation helpers shared by the Cosmic Encounter strategies (jitted; the state is read-only
for them except the scratch area ``st[S_SCR:]`` and the generator).

Every helper returns an option INDEX (into ``st[S_OPT:]``) or a number used to rank options. They
only read public information (CE.70.14): ships everywhere, the warp, hand sizes, the discard pile,
revealed cards, and the deciding player's own hand.

Scratch use: ``st[SC_MEAN]`` caches the mean attack value of the deck (x 16, +1 so 0 = not yet);
``st[SC_BA + p]`` seat p's best attack value, valid while ``st[SC_BA_VER + p]`` is its hand
version + 1 (``S_HAND_VER``).
"""
import numpy as np
from numba import njit

from simsuite.games.cosmic.api import (
    A_ANTI_MATTER,
    A_VIRUS,
    ART_CARD_ZAP,
    ART_EMOTION,
    ART_FORCE_FIELD,
    ART_GAS,
    ART_IONIC,
    ART_MOBIUS,
    ART_PLAGUE,
    ART_QUASH,
    ART_ZAP,
    C_CARD_KIND,
    C_CARD_VAL,
    C_N_CARDS,
    C_NP,
    C_WIN_COLONIES,
    K_ATTACK,
    K_FLARE,
    K_NEGOTIATE,
    MAX_CHUNK,
    MAX_P,
    MAX_PLANETS,
    NONE,
    OPT_MOTHERSHIP,
    PPS_MAX,
    S_ALLY,
    S_CARD_D,
    S_CARD_O,
    S_CARRIER,
    S_CENTRE,
    S_CLAIM_N,
    S_CLAIMANT,
    S_CTX_MAX,
    S_CTX_N,
    S_CZ_ARG,
    S_CZ_KIND,
    S_DEAL,
    S_DEF,
    S_FOREIGN,
    S_HAND_N,
    S_HAND_VER,
    S_HB_FC,
    S_HOME,
    S_NOPT,
    S_OFF,
    S_OPT,
    S_PEND_POWER,
    S_POWER,
    S_PS,
    S_REVEALED,
    S_RWD,
    S_SCR,
    S_TARGET,
    S_WARP,
    S_WEIGHTED,
    S_WHO,
    S_WING,
    SRC_SHIFT,
    aa_totals_w,
    best_attack,
    deal_col_do,
    deal_col_od,
    healer_for,
    leader,
    main_power,
    ship_limit,
    ship_weight,
    side_weights,
    with_forecast,
    zombie_keeps,
)

# int64 and float64 arguments, never literals: one compiled version per function (a literal 0 or
# -1 would compile another, test_ce_one_compiled_version_per_function)
_Z = np.int64(0)
SC_MEAN = S_SCR
SC_BA = S_SCR + 1
SC_BA_VER = SC_BA + MAX_P
NEG = -(1 << 40)


# How a strategy uses its OWN optional power, for its estimates of what that power will do (a
# naive power policy must not count on a use it will not make): basic's own rule, never, always,
# or at random (a coin for a yes/no use).
OWN_BASIC, OWN_NEVER, OWN_ALWAYS, OWN_RANDOM = (np.int64(k) for k in range(4))


from simsuite.games.cosmic.bots.basic.weights import (  # noqa: E402 (basic's named weights)
    W_ALLY_SHIPS,
    W_ANSWER_ANTI_MATTER,
    W_ANSWER_HEALER,
    W_ANSWER_MACRON,
    W_ANSWER_VIRUS,
    W_ANSWER_ZOMBIE,
    weight,
    weight_int,
)

# What `me` forecasts of the other players' powers: each answer weight (weights.py, answer_*) at 1
# counts another player's power as the engine's rules apply it, at 0 as if that power were not at
# the table; me's own power always counts. At the defaults (1) every forecast below is the engine's
# own (api.side_weights, api.main_power, api.predicted_aa).


@njit(inline="always")
def seen_power(st, cfg, me, o, d, a, k):
    """api.main_power(st, o, d, a) as `me` forecasts it: 0 when the power is another player's and
    me plays as if it were absent (answer weight k below 0.5)."""
    side = main_power(st, o, d, a)
    if side == 0:
        return 0
    w = o if side == 1 else d
    if w != me and weight(st, cfg, me, k) < 0.5:
        return 0
    return side


@njit
def seen_side_weights(st, cfg, me):
    """api.side_weights as `me` forecasts them: another player's active power whose ships weigh more
    (its file's SHIP_WEIGHT: the Macron's 4, CE.22.9) has them weigh 1 when me plays as if that power
    were absent (answer_macron 0)."""
    own_o, al_o, own_d, al_d = side_weights(st, cfg)
    others = st[S_WEIGHTED] & ~(np.int64(1) << me)
    if others == 0 or weight(st, cfg, me, W_ANSWER_MACRON) >= 0.5:
        return own_o, al_o, own_d, al_d
    for m in range(cfg[C_NP]):
        if ((others >> m) & 1) == 0 or st[S_POWER + m] != 1:
            continue
        x = ship_weight(st, m) - 1  # what each of its ships adds beyond an ordinary one
        if m == st[S_OFF]:
            own_o -= x * st[S_CENTRE]
        if m == st[S_DEF] and st[S_TARGET] >= 0:
            own_d -= x * st[S_PS + m * MAX_PLANETS + st[S_TARGET]]
        al_o -= x * st[S_WING + m]
        al_d -= x * st[S_CARRIER + m]
    return own_o, al_o, own_d, al_d


@njit
def seen_aa(st, cfg, me, vo, vd, dk_o, dk_d):
    """api.predicted_aa as `me` forecasts it: (T_O, T_D, lower_wins) with card values vo / vd and
    dk_o / dk_d more ship weight of the offense / defense itself, from seen_side_weights and the
    Anti-Matter and Virus powers me answers (answer_anti_matter, answer_virus)."""
    o = st[S_OFF]
    d = st[S_DEF]
    own_o, al_o, own_d, al_d = seen_side_weights(st, cfg, me)
    virus = seen_power(st, cfg, me, o, d, A_VIRUS, W_ANSWER_VIRUS)
    al_o, al_d, anti = with_forecast(st, al_o, al_d, seen_power(st, cfg, me, o, d, A_ANTI_MATTER,
                                                                W_ANSWER_ANTI_MATTER), virus)
    return aa_totals_w(own_o + dk_o, al_o, own_d + dk_d, al_d, vo, vd, anti, virus)


@njit
def ally_ships(st, cfg, me, own):
    """How many ships basic sends as an ally: the weight ally_ships (weights.py), or the most the engine allows (4,
    ``api.ship_limit``) when none it loses would reach the warp (``warp_share``, e.g. a Zombie's)."""
    return np.int64(4) if warp_share(st, cfg, me, me, own) == 0.0 else weight_int(st, cfg, me, W_ALLY_SHIPS)


@njit
def ally_weight(st, cfg, me, own):
    """The weight basic's ships add to a side it joins, by the engine's rules: the ships it sends
    (``ally_ships``), at most ``api.ship_limit`` (a Macron ally: one ship), times the weight of one
    (``api.ship_weight``: 4 for a Macron). A Macron ally is one ship of weight 4."""
    k = ally_ships(st, cfg, me, own)
    lim = ship_limit(st, me)
    return (k if k < lim else lim) * ship_weight(st, me)


@njit
def warp_share(st, cfg, p, me, own):
    """The expected share of p's ships lost in this encounter that reach the warp, by who the
    engine asks at the loss (E.LOSS, CE.20.6; ``api.zombie_keeps`` / ``api.healer_for``): none of
    an active Zombie's, whose power puts them on its colonies (CE.22.20); none of a player an
    active Healer heals (CE.22.7; the Healer gains a card, so it heals unless that player is one
    colony from victory, as ``powers.healer`` does); all of them otherwise, or when p would have no
    colony left to receive them. Where `me` holds the saving power, `own` says whether it will use
    it (OWN_*). 1.0 with no Zombie or Healer at the table."""
    if st[S_HOME + p] + st[S_FOREIGN + p] < 1:
        return 1.0
    # answer_zombie / answer_healer 0: another player's Zombie or Healer is played as if absent
    if zombie_keeps(st, p) == 1 and (p == me or weight(st, cfg, me, W_ANSWER_ZOMBIE) >= 0.5):
        if p != me or own == OWN_BASIC or own == OWN_ALWAYS:
            return 0.0  # basic always uses the Zombie's power (powers.power_decide)
        return 1.0 if own == OWN_NEVER else 0.5
    h = healer_for(st, p)
    if h >= 0 and (h == me or weight(st, cfg, me, W_ANSWER_HEALER) >= 0.5) and not threat(st, cfg, p):
        if h != me or own == OWN_BASIC or own == OWN_ALWAYS:
            return 0.0
        return 1.0 if own == OWN_NEVER else 0.5
    return 1.0


@njit
def best_attack_seen(st, cfg, p):
    """best_attack of p's own hand, cached until the hand changes (asked by several decisions of
    an encounter; the hand is unchanged in between)."""
    v = st[S_HAND_VER + p] + 1
    if st[SC_BA_VER + p] != v:
        st[SC_BA_VER + p] = v
        st[SC_BA + p] = best_attack(st, cfg, p)
    return st[SC_BA + p]


@njit
def mean_attack(st, cfg):
    """Mean attack value of the deck (a guess at a typical opponent card), cached in the scratch."""
    v = st[SC_MEAN]
    if v > 0:
        return (v - 1) / 16.0
    s = 0
    k = 0
    for c in range(cfg[C_N_CARDS]):
        if cfg[C_CARD_KIND + c] == K_ATTACK:
            s += cfg[C_CARD_VAL + c]
            k += 1
    m = s / k if k > 0 else 0.0
    st[SC_MEAN] = int(m * 16) + 1
    return m


@njit(inline="always")
def _good_chunk(s, need):
    """The chunk a colony with s ships should give: all but one (a colony ends with its last ship,
    CE.16.1), at least 1, at most what is still needed."""
    good = s - 1 if s > 1 else 1
    return good if good < need else need


@njit(inline="always")
def _source_value(me, pl, c, s, good, need):
    """Rating of taking c ships from source pl (s ships there): the biggest stack first, a chunk
    near `good`, never more than needed, ending a colony last (a foreign one counts toward
    victory, CE.18); the mothership (RESETTLE) before any colony."""
    if pl == OPT_MOTHERSHIP:
        return 1000 + c
    v = 10 * s - 2 * abs(c - good)
    if c > need:
        v -= 1000
    if c == s:
        v -= 50 if pl // PPS_MAX == me else 100
    return v


@njit
def _pick_source_any(st, me, need, can_stop):
    """pick_source rating every option (for an option list not laid out as take_ships does)."""
    bi = -1
    bv = NEG
    for i in range(st[S_NOPT]):
        code = st[S_OPT + i]
        if code < 0:
            continue
        pl = code // SRC_SHIFT
        s = st[S_PS + me * MAX_PLANETS + pl] if pl != OPT_MOTHERSHIP else 0
        v = _source_value(me, pl, code % SRC_SHIFT, s, _good_chunk(s, need), need)
        if v > bv:
            bv = v
            bi = i
    if bi < 0 or (can_stop and bv < 0):
        return 0
    return bi


@njit
def pick_source(st, cfg, me, want):
    """Ship-source decisions (options src_code(pl, k)): stop (option -1, when offered) once `want`
    ships are taken; otherwise take from the biggest stack a chunk that keeps one ship there (a
    colony ends with its last ship, CE.16.1; a foreign colony counts toward victory, CE.18), and
    never more than still wanted. Stops rather than end a colony once the minimum is met."""
    n = st[S_NOPT]
    taken = st[S_CTX_N]
    can_stop = st[S_OPT] == NONE
    if can_stop and taken >= want:
        return 0
    need = want - taken
    bi = -1
    bv = NEG
    # The options of one source are consecutive codes k = 1 .. min(ships there, room) (CE.50
    # sources, as take_ships lists them). Along them the value below rises to a single peak
    # (k = good; the mothership: the largest k) and then falls, so only each source's peak is
    # rated: the same answer as rating every option.
    room = st[S_CTX_MAX] - taken
    if room > MAX_CHUNK:
        room = MAX_CHUNK
    i = 0
    while i < n:
        code = st[S_OPT + i]
        if code < 0:
            i += 1
            continue
        pl = code // SRC_SHIFT
        if pl == OPT_MOTHERSHIP:
            s = 0
            m = st[S_CENTRE]
            good = m
        else:
            s = st[S_PS + me * MAX_PLANETS + pl]
            m = s
            good = _good_chunk(s, need)
        if m > room:
            m = room
        c = good if good < m else m
        if c < 1:
            c = 1
        if code % SRC_SHIFT != 1 or i + m > n or st[S_OPT + i + m - 1] != code + m - 1:
            return _pick_source_any(st, me, need, can_stop)  # not the usual layout
        v = _source_value(me, pl, c, s, good, need)
        if v > bv:
            bv = v
            bi = i + c - 1
        i += m
    if bi < 0:
        return 0
    if can_stop and bv < 0:
        return 0
    return bi


@njit(inline="always")
def place_score(st, cfg, me, pl):
    """Where a ship of `me` is most useful: home planets defend when the system is attacked
    (CE.10.2), so the home planet with the fewest ships first; foreign colonies after."""
    k = st[S_PS + me * MAX_PLANETS + pl]
    if pl // PPS_MAX == me:
        return 100 - k
    return 50 - k


@njit
def pick_planet(st, cfg, me):
    """Best plain planet option (D_REGROUP, D_REWARD; ignores -1 / OPT_MOTHERSHIP); -1 if none."""
    bi = -1
    bv = NEG
    for i in range(st[S_NOPT]):
        pl = st[S_OPT + i]
        if pl < 0 or pl == OPT_MOTHERSHIP:
            continue
        v = place_score(st, cfg, me, pl)
        if v > bv:
            bv = v
            bi = i
    return bi


@njit
def pick_place(st, cfg, me):
    """D_PLACE (options src_code(pl, k)): every ship still to place onto the best colony at once."""
    bi = 0
    bv = NEG
    for i in range(st[S_NOPT]):
        code = st[S_OPT + i]
        v = place_score(st, cfg, me, code // SRC_SHIFT) * 8 + code % SRC_SHIFT
        if v > bv:
            bv = v
            bi = i
    return bi


@njit
def find_option(st, v):
    for i in range(st[S_NOPT]):
        if st[S_OPT + i] == v:
            return i
    return -1


@njit
def would_win(st, cfg, p, pl):
    """1 if a new colony of p on planet pl would give p victory (a new foreign colony, CE.18)."""
    if pl < 0 or pl // PPS_MAX == p or st[S_PS + p * MAX_PLANETS + pl] > 0:
        return 0
    return 1 if st[S_FOREIGN + p] + 1 >= cfg[C_WIN_COLONIES] else 0


@njit
def threat(st, cfg, p):
    """p is one foreign colony away from victory."""
    return st[S_FOREIGN + p] + 1 >= cfg[C_WIN_COLONIES]


@njit
def card_keep_value(cfg, c):
    """How much a card is worth keeping (for deal gifts and discards)."""
    k = cfg[C_CARD_KIND + c]
    if k == K_ATTACK:
        return cfg[C_CARD_VAL + c]
    if k == K_NEGOTIATE:
        return 7
    if k == K_FLARE:
        return 6  # comes back to the hand after each use (CE.45.3)
    if cfg[C_CARD_VAL + c] == ART_ZAP:
        return 2
    return 5


@njit
def cheapest_card(st, cfg):
    """Option index of the card worth least (D_DEAL_GIVE, D_PLAGUE_DISCARD)."""
    bi = 0
    bv = 1 << 30
    for i in range(st[S_NOPT]):
        v = card_keep_value(cfg, st[S_OPT + i])
        if v < bv:
            bv = v
            bi = i
    return bi


@njit
def pick_card(st, cfg, me):
    """D_CARD: the smallest attack card that should beat a typical opposing card (G, raised when the
    encounter decides the game); when none can, a negotiate (the encounter is lost anyway: it gives
    compensation, or a deal), else the lowest attack card (save the high ones, CE.10)."""
    o = st[S_OFF]
    own_o, al_o, own_d, al_d = seen_side_weights(st, cfg, me)  # S_O and S_D of CE.10.2 as me forecasts them
    so = own_o + al_o + st[S_HB_FC]  # and what alien files add to the totals (api.with_forecast)
    sd = own_d + al_d + st[S_HB_FC + 1]
    t = st[S_TARGET]
    G = mean_attack(st, cfg)
    if me == o:
        margin = so - sd
        important = would_win(st, cfg, o, t)
        need = 1
    else:
        margin = sd - so
        important = would_win(st, cfg, o, t)
        need = 0
    if important == 1:
        G = G * 1.6
    lo_i = -1
    lo_v = 1 << 30
    ok_i = -1
    ok_v = 1 << 30
    hi_i = -1
    hi_v = -1
    neg_i = -1
    for i in range(st[S_NOPT]):
        c = st[S_OPT + i]
        if cfg[C_CARD_KIND + c] == K_NEGOTIATE:
            neg_i = i
            continue
        v = cfg[C_CARD_VAL + c]
        if v < lo_v:
            lo_v = v
            lo_i = i
        if v > hi_v:
            hi_v = v
            hi_i = i
        if v + margin - need >= G and v < ok_v:
            ok_v = v
            ok_i = i
    if ok_i >= 0:
        return ok_i
    if hi_i >= 0 and important == 1:
        return hi_i
    if neg_i >= 0:
        return neg_i
    return lo_i if lo_i >= 0 else 0


@njit(inline="always")
def _side_of(st, q):
    """The side q is on in the current encounter: 1 offense, 2 defense (main player or ally), 0 none."""
    if q == st[S_OFF]:
        return 1
    if q == st[S_DEF]:
        return 2
    return st[S_ALLY + q]


@njit
def artifact_value(st, cfg, me, code, ld):
    """Value of playing artifact `code` now (<= 0: better to pass); ld = the leader other than me."""
    kind = code // 64
    param = code % 64
    N = cfg[C_NP]
    o = st[S_OFF]
    d = st[S_DEF]
    if kind == ART_ZAP:
        return 1 if param != me else -1
    if kind == ART_CARD_ZAP:  # FFG2008 (data.md): cancel an artifact that hurts me or my side
        if param == me:
            return -1
        return _card_zap_value(st, cfg, me)
    if kind == ART_IONIC:  # FFG2008: stop what an opponent is about to take, never my own side's
        theirs, mine = ionic_stakes(st, cfg, me)
        return -1 if mine > 0 else theirs - 1  # worth it from 2 cards / rewards on
    if kind == ART_QUASH:  # FFG2008: a deal I am not a party to that gives an opponent a colony
        return quash_value(st, cfg, me)
    if kind == ART_GAS:
        if d >= 0 and ((param == o and me == d) or (param == d and me == o)):
            return 3
        return -1
    if kind == ART_MOBIUS:
        v = 2 * st[S_WARP + me]
        for q in range(N):
            if q != me:
                v -= st[S_WARP + q]
        return v - 3
    if kind == ART_PLAGUE:
        if param == me:
            return -10
        if param != ld or st[S_FOREIGN + param] < 2:
            return -1
        return st[S_FOREIGN + param] - st[S_FOREIGN + me] + 1
    if kind == ART_FORCE_FIELD:
        v = 0
        for q in range(N):
            if (param >> q) & 1:
                if me == o:
                    v += st[S_CARRIER + q] - 2 * st[S_WING + q]
                elif me == d:
                    v += st[S_WING + q] - 2 * st[S_CARRIER + q]
                else:
                    v -= 1
        return v - 1
    if kind == ART_EMOTION:
        if st[S_REVEALED] == 0 or st[S_CARD_O] < 0 or st[S_CARD_D] < 0:
            return -1
        if cfg[C_CARD_KIND + st[S_CARD_O]] != K_ATTACK or cfg[C_CARD_KIND + st[S_CARD_D]] != K_ATTACK:
            return -1  # A/N: a deal instead would only help the negotiator
        # who wins as it stands, by the engine's totals (Anti-Matter, Virus, Macron) as me answers them
        to, td, lower = seen_aa(st, cfg, me, float(cfg[C_CARD_VAL + st[S_CARD_O]]),
                                float(cfg[C_CARD_VAL + st[S_CARD_D]]), _Z, _Z)
        owin = to < td if lower == 1 else to > td
        if me == o and not owin:
            return 4
        if me == d and owin:
            return 4
        if me != o and me != d and owin and would_win(st, cfg, o, st[S_TARGET]) == 1:
            return 3
        return -1
    return -1


@njit
def _same_side(st, me, q):
    """q is me, or on my side of the encounter."""
    if q == me:
        return True
    side = _side_of(st, me)
    return side > 0 and _side_of(st, q) == side


@njit
def ionic_stakes(st, cfg, me):
    """What an Ionic Gas played now (FFG2008, data.md) would stop: (cards and rewards going to my
    opponents, those going to me or my side). Asked at the defensive rewards (some st[S_RWD] owed)
    or at a compensation (st[S_CLAIMANT] takes up to st[S_CLAIM_N] cards from the other main
    player's hand; cards taken from me count twice against that player). At the rewards, the
    compensation an offense that negotiated may still claim counts as mine: the gas cancels it too."""
    N = cfg[C_NP]
    o = st[S_OFF]
    d = st[S_DEF]
    theirs = 0
    mine = 0
    owed = 0
    for q in range(N):
        owed += st[S_RWD + q]
    if owed > 0:
        for q in range(N):
            r = st[S_RWD + q]
            if r > 0:
                if _same_side(st, me, q):
                    mine += r
                else:
                    theirs += r
        co = st[S_CARD_O]
        if me == o and co >= 0 and cfg[C_CARD_KIND + co] == K_NEGOTIATE:
            mine += 1
        return theirs, mine
    c = st[S_CLAIMANT]
    if c < 0 or d < 0:
        return theirs, mine
    opp = d if c == o else o
    n = st[S_CLAIM_N]
    if st[S_HAND_N + opp] < n:
        n = st[S_HAND_N + opp]
    if _same_side(st, me, c):
        mine += n
    else:
        theirs += n
        if opp == me:
            theirs += n
    return theirs, mine


@njit
def quash_value(st, cfg, me):
    """Quash (FFG2008) of the deal just made, st[S_DEAL]: worth it when I am not a party and the
    deal gives a main player a colony; much more when that colony would win it the game."""
    o = st[S_OFF]
    d = st[S_DEF]
    code = st[S_DEAL]
    if me == o or me == d or code < 0:
        return -1
    v = -1
    to_o = deal_col_do(code)
    to_d = deal_col_od(code)
    if to_o >= 0:
        v = 2 + 10 * would_win(st, cfg, o, to_o)
    if to_d >= 0:
        v = max(v, 2 + 10 * would_win(st, cfg, d, to_d))
    return v


@njit
def _card_zap_value(st, cfg, me):
    """Card Zap asked about the artifact st[S_CZ_KIND] (param st[S_CZ_ARG]): cancel a Cosmic Zap on
    my power or my side's, a Plague on me or my side, an Ionic Gas that would stop my side's
    compensation or rewards, a Quash of a deal I made, and a Card Zap that cancels my own play."""
    k = st[S_CZ_KIND]
    if k == ART_ZAP:
        z = st[S_PEND_POWER]
        if z == me:
            return 3
        return 2 if _side_of(st, me) > 0 and _same_side(st, me, z) else -1
    if k == ART_PLAGUE:
        v = st[S_CZ_ARG]
        if v == me:
            return 4
        return 2 if _side_of(st, me) > 0 and _same_side(st, me, v) else -1
    if k == ART_IONIC:
        theirs, mine = ionic_stakes(st, cfg, me)
        return 3 if mine > 0 else -1
    if k == ART_QUASH:
        return 3 if (me == st[S_OFF] or me == st[S_DEF]) and st[S_DEAL] >= 0 else -1
    if k == ART_CARD_ZAP:
        return 3 if st[S_CZ_ARG] == me else -1
    return -1


@njit
def pick_artifact(st, cfg, me):
    """D_ARTIFACT / D_NEW_HAND: the best play with a positive value, else option 0 (pass/discard)."""
    bi = 0
    bv = 0
    ld = leader(st, cfg, me)
    for i in range(st[S_NOPT]):
        code = st[S_OPT + i]
        if code < 0:
            continue
        v = artifact_value(st, cfg, me, code, ld)
        if v > bv:
            bv = v
            bi = i
    return bi


@njit
def deal_value(st, cfg, me, code):
    """Rough value of a deal code for `me` (a main player): colonies received count, a colony that
    makes the opponent win is a disaster, a colony that makes me win is the best."""
    o = st[S_OFF]
    opp = st[S_DEF] if me == o else o
    v = 0
    p_do = deal_col_do(code)
    p_od = deal_col_od(code)
    mine = p_do if me == o else p_od
    theirs = p_od if me == o else p_do
    if mine >= 0:
        v += 6 if mine // PPS_MAX != me else 3
        if would_win(st, cfg, me, mine) == 1:
            v += 100
    if theirs >= 0:
        v -= 4 if theirs // PPS_MAX != opp else 2
        if would_win(st, cfg, opp, theirs) == 1:
            v -= 100
    return v
