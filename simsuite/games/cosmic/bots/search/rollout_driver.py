"""The rollout module's tail (source text, not imported on its own; see ``search.py``).

``simsuite.games.cosmic.bots.search.rollout_build.rollout_module`` writes the Cosmic kernel source followed by this
file into one module in the cache directory: a second copy of the engine, with its own globals, in
which every seat's strategy is ``rollout.rollout_decide`` (replay the turn, force the candidate,
``basic`` after). ``search_cfunc`` is compiled as a C callback, cached on its own, and the game
kernel calls it through its address (``cfg[C_SEARCH_FN]``): the game kernel never links the second
engine (its compile time stays as it was), and there is no call cycle kernel -> strategy ->
kernel for numba to type.
"""
import numpy as np
from numba import cfunc, njit, types

from simsuite.engine.jitlink import entry_compile
from simsuite.engine.unmanaged import ptr_add
from simsuite.games.cosmic.bots.basic.policy import basic_decide
from simsuite.games.cosmic.bots.search.race import RACE_EVERY, VALUE_UNIT, race, race_total
from simsuite.games.cosmic.bots.search.rollout import begin_rollout, position_value, rollout_decide, state_checksum


@njit(_nrt=False)
def strategy_decide(sid, kind, st, cfg, me):
    return rollout_decide(kind, st, cfg, me)


@njit(_nrt=False)
def _rollout(st, cfg, w, me, kind, i, s, pos, ask, check, horizon):
    """Option i's rollout of sample s from tape position pos: its value (0 to 100), or -1.0 if it
    did not replay the game as played (a bug: S_VIOL is set, checked runs report it)."""
    begin_rollout(st, w, me, i, s, pos, ask, check)
    w[S_RO_HORIZON] = horizon
    play_turn(w, cfg, st[S_TAPE_O], w, I0)
    if w[S_RO_FLAG] != RO_REACHED:
        if st[S_VIOL] == 0:
            st[S_VIOL] = V_SEARCH
            st[S_SV_FAIL] = w[S_RO_FLAG]
            st[S_SV_FAIL + 1] = w[S_RO_POS]
            st[S_SV_FAIL + 2] = pos
            st[S_SV_FAIL + 3] = kind
        return -1.0
    return position_value(w, cfg, me)


@njit(_nrt=False)
def _rate_all(st, cfg, w, me, kind, n, pos, ask, check, samples, horizon):
    """Every option rated by all `samples` rollouts (a search of RACE_EVERY samples or fewer):
    the mean x 1000 of each to st[S_SV:]; 0 if a rollout failed, else 1."""
    for i in range(n):
        tot = 0.0
        for s in range(samples):
            # the replay up to the decision is the same for every option: checked once
            v = _rollout(st, cfg, w, me, kind, np.int64(i), np.int64(s), pos, ask, check if s == 0 and i == 0 else 0,
                         horizon)
            if v < 0.0:
                return 0
            tot += v
        st[S_SV + i] = np.int64(np.round(tot / samples * 1000.0))
    return 1


@njit(_nrt=False)
def _race_all(st, cfg, w, me, kind, n, b, pos, ask, check, samples, horizon):
    """The options raced (race.py): a round of one rollout per option still in the race for each
    sample, the race looked at every RACE_EVERY samples. Each option's mean x 1000 over the samples
    it drew to st[S_SV:]; returns the options left in the race (a bit mask), 0 if a rollout failed."""
    alive = (np.int64(1) << n) - 1
    drawn = 0
    for s in range(samples):
        for i in range(n):
            if (alive >> i) & 1 == 0:
                continue
            v = _rollout(st, cfg, w, me, kind, np.int64(i), np.int64(s), pos, ask, check if s == 0 and i == 0 else 0,
                         horizon)
            if v < 0.0:
                return 0
            st[S_SV_VAL + i * SEARCH_SAMPLES + s] = np.int64(np.round(v * VALUE_UNIT))
        drawn = s + 1
        if drawn % RACE_EVERY == 0 and drawn < samples:
            for i in range(n):
                if (alive >> i) & 1 == 1:
                    st[S_SV + i] = drawn  # how many samples option i drew (a dropped option keeps its count)
            alive = race(st, alive, np.int64(drawn), b, n)
    for i in range(n):
        k = drawn if (alive >> i) & 1 == 1 else st[S_SV + i]
        st[S_SV + i] = np.int64(np.round(race_total(st, np.int64(i), k) / VALUE_UNIT / k * 1000.0))
    return alive


@njit(_nrt=False)
def search_rollouts(st, cfg, me, kind, samples, horizon):
    """Rate the options of the decision st[S_OPT:] of seat `me` by `samples` rollouts of the turn
    each (the same samples for every option; above RACE_EVERY samples, raced: race.py) and return
    the index of the best mean among those rated to the end; basic's own pick stays unless another
    option is strictly better. The means (x 1000) go to st[S_SV:]. If a rollout did not replay the
    game as played (a bug), basic's pick is returned and S_VIOL is set (checked runs report it)."""
    n = st[S_NOPT]
    b = basic_decide(kind, st, cfg, me)
    pos = st[S_TAPE_N]
    w = ptr_add(st, S_WORK)
    for i in range(3 * pos):
        w[S_TAPE + i] = st[S_TAPE + i]
    ask = kind * 8 + me
    check = state_checksum(st)
    st[S_SV_KIND] = kind
    st[S_SV_ME] = me
    st[S_SV_N] = n
    st[S_SV_BASIC] = b
    samples = min(samples, SEARCH_SAMPLES)  # the race keeps every value: room for SEARCH_SAMPLES per option
    if samples > RACE_EVERY:
        alive = _race_all(st, cfg, w, me, kind, n, b, pos, ask, check, samples, horizon)
    else:
        alive = _rate_all(st, cfg, w, me, kind, n, pos, ask, check, samples, horizon) * ((np.int64(1) << n) - 1)
    if alive == 0:
        st[S_SV_CHOICE] = b
        return b
    best = b if (alive >> b) & 1 == 1 else -1
    for i in range(n):
        if (alive >> i) & 1 == 1 and (best < 0 or st[S_SV + i] > st[S_SV + best]):
            best = i
    st[S_SV_CHOICE] = best
    return best


def _search_cfunc(st, cfg, me, kind, samples, horizon):
    return search_rollouts(st, cfg, me, kind, samples, horizon)


SEARCH_SIG = types.int64(types.CPointer(types.int64), types.CPointer(types.int64), types.int64, types.int64,
                         types.int64, types.int64)
with entry_compile():  # one optimized module, as the game kernel's entry points (simsuite/engine/jitlink.py)
    search_cfunc = cfunc(SEARCH_SIG, cache=True, _nrt=False)(_search_cfunc)
