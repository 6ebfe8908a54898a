"""Evaluation helpers for Amazing Space Venture strategies (see api.py for the decision kinds).

Everything here reads only what seat ``me`` may see (ASV.20): the board, pieces, scores, the
drawn tiles (shown to all, ASV.9.1), its own hand and its own quests. ``basic_decide`` scores
every option and takes the best (ties at random).
"""
import numpy as np
from numba import njit

from simsuite.games.space_venture.api import *

NEG = -1.0e18


_nbr = neighbour  # api.py

# scratch words: the roots of every pirate and probe, found once per placement decision
SCR_PIR = 0  # MAX_P * 2 path roots (-1: no pirate)
SCR_PRB = MAX_P * 2  # MAX_P * 2 galaxy roots (-1: no probe)
# what a placement on one square touches, per direction d (N_SIDE words each, at SCR_SIDE + d):
# the options are listed square by square, so this is gathered once per square and every
# (tile, rotation) on it is rated from it without a union-find walk
SCR_SIDE = 2 * MAX_P * 2
SD_KIND = 0  # 0 off the board, 1 empty square, 2 sun tile, 3 another tile
SD_PR = 4  # the neighbour's path root facing this square (-1: its edge is no path)
SD_POPEN = 8
SD_PPLAN = 12
SD_PDEAD = 16
SD_POWN = 20  # _owners of that path
SD_GR = 24  # the neighbour's galaxy root facing this square (-1: its edge is no galaxy)
SD_GOPEN = 28
SD_GCNT = 32
SD_GDEAD = 36
SD_GOWN = 40
assert SCR_SIDE + 44 <= 64


@njit
def _note_roots(st, cfg):
    for i in range(MAX_P * 2):
        node = st[S_PIRATE + i]
        st[S_SCR + SCR_PIR + i] = root_of(st, S_PUF, node) if node >= 0 else -1
        node = st[S_PROBE + i]
        st[S_SCR + SCR_PRB + i] = root_of(st, S_GUF, node) if node >= 0 else -1


@njit(inline="always")
def _owners(st, cfg, base, root, me):
    """1 if me has a piece (pirate or probe roots at S_SCR + base) on this root, 2 if another
    player has, 3 both, 0 none."""
    f = 0
    for q in range(cfg[C_NP]):
        for s in range(2):
            if st[S_SCR + base + q * 2 + s] == root:
                f |= 1 if q == me else 2
    return f


@njit(inline="always")
def _path_gain(v, dead, was_dead, openn, plan, mine):
    """v after one path segment of a placement: a path closed without a ride costs its owners, a
    complete one (two planets) pays them. One copy for placement_value and _placement_value_at:
    the same operations in the same order as before (so the same float)."""
    if (dead or (openn == 0 and plan < 2)) and not was_dead:
        if mine & 1:
            v -= 6.0
        if mine & 2:
            v += 3.0
    elif not dead and not was_dead and openn == 0 and plan >= 2:
        v += 1.0  # a complete path is a ride for ships
        if mine & 1:
            v += 6.0
        if mine & 2:
            v -= 3.0
    elif mine & 1:
        v += 0.5
    return v


@njit(inline="always")
def _galaxy_gain(v, dead, was_dead, openn, size, mine):
    """v after one galaxy area of a placement: a killed galaxy costs its owners, a closed one pays
    them by its size."""
    if dead and not was_dead:
        if mine & 1:
            v -= 3.0
        if mine & 2:
            v += 2.0
    elif not dead and not was_dead and openn == 0:
        if mine & 1:
            v += 2.0 * size
        if mine & 2:
            v -= 1.0 * size
    elif mine & 1:
        v += 0.5
    return v


@njit
def placement_value(st, cfg, me, t, sq, r):
    """Points-minded value of laying tile t on sq with rotation r: completes own galaxies and
    pirate paths, kills opponents' regions, avoids killing its own. Needs _note_roots first."""
    if cfg[C_T_KIND + t] == T_SUN:
        return 0.0
    v = 0.2 * st[S_ADJ + sq]  # compact boards keep regions closable
    # paths: one segment at a time
    for s in range(cfg[C_T_NSEG + t]):
        openn = 0
        plan = 0
        dead = False
        was_dead = False
        mine = 0
        r0 = -1
        joined = 0
        for k in range(2):
            e = cfg[C_T_SEG + t * 8 + 2 * s + k]
            if e == END_PLANET:
                plan += 1
            elif e == END_BH or e == END_DEAD:
                dead = True
            else:
                d = (e + r) % 4
                n = _nbr(sq, d)
                if n < 0:
                    dead = True
                elif st[S_TILE + n] < 0:
                    openn += 1
                elif cfg[C_T_KIND + st[S_TILE + n]] == T_SUN:
                    dead = True
                else:
                    rn = root_of(st, S_PUF, n * 4 + st[S_SEGAT + n * 4 + (d + 2) % 4])
                    joined += 1
                    if rn == r0:
                        openn -= 1  # both ends close the same chain: a loop
                        continue
                    r0 = rn
                    openn += st[S_POPEN + rn] - 1
                    plan += st[S_PPLAN + rn]
                    if st[S_PDEAD + rn] != 0:
                        was_dead = True
                    mine |= _owners(st, cfg, SCR_PIR, rn, me)
        if joined:
            v = _path_gain(v, dead, was_dead, openn, plan, mine)
    # galaxies: one area at a time
    for a in range(cfg[C_T_NGAL + t]):
        m = cfg[C_T_GAL + t * 4 + a]
        openn = 0
        dead = False
        was_dead = False
        size = 1
        mine = 0
        r0 = -1
        joined = 0
        for e in range(4):
            if not (m >> e) & 1:
                continue
            d = (e + r) % 4
            n = _nbr(sq, d)
            if n < 0:
                dead = True
            elif st[S_TILE + n] < 0:
                openn += 1
            elif cfg[C_T_KIND + st[S_TILE + n]] == T_SUN:
                dead = True
            else:
                rn = root_of(st, S_GUF, n * 4 + st[S_GALAT + n * 4 + (d + 2) % 4])
                joined += 1
                if rn == r0:
                    openn -= 1
                    continue
                r0 = rn
                openn += st[S_GOPEN + rn] - 1
                size += st[S_GCNT + rn]
                if st[S_GDEAD + rn] != 0:
                    was_dead = True
                mine |= _owners(st, cfg, SCR_PRB, rn, me)
        if joined:
            v = _galaxy_gain(v, dead, was_dead, openn, size, mine)
    return v


@njit
def _note_sides(st, cfg, me, sq):
    """What each side of sq touches (the SD_* words), for _placement_value_at."""
    b = S_SCR + SCR_SIDE
    for d in range(4):
        k = st[S_SIDEK + sq * 4 + d]  # kept by the engine: 0 empty, 1 board edge, 2 sun, 3 tile
        if k != 3:
            st[b + SD_KIND + d] = 1 if k == 0 else (0 if k == 1 else 2)
            continue
        st[b + SD_KIND + d] = 3
        pn = st[S_SIDEP + sq * 4 + d]
        if pn >= 0:
            rn = root_of(st, S_PUF, pn)  # read-only: find() halves paths, a write into the state
            st[b + SD_PR + d] = rn
            st[b + SD_POPEN + d] = st[S_POPEN + rn]
            st[b + SD_PPLAN + d] = st[S_PPLAN + rn]
            st[b + SD_PDEAD + d] = st[S_PDEAD + rn]
            st[b + SD_POWN + d] = _owners(st, cfg, SCR_PIR, rn, me)
        else:
            st[b + SD_PR + d] = -1
        gn = st[S_SIDEG + sq * 4 + d]
        if gn >= 0:
            rn = root_of(st, S_GUF, gn)
            st[b + SD_GR + d] = rn
            st[b + SD_GOPEN + d] = st[S_GOPEN + rn]
            st[b + SD_GCNT + d] = st[S_GCNT + rn]
            st[b + SD_GDEAD + d] = st[S_GDEAD + rn]
            st[b + SD_GOWN + d] = _owners(st, cfg, SCR_PRB, rn, me)
        else:
            st[b + SD_GR + d] = -1


@njit(inline="always")
def _placement_value_at(st, cfg, t, sq, r):
    """placement_value from the sides of sq noted by _note_sides: the same rules, the same
    arithmetic in the same order (so the same float), no union-find walk per option."""
    if cfg[C_T_KIND + t] == T_SUN:
        return 0.0
    b = S_SCR + SCR_SIDE
    v = 0.2 * st[S_ADJ + sq]
    for s in range(cfg[C_T_NSEG + t]):
        openn = 0
        plan = 0
        dead = False
        was_dead = False
        mine = 0
        r0 = -1
        joined = 0
        for k in range(2):
            e = cfg[C_T_SEG + t * 8 + 2 * s + k]
            if e == END_PLANET:
                plan += 1
            elif e == END_BH or e == END_DEAD:
                dead = True
            else:
                d = (e + r) % 4
                kd = st[b + SD_KIND + d]
                if kd == 0 or kd == 2:
                    dead = True
                elif kd == 1:
                    openn += 1
                else:
                    rn = st[b + SD_PR + d]
                    joined += 1
                    if rn == r0:
                        openn -= 1
                        continue
                    r0 = rn
                    openn += st[b + SD_POPEN + d] - 1
                    plan += st[b + SD_PPLAN + d]
                    if st[b + SD_PDEAD + d] != 0:
                        was_dead = True
                    mine |= st[b + SD_POWN + d]
        if joined:
            v = _path_gain(v, dead, was_dead, openn, plan, mine)
    for a in range(cfg[C_T_NGAL + t]):
        m = cfg[C_T_GAL + t * 4 + a]
        openn = 0
        dead = False
        was_dead = False
        size = 1
        mine = 0
        r0 = -1
        joined = 0
        for e in range(4):
            if not (m >> e) & 1:
                continue
            d = (e + r) % 4
            kd = st[b + SD_KIND + d]
            if kd == 0 or kd == 2:
                dead = True
            elif kd == 1:
                openn += 1
            else:
                rn = st[b + SD_GR + d]
                joined += 1
                if rn == r0:
                    openn -= 1
                    continue
                r0 = rn
                openn += st[b + SD_GOPEN + d] - 1
                size += st[b + SD_GCNT + d]
                if st[b + SD_GDEAD + d] != 0:
                    was_dead = True
                mine |= st[b + SD_GOWN + d]
        if joined:
            v = _galaxy_gain(v, dead, was_dead, openn, size, mine)
    return v


@njit
def _decide_place(st, cfg, me):
    """basic_decide for D_PLACE: option_value's placement_value, rated from each square's sides
    (options come square by square, so the sides are gathered once per square)."""
    _note_roots(st, cfg)
    best = NEG
    bi = 0
    ties = 0
    cur = -1
    for i in range(n_options(st)):
        o = option(st, i)
        sq = o % NSQ
        if sq != cur:
            _note_sides(st, cfg, me, sq)
            cur = sq
        v = _placement_value_at(st, cfg, st[S_DRAWN + (o // NSQ) // 4], sq, (o // NSQ) % 4)
        if v > best + 1e-9:
            best = v
            bi = i
            ties = 1
        elif v > best - 1e-9:
            ties += 1
            if rand_below(st, ties) == 0:
                bi = i
    return bi


@njit
def _nearest_undiscovered(st, cfg, sq):
    """King-move distance from sq to the nearest undiscovered planet, weighted by its value."""
    best = 1.0e9
    x0 = sq % W
    y0 = sq // W
    for q in range(NSQ):
        if undiscovered_planet(st, cfg, q):
            dd = max(abs(q % W - x0), abs(q // W - y0)) - 0.3 * planet_value_at(st, cfg, q)
            if dd < best:
                best = dd
    return best


# D_MOVE: the undiscovered planets, noted once per decision (every option measures its distance
# to them): a count at SCR_NPL (-1: too many to note, measure on the board), then (square, value)
SCR_NPL = 0
SCR_PL = 1
MAX_NOTED_PL = 31
assert SCR_PL + 2 * MAX_NOTED_PL <= 64


@njit
def _note_planets(st, cfg):
    k = 0
    for q in range(NSQ):
        if undiscovered_planet(st, cfg, q):
            if k == MAX_NOTED_PL:
                st[S_SCR + SCR_NPL] = -1
                return
            st[S_SCR + SCR_PL + 2 * k] = q
            st[S_SCR + SCR_PL + 2 * k + 1] = planet_value_at(st, cfg, q)
            k += 1
    st[S_SCR + SCR_NPL] = k


@njit
def _nearest_noted(st, cfg, sq):
    """_nearest_undiscovered from the planets _note_planets noted (the same scan order and sums)."""
    k = st[S_SCR + SCR_NPL]
    if k < 0:
        return _nearest_undiscovered(st, cfg, sq)
    best = 1.0e9
    x0 = sq % W
    y0 = sq // W
    for i in range(k):
        q = st[S_SCR + SCR_PL + 2 * i]
        dd = max(abs(q % W - x0), abs(q // W - y0)) - 0.3 * st[S_SCR + SCR_PL + 2 * i + 1]
        if dd < best:
            best = dd
    return best


@njit
def _move_value(st, cfg, me, o):
    """option_value for D_MOVE with the planets noted (_note_planets)."""
    if o < 0:
        s = st[S_SHIP_SQ + me * 2]
        return -0.5 * _nearest_noted(st, cfg, s) if s >= 0 else 0.0
    dest = o % 500
    if undiscovered_planet(st, cfg, dest):
        pv = planet_value_at(st, cfg, dest)
        tot = _best_card(st, cfg, me, K_PLANET, 1) + max(_best_card(st, cfg, me, K_ENV, 1), 0) \
            + max(_best_card(st, cfg, me, K_LIFE, 1), 0)
        bonus = 1.0 if sector(dest) == cfg[C_COLOUR + me] else 2.0
        return 3.0 + pv * tot + bonus
    v = -0.5 * _nearest_noted(st, cfg, dest)
    own = st[S_POWN + dest]
    if (st[S_QHELD + me] >> Q_PEACE) & 1 and own >= 0 and own != me and sector(dest) != cfg[C_COLOUR + me]:
        v += 5.0
    return v


@njit
def _best_card(st, cfg, me, cat, sign):
    """Largest (sign 1) or smallest (sign -1) value among me's cards of category cat; 0 if none."""
    best = 0
    found = False
    for i in range(n_hand(st, me)):
        c = hand_card(st, me, i)
        if cfg[C_K_CAT + c] == cat:
            v = cfg[C_K_VAL + c] * sign
            if not found or v > best:
                best = v
                found = True
    return best * sign


@njit
def _count_cat(st, cfg, me, cat):
    k = 0
    for i in range(n_hand(st, me)):
        if cfg[C_K_CAT + hand_card(st, me, i)] == cat:
            k += 1
    return k


@njit
def option_value(kind, st, cfg, me, o):
    if kind == D_PLACE:
        sq = o % NSQ
        di = (o // NSQ) // 4
        r = (o // NSQ) % 4
        return placement_value(st, cfg, me, st[S_DRAWN + di], sq, r)
    if kind == D_DEPLOY:
        if o < 0:
            return 0.5
        k = o // 1000000
        a = (o // 1000) % 1000
        b = o % 1000
        if k == K_ADD:
            c = hand_card(st, me, a)
            return 8.0 + 2.0 * cfg[C_K_MOVE + c] + (1.0 if _count_cat(st, cfg, me, K_PLANET) > 0 else -6.0)
        if k == K_UPGRADE:
            c = hand_card(st, me, a)
            return 4.0 + 2.0 * (cfg[C_K_MOVE + c] - st[S_SHIP_MOVE + me * 2 + b])
        if k == K_PROBE:
            rt = root_of(st, S_GUF, a * 4 + b)
            if st[S_GDEAD + rt] != 0:
                return (1.0 + 0.5 * st[S_GCNT + rt]) * cfg[C_OPEN_GAL_PPT]
            return (3.0 + 1.5 * st[S_GCNT + rt] - 0.7 * st[S_GOPEN + rt]) * cfg[C_GAL_PPT] / 2.0
        if k == K_STATION:
            x = a % W
            y = a // W
            tiles = 0
            for dy in range(-1, 2):
                for dx in range(-1, 2):
                    xx = x + dx
                    yy = y + dy
                    if 0 <= xx < W and 0 <= yy < W and st[S_TILE + yy * W + xx] >= 0:
                        tiles += 1
            edge = x == 0 or y == 0 or x == W - 1 or y == W - 1
            return (tiles - (3.0 if edge else 0.0)) * cfg[C_STATION_PPT]  # the configured points per tile
        if k == K_PIRATE:
            rt = root_of(st, S_PUF, a * 4 + b)
            v = 2.0 + 2.0 * st[S_PPLAN + rt] - 0.5 * st[S_POPEN + rt]
            return v if cfg[C_PIRATE_TRI] == 1 else 0.6 * v  # linear pirate scoring pays less
        return 0.0
    if kind == D_MOVE:
        if o < 0:
            s = st[S_SHIP_SQ + me * 2]
            return -0.5 * _nearest_undiscovered(st, cfg, s) if s >= 0 else 0.0
        dest = o % 500
        if undiscovered_planet(st, cfg, dest):
            pv = planet_value_at(st, cfg, dest)
            tot = _best_card(st, cfg, me, K_PLANET, 1) + max(_best_card(st, cfg, me, K_ENV, 1), 0) \
                + max(_best_card(st, cfg, me, K_LIFE, 1), 0)
            bonus = 1.0 if sector(dest) == cfg[C_COLOUR + me] else 2.0
            return 3.0 + pv * tot + bonus
        v = -0.5 * _nearest_undiscovered(st, cfg, dest)
        own = st[S_POWN + dest]
        if (st[S_QHELD + me] >> Q_PEACE) & 1 and own >= 0 and own != me and sector(dest) != cfg[C_COLOUR + me]:
            v += 5.0
        return v
    if kind == D_PLANET:
        return cfg[C_K_VAL + o] * st[S_CTX_VAL] + cfg[C_K_MULT + o] * max(_best_card(st, cfg, me, K_EXPLORER, 1), 0) \
            + (0.5 if cfg[C_K_HOME + o] == 1 else 0.0)
    if kind == D_ENV or kind == D_LIFE:
        if o < 0:
            return 0.0
        v = cfg[C_K_VAL + o] * st[S_CTX_VAL]
        if st[S_CTX_DISC] == me:
            return v  # own discovery: a positive card adds, keep the rest
        # someone else's discovery: play only a card that costs them points
        return -v - 0.5
    if kind == D_EXPLORER:
        return 0.0 if o < 0 else cfg[C_K_VAL + o]
    if kind == D_CASH or kind == D_CLAIM:
        return o
    if kind == D_DISCARD:
        if o < 0:
            return 0.0
        cat = cfg[C_K_CAT + o]
        if cat == K_SPECIAL:
            return 1.0  # inert (MC4): dead weight
        if cat == K_SHIP and (_count_cat(st, cfg, me, K_SHIP) > 1):
            return 0.5
        return -1.0
    if kind == D_DRAW:
        if o == 0:
            return -1.0
        ships = (st[S_SHIP_SQ + me * 2] >= 0) + (st[S_SHIP_SQ + me * 2 + 1] >= 0)
        want_ship = _count_cat(st, cfg, me, K_SHIP) == 0 and ships < 2
        if o == 2:
            return 1.0 if want_ship else 0.0
        return 0.5
    return 0.0


@njit
def basic_decide(kind, st, cfg, me):
    """The best option; ties broken uniformly at random. (Taking the first of equal options
    would favour the squares the option list starts with, next to the blue home, and show up
    as a seat advantage that is the bot's, not the game's.)"""
    if kind == D_PLACE:
        return _decide_place(st, cfg, me)
    if kind == D_MOVE:
        _note_planets(st, cfg)
    best = NEG
    bi = 0
    ties = 0
    for i in range(n_options(st)):
        if kind == D_MOVE:
            v = _move_value(st, cfg, me, option(st, i))
        else:
            v = option_value(kind, st, cfg, me, option(st, i))
        if v > best + 1e-9:
            best = v
            bi = i
            ties = 1
        elif v > best - 1e-9:
            ties += 1
            if rand_below(st, ties) == 0:  # reservoir sampling over the tied options
                bi = i
    return bi
