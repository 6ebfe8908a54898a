"""The strategy ladder (configs/sweeps/cosmic-ladder.toml): cells whose line-up is one seat of a
strategy against N - 1 seats of another answer rung by rung, "X wins S (95% CI) of the win share
against three Y", with games per second; synthetic results with known shares."""
import re

import pandas as pd
from plain_words import answer_box, assert_plain
from test_report_editions import GAMES, _cell, _groups, _write

from simsuite.report import headline as H
from simsuite.report import make_report

# (cell, line-up, aliens, the single seat's true share, games/s)
RUNGS = [(0, "basic,random,random,random", "random", 0.62, 20000.0),
         (1, "search,basic,basic,basic", "random", 0.31, 900.0),
         (2, "basic,random,random,random", "none", 0.70, 30000.0),
         (3, "search,basic,basic,basic", "none", 0.27, 1200.0)]


def _ladder(tmp_path):
    cells, groups = [], []
    for cell, lineup, aliens, p, gps in RUNGS:
        c = _cell(cell, 4, "AH2000")
        c.update(strategies=lineup, aliens=aliens, games_per_s=gps, seconds=GAMES / gps)
        cells.append(c)
        x, y = lineup.split(",")[0], lineup.split(",")[1]
        groups += _groups(cell, 4, "position", {str(k): 0.25 for k in range(1, 5)})
        groups += _groups(cell, 4, "strategy", {x: p}, n=GAMES)
        groups += _groups(cell, 4, "strategy", {y: (1 - p) / 3}, n=3 * GAMES)
    path = tmp_path / "cosmic-ladder"
    _write(path, cells, groups)
    return path, pd.DataFrame(cells), pd.DataFrame(groups).assign(key=lambda d: d["key"].astype(str))


def test_each_rung_names_its_share_interval_fair_share_and_speed(tmp_path):
    _, cells, groups = _ladder(tmp_path)
    out = H.ladder(groups, cells, dict(varying=["aliens", "strategies"]))
    assert len(out) == len(RUNGS)
    for (text, anchor), (cell, lineup, aliens, p, gps) in zip(out, RUNGS):
        x, y = lineup.split(",")[:2]
        m = re.match(rf"{x} wins (\d+\.\d)% \(95% CI (\d+\.\d)–(\d+\.\d)%\) of the win share against three {y} "
                     rf"at 4 players \(aliens {aliens}\), fair 25\.0%; ([\d,]+) games/s\.", text)
        assert m, text
        share, lo, hi = (float(v) / 100 for v in m.groups()[:3])
        assert abs(share - p) < 5e-4 and lo < p < hi
        half = 1.96 * (p * (1 - p) / GAMES) ** 0.5
        assert abs((hi - lo) / 2 - half) < 1.5e-3
        assert int(m.group(4).replace(",", "")) == round(gps)
        assert anchor == "ranking-strategy"
    assert "not a balance fault" in out[-1][0]


def test_a_table_of_one_strategy_or_of_mixed_seats_is_no_rung(tmp_path):
    _, cells, groups = _ladder(tmp_path)
    cells = cells.assign(strategies=["basic", "search,basic", "search,basic,random,random", "basic,basic,search,search"])
    assert H.ladder(groups, cells, dict(varying=["aliens", "strategies"])) == []


def test_the_report_answers_with_the_rungs_first(tmp_path):
    path, _, _ = _ladder(tmp_path)
    res = make_report(path, tmp_path / "rep")
    skill = [h for h in res["headline"] if " wins " in h and "win share against three" in h]
    assert res["headline"][:4] == skill  # the rungs open the answer
    page = (tmp_path / "rep" / "index.html").read_text()
    assert page.index("Strategy skill") < page.index("search wins 31.0%") < page.index("Rule balance")
    # the page's question answered as one table, one row per line-up, in percent, no fractions
    box = answer_box(page)
    assert "<h2>How much stronger is each bot?</h2>" in box
    assert_plain(box)
    rows = re.findall(r"<tr><td>(\w+)</td><td><a class='v' href='#g-([a-z-]+)'>", box)
    assert rows == [("basic", "beats"), ("search", "beats"), ("basic", "beats"), ("search", "beats")]
    assert "31.0% (30.4%–31.6%)" in box and "times its fair share" in box
    # no ranking pooled over cells that seat different bots against each other
    assert "id='ranking-alien'" not in page and "Alien rankings" not in page
    assert "No pooled ranking of strategies or labels" in page
    assert [h.split(" wins ")[0] for h in skill] == ["basic", "search", "basic", "search"]
    assert skill[1].startswith("search wins 31.0%")
    assert "900 games/s" in skill[1]
    # the shares of a pair of bots over its line-ups are said as a range over them, never as
    # "A%–B%", which reads as an interval
    said = next(a for a in res["answer"] if a.startswith("One seat of each bot"))
    assert said.startswith("One seat of each bot against a table of another, seats rotated, against a fair 25.0%")
    assert re.search(r"\((wins from [\d.]+% to [\d.]+% over 2 settings|wins [\d.]+% in each of 2 settings)\)",
                     said), said
    assert not re.search(r"wins [\d.]+%–", said)


def test_games_per_second_come_from_the_manifest(tmp_path):
    """A sweep keeps each cell's games per second in its manifest, not in the cells table."""
    _, cells, groups = _ladder(tmp_path)
    out = H.ladder(groups, cells.drop(columns=["games_per_s"]), dict(varying=["aliens", "strategies"]),
                   {0: 123.4, 1: 4567.0})
    assert out[0][0].endswith("; 123 games/s.") and "; 4,567 games/s." in out[1][0]
    assert "games/s" not in out[2][0]


def test_a_column_that_splits_the_cells_as_another_one_does_is_not_named_twice():
    """An edition's deck file varies with the edition value for value: the ladder names the edition
    only; a column that one value of another merely fixes (each value once) is still named."""
    import pandas as pd

    from simsuite.report.common import independent_axes

    cells = pd.DataFrame({"edition": ["AH", "AH", "FFG", "FFG"], "deck": ["a.toml", "a.toml", "f.toml", "f.toml"],
                          "aliens": ["random", "none", "random", "none"], "x": [1, 2, 3, 4]})
    assert independent_axes(cells, ["edition", "deck", "aliens"]) == ["edition", "aliens"]
    assert independent_axes(cells, ["x", "edition", "deck"]) == ["x", "edition"]
