"""CE.2.5 `alien_dealt`: with `aliens = random`, one named alien is dealt in every game, at a seat drawn
from the game's own generator, and the other seats' aliens from `alien_pool` without it.

The alien bands measure one alien's win share when dealt; dealing it in every game spends every game
on it instead of the 3/20 (3 players) or 4/20 (4 players) of the games that deal it from the full pool.
Rule tests from explicit setups (one game's deal), then many deals: the alien in every game, never
twice, its seat uniform over the seats (chi-square), the other aliens uniform over the pool less it;
bad input is one line naming the field, exit 2.
"""
import numpy as np
import pytest
from cosmic_harness import GAME, Table, build, kernel
from scipy.stats import chisquare

import simsuite.games.cosmic.api as A
from simsuite.engine.rng import run_key
from simsuite.errors import BadInput

VIRUS = A.ALIEN_NAMES.index("Virus")


def _tags(t, players):
    return [int(t.st[A.S_ALIEN_TAG + p]) for p in range(players)]


@pytest.mark.parametrize("players, edition", [(3, "AH2000"), (4, "AH2000"), (5, "FFG2008")])
def test_ce_2_5_the_dealt_alien_sits_at_exactly_one_seat_and_the_others_come_from_the_pool(players, edition):
    """CE.2.5: one seat holds the Virus, every other seat a distinct alien of the pool (never the
    Virus again), in every one of 40 setups."""
    pool = ("Virus", "Macron", "Oracle", "Clone", "Zombie", "Laser")
    ids = {A.ALIEN_NAMES.index(n) for n in pool}
    for seed in range(40):
        t = Table(players, seed=seed, edition=edition, aliens="random", alien_dealt="Virus",
                  alien_pool=",".join(pool))
        tags = _tags(t, players)
        assert tags.count(VIRUS) == 1, tags
        assert len(set(tags)) == players and set(tags) <= ids, tags
        assert int(t.st[A.S_WHO + VIRUS]) == tags.index(VIRUS)  # the engine knows who holds it


def test_ce_2_5_the_dealt_alien_with_fewer_aliens_than_players():
    """CE.2.5 with aliens_per_game = 2 at 4 players: the Virus and one alien from the pool, two
    seats without a power."""
    for seed in range(30):
        t = Table(4, seed=seed, aliens="random", alien_dealt="Virus", aliens_per_game=2)
        tags = _tags(t, 4)
        assert tags.count(VIRUS) == 1 and tags.count(-1) == 2, tags


def test_ce_2_5_unset_deals_the_same_aliens_as_before():
    """alien_dealt = none (the default) consumes the generator as the deal always did: the same
    setup as a configuration that never names it."""
    for seed in range(10):
        a = Table(4, seed=seed, aliens="random")
        b = Table(4, seed=seed, aliens="random", alien_dealt="none")
        assert _tags(a, 4) == _tags(b, 4) and int(a.st[A.S_START]) == int(b.st[A.S_START])


@pytest.mark.parametrize("players", [3, 4])
def test_ce_2_5_many_deals_every_game_holds_the_alien_at_a_uniform_seat(players):
    """20,000 deals (one-turn games, fixed seed): the Laser in every game exactly once; its seat
    uniform over the seats (chi-square, p > 0.001: a seat bias of 1 point would fail); the other
    aliens are the 19 others of the pool, each dealt equally often (chi-square), none twice in a game."""
    n = 20_000
    laser = A.ALIEN_NAMES.index("Laser")
    cfg, c = build(players, "basic", aliens="random", alien_dealt="Laser", max_turns=1)
    rec = GAME.run_range(kernel(), c, run_key(7, GAME.config_hash(cfg)), 0, n)
    al = rec["alien"][:, :players]
    assert ((al == laser).sum(axis=1) == 1).all()
    seat = np.argmax(al == laser, axis=1)
    counts = np.bincount(seat, minlength=players)
    assert chisquare(counts).pvalue > 0.001, counts
    assert ((al >= 0) & (al < A.N_ALIENS)).all()
    srt = np.sort(al, axis=1)
    assert (np.diff(srt, axis=1) > 0).all()  # distinct aliens in every game
    others = np.bincount(al[al != laser], minlength=A.N_ALIENS)
    assert others[laser] == 0 and (others[np.arange(A.N_ALIENS) != laser] > 0).all()
    assert chisquare(np.delete(others, laser)).pvalue > 0.001, others


@pytest.mark.parametrize("params, words", [
    (dict(alien_dealt="Zorg"), ["alien_dealt", "unknown alien", "Virus"]),
    (dict(aliens="none", alien_dealt="Virus"), ["alien_dealt", "aliens = random"]),
    (dict(aliens="all", alien_dealt="Virus"), ["alien_dealt", "aliens = random"]),
    (dict(aliens="Virus,Macron", alien_dealt="Virus"), ["alien_dealt", "aliens = random"]),
    (dict(alien_pool="Macron,Oracle,Clone,Zombie", alien_dealt="Virus"), ["alien_dealt", "alien_pool"]),
])
def test_ce_2_5_alien_dealt_bad_input(params, words):
    with pytest.raises(BadInput) as e:
        GAME.resolve(dict(players=4, **params))
    msg = str(e.value)
    assert "\n" not in msg
    for w in words:
        assert w in msg, (w, msg)


@pytest.mark.parametrize("args, words", [
    (["--set", "alien_dealt=Zorg"], ["alien_dealt", "unknown alien"]),
    (["--aliens", "none", "--set", "alien_dealt=Virus"], ["alien_dealt", "aliens = random"]),
    (["--set", "alien_pool=Macron,Oracle,Clone,Zombie", "--set", "alien_dealt=Virus"], ["alien_dealt", "alien_pool"]),
])
def test_ce_2_5_alien_dealt_bad_input_on_the_command_line(args, words):
    import subprocess
    import sys
    from pathlib import Path

    r = subprocess.run([sys.executable, "-m", "simsuite", "run", "cosmic", "--games", "10", *args],
                       capture_output=True, text=True, cwd=Path(__file__).resolve().parents[2], timeout=600)
    assert r.returncode == 2, (r.stdout, r.stderr)
    lines = [ln for ln in r.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1 and "Traceback" not in r.stderr
    for w in words:
        assert w in lines[0], (w, lines[0])
