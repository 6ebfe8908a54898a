"""The import graph of the package: no cycle among module-level imports, shared modules import no
game, games import no other game, and every module imports on its own in a fresh interpreter (a
module that works only after another one was imported hides a cycle or a missing import)."""
from __future__ import annotations

import ast
import subprocess
import sys

from simsuite import ROOT

PKG = ROOT / "simsuite"
MODULES = sorted(p for p in PKG.rglob("*.py") if "data" not in p.relative_to(PKG).parts)


def _name(path) -> str:
    rel = path.relative_to(ROOT).with_suffix("")
    parts = list(rel.parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


NAMES = {_name(p): p for p in MODULES}


def _imports(path, *, top_level: bool) -> set[str]:
    """The simsuite modules a module imports (module-level statements only when top_level), each
    with the packages above it (importing a.b.c runs a/__init__ and a/b/__init__ first)."""
    me = _name(path)
    pkg = me if path.name == "__init__.py" else me.rpartition(".")[0]
    tree = ast.parse(path.read_text())
    nodes = tree.body if top_level else list(ast.walk(tree))
    found = set()
    for node in nodes:
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = pkg.split(".")[: len(pkg.split(".")) - node.level + 1]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            found.add(mod)
            found |= {f"{mod}.{a.name}" for a in node.names}  # `from pkg import module`
    out = set()
    for m in found:
        parts = m.split(".")
        out |= {".".join(parts[:i]) for i in range(1, len(parts) + 1)} & set(NAMES)
    return out - {me}


def _cycle(graph) -> list[str] | None:
    state, stack = {}, []

    def visit(n):
        state[n] = 1
        stack.append(n)
        for m in sorted(graph[n]):
            if state.get(m) == 1:
                return stack[stack.index(m):] + [m]
            if m not in state:
                c = visit(m)
                if c:
                    return c
        stack.pop()
        state[n] = 2
        return None

    for n in sorted(graph):
        if n not in state:
            c = visit(n)
            if c:
                return c
    return None


def test_no_cycle_among_module_level_imports():
    graph = {n: _imports(p, top_level=True) for n, p in NAMES.items()}
    # a package's own __init__ importing its submodules is no cycle (it runs first, they run inside it)
    graph = {n: {m for m in ms if not n.startswith(m + ".")} for n, ms in graph.items()}
    assert _cycle(graph) is None, " -> ".join(_cycle(graph))


def test_the_cycle_check_finds_a_cycle():
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None


def test_shared_modules_import_no_game_and_games_no_other_game():
    games = sorted({n.split(".")[2] for n in NAMES if n.startswith("simsuite.games.") and n.count(".") >= 2
                    and (PKG / "games" / n.split(".")[2]).is_dir()})
    assert len(games) >= 3
    bad = []
    for n, p in NAMES.items():
        if n == "simsuite.games":  # the registry: the one shared module that lists the games
            continue
        own = n.split(".")[2] if n.startswith("simsuite.games.") and n.count(".") >= 2 else None
        for m in _imports(p, top_level=False):
            parts = m.split(".")
            if len(parts) >= 3 and parts[1] == "games" and parts[2] in games and parts[2] != own:
                bad.append(f"{n} imports {m}")
    assert not bad, bad


def test_every_module_imports_on_its_own():
    """Each module in a fresh interpreter state of simsuite (its modules dropped from sys.modules
    between imports), so no module relies on another having been imported first."""
    code = ("import importlib, sys\nbad = []\nfor name in sys.argv[1:]:\n"
            "    for k in [k for k in sys.modules if k == 'simsuite' or k.startswith('simsuite.')]:\n"
            "        del sys.modules[k]\n"
            "    try:\n        importlib.import_module(name)\n"
            "    except Exception as e:\n        bad.append(f'{name}: {e.__class__.__name__}: {e}')\n"
            "print('\\n'.join(bad))\n")
    # the drivers (batch_driver.py, check_driver.py, a game's rollout_driver.py) are source text that
    # codegen pastes after a kernel, not modules to import
    names = [n for n, p in NAMES.items() if not n.endswith("__main__") and not p.name.endswith("_driver.py")]
    r = subprocess.run([sys.executable, "-c", code, *names], capture_output=True, text=True, cwd=ROOT, timeout=600)
    assert r.returncode == 0, r.stderr[-2000:]
    assert not r.stdout.strip(), r.stdout
