"""Evaluation helpers shared by the Star Cartel heuristic strategies (jitted, state read-only).

The central piece is ``delivery_value``: the best outcome a player can get by delivering a given
hold (per-type sizes and counts written into the strategy scratch area), searching the
largest/smallest tie choices, PRICE_SWAY and the stash choices exactly as the engine would
apply them (SC.11). Two scorings:

* ``own`` (greedy): change of the player's own score = marker moves on its stash plus the
  value of the stashed set at the new market.
* ``relative`` (market): marker moves weighted by (own stash - opponents' mean stash) per type,
  so pushing a type the opponents hold into a crash pays, and values near the crash threshold
  are discounted by the risk that someone crashes them before the end.
"""
from numba import njit

from simsuite.games.star_cartel.api import (
    A_EXTRA_STASH, A_PRICE_SWAY, C_CARD_SIZE, C_CARD_TYPE, C_COLS, C_CRASH_T, C_LD, C_MAXLOAD,
    C_NP, C_SD, C_SHIP_CAP, C_SWAY_LD, C_SWAY_SD, C_XLD, C_XSD, D_DELIVER_NOW, D_EXTRA, D_FIRST,
    D_LARGEST, D_MORE, D_PURGE, D_SMALLEST, D_STASH, D_SWAY, MAX_HOLD, MAX_ROWS, N_TYPES, S_DB,
    S_DEXPRESS, S_DSM, S_FINAL, S_HOLD, S_HOLD_N, S_HUB, S_HUB_N, S_LOAD, S_LOAD_COL, S_MARK,
    S_NOPT, S_OPT, S_SCR, FREE, I0, I1, S_SHIP, S_STASH_T, S_YARD_N, ability, apply_delta,
)

# scratch layout used by these helpers
H_SIZE = S_SCR  # 5 per-type sizes of the hold being evaluated
H_COUNT = S_SCR + 5  # 5 per-type card counts
H_W = S_SCR + 10  # 5 per-type weights (own minus opponents' stash)


@njit(inline="always")
def risk_value(cfg, st, v, relative):
    """Market value used for planning: discounted near the crash threshold while the game is long."""
    if relative == 0 or st[S_FINAL] == 1:
        return float(v)
    over = v - (cfg[C_CRASH_T] - 3)
    if over <= 0:
        return float(v)
    # fewer ships left = fewer deliveries that could crash it
    horizon = min(1.0, st[S_YARD_N] / (2.0 * cfg[C_NP]))
    return v * (1.0 - 0.12 * over * horizon)


@njit
def load_hold(st, cfg, me):
    """Write p's hold per-type sizes and counts into the scratch area."""
    for t in range(N_TYPES):
        st[H_SIZE + t] = 0
        st[H_COUNT + t] = 0
    base = S_HOLD + me * MAX_HOLD
    for i in range(st[S_HOLD_N + me]):
        c = st[base + i]
        t = cfg[C_CARD_TYPE + c]
        st[H_SIZE + t] += cfg[C_CARD_SIZE + c]
        st[H_COUNT + t] += 1


@njit
def load_weights(st, cfg, me, relative):
    """Per-type weight of a marker move: own stash, minus the opponents' mean when relative."""
    N = cfg[C_NP]
    for t in range(N_TYPES):
        own = st[S_STASH_T + me * N_TYPES + t]
        if relative == 1:
            opp = 0
            for q in range(N):
                if q != me:
                    opp += st[S_STASH_T + q * N_TYPES + t]
            st[H_W + t] = own * (N - 1) - opp  # scaled by N-1 to stay integer
        else:
            st[H_W + t] = own * (N - 1)


@njit(inline="always")
def add_card(st, cfg, card, sign):
    t = cfg[C_CARD_TYPE + card]
    st[H_SIZE + t] += sign * cfg[C_CARD_SIZE + card]
    st[H_COUNT + t] += sign


@njit
def delivery_value(st, cfg, me, express, relative, fix_b, fix_sm, fix_sw):
    """Best value of delivering the scratch hold; fix_* = -2 leaves that choice free.

    Requires load_weights() first. Returns 0.0 for an empty hold.
    """
    N1 = cfg[C_NP] - 1.0
    nsets = 0
    mx = 0
    for t in range(N_TYPES):
        s = st[H_SIZE + t]
        if s > 0:
            nsets += 1
            if s > mx:
                mx = s
    if nsets == 0:
        return 0.0
    swayable = ability(st, cfg, me) == A_PRICE_SWAY
    extra = ability(st, cfg, me) == A_EXTRA_STASH
    best = -1e18
    for B in range(N_TYPES):
        if st[H_SIZE + B] != mx:
            continue
        if fix_b != -2 and B != fix_b:
            continue
        mn = 1 << 40
        for t in range(N_TYPES):
            if t != B and st[H_SIZE + t] > 0 and st[H_SIZE + t] < mn:
                mn = st[H_SIZE + t]
        for Sm in range(-1, N_TYPES):
            if nsets >= 2:
                if Sm < 0 or Sm == B or st[H_SIZE + Sm] != mn:
                    continue
            elif Sm >= 0:
                break
            if fix_sm != -2 and Sm != fix_sm:
                continue
            for sw in range(3):
                if sw > 0 and not swayable:
                    break
                if sw == 2 and Sm < 0:
                    continue
                if fix_sw != -2 and sw != fix_sw:
                    continue
                dB = cfg[C_XLD] if express else cfg[C_LD]
                dS = cfg[C_XSD] if express else cfg[C_SD]
                if sw == 1:
                    dB = cfg[C_SWAY_LD]
                elif sw == 2:
                    dS = cfg[C_SWAY_SD]
                oldB = st[S_MARK + B]
                newB = apply_delta(cfg, oldB, dB)
                gain = st[H_W + B] * (risk_value(cfg, st, newB, relative) - risk_value(cfg, st, oldB, relative)) / N1
                if Sm >= 0:
                    oldS = st[S_MARK + Sm]
                    newS = apply_delta(cfg, oldS, dS)
                    gain += st[H_W + Sm] * (risk_value(cfg, st, newS, relative) - risk_value(cfg, st, oldS, relative)) / N1
                # stash: best (and with EXTRA_STASH second best) remaining set
                s1 = 0.0
                s2 = 0.0
                for t in range(N_TYPES):
                    if t == B or t == Sm or st[H_COUNT + t] == 0:
                        continue
                    v = st[H_COUNT + t] * risk_value(cfg, st, st[S_MARK + t], relative)
                    if v > s1:
                        s2 = s1
                        s1 = v
                    elif v > s2:
                        s2 = v
                total = gain + s1
                if extra:
                    total += s2
                if total > best:
                    best = total
    return best


@njit
def load_value(st, cfg, me, relative, fill_weight):
    """Value of the scratch hold as a load decision: deliver-now value if it fills the ship,
    otherwise the value of delivering it later plus a bonus for how full it is."""
    cap = cfg[C_SHIP_CAP + st[S_SHIP + me]]
    load = 0
    for t in range(N_TYPES):
        load += st[H_SIZE + t]
    full = load == cap
    if st[S_FINAL] == 1:
        return delivery_value(st, cfg, me, 0 if full else 1, relative, FREE, FREE, FREE)
    v = delivery_value(st, cfg, me, 0, relative, FREE, FREE, FREE)
    if full:
        return v + fill_weight
    return v * 0.8 + fill_weight * load / cap


@njit
def hold_and_weights(st, cfg, me, relative):
    load_hold(st, cfg, me)
    load_weights(st, cfg, me, relative)


@njit(inline="always")
def next_bottom(st, col, row):
    """Card that is the bottom of column col after taking (col, row); -1 if unknown (a refill)."""
    if row > 0:
        return st[S_HUB + col * MAX_ROWS]
    if st[S_HUB_N + col] > 1:
        return st[S_HUB + col * MAX_ROWS + 1]
    return -1


@njit
def best_first_value(st, cfg, me, relative, fill_w, shift):
    """Best load value over bottom-row cards; shift=1 looks at the row above (after a row-0 purge)."""
    free = cfg[C_SHIP_CAP + st[S_SHIP + me]] - st[S_LOAD + me]
    best = -1e18
    for c in range(cfg[C_COLS]):
        if st[S_HUB_N + c] <= shift:
            continue
        card = st[S_HUB + c * MAX_ROWS + shift]
        if cfg[C_CARD_SIZE + card] > free:
            continue
        add_card(st, cfg, card, 1)
        v = load_value(st, cfg, me, relative, fill_w)
        add_card(st, cfg, card, -1)
        if v > best:
            best = v
    return best


@njit
def heuristic_decide(kind, st, cfg, me, relative, fill_w, use_purge):
    """Pick the option with the best evaluation; ties keep the first option."""
    n = st[S_NOPT]
    if kind == D_DELIVER_NOW:
        return n - 1  # option 1 = deliver now
    if kind == D_STASH or kind == D_EXTRA:
        # markers already moved (SC.11): stash the set worth most at the new market
        hold_and_weights(st, cfg, me, relative)
        bi = 0
        bv = -1e18
        for i in range(n):
            t = st[S_OPT + i]
            v = 0.0 if t < 0 else st[H_COUNT + t] * risk_value(cfg, st, st[S_MARK + t], relative)
            if v > bv:
                bv = v
                bi = i
        return bi
    hold_and_weights(st, cfg, me, relative)
    if kind == D_PURGE:
        if use_purge == 0:
            return 0  # option 0 = skip
        keep = best_first_value(st, cfg, me, relative, fill_w, I0)
        purged = best_first_value(st, cfg, me, relative, fill_w, I1)
        if purged > keep + 0.5:
            for i in range(n):
                if st[S_OPT + i] == 0:
                    return i
        return 0
    bi = 0
    bv = -1e18
    free = cfg[C_SHIP_CAP + st[S_SHIP + me]] - st[S_LOAD + me]
    for i in range(n):
        o = st[S_OPT + i]
        if kind == D_LARGEST:
            v = delivery_value(st, cfg, me, st[S_DEXPRESS], relative, o, FREE, FREE)
        elif kind == D_SMALLEST:
            v = delivery_value(st, cfg, me, st[S_DEXPRESS], relative, st[S_DB], o, FREE)
        elif kind == D_SWAY:
            v = delivery_value(st, cfg, me, st[S_DEXPRESS], relative, st[S_DB], st[S_DSM], o)
        elif kind == D_MORE:
            if o == 0:
                v = load_value(st, cfg, me, relative, fill_w)
            else:
                card = st[S_HUB + st[S_LOAD_COL] * MAX_ROWS]
                add_card(st, cfg, card, 1)
                v = load_value(st, cfg, me, relative, fill_w)
                add_card(st, cfg, card, -1)
        elif o < 0:
            if kind == D_FIRST:  # ANY_ROW decline: a normal delivery now and a new ship
                v = delivery_value(st, cfg, me, 0, relative, FREE, FREE, FREE) + fill_w
            else:  # D_THIRD stop
                v = load_value(st, cfg, me, relative, fill_w)
        else:
            card = st[S_HUB + o]
            add_card(st, cfg, card, 1)
            v = load_value(st, cfg, me, relative, fill_w)
            if kind == D_FIRST and cfg[C_MAXLOAD] >= 2:
                nb = next_bottom(st, o // MAX_ROWS, o % MAX_ROWS)
                if nb >= 0 and cfg[C_CARD_SIZE + nb] <= free - cfg[C_CARD_SIZE + card]:
                    add_card(st, cfg, nb, 1)
                    v2 = load_value(st, cfg, me, relative, fill_w)
                    add_card(st, cfg, nb, -1)
                    if v2 > v:
                        v = v2
            add_card(st, cfg, card, -1)
        if v > bv:
            bv = v
            bi = i
    return bi
