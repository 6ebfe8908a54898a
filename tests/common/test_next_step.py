"""A next step with every problem the answer box finds (simsuite.report.next_step): the rule
parameters declared to act on it (Param.acts_on) and a `simsuite tune` command over them that the
command line accepts; no next step where nothing is found; a plain 'no parameter' where none acts."""
from __future__ import annotations

import re

import numpy as np
import pandas as pd
import pytest

from simsuite import games
from simsuite.analysis.inference import MARGIN, Z95
from simsuite.cli import main
from simsuite.engine.params import ACTS_ON, Param
from simsuite.report import _answer_box
from simsuite.report import answer as A
from simsuite.report.next_step import acting, next_step


def plain(html: str) -> str:
    return re.sub(r"<[^>]+>", "", html).replace("&#x27;", "'")


def test_a_parameter_acts_only_on_what_the_vocabulary_names():
    with pytest.raises(ValueError, match="acts_on"):
        Param("x", "int", 1, "x", "R.1", 0, 3, acts_on=("the weather",))
    with pytest.raises(ValueError, match="acts_on"):
        Param("x", "int", 1, "x", "R.1", 0, 3, acts_on="start player")  # a string is not a tuple of words
    assert Param("x", "int", 1, "x", "R.1", 0, 9).search_text() == "0..4"  # about the default, in bounds


def test_the_shipped_games_declare_what_their_rules_say():
    """The parameters the rules contracts say act on the start player's edge or on the aliens'
    balance (the comments beside each declaration give the rule); one acting on neither is not named."""
    sc, ce, sv = games.get("star-cartel"), games.get("cosmic"), games.get("space-venture")
    assert [p.name for p in acting(sc, "start player")] == ["setup_purge_sizes"]
    assert [p.name for p in acting(sv, "start player")] == ["tiles_per_turn"]
    assert [p.name for p in acting(ce, "start player")] == ["win_colonies"]
    assert "power_home_colonies" in [p.name for p in acting(ce, "labels")]
    assert not acting(sc, "labels") and not acting(sv, "labels")
    for g in (sc, ce, sv):
        assert all(set(p.acts_on) <= set(ACTS_ON) for p in g.params)
    assert "crash_threshold" not in [p.name for p in acting(sc, "start player")]


def _cases():
    for name in games.names():
        g = games.get(name)
        for problem in ACTS_ON:
            kind = next((s.kind for s in g.label_spreads), "")
            if acting(g, problem) and (problem == "start player" or kind):
                yield name, problem, kind


@pytest.mark.parametrize("name,problem,kind", list(_cases()))
def test_the_printed_tune_command_is_accepted_by_the_command_line(name, problem, kind, capsys):
    """Every game's next step for every problem it declares parameters for: the command, run with a
    scheduler address that cannot parse, passes every check of the tune definition (its parameters,
    ranges at every player count, objective) and stops at that address, the last check before any
    game is played."""
    g = games.get(name)
    st = next_step(g, problem, list(g.players_need({})), kind=kind)
    assert st["command"][:3] == ["simsuite", "tune", g.name] and st["params"]
    with pytest.raises(SystemExit) as e:
        main(st["command"][1:] + ["--scheduler", "nowhere"])
    err = capsys.readouterr().err
    assert e.value.code == 2 and err.startswith("error: --scheduler:"), err
    # and the same command with a parameter's range out of its bounds is refused by name
    bad = [a if not a.startswith(f"{st['params'][0]}=") else f"{st['params'][0]}=nonsense" for a in st["command"]]
    with pytest.raises(SystemExit) as e:
        main(bad[1:] + ["--scheduler", "nowhere"])
    assert e.value.code == 2 and "--scheduler" not in capsys.readouterr().err


def _edge_data(game: str, x: str, edges: dict, se: float, players=(3, 4)):
    """Position-1 groups and cells of `game` for x -> true start player edge (per player count)."""
    rows, cells = [], []
    for c, (v, e) in enumerate((v, e) for v, e in edges.items() for _ in players):
        n = players[c % len(players)]
        fair = 1 / n
        for pos in range(1, n + 1):  # the other seats share what the start player gains
            d = e if pos == 1 else -e / (n - 1)
            rows.append(dict(cell=c, kind="position", key=str(pos), players=n, win_share=fair + d, fair_share=fair,
                             share_se=se, share_ci_low=fair + d - Z95 * se, share_ci_high=fair + d + Z95 * se))
        cells.append(dict(cell=c, game=game, players=n, **{x: v}))
    return pd.DataFrame(rows), pd.DataFrame(cells)


def _box(question, groups, cells, x=None):
    lay = dict(x=x, varying=[x, "players"] if x else ["players"], facets=["players"], split=[])
    return _answer_box(question, {}, groups, cells, lay, [], {}, True, [], {}, {}, [], MARGIN, "")


def test_an_edge_found_gives_the_parameters_acting_on_it_and_no_edge_gives_none():
    g, c = _edge_data("star-cartel", "crash_threshold", {9: 0.03}, 0.002)
    box, steps = _box("parameter", g, c)
    text = plain(box)
    assert "the start player is ahead" in text
    assert ("Next step: search setup_purge_sizes, the rule parameter declared to act on the start player's edge" in text
            and "simsuite tune star-cartel --param setup_purge_sizes=none,4,3+4 --objective seat-fairness "
                "--players 3,4" in text)
    assert [s["params"] for s in steps] == [["setup_purge_sizes"]]
    g, c = _edge_data("star-cartel", "crash_threshold", {9: 0.0}, 0.002)
    box, steps = _box("parameter", g, c)
    assert "no edge found" in plain(box) and "Next step" not in plain(box) and steps == []


def test_a_sweep_with_an_edge_at_every_value_names_the_other_parameters():
    g, c = _edge_data("star-cartel", "crash_threshold", {v: 0.02 for v in (6, 7, 8, 9)}, 0.002)
    text = plain(_box("parameter", g, c, "crash_threshold")[0])
    assert "No crash_threshold from 6 to 9 frees the start player of its edge" in text
    assert "Next step: search setup_purge_sizes, the other rule parameter declared to act on the start player's edge" in text
    assert "--param crash_threshold" not in text
    # one value free of the edge: no such sentence, the recommendation is the answer
    g, c = _edge_data("star-cartel", "crash_threshold", {6: 0.02, 7: 0.02, 8: 0.0, 9: 0.02}, 0.002)
    box, steps = _box("parameter", g, c, "crash_threshold")
    assert "frees the start player" not in plain(box) and "Next step" not in plain(box) and steps == []


def test_where_no_other_parameter_acts_the_answer_says_so():
    """Cosmic's win_colonies swept with the start player ahead at every value: no other parameter of
    Cosmic is declared to act on the start player's edge, and the answer says so, with no command."""
    g, c = _edge_data("cosmic", "win_colonies", {v: 0.03 for v in (4, 5, 6)}, 0.002)
    box, steps = _box("parameter", g, c, "win_colonies")
    text = plain(box)
    assert "Next step: no other rule parameter of cosmic is declared to act on the start player's edge" in text
    assert "simsuite tune" not in text and steps[0]["command"] is None


def test_the_label_problem_is_read_from_the_verdicts_the_table_quotes():
    def ranking(verdicts):
        return pd.DataFrame(dict(alien=[f"A{i}" for i in range(len(verdicts))], win_share=0.25, fair_share=0.25,
                                 verdict=verdicts, equivalent=False, p_holm=np.where(np.array(verdicts) == "", 1, 0.01)))
    assert A.label_problem({("alien", 4): {"basic": ranking(["above fair", "", ""])}}, "alien")
    assert not A.label_problem({("alien", 4): {"basic": ranking(["", "", ""])}}, "alien")
    st = next_step(games.get("cosmic"), "labels", [4], kind="alien", labels="aliens")
    assert "act on the aliens' balance" in plain(st["text"]) and "alien-spread" in st["command"]
