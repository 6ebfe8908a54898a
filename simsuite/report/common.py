"""What every part of the report shares: the sweep layout (which columns vary, what goes on the x axis), number formatting, tables and the page template."""
from __future__ import annotations

import hashlib
import itertools
import math
import tomllib
from pathlib import Path
from statistics import NormalDist
from string import Template

import numpy as np
import pandas as pd

from ..analysis.inference import Z95
from ..errors import BadInput

ALPHA = 0.05
from ..resources import TEMPLATE  # noqa: E402 (package data)

METRIC_SUFFIXES = ("_mean", "_sd", "_ci_low", "_ci_high", "_min", "_max")
NON_CONFIG = {"cell", "config_hash", "code_hash", "seed", "simsuite_version", "game", "games", "first_game",
              "max_ci_half_width", "seconds", "games_per_s"}
DATA_EXT = (".toml", ".json", ".csv", ".yaml", ".yml", ".txt")
SHARED_HIGH = 0.05  # shared-win rate worth a finding of its own
MAX_LISTED = 10  # per-cell sentences for timeouts / shared wins before summarising
MAX_PANELS = 24
ORDINALS = ("zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")


def game_metrics(meta: dict, cells: pd.DataFrame, hists: pd.DataFrame | None = None) -> tuple:
    """The game's Metric declarations (simsuite.games.base.Metric): what the report charts and
    trends. For results of a game this version does not know, every metric column is listed
    plainly and the histograms kept are drawn as distributions."""
    from .. import games
    from ..games.base import Metric

    name = meta.get("game") or (str(cells["game"].iloc[0]) if "game" in cells and len(cells) else "")
    try:
        return tuple(games.get(str(name)).metrics)
    except BadInput:
        kept = set(hists["metric"]) if hists is not None and len(hists) else set()
        return tuple(Metric(m, m.replace("_", " "), hist=m in kept, dist=m in kept) for m in _metric_names(cells.columns))


def known_game(name: str):
    """The game of this name (simsuite.games), or None for results of a game this version does not know."""
    from .. import games

    try:
        return games.get(str(name))
    except BadInput:
        return None


def _metric_names(cols) -> list[str]:
    return [c[:-5] for c in cols if c.endswith("_mean") and f"{c[:-5]}_sd" in cols]


def _config_cols(cells: pd.DataFrame) -> list[str]:
    metric_cols = {m + s for m in _metric_names(cells.columns) for s in METRIC_SUFFIXES}
    return [c for c in cells.columns if c not in NON_CONFIG and c not in metric_cols]


def _is_numeric(s: pd.Series) -> bool:
    return pd.api.types.is_numeric_dtype(s) and not pd.api.types.is_bool_dtype(s)


def report_layout(cells: pd.DataFrame, meta: dict) -> dict:
    config = _config_cols(cells)
    varies = [c for c in config if cells[c].astype(str).nunique() > 1]
    axes = [a for a in (meta.get("axes") or {}) if a in varies]
    varying = axes + [c for c in varies if c not in axes]
    # players first: it is the natural panel / series split
    if "players" in varying:
        varying = ["players"] + [c for c in varying if c != "players"]
    x = next((c for c in varying if c != "players" and _is_numeric(cells[c])), None)
    facets = [c for c in varying if c != x] if x else (["players"] if "players" in varying else [])
    x_values = sorted(cells[x].astype(float).unique()) if x else []
    return dict(config=config, varying=varying, x=x, x_values=x_values, facets=facets,
                fixed=[c for c in config if c not in varying])


def independent_axes(cells: pd.DataFrame, cols: list[str]) -> list[str]:
    """The columns of `cols` worth naming beside a cell: each one that is not the same split of the
    cells as a column kept before it, value for value (an edition's deck file varies with the
    edition and says nothing more)."""
    def fixes(a, b) -> bool:
        return bool(cells.groupby(a, dropna=False)[b].nunique(dropna=False).max() <= 1)

    kept = []
    for c in cols:
        if c in cells and not any(fixes(k, c) and fixes(c, k) for k in kept):
            kept.append(c)
    return kept


def fmt_value(v) -> str:
    if isinstance(v, (float, np.floating)) and float(v).is_integer():
        return str(int(v))
    if isinstance(v, str) and v.lower().endswith(DATA_EXT):  # a data file (a deck): as the header names it
        return shown_path(v)
    return str(v)


def _facet_label(row, facets) -> str:
    parts = []
    for c in facets:
        v = row[c]
        if c == "players":
            parts.append(f"{fmt_value(v)} players")
        elif c == "strategies":
            parts.append(f"line-up {v}")
        elif isinstance(v, str) and v.lower().endswith(DATA_EXT):  # a data file: as the header names it
            parts.append(f"{c} {shown_path(v)}")
        else:
            parts.append(f"{c} {fmt_value(v)}")
    return ", ".join(parts)


def where_phrase(d: str) -> str:
    """'With 4 players' -> '4 players' (chart labels, parentheticals)."""
    return d[5:] if d.startswith("With ") else d[3:] if d.startswith("In ") else d


def join(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def cell_descriptions(cells: pd.DataFrame, lay: dict) -> dict[int, str]:
    """'With 4 players and crash_threshold 9' per cell (unique: the cell number is added if needed)."""
    out = {}
    for _, r in cells.iterrows():
        # players always named: a sentence should stand on its own
        cols = (["players"] if "players" in cells and "players" not in lay["varying"] else []) + lay["varying"]
        parts = _facet_label(r, cols).split(", ") if cols else []
        out[int(r["cell"])] = f"With {join(parts)}" if parts else f"In cell {int(r['cell'])}"
    counts = pd.Series(list(out.values())).value_counts()
    return {c: (d if counts[d] == 1 else f"{d} (cell {c})") for c, d in out.items()}


def fmt_pct(p: float, lo: float | None = None, hi: float | None = None) -> str:
    nd = 1 if lo is None or (hi - lo) >= 0.002 else 2
    s = f"{100 * p:.{nd}f}%"
    if lo is not None:
        lo, hi = max(lo, 0.0), min(hi, 1.0)  # the normal interval can overshoot near 0 or 1
        s += f" (95% CI {100 * lo:.{nd}f}–{100 * hi:.{nd}f}%)"
    return s


def fmt_num(v: float) -> str:
    if v is None or (isinstance(v, float) and math.isnan(v)):
        return "–"
    return f"{v:.2f}" if abs(v) < 10 else f"{v:.1f}" if abs(v) < 100 else f"{v:.0f}"


def _fmt_float(v: float) -> str:
    if pd.isna(v):
        return "–"
    return f"{v:.4g}" if abs(v) < 1e4 else f"{v:.0f}"


def _ordinal(k: int) -> str:
    return ORDINALS[k] if k < len(ORDINALS) else f"{k}th"


def position_name(k: int, n: int) -> str:
    if k == 1:
        return "the start player"
    if k == n:
        return f"the last player ({_ordinal(k)} in turn order)"
    return f"the {_ordinal(k)} player"


def position_effect(k: int, n: int, above: bool) -> str:
    who = "first" if k == 1 else "last" if k == n else _ordinal(k)
    return f"a {who}-player {'advantage' if above else 'disadvantage'}"


def corrected_intervals(df: pd.DataFrame, m: int) -> pd.DataFrame:
    """Bonferroni-corrected interval around win_share; se from the stored 95% normal interval."""
    z = NormalDist().inv_cdf(1 - ALPHA / (2 * max(m, 1)))
    se = (df["share_ci_high"] - df["share_ci_low"]) / (2 * Z95)
    df = df.assign(se=se, z=z, lo_c=df["win_share"] - z * se, hi_c=df["win_share"] + z * se)
    return df.assign(sig=(df["lo_c"] > df["fair_share"]) | (df["hi_c"] < df["fair_share"]))


def pooled_sd(g: pd.DataFrame) -> pd.DataFrame:
    """Within-cell sd of a player's final score, pooled over turn-order positions, with an
    approximate (normal-theory) 95% interval counted in games, not player-games: the seats of one
    game are not independent."""
    rows = []
    for cell, d in g.groupby("cell"):
        n = d["n"].sum()
        sd = math.sqrt((d["n"] * d["score_sd"] ** 2).sum() / n) if n > 0 else float("nan")
        games = n / int(d["players"].iloc[0]) if "players" in d else n
        h = Z95 / math.sqrt(2 * max(games - 1, 1))
        rows.append(dict(cell=cell, y=sd, lo=sd * (1 - h), hi=sd * (1 + h)))
    return pd.DataFrame(rows)


def key_order(s: pd.Series) -> pd.Series:
    if s.name == "key":
        num = pd.to_numeric(s, errors="coerce")
        return num if num.notna().all() else s
    return s


def facet_series(df: pd.DataFrame, facets: list[str]):
    """(label, rows) per combination of the facet columns, in sorted order."""
    if not facets:
        yield "", df
        return
    for _, d in df.groupby(facets, sort=True, dropna=False):
        yield _facet_label(d.iloc[0], facets), d


def shown_path(p) -> str:
    """A path as the report shows it: a built-in data file as configs/..., else relative to the
    current directory when inside it (a report moved to another machine then still names the
    right file), else as given."""
    from ..resources import DATA

    for base in (DATA, Path.cwd()):
        try:
            return str(Path(p).resolve().relative_to(base.resolve()))
        except (ValueError, OSError):
            pass
    return str(p)


def data_file_rows(cells: pd.DataFrame, meta: dict) -> list[tuple[str, str, str]]:
    """(parameter, path, note) for every data file the cells used."""
    rows, seen = [], set()
    for c in cells.columns:
        if not _is_text(cells[c]):
            continue
        for v in cells[c].dropna().unique():
            if isinstance(v, str) and v.lower().endswith(DATA_EXT) and (c, v) not in seen:
                seen.add((c, v))
                rows.append((c, v, _file_note(Path(v))))
    md = meta.get("data_files")
    items = md.items() if isinstance(md, dict) else enumerate(md) if isinstance(md, list) else ()
    for k, v in items:
        p = v.get("path") if isinstance(v, dict) else v
        if isinstance(p, str) and not any(p == r[1] for r in rows):
            rows.append((str(k), p, _file_note(Path(p))))
    return rows


def _is_text(s: pd.Series) -> bool:
    return s.dtype == object or pd.api.types.is_string_dtype(s)


def _file_note(p: Path) -> str:
    """sha256 prefix and, for TOML rows with a 'source' field, how many rows are assumed."""
    if not p.is_file():
        return "file not found now"
    b = p.read_bytes()
    note = f"sha256 now {hashlib.sha256(b).hexdigest()[:12]}"
    if p.suffix == ".toml":
        try:
            d = tomllib.loads(b.decode())
        except (tomllib.TOMLDecodeError, UnicodeDecodeError):
            return note
        src = [r.get("source") for v in d.values() if isinstance(v, list) for r in v if isinstance(r, dict)]
        src = [s for s in src if s is not None]
        if src:
            counts = pd.Series(src).value_counts()
            note += "; rows by source: " + ", ".join(f"{k} {n}" for k, n in counts.items())
    return note


def _sort_key(x):
    """Numbers numerically, before anything else (stored axis values are sorted as text)."""
    return (0, x, "") if isinstance(x, (int, float)) and not isinstance(x, bool) else (1, 0, str(x))


def axis_values(v) -> str:
    return ", ".join(map(str, sorted(v, key=_sort_key))) if isinstance(v, (list, tuple)) else str(v)


def uniq(s: pd.Series) -> list:
    return sorted(s.dropna().unique().tolist(), key=_sort_key)


def table(df: pd.DataFrame) -> str:
    return df.to_html(index=False, border=0, classes="data", na_rep="–", float_format=_fmt_float)


def grouped_table(df: pd.DataFrame) -> str:
    """A table whose columns are grouped (two-level column index): the group names span their
    columns, and a rule separates the groups."""
    spans = [len(list(g)) for _, g in itertools.groupby(c[0] for c in df.columns)]
    cols = "".join(('<col class="grp">' + (f'<col span="{n - 1}">' if n > 1 else "")) if i else f'<col span="{n}">'
                   for i, n in enumerate(spans))
    return table(df).replace(">\n  <thead>", f"><colgroup>{cols}</colgroup>\n  <thead>", 1)


def fixed_table(cells: pd.DataFrame, lay: dict) -> str:
    def shown(v):  # a data file, as the header names it
        return shown_path(v) if isinstance(v, str) and v.lower().endswith(DATA_EXT) else v

    rows = [(c, shown(fmt_value(cells[c].iloc[0]))) for c in lay["fixed"]]
    if not rows:
        return "<p class='muted'>Every parameter varies across cells.</p>"
    return table(pd.DataFrame(rows, columns=["parameter", "value"]))


def make_cells_table(cells: pd.DataFrame, lay: dict | None = None, metrics=()) -> pd.DataFrame:
    """The cells: the swept parameters first, then games and each metric's mean and sd (shares of
    games as percentages), then the per-cell bookkeeping; parameters the same in every cell are in
    the reproducibility block, not repeated here."""
    df = cells.copy()
    for c in df.columns:  # data file paths are listed in the header; the name is enough here
        if _is_text(df[c]) and df[c].map(lambda v: isinstance(v, str) and v.lower().endswith(DATA_EXT)).all():
            df[c] = df[c].map(lambda v: Path(v).name)
    if lay is None:
        return df
    pct = {m.name for m in metrics if m.percent}
    names = [m.name for m in metrics if f"{m.name}_mean" in df] + [
        m for m in _metric_names(df.columns) if m not in {x.name for x in metrics}]
    cols = ["cell", *lay["varying"], *[c for c in ("games",) if c in df]]
    for m in names:
        if m in pct:
            df[f"{m} (% of games)"] = df[f"{m}_mean"].map(pct2)
            cols.append(f"{m} (% of games)")
        else:
            cols += [f"{m}_mean", f"{m}_sd"]
    varies = [c for c in ("config_hash", "seconds", "games_per_s", "max_ci_half_width")
              if c in df and df[c].astype(str).nunique() > 1]
    return df[[c for c in dict.fromkeys(cols + varies) if c in df]]


PCT_COLS = ("win_rate", "ci_low", "ci_high", "win_share", "share_ci_low", "share_ci_high", "fair_share",
            "shared_win_rate")


def make_groups_table(groups: pd.DataFrame) -> pd.DataFrame:
    """Every group row, rates and shares as percentages."""
    cols = [c for c in ("cell", "players", "kind", "key", "n", "win_rate", "ci_low", "ci_high", "win_share",
                        "share_ci_low", "share_ci_high", "fair_share", "shared_win_rate", "score_mean", "score_sd")
            if c in groups]
    g = groups[cols].copy()
    for c in PCT_COLS:
        if c in g:
            g[c] = g[c].map(pct2)
    return g


def pct2(v: float) -> str:
    """A share as a percentage with two decimals for the tables: "0%" for none, "<0.01%" for a few (never
    "0.00%" where something happened), never "-0.00%"."""
    if pd.isna(v):
        return "–"
    if v == 0:
        return "0%"
    if 0 < 100 * v < 0.005:
        return "<0.01%"
    s = f"{100 * v:.2f}"
    return ("0.00" if float(s) == 0 else s) + "%"


def render(template: str, **parts) -> str:
    return Template(template).substitute(**parts)


def load_template() -> str:
    if TEMPLATE.is_file():
        return TEMPLATE.read_text(encoding="utf-8")
    # fallback for non-editable installs, where the repo's reports/ folder is absent
    return ("<!doctype html><html><head><meta charset='utf-8'><title>$title</title></head><body>"
            "<h1>$title</h1>$headline$warnings<h2 id='charts'>Charts</h2>$charts"
            "<h2 id='rankings'>Rankings</h2>$rankings<h2 id='findings'>All findings</h2>$findings"
            "<h2>Reproducibility</h2>$reproducibility"
            "<p>$footer</p></body></html>")


def share_se_series(g: pd.DataFrame) -> pd.Series:
    """Per group row: the win share's standard error (stored, else from its 95% interval)."""
    from_ci = (g["share_ci_high"] - g["share_ci_low"]) / (2 * Z95)
    return g["share_se"].fillna(from_ci) if "share_se" in g else from_ci


CONTROL_SUFFIX = " (no power)"  # label of a seat that holds the same attribute but plays it switched off


def label_name(kind: str) -> str:
    return kind.replace("_", " ")


def pct_ci(p, lo, hi) -> str:
    return fmt_pct(p, lo, hi).replace("95% CI ", "")


def fmt_pp(v: float) -> str:
    s = f"{100 * v:+.1f}"
    return "+0.0" if float(s) == 0 else s  # never "-0.0"


def fmt_p(p: float) -> str:
    if not np.isfinite(p):
        return "–"
    return "<0.0001" if p < 1e-4 else f"{p:.4f}" if p < 0.01 else f"{p:.3f}"


def ranking_fair(rank: pd.DataFrame, players: int) -> float:
    """The fair share a ranking is judged against (1/N, less where games ended without a winner)."""
    return float(rank["fair_share"].mean()) if "fair_share" in rank else 1.0 / players


def players_at(players: int, where: str = "") -> str:
    """'3 players', or '3 players, edition FFG2008' for one value of a split axis (Game.split_axes)."""
    return f"{players} players" + (f", {where}" if where else "")


def tagged(text: str, players: int, where: str = "") -> str:
    """A sentence written for one player count ("With 3 players, ...") told which value of a split
    axis it is about ("With 3 players (edition FFG2008), ...")."""
    return text.replace(f"With {players} players", f"With {players} players ({where})", 1) if where else text


def split_suffix(tag: str) -> str:
    """File-name and anchor suffix of one value of a split axis ("" when nothing is split)."""
    return f"_{tag}" if tag else ""


def plural(name: str) -> str:
    return name[:-1] + "ies" if name.endswith("y") else name + "s"


def check_out_dir(out_dir: Path) -> None:
    """Make the report directory, or BadInput on --out when it cannot be made or written to."""
    from ..store import writable_dir

    writable_dir(out_dir, "--out")

