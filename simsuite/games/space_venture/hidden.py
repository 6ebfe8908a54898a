"""What an Amazing Space Venture seat may not see, dealt afresh (ASV.20.2), for `simsuite check
strategy` (a strategy that reads only its seat's view answers the same after this): the other
hands' cards and the order of the two decks, dealt again among those places, and the order of the
tile stack. Which deck a player drew from is seen by all, so each hand keeps its count of ship
cards: the ship cards (spaceship deck) and the others (reference deck) are dealt separately. Not
dealt again: the Space Junk pile (a discarder knows its own discards; the engine does not track
who knows what) and the identity of unclaimed quest tiles."""
import numpy as np
from numba import njit

from simsuite.games.space_venture.api import (
    C_K_CAT, C_NP, K_SHIP, MAX_HAND, N_CARDS, S_HAND, S_HAND_N, S_REF, S_REF_N, S_RNG, S_SP, S_SP_N, S_STACK, S_STACK_N,
)
from simsuite.engine.kernel_common import shuffle
from simsuite.engine.rng import below

RULES = "ASV.20"  # the information model these deals follow


@njit(_nrt=True)  # check-only: allocates its buffers
def _deal(st, cfg, me, ship, deck, deck_n):
    """Deal the cards of one kind (ship cards or not) in the other hands and its deck afresh,
    into the same places; returns how many there were."""
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
    cards = np.empty(n, np.int64)
    for i in range(n):
        cards[i] = st[where[i]]
    for i in range(n - 1, 0, -1):
        j = below(st, S_RNG, i + 1)
        t = cards[i]
        cards[i] = cards[j]
        cards[j] = t
    for i in range(n):
        st[where[i]] = cards[i]
    return n


@njit(_nrt=True)
def redeal_hidden(st, cfg, me):
    """1 if anything was dealt afresh (the generator in st[S_RNG])."""
    k = _deal(st, cfg, me, False, S_REF, S_REF_N) + _deal(st, cfg, me, True, S_SP, S_SP_N)
    shuffle(st, S_RNG, S_STACK, st[S_STACK_N])
    return 1 if k + st[S_STACK_N] > 1 else 0
