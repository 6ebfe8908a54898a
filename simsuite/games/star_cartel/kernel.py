"""Star Cartel batch kernel (rules: ../shared/rules/star_cartel.md, ids SC.x.y).

This file is not imported directly: ``simsuite.engine.codegen`` writes it, followed by the jitted
strategy dispatch ``strategy_decide(sid, kind, st, cfg, me)`` built from the strategy files, into
one module in the cache directory, named by a hash of every source involved. numba's on-disk
cache then never serves a kernel compiled against other strategies or older helpers.

One game is played start to finish by ``play_game`` on one int64 state array; ``run_batch``
plays a range of game indices in parallel, one output row per game.
"""
import numpy as np
from numba import njit

from simsuite.engine.kernel_common import discards_to_deck, note_illegal, shuffle
from simsuite.engine.kernel_common import log_event as _log
from simsuite.engine.rng import below
from simsuite.games.star_cartel.api import *
from simsuite.games.star_cartel.records import *

# --- event log (replay) -------------------------------------------------------------------
(E_SETUP_PURGE, E_START, E_TURN, E_ROW_PURGE, E_LOAD, E_DELIVERY, E_SET, E_MARKER, E_SHIP, E_END,
 E_FINAL_TURN, E_RESHUFFLE, E_SCORE, E_WINNERS, E_PASS, E_WAIT, E_TIMEOUT, E_DECLINE) = (np.int64(k) for k in range(1, 19))
# fate of a delivered set (E_SET)
F_LARGEST, F_SMALLEST, F_STASH, F_DISCARD = range(4)


@njit
def _refill_deck(st, cfg, log, lg):
    """The deck is empty: rebuild it from the discard pile (SC.5.3, A2); returns its new size."""
    if cfg[C_RESHUFFLE] == 0 or st[S_DISC_N] == 0:
        return 0
    m = discards_to_deck(st, S_RNG, S_DECK, S_DISC, S_DISC_N)
    st[S_RESHUF] += 1
    if lg:
        _log(log, E_RESHUFFLE, m, I0, I0, I0, I0, I0)
    return m


@njit(inline="always")
def _draw(st, cfg, log, lg):
    """Top card of the deck; an empty deck is rebuilt from the discard pile (SC.5.3, A2)."""
    n = st[S_DECK_N]
    if n == 0:
        n = _refill_deck(st, cfg, log, lg)
        if n == 0:
            return -1
    n -= 1
    st[S_DECK_N] = n
    return st[S_DECK + n]


@njit(inline="always")
def _discard(st, card):
    st[S_DISC + st[S_DISC_N]] = card
    st[S_DISC_N] += 1


@njit(inline="always")
def _refill(st, cfg, col, log, lg):
    """Put the deck's top card on top of column col (SC.5.2); with none to draw the column stays
    short, which is recorded for the SC.17.5 check (SC.5.3)."""
    c = _draw(st, cfg, log, lg)
    if c >= 0:
        st[S_HUB + col * MAX_ROWS + st[S_HUB_N + col]] = c
        st[S_HUB_N + col] += 1
    else:
        st[S_HUB_SHORT] |= np.int64(1) << col


@njit(inline="always")
def _hub_remove(st, cfg, col, row, log, lg):
    """Take the card at (col, row): the cards above shift down, the top is refilled (SC.5.2, A1)."""
    base = S_HUB + col * MAX_ROWS
    n = st[S_HUB_N + col]
    card = st[base + row]
    for r in range(row, n - 1):
        st[base + r] = st[base + r + 1]
    st[S_HUB_N + col] = n - 1
    _refill(st, cfg, col, log, lg)
    return card


@njit(inline="always")
def _marker_change(st, cfg, t, d, log, lg):
    """Apply change d to marker t (SC.9.2, api.market_step) and count a crash."""
    v = st[S_MARK + t]
    w, crashed = market_step(cfg, v, d)
    if crashed:
        st[S_CRASHES] += 1
        st[S_MARK_CRASH + t] += 1
    st[S_MARK + t] = w
    if lg:
        _log(log, E_MARKER, t, v, np.int64(d), np.int64(w), np.int64(crashed), I0)


@njit
def setup(st, cfg, log, lg):
    """SC.4: markers, ship deal and shipyard, deck, hub, opening purge, start player."""
    N = cfg[C_NP]
    ns = cfg[C_N_SHIPS]
    for t in range(N_TYPES):
        st[S_MARK + t] = cfg[C_START_VALUE]
    st[S_TRIGGER] = -1
    # SC.4.3, A16: deal N of the starting ships at random; the rest go back to the box.
    k = 0
    for s in range(ns):
        if cfg[C_SHIP_YARD + s] == 0:
            st[S_YARD + k] = s
            k += 1
    _shuffle(st, S_YARD, k)
    for p in range(N):
        st[S_SHIP + p] = st[S_YARD + p]
    # SC.4.2 / SC.4.4: filtered shipyard, smallest capacity on top, Cassiopeia at the bottom.
    k = 0
    final_ship = -1
    for s in range(ns):
        if cfg[C_SHIP_YARD + s] == 1 and cfg[C_SHIP_MINP + s] <= N:
            if cfg[C_SHIP_FINAL + s] == 1:
                final_ship = s
            else:
                st[S_YARD + k] = s
                k += 1
    # A15: equal capacities in random order (a uniform shuffle, then a stable sort by capacity)
    # or in config order (the file's order, kept by the stable sort)
    if cfg[C_TIE_CONFIG] == 0:
        _shuffle(st, S_YARD, k)
    for i in range(1, k):
        sv = st[S_YARD + i]
        cv = cfg[C_SHIP_CAP + sv]
        j = i - 1
        while j >= 0 and cfg[C_SHIP_CAP + st[S_YARD + j]] > cv:
            st[S_YARD + j + 1] = st[S_YARD + j]
            j -= 1
        st[S_YARD + j + 1] = sv
    st[S_YARD + k] = final_ship
    k += 1
    st[S_YARD_N] = k
    st[S_YARD_POS] = 0
    st[S_YARD_TOTAL] = k
    # SC.4.5: shuffle the deck and deal the hub.
    nc = cfg[C_N_CARDS]
    for i in range(nc):
        st[S_DECK + i] = i
    _shuffle(st, S_DECK, nc)
    st[S_DECK_N] = nc
    cols = cfg[C_COLS]
    rows = cfg[C_ROWS]
    for r in range(rows):
        for c in range(cols):
            n = st[S_DECK_N] - 1
            st[S_DECK_N] = n
            st[S_HUB + c * MAX_ROWS + r] = st[S_DECK + n]
    for c in range(cols):
        st[S_HUB_N + c] = rows
    # SC.4.6, A22: set aside purge-size cards (the discard pile is empty: use it as the
    # set-aside area), replace from the deck until none is left, then reshuffle them back.
    mask = cfg[C_PURGE_MASK]
    if mask != 0:
        aside = 0
        for c in range(cols):
            for r in range(rows):
                pos = S_HUB + c * MAX_ROWS + r
                while (mask >> cfg[C_CARD_SIZE + st[pos]]) & 1 and st[S_DECK_N] > 0:
                    st[S_DISC + aside] = st[pos]
                    aside += 1
                    if lg:
                        _log(log, E_SETUP_PURGE, st[pos], np.int64(c), np.int64(r), I0, I0, I0)
                    n = st[S_DECK_N] - 1
                    st[S_DECK_N] = n
                    st[pos] = st[S_DECK + n]
        n = st[S_DECK_N]
        for i in range(aside):
            st[S_DECK + n + i] = st[S_DISC + i]
        st[S_DECK_N] = n + aside
        st[S_PURGED] = aside
        if aside > 0:
            _shuffle(st, S_DECK, n + aside)
    # SC.4.7: random start player.
    st[S_START] = below(st, S_RNG, N)
    st[S_CUR] = st[S_START]
    if lg:
        _log(log, E_START, st[S_START], I0, I0, I0, I0, I0)


@njit(inline="always")
def _take(st, cfg, p, col, row, log, lg):
    """Move the hub card at (col, row) into p's hold (SC.7.3)."""
    card = _hub_remove(st, cfg, col, row, log, lg)
    hn = st[S_HOLD_N + p]
    st[S_HOLD + p * MAX_HOLD + hn] = card
    st[S_HOLD_N + p] = hn + 1
    st[S_LOAD + p] += cfg[C_CARD_SIZE + card]
    t = cfg[C_CARD_TYPE + card]
    st[S_HSIZE + p * N_TYPES + t] += cfg[C_CARD_SIZE + card]
    st[S_HCOUNT + p * N_TYPES + t] += 1
    k = st[S_TURN_LOADED]
    if k == 0:
        st[S_TURN_T0] = cfg[C_CARD_TYPE + card]
    elif k == 1:
        st[S_TURN_T1] = cfg[C_CARD_TYPE + card]
    st[S_TURN_LOADED] = k + 1
    if lg:
        _log(log, E_LOAD, p, np.int64(card), np.int64(col), np.int64(row), np.int64(k + 1), st[S_LOAD + p])
    return card


@njit
def load_step(st, cfg, p, ab, log, lg):
    """SC.7 (with ANY_ROW SC.10.3 and THIRD_OF_KIND SC.10.6). Returns the cards loaded;
    0 means loading was impossible or declined, so a forced delivery follows (SC.7.6)."""
    cols = cfg[C_COLS]
    free = cfg[C_SHIP_CAP + st[S_SHIP + p]] - st[S_LOAD + p]
    bottom_fit = False
    n = 0
    for c in range(cols):
        if st[S_HUB_N + c] > 0 and cfg[C_CARD_SIZE + st[S_HUB + c * MAX_ROWS]] <= free:
            bottom_fit = True
            if ab != A_ANY_ROW:
                st[S_OPT + n] = c * MAX_ROWS
                n += 1
    if ab == A_ANY_ROW:
        for c in range(cols):
            for r in range(st[S_HUB_N + c]):
                if cfg[C_CARD_SIZE + st[S_HUB + c * MAX_ROWS + r]] <= free:
                    st[S_OPT + n] = c * MAX_ROWS + r
                    n += 1
        if n > 0 and not bottom_fit:
            st[S_OPT + n] = -1  # A14: the ability is optional, declining forces a delivery
            n += 1
    if n == 0:
        return 0
    pos = _ask(st, cfg, p, D_FIRST, n)
    if pos < 0:
        if lg:
            _log(log, E_DECLINE, p, I0, I0, I0, I0, I0)
        return 0
    col = pos // MAX_ROWS
    st[S_LOAD_COL] = col
    _take(st, cfg, p, col, pos % MAX_ROWS, log, lg)
    loaded = 1
    # SC.7.4 / SC.3.11: further cards only from the new bottom of the same column.
    while loaded < cfg[C_MAXLOAD]:
        if st[S_HUB_N + col] == 0:
            break
        free = cfg[C_SHIP_CAP + st[S_SHIP + p]] - st[S_LOAD + p]
        if cfg[C_CARD_SIZE + st[S_HUB + col * MAX_ROWS]] > free:
            break
        st[S_OPT] = 0
        st[S_OPT + 1] = 1
        st[S_NOPT] = 2
        if _decide(st, cfg, p, D_MORE) == 0:
            break
        _take(st, cfg, p, col, I0, log, lg)
        loaded += 1
    # SC.10.6: a pair of the same type in this load step allows a third card of that type.
    # the ability gives *the third* card: not after a third card taken under max_cards_per_load
    if ab == A_THIRD and loaded == 2 and st[S_TURN_T0] == st[S_TURN_T1]:
        t = st[S_TURN_T0]
        free = cfg[C_SHIP_CAP + st[S_SHIP + p]] - st[S_LOAD + p]
        st[S_OPT] = -1
        n = 1
        for c in range(cols):
            top = st[S_HUB_N + c]
            if cfg[C_THIRD_ANY] == 0 and top > 1:
                top = 1
            for r in range(top):
                card = st[S_HUB + c * MAX_ROWS + r]
                if cfg[C_CARD_TYPE + card] == t and cfg[C_CARD_SIZE + card] <= free:
                    st[S_OPT + n] = c * MAX_ROWS + r
                    n += 1
        if n > 1:
            pos = _ask(st, cfg, p, D_THIRD, n)
            if pos >= 0:
                _take(st, cfg, p, pos // MAX_ROWS, pos % MAX_ROWS, log, lg)
                loaded += 1
    return loaded


@njit
def deliver(st, cfg, p, express, ab, log, lg):
    """One delivery in the exact order of SC.11 (SC.8, SC.12.4, SC.10.4, SC.10.5)."""
    st[S_DELIV] += 1
    st[S_PDELIV + p] += 1
    st[S_EXPRESS] += express
    hb = S_HOLD + p * MAX_HOLD
    hn = st[S_HOLD_N + p]
    for t in range(N_TYPES):
        st[S_DSIZE + t] = st[S_HSIZE + p * N_TYPES + t]
        st[S_DCOUNT + t] = st[S_HCOUNT + p * N_TYPES + t]
        st[S_HSIZE + p * N_TYPES + t] = 0
        st[S_HCOUNT + p * N_TYPES + t] = 0
    nsets = 0
    mx = 0
    for t in range(N_TYPES):
        if st[S_DSIZE + t] > 0:
            nsets += 1
            if st[S_DSIZE + t] > mx:
                mx = st[S_DSIZE + t]
    st[S_DB] = -1
    st[S_DSM] = -1
    st[S_DEXPRESS] = express
    if lg:
        _log(log, E_DELIVERY, p, np.int64(express), np.int64(nsets), st[S_LOAD + p], I0, I0)
    if nsets > 0:
        # SC.11.2 largest set (ties: the player chooses)
        n = 0
        for t in range(N_TYPES):
            if st[S_DSIZE + t] == mx:
                st[S_OPT + n] = t
                n += 1
        B = _ask(st, cfg, p, D_LARGEST, n)
        st[S_DB] = B
        # SC.11.3 smallest set among the others
        Sm = -1
        if nsets >= 2:
            mn = 1 << 40
            for t in range(N_TYPES):
                if t != B and st[S_DSIZE + t] > 0 and st[S_DSIZE + t] < mn:
                    mn = st[S_DSIZE + t]
            n = 0
            for t in range(N_TYPES):
                if t != B and st[S_DSIZE + t] == mn:
                    st[S_OPT + n] = t
                    n += 1
            Sm = _ask(st, cfg, p, D_SMALLEST, n)
            st[S_DSM] = Sm
        # SC.11.4 PRICE_SWAY
        if express:
            dB = cfg[C_XLD]
            dS = cfg[C_XSD]
        else:
            dB = cfg[C_LD]
            dS = cfg[C_SD]
        if ab == A_PRICE_SWAY:
            st[S_OPT] = 0
            st[S_OPT + 1] = 1
            n = 2
            if Sm >= 0:
                st[S_OPT + 2] = 2
                n = 3
            sw = _ask(st, cfg, p, D_SWAY, n)
            if sw == 1:
                dB = cfg[C_SWAY_LD]
            elif sw == 2:
                dS = cfg[C_SWAY_SD]
        # SC.11.5 markers, largest first (SC.9.5)
        _marker_change(st, cfg, B, dB, log, lg)
        if Sm >= 0:
            _marker_change(st, cfg, Sm, dS, log, lg)
        st[S_MVER] += 1  # the stash choice sees the new market
        # SC.11.7 stash exactly one remaining set (A5), SC.11.8 EXTRA_STASH
        stash_mask = 0
        n = 0
        for t in range(N_TYPES):
            if t != B and t != Sm and st[S_DSIZE + t] > 0:
                st[S_OPT + n] = t
                n += 1
        if n > 0:
            t = _ask(st, cfg, p, D_STASH, n)
            stash_mask |= 1 << t
            if ab == A_EXTRA_STASH:
                for k in range(cfg[C_EXTRA_SETS]):
                    st[S_OPT] = -1
                    n = 1
                    for t in range(N_TYPES):
                        if t != B and t != Sm and st[S_DSIZE + t] > 0 and ((stash_mask >> t) & 1) == 0:
                            st[S_OPT + n] = t
                            n += 1
                    if n == 1:
                        break
                    t = _ask(st, cfg, p, D_EXTRA, n)
                    if t < 0:
                        break
                    stash_mask |= 1 << t
        # move the cards: stashed sets face down, the rest to the discard pile
        sb = S_STASH + p * MAX_CARDS
        for i in range(hn):
            c = st[hb + i]
            t = cfg[C_CARD_TYPE + c]
            if (stash_mask >> t) & 1:
                st[sb + st[S_STASH_N + p]] = c
                st[S_STASH_N + p] += 1
                st[S_STASH_T + p * N_TYPES + t] += 1
                st[S_STASH_TOT + t] += 1
            else:
                _discard(st, c)
        if lg:
            for t in range(N_TYPES):
                if st[S_DSIZE + t] > 0:
                    if t == B:
                        fate = F_LARGEST
                    elif t == Sm:
                        fate = F_SMALLEST
                    elif (stash_mask >> t) & 1:
                        fate = F_STASH
                    else:
                        fate = F_DISCARD
                    _log(log, E_SET, p, t, st[S_DSIZE + t], st[S_DCOUNT + t], fate, I0)
    st[S_HOLD_N + p] = 0
    st[S_LOAD + p] = 0
    # SC.11.9 ship exchange (SC.8.9); taking Cassiopeia triggers the end (SC.12.1)
    if st[S_YARD_N] > 0:
        new = st[S_YARD + st[S_YARD_POS]]
        st[S_YARD_POS] += 1
        st[S_YARD_N] -= 1
        old = st[S_SHIP + p]
        st[S_SHIP + p] = new
        st[S_SHIPS_DISC] += 1
        if lg:
            _log(log, E_SHIP, p, old, new, st[S_YARD_N], I0, I0)
        if cfg[C_SHIP_FINAL + new] == 1:
            st[S_FINAL] = 1
            st[S_TRIGGER] = p
            if lg:
                _log(log, E_END, p, I0, I0, I0, I0, I0)
    st[S_MVER] += 1  # stashes, ship and shipyard changed


@njit
def play_turn(st, cfg, p, log, lg):
    """SC.6.1: optional ROW_PURGE, load step, delivery check."""
    a = cfg[C_SHIP_ABIL + st[S_SHIP + p]]
    ab = a if cfg[C_ABIL_ON + a] == 1 else A_NONE
    st[S_TURN_LOADED] = 0
    st[S_TURN_T0] = -1
    st[S_TURN_T1] = -1
    if lg:
        _log(log, E_TURN, p, st[S_TURN], st[S_FINAL], st[S_SHIP + p], st[S_LOAD + p], I0)
    if ab == A_ROW_PURGE:  # SC.10.2
        cols = cfg[C_COLS]
        st[S_OPT] = -1
        n = 1
        for r in range(cfg[C_ROWS]):
            for c in range(cols):
                if st[S_HUB_N + c] > r:
                    st[S_OPT + n] = r
                    n += 1
                    break
        r = _ask(st, cfg, p, D_PURGE, n)
        if r >= 0:
            # the whole row goes to the discard pile first, then the columns shift and refill
            # (so a reshuffle during the refill includes the purged cards)
            k = 0
            hit = 0
            for c in range(cols):
                n = st[S_HUB_N + c]
                if n > r:
                    base = S_HUB + c * MAX_ROWS
                    _discard(st, st[base + r])
                    for rr in range(r, n - 1):
                        st[base + rr] = st[base + rr + 1]
                    st[S_HUB_N + c] = n - 1
                    hit |= 1 << c
                    k += 1
            for c in range(cols):
                if (hit >> c) & 1:
                    _refill(st, cfg, np.int64(c), log, lg)
            if lg:
                _log(log, E_ROW_PURGE, p, np.int64(r), np.int64(k), I0, I0, I0)
    loaded = load_step(st, cfg, p, ab, log, lg)
    full = st[S_LOAD + p] == cfg[C_SHIP_CAP + st[S_SHIP + p]]
    # one call site for deliver (it is inlined here)
    dl = False
    express = I0
    if st[S_FINAL] == 1:
        # SC.12.3, A18: a final turn always delivers; express unless forced or full.
        dl = True
        if loaded != 0 and not full:
            express = I1
    elif loaded == 0:
        if st[S_HOLD_N + p] == 0 and cfg[C_EMPTY_PASS] == 1:  # A7 alternative
            if lg:
                _log(log, E_PASS, p, I0, I0, I0, I0, I0)
        else:
            dl = True  # SC.7.6 forced delivery
    elif full:
        now = 1
        if cfg[C_FULL_OPTIONAL] == 1:  # A4 alternative
            st[S_OPT] = 0
            st[S_OPT + 1] = 1
            st[S_NOPT] = 2
            now = _decide(st, cfg, p, D_DELIVER_NOW)
        if now == 1:
            dl = True  # SC.7.7
        elif lg:
            _log(log, E_WAIT, p, I0, I0, I0, I0, I0)
    if dl:
        deliver(st, cfg, p, express, ab, log, lg)
    st[S_TURN] += 1


@njit(inline="always")
def _mark(lo, hi, dup, c):
    """Add card c to the 128-bit set (lo, hi); dup becomes 1 if it was there or is out of range."""
    if c < 0 or c >= 128:
        return lo, hi, 1
    bit = np.int64(1) << (c & 63)
    if c < 64:
        return lo | bit, hi, dup | (1 if lo & bit else 0)
    return lo, hi | bit, dup | (1 if hi & bit else 0)


@njit(inline="always")
def _bits(n):
    """Word with the low n bits set (0 <= n <= 64, clipped)."""
    if n <= 0:
        return np.int64(0)
    if n >= 64:
        return np.int64(-1)
    return (np.int64(1) << n) - 1


@njit
def check_invariants(st, cfg):
    """SC.17 checks on a state between turns; returns 0 or the first violated V_* code."""
    N = cfg[C_NP]
    nc = cfg[C_N_CARDS]
    # cards seen, as a 128-bit set in two words (no allocation: the kernel runs without NRT)
    lo = 0
    hi = 0
    dup = 0
    for i in range(st[S_DECK_N]):
        lo, hi, dup = _mark(lo, hi, dup, st[S_DECK + i])
    for i in range(st[S_DISC_N]):
        lo, hi, dup = _mark(lo, hi, dup, st[S_DISC + i])
    for c in range(cfg[C_COLS]):
        for r in range(st[S_HUB_N + c]):
            lo, hi, dup = _mark(lo, hi, dup, st[S_HUB + c * MAX_ROWS + r])
    for p in range(N):
        load = 0
        for i in range(st[S_HOLD_N + p]):
            card = st[S_HOLD + p * MAX_HOLD + i]
            lo, hi, dup = _mark(lo, hi, dup, card)
            load += cfg[C_CARD_SIZE + card]
        if load != st[S_LOAD + p] or load > cfg[C_SHIP_CAP + st[S_SHIP + p]]:
            return V_CAPACITY
        hs = 0
        for t in range(N_TYPES):
            hs += st[S_HSIZE + p * N_TYPES + t]
        if hs != load:
            return V_CAPACITY
        for t in range(N_TYPES):
            k = 0
            for i in range(st[S_STASH_N + p]):
                if cfg[C_CARD_TYPE + st[S_STASH + p * MAX_CARDS + i]] == t:
                    k += 1
            if k != st[S_STASH_T + p * N_TYPES + t]:
                return V_STASH
        for i in range(st[S_STASH_N + p]):
            lo, hi, dup = _mark(lo, hi, dup, st[S_STASH + p * MAX_CARDS + i])
    if _sums_match(st, S_STASH_T, N_TYPES, N, S_STASH_TOT) == 0:
        return V_STASH
    if dup != 0 or lo != _bits(nc) or hi != _bits(nc - 64):
        return V_CARDS
    for t in range(N_TYPES):
        if st[S_MARK + t] < cfg[C_FLOOR] or st[S_MARK + t] > cfg[C_CRASH_T]:
            return V_MARKET
    # SC.17.5: full columns unless a refill found no card (deck and discard pile empty, or no
    # reshuffle, A2) at the time: recorded then, since cards may reach the discard pile later
    for c in range(cfg[C_COLS]):
        short = (st[S_HUB_SHORT] >> c) & 1
        if st[S_HUB_N + c] > cfg[C_ROWS] or (st[S_HUB_N + c] < cfg[C_ROWS]) != (short == 1):
            return V_HUB
    # SC.17.2 / SC.17.6: current ships + shipyard + discarded + box = all ships, no ship twice
    n_start = 0
    for s in range(cfg[C_N_SHIPS]):
        if cfg[C_SHIP_YARD + s] == 0:
            n_start += 1
    box = (n_start - N) + (cfg[C_N_SHIPS] - n_start - st[S_YARD_TOTAL])
    if st[S_YARD_N] + N + st[S_SHIPS_DISC] + box != cfg[C_N_SHIPS]:
        return V_SHIPS
    for p in range(N):
        s = st[S_SHIP + p]
        if s < 0 or s >= cfg[C_N_SHIPS]:
            return V_SHIP_COUNT
        for q in range(p + 1, N):
            if st[S_SHIP + q] == s:
                return V_SHIP_COUNT
        for i in range(st[S_YARD_POS], st[S_YARD_POS] + st[S_YARD_N]):
            if st[S_YARD + i] == s:
                return V_SHIP_COUNT
    return 0


@njit
def check_end(st, cfg):
    """SC.17.7 and SC.17.10 at the end of a finished (not timed-out) game."""
    N = cfg[C_NP]
    if st[S_TIMEOUT] == 1:
        return 0
    # a pass (A7) or a full hold kept waiting (A4) is no delivery and takes no ship: the counts
    # hold under every reading
    if st[S_DELIV] != st[S_YARD_TOTAL] + N - 1 or st[S_SHIPS_DISC] != st[S_YARD_TOTAL]:
        return V_DELIVERIES
    for p in range(N):
        if st[S_HOLD_N + p] != 0:
            return V_HOLDS
    return 0


@njit(_nrt=False)  # and everything it calls: see simsuite/engine/batch_driver.py
def play_game(st, cfg, log, lg, chk):
    """Play one whole game from the generator state already in st[S_RNG].
    chk = 1 checks the SC.17 invariants after setup and every turn (tests)."""
    setup(st, cfg, log, lg)
    if chk:
        _note(st, check_invariants(st, cfg))
    N = cfg[C_NP]
    p = st[S_START]
    while st[S_FINAL] == 0:
        if _turn_cap(st, cfg, log, lg):
            break
        p = _turn_then_next(st, cfg, p, log, lg, chk)
    if st[S_TIMEOUT] == 0:
        # SC.12.2: every other player takes one final turn, starting left of the trigger.
        trig = st[S_TRIGGER]
        for k in range(1, N):
            q = (trig + k) % N
            if lg:
                _log(log, E_FINAL_TURN, q, I0, I0, I0, I0, I0)
            play_turn(st, cfg, q, log, lg)
            if chk:
                _note(st, check_invariants(st, cfg))
    if chk:
        _note(st, check_end(st, cfg))
    st[S_DONE] = 1


@njit(_nrt=False)  # and everything it calls: see simsuite/engine/batch_driver.py
def score_game(st, cfg, out, i, log, lg):
    """SC.13: totals and tie-breaks; writes the record row out[i]."""
    N = cfg[C_NP]
    _record_start(out, i)
    best_T = -(1 << 40)
    for p in range(MAX_P):
        if p >= N:
            continue
        C = 0
        best = 0
        for t in range(N_TYPES):
            v = st[S_STASH_T + p * N_TYPES + t] * st[S_MARK + t]
            C += v
            if v > best:
                best = v
        V = cfg[C_SHIP_VAL + st[S_SHIP + p]] if cfg[C_SCORE_SHIP] == 1 else 0
        out[i, R_SCORE + p] = C + V
        out[i, R_CONTRA + p] = C
        out[i, R_SHIPV + p] = V
        out[i, R_STASHC + p] = st[S_STASH_N + p]
        out[i, R_BEST + p] = best
        out[i, R_SHIP + p] = st[S_SHIP + p]
        if C + V > best_T:
            best_T = C + V
        if lg:
            _log(log, E_SCORE, p, np.int64(C), np.int64(V), np.int64(C + V), np.int64(best), st[S_STASH_N + p])
    # SC.13.4 tie-breaks in order: T, then C, then best single type, then fewer cards
    for p in range(N):
        out[i, R_WIN + p] = 1 if out[i, R_SCORE + p] == best_T else 0
    for f in range(3):
        col = R_CONTRA if f == 0 else (R_BEST if f == 1 else R_STASHC)
        sign = -1 if f == 2 else 1
        top = -(1 << 40)
        for p in range(N):
            if out[i, R_WIN + p] == 1 and sign * out[i, col + p] > top:
                top = sign * out[i, col + p]
        for p in range(N):
            if out[i, R_WIN + p] == 1 and sign * out[i, col + p] != top:
                out[i, R_WIN + p] = 0
    nwin = 0
    mask = 0
    second = -(1 << 40)
    for p in range(N):
        if out[i, R_WIN + p] == 1:
            nwin += 1
            mask |= 1 << p
        elif out[i, R_SCORE + p] > second:
            second = out[i, R_SCORE + p]
    _record_common(st, cfg, out, i, nwin)
    out[i, R_DELIV] = st[S_DELIV]
    out[i, R_EXPRESS] = st[S_EXPRESS]
    out[i, R_CRASHES] = st[S_CRASHES]
    out[i, R_RESHUF] = st[S_RESHUF]
    out[i, R_SHIPS_DISC] = st[S_SHIPS_DISC]
    out[i, R_MARGIN] = best_T - second if nwin < N else 0
    for t in range(N_TYPES):
        out[i, R_MARKER + t] = st[S_MARK + t]
        out[i, R_TCRASH + t] = st[S_MARK_CRASH + t]
    if lg:
        _log(log, E_WINNERS, np.int64(mask), np.int64(nwin), np.int64(best_T), I0, I0, I0)

# run_batch, replay_game and run_checked: simsuite/engine/batch_driver.py, appended by simsuite.engine.codegen
