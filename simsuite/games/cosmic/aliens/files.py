"""Aliens as files: discovery, the generated kernel part, the typing check and a broken game's line.

Files come from ``simsuite/data/aliens/cosmic`` and ``cosmic_classics`` (the package's: the
classics written as files) and the folders in SIMSUITE_PLUGIN_DIRS (``--plugin-dir``), where a file
with CLASSIC replaces the package's; the homebrew ones get the ids after the 20 classics in name
order. Each file is read from its syntax tree (aliens.source.check_source: nothing of it runs), then
its functions are pasted into the kernel with every name the file defines prefixed, each call of a
primitive routed through a generated wrapper that checks its arguments, and a step counter in each
of its loops (``generated_part``); a dispatch on the integer alien id is generated beside it, as
strategies are. The format of a file and what it may contain: aliens/source.py.
"""
from __future__ import annotations

import ast
import functools
import hashlib
import os
from pathlib import Path

from simsuite.errors import BadInput
from simsuite.games.cosmic import api as A
from simsuite.games.cosmic.aliens.args import PREFIX, wrapper_source
from simsuite.games.cosmic.aliens.source import (  # noqa: F401  (API_PARTS, ENGINE_ONLY, ORIGIN, api_reference, hook_problems: callers import them from here)
    ALLOWED_NAMES,
    API_PARTS,
    ENGINE_ONLY,
    ORIGIN,
    WHO,
    AlienFile,
    _api_functions,
    _primitives,
    api_reference,
    check_source,
    hook_problems,
    shown_path,
)
from simsuite.games.cosmic.kernel import alien_api as K
from simsuite.plugin_dirs import ENV
from simsuite.resources import DATA

BUILTIN = DATA / "aliens" / "cosmic"
# the classics written as alien files: the engine's own code for those aliens (there is no other),
# checked by the rule tests like the rest of the kernel, so a game does not check the CE.70
# invariants after their hooks as it does after a user's file's (alien_api._hb_after_turn)
CLASSICS = DATA / "aliens" / "cosmic_classics"



def plugin_dirs() -> list[Path]:
    """The package's folders, then the user's (SIMSUITE_PLUGIN_DIRS), each once: a user's folder that
    is one of the package's (the classics named as a plug-in folder) or named twice adds nothing."""
    out, seen = [CLASSICS, BUILTIN], {CLASSICS.resolve(), BUILTIN.resolve()}
    for d in (Path(d) for d in os.environ.get(ENV, "").split(os.pathsep) if d):
        if not d.is_dir():
            raise BadInput("alien-dir", f"{d} is not a directory")
        if d.resolve() not in seen:
            seen.add(d.resolve())
            out.append(d)
    return out


def declared() -> dict:
    """name -> AlienFile of every alien file, as its declarations and source say (checked as
    check_source does, not typed: for lists and reports, which need no kernel). A user's file with
    CLASSIC stands in for the package's."""
    out = {}
    for d in plugin_dirs():
        for f in sorted(d.glob("*.py")) if d.is_dir() else ():
            if not f.name.startswith("_"):
                a = _declared(f, f.stat().st_mtime_ns)
                out[a.classic or a.name] = a
    return out


@functools.lru_cache(maxsize=256)
def _declared(f: Path, mtime: int) -> AlienFile:
    return check_source(f)


def optional_classics() -> frozenset:
    """The classics whose power is optional (CE.22 "Kind: optional": a player decides), from the
    package's files: the naive power policies apply only to these."""
    return frozenset(a.classic for a in (_declared(f, f.stat().st_mtime_ns) for f in sorted(CLASSICS.glob("*.py")))
                     if a.kind == "optional")


def packaged(a: AlienFile) -> bool:
    """A classic's file shipped with simsuite (trusted: see CLASSICS)."""
    return a.path.parent == CLASSICS


_cache: dict = {}



def discover() -> list[AlienFile]:
    """Every alien file, checked; homebrew ones numbered after the classics in name order. A file
    with CLASSIC replaces that classic (same id). Cached per folder list and file contents."""
    files = []
    for d in plugin_dirs():
        if d.is_dir():
            files += [f for f in sorted(d.glob("*.py")) if not f.name.startswith("_")]
    key = tuple((str(f), f.stat().st_mtime_ns, f.stat().st_size) for f in files)
    if key in _cache:
        return _cache[key]
    out, names = [], {}
    for f in files:
        a = check_source(f)
        why = hook_problems(f) or typecheck(a)
        if why:
            raise BadInput("alien", f"{shown_path(f)}: {why}")
        k = a.name.lower()
        if a.classic and not packaged(a):  # a user's own version of a classic replaces the package's
            for b in [b for b in out if b.classic == a.classic and packaged(b)]:
                out.remove(b)
                del names[b.name.lower()]
        if k in names and names[k].path != a.path:
            mine, theirs = shown_path(a.path), shown_path(names[k].path)
            if mine == theirs:  # `check alien` of a file also in a --plugin-dir folder: the same file twice
                continue
            raise BadInput("alien", f"{a.name} is defined by {theirs} and {mine}; allowed: one file per name")
        if not a.classic and k in {n.lower() for n in A.ALIEN_NAMES}:
            raise BadInput("alien", f"{shown_path(f)}: NAME {a.name!r} is a classic's; allowed: another name, or CLASSIC = "
                                    f"{a.name!r} to replace it")
        names[k] = a
        out.append(a)
    home = sorted((a for a in out if not a.classic), key=lambda a: a.name.lower())
    if len(home) > A.MAX_HOMEBREW:
        raise BadInput("alien", f"{len(home)} homebrew aliens; at most {A.MAX_HOMEBREW} at once")
    for i, a in enumerate(home):
        a.aid = A.N_ALIENS + i
    for a in out:
        if a.classic:
            a.aid = A.ALIEN_NAMES.index(a.classic)
    twice = sorted({a.classic for a in out if a.classic and sum(b.classic == a.classic for b in out) > 1})
    if twice:
        paths = ", ".join(str(shown_path(a.path)) for a in out if a.classic == twice[0])
        raise BadInput("alien", f"{twice[0]} is replaced by {paths}; allowed: one file per classic")
    out = sorted(out, key=lambda a: a.aid)
    _cache[key] = out
    return out


def homebrew() -> list[AlienFile]:
    return [a for a in discover() if not a.classic]


def names() -> tuple:
    """Every alien's name by id: the 20 classics, then the homebrew ones."""
    return (*A.ALIEN_NAMES, *(a.name for a in homebrew()))


def generated_part(cache: Path) -> Path:
    """The kernel part holding the alien files' code and their dispatch (written to `cache`,
    named by a hash of its text, so the kernel's digest follows the files)."""
    al = discover()
    lines = ["# generated by simsuite.games.cosmic.aliens.files: the alien files and their dispatch",
             "# ---- kernel part body ----", ""]
    missing = sorted(set(A.ALIEN_NAMES) - {a.classic for a in al})
    if missing:  # the package ships a file for each classic: the engine has no other code for them
        raise RuntimeError(f"no alien file for the classic(s) {', '.join(missing)} in {CLASSICS}")
    trusted = sum(1 << a.aid for a in al if a.classic and packaged(a))
    anymom = sum(1 << (h - 40) for a in al for h in a.hooks.values() if h >= 40)
    forecast = int(any(not a.classic and "on_totals" in a.hooks for a in al))  # a classic file: the built-in forecast
    lines += [f"HB_TRUSTED = {trusted}", f"HB_MOMENTS_ANY = {anymom}", f"HB_FORECAST_ANY = {forecast}", ""]
    used: set = set()
    for a in al:
        # the file by its folder and name, not its full path: the part (and the results keyed by the code
        # it hashes to) is the same in any checkout or install location
        lines.append(f"# ---- {a.name} ({a.path.parent.name}/{a.path.name}) ----")
        lines.append(_prefixed(a, None if packaged(a) else used))
        lines.append("")
    # the checking wrappers of the primitives the users' files call (aliens/args.py)
    for n in _api_functions():
        if n.name in used:
            valued = any(isinstance(r, ast.Return) and r.value is not None for r in ast.walk(n))
            lines += [wrapper_source(n.name, [x.arg for x in n.args.args], valued), ""]
    who = {a.aid: WHO.index(a.who) for a in al}
    wins = {a.aid: sum(1 << h for h in a.hooks.values() if h < 40) for a in al}
    moms = {a.aid: sum(1 << (h - 40) for h in a.hooks.values() if h >= 40) for a in al}
    per_window = {a.aid: int(a.uses == "window") for a in al}
    weights = {a.aid: a.ship_weight for a in al if a.ship_weight != 1}
    limits = {a.aid: a.ship_limit for a in al if a.ship_limit != 4}
    for fname, table, other in (("hb_who", who, 0), ("hb_windows", wins, 0), ("hb_moments", moms, 0),
                                ("hb_per_window", per_window, 0), ("hb_ship_weight", weights, 1),
                                ("hb_ship_limit", limits, 4)):
        lines += ["", "@njit(inline='always')", f"def {fname}(a):"]
        for aid, v in table.items():
            lines += [f"    if a == {aid}:", f"        return np.int64({v})"]
        lines += [f"    return np.int64({other})", ""]
    lines += ["", "@njit", "def homebrew_hook(a, h, st, cfg, me, log, lg):"]
    for a in al:
        if not set(a.hooks) - {"on_artifact_discard"}:
            continue
        lines.append(f"    if a == {a.aid}:")
        for hn, hid in a.hooks.items():
            if hn != "on_artifact_discard":
                lines += [f"        if h == {hid}:",
                          f"            return np.int64(_hb{a.aid}_{hn}(state_handle(st), cfg_handle(cfg), me, log_handle(log), lg))"]
    lines += ["    return np.int64(0)", ""]
    # on_artifact_discard runs inside an E.POWER's Zap (alien_api._hb_artifact_taker): a dispatch of
    # its own, which reaches no other hook, keeps the kernel free of recursion
    lines += ["", "@njit", "def homebrew_artifact_hook(a, st, cfg, me, log, lg):"]
    for a in al:
        if "on_artifact_discard" in a.hooks:
            lines += [f"    if a == {a.aid}:",
                      f"        return np.int64(_hb{a.aid}_on_artifact_discard(state_handle(st), cfg_handle(cfg), me, "
                      "log_handle(log), lg))"]
    lines += ["    return np.int64(0)", ""]
    text = "\n".join(lines)
    path = cache / "kernels" / f"cosmic_alien_files_{hashlib.sha256(text.encode()).hexdigest()[:16]}.py"
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".tmp{os.getpid()}")
        tmp.write_text(text)
        os.replace(tmp, path)
    return path


TICK = "if _hb_tick({st}) == 1:\n    break"  # at the head of each loop of a user's file (alien_api._hb_tick)
STEP_ARG = "_hbst"  # the state handle a user's file's own functions get for the loop-step count


def _prefixed(a: AlienFile, used: set | None = None) -> str:
    """The file's functions and constants with their names prefixed _hb<id>_ (no clash with the
    kernel's names or another file's). For a user's file (`used` given: not the package's classics,
    which are the engine's own code), also each call of a primitive routed to its checking wrapper
    (aliens/args.py: the primitive's name is added to `used`), and a step counted at the head of each
    loop, with the state handle passed down to the file's own functions for it (STEP_ARG), so that
    no hook can run past HB_MAX_STEPS."""
    tree = ast.parse(a.body)
    prims = _primitives()
    hooks = {n.name for n in tree.body if isinstance(n, ast.FunctionDef) and n.name in A.HOOK_NAMES}
    funcs = {n.name for n in tree.body if isinstance(n, ast.FunctionDef)}
    own = {n.name for n in tree.body if isinstance(n, ast.FunctionDef)}
    own |= {t.id for n in tree.body if isinstance(n, ast.Assign) for t in n.targets if isinstance(t, ast.Name)}
    pre = f"_hb{a.aid}_"
    ints = {n.targets[0].id for n in tree.body if isinstance(n, ast.Assign) and len(n.targets) == 1
            and isinstance(n.targets[0], ast.Name) and isinstance(n.value, ast.Constant) and type(n.value.value) is int}
    ints |= {k for k in dir(A) if k.isupper() and type(getattr(A, k)) is int}

    def plain_int(e):
        return ((isinstance(e, ast.Constant) and type(e.value) is int) or (isinstance(e, ast.Name) and e.id in ints)
                or (isinstance(e, ast.UnaryOp) and isinstance(e.op, ast.USub) and plain_int(e.operand)))

    checked = used is not None

    class R(ast.NodeTransformer):
        st = "st"  # the state handle in the function being pasted: the hook's, or STEP_ARG in a helper

        def visit_Call(self, n):
            # a plain int argument (7, -1, a layout offset such as C_PHIL_GIVER) would compile the
            # callee once more for that literal value: passed as int64, every call shares one version
            f = n.func.id if isinstance(n.func, ast.Name) else ""
            if f.startswith("hb_") or f in own:
                n.args = [ast.Call(ast.Attribute(ast.Name("np", ast.Load()), "int64", ast.Load()), [x], [])
                          if plain_int(x) else x for x in n.args]
            self.generic_visit(n)
            if checked and f in prims:
                used.add(f)
                n.func = ast.Name(PREFIX + f, ast.Load())
            elif checked and f in funcs:
                n.args.append(ast.Name(self.st, ast.Load()))
            return n

        def visit_Name(self, n):
            if n.id in own:
                n.id = pre + n.id
            return n

        def visit_FunctionDef(self, n):
            R.st = "st" if n.name in hooks else STEP_ARG
            if checked and n.name not in hooks:
                n.args.args.append(ast.arg(STEP_ARG))
            if n.name in own:
                n.name = pre + n.name
            self.generic_visit(n)
            return n

        def _loop(self, n):
            self.generic_visit(n)
            if checked:
                n.body.insert(0, ast.parse(TICK.format(st=R.st)).body[0])
            return n

        visit_For = visit_While = _loop

    return ast.unparse(R().visit(tree))


# ---- the typing check: each hook compiled against the power API's signatures, with sealed handles ----

HANDLE_ARGS = {"st": "state_of", "cfg": "cfg_of", "log": "log_of"}
HOOK_BUILTINS = {"min": min, "max": max, "abs": abs, "range": range, "int": int}  # SAFE_CALLS' builtins
TYPED_OK = "alien_typed"  # cache_dir() folder: one empty file per (file, power API) that typed


def _stub_source() -> str:
    """The power API with the same signatures and no effect: each primitive opens its handle
    arguments as the real one does (a handle of another role, or anything else, fails there), makes
    its other arguments integers and returns an int64 where the real one returns a value."""
    out = []
    for n in _api_functions():
        if not (isinstance(n, ast.FunctionDef) and n.name.startswith("hb_")) or n.name in ENGINE_ONLY:
            continue
        args = [a.arg for a in n.args.args]
        body = [f"    {HANDLE_ARGS[a]}({a})" if a in HANDLE_ARGS else f"    np.int64({a})" for a in args]
        valued = any(isinstance(r, ast.Return) and r.value is not None for r in ast.walk(n))
        body.append("    return np.int64(0)" if valued else "    return")
        out += ["@_njit", f"def {n.name}({', '.join(args)}):", *body, ""]
    return "\n".join(out)


@functools.cache
def _typing_namespace() -> dict:
    """The names a file's code sees in the kernel, for the typing check: the rules' constants of
    every kernel part, np, njit and the stub power API (_stub_source)."""
    import importlib

    import numba
    import numpy as np

    from simsuite.games.cosmic import handles

    def _njit(*args, **kw):  # never numba's cache beside a user's file
        kw.pop("cache", None)
        return numba.njit(*args, **kw)

    ns = {}
    for p in sorted((Path(__file__).parents[1] / "kernel").glob("*.py")):
        if p.stem != "__init__":
            mod = importlib.import_module(f"{__package__.rsplit('.', 1)[0]}.kernel.{p.stem}")
            ns.update({k: v for k, v in vars(mod).items() if k.isupper()})
    stubs = dict(np=np, _njit=_njit, state_of=handles.state_of, cfg_of=handles.cfg_of, log_of=handles.log_of)
    exec(compile(_stub_source(), "<power API signatures>", "exec"), stubs)
    ns.update({k: v for k, v in stubs.items() if k.startswith("hb_")}, np=np, njit=_njit)
    return ns


def _typing_problem(text: str, path: Path) -> tuple[int, str]:
    """(line in the file, what numba says) from a numba typing error's text."""
    import re

    text = re.sub(r"\x1b\[[0-9;]*m", "", text)
    line = 0
    for f, k in re.findall(r'File "([^"]+)", line (\d+)', text):
        if Path(f).name == path.name:
            line = int(k)
            break
    sig = re.search(r">>> (.+)", text)
    if sig:
        what = sig.group(1).strip()
    else:
        rest = [x.strip() for x in text.splitlines() if x.strip() and not x.strip().startswith(("Failed in", "During"))]
        what = rest[0] if rest else "does not type"
    return line, what


def typecheck(a: AlienFile, path: Path | None = None) -> str:
    """Each hook of `a` compiled by numba as the kernel calls it, its st / cfg / log sealed
    (handles.py), against the power API's signatures: '' if all type, else one line naming the
    hook and what is allowed. Indexing a handle, writing through it, arithmetic on it, or passing it
    to anything but an hb_* function (a helper of the file may take it and pass it on) fails here,
    before any kernel is compiled. A file that typed is remembered in the cache (per file and power
    API), so a run pays this once."""
    import numba
    from numba.core import types

    from simsuite.engine.codegen import cache_dir
    from simsuite.games.cosmic import handles

    shown = Path(path or shown_path(a.path))
    api_text = b"".join(f.read_bytes() for f in (*API_PARTS, Path(__file__).parents[1] / "handles.py",
                                                 Path(__file__)))
    key = hashlib.sha256(a.source.encode() + api_text + numba.__version__.encode()).hexdigest()[:24]
    mark = cache_dir() / TYPED_OK / key
    if mark.exists():
        return ""
    if numba.config.DISABLE_JIT:  # the sealed handles type only when compiled: the caller typechecks first
        raise RuntimeError(f"{shown}: typecheck it in a compiled process before playing it interpreted")
    # the file's functions defined from their own source (line numbers kept for the messages), its
    # constants from the values check_source read; in a namespace of the power API's signatures with
    # only the builtins a hook may call, so that no name of the file reaches Python itself. Defining
    # a checked function runs nothing of it (no default, annotation or decorator argument).
    ns = dict(_typing_namespace(), __builtins__=HOOK_BUILTINS)
    for n in ast.parse(a.body).body:
        if isinstance(n, ast.Assign):
            ns[n.targets[0].id] = ast.literal_eval(n.value)
    fns = [n for n in ast.parse(a.source).body if isinstance(n, ast.FunctionDef)]
    exec(compile(ast.Module(body=fns, type_ignores=[]), str(shown), "exec"), ns)
    sig = (handles.STATE, handles.CFG, types.int64, handles.LOG, types.int64)
    for hook in a.hooks:
        call = {"_hook": ns[hook], "np": ns["np"]}
        exec("def _call(st, cfg, me, log, lg):\n    return np.int64(_hook(st, cfg, me, log, lg))\n", call)
        try:
            numba.njit(call["_call"]).compile(sig)
        except numba.core.errors.NumbaError as e:
            line, what = _typing_problem(str(e), shown)
            at = f"line {line}: " if line else ""
            src = a.source.splitlines()[line - 1].strip() if 0 < line <= len(a.source.splitlines()) else ""
            code = f"`{src}` " if src else ""
            if "Handle(" in what:
                return (f"hook {hook}: {at}{code}uses a game handle as a value ({what}); allowed: st, cfg and log "
                        "only as arguments of hb_* functions (a helper may take them and pass them on)")
            return f"hook {hook}: {at}{code}does not compile ({what}); allowed: {ALLOWED_NAMES}"
    try:
        mark.parent.mkdir(parents=True, exist_ok=True)
        mark.touch()
    except OSError:
        pass
    return ""


# ---- a game an alien file broke, from its record (kernel: alien_api._hb_mark_record) ----

def _misuses() -> dict:
    return {
        int(K.HBE_WINDOW): ("used a primitive in a hook where it has no effect",
            "each primitive in the hooks the power API's reference lists"),
        int(K.HBE_HIDDEN): ("read what its holder may not see (CE.70.14): an encounter card still face down, or another "
            "player's hand", "card reads from on_w9 on, hb_hand_card for the holder's own hand"),
        int(K.HBE_MEMORY): ("wrote another seat's power memory or a word out of range",
            f"hb_remember(st, me, i, v) with 0 <= i < {A.HB_MEM_WORDS}"),
        int(K.HBE_TOTAL): ("added to totals past its allowance or set a total out of reach",
            f"at most {A.HB_MAX_ADD} added per encounter in all (the sum of |k|), and hb_set_total within "
            f"{A.HB_MAX_ADD} + the higher card value x the side's ships"),
        int(K.HBE_CARDS): ("brought too many cards into hands",
            f"at most {A.HB_MAX_CARDS} cards per encounter (drawn, taken or given), none into a hand of "
            f"{A.MAX_HAND}"),
        int(K.HBE_SEAT): ("named another seat where its own is required, or moved another seat's ships",
            "`me` is the running hook's own seat (the holder whose power acts)"),
        int(K.HBE_ARG): ("passed an argument out of its range to a primitive",
            "each argument in the range the power API's reference gives it (a seat 0 <= q < the number of "
            "players, a side SIDE_OFFENSE or SIDE_DEFENSE, a card, a count within the engine's limits)"),
        int(K.HBE_STEPS): (f"ran its loops past the game's cap of {A.HB_MAX_STEPS:,} steps (a loop that does not end)",
            "loops that end (every pass of a loop of an alien file counts one step)"),
    }


VIOLATION = int(K.HBE_VIOLATION)  # a record's code from it on is a CE.70 invariant (V_*) the hook broke


def broken_game(rec) -> str:
    """'' if no game of `rec` (records of a chunk) was broken by an alien file; else one line
    naming the first such game's file, hook, what it did and what is allowed."""
    import numpy as np

    uses = rec["power_uses"]
    bad = np.argwhere(uses < -1)  # -1 - code, code >= 64: the kernel's mark (-1 is a seat not in the game)
    if not len(bad):
        return ""
    row, seat = (int(x) for x in bad[0])
    code = -1 - int(uses[row, seat])
    what, hook = code // 64, code % 64
    aid = int(rec["alien"][row, seat])
    files = {a.aid: a for a in discover()}
    a = files.get(aid)
    hooks = {v: k for k, v in A.HOOK_NAMES.items()}
    where = f"{shown_path(a.path)} ({a.name})" if a else f"the alien file of seat {seat + 1} (alien id {aid})"
    hook_name = hooks.get(hook, "a hook")
    game = int(rec["game"][row])
    if what >= VIOLATION:
        v = what - VIOLATION
        name = A.VIOLATION_NAMES[v] if 0 <= v < len(A.VIOLATION_NAMES) else str(v)
        return (f"{where}: the game's invariant {name} failed after its hook {hook_name} ran (game {game}, seat "
                f"{seat + 1}); allowed: changes to the game only through the hb_* functions, within their limits")
    text, allowed = _misuses().get(what, ("misused the power API", "the hb_* functions as the reference says"))
    return f"{where}: hook {hook_name} {text} (game {game}, seat {seat + 1}); allowed: {allowed}"
