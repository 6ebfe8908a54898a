"""Results are keyed by the code's hash: the same sources must give the same key wherever they
are installed (a checkout, a pip install, a copy), while the generated module's name keeps the
location (its text loads strategies by path)."""
import shutil
from pathlib import Path

import simsuite.games.cosmic.bots.search.rollout_build as RB
from simsuite.engine.codegen import StrategyInfo, code_digest
from simsuite.games import get


def _copy_tree(paths, root):
    out = []
    for i, p in enumerate(paths):
        d = root / f"d{i}"
        d.mkdir(parents=True)
        out.append(shutil.copy(p, d / p.name))
    return [type(paths[0])(q) for q in out]


def test_code_hash_does_not_depend_on_install_location(tmp_path):
    g = get("star-cartel")
    parts, deps, strats = g.kernel_parts(), g._deps(), g.strategies()
    here = code_digest(parts, deps, strats)
    assert here == g.code_hash()
    parts2 = _copy_tree(parts, tmp_path / "parts")
    deps2 = _copy_tree(deps, tmp_path / "deps")
    strats2 = [StrategyInfo(s.name, p, s.description)
               for s, p in zip(strats, _copy_tree([s.path for s in strats], tmp_path / "strats"))]
    assert code_digest(parts2, deps2, strats2) == here
    # the module name does follow the location ...
    assert code_digest(parts2, deps2, strats2, located=True) != code_digest(parts, deps, strats, located=True)
    # ... and any change of content changes the key
    parts2[0].write_text(parts2[0].read_text() + "\n# changed\n")
    assert code_digest(parts2, deps2, strats2) != here


def test_a_change_to_the_rollout_engine_keys_results_afresh_without_a_kernel_recompile(monkeypatch):
    """The searching players' rollout engine is compiled apart from the Cosmic kernel (called
    through its address), yet a search game's record depends on it: a change to any of its own
    sources (the race, the rollout's strategy, its driver, the value function) changes the results'
    key, and leaves the kernel module's name (its compile) as it was."""
    g = get("cosmic")
    key, module = g.code_hash(), g.kernel_digest()
    here = Path(RB.__file__).resolve().parent
    for changed in (here / "race.py", here / "rollout.py", RB.ROLLOUT_DRIVER, RB.VALUE_FILE):
        real = Path.read_bytes

        def read_bytes(p, changed=changed, real=real):
            data = real(p)
            return data + b"\n# changed\n" if Path(p).resolve() == changed.resolve() else data

        monkeypatch.setattr(Path, "read_bytes", read_bytes)
        assert g.code_hash() != key, changed.name
        assert g.kernel_digest() == module, changed.name
        monkeypatch.undo()
