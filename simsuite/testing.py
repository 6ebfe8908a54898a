"""The contract every registered game owes the runner, as a public check (``check_game``), like
pgx's ``api_test`` or OpenSpiel's registry-wide simulation test. The project's contract test runs
it for every game in the registry, `simsuite check game NAME` from the command line, and a new game
(a plug-in, or a test's own) passes it before anything else relies on it.

Each check returns "" when the game keeps its part, else one line saying what is wrong:

* ``layout``: the state and record layout the shared code reads (S_* offsets inside the state,
  64 scratch words, VIOLATION_NAMES, the common record fields, a ``random`` strategy);
* ``threads``: a game's record depends only on (run key, game index): the same with 1 and 2 numba
  threads;
* ``splits``: ... and the same whatever the split of the game range into batches, and through
  the runner's chunks;
* ``replay``: ``Game.replay`` plays the batch's game (the same record, readable events);
* ``invariants``: the checked entry ``run_checked`` finds no violation over random games (the
  ``random`` strategy at every seat, smallest and largest table) and plays the batch's games;
* ``illegal``: answers outside the options (``data/check_strategies/wild.py``) are rejected: the
  game is the one ``first.py`` (always option 0) plays, the record counts them and names a seat,
  and the runner refuses the run naming the strategy;
* ``fields``: the kernel writes every record field of every row; seats not in the game are -1 in
  every per-seat field, and -1 appears nowhere else unless the field's doc says what it means or
  that the field may be negative.
"""
from __future__ import annotations

import numpy as np

from .engine.kernel_common import new_log
from .engine.rng import run_key
from .errors import BadInput
from .games import get
from .resources import DATA
from .runner import check_legal, run_cell, set_threads

CHECK_STRATEGIES = DATA / "check_strategies"
SEED = 0xC0_47AC7
I = np.int64


class _Ctx:
    def __init__(self, name: str, n_games: int, extra_dirs: tuple):
        self.game = get(name)
        self.n = n_games
        self.dirs = tuple(dict.fromkeys((*map(str, extra_dirs), str(CHECK_STRATEGIES))))
        self._kernel = None

    @property
    def kernel(self):
        if self._kernel is None:
            self._kernel = self.game.kernel(self.dirs)
        return self._kernel

    def largest(self, params=None) -> int:
        return self.game.players_need(params or {}).stop - 1

    def setup(self, players=None, strategies="random", **params):
        g = self.game
        players = players or self.largest(params)
        cfg = g.resolve({"players": players, "strategies": strategies, **params}, self.dirs)
        return cfg, g.build_cfg(cfg, self.dirs), run_key(SEED, g.config_hash(cfg))

    def batch(self, c, key, g0, n):
        return self.game.run_range(self.kernel, c, key, g0, n).copy()

    def seat_fields(self):
        return [name for name, k, _ in self.game.layout.vector_fields if k == self.game.max_players]


def _layout(x: _Ctx) -> str:
    g, A = x.game, x.game.api
    if A is None or g.state_size != getattr(A, "STATE_SIZE", None):
        return "Game.state_size differs from the api module's STATE_SIZE"
    for off in ("S_RNG", "S_STRAT", "S_NOPT", "S_OPT", "S_SCR", "S_VIOL"):
        if not 0 <= getattr(A, off, -1) < A.STATE_SIZE:
            return f"state offset {off} is not inside the state"
    if A.S_SCR + 64 > A.STATE_SIZE:
        return "the 64 scratch words S_SCR.. do not fit in the state"
    names = getattr(A, "VIOLATION_NAMES", None)
    if not names or names[0] != "":
        return "the api module needs VIOLATION_NAMES with '' for code 0"
    fields = set(g.layout.dtype.names)
    missing = {"game", "strategy", "win", "illegal", "illegal_seat"} - fields
    if missing:
        return f"record fields missing: {sorted(missing)}"
    if not {"strategy", "win"} <= set(x.seat_fields()):
        return f"strategy and win must be per-seat fields of {g.max_players} columns (max_players)"
    if "random" not in [s.name for s in g.strategies(x.dirs)]:
        return "no `random` strategy"
    return ""


def _threads(x: _Ctx) -> str:
    import numba

    before = numba.get_num_threads()
    if set_threads(2) < 2:
        numba.set_num_threads(before)
        return ""  # one thread only (NUMBA_NUM_THREADS=1): nothing to compare
    try:
        cfg, c, key = x.setup()
        a = x.batch(c, key, 0, x.n)
        set_threads(1)
        b = x.batch(c, key, 0, x.n)
    finally:
        numba.set_num_threads(before)
    if not (a["game"] == np.arange(x.n)).all():
        return "record field `game` is not the game index"
    if not np.array_equal(a, b):
        return "1 thread and 2 threads give other games"
    return ""


def _splits(x: _Ctx) -> str:
    cfg, c, key = x.setup()
    whole = x.batch(c, key, 0, x.n)
    cuts = sorted({0, 1, min(130, x.n), x.n * 7 // 15, x.n})  # blocks of 64 games cut off-boundary
    parts = np.concatenate([x.batch(c, key, a, b - a) for a, b in zip(cuts, cuts[1:]) if b > a])
    if not np.array_equal(whole, parts):
        return "splitting the game range into batches changes the games"
    for chunk in (x.n // 3 + 1, 333):
        recs = []
        res = run_cell(x.game, cfg, x.n, seed=SEED, extra_dirs=x.dirs, chunk=chunk,
                       on_chunk=lambda r: recs.append(r.copy()))
        if res.key != key or not np.array_equal(np.concatenate(recs), whole):
            return f"the runner's chunks of {chunk} games give other games"
    if np.array_equal(x.batch(c, key + 1, 0, min(200, x.n)), whole[:200]):
        return "another run key plays the same games"
    return ""


def _replay(x: _Ctx) -> str:
    cfg, c, key = x.setup()
    n = min(300, x.n)
    batch = x.batch(c, key, 0, n)
    for g in sorted({0, 1, min(64, n - 1), n - 1}):
        events, rec = x.game.replay(cfg, key, g, x.dirs)
        if not np.array_equal(rec[0], batch[g]):
            return f"the replay of game {g} differs from the batch record"
        if not events or not all(isinstance(e.get("text"), str) and e["text"] for e in events):
            return f"the replay of game {g} has an event without text"
    return ""


def _invariants(x: _Ctx) -> str:
    g, A = x.game, x.game.api
    need = g.players_need({})
    for players in sorted({need.start, need.stop - 1}):
        cfg, c, key = x.setup(players)
        out = np.empty((x.n, g.layout.n_cols), np.int64)
        viol = np.full(x.n, -1, np.int64)  # -1: a game the checked entry never reached
        x.kernel.run_checked(c, I(key), I(0), out, viol)
        bad = viol[viol != 0]
        if len(bad):
            found = {A.VIOLATION_NAMES[v] if 0 < v < len(A.VIOLATION_NAMES) else int(v): int((bad == v).sum())
                     for v in np.unique(bad)}
            return f"{players} players: invariant violations {found}"
        if not np.array_equal(g.layout.view(out), x.batch(c, key, 0, x.n)):
            return f"{players} players: run_checked plays other games than run_batch"
    return ""


def _illegal(x: _Ctx) -> str:
    g = x.game
    names = [s.name for s in g.strategies(x.dirs)]
    for players in sorted({g.min_players, x.largest()}):
        cfg, c, key = x.setup(players, "wild")
        cfg0, c0, _ = x.setup(players, "first")
        n = min(300, x.n)
        rec, rec0 = x.batch(c, key, 0, n), x.batch(c0, key, 0, n)
        if not (rec["illegal"] > 0).any():
            return f"{players} players: answers outside the options were not counted (record field `illegal`)"
        if (rec0["illegal"] != 0).any() or (rec0["illegal_seat"] != -1).any():
            return f"{players} players: legal answers were counted as illegal"
        asked = rec["illegal"] > 0
        seats = rec["illegal_seat"][asked]
        if ((seats < 0) | (seats >= players)).any():
            return f"{players} players: `illegal_seat` is not a seat of the game"
        for f in g.layout.dtype.names:
            if f not in ("illegal", "illegal_seat", "strategy") and not np.array_equal(rec[f], rec0[f]):
                return f"{players} players: rejected answers changed field `{f}` (option 0 must be played instead)"
        check_legal(rec0, names)
        try:
            check_legal(rec, names)
        except BadInput as e:
            if "'wild'" not in str(e):
                return f"the runner's refusal does not name the strategy: {e}"
        else:
            return "the runner accepted a run with illegal answers"
    return ""


def _fields(x: _Ctx) -> str:
    g = x.game
    players = g.min_players
    cfg, c, key = x.setup(players)
    sentinels = (0x5A5A_5A5A_5A5A_5A5A, -0x2B2B_2B2B_2B2B_2B2B)
    rows = []
    for s in sentinels:
        out = np.full((x.n, g.layout.n_cols), s, np.int64)
        x.kernel.run_batch(c, I(key), I(0), out, new_log(1), np.zeros(1, np.int64))  # one-row log: a batch
        rows.append(out)
    a, b = (g.layout.view(r) for r in rows)
    unwritten = [f for f in g.layout.dtype.names if not np.array_equal(a[f], b[f])]
    if unwritten or np.isin(rows[0], sentinels).any():
        return f"fields not written by the kernel: {unwritten}"
    docs = {f[0]: f[-1] for f in (*g.layout.scalar_fields, *g.layout.vector_fields)}
    seat_fields = x.seat_fields()
    left = []
    for f in g.layout.dtype.names:
        if f in seat_fields and not (a[f][:, players:] == -1).all():
            return f"`{f}` of a seat not in the game is not -1"
        if "-1" in docs[f] or "negative" in docs[f]:
            continue
        mine = a[f][:, :players] if f in seat_fields else a[f]
        if (mine == -1).any():
            left.append(f)
    if left:
        return f"fields left at -1 (not written, or -1 undocumented): {left}"
    sid = [s.name for s in g.strategies(x.dirs)].index("random")
    if not (a["strategy"][:, :players] == sid).all():
        return "`strategy` does not hold the line-up's strategy ids"
    if not np.isin(a["win"][:, :players], (0, 1)).all():
        return "`win` is not 0/1"
    return ""


CHECKS = {"layout": _layout, "threads": _threads, "splits": _splits, "replay": _replay, "invariants": _invariants,
          "illegal": _illegal, "fields": _fields}


def run_check(name: str, check: str, n_games: int = 1500, extra_dirs: tuple = ()) -> str:
    """One check of CHECKS on game `name`: "" or what is wrong (one line)."""
    return CHECKS[check](_Ctx(name, n_games, tuple(extra_dirs)))


def check_game(name: str, n_games: int = 1500, extra_dirs: tuple = ()) -> dict[str, str]:
    """Every check of CHECKS on game `name` (one kernel build): {check: "" or what is wrong}. The
    layout check comes first; if it fails the others are not run (they rely on it)."""
    x = _Ctx(name, n_games, tuple(extra_dirs))
    out = {"layout": _layout(x)}
    if out["layout"]:
        return out
    for k, f in CHECKS.items():
        if k != "layout":
            out[k] = f(x)
    return out
