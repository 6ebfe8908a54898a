"""Star Cartel invariants (SC.17) over many random games.

Four layers:
* the engine's invariant-checked entry ``run_checked`` (SC.17.1-SC.17.10 after every turn)
  over >= 10,000 games per player count and line-up;
* the tests' own jitted per-turn checker (SC.17.1-SC.17.11, independent of the engine's
  ``check_invariants``) on >= 10,000 games per player count and line-up played with the
  kernel's steps;
* the per-game records of those games (delivery count, ships discarded, score accounting,
  winners, termination bound);
* an independent re-check, in Python, of the replay event log of a sample of games (turn
  order, load/delivery triggers, marker arithmetic, set fates, stash bound, final round,
  contraband score recomputed from the stashed sets and the final markers).
"""
from functools import lru_cache

import numpy as np
import pytest
from star_cartel_harness import GAME, I, Table, build, kernel, strategy_id

import simsuite.games.star_cartel.api as A
import simsuite.games.star_cartel.records as R
from simsuite.engine.kernel_common import new_log

N_GAMES = 10_000
KEY = 0x5C17_2024
LINEUPS = ["random", "market,greedy"]


def yard_size(c, N):
    """S(N) (SC.2.10) from the cfg: shipyard ships with min_players <= N."""
    ns = int(c[A.C_N_SHIPS])
    return sum(1 for s in range(ns) if c[A.C_SHIP_YARD + s] == 1 and c[A.C_SHIP_MINP + s] <= N)


def max_capacity(c, N):
    ns = int(c[A.C_N_SHIPS])
    return max(int(c[A.C_SHIP_CAP + s]) for s in range(ns)
               if c[A.C_SHIP_YARD + s] == 0 or c[A.C_SHIP_MINP + s] <= N)


def run_checked(c, n=N_GAMES, key=KEY, g0=0):
    k = kernel()
    out = np.empty((n, R.N_COLS), np.int64)
    viol = np.full(n, -1, np.int64)
    k.run_checked(c, I(key), I(g0), out, viol)
    return R.as_records(out), viol


def _valid_stash_state():
    from star_cartel_harness import CRYSTALS, FOOD, PLANTS, WEAPONS

    t = Table(4)
    t.add_stash(0, [(FOOD, 1), (FOOD, 2)])
    t.add_stash(1, [(WEAPONS, 3)])
    t.add_stash(2, [(PLANTS, 1), (CRYSTALS, 2)])
    t.set_hold(3, [(FOOD, 3)])
    t.set_hub([None] * 4, fill=2)
    t.finish()
    return t


def assert_no_violations(viol):
    """viol all zero (the engine's own per-turn SC.17 check found nothing)."""
    if (viol == 0).all():
        return
    raise AssertionError(f"SC.17 violations in {(viol != 0).sum()} games: {describe_violations(viol)}")


def describe_violations(viol):
    codes, counts = np.unique(viol[viol != 0], return_counts=True)
    return {A.VIOLATION_NAMES[v] if 0 < v < len(A.VIOLATION_NAMES) else int(v): int(n)
            for v, n in zip(codes, counts)}


def check_records(rec, c, N, lineup_ids):
    """SC.17.7, SC.17.10-SC.17.12 and SC.13 on per-game records."""
    S = yard_size(c, N)
    bound = (S + N) * (max_capacity(c, N) + 1) + (N - 1)  # SC.17.11
    assert (rec["timeout"] == 0).all(), "SC.17.11: a game hit the turn cap"
    assert rec["turns"].max() <= bound, f"SC.17.11: {rec['turns'].max()} turns > bound {bound}"
    assert (rec["deliveries"] == S + N - 1).all(), "SC.17.7: deliveries != S(N) + N - 1"
    assert (rec["ships_discarded"] == S).all(), "SC.17.7: ships discarded != S(N)"
    assert (rec["express"] <= N - 1).all(), "SC.12.4: express deliveries only in the N-1 final turns"
    assert (rec["crashes"] == rec["type_crashes"].sum(axis=1)).all()
    mk = rec["marker"]
    assert ((mk >= c[A.C_FLOOR]) & (mk <= c[A.C_CRASH_T])).all(), "SC.17.3"
    score, contra, shipv = rec["score"][:, :N], rec["contraband"][:, :N], rec["ship_value"][:, :N]
    best, cards, win = rec["best_type"][:, :N], rec["stash_cards"][:, :N], rec["win"][:, :N]
    assert (score == contra + shipv).all(), "SC.13.3 / SC.17.12: T != C + V"
    vals = c[A.C_SHIP_VAL + rec["ship"][:, :N]] if c[A.C_SCORE_SHIP] else 0
    assert (shipv == vals).all(), "SC.13.2: ship value is not the final ship's value"
    assert ((contra >= 0) & (best <= contra) & (best <= cards * c[A.C_CRASH_T])).all()
    # SC.13.1: C <= cards * max marker and >= cards * min marker of the game's final markers
    assert (contra <= cards * mk.max(axis=1)[:, None]).all()
    assert (contra >= cards * mk.min(axis=1)[:, None]).all()
    # seats beyond N are unused
    assert (rec["score"][:, N:] == -1).all() and (rec["win"][:, N:] == -1).all()
    assert set(np.unique(rec["strategy"][:, :N])) <= set(lineup_ids)
    # SC.13.4 / SC.17.12: the winners are non-empty, equal on (T, C, best, cards), and every
    # other seat is strictly worse on the key (T, C, best, -cards)
    assert ((win == 0) | (win == 1)).all()
    assert (rec["n_winners"] == win.sum(axis=1)).all()
    assert (rec["n_winners"] >= 1).all()
    assert (cards < 256).all() and (contra < 1 << 15).all() and (best < 1 << 15).all()
    key = ((score * (1 << 16) + contra) * (1 << 16) + best) * 256 + (255 - cards)  # lexicographic
    is_top = key == key.max(axis=1)[:, None]
    assert (is_top == (win == 1)).all(), "SC.13.4: winners are not exactly the best (T, C, best, -cards)"
    assert (score.max(axis=1)[:, None] >= score).all()
    assert (score[win == 1] == np.repeat(score.max(axis=1), win.sum(axis=1))).all()


@pytest.mark.parametrize("lineup", LINEUPS)
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_sc_17_checked_run(players, lineup):
    """SC.17.1-SC.17.10 (engine checks after every turn) over 10,000 games, and SC.17.7,
    SC.17.11, SC.17.12, SC.13 on the records."""
    cfg, c = build(players, lineup)
    rec, viol = run_checked(c)
    ids = [strategy_id(s) for s in lineup.split(",")]
    check_records(rec, c, players, ids)
    assert (rec["game"] == np.arange(N_GAMES)).all()
    assert_no_violations(viol)


VARIANTS = {
    "abilities_off": dict(abilities_enabled=False),
    "third_anywhere": dict(third_card_scope="anywhere"),
    "three_per_load": dict(max_cards_per_load=3),
    "no_purge": dict(setup_purge_sizes="none"),
    "config_ties": dict(shipyard_tie_order="config"),
    "hub_5x2": dict(hub_cols=5, hub_rows=2),
    "no_ship_value": dict(score_ship_value=False),
    "crash_12": dict(crash_threshold=12, crash_reset=2, start_value=5),
    "extra_2": dict(extra_stash_sets=2),
}


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_sc_17_checked_run_param_variants(variant):
    """SC.17 under non-default SC.3 parameters (3,000 random games, 5 players)."""
    cfg, c = build(5, "random", **VARIANTS[variant])
    rec, viol = run_checked(c, n=3000)
    check_records(rec, c, 5, [strategy_id("random")])
    assert_no_violations(viol)


@pytest.mark.parametrize("variant", ["full_optional", "empty_pass"])
def test_sc_17_checked_run_alternative_readings(variant):
    """A4 / A7 alternative readings (deliver_when_full = optional, empty_hold_delivery = pass):
    invariants hold and games terminate; SC.17.7: exactly S(N) ships taken and S(N) + N - 1
    deliveries (a pass or a waiting full hold is no delivery). For `pass`, one starting ship has
    capacity 1, so an empty hold with nothing that fits (a pass) really happens."""
    params = dict(deliver_when_full="optional") if variant == "full_optional" else dict(empty_hold_delivery="pass")
    cfg, c = build(4, "random", **params)
    if variant == "empty_pass":
        c[A.C_SHIP_CAP + next(s for s in range(int(c[A.C_N_SHIPS])) if c[A.C_SHIP_YARD + s] == 0)] = 1
    rec, viol = run_checked(c, n=3000)
    assert (rec["timeout"] == 0).all()
    assert (rec["ships_discarded"] == yard_size(c, 4)).all()
    assert (rec["deliveries"] == yard_size(c, 4) + 3).all()
    assert_no_violations(viol)


def test_sc_17_5_engine_checker_short_column_without_reshuffle():
    """SC.3.21 / A2 / SC.17.5: with reshuffle_discards = false, a column left short because the
    deck is empty (the discard pile is not, but may not be used) is a legal state; the engine's
    check_invariants (used by run_checked) must accept it."""
    t = Table(4, reshuffle_discards=False)
    t.ship(0, capacity=10)
    t.set_hub([None] * 4, fill=2)
    t.finish(rest="discard")
    t.script(0, 0)
    assert t.load_step(0) == 1
    assert len(t.hub(0)) == 2  # SC.3.21: the column stays short
    assert t.check() == 0  # the harness' own SC.17 check accepts the state
    assert t.engine_check() == 0


def test_sc_17_engine_checker_accepts_valid_state_with_stashes():
    """SC.17.1 / SC.17.8: the engine's check_invariants accepts a valid hand-made state in which
    several players have stashed cards (checked independently by the harness)."""
    t = _valid_stash_state()
    assert t.check() == 0
    assert t.engine_check() == 0


def test_sc_17_engine_checker_detects_violations():
    """The engine's check_invariants must be able to fail (SC.17.1 duplicate card, SC.17.3 market
    range, SC.17.4 capacity), otherwise the checked runs above prove nothing."""
    from star_cartel_harness import FOOD

    t = Table(4)
    t.ship(0, capacity=5)
    t.set_hold(0, [(FOOD, 2)])
    t.set_hub([None] * 4, fill=2)
    t.finish()
    assert t.engine_check() == 0
    st = t.st
    st[A.S_MARK + 2] = 10  # SC.17.3
    assert t.engine_check() == A.VIOLATION_NAMES[A.V_MARKET]
    st[A.S_MARK + 2] = 3
    st[A.S_DECK + 0] = st[A.S_DECK + 1]  # a card twice, another missing (SC.17.1)
    assert t.engine_check() == A.VIOLATION_NAMES[A.V_CARDS]


# ============================================================================================
# Independent per-turn invariant check (does not rely on the engine's own check_invariants)
# ============================================================================================

# codes of the independent checker
IV_NAMES = ("", "SC.17.1 cards", "SC.17.4 capacity", "SC.17.3 market range", "SC.17.5 hub shape",
            "SC.17.2/SC.17.6 ships", "SC.17.8 stash", "SC.17.9 markers / SC.6.2 one delivery",
            "SC.8.9/SC.12.5 ship exchange", "SC.17.7 delivery count", "SC.17.10 empty holds",
            "SC.17.11 termination")


@lru_cache(maxsize=None)
def independent_runner():
    """A jitted driver that plays whole games with the kernel's own steps (setup, play_turn) in
    the order of SC.6 / SC.12.2 and checks SC.17 after setup and after every turn with its own
    code; returns per-game (first violation code, turns)."""
    from numba import njit

    from simsuite.engine.unmanaged import ptr

    k = kernel()
    setup, play_turn, init_game = k.setup, k.play_turn, k._init_game
    S_DECK, S_DECK_N, S_DISC, S_DISC_N, S_HUB, S_HUB_N = A.S_DECK, A.S_DECK_N, A.S_DISC, A.S_DISC_N, A.S_HUB, A.S_HUB_N
    S_HOLD, S_HOLD_N, S_LOAD, S_STASH, S_STASH_N, S_STASH_T = (A.S_HOLD, A.S_HOLD_N, A.S_LOAD, A.S_STASH,
                                                             A.S_STASH_N, A.S_STASH_T)
    S_MARK, S_SHIP, S_YARD, S_YARD_N, S_YARD_POS, S_SHIPS_DISC = (A.S_MARK, A.S_SHIP, A.S_YARD, A.S_YARD_N,
                                                                  A.S_YARD_POS, A.S_SHIPS_DISC)
    S_DELIV, S_FINAL, S_START, S_TRIGGER, S_TURN = A.S_DELIV, A.S_FINAL, A.S_START, A.S_TRIGGER, A.S_TURN
    C_NP, C_N_CARDS, C_CARD_SIZE, C_CARD_TYPE, C_SHIP_CAP = A.C_NP, A.C_N_CARDS, A.C_CARD_SIZE, A.C_CARD_TYPE, A.C_SHIP_CAP
    C_FLOOR, C_CRASH_T, C_COLS, C_ROWS = A.C_FLOOR, A.C_CRASH_T, A.C_COLS, A.C_ROWS
    C_N_SHIPS, C_SHIP_YARD, C_SHIP_MINP, C_MAX_TURNS = A.C_N_SHIPS, A.C_SHIP_YARD, A.C_SHIP_MINP, A.C_MAX_TURNS
    MAX_ROWS, MAX_HOLD, MAX_CARDS, NT = A.MAX_ROWS, A.MAX_HOLD, A.MAX_CARDS, A.N_TYPES
    STATE_SIZE, LOG_W, S_HUB_SHORT = A.STATE_SIZE, k.LOG_W, A.S_HUB_SHORT

    @njit
    def state_check(st, cfg, prev_stash_n):
        N = cfg[C_NP]
        nc = cfg[C_N_CARDS]
        seen = np.zeros(MAX_CARDS, np.int64)
        for i in range(st[S_DECK_N]):
            seen[st[S_DECK + i]] += 1
        for i in range(st[S_DISC_N]):
            seen[st[S_DISC + i]] += 1
        rows = cfg[C_ROWS]
        for c in range(cfg[C_COLS]):
            n = st[S_HUB_N + c]
            for r in range(n):
                seen[st[S_HUB + c * MAX_ROWS + r]] += 1
            if n > rows:
                return 4
            if (n < rows) != (((st[S_HUB_SHORT] >> c) & 1) == 1):  # short only after a failed refill
                return 4
        for p in range(N):
            load = 0
            for i in range(st[S_HOLD_N + p]):
                card = st[S_HOLD + p * MAX_HOLD + i]
                seen[card] += 1
                load += cfg[C_CARD_SIZE + card]
            if load != st[S_LOAD + p] or load > cfg[C_SHIP_CAP + st[S_SHIP + p]]:
                return 2
            if st[S_STASH_N + p] < prev_stash_n[p]:
                return 6
            prev_stash_n[p] = st[S_STASH_N + p]
            for t in range(NT):
                cnt = 0
                for i in range(st[S_STASH_N + p]):
                    if cfg[C_CARD_TYPE + st[S_STASH + p * MAX_CARDS + i]] == t:
                        cnt += 1
                if cnt != st[S_STASH_T + p * NT + t]:
                    return 6
            for i in range(st[S_STASH_N + p]):
                seen[st[S_STASH + p * MAX_CARDS + i]] += 1
        for i in range(MAX_CARDS):
            if seen[i] != (1 if i < nc else 0):
                return 1
        for t in range(NT):
            if st[S_MARK + t] < cfg[C_FLOOR] or st[S_MARK + t] > cfg[C_CRASH_T]:
                return 3
        S = 0
        for s in range(cfg[C_N_SHIPS]):
            if cfg[C_SHIP_YARD + s] == 1 and cfg[C_SHIP_MINP + s] <= N:
                S += 1
        if st[S_YARD_N] + st[S_SHIPS_DISC] != S:
            return 5
        for p in range(N):
            s = st[S_SHIP + p]
            if s < 0 or s >= cfg[C_N_SHIPS]:
                return 5
            for q in range(p + 1, N):
                if st[S_SHIP + q] == s:
                    return 5
            for i in range(st[S_YARD_POS], st[S_YARD_POS] + st[S_YARD_N]):
                if st[S_YARD + i] == s:
                    return 5
        return 0

    @njit
    def turn(st, cfg, p, log, prev_stash_n, mark):
        d0 = st[S_DELIV]
        final0 = st[S_FINAL]
        disc0 = st[S_SHIPS_DISC]
        ship0 = st[S_SHIP + p]
        top = st[S_YARD + st[S_YARD_POS]] if st[S_YARD_N] > 0 else -1
        for t in range(NT):
            mark[t] = st[S_MARK + t]
        play_turn(st, cfg, p, log, np.int64(0))
        v = state_check(st, cfg, prev_stash_n)
        if v != 0:
            return v
        dd = st[S_DELIV] - d0
        if dd < 0 or dd > 1:
            return 7
        changed = 0
        for t in range(NT):
            if st[S_MARK + t] != mark[t]:
                changed += 1
        if changed > 2 * dd:
            return 7
        if final0 == 0:
            if st[S_SHIPS_DISC] - disc0 != dd:
                return 8
            if dd == 1 and st[S_SHIP + p] != top:
                return 8
            if dd == 0 and st[S_SHIP + p] != ship0:
                return 8
        elif st[S_SHIPS_DISC] != disc0 or st[S_SHIP + p] != ship0:
            return 8
        return 0

    @njit
    def run(cfg_mem, key, g0, n, viol, turns):
        # the kernel takes pointers (simsuite/engine/unmanaged.py); the owners are used again at the end
        st_mem = np.zeros(STATE_SIZE, np.int64)
        log_mem = np.zeros((1, LOG_W), np.int64)
        st, cfg, log = ptr(st_mem), ptr(cfg_mem), ptr(log_mem)
        N = cfg[C_NP]
        S = 0
        for s in range(cfg[C_N_SHIPS]):
            if cfg[C_SHIP_YARD + s] == 1 and cfg[C_SHIP_MINP + s] <= N:
                S += 1
        prev = np.zeros(8, np.int64)
        mark = np.zeros(NT, np.int64)
        for i in range(n):
            init_game(st, cfg, key, g0 + i)
            setup(st, cfg, log, np.int64(0))
            prev[:] = 0
            v = state_check(st, cfg, prev)
            p = st[S_START]
            while v == 0 and st[S_FINAL] == 0:
                if st[S_TURN] >= cfg[C_MAX_TURNS]:
                    v = 11
                    break
                v = turn(st, cfg, p, log, prev, mark)
                p = (p + 1) % N
            if v == 0:
                trig = st[S_TRIGGER]
                for kk in range(1, N):
                    v = turn(st, cfg, (trig + kk) % N, log, prev, mark)
                    if v != 0:
                        break
            if v == 0:
                if st[S_DELIV] != S + N - 1 or st[S_SHIPS_DISC] != S:
                    v = 9
                for q in range(N):
                    if st[S_HOLD_N + q] != 0:
                        v = 10
            viol[i] = v
            turns[i] = st[S_TURN]
        return st_mem[0] + log_mem[0, 0] + cfg_mem[0]

    return run


def independent_check(c, n, key=KEY):
    run = independent_runner()
    viol = np.full(n, -1, np.int64)
    turns = np.zeros(n, np.int64)
    run(c, I(key), I(0), I(n), viol, turns)
    return viol, turns


@pytest.mark.parametrize("lineup,n", [("random", N_GAMES), ("market,greedy", N_GAMES)])
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_sc_17_independent_per_turn_check(players, lineup, n):
    """SC.17.1-SC.17.11 checked after setup and after every turn by the tests' own checker, on
    games played with the kernel's steps; same games as the batch kernel (checked on turns)."""
    cfg, c = build(players, lineup)
    viol, turns = independent_check(c, n)
    bad = {IV_NAMES[v]: int((viol == v).sum()) for v in np.unique(viol) if v != 0}
    assert not bad, f"SC.17 violations (independent check): {bad}"
    rec = GAME.run_range(kernel(), c, KEY, 0, n)
    assert (rec["turns"] == turns).all(), "the step-wise driver and run_batch played different games"


@pytest.mark.parametrize("variant", ["reshuffle_off", "third_anywhere", "three_per_load", "hub_5x2", "extra_2"])
def test_sc_17_independent_check_variants(variant):
    """SC.17 (independent checker) under non-default parameters, incl. reshuffle_discards = false
    (SC.3.21: short columns are legal once the deck is empty)."""
    params = dict(reshuffle_discards=False) if variant == "reshuffle_off" else VARIANTS[variant]
    cfg, c = build(5, "random", **params)
    viol, turns = independent_check(c, 2000)
    bad = {IV_NAMES[v]: int((viol == v).sum()) for v in np.unique(viol) if v != 0}
    assert not bad, f"SC.17 violations (independent check): {bad}"


def test_sc_17_independent_checker_can_fail():
    """The independent checker detects a broken state (so its silence above means something)."""
    cfg, c = build(4, "random")
    bad = c.copy()
    bad[A.C_CRASH_T] = 2  # markers start at 3 > threshold: SC.17.3 must fire right after setup
    viol, _ = independent_check(bad, 5)
    assert (viol == 3).all()


# ============================================================================================
# Independent re-check of replayed games from the event log
# ============================================================================================

def replay_raw(c, key, g):
    k = kernel()
    out = np.empty((1, R.N_COLS), np.int64)
    log = new_log(20000)
    st = np.zeros(A.STATE_SIZE, np.int64)
    k.replay_game(c, I(key), I(g), out, log, st)
    assert log[0, 1] == 0, "log overflow"
    return R.as_records(out)[0], log[1:log[0, 0] + 1].tolist(), st


def _apply(c, v, d):
    w = v + d
    if w > c[A.C_CRASH_T]:
        return int(c[A.C_CRASH_RESET]), 1
    if w < c[A.C_FLOOR]:
        return int(c[A.C_FLOOR]), 0
    return w, 0


def check_log(c, rec, rows):
    """Replays the event log and checks the rules it must obey; returns counters for coverage."""
    k = kernel()
    N = int(c[A.C_NP])
    S = yard_size(c, N)
    cap = lambda s: int(c[A.C_SHIP_CAP + s])

    def abil(s):
        a = int(c[A.C_SHIP_ABIL + s])
        return a if c[A.C_ABIL_ON + a] == 1 else A.A_NONE

    size = lambda card: int(c[A.C_CARD_SIZE + card])
    ctype = lambda card: int(c[A.C_CARD_TYPE + card])
    markers = [int(c[A.C_START_VALUE])] * A.N_TYPES
    stash = np.zeros((N, A.N_TYPES), np.int64)
    load = [0] * N
    ship = [None] * N
    seen = dict(turns=0, deliveries=0, express=0, sway=0, extra=0, third=0, purge=0, anyrow=0,
                decline=0, crashes=0)
    start = trigger = None
    nonfinal = 0
    final_players = []
    turn = None
    dv = None

    def close_delivery():
        nonlocal dv
        if dv is None:
            return
        sets, marks, ab = dv["sets"], dv["marks"], dv["ability"]
        assert len(sets) == dv["nsets"]
        fates = [f for _, _, _, f in sets]
        if sets:
            sizes = {t: s for t, s, _, _ in sets}
            B = [t for t, s, _, f in sets if f == k.F_LARGEST]
            Sm = [t for t, s, _, f in sets if f == k.F_SMALLEST]
            assert len(B) == 1 and sizes[B[0]] == max(sizes.values()), "SC.8.3 largest"
            if len(sets) >= 2:
                others = [s for t, s in sizes.items() if t != B[0]]
                assert len(Sm) == 1 and sizes[Sm[0]] == min(others), "SC.8.4 smallest"
            else:
                assert Sm == [], "SC.8.5 one set: no smallest"
            n_stash = fates.count(k.F_STASH)
            remaining = len(sets) - 1 - len(Sm)
            extra = int(c[A.C_EXTRA_SETS]) if ab == A.A_EXTRA_STASH else 0
            if remaining > 0:
                assert 1 <= n_stash <= 1 + extra, "SC.8.6 / SC.10.5 / SC.17.8 stash bound"
            else:
                assert n_stash == 0
            seen["extra"] += n_stash > 1
            # SC.17.9: markers of B then Sm, each once
            assert [t for t, _ in marks] == B + Sm, "SC.9.5 / SC.17.9 marker events"
            ex = dv["express"]
            dB = marks[0][1]
            nB = int(c[A.C_XLD] if ex else c[A.C_LD])
            allowed = {nB} | ({int(c[A.C_SWAY_LD])} if ab == A.A_PRICE_SWAY else set())
            assert dB in allowed, "SC.8.3 / SC.12.4 / SC.10.4 largest delta"
            swayed = dB != nB
            if Sm:
                dS = marks[1][1]
                nS = int(c[A.C_XSD] if ex else c[A.C_SD])
                allowed = {nS} | ({int(c[A.C_SWAY_SD])} if ab == A.A_PRICE_SWAY else set())
                assert dS in allowed, "SC.8.4 / SC.12.4 / SC.10.4 smallest delta"
                assert not (swayed and dS != nS), "SC.10.4: only one delta may be swayed"
                swayed = swayed or dS != nS
            seen["sway"] += swayed
        else:
            assert marks == [], "SC.8.8: empty hold moves no marker"
        dv = None

    def close_turn():
        if turn is None:
            return
        close_delivery()
        if not turn["final"] and turn["delivered"] == 0:
            assert turn["loads"] >= 1, "SC.17.11: a turn without delivery must load"
        if turn["final"]:
            assert turn["delivered"] == 1, "SC.12.3: a final turn always delivers"

    for code, a, b, cc, d, e, f, *_ in rows:
        if code == k.E_START:
            start = a
        elif code == k.E_TURN:
            close_turn()
            p = a
            assert b == seen["turns"], "turn counter"
            seen["turns"] += 1
            assert bool(cc) == (trigger is not None), "final flag"
            if trigger is None:
                assert p == (start + nonfinal) % N, "SC.0.4 / SC.6.1: clockwise turn order"
                nonfinal += 1
            else:
                assert p != trigger, "SC.12.1: the trigger player takes no further turn"
            if ship[p] is not None:
                assert d == ship[p]
            ship[p] = d
            assert e == load[p]
            turn = dict(p=p, final=bool(cc), loads=0, delivered=0, ship=d, ab=abil(d))
        elif code == k.E_ROW_PURGE:
            assert turn["ab"] == A.A_ROW_PURGE and turn["loads"] == 0, "SC.10.2"
            seen["purge"] += 1
        elif code == k.E_DECLINE:
            assert turn["ab"] == A.A_ANY_ROW, "A14"
            seen["decline"] += 1
        elif code == k.E_LOAD:
            p, card, col, row, ordinal, newload = a, b, cc, d, e, f
            assert p == turn["p"] and dv is None
            turn["loads"] += 1
            assert ordinal == turn["loads"]
            load[p] += size(card)
            assert newload == load[p] <= cap(turn["ship"]), "SC.7.1 / SC.17.4 capacity"
            maxload = int(c[A.C_MAXLOAD])
            if ordinal == 1:
                assert row == 0 or turn["ab"] == A.A_ANY_ROW, "SC.7.3 bottom row"
                seen["anyrow"] += row > 0
                turn["col"] = col
                turn["t0"] = ctype(card)
            elif ordinal <= maxload and row == 0 and col == turn["col"] and not turn.get("third"):
                # SC.7.4: further cards are the new bottom card of the same column
                if ordinal == 2:
                    turn["t1"] = ctype(card)
            else:
                # otherwise only THIRD_OF_KIND, once, after a same-type pair (SC.7.5, SC.10.6, A8)
                assert turn["ab"] == A.A_THIRD and ordinal >= 3 and not turn.get("third"), "SC.7.4 / SC.7.5"
                assert turn["t0"] == turn["t1"] == ctype(card), "SC.10.6 / A13 third of the same type"
                assert row == 0 or c[A.C_THIRD_ANY] == 1, "A12 bottom row"
                turn["third"] = True
                seen["third"] += 1
        elif code == k.E_DELIVERY:
            p, express, nsets, dload = a, b, cc, d
            assert p == turn["p"] and turn["delivered"] == 0, "SC.6.2 one delivery per turn"
            turn["delivered"] = 1
            assert dload == load[p]
            full = load[p] == cap(turn["ship"])
            if turn["final"]:
                assert express == int(not (turn["loads"] == 0 or full)), "SC.12.3 / A18"
            else:
                assert express == 0 and (turn["loads"] == 0 or full), "SC.7.6 / SC.7.7 / SC.8.1"
            seen["deliveries"] += 1
            seen["express"] += express
            load[p] = 0
            dv = dict(express=express, nsets=nsets, sets=[], marks=[], ability=turn["ab"])
        elif code == k.E_MARKER:
            t, old, delta, new, crashed = a, b, cc, d, e
            assert dv is not None, "SC.9.3 markers change only in deliveries"
            assert old == markers[t]
            assert (new, crashed) == _apply(c, old, delta), "SC.9.2"
            markers[t] = new
            seen["crashes"] += crashed
            dv["marks"].append((t, delta))
        elif code == k.E_SET:
            p, t, ssize, count, fate = a, b, cc, d, e
            assert dv is not None and p == turn["p"]
            dv["sets"].append((t, ssize, count, fate))
            if fate == k.F_STASH:
                stash[p, t] += count
        elif code == k.E_SHIP:
            p, old, new = a, b, cc
            assert dv is not None and p == turn["p"] and not turn["final"], "SC.8.9 / SC.12.5"
            close_delivery()
            assert old == ship[p]
            ship[p] = new
            if c[A.C_SHIP_FINAL + new] == 1:
                assert d == 0, "SC.4.4 Cassiopeia is the last shipyard ship"
                trigger = p
        elif code == k.E_FINAL_TURN:
            close_turn()
            turn = None
            final_players.append(a)
        elif code == k.E_SCORE:
            close_turn()
            turn = None
    close_turn()
    # SC.12.2: N-1 final turns, clockwise from the trigger's left neighbour
    assert trigger is not None
    assert final_players == [(trigger + i) % N for i in range(1, N)]
    assert seen["deliveries"] == S + N - 1 == rec["deliveries"]
    assert load == [0] * N, "SC.17.10 empty holds"
    assert list(rec["marker"]) == markers
    # SC.13.1 / SC.17.12: C recomputed from the stashed sets and the final markers
    for p in range(N):
        C = int((stash[p] * np.array(markers)).sum())
        assert rec["contraband"][p] == C
        assert rec["stash_cards"][p] == stash[p].sum()
        assert rec["best_type"][p] == int((stash[p] * np.array(markers)).max())
        assert rec["ship"][p] == ship[p]
        assert rec["score"][p] == C + rec["ship_value"][p]
    return seen


@pytest.mark.parametrize("lineup,games", [("random", 60), ("market,greedy", 25)])
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_sc_17_event_log_recheck(players, lineup, games):
    """SC.6-SC.13 and SC.17.7-SC.17.12 re-checked independently from the replay event log."""
    cfg, c = build(players, lineup)
    total = {}
    for g in range(games):
        rec, rows, st = replay_raw(c, KEY, g)
        seen = check_log(c, rec, rows)
        for kk, v in seen.items():
            total[kk] = total.get(kk, 0) + v
    assert total["deliveries"] > 0
    if lineup == "random":
        # the sample exercised the abilities and crashes, so the checks above were not vacuous
        for kk in ("sway", "third", "purge", "anyrow", "crashes", "express"):
            assert total[kk] > 0, kk


def test_sc_17_event_log_recheck_variants():
    """The log re-check under ability-relevant parameter variants (third anywhere, 2 extra sets,
    3 cards per load)."""
    for params in (dict(third_card_scope="anywhere"), dict(extra_stash_sets=2), dict(max_cards_per_load=3)):
        cfg, c = build(5, "random", **params)
        for g in range(30):
            rec, rows, st = replay_raw(c, KEY + 1, g)
            check_log(c, rec, rows)
