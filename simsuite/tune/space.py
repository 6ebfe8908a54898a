"""Search spaces: one searched parameter, an integer range or a list of values, and the seeds
derived for trials, pilot and re-checks."""
from __future__ import annotations

import hashlib
from dataclasses import dataclass

from ..engine.params import split_values
from ..errors import BadInput


def derive_seed(seed: int, *tag) -> int:
    """A 63-bit seed that depends only on (seed, tag): trials, pilot and re-checks never share games."""
    h = hashlib.sha256(":".join(map(str, (seed, *tag))).encode()).digest()
    return int.from_bytes(h[:8], "little") >> 1


# ------------------------------------------------------------------------------ search space
@dataclass(frozen=True)
class Space:
    """One searched parameter: an integer range (lo..hi, step) or a list of values (categorical)."""

    name: str
    kind: str  # int | float | categorical
    lo: float | None = None
    hi: float | None = None
    step: int = 1
    choices: tuple = ()

    def suggest(self, trial):
        if self.kind == "int":
            return trial.suggest_int(self.name, int(self.lo), int(self.hi), step=self.step)
        if self.kind == "float":
            return trial.suggest_float(self.name, float(self.lo), float(self.hi))
        return trial.suggest_categorical(self.name, list(self.choices))

    def text(self) -> str:
        if self.kind in ("int", "float"):
            return f"{self.lo}..{self.hi}" + (f"..{self.step}" if self.step != 1 else "")
        return ",".join(map(str, self.choices))

    def doc(self) -> dict:
        return dict(name=self.name, kind=self.kind, values=self.text())


def parse_space(g, name: str, text) -> Space:
    """`--param NAME=RANGE`: lo..hi (or lo..hi..step) for an integer parameter, else a comma list
    (strategy line-ups: '|'), every value checked against what `simsuite list` allows."""
    p = g.param(str(name).strip())
    if p.name == "players":
        raise BadInput("--param", "players: the player counts are --players (every trial plays each), "
                                  "not a searched parameter")
    text = str(text).strip()
    if p.kind in ("int", "float", "real") and ".." in text:
        parts = [t.strip() for t in text.split("..")]
        if len(parts) not in (2, 3):
            raise BadInput("--param", f"{p.name}={text}: write lo..hi or lo..hi..step")
        num = float if p.kind != "int" else int
        try:
            vals = [num(t) for t in parts]
        except ValueError:
            raise BadInput("--param", f"{p.name}={text}: write lo..hi with numbers; allowed: {p.allowed()}")
        lo, hi = vals[0], vals[1]
        for v in (lo, hi):
            p.parse(v)  # BadInput naming the parameter and its allowed range
        step = int(vals[2]) if len(vals) == 3 else 1
        if hi <= lo or step < 1:
            raise BadInput("--param", f"{p.name}={text}: need lo < hi (and step >= 1)")
        return Space(p.name, "float" if p.kind != "int" else "int", lo, hi, step)
    vals = split_values(p, text)
    if p.name != "strategies":
        vals = [p.parse(v) for v in vals]
    vals = list(dict.fromkeys(vals))
    if len(vals) < 2:
        raise BadInput("--param", f"{p.name}={text}: give at least two values (lo..hi for integers, or a,b,c); "
                                  f"allowed: {p.allowed()}")
    return Space(p.name, "categorical", choices=tuple(vals))


def example_space(g) -> str:
    """A search range for error messages: the game's own example (Game.tune_example), else its first
    rule parameter with a range, default -3..+5 inside its bounds."""
    if g.tune_example:
        return g.tune_example
    for p in g.params:
        if p.kind == "int" and p.rule and p.name not in ("players", "max_turns") and p.lo is not None and p.hi is not None and isinstance(p.default, int):
            return f"{p.name}={max(p.lo, p.default - 3)}..{min(p.hi, p.default + 5)}"
    return "NAME=LO..HI"
