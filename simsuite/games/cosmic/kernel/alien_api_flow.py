"""Cosmic kernel part: the power API, continued (CE.20, CE.22; alien_api.py has its contract, the
dispatch to the hooks, the memory, the reads and the writes on totals and hands): the cards of the
encounter (one's own revealed card, kept, swapped, given, turned into a negotiate; a played card
taken back from the discard pile), questions with
options of the file's own and the how-many question, the course of the encounter (the reveal, a
time travel), own ships sent to the warp, the regroup and destiny reads, and step 8's order of
selection (who selects first, a card face up, a card drawn at random). Every public ``hb_*``
primitive opens its handles first, as in alien_api.py.

A part of the Cosmic kernel (see core.py): simsuite.engine.codegen pastes the parts that
``Cosmic.kernel_files`` (game.py) lists, in that order, into one module; names used here and
defined in no import below come from the other parts. Only the code below the marker line is pasted.
"""
import numpy as np
from numba import njit

from simsuite.engine.rng import below
from simsuite.games.cosmic.api import *
from simsuite.games.cosmic.handles import cfg_of, log_of, state_of
from simsuite.games.cosmic.records import *

# ---- kernel part body: simsuite.engine.codegen pastes what follows (this header is for a reader) ----


@njit
def hb_card(st, side):
    """The id of side's encounter card, -1 if none; hidden before the reveal. For hb_ask_about: what
    a use is about (a strategy reads the card's kind and value from it)."""
    st = state_of(st)
    if card_visible(st, side) == 0:
        _hb_misuse(st, HBE_HIDDEN)
        return NONE
    return st[S_CARD_O] if side == SIDE_OFFENSE else st[S_CARD_D]


@njit
def hb_keep_card(st, cfg, me):
    """on_outcome: `me`'s own encounter card goes back to its hand instead of the discard pile
    (CE.9.4; the Clone, CE.22.4). 1 if `me` is a main player, else 0 (a misuse)."""
    st = state_of(st)
    cfg = cfg_of(cfg)
    if _hb_in(st, _HM_OUTCOME) == 0:
        return I0
    if _hb_main(st, me) == 0:
        _hb_misuse(st, HBE_WINDOW)
        return I0
    if _hb_card_to(st, me) == 0:
        return I0
    st[S_HB_KEEP] = me
    return I1


@njit
def hb_last_card(st, side):
    """The card side revealed in this encounter once it reached the discard pile (step 10 on), -1
    if none (public)."""
    st = state_of(st)
    return st[S_LAST_CO] if side == SIDE_OFFENSE else st[S_LAST_CD]


@njit
def _disc_index(st, c):
    j = NONE
    for i in range(st[S_DISC_N]):
        if st[S_DISC + i] == c:
            j = i
    return j


@njit
def hb_in_discard(st, c):
    """1 if card c is in the discard pile (public)."""
    st = state_of(st)
    return I1 if (c >= 0 and _disc_index(st, c) >= 0) else I0


@njit
def hb_take_from_discard(st, cfg, me, c):
    """W-10 / on_outcome: `me` takes card c from the discard pile. 1 if it was there."""
    st = state_of(st)
    cfg = cfg_of(cfg)
    if _hb_in(st, np.int64(1 << 8) | _HM_OUTCOME) == 0 or c < 0:
        return I0
    j = _disc_index(st, c)
    if j < 0 or _hb_card_to(st, me) == 0:
        return I0
    n = st[S_DISC_N] - 1
    st[S_DISC + j] = st[S_DISC + n]
    st[S_DISC_N] = n
    st[S_DISC_GEN] += 1  # a card left the pile: strategies' caches of the pile recount it (cardplay.pool_ready)
    _hand_add(st, cfg, me, c)
    return I1


@njit
def hb_cards_down(st):
    """1 while both main players' encounter cards lie face down in front of them: selected (CE.9.1),
    not yet revealed (W-8)."""
    st = state_of(st)
    return I1 if (st[S_REVEALED] == 0 and st[S_CARD_O] >= 0 and st[S_CARD_D] >= 0) else I0


@njit
def hb_swap_cards(st, cfg, me):
    """W-8: the two face-down encounter cards change places, unseen (the Sorcerer, CE.22.16); each
    then counts as played by the side it lies in front of. 1 if swapped; `me` not a main player, or
    the cards not both face down: a misuse, and 0."""
    st = state_of(st)
    cfg = cfg_of(cfg)
    if _hb_in(st, _hook_bit(W_8)) == 0:
        return I0
    if _hb_main(st, me) == 0 or hb_cards_down(st) == 0:
        _hb_misuse(st, HBE_WINDOW)
        return I0
    x = st[S_CARD_O]
    st[S_CARD_O] = st[S_CARD_D]
    st[S_CARD_D] = x
    f = st[S_FACEUP]  # an Oracle's face-up card moves with the card
    st[S_FACEUP] = ((f & 1) << 1) | ((f >> 1) & 1)
    return I1


@njit
def hb_deck_size(st):
    """Cards left to draw: the deck and the discard pile that is shuffled into it when it runs out
    (CE.17.2) (public)."""
    st = state_of(st)
    return st[S_DECK_N] + st[S_DISC_N]


@njit
def hb_left(cfg, me, j):
    """The seat j places clockwise from `me` (1: its left neighbour; CE.0.5: the rules' order
    round the table, not the seat index)."""
    cfg = cfg_of(cfg)
    return _cw(me, j, cfg[C_NP])


@njit
def hb_options_clear(st):
    """Start listing the options of a question (hb_option, then hb_ask_option)."""
    st = state_of(st)
    st[S_HB_NOPT] = 0


@njit
def hb_option(st, v):
    """Add value v (a seat, a number, -1 for "the deck" ...: what the question's kind means) to the
    options listed; past MAX_OPT options: a misuse, and 0. 1 if listed."""
    st = state_of(st)
    n = st[S_HB_NOPT]
    if n >= MAX_OPT:
        _hb_misuse(st, HBE_WINDOW)
        return I0
    st[S_OPT + n] = v
    st[S_HB_NOPT] = n + 1
    return I1


@njit
def hb_options(st):
    """How many options are listed."""
    st = state_of(st)
    return st[S_HB_NOPT]


@njit
def hb_ask_option(st, cfg, me, pk):
    """Ask `me` (decision D_POWER of kind pk) to pick one of the options listed, every one a real
    choice (no pass: list a value meaning "none" for that); returns the value picked (hb_note
    writes it to the event log, for the replay). No option: a misuse, and -1. A homebrew file asks
    with pk = PK_CHOICE, and `basic` then picks the first option: list the holder's default first."""
    st = state_of(st)
    cfg = cfg_of(cfg)
    n = st[S_HB_NOPT]
    if n == 0:
        _hb_misuse(st, HBE_WINDOW)
        return NONE
    if st[S_HB_FORECASTING] == 1:
        return st[S_OPT]
    return _ask_power(st, cfg, me, pk, n)


@njit
def hb_ask_option_about(st, cfg, me, pk, arg):
    """hb_ask_option with st[S_PK_ARG] = arg (what the question is about: an earlier answer, a seat)
    while it decides."""
    st = state_of(st)
    cfg = cfg_of(cfg)
    st[S_PK_ARG] = arg
    return hb_ask_option(st, cfg, me, pk)


@njit
def hb_note(st, cfg, me, what, arg, log, lg):
    """Write what `me`'s power did to the game's event log (E_ALIEN: its alien, what, arg), for the
    replay: the Mutant's source of each card, say. Changes nothing in the game."""
    st = state_of(st)
    cfg = cfg_of(cfg)
    log = log_of(log)
    if lg and st[S_HB_FORECASTING] == 0:
        _log(log, E_ALIEN, me, st[S_ALIEN + me], what, arg, I0, I0)


@njit
def hb_config(cfg, w):
    """Word w of the game's configuration: a rule parameter (C_PHIL_GIVER ...), a card's kind,
    value or class (C_CARD_KIND + c ...). Public, as the rules and the deck are; out of range: 0."""
    cfg = cfg_of(cfg)
    return cfg[w] if 0 <= w < CFG_SIZE else I0


@njit
def hb_hand_card(st, me, i):
    """Card i (0 .. hb_hand_size - 1) of `me`'s own hand, the running hook's holder; another seat's
    hand is hidden (a misuse, and -1)."""
    st = state_of(st)
    if me != st[S_HB_SEAT] or i < 0 or i >= st[S_HAND_N + me]:
        _hb_misuse(st, HBE_HIDDEN)
        return NONE
    return st[S_HAND + me * MAX_HAND + i]


@njit
def hb_event_about(st, cfg, me, what, arg, arg2, log, lg):
    """hb_event naming what the use is about (arg, arg2: a card, a seat), as the strategies asked
    about it and the event log and the replay name it."""
    st = state_of(st)
    cfg = cfg_of(cfg)
    log = log_of(log)
    st[S_PK_ARG] = arg
    st[S_PK_ARG2] = arg2
    return hb_event(st, cfg, me, what, log, lg)


@njit
def hb_give_card(st, cfg, me, c, q):
    """Windows: `me` gives card c of its own hand to q. 1 if given, 0 if c is no longer in its hand
    (a Card Zap may have taken it meanwhile)."""
    st = state_of(st)
    cfg = cfg_of(cfg)
    if _hb_in(st, _HM_WINDOWS) == 0 or q < 0 or q >= cfg[C_NP] or q == me:
        return I0
    if c < 0 or _hand_index(st, me, c) < 0 or _hb_card_to(st, q) == 0:
        return I0
    _hand_remove(st, cfg, me, c)
    _hand_add(st, cfg, q, c)
    return I1


@njit
def hb_revealed(st):
    """1 once the encounter cards are revealed (step 9) (public)."""
    st = state_of(st)
    return st[S_REVEALED]


@njit
def hb_time_travel(st, cfg, me):
    """W-9: the reveal is cancelled and steps 8 to 10 come again once the window closes, which it
    does at once (the Chronos, CE.22.3): `me` takes its revealed card back, the opponent's is set
    aside. 1 if so; `me` not a main player, or the cards not both revealed: a misuse, and 0."""
    st = state_of(st)
    cfg = cfg_of(cfg)
    if _hb_in(st, _hook_bit(W_9)) == 0:
        return I0
    if _hb_main(st, me) == 0 or st[S_REVEALED] == 0 or st[S_CARD_O] < 0 or st[S_CARD_D] < 0:
        _hb_misuse(st, HBE_WINDOW)
        return I0
    st[S_REDO] = me + 1
    return I1


@njit
def hb_turn_negotiate(st, side):
    """on_reveal: side's revealed card counts as a negotiate from now on (the Empath, CE.22.5). 1
    if so."""
    st = state_of(st)
    if _hb_in(st, _HM_REVEAL) == 0 or (side != SIDE_OFFENSE and side != SIDE_DEFENSE):
        return I0
    st[S_NEG_SIDE] |= side
    return I1


# ---- own ships to the warp, the how-many question, regroup and destiny reads (one block) ----

@njit
def hb_ask_count(st, cfg, me, n, hint):
    """Ask `me` how many (0 to n; 0 is not using the power) it uses now: decision D_POWER of kind
    PK_HOW_MANY, option i meaning i (CE.50.20). `hint` is the file's suggested answer: `basic`
    answers it (clamped to 0 .. n), `power_random` any of 0 .. n at random. n <= 0 asks nothing
    and returns 0; n is at most MAX_OPT - 1. During the E.POWER that follows st[S_PK_ARG] is the
    answer (the replay's argument)."""
    st = state_of(st)
    cfg = cfg_of(cfg)
    if n <= 0:
        return I0
    m = n if n < MAX_OPT - 1 else np.int64(MAX_OPT - 1)
    if st[S_HB_FORECASTING] == 1:  # the forecast takes the file's own suggestion
        return max(I0, min(m, hint))
    for i in range(m + 1):
        st[S_OPT + i] = i
    st[S_PK_ARG] = hint
    k = _ask_power(st, cfg, me, PK_HOW_MANY, np.int64(m + 1))
    st[S_PK_ARG] = k
    return k


@njit
def hb_colony_ships(st, cfg, me):
    """How many of `me`'s ships are on its colonies outside the encounter (every colony but one
    on the target planet, CE.5.6 / CE.7): what hb_send_to_warp may move."""
    st = state_of(st)
    cfg = cfg_of(cfg)
    n = st[S_ONPL + me]
    t = st[S_TARGET]
    if t >= 0:
        n -= st[S_PS + me * MAX_PLANETS + t]
    return n


@njit
def hb_planet_ships(st, q):
    """How many of q's ships are on planets, its colonies (the target planet's included, CE.16;
    public)."""
    st = state_of(st)
    return st[S_ONPL + q]


@njit
def hb_ships_in(st, q):
    """How many of q's own ships are in the encounter, unweighted: the offense's on the centre row,
    the defense's on the target planet, an ally's on its wing or carrier (public)."""
    st = state_of(st)
    if q == st[S_OFF]:
        return st[S_CENTRE]
    if q == st[S_DEF]:
        return st[S_PS + q * MAX_PLANETS + st[S_TARGET]] if st[S_TARGET] >= 0 else I0
    return st[S_WING + q] + st[S_CARRIER + q]


@njit
def hb_had_ships_in(st, q):
    """1 if main player q had ships in the encounter at the end of step 7 (public)."""
    st = state_of(st)
    return (st[S_IN7] >> q) & 1


@njit
def hb_move_encounter_ships(st, cfg, me, add, back, ctx, log, lg):
    """W-4 to W-8, a main player's own ships, one adjustment: up to `add` more of its ships from its
    colonies into the encounter (the offense's onto the centre row, past the limit of 4; the
    defense's onto the target planet from its other colonies; it picks them, decision
    D_POWER_SHIPS), then up to `back` of those in the encounter back to its colonies (return rule;
    ctx: CTX_AMOEBA, how the log names it). The counts are cut to what it has; 0 ships left in
    the encounter is allowed; its power is checked once, after the whole adjustment (CE.19; the
    Amoeba, CE.22.1). Returns 1, or 0 for a misuse (not a main player's own ships)."""
    st = state_of(st)
    cfg = cfg_of(cfg)
    log = log_of(log)
    if _hb_in(st, _HM_LAUNCHED) == 0:
        return I0
    o = st[S_OFF]
    t = st[S_TARGET]
    if me != st[S_HB_SEAT] or _hb_main(st, me) == 0 or t < 0:
        _hb_misuse(st, HBE_SEAT)
        return I0
    if me == o:
        inn = st[S_CENTRE]
        avail = st[S_ONPL + me]
    else:
        inn = st[S_PS + me * MAX_PLANETS + t]
        avail = st[S_ONPL + me] - inn
    add = max(I0, min(add, avail))
    back = max(I0, min(back, inn + add))
    st[S_QUIET] = 1  # one step: the power check waits for the whole adjustment
    if add > 0:
        if me == o:
            st[S_CENTRE] += take_ships(st, cfg, me, D_POWER_SHIPS, add, add, NONE, I0, log, lg)
        else:
            got = take_ships(st, cfg, me, D_POWER_SHIPS, add, add, t, I0, log, lg)
            ships_add(st, cfg, me, t, got, log, lg)
    if back > 0:
        if me == o:
            st[S_CENTRE] -= back
            place_ships(st, cfg, me, back, I0, ctx, log, lg)
        else:
            ships_add(st, cfg, me, t, -back, log, lg)
            place_ships(st, cfg, me, back, _pbit(t), ctx, log, lg)
    _end_quiet(st, cfg, me, log, lg)
    return I1


@njit
def hb_removed(st, q):
    """1 if q was removed from this encounter (a Force Field, CE.21.2; public)."""
    st = state_of(st)
    return (st[S_FF_OUT] >> q) & 1


@njit
def hb_offer_side(st, me, side, what):
    """on_answer (step 7, CE.8.3): `me` may also answer side (SIDE_*) if that side did not invite
    it; joining it uninvited is then a use of its power, an E.POWER of kind `what` (a Cosmic Zap
    may stop it, CE.20.3; the Parasite, CE.22.14). Its strategy picks the side, as any answer."""
    st = state_of(st)
    if _hb_in(st, _HM_ANSWER) == 0:
        return
    if me != st[S_HB_SEAT]:
        _hb_misuse(st, HBE_SEAT)
        return
    if side == SIDE_OFFENSE or side == SIDE_DEFENSE:
        st[S_HB_OFFER] |= np.int64(1) << (2 * me + side - 1)
        st[S_HB_OFFER_PK] = what


@njit
def hb_colonies(st, q):
    """How many colonies q has, home and foreign (public, CE.16)."""
    st = state_of(st)
    return st[S_HOME + q] + st[S_FOREIGN + q]


@njit
def hb_home_colonies(st, q):
    """How many home colonies q has (public; its power is on from 3, CE.19.1)."""
    st = state_of(st)
    return st[S_HOME + q]


@njit
def hb_send_to_warp(st, cfg, me, k, log, lg):
    """In a window, on_regroup or on_destiny: up to k of `me`'s own ships leave its colonies for
    the warp, as many as it has outside the encounter at most (hb_colony_ships), from the planets
    it chooses (decision D_POWER_SHIPS, chunks of 1 to 4). Returns how many moved. Sent, not lost
    (no E.LOSS, CE.20.6); a planet left empty is no longer its colony (CE.16.1) and its power is
    rechecked at once (CE.19.1). Another seat's ships: a misuse, and nothing moves."""
    st = state_of(st)
    cfg = cfg_of(cfg)
    log = log_of(log)
    if _hb_in(st, _HM_WINDOWS | _HM_REGROUP | _HM_DESTINY) == 0:
        return I0
    if me != st[S_HB_SEAT]:
        _hb_misuse(st, HBE_SEAT)
        return I0
    m = hb_colony_ships(st, cfg, me)
    n = k if k < m else m
    if n <= 0:
        return I0
    got = take_ships(st, cfg, me, D_POWER_SHIPS, n, n, st[S_TARGET], I0, log, lg)
    st[S_WARP + me] += got
    return got


@njit
def hb_regrouped(st):
    """on_regroup: where the offense's regroup put its ship this encounter (a planet, or
    OPT_MOTHERSHIP with no colony, CE.4.2), -1 if it regrouped none."""
    st = state_of(st)
    return st[S_HB_ARG]


@njit
def hb_encounter_id(st):
    """A number naming the running encounter within the game (2 x the turn + its number in the
    turn, CE.15): a power remembers it with a declaration that holds for this encounter only."""
    st = state_of(st)
    return st[S_TURN] * 2 + st[S_ENC_NO]


# ---- a deal's power term: what a power adds to a deal it proposes (the Zombie's RELEASE) ----

@njit
def hb_proposer(st):
    """on_propose, on_deal: the main player whose proposal it is (public, CE.51.2)."""
    st = state_of(st)
    return st[S_PROPOSER]


@njit
def hb_add_deal_term(st, me, k):
    """on_propose: `me`, the proposer, adds its power's term k (1 to 60: what k means is the power's;
    the Zombie's, k of the other main player's ships released from the warp, CE.22.20 / CE.51.1)
    to its proposal, replacing one added before. The other main player takes or refuses the whole
    deal (standard_only takes the standard deal with such a term, CE.51.5); the term acts in the
    power's on_deal once the deal is carried out. 1 if added."""
    st = state_of(st)
    if _hb_in(st, _HM_PROPOSE) == 0 or me != st[S_PROPOSER] or k < 1 or k > 60:
        return I0
    st[S_HB_ARG] = with_release(st[S_HB_ARG], k)
    return I1


@njit
def hb_deal_term(st, me):
    """on_deal: the term k that `me`'s power added to the deal now carried out (hb_add_deal_term),
    0 if none (a deal proposed by the other main player carries none of `me`'s)."""
    st = state_of(st)
    if st[S_HB_HOOK] != H_DEAL or me != st[S_PROPOSER]:
        return I0
    return st[S_HB_ARG]


@njit
def hb_release(st, cfg, me, q, k, log, lg):
    """on_deal: k of q's ships leave the warp for q's colonies (q places them, CE.50.15): the
    Zombie's term (CE.22.20). At most the term's k (hb_deal_term), q the other main player with
    k ships in the warp and a colony; else nothing moves. 1 if they moved."""
    st = state_of(st)
    cfg = cfg_of(cfg)
    log = log_of(log)
    if _hb_in(st, _HM_DEAL) == 0:
        return I0
    if me != st[S_PROPOSER] or k < 1 or k > st[S_HB_ARG] or q == me or _hb_main(st, q) == 0:
        _hb_misuse(st, HBE_SEAT)
        return I0
    if st[S_WARP + q] < k or st[S_ONPL + q] == 0:
        return I0
    st[S_WARP + q] -= k
    place_ships(st, cfg, q, k, I0, CTX_RELEASE, log, lg)
    if lg:
        _log(log, E_DEAL_TERM, TERM_RELEASE, me, q, k, I0, I0)
    return I1


# ---- artifacts about to be discarded, and a new hand (the Vulch) ----

@njit
def hb_artifact(st):
    """on_artifact_discard: the artifact card about to reach the discard pile (public: played or
    discarded face up). The hook only decides: it returns its use's kind (PK_*) to take the card
    into its holder's hand, 0 to leave it; the engine carries the use out (an E.POWER a Cosmic Zap
    may answer, except at the end of a Zap chain), so hb_event has no place there."""
    st = state_of(st)
    return st[S_HB_ARG + 1] if st[S_HB_HOOK] == H_ARTIFACT else NONE


@njit
def hb_artifact_owner(st):
    """on_artifact_discard: the seat whose artifact it was."""
    st = state_of(st)
    return st[S_HB_ARG] if st[S_HB_HOOK] == H_ARTIFACT else NONE


@njit
def hb_new_hand_seat(st):
    """on_new_hand: the seat about to discard its hand's artifacts and draw a new hand (CE.17.1):
    return 1 from the hook to keep its artifacts (the Vulch, CE.22.19)."""
    st = state_of(st)
    return st[S_HB_ARG] if st[S_HB_HOOK] == H_NEW_HAND else NONE


# ---- step 8 (CE.9.2): who selects first, a card selected face up, a card drawn at random ----

@njit
def hb_first_selector(st):
    """on_select, on_select_second: the main player who selects first in step 8 (public): the
    offense, unless a power said otherwise (hb_select_first); -1 in any other hook."""
    st = state_of(st)
    h = st[S_HB_HOOK]
    return st[S_HB_ARG] if (h == H_SELECT or h == H_SELECT_SECOND) else NONE


@njit
def hb_select_first(st, q):
    """on_select: main player q selects first and puts its card face down before the other main
    player selects (the Laser itself, CE.22.8; the Oracle's opponent, CE.22.12); the last such call
    at this moment stands. 1 if so; q not a main player: a misuse, and 0."""
    st = state_of(st)
    if _hb_in(st, _HM_SELECT) == 0:
        return I0
    if _hb_main(st, q) == 0:
        _hb_misuse(st, HBE_WINDOW)
        return I0
    st[S_HB_ARG] = q
    return I1


@njit
def hb_select_face_up(st, q):
    """on_select: main player q's encounter card is turned face up as soon as it is selected, for
    every player to see, and stays so until the reveal (the Oracle's opponent's, CE.22.12; a card
    already in place, after a time travel, too). 1 if so; q not a main player: a misuse, and 0."""
    st = state_of(st)
    if _hb_in(st, _HM_SELECT) == 0:
        return I0
    if _hb_main(st, q) == 0:
        _hb_misuse(st, HBE_WINDOW)
        return I0
    st[S_HB_ARG + 1] |= SIDE_OFFENSE if q == st[S_OFF] else SIDE_DEFENSE
    return I1


@njit
def hb_select_at_random(st, cfg, me):
    """on_select_second: the main player about to select, `me`'s opponent, does not choose: cards are
    taken at random from its hand one at a time, the first encounter card becomes its face-down
    card, the others taken on the way are set aside until the end of the encounter, then go back to
    its hand (the Laser, CE.22.8). 1 if so; `me` not the main player who selected first: a misuse,
    and 0."""
    st = state_of(st)
    cfg = cfg_of(cfg)
    if _hb_in(st, _HM_SELECT_SECOND) == 0:
        return I0
    q = st[S_HB_ARG + 1]
    if me != st[S_HB_SEAT]:  # only the running hook's own seat may take this use
        _hb_misuse(st, HBE_SEAT)
        return I0
    if me != st[S_HB_ARG] or _card_of(st, q) >= 0 or st[S_HAND_ENC + q] <= 0:
        _hb_misuse(st, HBE_WINDOW)
        return I0
    while True:
        c = _hand_take(st, cfg, q, below(st, S_RNG, st[S_HAND_N + q]))
        if _is_enc(cfg, c):
            break
        _aside(st, c, q)
    _set_card(st, q, c)
    return I1
