"""Objectives: what a trial minimises (seat fairness, a label spread a game declares, a strategy
gap, a metric), parsed and checked, and computed from a trial's sweep tables with its interval."""
from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from ..analysis.inference import diff_se
from ..errors import BadInput, did_you_mean

ALPHA = 0.05
# the objectives every game has; a game adds its label-spread ones (Game.label_spreads, "<kind>-spread"),
# listed after seat-fairness
OBJECTIVES = ("seat-fairness", "strategy-gap", "game-length", "metric", "label-share")
WIN_SHARE = ("seat-fairness", "strategy-gap", "label-share")  # win-share objectives, shown in percentage points


def z_crit(alpha: float) -> float:
    """The two-sided normal critical value of level alpha (1.96 at 0.05): intervals are value ± z_crit · se."""
    from statistics import NormalDist

    return NormalDist().inv_cdf(1 - alpha / 2)


# ------------------------------------------------------------------------------ objectives
@dataclass(frozen=True)
class Objective:
    kind: str
    weight: float = 1.0
    opts: tuple = ()  # sorted (key, value) pairs
    spread: object = field(default=None, compare=False, repr=False)  # a label spread's LabelSpread

    @property
    def o(self) -> dict:
        return dict(self.opts)

    def label(self) -> str:
        o = self.o
        if self.kind == "strategy-gap":
            t = o.get("target")
            return (f"{o['a']} minus {o['b']} win share" + (f", distance from {t:g}" if t is not None else
                                                            " (maximised)"))
        if self.kind in ("game-length", "metric"):
            m = o["metric"]
            if "target" in o:
                return f"distance of mean {m} from {o['target']:g}"
            if "max" in o:
                return f"mean {m} above {o['max']:g}"
            return f"mean {m} below {o['min']:g}"
        if self.kind == "label-share":
            return f"win share of {o['group']} {o['key']}, " + ("maximised" if o["sense"] == "max" else "minimised")
        if self.spread is not None:
            return f"largest deviation of {self.spread.noun}'s win share from fair"
        return "largest deviation of a turn-order position's win share from fair"

    def in_pp(self) -> bool:
        """Win-share objectives are shown in percentage points."""
        return in_pp(self.kind)

    def doc(self) -> dict:
        return dict(kind=self.kind, weight=self.weight, **self.o, label=self.label())


OBJECTIVE_KEYS = {"seat-fairness": set(), "strategy-gap": {"a", "b", "target"},
                  "game-length": {"target", "metric"}, "metric": {"metric", "target", "max", "min"},
                  "label-share": {"group", "key", "sense"}}


def is_label_spread(kind: str) -> bool:
    return kind.endswith("-spread")


def in_pp(kind: str) -> bool:
    """A win-share objective (seat-fairness, a label spread, strategy-gap): shown in percentage points."""
    return kind in WIN_SHARE or is_label_spread(kind)


def known_spreads(games) -> dict:
    """objective name -> LabelSpread over `games` (game objects: the caller's, e.g. every game of the
    registry; the tuner sits below the games and looks none up)."""
    return {s.objective: s for g in games for s in g.label_spreads}


def objective_names(spreads) -> tuple[str, ...]:
    return (OBJECTIVES[0], *spreads, *OBJECTIVES[1:])


def parse_objective(d, metrics=None, spreads=None) -> Objective:
    """An objective from a TOML table or a CLI text KIND[:key=value,...] (weight=W for its weight).
    `spreads`: the label-spread objectives it may name (objective -> LabelSpread, known_spreads; the
    command line gives every registered game's, so that one a game lacks gets check_objectives'
    message naming the game; default: none)."""
    spreads = {} if spreads is None else spreads
    names = objective_names(spreads)
    if isinstance(d, str):
        kind, _, rest = d.partition(":")
        opts = {}
        for part in filter(None, (x.strip() for x in rest.split(","))):
            if "=" not in part:
                raise BadInput("--objective", f"{d!r}: options are key=value, e.g. game-length:target=40")
            k, v = (x.strip() for x in part.split("=", 1))
            opts[k] = v
        d = dict(kind=kind.strip(), **opts)
    if not isinstance(d, dict) or "kind" not in d:
        raise BadInput("objective", f"{d!r}: an objective needs kind = one of {', '.join(names)}")
    d = dict(d)
    kind = str(d.pop("kind")).strip()
    kind = next((n for n in names if n.casefold() == kind.casefold()), kind)  # any case
    if kind not in names:
        raise BadInput("--objective", f"unknown objective {kind!r}{did_you_mean(kind, names)}; allowed: "
                                      f"{', '.join(names)}")
    weight = _number(d.pop("weight", 1.0), f"{kind} weight")
    if not weight > 0:
        raise BadInput("--objective", f"{kind}: weight {weight:g}; allowed: a number > 0")
    keys = OBJECTIVE_KEYS.get(kind, set())  # a label spread takes no options
    bad = set(d) - keys
    if bad:
        allowed = ", ".join(sorted(keys | {"weight"}))
        raise BadInput("--objective", f"{kind}: unknown option {sorted(bad)[0]!r}; allowed: {allowed}")
    for k in ("target", "max", "min"):
        if k in d:
            d[k] = _number(d[k], f"{kind} {k}")
    if kind == "strategy-gap" and not ("a" in d and "b" in d and str(d["a"]) != str(d["b"])):
        raise BadInput("--objective", "strategy-gap needs two different strategies: strategy-gap:a=market,b=random")
    if kind == "label-share":
        # one seat label's win share (a group of the cell tables, e.g. a strategy), raised or lowered
        d = {k: str(v).strip() for k, v in d.items()}
        d.setdefault("sense", "max")
        if "group" not in d or "key" not in d or d["sense"] not in ("max", "min"):
            raise BadInput("--objective", "label-share needs group=KIND, key=LABEL and sense=max or min, "
                                          "e.g. label-share:group=strategy,key=market,sense=max")
    if kind == "game-length":
        d.setdefault("metric", "turns")
        if "target" not in d:
            raise BadInput("--objective", "game-length needs target=TURNS, e.g. game-length:target=40")
    if kind == "metric":
        if "metric" not in d:
            raise BadInput("--objective", "metric needs metric=NAME and one of target=, max=, min=")
        if len({"target", "max", "min"} & set(d)) != 1:
            raise BadInput("--objective", f"metric {d['metric']}: give exactly one of target=, max=, min=")
    if "metric" in d and metrics is not None and d["metric"] not in metrics:
        raise BadInput("--objective", f"unknown metric {d['metric']!r}{did_you_mean(d['metric'], metrics)}; "
                                      f"allowed: {', '.join(metrics)}")
    for k in ("a", "b", "metric"):
        if k in d:
            d[k] = str(d[k]).strip()
    return Objective(kind, weight, tuple(sorted(d.items())), spreads.get(kind))


def _number(v, what) -> float:
    try:
        x = float(v)
    except (TypeError, ValueError):
        x = float("nan")
    if isinstance(v, bool) or not math.isfinite(x):
        raise BadInput("--objective", f"{what} = {v!r}; allowed: a number")
    return x


def game_metric_names(g) -> list[str]:
    """The per-game metrics a game's cells record (cells.parquet's <metric>_mean columns)."""
    try:
        return sorted(g.game_metrics(np.zeros(0, g.layout.dtype)))
    except Exception:
        return None


def check_objectives(g, objectives, cfgs) -> None:
    """BadInput for an objective that does not apply to this game or line-up."""
    for ob in objectives:
        o = ob.o
        if is_label_spread(ob.kind):
            own = {s.objective: s for s in g.label_spreads}
            sp = own.get(ob.kind)
            if sp is None:
                what = f" (it has no {ob.spread.plural})" if ob.spread is not None else ""
                raise BadInput("--objective", f"{ob.kind} does not apply to {g.name}{what}; "
                                              f"allowed for it: {', '.join(objective_names(own))}")
            if sp.param and any(str(c.get(sp.param, sp.off)) == sp.off for c in cfgs):
                raise BadInput("--objective", f"{ob.kind} needs {sp.plural} at the table: {sp.hint}")
        if ob.kind == "strategy-gap":
            known = [s.name for s in g.strategies()]
            for k in ("a", "b"):
                if o[k] not in known:
                    raise BadInput("--objective", f"strategy-gap: unknown strategy {o[k]!r}"
                                                  f"{did_you_mean(o[k], known)}; allowed: {', '.join(known)}")
                if any(o[k] not in c["strategies"].split(",") for c in cfgs):
                    raise BadInput("--objective", f"strategy-gap: {o[k]} is not in the line-up "
                                                  f"{cfgs[0]['strategies']}; add it with --strategies")


# ------------------------------------------------------------------------------ evaluation
def _max_abs(est, se, alpha):
    """Largest |est_i| with a simultaneous (Bonferroni over the components) interval."""
    est, se = np.asarray(est, float), np.asarray(se, float)
    if not len(est):
        return dict(value=float("nan"), lo=float("nan"), hi=float("nan"))
    z = z_crit(alpha / len(est))
    a = np.abs(est)
    return dict(value=float(a.max()), lo=float(np.maximum(a - z * se, 0).max()), hi=float((a + z * se).max()),
                components=len(est))


def _share_dev(groups, kind, exclude=()):
    g = groups[(groups["kind"] == kind) & ~groups["key"].astype(str).isin(exclude)]
    return g.assign(dev=g["win_share"] - g["fair_share"])


def evaluate(objectives, tables) -> dict:
    """The objectives of one trial (or re-check) from its sweep tables, each with a 95%/K interval,
    and their weighted sum with the sum of the bounds."""
    cells, groups, h2h = tables["cells"], tables["groups"], tables.get("h2h")
    alpha = ALPHA / len(objectives)
    out = []
    for ob in objectives:
        o = ob.o
        if ob.kind == "seat-fairness" or ob.spread is not None:
            d = (_share_dev(groups, "position", ("none",)) if ob.spread is None else
                 _share_dev(groups, ob.spread.kind, ob.spread.exclude))
            r = _max_abs(d["dev"], d["share_se"], alpha)
            worst = d.iloc[int(np.abs(d["dev"].to_numpy()).argmax())] if len(d) else None
            if worst is not None:
                r["worst"] = dict(players=int(worst["players"]), key=str(worst["key"]), dev=float(worst["dev"]))
        elif ob.kind == "label-share":
            # the label's win share averaged over the player counts (each its own interval, independent
            # cells): minimised as -share under sense=max
            d = groups[(groups["kind"] == o["group"]) & (groups["key"].astype(str) == o["key"])]
            if not len(d):
                raise BadInput("--objective", f"label-share: no {o['group']} {o['key']!r} in the cell tables")
            share = float(d["win_share"].mean())
            h = z_crit(alpha) * math.sqrt(float((d["share_se"] ** 2).sum())) / len(d)
            sign = -1.0 if o["sense"] == "max" else 1.0
            r = dict(value=sign * share, lo=sign * share - h, hi=sign * share + h, share=share,
                     share_lo=share - h, share_hi=share + h, games=int(d["n"].sum()),
                     shares={int(p): float(v) for p, v in zip(d["players"], d["win_share"])})
        elif ob.kind == "strategy-gap":
            st = groups[groups["kind"] == "strategy"].set_index(["cell", "key"])
            gaps, ses = [], []
            for c in sorted(set(cells["cell"])):
                if (c, o["a"]) not in st.index or (c, o["b"]) not in st.index:
                    continue
                A, B = st.loc[(c, o["a"])], st.loc[(c, o["b"])]
                cov = np.nan
                if h2h is not None and len(h2h) and "share_cov" in h2h:
                    m = h2h[(h2h["kind"] == "strategy") & (h2h["cell"] == c) & (h2h["a"] == o["a"]) & (h2h["b"] == o["b"])]
                    cov = float(m["share_cov"].iloc[0]) if len(m) else np.nan

                gaps.append(A["win_share"] - B["win_share"])
                ses.append(float(diff_se(A["share_se"], B["share_se"], cov)))
            gap = float(np.mean(gaps)) if gaps else float("nan")
            h = z_crit(alpha) * math.sqrt(sum(s * s for s in ses)) / len(ses) if ses else float("nan")
            t = o.get("target")
            if t is None:
                r = dict(value=-gap, lo=-gap - h, hi=-gap + h)
            else:
                lo_d, hi_d = gap - h - t, gap + h - t
                r = dict(value=abs(gap - t), lo=0.0 if lo_d <= 0 <= hi_d else min(abs(lo_d), abs(hi_d)),
                         hi=max(abs(lo_d), abs(hi_d)))
            r["gap"] = gap
        else:  # a cell-table metric: target distance or bound excess, the worst player count
            m = o["metric"]
            if f"{m}_mean" not in cells:
                raise BadInput("--objective", f"the cells record no metric {m!r}")
            mean = cells[f"{m}_mean"].to_numpy(float)
            se = (cells[f"{m}_ci_high"].to_numpy(float) - cells[f"{m}_ci_low"].to_numpy(float)) / (2 * z_crit(ALPHA))
            if "target" in o:
                r = _max_abs(mean - o["target"], se, alpha)
            else:
                sign = 1.0 if "max" in o else -1.0
                ex = sign * (mean - o.get("max", o.get("min")))
                z = z_crit(alpha / len(ex))
                r = dict(value=float(np.maximum(ex, 0).max()), lo=float(np.maximum(ex - z * se, 0).max()),
                         hi=float(np.maximum(ex + z * se, 0).max()))
            r["means"] = {int(p): float(v) for p, v in zip(cells["players"], mean)}
        r.update(kind=ob.kind, weight=ob.weight, label=ob.label())
        out.append(r)
    value = sum(r["weight"] * r["value"] for r in out)
    lo = sum(r["weight"] * r["lo"] for r in out)
    hi = sum(r["weight"] * r["hi"] for r in out)
    return dict(value=value, lo=lo, hi=hi, half_width=(hi - lo) / 2, objectives=out,
                start=_start_advantage(groups), games=int(cells["games"].min()) if len(cells) else 0)


def label_share(check: dict) -> dict:
    """A label-share objective's win share from an evaluate() result (a trial, re-check or final
    check): the share, its standard error, its interval as evaluated and its games. What a game's
    own summary of a tune (e.g. an alien's band) reads, rather than the objective's sign and level."""
    obs = check["objectives"]
    o = next(x for x in obs if x["kind"] == "label-share")
    se = (o["share_hi"] - o["share"]) / z_crit(ALPHA / len(obs))
    return dict(share=o["share"], se=se, lo=o["share_lo"], hi=o["share_hi"], games=o.get("games"))


def _start_advantage(groups) -> dict:
    """The start player's win share minus fair per player count, with its 95% half-width: the
    figure a designer reads first."""
    d = _share_dev(groups, "position")
    d = d[d["key"].astype(str) == "1"]
    return {int(r["players"]): dict(dev=float(r["dev"]), half_width=float(z_crit(ALPHA) * r["share_se"]))
            for _, r in d.iterrows()}
