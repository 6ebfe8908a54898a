"""The import graph of the package: no cycle among its imports (function-level ones and imports of a
module's own parent package included), shared modules import no game, games import no other game
and only public names of the shared modules, and every module imports on its own in a fresh
interpreter (a module that works only after another one was imported hides a cycle or a missing
import)."""
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
    """The simsuite modules importing this module runs (module-level statements only when
    top_level, else function-level ones too)."""
    return imports_of(path.read_text(), _name(path), path.name == "__init__.py", set(NAMES), top_level=top_level)


def imports_of(source: str, me: str, is_package: bool, known: set[str], *, top_level: bool = False) -> set[str]:
    """The modules in `known` that module `me` imports. What it names counts (``from a.b import
    f`` imports a.b; ``from a.b import c`` with a.b.c a module imports a.b.c), its own parent
    package included: ``from . import helper`` in a.b.c runs a.b's __init__, a cycle when that
    imports a.b.c. Importing a.b.c also runs a/__init__ and a/b/__init__ first: that counts for
    packages outside the module's own, not for the packages it sits in (Python runs those before
    the module itself, so they are already being imported)."""
    pkg = me if is_package else me.rpartition(".")[0]
    tree = ast.parse(source)
    nodes = tree.body if top_level else list(ast.walk(tree))
    named = set()
    for node in nodes:
        if isinstance(node, ast.Import):
            named |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = pkg.split(".")[: len(pkg.split(".")) - node.level + 1]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            subs = {f"{mod}.{a.name}" for a in node.names} & known  # `from pkg import module`
            named |= subs
            if len(subs) < len(node.names):  # a name defined in mod itself
                named.add(mod)
    out = set()
    for m in named:
        parts = m.split(".")
        out |= {m} & known
        out |= {p for p in (".".join(parts[:i]) for i in range(1, len(parts))) if p in known and not me.startswith(p + ".")}
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


def test_no_cycle_among_imports():
    """Function-level imports count: a cycle closed inside a function still ties the modules into
    one (neither can be understood, tested or moved without the other) and breaks when that
    function is called during an import."""
    graph = {n: _imports(p, top_level=False) for n, p in NAMES.items()}
    assert _cycle(graph) is None, " -> ".join(_cycle(graph))


def test_no_cycle_among_module_level_imports():
    graph = {n: _imports(p, top_level=True) for n, p in NAMES.items()}
    assert _cycle(graph) is None, " -> ".join(_cycle(graph))


def test_imports_of_counts_function_level_and_parent_package_imports():
    known = {"p", "p.cli", "p.cli.cmd", "p.cli.base", "p.games", "p.games.g", "p.report", "p.report.common"}
    # a command importing its own package's __init__ (which imports the command): an edge to the parent
    assert imports_of("from . import cli_helper\n", "p.cli.cmd", False, known) == {"p.cli"}
    assert imports_of("from p.cli import main\n", "p.cli.cmd", False, known) == {"p.cli"}
    # a sibling module named through the package: the sibling, not the package being imported
    assert imports_of("from . import base\n", "p.cli.cmd", False, known) == {"p.cli.base"}
    assert imports_of("from .base import cli\n", "p.cli.cmd", False, known) == {"p.cli.base"}
    # another package's module runs that package's __init__ first
    assert imports_of("from p.report.common import table\n", "p.games.g", False, known) == {"p.report",
                                                                                          "p.report.common"}
    # inside a function: counted unless only module-level imports are asked for
    src = "def f():\n    from p import games\n    return games\n"
    assert imports_of(src, "p.report.common", False, known) == {"p.games"}
    assert imports_of(src, "p.report.common", False, known, top_level=True) == set()
    # a package's __init__ importing its own submodule
    assert imports_of("from .cmd import x\n", "p.cli", True, known) == {"p.cli.cmd"}


def test_games_use_only_public_names_of_shared_modules():
    """A game imports public names only (no leading underscore) from the shared modules: a private
    name is free to change without notice, so a game built on one breaks with no warning."""
    bad = []
    for n, p in NAMES.items():
        if not n.startswith("simsuite.games.") or n.count(".") < 3:
            continue
        own = ".".join(n.split(".")[:3])
        for node in ast.walk(ast.parse(p.read_text())):
            if isinstance(node, ast.ImportFrom) and not node.level and (node.module or "").startswith("simsuite"):
                if node.module == own or node.module.startswith(own + "."):
                    continue
                bad += [f"{n} imports {node.module}.{a.name}" for a in node.names
                        if a.name.startswith("_") and not a.name.endswith("__")]
    assert not bad, bad


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
