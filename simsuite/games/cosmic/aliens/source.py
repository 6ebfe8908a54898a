"""What an alien file may contain, read from its syntax tree alone: nothing of the file runs here.

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
``hb_*`` functions of ``kernel/alien_api.py``. The file is checked, not trusted: its top level may
hold only literal fields and constants (``ast.literal_eval``), its imports and ``@njit`` functions
with plain parameters (no default, annotation or decorator argument that would run as code when
the function is defined); inside the functions, only the power API, the file's own functions and
constants, a few pure builtins and the rules' constants, with no name that could reach Python
itself (no walrus, comprehension, lambda, nested function, dunder, or rebinding of a builtin or a
kernel name). ``check_source`` refuses anything else with one line, before any code of the file is
compiled or run (aliens/files.py loads what passes).
"""
from __future__ import annotations

import ast
import builtins
import functools
from dataclasses import dataclass, field
from pathlib import Path

from simsuite.engine.kernel_contract import PRELUDE, provided_names, undefined_names
from simsuite.errors import BadInput, did_you_mean
from simsuite.games.cosmic import api as A
from simsuite.games.cosmic.aliens.args import arg_range, rule

_cache: dict = {}
ORIGIN = ".origin"  # beside a copy `check alien` made in the cache: the path of the user's own file


def shown_path(f: Path) -> Path:
    """The file a message should name: the user's own file for a copy `check alien` made."""
    o = Path(f).with_name(Path(f).name + ORIGIN)
    try:
        return Path(o.read_text().strip()) if o.is_file() else Path(f)
    except OSError:
        return Path(f)

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
API_PARTS = tuple(Path(__file__).parents[1] / "kernel" / f for f in ("alien_api.py", "alien_api_flow.py"))


@functools.cache
def _api_functions() -> tuple:
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
    parts = [*sorted((Path(__file__).parents[1] / "kernel").glob("*.py")), PRELUDE]
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
    face-down card read: HIDDEN_EARLY), the first sentence of its docstring and the range of each
    argument (aliens/args.py: what its wrapper checks)."""
    rows = ["| primitive | where | what it does | its arguments (checked at every call of a user's file) |",
            "|---|---|---|---|"]
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
        ranges = "; ".join(f"`{a.arg}`: {arg_range(n.name, a.arg)}" for a in n.args.args if rule(n.name, a.arg))
        rows.append(f"| `{n.name}({args})` | {where} | {first.replace('|', '/')} | {ranges} |")
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
            if k.isupper():  # a constant of its own: a literal (defining it runs nothing), pasted as its value
                _own_name(path, n.lineno, k)
                body.append(ast.copy_location(ast.Assign([ast.Name(k, ast.Store())],
                                                         ast.Constant(_constant(path, n, k))), n))
                helpers.add(k)
                continue
        if isinstance(n, ast.FunctionDef):
            _own_name(path, n.lineno, n.name)
            _signature(path, n)
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
    _check_shapes(path, body, hooks)
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
    for p in sorted((Path(__file__).parents[1] / "kernel").glob("*.py")):
        for n in ast.parse(p.read_text()).body:
            if isinstance(n, ast.FunctionDef):
                out.add(n.name)
            elif isinstance(n, ast.ImportFrom):
                out |= {a.asname or a.name for a in n.names if a.name != "*"}
    return frozenset(out)


def _api_arg(prim: str, i: int) -> str:
    return next(n for n in _api_functions() if n.name == prim).args.args[i].arg


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
    # the event log and its switch pass through as the engine gave them: a hook that passed lg = 1
    # with the log off would write past the end of a log that was never made
    passed = {n.name: [i for i, a in enumerate(n.args.args) if a.arg in ("log", "lg")] for n in _api_functions()
              if n.name in prims}
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
                for i in passed.get(name, ()):
                    want = _api_arg(name, i)
                    if i < len(n.args) and not (isinstance(n.args[i], ast.Name) and n.args[i].id == want):
                        _bad(path, f"line {n.lineno}: {name}'s argument {want} is `{ast.unparse(n.args[i])}`; allowed: "
                                   f"the hook's own {want}, passed on as it came")
            if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load) and n.id.startswith("S_") and n.id in consts:
                _bad(path, f"line {n.lineno}: {n.id} is a state offset; allowed: the hb_* functions of the power API")
            if isinstance(n, ast.Global):
                _bad(path, f"line {n.lineno}: global state is not allowed in an alien file")


# ---- what runs when a file is loaded, and the shapes of code a hook may hold ----

CONSTANT_TYPES = (int, float, bool, str)
# statements and expressions no hook needs, each a way to run Python rather than the power API:
# a walrus or a comprehension variable makes a builtin look local, a lambda or a nested function
# hides code from these checks, try / with / raise / assert reach Python's exception machinery
_REFUSED = {ast.NamedExpr: "an assignment expression (:=)", ast.Lambda: "a lambda",
            ast.ListComp: "a comprehension", ast.SetComp: "a comprehension", ast.DictComp: "a comprehension",
            ast.GeneratorExp: "a generator expression", ast.FunctionDef: "a nested function",
            ast.AsyncFunctionDef: "a nested function", ast.ClassDef: "a class", ast.Global: "global state",
            ast.Nonlocal: "nonlocal state", ast.Import: "an import", ast.ImportFrom: "an import", ast.Try: "try",
            ast.With: "with", ast.AsyncWith: "with", ast.Raise: "raise", ast.Assert: "assert",
            ast.Yield: "yield", ast.YieldFrom: "yield", ast.Await: "await", ast.Delete: "del",
            ast.Starred: "a starred argument", ast.JoinedStr: "an f-string", ast.List: "a list",
            ast.Dict: "a dict", ast.Set: "a set", ast.Match: "match"}
if hasattr(ast, "TryStar"):
    _REFUSED[ast.TryStar] = "try"
HOOK_ARGS = ("st", "cfg", "me", "log", "lg")
RESERVED = "_hb"  # the loader's names in the pasted code (a file's own names are prefixed _hb<id>_)


def _constant(path, n, k):
    """The value of constant k's literal (ast.literal_eval), an int, float, bool, str or a tuple of
    them: nothing of the file runs to define it."""
    try:
        v = ast.literal_eval(n.value)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        _bad(path, f"line {n.lineno}: {k} must be a literal (a number, a string or a tuple of them); nothing of an "
                   "alien file runs when it is loaded")

    def ok(x):
        return isinstance(x, CONSTANT_TYPES) or (isinstance(x, tuple) and all(ok(y) for y in x))

    if not ok(v):
        _bad(path, f"line {n.lineno}: {k} is a {type(v).__name__}; allowed: a number, a string or a tuple of them")
    return v


def _own_name(path, line, name):
    """A name the file defines at its top level: not the kernel's, a builtin's or the loader's (the
    file's names are prefixed when pasted, so such a name would only mislead its reader)."""
    if name.startswith("__") or name.startswith(RESERVED):
        _bad(path, f"line {line}: the name {name!r} is reserved; allowed: a name not starting with __ or {RESERVED}")
    if name in _kernel_names() or name in _BUILTINS:
        _bad(path, f"line {line}: {name!r} is a name of the kernel or of Python; allowed: a name of the file's own "
                   "(the kernel's names and limits cannot be redefined by a file)")


def _signature(path, fn):
    """A function whose definition runs nothing of the file: @njit (keyword arguments literal) as its
    only decorator, plain positional parameters, no default, no annotation."""
    for d in fn.decorator_list:
        plain = isinstance(d, ast.Name) and d.id == "njit"
        call = (isinstance(d, ast.Call) and isinstance(d.func, ast.Name) and d.func.id == "njit" and not d.args
                and all(k.arg is not None and _is_literal(k.value) for k in d.keywords))
        if not (plain or call):
            _bad(path, f"line {d.lineno}: decorator `{ast.unparse(d)}` of {fn.name}; allowed: @njit (keyword "
                       "arguments literal), nothing else runs when the function is defined")
    a = fn.args
    if a.posonlyargs or a.kwonlyargs or a.vararg or a.kwarg or a.defaults or a.kw_defaults:
        _bad(path, f"line {fn.lineno}: {fn.name} must take plain positional parameters (no default, *, ** or /)")
    if fn.returns is not None or any(x.annotation is not None for x in a.args):
        _bad(path, f"line {fn.lineno}: {fn.name} has an annotation; allowed: none (an annotation runs as code)")
    for x in a.args:
        if x.arg.startswith("__") or x.arg.startswith(RESERVED) or x.arg in _BUILTINS:
            _bad(path, f"line {fn.lineno}: parameter {x.arg!r} of {fn.name}; allowed: a name that is not a builtin's "
                       f"and does not start with __ or {RESERVED}")


def _is_literal(n) -> bool:
    try:
        ast.literal_eval(n)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return False
    return True


def _check_shapes(path, body, hooks):
    """Inside the functions: none of the shapes of _REFUSED, no dunder name, no rebinding of a
    builtin, a kernel name or a hook's own parameters (st, cfg, me, log, lg keep what the engine
    passed), and no recursion among the file's functions (each loop of a file is bounded by the
    engine's step count, a call cycle would not be)."""
    own = {n.name: n for n in body if isinstance(n, ast.FunctionDef)}
    kernel = _kernel_names()
    for fn in own.values():
        for n in ast.walk(fn):
            if n is not fn and type(n) in _REFUSED:
                _bad(path, f"line {n.lineno}: {_REFUSED[type(n)]} in {fn.name}; allowed: assignments, if, for, while, "
                           "break, continue, return, arithmetic and calls of the power API")
            if isinstance(n, ast.Name):
                if n.id.startswith("__") or n.id.startswith(RESERVED):
                    _bad(path, f"line {n.lineno}: the name {n.id!r} is reserved; allowed: names of the power API and "
                               "the file's own")
                if isinstance(n.ctx, (ast.Store, ast.Del)) and (
                        n.id in _BUILTINS or n.id in kernel or n.id in own or n.id in ("np", "njit")
                        or (fn.name in hooks and n.id in HOOK_ARGS)):
                    _bad(path, f"line {n.lineno}: {fn.name} assigns {n.id!r}; allowed: names of its own that are not a "
                               "builtin's, a kernel's, the file's functions or a hook's parameters")
            if isinstance(n, ast.arg) and n is not fn and n.arg in _BUILTINS:
                _bad(path, f"line {n.lineno}: {n.arg!r} in {fn.name}; allowed: a name that is not a builtin's")
    graph = {name: {n.func.id for n in ast.walk(fn) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
                    and n.func.id in own} for name, fn in own.items()}
    state = {}

    def visit(name, chain):
        if state.get(name) == 1:
            cycle = " -> ".join([*chain[chain.index(name):], name])
            _bad(path, f"line {own[name].lineno}: {cycle} calls itself; allowed: no function that calls itself, "
                       "directly or through another (a loop instead)")
        if state.get(name) == 2:
            return
        state[name] = 1
        for m in sorted(graph[name]):
            visit(m, [*chain, name])
        state[name] = 2

    for name in sorted(own):
        visit(name, [])
