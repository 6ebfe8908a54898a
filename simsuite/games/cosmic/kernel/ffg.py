"""Cosmic kernel part: the steps only the Fantasy Flight edition has (`edition = FFG2008`, Part 2).

The destiny deck's wild and special cards (CE.33.5, CE.33.6), re-establishing a home colony
(CE.33.4 c), the morph card (CE.38), the reveal-phase reinforcements (CE.37) and the three FFG
artifacts: Card Zap (cancels an artifact as it is played), Ionic Gas (cancels the encounter's
compensation and defensive rewards), Quash (cancels a deal just made; the failed-deal penalty
follows), and the flares (CE.45) when a flare file is given (``ffg_flares``; off by default, so
``cfg[C_FLARE_N] == 0`` and no flare step runs). The shared steps call these behind ``cfg[C_EDITION] == ED_FFG2008``; nothing here runs
under AH2000 (its decks hold no morph, reinforcement or FFG artifact, and its order pile no wild
or special card).

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


@njit(inline="always")
def _kind_of(st, cfg, c, side):
    """Kind of revealed card c of side (1 offense, 2 defense): a morph stands for what the reveal
    made of it (CE.38); every other card is itself."""
    k = cfg[C_CARD_KIND + c]
    if k == K_MORPH:
        return st[S_EFF + 2 * side - 2]
    return k


@njit(inline="always")
def _val_of(st, cfg, c, side):
    if cfg[C_CARD_KIND + c] == K_MORPH:
        return st[S_EFF + 2 * side - 1]
    return cfg[C_CARD_VAL + c]


@njit
def ffg_morph(st, cfg):
    """CE.38 at the reveal: a morph copies the opponent's card (type and value); morph against
    morph: both attack 0 (A56 default) or both negotiate (ffg_double_morph = negotiate)."""
    co = st[S_CARD_O]
    cd = st[S_CARD_D]
    mo = cfg[C_CARD_KIND + co] == K_MORPH
    md = cfg[C_CARD_KIND + cd] == K_MORPH
    if mo and md:
        k = K_NEGOTIATE if cfg[C_DOUBLE_MORPH] == 1 else K_ATTACK
        st[S_EFF] = k
        st[S_EFF + 1] = 0
        st[S_EFF + 2] = k
        st[S_EFF + 3] = 0
    elif mo:
        st[S_EFF] = cfg[C_CARD_KIND + cd]
        st[S_EFF + 1] = cfg[C_CARD_VAL + cd]
    elif md:
        st[S_EFF + 2] = cfg[C_CARD_KIND + co]
        st[S_EFF + 3] = cfg[C_CARD_VAL + co]


@njit
def _reinf_options(st, cfg, p):
    """D_REINF options for p: -1 pass, then card * 4 + side for each distinct reinforcement card."""
    n = _card_options(st, cfg, p, K_REINF)  # one card id per distinct reinforcement
    for i in range(n - 1, -1, -1):  # spread in place from the end: each card, for either side
        c = st[S_OPT + i]
        st[S_OPT + 1 + 2 * i] = c * 4 + SIDE_OFFENSE
        st[S_OPT + 2 + 2 * i] = c * 4 + SIDE_DEFENSE
    st[S_OPT] = NONE
    return 1 + 2 * n


@njit
def _may_reinforce(st, cfg, q):
    """A55: every player (default), or only the main players and the allies."""
    if cfg[C_REINF_ALL] == 1 or q == st[S_OFF] or q == st[S_DEF] or st[S_ALLY + q] != 0:
        return 1
    return 0


@njit
def ffg_reinforcements(st, cfg, log, lg):
    """CE.37.2: after the reveal a priority loop (CE.44 order) in which each action is one
    reinforcement card for the side its player names; it closes when every player has passed in a
    row. The bonuses count only in A/A (CE.37.3, side_totals). The cards stay in play (S_REINF_IN)
    until the end of the encounter (CE.37.4, ffg_end_encounter): a deck reshuffle during the
    resolution (rewards) does not take them."""
    st[S_REINF] = 0
    st[S_REINF + 1] = 0
    N = cfg[C_NP]
    passed = 0
    i = I0
    while True:
        live = 0
        for q in range(N):
            if _may_reinforce(st, cfg, q) == 1 and _reinf_options(st, cfg, q) > 1:
                live |= 1 << q
        if (live & ~passed) == 0:
            return
        p = _prio(st, cfg, i)
        if (live >> p) & 1 and ((passed >> p) & 1) == 0:
            n = _reinf_options(st, cfg, p)
            st[S_NOPT] = n
            ch = _decide(st, cfg, p, D_REINF)
            if ch < 0:
                passed |= 1 << p
            else:
                c = ch // 4
                side = ch % 4
                _hand_remove(st, cfg, p, c)
                st[S_REINF + side - 1] += cfg[C_CARD_VAL + c]
                st[S_REINF_IN + st[S_REINF_N]] = c
                st[S_REINF_N] += 1
                passed = 0
                if lg:
                    _log(log, E_REINF, p, c, side, cfg[C_CARD_VAL + c], I0, I0)
        i += 1
        if i == N:
            i = 0


@njit
def ffg_end_encounter(st):
    """CE.37.4: at the end of the encounter the reinforcement cards played in it go to the discard
    pile, in the order they were played."""
    for i in range(st[S_REINF_N]):
        _discard(st, st[S_REINF_IN + i])
    st[S_REINF_N] = 0


@njit
def ffg_no_defense(st, cfg, o):
    """A52 with ffg_target_requires_defense_colony: True when no player but the offense has a colony
    in its own home system, so only the offense's own colour can give an encounter (EXPEL or
    RE-ESTABLISH, CE.33.4): the other cards are set aside until it comes up, REDRAW is not offered,
    and with neither option the encounter ends with no result (instead of drawing for ever)."""
    for q in range(cfg[C_NP]):
        if q != o and st[S_HOME + q] > 0:
            return False
    return True


@njit
def ffg_destiny_pick(st, cfg, o, c):
    """CE.33.5 wild card: the offense names any other player. CE.33.6 special cards (data.md): the
    player with the fewest ships in the warp, the most cards in hand or the most foreign colonies,
    the offense choosing among tied players (its own count is left out: data.md, assumed). With
    ffg_target_requires_defense_colony (A52) only players with a home colony can be named; NONE
    when no such player is left (the caller draws the next card)."""
    N = cfg[C_NP]
    best = np.int64(0)
    first = True
    for q in range(N):
        if q == o:
            continue
        v = _destiny_metric(st, q, c)
        if first or v > best:
            best = v
            first = False
    n = 0
    for j in range(1, N):  # listed clockwise from the offense's left (CE.0.5), not by seat index
        q = _cw(o, j, N)
        if c == DESTINY_WILD or _destiny_metric(st, q, c) == best:
            if cfg[C_TARGET_COLONY] == 1 and st[S_HOME + q] == 0:
                continue
            st[S_OPT + n] = q
            n += 1
    if n == 0:
        return NONE
    st[S_NOPT] = n
    return _decide(st, cfg, o, D_DESTINY)


@njit(inline="always")
def _destiny_metric(st, q, c):
    """Larger is chosen: minus warp ships, cards in hand, foreign colonies; 0 for the wild card."""
    if c == DESTINY_FEWEST_WARP:
        return -st[S_WARP + q]
    if c == DESTINY_MOST_CARDS:
        return st[S_HAND_N + q]
    if c == DESTINY_MOST_FOREIGN:
        return st[S_FOREIGN + q]
    return np.int64(0)


@njit(inline="always")
def _reestablish_ok(st, cfg, o, h):
    """CE.33.4 c / A54: home planet h has no ship of any player, and the offense has ships to send
    (from its colonies, or its regrouped ship on the gate)."""
    for q in range(cfg[C_NP]):
        if st[S_PS + q * MAX_PLANETS + h] > 0:
            return False
    return st[S_ONPL + o] > 0 or st[S_CENTRE] > 0


@njit
def ffg_reestablish(st, cfg, o, h, log, lg):
    """CE.33.4 c: 1 to 4 ships (Macron 1; with no colony, the gate ship alone) onto empty home
    planet h; no alliances, no cards; the encounter counts as successful (REESTABLISHED)."""
    kmax = ship_limit(st, o)
    k = take_ships(st, cfg, o, D_RESETTLE_SHIPS, I1, kmax, h, I1, log, lg)
    ships_add(st, cfg, o, h, k, log, lg)
    st[S_N_RESETTLE] += 1
    if lg:
        _log(log, E_RESETTLE, o, h, k, I0, I0, I0)


@njit
def ffg_answer(st, cfg, kind, param, log, lg):
    """Ionic Gas or Quash (data.md): holders asked in priority order; 1 if one was played and not
    cancelled by a Card Zap."""
    if st[S_ART_KIND + kind] <= 0:
        return 0
    q = _first_answer(st, cfg, kind, param)
    if q < 0:
        return 0
    return play_artifact(st, cfg, q, art_code(kind, param), log, lg)


@njit
def _card_zap_answer(st, cfg, p, kind, arg):
    """Card Zap (data.md): as p's artifact of `kind` (param `arg`) is played, the holders of a Card
    Zap are asked in priority order (CE.44); the first to play it cancels that artifact. Returns
    (seat, card) of the Card Zap played, taken from its hand and counted (the caller logs and
    places it), or (-1, -1). kind ART_CARD_ZAP: a Card Zap that p has just played against the
    play of seat `arg` (data.md: Card Zap cancels "an artifact", a Card Zap is one)."""
    if st[S_ART_KIND + ART_CARD_ZAP] <= 0:
        return NONE, NONE
    w_old = st[S_WINDOW]
    st[S_WINDOW] = T_POWER
    st[S_CZ_KIND] = kind  # what the holders are asked to cancel (D_ARTIFACT, api.py)
    st[S_CZ_ARG] = arg
    q = _first_answer(st, cfg, ART_CARD_ZAP, p)
    st[S_WINDOW] = w_old
    if q < 0:
        return NONE, NONE
    card = _take_artifact(st, cfg, q, ART_CARD_ZAP)
    st[S_N_ART] += 1
    st[S_ART_USED + ART_CARD_ZAP] += 1
    return q, card


# a Card Zap chain (Card Zap against Card Zap ...) is at most this long: with the two Card Zaps of
# data.md and a Vulch re-collecting them it ends well before; the bound keeps the loop finite
# whatever a strategy answers
CZ_CHAIN_MAX = np.int64(8)


@njit
def _counter_zaps(st, cfg, r, target, w, log, lg):
    """Card Zap against Card Zap: r has just played a Card Zap against `target`'s play; the holders
    of a Card Zap may cancel it, and that Card Zap in turn, and so on (a loop, not recursion:
    numba kernels stay non-recursive). Each counter Card Zap goes to the discard pile, the Vulch
    may collect it (a use not open to a Cosmic Zap here: collect_or_discard, as in a Zap chain).
    Returns 1 if r's Card Zap ends cancelled (an odd number of counters)."""
    cancelled = 0
    who = r
    whom = target
    for i in range(CZ_CHAIN_MAX):
        q, card = _card_zap_answer(st, cfg, who, ART_CARD_ZAP, whom)
        if q < 0:
            break
        if lg:
            _log(log, E_ARTIFACT, q, ART_CARD_ZAP, who, w, card, I0)
        collect_or_discard(st, cfg, q, card, log, lg)
        cancelled ^= 1
        whom = who
        who = q
    return cancelled


@njit
def ffg_card_zap(st, cfg, p, kind, arg, log, lg):
    """Card Zap against an artifact (param `arg`) played through play_artifact, or a flare (kind
    NONE). Returns 1 if it was cancelled (the Card Zap is then used and discarded), 0 if no Card
    Zap was played or the Card Zap was itself cancelled by another (_counter_zaps)."""
    q, card = _card_zap_answer(st, cfg, p, kind, arg)
    if q < 0:
        return 0
    if lg:
        _log(log, E_ARTIFACT, q, ART_CARD_ZAP, p, st[S_WINDOW], card, I0)
    artifact_discard(st, cfg, q, card, log, lg)
    return 1 - _counter_zaps(st, cfg, q, p, st[S_WINDOW], log, lg)


@njit
def ffg_zap_cancelled(st, cfg, q, p, log, lg):
    """Card Zap against a Cosmic Zap (an artifact, data.md): q has chosen to zap p's power (E.POWER,
    power_event); a Card Zap holder may cancel the Cosmic Zap as it is played. Returns 1 if it was
    cancelled: both cards are used and discarded and p's power takes effect. The Vulch may collect
    the two cards, but that collection is not open to a further Zap here (the chain ends, as in
    _play_zap: numba kernels stay non-recursive). A Card Zap cancelled by another (_counter_zaps)
    leaves the Cosmic Zap to take effect (returns 0; the caller plays it)."""
    r, czap = _card_zap_answer(st, cfg, q, ART_ZAP, p)
    if r < 0:
        return 0
    if lg:
        _log(log, E_ARTIFACT, r, ART_CARD_ZAP, q, T_POWER, czap, I0)
    collect_or_discard(st, cfg, r, czap, log, lg)
    if _counter_zaps(st, cfg, r, q, T_POWER, log, lg) == 1:
        return 0
    card = _take_artifact(st, cfg, q, ART_ZAP)
    st[S_N_ART] += 1
    st[S_ART_USED + ART_ZAP] += 1
    if lg:
        _log(log, E_ARTIFACT, q, ART_ZAP, p, T_POWER, card, I0)
    collect_or_discard(st, cfg, q, card, log, lg)
    return 1


@njit(inline="always")
def _flare_side(st, p):
    """The side p is on in the encounter: the offense, the defense, an ally's side; 0 none."""
    if p == st[S_OFF]:
        return SIDE_OFFENSE
    if p == st[S_DEF]:
        return SIDE_DEFENSE
    return st[S_ALLY + p]


@njit(inline="always")
def _flare_xm(st):
    """Planets a retrieved ship may not land on: the target planet until the outcome (its ships are
    in the encounter, CE.70.10, CE.70.11); none afterwards."""
    return _pbit(st[S_TARGET]) if st[S_RESULT] == R_NONE else np.int64(0)


@njit
def _flare_applies(st, cfg, p, fx):
    """1 if effect fx would change something for p now; a flare that would do nothing is not
    offered (so the priority loop closes, CE.70.19)."""
    if fx == FL_ADD_TOTAL:
        return 1 if _flare_side(st, p) > 0 else 0
    if fx == FL_DRAW:
        return 1 if st[S_DECK_N] + st[S_DISC_N] > 0 else 0
    if fx == FL_RETRIEVE:
        return 1 if st[S_WARP + p] > 0 and _colonies(st, p, _flare_xm(st)) != 0 else 0
    if fx == FL_CANCEL_COMP:
        return 1 if st[S_IONIC] == 0 else 0
    return 0


@njit
def _flare_options(st, cfg, p, t):
    """D_FLARE options of p at timing t (CE.50.22): -1 pass, then each flare card in p's hand with
    that timing which the limit allows (A59: p has played none this encounter, or with per_card
    this card has not been played this encounter) and whose effect for p (CE.45.4) does something."""
    st[S_OPT] = NONE
    n = 1
    if cfg[C_FLARE_LIMIT] == 0 and ((st[S_FLARE_BY] >> p) & 1) == 1:
        return n
    base = S_HAND + p * MAX_HAND
    for i in range(st[S_HAND_N + p]):
        c = st[base + i]
        if cfg[C_CARD_KIND + c] != K_FLARE:
            continue
        f = cfg[C_CARD_VAL + c]
        if cfg[C_FLARE_TIMING + f] != t or ((st[S_FLARE_USED] >> f) & 1) == 1:
            continue
        fx, amt = flare_effect(st, cfg, p, c)
        if _flare_applies(st, cfg, p, fx) == 1:
            st[S_OPT + n] = c
            n += 1
    return n


@njit
def _play_flare(st, cfg, p, c, log, lg):
    """p plays flare card c (CE.45). It counts against the limit as it is played (A59). A Card Zap
    may cancel it then (data.md); the cancelled flare goes to the discard pile, as a cancelled
    artifact does (the contract does not say; a card cancelled as it is played is spent). Else the
    effect (super for p's own usable alien, wild otherwise, CE.45.4) resolves at once and the flare
    goes back to p's hand (CE.45.3). While it resolves it is in play (CE.70.6: S_FLARE_PLAY)."""
    f = cfg[C_CARD_VAL + c]
    sup = flare_super(st, cfg, p, c)
    fx, amt = flare_effect(st, cfg, p, c)
    _hand_remove(st, cfg, p, c)
    st[S_FLARE_PLAY] = c + 1
    st[S_FLARE_BY] |= np.int64(1) << p
    st[S_FLARE_USED] |= np.int64(1) << f
    st[S_N_FLARE] += 1
    st[S_FLARE_ZAPQ] = 1  # tells the Card Zap holders (strategies) that a flare is being played
    zapped = ffg_card_zap(st, cfg, p, NONE, NONE, log, lg)  # NONE: not an artifact kind
    st[S_FLARE_ZAPQ] = 0
    if lg:
        _log(log, E_FLARE, p, c, f, I2 if zapped == 1 else sup, fx, amt)
    if zapped == 1:
        st[S_FLARE_PLAY] = 0
        _discard(st, c)
        return
    if fx == FL_ADD_TOTAL:
        st[S_FLARE_TOT + _flare_side(st, p) - 1] += amt
    elif fx == FL_DRAW:
        for j in range(amt):
            d = _draw(st, cfg, log, lg)
            if d < 0:
                break
            _hand_add(st, cfg, p, d)
    elif fx == FL_RETRIEVE:
        k = amt if amt < st[S_WARP + p] else st[S_WARP + p]
        st[S_WARP + p] -= k
        place_ships(st, cfg, p, k, _flare_xm(st), CTX_FLARE, log, lg)
    elif fx == FL_CANCEL_COMP:
        st[S_IONIC] = 1  # as Ionic Gas: compensation and defensive rewards of this encounter
    st[S_FLARE_PLAY] = 0
    _hand_add(st, cfg, p, c)


@njit
def ffg_flares(st, cfg, t, log, lg):
    """CE.45 / CE.50.22 at flare timing t (FT_*): a priority loop in the CE.44 order in which each
    action is one flare (PASS or play one); it closes when every player who could play has passed
    in a row since the last flare (as the reinforcements, CE.37.2)."""
    if st[S_DONE] == 1:
        return
    st[S_FLARE_T] = t
    N = cfg[C_NP]
    passed = 0
    i = I0
    while True:
        live = 0
        for q in range(N):
            if _flare_options(st, cfg, q, t) > 1:
                live |= 1 << q
        if (live & ~passed) == 0:
            return
        p = _prio(st, cfg, i)
        if (live >> p) & 1 and ((passed >> p) & 1) == 0:
            st[S_NOPT] = _flare_options(st, cfg, p, t)
            c = _decide(st, cfg, p, D_FLARE)
            if c < 0:
                passed |= 1 << p
            else:
                _play_flare(st, cfg, p, c, log, lg)
                passed = 0
                if st[S_DONE] == 1:
                    return
        i += 1
        if i == N:
            i = 0
