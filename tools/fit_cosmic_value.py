"""Fit the value function of Cosmic's `search` rollouts (simsuite/games/cosmic/bots/search/rollout.py,
``position_value``) to the outcomes of simulated games, and write its coefficients to
simsuite/data/cosmic/value_function.toml.

    PYTHONPATH=. python tools/fit_cosmic_value.py                 # 12,000 games per setting (minutes)
    PYTHONPATH=. python tools/fit_cosmic_value.py --games 40000 --check

Games of `basic` at every seat (the rollouts' own policy; AH2000 at 3 and 4 players with random aliens
and none, FFG2008 at 5 players; one batch per setting) are played turn by turn in one compiled loop; after every
turn each seat's features (``rollout.value_features``: only what that seat may see) are kept, and
at the end of the game every kept row is labelled with that seat's share of the win (1/k of a joint
win of k, 0 for a loss or a game that timed out). A logistic regression (Newton's method, a small
ridge penalty) of the share on the features gives P(win). ``--check`` reports the log loss and the
Brier score on a fresh half of the games against a model of the bias and the player count only.
Refit after a change to the engine, to `basic` or to the features; the rollout module recompiles
when the file changes (its cache key hashes it)."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np
from numba import njit

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from simsuite.engine.kernel_common import new_log  # noqa: E402  (after the sys.path setup)
from simsuite.engine.rng import run_key  # noqa: E402  (after the sys.path setup)
from simsuite.engine.unmanaged import ptr  # noqa: E402  (after the sys.path setup)
from simsuite.games import get  # noqa: E402  (after the sys.path setup)
from simsuite.games.cosmic import api as A  # noqa: E402  (after the sys.path setup)
from simsuite.games.cosmic.bots.search.rollout import FEATURE_NAMES, N_FEAT, value_features  # noqa: E402  (after the sys.path setup)

OUT = ROOT / "simsuite" / "data" / "cosmic" / "value_function.toml"
SETTINGS = [(3, "random", "AH2000"), (4, "random", "AH2000"), (4, "none", "AH2000"), (3, "none", "AH2000"),
            (5, "random", "FFG2008")]  # AH2000 seats 2 to 4 (CE.1.10); 5 players are FFG2008 only


def collector(k):
    """A compiled loop over games that keeps every seat's features after every turn (k: the kernel module)."""
    init, setup, turn, cap = k._init_game, k.setup, k._turn_then_next, k._turn_cap
    S_DONE, S_START, S_WINNERS, C_NP = A.S_DONE, A.S_START, A.S_WINNERS, A.C_NP

    @njit
    def collect(cfg, key, g0, n, st, log, X, y, gid):
        c = ptr(cfg)
        s = ptr(st)
        lp = ptr(log)
        N = cfg[C_NP]
        r = 0
        x = np.empty(N_FEAT)
        for g in range(g0, g0 + n):
            init(s, c, key, g)
            setup(s, c, lp, 0)
            p = s[S_START]
            r0 = r
            while s[S_DONE] == 0:
                if cap(s, c, lp, 0):
                    s[S_DONE] = 1
                    break
                p = turn(s, c, p, lp, 0, 0)
                if s[S_DONE] == 1 or r + N > X.shape[0]:
                    break
                for q in range(N):
                    value_features(st, cfg, q, x)
                    X[r, :] = x
                    gid[r] = q
                    r += 1
            w = s[S_WINNERS]
            k = 0
            for q in range(N):
                k += (w >> q) & 1
            for i in range(r0, r):
                q = gid[i]
                y[i] = 1.0 / k if k > 0 and ((w >> q) & 1) == 1 else 0.0
                gid[i] = g
            if r + 200 * N > X.shape[0]:
                break
        return r

    return collect


def sample(games, seed):
    g = get("cosmic")
    k = g.kernel()
    collect = collector(k)
    Xs, ys = [], []
    for N, aliens, edition in SETTINGS:
        cfg = g.resolve({"players": N, "strategies": "basic", "aliens": aliens, "edition": edition})
        arr = g.build_cfg(cfg)
        st = np.zeros(A.STATE_SIZE, np.int64)
        log = new_log(1)
        cap = games * 60 * N
        X = np.zeros((cap, N_FEAT))
        y = np.zeros(cap)
        gid = np.zeros(cap, np.int64)
        r = collect(arr, run_key(seed, g.config_hash(cfg)), 0, games, st, log, X, y, gid)
        Xs.append(X[:r])
        ys.append(y[:r])
        print(f"{N} players, aliens {aliens}, {edition}: {games:,} games, {r:,} rows", flush=True)
    return np.concatenate(Xs), np.concatenate(ys)


def fit(X, y, ridge=1e-3, iters=30):
    """Logistic regression of a share in [0, 1] by Newton's method (a bias-free ridge penalty)."""
    w = np.zeros(X.shape[1])
    pen = np.full(X.shape[1], ridge * len(y))
    pen[0] = 0.0
    for _ in range(iters):
        p = 1 / (1 + np.exp(-X @ w))
        grad = X.T @ (p - y) + pen * w
        H = (X * (p * (1 - p))[:, None]).T @ X + np.diag(pen)
        step = np.linalg.solve(H, grad)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return w


def scores(X, y, w):
    p = np.clip(1 / (1 + np.exp(-X @ w)), 1e-9, 1 - 1e-9)
    return float(-(y * np.log(p) + (1 - y) * np.log(1 - p)).mean()), float(((p - y) ** 2).mean())


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=12000, help="games per setting (default 12000)")
    ap.add_argument("--seed", type=int, default=2424)
    ap.add_argument("--check", action="store_true", help="score the fit on fresh games against a baseline")
    ap.add_argument("--out", default=str(OUT))
    a = ap.parse_args()
    X, y = sample(a.games, a.seed)
    w = fit(X, y)
    for n, v in zip(FEATURE_NAMES, w):
        print(f"  {n:>20} {v:+.4f}")
    if a.check:
        Xt, yt = sample(max(a.games // 2, 1000), a.seed + 1)
        base = [0, FEATURE_NAMES.index("players_3"), FEATURE_NAMES.index("players_5")]
        wb = fit(X[:, base], y)
        print("fresh games: log loss %.4f, Brier %.4f (model); %.4f, %.4f (bias and player count only)"
              % (*scores(Xt, yt, w), *scores(Xt[:, base], yt, wb)))
    text = ("# The value function of Cosmic `search` rollouts: logistic coefficients of rollout.FEATURE_NAMES,\n"
            f"# fitted by tools/fit_cosmic_value.py (--games {a.games} --seed {a.seed}) to games of basic at every seat\n"
            "# (" + ", ".join(f"{N} players aliens {al} {ed}" for N, al, ed in SETTINGS) + ").\n"
            f"features = [{', '.join(f'{chr(34)}{n}{chr(34)}' for n in FEATURE_NAMES)}]\n"
            f"coefficients = [{', '.join(f'{v:.6f}' for v in w)}]\n")
    Path(a.out).write_text(text)
    print(f"wrote {a.out}")


if __name__ == "__main__":
    main()
