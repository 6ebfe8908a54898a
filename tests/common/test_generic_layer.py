"""The shared modules know no game: a game declares its metrics, its shortcut
options and its bench defaults (simsuite.games.base), and the report, statistics, CLI and bench
loop over those declarations. A minimal third game registered at run time is picked up by each of
them, and no shared module names a game, a game's parameter or its labels."""
from __future__ import annotations

import ast
import json
import re

import numpy as np
import pandas as pd
import pytest

from simsuite import ROOT, games
from simsuite.analysis.stats import Accumulator
from simsuite.cli import main
from simsuite.engine.params import Param, command_line
from simsuite.games.base import TURNS, BenchDefaults, Game, LabelSpread, Metric, Shortcut

GAME_WORDS = re.compile(r"cosmic|star[-_ ]?cartel|space[-_ ]?venture|crash|alien", re.I)
# every module outside simsuite/games/ and the games' strategy files in simsuite/data/ (found, not listed: a new
# shared module is covered at once)
SHARED = sorted(p for p in (ROOT / "simsuite").rglob("*.py")
                if not {"games", "data"} & set(p.relative_to(ROOT / "simsuite").parts))


def _code_words(path) -> list[tuple[int, str]]:
    """Identifiers and string literals of a module, documentation left out: docstrings and the
    help= text of options (they may give examples)."""
    tree = ast.parse(path.read_text())
    docs = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                docs.add(id(first.value))
        if isinstance(node, ast.keyword) and node.arg == "help":
            docs |= {id(c) for c in ast.walk(node.value) if isinstance(c, ast.Constant)}
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            out.append((node.lineno, node.value))
        elif isinstance(node, ast.Name):
            out.append((node.lineno, node.id))
        elif isinstance(node, ast.Attribute):
            out.append((node.lineno, node.attr))
        elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            out.append((node.lineno, node.name))
        elif isinstance(node, ast.arg):
            out.append((node.lineno, node.arg))
    return out


@pytest.mark.parametrize("path", SHARED,
                         ids=lambda p: p.relative_to(ROOT / "simsuite").as_posix())
def test_no_shared_module_names_a_game(path):
    hits = [(line, w) for line, w in _code_words(path) if GAME_WORDS.search(w)]
    assert not hits, f"{path.name} names a game's own things: {hits[:5]}"


def test_the_guard_catches_a_game_name(tmp_path):
    """The check above is not vacuous: a literal or an identifier naming a game is caught."""
    p = tmp_path / "m.py"
    p.write_text('"""Docstrings may say cosmic."""\nTREND = ("crashes", 1)\ndef f(aliens):\n    return aliens\n'
                 'opt = dict(help="help text may say alien")\n')
    hits = {w for _, w in _code_words(p) if GAME_WORDS.search(w)}
    assert hits == {"crashes", "aliens"}


class Toy(Game):
    """A minimal third game: scores from two sources, a bonus rule parameter."""

    name = "toy-venture"
    title = "Toy Venture"
    min_players, max_players = 2, 4
    default_strategies = "a"
    params = (Param("players", "int", 3, "players", "", 2, 4), Param("strategies", "lineup", "a", "line-up"),
              Param("rotate", "bool", False, "rotate"), Param("bonus", "int", 2, "bonus per route", "TV.1", 0, 9))
    metrics = (TURNS,
               Metric("route_points", "route points per game", "points", hist=True, chart="own", dist=True,
                      trend="the mean route points", summary=True),
               Metric("lead", "winning lead (points)", "points", chart="beside_spread", trend="the mean lead"))
    shortcuts = (Shortcut("--bonus-rule", "bonus", "N", "bonus per route (same as --set bonus=N)"),)
    bench = BenchDefaults(players="2,4", strategies="a", sets=(("bonus", "5"),), record=("bonus",))
    label_spreads = (LabelSpread("route", "a route", "routes", param="bonus", off="0", hint="--set bonus=1"),)

    def parse_lineup(self, text, n_players, extra_dirs=()):
        return str(text)

    def code_hash(self, extra_dirs=()):
        return "toy"

    def kernel(self, extra_dirs=()):
        return None

    def build_cfg(self, cfg, extra_dirs=()):
        return np.array([cfg["players"], cfg["bonus"]], np.int64)

    def run_range(self, kernel, cfg_arr, key, g0, n):
        return np.zeros(n, [("turns", np.int64)])


@pytest.fixture
def toy():
    g = Toy()
    games.register(g)
    yield g
    games.unregister(g.name)


def _toy_results(path, game):
    """A two-cell sweep of the toy game over `bonus`, written as the store writes it."""
    rng = np.random.default_rng(3)
    cells, groups, hists = [], [], []
    for cell, bonus in enumerate((1, 5)):
        acc = Accumulator(3, ["a"], game.hist_metrics())
        n = 4000
        win = np.zeros((n, 3), np.int64)
        win[np.arange(n), rng.integers(0, 3, n)] = 1
        metrics = {"turns": rng.integers(20, 30, n), "route_points": rng.poisson(4 * bonus, n),
                   "lead": rng.poisson(2 + bonus, n), "timeout": np.zeros(n, np.int64),
                   "shared_win": np.zeros(n, np.int64)}
        acc.add(metrics, dict(win=win, score=rng.integers(0, 50, (n, 3)), strategy=np.zeros((n, 3), np.int64),
                              position=np.tile(np.arange(3), (n, 1))))
        row = dict(cell=cell, game=game.name, players=3, strategies="a", rotate=True, bonus=bonus, games=n, seed=1,
                   simsuite_version="0", code_hash="toy", config_hash=str(cell))
        row.update(acc.metric_summary())
        cells.append(row)
        groups += [dict(g, cell=cell, players=3) for g in acc.group_rows()]
        hists += [dict(h, cell=cell, players=3) for h in acc.hist_rows()]
    path.mkdir()
    pd.DataFrame(cells).to_parquet(path / "cells.parquet", index=False)
    pd.DataFrame(groups).to_parquet(path / "groups.parquet", index=False)
    pd.DataFrame(hists).to_parquet(path / "hists.parquet", index=False)
    (path / "meta.json").write_text(json.dumps(dict(kind="sweep", game=game.name, seed=1, axes={"bonus": [1, 5]},
                                                    cells=2)))
    (path / "manifest.json").write_text(json.dumps({"done": {"a": {"cell": 0}, "b": {"cell": 1}}}))


def test_statistics_keep_the_histograms_the_game_declares(toy):
    assert toy.hist_metrics() == ("turns", "route_points")
    acc = Accumulator(2, ["a"], toy.hist_metrics())
    acc.add({"turns": np.array([3, 3, 4]), "route_points": np.array([0, 2, 2]), "lead": np.array([1, 1, 1])},
            dict(win=np.array([[1, 0]] * 3), score=np.zeros((3, 2), np.int64), strategy=np.zeros((3, 2), np.int64),
                 position=np.tile(np.arange(2), (3, 1))))
    rows = pd.DataFrame(acc.hist_rows())
    assert set(rows["metric"]) == {"turns", "route_points"}
    assert rows[rows["metric"] == "route_points"].set_index("value")["count"].to_dict() == {0: 1, 2: 2}


def test_report_charts_and_trends_the_declared_metrics(toy, tmp_path):
    from simsuite.report import make_report

    _toy_results(tmp_path / "toy", toy)
    out = make_report(tmp_path / "toy", tmp_path / "rep")
    names = {p.rsplit("/", 1)[-1] for p in out["charts"]}
    # the trend metric is a panel of the swept parameter's effect chart (not drawn twice)
    assert {"effect.png", "route_points_hist.png", "turns_hist.png", "spread_margin.png"} <= names
    assert "route_points.png" not in names
    assert any(f.startswith("The mean route points rises from") for f in out["findings"])
    assert any(f.startswith("The mean lead rises from") for f in out["findings"])
    assert any(h.startswith("Which bonus? ") and "route points per game 4" in h for h in out["headline"])
    page = (tmp_path / "rep" / "index.html").read_text()
    assert "<img src='effect.png'" in page and "What bonus changes" in page
    from simsuite.report.charts import effect_frames
    from simsuite.report.common import game_metrics, report_layout
    from simsuite.store import read_results

    res = read_results(tmp_path / "toy")
    lay = report_layout(res["cells"], res["meta"])
    _, _, panels = effect_frames(res["cells"], res["groups"], dict(lay, split=[]), game_metrics(res["meta"], res["cells"]))
    assert any(t.startswith("Route points per game") for t, _ in panels)


def test_cli_takes_the_shortcuts_a_game_declares(toy, capsys):
    assert command_line(toy, ["players=3"], None, None, {"--bonus-rule": "7"}) == [("players", "3"), ("bonus", "7")]
    try:
        main(["run", "--help"])
    except SystemExit as e:
        assert e.code == 0
    assert "--bonus-rule" in capsys.readouterr().out
    # another game refuses it in one line, naming the option
    with pytest.raises(SystemExit) as e:
        main(["run", "star-cartel", "--bonus-rule", "3", "--games", "10"])
    err = capsys.readouterr().err
    assert e.value.code == 2 and "--bonus-rule: not an option of star-cartel" in err and "Traceback" not in err


def test_bench_uses_the_game_defaults(toy, monkeypatch):
    import simsuite.bench as bench

    # (seconds, peak MB) of a start-up subprocess, which would not know the toy game
    monkeypatch.setattr(bench, "_timed_start", lambda *a, **k: (0.0, 0.0))
    res = bench.run_bench(toy, n_games=1000, cold=False, echo=None, repeat=1)
    assert [r["players"] for r in res["rows"]] == [2, 4] and res["strategies"] == "a"
    assert res["set"] == {"bonus": 5} and res["bonus"] == 5
    res = bench.run_bench(toy, n_games=1000, cold=False, echo=None, repeat=1, given={"bonus": "8"})
    assert res["bonus"] == 8


def test_tune_offers_the_label_spread_a_game_declares(toy):
    """The tuner's label-spread objective is the game's declaration: its name, label, the groups it
    reads and the parameter that must put labels at the table; another game refuses it."""
    from simsuite.errors import BadInput
    from simsuite.tune import check_objectives, evaluate, known_spreads, parse_objective

    ob = parse_objective("route-spread", spreads=known_spreads(games.get(n) for n in games.names()))
    assert ob.label() == "largest deviation of a route's win share from fair" and ob.in_pp()
    check_objectives(toy, [ob], [dict(bonus=2)])
    with pytest.raises(BadInput, match="route-spread needs routes at the table: --set bonus=1"):
        check_objectives(toy, [ob], [dict(bonus=0)])
    with pytest.raises(BadInput, match="route-spread does not apply to star-cartel .it has no routes."):
        check_objectives(games.get("star-cartel"), [ob], [dict(players=3)])
    groups = pd.DataFrame(dict(kind=["route", "route", "route", "position"], key=["north", "none", "south", "1"],
                               players=3, cell=0, win_share=[0.40, 0.90, 0.30, 0.60], fair_share=1 / 3,
                               share_se=0.01))
    cells = pd.DataFrame(dict(cell=[0], players=[3], games=[1000]))
    r = evaluate([ob], dict(cells=cells, groups=groups))
    # the "none" key is no route; the largest deviation is north's 0.40 - 1/3
    assert r["objectives"][0]["worst"]["key"] == "north" and abs(r["value"] - (0.40 - 1 / 3)) < 1e-12


@pytest.mark.parametrize("name", games.names())
def test_the_standard_parameters_and_the_seat_count_come_from_the_base(name):
    """players, strategies, rotate and max_turns are the base's declarations (same name, kind, slot,
    aliases), players' upper bound and max_players are the api's MAX_P, and the records frame cuts
    per-seat fields to the table."""
    from simsuite.games.base import ROTATE, max_turns_param, players_param, strategies_param

    g = games.get(name)
    assert g.max_players == g.api.MAX_P
    p = {x.name: x for x in g.params}
    assert p["players"] == players_param(p["players"].default, p["players"].lo, g.max_players, p["players"].doc,
                                         p["players"].rule)
    assert p["strategies"] == strategies_param(p["strategies"].default, p["strategies"].doc)
    assert p["rotate"] == ROTATE
    m = p["max_turns"]
    assert m == max_turns_param(m.default, m.lo, m.hi, m.doc, m.rule)
    rec = np.zeros(3, g.layout.dtype)
    cols = g.records_frame(rec, g.min_players).columns
    assert f"win_{g.min_players - 1}" in cols and f"win_{g.min_players}" not in cols
