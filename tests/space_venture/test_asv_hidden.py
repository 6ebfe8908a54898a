"""ASV.20.2: the deal `simsuite check strategy` hands a strategy in its hidden-information test
covers everything a seat may not see: the other hands, the decks' order, the contents of Space Junk
and the identity of the unclaimed quest tiles (held by others or still in the stack), and nothing a
seat may see (its own hand and quests, every count, ASV.20.1)."""
import harness
import numpy as np

import simsuite.games.space_venture.api as A
from simsuite.games.space_venture.hidden import redeal_hidden

I = np.int64
PLAYERS = 4


def _quest_tiles_in_stack(st, c):
    return sorted(int(c[A.C_T_QUEST + t]) for t in st[A.S_STACK:A.S_STACK + st[A.S_STACK_N]]
                  if c[A.C_T_KIND + t] == A.T_QUEST)


def _mid_game():
    """A state from the engine's own setup and a few turns, then two reference cards and a ship card
    discarded to Space Junk and a quest tile drawn by seat 1 (as the engine does both: the counts the
    invariant check keeps stay right), with two quest tiles left in the stack."""
    t = harness.table_for("space-venture")(PLAYERS, key=0xA5_20, g=0)
    t.k.setup(t.st, t.c, t.log, t.lg)
    p = t.st[A.S_START]
    for _ in range(6):
        p = t.k._turn_then_next(t.st, t.c, I(p), t.log, t.lg, I(1))
    st = t.st
    assert not st[A.S_LAST] and st[A.S_JUNK_N] == 0 and _quest_tiles_in_stack(st, t.c) == [0, 1, 2]
    for deck, n, ship in ((A.S_REF, A.S_REF_N, 0), (A.S_REF, A.S_REF_N, 0), (A.S_SP, A.S_SP_N, 1)):
        st[n] -= 1
        st[A.S_JUNK + st[A.S_JUNK_N]] = st[deck + st[n]]
        st[A.S_JUNK_N] += 1
        st[A.S_JUNK_Y] += ship
    i = next(i for i in range(st[A.S_STACK_N]) if t.c[A.C_T_KIND + st[A.S_STACK + i]] == A.T_QUEST)
    tile = st[A.S_STACK + i]
    st[A.S_STACK_N] -= 1
    st[A.S_STACK + i] = st[A.S_STACK + st[A.S_STACK_N]]
    st[A.S_QHELD + 1] |= 1 << t.c[A.C_T_QUEST + tile]
    st[A.S_QN + 1] += 1
    st[A.S_QUEST_TILES] += 1
    assert t.engine_check() == 0
    return t


def _seen_by(st, c, me):
    """What seat `me` sees of the cards and quests (ASV.20.1): its hand and quests, and the counts."""
    own = st[A.S_HAND + me * A.MAX_HAND:A.S_HAND + me * A.MAX_HAND + st[A.S_HAND_N + me]].tolist()
    held = [bin(int(st[A.S_QHELD + q])).count("1") for q in range(PLAYERS)]
    ships = [int(sum(c[A.C_K_CAT + x] == A.K_SHIP for x in st[A.S_HAND + q * A.MAX_HAND:
                                                             A.S_HAND + q * A.MAX_HAND + st[A.S_HAND_N + q]]))
             for q in range(PLAYERS)]
    counts = [int(st[o]) for o in (A.S_REF_N, A.S_SP_N, A.S_JUNK_N, A.S_JUNK_Y, A.S_STACK_N, A.S_QCLAIMED)]
    return own, int(st[A.S_QHELD + me]), held, ships, counts, st[A.S_HAND_N:A.S_HAND_N + PLAYERS].tolist(), \
        st[A.S_QN:A.S_QN + PLAYERS].tolist()


def _unclaimed_elsewhere(st, c, me):
    """The quests neither claimed nor held by `me`: held by the others, or in the stack."""
    held = [k for q in range(PLAYERS) if q != me for k in range(len(A.QUEST_NAMES)) if (st[A.S_QHELD + q] >> k) & 1]
    return sorted(held + _quest_tiles_in_stack(st, c))


def test_the_redeal_covers_space_junk_and_unclaimed_quests_and_keeps_what_the_seat_sees():
    t = _mid_game()
    base = t.st.copy()
    junk = slice(A.S_JUNK, A.S_JUNK + int(base[A.S_JUNK_N]))
    quests_moved = junk_moved = 0
    for r in range(40):
        st = base.copy()
        st[A.S_RNG] = 0x5EED + r
        assert redeal_hidden(st, t.c, I(0)) == 1
        assert _seen_by(st, t.c, 0) == _seen_by(base, t.c, 0)
        # the same cards and quests, dealt among the same places
        assert sorted(st[junk]) != [] and _unclaimed_elsewhere(st, t.c, 0) == _unclaimed_elsewhere(base, t.c, 0)
        assert sorted(np.r_[st[A.S_REF:A.S_REF + st[A.S_REF_N]], st[A.S_SP:A.S_SP + st[A.S_SP_N]], st[junk]].tolist()
                      + [x for q in range(1, PLAYERS) for x in st[A.S_HAND + q * A.MAX_HAND:
                                                                   A.S_HAND + q * A.MAX_HAND + st[A.S_HAND_N + q]]]) \
            == sorted(np.r_[base[A.S_REF:A.S_REF + base[A.S_REF_N]], base[A.S_SP:A.S_SP + base[A.S_SP_N]],
                            base[junk]].tolist()
                      + [x for q in range(1, PLAYERS) for x in base[A.S_HAND + q * A.MAX_HAND:
                                                                     A.S_HAND + q * A.MAX_HAND + base[A.S_HAND_N + q]]])
        t.st[:] = st
        assert t.engine_check() == 0, r
        junk_moved += not np.array_equal(st[junk], base[junk])
        quests_moved += any(st[A.S_QHELD + q] != base[A.S_QHELD + q] for q in range(1, PLAYERS))
    # 40 deals of a pile of 3 cards (2 + 1 by kind, among ~100 hidden cards) and 3 unclaimed quests (seat 1
    # holds one of them with probability 1/3 each time): each moves in most deals
    assert junk_moved >= 30 and quests_moved >= 15, (junk_moved, quests_moved)
