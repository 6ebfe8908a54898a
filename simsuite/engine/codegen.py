"""Strategy registry and kernel assembly.

A game's strategies are the ``*.py`` files in ``strategies/<game>/`` (plus any directory the user
names). Each file defines a jitted ``decide(kind, st, cfg, me) -> int``. The registry writes
one module to the cache directory: the game's kernel source, the shared batch entry points
(``batch_driver.py``) and a generated ``strategy_decide(sid, ...)`` that dispatches on the
integer strategy id (and passes each answer through the kernel's ``after_decide`` if it has one).
A kernel may come in several files, its parts (``Game.kernel_files``), pasted in order
(``kernel_source``). The module's file
name is a hash of every source involved, so numba's ``cache=True`` can never serve a kernel
compiled against other strategies or older engine code, and a new strategy file is picked up
without any engine edit.
"""
from __future__ import annotations

import hashlib
import importlib.util
import os
import sys
from dataclasses import dataclass
from pathlib import Path

import numba

from .. import __version__
from ..errors import BadInput
from ..resources import STRATEGIES
from . import jitlink
from .kernel_contract import (
    BATCH_DRIVER,
    PRELUDE,
    check_defined,
    check_file_defined,
    check_kernel,
    derived_deps,
    has_hook,
    pasted_beside,
)


@dataclass(frozen=True)
class StrategyInfo:
    name: str
    path: Path
    description: str


def cache_dir() -> Path:
    """Where generated kernels and numba's compiled code go: SIMSUITE_CACHE_DIR, else
    $XDG_CACHE_HOME/simsuite (the XDG base directory spec: only an absolute path counts), else
    ~/.cache/simsuite. One that cannot be created or written is bad input (one line, exit 2), not a
    traceback from deep inside the kernel build."""
    own = os.environ.get("SIMSUITE_CACHE_DIR")
    xdg = os.environ.get("XDG_CACHE_HOME", "")
    if own:
        d, field = Path(own).expanduser(), "SIMSUITE_CACHE_DIR"
    elif xdg and Path(xdg).is_absolute():
        d, field = Path(xdg) / "simsuite", "XDG_CACHE_HOME"
    else:
        d, field = Path.home() / ".cache" / "simsuite", "cache directory"
    try:
        d.mkdir(parents=True, exist_ok=True)
        ok = os.access(d, os.W_OK | os.X_OK)
        why = "not writable"
    except OSError as e:
        ok, why = False, e.strerror or e.__class__.__name__
    if not ok:
        raise BadInput(field, f"cannot use {d} for compiled kernels ({why}); set SIMSUITE_CACHE_DIR to a writable "
                              "directory")
    return d


def _doc_line(path: Path) -> str:
    import ast

    try:
        doc = ast.get_docstring(ast.parse(path.read_text()))
    except SyntaxError as e:
        raise BadInput("strategy", f"{path} has a syntax error: {e.msg} (line {e.lineno})")
    return (doc or "").strip().splitlines()[0] if doc else ""


def discover(game_dir: str, extra_dirs: tuple = (), builtin: Path | None = None) -> list[StrategyInfo]:
    """Strategy files of a game in id order: the position in this list is the strategy id, which
    the configuration and the per-game records hold.

    Built-in strategies come from the package data, ``simsuite/data/strategies/<game_dir>`` (or
    `builtin`, a game defined outside the package keeping its strategies beside it), and take the
    first ids, in name order; the files of ``extra_dirs`` (plug-ins) take the ids after them, in name
    order, and one with a built-in's name replaces that built-in under its id. So a plug-in folder
    never moves a built-in's id: the records of a run that plays only built-ins are the same with
    or without it.
    """
    def files(d: Path) -> dict[str, Path]:
        if not d.is_dir():
            raise BadInput("strategy-dir", f"{d} is not a directory")
        return {f.stem: f.resolve() for f in sorted(d.glob("*.py")) if not f.name.startswith("_")}

    own = files(Path(builtin) if builtin else STRATEGIES / game_dir)
    plug: dict[str, Path] = {}
    for d in extra_dirs:
        plug.update(files(Path(d)))
    found = {n: plug.pop(n, p) for n, p in sorted(own.items())}
    found.update(sorted(plug.items()))
    return [StrategyInfo(n, p, _doc_line(p)) for n, p in found.items()]


def sources_hash(paths: list[Path], located: bool = True) -> str:
    """`located`: the files' full paths count too (a generated module loads strategies by path);
    without it only names and contents count, so a checkout and a pip install of the same code
    give results the same key."""
    h = hashlib.sha256()
    h.update(f"{__version__} numba {numba.__version__} py {sys.version_info[:2]}".encode())
    for p in paths:
        h.update(str(p if located else p.name).encode())
        h.update(p.read_bytes())
    return h.hexdigest()[:20]


_loaded: dict[str, object] = {}


# BATCH_DRIVER: the batch entry points (run_batch, replay_game, run_checked) every game kernel
# shares; PRELUDE: the helpers pasted after a game's first kernel part (kernel_contract)
# A kernel that defines after_decide(st, i, kind, me) gets every strategy answer through it: the
# dispatch returns its value (one place, not every call site of the engine's decision helper).
# Found by parsing the source (kernel_contract.has_hook), its signature checked there.


# In a kernel part after the first, what precedes this line (docstring, imports for a reader) is not pasted
PART_MARKER = "# ---- kernel part body"


def _top_names(tree) -> list[str]:
    import ast

    names = []
    for n in tree.body:
        if isinstance(n, (ast.FunctionDef, ast.ClassDef)):
            names.append(n.name)
        elif isinstance(n, ast.Assign):
            names += [e.id for t in n.targets for e in ast.walk(t) if isinstance(e, ast.Name)]
    return names


def _imports(tree) -> set:
    import ast

    out = set()
    for n in tree.body:
        if isinstance(n, ast.Import):
            out |= {(None, a.name, a.asname) for a in n.names}
        elif isinstance(n, ast.ImportFrom):
            out |= {(n.module, a.name, a.asname) for a in n.names}
    return out


def kernel_source(parts: list[Path], spans: list | None = None) -> str:
    """The kernel's source text: the first part whole, then the code below the marker line
    (PART_MARKER) of each further part, in order. A part's own imports must be among the first
    part's (they are not pasted), no part may import from __future__ below the first (it must stay
    the module's first statement), and no top-level name may be defined in two parts (a later
    definition would silently replace the earlier one). `spans`, when given, receives (first line
    in the pasted text, line count, file, the file's line there) for each pasted piece, so that a
    problem found in the pasted text is reported at the author's file and line."""
    import ast

    first = parts[0].read_text()
    texts = [first]
    have = _imports(ast.parse(first))
    first_names = set(_top_names(ast.parse(first)))
    defined = {n: parts[0] for n in _top_names(ast.parse(first))}
    origin = [(parts[0], 1)]  # each text's file and first line (None: generated lines)
    for p in parts[1:]:
        head, sep, body = p.read_text().partition(PART_MARKER)
        if not sep:
            raise ValueError(f"kernel part {p} has no line starting with {PART_MARKER!r}")
        body = body.split("\n", 1)[1] if "\n" in body else ""
        missing = _imports(ast.parse(head)) - have
        if p == PRELUDE and missing:
            # the shared prelude brings its own imports: no game has to import for it
            clash = {a or n for _, n, a in missing} & first_names
            if clash:
                raise ValueError(f"the kernel prelude imports {sorted(clash)}, which {parts[0].name} defines")
            texts.append("# ---- imports of simsuite/scaffold/prelude.py ----")
            origin.append((None, 0))
            texts += [f"import {n}" + (f" as {a}" if a else "") if m is None else
                      f"from {m} import {n}" + (f" as {a}" if a else "") for m, n, a in sorted(missing, key=str)]
            origin += [(None, 0)] * (len(texts) - len(origin))
            have |= missing
            missing = set()
        if missing:
            raise ValueError(f"kernel part {p} imports {sorted(map(str, missing))}, which the first part "
                             f"{parts[0].name} does not (only the first part's imports are pasted)")
        tree = ast.parse(body)
        if any(isinstance(n, ast.ImportFrom) and n.module == "__future__" for n in tree.body):
            raise ValueError(f"kernel part {p}: a __future__ import can only be in the first part's header")
        for n in _top_names(tree):
            if n in defined:
                raise ValueError(f"{n} is defined in kernel parts {defined[n]} and {p}")
            defined[n] = p
        texts += [f"# ---- {p.parent.name}/{p.name} ----", body]
        origin += [(None, 0), (p, head.count("\n") + 2)]
    if spans is not None:
        line = 1
        for t, (path, first) in zip(texts, origin):
            n = t.count("\n") + 1
            if path is not None:
                spans.append((line, n, path, first))
            line += n
    return "\n".join(texts)


def code_digest(kernel_parts: list[Path], deps: list[Path], strategies: list[StrategyInfo],
                located: bool = False) -> str:
    """Hash of every source a kernel is built from: results are keyed by it (and the version),
    wherever the code is installed. `located=True`: the generated module's name (its text holds
    the strategies' paths)."""
    own = [*kernel_parts, BATCH_DRIVER, *(s.path for s in strategies)]
    return sources_hash([*kernel_parts, BATCH_DRIVER, *all_deps(own, deps), *(s.path for s in strategies)], located)


def all_deps(sources: list[Path], declared=()) -> list[Path]:
    """The modules the given sources import (kernel_contract.derived_deps), then any declared
    extra files, without repeats and without the sources themselves."""
    seen = {Path(p).resolve() for p in sources}
    out = []
    for p in [*derived_deps(sources), *declared]:
        p = Path(p).resolve()
        if p not in seen:
            seen.add(p)
            out.append(p)
    return out


def build_kernel(game_dir: str, kernel_parts: list[Path], deps: list[Path], strategies: list[StrategyInfo],
                 game_name: str = "", tail: str = "", tag: str = "", tail_sources: tuple = ()):
    """Write (if needed) and import the combined kernel + dispatch module (the kernel's parts in
    order, ``kernel_source``), after checking the kernel contract on the source (one line, exit
    status 2, instead of numba's typing errors). `tail`: more source appended to the module (a
    check driver; `tag` names the variant in the module name; `tail_sources`: the files the tail
    imports, hashed with what they import)."""
    digest = code_digest(kernel_parts, deps, strategies, located=True)
    if tail:
        extra = sources_hash([*tail_sources, *all_deps(list(tail_sources))]) if tail_sources else ""
        digest = hashlib.sha256((digest + tail + extra).encode()).hexdigest()[:20]
    modname = f"simsuite_kernel_{game_dir}_{tag}{digest}"
    if modname in _loaded:
        return _loaded[modname]
    spans = []
    source = kernel_source(kernel_parts, spans)
    check_kernel(game_name or game_dir, source)
    path = cache_dir() / "kernels" / f"{modname}.py"
    if not path.exists():  # (a module written before passed these checks: its name is the sources' hash)
        check_defined(game_name or game_dir, source, spans, pasted_beside())
        for s in strategies:
            check_file_defined(s.path)
        lines = [source, "", "# ---- simsuite/engine/batch_driver.py ----", BATCH_DRIVER.read_text(), "",
                 "# ---- generated by simsuite.engine.codegen: strategy dispatch ----",
                 "from simsuite.engine.codegen import load_strategy_module as _load_strategy", ""]
        for i, s in enumerate(strategies):
            lines.append(f"_decide_{i} = _load_strategy({game_dir!r}, {s.name!r}, {str(s.path)!r}).decide")
        chain = []
        for i, s in enumerate(strategies):
            kw = "if" if i == 0 else "elif"
            chain += [f"    {kw} sid == {i}:  # {s.name}", f"        return _decide_{i}(kind, st, cfg, me)"]
        chain += ["    return 0", ""]
        if tail:  # the strategy under test (the tail's checked_sid) answers through its _checked_decide
            lines += ["", "", "@njit(_nrt=False)", "def _decide_checked(sid, kind, st, cfg, me):", *chain,
                      "# ---- check driver ----", tail, ""]
        lines += ["", "", "@njit(_nrt=False)", "def strategy_decide(sid, kind, st, cfg, me):"]
        hook = has_hook(source)  # the game sees every answer (Cosmic: the search strategies' record of the turn)
        if tail:
            lines += ["    if sid == checked_sid(cfg):", "        i = _checked_decide(sid, kind, st, cfg, me)",
                      "    else:", "        i = _decide_checked(sid, kind, st, cfg, me)",
                      "    return after_decide(st, i, kind, me)" if hook else "    return i", ""]
        elif hook:
            for i, s in enumerate(strategies):
                kw = "if" if i == 0 else "elif"
                lines += [f"    {kw} sid == {i}:  # {s.name}", f"        i = _decide_{i}(kind, st, cfg, me)"]
            lines += ["    else:", "        i = 0", "    return after_decide(st, i, kind, me)", ""]
        else:
            lines += chain
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".tmp{os.getpid()}")
        tmp.write_text("\n".join(lines))
        os.replace(tmp, path)  # atomic: concurrent workers never see half a file
    spec = importlib.util.spec_from_file_location(modname, path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[modname] = mod
    spec.loader.exec_module(mod)
    _cache_callees(mod)
    jitlink.scope_entry_points(mod)
    for name in jitlink.ENTRY_NAMES:
        _compile_once(getattr(mod, name, None), path.with_name(f"{modname}.{name}.lock"))
    _loaded[modname] = mod
    return mod


def _cache_callees(mod) -> None:
    """numba's disk cache for every function the kernel module defines (not only its entry points):
    a process that compiles an entry (run_batch, run_checked, a tests' steps entry) then loads the
    kernel functions an earlier process typed and lowered, instead of doing that minute of work
    again. Safe only here: numba keys a cached function by its own file, and this file's name is
    a hash of every source it is built from (a package module's callers would outlive its edits).
    Functions numba inlines are never compiled on their own, so they have nothing to cache."""
    from numba.core.caching import NullCache
    from numba.core.registry import CPUDispatcher

    for v in vars(mod).values():
        if (isinstance(v, CPUDispatcher) and v.py_func.__module__ == mod.__name__
                and v.targetoptions.get("inline", "never") == "never" and isinstance(v._cache, NullCache)):
            v.enable_caching()


def _compile_once(disp, lock_path: Path) -> None:
    """Make `disp` (a cache=True dispatcher) compile under an exclusive lock on `lock_path`: of
    several processes that need the same kernel cold at the same moment (test workers, sweep
    workers), one compiles and the others wait, then load its result from numba's cache (compile()
    looks there first) instead of compiling the same minute of code beside it."""
    if disp is None or not hasattr(disp, "compile"):
        return
    try:
        import fcntl
    except ImportError:  # no flock (Windows): concurrent compiles stay possible, and safe
        return
    inner = disp.compile

    def compile_locked(sig, _inner=inner):
        try:
            f = open(lock_path, "a")
        except OSError:  # a read-only cache directory: numba cannot cache there either
            return _inner(sig)
        with f:
            fcntl.flock(f, fcntl.LOCK_EX)
            try:
                return _inner(sig)
            finally:
                fcntl.flock(f, fcntl.LOCK_UN)

    disp.compile = compile_locked


def cached_trampoline(fn, src: str):
    """A cache=True copy of the trampoline `src` (``def _call(...): return _fn(...)``, see
    simsuite.engine.unmanaged.pointer_call) for `fn`, a function of a kernel module build_kernel loaded;
    None for any other function. The trampoline is written beside the kernel module, under the
    module's name (a hash of every source it is built from) and a hash of its own text, so numba's
    cache of it is keyed by all the code it calls: test processes compile a kernel step once, not
    each on its own."""
    modname = getattr(getattr(fn, "py_func", None), "__module__", None)
    mod = _loaded.get(modname)
    name = getattr(getattr(fn, "py_func", None), "__name__", "")
    if mod is None or getattr(mod, name, None) is not fn:
        return None
    text = (f"# generated by simsuite.engine.codegen.cached_trampoline: {name} of {modname}, with st / cfg / log "
            "given as arrays\nimport sys\n\nfrom numba import njit\n\nfrom simsuite.engine.unmanaged import ptr as _ptr\n\n"
            f"_fn = getattr(sys.modules[{modname!r}], {name!r})\n\n\n@njit(_nrt=False, cache=True)\n{src}")
    return _beside(mod, f"{modname}__{name}", text, "_call")


def steps_entry(module, names: tuple, pointer_args: tuple):
    """One cache=True entry, ``run_steps(fid, st, cfg, log, out, a)``, that calls the kernel
    functions `names` of `module` (a kernel module build_kernel loaded) by their index `fid` (see
    simsuite.engine.unmanaged.PointerKernel): the `pointer_args` (st / cfg / log) passed on as pointers, `out` as the
    array, every other argument read from the int64 array `a` in order, the result written back
    through ``step_result``. Compiled as an entry point (jitlink): the kernel code below all the
    steps is optimized and emitted once, in one module, and numba's cache keeps it for every later
    process, where one trampoline per step would compile the engine below each step again.
    None for a module build_kernel did not load."""
    modname = getattr(module, "__name__", "")
    if _loaded.get(modname) is not module:
        return None
    body = []
    for i, name in enumerate(names):
        code = getattr(module, name).py_func.__code__
        args, j = [], 0
        for n in code.co_varnames[:code.co_argcount]:
            if n in pointer_args:
                args.append(f"_ptr({n})")
            elif n == "out":
                args.append("out")
            else:
                args.append(f"a[{j}]")
                j += 1
        kw = "if" if i == 0 else "elif"
        body += [f"    {kw} fid == {i}:", f"        return _result({name}({', '.join(args)}), a)"]
    text = "\n".join([
        f"# generated by simsuite.engine.codegen.steps_entry: {len(names)} functions of {modname}, called by",
        "# index with st / cfg / log given as arrays (rule tests drive single kernel steps this way)",
        "import sys", "", "import numpy as np", "from numba import njit", "",
        "from simsuite.engine.unmanaged import ptr as _ptr", "from simsuite.engine.unmanaged import step_result as _result",
        "", f"_k = sys.modules[{modname!r}]",
        *[f"{n} = _k.{n}" for n in names], "", "",
        "@njit(_nrt=False, cache=True)", "def run_steps(fid, st, cfg, log, out, a):", *body,
        "    return np.int64(0)", ""])
    return _beside(module, f"{modname}__steps", text, "run_steps")


def _beside(mod, stem: str, text: str, entry: str):
    """The entry point `entry` of the generated module `text`, written beside the kernel module `mod`
    under `stem` and a hash of the text (so numba's cache of it is keyed by every source it calls),
    imported once per process, compiled as an entry point (jitlink) under a file lock."""
    name = f"{stem}_{hashlib.sha256(text.encode()).hexdigest()[:8]}"
    if name not in sys.modules:
        path = Path(mod.__file__).with_name(f"{name}.py")
        if not path.exists():
            tmp = path.with_suffix(f".tmp{os.getpid()}")
            tmp.write_text(text)
            os.replace(tmp, path)  # atomic: concurrent workers never see half a file
        spec = importlib.util.spec_from_file_location(name, path)
        gen = importlib.util.module_from_spec(spec)
        sys.modules[name] = gen
        spec.loader.exec_module(gen)
        jitlink.scope_entry(getattr(gen, entry))
        _compile_once(getattr(gen, entry), path.with_suffix(".lock"))
    return getattr(sys.modules[name], entry)


def is_compiled(game_dir: str, digest: str, entry: str = "run_batch") -> bool:
    """Whether numba's cache holds `entry` of this kernel (the next call loads it instead of
    compiling for a minute)."""
    pyc = cache_dir() / "kernels" / "__pycache__"
    return any(pyc.glob(f"simsuite_kernel_{game_dir}_{digest}.{entry}-*.nbi"))


def cache_misses(kern, entry: str = "run_batch") -> int:
    """How many times this process compiled `entry` of the kernel module `kern` because numba's
    cache had no copy (numba's own count): unchanged by a call that only loaded the cache, or
    found the code loaded already."""
    stats = getattr(getattr(kern, entry, None), "stats", None)
    return sum(stats.cache_misses.values()) if stats is not None else 0


def load_strategy_module(game_dir: str, name: str, path: str):
    modname = f"simsuite_strategy_{game_dir}_{name}_{hashlib.sha1(path.encode()).hexdigest()[:8]}"
    if modname in sys.modules:
        return sys.modules[modname]
    spec = importlib.util.spec_from_file_location(modname, path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[modname] = mod
    try:
        spec.loader.exec_module(mod)
    except Exception as e:  # a user's plug-in: report it as bad input, not a traceback
        del sys.modules[modname]
        raise BadInput("strategy", f"{name} ({path}) failed to load: {type(e).__name__}: {e}")
    if not hasattr(mod, "decide"):
        raise BadInput("strategy", f"{name} ({path}) defines no decide(kind, st, cfg, me) function")
    return mod
