"""A focus asks the page's question (simsuite.report._answer_box): a player count is answered from
its cells alone, a swept value is said first with its row marked, an asked-for label opens the
answer with its place and share, its row marked. Known truth: the start player is ahead by 3
points at 3 players and exactly fair at 4, at every value of the swept parameter."""
from __future__ import annotations

import re

import pandas as pd
from test_next_step import _edge_data, plain

from simsuite.analysis.inference import MARGIN
from simsuite.report import _answer_box
from simsuite.report import answer as A

X = "crash_threshold"


def _data():
    g3, c3 = _edge_data("star-cartel", X, {v: 0.03 for v in (6, 7, 8)}, 0.002, players=(3,))
    g4, c4 = _edge_data("star-cartel", X, {v: 0.0 for v in (6, 7, 8)}, 0.002, players=(4,))
    g4, c4 = g4.assign(cell=g4["cell"] + len(c3)), c4.assign(cell=c4["cell"] + len(c3))
    return pd.concat([g3, g4], ignore_index=True), pd.concat([c3, c4], ignore_index=True)


def _box(focus):
    groups, cells = _data()
    lay = dict(x=X, varying=[X, "players"], facets=["players"], split=[])
    return _answer_box("parameter", {"groups": groups, "cells": cells}, groups, cells, lay, [], {}, True, [], {},
                       {}, [], MARGIN, "", focus_resolved=focus)


def test_a_player_count_asked_for_is_answered_from_its_cells_alone():
    box, steps = _box([("players=3", ("value", ("players", "3")))])
    q = re.search(r"<h2>(.*?)</h2>", box).group(1)
    assert q == "At 3 players, which crash_threshold is fairest, and what else does it change?"
    text = plain(box)
    assert "No crash_threshold from 6 to 8 frees the start player of its edge" in text  # +3 pt everywhere
    assert steps and steps[0]["command"][-2:] == ["--players", "3"]
    # at 4 players the start player is fair: no edge, no next step (pooled with 3 players there was one)
    box4, steps4 = _box([("players=4", ("value", ("players", "4")))])
    assert "frees the start player" not in plain(box4) and steps4 == []
    assert "frees the start player" in plain(_box([])[0])


def test_a_swept_value_asked_for_is_said_first_and_its_row_marked():
    box, _ = _box([("crash_threshold=7", ("value", (X, "7")))])
    first = plain(re.search(r"<p class='answer'>(.*?)</p>", box).group(1))
    assert first.startswith("crash_threshold=7: ") and "the start player's edge +1.5 points" in first
    rows = re.findall(r"<tr( class='focus')?><td>(\d+)</td>", box)
    assert [(m, v) for m, v in rows] == [("", "6"), (" class='focus'", "7"), ("", "8")]


def test_an_asked_for_label_opens_with_its_place_and_share():
    rank = pd.DataFrame(dict(alien=["A", "B", "New", "D"], win_share=[0.40, 0.35, 0.30, 0.20],
                             share_ci_low=[0.39, 0.34, 0.29, 0.19], share_ci_high=[0.41, 0.36, 0.31, 0.21],
                             fair_share=[0.3] * 4, share_se=[0.005] * 4, rank_low=[1, 2, 3, 4],
                             rank_high=[1, 2, 3, 4], verdict=["above fair", "above fair", "", "below fair"],
                             p_holm=[1e-9, 1e-6, 0.9, 1e-9], equivalent=[False, False, True, False]))
    tables = {("alien", 3, ""): {"basic": rank}}
    said = plain(A.focus_answer(tables, "New"))
    assert said == ("New: at 3 players 3rd of 4, 30.0% of the wins (29.0%–31.0%) against a fair 30.0%: fair (sure). "
                    "Win shares with bots playing basic.")
    _, table = A.label_answer(tables, "alien", focus=["New"])
    assert re.findall(r"<tr class='focus'><td>(\w+)</td>", table) == ["New"]
    assert A.focus_answer(tables, "Absent") == ""
