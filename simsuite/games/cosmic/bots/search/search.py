"""Look-ahead for the `search` strategies (strategies/cosmic/search.py): rollouts over sampled
hidden cards, with ``basic`` at every seat, rated by a win probability fitted to games.

At the decision kinds in the strategy's bit set (by default the encounter card, D_CARD, under
FFG2008 with the morph card among its options; an alliance answer, D_ALLIANCE; an optional power
use, D_POWER; and, decisions only the FFG2008 edition asks, the defense named on a wild or tied
special destiny card, D_DESTINY, CE.33.5 / CE.33.6, and each reinforcement play, D_REINF, CE.37),
``search_decide`` rates each legal option by ``samples`` rollouts and takes the best mean
(``basic``'s own pick unless another option is strictly better; a search of more than 8 samples
races its options: an option clearly behind the leader after 8, 16, 24 samples gets no more
rollouts, race.py); every other decision is
``basic_decide``'s, the own-colour destiny choice (D_OWN_COLOUR: under FFG2008 ``basic``
re-establishes whenever it can) included. A rollout plays on from the decision with the candidate
forced and ``basic`` at every seat, to the end of the encounter (horizon 1, the default) or of the
turn (horizon 0), and ``rollout.position_value`` rates the end from the searching seat's point of
view: the outcome if the game is over, else the win probability of a logistic model of what the
seat may see (its foreign and home colonies, ships in the warp, its hand, the others' colonies,
warp and hand sizes, which powers are on), fitted to the outcomes of games of ``basic``
(tools/fit_cosmic_value.py; coefficients in simsuite/data/cosmic/value_function.toml). Ending at
the encounter is cheaper (no second encounter played out) and the fitted value stands in for the
rest of the game.

Design, and why:

* **Snapshot and decision tape, not continuations.** The engine's control flow lives on the call
  stack (a decision is asked from deep inside a window, a step, an encounter), so a copied state
  cannot be resumed at a decision. When a searching seat is at the table (``cfg[C_SEARCH]``, set by
  ``game.build_cfg`` for a strategy file with ``USES_ROLLOUTS = True``) the engine copies the state
  at the start of every turn (``S_SNAP``) and records every answer of the turn with the generator
  after it (``S_TAPE``; kernel ``_turn_snapshot`` / ``_tape_record``). A rollout copies the snapshot,
  replays the turn with the tape up to the searched decision (checked: the replayed game must be
  the game as it is, ``rollout.state_checksum``), deals the hidden cards afresh, forces the
  candidate and plays on. This handles every decision kind with one mechanism and needs no change
  to the engine's steps; continuation functions would need a hand-written tail for each place a
  decision is asked (select_cards alone has four). Games without a searching seat pay one
  comparison per decision and per turn (``S_SEARCH`` is 0), and nothing else: the search regions
  are at the end of the state and never zeroed (``STATE_ZERO``).
* **A second engine, called through its address.** A strategy that ran the kernel would make the
  call cycle kernel -> strategy -> kernel that numba cannot type. The rollouts run in a second
  module built from the same kernel source (``rollout_driver.py`` appended instead of the batch
  driver; its own globals, its strategy dispatch is the rollout's), compiled as a C callback with
  its own cache (``rollout_build.py``). The game kernel calls it through the address in ``cfg[C_SEARCH_FN]``
  (``_call_search``, an indirect call): the kernel's own compile stays as it was, and the second
  engine is compiled (or loaded) only when a line-up has a searching seat.
* **Hidden information (CE.70.14).** The replay reaches the decision with the real cards, but
  before the candidate is played every card the seat cannot see is dealt again
  (``rollout.resample``): the unknown pool is taken in card-id order and shuffled with a stream
  hashed from the game's generator and the sample index, so the deal depends only on which cards
  are unknown, never on where they are; the order pile is shuffled too. The Mind keeps the cards it
  saw in that hand, the Oracle's face-up card stays. Rollouts never use the game's own future
  draws (each sample has its own stream), and the same sample index gives every option the same
  worlds (common random numbers).
* **Buffers in the state.** Kernels run without reference counting and cannot allocate: the
  snapshot, the tape, the rollout's state (``S_WORK``: a copy of the game plus the rollout's header
  and tape) and the last search's values (``S_SV``) are regions of the state (api.py).

A variant with another sample count, horizon or set of decisions is one more small strategy file
(e.g. ``search16.py``)::

    from numba import njit
    import numpy as np
    from simsuite.games.cosmic.bots.search.search import DEFAULT_KINDS, search_decide

    SAMPLES = 16
    USES_ROLLOUTS = True
    _SAMPLES = np.int64(SAMPLES)

    @njit
    def decide(kind, st, cfg, me):
        return search_decide(kind, st, cfg, me, _SAMPLES, np.int64(1), DEFAULT_KINDS)
"""
from __future__ import annotations

import numpy as np
from llvmlite import ir
from numba import njit
from numba.core import types
from numba.extending import intrinsic

from simsuite.games.cosmic.api import (
    C_SEARCH_FN,
    D_ALLIANCE,
    D_CARD,
    D_DESTINY,
    D_POWER,
    D_REINF,
    MAX_TAPE,
    S_NOPT,
    S_SEARCH,
    S_TAPE_N,
    S_WINDOW,
    SEARCH_OPTIONS,
    T_NEWHAND_DEF,
    T_NEWHAND_TURN,
)
from simsuite.games.cosmic.bots.basic.policy import basic_decide

MAX_SEARCH_OPTIONS = SEARCH_OPTIONS  # a decision with more options (Amoeba, Philanthropist) is left to basic


@intrinsic
def _call_search(typingctx, addr, st, cfg, me, kind, samples, horizon):
    """Call the rollout search (``rollout_driver.search_cfunc``) at address addr."""
    sig = types.int64(types.int64, st, cfg, types.int64, types.int64, types.int64, types.int64)

    def codegen(context, builder, signature, args):
        i64 = ir.IntType(64)
        fnty = ir.FunctionType(i64, [context.get_value_type(st), context.get_value_type(cfg), i64, i64, i64, i64])
        fn = builder.inttoptr(args[0], fnty.as_pointer())
        return builder.call(fn, args[1:])

    return sig, codegen


# The decisions searched by default: the encounter card, alliance answers, optional power uses and
# (FFG2008) the wild/special destiny choice and reinforcement plays (a bit per decision kind)
DEFAULT_KINDS = np.int64((1 << D_CARD) | (1 << D_ALLIANCE) | (1 << D_POWER) | (1 << D_DESTINY) | (1 << D_REINF))


@njit
def search_decide(kind, st, cfg, me, samples, horizon, kinds):
    """The `search` strategies' decide: rollouts for the decision kinds in the bit set `kinds`
    (while the turn's tape is complete and the rollout code is linked), ``basic_decide`` for
    everything else. `horizon` 0: a rollout plays to the end of the turn; 1: to the end of the
    encounter of the decision. Not
    searched: decisions inside a new hand (the Vulch keeping its artifacts; the engine is then
    part way through discarding a hand it knows holds only artifacts, which a deal of the hidden
    cards would contradict) and decisions with more than MAX_SEARCH_OPTIONS options."""
    if (((kinds >> kind) & 1) == 1
            and cfg[C_SEARCH_FN] != 0
            and st[S_SEARCH] == 1 and st[S_TAPE_N] < MAX_TAPE and st[S_NOPT] <= MAX_SEARCH_OPTIONS
            and st[S_WINDOW] != T_NEWHAND_TURN and st[S_WINDOW] != T_NEWHAND_DEF):
        return _call_search(cfg[C_SEARCH_FN], st, cfg, me, kind, samples, horizon)
    return basic_decide(kind, st, cfg, me)
