"""The score-sources section of the Amazing Space Venture report (the analysis asks for "score sources
... per strategy"): built from small real runs, its numbers checked against a direct computation from
the per-game records (games.parquet), and its chart and headline present."""
import re

import numpy as np
import pandas as pd
import pytest
from test_cli import sim

from simsuite import games
from simsuite.analysis.inference import Z95
from simsuite.games.space_venture import api as A
from simsuite.report import make_report

GAMES = 240


@pytest.fixture(scope="module")
def run_dir(tmp_path_factory):
    """One run of 3 players, basic and random rotated through the seats (basic holds 2 seats, random
    1), with its per-game records."""
    out = tmp_path_factory.mktemp("asvrun") / "run"
    r = sim("run", "space-venture", "--players", 3, "--strategies", "basic,random", "--rotate", "--games", GAMES,
            "--seed", 11, "--out", out, "-q")
    assert r.returncode == 0, r.stderr
    return out


def test_section_numbers_equal_the_records(run_dir, tmp_path):
    out = make_report(run_dir, tmp_path / "rep")
    page = (tmp_path / "rep" / "index.html").read_text()
    assert "id='score-sources'" in page
    t = pd.read_csv(tmp_path / "rep" / "score_sources.csv")
    g = pd.read_parquet(run_dir / "games.parquet")
    names = games.get("space-venture").strategy_names()
    assert len(g) == GAMES
    checked = 0
    for s in ("basic", "random"):
        sid = names.index(s)
        mine = np.stack([g[f"strategy_{i}"].to_numpy() == sid for i in range(3)], axis=1)
        seats = mine.sum(axis=1)
        assert (seats == seats[0]).all() and seats[0] == (2 if s == "basic" else 1)
        for src in A.SOURCE_NAMES:
            pts = np.stack([g[f"src_{src}_{i}"].to_numpy() for i in range(3)], axis=1)
            per_game = (pts * mine).sum(axis=1) / seats  # points per player of strategy s in each game
            half = Z95 * per_game.std(ddof=1) / np.sqrt(len(per_game))
            row = t[(t["strategy"] == s) & (t["source"] == src)]
            assert len(row) == 1
            row = row.iloc[0]
            assert row["points"] == pytest.approx(per_game.mean(), rel=1e-9, abs=1e-12)
            assert row["points_lo"] == pytest.approx(per_game.mean() - half, rel=1e-9, abs=1e-12)
            assert row["points_hi"] == pytest.approx(per_game.mean() + half, rel=1e-9, abs=1e-12)
            checked += 1
        # the sources add up to the strategy's mean score (every point has a source, ASV scoring)
        score = np.stack([g[f"score_{i}"].to_numpy() for i in range(3)], axis=1)
        total = t[t["strategy"] == s]["total"].iloc[0]
        assert total == pytest.approx(((score * mine).sum(axis=1) / seats).mean())
    assert checked == 2 * len(A.SOURCE_NAMES)
    # the chart is written and shown, the note says the sources reflect the bots' play
    assert any(c.endswith("score_sources.png") for c in out["charts"])
    assert (tmp_path / "rep" / "score_sources.png").stat().st_size > 5000
    assert "<img src='score_sources.png'" in page
    assert "reflect how the bots play" in page
    # the headline names each strategy's largest source with its share of that strategy's points
    head = [h for h in out["headline"] if h.startswith("Score sources (")]
    assert len(head) == 1
    for s in ("basic", "random"):
        d = t[t["strategy"] == s]
        top = d.loc[d["points"].idxmax()]
        want = f"{s} scores {top['share'] * 100:.0f}% of its points from {top['source'].replace('_', ' ')}"
        assert want in head[0], (want, head[0])
        assert top["share"] == pytest.approx(top["points"] / d["points"].sum())


def test_sweep_section_per_player_count(tmp_path):
    """A small sweep (2 and 3 players, basic alone and basic against random): a row per cell,
    strategy and source, the strategy's seat count right per cell."""
    out = tmp_path / "sw"
    r = sim("sweep", "space-venture", "--players", "2,3", "--strategies", "basic|basic,random", "--games", 60,
            "--seed", 5, "--out", out, "-q")
    assert r.returncode == 0, r.stderr
    rep = make_report(out, tmp_path / "rep")
    t = pd.read_csv(tmp_path / "rep" / "score_sources.csv")
    cells = pd.read_parquet(out / "cells.parquet")
    assert len(cells) == 4
    per_cell = t.groupby(["cell", "strategy"]).agg(seats=("seats", "first"), n=("source", "size"),
                                                   players=("players", "first"), lineup=("lineup", "first"))
    assert (per_cell["n"] == len(A.SOURCE_NAMES)).all()
    for (cell, s), row in per_cell.iterrows():
        lineup = row["lineup"].split(",")
        want = sum(lineup[i % len(lineup)] == s for i in range(row["players"]))
        assert row["seats"] == want, (cell, s, row)
    # basic alone has no random row
    alone = cells[cells["strategies"] == "basic"]["cell"]
    assert not ((t["cell"].isin(alone)) & (t["strategy"] == "random")).any()
    page = (tmp_path / "rep" / "index.html").read_text()
    assert len(re.findall(r"id='score-sources'", page)) == 1
    # the section adds to the generic strategy rankings, it does not replace them
    assert "h2h_strategy_3p.png" in page
    assert any(c.endswith("score_sources.png") for c in rep["charts"])


def test_turn_order_sentence_names_only_the_player_counts_with_an_edge():
    """The example sweep's case: the start player's edge is clear at 4 players only; the answer must
    not say 'at every player count' (synthetic groups, known truth)."""
    from simsuite.report import headline as H

    rows = [dict(kind="position", key="1", players=n, win_share=1 / n + eff, fair_share=1 / n, share_se=se,
                 share_ci_low=1 / n + eff - Z95 * se, share_ci_high=1 / n + eff + Z95 * se)
            for n, eff, se in ((2, 0.002, 0.0025), (3, 0.002, 0.0025), (4, 0.006, 0.002))]
    text = H.turn_order(pd.DataFrame(rows), pd.DataFrame(), {"varying": ["players"]})[0][0][0]
    assert "every player count" not in text
    assert text.startswith("The start player wins more than fair at 4 players; at 2 players and 3 players its "
                           "win share is not significantly different from the fair share"), text
    for r in rows:  # now clear at every count
        r["win_share"] += 0.01
    text = H.turn_order(pd.DataFrame(rows), pd.DataFrame(), {"varying": ["players"]})[0][0][0]
    assert text.startswith("The start player wins more than fair at every player count"), text
