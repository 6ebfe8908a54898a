"""Test-only, Star Cartel, misbehaving on purpose: its first card of a load step depends on the card
on top of the deck, whose order is hidden (SC.14.3); otherwise the first option. It writes nothing,
so only `simsuite check strategy`'s hidden-information test can catch it."""
from numba import njit

from simsuite.games.star_cartel.api import D_FIRST, S_DECK, S_DECK_N, n_options


@njit
def decide(kind, st, cfg, me):
    n = st[S_DECK_N]
    if kind == D_FIRST and n > 0:
        return st[S_DECK + n - 1] % n_options(st)  # the next card to be drawn: not the seat's to know
    return 0
