"""Star Cartel SC.5 hub refills and deck exhaustion, on explicit states.

Rule ids (SC.x.y, test vectors SC.T.n, ambiguity choices An) as in shared/rules/star_cartel.md;
states and scripted decisions as in tests/star_cartel_harness.py.
"""
from star_cartel_harness import F, Table, W, pos

import simsuite.games.star_cartel.api as A

D = A  # decision kinds live in api


# ============================================================================================
# SC.5 — hub refills and deck exhaustion
# ============================================================================================

def test_sc_5_3_reshuffle_when_deck_empty():
    """SC.5.3 / A2: the deck is empty when a refill is needed: the discard pile is shuffled into
    a new deck and the column is refilled from it."""
    t = Table(4)
    t.ship(0, capacity=10)
    hub = t.set_hub([None] * 4, fill=2)
    t.finish(rest="discard")
    disc = set(t.discard())
    assert t[A.S_DECK_N] == 0 and len(disc) == 90 - 12
    t.script(pos(0), 0)
    t.load_step(0)
    assert t[A.S_RESHUF] == 1
    assert len(t.hub(0)) == 3 and t.hub(0)[:2] == hub[0][1:]
    assert t.hub(0)[2] in disc
    assert t[A.S_DISC_N] == 0 and t[A.S_DECK_N] == len(disc) - 1
    assert set(t.deck()) | {t.hub(0)[2]} == disc
    assert t.check() == 0


def test_sc_3_21_no_reshuffle_column_stays_short():
    """SC.3.21 / A2 alternative: reshuffle_discards = false: the column stays short (no gap: its
    cards sit in the lowest rows) and the discard pile is not touched."""
    t = Table(4, reshuffle_discards=False)
    t.ship(0, capacity=10)
    hub = t.set_hub([None] * 4, fill=2)
    t.finish(rest="discard")
    t.script(pos(0), 1)
    assert t.load_step(0) == 2
    assert t.hub(0) == hub[0][2:]
    assert t[A.S_RESHUF] == 0 and t[A.S_DISC_N] == 90 - 12 and t[A.S_DECK_N] == 0


def test_sc_5_3_deck_and_discard_empty_space_stays_empty():
    """SC.5.3: deck and discard pile both empty -> the space stays empty (column short, no gap);
    the engine's SC.17.5 check accepts it."""
    t = Table(4)
    t.ship(0, capacity=10)
    hub = t.set_hub([None] * 4, fill=2)
    t.finish(rest=("stash", 3))
    t.script(pos(1), 0)
    assert t.load_step(0) == 1
    assert t.hub(1) == hub[1][1:]
    assert t[A.S_RESHUF] == 0
    assert t.check() == 0


def test_sc_17_5_short_column_stays_legal_after_discards():
    """SC.17.5 / SC.5.3: a column left short by a refill that found no card stays short when
    cards later reach the discard pile (nothing tops it up); both checks accept the state, and
    a short column without a failed refill is a violation."""
    t = Table(4)
    t.ship(0, capacity=3)
    t.set_hold(0, [(F, 2)])
    t.set_hub([[(W, 1)], None, None, None], fill=2)
    t.finish(rest=("stash", 3))
    t.play_turn(0)  # Weapons 1 is the only card that fits: L = K, a normal delivery follows
    assert len(t.hub(0)) == 2 and t[A.S_DECK_N] == 0
    assert t[A.S_DISC_N] > 0  # the delivered sets could now be reshuffled into a deck
    assert t.check() == 0 and t.engine_check() == 0
    t.st[A.S_HUB_SHORT] = 0  # the same short column, but no refill ever failed
    assert t.check() == "SC.17.5 hub shape"
    assert t.engine_check() != 0
