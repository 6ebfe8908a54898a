"""A split axis in the report (Game.split_axes; Cosmic's `edition`): rankings and the start
player's edge per (players, edition), never pooled over editions, and the "Editions side by side"
section, on small synthetic results directories whose truth is known (no simulation)."""
import json
import math
import re

import pandas as pd
import pytest
from plain_words import answer_box, assert_plain

from simsuite.analysis.inference import Z95
from simsuite.report import make_report

GAMES = 20_000
ALIENS = ["Virus", "Macron", "Oracle", "Zombie", "Clone", "Healer"]


def _cell(cell, players, edition, turns=(11.0, 4.5), shared=0.10):
    row = dict(cell=cell, config_hash=f"{cell:016x}", seed=2008, simsuite_version="0.1.0", code_hash="c0de",
               game="cosmic", players=players, strategies="basic", rotate=True, edition=edition, aliens="random",
               deck=f"configs/cosmic/deck_{edition.lower()}.toml", games=GAMES, first_game=0,
               max_ci_half_width=0.01)
    sd_sw = math.sqrt(shared * (1 - shared) * GAMES / (GAMES - 1))
    for m, (mean, sd) in dict(turns=turns, shared_win=(shared, sd_sw), timeout=(0.0, 0.0)).items():
        h = Z95 * sd / math.sqrt(GAMES)
        row.update({f"{m}_mean": mean, f"{m}_sd": sd, f"{m}_ci_low": mean - h, f"{m}_ci_high": mean + h,
                    f"{m}_min": 0.0, f"{m}_max": mean + 3 * sd})
    return row


def _groups(cell, players, kind, shares, n=GAMES):
    rows = []
    for key, p in shares.items():
        se = math.sqrt(p * (1 - p) / n)
        rows.append(dict(cell=cell, config_hash=f"{cell:016x}", players=players, kind=kind, key=key, n=n,
                         wins=round(p * n), win_rate=p, ci_low=p - Z95 * se, ci_high=p + Z95 * se, shared_win_rate=0.0,
                         win_share=p, share_ci_low=p - Z95 * se, share_ci_high=p + Z95 * se, share_se=se,
                         win_rate_se=se, fair_share=1 / players, score_mean=3.0, score_sd=1.0, seed=2008,
                         simsuite_version="0.1.0"))
    return rows


def _write(path, cells, groups):
    path.mkdir(parents=True)
    pd.DataFrame(cells).to_parquet(path / "cells.parquet", index=False)
    pd.DataFrame(groups).to_parquet(path / "groups.parquet", index=False)
    hists = [dict(cell=c["cell"], config_hash=c["config_hash"], metric="turns", value=v, count=100) for c in cells
             for v in range(5, 15)]
    pd.DataFrame(hists).to_parquet(path / "hists.parquet", index=False)
    axes = {"edition": sorted({c["edition"] for c in cells}), "players": sorted({c["players"] for c in cells})}
    (path / "meta.json").write_text(json.dumps(dict(kind="sweep", game="cosmic", seed=2008, games=GAMES, axes=axes,
                                                    cells=len(cells))))
    (path / "manifest.json").write_text(json.dumps({"done": {f"k{c['cell']}": {"cell": c["cell"]} for c in cells}}))


def _spread(players, order, top=0.30):
    """Alien win shares in the given order (first highest), evenly spaced over `top` around the fair
    share."""
    k = len(order)
    return {a: round(1 / players + top * (k - 1 - 2 * i) / (k - 1) / 2, 6) for i, a in enumerate(order)}


@pytest.fixture(scope="module")
def editions(tmp_path_factory):
    """3 players: the same alien order under both editions (other shares), FFG2008 games 1.5 turns
    shorter, the start player +3 pp above fair under AH2000 only. 4 players: the order reversed."""
    tmp = tmp_path_factory.mktemp("ed")
    sh3_ah = _spread(3, ALIENS, top=0.40)
    sh3_ffg = _spread(3, ALIENS, top=0.20)
    sh4_ah = _spread(4, ALIENS, top=0.30)
    sh4_ffg = _spread(4, ALIENS[::-1], top=0.30)
    spec = [(0, 3, "AH2000", (11.0, 4.5), 0.100, sh3_ah, 1 / 3 + 0.03),
            (1, 3, "FFG2008", (9.5, 3.5), 0.115, sh3_ffg, 1 / 3),
            (2, 4, "AH2000", (10.8, 4.1), 0.170, sh4_ah, 0.25),
            (3, 4, "FFG2008", (9.6, 3.6), 0.180, sh4_ffg, 0.25)]
    cells, groups = [], []
    for cell, n, ed, turns, shared, aliens, start in spec:
        cells.append(_cell(cell, n, ed, turns, shared))
        rest = (1 - start) / (n - 1)
        groups += _groups(cell, n, "position", {str(k): (start if k == 1 else rest) for k in range(1, n + 1)})
        groups += _groups(cell, n, "strategy", {"basic": 1 / n}, n=GAMES * n)
        groups += _groups(cell, n, "alien", aliens, n=GAMES * n // len(ALIENS))
    path = tmp / "cosmic-editions"
    _write(path, cells, groups)
    out = make_report(path, tmp / "rep")
    return dict(out=out, rep=tmp / "rep", shares={(3, "AH2000"): sh3_ah, (3, "FFG2008"): sh3_ffg,
                                                  (4, "AH2000"): sh4_ah, (4, "FFG2008"): sh4_ffg})


def _ctx(out, players):
    (axis,) = out["side_by_side"]
    assert axis["axis"] == "edition" and axis["values"] == ["AH2000", "FFG2008"]
    return next(c for c in axis["contexts"] if c["players"] == players)


def test_same_order_gives_tau_1_reversed_gives_tau_minus_1(editions):
    out = editions["out"]
    json.dumps(out)  # report --json prints it
    assert out["split_axes"] == ["edition"]
    c3, c4 = _ctx(out, 3), _ctx(out, 4)
    t3 = c3["rankings"]["alien"]["comparisons"][0]
    t4 = c4["rankings"]["alien"]["comparisons"][0]
    assert (t3["a"], t3["b"]) == ("AH2000", "FFG2008")
    assert t3["tau"] == pytest.approx(1.0) and t4["tau"] == pytest.approx(-1.0)
    # the intervals are simultaneous bounds: they hold the estimate, and the well separated shares here
    # leave little doubt about the order
    assert 0.8 < t3["tau_ci_low"] <= 1.0 == pytest.approx(t3["tau_ci_high"])
    assert -1.0 == pytest.approx(t4["tau_ci_low"]) and t4["tau_ci_high"] < -0.8
    tau = pd.read_csv(editions["rep"] / "side_by_side_edition_tau.csv")
    assert sorted(tau["players"]) == [3, 4] and set(tau["kind"]) == {"alien"}
    # rank and win share under each edition, side by side
    rows = {r["alien"]: r for r in c4["rankings"]["alien"]["rows"]}
    assert rows["Virus"]["AH2000"]["rank"] == 1 and rows["Virus"]["FFG2008"]["rank"] == len(ALIENS)
    assert rows["Healer"]["FFG2008"]["win_share"] == pytest.approx(editions["shares"][(4, "FFG2008")]["Healer"])
    changed = {x["label"] for x in c4["rankings"]["alien"]["comparisons"][0]["changed"]}
    assert {"Virus", "Healer"} <= changed  # far apart under the two editions: beyond the noise


def test_length_joint_wins_and_start_player_differences_with_intervals(editions):
    """Game length: FFG2008 minus AH2000 = -1.5 turns; its 95% interval is the Welch interval
    (scipy's ttest_ind_from_stats gives the same standard error); the joint-win difference's interval
    is the Wald interval of statsmodels; the start player's win share is 3 pp lower under FFG2008."""
    from scipy.stats import ttest_ind_from_stats
    from statsmodels.stats.proportion import confint_proportions_2indep

    m = {q["metric"]: q for q in _ctx(editions["out"], 3)["metrics"]}
    d = m["turns"]["differences"][0]
    assert d["diff"] == pytest.approx(-1.5)
    t = ttest_ind_from_stats(9.5, 3.5, GAMES, 11.0, 4.5, GAMES, equal_var=False).statistic
    se = -1.5 / t
    assert (d["ci_low"], d["ci_high"]) == pytest.approx((-1.5 - Z95 * se, -1.5 + Z95 * se), rel=1e-9)
    assert m["turns"]["by_value"]["AH2000"]["mean"] == pytest.approx(11.0)
    j = m["shared_win"]["differences"][0]
    lo, hi = confint_proportions_2indep(round(0.115 * GAMES), GAMES, round(0.100 * GAMES), GAMES, method="wald",
                                        compare="diff")
    assert j["diff"] == pytest.approx(0.015) and (j["ci_low"], j["ci_high"]) == pytest.approx((lo, hi), rel=1e-3)
    s = m["start"]["differences"][0]
    se_ah, se_ffg = math.sqrt((1 / 3 + 0.03) * (2 / 3 - 0.03) / GAMES), math.sqrt(1 / 3 * 2 / 3 / GAMES)
    assert s["diff"] == pytest.approx(-0.03)
    assert s["ci_high"] - s["ci_low"] == pytest.approx(2 * Z95 * math.hypot(se_ah, se_ffg), rel=1e-9)
    assert m["start"]["by_value"]["AH2000"]["fair"] == pytest.approx(1 / 3)
    # the sentence the reader gets first says the same, with the bots' caveat
    head = [h for h in editions["out"]["headline"] if h.startswith("Edition FFG2008 against AH2000 at 3 players")]
    assert len(head) == 1
    assert "game length -1.50 turns (" in head[0] and "the alien rankings agree with Kendall's tau 1.00" in head[0]
    assert "the start player's win share -3.0 pp" in head[0] and "depend on how well the bots play" in head[0]


def test_rankings_and_seat_advantage_are_never_pooled_over_editions(editions):
    rep, out, shares = editions["rep"], editions["out"], editions["shares"]
    assert not (rep / "ranking_alien_3p.csv").exists()  # no pooled ranking file
    for (n, ed), sh in shares.items():
        r = pd.read_csv(rep / f"ranking_alien_{n}p_{ed}.csv").set_index("alien")
        assert r["win_share"].to_dict() == pytest.approx(sh)  # exactly that edition's shares
        assert r["cells"].astype(str).nunique() == 1  # one cell: never a mix of editions
    page = (rep / "index.html").read_text()
    assert "Alien ranking, 3 players, edition AH2000" in page and "Alien ranking, 4 players, edition FFG2008" in page
    assert "Alien ranking, 3 players (bots" not in page
    assert "Pooled over the cells with 3 players and edition FFG2008" in page
    assert "pools its figures over" not in page  # no section pools: no warning
    # the start player's edge per edition: +3 pp under AH2000 only, never averaged to +1.5
    turn = next(h for h in out["headline"] if h.startswith("The start player"))
    assert "+3.0 pp" in turn and "at 3 players (edition AH2000)" in turn and "+1.5" not in turn
    assert "It does not depend on" not in turn and "changes with" not in turn  # deck follows the edition
    # the section, its chart and CSVs are on the page and present
    assert "<h2 id='side-by-side-edition'>Editions side by side</h2>" in page
    assert "depends on how well the bots play it" in page
    for src in re.findall(r"<img src='([^']+)'", page):
        assert (rep / src).stat().st_size > 1000, src
    assert "side_by_side_edition_alien.png" in page
    for csv in re.findall(r"<a href='([^'#]+\.csv)'", page):
        assert (rep / csv).is_file(), csv
    # the findings keep the editions apart too
    f = out["findings"]
    assert any(s.startswith("With 3 players (edition AH2000), over-powered aliens") for s in f)
    assert not any(s.startswith("With 3 players, over-powered") for s in f)


def test_a_player_count_with_one_edition_shows_it_alone_and_says_why(tmp_path):
    """5 players under FFG2008 only (AH2000 refuses 5 players): no comparison, that edition's
    figures alone and the game's own reason; 3 players still compared."""
    cells, groups = [], []
    for cell, n, ed in ((0, 3, "AH2000"), (1, 3, "FFG2008"), (2, 5, "FFG2008")):
        cells.append(_cell(cell, n, ed))
        groups += _groups(cell, n, "position", {str(k): 1 / n for k in range(1, n + 1)})
        groups += _groups(cell, n, "alien", _spread(n, ALIENS, top=0.2), n=GAMES * n // len(ALIENS))
    path = tmp_path / "res"
    _write(path, cells, groups)
    out = make_report(path, tmp_path / "rep")
    five = _ctx(out, 5)
    assert five["compared"] is False and five["values"] == ["FFG2008"]
    assert "Only edition FFG2008 has cells at 5 players" in five["note"]
    assert "edition AH2000: the game refuses it: “players: 5" in five["note"]
    assert five["rankings"]["alien"]["comparisons"] == [] and five["rankings"]["alien"]["labels"] == len(ALIENS)
    assert [q["metric"] for q in five["metrics"]] == ["turns", "shared_win", "start"]
    assert all(q["differences"] == [] for q in five["metrics"])
    assert _ctx(out, 3)["compared"] is True
    page = (tmp_path / "rep" / "index.html").read_text()
    assert "Alien ranking, 5 players, edition FFG2008 alone" in page
    assert not any(h.startswith("Edition FFG2008 against AH2000 at 5 players") for h in out["headline"])


def test_a_game_section_that_pools_over_editions_is_flagged(tmp_path, monkeypatch):
    from simsuite import games

    def pooled_section(res, out_dir, kit):
        return "<h2>pooled</h2>", [], []

    monkeypatch.setattr(type(games.get("cosmic")), "report_sections", property(lambda self: (pooled_section,)))
    cells, groups = [], []
    for cell, ed in ((0, "AH2000"), (1, "FFG2008")):
        cells.append(_cell(cell, 3, ed))
        groups += _groups(cell, 3, "position", {str(k): 1 / 3 for k in range(1, 4)})
    _write(tmp_path / "res", cells, groups)
    make_report(tmp_path / "res", tmp_path / "rep")
    page = (tmp_path / "rep" / "index.html").read_text()
    assert "<p class='warn'>⚠ The section “pooled_section” pools its figures over edition (edition: AH2000, " \
           "FFG2008)" in page


def test_report_json_carries_the_side_by_side_figures(editions, tmp_path):
    from click.testing import CliRunner

    from simsuite.cli import cli

    res = editions["rep"].parent / "cosmic-editions"
    r = CliRunner().invoke(cli, ["report", str(res), "--out", str(tmp_path / "rep"), "--json"])
    assert r.exit_code == 0, r.output
    d = json.loads(r.output)
    ctx = {c["players"]: c for c in d["side_by_side"][0]["contexts"]}
    assert ctx[3]["rankings"]["alien"]["comparisons"][0]["tau"] == pytest.approx(1.0)
    assert ctx[3]["metrics"][0]["differences"][0]["diff"] == pytest.approx(-1.5)


def test_a_chart_that_pools_many_cells_never_pools_editions(tmp_path, monkeypatch):
    """More cells per player count than a categorical chart can show (18 here: 9 alien pools x 2
    editions): the position chart would pool a panel's cells into one bar per position, so it draws
    a panel per edition first (9 cells each: few enough to show one by one)."""
    from matplotlib.figure import Figure

    titles = []
    real = Figure.savefig

    def spy(fig, path, *a, **k):
        if str(path).endswith("winshare_position.png"):
            titles.extend(ax.get_title() for ax in fig.axes if ax.get_visible())
        return real(fig, path, *a, **k)

    monkeypatch.setattr(Figure, "savefig", spy)
    cells, groups = [], []
    for cell in range(18):
        ed = ("AH2000", "FFG2008")[cell % 2]
        row = _cell(cell, 3, ed)
        row["alien_pool"] = f"pool{cell // 2}"
        cells.append(row)
        groups += _groups(cell, 3, "position", {str(k): 1 / 3 for k in range(1, 4)})
    _write(tmp_path / "res", cells, groups)
    make_report(tmp_path / "res", tmp_path / "rep")
    assert sorted(titles) == ["edition AH2000", "edition FFG2008"]


def test_the_swept_parameter_sentence_says_it_averages_over_editions():
    """The answer to "which value of the swept parameter?" takes one mean per value over the other
    cells; with several editions among them it says so (the per-series trends keep them apart)."""
    from simsuite.games.base import TURNS
    from simsuite.report import headline as H

    cells = pd.DataFrame(dict(cell=[0, 1, 2, 3], win_colonies=[4, 5, 4, 5], edition=["AH2000"] * 2 + ["FFG2008"] * 2,
                              turns_mean=[10.0, 20.0, 12.0, 22.0]))
    cells = cells.assign(turns_ci_low=cells["turns_mean"] - 0.1, turns_ci_high=cells["turns_mean"] + 0.1)
    lay = dict(x="win_colonies", varying=["win_colonies", "edition"], split=["edition"])
    (text, _), = H.swept_question(cells, lay, [TURNS], None)
    assert "turns per game 11 → 21 (means over the editions: the trends per series below keep them apart)" in text
    (text, _), = H.swept_question(cells, dict(lay, split=[]), [TURNS], None)
    assert "means over" not in text


# ---- the answer box: how the editions differ, in a designer's words ------------------------------------
def _box_of(rep):
    return answer_box((rep / "index.html").read_text())


def test_the_answer_box_says_how_the_editions_differ_in_units_with_intervals(editions):
    """The fixture's truth: FFG2008 games 1.5 turns shorter at 3 players and 1.2 at 4; shared wins
    +1.5 and +1.0 points; the start player's edge 3 points smaller under FFG2008 at 3 players and
    equal at 4; the alien order the same at 3 players and reversed at 4. Each real difference is
    reported with its direction, size and interval; the equal edge is "no difference found"."""
    out, rep = editions["out"], editions["rep"]
    ans = out["answer"]
    length = next(a for a in ans if a.startswith("Game length under FFG2008 against AH2000: "))
    assert "shorter at 3 players, 9.5 against 11.0 turns a game (-1.5 turns, 95% interval -1.58 to -1.42)" in length
    assert "shorter at 4 players, 9.6 against 10.8 turns a game (-1.2 turns" in length
    shared = next(a for a in ans if a.startswith("Shared wins"))
    assert "more often at 3 players, 11.5% against 10.0% of games (+1.5 points, 95% interval +0.9 to +2.1)" in shared
    assert "more often at 4 players, 18.0% against 17.0% of games (+1.0 points" in shared
    start = next(a for a in ans if a.startswith("The start player's edge"))
    assert "smaller at 3 players, 0.0 against +3.0 points (-3.0 points, 95% interval -3.9 to -2.1)" in start
    assert "no difference found at 4 players, 0.0 against 0.0 points (0.0 points" in start
    aliens = next(a for a in ans if a.startswith("Aliens: "))
    assert "at 4 players, " in aliens and "Virus has the highest win share under both" not in aliens.split(
        "at 4 players")[1]
    assert "Virus has the highest win share under both" in aliens.split("at 4 players")[0]
    box = _box_of(rep)
    assert_plain(box)
    # the verdict words link to the glossary, which explains them; the table has every comparison
    assert "href='#g-differs'>shorter</a>" in box and "href='#g-no-difference-found'>no difference found</a>" in box
    page = (rep / "index.html").read_text()
    assert "<dt id='g-differs'>" in page and "<dt id='g-no-difference-found'>" in page
    assert "FFG2008 minus AH2000 (95% interval)" in box and "allow for all 6 comparisons in this table" in box


def test_a_player_count_under_one_edition_is_said_plainly_in_the_answer(tmp_path):
    cells, groups = [], []
    for cell, n, ed in ((0, 3, "AH2000"), (1, 3, "FFG2008"), (2, 5, "FFG2008")):
        cells.append(_cell(cell, n, ed))
        groups += _groups(cell, n, "position", {str(k): 1 / n for k in range(1, n + 1)})
    _write(tmp_path / "res", cells, groups)
    out = make_report(tmp_path / "res", tmp_path / "rep")
    assert "At 5 players only FFG2008 was measured (AH2000 does not allow it): nothing to compare." in out["answer"]
    # equal rule sets here: no measure is called different
    assert not any("href='#g-differs'" in x for x in [_box_of(tmp_path / "rep")])
    assert "<td>5 players</td>" not in _box_of(tmp_path / "rep")  # the sentence says it; the table compares


def _split_data(truth: dict, rng) -> list[dict]:
    """Side-by-side data (simsuite.report.splits.side_by_side's shape) for two editions at 3 and 4
    players: per (players, metric) a true difference and its standard error; each measured difference
    is drawn around the truth."""
    contexts = []
    for n in (3, 4):
        ms = []
        for m, base in (("turns", 12.0), ("shared_win", 0.15), ("start", 1 / n)):
            true, se = truth.get((n, m), (0.0, 0.01))
            d = true + se * rng.standard_normal()
            ms.append(dict(metric=m, by_value={"AH2000": dict(mean=base, fair=1 / n),
                                               "FFG2008": dict(mean=base + d, fair=1 / n)},
                           differences=[dict(a="AH2000", b="FFG2008", diff=d, se=se, ci_low=d - Z95 * se,
                                             ci_high=d + Z95 * se)]))
        contexts.append(dict(players=n, context="", values=["AH2000", "FFG2008"], compared=True, metrics=ms,
                             rankings={}))
    return [dict(axis="edition", values=["AH2000", "FFG2008"], contexts=contexts)]


def test_equal_editions_are_called_different_in_at_most_5_percent_of_sweeps():
    """Known truth: the editions equal on every measure (6 comparisons). The answer claims a
    difference on any of them in about 5% of 2,000 simulated sweeps (Holm over all of them; one z
    test each would claim one in about 26%)."""
    import numpy as np

    from simsuite.report.answer import split_tests

    rng = np.random.default_rng(37)
    claims = [any(t["differs"] for t in split_tests(_split_data({}, rng), ["edition"])) for _ in range(2000)]
    assert 0.03 < np.mean(claims) < 0.065


def test_a_real_difference_is_reported_and_the_equal_measures_are_not():
    """Known truth: game length 0.5 turns shorter (5 standard errors) at both player counts, every
    other measure equal: the shorter games are reported in nearly every sweep, a difference on the
    equal measures claimed in about 5% (Holm: at most 5% in expectation; 2,000 sweeps)."""
    import numpy as np

    from simsuite.report.answer import split_answer, split_tests

    rng = np.random.default_rng(2008)
    truth = {(3, "turns"): (-0.5, 0.1), (4, "turns"): (-0.5, 0.1)}
    found, false = [], []
    for _ in range(2000):
        ts = split_tests(_split_data(truth, rng), ["edition"])
        found.append(all(t["differs"] and t["diff"] < 0 for t in ts if t["metric"] == "turns"))
        false.append(any(t["differs"] for t in ts if t["metric"] != "turns"))
    assert np.mean(found) > 0.95 and np.mean(false) < 0.065
    sentences, _, _ = split_answer(_split_data(truth, np.random.default_rng(1)), ["edition"])
    assert ">shorter</a> at 3 players" in sentences[0] and ">shorter</a> at 4 players" in sentences[0]
    assert "turns, 95% interval -" in sentences[0]


def test_report_on_the_terminal_prints_the_answer_box_words_and_json_keeps_fractions(editions, tmp_path):
    """`simsuite report`: the page's question, then the answer box's sentences (the same words: no
    statistical name, no raw fraction), then where the page is; --json keeps the figures as fractions."""
    from click.testing import CliRunner

    from simsuite.cli import cli
    res = editions["rep"].parent / "cosmic-editions"
    r = CliRunner().invoke(cli, ["report", str(res), "--out", str(tmp_path / "rep"), "--quiet"])
    assert r.exit_code == 0, r.output
    lines = r.output.strip().splitlines()
    assert lines[0] == "How do the editions compare?"
    assert lines[-1] == f"report: {tmp_path / 'rep' / 'index.html'}"
    said = [ln[2:] for ln in lines if ln.startswith("- ")]
    assert said == editions["out"]["answer"]  # the page's answer box, sentence by sentence
    # the aliens first (the page's chart shows them), then the measures
    assert said[0].startswith("Aliens: at 3 players, 6 of 6 aliens change their win share under FFG2008")
    assert said[1].startswith("Game length under FFG2008 against AH2000: shorter at 3 players")
    assert_plain("\n".join(lines))
    d = json.loads(CliRunner().invoke(cli, ["report", str(res), "--out", str(tmp_path / "rep2"), "--json"]).output)
    diff = d["side_by_side"][0]["contexts"][0]["metrics"][1]["differences"][0]
    assert diff["diff"] == pytest.approx(0.015)  # a shared-win difference as a fraction
    assert d["answer"] == said and d["question"] == lines[0]
