"""What a game kernel owes the shared kernel code, checked on the source before numba sees it, and
the files a kernel is built from, found from the imports (never listed by hand).

The batch driver (``batch_driver.py``) and the prelude (``scaffold/prelude.py``) are pasted after a
game's kernel and use names they do not define: the game's layout constants, its record offsets and
its ``play_game``, ``score_game``, ``play_turn`` and ``check_invariants``. The list of those names
is read from the two files themselves (every global name they use but do not define or import),
so it cannot fall behind them. A kernel that lacks one of them, that never counts its turns
(``st[S_TURN] += 1`` in ``play_turn``: the turn cap would never end a game, or end it at once) or
whose ``after_decide`` hook has another signature is refused with one line; without this, numba
reports a page of typing errors pointing into the generated module.
"""
from __future__ import annotations

import ast
import builtins
import importlib
import importlib.util
import sys
from pathlib import Path

from ..errors import BadInput, did_you_mean

PKG = Path(__file__).resolve().parent
BATCH_DRIVER = PKG / "batch_driver.py"
PRELUDE = PKG.parent / "scaffold" / "prelude.py"
DOC = "docs/internals/adding-a-game.md"
HOOK_ARGS = ("st", "i", "kind", "me")  # after_decide(st, i, kind, me) -> the answer played
# the signatures the driver and the prelude call (argument counts)
CALLED = {"play_game": 5, "score_game": 6, "play_turn": 5, "check_invariants": 2}


def _bound_names(tree) -> set[str]:
    """Every name a module binds anywhere: definitions, imports, assignments, arguments, loop
    variables (the free names are the used ones that are not among these)."""
    out = set()
    for n in ast.walk(tree):
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            out.add(n.name)
        elif isinstance(n, ast.arg):
            out.add(n.arg)
        elif isinstance(n, ast.Name) and isinstance(n.ctx, (ast.Store, ast.Del)):
            out.add(n.id)
        elif isinstance(n, (ast.Import, ast.ImportFrom)):
            out |= {(a.asname or a.name).split(".")[0] for a in n.names}
        elif isinstance(n, (ast.ExceptHandler, ast.MatchAs, ast.MatchStar)) and n.name:
            out.add(n.name)
    return out


def _free_names(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    used = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
    # names the driver guards with `if "X" not in globals()` are optional (STATE_ZERO)
    optional = {c.value for n in ast.walk(tree) if isinstance(n, ast.Compare)
                for c in [n.left] if isinstance(c, ast.Constant) and isinstance(c.value, str)}
    return used - _bound_names(tree) - set(dir(builtins)) - optional


def required_names() -> list[str]:
    """The names the batch driver and the prelude take from the game's kernel, sorted."""
    return sorted((_free_names(BATCH_DRIVER) | _free_names(PRELUDE)) - {"strategy_decide"})


def _star_names(module: str) -> set[str]:
    mod = importlib.import_module(module)
    names = getattr(mod, "__all__", None)
    return set(names) if names is not None else {n for n in vars(mod) if not n.startswith("_")}


def provided_names(tree) -> set[str]:
    """Names the module defines or imports at top level (``import *`` resolved by importing)."""
    out = set()
    for n in tree.body:
        if isinstance(n, (ast.FunctionDef, ast.ClassDef)):
            out.add(n.name)
        elif isinstance(n, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = n.targets if isinstance(n, ast.Assign) else [n.target]
            out |= {e.id for t in targets for e in ast.walk(t) if isinstance(e, ast.Name)}
        elif isinstance(n, ast.Import):
            out |= {(a.asname or a.name).split(".")[0] for a in n.names}
        elif isinstance(n, ast.ImportFrom):
            for a in n.names:
                if a.name == "*":
                    try:
                        out |= _star_names(n.module)
                    except ImportError:
                        pass  # reported below as the names it should have brought
                else:
                    out.add(a.asname or a.name)
    return out


def _function(tree, name):
    for n in tree.body:
        if isinstance(n, ast.FunctionDef) and n.name == name:
            return n
    return None


def _counts_turns(fn) -> bool:
    """``st[S_TURN] += 1`` (or ``= st[S_TURN] + 1``) somewhere in the function."""
    for n in ast.walk(fn):
        if isinstance(n, ast.AugAssign) and isinstance(n.op, ast.Add) and getattr(n.value, "value", 0) == 1:
            t = n.target
        elif isinstance(n, ast.Assign) and len(n.targets) == 1:
            t = n.targets[0]
        else:
            continue
        if isinstance(t, ast.Subscript) and isinstance(t.slice, ast.Name) and t.slice.id == "S_TURN":
            return True
    return False


def kernel_problem(source: str) -> str:
    """'' if the pasted kernel source (the game's parts and the prelude, before the driver) keeps
    the contract, else what is wrong, as a phrase."""
    tree = ast.parse(source)
    have = provided_names(tree)
    missing = [n for n in required_names() if n not in have]
    if missing:
        names = ", ".join(f"`{n}`" for n in missing)
        return f"{names} {'is' if len(missing) == 1 else 'are'} missing"
    for name, nargs in CALLED.items():
        fn = _function(tree, name)
        if fn is not None and len(fn.args.args) != nargs:
            return f"`{name}` takes {len(fn.args.args)} arguments; the driver passes {nargs}"
    play_turn = _function(tree, "play_turn")
    if play_turn is not None and not _counts_turns(play_turn):
        return "`play_turn` never counts the turn (`st[S_TURN] += 1`), so the turn cap (max_turns) cannot work"
    hook = _function(tree, "after_decide")
    if hook is not None and tuple(a.arg for a in hook.args.args) != HOOK_ARGS:
        return f"`after_decide` must take ({', '.join(HOOK_ARGS)})"
    return ""


def check_kernel(game_name: str, source: str) -> None:
    """Refuse a kernel that breaks the contract: one line (BadInput: exit status 2 on the CLI)."""
    problem = kernel_problem(source)
    if problem:
        raise BadInput(f"kernel of {game_name}", f"{problem}; see {DOC}")


# ---- names used but never defined ---------------------------------------------------------------
# what a module has without defining it (besides the builtins)
MODULE_DUNDERS = {"__file__", "__name__", "__doc__", "__builtins__", "__spec__", "__loader__", "__package__"}


def _guarded(tree) -> set[str]:
    """Names compared as strings (``if "X" not in globals()``): optional, looked up by name."""
    return {c.value for n in ast.walk(tree) if isinstance(n, ast.Compare)
            for c in [n.left] if isinstance(c, ast.Constant) and isinstance(c.value, str)}


def undefined_names(tree, more=()) -> list[tuple[int, str]]:
    """(line, name) of every name the module reads that nothing defines: not a builtin, not one of
    its top-level names (``import *`` resolved), not bound in the function that reads it (its
    arguments, assignments, loop variables, nested definitions), not in `more` (names another
    file pasted beside it provides). In line order."""
    top = [n for n in tree.body if not isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))]
    known = (provided_names(tree) | _bound_names(ast.Module(body=top, type_ignores=[])) | set(dir(builtins))
             | MODULE_DUNDERS | set(more) | _guarded(tree))
    known |= {g for n in ast.walk(tree) if isinstance(n, ast.Global) for g in n.names}
    out = []
    for scope in tree.body:
        if isinstance(scope, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            local = _bound_names(scope)
            nodes = [*ast.walk(scope)]
        else:
            local, nodes = set(), [*ast.walk(scope)]
        out += [(n.lineno, n.id) for n in nodes
                if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load) and n.id not in known and n.id not in local]
    return sorted(set(out))


def _undefined_message(name: str, where: str, names) -> str:
    return f"{where}: `{name}` is not defined{did_you_mean(name, names)}"


def pasted_beside() -> set[str]:
    """What the module provides besides the kernel's parts: the batch driver's names and the
    generated strategy dispatch."""
    return provided_names(ast.parse(BATCH_DRIVER.read_text())) | {"strategy_decide"}


def check_defined(game_name: str, source: str, spans, more=()) -> None:
    """Refuse pasted kernel source that reads a name nothing defines, naming the part file and its
    line (`spans`: (first pasted line, line count, file, its first line) of each pasted piece, from
    codegen.kernel_source), before numba: it would report a page of typing errors pointing into the
    generated module instead. One line (BadInput: exit status 2 on the CLI)."""
    tree = ast.parse(source)
    bad = undefined_names(tree, more)
    if not bad:
        return
    line, name = bad[0]
    where = f"line {line} of the pasted kernel"
    for start, count, path, first in spans:
        if start <= line < start + count:
            where = f"{path} line {first + line - start}"
            break
    raise BadInput(f"kernel of {game_name}", _undefined_message(name, where, provided_names(tree) | set(more)))


def check_file_defined(path: Path, field: str = "strategy") -> None:
    """The same for a file that runs as a module of its own (a strategy file): one line naming the
    file and the line."""
    path = Path(path)
    try:
        tree = ast.parse(path.read_text())
    except SyntaxError:
        return  # reported where the file is loaded, with its own message
    bad = undefined_names(tree)
    if bad:
        line, name = bad[0]
        raise BadInput(field, _undefined_message(name, f"{path} line {line}", provided_names(tree)))


def check_params(game) -> None:
    """The parameters the prelude and the batch driver read through their configuration slots."""
    slots = {p.slot for p in game.params if p.slot}
    for slot, pname in (("C_NP", "players"), ("C_ROTATE", "rotate"), ("C_MAX_TURNS", "max_turns")):
        if slot not in slots:
            raise BadInput(f"kernel of {game.name}", f"no parameter fills `{slot}` (the standard `{pname}` "
                                                     f"parameter); see {DOC}")


def has_hook(source: str) -> bool:
    return _function(ast.parse(source), "after_decide") is not None


# ---- the files a kernel is built from ----------------------------------------------------------
def _is_own(origin: str) -> bool:
    """A module of this project or of a plug-in (not the standard library or an installed package)."""
    p = Path(origin)
    if p.suffix != ".py" or any(part in ("site-packages", "dist-packages") for part in p.parts):
        return False
    stdlib = Path(sys.base_prefix) / "lib"
    return not p.is_relative_to(stdlib)


def _module_file(name: str) -> Path | None:
    try:
        spec = importlib.util.find_spec(name)
    except (ImportError, ValueError, AttributeError):
        return None
    if spec is None or not spec.origin or not spec.origin.endswith(".py"):
        return None
    if name.split(".")[0] != "simsuite" and not _is_own(spec.origin):  # simsuite's own: wherever installed
        return None
    return Path(spec.origin).resolve()


def _package_of(path: Path) -> str:
    """The dotted package a file belongs to (for relative imports), from the sys.path entry it lies under."""
    for entry in sorted((Path(p).resolve() for p in sys.path if p), key=lambda p: -len(p.parts)):
        if path.is_relative_to(entry):
            return ".".join(path.relative_to(entry).parent.parts)
    return ""


def _imported_files(path: Path) -> set[Path]:
    """Files of the project's modules `path` imports at module level (what its compiled code can see)."""
    tree = ast.parse(path.read_text())
    out = set()
    nodes = [n for n in tree.body if isinstance(n, (ast.Import, ast.ImportFrom))]
    for n in tree.body:  # `if` / `try` at top level import at module level too
        if isinstance(n, (ast.If, ast.Try)):
            nodes += [m for m in ast.walk(n) if isinstance(m, (ast.Import, ast.ImportFrom))]
    for n in nodes:
        if isinstance(n, ast.Import):
            mods = [a.name for a in n.names]
        else:
            base = n.module or ""
            if n.level:
                pkg = _package_of(path).split(".")
                pkg = pkg[:len(pkg) - (n.level - 1)] if n.level > 1 else pkg
                base = ".".join([*pkg, base] if base else pkg)
            # `from pkg import submodule` depends on the submodule, not on the package's __init__
            subs = [f"{base}.{a.name}" for a in n.names if a.name != "*"]
            subs = [m for m in subs if _module_file(m) is not None]
            mods = subs if subs and len(subs) == len(n.names) else [base, *subs]
        for m in mods:
            f = _module_file(m) if m else None
            if f is not None:
                out.add(f)
    return out


def _stamp(p: Path):
    st = p.stat()
    return st.st_mtime_ns, st.st_size


def _closure(roots: list[Path]) -> list[Path]:
    seen: dict[Path, None] = {}
    todo = list(roots)
    while todo:
        p = todo.pop()
        for f in sorted(_imported_files(p)):
            if f not in seen and f not in roots:
                seen[f] = None
                todo.append(f)
    return sorted(seen)


_cached: dict[tuple, tuple[list[Path], dict]] = {}


def derived_deps(files) -> list[Path]:
    """Every project module the given sources import, directly or through each other (sorted; the
    given files themselves left out). A kernel's compiled code sees exactly these, so they key its
    cache: a change in any of them builds a new kernel. (Kept per process while no file involved
    changes on disk.)"""
    roots = [Path(f).resolve() for f in files]
    key = tuple(roots)
    hit = _cached.get(key)
    if hit is not None and all(_stamp(p) == s for p, s in hit[1].items()):
        return list(hit[0])
    deps = _closure(roots)
    _cached[key] = (deps, {p: _stamp(p) for p in [*roots, *deps]})
    return list(deps)
