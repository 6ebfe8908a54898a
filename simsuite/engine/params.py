"""Rule parameters: declared once per game, parsed from the CLI and TOML, checked, swept."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..errors import BadInput, did_you_mean

_TRUE = {"true", "1", "yes", "on"}
_FALSE = {"false", "0", "no", "off"}

# What a rule parameter may be declared to act on (Param.acts_on): the problems a report finds and
# names a next step for. A parameter is declared to act on one only where the game's rules say that
# it does; one that acts on none of them declares nothing.
ACTS_ON = {
    "start player": "the start player's edge over the other seats (turn order)",
    "labels": "how far apart the win shares of the labels a game deals to the seats are",
}


@dataclass(frozen=True)
class Param:
    name: str
    kind: str  # int | float | bool | choice | sizes | path | custom
    default: object
    doc: str
    rule: str = ""
    lo: int | None = None
    hi: int | None = None
    choices: tuple = ()
    aliases: tuple = field(default_factory=tuple)
    parser: object = None  # kind "custom": a callable value -> canonical string (raises BadInput)
    allowed_text: str = ""  # kind "custom": what allowed() says
    # the kernel's configuration word this parameter fills (a C_* name of the game's api), filled by
    # Game.build_cfg with encode(value); "" = none (the game's fill_cfg handles it, or nothing reads it)
    slot: str = ""
    encoder: object = None  # value -> int, where the default encoding (see encode) is not the one
    # The configuration hash (Game.config_hash: a run's seed, so its records) holds every parameter
    # unless one of these two leaves it out, declared here so that a parameter added later leaves
    # every earlier configuration's seed as it was:
    # - hashed_at_default = False: left out while at its default (a parameter added after runs were
    #   recorded: those runs played its default)
    # - acts(game, cfg) -> bool: left out where it does not act (an edition's own parameter under
    #   the other edition)
    hashed_at_default: bool = True
    acts: object = None
    # the problems (ACTS_ON) the rules say this parameter acts on, and the values a search of it
    # tries (`simsuite tune --param NAME=...`; "" = search_text's default: about the default value)
    acts_on: tuple = ()
    search: str = ""

    def __post_init__(self):
        bad = [w for w in self.acts_on if w not in ACTS_ON]
        if bad or isinstance(self.acts_on, str):
            raise ValueError(f"parameter {self.name}: acts_on {self.acts_on!r}; allowed: a tuple of {', '.join(ACTS_ON)}")

    def search_text(self) -> str:
        """The values a search of this parameter tries, as `simsuite tune --param NAME=...` takes them:
        its declared `search`, else an integer range about the default inside its bounds, both values
        of a bool, every choice."""
        if self.search:
            return self.search
        if self.kind == "int":
            lo, hi = max(self.lo, int(self.default) - 3), min(self.hi, int(self.default) + 3)
            return f"{lo}..{hi}" if lo < hi else ""
        if self.kind == "bool":
            return "true,false"
        if self.kind == "choice":
            return ",".join(self.choices)
        return ""

    def in_hash(self, game, cfg: dict, value) -> bool:
        """Whether this parameter, at `value` in the resolved configuration `cfg`, is part of the
        configuration hash (hashed_at_default, acts)."""
        if self.acts is not None and not self.acts(game, cfg):
            return False
        return self.hashed_at_default or value != self.default

    def encode(self, value) -> int:
        """The parameter's canonical value as the kernel reads it: an int as it is, a bool as 0/1, a
        choice as its index in `choices`, card sizes as a bit mask (bit s = size s)."""
        if self.encoder is not None:
            return int(self.encoder(value))
        if self.kind == "int":
            return int(value)
        if self.kind == "bool":
            return int(bool(value))
        if self.kind == "choice":
            return self.choices.index(value)
        if self.kind == "sizes":
            return sum(1 << int(x) for x in value.split("+")) if value != "none" else 0
        raise ValueError(f"parameter {self.name} ({self.kind}) has a slot but no encoder")

    def shown_default(self) -> str:
        """The default as a user reads it (`simsuite list`, the docs): a built-in data file by its
        name, not the path of one installation."""
        if self.kind == "path":
            return f"{Path(str(self.default)).name} (built in)"
        if self.kind == "bool":
            return str(self.default).lower()
        return str(self.default)

    def allowed(self) -> str:
        if self.kind == "int":
            return f"an integer in {self.lo}..{self.hi}"
        if self.kind == "float":
            return f"a number in {self.lo:g}..{self.hi:g}"
        if self.kind == "bool":
            return "true or false"
        if self.kind == "choice":
            return "one of " + ", ".join(self.choices)
        if self.kind == "sizes":
            return "card sizes joined by '+' (e.g. 4 or 3+4), or none"
        if self.kind == "path":
            return "a path to a TOML file"
        if self.kind == "lineup":
            return "strategy names joined by commas"
        return self.allowed_text or "?"

    def parse(self, value):
        """Parse one value (CLI text or a TOML scalar) into its canonical Python value."""
        name = self.name
        if self.kind == "int":
            if isinstance(value, bool):
                raise BadInput(name, f"got {value!r}; allowed: {self.allowed()}")
            try:
                v = int(value) if not isinstance(value, float) or value.is_integer() else None
            except (TypeError, ValueError):
                v = None
            if v is None:
                raise BadInput(name, f"got {value!r}; allowed: {self.allowed()}")
            if not (self.lo <= v <= self.hi):
                raise BadInput(name, f"{v} is out of range; allowed: {self.allowed()}")
            return v
        if self.kind == "float":
            try:
                v = float(value) if not isinstance(value, bool) else None
            except (TypeError, ValueError):
                v = None
            if v is None or v != v:
                raise BadInput(name, f"got {value!r}; allowed: {self.allowed()}")
            if not (self.lo <= v <= self.hi):
                raise BadInput(name, f"{v:g} is out of range; allowed: {self.allowed()}")
            return v
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
            s = str(value).strip().lower()
            if s in _TRUE:
                return True
            if s in _FALSE:
                return False
            raise BadInput(name, f"got {value!r}; allowed: {self.allowed()}")
        if self.kind == "choice":  # any case (ffg2008 = FFG2008): the canonical spelling is kept
            s = str(value).strip()
            hit = next((c for c in self.choices if c.casefold() == s.casefold()), None)
            if hit is None:
                raise BadInput(name, f"got {s!r}{did_you_mean(s, self.choices)}; allowed: {self.allowed()}")
            return hit
        if self.kind == "sizes":
            if isinstance(value, (list, tuple)):
                parts = [str(x) for x in value]
            else:
                s = str(value).strip().lower()
                parts = [] if s in ("", "none", "{}") else s.replace("{", "").replace("}", "").split("+")
            try:
                sizes = sorted({int(p) for p in parts})
            except ValueError:
                raise BadInput(name, f"got {value!r}; allowed: {self.allowed()}")
            if any(not (1 <= x <= 62) for x in sizes):
                raise BadInput(name, f"got {value!r}; sizes must be in 1..62")
            return "+".join(map(str, sizes)) if sizes else "none"
        if self.kind == "path":
            p = Path(str(value)).expanduser()
            if not p.is_file():
                raise BadInput(name, f"{value} is not a file; allowed: {self.allowed()}")
            return str(p.resolve())
        if self.kind == "custom":
            return self.parser(value)
        raise AssertionError(self.kind)


def parse_count(value, lo: int, hi: int | None, field: str, where: str = "", text: bool = True) -> int:
    """A count of games (or of games per unit), written as an integer, with underscores
    (1_000_000) or in e-notation (1e6, 2.5e5): anything that is a whole number lo..hi. A float
    from a TOML file (games = 1e6) counts too. `where`: what the message calls the value (`file.toml: games`)."""
    top = "" if hi is None else str(hi)
    if text:
        allowed = f"a whole number {lo}<=x<={top} (1000000, 1_000_000 and 1e6 are the same)"
    else:  # a TOML number: the file writes 1_000_000 or 1e6 itself, a string is not a count
        allowed = f"an integer {lo}..{top} (1000000, 1_000_000 or 1e6)"
    v = None
    if isinstance(value, bool):
        v = None
    elif isinstance(value, int):
        v = value
    elif isinstance(value, float):
        v = int(value) if value.is_integer() else None
    elif isinstance(value, str) and text:
        t = value.strip()
        try:
            v = int(t.replace("_", "")) if "_" not in (t[:1], t[-1:]) and "__" not in t else None
        except ValueError:
            try:
                f = float(t.replace("_", "")) if "_" not in (t[:1], t[-1:]) and "__" not in t else None
            except ValueError:
                f = None
            v = int(f) if f is not None and f == f and abs(f) != float("inf") and f.is_integer() else None
    said = f"{where} = {value!r}" if where else f"got {value!r}"
    if v is None:
        raise BadInput(field, f"{said}; allowed: {allowed}")
    if v < lo or (hi is not None and v > hi):
        raise BadInput(field, f"{said} is out of range; allowed: {allowed}")
    return v


def split_values(param: Param | None, text: str) -> list[str]:
    """Values of a sweep axis: 'a..b' or 'a..b..step' for integers, else a comma list.
    (Strategy line-ups and other list values contain commas, so their alternatives are separated
    by '|'.)"""
    text = str(text).strip()
    if param is None or param.name == "strategies" or param.kind == "custom":
        return [t.strip() for t in text.split("|") if t.strip()]
    if param.kind == "int" and ".." in text:
        parts = text.split("..")
        try:
            nums = [int(p) for p in parts]
        except ValueError:
            raise BadInput(param.name, f"bad range {text!r}; write a..b or a..b..step")
        if len(nums) == 2:
            lo, hi, step = nums[0], nums[1], 1
        elif len(nums) == 3:
            lo, hi, step = nums
        else:
            raise BadInput(param.name, f"bad range {text!r}; write a..b or a..b..step")
        if step <= 0 or hi < lo:
            raise BadInput(param.name, f"bad range {text!r}; need a <= b and step >= 1")
        return [str(v) for v in range(lo, hi + 1, step)]
    return [t.strip() for t in text.split(",") if t.strip()]


def parse_assignment(text: str) -> tuple[str, str]:
    if "=" not in text:
        raise BadInput("--set", f"expected NAME=VALUE, got {text!r}")
    k, v = text.split("=", 1)
    return k.strip(), v.strip()


def command_line(game, sets, players=None, strategies=None, shortcuts=None) -> list[tuple[str, object]]:
    """(parameter name, value) pairs of --set and the shortcut options (--players, --strategies and
    the game's own, `shortcuts`: option -> value); a parameter given twice with different values is
    refused, not silently resolved (--set x=1 --set x=2, --players 3 --set players=5)."""
    out, said = {}, {}
    given = [(*parse_assignment(s), f"--set {s}") for s in sets]
    given += [(k, v, f"--{k} {v}") for k, v in (("players", players), ("strategies", strategies)) if v is not None]
    given += [(game.shortcut(o).param, v, f"{o} {v}") for o, v in (shortcuts or {}).items() if v is not None]
    for k, v, how in given:
        name = game.param(k).name
        if name in said and str(out[name]) != str(v):
            raise BadInput(name, f"given twice with different values ({said[name]} and {how}); give it once")
        out[name], said[name] = v, how
    return list(out.items())
