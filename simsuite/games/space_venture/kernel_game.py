"""Amazing Space Venture kernel part: checkpoints (quests, station cashing; ASV.8.2, ASV.11), setup
(ASV.7), the turn and the game (ASV.8, ASV.19), final scoring, the ASV.24 invariants and the record.

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

# --- checkpoints (ASV.8.2): quests and station cashing ---------------------------------------------
@njit
def trade_best(st, cfg, p):
    """Tiles of the longest complete path between p's planet and another player's (ASV.11.5); 0 none."""
    best = 0
    for i in range(st[S_CPATH_N]):
        rt = find(st, S_PUF, st[S_CPATH + i])
        a = st[S_POWN + st[S_PEND + rt * 2]]
        b = st[S_POWN + st[S_PEND + rt * 2 + 1]]
        if (a == p and b >= 0 and b != p) or (b == p and a >= 0 and a != p):
            n = st[S_CPATH_T + i]
            if n > best:
                best = n
    return best


@njit
def quest_ok(st, cfg, p, q):
    col = cfg[C_COLOUR + p]
    if q == Q_PEACE:
        if st[S_PT_VISIT + p] != 0:
            return True
        for s in range(2):
            sq = st[S_SHIP_SQ + p * 2 + s]
            if sq >= 0:
                o = st[S_POWN + sq]
                if o >= 0 and o != p and sector(sq) != col:
                    return True
        return False
    if q == Q_POWER:
        return st[S_SECT_DISC + col] >= cfg[C_POWER_T]
    return trade_best(st, cfg, p) > 0


@njit
def checkpoint(st, cfg, p, log, lg):
    h = st[S_QHELD + p]
    if h != 0:
        for q in range(3):
            if (h >> q) & 1 and quest_ok(st, cfg, p, q):
                st[S_NOPT] = 0
                _opt(st, I0)
                _opt(st, I1)
                st[S_CTX_Q] = q
                if _decide(st, cfg, p, D_CLAIM) == 1:
                    pts = cfg[C_QPTS + q]
                    if q == Q_TRADE:
                        pts = cfg[C_QPTS + q] * trade_best(st, cfg, p)
                    add_score(st, cfg, p, SRC_QUEST, pts, log, lg)
                    st[S_QHELD + p] &= ~(np.int64(1) << q)
                    st[S_QCLAIMED] |= np.int64(1) << q
                    if lg:
                        _log(log, E_QUEST, p, np.int64(q), pts, I0, I0, I0)
    for s in range(2):
        sq = st[S_STATION + p * 2 + s]
        if sq >= 0 and cashable(st, cfg, sq):
            offer_cash(st, cfg, p, s, log, lg)


# --- setup, turn, game -----------------------------------------------------------------------------
@njit
def setup(st, cfg, log, lg):
    """ASV.7."""
    N = cfg[C_NP]
    for sq in range(NSQ):
        st[S_TILE + sq] = -1
        st[S_POWN + sq] = -1
        st[S_STN + sq] = -1
    for i in range(NNODE):
        st[S_SEGAT + i] = -1
        st[S_GALAT + i] = -1
        if _nb(i // 4, i % 4) < 0:
            st[S_SIDEK + i] = 1  # this side faces the board's edge
    for i in range(MAX_P * 2):
        st[S_SHIP_SQ + i] = -1
        st[S_PROBE + i] = -1
        st[S_STATION + i] = -1
        st[S_PIRATE + i] = -1
    for w in range(4):
        st[S_BWH + BOARD_WH[w]] = 1
    for k in range(4):
        put_tile(st, cfg, np.int64(k), np.int64(CORNER_SQ[k]), np.int64(CORNER_ROT[k]))
        put_tile(st, cfg, np.int64(4 + k), np.int64(HOME_SQ[k]), I0)
    put_tile(st, cfg, np.int64(8), np.int64(EARTH_SQ), I0)
    st[S_TILES_PLACED] = 0
    for p in range(N):
        col = cfg[C_COLOUR + p]
        h = HOME_SQ[col]
        st[S_POWN + h] = p  # ASV.7.3: large chip on the home, starting ship there
        st[S_SECT_DISC + col] += 1
        st[S_PCHIP + h] = 1
        st[S_LARGE + p] = 9
        st[S_SMALL + p] = 10
        for ty in range(N_SHIP_TYPES):
            st[S_CHIPS + p * N_SHIP_TYPES + ty] = CHIPS_PER_TYPE[ty]
    # ASV.7.4: starting ship cards to the players, the other yellow cards to the Spaceport
    given = 0
    for c in range(N_CARDS):
        cat = cfg[C_K_CAT + c]
        if cat == K_SHIP:
            if cfg[C_K_START + c] == 1 and given < N:
                p = given
                given += 1
                st[S_FRONT_N + p] = 1
                st[S_SHIP_SQ + p * 2] = HOME_SQ[cfg[C_COLOUR + p]]
                st[S_SHIP_TYPE + p * 2] = ST_STARTER
                st[S_SHIP_MOVE + p * 2] = cfg[C_K_MOVE + c]
                st[S_CHIPS + p * N_SHIP_TYPES + ST_STARTER] -= 1
            else:
                st[S_SP + st[S_SP_N]] = c
                st[S_SP_N] += 1
        elif cat == K_SPECIAL and cfg[C_SPECIAL_REMOVE] == 1:
            st[S_REMOVED_CARDS] += 1
        else:
            st[S_REF + st[S_REF_N]] = c
            st[S_REF_N] += 1
    shuffle(st, S_RNG, S_SP, st[S_SP_N])
    shuffle(st, S_RNG, S_REF, st[S_REF_N])
    for i in range(N_SPACE):
        st[S_STACK + i] = N_START + i
    st[S_STACK_N] = N_SPACE
    shuffle(st, S_RNG, S_STACK, N_SPACE)  # MC5: one shuffled stack
    for p in range(N):
        for k in range(cfg[C_HAND]):
            if st[S_REF_N] > 0:
                st[S_REF_N] -= 1
                st[S_HAND + p * MAX_HAND + st[S_HAND_N + p]] = st[S_REF + st[S_REF_N]]
                st[S_HAND_N + p] += 1
    st[S_START] = rand_below(st, N)  # ASV.7.6
    if lg:
        _log(log, E_START, st[S_START], I0, I0, I0, I0, I0)


@njit
def play_turn(st, cfg, p, log, lg):
    st[S_CUR] = p
    if lg:
        _log(log, E_TURN, p, st[S_TURN], st[S_STACK_N], I0, I0, I0)
    checkpoint(st, cfg, p, log, lg)  # CP0
    phase1(st, cfg, p, log, lg)
    checkpoint(st, cfg, p, log, lg)  # CP1
    phase2(st, cfg, p, log, lg)
    checkpoint(st, cfg, p, log, lg)  # CP2
    phase3(st, cfg, p, log, lg)
    checkpoint(st, cfg, p, log, lg)  # CP3
    phase4(st, cfg, p, log, lg)
    phase5(st, cfg, p, log, lg)
    checkpoint(st, cfg, p, log, lg)  # CP5 (phases 4 and 5 change no quest or station condition)
    st[S_TURN] += 1


@njit
def final_scoring(st, cfg, log, lg):
    """ASV.19.2."""
    N = cfg[C_NP]
    for p in range(N):
        # 1. probes in incomplete galaxies: once per galaxy (per_player) or per probe
        r0 = -1
        for s in range(2):
            node = st[S_PROBE + p * 2 + s]
            if node < 0:
                continue
            rt = find(st, S_GUF, node)
            if cfg[C_PER_PROBE] == 0 and rt == r0:
                continue
            r0 = rt
            add_score(st, cfg, p, SRC_PROBE_END, cfg[C_OPEN_GAL_PPT] * galaxy_tiles(st, cfg, rt), log, lg)
        # 2. stations
        for s in range(2):
            sq = st[S_STATION + p * 2 + s]
            if sq >= 0:
                add_score(st, cfg, p, SRC_STATION, station_value(st, cfg, sq), log, lg)
        # 3. pirates on complete paths
        for s in range(2):
            node = st[S_PIRATE + p * 2 + s]
            if node < 0:
                continue
            rt = find(st, S_PUF, node)
            if path_status(st, rt) == 1:
                n = pirate_interior(st, cfg, rt)
                add_score(st, cfg, p, SRC_PIRATE, n * (n + 1) // 2 if cfg[C_PIRATE_TRI] == 1 else n, log, lg)
        # 4. planet bonus
        col = cfg[C_COLOUR + p]
        b = 0
        for sq in range(NSQ):
            if st[S_POWN + sq] == p:
                own = 0 if sector(sq) == col else 2
                b += cfg[C_BONUS + own + st[S_PCHIP + sq]]
        add_score(st, cfg, p, SRC_BONUS, b, log, lg)


@njit
def check_invariants(st, cfg):
    """ASV.24 checks; returns the first violation code or 0."""
    N = cfg[C_NP]
    if st[S_STACK_N] + st[S_DRAWN_N] + st[S_SPACE_ON_BOARD] + st[S_SUNS_PLACED] + st[S_QUEST_TILES] + st[S_TREMOVED] != N_SPACE:
        return V_TILES
    ntiles = 0
    for sq in range(NSQ):
        t = st[S_TILE + sq]
        if t < 0:
            continue
        ntiles += 1
        if st[S_ADJ + sq] == 0 and cfg[C_T_KIND + t] < T_CORNER:
            return V_CONNECT  # a space or sun tile was laid next to a tile, and tiles never move
        if cfg[C_T_KIND + t] == T_SUN:
            continue
        for d in range(2):  # E and S neighbours cover every pair once
            n = _nb(sq, d + 1)
            if n < 0 or st[S_TILE + n] < 0 or cfg[C_T_KIND + st[S_TILE + n]] == T_SUN:
                continue
            if edge_at(st, sq, d + 1) != edge_at(st, n, (d + 3) % 4):
                return V_BOARD
    if ntiles != N_START + st[S_SPACE_ON_BOARD] + st[S_SUNS_PLACED]:
        return V_BOARD
    if st[S_SUNS_PLACED] > 4 or st[S_SUNS_DRAWN] > 4:
        return V_SUNS
    sun = 0
    for p in range(N):
        sun += st[S_SRC + p * N_SRC + SRC_SUN]
    want = 0
    for k in range(st[S_SUNS_DRAWN]):
        want += cfg[C_SUNPTS + k]
    if sun != want and cfg[C_NEG_OK] == 1:
        return V_SUNS
    cards = st[S_REF_N] + st[S_SP_N] + st[S_JUNK_N] + st[S_REMOVED_CARDS]
    for p in range(N):
        cards += st[S_HAND_N + p] + st[S_OUT_N + p] + st[S_FRONT_N + p]
    if cards != N_CARDS:
        return V_CARDS
    for i in range(st[S_REF_N]):
        if cfg[C_K_CAT + st[S_REF + i]] == K_SHIP:
            return V_CARDS
    y = 0
    for i in range(st[S_JUNK_N]):
        if cfg[C_K_CAT + st[S_JUNK + i]] == K_SHIP:
            y += 1
    if y != st[S_JUNK_Y]:
        return V_CARDS
    disc = 0
    for sq in range(NSQ):
        if st[S_POWN + sq] >= 0:
            disc += 1
    if disc != N + st[S_DISC]:
        return V_PLANETS
    for col in range(4):
        k = 0
        for sq in range(NSQ):
            if st[S_POWN + sq] >= 0 and sector(sq) == col:
                k += 1
        if k != st[S_SECT_DISC + col]:
            return V_PLANETS
    for p in range(N):
        if st[S_HAND_N + p] > cfg[C_HAND]:  # checked between turns, after phase 5
            return V_HANDS
        fast = 0
        for ty in range(N_SHIP_TYPES):
            on = 0
            for s in range(2):
                if st[S_SHIP_SQ + p * 2 + s] >= 0 and st[S_SHIP_TYPE + p * 2 + s] == ty:
                    on += 1
            if on + st[S_CHIPS + p * N_SHIP_TYPES + ty] != CHIPS_PER_TYPE[ty]:
                return V_PIECES
        for s in range(2):
            sq = st[S_SHIP_SQ + p * 2 + s]
            if sq < 0:
                continue
            if _fast(cfg, st[S_SHIP_MOVE + p * 2 + s]):
                fast += 1
            # ASV.24.8, with one case the contract does not foresee: ASV.9.7 lets a tile be laid on
            # the empty square a Scout or Saucer stands on, so a deep-space ship may end up on an
            # undiscovered planet without entering it
            if undiscovered_planet(st, cfg, sq) and not _deep(st[S_SHIP_TYPE + p * 2 + s]):
                return V_PLANETS
            if not _deep(st[S_SHIP_TYPE + p * 2 + s]) and st[S_TILE + sq] < 0:
                return V_SHIPS
            node = st[S_PIRATE + p * 2 + s]
            if node >= 0 and path_status(st, find(st, S_PUF, node)) == 2:
                return V_PIECES
            node = st[S_PROBE + p * 2 + s]
            if node >= 0 and st[S_GDONE + find(st, S_GUF, node)] != 0:
                return V_PIECES
        if fast > cfg[C_MAX_FAST]:
            return V_PIECES
        tot = 0
        for k in range(N_SRC):
            tot += st[S_SRC + p * N_SRC + k]
        if tot != st[S_SCORE + p]:
            return V_SCORE
    maxt = (N_SPACE + cfg[C_TPT] - 1) // cfg[C_TPT]
    if st[S_TURN] > maxt:
        return V_TURNS
    return 0


@njit(_nrt=False)  # and everything it calls: see simsuite/engine/batch_driver.py
def play_game(st, cfg, log, lg, chk):
    """Play one whole game from the generator state already in st[S_RNG].
    chk = 1 checks the ASV.24 invariants after setup and every turn (tests)."""
    setup(st, cfg, log, lg)
    if chk:
        _note(st, check_invariants(st, cfg))
    p = st[S_START]
    while _turn_cap(st, cfg, log, lg) == 0:
        p = _turn_then_next(st, cfg, p, log, lg, chk)
        if st[S_LAST] == 1:  # ASV.19.1: the turn that drew the last tile was the last
            break
    final_scoring(st, cfg, log, lg)
    if chk:
        _note(st, check_invariants(st, cfg))
    st[S_DONE] = 1


@njit(_nrt=False)  # and everything it calls: see simsuite/engine/batch_driver.py
def score_game(st, cfg, out, i, log, lg):
    """ASV.19.3: the highest score wins; ties share the win. Writes the record row out[i]."""
    N = cfg[C_NP]
    _record_start(out, i)
    best = -BIG
    for p in range(N):
        if st[S_SCORE + p] > best:
            best = st[S_SCORE + p]
    nwin = 0
    mask = 0
    second = -BIG
    for p in range(N):
        out[i, R_SCORE + p] = st[S_SCORE + p]
        out[i, R_NDISC + p] = st[S_NDISC + p]
        for k in range(N_SRC):
            out[i, R_SRC0 + k * MAX_P + p] = st[S_SRC + p * N_SRC + k]
        if st[S_SCORE + p] == best:
            out[i, R_WIN + p] = 1
            nwin += 1
            mask |= 1 << p
        else:
            out[i, R_WIN + p] = 0
            if st[S_SCORE + p] > second:
                second = st[S_SCORE + p]
    _record_common(st, cfg, out, i, nwin)
    out[i, R_LAST] = st[S_CUR]
    out[i, R_TPLACED] = st[S_TILES_PLACED]
    out[i, R_TREMOVED] = st[S_TREMOVED]
    out[i, R_SUNS] = st[S_SUNS_PLACED]
    out[i, R_QCLAIMED] = (st[S_QCLAIMED] & 1) + ((st[S_QCLAIMED] >> 1) & 1) + ((st[S_QCLAIMED] >> 2) & 1)
    out[i, R_DISC] = st[S_DISC]
    out[i, R_GALDONE] = st[S_GAL_DONE]
    out[i, R_PATHDONE] = st[S_PATH_DONE]
    out[i, R_PIRLOST] = st[S_PIR_LOST]
    out[i, R_CASHED] = st[S_CASHED]
    out[i, R_SHIPSADD] = st[S_SHIPS_ADDED]
    out[i, R_MOVES] = st[S_MOVES]
    out[i, R_MARGIN] = best - second if nwin < N else 0
    if lg:
        _log(log, E_WINNERS, np.int64(mask), np.int64(nwin), best, I0, I0, I0)

# run_batch, replay_game and run_checked: simsuite/engine/batch_driver.py, appended by simsuite.engine.codegen
