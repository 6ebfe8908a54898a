"""The skill-trace section of a label ranking (simsuite.report.skill_trace) from rankings of known
shares: a label that settled is given its place and share under expert play, one still moving is
said to rise or fall with its last step, one the games cannot tell is said to be unsettled, and the
section writes its table, chart and CSV with the provenance given."""
import numpy as np
import pandas as pd

from simsuite.report.skill_trace import expert_sentence, skill_trace_section, trace_table

RUNGS = ["basic", "search_wide", "search_deep"]
# alien -> its share at each rung, and the standard error at every rung
SHARES = {"Virus": [0.50, 0.52, 0.522], "Parasite": [0.30, 0.33, 0.38], "Laser": [0.30, 0.26, 0.20],
          "Oracle": [0.30, 0.30, 0.31], "Macron": [0.20, 0.20, 0.199]}
SE = {"Virus": 0.002, "Parasite": 0.002, "Laser": 0.002, "Oracle": 0.03, "Macron": 0.002}


def _ranks():
    return {r: pd.DataFrame({"alien": list(SHARES), "win_share": [v[i] for v in SHARES.values()],
                             "share_se": [SE[a] for a in SHARES]}) for i, r in enumerate(RUNGS)}


def test_the_trace_says_settled_moving_and_unsettled_labels_apart():
    t = trace_table(_ranks(), "alien").set_index("alien")
    assert t.loc["Virus", "top"] == "settled" and t.loc["Macron", "top"] == "settled"
    assert t.loc["Parasite", "top"] == "rising" and t.loc["Laser", "top"] == "falling"
    assert t.loc["Oracle", "top"] == "unsettled"
    assert t.loc["Parasite", "last_step"] == pytest_approx(0.05)
    assert t.loc["Virus", "expert_rank_low"] == 1 and t.loc["Macron", "expert_rank_high"] == 5
    assert t.loc["Parasite", "trend"] == "rises" and t.loc["Laser", "trend"] == "falls"
    text = expert_sentence(trace_table(_ranks(), "alien"), "alien", 3)
    assert text.startswith("Aliens under expert play, 3 players (2 of 5 settled: search_wide and search_deep, the "
                           "ladder's top two rungs, agree within ±2 points): Virus 1st (52.1%), Macron"), text
    assert ("; still moving from search_wide to search_deep: Parasite rising (+5.0 points), Laser falling "
            "(-6.0 points); ") in text, text
    assert "not yet settled" in text and text.rstrip(".").endswith("Oracle"), text


def test_the_section_writes_its_table_chart_and_csv(tmp_path):
    prov = {"cells": "4;5;6", "seed": "7", "simsuite_version": "x"}
    body, charts, findings, headline = skill_trace_section(_ranks(), "alien", 3, tmp_path, prov)
    assert "Skill trace: the alien win shares along the ladder, 3 players" in body
    assert charts == [str(tmp_path / "skill_trace_alien_3p.png")] and (tmp_path / "skill_trace_alien_3p.png").stat().st_size
    csv = pd.read_csv(tmp_path / "skill_trace_alien_3p.csv")
    assert list(csv["alien"]) == ["Virus", "Parasite", "Oracle", "Laser", "Macron"]  # the top rung's order
    assert (csv["cells"] == "4;5;6").all() and np.allclose(csv["share_search_deep"], [0.522, 0.38, 0.31, 0.20, 0.199])
    assert headline == [findings[0]] and "rise with skill: Virus and Parasite; fall with skill: Laser" in findings[1]


def pytest_approx(x):
    import pytest

    return pytest.approx(x)
