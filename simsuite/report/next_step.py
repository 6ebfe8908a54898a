"""The next step the answer box gives with a problem it finds: which rule parameters act on it, and
the `simsuite tune` command that would search them.

Both come from the parameter declarations (Param.acts_on, Param.search_text; the problems a
parameter may act on are simsuite.engine.params.ACTS_ON), never from prose kept beside them: a
parameter the rules do not say acts on the problem is not named, and where none does the sentence
says so."""
from __future__ import annotations

import html
import shlex

from .common import fmt_value, join

esc = html.escape

SEAT_OBJECTIVE = "seat-fairness"  # the tune objective of the start player's edge (every seat's deviation)

# how the sentence names each problem of ACTS_ON
_PROBLEM = {"start player": "the start player's edge", "labels": "the {labels}' balance"}


def acting(g, problem: str, exclude=()) -> list:
    """The game's rule parameters declared to act on `problem` (an ACTS_ON word), each with a search
    range, in declaration order; `exclude`: names left out (a parameter the results already swept)."""
    return [p for p in getattr(g, "params", ()) if problem in p.acts_on and p.name not in exclude
            and p.search_text()]


def objective(g, problem: str, kind: str = "") -> str:
    """The tune objective that measures `problem`: the seats' fairness, or the game's label spread of
    the label kind `kind` ("" where the game declares none)."""
    if problem == "start player":
        return SEAT_OBJECTIVE
    return next((s.objective for s in getattr(g, "label_spreads", ()) if s.kind == kind), "")


def players_text(players) -> str:
    """'3..6' for consecutive player counts, else '3,5' (as `simsuite tune --players` takes them)."""
    ps = sorted({int(p) for p in players})
    if len(ps) > 2 and ps == list(range(ps[0], ps[-1] + 1)):
        return f"{ps[0]}..{ps[-1]}"
    return ",".join(map(str, ps))


def tune_command(g, params, objective_name: str, players=(), sets=(), strategies: str | None = None) -> list[str]:
    """The argument list of `simsuite tune` searching `params` for `objective_name` at `players`,
    with `sets` ((name, value) pairs) fixed and the line-up `strategies` (None: the game's default)."""
    args = ["simsuite", "tune", g.name]
    for p in params:
        args += ["--param", f"{p.name}={p.search_text()}"]
    args += ["--objective", objective_name]
    if len(players):
        args += ["--players", players_text(players)]
    if strategies is not None:
        args += ["--strategies", strategies]
    for k, v in sets:
        args += ["--set", f"{k}={v}"]
    return args


def next_step(g, problem: str, players=(), exclude=(), sets=(), strategies: str | None = None, kind: str = "",
              labels: str = "labels") -> dict | None:
    """The next step for `problem` (an ACTS_ON word) found in a game `g`'s results: the parameters
    acting on it (those in `exclude` left out), the tune command over them (its argument list,
    None where no parameter acts on it) and the sentence (HTML) saying both. None for a game this
    version does not know. `labels`: what the sentence calls the labels (e.g. "aliens")."""
    if g is None:
        return None
    what = _PROBLEM[problem].format(labels=labels)
    ps = acting(g, problem, exclude)
    ob = objective(g, problem, kind)
    other = " other" if exclude else ""
    if not ps or not ob:
        text = (f"Next step: no{other} rule parameter of {esc(g.name)} is declared to act on {esc(what)}, so no "
                "tune can search for values that offset it; offsetting it needs a rule change the game does not "
                "have as a parameter.")
        return dict(problem=problem, params=[], command=None, text=text)
    searched = {p.name for p in ps}
    cmd = tune_command(g, ps, ob, players, [(k, v) for k, v in sets if k not in searched], strategies)
    # two names read in a sentence; more are in the command itself
    names = join([p.name for p in ps]) + ", the" if len(ps) <= 2 else f"the {len(ps)}"
    text = (f"Next step: search {esc(names)}{other} rule parameter{'s' if len(ps) > 1 else ''} declared to "
            f"act on {esc(what)}, for the values that make it smallest: <code>{esc(shlex.join(cmd))}</code>")
    return dict(problem=problem, params=[p.name for p in ps], command=cmd, text=text)


# ---- which problems the results show ----------------------------------------------------------------------
EDGE_WORDS = ("start player ahead", "start player behind", "edge in some cells")  # edge.edge_words' edges


def every_value_has_edge(rec: dict, z: float) -> bool:
    """Whether every value of a sweep (answer.sweep_recommendation's table) gives the start player an
    edge beyond chance: each value's interval of its edge (averaged over the player counts) clear of
    zero. All of them at once holds at the level of each (an intersection-union test), so where one
    value is truly fair this is said in at most 2.5% of sweeps."""
    t = rec["table"]
    return bool(len(t)) and bool((t["edge"].abs() > z * t["se"]).all())


def no_value_fair(rec: dict, name: str) -> str:
    """The sentence where every_value_has_edge: no swept value frees the start player of its edge."""
    axis = rec["axis"]
    return (f"No {esc(name)} from {esc(fmt_value(axis[0]))} to {esc(fmt_value(axis[-1]))} frees the start player "
            "of its edge (at every value it is clear of a fair share, 95% sure).")


_NOT_FIXED = ("players", "strategies", "rotate", "max_turns")


def fixed_sets(g, cells, exclude=()) -> list[tuple[str, str]]:
    """The rule parameters every cell played at one value other than the default (an edition, a
    house rule), as --set pairs: a tune of them searches the rules the results measured."""
    out = []
    for p in g.params:
        if (p.name in _NOT_FIXED or p.name in exclude or p.name not in cells
                or p.kind not in ("int", "float", "bool", "choice", "sizes")):
            continue
        vals = cells[p.name].astype(str).unique()
        if len(vals) != 1:
            continue
        v = str(cells[p.name].iloc[0])
        v = v.lower() if p.kind == "bool" else v
        if v != p.shown_default():
            out.append((p.name, v))
    return out


def line_up(g, cells) -> str | None:
    """The one line-up every cell played, where it is not the game's default; None otherwise."""
    if "strategies" not in cells or cells["strategies"].astype(str).nunique() != 1:
        return None
    s = str(cells["strategies"].iloc[0])
    return None if s == str(g.param("strategies").default) else s
