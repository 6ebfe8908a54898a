"""Evaluation helpers shared by the Star Cartel heuristic strategies (jitted; state read-only
except the scratch area ``st[S_SCR:]``).

The core is ``hold_value``: what a player gains by delivering a given hold, searching the
largest/smallest tie choices, PRICE_SWAY and the stash choice(s) exactly as the engine applies
them (SC.11). Per-type value tables are built once per market state and player
(``prepare``) and kept in the scratch area, so evaluating a candidate load costs a few passes
over the five types. Two scorings:

* ``relative = 0`` (greedy): the player's own score change: marker moves on its own stash plus
  the stashed set at the new market value.
* ``relative = 1`` (market): marker moves weighted by (own stash - opponents' mean stash) of the
  type, so crashing a type the opponents hold pays and crashing one's own costs; market values
  near the crash threshold are discounted while many deliveries remain (risk of a crash).

Values are fixed point (x SCALE) to keep the tables in the int64 scratch area. A strategy
that writes its own data into the scratch area should set ``st[T_KEY] = 0`` afterwards so
the tables are rebuilt.
"""
import numpy as np
from numba import njit

from simsuite.games.star_cartel.api import (
    A_EXTRA_STASH, A_PRICE_SWAY, C_CARD_SIZE, C_CARD_TYPE, C_COLS, C_CRASH_T, C_LD, C_MAXLOAD, C_NP,
    C_SD, C_SHIP_CAP, C_SWAY_LD, C_SWAY_SD, C_XLD, C_XSD, D_DELIVER_NOW, D_EXTRA, D_FIRST, D_LARGEST,
    D_MORE, D_PURGE, D_SMALLEST, D_STASH, D_SWAY, MAX_ROWS, N_TYPES, S_DB, S_DCOUNT, S_DEXPRESS,
    S_DSIZE, S_DSM, S_FINAL, S_HCOUNT, S_HSIZE, S_HUB, S_HUB_N, S_LOAD, S_LOAD_COL, S_MARK, S_MVER,
    S_NOPT, S_OPT, S_SCR, S_SHIP, S_STASH_T, S_STASH_TOT, S_YARD_N, ability, apply_delta,
)

SCALE = 1024
NEG = -(1 << 50)
# np.int64 constants: a literal int argument would compile one more version per value
FREE_B = np.int64(-1)  # largest set not pinned
FREE_SM = np.int64(-2)  # smallest set not pinned (-1 pins "no smallest set")
FREE_SW = np.int64(-1)  # sway choice not pinned
I0 = np.int64(0)
I1 = np.int64(1)

# scratch layout
T_KEY = S_SCR  # key of the tables below: market version, player, round, scoring
T_EV = S_SCR + 1  # per type: planning value of one stashed card at today's market
T_GB = T_EV + 5  # per type: gain if it is the largest set (normal delivery)
T_GS = T_GB + 5  # ... the smallest set
T_WB = T_GS + 5  # ... largest with PRICE_SWAY
T_WS = T_WB + 5  # ... smallest with PRICE_SWAY
T_XGB = T_WS + 5  # express versions of the four
T_XGS = T_XGB + 5
T_XWB = T_XGS + 5
T_XWS = T_XWB + 5
T_AB = T_XWS + 5  # ability of the player's ship
H_S = T_AB + 1  # sizes of the hold being evaluated
H_C = H_S + 5  # card counts of the hold being evaluated


@njit(inline="always")
def _rv(v, t3, k):
    """Planning value of a marker at v: discounted above t3 by k per step (crash risk)."""
    over = v - t3
    if over <= 0:
        return float(v)
    return v * (1.0 - k * over)


@njit
def prepare(st, cfg, me, relative):
    """Build the per-type value tables for player me at the current market (cached)."""
    key = ((st[S_MVER] * 8 + me) * 2 + st[S_FINAL]) * 2 + relative
    if st[T_KEY] == key + 1:
        return
    st[T_KEY] = key + 1
    N = cfg[C_NP]
    t3 = cfg[C_CRASH_T] - 3
    k = 0.0
    if relative == 1 and st[S_FINAL] == 0:
        # fewer ships left = fewer deliveries that could still crash a type
        k = 0.12 * min(1.0, st[S_YARD_N] / (2.0 * N))
    inv = 1.0 / (N - 1)
    st[T_AB] = ability(st, cfg, me)
    for t in range(N_TYPES):
        own = st[S_STASH_T + me * N_TYPES + t]
        w = (own * N - st[S_STASH_TOT + t]) * inv if relative == 1 else float(own)
        v = st[S_MARK + t]
        ev = _rv(v, t3, k)
        st[T_EV + t] = int(ev * SCALE)
        st[T_GB + t] = int(w * (_rv(apply_delta(cfg, v, cfg[C_LD]), t3, k) - ev) * SCALE)
        st[T_GS + t] = int(w * (_rv(apply_delta(cfg, v, cfg[C_SD]), t3, k) - ev) * SCALE)
        st[T_WB + t] = int(w * (_rv(apply_delta(cfg, v, cfg[C_SWAY_LD]), t3, k) - ev) * SCALE)
        st[T_WS + t] = int(w * (_rv(apply_delta(cfg, v, cfg[C_SWAY_SD]), t3, k) - ev) * SCALE)
        st[T_XGB + t] = int(w * (_rv(apply_delta(cfg, v, cfg[C_XLD]), t3, k) - ev) * SCALE)
        st[T_XGS + t] = int(w * (_rv(apply_delta(cfg, v, cfg[C_XSD]), t3, k) - ev) * SCALE)
        st[T_XWB + t] = st[T_WB + t]
        st[T_XWS + t] = st[T_WS + t]


@njit
def hold_value(st, cfg, me, express, fix_b, fix_sm, fix_sw):
    """Best scaled value of delivering the hold in H_S/H_C (fix_* >= 0 pins that choice).

    Requires prepare(). 0 for an empty hold.
    """
    mx = 0
    for t in range(N_TYPES):
        if st[H_S + t] > mx:
            mx = st[H_S + t]
    if mx == 0:
        return 0
    off = 4 * 5 if express else 0  # express tables follow the normal ones
    ab = st[T_AB]
    best = NEG
    for B in range(N_TYPES):
        if st[H_S + B] != mx or (fix_b >= 0 and B != fix_b):
            continue
        mn = 1 << 40
        for t in range(N_TYPES):
            if t != B and 0 < st[H_S + t] < mn:
                mn = st[H_S + t]
        for Sm in range(-1, N_TYPES):
            if mn < (1 << 40):
                if Sm < 0 or Sm == B or st[H_S + Sm] != mn:
                    continue
            elif Sm >= 0:
                break
            if fix_sm >= -1 and Sm != fix_sm:
                continue
            gB = st[T_GB + off + B]
            gS = st[T_GS + off + Sm] if Sm >= 0 else 0
            gain = gB + gS
            if ab == A_PRICE_SWAY:
                if fix_sw == 1 or (fix_sw < 0 and st[T_WB + off + B] + gS > gain):
                    gain = st[T_WB + off + B] + gS
                if Sm >= 0 and (fix_sw == 2 or (fix_sw < 0 and gB + st[T_WS + off + Sm] > gain)):
                    gain = gB + st[T_WS + off + Sm]
            # stash the best remaining set, with EXTRA_STASH also the second best
            s1 = 0
            s2 = 0
            for t in range(N_TYPES):
                if t == B or t == Sm or st[H_C + t] == 0:
                    continue
                v = st[H_C + t] * st[T_EV + t]
                if v > s1:
                    s2 = s1
                    s1 = v
                elif v > s2:
                    s2 = v
            total = gain + s1
            if ab == A_EXTRA_STASH:
                total += s2
            if total > best:
                best = total
    return best


@njit
def quick_value(st, cfg, express):
    """hold_value without the tie search (first largest, first smallest): cheap enough to rate
    every candidate load. Requires prepare()."""
    mx = 0
    B = -1
    for t in range(N_TYPES):
        if st[H_S + t] > mx:
            mx = st[H_S + t]
            B = t
    if B < 0:
        return 0
    off = 4 * 5 if express else 0
    mn = 1 << 40
    Sm = -1
    # top three stash values among the others; the best one that is not Sm gets stashed
    v1 = v2 = v3 = 0
    t1 = t2 = -1
    for t in range(N_TYPES):
        if t == B or st[H_C + t] == 0:
            continue
        if st[H_S + t] < mn:
            mn = st[H_S + t]
            Sm = t
        v = st[H_C + t] * st[T_EV + t]
        if v > v1:
            v3 = v2
            v2 = v1
            t2 = t1
            v1 = v
            t1 = t
        elif v > v2:
            v3 = v2
            v2 = v
            t2 = t
        elif v > v3:
            v3 = v
    if t1 == Sm:
        s1 = v2
        s2 = v3
    elif t2 == Sm:
        s1 = v1
        s2 = v3
    else:
        s1 = v1
        s2 = v2
    gB = st[T_GB + off + B]
    gS = st[T_GS + off + Sm] if Sm >= 0 else 0
    gain = gB + gS
    ab = st[T_AB]
    if ab == A_PRICE_SWAY:
        gain = max(gain, st[T_WB + off + B] + gS)
        if Sm >= 0:
            gain = max(gain, gB + st[T_WS + off + Sm])
    elif ab == A_EXTRA_STASH:
        s1 += s2
    return gain + s1


@njit
def set_hold(st, me):
    for t in range(N_TYPES):
        st[H_S + t] = st[S_HSIZE + me * N_TYPES + t]
        st[H_C + t] = st[S_HCOUNT + me * N_TYPES + t]


@njit(inline="always")
def add_card(st, cfg, card, sign):
    t = cfg[C_CARD_TYPE + card]
    st[H_S + t] += sign * cfg[C_CARD_SIZE + card]
    st[H_C + t] += sign


@njit
def load_value(st, cfg, me, fill_w):
    """Value of the H_S/H_C hold as the result of a load: delivered now if it fills the ship,
    otherwise the value of delivering it later plus a bonus for how full it is."""
    cap = cfg[C_SHIP_CAP + st[S_SHIP + me]]
    load = 0
    for t in range(N_TYPES):
        load += st[H_S + t]
    full = load == cap
    if st[S_FINAL] == 1:
        return quick_value(st, cfg, I0 if full else I1)
    v = quick_value(st, cfg, I0)
    if full:
        return v + fill_w
    return (v * 4) // 5 + (fill_w * load) // cap


@njit(inline="always")
def next_bottom(st, col, row):
    """Card that is the bottom of column col after taking (col, row); -1 if unknown (a refill)."""
    if row > 0:
        return st[S_HUB + col * MAX_ROWS]
    if st[S_HUB_N + col] > 1:
        return st[S_HUB + col * MAX_ROWS + 1]
    return -1


@njit
def best_first_value(st, cfg, me, fill_w, shift):
    """Best load value over bottom-row cards; shift=1 looks at the row above (after a row-0 purge)."""
    free = cfg[C_SHIP_CAP + st[S_SHIP + me]] - st[S_LOAD + me]
    best = NEG
    for c in range(cfg[C_COLS]):
        if st[S_HUB_N + c] <= shift:
            continue
        card = st[S_HUB + c * MAX_ROWS + shift]
        if cfg[C_CARD_SIZE + card] > free:
            continue
        add_card(st, cfg, card, 1)
        v = load_value(st, cfg, me, fill_w)
        add_card(st, cfg, card, -1)
        if v > best:
            best = v
    return best


@njit
def heuristic_decide(kind, st, cfg, me, relative, fill, use_purge):
    """Pick the option with the best evaluation; ties keep the first option.

    relative: 0 own score, 1 relative to the opponents; fill: bonus (in points) for a hold that
    fills the ship; use_purge: 1 to consider ROW_PURGE.
    """
    n = st[S_NOPT]
    if kind == D_DELIVER_NOW:
        return n - 1  # option 1 = deliver now
    prepare(st, cfg, me, relative)
    fill_w = int(fill * SCALE)
    if kind == D_STASH or kind == D_EXTRA:
        # markers have already moved (SC.11): stash the set worth most at the new market
        bi = 0
        bv = NEG
        for i in range(n):
            t = st[S_OPT + i]
            v = 0 if t < 0 else st[S_DCOUNT + t] * st[T_EV + t]
            if v > bv:
                bv = v
                bi = i
        return bi
    if kind == D_LARGEST or kind == D_SMALLEST or kind == D_SWAY:
        for t in range(N_TYPES):
            st[H_S + t] = st[S_DSIZE + t]
            st[H_C + t] = st[S_DCOUNT + t]
    else:
        set_hold(st, me)
    if kind == D_PURGE:
        if use_purge == 0:
            return 0  # option 0 = skip
        keep = best_first_value(st, cfg, me, fill_w, I0)
        purged = best_first_value(st, cfg, me, fill_w, I1)
        if purged > keep + SCALE // 2:
            for i in range(n):
                if st[S_OPT + i] == 0:
                    return i
        return 0
    bi = 0
    bv = NEG
    free = cfg[C_SHIP_CAP + st[S_SHIP + me]] - st[S_LOAD + me]
    ex = st[S_DEXPRESS]
    for i in range(n):
        o = st[S_OPT + i]
        if kind == D_LARGEST:
            v = hold_value(st, cfg, me, ex, o, FREE_SM, FREE_SW)
        elif kind == D_SMALLEST:
            v = hold_value(st, cfg, me, ex, st[S_DB], o, FREE_SW)
        elif kind == D_SWAY:
            v = hold_value(st, cfg, me, ex, st[S_DB], st[S_DSM], o)
        elif kind == D_MORE:
            if o == 0:
                v = load_value(st, cfg, me, fill_w)
            else:
                card = st[S_HUB + st[S_LOAD_COL] * MAX_ROWS]
                add_card(st, cfg, card, 1)
                v = load_value(st, cfg, me, fill_w)
                add_card(st, cfg, card, -1)
        elif o < 0:
            if kind == D_FIRST:  # ANY_ROW decline: a normal delivery now and a new ship
                v = hold_value(st, cfg, me, I0, FREE_B, FREE_SM, FREE_SW) + fill_w
            else:  # D_THIRD stop
                v = load_value(st, cfg, me, fill_w)
        else:
            card = st[S_HUB + o]
            add_card(st, cfg, card, 1)
            v = load_value(st, cfg, me, fill_w)
            if kind == D_FIRST and cfg[C_MAXLOAD] >= 2:
                nb = next_bottom(st, o // MAX_ROWS, o % MAX_ROWS)
                if nb >= 0 and cfg[C_CARD_SIZE + nb] <= free - cfg[C_CARD_SIZE + card]:
                    add_card(st, cfg, nb, 1)
                    v2 = load_value(st, cfg, me, fill_w)
                    add_card(st, cfg, nb, -1)
                    if v2 > v:
                        v = v2
            add_card(st, cfg, card, -1)
        if v > bv:
            bv = v
            bi = i
    return bi
