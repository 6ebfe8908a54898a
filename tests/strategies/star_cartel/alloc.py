"""Test-only: uniformly random choices (same stream as random.py), but allocates a small numpy
array in every decision, as a user's plug-in strategy may do (tests the batch kernel's memory
handling: its games must not change)."""
import numpy as np
from numba import njit

from simsuite.games.star_cartel.api import n_options, rand_below


@njit(_nrt=True)  # allocates: opts back into reference counting (README, Strategies)
def decide(kind, st, cfg, me):
    buf = np.zeros(64, np.int64)
    buf[0] = rand_below(st, n_options(st))
    return buf[0]
