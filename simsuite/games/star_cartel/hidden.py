"""What a Star Cartel seat may not see, dealt afresh (SC.14): the order of the deck (SC.14.3) is the
only hidden thing; the hub, the markers, the shipyard, every ship and hold, the discards and (with
perfect recall, SC.14.2) the stashes are public. Used by `simsuite check strategy`: a strategy that
reads only its seat's view answers the same after this."""
from numba import njit

from simsuite.engine.kernel_common import shuffle
from simsuite.games.star_cartel.api import S_DECK, S_DECK_N, S_RNG

RULES = "SC.14"  # the information model these deals follow


@njit
def redeal_hidden(st, cfg, me):
    """Shuffle the deck left (the generator in st[S_RNG]); 1 if there was an order to hide."""
    n = st[S_DECK_N]
    shuffle(st, S_RNG, S_DECK, n)
    return 1 if n > 1 else 0
