"""Cosmic Encounter aliens on the analysis side: alien assignment (CE.2.5: fixed per seat,
dealt at random from a pool, every combination rotated through the seats), the nopower control's
records and labels, the accumulator's label statistics, the CLI's --aliens and its bad input, and
the alien sweep and report (ranking, the power's own contribution, head to head, strengths)."""
import itertools
import json
import math
import re
import subprocess
import sys
import tomllib
from collections import Counter
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from simsuite import __version__
from simsuite.analysis.inference import Z95
from simsuite.analysis.stats import SHARE_UNIT, Accumulator
from simsuite.engine.rng import run_key
from simsuite.games import get
from simsuite.games.cosmic import api as A
from simsuite.games.cosmic.game import ALIEN_LABELS, ALIEN_POWER_LABELS

ROOT = Path(__file__).resolve().parents[2]
G = get("cosmic")
STRATS = [s.name for s in G.strategies()]


def sim(*args):
    return subprocess.run([sys.executable, "-m", "simsuite", *map(str, args)], capture_output=True, text=True,
                          cwd=ROOT, timeout=900)


def play(overrides: dict, n: int, g0: int = 0, seed: int = 3):
    cfg = G.resolve(overrides)
    rec = G.run_range(G.kernel(), G.build_cfg(cfg), run_key(seed, G.config_hash(cfg)), g0, n)
    return cfg, rec


def ids(names):
    return [A.ALIEN_NAMES.index(x) for x in names]


# ---- assignment ---------------------------------------------------------------------------
@pytest.mark.parametrize("pool, players, k", [
    (["Macron", "Virus", "Oracle", "Clone", "Zombie"], 3, 0),  # one alien per player: C(5, 3) = 10
    (["Amoeba", "Laser", "Mind", "Trader"], 4, 2),  # two aliens per game, two seats without: C(4, 2) = 6
    (["Empath", "Filch", "Healer", "Mutant", "Pacifist", "Sorcerer"], 2, 0),  # C(6, 2) = 15
])
@pytest.mark.parametrize("block", [0, 1])
def test_all_mode_is_exactly_balanced(pool, players, k, block):
    """aliens = all: over N x C(P, K) consecutive games (from a multiple of that) every K-combination of
    the pool is dealt exactly N times, each alien sits in every seat equally often, and exactly K seats
    hold an alien in every game."""
    K = k or players
    C = math.comb(len(pool), K)
    n = players * C
    cfg, rec = play({"players": players, "aliens": "all", "alien_pool": ",".join(pool), "aliens_per_game": k,
                     "strategies": "basic"}, n, g0=block * n)
    al = rec["alien"][:, :players]
    assert ((al >= 0).sum(axis=1) == K).all()
    combos = Counter(frozenset(int(x) for x in row if x >= 0) for row in al)
    want = {frozenset(c) for c in itertools.combinations(ids(pool), K)}
    assert set(combos) == want and set(combos.values()) == {players}
    per_seat = math.comb(len(pool) - 1, K - 1)  # combinations holding an alien; each puts it once in every seat
    for a in ids(pool):
        assert [(al[:, s] == a).sum() for s in range(players)] == [per_seat] * players, A.ALIEN_NAMES[a]
    assert not np.isin(al[al >= 0], ids(pool), invert=True).any()


def test_random_mode_deals_distinct_aliens_from_the_pool():
    """aliens = random (CE.2.5): K distinct aliens of the pool per game, at random seats; every pool alien
    is dealt about equally often and lands in every seat."""
    pool = ["Chronos", "Clone", "Macron", "Parasite", "Vulch", "Zombie"]
    n = 3000
    cfg, rec = play({"players": 4, "aliens": "random", "alien_pool": ",".join(pool), "aliens_per_game": 3}, n)
    al = rec["alien"][:, :4]
    dealt = al >= 0
    assert (dealt.sum(axis=1) == 3).all()
    for row in al:
        got = [int(x) for x in row if x >= 0]
        assert len(set(got)) == 3 and set(got) <= set(ids(pool))
    counts = np.array([(al == a).sum() for a in ids(pool)])
    expect = n * 3 / len(pool)
    sd = math.sqrt(n * 3 / len(pool) * (1 - 3 / len(pool)))
    assert (np.abs(counts - expect) < 5 * sd).all(), counts
    for s in range(4):
        assert 0.6 * n * 3 / 4 < dealt[:, s].sum() < 1.4 * n * 3 / 4
    # default: one alien per player from all 20
    _, rec = play({"players": 4, "aliens": "random"}, 400)
    al = rec["alien"][:, :4]
    assert (al >= 0).all() and all(len(set(r)) == 4 for r in al.tolist())
    assert len(np.unique(al)) == A.N_ALIENS


def test_fixed_aliens_land_on_their_seats():
    _, rec = play({"players": 3, "aliens": "Macron,none,Anti-Matter", "strategies": "basic,random",
                   "rotate": True}, 50)
    assert (rec["alien"][:, :3] == [A.ALIEN_NAMES.index("Macron"), -1, A.ALIEN_NAMES.index("Anti-Matter")]).all()
    _, rec = play({"players": 4, "aliens": "oracle"}, 20)  # a shorter list: the other seats have no alien
    assert (rec["alien"][:, :4] == [A.ALIEN_NAMES.index("Oracle"), -1, -1, -1]).all()
    _, rec = play({"players": 4, "aliens": "none"}, 20)
    assert (rec["alien"][:, :4] == -1).all() and (rec["power_uses"][:, :4] == 0).all()


def test_nopower_seats_keep_the_alien_tag_and_never_use_it():
    """The nopower control keeps its dealt alien in the records (and the analysis labels) but plays
    it face down: zero power uses, automatic effects included, while basic seats use theirs."""
    lineup = "nopower,basic"
    cfg, rec = play({"players": 4, "aliens": "Macron,Virus,Anti-Matter,Empath", "strategies": lineup,
                     "rotate": True}, 400)
    strat = rec["strategy"][:, :4]
    uses = rec["power_uses"][:, :4]
    al = rec["alien"][:, :4]
    off = strat == STRATS.index("nopower")
    assert off.any() and (~off).any()
    assert (al >= 0).all()  # tags kept for every seat
    assert (uses[off] == 0).all()
    assert uses[~off].sum() > 0  # Macron, Virus and Anti-Matter apply automatically when their owner fights
    view = G.seat_view(rec, 4)
    lab_ids, names = view["labels"]["alien_power"]
    got = np.array(names, dtype=object)[lab_ids]
    want = np.where(off, np.array(ALIEN_LABELS, dtype=object)[al] + " (no power)",
                    np.array(ALIEN_LABELS, dtype=object)[al])
    assert (got == want).all()
    a_ids, a_names = view["labels"]["alien"]
    assert (np.array(a_names, dtype=object)[a_ids] == np.array(ALIEN_LABELS, dtype=object)[al]).all()
    assert tuple(a_names) == (*A.ALIEN_NAMES, "none") and len(ALIEN_POWER_LABELS) == 2 * A.N_ALIENS + 1


def test_cell_statistics_count_every_alien_with_and_without_power():
    """run_cell with aliens = all and a rotated nopower seat: alien groups are exactly balanced and the
    alien_power groups split each alien's player-games into power and no power."""
    from simsuite.runner import run_cell

    pool = ["Macron", "Virus", "Oracle", "Clone", "Zombie"]
    n = 3 * 3 * math.comb(5, 3) * 2  # seats x line-up rotation x combinations x slot order
    cfg = G.resolve({"players": 3, "aliens": "all", "alien_pool": ",".join(pool),
                     "strategies": "nopower,basic,basic", "rotate": True})
    res = run_cell(G, cfg, n, 5, chunk=37)
    rows = {(r["kind"], r["key"]): r for r in res.acc.group_rows()}
    for a in pool:
        assert rows[("alien", a)]["n"] == n * 3 // 5
        assert rows[("alien_power", a)]["n"] + rows[("alien_power", a + " (no power)")]["n"] == n * 3 // 5
        assert rows[("alien_power", a + " (no power)")]["n"] > 0
    assert sum(rows[("alien_power", a + " (no power)")]["n"] for a in pool) == n
    assert ("alien", "none") not in rows
    # the chunking does not matter
    res2 = run_cell(G, cfg, n, 5, chunk=n)
    assert res2.acc.to_dict() == res.acc.to_dict()


# ---- the accumulator against a per-game count ------------------------------------------------
def test_label_sums_match_a_per_game_count():
    rng = np.random.default_rng(11)
    n, N, K = 400, 4, 5
    lab = rng.integers(0, K, size=(n, N))
    win = (rng.random((n, N)) < 0.3).astype(np.int64)
    score = rng.integers(0, 9, size=(n, N))
    acc = Accumulator(N, ["s0", "s1"])
    names = [f"L{i}" for i in range(K)]
    seats = dict(win=win, score=score, strategy=lab % 2, position=np.tile(np.arange(N), (n, 1)),
                 labels=dict(thing=(lab, names)))
    acc.add({"turns": np.ones(n, np.int64)}, seats)
    g = {(k, key): v for (k, key), v in acc.groups.items()}
    nh = np.zeros((K, K), int)
    wh = np.zeros((K, K), int)
    sh = np.zeros((K, K), int)
    grp = Counter()
    comps = Counter()
    for i in range(n):
        k = win[i].sum()
        share = [SHARE_UNIT // k * w if k else 0 for w in win[i]]
        for s in range(N):
            a = lab[i, s]
            grp[(a, "n")] += 1
            grp[(a, "w")] += win[i, s]
            grp[(a, "sh")] += share[s]
            grp[(a, "sc")] += score[i, s]
            for b in {lab[i, t] for t in range(N) if t != s}:
                nh[a, b] += 1
                wh[a, b] += win[i, s]
                sh[a, b] += share[s]
        order = sorted(range(N), key=lambda s: (lab[i, s], s))
        key = ",".join(names[lab[i, s]] for s in order)
        comps[(key, "games")] += 1
        for j, s in enumerate(order):
            comps[(key, j)] += share[s]
    for a in range(K):
        row = g[("thing", names[a])]
        assert list(row[[0, 1, 3, 5]]) == [grp[(a, "n")], grp[(a, "w")], grp[(a, "sh")], grp[(a, "sc")]]
    h = acc.h2h["thing"]
    assert (h["n"] == nh).all() and (h["wins"] == wh).all() and (h["share"] == sh).all()
    for r in acc.comp_rows():
        if r["kind"] != "thing":
            continue
        assert r["games"] == comps[(r["members"], "games")]
        assert [float(x) for x in r["shares"].split(",")] == pytest.approx(
            [comps[(r["members"], j)] / SHARE_UNIT for j in range(N)], rel=1e-5)
    table = acc.to_dict()["comps"]["thing"]  # exact integer sums (units of 1/SHARE_UNIT)
    assert {k: v for k, v in table.items()} == {key: [comps[(key, "games")]] + [comps[(key, j)] for j in range(N)]
                                                for key, _ in comps if _ == "games"}


# ---- CLI --------------------------------------------------------------------------------------
def assert_bad(r, *words):
    assert r.returncode == 2, (r.returncode, r.stdout, r.stderr)
    lines = [ln for ln in r.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1, r.stderr
    assert "Traceback" not in r.stderr + r.stdout
    for w in words:
        assert w in lines[0], (w, lines[0])


@pytest.mark.parametrize("args, words", [
    (["run", "cosmic", "--aliens", "Macron,Bogus"], ["aliens", "Bogus", "Zombie", "none"]),
    (["run", "cosmic", "--aliens", "Macron,Virus,macron"], ["aliens", "Macron", "twice", "distinct"]),
    (["run", "cosmic", "--players", "3", "--aliens", "Macron,Virus,Oracle,Clone"], ["aliens", "3 players", "one"]),
    (["run", "cosmic", "--aliens", "random", "--set", "alien_pool=Macron,Virus"], ["alien_pool", "at least 4"]),
    (["run", "cosmic", "--set", "alien_pool=Macron,Virus,Macron,Oracle,Clone"], ["alien_pool", "twice"]),
    (["run", "cosmic", "--set", "alien_pool=Macron,Nope"], ["alien_pool", "Nope", "Amoeba"]),
    (["run", "cosmic", "--set", "aliens=Bogus"], ["aliens", "Bogus"]),
    (["sweep", "cosmic", "--aliens", "all", "--players", "3,4", "--set", "alien_pool=Macron,Virus,Oracle",
      "--games", "10", "--out", "/nonexistent-dir-not-made/x"], ["alien_pool", "3 aliens", "at least 4"]),
    (["sweep", "cosmic", "--aliens", "all|Macron,Macron", "--games", "10"], ["aliens", "Macron", "twice"]),
    (["replay", "cosmic", "--game", "1", "--aliens", "Zorg"], ["aliens", "Zorg"]),
    (["bench", "cosmic", "--aliens", "Zorg", "--no-cold", "--games", "1000"], ["aliens", "Zorg"]),
    # bench takes --set (e.g. --set edition=FFG2008): an unknown name is refused in one line
    (["bench", "cosmic", "--aliens", "random", "--set", "x=1"], ["x", "unknown parameter", "simsuite list cosmic"]),
    (["bench", "cosmic", "--aliens", "random", "--set", "aliens=none"], ["aliens", "given twice"]),
    # a game's shortcut option given to another game: refused in one line, naming the option
    (["bench", "star-cartel", "--aliens", "random", "--no-cold"], ["--aliens", "not an option of star-cartel"]),
    (["run", "star-cartel", "--aliens", "random"], ["--aliens", "not an option of star-cartel"]),
])
def test_alien_bad_input(args, words):
    assert_bad(sim(*args), *words)


def test_run_and_replay_with_aliens(tmp_path):
    r = sim("run", "cosmic", "--players", 3, "--games", 300, "--aliens", "Macron,Virus,Oracle", "--strategies",
            "nopower,basic", "--rotate", "--json", "--out", tmp_path / "run")
    assert r.returncode == 0, r.stderr
    doc = json.loads(r.stdout)
    assert doc["config"]["aliens"] == "Macron,Virus,Oracle"
    keys = {(g["kind"], g["key"]) for g in doc["groups"]}
    assert {("alien", "Macron"), ("alien_power", "Macron"), ("alien_power", "Virus (no power)")} <= keys
    games = pd.read_parquet(tmp_path / "run" / "games.parquet")
    assert (games["alien_0"] == A.ALIEN_NAMES.index("Macron")).all()
    t = sim("run", "cosmic", "--players", 3, "--games", 200, "--aliens", "Macron,Virus,Oracle", "--strategies",
            "nopower,basic", "--rotate", "--out", tmp_path / "run2")
    assert t.returncode == 0 and "alien Virus (no power)" in t.stdout
    rp = sim("replay", "cosmic", "--players", 3, "--seed", 4, "--game", 2, "--aliens", "Macron,Virus,Oracle")
    assert rp.returncode == 0, rp.stderr
    assert "is the Macron" in rp.stdout and "is the Oracle" in rp.stdout
    assert "identical to the batch kernel: yes" in rp.stdout
    # a game of the rotated run itself: seats labelled as that game dealt them, checked against its record
    rj = sim("replay", "--from", tmp_path / "run", "--game", 4, "--json")
    assert rj.returncode == 0, rj.stderr
    d = json.loads(rj.stdout)
    assert d["matches_batch"] is True and d["compared_with"] == "the run's stored record"
    assert d["seat_strategies"] == ["basic", "nopower", "nopower"]  # line-up nopower,basic,nopower turned by 4 % 3
    assert [int(games.loc[4, f"strategy_{s}"]) for s in range(3)] == [1 if x == "nopower" else 0
                                                                    for x in d["seat_strategies"]]


def test_bench_aliens_setting_is_reported():
    r = sim("bench", "cosmic", "--aliens", "random", "--games", 1000, "--no-cold", "--json")
    assert r.returncode == 0, r.stderr
    doc = json.loads(r.stdout)
    assert doc["aliens"] == "random" and doc["alien_pool"] == "all" and doc["strategies"] == "basic"
    assert [row["players"] for row in doc["rows"]] == [4] and doc["rows"][0]["games_per_s_1_thread"] > 0
    r = sim("bench", "cosmic", "--games", 1000, "--no-cold")
    assert r.returncode == 0, r.stderr
    assert "aliens none" in r.stdout  # the engine-only figure stays the default


# ---- report on synthetic group tables (exact expectations) ---------------------------------------
def _rows(cell, players, kind, shares, n):
    out = []
    for key, p in shares.items():
        h = Z95 * math.sqrt(p * (1 - p) / n)
        wins = round(p * n)
        out.append(dict(cell=cell, config_hash=f"{cell:016x}", players=players, kind=kind, key=key, n=n, wins=wins,
                        win_rate=p, ci_low=p - h, ci_high=p + h, shared_win_rate=0.0, win_share=p,
                        share_ci_low=p - h, share_ci_high=p + h, fair_share=1 / players, score_mean=3.0,
                        score_sd=1.0))
    return out


def test_contribution_uses_the_all_power_cells_and_holm():
    from simsuite.report import label_contributions, label_rankings, reference_cells

    n = 40_000
    fair = {f"A{i}": 0.25 for i in range(8)}
    powered = dict(fair, A0=0.40, A1=0.10)  # cell 0: every seat with its power
    mixed = dict(fair, A0=0.33)  # cell 1: the powered A0 meets a nopower seat (easier table)
    ctl = {f"A{i} (no power)": 0.25 for i in range(8)}
    ctl.update({"A0 (no power)": 0.20, "A1 (no power)": 0.10, "A2 (no power)": 0.26})
    groups = pd.DataFrame(_rows(0, 4, "alien", powered, n) + _rows(0, 4, "alien_power", powered, n)
                          + _rows(1, 4, "alien", {k: 0.25 for k in fair}, n)
                          + _rows(1, 4, "alien_power", mixed, n) + _rows(1, 4, "alien_power", ctl, n // 3))
    assert reference_cells(groups, "alien_power", 4) == [0]
    con, ref = label_contributions(groups, "alien_power", 4)
    assert ref == [0]
    c = con.set_index("label")
    assert c.loc["A0", "contribution"] == pytest.approx(0.20)  # 0.40 (cell 0), not pooled with cell 1
    assert c.loc["A0", "verdict"] == "power helps" and c.loc["A1", "verdict"] == ""
    assert c.loc["A2", "contribution"] == pytest.approx(-0.01) and c.loc["A2", "verdict"] == ""
    assert (c["p_holm"] >= c["p"]).all()
    se = math.sqrt((0.4 * 0.6 / n) + (0.2 * 0.8 / (n // 3)))
    assert c.loc["A0", "ci_high"] - c.loc["A0", "ci_low"] == pytest.approx(2 * Z95 * se, rel=1e-6)
    rank = label_rankings(groups[groups["cell"] == 0], pd.DataFrame(), "alien", 4)
    assert list(rank["alien"][:1]) == ["A0"] and list(rank["alien"][-1:]) == ["A1"]


# ---- end to end: the alien sweep definition, the CLI sweep and the report -------------------------
def test_alien_sweep_definition_and_report(tmp_path):
    d = tomllib.loads((ROOT / "configs" / "sweeps" / "cosmic-aliens.toml").read_text())
    assert d["game"] == "cosmic" and d["set"]["aliens"] == "all" and d["set"]["rotate"] is True
    assert [(g["players"], g["strategies"]) for g in d["sweep"]] == [
        (3, "basic|nopower,basic,basic"), (4, "basic|nopower,basic,basic,basic"), (3, "tuned"), (4, "tuned"),
        (3, "search_wide"), (4, "search_wide"), (3, "basic"), (4, "basic")]
    # the modelling-choice grids: the other deal models (the default, wary, is in the grids above)
    assert [g.get("deal_accept_policy") for g in d["sweep"]] == [None] * 6 + [["standard_only", "never"]] * 2
    for N in (3, 4):  # whole cycles of the all-mode schedule (both slot orders) at both player counts
        assert d["games"] % (2 * N * math.comb(A.N_ALIENS, N)) == 0
    for grid in d["sweep"][2:]:  # the tuned, search and deal-model grids play fewer games, still whole cycles
        N = grid["players"]
        assert grid["games"] % (2 * N * math.comb(A.N_ALIENS, N)) == 0 and grid["games"] < d["games"]
    out = tmp_path / "aliens"
    r = sim("sweep", "--config", ROOT / "configs" / "sweeps" / "cosmic-aliens.toml", "--games", 800, "--out", out,
            "--json")
    assert r.returncode == 0, r.stderr
    doc = json.loads(r.stdout)
    assert doc["cells"] == 12
    assert [(row["players"], row["strategies"], row["deal_accept_policy"]) for row in doc["rows"]] == [
        (3, "basic", "wary"), (3, "nopower,basic,basic", "wary"), (4, "basic", "wary"),
        (4, "nopower,basic,basic,basic", "wary"), (3, "tuned", "wary"), (4, "tuned", "wary"),
        (3, "search_wide", "wary"), (4, "search_wide", "wary"),
        (3, "basic", "standard_only"), (3, "basic", "never"), (4, "basic", "standard_only"), (4, "basic", "never")]
    st = sim("status", out)
    assert st.returncode == 0 and "12/12 cells done" in st.stdout
    rep = sim("report", out, "--out", tmp_path / "rep", "--json")
    assert rep.returncode == 0, rep.stderr
    res = json.loads(rep.stdout)
    page = (tmp_path / "rep" / "index.html").read_text()
    for N in (3, 4):
        assert f"Alien ranking, {N} players" in page and f"The power's own contribution, {N} players" in page
        for f in ("ranking_alien", "contribution_alien", "h2h_alien"):
            assert (tmp_path / "rep" / f"{f}_{N}p.png").stat().st_size > 0, f
        # about a quarter of Cosmic's wins are joint, which bias Plackett-Luce strengths: withheld, and said why
        assert not (tmp_path / "rep" / f"strength_alien_{N}p.png").exists()
        rank = pd.read_csv(tmp_path / "rep" / f"ranking_alien_{N}p.csv")
        assert sorted(rank["alien"]) == sorted(A.ALIEN_NAMES)  # every alien ranked, none missing
        assert np.allclose(rank["fair_share"], 1 / N)
        assert rank["win_share"].is_monotonic_decreasing and (rank["p_holm"] <= 1).all()
        # each row says where it came from: the all-basic cell of N players, the sweep's seed, the version
        assert (rank["cells"].astype(str) == str(0 if N == 3 else 2)).all()
        assert (rank["seed"].astype(str) == str(d["seed"])).all() and (rank["simsuite_version"] == __version__).all()
        con = pd.read_csv(tmp_path / "rep" / f"contribution_alien_{N}p.csv")
        assert (con["simsuite_version"] == __version__).all() and set(con["cells"].astype(str)) == {
            "0;1" if N == 3 else "2;3"}
        assert sorted(con["label"]) == sorted(A.ALIEN_NAMES)
        # with-power results from the all-basic cell only: its player-games, not the mixed cell's
        assert con["n_power"].sum() == 800 * N
        assert con["n_control"].sum() == 800
    assert "Head to head (alien, 4 players)" in page and "Plackett-Luce strength (alien, 4 players)" not in page
    assert "Plackett-Luce strengths are not shown" in page and "a bias that more games do not remove" in page
    for N in (3, 4):  # the ranking under the three strategies, compared: tau between each pair
        assert f"Robustness: the alien ranking under basic, tuned and search_wide, {N} players" in page
        assert (tmp_path / "rep" / f"skill_alien_{N}p.csv").exists()
        tau = pd.read_csv(tmp_path / "rep" / f"tau_alien_{N}p.csv")
        assert [tuple(x) for x in tau[["strategy_a", "strategy_b"]].to_numpy()] == [
            ("basic", "tuned"), ("basic", "search_wide"), ("tuned", "search_wide")]
        assert ((tau["ci_low"] <= tau["tau"]) & (tau["tau"] <= tau["ci_high"])).all()
        places = pd.read_csv(tmp_path / "rep" / f"places_alien_{N}p.csv")
        assert sorted(places["alien"]) == sorted(A.ALIEN_NAMES)
    assert res["headline"] and any("basic, tuned and search" in h for h in res["headline"])
    assert any("alien power itself" in f for f in res["findings"])
    assert any(f.startswith("With 4 players") and "aliens" in f for f in res["findings"][:6])
    # the deal models side by side, never pooled; the default's part keeps the unnamed files above
    assert "Deal models (deal_accept_policy) side by side" in page
    assert (tmp_path / "rep" / "ranking_alien_4p_never.csv").exists()
    for N in (3, 4):
        assert any(h.startswith(f"With {N} players") and "under every deal model (wary, never and standard_only)" in h
                   for h in res["headline"])

    # the answer box: the question, one row per alien with its verdict word at each player count, and
    # whether the strategy or the deal model changes it; no statistical name or raw fraction in it
    box = page[page.index("<div class='headline'"):page.index("<details class='detail'>")]
    assert "<h2>Which aliens are too strong or too weak?</h2>" in box
    assert "does the strategy change it?" in box and "does the deal model change it?" in box
    assert "verdict (how sure) at 3 players" in box and "verdict (how sure) at 4 players" in box
    assert "place</a> of 20 at 3 players" in box
    assert "holds under all of them" in box or "is given where all of them agree" in box  # a place held by every bot
    assert all(f"<td>{a}</td>" in box for a in A.ALIEN_NAMES)
    text = re.sub(r"<[^>]+>", " ", box)
    assert not any(w in text for w in ("Holm", "Cochran", "I²", "TOST", "p <", "Kendall", "Plackett", " pp"))
    assert not re.search(r"(?<![\d.])0\.\d{3,}(?![\d%])", text)

    # a sweep over every alien, small: --aliens all with a player-count axis
    r = sim("sweep", "cosmic", "--aliens", "all", "--players", "3,4", "--games", 300, "--out", tmp_path / "a2",
            "--json")
    assert r.returncode == 0, r.stderr
    rows = json.loads(r.stdout)["rows"]
    assert [(x["players"], x["aliens"], x["rotate"]) for x in rows] == [(3, "all", True), (4, "all", True)]
    rep = sim("report", tmp_path / "a2", "--out", tmp_path / "rep2")
    assert rep.returncode == 0, rep.stderr
    page = (tmp_path / "rep2" / "index.html").read_text()
    assert "Alien ranking, 4 players" in page and "The power's own contribution" not in page  # no nopower seat: no control


def test_alien_ranking_under_two_strategies_end_to_end(tmp_path):
    """A tiny alien sweep that ranks the aliens under basic and under random (and has a nopower
    control): the report shows the robustness section and its sentence at the top, every image it
    references exists, and the power's contribution still compares against the basic cell only."""

    pool = "Macron,Virus,Oracle,Clone,Zombie,Pacifist"
    n = 1200  # whole cycles: 2 x 3 seats x C(6, 3) = 120
    out = tmp_path / "two"
    r = sim("sweep", "cosmic", "--aliens", "all", "--players", 3, "--set", f"alien_pool={pool}", "--set",
            "strategies=basic|random|nopower,basic,basic", "--games", n, "--out", out, "--json")
    assert r.returncode == 0, r.stderr
    assert [row["strategies"] for row in json.loads(r.stdout)["rows"]] == ["basic", "random", "nopower,basic,basic"]
    rep = sim("report", out, "--out", tmp_path / "rep", "--json")
    assert rep.returncode == 0, rep.stderr
    res = json.loads(rep.stdout)
    page = (tmp_path / "rep" / "index.html").read_text()
    # the answer box: the alien verdict (with its size, said to depend on the bots), the verdicts that
    # hold under both strategies, the start player; basic against the nopower control as bot skill
    head = res["headline"]
    assert re.match(r"([\w-]+ is the strongest alien at 3 players|The strongest alien depends|No alien is surely "
                    r"the strongest at 3 players)", head[0]), head[0]
    assert "depends on how well the bots play it" in head[0]
    assert any(h.startswith("With 3 players, under both basic and random") for h in head)
    top = page[:page.index("<h2 id=", page.index("<div class='headline'"))]  # the answer box
    assert "Which aliens are too strong or too weak?" in top and "under both basic and random" in top and "Strategy skill" in top
    assert "Robustness: the alien ranking under basic and random, 3 players" in page
    assert "Kendall&#x27;s tau" in page or "Kendall's tau" in page
    assert "Skill sensitivity" in page and "Alien ranking, 3 players (bots playing basic)" in page
    imgs = re.findall(r"<img src='([^']+)'", page)
    assert "robustness_alien_3p.png" in imgs
    for src in imgs:
        assert (tmp_path / "rep" / src).stat().st_size > 0, src
    by = pd.read_csv(tmp_path / "rep" / "ranking_alien_3p_by_strategy.csv")
    assert {s: set(d["cells"].astype(str)) for s, d in by.groupby("strategy")} == {"basic": {"0"}, "random": {"1"}}
    assert sorted(by.loc[by["strategy"] == "random", "alien"]) == sorted(pool.split(","))
    con = pd.read_csv(tmp_path / "rep" / "contribution_alien_3p.csv")
    assert con["n_power"].sum() == n * 3 and con["n_control"].sum() == n  # the basic cell, not the random one
    skill = pd.read_csv(tmp_path / "rep" / "skill_alien_3p.csv")
    assert len(skill) == 6 and set(skill["strategy_b"]) == {"random"}


def test_a_ladder_sweep_traces_each_alien_only_with_its_top_two_rungs(tmp_path):
    """A sweep whose `ladder` is basic < search_wide, every seat at one rung: the report traces each
    alien along the two and its answer opens with the expert-play sentence; the same results under
    a ladder whose top rung has no cells say that no trace is drawn, and claim no expert play."""
    pool = "Virus,Oracle,Macron,Laser"
    spec = (f'name = "trace"\ngame = "cosmic"\ngames = 48\nseed = 9\nladder = ["basic", "search_wide"]\n'
            f'[set]\naliens = "all"\nalien_pool = "{pool}"\nrotate = true\nplayers = 3\n'
            f'[sweep]\nstrategies = ["basic", "search_wide"]\n')
    (tmp_path / "trace.toml").write_text(spec)
    out = tmp_path / "res"
    r = sim("sweep", "--config", tmp_path / "trace.toml", "--out", out, "--quiet")
    assert r.returncode == 0, r.stderr
    assert json.loads((out / "meta.json").read_text())["ladder"] == ["basic", "search_wide"]
    rep = sim("report", out, "--out", tmp_path / "rep", "--json")
    assert rep.returncode == 0, rep.stderr
    doc = json.loads(rep.stdout)
    assert doc["answer"][0].startswith("Aliens under expert play, 3 players ("), doc["answer"]
    page = (tmp_path / "rep" / "index.html").read_text()
    assert "Skill trace: the alien win shares along the ladder, 3 players" in page
    t = pd.read_csv(tmp_path / "rep" / "skill_trace_alien_3p.csv")
    assert sorted(t["alien"]) == sorted(pool.split(",")) and set(t["top"]) <= {"settled", "rising", "falling",
                                                                               "unsettled"}
    meta = json.loads((out / "meta.json").read_text())
    meta["ladder"] = ["basic", "search_wide", "search_deep"]  # a top rung these results do not hold
    (out / "meta.json").write_text(json.dumps(meta))
    rep = sim("report", out, "--out", tmp_path / "rep2", "--json")
    assert rep.returncode == 0, rep.stderr
    page = (tmp_path / "rep2" / "index.html").read_text()
    assert "Skill trace:" not in page and "under expert play" not in page
    assert "No skill trace at 3 players: the ladder's top rungs (search_wide and search_deep)" in page
