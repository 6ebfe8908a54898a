"""make_report on small synthetic results directories (no simulation)."""
import json
import math
import re

import pandas as pd
import pytest
from plain_words import assert_plain

from simsuite.analysis.inference import Z95, wilson
from simsuite.report import make_report

METRICS = ("turns", "crashes", "deliveries", "express", "reshuffles", "margin", "timeout", "shared_win",
           "winning_score")
GAMES = 40_000


def _metric(mean, sd, n=GAMES):
    h = Z95 * sd / math.sqrt(n)
    return dict(mean=mean, sd=sd, ci_low=mean - h, ci_high=mean + h, min=max(mean - 3 * sd, 0), max=mean + 3 * sd)


def _cell_row(cell, players, threshold, data, timeout=0.0, shared=0.01):
    row = dict(cell=cell, config_hash=f"{cell:016x}", seed=7, simsuite_version="0.1.0", game="star-cartel",
               players=players, strategies="market,greedy,random", rotate=True, start_value=3,
               crash_threshold=threshold, max_turns=2000, contraband=str(data["contraband"]),
               ships=str(data["ships"]), games=GAMES)
    vals = dict(turns=(60 - threshold, 6), crashes=(12 / threshold, 1.0), deliveries=(20, 3), express=(2, 1),
                reshuffles=(0.5, 0.5), margin=(3 + threshold / 3, 2), timeout=(timeout, 0.05),
                shared_win=(shared, 0.1), winning_score=(40, 5))
    for m in METRICS:
        row.update({f"{m}_{k}": v for k, v in _metric(*vals[m]).items()})
    row.update(first_game=0, seconds=1.0, games_per_s=float(GAMES))
    return row


def _group_rows(cell, players, kind, shares):
    rows = []
    for key, p in shares.items():
        n = GAMES if kind != "strategy" else GAMES * players // len(shares)
        wins = round(p * n)
        lo, hi = wilson(wins, n)
        h = Z95 * math.sqrt(p * (1 - p) / n)
        rows.append(dict(cell=cell, config_hash=f"{cell:016x}", players=players, kind=kind, key=key, n=n, wins=wins,
                         win_rate=p, ci_low=lo, ci_high=hi, shared_win_rate=0.0, win_share=p, share_ci_low=p - h,
                         share_ci_high=p + h, fair_share=1 / players, score_mean=30.0, score_sd=6.0))
    return rows


def _hist_rows(cell, center):
    rows = [dict(cell=cell, config_hash=f"{cell:016x}", metric="turns", value=v, count=1000 - 40 * abs(v - center))
            for v in range(center - 10, center + 11)]
    rows += [dict(cell=cell, config_hash=f"{cell:016x}", metric="crashes", value=v, count=100) for v in range(3)]
    return rows


def _write(path, cells, groups, hists, meta):
    path.mkdir(parents=True)
    pd.DataFrame(cells).to_parquet(path / "cells.parquet", index=False)
    pd.DataFrame(groups).to_parquet(path / "groups.parquet", index=False)
    pd.DataFrame(hists).to_parquet(path / "hists.parquet", index=False)
    (path / "meta.json").write_text(json.dumps(meta))
    (path / "manifest.json").write_text(json.dumps({"done": {f"k{r['cell']}": {"cell": r["cell"]} for r in cells}}))


@pytest.fixture
def data(tmp_path):
    d = tmp_path / "data"
    d.mkdir()
    (d / "contraband.toml").write_text('[[card]]\ntype = "FOOD"\nsize = 1\ncount = 90\nsource = "assumed"\n')
    (d / "ships.toml").write_text('[[ship]]\ncapacity = 4\nsource = "rules"\n')
    return {"contraband": d / "contraband.toml", "ships": d / "ships.toml"}


@pytest.fixture
def sweep(tmp_path, data):
    """4 players, crash_threshold 9..12: only threshold 9 favours the start player."""
    cells, groups, hists = [], [], []
    fair = {str(k): 0.25 for k in range(1, 5)}
    for cell, t in enumerate((9, 10, 11, 12)):
        cells.append(_cell_row(cell, 4, t, data, timeout=0.002 if t == 12 else 0.0))
        pos = {"1": 0.30, "2": 0.25, "3": 0.25, "4": 0.20} if t == 9 else fair
        groups += _group_rows(cell, 4, "position", pos)
        groups += _group_rows(cell, 4, "seat", {str(k - 1): 0.25 for k in range(1, 5)})
        groups += _group_rows(cell, 4, "strategy", {"market": 0.25, "greedy": 0.25, "random": 0.25})
        hists += _hist_rows(cell, 60 - t)
    cells[-1]["simsuite_version"] = "0.0.9"  # mixed versions must be flagged
    path = tmp_path / "sweep-a"
    _write(path, cells, groups, hists, dict(kind="sweep", game="star-cartel", seed=7, games=GAMES,
                                            axes={"crash_threshold": [10, 11, 12, 9]}, cells=5))
    return path


def test_sweep_report(sweep, tmp_path):
    out = make_report(sweep, tmp_path / "rep")
    json.dumps(out)  # JSON-serialisable
    assert out["cells"] == 4
    page = (tmp_path / "rep" / "index.html").read_text()
    assert out["html"] == str(tmp_path / "rep" / "index.html")
    assert "<img src='winshare_position.png'" in page
    assert "different simsuite versions (0.0.9, 0.1.0)" in page
    assert "crash_threshold: 9, 10, 11, 12" in page and "Partial sweep: 4 of the 5 cells it plans are finished" in page
    assert page.index("class='status'") < page.index("id='headline'")
    assert "contraband.toml" in page and "rows by source: assumed 1" in page  # data files in the header
    names = {p.rsplit("/", 1)[-1] for p in out["charts"]}
    # the swept parameter's effect opens the page; the crash chart is its panel there, not drawn twice
    assert {"effect.png", "winshare_position.png", "spread_margin.png", "turns_hist.png"} <= names
    assert "crashes.png" not in names and not (tmp_path / "rep" / "crashes.png").exists()
    for p in out["charts"]:
        with open(p, "rb") as f:
            assert f.read(8) == b"\x89PNG\r\n\x1a\n"

    # the plain answer recommends: threshold 9 gives the start player +5 points, 10-12 none
    assert out["answer"][0] == ("Fairest crash_threshold: 10 by the start player's edge; any of 10–12 is as fair "
                                "as the best. What else changes across those values: turns per game 50 at 10 to 48 "
                                "at 12 (51 at 9); crashes per game 1.2 at 10 to 1 at 12 (1.33 at 9); winning margin "
                                "(winner minus best loser) 6.33 points at 10 to 7 points at 12 (6 points at 9).")
    assert not any("start player's win share is within" in a for a in out["answer"])  # no edge pooled over 9-12
    assert "Bots: none wins measurably more than a fair share" in out["answer"][-1]
    page_ = (tmp_path / "rep" / "index.html").read_text()
    assert_plain(page_[page_.index("<div class='headline'"):page_.index("<details class='detail'>")])
    assert re.search(r"<tr><td>9</td><td>\+5\.0 \(±0\.4\)</td><td><a class='v' href='#g-less-fair'>less fair</a>",
                     page_)

    head = out["headline"]  # the answer first: the start player's edge depends on the threshold here
    assert out["findings"][:len(head)] == head
    # the cells disagree (one threshold gives +5 pp, the rest 0): a random-effects mean and the range,
    # not a fixed-effect "wins more than fair"; the interval is Hartung-Knapp's t over the 4 cells
    # (and the average over the cells measured, every game pooled, that the answer box's bound reads)
    assert re.match(r"The start player's win share is not significantly different from the fair share "
                    r"\(\+1\.2 pp of win share \(±4\.0; random-effects mean: the cells range from \+0\.0 pp to "
                    r"\+5\.0 pp; the cells measured, pooled: \+1\.2 ±0\.\d\) at 4 players\)", head[0]), head[0]
    assert "It changes with crash_threshold at 4 players (+0.0 pp to +5.0 pp" in head[0]
    assert head[1].startswith("Which crash_threshold? It moves the turn-order balance")
    f = out["findings"][len(head):]
    adv = [s for s in f if "start player" in s]
    assert len(adv) == 1 and "crash_threshold 9" in adv[0] and "first-player advantage" in adv[0]
    assert "30.0%" in adv[0] and "25.0%" in adv[0]
    assert any("last player" in s and "disadvantage" in s and "crash_threshold 9" in s for s in f)
    # fair positions, and every position of the fair cells, are not reported
    assert not any("second player" in s or "third player" in s for s in f)
    assert not any("crash_threshold 1" in s and "player" in s and "wins" in s for s in f)
    assert any("Bonferroni" in s and "2 of 16" in s for s in f)
    assert any("turn cap" in s and "crash_threshold 12" in s for s in f)
    assert any(s.startswith("The crash rate (crashes per game) falls from 1.33 at crash_threshold 9") for s in f)


def test_single_run_no_advantage(tmp_path, data, monkeypatch):
    path = tmp_path / "run-b"
    groups = (_group_rows(0, 3, "position", {"1": 1 / 3, "2": 1 / 3, "3": 1 / 3})
              + _group_rows(0, 3, "strategy", {"market": 0.335, "greedy": 0.3325, "random": 0.3325}))
    _write(path, [_cell_row(0, 3, 9, data)], groups, _hist_rows(0, 50),
           dict(kind="run", game="star-cartel", seed=7, games=GAMES, axes={}))
    monkeypatch.chdir(tmp_path)  # default out_dir is reports/<name> under the current directory
    out = make_report(path)
    assert out["html"] == str(tmp_path / "reports" / "run-b" / "index.html")
    assert all((tmp_path / "reports" / "run-b" / p).stat().st_size > 0 for p in out["charts"])
    # one cell: no one-bar chart (spread, crashes); the cells table holds those figures
    assert len(out["charts"]) == 3 and not any(p.endswith(("spread_margin.png", "crashes.png")) for p in out["charts"])
    f = out["findings"]
    assert any(s.startswith("Nothing is significantly out of balance") for s in f)
    assert not any("advantage" in s for s in f)


def test_report_paths_are_relative_to_the_project(tmp_path, monkeypatch):
    """A report names the built-in data files as configs/... (wherever simsuite is installed), files
    under the current directory relative to it (it stays right when moved to another machine), and
    files elsewhere by their full path."""
    from simsuite import ROOT
    from simsuite.report import shown_path
    from simsuite.resources import CONFIGS

    assert shown_path(CONFIGS / "star_cartel" / "ships.toml") == "configs/star_cartel/ships.toml"
    assert shown_path(ROOT / "configs" / "star_cartel" / "ships.toml") == "configs/star_cartel/ships.toml"
    monkeypatch.chdir(tmp_path / "..")
    assert shown_path(tmp_path / "results" / "star-cartel-crash") == f"{tmp_path.name}/results/star-cartel-crash"
    assert shown_path("/nonexistent/x.toml") == "/nonexistent/x.toml"


def test_alien_ranking_under_two_strategies(tmp_path, data):
    """Aliens ranked under two strategies (a cell each where every seat plays it): the ranking under
    each side by side, Kendall's tau, the skill sensitivity and the verdict sentence at the top of
    the page; Oracle is fair under basic and above fair under search (the names need not exist: the
    report only reads the tables)."""
    import re

    from scipy.stats import kendalltau

    shares = {"basic": dict(Virus=0.45, Macron=0.42, Oracle=0.335, Zombie=0.333, Clone=0.331, Pacifist=0.22),
              "search": dict(Virus=0.44, Macron=0.40, Oracle=0.38, Zombie=0.335, Clone=0.33, Pacifist=0.25)}
    cells, groups, hists = [], [], []
    for cell, strategy in enumerate(shares):
        row = _cell_row(cell, 3, 9, data)
        row.update(game="cosmic", strategies=strategy)
        cells.append(row)
        groups += _group_rows(cell, 3, "position", {"1": 1 / 3, "2": 1 / 3, "3": 1 / 3})
        groups += _group_rows(cell, 3, "strategy", {strategy: 1 / 3})
        groups += _group_rows(cell, 3, "alien", shares[strategy])
        hists += _hist_rows(cell, 20)
    path = tmp_path / "aliens"
    _write(path, cells, groups, hists, dict(kind="sweep", game="cosmic", seed=7, games=GAMES,
                                            axes={"strategies": ["basic", "search"]}, cells=2))
    out = make_report(path, tmp_path / "rep")
    rep = tmp_path / "rep"
    sentence = ("With 3 players, under both basic and search: Virus and Macron above fair, Pacifist below fair "
                "(Zombie and Clone not distinguishable from fair under both); verdicts that depend on the strategy "
                "(direct difference test, Holm): Oracle (not distinguishable from fair under basic, above fair under "
                "search). Order: every alien keeps a place under every strategy (95% rank intervals that hold under both "
                "together).")
    assert sentence in out["headline"] and out["findings"][:len(out["headline"])] == out["headline"]
    # the sweep's question (which alien) answered first, with its size, and said to depend on the bots
    assert out["headline"][0].startswith("Virus is the strongest alien at 3 players under every strategy tested "
                                         "(basic and search): +11.7 pp over fair at 3 players")
    assert "depends on how well the bots play it" in out["headline"][0]
    assert any(h.startswith("basic") or "strongest bot" in h for h in out["headline"]) is False  # one strategy/cell
    page = (rep / "index.html").read_text()
    # the box: the question and its plain answer, the main chart, the table, the statistics folded
    top = page[:page.index("<h2 id=", page.index("<div class='headline'"))]
    assert "Which aliens are too strong or too weak?" in top and "Rule balance" in top and sentence in top
    assert top.index("id='plain-answer'") < top.index("id='main-chart'") < top.index("<table") < top.index(
        "<details class='detail'>")
    # the plain answer: verdict words linked to the glossary, percentages, the strategy's effect per alien
    plain = top[top.index("id='plain-answer'"):top.index("<details class='detail'>")]
    assert out["answer"][0].startswith("Of 6 aliens: 2 too strong (Virus, Macron); 1 too weak (Pacifist); 3 fair.")
    assert "<a class='v' href='#g-too-strong'>too strong</a>" in plain and "id='g-too-strong'" in page
    assert re.search(r"<td>Oracle</td><td><a class='v' href='#g-fair'>fair</a> \(<a class='v' href='#g-sure'>sure</a>\)"
                     r"</td><td>33\.5%</td><td>3rd–5th</td><td><span title='too strong under search'>yes: search</span></td>",
                     plain), plain
    # its place: one that holds under both strategies (a span: Zombie and Clone are within the noise)
    assert "every alien's <a class='v' href='#g-place'>place</a> in the table holds under all of them" in plain
    assert_plain(plain)
    assert "href='#robustness-alien-3p'" in top
    assert "id='robustness-alien-3p'" in page and "id='skill-alien-3p'" in page
    assert "href='#skill-alien-3p'>skill-sensitivity table</a>" in page  # from the single-strategy ranking
    assert "Robustness: the alien ranking under basic and search, 3 players" in page
    assert "Alien ranking, 3 players (bots playing basic)" in page  # the primary: the first strategy
    assert "A ranking depends on how well the bots play" in page and "skill-sensitivity table</a>" in page
    for src in re.findall(r"<img src='([^']+)'", page):  # every image the page shows is there
        assert (rep / src).stat().st_size > 0, src
    assert "robustness_alien_3p.png" in page
    for csv in re.findall(r"<a href='([^'#]+\.csv)'", page):
        assert (rep / csv).is_file(), csv

    tau = pd.read_csv(rep / "tau_alien_3p.csv")
    names = list(shares["basic"])
    want = kendalltau([shares["basic"][a] for a in names], [shares["search"][a] for a in names]).statistic
    assert len(tau) == 1 and tau.loc[0, "tau"] == pytest.approx(want)
    assert tau.loc[0, "ci_low"] <= want <= tau.loc[0, "ci_high"] and not tau.loc[0, "noisy"]
    skill = pd.read_csv(rep / "skill_alien_3p.csv").set_index("label")
    assert skill.loc["Oracle", "diff"] == pytest.approx(0.045)
    assert skill.loc["Oracle", "verdict"] == "higher under search" and pd.isna(skill.loc["Zombie", "verdict"])
    se = math.hypot(Z95 * math.sqrt(0.335 * 0.665 / GAMES), Z95 * math.sqrt(0.38 * 0.62 / GAMES)) / 1.96
    assert skill.loc["Oracle", "ci_high"] - skill.loc["Oracle", "ci_low"] == pytest.approx(2 * Z95 * se, rel=1e-3)
    by = pd.read_csv(rep / "ranking_alien_3p_by_strategy.csv")
    assert sorted(set(by["strategy"])) == ["basic", "search"]
    assert set(by.loc[by["strategy"] == "search", "cells"].astype(str)) == {"1"}
    main = pd.read_csv(rep / "ranking_alien_3p.csv")
    assert set(main["strategy"]) == {"basic"} and set(main["cells"].astype(str)) == {"0"}
    assert any(f.startswith("With 3 players, the alien rankings under basic and under search agree with Kendall's "
                            f"tau {want:.2f}") for f in out["findings"])


def test_report_structure_answer_first_every_image_no_empty_panel(sweep, tmp_path, monkeypatch):
    """Read as a reader does: the page opens with the answer (rule balance, then bot skill) before
    any chart or table, every image it shows exists, and no chart has a panel without data."""
    import re

    from matplotlib.figure import Figure

    empty = []
    real_savefig = Figure.savefig

    def checked(fig, path, *a, **k):
        for ax in fig.axes:
            if not ax.get_visible() or ax.get_label() == "<colorbar>":
                continue
            if not (ax.lines or ax.collections or ax.patches or ax.images or ax.containers):
                empty.append(f"{path}: {ax.get_title()!r}")
        return real_savefig(fig, path, *a, **k)

    monkeypatch.setattr(Figure, "savefig", checked)
    out = make_report(sweep, tmp_path / "rep")
    page = (tmp_path / "rep" / "index.html").read_text()
    body = page[page.index("<body>"):]
    first = re.search(r"<(div|h2|table|figure|img)\b[^>]*>", body[body.index("</nav>"):])
    assert first.group(0).startswith("<div class='headline'")
    assert body.index('id="contents"') < body.index("<div class='headline'")  # a table of contents above it
    head = body[body.index("<div class='headline'"):body.index("<h2 id=", body.index("<div class='headline'"))]
    assert "Rule balance" in head and all(h.replace("'", "&#x27;") in head for h in out["headline"])
    # the question, its plain answer, the first chart, the answer's table, then the statistics folded
    box = body.index("<div class='headline'")
    assert box < body.index("<h2>Which crash_threshold is fairest") < body.index("id='plain-answer'")
    assert body.index("id='plain-answer'") < body.index("<img") < body.index("<table") < body.index(
        "<details class='detail'>") < body.index("Rule balance")
    imgs = re.findall(r"<img src='([^']+)'", page)
    assert len(imgs) == len(out["charts"]) >= 5
    for src in imgs:
        assert (tmp_path / "rep" / src).stat().st_size > 1000, src
    assert not empty, empty
    # the findings stay, below the charts, grouped by topic, folded
    assert body.index("<h2 id=\"findings\">") > body.index("id='turn-order'")
    assert "<summary>Show every finding" in body
    assert "<h3>Turn order (rule balance)</h3>" in page and "<h3>Strategies (bot skill, not rule balance)</h3>" in page


def test_report_command_prints_the_answer_and_the_path_last(sweep, tmp_path):
    """The terminal: the partial sweep flagged, the page's question and plain answer in a handful of
    lines, the page's path on the last line; the statistics and findings only with --verbose; --quiet
    accepted."""
    import subprocess
    import sys

    def run(*extra):
        p = subprocess.run([sys.executable, "-m", "simsuite.cli", "report", str(sweep), "--out", str(tmp_path / "rep"),
                            *extra], capture_output=True, text=True)
        assert p.returncode == 0, p.stderr
        return p.stdout.strip().splitlines()

    plain = run()
    assert plain[-1] == f"report: {tmp_path / 'rep' / 'index.html'}"
    assert plain[0].startswith("warning: Partial sweep: 4 of the 5 cells")
    # the page's question and its answer box's sentences, not the statistics behind them
    assert plain[1] == "Which crash_threshold is fairest, and what else does it change?"
    assert len(plain) <= 8 and any(x.startswith("- Fairest crash_threshold: ") for x in plain)
    assert "statistics behind this answer are on the page; --verbose prints every finding here" in plain[-2]
    assert_plain("\n".join(plain[1:-1]))  # the answer box's words: no statistical name, no raw fraction
    verbose = run("--verbose")
    assert verbose[-1] == plain[-1] and len(verbose) > len(plain) + 5
    assert "The statistics behind the answer, and every finding:" in verbose
    assert run("--quiet")[-1] == plain[-1]
