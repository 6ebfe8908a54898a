"""Building the rollout engine of the searching players (the Python side of search.py, kept apart
from it so the kernel's sources, which include search.py, do not include this module's imports).

``rollout_module`` writes the Cosmic kernel source followed by ``rollout_driver.py`` into one
module in the cache directory and imports it; importing compiles the rollout search as a C
callback (or loads it from numba's cache), and ``rollout_address`` gives the address the game
kernel calls it through (``cfg[C_SEARCH_FN]``).
"""
from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

from simsuite.compile_watch import compiling
from simsuite.engine import jitlink
from simsuite.engine.codegen import all_deps, cache_dir, kernel_source, sources_hash
from simsuite.resources import DATA

HERE = Path(__file__).resolve().parent
VALUE_FILE = DATA / "cosmic" / "value_function.toml"  # the rollouts' value function

ROLLOUT_DRIVER = HERE / "rollout_driver.py"
_rollout = {}


def rollout_sources(kernel_parts: list[Path]) -> list[Path]:
    """Every source the rollout module is compiled from (its name is a hash of them); kernel_parts:
    the game's (Game.kernel_parts), passed in so this module needs no game registry."""
    own = [*kernel_parts, HERE / "rollout.py", ROLLOUT_DRIVER]
    return [*own, *all_deps(own), Path(jitlink.__file__), VALUE_FILE]


def rollout_module(kernel_parts: list[Path]):
    """Write (if needed) and import the rollout module: kernel source + rollout_driver.py. Importing
    it compiles ``search_cfunc`` or loads it from numba's cache."""
    srcs = rollout_sources(kernel_parts)
    modname = f"simsuite_rollout_cosmic_{sources_hash(srcs)}"
    if modname in _rollout:
        return _rollout[modname]
    path = cache_dir() / "kernels" / f"{modname}.py"
    if not path.exists():
        text = "\n".join([kernel_source(kernel_parts), "",
                          "# ---- simsuite/games/cosmic/bots/search/rollout_driver.py ----", ROLLOUT_DRIVER.read_text(), ""])
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".tmp{os.getpid()}")
        tmp.write_text(text)
        os.replace(tmp, path)
    spec = importlib.util.spec_from_file_location(modname, path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[modname] = mod
    cached = any((path.parent / "__pycache__").glob(f"{modname}._search_cfunc-*.nbi"))
    with compiling("rollout engine of the searching players", "cosmic_rollout", cached):
        spec.loader.exec_module(mod)  # compiles search_cfunc, or loads it from numba's cache
    _rollout[modname] = mod
    return mod


def rollout_address(kernel_parts: list[Path]) -> int:
    """Address of the compiled rollout search, for cfg[C_SEARCH_FN] (valid in this process), built
    from the game's kernel parts (Game.kernel_parts)."""
    return int(rollout_module(kernel_parts).search_cfunc.address)
