"""Statistics: additive per-cell accumulators and confidence intervals.

A cell's games arrive in chunks; ``Accumulator.add`` folds each chunk in with numpy (no Python
loop over games) into sums that merge exactly, so the summary does not depend on the chunking.

Win accounting per player-game: ``win`` = 1 when the player is among the winners (a shared win
counts), ``shared_win`` = 1 when it shares the win with others, ``win_share`` = 1/k for one of k
winners. Over all seats win_share sums to 1 per game that someone won (0 for a game without a
winner, e.g. a timeout), so its fair value is (games with a winner) / (N x games): 1/N when every
game has a winner.

All sums are integers (win shares are counted in units of 1/SHARE_UNIT), so merging is exact:
the summary is bit-identical whatever the chunking, the executor or the order of merging.

Seats of one game are not independent: a label can hold several seats of a table (line-up
A,A,A,B), and those seats win together (a joint win) or exclude each other (one winner). The
intervals therefore treat the game, not the player-game, as the unit: per game and label the
wins W_g, shares S_g and seats m_g are summed first, and the rate sum(W_g) / sum(m_g) gets the
variance of a ratio estimator over games,

    var = G / (G - 1) * sum_g (W_g - p m_g)^2 / (sum_g m_g)^2,

over the G games the label played (``GROUP_FIELDS`` keep the integer sums it needs). With one
seat per game this is the usual player-game variance; the win-rate interval is Wilson's at the
effective sample size n / deff, deff = that variance over the binomial one. The per-game cross
sums of two labels (``h2h``: ss, sm, mm) give the covariance of their win shares, so differences
between labels of the same cell (negatively correlated: the shares of a table sum to 1) get their
true standard error (``h2h_rows``: share_cov).
"""
from __future__ import annotations

import math

import numpy as np
from numba import njit

from .inference import Z95, mean_ci, wilson, wilson_se

GROUP_FIELDS = ("n", "wins", "shared_wins", "share_sum", "share_sq", "score_sum", "score_sq",
                # per game (a label's seats of one game summed first): games it played, sum of W_g^2,
                # W_g m_g, S_g^2, S_g m_g and m_g^2 (W wins, S share units, m seats)
                "games", "win_gsq", "win_gm", "share_gsq", "share_gm", "m_gsq")
N_OLD_FIELDS = 7  # chunk files written before the per-game fields
# per kind, K x K: A's player-games, wins and share units when B is at the table (h2h_rows); and the
# per-game cross sums of the labels' shares S and seats m: sum_g S_a S_b, S_a m_b, m_a m_b
H2H_FIELDS = ("n", "wins", "share", "ss", "sm", "mm")
SHARE_UNIT = 60  # lcm(1..6): 1/k of a win is an integer number of units for up to 6 winners


@njit(cache=True, nogil=True)
def _sum_by_label(lab, w, m):
    out = np.zeros(m, np.int64)
    for i in range(lab.shape[0]):
        out[lab[i]] += w[i]
    return out


def _int_bincount(lab: np.ndarray, w: np.ndarray, m: int) -> np.ndarray:
    """Exact integer sums of integer weights w per label (labels >= 0), of length max(m, labels + 1)
    like np.bincount's, summed in int64 in one compiled pass (bincount would add in float64 and
    need a conversion back)."""
    lab = np.ascontiguousarray(lab, np.int64).reshape(-1)
    w = np.asarray(w)
    if w.dtype.kind not in "biu":
        raise TypeError(f"integer weights expected, not {w.dtype}")
    w = np.ascontiguousarray(w, np.int64).reshape(-1)
    if len(lab) != len(w):
        raise ValueError("labels and weights differ in length")
    if len(lab):
        if lab.min() < 0:
            raise ValueError("negative label")
        m = max(m, int(lab.max()) + 1)
    return _sum_by_label(lab, w, m)


@njit(cache=True, nogil=True)
def _run_sums(lab, win, share, M, cross, out, xs):
    """Per game, its labels' runs (a label's seats of one game summed: seats m, wins W, share units
    S); per label into out's rows: games, W^2, W m, and with `cross` 0 also S^2, S m, m^2; with
    `cross` 1 the M x M per-game cross sums of every ordered pair of runs of a game (a run with
    itself included) into xs[0..2]: S_a S_b, S_a m_b, m_a m_b."""
    G, N = lab.shape
    rl = np.empty(N, np.int64)
    rm = np.empty(N, np.int64)
    rw = np.empty(N, np.int64)
    rs = np.empty(N, np.int64)
    for g in range(G):
        nr = 0
        for i in range(N):
            x = lab[g, i]
            r = 0
            while r < nr and rl[r] != x:
                r += 1
            if r == nr:
                rl[r] = x
                rm[r] = 0
                rw[r] = 0
                rs[r] = 0
                nr += 1
            rm[r] += 1
            rw[r] += win[g, i]
            rs[r] += share[g, i]
        for r in range(nr):
            L = rl[r]
            out[0, L] += 1
            out[1, L] += rw[r] * rw[r]
            out[2, L] += rw[r] * rm[r]
            if cross == 0:
                out[3, L] += rs[r] * rs[r]
                out[4, L] += rs[r] * rm[r]
                out[5, L] += rm[r] * rm[r]
            else:
                for q in range(nr):
                    B = rl[q]
                    xs[0, L, B] += rs[r] * rs[q]
                    xs[1, L, B] += rs[r] * rm[q]
                    xs[2, L, B] += rm[r] * rm[q]


@njit(cache=True, nogil=True)
def _h2h_counts(ids, win, share, K, n, wins, shares):
    """Head-to-head sums into the K x K matrices n, wins, shares: per game, A at seat s against each
    label B at another seat, B counted once per game (at its first seat other than s)."""
    G, N = ids.shape
    for g in range(G):
        for s in range(N):
            a = ids[g, s]
            for t in range(N):
                if t == s:
                    continue
                b = ids[g, t]
                first = True
                for u in range(t):
                    if u != s and ids[g, u] == b:
                        first = False
                        break
                if first:
                    n[a, b] += 1
                    wins[a, b] += win[g, s]
                    shares[a, b] += share[g, s]


def _comp_codes(members: np.ndarray, K: int) -> np.ndarray:
    """One int64 per row of label ids (< K): base-K digits, so codes sort like the rows."""
    assert K ** members.shape[1] < 2 ** 62
    code = np.zeros(len(members), np.int64)
    for j in range(members.shape[1]):
        code = code * K + members[:, j]
    return code


def ratio_var(y: float, yy: float, ym: float, mm: float, n: float, games: float) -> float:
    """Variance of the ratio estimator R = sum(y_g) / sum(m_g) over `games` games (n = sum(m_g),
    y = sum(y_g), yy = sum(y_g^2), ym = sum(y_g m_g), mm = sum(m_g^2)): linearised, with the
    G / (G - 1) small-sample factor."""
    if n <= 0:
        return float("nan")
    r = y / n
    ss = max(yy - 2 * r * ym + r * r * mm, 0.0)
    return ss / (n * n) * (games / (games - 1) if games > 1 else 1.0)


def _full_fields(g: np.ndarray) -> np.ndarray:
    """A group's sums with the per-game fields; a chunk file written before them has only the
    player-game sums, and gets the per-game sums of one seat per game (the old assumption)."""
    if len(g) == len(GROUP_FIELDS):
        return g
    assert len(g) == N_OLD_FIELDS, len(g)
    n, wins, _shared, s, ss = g[:5]
    return np.concatenate([g, [n, wins, wins, ss, s, n]]).astype(np.int64)


def _merge_metric(a, b):
    return [a[0] + b[0], a[1] + b[1], min(a[2], b[2]), max(a[3], b[3])]


class Accumulator:
    """Sums for one cell. ``hist_metrics`` (the game's Metric declarations with hist=True) also
    keep an exact histogram (value -> count)."""

    def __init__(self, n_players: int, strategy_names: list[str], hist_metrics=()):
        self.N = n_players
        self.names = list(strategy_names)
        self.hist_metrics = tuple(hist_metrics)
        self.games = 0
        self.decided = 0  # games with at least one winner (a timed-out game may have none)
        self.metrics: dict[str, np.ndarray] = {}  # name -> [sum, sumsq, min, max]
        self.hists: dict[str, np.ndarray] = {}
        self.groups: dict[tuple[str, str], np.ndarray] = {}
        self.h2h: dict[str, dict] = {}  # kind -> names and K x K matrices n, wins, share
        # kind -> names, N, codes (table compositions, members sorted, as base-K integers), rows
        # [games, share per member]; _comp_table gives them as "a,b,c" -> row
        self.comps: dict[str, dict] = {}

    def _group(self, kind, key):
        g = self.groups.get((kind, key))
        if g is None:
            g = self.groups[(kind, key)] = np.zeros(len(GROUP_FIELDS), np.int64)
        return g

    def add(self, metrics: dict, seats: dict) -> None:
        n = len(next(iter(metrics.values())))
        if n == 0:
            return
        self.games += n
        for name, v in metrics.items():
            v = np.asarray(v).astype(np.int64)
            row = [int(v.sum()), int((v * v).sum()), int(v.min()), int(v.max())]
            old = self.metrics.get(name)
            self.metrics[name] = row if old is None else _merge_metric(old, row)
            if name in self.hist_metrics:
                lo = int(v.min())
                if lo < 0:  # histograms are kept from 0; shift by an offset if needed (never for counts)
                    raise ValueError(f"negative values in histogram metric {name}")
                h = np.bincount(v.astype(np.int64))
                old = self.hists.get(name)
                if old is None:
                    self.hists[name] = h
                else:
                    m = max(len(old), len(h))
                    self.hists[name] = np.pad(old, (0, m - len(old))) + np.pad(h, (0, m - len(h)))
        win = seats["win"].astype(np.int64)
        k = win.sum(axis=1, keepdims=True)
        self.decided += int((k > 0).sum())
        share = win * (SHARE_UNIT // np.maximum(k, 1))
        shared = win * (k > 1)
        score = seats["score"].astype(np.int64)
        cols = [c.ravel() for c in (win, shared, share, share * share, score, score * score)]
        # labelled seat attributes: strategy always, more (e.g. alien) from the game
        labelled = {"strategy": (seats["strategy"], self.names)}
        labelled.update(seats.get("labels", {}))
        # per table seat, per turn-order position, per label: sums over the player-games with that
        # label (one bincount per column: cost independent of the number of labels)
        kinds = [("seat", np.broadcast_to(np.arange(self.N), win.shape), str),
                 ("position", seats["position"], lambda x: str(int(x) + 1))]
        for kind, (ids, names) in labelled.items():
            kinds.append((kind, ids, lambda x, names=names: names[int(x)]))
            self._h2h(kind, names)
        for kind, labels, keyfn in kinds:
            lab = np.asarray(labels, np.int64).ravel()
            if lab.min() < 0:
                uniq, lab = np.unique(lab, return_inverse=True)
            else:
                uniq = None
            m = int(lab.max()) + 1
            counts = np.bincount(lab, minlength=m)
            sums = [counts] + [_int_bincount(lab, c, m) for c in cols]
            sums += self._game_sums(lab.reshape(win.shape), win, share, m, kind if kind in labelled else None,
                                    counts, sums)
            for j in np.nonzero(counts)[0]:
                key = keyfn(uniq[j] if uniq is not None else j)
                self._group(kind, key)[:] += [int(x[j]) for x in sums]
        for kind, (ids, names) in labelled.items():
            self._add_pairs(kind, np.asarray(ids, np.int64), names, win, share)

    def _game_sums(self, lab, win, share, m, cross_kind, counts, sums):
        """Per label: games played and the per-game sums of squares (GROUP_FIELDS after score_sq);
        for a labelled kind also the K x K per-game cross sums (h2h ss, sm, mm). A label that never
        holds two seats of a game needs no per-game pass: its games are its player-games."""
        if cross_kind is None and (lab.shape[1] == 1 or (np.diff(np.sort(lab, axis=1), axis=1) != 0).all()):
            wins, share_sum, share_sq = sums[1], sums[3], sums[4]
            return [counts, wins, wins, share_sq, share_sum, counts]
        # one compiled pass over the games: per game the runs of equal labels, then their sums
        lab = np.ascontiguousarray(lab, np.int64)
        if lab.size and lab.min() < 0:
            raise ValueError("negative label")
        K = len(self.h2h_names(cross_kind)) if cross_kind is not None else 0
        M = max(m, K)
        out = np.zeros((6, M), np.int64)
        xs = np.zeros((3, M, M) if cross_kind is not None else (3, 1, 1), np.int64)
        _run_sums(lab, np.ascontiguousarray(win, np.int64), np.ascontiguousarray(share, np.int64), M,
                  0 if cross_kind is None else 1, out, xs)
        if cross_kind is None:
            return [out[j, :m] for j in range(6)]
        out = [out[j, :m] for j in range(3)]
        ss, sm, mm = (xs[j, :K, :K] for j in range(3))
        h = self.h2h[cross_kind]
        for key, v in (("ss", ss), ("sm", sm), ("mm", mm)):
            if key in h:
                h[key] += v
        pad = lambda v: np.pad(v, (0, max(m - K, 0)))[:m]
        return out + [pad(np.diag(ss).copy()), pad(np.diag(sm).copy()), pad(np.diag(mm).copy())]

    def h2h_names(self, kind):
        return self.h2h[kind]["names"]

    def _h2h(self, kind, names):
        h = self.h2h.get(kind)
        if h is None:
            K = len(names)
            h = self.h2h[kind] = dict(names=list(names), **{k: np.zeros((K, K), np.int64) for k in H2H_FIELDS})
        return h

    def _add_pairs(self, kind, ids, names, win, share):
        """Head-to-head (A's results in games where B sits at another seat, each B counted once
        per game) and table compositions (for Plackett-Luce strengths)."""
        K = len(names)
        n_games, N = ids.shape
        h = self._h2h(kind, names)
        if n_games and (ids.min() < 0 or ids.max() >= K):
            raise ValueError(f"{kind} label ids outside 0..{K - 1}")
        # B counts once per game: only at its first seat among the others
        _h2h_counts(np.ascontiguousarray(ids, np.int64), np.ascontiguousarray(win, np.int64),
                    np.ascontiguousarray(share, np.int64), K, h["n"], h["wins"], h["share"])
        # table compositions: members sorted by label id, coded as one integer (base K digits)
        order = np.argsort(ids, axis=1, kind="stable")
        members = np.take_along_axis(ids, order, axis=1)
        sh = np.take_along_axis(share, order, axis=1)
        code = _comp_codes(members, K)
        uc, inv = np.unique(code, return_inverse=True)
        inv = inv.reshape(-1)
        rows = np.empty((len(uc), N + 1), np.int64)
        rows[:, 0] = np.bincount(inv, minlength=len(uc))
        for j in range(N):
            rows[:, j + 1] = _int_bincount(inv, sh[:, j], len(uc))
        self._add_comps(kind, names, N, uc, rows)

    def _add_comps(self, kind, names, N, codes, rows):
        t = self.comps.get(kind)
        if t is None:
            self.comps[kind] = dict(names=list(names), N=N, codes=codes, rows=rows)
            return
        allc = np.concatenate([t["codes"], codes])
        uc, inv = np.unique(allc, return_inverse=True)
        merged = np.zeros((len(uc), rows.shape[1]), np.int64)
        np.add.at(merged, inv.reshape(-1), np.concatenate([t["rows"], rows]))
        t["codes"], t["rows"] = uc, merged

    def _comp_table(self, kind) -> dict:
        """Composition key ("a,b,c": member names sorted by label id) -> [games, share per member]."""
        t = self.comps[kind]
        names, N = t["names"], t["N"]
        K = len(names)
        out = {}
        for code, row in zip(t["codes"].tolist(), t["rows"]):
            ids = []
            for _ in range(N):
                code, r = divmod(code, K)
                ids.append(r)
            out[",".join(names[i] for i in reversed(ids))] = row
        return out

    def merge(self, other: "Accumulator") -> None:
        if other.games == 0:
            return
        self.games += other.games
        self.decided += other.decided
        for name, row in other.metrics.items():
            old = self.metrics.get(name)
            self.metrics[name] = list(row) if old is None else _merge_metric(old, row)
        for name, h in other.hists.items():
            old = self.hists.get(name, np.zeros(0, np.int64))
            m = max(len(old), len(h))
            self.hists[name] = np.pad(old, (0, m - len(old))) + np.pad(h, (0, m - len(h)))
        for key, g in other.groups.items():
            self._group(*key)[:] += g
        for kind, h in other.h2h.items():
            mine = self.h2h.get(kind)
            if mine is None:
                self.h2h[kind] = {k: (v.copy() if isinstance(v, np.ndarray) else list(v)) for k, v in h.items()}
            else:
                for k in H2H_FIELDS:
                    if k in mine and k in h:
                        mine[k] += h[k]
                    else:  # from a chunk file without the cross sums: no covariance
                        mine.pop(k, None)
        for kind, t in other.comps.items():
            self._add_comps(kind, t["names"], t["N"], t["codes"].copy(), t["rows"].copy())

    # ---- summaries ---------------------------------------------------------------------
    def metric_summary(self) -> dict:
        out = {"games": self.games}
        for name, (s, ss, lo, hi) in self.metrics.items():
            m, sd, cl, ch = mean_ci(s, ss, self.games)
            out[f"{name}_mean"] = m
            out[f"{name}_sd"] = sd
            out[f"{name}_ci_low"] = cl
            out[f"{name}_ci_high"] = ch
            out[f"{name}_min"] = lo
            out[f"{name}_max"] = hi
        return out

    def group_rows(self) -> list[dict]:
        """Per (kind, key): win rate with its Wilson 95% interval, win share with its normal 95%
        interval, both from the per-game variance (the game is the unit: see the module doc);
        ``win_rate_se`` and ``share_se`` are their standard errors, ``label_games`` the games the
        label played."""
        rows = []
        order = {"position": 0, "seat": 1, "strategy": 2}
        for (kind, key), g in sorted(self.groups.items(), key=lambda kv: (order.get(kv[0][0], 3), kv[0][0], kv[0][1])):
            n, wins, shared, s, ss, sc, scs, G, wsq, wm, sgsq, sgm, mm = (int(x) for x in g)
            u = SHARE_UNIT
            p = wins / n
            if mm == n:  # one seat per game: the player-games are the games
                lo, hi = wilson(wins, n)
                wse = math.sqrt(p * (1 - p) / n)
                sm, _, slo, shi = mean_ci(s / u, ss / (u * u), n)
                sse = (shi - slo) / (2 * Z95)
            else:
                wse = math.sqrt(ratio_var(wins, wsq, wm, mm, n, G))
                lo, hi = wilson_se(wins, n, wse)
                sm = s / u / n
                sse = math.sqrt(ratio_var(s / u, sgsq / (u * u), sgm / u, mm, n, G))
                slo, shi = sm - Z95 * sse, sm + Z95 * sse
            scm, scsd, _, _ = mean_ci(sc, scs, n)
            rows.append(dict(kind=kind, key=key, n=int(n), wins=int(wins), win_rate=p, ci_low=lo, ci_high=hi,
                             shared_win_rate=shared / n, win_share=sm, share_ci_low=slo, share_ci_high=shi,
                             fair_share=self.fair_share(), score_mean=scm, score_sd=scsd, label_games=G,
                             win_rate_se=wse, share_se=sse))
        return rows

    def fair_share(self) -> float:
        """A player's fair win share: 1/N of the games that someone won (a game with no winner, e.g.
        a timeout, gives nobody a share)."""
        return self.decided / (self.N * self.games) if self.games else 1.0 / self.N

    def max_ci_half_width(self) -> float:
        """The widest 95% win-rate interval's half-width over every group (what --precision bounds)."""
        rows = self.group_rows()
        return max(((r["ci_high"] - r["ci_low"]) / 2 for r in rows), default=float("nan"))

    def to_dict(self) -> dict:
        """JSON-able exact state (for chunk files and for results coming back from workers)."""
        return dict(N=self.N, names=self.names, hist_metrics=list(self.hist_metrics), games=self.games,
                    decided=self.decided,
                    metrics={k: [int(x) for x in v] for k, v in self.metrics.items()},
                    hists={k: [int(x) for x in v] for k, v in self.hists.items()},
                    groups=[[k, key, [int(x) for x in g]] for (k, key), g in self.groups.items()],
                    h2h={k: dict(names=h["names"], **{f: h[f].tolist() for f in H2H_FIELDS if f in h})
                         for k, h in self.h2h.items()},
                    comps={k: {key: [int(x) for x in row] for key, row in self._comp_table(k).items()}
                           for k in self.comps})

    @classmethod
    def from_dict(cls, d: dict) -> "Accumulator":
        a = cls(d["N"], d["names"], tuple(d["hist_metrics"]))
        a.games = d["games"]
        a.decided = d.get("decided", d["games"])
        a.metrics = {k: list(v) for k, v in d["metrics"].items()}
        a.hists = {k: np.array(v, np.int64) for k, v in d["hists"].items()}
        a.groups = {(k, key): _full_fields(np.array(g, np.int64)) for k, key, g in d["groups"]}
        a.h2h = {k: dict(names=h["names"], **{m: np.array(h[m], np.int64) for m in H2H_FIELDS if m in h})
                 for k, h in d.get("h2h", {}).items()}
        for kind, t in d.get("comps", {}).items():
            names = a.h2h[kind]["names"] if kind in a.h2h else sorted({m for key in t for m in key.split(",")})
            idx = {x: i for i, x in enumerate(names)}
            members = np.array([[idx[m] for m in key.split(",")] for key in t], np.int64)
            rows = np.array(list(t.values()), np.int64)
            if len(rows):
                codes = _comp_codes(members, len(names))
                o = np.argsort(codes)
                a.comps[kind] = dict(names=list(names), N=members.shape[1], codes=codes[o], rows=rows[o])
        return a

    def h2h_rows(self) -> list[dict]:
        """Win rate and win share of A in games where B also sits at the table (A != B seats), and
        share_cov: the covariance of A's and B's win shares over the whole cell (their group rows),
        from the per-game cross sums; NaN when the sums were not kept (old chunk files)."""
        rows = []
        for kind, h in self.h2h.items():
            names = h["names"]
            cov = self.share_cov(kind)
            for i, a in enumerate(names):
                for j, b in enumerate(names):
                    n = int(h["n"][i, j])
                    if n == 0:
                        continue
                    w = int(h["wins"][i, j])
                    lo, hi = wilson(w, n)
                    rows.append(dict(kind=kind, a=a, b=b, n=n, wins=w, win_rate=w / n, ci_low=lo, ci_high=hi,
                                     win_share=int(h["share"][i, j]) / SHARE_UNIT / n,
                                     share_cov=float(cov[i, j]) if cov is not None else float("nan")))
        return rows

    def share_cov(self, kind) -> np.ndarray | None:
        """K x K covariance of the labels' win shares (ratio estimators over the cell's games,
        linearised): G / (G - 1) sum_g (S_a - R_a m_a)(S_b - R_b m_b) / (n_a n_b); None without the
        cross sums. Shares of one table sum to 1, so labels that meet are negatively correlated and
        the variance of a difference is var_a + var_b - 2 cov."""
        h = self.h2h.get(kind)
        if h is None or any(k not in h for k in ("ss", "sm", "mm")):
            return None
        names = h["names"]
        n = np.array([self.groups[(kind, x)][0] if (kind, x) in self.groups else 0 for x in names], float)
        S = np.array([self.groups[(kind, x)][3] if (kind, x) in self.groups else 0 for x in names], float)
        with np.errstate(invalid="ignore", divide="ignore"):
            R = np.where(n > 0, S / n, 0.0)
            ss, sm, mm = (h[k].astype(float) for k in ("ss", "sm", "mm"))
            num = ss - sm * R[None, :] - sm.T * R[:, None] + np.outer(R, R) * mm
            G = self.games
            cov = num / np.outer(n, n) * (G / (G - 1) if G > 1 else 1.0) / SHARE_UNIT ** 2
        return np.where(np.outer(n, n) > 0, cov, np.nan)

    def comp_rows(self) -> list[dict]:
        """Per table composition: games played and each member's total win share (in wins)."""
        rows = []
        for kind in self.comps:
            for key, row in sorted(self._comp_table(kind).items()):
                rows.append(dict(kind=kind, members=key, games=int(row[0]),
                                 shares=",".join(repr(int(x) / SHARE_UNIT) for x in row[1:])))  # exact: no rounding
        return rows

    def hist_rows(self) -> list[dict]:
        rows = []
        for name, h in self.hists.items():
            for v in np.nonzero(h)[0]:
                rows.append(dict(metric=name, value=int(v), count=int(h[v])))
        return rows
