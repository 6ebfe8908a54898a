"""Cosmic Encounter (AH2000) CE.70 invariants in checked games with aliens at the table; every
power is used.

Rule ids (CE.x.y, ambiguity choices An = CE.60.n, invariants CE.70.n) as in
shared/rules/cosmic_encounter.md; states, seats and scripted decisions as in tests/cosmic_harness.py;
``aliens`` lists each seat's alien.
"""
import numpy as np
import pytest
from cosmic_harness import build, run_checked

import simsuite.games.cosmic.api as A

# ============================================================================================
# CE.70 invariants with aliens; every power is used
# ============================================================================================

def _uses_by_alien(rec, players):
    al = rec["alien"][:, :players]
    pu = rec["power_uses"][:, :players]
    return {a: int(pu[al == a].sum()) for a in range(A.N_ALIENS)}, {a: int((al == a).sum()) for a in range(A.N_ALIENS)}


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("lineup", ["random", "basic,random"])
def test_ce_70_checked_games_with_random_aliens(players, lineup):
    """CE.70 invariants after every turn over 2,000 games with aliens dealt at random (CE.2.5), and
    every alien's power actually used (the Parasite has no use with 2 players, CE.8.8)."""
    cfg, c = build(players, lineup, aliens="random", rotate=True)
    rec, viol = run_checked(c, 2000, 0xA11E + players)
    assert (viol == 0).all(), {int(v): int((viol == v).sum()) for v in np.unique(viol[viol != 0])}
    used, dealt = _uses_by_alien(rec, players)
    assert all(dealt[a] > 0 for a in range(A.N_ALIENS))
    unused = [A.ALIEN_NAMES[a] for a in range(A.N_ALIENS) if used[a] == 0]
    if players == 2:
        assert unused == ["Parasite"]
    else:
        assert unused == []
    assert (rec["power_uses"][:, players:] == -1).all()
    assert ((rec["alien"][:, :players] >= 0).sum(axis=1) == players).all()


def test_ce_70_checked_games_every_alien_combination():
    """CE.70 with aliens = all (every combination of the pool over the games), 4 players."""
    cfg, c = build(4, "random", aliens="all")
    rec, viol = run_checked(c, 3000, 0xA11)
    assert (viol == 0).all(), {int(v): int((viol == v).sum()) for v in np.unique(viol[viol != 0])}
    used, dealt = _uses_by_alien(rec, 4)
    assert [A.ALIEN_NAMES[a] for a in range(A.N_ALIENS) if used[a] == 0] == []
    # each game seats 4 distinct aliens
    al = rec["alien"][:, :4]
    assert all(len(set(row)) == 4 for row in al.tolist())


@pytest.mark.parametrize("params", [
    dict(deal_propose_policy="strategy", deal_accept_policy="heuristic"),
    dict(deal_propose_policy="strategy", deal_accept_policy="always", empath_optional=True,
         philanthropist_to_allies=True),
    dict(players=3, planets_per_system=3, start_ships_per_planet=3, power_home_colonies=2),
])
def test_ce_70_checked_games_with_aliens_and_variants(params):
    """CE.70 with random aliens under non-default deal policies (Zombie RELEASE in strategy
    proposals), the A36 / A46 switches and small systems (2,000 games each)."""
    params = dict(params)
    players = params.pop("players", 4)
    cfg, c = build(players, "basic,random", aliens="random", rotate=True, **params)
    rec, viol = run_checked(c, 2000, 0xA11E5)
    assert (viol == 0).all(), {int(v): int((viol == v).sum()) for v in np.unique(viol[viol != 0])}
    assert (rec["power_uses"][:, :players].sum(axis=0) > 0).all()
