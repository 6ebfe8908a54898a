"""Cosmic Encounter replay text: one row per kind of event the kernel logs (CE.71 events; the table
format: simsuite/scaffold/replay.py), and the helpers its templates use."""
from __future__ import annotations

from simsuite.games.cosmic import api as A
from simsuite.games.cosmic.aliens.files import discover
from simsuite.games.cosmic.aliens.files import names as alien_names
from simsuite.scaffold.replay import Event, EventTable

CTX_NAMES = {int(A.CTX_RETURN): "returns", int(A.CTX_EARLY_END): "returns (early end)",
             int(A.CTX_MOBIUS): "leaves the warp (Mobius Tube)", int(A.CTX_FORCE_FIELD): "returns (Force Field)",
             int(A.CTX_TURN_END): "returns (end of turn)", int(A.CTX_AMOEBA): "returns (Amoeba)",
             int(A.CTX_HEALER): "is healed (Healer) onto", int(A.CTX_ZOMBIE): "is redirected (Zombie) onto",
             int(A.CTX_RELEASE): "leaves the warp (Zombie's RELEASE) onto",
             int(A.CTX_FLARE): "leaves the warp (flare) onto", int(A.CTX_POWER): "leaves the warp ({alien}'s power) onto"}
KIND_NAMES = {int(v): nm for v, nm in ((A.D_LAUNCH, "launch"), (A.D_ALLY_SHIPS, "ally"),
                                       (A.D_RESETTLE_SHIPS, "resettle"), (A.D_PENALTY, "failed-deal loss"),
                                       (A.D_PLAGUE_SHIPS, "plague loss"), (A.D_DEAL_SHIPS, "deal colony"),
                                       (A.D_POWER_SHIPS, "Amoeba adds"))}
END_REASONS = ("the offense has no encounter card (CE.17.3)", "the defense cannot get an encounter card (CE.17.5)",
               "the offense has no ship to launch (CE.6.4)", "re-settled (CE.5.5)",
               "no other player has a home colony to encounter and nothing to EXPEL or RE-ESTABLISH (A52 strict)",
               "the defense has no colony left in its home system to target (A52 strict)")


def card_name(cfg_arr, c) -> str:
    if c < 0:
        return "none"
    kind = int(cfg_arr[A.C_CARD_KIND + c])
    v = int(cfg_arr[A.C_CARD_VAL + c])
    if kind == A.K_ATTACK:
        return f"Attack {v}"
    if kind == A.K_NEGOTIATE:
        return "Negotiate"
    if kind == A.K_MORPH:
        return "Morph"
    if kind == A.K_REINF:
        return f"Reinforcement +{v}"
    if kind == A.K_FLARE:
        return f"{A.ALIEN_NAMES[int(cfg_arr[A.C_FLARE_ALIEN + v])]} flare"
    return A.ARTIFACT_NAMES[v]


# when a flare acts, by its timing (A.FLARE_TIMINGS, the words of the FT_* codes)
FLARE_WHEN = {"alliance": "after the alliances", "reveal": "after the reveal", "resolution": "after the outcome"}


def flare_text(mode, fx, amt) -> str:
    """What a played flare did (E_FLARE: mode 0 wild, 1 super, 2 cancelled by a Card Zap)."""
    mode, fx, amt = int(mode), int(fx), int(amt)
    if mode == 2:
        return "cancelled by a Card Zap (to the discard pile)"
    what = {int(A.FL_ADD_TOTAL): f"+{amt} to its side's total (A/A only)",
            int(A.FL_DRAW): f"draws {amt} card(s)",
            int(A.FL_RETRIEVE): f"takes up to {amt} ship(s) from the warp back to its colonies",
            int(A.FL_CANCEL_COMP): "cancels this encounter's compensation and defensive rewards"}.get(fx, "?")
    return f"{'super' if mode == 1 else 'wild'} effect, {what}; back to its hand (CE.45.3)"


DESTINY_SPECIAL = {int(A.DESTINY_WILD): "wild", int(A.DESTINY_FEWEST_WARP): "special (fewest ships in the warp)",
                   int(A.DESTINY_MOST_CARDS): "special (most cards in hand)",
                   int(A.DESTINY_MOST_FOREIGN): "special (most foreign colonies)"}


def disc_name(c) -> str:
    """An order disc (AH2000) or destiny card (FFG2008, CE.33): a colour, wild or special."""
    c = int(c)
    return A.COLOUR_NAMES[c] if c < len(A.COLOUR_NAMES) else DESTINY_SPECIAL.get(c, str(c))


def planet_name(pl) -> str:
    pl = int(pl)
    if pl == int(A.OPT_MOTHERSHIP):
        return "the mothership"
    return f"{A.COLOUR_NAMES[pl // A.PPS_MAX]} {pl % A.PPS_MAX + 1}"


def deal_text(code) -> str:
    code = int(code)
    terms = []
    if A.deal_col_do(code) >= 0:
        terms.append(f"defense grants offense a colony on {planet_name(A.deal_col_do(code))}")
    if A.deal_col_od(code) >= 0:
        terms.append(f"offense grants defense a colony on {planet_name(A.deal_col_od(code))}")
    if A.deal_n_od(code):
        terms.append(f"offense gives {A.deal_n_od(code)} card(s) ({A.RULE_NAMES[A.deal_r_od(code)]})")
    if A.deal_n_do(code):
        terms.append(f"defense gives {A.deal_n_do(code)} card(s) ({A.RULE_NAMES[A.deal_r_do(code)]})")
    if A.deal_release(code):
        terms.append(f"the Zombie releases {A.deal_release(code)} of the other's ship(s) from the warp")
    return "; ".join(terms) or "(empty)"


def art_text(kind, param) -> str:
    name = A.ARTIFACT_NAMES[kind]
    if kind == A.ART_PLAGUE:
        return f"{name} on seat {param}"
    if kind == A.ART_FORCE_FIELD:
        return f"{name} removing seat(s) {', '.join(str(q) for q in range(A.MAX_P) if (param >> q) & 1)}"
    if kind == A.ART_ZAP:
        return f"{name} on seat {param}'s power"
    if kind == A.ART_GAS:
        return f"{name} against seat {param}'s compensation claim"
    if kind == A.ART_CARD_ZAP:
        return f"{name}, cancelling the artifact seat {param} plays"
    return name


def power_text(k, alien, what, arg, arg2) -> str:
    """Readable text of an E_ALIEN event (what = PK_* for an optional use, FX_* for an automatic
    effect; arg / arg2 = st[S_PK_ARG] / st[S_PK_ARG2] at that moment)."""
    what, arg, arg2 = int(what), int(arg), int(arg2)
    if what == int(k.FX_SHIP_WEIGHT):  # its file's SHIP_WEIGHT (the Macron's 4)

        weight = next((a.ship_weight for a in discover() if a.aid == int(alien)), "more than 1")
        return f"each of its ships counts {weight} in the totals"
    auto = {int(k.FX_ANTI_MATTER): "its ships and every allied ship subtract (revision 2); the lower total wins",
            int(k.FX_VIRUS): "its total is card times ships",
            int(k.FX_ORACLE): "the opponent's card is turned face up before it chooses",
            int(k.FX_EMPATH): "its negotiate turns the opponent's card into a negotiate"}
    if what in auto:
        return auto[what]
    amoeba = " and ".join(([f"adds {arg} ship(s) to the encounter"] if arg > 0 else [])
                          + ([f"takes {arg2} ship(s) out of it"] if arg2 > 0 else [])) or "adjusts nothing"
    texts = {int(A.PK_AMOEBA): amoeba,
             int(A.PK_CHRONOS): "travels back in time: the encounter cards are chosen again" if arg == 1
             else "travels back in time",
             int(A.PK_CLONE): "keeps its encounter card", int(A.PK_EMPATH): "uses its negotiate",
             int(A.PK_FILCH): "takes the opponent's encounter card from the discard pile",
             int(A.PK_HEALER): f"heals {arg2} ship(s) of seat {arg} and draws a card",
             int(A.PK_LASER): "blinds the opponent: its card is drawn at random",
             int(A.PK_MIND): f"looks at seat {arg}'s hand", int(A.PK_MUTANT): "regenerates its hand to 7",
             int(A.PK_MUTANT_SRC): "draws from the deck" if arg < 0 else f"draws a random card from seat {arg}",
             int(A.PK_PACIFIST): "its negotiate beats the attack", int(A.PK_PARASITE): "joins uninvited",
             int(A.PK_PHILANTHROPIST): f"gives a card to seat {arg2}", int(A.PK_SORCERER): "swaps the encounter cards",
             int(A.PK_TRADER): "trades hands with the opponent",
             int(A.PK_VULCH): f"collects seat {arg2}'s discarded artifact", int(A.PK_VULCH_KEEP): "keeps its artifacts",
             int(A.PK_ZOMBIE): f"redirects its {arg2} ship(s) from the warp to its colonies",
             int(A.PK_RELEASE): f"releases {arg2} of seat {arg}'s ship(s) from the warp"}
    return texts.get(what, "uses its power")



def own_colour_text(choice) -> str:
    if choice < 0:
        return "REDRAW"
    if choice < int(A.EXPEL_BASE):
        return f"RESETTLE onto {planet_name(choice)}"
    x = choice - int(A.EXPEL_BASE)
    return f"EXPEL seat {x // A.MAX_PLANETS} from {planet_name(x % A.MAX_PLANETS)}"


def term_text(k, kind, giver, taker, n, ships) -> str:
    """An E_DEAL_TERM carried out (kind = the kernel's TERM_*)."""
    if kind in (int(k.TERM_CARDS_OD), int(k.TERM_CARDS_DO)):
        return f"seat {giver} gives {n} card(s) to seat {taker}"
    if kind == int(k.TERM_RELEASE):
        return f"the Zombie (seat {giver}) releases {n} ship(s) of seat {taker} from the warp"
    return f"seat {taker} sets up a colony on {planet_name(n)} with {ships} ship(s) (granted by seat {giver})"


def _track(code, ns, state):
    """The totals after an Anti-Matter's effect are lower-wins (CE.22.2) until the next reveal."""
    if code == "E_REVEAL":
        state["lower_wins"] = False
    elif code == "E_ALIEN" and ns["c"] == int(ns["k"].FX_ANTI_MATTER):
        state["lower_wins"] = True
    elif code == "E_ALIENS":  # each seat's alien, for the moves its power makes (an alien file's among them)
        state.setdefault("aliens", {})[int(ns["a"])] = int(ns["b"])


SIDE = "'offense' if b == SIDE_OFFENSE else 'defense'"
EVENTS = EventTable((
    Event("E_START", "start", {"player": "a"}, "first player: {seat(a)} ({b} order discs in the pile)"),
    Event("E_TURN", "turn", {"player": "a", "turn": "b"}, "== turn {b}: {seat(a)} is the offense"),
    Event("E_ENCOUNTER", "encounter", {"player": "a", "encounter": "b", "number": "c"},
          "-- encounter {b} of the turn (#{c} of the game)"),
    Event("E_NEW_HAND", "new_hand", {"player": "a", "cards": "b"},
          "   {seat(a)} takes a new hand [{WINDOW_NAMES[c]}]: {b} cards drawn, {d} encounter card(s)"),
    Event("E_NEW_HAND_FAIL", "new_hand_failed", {"player": "a"},
          "   {seat(a)} needs a new hand but no encounter card is left to draw (A19)"),
    Event("E_REGROUP", "regroup", {"player": "a", "planet": "b"},
          "   regroup: one ship from the warp to {planet_name(b)}"),
    Event("E_DISC", "disc", {"colour": "a"}, "   order disc: {disc_name(a)} ({b} left in the pile)"),
    Event("E_DISC_RESHUFFLE", "disc_reshuffle", {}, "   order pile empty: {a} discs reshuffled (A5)"),
    Event("E_OWN_COLOUR", "own_colour", {"player": "a", "choice": "b"}, "   own colour: {own_colour_text(b)}",
          when="c == 0"),
    # FFG2008: after one REDRAW the draws go on past the own colour with no new choice (c = 1)
    Event("E_OWN_COLOUR", "own_colour_drawn_on", {"player": "a"},
          "   own colour again: REDRAW goes on to the next card (not asked again, CE.33.4 b)", when="c == 1"),
    Event("E_RESETTLE", "resettle", {"player": "a", "planet": "b", "ships": "c"},
          "   re-settles {c} ship(s) onto {planet_name(b)}: encounter over (NO_RESULT)"),
    Event("E_EXPEL", "expel", {"player": "a", "defense": "b", "planet": "c"},
          "   expels {seat(b)} ({d} ship(s)) from {planet_name(c)}"),
    Event("E_DEFENSE", "defense", {"player": "a"}, "   defense: {seat(a)}"),
    Event("E_SHIP_FROM", "ship_from", {"player": "a", "planet": "b", "kind": "KIND_NAMES.get(c, str(c))", "ships": "d"},
          "     {ship_kind(c, a, state)}: {d} ship(s) of seat {a} from {planet_name(b)}"),
    Event("E_LAUNCH", "launch", {"player": "a", "ships": "b"}, "   launch: {b} ship(s) on the mothership"),
    Event("E_TARGET", "target", {"planet": "c", "defense_ships": "d"},
          "   target {planet_name(c)}: defense {d} ship(s) vs offense {e} on the centre row"),
    Event("E_INVITE", "invite", {"side": SIDE, "seats": "[str(q) for q in range(MAX_P) if (c >> q) & 1]"},
          "   {side} invites: {', '.join('seat ' + w for w in seats) or 'nobody'}"),
    Event("E_ALLY", "decline", {"player": "a"}, "   {seat(a)} declines", when="b < 0"),
    Event("E_ALLY", "ally", {"player": "a", "side": SIDE, "ships": "c"},
          "   {seat(a)} joins the {side} with {c} ship(s)"),
    Event("E_SELECT", "select", {}, "   both encounter cards face down"),
    Event("E_REVEAL", "reveal", {"offense_card": "card_name(a)", "defense_card": "card_name(b)"},
          "   reveal: offense {offense_card}, defense {defense_card}"),
    Event("E_TOTALS", "totals", {"offense": "c", "defense": "f", "lower_wins": "state.get('lower_wins', False)"},
          "   totals: offense {a} and {b} ships -> {c}; defense {d} and {e} ships -> {f}"
          "{' (Anti-Matter: the lower total wins)' if lower_wins else ''}"),
    Event("E_RESULT", "result", {"result": "RESULT_NAMES[a]"}, "   result: {result}"),
    Event("E_LOSS", "loss", {"player": "a", "ships": "b"}, "     {b} ship(s) of seat {a} to the warp (now {c})"),
    Event("E_LAND", "land", {"player": "a", "planet": "b", "ships": "c"},
          "     seat {a} lands {c} ship(s) on {planet_name(b)}"),
    Event("E_PLACE", "place", {"player": "a", "planet": "b", "ships": "d"},
          "     {d} ship(s) of seat {a} {place_text(c, a, state)} to {planet_name(b)}"),
    Event("E_NO_COLONY", "no_colony", {"player": "a", "ships": "b"},
          "     seat {a} has no colony: {b} ship(s) go to the warp (CE.16.3)"),
    Event("E_REWARD", "reward", {"player": "a", "choice": "b"},
          "     defensive reward for seat {a}: {'a card' if b < 0 else 'a ship from the warp to ' + planet_name(b)}"),
    Event("E_COMP", "compensation", {"player": "a", "source": "b", "asked": "c", "taken": "d"},
          "     compensation: seat {a} takes {d} random card(s) from seat {b} (owed {c})"),
    Event("E_GAS", "stellar_gas", {"player": "a"}, "     seat {b}'s compensation claim lapses (Stellar Gas)"),
    Event("E_DEAL_PROPOSE", "deal_pass", {"player": "a"}, "     deal: {seat(a)} makes no proposal", when="b < 0"),
    Event("E_DEAL_PROPOSE", "deal_proposal", {"player": "a", "code": "b"},
          "     deal proposal by {seat(a)}{' (standard deal)' if c else ''}: {deal_text(b)}"),
    Event("E_DEAL_ANSWER", "deal_answer", {"player": "a", "accept": "bool(b)"},
          "     {seat(a)} {'accepts' if b else 'rejects'}"),
    Event("E_DEAL_TERM", "deal_term", {}, "     deal term carried out: {term_text(k, a, b, c, d, e)}"),
    Event("E_POWER", "power", {"player": "a", "on": "bool(b)"},
          "     seat {a}'s power is {'on' if b else 'off'} ({c} home colonies)"),
    Event("E_ARTIFACT", "artifact", {"player": "a", "artifact": "ARTIFACT_NAMES[b]", "param": "c"},
          "   [{WINDOW_NAMES[d]}] {seat(a)} plays {art_text(b, c)}"),
    Event("E_ZAP", "zap", {"player": "a"}, "     seat {a}'s power is zapped for this encounter"),
    Event("E_DISCARD", "discard", {"player": "a", "card": "card_name(b)", "why": "'new hand' if c == 1 else 'Plague'"},
          "     seat {a} discards {card} ({why})"),
    Event("E_DECK_RESHUFFLE", "deck_reshuffle", {}, "   deck empty: {a} discards shuffled into a new deck (A4)"),
    Event("E_SECOND", "second", {"player": "a"}, "   {seat(a)} takes a second encounter"),
    Event("E_EARLY_END", "early_end", {"reason": "END_REASONS[b]"}, "   encounter ends early: {reason}; NO_RESULT"),
    Event("E_WIN", "winners", {"seats": "[p for p in range(MAX_P) if (a >> p) & 1]"},
          "winner{'s' if len(seats) > 1 else ''}{' (joint victory)' if len(seats) > 1 else ''}: "
          "{', '.join(seat(p) for p in seats)}"),
    Event("E_ALIENS", "alien", {"player": "a", "alien": "ALIEN_NAMES[b] if b >= 0 else 'no alien'"},
          "{seat(a)} is the {alien}{' (played face down: nopower control)' if b >= 0 and c < 0 else ''}"),
    Event("E_ALIEN", "power", {"player": "a", "alien": "ALIEN_NAMES[b]", "what": "c"},
          "   [{ALIEN_RULES[b]}] {seat(a)} ({alien}): {power_text(k, b, c, d, e)}"),
    Event("E_REINF", "reinforcement", {"player": "a", "card": "card_name(b)", "side": "'offense' if c == 1 else 'defense'",
                                       "value": "d"},
          "   {seat(a)} plays {card} for the {side} (CE.37)"),
    Event("E_FLARE", "flare", {"player": "a", "card": "card_name(b)", "flare": "c",
                               "effect": "'cancelled' if d == 2 else ('super' if d == 1 else 'wild')",
                               "kind": "FLARE_EFFECTS[e]", "amount": "f"},
          "   [CE.45, {flare_when(c)}] {seat(a)} plays the {card}: {flare_text(d, e, f)}"),
    Event("E_TIMEOUT", "timeout", {"turns": "a"}, "turn cap reached after {a} turns: no winner (A63)"),
), track=_track)
NOT_SHOWN = ("E_END_TURN",)  # logged for the tests, not part of the readable replay


def describe_events(k, log, cfg_arr, seat_strats) -> list[dict]:
    """Turn the kernel's event log into dicts with a readable 'text' (CE.71 events)."""
    def seat(p):
        p = int(p)
        return f"seat {p} {A.COLOUR_NAMES[p]} ({seat_strats[p]})"

    every = alien_names()  # the classics, then the homebrew alien files (ids after the 20)

    def alien_of(p, state):
        b = state.get("aliens", {}).get(int(p), -1)
        return every[b] if b >= 0 else "its alien"

    def ship_kind(c, p, state):
        """D_POWER_SHIPS is the Amoeba's ships to or from the encounter (CE.22.1), or the ships an
        alien file's power sends from its colonies to the warp (hb_send_to_warp)."""
        if int(c) == int(A.D_POWER_SHIPS) and alien_of(p, state) != A.ALIEN_NAMES[A.A_AMOEBA]:
            return f"{alien_of(p, state)}'s power sends to the warp"
        return KIND_NAMES.get(int(c), "?")

    def place_text(c, p, state):
        return CTX_NAMES.get(int(c), "placed").format(alien=alien_of(p, state))
    rules = (*A.ALIEN_RULES, *(f"{n} (alien file)" for n in every[A.N_ALIENS:]))
    names = dict(vars(A), ALIEN_NAMES=every, ALIEN_RULES=rules, CTX_NAMES=CTX_NAMES, KIND_NAMES=KIND_NAMES, END_REASONS=END_REASONS, seat=seat,
                 ship_kind=ship_kind, place_text=place_text,
                 card_name=lambda c: card_name(cfg_arr, c), planet_name=planet_name, disc_name=disc_name, deal_text=deal_text,
                 art_text=art_text, power_text=power_text, flare_text=flare_text,
                 flare_when=lambda f: FLARE_WHEN[A.FLARE_TIMINGS[int(cfg_arr[A.C_FLARE_TIMING + f])]], own_colour_text=own_colour_text, term_text=term_text)
    return EVENTS.describe(k, log, names)
