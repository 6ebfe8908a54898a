"""Star Cartel SC.13 scoring and tie-breaks (test vector SC.T.4), on explicit states.

Rule ids (SC.x.y, test vectors SC.T.n, ambiguity choices An) as in shared/rules/star_cartel.md;
states and scripted decisions as in tests/star_cartel_harness.py.
"""
import numpy as np
import pytest
from star_cartel_harness import C, F, M, P, Table, W

import simsuite.games.star_cartel.api as A

D = A  # decision kinds live in api


# ============================================================================================
# SC.13 — scoring and tie-breaks, SC.T.4
# ============================================================================================

def test_sc_T4_scoring_vector():
    """SC.T.4 / SC.13.1-SC.13.3: markers Food 5, Crystals 1, Weapons 9; stash 3 Food, 2 Crystals,
    1 Weapons -> C = 15 + 2 + 9 = 26; ship value 4 -> T = 30; best single type Food = 15.
    Card sizes are ignored (mixed sizes here)."""
    t = Table(3)
    t.set_markers({F: 5, C: 1, W: 9})
    t.ship(0, value=4)
    t.ship(1, value=0)
    t.ship(2, value=0)
    t.add_stash(0, [(F, 4), (F, 1), (F, 3), (C, 4), (C, 2), (W, 1)])
    t.add_stash(1, [(F, 1), (F, 1), (F, 1), (C, 1), (C, 1), (W, 1)])  # same counts, other sizes
    t.set_hub([None] * 4, fill=2)
    r = t.score()
    assert r["contraband"][0] == 26
    assert r["ship_value"][0] == 4
    assert r["score"][0] == 30
    assert r["best_type"][0] == 15
    assert r["stash_cards"][0] == 6
    assert r["contraband"][1] == 26 and r["score"][1] == 26  # SC.13.1: size ignored
    assert r["score"][2] == 0
    assert list(r["win"][:3]) == [1, 0, 0] and r["n_winners"] == 1
    assert list(r["win"][3:]) == [-1] * 3  # seats not in the game


def test_sc_3_23_no_ship_value():
    """SC.3.23 / SC.13.2: score_ship_value = false -> V = 0, T = C."""
    t = Table(3, score_ship_value=False)
    t.set_markers({F: 5})
    t.ship(0, value=4)
    t.add_stash(0, [(F, 1)])
    t.set_hub([None] * 4, fill=2)
    r = t.score()
    assert r["ship_value"][0] == 0 and r["score"][0] == 5


# (markers, {seat: (stash specs, ship value)}, expected winners)
_MK = {F: 5, W: 2, P: 1, M: 3, C: 1}
TIE_CASES = {
    # SC.13.3: higher T wins although its C is lower
    "T": (_MK, {0: ([(W, 1)] * 3, 5), 1: ([(F, 1)] * 2, 0), 2: ([(P, 1)], 0)}, [0]),
    # SC.13.4 step 1: T tied 11, higher C wins
    "C": (_MK, {0: ([(F, 1)] * 2, 1), 1: ([(W, 1)] * 3, 5), 2: ([(P, 1)], 0)}, [0]),
    # step 2: T, C tied 14; higher best single type wins although it has MORE cards
    "best_type": ({F: 6, W: 6, P: 2, M: 1, C: 1},
                  {0: ([(F, 1)] * 2 + [(M, 1)] * 2, 0), 1: ([(F, 1), (W, 1), (P, 1)], 0),
                   2: ([(M, 1)], 0)}, [0]),
    # step 3: T, C, best tied; fewer stashed cards wins
    "fewer_cards": (_MK, {0: ([(F, 1)] * 2 + [(P, 1)] * 2, 0), 1: ([(F, 1)] * 2 + [(W, 1)], 0),
                          2: ([(P, 1)], 0)}, [1]),
    # step 4: everything tied -> shared win
    "shared": (_MK, {0: ([(F, 1)] * 2 + [(W, 1)], 1), 1: ([(F, 1)] * 2 + [(W, 1)], 1),
                     2: ([(F, 1)], 0)}, [0, 1]),
}


@pytest.mark.parametrize("case", list(TIE_CASES))
def test_sc_13_4_tie_breaks(case):
    """SC.13.3 / SC.13.4: highest T; ties broken by higher C, then higher best single type
    (A20), then fewer stashed cards, else the win is shared."""
    markers, seats, winners = TIE_CASES[case]
    t = Table(3)
    t.set_markers(markers)
    for p, (specs, value) in seats.items():
        t.ship(p, value=value)
        t.add_stash(p, [(ty, s) for ty, s in specs])
    t.set_hub([None] * 4, fill=2)
    r = t.score()
    for p, (specs, value) in seats.items():
        counts = np.bincount([ty for ty, _ in specs], minlength=5)
        cval = int(sum(counts[ty] * markers[ty] for ty in range(5)))
        assert r["contraband"][p] == cval
        assert r["score"][p] == cval + value
        assert r["best_type"][p] == max(counts[ty] * markers[ty] for ty in range(5))
        assert r["stash_cards"][p] == len(specs)
    assert [p for p in range(3) if r["win"][p] == 1] == winners
    assert r["n_winners"] == len(winners)
