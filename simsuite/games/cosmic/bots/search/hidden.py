"""What a Cosmic Encounter seat may not see, dealt afresh (CE.70.14): the search strategies' deal of
the unknown cards (``rollout.resample``: other hands, the deck, face-down encounter cards, the order
pile; the Mind keeps what it saw). Used by `simsuite check strategy`: a strategy that reads only
its seat's view answers the same after this."""
from numba import njit

from simsuite.games.cosmic.api import S_SEARCH
from simsuite.games.cosmic.bots.search.rollout import resample

RULES = "CE.70.14"  # the information model these deals follow


@njit
def redeal_hidden(st, cfg, me):
    """1 if the hidden cards were dealt afresh (the generator in st[S_RNG]); 0 while a searching
    seat plays: its rollouts replay the turn from its start with the real cards and would find a
    re-dealt state to be another game (search.py), so those decisions are not re-dealt."""
    if st[S_SEARCH] != 0:
        return 0
    return resample(st, cfg, me)
