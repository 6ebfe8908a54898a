"""`pip install .` (not editable) works: the wheel carries the configs, strategies and report
template as package data, and the installed command runs from a directory outside the checkout,
writing its results there and its generated kernels to the user cache directory.

Slow-ish (a wheel build, a virtual environment and one cold Star Cartel compile: 1-2 minutes),
but part of the suite: it is the only test of the installed layout.
"""
import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

pytestmark = pytest.mark.own_kernel  # a wheel in a fresh environment: a cold Star Cartel compile there

ROOT = Path(__file__).resolve().parents[2]  # tests/common/ -> the checkout


def _env(home: Path) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "SIMSUITE_CACHE_DIR", "VIRTUAL_ENV")}
    env["HOME"] = str(home)  # the default cache is ~/.cache/simsuite: a fresh one, to see it used
    env["XDG_CACHE_HOME"] = str(home / ".cache")
    return env


@pytest.fixture(scope="module")
def venv(tmp_path_factory):
    base = tmp_path_factory.mktemp("wheel")
    dist = base / "dist"
    r = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
                        "-w", str(dist), str(ROOT)], capture_output=True, text=True, timeout=600, cwd=base)
    assert r.returncode == 0, r.stderr
    wheel = next(dist.glob("simsuite-*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    for need in ("simsuite/data/configs/sweeps/star-cartel-crash.toml", "simsuite/data/configs/star_cartel/ships.toml",
                 "simsuite/data/strategies/star_cartel/market.py", "simsuite/data/strategies/cosmic/basic.py",
                 "simsuite/data/templates/report.html"):
        assert need in names, f"{need} is not in the wheel"
    # numba, numpy, pandas ... come from the system; only simsuite goes into the environment (even
    # though the system has simsuite already: an editable install of a checkout, same version)
    v = base / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", str(v)], check=True, timeout=300)
    py = v / "bin" / "python"
    r = subprocess.run([str(py), "-m", "pip", "install", "--no-deps", "--ignore-installed", "-q", "--disable-pip-version-check",
                        str(wheel)], capture_output=True, text=True, timeout=600, cwd=base)
    assert r.returncode == 0, r.stderr
    home = base / "home"
    (home).mkdir()
    work = base / "elsewhere"  # the user's directory, outside the checkout
    work.mkdir()
    return dict(py=py, bin=v / "bin", env=_env(home), home=home, work=work, venv=v)


def _sim(venv, *args, timeout=900):
    return subprocess.run([str(venv["bin"] / "simsuite"), *map(str, args)], capture_output=True, text=True,
                          cwd=venv["work"], env=venv["env"], timeout=timeout)


def test_the_installed_package_is_the_wheel(venv):
    """The environment imports the installed copy, not the checkout (an editable install of the
    checkout in the system site-packages would otherwise shadow it)."""
    r = subprocess.run([str(venv["py"]), "-c", "import simsuite, simsuite.resources as r; "
                        "print(simsuite.__file__); print(r.DATA)"],
                       capture_output=True, text=True, cwd=venv["work"], env=venv["env"], timeout=120)
    assert r.returncode == 0, r.stderr
    pkg, data = r.stdout.split()
    assert Path(pkg).is_relative_to(venv["venv"]), pkg
    assert Path(data).is_relative_to(venv["venv"]) and Path(data, "configs", "sweeps").is_dir()


def test_list_and_run_from_the_installed_package(venv):
    r = _sim(venv, "list", "--json")
    assert r.returncode == 0, r.stderr
    doc = {d["game"]: d for d in json.loads(r.stdout)}
    assert {"star-cartel", "cosmic"} <= set(doc)
    sc = doc["star-cartel"]
    assert {"market", "greedy", "random"} <= {s["name"] for s in sc["strategies"]}
    assert "star-cartel-crash" in sc["sweeps"]
    assert all(Path(s["file"]).is_relative_to(venv["venv"]) for s in sc["strategies"])

    r = _sim(venv, "run", "star-cartel", "-n", 300, "-p", 3, "-s", 5, "--json")
    assert r.returncode == 0, r.stderr
    doc = json.loads(r.stdout)
    assert doc["games"] == 300
    out = Path(doc["out"])
    if not out.is_absolute():
        out = venv["work"] / out
    # results under the current directory, the generated kernel in the user cache directory
    assert out.resolve().is_relative_to(venv["work"].resolve()) and (out / "cells.parquet").exists()
    assert list((venv["home"] / ".cache" / "simsuite" / "kernels").glob("simsuite_kernel_star_cartel_*.py"))
    site = venv["venv"] / "lib"
    assert not list(site.rglob("results")) and not list(site.rglob("simsuite_kernel_*"))
    wins = sum(gr["win_rate"] * gr["n"] for gr in doc["groups"] if gr["kind"] == "seat")
    assert 300 <= wins <= 300 * 3  # each game has a winner (shared wins count for each of them)

    # a built-in sweep definition by the path the README gives, from a directory without it
    r = _sim(venv, "sweep", "--config", "configs/sweeps/star-cartel-crash.toml", "-n", 100,
             "--set", "crash_threshold=9", "--set", "players=3", "-o", "sw", "--json")
    assert r.returncode == 0, r.stderr
    assert len(json.loads(r.stdout)["rows"]) == 1 and (venv["work"] / "sw" / "cells.parquet").exists()
