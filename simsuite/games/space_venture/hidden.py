"""What an Amazing Space Venture seat may not see, dealt afresh (ASV.20.2), for `simsuite check
strategy` (a strategy that reads only its seat's view answers the same after this):

* the cards: the other hands, the two decks and the Space Junk pile (face down), dealt again among
  those places. Which deck a card came from shows on its back (ASV.20.1: a draw from either deck is
  seen by all), so the ship cards (spaceship deck) and the others (reference deck) are dealt
  separately: every hand, deck and the junk keep their count of each, as every player sees them. A
  discarder knows its own discards, but nothing in the state says whose a junk card is, and a
  strategy cannot read its own discards there without reading the others' (it may keep them in its
  scratch), so the whole pile is dealt;
* the quest tiles not yet claimed: which quests the other seats hold and which are still in the tile
  stack (ASV.11.1: only how many each seat holds is public), dealt again among those places;
* the order of the tile stack.

The seat's own hand and quests, every count and everything on the board stay as they are."""
import numpy as np
from numba import njit

from simsuite.engine.kernel_common import shuffle
from simsuite.engine.rng import below
from simsuite.games.space_venture.api import (
    C_K_CAT,
    C_NP,
    C_T_KIND,
    C_T_QUEST,
    K_SHIP,
    MAX_HAND,
    MAX_P,
    N_CARDS,
    N_TILES,
    QUEST_NAMES,
    S_HAND,
    S_HAND_N,
    S_JUNK,
    S_JUNK_N,
    S_QHELD,
    S_REF,
    S_REF_N,
    S_RNG,
    S_SP,
    S_SP_N,
    S_STACK,
    S_STACK_N,
    T_QUEST,
)

RULES = "ASV.20"  # the information model these deals follow
N_QUESTS = len(QUEST_NAMES)


@njit(_nrt=True)  # check-only: allocates its buffers
def _permute(st, vals, n):
    """Fisher-Yates shuffle of vals[:n] with the generator in st[S_RNG]."""
    for i in range(n - 1, 0, -1):
        j = below(st, S_RNG, i + 1)
        t = vals[i]
        vals[i] = vals[j]
        vals[j] = t


@njit(_nrt=True)
def _deal(st, cfg, me, ship, deck, deck_n):
    """Deal the cards of one kind (ship cards or not) in the other hands, its deck and the Space
    Junk afresh, into the same places; returns how many there were."""
    where = np.empty(N_CARDS + MAX_HAND * 8, np.int64)
    n = 0
    for q in range(cfg[C_NP]):
        if q == me:
            continue
        for i in range(st[S_HAND_N + q]):
            w = S_HAND + q * MAX_HAND + i
            if (cfg[C_K_CAT + st[w]] == K_SHIP) == ship:
                where[n] = w
                n += 1
    for i in range(st[deck_n]):
        where[n] = deck + i
        n += 1
    for i in range(st[S_JUNK_N]):
        if (cfg[C_K_CAT + st[S_JUNK + i]] == K_SHIP) == ship:
            where[n] = S_JUNK + i
            n += 1
    cards = np.empty(n, np.int64)
    for i in range(n):
        cards[i] = st[where[i]]
    _permute(st, cards, n)
    for i in range(n):
        st[where[i]] = cards[i]
    return n


@njit(_nrt=True)
def _deal_quests(st, cfg, me):
    """Deal the unclaimed quests the seat does not hold afresh among the other seats' holdings (each
    keeps how many it holds) and the quest tiles in the stack (each keeps its position); returns
    how many there were."""
    tile_of = np.full(N_QUESTS, -1, np.int64)  # one tile per quest (the tile file is checked for it)
    for t in range(N_TILES):
        if cfg[C_T_KIND + t] == T_QUEST:
            tile_of[cfg[C_T_QUEST + t]] = t
    pool = np.empty(N_QUESTS, np.int64)
    held = np.zeros(MAX_P, np.int64)  # how many each other seat holds
    n = 0
    for q in range(cfg[C_NP]):
        if q == me:
            continue
        for k in range(N_QUESTS):
            if (st[S_QHELD + q] >> k) & 1:
                pool[n] = k
                n += 1
                held[q] += 1
        st[S_QHELD + q] = 0
    at = np.empty(N_QUESTS, np.int64)  # the stack positions of quest tiles
    m = 0
    for i in range(st[S_STACK_N]):
        t = st[S_STACK + i]
        if cfg[C_T_KIND + t] == T_QUEST:
            at[m] = S_STACK + i
            pool[n] = cfg[C_T_QUEST + t]
            n += 1
            m += 1
    _permute(st, pool, n)
    j = 0
    for q in range(cfg[C_NP]):
        for _ in range(held[q]):
            st[S_QHELD + q] |= np.int64(1) << pool[j]
            j += 1
    for i in range(m):
        st[at[i]] = tile_of[pool[j]]
        j += 1
    return n


@njit(_nrt=True)
def redeal_hidden(st, cfg, me):
    """1 if anything was dealt afresh (the generator in st[S_RNG])."""
    k = _deal(st, cfg, me, False, S_REF, S_REF_N) + _deal(st, cfg, me, True, S_SP, S_SP_N)
    k += _deal_quests(st, cfg, me)
    shuffle(st, S_RNG, S_STACK, st[S_STACK_N])
    return 1 if k + st[S_STACK_N] > 1 else 0
