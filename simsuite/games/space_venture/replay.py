"""Amazing Space Venture replay text: one row per kind of event the kernel logs (ASV.26 event
names; the table format: simsuite/scaffold/replay.py)."""
from __future__ import annotations

from simsuite.scaffold.replay import TIMEOUT_EVENT, Event, EventTable, winners_event

from . import api as A

DEPLOYS = {1: "ship", 2: "upgrade", 3: "probe", 4: "station", 5: "pirate"}

EVENTS = EventTable((
    Event("E_START", "start", {"player": "a"}, "start player: {seat(a)}"),
    Event("E_TURN", "turn", {"player": "a", "turn": "b"}, "-- turn {b + 1}: {seat(a)}, {c} tiles in the stack"),
    Event("E_DRAW", "draw_tile", {"player": "a", "tile": "b", "reason": "REASONS[min(c, 2)]"},
          "   draws {tile_name(b)} ({reason})"),
    Event("E_QUEST_DRAWN", "quest_drawn", {"player": "a"}, "   draws a special quest and keeps it face down"),
    Event("E_SCORE", "score", {"player": "a", "source": "SOURCES[b]", "points": "c", "total": "d"},
          "   {seat(a)} scores {c:+d} ({source}) -> {d}"),
    Event("E_PLACE", "place_tile", {"player": "a", "tile": "b", "square": "c", "rotation": "90 * d"},
          "   places {tile_name(b)} on {sqname(c)}, rotated {rotation}"),
    Event("E_REMOVE", "tile_removed", {"tile": "b"}, "   {tile_name(b)} fits nowhere: removed (ASV.9.8)"),
    Event("E_GALAXY", "galaxy_complete", {"size": "b", "points": "c"},
          "   a galaxy of {b} tiles completes ({c} to each probe owner)"),
    Event("E_PATH", "path_complete", {}, "   a space path completes between {sqname(b)} and {sqname(c)}"),
    Event("E_PIRATE_LOST", "pirate_removed", {"player": "a"},
          "   {seat(a)}'s pirate on {sqname(b)} returns: its path died"),
    Event("E_DEPLOY", "deploy", {"player": "a", "action": "DEPLOYS.get(b, '?')"},
          "   deploys: {action} {('of ship ' + str(c)) if b == 2 else ('at ' + sqname(c))}"),
    Event("E_MOVE", "move", {"player": "a", "ship": "b"},
          "   moves ship {b} from {sqname(c)} to {sqname(d)}{' riding a complete path' if e else ''}"),
    Event("E_DISCOVER", "discover", {"player": "a", "square": "b", "points": "f"},
          "   discovers {sqname(b)}: planet {card(c)}, environment {card(d)}, life form {card(e)}: {f:+d} in all"),
    Event("E_CASH", "station_cashed", {"player": "a", "points": "c"},
          "   {seat(a)} cashes the station on {sqname(b)} for {c}"),
    Event("E_QUEST", "quest_claimed", {"player": "a", "quest": "QUESTS[b]", "points": "c"},
          "   claims {quest} for {c}"),
    Event("E_DISCARD", "discard", {"player": "a"}, "   discards a card"),
    Event("E_CARDS", "draw_cards", {"player": "a", "refuel": "b", "spaceport": "c"},
          "   draws {b} Refuel and {c} Spaceport cards"),
    TIMEOUT_EVENT,
    winners_event(),
))


def replay_names(tiles, cards) -> dict:
    """The names EVENTS' templates use besides seat(p) and bits(mask) (Game.describe gives those)."""
    def card(c):
        return "-" if c < 0 else f"{cards[c]['name']} ({cards[c]['value']:+d})"

    return dict(SOURCES=A.SOURCE_NAMES, QUESTS=A.QUEST_NAMES, DEPLOYS=DEPLOYS,
                REASONS=("normal", "extra", "replacement"), card=card,
                tile_name=lambda t: tiles[t]["name"],
                sqname=lambda sq: f"{chr(ord('A') + sq % A.W)}-{sq // A.W + 1}")
