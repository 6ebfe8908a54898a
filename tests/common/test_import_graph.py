"""The import graph of the package: its layers (no module imports one of a higher layer), no cycle
among its imports, games import no other game and only public names, no private name crosses a
package, and every module imports on its own in a fresh interpreter (a module that works only after
another one was imported hides a cycle or a missing import).

Every import counts as an edge: module-level, function-level (a lazy import still ties the two
modules together: neither can be understood, tested or moved without the other) and string-named
(``importlib.import_module("simsuite...")`` / ``__import__``), and the imports of a module's own
parent package. A function-level import of a simsuite module is allowed only where LAZY says why."""
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
GAMES = sorted(p.name for p in (PKG / "games").iterdir() if (p / "__init__.py").exists())

# The layers, lowest first. A module's layer is that of the longest entry naming it or a package it
# sits in. The rule: a module imports only modules of its own layer or of lower ones, in any form
# (module-level, in a function, by a string name). What a lower layer needs from a higher one it
# receives as arguments (a game object, a callable), or the higher one registers it there: a game's
# tune plans and report sections are objects the game carries (Game.tune_plans, report_sections),
# called by the command line with the game in hand.
LAYERS = (
    # what everything may use: the package root (version, paths), errors, package data, plug-in folders,
    # progress lines
    ("foundation", ("simsuite", "simsuite.errors", "simsuite.resources", "simsuite.plugin_dirs",
                    "simsuite.progress")),
    # the kernel runtime, the statistics, what every game's files are built from
    ("engine", ("simsuite.engine", "simsuite.analysis", "simsuite.scaffold")),
    # playing games of one configuration, and storing them
    ("runner", ("simsuite.runner", "simsuite.compile_watch", "simsuite.store", "simsuite.runs")),
    ("sweep", ("simsuite.sweep",)),
    ("tune", ("simsuite.tune",)),
    # the game contract and the games: a game may build on the tuner (a game's tune plan) but nothing
    # below looks a game up
    ("games", ("simsuite.games.base", *(f"simsuite.games.{g}" for g in GAMES))),
    # the registry: the one module that lists the games
    ("registry", ("simsuite.games",)),
    # what the commands run with a game in hand: the report (a tune's report page is a report),
    # bench, `check game`, replay's sources, sweep files and their progress
    ("front", ("simsuite.report", "simsuite.tune.report", "simsuite.bench", "simsuite.testing",
               "simsuite.replay_source", "simsuite.sweep_file")),
    # the entry points: the command line, and the process a plug-in check runs its games in
    ("entry", ("simsuite.cli", "simsuite.__main__", "simsuite.games.cosmic.aliens.check_worker")),
)

# The function-level imports of simsuite modules that stay, by importing module ("pkg.*": a package
# and everything in it), and why. Each is downward or within its layer (test_no_upward_import checks
# that); third-party libraries imported in a function (matplotlib, scipy, optuna, dask) are no edge
# of this graph. Anything else imports at the module's top.
START_UP = ("imported when the command line starts: what it needs of the sweep, the store (pandas) and the "
            "runner (numba) it imports in the function that needs it, so `simsuite --help`, completion and a bad "
            "option's one-line error take about 0.25 s, not 0.9 s")
KERNEL_SIDE = ("a module the compiled kernel imports: its module-level imports are the kernel's dependencies "
               "(kernel_contract.derived_deps key the kernel's cache), so what only its Python side needs (the "
               "code generator, the alien-file loader) is imported in the function that needs it")
LAZY = {
    "simsuite.cli.*": "a command imports what it runs when it runs: " + START_UP,
    "simsuite.sweep_file": START_UP,
    "simsuite.replay_source": START_UP,
    "simsuite.runs": START_UP,
    "simsuite.games": "the registry sits in the package whose base module every game imports: importing the "
                      "games at its top would load every game whenever any module of the package is imported",
    "simsuite.engine.unmanaged": KERNEL_SIDE,
    "simsuite.games.cosmic.bots.basic.naive": KERNEL_SIDE,
    "simsuite.games.cosmic.game": "its report section (scipy.stats through power_value, half a second) when a "
                                  "report is written; the search bot's rollout engine only for a line-up that "
                                  "plays it: the game is imported by every command",
    "simsuite.games.cosmic.studies.bands": "its report (scipy.stats through analysis.robustness, half a second) when a "
                                   "plan runs or is reported, not with the game",
    # left as they are in modules other work is rewriting (the alien-file loader and its check, the
    # report): listed so that no new one is added unseen
    "simsuite.games.cosmic.aliens.files": "left: the alien-file loader is being reworked",
    "simsuite.games.cosmic.aliens.check": "left: the alien-file check is being reworked",
    "simsuite.report.*": "left: the report's modules are being reworked",
}

# Imports whose module name is computed (no literal the graph could follow), and why each is one.
DYNAMIC = {
    "simsuite.engine.checks": "the module a game declares for the hidden-information check (Game.hidden_module): "
                              "the generated check driver imports it by that name too",
    "simsuite.engine.kernel_contract": "resolves `from M import *` in a kernel's source text",
    "simsuite.games.cosmic.aliens.files": "the game's own kernel parts, by file name (left: being reworked)",
}

STRING_IMPORTERS = ("import_module", "__import__")


def _string_import(node) -> str | None:
    """The module a call ``importlib.import_module("a.b")`` / ``__import__("a.b")`` names (a literal
    string), else None."""
    if not isinstance(node, ast.Call) or not node.args:
        return None
    f = node.func
    fname = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""
    arg = node.args[0]
    if fname in STRING_IMPORTERS and isinstance(arg, ast.Constant) and isinstance(arg.value, str):
        return arg.value
    return None


def _dynamic_import(node) -> bool:
    """A call of import_module / __import__ whose module is computed (no literal)."""
    if not isinstance(node, ast.Call) or not node.args:
        return False
    f = node.func
    fname = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""
    return fname in STRING_IMPORTERS and _string_import(node) is None


def _imports(path, *, top_level: bool) -> set[str]:
    """The simsuite modules importing this module runs (module-level statements only when
    top_level, else function-level and string-named ones too)."""
    return imports_of(path.read_text(), _name(path), path.name == "__init__.py", set(NAMES), top_level=top_level)


def _resolve(node, pkg: str) -> str:
    if node.level:
        base = pkg.split(".")[: len(pkg.split(".")) - node.level + 1]
        return ".".join(base + ([node.module] if node.module else []))
    return node.module or ""


def imports_of(source: str, me: str, is_package: bool, known: set[str], *, top_level: bool = False) -> set[str]:
    """The modules in `known` that module `me` imports. What it names counts (``from a.b import
    f`` imports a.b; ``from a.b import c`` with a.b.c a module imports a.b.c), its own parent
    package included: ``from . import helper`` in a.b.c runs a.b's __init__, a cycle when that
    imports a.b.c. Importing a.b.c also runs a/__init__ and a/b/__init__ first: that counts for
    packages outside the module's own, not for the packages it sits in (Python runs those before
    the module itself, so they are already being imported). Unless top_level, imports in functions
    and string-named ones (``importlib.import_module("a.b")``) count too."""
    pkg = me if is_package else me.rpartition(".")[0]
    tree = ast.parse(source)
    nodes = tree.body if top_level else list(ast.walk(tree))
    named = set()
    for node in nodes:
        if isinstance(node, ast.Import):
            named |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            mod = _resolve(node, pkg)
            subs = {f"{mod}.{a.name}" for a in node.names} & known  # `from pkg import module`
            named |= subs
            if len(subs) < len(node.names):  # a name defined in mod itself
                named.add(mod)
        elif (s := _string_import(node)) is not None:
            named.add(s)
    out = set()
    for m in named:
        parts = m.split(".")
        out |= {m} & known
        out |= {p for p in (".".join(parts[:i]) for i in range(1, len(parts))) if p in known and not me.startswith(p + ".")}
    return out - {me}


def function_level_imports(source: str, me: str, is_package: bool, known: set[str]) -> list[tuple[int, str]]:
    """(line, module) of each import of a module in `known` that is not a module-level statement
    (in a function, a class body or a branch)."""
    pkg = me if is_package else me.rpartition(".")[0]
    tree = ast.parse(source)
    top = {id(n) for n in tree.body}
    out = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)) and id(node) not in top:
            mods = [a.name for a in node.names] if isinstance(node, ast.Import) else [_resolve(node, pkg)]
            out += [(node.lineno, m) for m in mods if m in known or any(k.startswith(m + ".") for k in known)]
    return out


def layer_of(name: str) -> int:
    best, where = -1, None
    for i, (_, prefixes) in enumerate(LAYERS):
        for p in prefixes:
            if (name == p or name.startswith(p + ".")) and len(p) > best:
                best, where = len(p), i
    assert where is not None, f"{name} is in no layer: add it to LAYERS"
    return where


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


def _covers(key: str, name: str) -> bool:
    return name == key[:-2] or name.startswith(key[:-1]) if key.endswith(".*") else name == key


def _lazy_reason(name: str) -> str | None:
    keys = [k for k in LAZY if _covers(k, name)]
    return LAZY[max(keys, key=len)] if keys else None


def test_no_cycle_among_imports():
    """Function-level and string-named imports count: a cycle closed inside a function still ties
    the modules into one and breaks when that function is called during an import."""
    graph = {n: _imports(p, top_level=False) for n, p in NAMES.items()}
    assert _cycle(graph) is None, " -> ".join(_cycle(graph))


def test_no_cycle_among_module_level_imports():
    graph = {n: _imports(p, top_level=True) for n, p in NAMES.items()}
    assert _cycle(graph) is None, " -> ".join(_cycle(graph))


def test_no_upward_import():
    """No module imports a module of a higher layer (LAYERS), at module level, in a function or by a
    string name."""
    bad = []
    for n, p in NAMES.items():
        for m in sorted(_imports(p, top_level=False)):
            if layer_of(m) > layer_of(n):
                bad.append(f"{n} ({LAYERS[layer_of(n)][0]}) imports {m} ({LAYERS[layer_of(m)][0]})")
    assert not bad, bad


def test_function_level_imports_are_listed_with_their_reason():
    """A function-level import of a simsuite module hides an edge from a reader of the module's
    head: each that stays is in LAZY with its reason, and each LAZY entry still has one."""
    known = set(NAMES)
    unlisted, used = [], set()
    for n, p in NAMES.items():
        for line, m in function_level_imports(p.read_text(), n, p.name == "__init__.py", known):
            if _lazy_reason(n) is None:
                unlisted.append(f"{n}:{line} imports {m} in a function")
            else:
                used |= {k for k in LAZY if _covers(k, n)}
    assert not unlisted, unlisted
    assert not set(LAZY) - used, f"LAZY entries with no function-level import left: {sorted(set(LAZY) - used)}"


def test_no_simsuite_module_is_imported_by_a_string_and_computed_imports_are_listed():
    """No import_module / __import__ with a literal simsuite module name (an import a reader of the
    module's head cannot see: import it, or have the upper layer hand the object over, as a game's
    tune plans are); an import by a computed name is only where DYNAMIC says why."""
    bad, used = [], set()
    for n, p in NAMES.items():
        for node in ast.walk(ast.parse(p.read_text())):
            s = _string_import(node)
            if s is not None and s.split(".")[0] == "simsuite":
                bad.append(f"{n}:{node.lineno} imports {s!r} by name")
            if _dynamic_import(node):
                if n in DYNAMIC:
                    used.add(n)
                else:
                    bad.append(f"{n}:{node.lineno} imports a module by a computed name")
    assert not bad, bad
    assert used == set(DYNAMIC), f"DYNAMIC entries with no such import left: {sorted(set(DYNAMIC) - used)}"


def test_imports_of_counts_function_level_string_named_and_parent_package_imports():
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
    assert function_level_imports(src, "p.report.common", False, known) == [(2, "p")]
    assert function_level_imports("from p import games\n", "p.report.common", False, known) == []
    # a string-named import: the module it names (and that module's packages)
    src = "import importlib\n\ndef f():\n    return importlib.import_module('p.report.common')\n"
    assert imports_of(src, "p.games.g", False, known) == {"p.report", "p.report.common"}
    assert imports_of("m = __import__('p.cli')\n", "p.games.g", False, known) == {"p.cli"}
    # a package's __init__ importing its own submodule
    assert imports_of("from .cmd import x\n", "p.cli", True, known) == {"p.cli.cmd"}


def test_layers_name_every_module_and_an_upward_import_is_found():
    for n in NAMES:
        layer_of(n)
    assert layer_of("simsuite.sweep") < layer_of("simsuite.tune") < layer_of("simsuite.games.cosmic.game")
    assert layer_of("simsuite.games.cosmic.game") < layer_of("simsuite.games") < layer_of("simsuite.report")
    assert layer_of("simsuite.tune.report") == layer_of("simsuite.report")  # longest entry wins
    # the check itself: a lower module that names a higher one is found, in a function or by a string
    known = set(NAMES)
    lazy = "def f():\n    from simsuite.report import make_report\n"
    by_name = "import importlib\nM = importlib.import_module('simsuite.games.cosmic.studies.bands')\n"
    for src in (lazy, by_name):
        up = [m for m in imports_of(src, "simsuite.sweep", False, known) if layer_of(m) > layer_of("simsuite.sweep")]
        assert up, src


def test_no_private_name_crosses_a_package():
    """No module imports a private name (leading underscore) from another package's module, and no
    package's __init__ re-exports a private name of its modules: a private name is free to change
    without notice, so code built on one breaks with no warning."""
    bad = []
    for n, p in NAMES.items():
        is_pkg = p.name == "__init__.py"
        pkg = n if is_pkg else n.rpartition(".")[0]
        for node in ast.walk(ast.parse(p.read_text())):
            if not isinstance(node, ast.ImportFrom):
                continue
            mod = _resolve(node, pkg)
            if mod.split(".")[0] != "simsuite":
                continue
            mod_pkg = mod if (ROOT / mod.replace(".", "/")).is_dir() else mod.rpartition(".")[0]
            for a in node.names:
                if a.name.startswith("_") and not a.name.endswith("__") and (mod_pkg != pkg or is_pkg):
                    bad.append(f"{n} imports {mod}.{a.name}")
    assert not bad, bad


def test_the_cycle_check_finds_a_cycle():
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None


def test_shared_modules_import_no_game_and_games_no_other_game():
    assert len(GAMES) >= 3
    bad = []
    for n, p in NAMES.items():
        if n == "simsuite.games":  # the registry: the one shared module that lists the games
            continue
        own = n.split(".")[2] if n.startswith("simsuite.games.") and n.count(".") >= 2 else None
        for m in _imports(p, top_level=False):
            parts = m.split(".")
            if len(parts) >= 3 and parts[1] == "games" and parts[2] in GAMES and parts[2] != own:
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
