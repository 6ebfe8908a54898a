"""Evaluation helpers shared by the Star Cartel heuristic strategies (jitted; state read-only
except the scratch area ``st[S_SCR:]``).

The core is the value of delivering a hold: what a player gains from the marker moves of the
largest and smallest sets (with PRICE_SWAY if it pays) plus the set(s) it stashes, exactly in
the order the engine applies them (SC.11). Per-type value tables are built once per market
state and player (``prepare``) and kept in the scratch area. Two scorings:

* ``relative = 0`` (greedy): the player's own score change: marker moves on its own stash plus
  the stashed set at the new market value.
* ``relative = 1`` (market): marker moves weighted by (own stash - opponents' mean stash) of the
  type, so crashing a type the opponents hold pays and crashing one's own costs; market values
  near the crash threshold are discounted while many deliveries remain (risk of a crash).

Speed: a candidate hold is two packed integers (8 bits per type: set sizes, card counts), so
rating a candidate load is a few register operations over the five types, with no writes to the
state. The first-card decision rates every (first card, optional second card) pair once and
records its answer for the second-card decision of the same load step (``T_PLAN``), which then
costs nothing.

Values are fixed point (x SCALE) to keep the tables in the int64 scratch area. A strategy
that writes its own data into the scratch area should set ``st[T_KEY] = 0`` and
``st[T_PLAN] = 0`` afterwards so the tables are rebuilt.
"""
import numpy as np
from numba import njit

from simsuite.games.star_cartel.api import (
    A_EXTRA_STASH,
    A_PRICE_SWAY,
    C_ABIL_ON,
    C_CARD_SIZE,
    C_CARD_TYPE,
    C_COLS,
    C_CRASH_T,
    C_LD,
    C_MAXLOAD,
    C_NP,
    C_SD,
    C_SHIP_ABIL,
    C_SHIP_CAP,
    C_SWAY_LD,
    C_SWAY_SD,
    C_XLD,
    C_XSD,
    D_DELIVER_NOW,
    D_EXTRA,
    D_FIRST,
    D_LARGEST,
    D_MORE,
    D_PURGE,
    D_SMALLEST,
    D_STASH,
    D_THIRD,
    MAX_ROWS,
    N_TYPES,
    S_DB,
    S_DCOUNT,
    S_DEXPRESS,
    S_DSIZE,
    S_DSM,
    S_FINAL,
    S_HCOUNT,
    S_HSIZE,
    S_HUB,
    S_HUB_N,
    S_LOAD,
    S_LOAD_COL,
    S_MARK,
    S_MVER,
    S_NOPT,
    S_OPT,
    S_SCR,
    S_SHIP,
    S_STASH_T,
    S_STASH_TOT,
    S_TURN,
    S_TURN_LOADED,
    S_YARD_N,
    apply_delta,
)

SCALE = 1024
NEG = -(1 << 50)
BIG = 1 << 40
# np.int64 constants: a literal int argument would compile one more version per value
FREE_B = np.int64(-1)  # largest set not pinned
FREE_SM = np.int64(-2)  # smallest set not pinned (-1 pins "no smallest set")
FREE_SW = np.int64(-1)  # sway choice not pinned
I0 = np.int64(0)
I1 = np.int64(1)

# scratch layout
T_KEY = S_SCR  # key of the tables below: market version, player, round, scoring
T_PLAN = S_SCR + 1  # key of the load step whose second-card answer is in T_PLAN + 1
T_AB = S_SCR + 3  # ability of the player's ship
T_EV = S_SCR + 4  # per type: planning value of one stashed card at today's market
T_GB = T_EV + 5  # per type: gain if it is the largest set (normal delivery)
T_GS = T_GB + 5  # ... the smallest set
T_WB = T_GS + 5  # ... largest with PRICE_SWAY
T_WS = T_WB + 5  # ... smallest with PRICE_SWAY
T_XGB = T_WS + 5  # express versions of the four (T_XGB = T_GB + XOFF)
T_XGS = T_XGB + 5
T_XWB = T_XGS + 5
T_XWS = T_XWB + 5
H_S = T_XWS + 5  # sizes of the hold being evaluated (hold_value)
H_C = H_S + 5  # card counts of the hold being evaluated
XOFF = np.int64(4 * 5)  # express tables follow the normal ones
assert H_C + 5 <= S_SCR + 64


@njit(inline="always")
def _rv(v, t3, k):
    """Planning value of a marker at v: discounted above t3 by k per step (crash risk)."""
    over = v - t3
    if over <= 0:
        return float(v)
    return v * (1.0 - k * over)


@njit(inline="always")
def prepare(st, cfg, me, relative):
    """Build the per-type value tables for player me at the current market (cached)."""
    key = ((st[S_MVER] * 8 + me) * 2 + st[S_FINAL]) * 2 + relative + 1
    if st[T_KEY] != key:
        _build_tables(st, cfg, me, relative, key)


@njit(inline="always")
def _risk(st, cfg, relative):
    """Crash-risk discount per step above the threshold - 3 (market scoring, before the final round)."""
    if relative == 1 and st[S_FINAL] == 0:
        # fewer ships left = fewer deliveries that could still crash a type
        return 0.12 * min(1.0, st[S_YARD_N] / (2.0 * cfg[C_NP]))
    return 0.0


@njit
def _build_tables(st, cfg, me, relative, key):
    st[T_KEY] = key
    final = st[S_FINAL]
    N = cfg[C_NP]
    t3 = cfg[C_CRASH_T] - 3
    k = _risk(st, cfg, relative)
    inv = 1.0 / (N - 1)
    a = cfg[C_SHIP_ABIL + st[S_SHIP + me]]
    ab = a if cfg[C_ABIL_ON + a] != 0 else 0
    st[T_AB] = ab
    sway = ab == A_PRICE_SWAY
    ld = cfg[C_LD]
    sd = cfg[C_SD]
    for t in range(N_TYPES):
        own = st[S_STASH_T + me * N_TYPES + t]
        w = (own * N - st[S_STASH_TOT + t]) * inv if relative == 1 else float(own)
        v = st[S_MARK + t]
        ev = _rv(v, t3, k)
        st[T_EV + t] = int(ev * SCALE)
        st[T_GB + t] = int(w * (_rv(apply_delta(cfg, v, ld), t3, k) - ev) * SCALE)
        st[T_GS + t] = int(w * (_rv(apply_delta(cfg, v, sd), t3, k) - ev) * SCALE)
        if sway:
            wb = int(w * (_rv(apply_delta(cfg, v, cfg[C_SWAY_LD]), t3, k) - ev) * SCALE)
            ws = int(w * (_rv(apply_delta(cfg, v, cfg[C_SWAY_SD]), t3, k) - ev) * SCALE)
            st[T_WB + t] = wb
            st[T_WS + t] = ws
            st[T_XWB + t] = wb
            st[T_XWS + t] = ws
        if final == 1:  # express deliveries happen only in the final round
            st[T_XGB + t] = int(w * (_rv(apply_delta(cfg, v, cfg[C_XLD]), t3, k) - ev) * SCALE)
            st[T_XGS + t] = int(w * (_rv(apply_delta(cfg, v, cfg[C_XSD]), t3, k) - ev) * SCALE)


@njit
def hold_value(st, cfg, me, express, fix_b, fix_sm, fix_sw):
    """Best scaled value of delivering the hold in H_S/H_C (fix_* >= 0 pins that choice),
    searching every largest/smallest tie choice, PRICE_SWAY and the stash choice(s).

    Requires prepare(). 0 for an empty hold.
    """
    mx = 0
    for t in range(N_TYPES):
        if st[H_S + t] > mx:
            mx = st[H_S + t]
    if mx == 0:
        return 0
    off = XOFF if express else 0
    ab = st[T_AB]
    best = NEG
    for B in range(N_TYPES):
        if st[H_S + B] != mx or (fix_b >= 0 and B != fix_b):
            continue
        mn = BIG
        for t in range(N_TYPES):
            if t != B and 0 < st[H_S + t] < mn:
                mn = st[H_S + t]
        for Sm in range(-1, N_TYPES):
            if mn < BIG:
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


@njit(inline="always")
def _qv(st, sp, cp, off, ab):
    """Value of delivering the packed hold (sp: set sizes, cp: card counts, 8 bits per type)
    without the tie search (first largest, first smallest). Requires prepare().

    Branch-free: each arg-max / arg-min is a max / min over keys (value << 3 | type)."""
    kb = 0
    for t in range(N_TYPES):
        kb = max(kb, (((sp >> (8 * t)) & 255) << 3) | (7 - t))  # ties: the lowest type
    if kb < 8:
        return 0  # empty hold
    B = 7 - (kb & 7)
    ks = BIG
    for t in range(N_TYPES):
        s = (sp >> (8 * t)) & 255
        k = (s << 3) | t
        ks = min(ks, BIG if (t == B or s == 0) else k)
    Sm = ks & 7 if ks < BIG else -1
    # the best remaining set is stashed (with EXTRA_STASH also the second best)
    m1 = 0
    m2 = 0
    for t in range(N_TYPES):
        v = ((cp >> (8 * t)) & 255) * st[T_EV + t]
        v = 0 if (t == B or t == Sm) else v
        m2 = max(m2, min(m1, v))
        m1 = max(m1, v)
    gB = st[T_GB + off + B]
    gS = st[T_GS + off + Sm] if Sm >= 0 else 0
    gain = gB + gS
    if ab == A_PRICE_SWAY:
        gain = max(gain, st[T_WB + off + B] + gS)
        if Sm >= 0:
            gain = max(gain, gB + st[T_WS + off + Sm])
    elif ab == A_EXTRA_STASH:
        m1 += m2
    return gain + m1


@njit(inline="always")
def _lv(st, sp, cp, load, cap, final, fill_w, fill_frac, ab):
    """Value of the packed hold as the result of a load: delivered now if it fills the ship,
    otherwise the value of delivering it later plus a bonus for how full it is.

    fill_frac = (fill_w << 16) // cap: a multiply instead of a division per candidate."""
    full = load == cap
    if final == 1:
        return _qv(st, sp, cp, 0 if full else XOFF, ab)
    v = _qv(st, sp, cp, 0, ab)
    if full:
        return v + fill_w
    return (v * 4) // 5 + ((fill_frac * load) >> 16)


@njit(inline="always")
def _pack(st, me):
    sp = 0
    cp = 0
    for t in range(N_TYPES):
        sp |= st[S_HSIZE + me * N_TYPES + t] << (8 * t)
        cp |= st[S_HCOUNT + me * N_TYPES + t] << (8 * t)
    return sp, cp


@njit(inline="always")
def next_bottom(st, col, row):
    """Card that is the bottom of column col after taking (col, row); -1 if unknown (a refill)."""
    if row > 0:
        return st[S_HUB + col * MAX_ROWS]
    if st[S_HUB_N + col] > 1:
        return st[S_HUB + col * MAX_ROWS + 1]
    return -1


@njit
def rate_loads(st, cfg, me, fill_w, kind):
    """Index of the best option of a card decision (D_FIRST, D_MORE, D_THIRD).

    D_FIRST rates each first card with and without the card that would then be the bottom of
    the same column, and records the choice for the D_MORE of this load step."""
    n = st[S_NOPT]
    cap = cfg[C_SHIP_CAP + st[S_SHIP + me]]
    fill_frac = (fill_w << 16) // cap
    load = st[S_LOAD + me]
    free = cap - load
    final = st[S_FINAL]
    ab = st[T_AB]
    sp, cp = _pack(st, me)
    if kind == D_MORE:
        plan_key = ((st[S_TURN] * 8 + me) * 8 + st[S_LOAD_COL]) * 2 + 1
        if st[S_TURN_LOADED] == 1 and st[T_PLAN] == plan_key:
            return st[T_PLAN + 1]
        v0 = _lv(st, sp, cp, load, cap, final, fill_w, fill_frac, ab)
        card = st[S_HUB + st[S_LOAD_COL] * MAX_ROWS]
        t = cfg[C_CARD_TYPE + card]
        s = cfg[C_CARD_SIZE + card]
        v1 = _lv(st, sp + (s << (8 * t)), cp + (1 << (8 * t)), load + s, cap, final, fill_w, fill_frac, ab)
        return 1 if v1 > v0 else 0
    two = kind == D_FIRST and cfg[C_MAXLOAD] >= 2
    bi = 0
    bv = NEG
    bplan = -1
    for i in range(n):
        o = st[S_OPT + i]
        plan = -1
        if o < 0:
            if kind == D_FIRST:  # ANY_ROW decline: a normal delivery now and a new ship
                for t in range(N_TYPES):
                    st[H_S + t] = (sp >> (8 * t)) & 255
                    st[H_C + t] = (cp >> (8 * t)) & 255
                v = hold_value(st, cfg, me, I0, FREE_B, FREE_SM, FREE_SW) + fill_w
            else:  # D_THIRD stop
                v = _lv(st, sp, cp, load, cap, final, fill_w, fill_frac, ab)
        else:
            card = st[S_HUB + o]
            t = cfg[C_CARD_TYPE + card]
            s = cfg[C_CARD_SIZE + card]
            sp1 = sp + (s << (8 * t))
            cp1 = cp + (1 << (8 * t))
            v = _lv(st, sp1, cp1, load + s, cap, final, fill_w, fill_frac, ab)
            if two:
                col = o // MAX_ROWS
                nb = next_bottom(st, col, o - col * MAX_ROWS)
                if nb >= 0:
                    plan = 0
                    s2 = cfg[C_CARD_SIZE + nb]
                    if s2 <= free - s:
                        t2 = cfg[C_CARD_TYPE + nb]
                        v2 = _lv(st, sp1 + (s2 << (8 * t2)), cp1 + (1 << (8 * t2)), load + s + s2, cap, final,
                                 fill_w, fill_frac, ab)
                        if v2 > v:
                            v = v2
                            plan = 1
        if v > bv:
            bv = v
            bi = i
            bplan = plan
    if bplan >= 0:
        o = st[S_OPT + bi]
        st[T_PLAN] = ((st[S_TURN] * 8 + me) * 8 + o // MAX_ROWS) * 2 + 1
        st[T_PLAN + 1] = bplan
    return bi


@njit
def best_first_value(st, cfg, me, fill_w, shift):
    """Best load value over bottom-row cards; shift=1 looks at the row above (after a row-0 purge)."""
    cap = cfg[C_SHIP_CAP + st[S_SHIP + me]]
    fill_frac = (fill_w << 16) // cap
    load = st[S_LOAD + me]
    free = cap - load
    final = st[S_FINAL]
    ab = st[T_AB]
    sp, cp = _pack(st, me)
    best = NEG
    for c in range(cfg[C_COLS]):
        if st[S_HUB_N + c] <= shift:
            continue
        card = st[S_HUB + c * MAX_ROWS + shift]
        s = cfg[C_CARD_SIZE + card]
        if s > free:
            continue
        t = cfg[C_CARD_TYPE + card]
        v = _lv(st, sp + (s << (8 * t)), cp + (1 << (8 * t)), load + s, cap, final, fill_w, fill_frac, ab)
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
    if kind == D_STASH or kind == D_EXTRA:
        # markers have already moved (SC.11): stash the set worth most at the new market (only
        # the T_EV values matter here: computed for the options, not the whole tables)
        t3 = cfg[C_CRASH_T] - 3
        k = _risk(st, cfg, relative)
        bi = 0
        bv = NEG
        for i in range(n):
            t = st[S_OPT + i]
            v = 0 if t < 0 else st[S_DCOUNT + t] * int(_rv(st[S_MARK + t], t3, k) * SCALE)
            if v > bv:
                bv = v
                bi = i
        return bi
    prepare(st, cfg, me, relative)
    fill_w = int(fill * SCALE)
    if kind == D_FIRST or kind == D_MORE or kind == D_THIRD:
        return rate_loads(st, cfg, me, fill_w, kind)
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
    # delivery choices (SC.15.6-8): search the remaining tie / sway choices exactly
    for t in range(N_TYPES):
        st[H_S + t] = st[S_DSIZE + t]
        st[H_C + t] = st[S_DCOUNT + t]
    bi = 0
    bv = NEG
    ex = st[S_DEXPRESS]
    for i in range(n):
        o = st[S_OPT + i]
        if kind == D_LARGEST:
            v = hold_value(st, cfg, me, ex, o, FREE_SM, FREE_SW)
        elif kind == D_SMALLEST:
            v = hold_value(st, cfg, me, ex, st[S_DB], o, FREE_SW)
        else:  # D_SWAY
            v = hold_value(st, cfg, me, ex, st[S_DB], st[S_DSM], o)
        if v > bv:
            bv = v
            bi = i
    return bi
