"""Jitted helpers every game kernel uses: the replay event log, in-place shuffles and the record
of illegal strategy answers."""
import numpy as np
from numba import njit

from simsuite.engine.rng import below

LOG_W = 8  # event code + 6 values + spare


def new_log(rows: int) -> np.ndarray:
    """An empty event log of `rows` rows (row 0 is the header: count, overflow flag, capacity)."""
    log = np.zeros((rows, LOG_W), np.int64)
    log[0, 2] = rows
    return log


@njit
def log_event(log, code, a, b, c, d, e, f):
    """Append one event to the log (a pointer to new_log's memory, row-major LOG_W wide):
    log[0] counts events, log[1] flags an overflow, log[2] is the capacity in rows."""
    n = log[0]
    if n + 1 < log[2]:
        row = (n + 1) * LOG_W
        log[row] = code
        log[row + 1] = a
        log[row + 2] = b
        log[row + 3] = c
        log[row + 4] = d
        log[row + 5] = e
        log[row + 6] = f
        log[0] = n + 1
    else:
        log[1] = 1


@njit(inline="always")
def shuffle(st, rng_slot, base, n):
    """Fisher-Yates shuffle of st[base : base + n] with the game's generator in st[rng_slot]."""
    for i in range(n - 1, 0, -1):
        j = below(st, rng_slot, i + 1)
        t = st[base + i]
        st[base + i] = st[base + j]
        st[base + j] = t


@njit(inline="always")
def note_illegal(st, count_slot, seat_slot, p):
    """A strategy answered outside its options: count it and remember the first seat that did
    (the game record carries both; the runner stops the run with the strategy named)."""
    if st[count_slot] == 0:
        st[seat_slot] = p
    st[count_slot] += 1


@njit(inline="always")
def discards_to_deck(st, rng_slot, deck, disc, disc_n_slot):
    """Move the discard pile st[disc : disc + st[disc_n_slot]] onto the empty deck at st[deck:],
    shuffled with the game's generator; returns the new deck size."""
    m = st[disc_n_slot]
    for i in range(m):
        st[deck + i] = st[disc + i]
    st[disc_n_slot] = 0
    shuffle(st, rng_slot, deck, m)
    return m
