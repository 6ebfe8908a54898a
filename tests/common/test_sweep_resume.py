"""Sweeps survive interruption and run on a Dask cluster with identical results."""
import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pandas as pd
import pytest

from simsuite.games import get
from simsuite.sweep import run_sweep

GAME = get("star-cartel")
AXES = {"crash_threshold": "8,10", "players": "3,4"}
BASE = {"strategies": "market,greedy,random", "rotate": True}
N_GAMES, UNIT, SEED = 6000, 1500, 11


def tables(path):
    out = {}
    for t in ("cells", "groups", "hists"):
        df = pd.read_parquet(Path(path) / f"{t}.parquet")
        out[t] = df.sort_values(list(df.columns[:3])).reset_index(drop=True)
    return out


def assert_same(a, b):
    for t in a:
        pd.testing.assert_frame_equal(a[t], b[t], check_exact=True)


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    out = tmp_path_factory.mktemp("ref")
    info = run_sweep(GAME, BASE, AXES, N_GAMES, SEED, out, unit=UNIT, progress=False)
    assert info["ran_units"] == 16 and info["ran_games"] == 4 * N_GAMES
    return tables(out)


def test_unit_size_and_threads_do_not_change_tables(reference, tmp_path):
    from simsuite.runner import set_threads

    set_threads(1)
    try:
        run_sweep(GAME, BASE, AXES, N_GAMES, SEED, tmp_path, unit=UNIT, progress=False)
    finally:
        set_threads(0)
    assert_same(reference, tables(tmp_path))
    other = tmp_path / "bigger-units"
    run_sweep(GAME, BASE, AXES, N_GAMES, SEED, other, unit=4000, progress=False)
    assert_same(reference, tables(other))  # statistics are exact integer sums


def test_kill_9_mid_sweep_then_resume(reference, tmp_path):
    out = tmp_path / "killed"
    cmd = [sys.executable, "-m", "simsuite", "sweep", "star-cartel", "--set", "crash_threshold=8,10",
           "--set", "players=3,4", "--strategies", BASE["strategies"], "--games", str(N_GAMES), "--unit",
           str(UNIT), "--seed", str(SEED), "--out", str(out), "--threads", "1"]
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    chunks = out / "chunks"
    deadline = time.time() + 300
    while time.time() < deadline and len(list(chunks.glob("*/*.json"))) < 3:
        time.sleep(0.05)
    p.send_signal(signal.SIGKILL)
    p.wait()
    partial = len(list(chunks.glob("*/*.json")))
    assert 3 <= partial < 16, "kill the sweep while it is running"
    r = subprocess.run(cmd + ["--json"], capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr
    info = json.loads(r.stdout)
    assert info["ran_units"] == 16 - partial  # finished units are not redone
    assert_same(reference, tables(out))
    st = subprocess.run([sys.executable, "-m", "simsuite", "status", str(out), "--json"], capture_output=True,
                        text=True)
    doc = json.loads(st.stdout)
    assert doc["cells_done"] == 4 and doc["games_done"] == 4 * N_GAMES


def test_damaged_chunk_is_redone(reference, tmp_path):
    out = tmp_path / "damaged"
    run_sweep(GAME, BASE, AXES, N_GAMES, SEED, out, unit=UNIT, progress=False)
    (out / "manifest.json").unlink()
    victim = sorted((out / "chunks").glob("*/*.json"))[0]
    victim.write_text(victim.read_text().replace('"games": 1', '"games": 2', 1)[:-20])  # torn write
    info = run_sweep(GAME, BASE, AXES, N_GAMES, SEED, out, unit=UNIT, progress=False)
    assert info["ran_units"] == 1
    assert_same(reference, tables(out))


@pytest.fixture(scope="module")
def cluster():
    distributed = pytest.importorskip("distributed")
    c = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None)
    yield c
    c.close()


def test_dask_local_cluster_matches_local_run(reference, cluster, tmp_path):
    out = tmp_path / "dask"
    info = run_sweep(GAME, BASE, AXES, N_GAMES, SEED, out, unit=UNIT, scheduler=cluster.scheduler_address,
                     progress=False)
    assert info["ran_units"] == 16
    assert_same(reference, tables(out))


def test_worker_killed_mid_chunk_loses_nothing(reference, cluster, tmp_path):
    from distributed import Client

    with Client(cluster.scheduler_address) as c:
        pids = list(c.run(os.getpid).values())
    out = tmp_path / "dask-kill"
    killed = {}

    def killer():
        deadline = time.time() + 300
        while time.time() < deadline and not list((out / "chunks").glob("*/*.json")):
            time.sleep(0.02)
        os.kill(pids[0], signal.SIGKILL)  # a worker dies while it holds a unit
        killed["at"] = time.time()

    t = threading.Thread(target=killer)
    t.start()
    info = run_sweep(GAME, BASE, AXES, N_GAMES, SEED, out, unit=UNIT, scheduler=cluster.scheduler_address,
                     progress=False)
    t.join()
    assert "at" in killed
    assert info["ran_units"] == 16 and info["ran_games"] == 4 * N_GAMES  # none lost, none twice
    assert_same(reference, tables(out))


def test_units_from_other_code_are_redone_not_mixed(reference, tmp_path):
    out = tmp_path / "oldcode"
    run_sweep(GAME, BASE, AXES, N_GAMES, SEED, out, unit=UNIT, progress=False)
    (out / "manifest.json").unlink()
    stale = sorted((out / "chunks").glob("*/*.json"))[:3]
    for f in stale:  # as if written by an older build of the engine
        d = json.loads(f.read_text())
        d["code_hash"] = "0" * 20
        f.write_text(json.dumps(d))
    info = run_sweep(GAME, BASE, AXES, N_GAMES, SEED, out, unit=UNIT, progress=False)
    assert info["ran_units"] == 3
    assert_same(reference, tables(out))
    cells = pd.read_parquet(out / "cells.parquet")
    assert cells["code_hash"].nunique() == 1 and cells["code_hash"].iloc[0] == GAME.code_hash()


def test_cells_of_other_code_are_replayed_with_a_note(tmp_path, capsys):
    """Cells computed by other code are not silently replaced: the sweep says how many it plays again."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    axes = {"crash_threshold": "8,10"}
    run_sweep(GAME, BASE, axes, 600, SEED, tmp_path, unit=300, progress=False)
    assert "other simsuite code" not in capsys.readouterr().err
    part = tmp_path / "cells.parquet" / "cell-000001.parquet"  # one file per cell (simsuite.store)
    cells = pd.read_parquet(part)
    cells["code_hash"] = "0" * 20  # as if an older build computed cell 1
    pq.write_table(pa.Table.from_pandas(cells, preserve_index=False), part)
    run_sweep(GAME, BASE, axes, 600, SEED, tmp_path, unit=300, progress=False)
    assert "note: 1 cell(s)" in capsys.readouterr().err


def test_turn_cap_games_are_timeouts_not_dropped(tmp_path):
    """A game that hits max_turns is recorded as a timeout and counted (SC.17.11 cap)."""
    info = run_sweep(GAME, {"max_turns": 30}, {"players": "3,6"}, 2000, SEED, tmp_path, unit=700, progress=False)
    assert info["ran_games"] == 4000
    cells = pd.read_parquet(tmp_path / "cells.parquet")
    assert (cells["games"] == 2000).all()
    assert (cells["timeout_mean"] == 1.0).all() and (cells["turns_max"] == 30).all()
    groups = pd.read_parquet(tmp_path / "groups.parquet")
    pos = groups[groups["kind"] == "position"]
    assert (pos.groupby("cell")["n"].sum() == cells.set_index("cell")["games"] * cells.set_index("cell")["players"]).all()
    hists = pd.read_parquet(tmp_path / "hists.parquet")  # every row names its player count, seed and version
    assert (hists["players"] == hists["cell"].map(cells.set_index("cell")["players"])).all()
    assert (hists["seed"] == SEED).all() and hists["simsuite_version"].notna().all()


def test_precision_stops_each_cell_when_intervals_are_narrow_enough(tmp_path):
    """--precision: units are added in game order until every win rate's 95% half-width <= P."""
    from simsuite.analysis.stats import Accumulator
    from simsuite.sweep import precise_enough

    P, cap, unit = 0.02, 40000, 500
    info = run_sweep(GAME, BASE, {"players": "3,4"}, cap, SEED, tmp_path, unit=unit, precision=P, progress=False)
    cells = pd.read_parquet(tmp_path / "cells.parquet").sort_values("cell")
    groups = pd.read_parquet(tmp_path / "groups.parquet")
    assert info["ran_games"] == cells["games"].sum() < 2 * cap
    for _, c in cells.iterrows():
        assert c["games"] % unit == 0 and c["games"] < cap
        g = groups[groups["cell"] == c["cell"]]
        assert ((g["ci_high"] - g["ci_low"]) / 2).max() == c["max_ci_half_width"] <= P
    # one unit fewer would not have been precise enough: the stop is the first one allowed
    chunks = sorted((tmp_path / "chunks").glob("*/*.json"))
    by_cell = {}
    for f in chunks:
        by_cell.setdefault(f.parent.name, []).append(json.loads(f.read_text()))
    for docs in by_cell.values():
        docs.sort(key=lambda d: d["first_game"])
        acc = Accumulator.from_dict(docs[0]["acc"])
        for d in docs[1:-1]:
            acc.merge(Accumulator.from_dict(d["acc"]))
        assert len(docs) == 1 or not precise_enough(acc, P)
    # the same sweep again, with a different unit order (2 threads vs 1) gives the same table
    again = tmp_path / "again"
    run_sweep(GAME, BASE, {"players": "3,4"}, cap, SEED, again, unit=unit, precision=P, progress=False, threads=1)
    assert_same(tables(tmp_path), tables(again))


def test_precision_on_dask_matches_local(cluster, tmp_path):
    P, cap, unit = 0.03, 20000, 500
    local = tmp_path / "local"
    run_sweep(GAME, BASE, {"players": "3,4"}, cap, SEED, local, unit=unit, precision=P, progress=False)
    remote = tmp_path / "dask"
    run_sweep(GAME, BASE, {"players": "3,4"}, cap, SEED, remote, unit=unit, precision=P, progress=False,
              scheduler=cluster.scheduler_address)
    assert_same(tables(local), tables(remote))


def test_redone_cells_replace_their_manifest_entries(reference, tmp_path):
    """A cell redone under a new key (new code or version) replaces its old manifest entry, so
    the manifest and the tables agree (the report warns when they do not)."""
    out = tmp_path / "rekeyed"
    run_sweep(GAME, BASE, AXES, N_GAMES, SEED, out, unit=UNIT, progress=False)
    man = json.loads((out / "manifest.json").read_text())
    man["done"] = {"older-build-" + k: v for k, v in man["done"].items()}
    (out / "manifest.json").write_text(json.dumps(man))
    run_sweep(GAME, BASE, AXES, N_GAMES, SEED, out, unit=UNIT, progress=False)
    done = json.loads((out / "manifest.json").read_text())["done"]
    assert len(done) == 4 and not any(k.startswith("older-build-") for k in done)
    assert sorted(v["cell"] for v in done.values()) == sorted(pd.read_parquet(out / "cells.parquet")["cell"])
    assert_same(reference, tables(out))


def test_precision_not_reached_at_the_cap_is_reported(tmp_path):
    """A cell that reaches the game cap before the precision asked says so: its widest half-width
    is in the cells table and the report's header warns."""
    from simsuite.report import make_report

    P, cap, unit = 0.001, 1000, 500
    run_sweep(GAME, BASE, {"players": "3,4"}, cap, SEED, tmp_path, unit=unit, precision=P, progress=False)
    cells = pd.read_parquet(tmp_path / "cells.parquet")
    assert (cells["games"] == cap).all() and (cells["max_ci_half_width"] > P).all()
    res = make_report(tmp_path, tmp_path / "report")
    html = open(res["html"]).read()
    assert "2 of 2 cells reached the game cap" in html
    assert not any("max_ci_half_width" in f for f in res["findings"])  # a result, not a parameter
    from simsuite import __version__

    for t in ("groups", "hists", "h2h", "comps"):  # every result row says where it came from
        df = pd.read_parquet(tmp_path / f"{t}.parquet")
        assert len(df) and (df["seed"] == SEED).all() and (df["simsuite_version"] == __version__).all(), t
        assert df["config_hash"].isin(cells["config_hash"]).all(), t


def test_report_of_a_sweep_name_defines_the_sweep_as_sweep_does():
    """`simsuite report NAME` and `simsuite sweep --config NAME.toml` build the same sweep: the
    file's precision (with its finer unit), rotation on by default, the file's seed."""
    from simsuite import games
    from simsuite.sweep_file import sweep_plan

    g = games.get("star-cartel")
    spec = dict(game="star-cartel", seed=5, games=1000, precision=0.01, sweep={"players": "3,4"})
    base, axes, n, seed, unit, precision = sweep_plan(g, spec)
    assert (base["rotate"], n, seed, unit, precision) == (True, 1000, 5, 1 << 16, 0.01)
    assert sweep_plan(g, spec, seed=1)[3] == 1  # a seed given on the command line wins
    assert sweep_plan(g, dict(spec, set={"rotate": False}))[0]["rotate"] is False


def test_units_from_a_worker_with_other_code_are_refused(tmp_path, monkeypatch):
    """A unit played by a worker running other simsuite code is not stored as this code's result:
    the sweep stops with one line naming --scheduler; the units stored before it are kept."""
    import simsuite.sweep as sw
    from simsuite.errors import BadInput

    real = sw.run_unit
    calls = []

    def worker(*a, **kw):
        doc = real(*a, **kw)
        calls.append(1)
        if len(calls) == 3:
            doc["code_hash"] = "0123456789abcdef0123"  # the third unit comes from another checkout
        return doc

    monkeypatch.setattr(sw, "run_unit", worker)
    with pytest.raises(BadInput) as e:
        run_sweep(GAME, BASE, AXES, N_GAMES, SEED, tmp_path, unit=UNIT, progress=False)
    assert e.value.field == "--scheduler" and "0123456789abcdef0123" in str(e.value)
    store = sw.ChunkStore(tmp_path, GAME.code_hash())
    stored = sum(store.has(GAME.config_hash(c), g0) for c in sw.plan_cells(GAME, BASE, AXES)
                 for g0 in range(0, N_GAMES, UNIT))
    assert stored == 2
