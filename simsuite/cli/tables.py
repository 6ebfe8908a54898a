"""The text tables of the CLI: a run's win-rate table, its rows and labels, and the start player's verdict."""
from __future__ import annotations

import pandas as pd

from ..analysis.inference import Z95
from ..report.edge import start_edges


def _fmt_table(rows: list[dict], cols: list[tuple[str, str, str]]) -> str:
    """cols: (key, header, format)."""
    cells = [[h for _, h, _ in cols]]
    for r in rows:
        cells.append([format(r[k], f) if isinstance(r[k], (int, float)) else str(r[k]) for k, _, f in cols])
    w = [max(len(c[i]) for c in cells) for i in range(len(cols))]
    lines = ["  ".join(c[i].rjust(w[i]) if i else c[i].ljust(w[i]) for i in range(len(cols))) for c in cells]
    lines.insert(1, "  ".join("-" * x for x in w))
    return "\n".join(lines)


# text shows rates as percentages (fractions only in --json); the rows get the strings from _text_rows
GROUP_COLS = [("label", "group", ""), ("n", "player-games", "d"), ("win_rate_pct", "win rate", ""),
              ("ci_pct", "95% CI", ""), ("shared_pct", "shared win", ""), ("win_share_pct", "win share", ""),
              ("score_mean", "score mean", ".2f"), ("score_sd", "score sd", ".2f")]


def _text_rows(groups: list[dict]) -> list[dict]:
    """The run table's rows: each label kind's rows by win share, highest first (turn order stays in
    turn order: that order is what the rows are read for), rates as percentages."""
    kinds = list(dict.fromkeys(g["kind"] for g in groups))
    rows = []
    for k in kinds:
        part = [g for g in groups if g["kind"] == k]
        if k != "position":
            part = sorted(part, key=lambda g: -g["win_share"])
        rows += part
    return [dict(r, win_rate_pct=f"{100 * r['win_rate']:.2f}%", ci_pct=f"{100 * r['ci_low']:.2f}-{100 * r['ci_high']:.2f}%",
                 shared_pct=f"{100 * r['shared_win_rate']:.2f}%", win_share_pct=f"{100 * r['win_share']:.2f}%")
            for r in rows]


def _group_label(g, seat_strats) -> str:
    if g["kind"] == "position":
        return f"turn order {g['key']}" + (" (starts)" if g["key"] == "1" else "")
    if g["kind"] == "seat":
        s = seat_strats[int(g["key"])] if seat_strats else ""
        return f"seat {g['key']}" + (f" [{s}]" if s else "")
    if g["kind"].endswith(POWER_KIND):  # a label with its power on / off: named as the label
        return f"{g['kind'][:-len(POWER_KIND)]} {g['key']}"
    return f"{g['kind']} {g['key']}"


POWER_KIND = "_power"  # a label kind "X_power" refines "X" with "(no power)" keys (a control seat)


def _shown_groups(groups: list[dict]) -> list[dict]:
    """Rows for the text table: of a label kind X that a game refines as X_power (its keys marked
    "(no power)" where a control seat held the label face down), one set of rows: per power / no
    power when a control played, else per label; none when no seat held such a label."""
    kinds = {g["kind"] for g in groups}
    drop = set()
    for base in {k[:-len(POWER_KIND)] for k in kinds if k.endswith(POWER_KIND)}:
        refined = base + POWER_KIND
        face_down = any(g["kind"] == refined and g["key"].endswith("(no power)") for g in groups)
        drop |= {base} if face_down else {refined}
        if base in kinds and all(g["key"] == "none" for g in groups if g["kind"] == base):
            drop |= {base, refined}
    return [g for g in groups if g["kind"] not in drop]


def start_verdict(groups: list[dict], players: int) -> dict | None:
    """The start player's verdict of a run, by the report's own function (report.edge.start_edges:
    the box, its table and the findings quote the same): its win share and fair share, the edge
    (win share minus fair) with its 95% interval, and the verdict word."""
    g = pd.DataFrame([dict(r, cell=0, players=players) for r in groups if r["kind"] == "position"])
    if g.empty:
        return None
    e = start_edges(g, pd.DataFrame(dict(cell=[0], players=[players])), ["players"])
    if e.empty:
        return None
    r = e.iloc[0]
    h = Z95 * float(r["se"])
    return dict(win_share=float(r["share"]), fair_share=float(r["fair"]), edge=float(r["eff"]),
                edge_low=float(r["eff"]) - h, edge_high=float(r["eff"]) + h, verdict=str(r["word"]))


def start_line(v: dict) -> str:
    """'Start player: 33.71% of the win share against a fair 33.33%: no edge found (+0.38 points, 95%
    interval -0.31 to +1.07).'"""
    word = {"start player ahead": "ahead", "start player behind": "behind"}.get(v["verdict"], v["verdict"])
    return (f"Start player: {100 * v['win_share']:.2f}% of the win share against a fair {100 * v['fair_share']:.2f}%: "
            f"{word} ({100 * v['edge']:+.2f} points, 95% interval {100 * v['edge_low']:+.2f} to "
            f"{100 * v['edge_high']:+.2f}).")
