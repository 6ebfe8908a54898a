"""Replay text from an event table: each kind of event the kernel logs is one row (name, fields,
template), not a branch of a long ``elif``.

A kernel logs an event as a row ``code, a, b, c, d, e, f`` (``simsuite.engine.kernel_common.log_event``);
the code is one of its ``E_*`` constants. A game's ``replay.py`` declares one ``Event`` per kind::

    Event("E_LOAD", "load", {"player": "a", "card": "b"},
          "   load #{e}: {card(b)} from column {c + 1} row {d + 1}")

``fields`` and ``template`` are Python expressions (the template an f-string) over the row's values
``a`` .. ``f``, the fields already computed, the kernel module ``k`` and the helpers the game passes
to ``describe`` (``seat(p)``, ``card(c)``, ...). Several events may share a code: the first whose
``when`` holds renders the row (e.g. an alliance answer is ``decline`` when b < 0, else ``ally``).
Templates are written without double quotes (they are compiled inside triple double quotes).
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np


@dataclass(frozen=True)
class Event:
    code: str  # the kernel's event constant, e.g. "E_LOAD"
    name: str  # the event's name in the replay output ("event" key)
    fields: dict = field(default_factory=dict)  # output key -> expression
    template: str = ""  # the readable text (f-string body)
    when: str = ""  # condition (expression); "" = always



# the rows most games share (the prelude's turn cap logs E_TIMEOUT with the turns played; a game's
# E_WINNERS holds the winners' bit mask in a and what they won with in another argument)
TIMEOUT_EVENT = Event("E_TIMEOUT", "timeout", {"turns": "a"}, "turn cap reached after {a} turns: timeout")


def winners_event(field: str = "total", arg: str = "c") -> Event:
    """E_WINNERS: the winners (bits of a) and what they won with (the row's `arg`, shown as `field`)."""
    return Event("E_WINNERS", "winners", {"seats": "bits(a)", field: arg},
                 "winner{'s' if len(seats) > 1 else ''}: {', '.join(seat(p) for p in seats)} with {" + arg + "}")


class EventTable:
    def __init__(self, events: tuple[Event, ...], track=None):
        """track(code, values, state), if given, runs before each row is rendered: for what an event
        says about later ones (Cosmic: an Anti-Matter effect makes the next totals lower-wins)."""
        self.events = tuple(events)
        self.track = track
        self._compiled: dict[str, list] = {}
        for ev in self.events:
            if '"' in ev.template:
                raise ValueError(f"event {ev.name}: write the template without double quotes")
            self._compiled.setdefault(ev.code, []).append((
                ev, compile(ev.when, f"<{ev.name} when>", "eval") if ev.when else None,
                [(key, compile(expr, f"<{ev.name}.{key}>", "eval")) for key, expr in ev.fields.items()],
                compile('f"""' + ev.template + '"""', f"<{ev.name} text>", "eval")))

    def codes(self) -> set[str]:
        return set(self._compiled)

    def _by_code(self, kernel) -> dict[int, str]:
        return {int(getattr(kernel, n)): n for n in self._compiled}

    def render_row(self, kernel, row, names: dict, state: dict | None = None, by_code=None) -> dict | None:
        """One log row (code, a .. f) as a dict: event, its fields, text. None for a code the table
        does not describe (or no entry whose condition holds)."""
        code, a, b, c, d, e, f = (int(x) for x in row[:7])
        code_name = (by_code or self._by_code(kernel)).get(code)
        if code_name is None:
            return None
        ns = {**names, "k": kernel, "a": a, "b": b, "c": c, "d": d, "e": e, "f": f}
        if self.track is not None:
            self.track(code_name, ns, state if state is not None else {})
        for ev, when, fields, text in self._compiled[code_name]:
            if when is not None and not eval(when, ns):
                continue
            out = {"event": ev.name}
            for key, expr in fields:
                out[key] = ns[key] = eval(expr, ns)
            out["text"] = eval(text, ns)
            return out
        return None

    def describe(self, kernel, log: np.ndarray, names: dict) -> list[dict]:
        """The kernel's event log (kernel_common.new_log) as a list of dicts with a readable 'text'."""
        by_code = self._by_code(kernel)
        n = int(log[0, 0])
        state: dict = {}
        names = {**names, "state": state}
        out = []
        for row in log[1:n + 1]:
            ev = self.render_row(kernel, row, names, state, by_code)
            if ev is not None:
                out.append(ev)
        if log[0, 1]:
            out.append(dict(event="log_truncated", text="(log truncated)"))
        return out
