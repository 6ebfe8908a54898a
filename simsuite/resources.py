"""The data simsuite ships inside the package (``simsuite/data``), found through importlib.resources.

* ``configs/<game>/*.toml``  rule data files (the default values of the games' path parameters)
* ``configs/sweeps/*.toml``  the built-in sweep definitions (``simsuite report NAME``)
* ``strategies/<game>/*.py`` the built-in strategies
* ``templates/report.html``  the report template

A checkout keeps ``configs`` and ``strategies`` at its top level as links to these folders, so the
paths the README uses work there too. What simsuite writes (results, reports) goes under the
current directory or ``--out``; generated kernels go to the cache directory (codegen.cache_dir).
"""
from __future__ import annotations

from importlib.resources import files
from pathlib import Path


def data_dir() -> Path:
    d = files("simsuite") / "data"
    # numba compiles the strategies and the codegen pastes sources by file path, so the data must
    # be real files on disk (a zipped install cannot work)
    if not isinstance(d, Path):
        raise RuntimeError(f"simsuite's data ({d}) is not a folder on disk; install simsuite unzipped")
    return d


DATA = data_dir()
CONFIGS = DATA / "configs"
SWEEPS = CONFIGS / "sweeps"
STRATEGIES = DATA / "strategies"
TEMPLATE = DATA / "templates" / "report.html"


def sweep_file(given: str | Path, kind: str = "sweeps") -> Path:
    """A --config path as given; when no such file exists and it names a built-in definition
    (``configs/sweeps/NAME.toml`` as the README writes it, or just NAME; kind "tunes": configs/tunes),
    the packaged one, so the README's commands work from any directory after ``pip install``."""
    p = Path(given)
    if p.exists():
        return p
    name = p.name if p.suffix == ".toml" else p.name + ".toml"
    built_in = CONFIGS / kind / name
    if built_in.is_file() and (len(p.parts) == 1 or p.parent.as_posix().endswith(f"configs/{kind}")):
        return built_in
    return p
