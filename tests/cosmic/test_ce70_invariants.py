"""Cosmic Encounter invariants (CE.70) over many games, determinism, and replay agreement.

Three layers:
* the engine's invariant-checked entry ``run_checked`` (CE.70.1-CE.70.8, CE.70.17, CE.70.18 after
  setup and every turn, and termination) over >= 10,000 random games per player count;
* the per-game records of those games (victory consistent with colonies, one result per
  encounter, one or two encounters per turn, second encounters only after success, counts);
* an independent re-check, in Python, of the replay event log of a sample of games (A/A winner
  from the logged totals with ties to the defense, compensation only after A/N, turn structure),
  plus determinism across thread counts and batch splits and replay == batch.
"""
import re

import numpy as np
import pytest
from cosmic_harness import EXTRA, GAME, I, build, kernel, run_checked, strategy_id

import simsuite.games.cosmic.api as A
from simsuite.runner import set_threads

N_GAMES = 10_000
KEY = 0xC05_2000


def describe_violations(viol):
    codes, counts = np.unique(viol[viol != 0], return_counts=True)
    return {A.VIOLATION_NAMES[v] if 0 < v < len(A.VIOLATION_NAMES) else int(v): int(n)
            for v, n in zip(codes, counts)}


def check_records(rec, cfg, N, lineup_ids):
    win_at = cfg["win_colonies"]
    n = len(rec)
    assert (rec["game"] == np.arange(len(rec)) + rec["game"][0]).all()
    win, foreign = rec["win"][:, :N], rec["foreign_colonies"][:, :N]
    timeout = rec["timeout"] == 1
    # CE.70.18: winners are exactly the players with >= win_colonies foreign colonies; a timeout
    # (A63) has no winner and nobody qualifies
    assert ((win == 0) | (win == 1)).all()
    assert (rec["n_winners"] == win.sum(axis=1)).all()
    assert (rec["joint_win"] == (rec["n_winners"] > 1)).all()
    assert (win[~timeout] == (foreign[~timeout] >= win_at)).all(), "CE.70.18: winners != qualifying players"
    assert (rec["n_winners"][~timeout] >= 1).all()
    assert (rec["n_winners"][timeout] == 0).all() and (foreign[timeout] < win_at).all()
    assert (rec["turns"][timeout] == cfg["max_turns"]).all() and (rec["turns"] <= cfg["max_turns"]).all()
    # CE.70.12: one result per encounter, one or two encounters per turn, seconds after success
    outcomes = rec["offense_wins"] + rec["defense_wins"] + rec["deals"] + rec["failed_deals"] + rec["no_results"]
    assert (outcomes == rec["encounters"]).all()
    assert (rec["encounters"] == rec["turns"] + rec["second_encounters"]).all()
    assert (rec["second_encounters"] <= rec["turns"]).all()
    assert (rec["second_encounters"] <= rec["offense_wins"] + rec["deals"]).all()
    # per-seat fields: colonies, power flag (CE.19.1, CE.70.5), warp, hands
    home = rec["home_colonies"][:, :N]
    assert ((home >= 0) & (home <= cfg["planets_per_system"])).all()
    assert (rec["power_on"][:, :N] == (home >= cfg["power_home_colonies"])).all()
    assert ((rec["warp"][:, :N] >= 0) & (rec["warp"][:, :N] <= cfg["ships_per_player"])).all()
    assert (rec["hand"][:, :N] >= 0).all()
    assert (rec["score"][:, :N] == foreign).all()
    assert (rec["win"][:, N:] == -1).all() and (rec["score"][:, N:] == -1).all()
    assert set(np.unique(rec["strategy"][:, :N])) <= set(lineup_ids)
    # CE.21: artifact counts add up; Cosmic Zap never has a power to answer (no aliens yet)
    assert (rec["artifacts_by_kind"].sum(axis=1) == rec["artifacts_played"]).all()
    assert (rec["artifacts_by_kind"][:, A.ART_ZAP] == 0).all()
    assert n == len(rec)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_ce_70_checked_random_games(players):
    """CE.70.1-CE.70.8, CE.70.17, CE.70.18, CE.70.19 after every turn over 10,000 random games
    (uniformly random choices at every decision point), and the record checks."""
    cfg, c = build(players, "random")
    rec, viol = run_checked(c, N_GAMES, KEY)
    assert (viol == 0).all(), f"CE.70 violations in {(viol != 0).sum()} games: {describe_violations(viol)}"
    check_records(rec, cfg, players, [strategy_id("random")])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_ce_70_checked_basic_games(players):
    """CE.70 with the heuristic strategy against random (rotated through the seats), 3,000 games."""
    cfg, c = build(players, "basic,random", rotate=True)
    rec, viol = run_checked(c, 3000, KEY + 1)
    assert (viol == 0).all(), f"CE.70 violations: {describe_violations(viol)}"
    check_records(rec, cfg, players, [strategy_id("basic"), strategy_id("random")])
    assert (rec["timeout"] == 0).all()


VARIANTS = {
    "small_systems": dict(players=3, planets_per_system=3, start_ships_per_planet=3),
    "deals_by_strategy": dict(players=4, deal_propose_policy="strategy", deal_accept_policy="heuristic"),
    "accept_always": dict(players=4, deal_propose_policy="strategy", deal_accept_policy="always"),
    "accept_never": dict(players=3, deal_accept_policy="never"),
    "no_proposals": dict(players=4, deal_propose_policy="none"),
    "two_player_no_discs": dict(players=2, two_player_order_discs="unused"),
    "win_at_3": dict(players=4, win_colonies=3, power_home_colonies=4),
    "long_deals": dict(players=4, deal_rounds=4, deal_colony_ships_max=1, deal_propose_policy="strategy",
                       deal_accept_policy="heuristic"),
    "small_hands": dict(players=4, start_hand_size=3, new_hand_size=3),
    "short_cap": dict(players=4, max_turns=12),
    "one_disc_per_colour": dict(players=4, ah_order_discs_per_colour=1),
    "eight_discs_per_colour": dict(players=3, ah_order_discs_per_colour=8),
}


@pytest.mark.parametrize("variant", list(VARIANTS))
@pytest.mark.parametrize("lineup", ["random", "basic"])
def test_ce_70_checked_param_variants(variant, lineup):
    """CE.70 under non-default CE.80 parameters and the A-choice switches (2,000 games each)."""
    params = dict(VARIANTS[variant])
    players = params.pop("players")
    cfg, c = build(players, lineup, **params)
    if "ah_order_discs_per_colour" in params:
        assert list(c[A.C_DISCS:A.C_DISCS + 4]) == [params["ah_order_discs_per_colour"]] * 4
    rec, viol = run_checked(c, 2000, KEY + 2)
    assert (viol == 0).all(), f"CE.70 violations: {describe_violations(viol)}"
    check_records(rec, cfg, players, [strategy_id(lineup)])
    if variant == "no_proposals":
        assert rec["deals"].sum() == 0 and rec["failed_deals"].sum() > 0  # CE.51.5 / CE.13.5
    if variant == "accept_never":
        assert rec["deals"].sum() == 0
    if variant == "short_cap" and lineup == "random":
        assert rec["timeout"].sum() > 0


def test_ce_70_12_standard_policies_make_deals():
    """CE.51.4 / CE.51.5: under standard_only acceptance (standard proposal) a deal fails only when
    no standard deal exists: failed deals are much rarer than deals."""
    cfg, c = build(4, "random", deal_accept_policy="standard_only")
    rec, viol = run_checked(c, 3000, KEY + 3)
    assert rec["deals"].sum() > 20 * max(1, rec["failed_deals"].sum())


def test_ce_70_12_wary_deals_fail_near_victory():
    """CE.51.5 wary (the default): deals fail (a player refuses to hand the other the game or a
    leader's colony) but most negotiations still end in a deal; no game ends with an invariant
    broken."""
    cfg, c = build(4, "random")
    assert cfg["deal_accept_policy"] == "wary"
    rec, viol = run_checked(c, 3000, KEY + 3)
    deals, failed = int(rec["deals"].sum()), int(rec["failed_deals"].sum())
    assert failed > 0.05 * (deals + failed) and deals > failed
    assert (viol == 0).all(), f"CE.70 violations: {describe_violations(viol)}"


# ---- independent re-check of the event log ------------------------------------------------
@pytest.mark.parametrize("lineup", ["random", "basic"])
def test_ce_70_13_event_log_recheck(lineup):
    """CE.70.12 / CE.70.13 / CE.12 / CE.71 on the replay logs of 60 games: every encounter has one
    result; after A/A totals the offense wins iff its total is strictly higher (strictly lower
    with the Anti-Matter; ties to the defense); compensation only after an attack/negotiate reveal; at most 2 encounters per turn;
    the game ends with the winners line or the timeout line."""
    cfg = GAME.resolve({"players": 4, "strategies": lineup}, EXTRA)
    for g in range(60):
        events, rec = GAME.replay(cfg, 99, g, EXTRA)
        per_turn = 0
        in_enc = False
        totals = None
        reveal = None
        for e in events:
            ev = e["event"]
            if ev == "turn":
                assert not in_enc
                per_turn = 0
            elif ev == "encounter":
                assert not in_enc, f"game {g}: encounter without a result"
                in_enc = True
                per_turn += 1
                assert per_turn <= 2, f"game {g}: a third encounter in a turn (CE.15.3)"
                totals = reveal = None
            elif ev == "reveal":
                reveal = (e["offense_card"], e["defense_card"])
            elif ev == "totals":
                totals = (e["offense"], e["defense"], e["lower_wins"])
            elif ev == "compensation":
                assert reveal is not None and ("Negotiate" in reveal) and reveal != ("Negotiate", "Negotiate")
            elif ev == "result":
                assert in_enc
                in_enc = False
                if totals is not None:
                    owin = totals[0] < totals[1] if totals[2] else totals[0] > totals[1]  # CE.22.2 Anti-Matter
                    want = "OFFENSE_WIN" if owin else "DEFENSE_WIN"
                    assert e["result"] == want, f"game {g}: totals {totals} but {e['result']}"
        ends = [i for i, e in enumerate(events) if e["event"] in ("winners", "timeout")]
        assert len(ends) == 1, f"game {g}: no single end"
        # CE.70.18: no action after the end (only the result line of the deciding encounter)
        assert all(e["event"] == "result" for e in events[ends[0] + 1:])
        last = events[ends[0]]
        if last["event"] == "winners":
            assert sorted(last["seats"]) == [p for p in range(4) if rec["win"][0][p] == 1]


# ---- determinism (CE.70.20) ----------------------------------------------------------------
def test_ce_70_20_same_games_on_1_and_2_threads_and_any_split():
    """CE.70.20: identical records whatever the thread count or the split of the range."""
    cfg, c = build(4, "basic,random", rotate=True)
    k = kernel()
    set_threads(1)
    a = GAME.run_range(k, c, 4242, 0, 3000)
    assert set_threads(2) == 2  # conftest gives numba at least two threads
    b = GAME.run_range(k, c, 4242, 0, 3000)
    parts = [GAME.run_range(k, c, 4242, g0, n) for g0, n in ((0, 1000), (1000, 1500), (2500, 500))]
    set_threads(0)
    av = a.view(np.int64).reshape(3000, -1)
    assert (av == b.view(np.int64).reshape(3000, -1)).all()
    assert (av == np.concatenate([p.view(np.int64).reshape(len(p), -1) for p in parts])).all()
    rc, viol = run_checked(c, 3000, 4242)
    assert (av == rc.view(np.int64).reshape(3000, -1)).all()


@pytest.mark.parametrize("lineup", ["basic", "random"])
def test_ce_replay_equals_batch(lineup):
    """replay_game (event log on) plays exactly the batch game: same record; two replays give the
    same event log (CE.70.20)."""
    cfg, c = build(3, lineup)
    k = kernel()
    batch = GAME.run_range(k, c, 77, 0, 40)
    for g in (0, 7, 39):
        ev1, r1 = GAME.replay(cfg, 77, g, EXTRA)
        ev2, r2 = GAME.replay(cfg, 77, g, EXTRA)
        assert (r1.view(np.int64) == batch[g:g + 1].view(np.int64)).all()
        assert [e["text"] for e in ev1] == [e["text"] for e in ev2]
        assert any(e["event"] == "encounter" for e in ev1)


def _unsealed(sig):
    return re.sub(r"Handle\((state|cfg|log)\)", "int64*", str(sig))


def test_ce_one_compiled_version_per_function():
    """Engineering rule: no literal-int specialisations. Every kernel and helper function compiled
    in this process has exactly one signature (run after the other tests of this module), counting
    a power-API primitive called with sealed handles (an alien file's hook) and with the pointers
    they seal (another primitive, a test step) as one: the handle is that pointer (handles.py)."""
    from numba.core.registry import CPUDispatcher

    import simsuite.games.cosmic.bots.basic.heuristics as H

    k = kernel()
    multi = {}
    for mod in (k, H):
        for name in dir(mod):
            f = getattr(mod, name)
            if isinstance(f, CPUDispatcher) and len({_unsealed(s) for s in f.signatures}) > 1:
                multi[f"{mod.__name__}.{name}"] = [str(s) for s in f.signatures]
    assert not multi, multi
    assert I(0) == 0


def test_ce_70_engine_check_catches_stale_caches():
    """CE.70.4 / CE.70.5: the engine's check_invariants (what run_checked runs after every turn) must
    be able to fail on each derived cache the engine keeps: colony counts, the colony bit mask that
    option lists walk, the per-seat power-window mask of the alien (CE.19, CE.22 timings) and a
    deferred power check (S_QUIET) that outlived its step."""
    from cosmic_harness import Table

    t = Table(players=4, aliens="Mind,Trader,Chronos,Filch")
    assert t.engine_check() == 0
    st = t.st
    for field, wrong, name in ((A.S_CMASK + 1, st[A.S_CMASK + 1] ^ 1, "CE.70.4"),
                               (A.S_FOREIGN + 2, st[A.S_FOREIGN + 2] + 1, "CE.70.4"),
                               (A.S_PWIN + 0, 0, "CE.70.5"),
                               (A.S_QUIET, 1, "CE.70.5")):  # a power check left pending
        keep = int(st[field])
        st[field] = wrong
        assert str(t.engine_check()).startswith(name), (field, t.engine_check())
        st[field] = keep
        assert t.engine_check() == 0
