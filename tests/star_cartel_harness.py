"""Test harness for the Star Cartel kernel: build explicit states and drive single steps.

A ``Table`` (a ``harness.Table``) owns one state array ``st`` and its own copy of the cfg array
``c`` (tests may override ship capacities, values and abilities in it). Every seat plays the
test-only strategy ``tests/strategies/common/scripted.py``: ``t.script(v1, v2, ...)`` queues the
option VALUES the next decisions must pick (see that file and api.py for the encodings) and
``t.asked()`` returns the decisions the engine actually asked, as (kind, number of options).

Cards are placed by (type, size); the harness takes the lowest free card id of that kind, so
every one of the 90 cards is somewhere (``finish()`` puts the unplaced ones into the deck, the
discard pile or a stash), which lets tests run the engine's own SC.17 checks on the result.
The rule tests name the rule ids they check and use ``t.asked()`` to check that a choice was, or
was not, offered.
"""
from __future__ import annotations

from pathlib import Path

import harness
import numpy as np

import simsuite.games.star_cartel.api as A
import simsuite.games.star_cartel.records as R
from simsuite.games import get

GAME = get("star-cartel")
EXTRA = harness.extra_dirs(GAME)

FOOD, WEAPONS, PLANTS, MEDICINE, CRYSTALS = range(5)
F, W, P, M, C = FOOD, WEAPONS, PLANTS, MEDICINE, CRYSTALS  # short names for the rule tests' specs
TYPE_BY_NAME = {n: i for i, n in enumerate(A.TYPE_NAMES)}
I = np.int64


def kernel():
    return harness.kernel_of(GAME.name)


def strategy_names():
    return [s.name for s in GAME.strategies(EXTRA)]


def strategy_id(name):
    return strategy_names().index(name)


def resolve(players=4, strategies="scripted", **params):
    return GAME.resolve({"players": players, "strategies": strategies, **params}, EXTRA)


def build(players=4, strategies="scripted", **params):
    return harness.build_of(GAME.name, players, strategies, **params)


def ships_data(cfg):
    from simsuite.games.star_cartel.data import load_ships

    return load_ships(Path(cfg["ships"]))


def pos(col, row=0):
    """Option encoding of a hub position (D_FIRST, D_THIRD)."""
    return col * A.MAX_ROWS + row


def types_of(t, cards):
    """The contraband types of these cards, sorted."""
    return sorted(t.ts(x)[0] for x in cards)


class Table(harness.Table):
    steps = (*harness.Table.steps, "load_step", "deliver", "play_turn", "_marker_change")
    game_name = GAME.name

    def __init__(self, players=4, **params):
        self._start(players, seed=0x5EED, **params)
        st, c = self.st, self.c
        self.cols = int(c[A.C_COLS])
        self.rows = int(c[A.C_ROWS])
        st[A.S_TRIGGER] = -1
        for t in range(A.N_TYPES):
            st[A.S_MARK + t] = c[A.C_START_VALUE]
        self.free = {}
        for card in range(int(c[A.C_N_CARDS])):
            self.free.setdefault((int(c[A.C_CARD_TYPE + card]), int(c[A.C_CARD_SIZE + card])), []).append(card)
        self.used = set()
        ns = int(c[A.C_N_SHIPS])
        self.starting = [s for s in range(ns) if c[A.C_SHIP_YARD + s] == 0]
        self.final_ship = [s for s in range(ns) if c[A.C_SHIP_FINAL + s] == 1][0]
        self.yard_pool = [s for s in range(ns) if c[A.C_SHIP_YARD + s] == 1 and c[A.C_SHIP_FINAL + s] == 0
                          and c[A.C_SHIP_MINP + s] <= players]
        for p in range(players):
            st[A.S_SHIP + p] = self.starting[p]
        self.set_yard(self.yard_pool[:3] + [self.final_ship])
        self.hub_set = False
        self.finished = False
        self.deck_top = []

    # ---- cards --------------------------------------------------------------------------
    def card(self, spec):
        """A free card id for spec = (type, size) or an explicit id; marks it used."""
        if isinstance(spec, (int, np.integer)):
            card = int(spec)
            assert card not in self.used, f"card {card} placed twice"
        else:
            t, s = spec
            t = TYPE_BY_NAME[t] if isinstance(t, str) else t
            free = [x for x in self.free.get((t, s), []) if x not in self.used]
            assert free, f"no free card of type {A.TYPE_NAMES[t]} size {s}"
            card = free[0]
        self.used.add(card)
        return card

    def filler(self, size, types=None):
        """A free card of this size (or, when they run out, of a larger size: it fits no better)."""
        for sz in range(size, A.MAX_HOLD + 1):
            for t in (range(A.N_TYPES) if types is None else types):
                free = [x for x in self.free.get((t, sz), []) if x not in self.used]
                if free:
                    return self.card(free[0])
        raise AssertionError(f"no free filler card of size >= {size}")

    def ts(self, card):
        return (int(self.c[A.C_CARD_TYPE + card]), int(self.c[A.C_CARD_SIZE + card]))

    # ---- placing ------------------------------------------------------------------------
    def set_hub(self, columns, fill=4, exact=False, fill_types=None):
        """columns: one list per hub column, bottom (row 0) first, of (type, size) or card ids;
        None = a column of fillers. Short columns are topped up with size-`fill` cards (of
        `fill_types`, default any type) unless exact. Explicit cards are placed before fillers."""
        assert len(columns) == self.cols
        specs = [list(sp or []) for sp in columns]
        explicit = [[self.card(x) for x in sp] for sp in specs]
        ids = []
        for col, cards in enumerate(explicit):
            if not exact:
                while len(cards) < self.rows:
                    cards.append(self.filler(fill, fill_types))
            assert len(cards) <= self.rows
            for r, card in enumerate(cards):
                self.st[A.S_HUB + col * A.MAX_ROWS + r] = card
            self.st[A.S_HUB_N + col] = len(cards)
            # a short column is one whose refill found no card (SC.5.3): the engine records it
            short = np.int64(1) << col
            self.st[A.S_HUB_SHORT] = (self.st[A.S_HUB_SHORT] | short) if len(cards) < self.rows else (self.st[A.S_HUB_SHORT] & ~short)
            ids.append(cards)
        self.hub_set = True
        return ids

    def set_hold(self, p, specs):
        cards = [self.card(x) for x in specs]
        st = self.st
        for i, card in enumerate(cards):
            st[A.S_HOLD + p * A.MAX_HOLD + i] = card
        st[A.S_HOLD_N + p] = len(cards)
        st[A.S_LOAD + p] = sum(self.c[A.C_CARD_SIZE + x] for x in cards)
        return cards

    def add_stash(self, p, specs):
        st = self.st
        cards = [self.card(x) for x in specs]
        for card in cards:
            st[A.S_STASH + p * A.MAX_CARDS + st[A.S_STASH_N + p]] = card
            st[A.S_STASH_N + p] += 1
            st[A.S_STASH_T + p * A.N_TYPES + self.c[A.C_CARD_TYPE + card]] += 1
        return cards

    def add_discard(self, specs):
        st = self.st
        cards = [self.card(x) for x in specs]
        for card in cards:
            st[A.S_DISC + st[A.S_DISC_N]] = card
            st[A.S_DISC_N] += 1
        return cards

    def set_deck_top(self, specs):
        """specs[0] is drawn first."""
        self.deck_top = [self.card(x) for x in specs]
        return self.deck_top

    def finish(self, rest="deck"):
        """Put every unplaced card somewhere: 'deck' (below the deck top), 'discard', or ('stash', p)."""
        if self.finished:
            return
        assert self.hub_set, "set_hub first"
        rest_cards = [x for x in range(int(self.c[A.C_N_CARDS])) if x not in self.used]
        for x in rest_cards:
            self.used.add(x)
        st = self.st
        if rest == "deck":
            deck = rest_cards + self.deck_top[::-1]
        else:
            deck = self.deck_top[::-1]
            if rest == "discard":
                for x in rest_cards:
                    st[A.S_DISC + st[A.S_DISC_N]] = x
                    st[A.S_DISC_N] += 1
            else:
                _, p = rest
                self.used.difference_update(rest_cards)
                self.add_stash(p, rest_cards)
        for i, x in enumerate(deck):
            st[A.S_DECK + i] = x
        st[A.S_DECK_N] = len(deck)
        self._sync_derived()
        self.finished = True

    def _sync_derived(self):
        """Fill the engine's derived per-type totals (if this engine version keeps them) from the
        holds and stashes placed by hand. Done once, before the first engine step."""
        st, c = self.st, self.c
        hs, hc, tot = (getattr(A, n, None) for n in ("S_HSIZE", "S_HCOUNT", "S_STASH_TOT"))
        for p in range(A.MAX_P):
            for t in range(A.N_TYPES):
                cards = [x for x in self.hold(p) if c[A.C_CARD_TYPE + x] == t] if p < self.N else []
                if hs is not None:
                    st[hs + p * A.N_TYPES + t] = sum(int(c[A.C_CARD_SIZE + x]) for x in cards)
                if hc is not None:
                    st[hc + p * A.N_TYPES + t] = len(cards)
        if tot is not None:
            for t in range(A.N_TYPES):
                st[tot + t] = sum(self.stash_types(p)[t] for p in range(self.N))

    # ---- ships and market ---------------------------------------------------------------
    def ship(self, p, ship=None, capacity=None, ability=None, value=None):
        """Give seat p a ship (default: its current one) and override its cfg entries."""
        s = int(self.st[A.S_SHIP + p]) if ship is None else ship
        self.st[A.S_SHIP + p] = s
        if capacity is not None:
            self.c[A.C_SHIP_CAP + s] = capacity
        if ability is not None:
            self.c[A.C_SHIP_ABIL + s] = ability
        if value is not None:
            self.c[A.C_SHIP_VAL + s] = value
        return s

    def set_yard(self, ships, discarded=0):
        st = self.st
        for i, s in enumerate(ships):
            st[A.S_YARD + i] = s
        st[A.S_YARD_POS] = 0
        st[A.S_YARD_N] = len(ships)
        st[A.S_SHIPS_DISC] = discarded
        st[A.S_YARD_TOTAL] = len(ships) + discarded

    def yard(self):
        st = self.st
        return [int(st[A.S_YARD + i]) for i in range(st[A.S_YARD_POS], st[A.S_YARD_POS] + st[A.S_YARD_N])]

    def final_round(self, trigger):
        """State after seat `trigger` took Cassiopeia: empty shipyard, final round on (SC.12)."""
        self.set_yard([], discarded=len(self.yard_pool) + 1)
        self.st[A.S_FINAL] = 1
        self.st[A.S_TRIGGER] = trigger

    def set_markers(self, values):
        for t, v in values.items():
            self.st[A.S_MARK + t] = v

    def markers(self):
        return [int(self.st[A.S_MARK + t]) for t in range(A.N_TYPES)]

    # ---- scripted decisions -------------------------------------------------------------
    def asked(self):
        """The decisions asked since the last script(): (kind, number of options)."""
        return [(k, n) for k, _, n in self.decisions()]

    # ---- engine steps -------------------------------------------------------------------
    def _start_step(self):
        self.finish()
        st = self.st
        st[A.S_TURN_LOADED] = 0
        st[A.S_TURN_T0] = -1
        st[A.S_TURN_T1] = -1

    def load_step(self, p, ab=A.A_NONE):
        self._start_step()
        return int(self.k.load_step(self.st, self.c, I(p), I(ab), self.log, self.lg))

    def deliver(self, p, express=0, ab=A.A_NONE):
        self.finish()
        self.k.deliver(self.st, self.c, I(p), I(express), I(ab), self.log, self.lg)

    def play_turn(self, p):
        self.finish()
        self.k.play_turn(self.st, self.c, I(p), self.log, self.lg)

    def marker_change(self, t, d):
        self.k._marker_change(self.st, self.c, I(t), I(d), self.log, self.lg)
        return int(self.st[A.S_MARK + t])

    def check(self):
        """SC.17 checks of the current state, computed here in Python (independent of the engine's
        own checker): returns 0 or a text naming the first violation."""
        st, c, N = self.st, self.c, self.N
        nc = int(c[A.C_N_CARDS])
        where = [self.deck(), self.discard()] + [self.hub(col) for col in range(self.cols)]
        where += [self.hold(p) for p in range(N)] + [self.stash(p) for p in range(N)]
        allc = sorted(x for w in where for x in w)
        if allc != list(range(nc)):
            return "SC.17.1 cards"
        for p in range(N):
            load = sum(int(c[A.C_CARD_SIZE + x]) for x in self.hold(p))
            if load != self.load(p) or load > c[A.C_SHIP_CAP + st[A.S_SHIP + p]]:
                return "SC.17.4 capacity"
            counts = [0] * A.N_TYPES
            for x in self.stash(p):
                counts[int(c[A.C_CARD_TYPE + x])] += 1
            if counts != self.stash_types(p):
                return "SC.17.8 stash counts"
        for t in range(A.N_TYPES):
            if not c[A.C_FLOOR] <= st[A.S_MARK + t] <= c[A.C_CRASH_T]:
                return "SC.17.3 market range"
        for col in range(self.cols):
            n = st[A.S_HUB_N + col]
            short = (int(st[A.S_HUB_SHORT]) >> col) & 1
            if n > self.rows or (n < self.rows) != (short == 1):
                return "SC.17.5 hub shape"
        ships = [int(st[A.S_SHIP + p]) for p in range(N)]
        if len(set(ships)) != N or set(ships) & set(self.yard()):
            return "SC.17.6 ship count"
        return 0

    def score(self):
        self.finish()
        out = np.empty((1, R.N_COLS), np.int64)
        self.k.score_game(self.st, self.c, out, I(0), self.log, self.lg)
        return R.as_records(out)[0]

    # ---- queries ------------------------------------------------------------------------
    def hub(self, col):
        st = self.st
        return [int(st[A.S_HUB + col * A.MAX_ROWS + r]) for r in range(st[A.S_HUB_N + col])]

    def hub_ts(self, col):
        return [self.ts(x) for x in self.hub(col)]

    def hold(self, p):
        st = self.st
        return [int(st[A.S_HOLD + p * A.MAX_HOLD + i]) for i in range(st[A.S_HOLD_N + p])]

    def load(self, p):
        return int(self.st[A.S_LOAD + p])

    def stash(self, p):
        st = self.st
        return [int(st[A.S_STASH + p * A.MAX_CARDS + i]) for i in range(st[A.S_STASH_N + p])]

    def stash_types(self, p):
        return [int(self.st[A.S_STASH_T + p * A.N_TYPES + t]) for t in range(A.N_TYPES)]

    def discard(self):
        st = self.st
        return [int(st[A.S_DISC + i]) for i in range(st[A.S_DISC_N])]

    def deck(self):
        """Deck, top first."""
        st = self.st
        return [int(st[A.S_DECK + i]) for i in range(st[A.S_DECK_N] - 1, -1, -1)]

    def cur_ship(self, p):
        return int(self.st[A.S_SHIP + p])
