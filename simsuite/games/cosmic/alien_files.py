"""Aliens as files: discovery, validation and the generated kernel part.

An alien file is one Python file::

    NAME = "Gambler"                 # shown in lists and reports
    SUMMARY = "one line"
    TEXT = "the power's text"
    EDITIONS = ("ah2000", "ffg2008")  # editions it plays under
    WHO = "main"                      # who may use it: any, offense, defense, main, ally, not_main
    USES = "encounter"                # a window hook's use: once per encounter, or once per window
    CLASSIC = ""                      # a classic's name: the file is that classic (replacing the package's file or code)
    SHIP_WEIGHT = 1                   # what each of its ships counts in the totals while its power is on (1 to 9)
    SHIP_LIMIT = 4                    # the most ships it commits at once, launching or allying (1 to 4)
    KIND = "optional"                 # CE.22 "Kind": optional (its holder decides) or mandatory; by default
                                      # optional when it asks its holder anything (hb_ask*, hb_offer_side)

    @njit
    def on_totals(st, cfg, me, log, lg): ...

with hooks named after the moments of the rules (``api.HOOK_NAMES``) that act only through the
``hb_*`` functions of ``kernel/alien_api.py``. Files come from ``simsuite/data/aliens/cosmic``
and ``cosmic_classics`` (the package's: the classics written as files) and the folders in
SIMSUITE_PLUGIN_DIRS (``--plugin-dir``), where a file with CLASSIC replaces the package's; the homebrew ones get
the ids after the 20 classics in name order. Each file's code is checked here (``check_source``),
then pasted into the kernel with its top-level names prefixed (``generated_part``), and a dispatch
on the integer alien id is generated beside it, as strategies are.
"""
from __future__ import annotations

import ast
import builtins
import functools
import hashlib
import os
from dataclasses import dataclass, field
from pathlib import Path

from simsuite.engine.kernel_contract import PRELUDE, provided_names, undefined_names
from simsuite.errors import BadInput, did_you_mean
from simsuite.plugin_dirs import ENV
from simsuite.resources import DATA

from . import api as A

BUILTIN = DATA / "aliens" / "cosmic"
# the classics written as alien files: the engine's own code for those aliens (there is no other),
# checked by the rule tests like the rest of the kernel, so a game does not check the CE.70
# invariants after their hooks as it does after a user's file's (alien_api._hb_after_turn)
CLASSICS = DATA / "aliens" / "cosmic_classics"
_BUILTINS = frozenset(dir(builtins))
WHO = ("any", "offense", "defense", "main", "ally", "not_main")
EDITIONS = ("ah2000", "ffg2008")
META = {"NAME", "SUMMARY", "TEXT", "EDITIONS", "WHO", "USES", "CLASSIC", "SHIP_WEIGHT", "SHIP_LIMIT", "KIND"}
KINDS = ("optional", "mandatory")
# the primitives that put a decision to the holder's strategy: a file calling one has an optional use
ASKS = frozenset({"hb_ask", "hb_ask_about", "hb_ask_seat", "hb_ask_option", "hb_ask_option_about", "hb_ask_count",
                  "hb_offer_side"})
SHIP_WEIGHTS = range(1, 10)  # CE.10.2: a ship counts 1; a power may make its holder's count more
SHIP_LIMITS = range(1, 5)  # CE.6.1, CE.8.4: 1 to 4 ships at once; a power may lower the most
USES = ("encounter", "window")
# what a hook may call besides the hb_* primitives: pure arithmetic, and the kernel's constants
SAFE_CALLS = {"min", "max", "abs", "range", "int", "np.int64"}
IMPORTS_OK = {("numba", "njit"), ("numpy", None), ("simsuite.games.cosmic.api", "*"),
              ("simsuite.games.cosmic.kernel.alien_api", "*")}


@dataclass
class AlienFile:
    name: str
    summary: str
    text: str
    editions: tuple
    who: str
    classic: str
    hooks: dict  # hook name -> W_* / H_* id
    path: Path
    source: str = ""
    uses: str = "encounter"
    ship_weight: int = 1
    ship_limit: int = 4
    kind: str = "mandatory"
    decisions: tuple = ()  # the PK_* kinds of the questions it asks, by name, in PK_* order
    offers_side: bool = False  # it opens an alliance side uninvited (hb_offer_side): a use through an answer
    aid: int = -1
    body: str = field(default="", repr=False)


# the kernel parts holding the power API's hb_* primitives
API_PARTS = tuple(Path(__file__).parent / "kernel" / f for f in ("alien_api.py", "alien_api_flow.py"))


def _api_functions() -> list:
    """The function definitions of the power API's parts, in order."""
    return [n for f in API_PARTS for n in ast.parse(f.read_text()).body if isinstance(n, ast.FunctionDef)]


# hb_* functions of alien_api.py that the engine calls and a hook may not: the dispatch to the hooks
ENGINE_ONLY = frozenset({"hb_window", "hb_moment"})


def _primitives() -> set:
    return {n.name for n in _api_functions() if n.name.startswith("hb_")} - ENGINE_ONLY


def _constants() -> set:
    return {n for n in dir(A) if n.isupper()}


@functools.cache
def _kernel_names() -> frozenset:
    """What an alien file's code can name: its code is pasted into the kernel, so the names of the
    kernel's parts (the power API's hb_* functions and constants among them)."""
    parts = [*sorted((Path(__file__).parent / "kernel").glob("*.py")), PRELUDE]
    return frozenset().union(*(provided_names(ast.parse(p.read_text())) for p in parts))


def _bad(path, msg):
    raise BadInput("alien", f"{shown_path(path)}: {msg}")


WINDOW_HOOKS = ("on_w2", "on_w4", "on_w6", "on_w7", "on_w8", "on_w9", "on_w10")
EARLY = ("on_regroup", "on_destiny", "on_w2", "on_w4", "on_w6", "on_answer", "on_w7", "on_select",
         "on_select_second", "on_w8")  # the encounter cards face down
START = ("on_regroup", "on_destiny")  # steps 1 and 2 (CE.4, CE.5): fixed moments, every seat asked
# each writing primitive: the hooks where the rules give it an effect (alien_api.py checks the same at run time)
WHERE = {
    "hb_add_total": ("on_totals",), "hb_set_total": ("on_totals",), "hb_lower_wins": ("on_totals",),
    "hb_swap_hands": WINDOW_HOOKS, "hb_look_at_hand": WINDOW_HOOKS,
    "hb_draw": (*START, *WINDOW_HOOKS, "on_outcome", "on_loss"),
    "hb_take_random": (*WINDOW_HOOKS, "on_outcome"), "hb_give_random": (*WINDOW_HOOKS, "on_outcome"),
    "hb_retrieve": (*START, *WINDOW_HOOKS, "on_outcome"),
    "hb_send_to_warp": (*START, *WINDOW_HOOKS), "hb_regrouped": ("on_regroup",),
    "hb_return_lost": ("on_loss",), "hb_loss_owner": ("on_loss",), "hb_loss_ships": ("on_loss",),
    "hb_loss_may_return": ("on_loss",),
    "hb_join": ("on_w7",), "hb_offer_side": ("on_answer",),
    "hb_move_encounter_ships": ("on_w4", "on_w6", "on_w7", "on_w8"), "hb_take_from_discard": ("on_w10", "on_outcome"),
    "hb_keep_card": ("on_outcome",), "hb_swap_cards": ("on_w8",), "hb_give_card": WINDOW_HOOKS,
    "hb_time_travel": ("on_w9",),
    "hb_select_first": ("on_select",), "hb_select_face_up": ("on_select",),
    "hb_first_selector": ("on_select", "on_select_second"), "hb_select_at_random": ("on_select_second",),
    "hb_turn_negotiate": ("on_reveal",), "hb_invert_totals": ("on_count",),
    "hb_add_deal_term": ("on_propose",), "hb_deal_term": ("on_deal",), "hb_release": ("on_deal",),
    "hb_artifact": ("on_artifact_discard",),
    "hb_artifact_owner": ("on_artifact_discard",), "hb_new_hand_seat": ("on_new_hand",),
}
# what on_artifact_discard may not call: it runs inside an E.POWER's Zap, so it asks and answers only
DECIDES_ONLY = ("hb_event", "hb_event_about", "hb_note")
HIDDEN_EARLY = ("hb_card_value", "hb_is_attack", "hb_is_negotiate", "hb_card")


def api_reference() -> str:
    """The power API as a Markdown table, from the code (docs/games/write-your-own-alien.md): each
    hb_* primitive of the power API's parts (API_PARTS) with its arguments, the hooks where it acts (WHERE; a
    face-down card read: HIDDEN_EARLY) and the first sentence of its docstring."""
    rows = ["| primitive | where | what it does |", "|---|---|---|"]
    late = ", ".join(f"`{h}`" for h in ("on_reveal", "on_w9", "on_w10", "on_resolve", "on_totals", "on_outcome",
                                        "on_loss"))
    for n in _api_functions():
        if not n.name.startswith("hb_") or n.name in ENGINE_ONLY:
            continue
        args = ", ".join(a.arg for a in n.args.args)
        doc = " ".join((ast.get_docstring(n) or "").split())
        first = doc.split(". ")[0].rstrip(".") + "." if doc else ""
        if n.name in WHERE:
            where = ", ".join(f"`{h}`" for h in WHERE[n.name])
        elif n.name in HIDDEN_EARLY:
            where = late + " (the cards face up)"
        else:
            where = "any hook"
        rows.append(f"| `{n.name}({args})` | {where} | {first.replace('|', '/')} |")
    return "\n".join(rows)


CARD_PRIMITIVES = ("hb_draw", "hb_take_random", "hb_give_random", "hb_take_from_discard")


def _literal(n, consts):
    """The integer a literal expression says (a number, np.int64(number), a constant of the file,
    -x), else None."""
    if isinstance(n, ast.Constant) and isinstance(n.value, int) and not isinstance(n.value, bool):
        return n.value
    if isinstance(n, ast.UnaryOp) and isinstance(n.op, ast.USub):
        v = _literal(n.operand, consts)
        return None if v is None else -v
    if isinstance(n, ast.Call) and ast.unparse(n.func) in ("np.int64", "int") and len(n.args) == 1:
        return _literal(n.args[0], consts)
    if isinstance(n, ast.Name):
        return consts.get(n.id)
    return None


def _over_limit(fn, consts) -> str:
    """A use past the engine's limits per encounter that the code states outright: hb_add_total of a
    literal over HB_MAX_ADD, or a card primitive in a loop of a literal count over HB_MAX_CARDS."""
    for n in ast.walk(fn):
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "hb_add_total" and len(n.args) == 3:
            k = _literal(n.args[2], consts)
            if k is not None and abs(k) > A.HB_MAX_ADD:
                return (f"line {n.lineno}: hb_add_total adds {k}; allowed: at most {A.HB_MAX_ADD} per encounter "
                        "in all (the sum of |k|)")
        if isinstance(n, ast.For) and isinstance(n.iter, ast.Call) and ast.unparse(n.iter.func) == "range":
            k = _literal(n.iter.args[-1 if len(n.iter.args) == 1 else 1], consts) if n.iter.args else None
            cards = [c for c in ast.walk(n) if isinstance(c, ast.Call) and isinstance(c.func, ast.Name)
                     and c.func.id in CARD_PRIMITIVES]
            if k is not None and k > A.HB_MAX_CARDS and cards:
                return (f"line {cards[0].lineno}: {cards[0].func.id} in a loop of {k}; allowed: at most "
                        f"{A.HB_MAX_CARDS} cards brought into hands per encounter")
    return ""


def hook_problems(path: Path) -> str:
    """The first primitive used in a hook where it has no effect, or a hidden-card read before
    the reveal, following the file's own helper functions; '' if none."""
    tree = ast.parse(Path(path).read_text())
    fns = {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}

    def calls(name, seen):
        if name in seen or name not in fns:
            return []
        seen.add(name)
        out = []
        for n in ast.walk(fns[name]):
            if isinstance(n, ast.Call) and isinstance(n.func, ast.Name):
                out.append((n.func.id, n.lineno))
                out += calls(n.func.id, seen)
        return out

    consts = {n.targets[0].id: _literal(n.value, {}) for n in tree.body
              if isinstance(n, ast.Assign) and len(n.targets) == 1 and isinstance(n.targets[0], ast.Name)}
    for fn in fns.values():
        why = _over_limit(fn, consts)
        if why:
            return why
    for hook in (h for h in fns if h in A.HOOK_NAMES):
        for prim, line in calls(hook, set()):
            if prim in WHERE and hook not in WHERE[prim]:
                return (f"line {line}: {prim} has no effect in {hook}; allowed in: {', '.join(WHERE[prim])}")
            if hook == "on_artifact_discard" and prim in DECIDES_ONLY:
                return (f"line {line}: {prim} in on_artifact_discard: that hook only decides (return the use's "
                        "kind, PK_*, to take the card; the engine carries the use out); allowed in: any other hook")
            if prim in HIDDEN_EARLY and hook in EARLY:
                return (f"line {line}: {prim} in {hook} reads an encounter card still face down (CE.70.14); "
                        "allowed from on_w9 on")
    return ""


def check_source(path: Path) -> AlienFile:
    """Parse and check one alien file; one line (BadInput) on the first problem: a syntax error, a
    missing or wrong field, a hook at a moment that does not exist, a write or read of the state
    outside the API, a call the API does not offer."""
    path = Path(path)
    try:
        src = path.read_text()
        tree = ast.parse(src)
    except SyntaxError as e:
        _bad(path, f"syntax error: {e.msg} (line {e.lineno})")
    except OSError as e:
        _bad(path, f"cannot read it ({e.strerror})")
    meta, hooks, helpers = {}, {}, set()
    body = []
    for n in tree.body:
        if isinstance(n, (ast.Import, ast.ImportFrom)):
            mod = n.module if isinstance(n, ast.ImportFrom) else None
            for a in n.names:
                key = (mod, a.name) if mod else (a.name, None)
                if key not in IMPORTS_OK:
                    _bad(path, f"line {n.lineno}: import of {a.name!r}; allowed: from numba import njit, import "
                               "numpy as np, from simsuite.games.cosmic.kernel.alien_api import *")
            continue
        if isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant):
            continue  # the docstring
        if isinstance(n, ast.Assign) and len(n.targets) == 1 and isinstance(n.targets[0], ast.Name):
            k = n.targets[0].id
            if k in META:
                try:
                    meta[k] = ast.literal_eval(n.value)
                except ValueError:
                    _bad(path, f"line {n.lineno}: {k} must be a literal")
                continue
            if k.startswith("on_"):
                _bad(path, f"line {n.lineno}: hook {k} must be an @njit function")
            if k.isupper():  # a constant of its own
                body.append(n)
                helpers.add(k)
                continue
        if isinstance(n, ast.FunctionDef):
            if n.name.startswith("on_"):
                if n.name not in A.HOOK_NAMES:
                    _bad(path, f"line {n.lineno}: hook {n.name} is at no moment of the rules; allowed: "
                               f"{', '.join(A.HOOK_NAMES)}")
                if [a.arg for a in n.args.args] != ["st", "cfg", "me", "log", "lg"]:
                    _bad(path, f"line {n.lineno}: hook {n.name} must take (st, cfg, me, log, lg)")
                hooks[n.name] = A.HOOK_NAMES[n.name]
            else:
                helpers.add(n.name)
            if not any(isinstance(d, ast.Name) and d.id == "njit" or isinstance(d, ast.Call) and
                       getattr(d.func, "id", "") == "njit" for d in n.decorator_list):
                _bad(path, f"line {n.lineno}: {n.name} must be decorated with @njit")
            body.append(n)
            continue
        _bad(path, f"line {n.lineno}: only the fields {', '.join(sorted(META))}, constants, imports and "
                   "@njit functions may be at the top level")
    for k in ("NAME", "SUMMARY", "TEXT"):
        if not isinstance(meta.get(k), str) or not meta[k].strip():
            _bad(path, f"{k} must be a non-empty string")
    eds = meta.get("EDITIONS", EDITIONS)
    eds = (eds,) if isinstance(eds, str) else tuple(eds)
    # any case, as --set edition= takes it (FFG2008 = ffg2008)
    eds = tuple(e.strip().lower() if isinstance(e, str) else e for e in eds)
    if not eds or any(e not in EDITIONS for e in eds):
        _bad(path, f"EDITIONS {eds!r}; allowed: a tuple of {', '.join(EDITIONS)} (any case)")
    who = meta.get("WHO", "any")
    who = who.strip().lower() if isinstance(who, str) else who
    if who not in WHO:
        _bad(path, f"WHO {who!r}; allowed: {', '.join(WHO)}")
    uses = meta.get("USES", "encounter")
    if uses not in USES:
        _bad(path, f"USES {uses!r}; allowed: {', '.join(USES)}")
    classic = meta.get("CLASSIC", "")
    if classic and classic not in A.ALIEN_NAMES:
        _bad(path, f"CLASSIC {classic!r}; allowed: one of the 20 classics ({', '.join(A.ALIEN_NAMES)})")
    weight, limit = meta.get("SHIP_WEIGHT", 1), meta.get("SHIP_LIMIT", 4)
    if type(weight) is not int or weight not in SHIP_WEIGHTS:
        _bad(path, f"SHIP_WEIGHT {weight!r}; allowed: an integer from 1 to 9")
    if type(limit) is not int or limit not in SHIP_LIMITS:
        _bad(path, f"SHIP_LIMIT {limit!r}; allowed: an integer from 1 to 4")
    if not hooks and weight == 1 and limit == 4:
        _bad(path, f"no hook; define at least one of {', '.join(A.HOOK_NAMES)} (or a SHIP_WEIGHT or SHIP_LIMIT)")
    mod = ast.Module(body=body, type_ignores=[])
    called = {n.func.id for n in ast.walk(mod) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)}
    kind = meta.get("KIND", "optional" if called & ASKS else "mandatory")
    if kind not in KINDS:
        _bad(path, f"KIND {kind!r}; allowed: {', '.join(KINDS)}")
    pks = {n.id for n in ast.walk(mod) if isinstance(n, ast.Name) and n.id.startswith("PK_") and hasattr(A, n.id)}
    decisions = tuple(sorted(pks, key=lambda k: int(getattr(A, k)))) if called & ASKS else ()
    _check_calls(path, body, helpers)
    bad = undefined_names(tree, _kernel_names())
    if bad:
        line, name = bad[0]
        _bad(path, f"line {line}: `{name}` is not defined{did_you_mean(name, _kernel_names() | helpers)}")
    return AlienFile(meta["NAME"].strip(), meta["SUMMARY"].strip(), meta["TEXT"].strip(), eds, who, classic, hooks,
                     path.resolve(), src, uses=uses, ship_weight=weight, ship_limit=limit, kind=kind,
                     decisions=decisions, offers_side="hb_offer_side" in called, body=ast.unparse(mod))


SAFE_NAMES = {"min", "max", "abs", "range", "int", "np", "njit"}
ALLOWED_NAMES = ("hb_* functions, the rules' constants (SIDE_*, R_*, PK_*, ...), the file's own functions and "
                 "constants, min, max, abs, range, int, np.int64")


@functools.cache
def _kernel_functions() -> frozenset:
    """The names of the kernel parts' functions (and what they import): none is a constant."""
    out = set()
    for p in sorted((Path(__file__).parent / "kernel").glob("*.py")):
        for n in ast.parse(p.read_text()).body:
            if isinstance(n, ast.FunctionDef):
                out.add(n.name)
            elif isinstance(n, ast.ImportFrom):
                out |= {a.asname or a.name for a in n.names if a.name != "*"}
    return frozenset(out)


def _locals(fn) -> set:
    """The names a function binds (its parameters and every name it assigns): Python's locals."""
    out = set()
    if isinstance(fn, ast.FunctionDef):
        out |= {a.arg for a in [*fn.args.posonlyargs, *fn.args.args, *fn.args.kwonlyargs]}
        out |= {a.arg for a in (fn.args.vararg, fn.args.kwarg) if a is not None}
    for n in ast.walk(fn):
        if isinstance(n, ast.Name) and isinstance(n.ctx, (ast.Store, ast.Del)):
            out.add(n.id)
    return out


def _check_calls(path, body, helpers):
    """The hooks touch the game only through the API: no subscript of st / cfg / log (a read of
    hidden cards, or a write outside the API), no attribute but np.int64, calls only to hb_*
    primitives, the file's own functions and a few pure builtins, and no other name of the kernel
    the file is pasted into (an engine function, the handles' openers) even as a value. The
    handles themselves are the typing's to guard (typecheck): this check gives the common
    mistakes their own line."""
    prims = _primitives()
    consts = _constants()
    funcs = _kernel_functions()
    for fn in body:
        local = _locals(fn)
        called = {id(n.func) for n in ast.walk(fn) if isinstance(n, ast.Call)}
        for n in ast.walk(fn):
            if isinstance(n, ast.Name) and n.id in prims and id(n) not in called:
                _bad(path, f"line {n.lineno}: {n.id} used as a value; allowed: a call, {n.id}(...)")
            if isinstance(n, ast.Attribute) and not (isinstance(n.value, ast.Name) and n.value.id == "np"
                                                     and n.attr == "int64"):
                _bad(path, f"line {n.lineno}: `{ast.unparse(n)}` is outside the power API; allowed: np.int64 "
                           "(a hook reaches the game only through the hb_* functions)")
            if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load) and n.id not in local:
                ok = (n.id in helpers or n.id in prims or n.id in SAFE_NAMES
                      or (n.id.isupper() and n.id not in funcs and n.id in _kernel_names()))
                if not ok and not (n.id.startswith("S_") and n.id in consts) and n.id in _kernel_names() | _BUILTINS:
                    _bad(path, f"line {n.lineno}: `{n.id}` is outside the power API; allowed: {ALLOWED_NAMES}")
            if isinstance(n, ast.Subscript) and isinstance(n.value, ast.Name) and n.value.id in ("st", "cfg", "log"):
                _bad(path, f"line {n.lineno}: {n.value.id}[...] reads or writes the game state directly; "
                           "allowed: the hb_* functions of the power API")
            if isinstance(n, ast.Call):
                f = n.func
                name = f.id if isinstance(f, ast.Name) else (
                    f"{f.value.id}.{f.attr}" if isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) else "")
                if name not in prims and name not in helpers and name not in SAFE_CALLS and name != "njit":
                    _bad(path, f"line {n.lineno}: call to {name or ast.unparse(f)!r} is outside the power API; "
                               "allowed: hb_* functions, the file's own functions, min, max, abs, range")
            if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load) and n.id.startswith("S_") and n.id in consts:
                _bad(path, f"line {n.lineno}: {n.id} is a state offset; allowed: the hb_* functions of the power API")
            if isinstance(n, ast.Global):
                _bad(path, f"line {n.lineno}: global state is not allowed in an alien file")


def plugin_dirs() -> list[Path]:
    extra = [Path(d) for d in os.environ.get(ENV, "").split(os.pathsep) if d]
    for d in extra:
        if not d.is_dir():
            raise BadInput("alien-dir", f"{d} is not a directory")
    return [CLASSICS, BUILTIN, *extra]


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
ORIGIN = ".origin"  # beside a copy `check alien` made in the cache: the path of the user's own file


def shown_path(f: Path) -> Path:
    """The file a message should name: the user's own file for a copy `check alien` made."""
    o = Path(f).with_name(Path(f).name + ORIGIN)
    try:
        return Path(o.read_text().strip()) if o.is_file() else Path(f)
    except OSError:
        return Path(f)


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
    lines = ["# generated by simsuite.games.cosmic.alien_files: the alien files and their dispatch",
             "# ---- kernel part body ----", ""]
    missing = sorted(set(A.ALIEN_NAMES) - {a.classic for a in al})
    if missing:  # the package ships a file for each classic: the engine has no other code for them
        raise RuntimeError(f"no alien file for the classic(s) {', '.join(missing)} in {CLASSICS}")
    trusted = sum(1 << a.aid for a in al if a.classic and packaged(a))
    anymom = sum(1 << (h - 40) for a in al for h in a.hooks.values() if h >= 40)
    forecast = int(any(not a.classic and "on_totals" in a.hooks for a in al))  # a classic file: the built-in forecast
    lines += [f"HB_TRUSTED = {trusted}", f"HB_MOMENTS_ANY = {anymom}", f"HB_FORECAST_ANY = {forecast}", ""]
    for a in al:
        lines.append(f"# ---- {a.name} ({a.path}) ----")
        lines.append(_prefixed(a))
        lines.append("")
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


def _prefixed(a: AlienFile) -> str:
    """The file's functions and constants with their names prefixed _hb<id>_ (no clash with the
    kernel's names or another file's)."""
    tree = ast.parse(a.body)
    own = {n.name for n in tree.body if isinstance(n, ast.FunctionDef)}
    own |= {t.id for n in tree.body if isinstance(n, ast.Assign) for t in n.targets if isinstance(t, ast.Name)}
    pre = f"_hb{a.aid}_"
    ints = {n.targets[0].id for n in tree.body if isinstance(n, ast.Assign) and len(n.targets) == 1
            and isinstance(n.targets[0], ast.Name) and isinstance(n.value, ast.Constant) and type(n.value.value) is int}
    ints |= {k for k in dir(A) if k.isupper() and type(getattr(A, k)) is int}

    def plain_int(e):
        return ((isinstance(e, ast.Constant) and type(e.value) is int) or (isinstance(e, ast.Name) and e.id in ints)
                or (isinstance(e, ast.UnaryOp) and isinstance(e.op, ast.USub) and plain_int(e.operand)))

    class R(ast.NodeTransformer):
        def visit_Call(self, n):
            # a plain int argument (7, -1, a layout offset such as C_PHIL_GIVER) would compile the
            # callee once more for that literal value: passed as int64, every call shares one version
            if isinstance(n.func, ast.Name) and (n.func.id.startswith("hb_") or n.func.id in own):
                n.args = [ast.Call(ast.Attribute(ast.Name("np", ast.Load()), "int64", ast.Load()), [x], [])
                          if plain_int(x) else x for x in n.args]
            self.generic_visit(n)
            return n

        def visit_Name(self, n):
            if n.id in own:
                n.id = pre + n.id
            return n

        def visit_FunctionDef(self, n):
            if n.name in own:
                n.name = pre + n.name
            self.generic_visit(n)
            return n

    return ast.unparse(R().visit(tree))


# ---- the typing check: each hook compiled against the power API's signatures, with sealed handles ----

HANDLE_ARGS = {"st": "state_of", "cfg": "cfg_of", "log": "log_of"}
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

    from . import handles

    def _njit(*args, **kw):  # never numba's cache beside a user's file
        kw.pop("cache", None)
        return numba.njit(*args, **kw)

    ns = {}
    for p in sorted((Path(__file__).parent / "kernel").glob("*.py")):
        if p.stem != "__init__":
            mod = importlib.import_module(f"{__package__}.kernel.{p.stem}")
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

    from . import handles

    shown = Path(path or shown_path(a.path))
    api_text = b"".join(f.read_bytes() for f in (*API_PARTS, Path(__file__).parent / "handles.py",
                                                 Path(__file__).parent / "alien_files.py"))
    key = hashlib.sha256(a.source.encode() + api_text + numba.__version__.encode()).hexdigest()[:24]
    mark = cache_dir() / TYPED_OK / key
    if mark.exists():
        return ""
    if numba.config.DISABLE_JIT:  # the sealed handles type only when compiled: the caller typechecks first
        raise RuntimeError(f"{shown}: typecheck it in a compiled process before playing it interpreted")
    ns = dict(_typing_namespace())
    tree = ast.parse(a.source)
    keep = [n for n in tree.body if isinstance(n, ast.FunctionDef) or (
        isinstance(n, ast.Assign) and len(n.targets) == 1 and isinstance(n.targets[0], ast.Name)
        and n.targets[0].id not in META)]
    exec(compile(ast.Module(body=keep, type_ignores=[]), str(shown), "exec"), ns)
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
        1: ("used a primitive in a hook where it has no effect",
            "each primitive in the hooks the power API's reference lists"),
        2: ("read what its holder may not see (CE.70.14): an encounter card still face down, or another "
            "player's hand", "card reads from on_w9 on, hb_hand_card for the holder's own hand"),
        3: ("wrote another seat's power memory or a word out of range",
            f"hb_remember(st, me, i, v) with 0 <= i < {A.HB_MEM_WORDS}"),
        4: ("added to totals past its allowance or set a total out of reach",
            f"at most {A.HB_MAX_ADD} added per encounter in all (the sum of |k|), and hb_set_total within "
            f"{A.HB_MAX_ADD} + the higher card value x the side's ships"),
        5: ("brought too many cards into hands",
            f"at most {A.HB_MAX_CARDS} cards per encounter (drawn, taken or given), none into a hand of "
            f"{A.MAX_HAND}"),
        6: ("moved another seat's ships", "hb_send_to_warp(st, cfg, me, k, log, lg) for the hook's own seat `me`"),
    }


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
    if what >= 8:
        v = what - 8
        name = A.VIOLATION_NAMES[v] if 0 <= v < len(A.VIOLATION_NAMES) else str(v)
        return (f"{where}: the game's invariant {name} failed after its hook {hook_name} ran (game {game}, seat "
                f"{seat + 1}); allowed: changes to the game only through the hb_* functions, within their limits")
    text, allowed = _misuses().get(what, ("misused the power API", "the hb_* functions as the reference says"))
    return f"{where}: hook {hook_name} {text} (game {game}, seat {seat + 1}); allowed: {allowed}"
