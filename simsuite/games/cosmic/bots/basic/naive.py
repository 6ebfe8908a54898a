"""The naive power policies of the power-value check (strategies/cosmic/power_always.py,
power_never.py, power_random.py): ``basic`` in everything but the uses of the player's own alien
power, which they answer by a fixed rule: always, never, at random.

A use of a power is whatever ``api.option_uses_power`` says it is, so a use that arrives through
another decision is controlled too: the Parasite joining a side that did not invite it is an
answer to the alliance decision (CE.8.3, CE.22.14), not a power decision. For such a decision the
policy picks basic's answer among the options that use the power (always), among those that do not
(never), or one of the two at random, not using it counting as one choice (random). basic's own
estimates count on the player's power only as the policy will use it (``policy.basic_decide_as``).
"""
import numpy as np
from numba import njit

from simsuite.games.cosmic.api import D_POWER, PK_MUTANT_SRC, S_NOPT, S_OPT, S_PK, option_uses_power, rand_below
from simsuite.games.cosmic.bots.basic.heuristics import OWN_ALWAYS, OWN_NEVER, OWN_RANDOM
from simsuite.games.cosmic.bots.basic.policy import basic_decide_as

__all__ = ["naive_decide", "naive_controls", "OWN_ALWAYS", "OWN_NEVER", "OWN_RANDOM"]
_ONE = np.int64(1)


@njit(inline="always")
def _partition(st, mask):
    """Lomuto partition of the option list: the options in bit mask `mask` to the front, in their
    order (undone by ``_unpartition`` with the same mask: the swaps in reverse)."""
    k = 0
    for i in range(st[S_NOPT]):
        if ((mask >> i) & 1) == 1:
            x = st[S_OPT + k]
            st[S_OPT + k] = st[S_OPT + i]
            st[S_OPT + i] = x
            k += 1
    return k


@njit(inline="always")
def _unpartition(st, mask, k):
    for i in range(st[S_NOPT] - 1, -1, -1):
        if ((mask >> i) & 1) == 1:
            k -= 1
            x = st[S_OPT + k]
            st[S_OPT + k] = st[S_OPT + i]
            st[S_OPT + i] = x


@njit
def _restricted(kind, st, cfg, me, own, use):
    """basic's answer among the options whose use of the power is `use` (0 / 1), as an index into
    the full option list, which is put back as it was (strategies must not allocate: the option
    list is reordered in place and restored). -1 if there is no such option."""
    n = st[S_NOPT]
    if n > 63:
        return np.int64(-1)
    mask = np.int64(0)
    for i in range(n):
        if option_uses_power(st, kind, me, i) == use:
            mask |= _ONE << i
    if mask == 0:
        return np.int64(-1)
    k = _partition(st, mask)
    st[S_NOPT] = k
    j = basic_decide_as(kind, st, cfg, me, own)
    st[S_NOPT] = n
    _unpartition(st, mask, k)
    if j < 0 or j >= k:
        j = 0
    for i in range(n):  # the j-th option of the mask
        if ((mask >> i) & 1) == 1:
            if j == 0:
                return np.int64(i)
            j -= 1
    return np.int64(-1)


@njit
def naive_decide(kind, st, cfg, me, own):
    """Decision `kind` for a naive power policy `own` (OWN_ALWAYS, OWN_NEVER, OWN_RANDOM)."""
    n = st[S_NOPT]
    if kind == D_POWER:
        if own == OWN_RANDOM:
            return rand_below(st, n)  # pass included
        if own == OWN_NEVER and st[S_PK] != PK_MUTANT_SRC:
            return np.int64(0)  # PASS
        i = basic_decide_as(kind, st, cfg, me, own)
        # always: option 0 is PASS (the Mutant's source choice has no pass): basic's use, else the first
        if own == OWN_ALWAYS and i == 0 and st[S_PK] != PK_MUTANT_SRC and n > 1:
            return np.int64(1)
        return i
    m = 0
    for i in range(n):
        m += option_uses_power(st, kind, me, i)
    if m == 0:
        return basic_decide_as(kind, st, cfg, me, own)
    if own == OWN_RANDOM:
        r = rand_below(st, np.int64(m + 1))  # each use, and not using it as one choice
        if r > 0:
            for i in range(n):
                if option_uses_power(st, kind, me, i) == 1:
                    r -= 1
                    if r == 0:
                        return np.int64(i)
        i = _restricted(kind, st, cfg, me, own, np.int64(0))
    else:
        i = _restricted(kind, st, cfg, me, own, _ONE if own == OWN_ALWAYS else np.int64(0))
    return i if i >= 0 else basic_decide_as(kind, st, cfg, me, own)


def naive_controls(alien: str) -> tuple[str, ...]:
    """The decisions of `alien`'s player that the naive power policies answer by their rule, from its
    file: its power decisions (CE.50.20, the PK_* kinds its questions use) and the uses that come
    through other decisions (a side joined uninvited at the alliance answers, as
    ``api.option_uses_power`` counts it). Empty for an alien that asks its holder nothing."""
    from simsuite.games.cosmic import api as A
    from simsuite.games.cosmic.aliens.files import declared

    a = declared().get(alien)
    if a is None:
        return ()
    out = [f"power decision ({A.PK_NAMES[int(getattr(A, k))].replace('_', ' ')}, CE.50.20)" for k in a.decisions]
    if a.offers_side:
        out.append("alliance answer (CE.50.9): joining a side that did not invite it")
    return tuple(out)
