"""Cosmic Encounter under edition = FFG2008: the invariants of Part 5 (CE.70) over many random games
(ship and 72-card conservation, caches, the destiny deck's composition, victory, termination),
record consistency, and agreement between the checked and the plain entry.

Rules contract: shared/rules/cosmic_encounter.md Part 2 and CE.70; harness: tests/cosmic_harness.py.
At 3, 4 and 5 players (data.md: 3-5, five colours).
"""
import numpy as np
import pytest
from cosmic_harness import GAME, build, kernel, run_checked, strategy_id

import simsuite.games.cosmic.api as A

N_GAMES = 10_000
KEY = 0xFF6_2008


def describe(viol):
    codes, counts = np.unique(viol[viol != 0], return_counts=True)
    return {A.VIOLATION_NAMES[v] if 0 < v < len(A.VIOLATION_NAMES) else int(v): int(n) for v, n in zip(codes, counts)}


def check_records(rec, cfg, N):
    timeout = rec["timeout"] == 1
    win, foreign = rec["win"][:, :N], rec["foreign_colonies"][:, :N]
    assert (win[~timeout] == (foreign[~timeout] >= cfg["win_colonies"])).all(), "CE.41.1 / CE.70.18"
    assert (rec["n_winners"][~timeout] >= 1).all() and (rec["n_winners"][timeout] == 0).all()
    outcomes = rec["offense_wins"] + rec["defense_wins"] + rec["deals"] + rec["failed_deals"] + rec["no_results"]
    assert (outcomes == rec["encounters"]).all()
    assert (rec["encounters"] == rec["turns"] + rec["second_encounters"]).all()
    # CE.39.7: a second encounter only after an offense win, a deal made or a re-establishment
    assert (rec["second_encounters"] <= rec["offense_wins"] + rec["deals"] + rec["resettles"]).all()
    home = rec["home_colonies"][:, :N]
    assert (rec["power_on"][:, :N] == (home >= cfg["power_home_colonies"])).all()  # CE.42.1
    assert ((rec["warp"][:, :N] >= 0) & (rec["warp"][:, :N] <= cfg["ships_per_player"])).all()
    assert (rec["artifacts_by_kind"].sum(axis=1) <= rec["artifacts_played"]).all()


@pytest.mark.parametrize("players", [3, 4, 5])
def test_ce_70_ffg_checked_random_games(players):
    """CE.70 after setup and every turn, 10,000 uniformly random games with random aliens: no
    violation, every game ends (victory or the cap), and the FFG-only cards and actions occur."""
    cfg, c = build(players, "random", edition="FFG2008", aliens="random")
    assert c[A.C_N_CARDS] == 72 and c[A.C_EDITION] == A.ED_FFG2008
    rec, viol = run_checked(c, N_GAMES, KEY + players)
    assert (viol == 0).all(), f"CE.70 violations in {(viol != 0).sum()} games: {describe(viol)}"
    check_records(rec, cfg, players)
    assert (rec["strategy"][:, :players] >= 0).all() and (rec["strategy"][:, players:] == -1).all()
    assert (rec["win"][:, :players].sum(axis=0) > 0).all()  # every seat, the fifth included, wins some games
    assert rec["resettles"].sum() > 0  # re-establishments happen (CE.33.4 c)
    assert rec["artifacts_played"].sum() > rec["artifacts_by_kind"].sum()  # Card Zap / Ionic Gas / Quash played
    assert rec["timeout"].mean() < 0.02


@pytest.mark.parametrize("players", [3, 4, 5])
def test_ce_70_ffg_checked_basic_games(players):
    """CE.70 with basic against random, rotated (3,000 games): no violation, no timeout, no illegal
    answer from basic at the new decision points (destiny, reinforcement)."""
    cfg, c = build(players, "basic,random", rotate=True, edition="FFG2008", aliens="random")
    rec, viol = run_checked(c, 3000, KEY + 10 + players)
    assert (viol == 0).all(), f"CE.70 violations: {describe(viol)}"
    check_records(rec, cfg, players)
    assert (rec["timeout"] == 0).all() and (rec["illegal"] == 0).all()


@pytest.mark.parametrize("players", [3, 4, 5])
def test_ce_70_ffg_strict_targets_checked_games(players):
    """CE.70 with ffg_target_requires_defense_colony = true (A52), 3,000 uniformly random games and
    1,000 basic-against-random games: no violation (the reinforcements in play, CE.37.4, are
    counted by the card check), every game ends by victory or the turn cap, and no destiny phase
    draws for ever. Random play reaches the cap often under this reading (home systems emptied
    of their owners' ships cannot be encountered: see README, Editions)."""
    cfg, c = build(players, "random", edition="FFG2008", aliens="random", ffg_target_requires_defense_colony=True)
    assert c[A.C_TARGET_COLONY] == 1
    rec, viol = run_checked(c, 3000, KEY + 20 + players)
    assert (viol == 0).all(), f"CE.70 violations in {(viol != 0).sum()} games: {describe(viol)}"
    check_records(rec, cfg, players)
    cfg, c = build(players, "basic,random", rotate=True, edition="FFG2008", aliens="random",
                   ffg_target_requires_defense_colony=True)
    rec, viol = run_checked(c, 1000, KEY + 30 + players)
    assert (viol == 0).all(), f"CE.70 violations: {describe(viol)}"
    check_records(rec, cfg, players)
    assert (rec["illegal"] == 0).all()


@pytest.mark.parametrize("players", [4, 5])
def test_ce_70_ffg_checked_entry_equals_the_plain_run(players):
    """The checked entry plays the very games the plain batch plays (same records)."""
    cfg, c = build(players, "random", edition="FFG2008", aliens="random")
    rec, viol = run_checked(c, 500, KEY)
    out = GAME.run_range(kernel(), c, np.int64(KEY), 0, 500)
    assert np.array_equal(rec, out)


def test_ffg_only_keys_do_not_change_an_ah2000_seed():
    """The FFG2008 keys are left out of an AH2000 configuration's hash (so the seed of every AH2000
    run is what it was before they existed); under FFG2008 they count."""
    base = GAME.resolve({"players": 4})
    other = GAME.resolve({"players": 4, "ffg_hand_size": 6})
    assert GAME.config_hash(base) == GAME.config_hash(other)
    f1 = GAME.resolve({"players": 4, "edition": "FFG2008"})
    f2 = GAME.resolve({"players": 4, "edition": "FFG2008", "ffg_hand_size": 6})
    assert GAME.config_hash(f1) != GAME.config_hash(f2)
    assert f1["deck"].endswith("deck_ffg2008.toml")


def test_ce_70_ffg_five_players_with_the_nopower_control():
    """5 players, nopower, basic and random rotated (2,000 games): no CE.70 violation, no illegal
    answer, and the nopower seats (alien dealt, power face down) record no power use (CE.22)."""
    cfg, c = build(5, "nopower,basic,random", rotate=True, edition="FFG2008", aliens="random")
    rec, viol = run_checked(c, 2000, KEY + 55)
    assert (viol == 0).all(), f"CE.70 violations: {describe(viol)}"
    check_records(rec, cfg, 5)
    assert (rec["illegal"] == 0).all()
    nop = rec["strategy"][:, :5] == strategy_id("nopower")
    assert nop.sum() == 2 * 2000  # the line-up of 3 round 5 seats: nopower sits at 2 seats a game
    assert (rec["alien"][:, :5][nop] >= 0).all() and (rec["power_uses"][:, :5][nop] == 0).all()
    assert rec["power_uses"][:, :5][~nop].sum() > 0
