"""The deals `simsuite check strategy` uses for its hidden-information test (each game's
``hidden_module``: SC.14, ASV.20, CE.70.14): a deal of what seat `me` may not see leaves a state the
engine's own invariant check accepts (card conservation, hand counts, ...), changes something, and
depends only on the generator it is given."""
from importlib import import_module

import harness
import numpy as np
import pytest

from simsuite.games import get, names

GAMES = [n for n in names() if get(n).hidden_module]


@pytest.mark.parametrize("name", GAMES)
def test_a_redeal_keeps_the_state_consistent_and_changes_it(name):
    game = get(name)
    redeal = import_module(game.hidden_module).redeal_hidden
    A = game.api
    zero = getattr(A, "STATE_ZERO", A.STATE_SIZE)  # the words a game keeps (buffers after them are scratch)
    players = game.players_need({}).stop - 1
    changed = 0
    for g in range(4):
        t = harness.table_for(name)(players, key=0x1D_EA1, g=g)
        t.play(check=True)
        assert t.engine_check() == 0
        base = t.st.copy()
        for me in range(players):
            runs = []
            for _ in range(2):
                st = base.copy()
                st[A.S_RNG] = 0x5EED + 7 * me + g
                ok = redeal(st, t.c, np.int64(me))
                t.st[:] = st
                assert t.engine_check() == 0, (g, me)
                runs.append((ok, st[:zero].copy()))
            assert runs[0][0] == runs[1][0] and np.array_equal(runs[0][1], runs[1][1])  # the generator decides
            if runs[0][0]:
                changed += int(not np.array_equal(runs[0][1][1:], base[1:zero]))
    assert changed >= players  # re-deals happen (most of them change the state)
