"""The `basic` heuristic's optional alien-power decisions (CE.50.20), one documented function per
power. ``power_decide`` dispatches on ``st[S_PK]``; each function returns an option INDEX into
``st[S_OPT:]`` (index 0 is always PASS, except for the Mutant's source choice).

A strategy file overrides one power by answering that kind itself and passing the rest on::

    if kind == D_POWER and st[S_PK] == PK_TRADER:
        return my_trader(st, cfg, me)
    return basic_decide(kind, st, cfg, me)

Information: only what ``me`` may see (CE.70.14): hands through ``seen_hand_n`` /
``seen_hand_card`` (its own, or the hand its Mind power saw, as it was then), encounter cards through ``card_visible`` (revealed, or face up early because
of the Oracle).
"""
import numpy as np
from numba import njit

from simsuite.games.cosmic.api import (
    AMOEBA_REMOVE,
    C_CARD_KIND,
    C_CARD_VAL,
    K_ATTACK,
    K_NEGOTIATE,
    MAX_HAND,
    MAX_PLANETS,
    NONE,
    PK_AMOEBA,
    PK_AMOEBA_BACK,
    PK_CHOICE,
    PK_CHRONOS,
    PK_HEALER,
    PK_HOW_MANY,
    PK_MIND,
    PK_MUTANT,
    PK_MUTANT_SRC,
    PK_PARASITE,
    PK_PHILANTHROPIST,
    PK_RELEASE,
    PK_SORCERER,
    PK_TRADER,
    S_CARD_D,
    S_CARD_O,
    S_DEF,
    S_EMOTION,
    S_FOREIGN,
    S_HAND,
    S_HAND_N,
    S_NEG_SIDE,
    S_NOPT,
    S_OFF,
    S_OPT,
    S_PK,
    S_PK_ARG,
    S_PS,
    S_TARGET,
    SIDE_DEFENSE,
    SIDE_OFFENSE,
    best_attack_in,
    card_visible,
    seen_hand_base,
    seen_hand_card,
    seen_hand_n,
    ship_weight,
)
from simsuite.games.cosmic.bots.basic.cardplay import offense_win_prob, sorcerer_swaps
from simsuite.games.cosmic.bots.basic.heuristics import (
    OWN_BASIC,
    ally_weight,
    card_keep_value,
    find_option,
    mean_attack,
    seen_aa,
    threat,
    warp_share,
    would_win,
)

_Z = np.int64(0)  # int64, not a literal: one compiled version per function
AVG_CARD_KEEP = 6.0  # a typical card's keep value (card_keep_value over the published deck)


@njit
def _opp(st, me):
    return st[S_DEF] if me == st[S_OFF] else st[S_OFF]


@njit
def _side(st, p):
    return SIDE_OFFENSE if p == st[S_OFF] else SIDE_DEFENSE


@njit
def _card(st, p):
    return st[S_CARD_O] if p == st[S_OFF] else st[S_CARD_D]


@njit
def card_strength(cfg, c):
    """An encounter card as a number: its attack value, 0 for a negotiate."""
    return cfg[C_CARD_VAL + c] if cfg[C_CARD_KIND + c] == K_ATTACK else 0


@njit
def expected_opponent_card(st, cfg, me):
    """What `me` expects the opponent's encounter card to be worth: the card itself if visible,
    the best attack in its hand if `me` saw that hand (Mind), else the deck's mean attack."""
    q = _opp(st, me)
    c = _card(st, q)
    if c >= 0 and card_visible(st, _side(st, q)) == 1:
        return float(card_strength(cfg, c))
    n = seen_hand_n(st, me, q)
    if n >= 0:
        b = best_attack_in(st, cfg, seen_hand_base(st, me, q), n)
        return float(b if b >= 0 else 0)
    return mean_attack(st, cfg)


@njit
def offense_wins_aa(st, cfg, me, vo, vd, dk_o, dk_d):
    """Whether the offense would win an attack/attack with card values vo / vd and dk_o / dk_d
    more ship weight of the offense / defense itself in the encounter, as the engine totals it
    (Macron, Anti-Matter revision 2, Virus; ties to the defense), each other player's power as me
    answers it (``heuristics.seen_aa``)."""
    to, td, lower = seen_aa(st, cfg, me, vo, vd, dk_o, dk_d)
    return to < td if lower == 1 else to > td


@njit
def _amoeba_wins(st, cfg, me, v, g, dk):
    """Whether me (a main player with card value v against an expected card g) wins the A/A with
    dk more of its ships in the encounter (dk < 0: fewer)."""
    w = dk * ship_weight(st, me)
    if me == st[S_OFF]:
        return offense_wins_aa(st, cfg, me, v, g, w, _Z)
    return not offense_wins_aa(st, cfg, me, g, v, _Z, w)


@njit
def amoeba(st, cfg, me):
    """W-8: with an attack face down that would lose to the expected opposing card, make the
    smallest change (at most 4 ships added, or ships taken back, e.g. against an Anti-Matter,
    where the lower total wins) that wins it, with one ship to spare where it can; with a
    negotiate, pass: ships lost to an attack bring compensation cards."""
    c = _card(st, me)
    if c < 0 or cfg[C_CARD_KIND + c] == K_NEGOTIATE:
        return 0
    v = float(card_strength(cfg, c))
    g = expected_opponent_card(st, cfg, me)
    if _amoeba_wins(st, cfg, me, v, g, _Z):
        return 0
    best = 0
    bd = 1 << 30
    for i in range(1, st[S_NOPT]):
        o = st[S_OPT + i]
        dk = o if o < AMOEBA_REMOVE else AMOEBA_REMOVE - o
        if dk > 4 or abs(dk) >= bd or not _amoeba_wins(st, cfg, me, v, g, dk):
            continue
        best = i
        bd = abs(dk)
    if best > 0:  # one ship to spare: the opposing card is only a guess
        o = st[S_OPT + best]
        spare = find_option(st, o + 1) if (o < AMOEBA_REMOVE and o < 4) or o > AMOEBA_REMOVE else -1
        if spare > 0:
            best = spare
    return best


@njit
def chronos(st, cfg, me):
    """W-9: travel back in time when the revealed cards lose the encounter for me."""
    o = st[S_OFF]
    co = st[S_CARD_O]
    cd = st[S_CARD_D]
    ao = cfg[C_CARD_KIND + co] == K_ATTACK and st[S_EMOTION] == 0 and (st[S_NEG_SIDE] & 1) == 0
    ad = cfg[C_CARD_KIND + cd] == K_ATTACK and st[S_EMOTION] == 0 and (st[S_NEG_SIDE] & 2) == 0
    lose = False
    if ao and ad:
        owin = offense_wins_aa(st, cfg, me, float(cfg[C_CARD_VAL + co]), float(cfg[C_CARD_VAL + cd]), _Z, _Z)
        lose = owin if me != o else not owin
    elif ao or ad:
        lose = (me == o and ad) or (me != o and ao)
    return 1 if lose else 0


@njit
def healer(st, cfg, me):
    """E.LOSS: heal (and draw a card) unless the player is one colony from victory (measured: also
    refusing players two colonies ahead of me lost more, in cards, than it denied them)."""
    q = st[S_PK_ARG]
    if threat(st, cfg, q):
        return 0
    return 1


@njit
def mind(st, cfg, me):
    """W-2..W-7: always look (information is free): the opponent, or the offense."""
    return 1 if st[S_NOPT] > 1 else 0


@njit
def mutant(st, cfg, me):
    """W-8..W-10: regenerate whenever it can (the engine offers it below 7 cards). Measured
    (power-value sweep): waiting until the hand is down to 4 cost 3-4 pp of win share."""
    return 1 if st[S_NOPT] > 1 else 0


@njit
def mutant_source(st, cfg, me):
    """Each card from the deck. Measured (power-value sweep): taking cards from other players'
    hands costs the Mutant dearly (20% win share alone at 3 players, against 49% from the deck),
    because a player left without encounter cards draws a fresh hand (CE.17). With no deck
    option, the biggest hand."""
    i = find_option(st, NONE)
    if i >= 0:
        return i
    bi = 0
    bv = -1
    for i in range(st[S_NOPT]):
        q = st[S_OPT + i]
        if q >= 0 and st[S_HAND_N + q] > bv:
            bv = st[S_HAND_N + q]
            bi = i
    return bi


@njit
def parasite(st, cfg, me):
    """W-7: join the side likely to win with my ships (the engine's totals and ally weight, cardplay
    and heuristics.ally_weight); the offense only if it gives me a new colony and does not hand the
    offense the game; the risk accepted scales with the share of my lost ships that would reach
    the warp (heuristics.warp_share), as in basic's alliance answer."""
    o = st[S_OFF]
    t = st[S_TARGET]
    w = ally_weight(st, cfg, me, OWN_BASIC)  # the engine's weights: a Macron ally is one ship of 4
    f = warp_share(st, cfg, me, me, OWN_BASIC)  # ships that cannot reach the warp risk nothing
    gain = st[S_PS + me * MAX_PLANETS + t] == 0 and t // 5 != me
    danger = would_win(st, cfg, o, t) == 1 and would_win(st, cfg, me, t) == 0
    if gain and not danger and offense_win_prob(st, cfg, me, w, 0) >= 0.5 * f:
        i = find_option(st, SIDE_OFFENSE)
        return i if i >= 0 else 0
    if st[S_DEF] != me and offense_win_prob(st, cfg, me, 0, w) <= 0.5 + 0.5 * (1.0 - f):
        i = find_option(st, SIDE_DEFENSE)
        return i if i >= 0 else 0
    return 0


@njit
def philanthropist(st, cfg, me):
    """W-2..W-7: give away the card worth least to keep, to the main player who is not ahead
    (never to one about to win). Measured (power-value sweep): giving whenever it can beats
    giving only junk, because an emptied hand is refilled with a fresh one (CE.17)."""
    bi = 0
    bk = 1 << 30
    bf = 1 << 30
    for i in range(1, st[S_NOPT]):
        code = st[S_OPT + i]
        q = code % 8
        if threat(st, cfg, q):
            continue
        k = card_keep_value(cfg, code // 8)
        if k < bk or (k == bk and st[S_FOREIGN + q] < bf):
            bk = k
            bf = st[S_FOREIGN + q]
            bi = i
    return bi


@njit
def sorcerer(st, cfg, me):
    """W-8: swap when exchanging the face-down cards raises my expected utility against the
    opponent's card (seen, or any it may hold), by the engine's outcome rules
    (``cardplay.sorcerer_swaps``: the same forecast the opponents rate their cards against)."""
    return sorcerer_swaps(st, cfg, me)


@njit
def trader(st, cfg, me):
    """W-2..W-7: trade when the opponent's hand looks clearly stronger than mine (known through
    the Mind, else estimated from its size)."""
    q = _opp(st, me)
    mine = 0.0
    for i in range(st[S_HAND_N + me]):
        mine += card_keep_value(cfg, st[S_HAND + me * MAX_HAND + i])
    n = seen_hand_n(st, me, q)
    if n >= 0:
        theirs = 0.0
        for i in range(n):
            theirs += card_keep_value(cfg, seen_hand_card(st, me, q, i))
    else:
        theirs = AVG_CARD_KEEP * st[S_HAND_N + q]
    return 1 if theirs > mine + 6 else 0


@njit
def release(st, cfg, me):
    """Zombie's deal term: offer RELEASE(1) when no other deal is possible (it saves both sides
    the failed-deal penalty)."""
    return 1 if st[S_PK_ARG] < 0 and st[S_NOPT] > 1 else 0


@njit
def how_many(st, cfg, me):
    """An alien file's how-many question (alien_api.hb_ask_count, options 0 .. n): the number the
    file suggests (st[S_PK_ARG], its hint), clamped to the options; a file thus carries its
    holder's default policy."""
    h = st[S_PK_ARG]
    n = st[S_NOPT] - 1
    return h if 0 <= h <= n else (n if h > n else _Z)


@njit
def power_decide(st, cfg, me):
    """D_POWER for the basic heuristic: the powers above; every other optional power (Clone, Empath
    when optional, Filch, Laser, Pacifist, Vulch, Zombie) is always used: it never costs its owner."""
    pk = st[S_PK]
    if pk == PK_AMOEBA:
        return amoeba(st, cfg, me)
    if pk == PK_AMOEBA_BACK:
        return 0  # no use for moving ships between colonies through the encounter
    if pk == PK_CHRONOS:
        return chronos(st, cfg, me)
    if pk == PK_HEALER:
        return healer(st, cfg, me)
    if pk == PK_MIND:
        return mind(st, cfg, me)
    if pk == PK_MUTANT:
        return mutant(st, cfg, me)
    if pk == PK_MUTANT_SRC:
        return mutant_source(st, cfg, me)
    if pk == PK_PARASITE:
        return parasite(st, cfg, me)
    if pk == PK_PHILANTHROPIST:
        return philanthropist(st, cfg, me)
    if pk == PK_SORCERER:
        return sorcerer(st, cfg, me)
    if pk == PK_TRADER:
        return trader(st, cfg, me)
    if pk == PK_RELEASE:
        return release(st, cfg, me)
    if pk == PK_HOW_MANY:
        return how_many(st, cfg, me)
    if pk == PK_CHOICE:
        return 0  # an alien file's question (alien_api.hb_ask_option): the first option it listed
    return 1 if st[S_NOPT] > 1 else 0
