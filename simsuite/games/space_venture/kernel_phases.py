"""Amazing Space Venture kernel part: deployment, movement and discovery, cards (phases 2-5:
ASV.13-ASV.16).

A part of the kernel (see kernel.py): simsuite.engine.codegen pastes the parts that ``SpaceVenture.
kernel_files`` (game.py) lists, in that order, into one module; names used here and defined in no
import below come from the other parts. Only the code below the marker line is pasted.
"""
import numpy as np
from numba import njit

from simsuite.engine.kernel_common import log_event as _log
from simsuite.engine.kernel_common import shuffle
from simsuite.games.space_venture.api import *
from simsuite.games.space_venture.records import *

# ---- kernel part body: simsuite.engine.codegen pastes what follows (this header is for a reader) ----

# --- phase 2 (ASV.13) --------------------------------------------------------------------------------
@njit(inline="always")
def _fast(cfg, move):
    return move >= cfg[C_FAST_MIN]


@njit
def deploy_options(st, cfg, p):
    st[S_NOPT] = 0
    _opt(st, np.int64(-1))
    ships = 0
    fast = 0
    for s in range(2):
        if st[S_SHIP_SQ + p * 2 + s] >= 0:
            ships += 1
            if _fast(cfg, st[S_SHIP_MOVE + p * 2 + s]):
                fast += 1
    hn = st[S_HAND_N + p]
    for i in range(hn):
        c = st[S_HAND + p * MAX_HAND + i]
        if cfg[C_K_CAT + c] != K_SHIP:
            continue
        ty = cfg[C_K_STYPE + c]
        mv = cfg[C_K_MOVE + c]
        if st[S_CHIPS + p * N_SHIP_TYPES + ty] == 0:
            continue
        if ships < min(cfg[C_MAX_SHIPS], 2) and (not _fast(cfg, mv) or fast < cfg[C_MAX_FAST]):
            for sq in range(NSQ):  # ASV.13.2: on one of the player's home planets
                if st[S_POWN + sq] == p and st[S_PCHIP + sq] == 1:
                    _opt(st, place_code(K_ADD, np.int64(i), np.int64(sq)))
        for s in range(2):  # ASV.13.3 upgrade
            ssq = st[S_SHIP_SQ + p * 2 + s]
            if ssq < 0:
                continue
            old = st[S_SHIP_MOVE + p * 2 + s]
            if cfg[C_UPG_HIGHER] == 1 and mv <= old:
                continue
            nf = fast - (1 if _fast(cfg, old) else 0) + (1 if _fast(cfg, mv) else 0)
            if nf > cfg[C_MAX_FAST]:
                continue
            # ASV.13.3d; a tile laid under a Scout may be an undiscovered planet, where only a
            # deep-space ship may stand (ASV.24.8): treated like an empty square
            if ty != ST_SCOUT and ty != ST_SAUCER and (st[S_TILE + ssq] < 0 or undiscovered_planet(st, cfg, ssq)):
                continue
            _opt(st, place_code(K_UPGRADE, np.int64(i), np.int64(s)))
    probes = 0
    stations = 0
    pirates = 0
    for s in range(2):
        probes += st[S_PROBE + p * 2 + s] >= 0
        stations += st[S_STATION + p * 2 + s] >= 0
        pirates += st[S_PIRATE + p * 2 + s] >= 0
    for k in range(st[S_PLACED_N]):
        sq = st[S_PLACED + k]
        t = st[S_TILE + sq]
        if cfg[C_T_KIND + t] == T_SUN:
            continue  # B18: no station on a sun; suns carry no paths or galaxies
        if probes < cfg[C_MAX_PROBES]:
            for a in range(cfg[C_T_NGAL + t]):
                if st[S_GDONE + find(st, S_GUF, sq * 4 + a)] == 0:  # ASV.13.4
                    _opt(st, place_code(K_PROBE, np.int64(sq), np.int64(a)))
        if stations < cfg[C_MAX_STATIONS] and st[S_STN + sq] < 0:
            _opt(st, place_code(K_STATION, np.int64(sq), I0))
        if pirates < cfg[C_MAX_PIRATES] and not undiscovered_planet(st, cfg, sq):
            for s in range(cfg[C_T_NSEG + t]):
                # ASV.13.6: a pirate on a dead path returns at once: pruned as dominated
                if path_status(st, find(st, S_PUF, sq * 4 + s)) != 2:
                    _opt(st, place_code(K_PIRATE, np.int64(sq), np.int64(s)))


@njit
def _hand_remove(st, p, i):
    n = st[S_HAND_N + p] - 1
    c = st[S_HAND + p * MAX_HAND + i]
    st[S_HAND + p * MAX_HAND + i] = st[S_HAND + p * MAX_HAND + n]
    st[S_HAND_N + p] = n
    return c


@njit
def _hand_remove_card(st, p, c):
    for i in range(st[S_HAND_N + p]):
        if st[S_HAND + p * MAX_HAND + i] == c:
            _hand_remove(st, p, i)
            return


@njit
def phase2(st, cfg, p, log, lg):
    deploy_options(st, cfg, p)
    v = _decide(st, cfg, p, D_DEPLOY)
    if v < 0:
        return
    kind = v // 1000000
    a = (v // 1000) % 1000
    b = v % 1000
    if kind == K_ADD:
        c = _hand_remove(st, p, a)
        st[S_FRONT_N + p] += 1
        for s in range(2):
            if st[S_SHIP_SQ + p * 2 + s] < 0:
                st[S_SHIP_SQ + p * 2 + s] = b
                st[S_SHIP_TYPE + p * 2 + s] = cfg[C_K_STYPE + c]
                st[S_SHIP_MOVE + p * 2 + s] = cfg[C_K_MOVE + c]
                break
        st[S_CHIPS + p * N_SHIP_TYPES + cfg[C_K_STYPE + c]] -= 1
        st[S_SHIPS_ADDED] += 1
    elif kind == K_UPGRADE:
        c = _hand_remove(st, p, a)
        st[S_FRONT_N + p] += 1  # laid on top of the old card, which stays underneath
        st[S_CHIPS + p * N_SHIP_TYPES + st[S_SHIP_TYPE + p * 2 + b]] += 1
        st[S_CHIPS + p * N_SHIP_TYPES + cfg[C_K_STYPE + c]] -= 1
        st[S_SHIP_TYPE + p * 2 + b] = cfg[C_K_STYPE + c]
        st[S_SHIP_MOVE + p * 2 + b] = cfg[C_K_MOVE + c]
    elif kind == K_PROBE:
        for s in range(2):
            if st[S_PROBE + p * 2 + s] < 0:
                st[S_PROBE + p * 2 + s] = a * 4 + b
                break
    elif kind == K_STATION:
        for s in range(2):
            if st[S_STATION + p * 2 + s] < 0:
                st[S_STATION + p * 2 + s] = a
                break
        st[S_STN + a] = p
    elif kind == K_PIRATE:
        for s in range(2):
            if st[S_PIRATE + p * 2 + s] < 0:
                st[S_PIRATE + p * 2 + s] = a * 4 + b
                break
    if lg:
        _log(log, E_DEPLOY, p, kind, b if kind == K_ADD or kind == K_UPGRADE else a, I0, I0, I0)  # where: square or ship slot


# --- phase 3 (ASV.14, ASV.15) ------------------------------------------------------------------------
@njit(inline="always")
def _deep(ty):
    return ty == ST_SCOUT or ty == ST_SAUCER


@njit(inline="always")
def _enterable(st, cfg, sq, deep):
    """ASV.14.3 for passing through (undiscovered planets only end a move)."""
    t = st[S_TILE + sq]
    if t >= 0:
        return cfg[C_T_PLANET + t] == 0 or st[S_POWN + sq] >= 0
    if st[S_BWH + sq] != 0 and cfg[C_BWH_ENTER] == 1:
        return True
    return deep


@njit
def can_discover(st, cfg, p):
    """A planet card whose chip type is still in supply (ASV.15.1-15.2)."""
    for i in range(st[S_HAND_N + p]):
        c = st[S_HAND + p * MAX_HAND + i]
        if cfg[C_K_CAT + c] == K_PLANET:
            if (cfg[C_K_HOME + c] == 1 and st[S_LARGE + p] > 0) or (cfg[C_K_HOME + c] == 0 and st[S_SMALL + p] > 0):
                return True
    return False


@njit(inline="always")
def _relax(st, cfg, v, nd, deep, M):
    if nd < st[S_DIST + v] and (_enterable(st, cfg, v, deep) or undiscovered_planet(st, cfg, v)):
        st[S_DIST + v] = nd
        if nd < M:  # to be searched from at level nd (a later, shorter distance files it again)
            k = st[S_BKT_N + nd]
            st[S_BKT + nd * NSQ + k] = v
            st[S_BKT_N + nd] = k + 1


@njit
def _ride_blocked(st, cfg, p, root):
    """B19: another player's pirate on the path blocks riding it."""
    N = cfg[C_NP]
    for q in range(N):
        if q == p:
            continue
        for s in range(2):
            node = st[S_PIRATE + q * 2 + s]
            if node >= 0 and find(st, S_PUF, node) == root:
                return True
    return False


@njit
def reach(st, cfg, p, slot):
    """S_DIST[sq] = least movement cost from the ship's square (MC11), BIG if out of reach."""
    s = st[S_SHIP_SQ + p * 2 + slot]
    M = st[S_SHIP_MOVE + p * 2 + slot]
    deep = _deep(st[S_SHIP_TYPE + p * 2 + slot])
    for q in range(NSQ):
        st[S_DIST + q] = BIG
    for d in range(M):
        st[S_BKT_N + d] = 0
    st[S_DIST + s] = 0
    st[S_BKT] = s
    st[S_BKT_N] = 1
    if is_wormhole(st, cfg, s):  # ASV.14.6b: jump from a starting wormhole for 1
        for w in range(NSQ):
            if w != s and is_wormhole(st, cfg, w):
                _relax(st, cfg, w, np.int64(1), deep, M)
    # level by level, as a breadth-first search: every relaxation at level d sets d + 1 or more,
    # so the squares at distance d are all known when level d starts, and the distances, minima
    # over the same relaxations, do not depend on the order a level visits its squares in
    for d in range(M):
        for j in range(st[S_BKT_N + d]):
            u = st[S_BKT + d * NSQ + j]
            if st[S_DIST + u] != d or (u != s and undiscovered_planet(st, cfg, u)):
                continue  # filed again at a shorter distance; an undiscovered planet ends a move (ASV.14.7); the start square may be one (a tile laid under a Scout)
            x0 = u % W
            y0 = u // W
            for dy in range(-1, 2):
                for dx in range(-1, 2):
                    if dx == 0 and dy == 0:
                        continue
                    x = x0 + dx
                    y = y0 + dy
                    if x < 0 or x >= W or y < 0 or y >= W:
                        continue
                    v = y * W + x
                    before = st[S_DIST + v]
                    _relax(st, cfg, v, d + 1, deep, M)
                    if st[S_DIST + v] < before and is_wormhole(st, cfg, v) and not undiscovered_planet(st, cfg, v):
                        # ASV.14.6a: out of any other wormhole for the same step (+ transfer cost)
                        for w in range(NSQ):
                            if w != v and is_wormhole(st, cfg, w):
                                _relax(st, cfg, w, d + 1 + cfg[C_WH_COST], deep, M)
            if cfg[C_RIDE] == 1 and st[S_POWN + u] >= 0:  # 1.0: a ride costs 1 M, chainable
                t = st[S_TILE + u]
                for sg in range(cfg[C_T_NSEG + t]):
                    rt = find(st, S_PUF, u * 4 + sg)
                    if path_status(st, rt) == 1 and not _ride_blocked(st, cfg, p, rt):
                        o = st[S_PEND + rt * 2] if st[S_PEND + rt * 2] != u else st[S_PEND + rt * 2 + 1]
                        _relax(st, cfg, o, d + 1, deep, M)


@njit
def move_options(st, cfg, p):
    st[S_NOPT] = 0
    _opt(st, np.int64(-1))
    disc = can_discover(st, cfg, p)
    for slot in range(2):
        s = st[S_SHIP_SQ + p * 2 + slot]
        if s < 0:
            continue
        M = st[S_SHIP_MOVE + p * 2 + slot]
        deep = _deep(st[S_SHIP_TYPE + p * 2 + slot])
        if not deep and st[S_POWN + s] < 0 and st[S_STN + s] != p:
            continue  # ASV.14.2: must start on a discovered planet or own station
        reach(st, cfg, p, slot)
        for v in range(NSQ):
            if v == s or st[S_DIST + v] > M:
                continue
            if undiscovered_planet(st, cfg, v):
                if disc:
                    _opt(st, slot * 1000 + v)
            elif deep or st[S_POWN + v] >= 0 or st[S_STN + v] == p:
                _opt(st, slot * 1000 + v)
        if cfg[C_RIDE] == 0 and st[S_POWN + s] >= 0:
            # ASV.14.5 / B8: riding a complete path from this planet is the whole move
            t = st[S_TILE + s]
            for sg in range(cfg[C_T_NSEG + t]):
                rt = find(st, S_PUF, s * 4 + sg)
                if path_status(st, rt) != 1 or _ride_blocked(st, cfg, p, rt):
                    continue
                o = st[S_PEND + rt * 2] if st[S_PEND + rt * 2] != s else st[S_PEND + rt * 2 + 1]
                if o == s or st[S_DIST + o] <= M:
                    continue  # the same end is already offered
                if undiscovered_planet(st, cfg, o) and not disc:
                    continue
                _opt(st, slot * 1000 + 500 + o)


@njit
def _card_options(st, cfg, q, cat):
    st[S_NOPT] = 0
    _opt(st, np.int64(-1))
    for i in range(st[S_HAND_N + q]):
        c = st[S_HAND + q * MAX_HAND + i]
        if cfg[C_K_CAT + c] == cat:
            _opt(st, c)


@njit
def _offer(st, cfg, p, cat, kind):
    """ASV.15.3/15.4: the discoverer, then each other player clockwise, may play one card."""
    N = cfg[C_NP]
    for k in range(N):
        q = (p + k) % N
        _card_options(st, cfg, q, cat)
        if st[S_NOPT] == 1:
            continue
        c = _decide(st, cfg, q, kind)
        if c >= 0:
            _hand_remove_card(st, q, c)
            st[S_OUT_N + q] += 1  # B24: the player's own out-of-game pile
            return c
    return np.int64(-1)


@njit
def discover(st, cfg, p, sq, log, lg):
    """ASV.15: chip, cards, score."""
    st[S_NOPT] = 0
    for i in range(st[S_HAND_N + p]):
        c = st[S_HAND + p * MAX_HAND + i]
        if cfg[C_K_CAT + c] == K_PLANET:
            if (cfg[C_K_HOME + c] == 1 and st[S_LARGE + p] > 0) or (cfg[C_K_HOME + c] == 0 and st[S_SMALL + p] > 0):
                _opt(st, c)
    val = planet_value_at(st, cfg, sq)
    st[S_CTX_DISC] = p
    st[S_CTX_SQ] = sq
    st[S_CTX_VAL] = val
    pc = _decide(st, cfg, p, D_PLANET)
    _hand_remove_card(st, p, pc)
    st[S_OUT_N + p] += 1
    st[S_POWN + sq] = p
    if sector(sq) >= 0:
        st[S_SECT_DISC + sector(sq)] += 1
    if cfg[C_K_HOME + pc] == 1:
        st[S_PCHIP + sq] = 1
        st[S_LARGE + p] -= 1
    else:
        st[S_PCHIP + sq] = 0
        st[S_SMALL + p] -= 1
    env = _offer(st, cfg, p, K_ENV, D_ENV)
    life = _offer(st, cfg, p, K_LIFE, D_LIFE)
    tot = cfg[C_K_VAL + pc]
    if env >= 0:
        tot += cfg[C_K_VAL + env]
    if life >= 0:
        tot += cfg[C_K_VAL + life]
    pts = val * tot
    add_score(st, cfg, p, SRC_PLANET, pts, log, lg)
    st[S_DISC] += 1
    st[S_NDISC + p] += 1
    # ASV.15.6: only the discoverer may add one explorer, times the planet card's multiplier
    _card_options(st, cfg, p, K_EXPLORER)
    ex = _decide(st, cfg, p, D_EXPLORER)
    xp = 0
    if ex >= 0:
        _hand_remove_card(st, p, ex)
        st[S_OUT_N + p] += 1
        xp = cfg[C_K_VAL + ex] * cfg[C_K_MULT + pc]
        add_score(st, cfg, p, SRC_EXPLORER, xp, log, lg)
    if lg:
        _log(log, E_DISCOVER, p, sq, pc, env, life, pts + xp)


@njit
def phase3(st, cfg, p, log, lg):
    move_options(st, cfg, p)
    v = _decide(st, cfg, p, D_MOVE)
    if v < 0:
        return
    slot = v // 1000
    dest = v % 500
    src = st[S_SHIP_SQ + p * 2 + slot]
    st[S_SHIP_SQ + p * 2 + slot] = dest
    st[S_MOVES] += 1
    if lg:
        _log(log, E_MOVE, p, slot, src, dest, (v % 1000) // 500, I0)
    if undiscovered_planet(st, cfg, dest):
        discover(st, cfg, p, dest, log, lg)
    _note_visit(st, cfg, p, dest)


@njit
def _note_visit(st, cfg, p, sq):
    """ASV.11.3 (b): a holder's ship ended a move on another player's planet outside its sector."""
    o = st[S_POWN + sq]
    if o >= 0 and o != p and sector(sq) != cfg[C_COLOUR + p] and (st[S_QHELD + p] >> Q_PEACE) & 1:
        st[S_PT_VISIT + p] = 1


# --- phases 4 and 5 (ASV.16) -------------------------------------------------------------------------
@njit
def phase4(st, cfg, p, log, lg):
    if cfg[C_DISCARD_LIMIT] == 0:
        return
    st[S_NOPT] = 0
    _opt(st, np.int64(-1))
    for i in range(st[S_HAND_N + p]):
        _opt(st, st[S_HAND + p * MAX_HAND + i])
    c = _decide(st, cfg, p, D_DISCARD)
    if c >= 0:
        _hand_remove_card(st, p, c)
        st[S_JUNK + st[S_JUNK_N]] = c
        st[S_JUNK_N] += 1
        if cfg[C_K_CAT + c] == K_SHIP:
            st[S_JUNK_Y] += 1
        if lg:
            _log(log, E_DISCARD, p, c, I0, I0, I0, I0)


@njit(inline="always")
def _junk_count(st, cfg, yellow):
    """Cards of one colour class in Space Junk (ASV.16.3: ship cards are kept apart)."""
    return st[S_JUNK_Y] if yellow else st[S_JUNK_N] - st[S_JUNK_Y]


@njit
def _junk_to(st, cfg, yellow, base, nslot):
    """ASV.16.3 / 16.4: the junk cards of one colour class become the new (empty) deck."""
    k = 0
    j = 0
    for i in range(st[S_JUNK_N]):
        c = st[S_JUNK + i]
        if (cfg[C_K_CAT + c] == K_SHIP) == yellow:
            st[base + k] = c
            k += 1
        else:
            st[S_JUNK + j] = c
            j += 1
    st[S_JUNK_N] = j
    st[S_JUNK_Y] = 0 if yellow else j
    st[nslot] = k
    shuffle(st, S_RNG, base, k)
    st[S_REFSHUF] += 1


@njit
def phase5(st, cfg, p, log, lg):
    nr = 0
    ns = 0
    while st[S_HAND_N + p] < cfg[C_HAND]:
        st[S_NOPT] = 0
        _opt(st, I0)
        ref = st[S_REF_N] > 0 or _junk_count(st, cfg, False) > 0
        spc = st[S_SP_N] > 0 or _junk_count(st, cfg, True) > 0
        if ref:
            _opt(st, I1)
        if spc:
            _opt(st, np.int64(2))
        if st[S_NOPT] == 1:
            break
        v = _decide(st, cfg, p, D_DRAW)
        if v == 0:
            break
        if v == 1:
            if st[S_REF_N] == 0:
                _junk_to(st, cfg, False, S_REF, S_REF_N)
            st[S_REF_N] -= 1
            c = st[S_REF + st[S_REF_N]]
            nr += 1
        else:
            if st[S_SP_N] == 0:
                _junk_to(st, cfg, True, S_SP, S_SP_N)
            st[S_SP_N] -= 1
            c = st[S_SP + st[S_SP_N]]
            ns += 1
        st[S_HAND + p * MAX_HAND + st[S_HAND_N + p]] = c
        st[S_HAND_N + p] += 1
    if lg and nr + ns > 0:
        _log(log, E_CARDS, p, np.int64(nr), np.int64(ns), I0, I0, I0)
