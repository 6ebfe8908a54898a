"""Test harness for the Cosmic Encounter kernel: build explicit states and drive single steps.

A ``Table`` (a ``harness.Table``) owns one state array ``st`` (set up by the engine's own
``setup``, CE.2) and its cfg array ``c``. Every seat plays the test-only strategy
``tests/strategies/common/scripted.py``:
``t.script(v1, v2, ...)`` queues the option VALUES the next decisions must pick (encodings in
simsuite/games/cosmic/api.py) and ``t.asked()`` returns the decisions the engine actually asked,
as (kind, seat, number of options). With the script used up the first option is taken.

Ships are placed with ``set_ships`` (the rest of the player's 20 goes to the warp, so ship
conservation CE.70.1 always holds); cards with ``set_hand`` / ``deck_top`` (cards are moved, never
created, so card conservation CE.70.6 holds); derived caches are recomputed by ``sync``.
Planets are named ``P(colour, n)`` with n = 1..5 as in the replay text.
Seats: 0 red (offense in the explicit encounters), 1 blue (defense), 2 green, 3 yellow. The rule
tests name the rule ids they check and use ``t.asked()`` to check that a choice (or a power use)
was, or was not, offered.
"""
from __future__ import annotations

import harness
import numpy as np

import simsuite.games.cosmic.api as A
import simsuite.games.cosmic.records as R
from simsuite.games import get

GAME = get("cosmic")
EXTRA = harness.extra_dirs(GAME)
I = np.int64
RED, BLUE, GREEN, YELLOW, PURPLE = range(5)  # PURPLE: FFG2008's fifth colour (the name is ours, api.COLOUR_NAMES)
NEG = ("N",)


def P(colour, n):
    """Planet id of planet n (1..5) of a colour's home system."""
    return colour * A.PPS_MAX + n - 1


def ATT(v):
    return ("A", v)


def ART(kind):
    return ("X", int(kind))


MORPH = ("M",)  # FFG2008 (CE.38)


def REIN(v):
    """An FFG2008 reinforcement card of value v (CE.37)."""
    return ("R", v)


def FLARE(f):
    """An FFG2008 flare card (CE.45): row f of the flare file (with ffg_flares set)."""
    return ("F", f)


def kernel():
    return harness.kernel_of(GAME.name)


def strategy_id(name):
    return harness.strategy_id_of(GAME.name, name)


def build(players=4, strategies="scripted", **params):
    params.setdefault("aliens", "none")
    return harness.build_of(GAME.name, players, strategies, **params)


# every kernel step the Cosmic tests call (harness.Table.steps)
STEPS = (*harness.Table.steps, "outcome", "encounter", "play_turn", "window", "ships_add", "power_event",
         "select_cards", "reveal", "new_hand", "order", "regroup", "_flip_disc", "aim", "play_artifact",
         "_allies_home", "answers", "side_totals", "ffg_reinforcements", "ffg_end_encounter", "ffg_flares",
         "ffg_destiny_pick", "_reinf_options", "_flare_options", "_chunk_options", "_card_options", "_invite",
         "standard_deal", "art_plays", "predicted_aa", "hb_add_total", "hb_memory", "hb_remember", "hb_set_total",
         "hb_draw", "hb_ask_count", "hb_colony_ships", "hb_send_to_warp")


class Table(harness.Table):
    game_name = GAME.name
    steps = STEPS
    log_rows = 20000
    log_on = 1

    def __init__(self, players=4, seed=0x5EED, **params):
        self._start(players, seed=seed, **params)
        self.k.setup(self.st, self.c, self.log, self.lg)
        self.nc = int(self.c[A.C_N_CARDS])
        self.ships_total = int(self.c[A.C_SHIPS])

    def build(self, players, strategies="scripted", **params):
        return build(players, strategies, **params)

    # ---- cards --------------------------------------------------------------------------
    def cls(self, card):
        kind = int(self.c[A.C_CARD_KIND + card])
        if kind == A.K_ATTACK:
            return ("A", int(self.c[A.C_CARD_VAL + card]))
        if kind == A.K_NEGOTIATE:
            return ("N",)
        if kind == A.K_MORPH:
            return MORPH
        if kind == A.K_REINF:
            return ("R", int(self.c[A.C_CARD_VAL + card]))
        if kind == A.K_FLARE:
            return FLARE(int(self.c[A.C_CARD_VAL + card]))
        return ("X", int(self.c[A.C_CARD_VAL + card]))

    def _places(self):
        st = self.st
        pl = {"deck": [int(st[A.S_DECK + i]) for i in range(st[A.S_DECK_N])],
              "discard": [int(st[A.S_DISC + i]) for i in range(st[A.S_DISC_N])]}
        for p in range(self.N):
            pl[p] = self.hand(p)
        pl["in_play"] = [int(x) for x in (st[A.S_CARD_O], st[A.S_CARD_D]) if x >= 0]
        pl["in_play"] += [int(st[A.S_REINF_IN + i]) for i in range(st[A.S_REINF_N])]  # CE.37.4
        if st[A.S_FLARE_PLAY] > 0:  # a flare being resolved (CE.70.6)
            pl["in_play"].append(int(st[A.S_FLARE_PLAY]) - 1)
        return pl

    def _write(self, pl):
        st = self.st
        st[A.S_DECK_N] = len(pl["deck"])
        for i, x in enumerate(pl["deck"]):
            st[A.S_DECK + i] = x
        st[A.S_DISC_N] = len(pl["discard"])
        for i, x in enumerate(pl["discard"]):
            st[A.S_DISC + i] = x
        for p in range(self.N):
            st[A.S_HAND_N + p] = len(pl[p])
            for i, x in enumerate(pl[p]):
                st[A.S_HAND + p * A.MAX_HAND + i] = x
        self.sync()

    def _take(self, pl, spec, keep=()):
        """Remove a card of class spec from the deck, discard pile or a hand not in keep."""
        spec = tuple(spec)
        for where in ["deck", "discard"] + [p for p in range(self.N) if p not in keep]:
            for x in pl[where]:
                if self.cls(x) == spec:
                    pl[where].remove(x)
                    return x
        raise AssertionError(f"no free card {spec}")

    def set_hand(self, p, specs):
        """p's hand becomes exactly these cards (class specs); its old cards go to the deck bottom."""
        pl = self._places()
        old = pl[p]
        pl[p] = []
        pl["deck"] = old + pl["deck"]
        pl[p] = [self._take(pl, s, keep=(p,)) for s in specs]
        self._write(pl)
        return list(pl[p])

    def hands(self, **by_seat):
        """set_hand for several seats at once without one taking the other's cards: hands(p0=[...])."""
        for key, specs in by_seat.items():
            self.set_hand(int(key[1:]), [])
        out = {}
        for key, specs in by_seat.items():
            p = int(key[1:])
            pl = self._places()
            keep = tuple(int(k[1:]) for k in by_seat)
            pl[p] = [self._take(pl, s, keep=keep) for s in specs]
            self._write(pl)
            out[p] = list(pl[p])
        return out

    def deck_top(self, specs):
        """These cards (from the deck or discard pile) are drawn next, specs[0] first."""
        pl = self._places()
        cards = []
        for s in specs:
            for where in ("deck", "discard"):
                hit = [x for x in pl[where] if self.cls(x) == tuple(s)]
                if hit:
                    pl[where].remove(hit[0])
                    cards.append(hit[0])
                    break
            else:
                raise AssertionError(f"no free card {s} in deck or discard")
        pl["deck"] = pl["deck"] + cards[::-1]
        self._write(pl)
        return cards

    def strip_artifacts(self):
        """Every artifact in a hand goes to the bottom of the deck (so no window asks anything)."""
        pl = self._places()
        arts = []
        for p in range(self.N):
            arts += [x for x in pl[p] if self.cls(x)[0] == "X"]
            pl[p] = [x for x in pl[p] if self.cls(x)[0] != "X"]
        pl["deck"] = arts + pl["deck"]
        self._write(pl)

    def park_cards(self, p, specs_kind):
        """Move every deck and discard card whose class kind is in specs_kind ('A', 'N', 'X') into
        seat p's hand (to take them out of circulation for a test)."""
        pl = self._places()
        for where in ("deck", "discard"):
            moved = [x for x in pl[where] if self.cls(x)[0] in specs_kind]
            pl[where] = [x for x in pl[where] if self.cls(x)[0] not in specs_kind]
            pl[p] += moved
        self._write(pl)

    def play_cards(self, card_o, card_d):
        """Encounter cards face up in play (step 9), taken from the deck/discard pile."""
        pl = self._places()
        co = self._take(pl, card_o, keep=tuple(range(self.N)))
        cd = self._take(pl, card_d, keep=tuple(range(self.N)))
        self._write(pl)
        self.st[A.S_CARD_O] = co
        self.st[A.S_CARD_D] = cd
        self.st[A.S_REVEALED] = 1
        self.sync()
        return co, cd

    # ---- ships --------------------------------------------------------------------------
    def transit(self, p):
        st = self.st
        t = int(st[A.S_WING + p] + st[A.S_CARRIER + p])
        if p == st[A.S_OFF]:
            t += int(st[A.S_CENTRE])
        return t

    def set_ships(self, p, placement: dict, warp=None):
        """p's ships on planets become exactly `placement` {planet: count}; the rest of its ships
        (not in transit) go to the warp, or `warp` is checked to be that number."""
        st = self.st
        for pl in range(A.MAX_PLANETS):
            st[A.S_PS + p * A.MAX_PLANETS + pl] = 0
        for pl, k in placement.items():
            st[A.S_PS + p * A.MAX_PLANETS + pl] = k
        rest = self.ships_total - sum(placement.values()) - self.transit(p)
        assert rest >= 0, "more ships than a player has"
        if warp is not None:
            assert warp == rest, f"ship conservation: {warp} in the warp but {rest} left over"
        st[A.S_WARP + p] = rest
        self.sync()

    def encounter_state(self, o, d, target, centre=0, wings=None, carriers=None, expel=False):
        """A running encounter: main players, target and the ships in transit. Call set_ships
        afterwards (it accounts for the ships in transit)."""
        st = self.st
        st[A.S_OFF] = o
        st[A.S_DEF] = d
        st[A.S_TARGET] = target
        st[A.S_CENTRE] = centre
        st[A.S_EXPEL] = int(expel)
        st[A.S_STEP] = 8
        st[A.S_RESULT] = 0
        for q in range(A.MAX_P):
            st[A.S_WING + q] = 0
            st[A.S_CARRIER + q] = 0
            st[A.S_ALLY + q] = 0
        for q, k in (wings or {}).items():
            st[A.S_WING + q] = k
            st[A.S_ALLY + q] = A.SIDE_OFFENSE
        for q, k in (carriers or {}).items():
            st[A.S_CARRIER + q] = k
            st[A.S_ALLY + q] = A.SIDE_DEFENSE
        for p in range(self.N):  # keep conservation: transit ships come out of the warp
            st[A.S_WARP + p] = self.ships_total - self.ships_on_planets(p) - self.transit(p)

    def sync(self):
        """Recompute the engine's caches (colonies, power, hand counts) from ships and hands."""
        st, c = self.st, self.c
        tot = 0
        for p in range(self.N):
            on = home = foreign = mask = 0
            for pl in range(A.MAX_PLANETS):
                k = int(st[A.S_PS + p * A.MAX_PLANETS + pl])
                if k > 0:
                    mask |= 1 << pl
                    on += k
                    if pl // A.PPS_MAX == p:
                        home += 1
                    else:
                        foreign += 1
            st[A.S_ONPL + p] = on
            st[A.S_HOME + p] = home
            st[A.S_FOREIGN + p] = foreign
            st[A.S_CMASK + p] = mask
            st[A.S_HAND_VER + p] += 1  # hands may have been set directly: strategies' caches refresh
            st[A.S_POWER + p] = int(home >= c[A.C_POWER_HOME] and st[A.S_ZAPPED + p] == 0)
            ne = na = 0
            for a in range(A.N_ART):
                st[A.S_ART_CNT + p * A.N_ART + a] = 0
            for x in self.hand(p):
                if c[A.C_CARD_KIND + x] == A.K_ARTIFACT:
                    na += 1
                    st[A.S_ART_CNT + p * A.N_ART + c[A.C_CARD_VAL + x]] += 1
                elif c[A.C_CARD_KIND + x] not in (A.K_REINF, A.K_FLARE):
                    ne += 1
            st[A.S_HAND_ENC + p] = ne
            st[A.S_HAND_ART + p] = na
            tot += na
        st[A.S_ART_TOTAL] = tot
        for a in range(A.N_ART):
            st[A.S_ART_KIND + a] = sum(int(st[A.S_ART_CNT + p * A.N_ART + a]) for p in range(self.N))

    def set_order(self, colours):
        """The next discs turned are these colours (first = next); the pile keeps its colours."""
        st = self.st
        pile = [int(st[A.S_ORD + i]) for i in range(st[A.S_ORD_N])]
        disc = [int(st[A.S_ORDD + i]) for i in range(st[A.S_ORDD_N])]
        allc = pile + disc
        top = []
        for col in colours:
            allc.remove(col)
            top.append(col)
        new = allc + top[::-1]
        st[A.S_ORD_N] = len(new)
        for i, x in enumerate(new):
            st[A.S_ORD + i] = x
        st[A.S_ORDD_N] = 0

    # ---- scripted decisions -------------------------------------------------------------
    def faceup_at(self):
        """st[S_FACEUP] at each decision asked (same order as asked()): which encounter card was
        face up before the reveal when that player decided (1 offense, 2 defense; Oracle)."""
        return [x // 10000000 for x in self._asked_log()]

    # ---- engine steps -------------------------------------------------------------------
    def outcome(self):
        return int(self.k.outcome(self.st, self.c, self.log, self.lg))

    def encounter(self, o, enc_no=1):
        return int(self.k.encounter(self.st, self.c, I(o), I(enc_no), self.log, self.lg))

    def play_turn(self, o):
        self.k.play_turn(self.st, self.c, I(o), self.log, self.lg)

    def window(self, w):
        self.k.window(self.st, self.c, I(w), self.log, self.lg)

    def ships_add(self, p, pl, d):
        self.k.ships_add(self.st, self.c, I(p), I(pl), I(d), self.log, self.lg)

    def power_event(self, p):
        return int(self.k.power_event(self.st, self.c, I(p), I(0), self.log, self.lg))

    def call(self, name, *args):
        """Any kernel function f(st, cfg, *args, log, lg), integer args passed as np.int64."""
        return getattr(self.k, name)(self.st, self.c, *[I(a) for a in args], self.log, self.lg)

    def select(self):
        """Step 8 (select_cards: Oracle, Laser) from the current state."""
        self.k.select_cards(self.st, self.c, self.log, self.lg)

    def reveal(self):
        """Step 9 (reveal: Empath) on the cards in play."""
        self.k.reveal(self.st, self.c, self.log, self.lg)

    def face_down(self, card_o, card_d):
        """Encounter cards in play but not yet revealed (W-8)."""
        co, cd = self.play_cards(card_o, card_d)
        self.st[A.S_REVEALED] = 0
        return co, cd

    def card(self, p, spec):
        """The id of a card of class spec in p's hand."""
        return [c for c in self.hand(p) if self.cls(c) == tuple(spec)][0]

    def new_hand(self, p, timing):
        return int(self.k.new_hand(self.st, self.c, I(p), I(timing), self.log, self.lg))

    def conserved(self):
        """CE.70.1 and CE.70.6 computed here in Python, valid at any moment of an encounter."""
        for p in range(self.N):
            s = self.ships_on_planets(p) + self.warp(p) + self.transit(p)
            if s != self.ships_total:
                return f"CE.70.1 seat {p}: {s} ships"
        pl = self._places()
        allc = sorted(x for v in pl.values() for x in v)
        if allc != list(range(self.nc)):
            return "CE.70.6 cards"
        return 0

    def events(self, code):
        n = int(self.log[0, 0])
        return [tuple(int(v) for v in row[1:7]) for row in self.log[1:n + 1] if row[0] == code]

    def clear_log(self):
        self.log[:] = 0
        self.log[0, 2] = len(self.log)  # capacity

    # ---- queries ------------------------------------------------------------------------
    def hand(self, p):
        st = self.st
        return [int(st[A.S_HAND + p * A.MAX_HAND + i]) for i in range(st[A.S_HAND_N + p])]

    def hand_classes(self, p):
        return sorted(self.cls(x) for x in self.hand(p))

    def ships(self, p):
        st = self.st
        return {pl: int(st[A.S_PS + p * A.MAX_PLANETS + pl]) for pl in range(A.MAX_PLANETS)
                if st[A.S_PS + p * A.MAX_PLANETS + pl] > 0}

    def on(self, p, pl):
        return int(self.st[A.S_PS + p * A.MAX_PLANETS + pl])

    def ships_on_planets(self, p):
        return sum(self.ships(p).values())

    def warp(self, p):
        return int(self.st[A.S_WARP + p])

    def foreign(self, p):
        return int(self.st[A.S_FOREIGN + p])

    def home(self, p):
        return int(self.st[A.S_HOME + p])

    def power(self, p):
        return int(self.st[A.S_POWER + p])

    def discard(self):
        st = self.st
        return [int(st[A.S_DISC + i]) for i in range(st[A.S_DISC_N])]


def run_checked(c, n, key, g0=0):
    k = kernel()
    out = np.empty((n, R.N_COLS), np.int64)
    viol = np.full(n, -1, np.int64)
    k.run_checked(c, I(key), I(g0), out, viol)
    return R.as_records(out), viol


# ---- explicit encounter states shared by the alien tests ----------------------------------
def table(aliens, players=4, **params):
    t = Table(players, aliens=aliens, **params)
    t.strip_artifacts()
    return t


def setup_fight(aliens, centre, def_ships, wings=None, carriers=None, players=4, **params):
    """Offense red (0) against defense blue (1) on blue 1 (step 8, no card yet): red has 4 home
    colonies of 4, blue `def_ships` on blue 1 and 4 on blue 2 and 3, the others 3 home colonies."""
    t = table(aliens, players, **params)
    t.encounter_state(0, 1, P(BLUE, 1), centre=centre, wings=wings, carriers=carriers)
    t.set_ships(0, {P(RED, n): 4 for n in range(1, 5)})
    t.set_ships(1, {P(BLUE, 1): def_ships, P(BLUE, 2): 4, P(BLUE, 3): 4})
    for q in range(2, players):
        t.set_ships(q, {P(q, 1): 4, P(q, 2): 4, P(q, 3): 4})
    return t


def fight(aliens, card_o, card_d, centre, def_ships, **kw):
    """setup_fight with both encounter cards face up (step 9 done)."""
    t = setup_fight(aliens, centre, def_ships, **kw)
    t.play_cards(card_o, card_d)
    return t


def totals(t):
    return [t[A.S_TOT + i] for i in range(7)]


def uses(t, p):
    return t[A.S_POWER_USES + p]


ZAP, MOBIUS, FF, PLAGUE, GAS, EMOTION = (A.ART_ZAP, A.ART_MOBIUS, A.ART_FORCE_FIELD, A.ART_PLAGUE, A.ART_GAS,
                                         A.ART_EMOTION)
OFF, DEF = int(A.SIDE_OFFENSE), int(A.SIDE_DEFENSE)


def turn_table(aliens, **hands):
    """A fresh table (every ship at home, warp empty) whose next order disc is blue."""
    t = table(aliens)
    t.hands(**hands)
    t.set_order([BLUE])
    return t


def script_first_encounter(t, card_o):
    """On a turn_table: red launches 4 ships from red 1 at blue 1, no allies, plays card_o."""
    t.script(A.src_code(P(RED, 1), 4), P(BLUE, 1), 0, 0, card_o, 0)


def aside(t):
    """The cards set aside (Laser), as (card, owner) pairs."""
    return [(t[A.S_ASIDE + 2 * i], t[A.S_ASIDE + 2 * i + 1]) for i in range(t[A.S_ASIDE_N])]
