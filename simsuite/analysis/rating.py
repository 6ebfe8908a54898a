"""Strength ratings from multiplayer results: Plackett-Luce on the winner (multinomial logit).

Each seat at a table has a strength s (of its label: strategy, alien, ...); the chance that seat
j wins a game at table c is s_j / sum_k s_k. Shared wins count fractionally. The maximum
likelihood strengths are found with Hunter's MM algorithm (2004) from the table compositions
(``comps.parquet``); their uncertainty comes from the observed Fisher information of the log
strengths under the constraint that the log strengths sum to zero.

Only games with a winner enter the fit: a game without one (a timeout) says nothing about who is
stronger, and counting it in the denominators biased the strengths of labels whose tables time out
more often and made the standard errors too small. A composition's games with a winner are the sum
of its members' win shares (the shares of a decided game sum to 1).

Finite maximum likelihood strengths exist only when the labels are connected by wins and losses
(Hunter 2004, assumption 1): in every split of the labels into two sets, someone in each set beats
someone in the other. ``plackett_luce`` checks this instead of letting the iteration run off:

- labels that never meet at a table (through games with a winner) form separate ``group``s, fitted
  and normalised separately: strengths compare only within a group;
- a label that never won gets strength 0. When a group is not connected by wins both ways, its
  largest strongly connected set of labels is fitted; labels above it (they beat it, directly or
  through others, but are never beaten back: e.g. a label that never lost) get strength infinity,
  labels below it strength 0, each with ``status`` "no finite estimate: ..." and no interval; the
  tables of the labels above say nothing about the rest and are left out;
- an iteration that does not meet the tolerance marks its group "did not converge".

Joint wins (a game won by several seats together) are not in the model: a joint win counted as a
fraction of a win for each winner pulls the strengths towards each other. The pull is a bias, not
noise, and it does not shrink with more games while the intervals do: in simulation with known
strengths (five labels, strengths 0.5 to 2, three seats, 20,000 games) the 95% intervals covered
the true log strengths 95% of the time without joint wins, 78% with 5% joint wins and 18% with 25%
(the ally drawn at random; 34% with the ally drawn by strength), the pull reaching 0.16 in log
strength. ``joint_win_pull`` bounds it by the joint-win share times the spread of the log strengths
(the pull seen in those simulations was under a third of that: 0.16 against a bound of 0.55), and
``withhold_for_joint_wins`` removes the strengths when that bound exceeds a quarter of the smallest
standard error, where the intervals would still cover at least about 94% of the time.
"""
from __future__ import annotations

import numpy as np
import pandas as pd
from scipy.sparse import csr_matrix
from scipy.sparse.csgraph import connected_components

from .inference import Z95

NEVER_WON = "no finite estimate: never won"
NEVER_LOST = "no finite estimate: never lost to the others"
NEVER_BEAT = "no finite estimate: never beat the others"
APART = "no finite estimate: neither above nor below the others of its group"
NO_CONVERGENCE = "did not converge"
JOINT_WINS = "not shown: joint wins bias the strengths"
JOINT_PULL_SE = 0.25  # the bound on the joint wins' pull, in standard errors, above which strengths are withheld
COLUMNS = ["label", "group", "strength", "log_strength", "se", "ci_low", "ci_high", "wins", "player_games",
           "status"]


def _parse(comps: pd.DataFrame):
    """Labels; per composition (table) the seats of each label (tables x K), the games and each
    label's win share sum (tables x K)."""
    labels = sorted({m for row in comps["members"] for m in row.split(",")})
    idx = {x: i for i, x in enumerate(labels)}
    K, n = len(labels), len(comps)
    seats, wins = np.zeros((n, K)), np.zeros((n, K))
    games = np.asarray(comps["games"], float)
    for t, (members, shares) in enumerate(zip(comps["members"], comps["shares"])):
        ids = np.array([idx[m] for m in members.split(",")])
        np.add.at(seats[t], ids, 1.0)
        np.add.at(wins[t], ids, np.array([float(x) for x in str(shares).split(",")]))
    return labels, seats, games, wins


def _components(adj: np.ndarray, nodes: np.ndarray, connection: str) -> np.ndarray:
    """Component id per node of `nodes` in the graph adj (K x K booleans) restricted to them."""
    sub = adj[np.ix_(nodes, nodes)]
    return connected_components(csr_matrix(sub), directed=True, connection=connection)[1]


def _reach(adj: np.ndarray, start: np.ndarray) -> np.ndarray:
    """Nodes reachable from any of `start` along adj (K x K booleans), start included."""
    seen = np.zeros(len(adj), bool)
    seen[start] = True
    frontier = seen.copy()
    while frontier.any():
        frontier = adj[frontier].any(axis=0) & ~seen
        seen |= frontier
    return seen


def _peel(beats: np.ndarray, members: np.ndarray):
    """Within one group (label ids `members`, all with wins): the labels with a finite estimate and
    the statuses of the others. When the group is not strongly connected by its wins (someone in
    every split beats someone in the other), the largest strongly connected set is the reference:
    labels that beat their way down to it but are never beaten back (above it) never lost to the
    others (strength infinite), labels it beats but that never beat back (below it) never beat
    the others (strength 0), and labels neither above nor below it are not comparable."""
    if len(members) < 2:
        return members, {}
    scc = _components(beats, members, "strong")
    if scc.max() == 0:
        return members, {}
    sizes = np.bincount(scc)
    ref = members[scc == np.argmax(sizes)]  # the largest; ties: the one holding the first label
    sub = np.zeros(len(beats), bool)
    sub[members] = True
    adj = beats & sub[:, None] & sub[None, :]
    below = _reach(adj, ref)  # ref beat them, directly or through others
    above = _reach(adj.T, ref)  # they beat ref, directly or through others
    status = {}
    for x in members:
        if below[x] and above[x]:
            continue
        status[int(x)] = NEVER_LOST if above[x] else NEVER_BEAT if below[x] else APART
    return ref, status


def plackett_luce(comps: pd.DataFrame, iters: int = 5000, tol: float = 1e-10) -> pd.DataFrame:
    """Fit strengths; returns one row per label: its ``group`` (labels that meet at tables; 1 is the
    largest), strength (geometric mean 1 over the labels of its group with a finite estimate),
    log_strength, se and the 95% interval of the strength, wins, player_games and ``status`` (""
    for a finite estimate, else why there is none, or "did not converge"). Labels without a finite
    estimate get strength 0 (never won, never beat the others) or inf (never lost), NaN for the
    rest. ``result.attrs``: ``converged`` (every group met `tol` within `iters`), ``groups`` (how
    many) and ``decided_games`` (games with a winner, the only ones used)."""
    labels, seats, games, wins_t = _parse(comps)
    K = len(labels)
    if K == 0:
        out = pd.DataFrame(columns=COLUMNS)
        out.attrs.update(converged=True, groups=0, decided_games=0.0)
        return out
    decided = wins_t.sum(axis=1)  # the win shares of a game with a winner sum to 1
    decided = np.where(decided > 1e-9, decided, 0.0)
    on = decided > 0
    wins = wins_t[on].sum(axis=0)
    appear = (seats * games[:, None]).sum(axis=0)
    present = seats[on] > 0
    # groups: labels that sit together at a table with a winner
    meet = (present.T.astype(float) @ present.astype(float)) > 0
    group = _components(meet, np.arange(K), "weak")
    sizes = np.bincount(group)
    rank = {g: r + 1 for r, g in enumerate(sorted(range(len(sizes)), key=lambda g: (-sizes[g], np.argmax(group == g))))}
    group = np.array([rank[g] for g in group])
    # who beat whom: i beat j when i has a win share at a table (with a winner) where j sits
    beats = ((wins_t[on] > 0).T.astype(float) @ present.astype(float)) > 0
    np.fill_diagonal(beats, False)
    status = np.array([""] * K, dtype=object)
    status[wins <= 0] = NEVER_WON
    finite = np.zeros(K, bool)
    for gid in np.unique(group):
        members = np.flatnonzero((group == gid) & (wins > 0))
        keep, why = _peel(beats, members)
        finite[keep] = True
        for x, w in why.items():
            status[x] = w
    # tables of a label that never lost say nothing about the others: left out
    use = on & ~(seats[:, np.flatnonzero(status == NEVER_LOST)] > 0).any(axis=1)
    d, T = decided[use], seats[use]
    W = np.where(finite, (wins_t[use]).sum(axis=0), 0.0)
    s = finite.astype(float)
    groups_fit = [np.flatnonzero(finite & (group == g)) for g in np.unique(group[finite])]
    done = np.zeros(len(groups_fit), bool)
    for _ in range(iters):
        tot = T @ s
        rate = np.divide(d, tot, out=np.zeros_like(d), where=tot > 0)
        denom = T.T @ rate
        new = np.where(finite & (denom > 0), W / np.where(denom > 0, denom, 1.0), s)
        for k, idx in enumerate(groups_fit):
            new[idx] /= np.exp(np.mean(np.log(new[idx])))
            if not done[k]:
                done[k] = np.max(np.abs(np.log(new[idx]) - np.log(s[idx]))) < tol
        s = new
        if done.all():
            break
    # observed information of theta = log s, per group: sum over tables of d (diag(p) - p p^T)
    tot = T @ s
    P = np.divide(T * s, tot[:, None], out=np.zeros_like(T), where=tot[:, None] > 0)
    info = np.diag((d[:, None] * P).sum(axis=0)) - (P * d[:, None]).T @ P
    se = np.full(K, np.nan)
    for k, idx in enumerate(groups_fit):
        M = len(idx)
        if M < 2:
            status[idx] = "no finite estimate: no other label to compare with"
            continue
        # the sum-to-zero constraint: invert on the subspace orthogonal to the all-ones vector
        C = np.eye(M) - 1.0 / M
        cov = C @ np.linalg.pinv(C @ info[np.ix_(idx, idx)] @ C) @ C
        se[idx] = np.sqrt(np.maximum(np.diag(cov), 0.0))
        if not done[k]:
            status[idx] = NO_CONVERGENCE
    ok = finite & (status == "")
    with np.errstate(divide="ignore"):
        theta = np.where(finite, np.log(np.where(finite, s, 1.0)), np.nan)
    strength = np.where(finite, s, np.where(status == NEVER_LOST, np.inf, np.where(status == APART, np.nan, 0.0)))
    lo = np.where(ok, np.exp(theta - Z95 * se), np.nan)
    hi = np.where(ok, np.exp(theta + Z95 * se), np.nan)
    out = pd.DataFrame(dict(label=labels, group=group, strength=strength, log_strength=theta,
                            se=np.where(ok, se, np.nan), ci_low=lo, ci_high=hi, wins=wins, player_games=appear,
                            status=status.astype(str)))
    out = out.sort_values(["group", "strength"], ascending=[True, False], ignore_index=True, na_position="last")
    out.attrs.update(converged=bool(done.all()), groups=int(group.max()), decided_games=float(decided.sum()))
    return out


def joint_win_pull(fit: pd.DataFrame, joint_share: float) -> dict:
    """How far joint wins can pull the strengths of a fit (``plackett_luce``): `joint_share` (the
    share of the wins that are joint) times the widest spread of the finite log strengths within a
    group, against the smallest standard error. Returns pull, se and withhold (the pull above
    JOINT_PULL_SE standard errors)."""
    ok = (fit["status"] == "") & np.isfinite(fit["se"])
    if not ok.any() or not joint_share > 0:
        return dict(pull=0.0, se=float(fit.loc[ok, "se"].min()) if ok.any() else np.nan, withhold=False)
    spread = fit[ok].groupby("group")["log_strength"].agg(lambda v: v.max() - v.min()).max()
    pull, se = float(joint_share * spread), float(fit.loc[ok, "se"].min())
    return dict(pull=pull, se=se, withhold=bool(pull > JOINT_PULL_SE * se))


def withhold_for_joint_wins(fit: pd.DataFrame, joint_share: float) -> pd.DataFrame:
    """The fit with its finite strengths removed (NaN, status JOINT_WINS) when joint wins can pull
    them by more than JOINT_PULL_SE standard errors (``joint_win_pull``); attrs joint_pull holds the
    bound, the standard error and whether they were withheld."""
    j = joint_win_pull(fit, joint_share)
    out = fit.copy()
    out.attrs.update(fit.attrs, joint_pull=j)
    if j["withhold"]:
        ok = (out["status"] == "") & np.isfinite(out["se"])
        out.loc[ok, ["strength", "log_strength", "se", "ci_low", "ci_high"]] = np.nan
        out.loc[ok, "status"] = JOINT_WINS
    return out
