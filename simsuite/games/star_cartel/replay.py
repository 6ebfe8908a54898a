"""Star Cartel replay text: one row per kind of event the kernel logs (SC.18 event names; the
table format: simsuite/scaffold/replay.py)."""
from __future__ import annotations

from simsuite.scaffold.replay import TIMEOUT_EVENT, Event, EventTable, winners_event

from . import api as A

FATES = ("largest, discarded", "smallest, discarded", "stashed", "discarded")

EVENTS = EventTable((
    Event("E_SETUP_PURGE", "setup_purge", {"card": "a"},
          "setup purge: {card_name(a)} at column {b + 1} row {c + 1} set aside"),
    Event("E_START", "start", {"player": "a"}, "start player: {seat(a)}"),
    Event("E_TURN", "turn", {"player": "a", "turn": "b"},
          "-- turn {b + 1}: {seat(a)}{' [final round]' if c else ''}, ship {ship(d)}, load {e}"),
    Event("E_FINAL_TURN", "final_turn", {"player": "a"}, "final turn for {seat(a)}"),
    Event("E_ROW_PURGE", "row_purge", {"player": "a", "row": "b"}, "   ROW_PURGE: row {b + 1} discarded ({c} cards)"),
    Event("E_LOAD", "load", {"player": "a", "card": "b", "col": "c", "row": "d", "ordinal": "e"},
          "   load #{e}: {card_name(b)} from column {c + 1} row {d + 1} -> load {f}"),
    Event("E_DECLINE", "decline", {"player": "a"}, "   declines the ANY_ROW load: forced delivery"),
    Event("E_DELIVERY", "delivery", {"player": "a", "kind": "'express' if b else 'normal'", "sets": "c"},
          "   {kind} delivery of {c} set(s), load {d}"),
    Event("E_SET", "set", {"player": "a", "type": "T[b]", "size": "c", "cards": "d", "fate": "FATES[e]"},
          "     {type}: size {c}, {d} card(s): {fate}"),
    Event("E_MARKER", "marker", {"type": "T[a]", "old": "b", "delta": "c", "new": "d", "crashed": "bool(e)"},
          "     market {type}: {b} {c:+d} -> {d}{' CRASH' if e else ''}"),
    Event("E_SHIP", "ship_taken", {"player": "a", "old": "b", "new": "c"},
          "   takes {ship(c)}; {d} left in the shipyard"),
    Event("E_END", "end_triggered", {"player": "a"}, "   {seat(a)} took Cassiopeia: the end is triggered"),
    Event("E_RESHUFFLE", "reshuffle", {"cards": "a"}, "   deck empty: {a} discards reshuffled into the deck"),
    Event("E_PASS", "pass", {"player": "a"},
          "   empty hold and nothing fits: passes (empty_hold_delivery=pass)"),
    Event("E_WAIT", "wait", {"player": "a"}, "   full hold kept for next turn (deliver_when_full=optional)"),
    TIMEOUT_EVENT,
    Event("E_SCORE", "score", {"player": "a", "C": "b", "V": "c", "T": "d", "best_type": "e", "stash_cards": "f"},
          "score {seat(a)}: contraband {b} + ship {c} = {d} (best type {e}, {f} cards)"),
    winners_event(),
))


def replay_names(cfg_arr, ships) -> dict:
    """The names EVENTS' templates use besides seat(p) and bits(mask) (Game.describe gives those)."""
    def card_name(c):
        return f"{A.TYPE_NAMES[cfg_arr[A.C_CARD_TYPE + c]].capitalize()} {cfg_arr[A.C_CARD_SIZE + c]}"

    def ship(s):
        d = ships[s]
        return f"{d['name']} (capacity {d['capacity']}, value {d['value']}, {A.ABILITIES[d['ability']]})"

    return dict(T=A.TYPE_NAMES, FATES=FATES, card_name=card_name, ship=ship)
