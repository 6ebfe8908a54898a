"""Pig's replay text (the table format: simsuite/scaffold/replay.py)."""
from simsuite.scaffold.replay import TIMEOUT_EVENT, Event, EventTable, winners_event

EVENTS = EventTable((
    Event("E_START", "start", {"player": "a"}, "start player: {seat(a)}"),
    Event("E_TURN", "turn", {"player": "a", "turn": "b", "bank": "c"}, "-- turn {b}: {seat(a)}, bank {c}"),
    Event("E_ROLL", "roll", {"player": "a", "die": "b"}, "   rolls {b}"),
    Event("E_BUST", "bust", {"player": "a", "lost": "b"}, "   a 1: loses {b}"),
    Event("E_HOLD", "hold", {"player": "a", "total": "b", "bank": "c"}, "   holds {b}: bank {c}"),
    TIMEOUT_EVENT,
    winners_event("bank", "b"),
))

