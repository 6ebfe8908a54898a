"""The ranges of the power API's arguments, and the wrappers that check them where a user's file calls.

A primitive of kernel/alien_api.py trusts its integer arguments: the engine calls it with values
it computed. A user's alien file calls it with whatever its code holds, so every call of a file
(aliens.files.generated_part pastes the file with each ``hb_X(...)`` routed to ``_hbw_hb_X(...)``)
goes through a wrapper generated here that checks each argument against its rule before the
primitive runs: a seat is one of the game's (0 <= q < players), ``me`` is the running hook's own
seat (the holder whose power acts), a side is SIDE_OFFENSE or SIDE_DEFENSE, a card, a count, a
memory word or a decision kind within its range. An argument out of range is a misuse recorded
against the file and hook (alien_api._hb_bad_arg: HBE_SEAT for `me`, HBE_ARG otherwise) and the
primitive is not called; the run then stops with one line naming them (aliens.files.broken_game).

A rule is found by the parameter's name (RULES), or for one primitive by (primitive, name)
(OVERRIDES): every parameter of every public primitive has one (tests/cosmic/test_alien_cheats.py
checks it), so a new primitive with a parameter of a new name cannot go unchecked.
"""
from __future__ import annotations

import re

from simsuite.games.cosmic import api as A

# rule -> (the condition that must hold of x, with `s` the opened state and `f` the opened
# configuration where the primitive has them; what the one-line message calls it)
CONDITIONS = {
    "seat": ("0 <= x < s[S_HB_NP]", "a seat of the game, 0 <= q < the number of players"),
    "seat_or_none": ("-1 <= x < s[S_HB_NP]", "a seat of the game or -1"),
    "seat_cfg": ("0 <= x < f[C_NP]", "a seat of the game, 0 <= q < the number of players"),
    "own": ("x == s[S_HB_SEAT]", "the running hook's own seat"),
    "side": ("x == SIDE_OFFENSE or x == SIDE_DEFENSE", "SIDE_OFFENSE or SIDE_DEFENSE"),
    "flag": ("x == 0 or x == 1", "0 or 1"),
    "count": ("0 <= x <= HB_MAX_COUNT", f"a count from 0 to {A.HB_MAX_COUNT}"),
    "total": ("-HB_MAX_ADD <= x <= HB_MAX_ADD", f"-{A.HB_MAX_ADD} to {A.HB_MAX_ADD}"),
    "total_value": ("-HB_MAX_VALUE <= x <= HB_MAX_VALUE", "a total"),
    "value": ("-HB_MAX_VALUE <= x <= HB_MAX_VALUE", f"a value from -{A.HB_MAX_VALUE} to {A.HB_MAX_VALUE}"),
    "mem_word": ("0 <= x < HB_MEM_WORDS", f"a memory word 0 to {A.HB_MEM_WORDS - 1}"),
    "hand_index": ("0 <= x < s[S_HAND_N + me]", "a place in its own hand, 0 <= i < hb_hand_size(st, me)"),
    "card": ("-1 <= x < MAX_CARDS", f"a card id 0 <= c < {A.MAX_CARDS}, or -1 for none (what hb_card answers then)"),
    "kind": (f"1 <= x <= {len(A.PK_NAMES) - 1}", "a decision kind PK_*"),
    "what": (f"(1 <= x <= {len(A.PK_NAMES) - 1}) or (FX_SHIP_WEIGHT <= x <= FX_EMPATH)", "a kind PK_* or FX_*"),
    "about": ("-1 <= x < HB_MAX_ABOUT", f"-1 to {A.HB_MAX_ABOUT - 1} (a card, a seat, a number of the file's)"),
    "ctx": ("CTX_RETURN <= x <= CTX_POWER", "a context CTX_*"),
    "cfg_word": ("0 <= x < CFG_SIZE", "a word of the configuration, C_*"),
    "offset": ("0 <= x < f[C_NP]", "0 <= j < the number of players"),
    "how_many": ("0 <= x < MAX_OPT", f"0 to {A.MAX_OPT - 1}"),
}
RULES = {"me": "own", "p": "seat", "q": "seat", "a": "seat", "b": "seat_or_none", "side": "side", "lg": "flag",
         "on": "flag", "k": "count", "add": "count", "back": "count", "i": "mem_word", "c": "card", "pk": "kind",
         "what": "what", "arg": "about", "arg2": "about", "ctx": "ctx", "w": "cfg_word", "v": "value",
         "t": "total_value", "j": "offset", "n": "how_many", "hint": "value"}
OVERRIDES = {("hb_add_total", "k"): "total", ("hb_hand_card", "i"): "hand_index", ("hb_left", "me"): "seat_cfg",
             ("hb_swap_hands", "b"): "seat"}
HANDLES = ("st", "cfg", "log")
# what a wrapper returns when it refuses a call: the primitive's "nothing happened" (-1 for those
# whose answer is a card or a seat, else 0); the misuse already ends the game at the turn's check
NONE_ANSWER = frozenset({"hb_draw", "hb_take_random", "hb_give_random", "hb_card", "hb_last_card", "hb_hand_card",
                         "hb_ask_seat", "hb_opponent", "hb_ask_option", "hb_ask_option_about", "hb_left"})
PREFIX = "_hbw_"


def rule(prim: str, arg: str) -> str | None:
    """The rule of argument `arg` of primitive `prim`; None for a handle."""
    if arg in HANDLES:
        return None
    return OVERRIDES.get((prim, arg), RULES.get(arg))


def arg_range(prim: str, arg: str) -> str:
    """What argument `arg` of primitive `prim` may be, in words (the power API's reference)."""
    return CONDITIONS[rule(prim, arg)][1]


def wrapper_source(prim: str, args: list[str], valued: bool) -> str:
    """The checking wrapper of one primitive: its arguments' conditions in order (`me` first, as a
    place in `me`'s hand depends on it), each failure a misuse; then the call."""
    has_st, has_cfg = "st" in args, "cfg" in args
    order = sorted((a for a in args if a not in HANDLES), key=lambda a: a != "me")
    refuse = ("return NONE" if prim in NONE_ANSWER else "return I0") if valued else "return"
    out = ["@njit", f"def {PREFIX}{prim}({', '.join(args)}):"]
    if has_st:
        out.append("    s = state_of(st)")
    if has_cfg:
        out.append("    f = cfg_of(cfg)")
    for a in order:
        r = rule(prim, a)
        if r is None:
            raise ValueError(f"{prim}: no rule for argument {a!r} (aliens/args.py: RULES)")
        cond = re.sub(r"\bx\b", a, CONDITIONS[r][0])
        if "s[" in cond and not has_st:
            raise ValueError(f"{prim}: rule {r} of {a!r} needs the state")
        out.append(f"    if not ({cond}):")
        if has_st:
            out.append(f"        _hb_bad_arg(s, {'HBE_SEAT' if r == 'own' else 'HBE_ARG'})")
        out.append(f"        {refuse}")
    call = f"{prim}({', '.join(args)})"
    out.append(f"    return {call}" if valued else f"    {call}")
    return "\n".join(out)
