"""Per-game random numbers: splitmix64 kept in one int64 slot of the game's state array.

numba's np.random keeps one state per thread, so it cannot be reproducible across thread
counts; a game's stream here depends only on (seed, configuration, game index).
"""
import numpy as np
from numba import njit

GOLDEN = np.uint64(0x9E3779B97F4A7C15)
M1 = np.uint64(0xBF58476D1CE4E5B9)
M2 = np.uint64(0x94D049BB133111EB)
S30 = np.uint64(30)
S27 = np.uint64(27)
S31 = np.uint64(31)
S32 = np.uint64(32)


@njit(inline="always")
def mix64(z):
    """splitmix64 finaliser (uint64 -> uint64)."""
    z = (z ^ (z >> S30)) * M1
    z = (z ^ (z >> S27)) * M2
    return z ^ (z >> S31)


@njit(inline="always")
def next_u64(st, slot):
    """Advance the generator stored in st[slot] (int64 bits) and return a uint64."""
    x = np.uint64(st[slot]) + GOLDEN
    st[slot] = np.int64(x)
    return mix64(x)


@njit(inline="always")
def below(st, slot, n):
    """Uniform integer in [0, n) for 1 <= n < 2**32 (multiply-shift, no modulo bias worth noting)."""
    r = next_u64(st, slot) >> S32
    return np.int64((r * np.uint64(n)) >> S32)


@njit(inline="always")
def game_stream(key, game):
    """Initial generator state for one game: depends on the run key and the game index only."""
    return np.int64(mix64(np.uint64(key) ^ mix64(np.uint64(game) * GOLDEN + GOLDEN)))


def run_key(seed: int, config_hash: int) -> int:
    """Combine a user seed and a configuration hash into the int64 key of a run (Python side)."""
    mask = (1 << 64) - 1

    def _mix(z):
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        return z ^ (z >> 31)

    k = _mix((_mix(seed & mask) ^ (config_hash & mask)) & mask)
    return k - (1 << 64) if k >= 1 << 63 else k
