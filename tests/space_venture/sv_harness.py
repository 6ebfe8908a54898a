"""Test harness for the Amazing Space Venture kernel: explicit boards and single kernel steps.

``Board`` starts from the engine's own setup (the 9 starting tiles, homes, starting ships; ASV.7)
and lets a test lay tiles by name with ``put(name, x, y, rot)`` (0-based x, y; rot in quarter
turns clockwise) without the placement legality check, so regions can be built directly; then it
runs the engine's own after-placement step (ASV.9.9), discovery, final scoring etc. Hands are set
with ``hand(p, [card names])``. Every seat plays ``basic`` unless told otherwise.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import numpy as np

import simsuite.games.space_venture.api as A
from simsuite.engine.kernel_common import new_log
from simsuite.engine.unmanaged import PointerKernel
from simsuite.games import get
from simsuite.games.space_venture.data import load_cards, load_tiles

GAME = get("space-venture")
I = np.int64


@lru_cache(maxsize=None)
def kernel():
    return GAME.kernel()


def sq(x, y):
    return y * A.W + x


def build(players=4, strategies="basic", **params):
    cfg = GAME.resolve({"players": players, "strategies": strategies, **params})
    return cfg, GAME.build_cfg(cfg)


# every kernel step the Space Venture tests call, compiled together (PointerKernel)
STEPS = ("setup", "place_sun", "put_tile", "after_place", "final_scoring", "place_options", "find",
         "check_invariants", "draw_tiles", "move_options", "path_status", "discover", "checkpoint",
         "_turn_then_next", "_init_game", "play_game", "score_game")


class Board:
    def __init__(self, players=4, strategies="basic", **params):
        self.k = PointerKernel(kernel(), STEPS)
        self.N = players
        self.cfg, self.c = build(players, strategies, **params)
        self.tiles = load_tiles(Path(self.cfg["tiles"]))
        self.cards = load_cards(Path(self.cfg["cards"]))
        self.st = np.zeros(A.STATE_SIZE, np.int64)
        self.log = new_log(2000)
        self.lg = I(1)
        self.st[A.S_RNG] = 0x5EED
        sid = [s.name for s in GAME.strategies()].index(strategies)
        for p in range(players):
            self.st[A.S_STRAT + p] = sid
        self.k.setup(self.st, self.c, self.log, self.lg)
        self.used_tiles = set()
        self.used_cards = set()

    # ---- tiles ----------------------------------------------------------------------------
    def tile_id(self, name):
        """A free space tile of that name ("a|b": the first of them still free), taken out of the
        stack so that tile conservation (ASV.24.1) holds for Board.check()."""
        for alt in name.split("|"):
            for i, t in enumerate(self.tiles):
                if i >= A.N_START and t["name"] == alt and i not in self.used_tiles:
                    self.used_tiles.add(i)
                    self._off_stack(i)
                    return i
        raise AssertionError(f"no free tile {name}")

    def _off_stack(self, t):
        st = self.st
        n = int(st[A.S_STACK_N])
        stack = [int(x) for x in st[A.S_STACK:A.S_STACK + n]]
        if t in stack:  # a test may have rebuilt the stack without it
            stack.remove(t)
            st[A.S_STACK:A.S_STACK + n - 1] = stack
            st[A.S_STACK_N] = n - 1

    def put(self, name, x, y, rot=0, after=True, p=0):
        """Lay a tile (no legality check) and run the engine's after-placement step."""
        t = self.tile_id(name)
        s = sq(x, y)
        if A.KIND_NAMES[self.tiles[t]["kind"]] == "sun":
            self.k.place_sun(self.st, self.c, I(t), I(s), I(rot))
        else:
            self.k.put_tile(self.st, self.c, I(t), I(s), I(rot))
            self.st[A.S_SPACE_ON_BOARD] += 1  # as phase 1 counts a laid space tile
        if after:
            self.k.after_place(self.st, self.c, I(p), I(s), self.log, self.lg)
        return t

    # ---- cards ----------------------------------------------------------------------------
    def card_id(self, name):
        for i, c in enumerate(self.cards):
            if c["name"] == name and i not in self.used_cards:
                self.used_cards.add(i)
                return i
        raise AssertionError(f"no free card {name}")

    def hand(self, p, names):
        ids = [self.card_id(n) for n in names]
        for i, c in enumerate(ids):
            self.st[A.S_HAND + p * A.MAX_HAND + i] = c
        self.st[A.S_HAND_N + p] = len(ids)
        return ids

    # ---- pieces and reading -----------------------------------------------------------------
    def probe(self, p, x, y, area=0, slot=0):
        self.st[A.S_PROBE + p * 2 + slot] = sq(x, y) * 4 + area

    def pirate(self, p, x, y, seg=0, slot=0):
        self.st[A.S_PIRATE + p * 2 + slot] = sq(x, y) * 4 + seg

    def station(self, p, x, y, slot=0):
        self.st[A.S_STATION + p * 2 + slot] = sq(x, y)
        self.st[A.S_STN + sq(x, y)] = p

    def score(self, p):
        return int(self.st[A.S_SCORE + p])

    def src(self, p, name):
        return int(self.st[A.S_SRC + p * A.N_SRC + A.SOURCE_NAMES.index(name)])

    def final(self):
        self.k.final_scoring(self.st, self.c, self.log, self.lg)

    def place_options(self):
        self.k.place_options(self.st, self.c)
        n = int(self.st[A.S_NOPT])
        out = set()
        for v in self.st[A.S_OPT:A.S_OPT + n]:
            v = int(v)
            out.add(((v // A.NSQ) // 4, v % A.NSQ, (v // A.NSQ) % 4))  # (drawn index, square, rotation)
        return out

    def draw_set(self, names):
        """The drawn tiles of phase 1 (ASV.9.1), as if just drawn."""
        ids = [self.tile_id(n) for n in names]
        for i, t in enumerate(ids):
            self.st[A.S_DRAWN + i] = t
        self.st[A.S_DRAWN_N] = len(ids)
        return ids

    def path_root(self, x, y, seg=0):
        return int(self.k.find(self.st, I(A.S_PUF), I(sq(x, y) * 4 + seg)))

    def check(self):
        """The engine's own ASV.24 check of the current state: 0 or the violation's name. Laying
        tiles keeps tile conservation; hand() replaces a hand without returning its cards, so a
        board whose hands were set fails card conservation (V_CARDS)."""
        v = int(self.k.check_invariants(self.st, self.c))
        return A.VIOLATION_NAMES[v] if v else 0
