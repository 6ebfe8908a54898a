"""The public card pool of the power-aware card choice (simsuite/games/cosmic/bots/basic/cardplay.py,
``pool_ready``): counts per card class of the encounter cards not in the discard pile (CE.70.14:
what every player may know), kept up to date from the cards appended to the pile since the last
count, and counted afresh only after cards left the pile (a reshuffle into the deck, CE.17.7; the
Filch taking a card, CE.22.6), which the engine counts in ``S_DISC_GEN``.

Invariant over many random whole turns (both editions, random aliens): after every turn the kept
counts equal a count made from scratch (the deck's cards minus the discard pile).

The harness's scripted player keeps its script and log in the same scratch words, so the tests
put the pool's words back after each engine step, as in a game where only basic writes them."""
import numpy as np
import pytest
from cosmic_harness import ATT, BLUE, P, Table, setup_fight

import simsuite.games.cosmic.api as A
from simsuite.engine.unmanaged import pointer_call
from simsuite.games.cosmic.bots.basic.cardplay import POOL_AT_N, SC_POOL, SC_POOL_AT, SC_POOL_KEY, pool_ready


def _recount(t):
    """Per class: the deck's non-artifact cards minus those in the discard pile, from scratch."""
    nc = int(t.c[A.C_N_CLASSES])
    kind = t.c[A.C_CARD_KIND:A.C_CARD_KIND + int(t.c[A.C_N_CARDS])]
    cls = t.c[A.C_CARD_CLASS:A.C_CARD_CLASS + int(t.c[A.C_N_CARDS])]
    pool = np.bincount(cls[kind != A.K_ARTIFACT], minlength=nc)
    disc = t.st[A.S_DISC:A.S_DISC + int(t.st[A.S_DISC_N])]
    disc = disc[t.c[A.C_CARD_KIND + disc] != A.K_ARTIFACT]
    return pool - np.bincount(t.c[A.C_CARD_CLASS + disc], minlength=nc)


def _engine_step(t, step):
    """step(), the pool's scratch words left as they were (the scripted player writes there too)."""
    keep = t.st[SC_POOL_KEY:A.S_SCR + 64].copy()
    step()
    t.st[SC_POOL_KEY:A.S_SCR + 64] = keep


def _kept(t):
    assert int(pointer_call(pool_ready)(t.st, t.c)) == 1
    return t.st[SC_POOL:SC_POOL + int(t.c[A.C_N_CLASSES])].copy()


@pytest.mark.parametrize("edition", ["AH2000", "FFG2008"])
def test_kept_pool_equals_a_recount_after_every_turn_of_random_games(edition):
    """Invariant: 30 games of up to 60 turns each (random aliens, the scripted first-option player),
    the pool asked after every turn. The cache key is cleared before each ask so that every ask
    brings the kept counts up to date (appended cards only, or a recount after cards left the
    pile); both ways must be taken, and a reshuffle must happen, for the test to cover them."""
    appended = recounted = reshuffles = 0
    for seed in range(30):
        t = Table(4, seed=1000 + seed, edition=edition, aliens="random")
        for turn in range(60):
            if t.st[A.S_DONE] != 0:
                break
            _engine_step(t, lambda: t.play_turn(turn % 4))
            at = int(t.st[SC_POOL_AT]) - 1
            nd = int(t.st[A.S_DISC_N])
            if at >= 0 and at // POOL_AT_N == t.st[A.S_DISC_GEN] and at % POOL_AT_N <= nd:
                appended += 1
            else:
                recounted += 1
            t.st[SC_POOL_KEY] = 0
            assert np.array_equal(_kept(t), _recount(t)), (seed, turn)
        reshuffles += int(t.st[A.S_N_RESHUF])
    assert appended > 100 and recounted >= 30 and reshuffles > 0, (appended, recounted, reshuffles)


def test_filch_taking_a_card_from_the_pile_is_counted_and_the_pool_recounted():
    """CE.22.6: the Filch takes the offense's card out of the discard pile; the engine counts the
    change (S_DISC_GEN), so the kept pool is recounted and has that card's class back."""
    t = setup_fight("none,Filch,none,none", centre=2, def_ships=2)
    t.set_ships(1, {P(BLUE, n): 4 if n > 1 else 2 for n in range(1, 5)})  # 3 home colonies after the loss
    co, cd = t.play_cards(ATT(10), ATT(8))
    assert t.outcome() == A.R_OFFENSE_WIN
    before = _kept(t)
    assert np.array_equal(before, _recount(t))
    gen = int(t.st[A.S_DISC_GEN])
    t.script(1)
    _engine_step(t, lambda: t.window(A.W_10))
    assert co in t.hand(1) and co not in t.discard()
    assert int(t.st[A.S_DISC_GEN]) == gen + 1
    after = _kept(t)
    assert np.array_equal(after, _recount(t))
    k = int(t.c[A.C_CARD_CLASS + co])
    assert after[k] == before[k] + 1
