"""The report's focus labels (--focus, a sweep's `focus`): what may be asked for, checked before
anything heavy is computed, and the answer lines for seats and swept parameter values (the ranked
labels, strategies included, are answered by headline.focus_labels).

A focus label is one of
* a ranked label: any key of the results' label kinds (strategies, aliens, ...), e.g. ``market``;
* a seat, ``seat N`` (N from 1);
* a value of a swept parameter, ``NAME=VALUE`` (e.g. ``crash_threshold=8``).
Names are matched without regard to case.
"""
from __future__ import annotations

from ..errors import BadInput, did_you_mean
from .common import report_layout

UNRANKED = ("seat", "position")  # kinds the label rankings leave out (the turn-order section covers them)


def _key(s) -> str:
    return str(s).strip().casefold()


def focus_choices(res: dict) -> dict[str, tuple]:
    """Every focus label these results can answer, by its matching key: (kind, canonical label);
    kind is a label kind, "seat" (label: the seat index from 0) or "value" (label: (axis, value))."""
    groups, cells, meta = res["groups"], res["cells"], res.get("meta") or {}
    out: dict[str, tuple] = {}
    if len(groups):
        for kind, keys in groups.groupby("kind")["key"]:
            if kind in UNRANKED:
                continue
            for k in keys.astype(str).unique():
                out.setdefault(_key(k), (str(kind), k))
        if "seat" in set(groups["kind"]):
            for s in sorted({int(k) for k in groups.loc[groups["kind"] == "seat", "key"]}):
                out[_key(f"seat {s + 1}")] = ("seat", s)
    if len(cells):
        for axis in report_layout(cells, meta)["varying"]:
            for v in cells[axis].astype(str).unique():
                out[_key(f"{axis}={v}")] = ("value", (axis, v))
    return out


def check_focus(res: dict, focus: list[str]) -> list[tuple[str, tuple]]:
    """The focus labels resolved [(as given, (kind, label))], or BadInput naming the first absent
    one and what is allowed. Cheap (the groups and cells tables only): called before any ranking."""
    known = focus_choices(res)
    out, missing = [], []
    for f in focus:
        hit = known.get(_key(f))
        if hit is None:
            missing.append(f)
        else:
            out.append((f, hit))
    if missing:
        shown = sorted({_shown(kind, label) for kind, label in known.values()}, key=str.casefold)
        hint = did_you_mean(missing[0], shown)
        raise BadInput("--focus", f"{', '.join(repr(m) for m in missing)} is not in these results{hint}; allowed: "
                                  + (", ".join(shown) if shown else "none (no label, seat or swept value)"))
    return out


def _shown(kind: str, label) -> str:
    if kind == "seat":
        return f"seat {label + 1}"
    if kind == "value":
        return f"{label[0]}={label[1]}"
    return str(label)


def canonical(resolved: list[tuple[str, tuple]]) -> list[str]:
    """The ranked labels among the resolved focus, spelled as the results spell them."""
    return [label for _, (kind, label) in resolved if kind not in ("seat", "value")]


def seat_and_value_lines(res: dict, resolved: list[tuple[str, tuple]]) -> list[tuple[str, str]]:
    """One answer line per focus seat or swept value: (sentence, anchor)."""
    groups, cells = res["groups"], res["cells"]
    seats = groups[groups["kind"] == "seat"] if len(groups) else groups
    out = []
    for _, (kind, label) in resolved:
        if kind == "seat" and len(seats):
            rows = seats[seats["key"].astype(int) == label]
            parts = []
            for n, r in rows.groupby("players"):
                wins, games = float(r["wins"].sum()), float(r["n"].sum())
                share = float((r["win_share"] * r["n"]).sum() / games) if games else float("nan")
                parts.append(f"at {int(n)} players {100 * share:.1f}% of the wins against a fair "
                             f"{100 * float(r['fair_share'].iloc[0]):.1f}% ({int(wins):,} wins in {int(games):,} games)")
            if parts:
                out.append((f"seat {label + 1}: " + "; ".join(parts) + ".", "turn-order"))
        elif kind == "value" and len(seats):
            axis, value = label
            # seats are rotated through the turn order in most sweeps, so the gap a designer can act on
            # is between places in turn order (the position table), where the results have one
            pos = groups[groups["kind"] == "position"]
            by_pos = len(pos) > 0
            spread = ((pos if by_pos else seats).groupby("cell")["win_share"].agg(lambda s: s.max() - s.min())
                      .rename("spread").reset_index().merge(cells[["cell", axis]], on="cell"))
            spread[axis] = spread[axis].astype(str)
            by_value = spread.groupby(axis)["spread"].mean().sort_values()
            if value not in by_value.index:
                continue
            place = list(by_value.index).index(value) + 1
            who = "places in turn order" if by_pos else "seats"
            out.append((f"{axis}={value}: the best and the worst of the {who} differ by {100 * by_value[value]:.1f} "
                        f"percentage points of the wins (mean over its {int((spread[axis] == value).sum())} "
                        f"cell(s)); {place} of {len(by_value)} values by that gap (1 = the most even).",
                        "turn-order"))
    return out


def resolve_or_none(res: dict, focus) -> list[tuple[str, tuple]] | None:
    if not focus:
        return None
    return check_focus(res, [str(f) for f in focus])

