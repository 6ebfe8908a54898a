"""The state and configuration layout every game shares, and the builder for the rest.

A game keeps one game in an int64 state array ``st`` and its settings in an int64 configuration
array ``cfg`` (README, "Adding a game"). The first words of both are the same in every game: the
common header below, at fixed offsets, so that the batch driver, the kernel prelude and the strategy
readers (``rand_below``, ``option``, ...) are written once. A game's ``api.py`` then hands out its
own words with a ``Layout`` that starts after the header::

    _S = state_layout(MAX_OPT)          # the header, then the game's words
    S_CUR = _S.add()                    # one word
    S_HOLD = _S.add(MAX_P * MAX_HOLD)   # a region
    STATE_SIZE = _S.size

The offsets are plain ints at module level: numba compiles them in as constants.
"""
from numba import njit

from simsuite.engine.rng import below

MAX_SEATS = 8  # seats the header has room for (a game's own MAX_P may be smaller)
SCRATCH = 64  # words of strategy scratch

# ---- state header (offsets fixed for every game) -------------------------------------------------
S_RNG = 0  # the game's random generator (simsuite.engine.rng)
S_GAME = 1  # game index within the run
S_TURN = 2  # turns played (started) so far
S_START = 3  # start player
S_DONE = 4  # 1 once the game is over
S_TIMEOUT = 5  # 1 if the game hit the turn cap
S_VIOL = 6  # first invariant violation seen (checked runs only; the game's V_* codes)
S_ILLEGAL = 7  # strategy answers outside 0..n-1 (rejected: option 0 is played)
S_ILLEGAL_SEAT = 8  # the seat that gave the first of them
S_NOPT = 9  # options of the decision being asked
S_SCR = 10  # SCRATCH words a strategy may write (what it keeps there is its own business)
S_STRAT = S_SCR + SCRATCH  # strategy id of each seat in this game (MAX_SEATS words)
S_OPT = S_STRAT + MAX_SEATS  # the options (the game's MAX_OPT + 8 words): the last region of the header
STATE_HEADER = ("S_RNG", "S_GAME", "S_TURN", "S_START", "S_DONE", "S_TIMEOUT", "S_VIOL", "S_ILLEGAL",
                "S_ILLEGAL_SEAT", "S_NOPT", "S_SCR", "S_STRAT", "S_OPT")

# ---- configuration header ---------------------------------------------------------------------
C_NP = 0  # players
C_MAX_TURNS = 1  # turn cap
C_ROTATE = 2  # 1: seat s of game g plays lineup[(s + g) % N]
C_LINEUP = 3  # strategy id per seat (MAX_SEATS words)
CFG_HEADER_SIZE = C_LINEUP + MAX_SEATS
CFG_HEADER = ("C_NP", "C_MAX_TURNS", "C_ROTATE", "C_LINEUP")


class Layout:
    """Offsets into an int64 array, handed out in order from `start`. ``regions`` keeps each
    (offset, words) so a test can check that no two overlap."""

    def __init__(self, start: int = 0):
        self.size = start
        self.regions: list[tuple[int, int]] = []

    def add(self, n: int = 1) -> int:
        """Reserve n words; returns the first."""
        if n < 1:
            raise ValueError(f"a region needs at least one word, not {n}")
        o = self.size
        self.size += n
        self.regions.append((o, n))
        return o


def state_layout(max_opt: int) -> Layout:
    """The builder for a game's own state words: they start after the header, whose option list
    has room for max_opt + 8 options."""
    return Layout(S_OPT + max_opt + 8)


def config_layout() -> Layout:
    """The builder for a game's own configuration words, after the header."""
    return Layout(CFG_HEADER_SIZE)


# ---- readers every strategy uses (inline: free at run time) --------------------------------------
@njit(inline="always")
def rand_below(st, n):
    """Uniform integer in [0, n) from this game's own generator."""
    return below(st, S_RNG, n)


@njit(inline="always")
def n_options(st):
    return st[S_NOPT]


@njit(inline="always")
def option(st, i):
    return st[S_OPT + i]


@njit(inline="always")
def n_players(cfg):
    return cfg[C_NP]


# ---- reader factories: a game's one-line readers, e.g. ``warp = item(S_WARP)`` ----------------------
# (numba compiles the offset in as a constant, like a hand-written reader; inline: free at run time)
def word(slot: int):
    """word(S_X)(st) == st[S_X]."""
    @njit(inline="always")
    def read(a):
        return a[slot]
    return read


def item(slot: int):
    """item(S_X)(st, i) == st[S_X + i] (one entry of a region: a seat's, a card's)."""
    @njit(inline="always")
    def read(a, i):
        return a[slot + i]
    return read


def cell(slot: int, width: int):
    """cell(S_X, W)(st, i, j) == st[S_X + i * W + j] (a table of rows of W words, e.g. per seat)."""
    @njit(inline="always")
    def read(a, i, j):
        return a[slot + i * width + j]
    return read
