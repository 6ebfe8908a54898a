"""Cosmic Encounter, Fantasy Flight edition: flares (CE.45, the decision CE.50.22, A59), a mechanism
whose card effects come from a data file (ffg_flares), off by default.

Rule ids as in shared/rules/cosmic_encounter.md; explicit states as in tests/cosmic_harness.py. The
flare file below is a test file (its effects are chosen to tell wild from super apart); the shipped
file (configs/cosmic/flares_assumed.toml) is illustrative only.
"""
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from cosmic_harness import (
    ART,
    ATT,
    BLUE,
    FLARE,
    GAME,
    GREEN,
    NEG,
    RED,
    REIN,
    P,
    Table,
    build,
    run_checked,
    setup_fight,
)

import simsuite.games.cosmic.api as A
from simsuite.games.cosmic.api import art_code

ROOT = Path(__file__).resolve().parents[2]
OFF, DEF = int(A.SIDE_OFFENSE), int(A.SIDE_DEFENSE)
# rows (= flare ids, C_CARD_VAL of the card): alien, timing, wild, super
ROWS = [("Mutant", "reveal", ("add_total", 2), ("add_total", 5)),       # 0
        ("Virus", "reveal", ("add_total", 1), ("add_total", 3)),        # 1
        ("Oracle", "alliance", ("draw", 1), ("draw", 3)),               # 2
        ("Zombie", "resolution", ("retrieve", 1), ("retrieve", 3)),     # 3
        ("Pacifist", "reveal", ("cancel_compensation", 0), ("cancel_compensation", 0)),  # 4
        ("Amoeba", "alliance", ("retrieve", 2), ("retrieve", 2))]       # 5


def _effect(e):
    fx, n = e
    return f'{{ effect = "{fx}" }}' if fx == "cancel_compensation" else f'{{ effect = "{fx}", amount = {n} }}'


def flare_text(rows=ROWS):
    return "".join(f'[[flare]]\nname = "test {a}"\nalien = "{a}"\ntiming = "{t}"\nwild = {_effect(w)}\n'
                   f'super = {_effect(s)}\nsource = "assumed"\n\n' for a, t, w, s in rows)


@pytest.fixture(scope="module")
def flares(tmp_path_factory):
    f = tmp_path_factory.mktemp("flares") / "flares.toml"
    f.write_text(flare_text())
    return str(f)


def fight(flares, hands, aliens="none", card_o=ATT(4), card_d=ATT(4), limit="per_player", home_red=4):
    """Red (0) against blue (1) on blue 1 with 4 ships each side, both cards face up (CE.37.1)."""
    t = setup_fight(aliens, 4, 4, edition="FFG2008", ffg_flares=flares, ffg_flare_limit=limit)
    if home_red != 4:
        t.set_ships(0, {P(RED, n): 4 for n in range(1, home_red + 1)})
    t.hands(**hands)
    t.face_down(card_o, card_d)
    t.reveal()
    return t


def flares_at(t, timing):
    t.call("ffg_flares", timing)


def flare_events(t):
    return t.events(t.k.E_FLARE)  # (player, card, flare id, 0 wild / 1 super / 2 cancelled, effect, amount)


# ============================================================================================
# data: off by default, the deck, the file
# ============================================================================================

def test_ce_45_5_flares_off_by_default_and_shuffled_in_when_on(flares):
    """CE.45.5 / data.md: no flare in the FFG2008 deck by default (72 cards), and a configuration
    without flares keeps the seed it had before flares existed (ffg_flare_limit does not count
    then); with a flare file every flare listed is one card more, not an encounter card (CE.45.1)."""
    base = GAME.resolve({"players": 4, "edition": "FFG2008"})
    assert base["ffg_flares"] == "none"
    assert GAME.config_hash(base) == GAME.config_hash(GAME.resolve({"players": 4, "edition": "FFG2008",
                                                                   "ffg_flare_limit": "per_card"}))
    on = GAME.resolve({"players": 4, "edition": "FFG2008", "ffg_flares": flares})
    assert GAME.config_hash(on) != GAME.config_hash(base)
    _, c0 = build(4, edition="FFG2008")
    assert c0[A.C_N_CARDS] == 72 and c0[A.C_FLARE_N] == 0
    _, c = build(4, edition="FFG2008", ffg_flares=flares)
    assert c[A.C_N_CARDS] == 72 + len(ROWS) and c[A.C_N_ENC] == 55 and c[A.C_FLARE_N] == len(ROWS)
    kinds = [int(c[A.C_CARD_KIND + i]) for i in range(int(c[A.C_N_CARDS]))]
    assert kinds.count(A.K_FLARE) == len(ROWS)
    assert sorted(int(c[A.C_CARD_VAL + i]) for i in range(72, 72 + len(ROWS))) == list(range(len(ROWS)))
    _, cs = build(4, edition="FFG2008", ffg_flares="assumed")  # the shipped illustrative file: 10 flares
    assert cs[A.C_FLARE_N] == 10 and cs[A.C_N_CARDS] == 82 <= A.MAX_CARDS


def test_flare_file_errors_name_the_field(tmp_path):
    from simsuite.errors import BadInput
    from simsuite.games.cosmic.data import load_flares

    cases = [
        (ROWS[:1] + [("Blob", "reveal", ("draw", 1), ("draw", 2))], ["flare #2", "alien 'Blob'", "CE.22"]),
        ([ROWS[0], ROWS[0]], ["flare #2", "Mutant already has a flare"]),
        ([("Mutant", "dawn", ("draw", 1), ("draw", 2))], ["timing 'dawn'", "alliance, reveal, resolution"]),
        ([("Mutant", "reveal", ("steal", 1), ("draw", 2))], ["wild effect 'steal'", "add_total"]),
        ([("Mutant", "reveal", ("draw", 0), ("draw", 2))], ["'amount' = 0", "1..8"]),
        ([("Mutant", "resolution", ("add_total", 2), ("draw", 2))], ["add_total at timing resolution"]),
    ]
    for rows, words in cases:
        f = tmp_path / "f.toml"
        f.write_text(flare_text(rows))
        with pytest.raises(BadInput) as e:
            load_flares(f)
        msg = str(e.value)
        assert e.value.field == "ffg_flares" and "\n" not in msg
        for w in words:
            assert w in msg, (w, msg)
    f = tmp_path / "nosrc.toml"
    f.write_text(flare_text(ROWS[:1]).replace('source = "assumed"\n', ""))
    with pytest.raises(BadInput, match="source"):
        load_flares(f)


def sim(*args):
    return subprocess.run([sys.executable, "-m", "simsuite", *map(str, args)], capture_output=True, text=True,
                          cwd=ROOT, timeout=900)


@pytest.mark.parametrize("args, words", [
    (["--set", "ffg_flares=assumed"], ["ffg_flares", "AH2000", "FFG2008", "allowed under AH2000: none"]),
    (["--set", "edition=FFG2008", "--set", "ffg_flares=nosuchfile.toml"], ["ffg_flares", "not a file", "assumed"]),
    (["--set", "edition=FFG2008", "--set", "ffg_flare_limit=twice"], ["ffg_flare_limit", "per_player", "per_card"]),
    (["--set", "edition=FFG2008", "--set", "ffg_flares=assumed", "--strategies", "search,basic"],
     ["strategies", "search"]),  # refused under FFG2008 now; with flares also once search plays FFG2008
])
def test_flare_bad_input_on_the_cli(args, words):
    """AH2000 with flares, a missing flare file, an unknown limit: one line naming the field, exit 2."""
    r = sim("run", "cosmic", "--games", 10, *args)
    assert r.returncode == 2, (r.stdout, r.stderr)
    lines = [ln for ln in r.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1 and "Traceback" not in r.stderr
    for w in words:
        assert w in lines[0], (w, lines[0])


# ============================================================================================
# CE.45.3 / CE.45.4: wild or super, and back to the hand
# ============================================================================================

def test_ce_45_4_own_alien_flare_gives_the_super_effect_and_returns_to_hand(flares):
    """CE.45.4: red plays the Mutant and its power is on (4 home colonies): the super effect, +5 to
    the offense's total, which flips a tie (4 + 4 ships each) into an offense win (CE.39.1).
    CE.45.3: the flare is back in red's hand afterwards, not in the discard pile."""
    t = fight(flares, {"p0": [FLARE(0), ATT(8)], "p1": [ATT(6)], "p2": [], "p3": []}, aliens="Mutant")
    fl = t.card(0, FLARE(0))
    t.script(fl)
    flares_at(t, A.FT_REVEAL)
    assert t.script_ok() and t.decisions() == [(A.D_FLARE, RED, 2)]
    assert (t[A.S_FLARE_TOT], t[A.S_FLARE_TOT + 1]) == (5, 0)
    assert flare_events(t)[-1][:6] == (RED, fl, 0, 1, A.FL_ADD_TOTAL, 5)
    assert fl in t.hand(0) and fl not in t.discard() and t.conserved() == 0
    assert t.outcome() == A.R_OFFENSE_WIN
    assert t.events(t.k.E_TOTALS)[-1][2] == 4 + 4 + 5 and t.events(t.k.E_TOTALS)[-1][5] == 4 + 4
    assert fl in t.hand(0)


def test_ce_45_4_another_aliens_flare_gives_the_wild_effect(flares):
    """CE.45.4: blue (no alien) plays the Mutant's flare: the wild effect, +2 to the defense. Green,
    on no side, is not offered an add_total flare (it would do nothing)."""
    t = fight(flares, {"p0": [ATT(8)], "p1": [FLARE(0)], "p2": [FLARE(1)], "p3": []}, aliens="Mutant")
    fl = t.card(1, FLARE(0))
    t.script(fl)
    flares_at(t, A.FT_REVEAL)
    assert t.decisions() == [(A.D_FLARE, BLUE, 2)]
    assert (t[A.S_FLARE_TOT], t[A.S_FLARE_TOT + 1]) == (0, 2)
    assert flare_events(t)[-1][3] == 0 and fl in t.hand(1)


@pytest.mark.parametrize("how", ["two_home_colonies", "zapped"])
def test_ce_45_4_unusable_power_gives_the_wild_effect_even_for_its_own_flare(flares, how):
    """CE.45.4 / CE.42.1: red is the Mutant but its power is unusable (2 home colonies, or zapped
    this encounter): its own flare gives only the wild effect, +2."""
    t = fight(flares, {"p0": [FLARE(0), ATT(8)], "p1": [ATT(6)], "p2": [], "p3": []}, aliens="Mutant",
              home_red=2 if how == "two_home_colonies" else 4)
    if how == "zapped":
        t.st[A.S_ZAPPED + RED] = 1
        t.sync()
    assert t.power(RED) == 0
    t.script(t.card(0, FLARE(0)))
    flares_at(t, A.FT_REVEAL)
    assert (t[A.S_FLARE_TOT], t[A.S_FLARE_TOT + 1]) == (2, 0)
    assert flare_events(t)[-1][3] == 0


def test_nopower_seat_gets_the_wild_effect_of_its_own_flare(flares):
    """The nopower control plays its alien face down (CE.19.2 as the engine models it): its power is
    not usable, so its own flare has the wild effect (CE.45.4)."""
    t = fight(flares, {"p0": [FLARE(0), ATT(8)], "p1": [ATT(6)], "p2": [], "p3": []}, aliens="Mutant")
    t.st[A.S_ALIEN + RED] = -1  # what setup does for a nopower seat (S_ALIEN_TAG keeps the name)
    t.script(t.card(0, FLARE(0)))
    flares_at(t, A.FT_REVEAL)
    assert t[A.S_FLARE_TOT] == 2


# ============================================================================================
# CE.45.2 / A59: once per encounter
# ============================================================================================

@pytest.mark.parametrize("limit", ["per_player", "per_card"])
def test_a59_flare_limit(flares, limit):
    """A59: per_player (default): red plays one flare and is not asked again this encounter;
    per_card: red may play its second flare too, but neither card twice (both are back in its hand)."""
    t = fight(flares, {"p0": [FLARE(0), FLARE(1), ATT(8)], "p1": [ATT(6)], "p2": [], "p3": []}, limit=limit)
    f0, f1 = t.card(0, FLARE(0)), t.card(0, FLARE(1))
    t.script(f0, f1)
    flares_at(t, A.FT_REVEAL)
    if limit == "per_player":
        assert t.decisions() == [(A.D_FLARE, RED, 3)]
        assert t[A.S_FLARE_TOT] == 2
    else:
        assert t.decisions() == [(A.D_FLARE, RED, 3), (A.D_FLARE, RED, 2)]
        assert t[A.S_FLARE_TOT] == 2 + 1
    assert f0 in t.hand(0) and f1 in t.hand(0)
    flares_at(t, A.FT_REVEAL)  # the same encounter: nothing more is offered
    assert t[A.S_FLARE_TOT] == (2 if limit == "per_player" else 3)


# ============================================================================================
# Card Zap (data.md: "cancels an artifact or flare as it is played")
# ============================================================================================

def test_card_zap_cancels_a_flare(flares):
    """data.md: yellow's Card Zap cancels red's flare as it is played: no effect, the flare goes to
    the discard pile with the Card Zap (our choice: a cancelled card is spent), and red has used its
    flare of the encounter (A59)."""
    t = fight(flares, {"p0": [FLARE(0), FLARE(1), ATT(8)], "p1": [ATT(6)], "p2": [],
                       "p3": [ART(A.ART_CARD_ZAP)]}, aliens="Mutant")
    fl = t.card(0, FLARE(0))
    czap = t.card(3, ART(A.ART_CARD_ZAP))
    t.script(fl, art_code(A.ART_CARD_ZAP, RED))
    flares_at(t, A.FT_REVEAL)
    assert t.script_ok()
    assert t.decisions() == [(A.D_FLARE, RED, 3), (A.D_ARTIFACT, 3, 2)]
    assert t[A.S_FLARE_TOT] == 0 and t[A.S_FLARE_ZAPQ] == 0
    assert fl in t.discard() and czap in t.discard() and fl not in t.hand(0)
    assert flare_events(t)[-1][3] == 2
    assert t[A.S_ART_USED + A.ART_CARD_ZAP] == 1 and t.conserved() == 0


def test_card_zap_holder_may_let_a_flare_through(flares):
    """The Card Zap holder is asked and passes: the flare resolves, the Card Zap stays in hand."""
    t = fight(flares, {"p0": [FLARE(0), ATT(8)], "p1": [ATT(6)], "p2": [], "p3": [ART(A.ART_CARD_ZAP)]},
              aliens="Mutant")
    t.script(t.card(0, FLARE(0)), -1)
    flares_at(t, A.FT_REVEAL)
    assert t[A.S_FLARE_TOT] == 5 and len(t.hand(3)) == 1


# ============================================================================================
# CE.31.1 / A58: a new hand discards flares
# ============================================================================================

def test_a58_new_hand_discards_flares(flares):
    """CE.31.1 / A58: red, with no encounter card, takes a new hand: its flare (not an encounter
    card, CE.45.1) is discarded like a reinforcement, then 8 cards are drawn."""
    t = Table(4, aliens="none", edition="FFG2008", ffg_flares=flares)
    t.strip_artifacts()
    t.hands(p0=[FLARE(2), REIN(2)])
    assert t[A.S_HAND_ENC + RED] == 0
    fl = t.card(0, FLARE(2))
    assert t.new_hand(RED, A.T_NEWHAND_TURN) == 1
    assert fl in t.discard() and fl not in t.hand(0)
    assert t[A.S_HAND_ENC + RED] > 0 and t.conserved() == 0 and t.engine_check() == 0


# ============================================================================================
# the effect primitives
# ============================================================================================

def test_effect_draw_at_the_alliance_timing(flares):
    """draw N: red (the Oracle, power on) plays the Oracle flare after the alliances: super, 3 cards
    from the top of the deck; green (no alien) would draw 1 (wild)."""
    for who, alien, want in ((RED, "Oracle", 3), (GREEN, "Oracle", 1)):
        t = setup_fight(alien, 4, 4, edition="FFG2008", ffg_flares=flares)
        t.hands(**{f"p{q}": [FLARE(2)] if q == who else [ATT(4 + 2 * q)] for q in range(4)})
        top = [int(t.st[A.S_DECK + t[A.S_DECK_N] - 1 - i]) for i in range(want)]
        before = len(t.hand(who))
        t.script(t.card(who, FLARE(2)))
        flares_at(t, A.FT_ALLIANCE)
        assert len(t.hand(who)) == before + want
        assert all(c in t.hand(who) for c in top) and t.conserved() == 0


def test_effect_retrieve_after_the_outcome(flares):
    """retrieve N: after the outcome, red (the Zombie, power on) takes 3 ships from the warp back to
    its colonies (super); the warp shrinks by 3 and ships stay conserved (CE.70.1, CE.70.8)."""
    t = setup_fight("Zombie", 0, 4, edition="FFG2008", ffg_flares=flares)
    t.set_ships(0, {P(RED, 1): 4, P(RED, 2): 4, P(RED, 3): 4})
    t.hands(p0=[FLARE(3)], p1=[ATT(4)], p2=[ATT(6)], p3=[ATT(8)])
    t.st[A.S_RESULT] = A.R_DEFENSE_WIN
    w = t.warp(RED)
    assert w >= 3
    t.script(t.card(0, FLARE(3)))
    flares_at(t, A.FT_RESOLUTION)
    assert t.warp(RED) == w - 3 and t.ships_on_planets(RED) == 12 + 3 and t.conserved() == 0


def test_effect_retrieve_never_lands_on_the_target_before_the_outcome(flares):
    """retrieve before the outcome: the defense's ships on the target are frozen (CE.70.11), so
    blue's retrieved ships land elsewhere; with the target its only colony the flare is not offered."""
    t = setup_fight("none", 4, 4, edition="FFG2008", ffg_flares=flares)
    t.hands(p0=[ATT(4)], p1=[FLARE(5)], p2=[ATT(6)], p3=[ATT(8)])
    t.script(t.card(1, FLARE(5)))
    flares_at(t, A.FT_ALLIANCE)
    assert t.on(BLUE, P(BLUE, 1)) == 4 and t.on(BLUE, P(BLUE, 2)) + t.on(BLUE, P(BLUE, 3)) == 8 + 2
    t2 = setup_fight("none", 4, 4, edition="FFG2008", ffg_flares=flares)
    t2.set_ships(1, {P(BLUE, 1): 4})
    t2.hands(p0=[ATT(4)], p1=[FLARE(5)], p2=[ATT(6)], p3=[ATT(8)])
    flares_at(t2, A.FT_ALLIANCE)
    assert t2.decisions() == [] and t2.warp(BLUE) == 16


def test_effect_cancel_compensation(flares):
    """cancel_compensation: blue negotiated against red's attack (CE.39.2); red's flare cancels the
    compensation of the encounter (as Ionic Gas); without it blue takes 4 cards."""
    for play, comp in ((True, 0), (False, 4)):
        t = fight(flares, {"p0": [FLARE(4), ATT(6), ATT(8), ATT(10), ATT(12)], "p1": [ATT(6)], "p2": [], "p3": []},
                  card_d=NEG)
        t.script(t.card(0, FLARE(4)) if play else -1)
        flares_at(t, A.FT_REVEAL)
        assert t[A.S_IONIC] == int(play)
        assert t.outcome() == A.R_OFFENSE_WIN
        assert t[A.S_N_COMP] == comp


def test_effect_add_total_counts_only_in_attack_against_attack(flares):
    """add_total is added like a reinforcement (CE.37.3): against a negotiate it changes nothing."""
    t = fight(flares, {"p0": [FLARE(0), ATT(8)], "p1": [ATT(6)], "p2": [], "p3": []}, card_d=NEG)
    t.script(t.card(0, FLARE(0)))
    flares_at(t, A.FT_REVEAL)
    assert t[A.S_FLARE_TOT] == 2
    assert t.outcome() == A.R_OFFENSE_WIN and t.events(t.k.E_TOTALS) == []


# ============================================================================================
# basic at the flare decision (CE.50.22) and at a Card Zap against a flare
# ============================================================================================

def _basic(t, kind, seat):
    from simsuite.engine.unmanaged import pointer_call  # arrays would compile a second version of every helper
    from simsuite.games.cosmic.bots.basic.policy import basic_decide

    return int(pointer_call(basic_decide)(np.int64(kind), t.st, t.c, np.int64(seat)))


def test_basic_plays_add_total_when_behind_and_passes_when_far_ahead(flares):
    """CE.50.22: basic plays its add_total flare when its side is behind in A/A (tie: the defense
    wins, so the offense is behind) and passes when it is ahead by far more than any reinforcement."""
    for card_o, want in ((ATT(4), 1), (ATT(20), 0)):
        t = fight(flares, {"p0": [FLARE(0), ATT(8)], "p1": [ATT(6)], "p2": [], "p3": []}, card_o=card_o)
        t.st[A.S_FLARE_T] = A.FT_REVEAL
        t.st[A.S_NOPT] = t.k._flare_options(t.st, t.c, np.int64(RED), A.FT_REVEAL)
        assert t[A.S_NOPT] == 2
        assert _basic(t, A.D_FLARE, RED) == want


def test_basic_zaps_a_flare_of_the_other_side_only(flares):
    """basic's Card Zap answers a flare of the opposing side of the encounter, not its own side's."""
    t = fight(flares, {"p0": [ATT(8)], "p1": [ATT(6)], "p2": [ART(A.ART_CARD_ZAP)], "p3": []})
    t.st[A.S_ALLY + GREEN] = DEF
    t.st[A.S_FLARE_ZAPQ] = 1
    t.st[A.S_OPT] = -1
    t.st[A.S_NOPT] = 2
    t.st[A.S_OPT + 1] = art_code(A.ART_CARD_ZAP, RED)
    assert _basic(t, A.D_ARTIFACT, GREEN) == 1
    t.st[A.S_OPT + 1] = art_code(A.ART_CARD_ZAP, BLUE)
    assert _basic(t, A.D_ARTIFACT, GREEN) == 0


def test_basic_counters_a_card_zap_against_its_own_flare(flares):
    """data.md (Card Zap cancels an artifact, a Card Zap too): while a flare is being played
    (S_FLARE_ZAPQ) the holders may be asked about a Card Zap that cancels it (S_CZ_KIND = Card
    Zap, S_CZ_ARG = the flare's player). basic (blue) cancels that Card Zap when the flare is its
    own, whoever zapped it, and leaves alone a Card Zap against red's flare, though red is on the
    other side (the flare rule would cancel red's play, not red's opponent's Card Zap)."""
    t = fight(flares, {"p0": [ATT(8)], "p1": [ATT(6), ART(A.ART_CARD_ZAP)], "p2": [], "p3": []})
    t.st[A.S_FLARE_ZAPQ] = 1
    t.st[A.S_CZ_KIND] = A.ART_CARD_ZAP
    t.st[A.S_OPT] = -1
    t.st[A.S_NOPT] = 2
    t.st[A.S_OPT + 1] = art_code(A.ART_CARD_ZAP, GREEN)  # green, on no side, zapped ...
    t.st[A.S_CZ_ARG] = BLUE  # ... blue's flare
    assert _basic(t, A.D_ARTIFACT, BLUE) == 1
    t.st[A.S_OPT + 1] = art_code(A.ART_CARD_ZAP, RED)  # red zapped ...
    t.st[A.S_CZ_ARG] = GREEN  # ... green's flare
    assert _basic(t, A.D_ARTIFACT, BLUE) == 0


# ============================================================================================
# CE.70 with flares on, over many games; the replay shows flare plays
# ============================================================================================

@pytest.mark.parametrize("players", [3, 4])
def test_ce_70_checked_random_games_with_flares(players):
    """CE.70 (card conservation with the flares counted, CE.70.6; hand caches; ships; termination)
    after setup and every turn of 2,000 uniformly random FFG2008 games with the shipped flares and
    random aliens, per_player and per_card: no violation, every game ends."""
    for limit in ("per_player", "per_card"):
        cfg, c = build(players, "random", edition="FFG2008", aliens="random", ffg_flares="assumed",
                       ffg_flare_limit=limit)
        assert c[A.C_N_CARDS] == 82
        rec, viol = run_checked(c, 2000 if limit == "per_player" else 1000, 0xF1A3E + players)
        assert (viol == 0).all(), f"CE.70 violations in {(viol != 0).sum()} games: {np.unique(viol)}"
        assert rec["timeout"].mean() < 0.02 and (rec["illegal"] == 0).all()


@pytest.mark.parametrize("players", [3, 4])
def test_ce_70_checked_basic_games_with_flares(players):
    """CE.70 with basic against random (rotated) and the shipped flares: no violation, no timeout,
    no illegal answer from basic at the flare decision or the Card Zap question."""
    cfg, c = build(players, "basic,random", rotate=True, edition="FFG2008", aliens="random", ffg_flares="assumed")
    rec, viol = run_checked(c, 1000, 0xF1A3E + 10 + players)
    assert (viol == 0).all()
    assert (rec["timeout"] == 0).all() and (rec["illegal"] == 0).all()


def test_flares_in_whole_games_limit_per_encounter_and_replay():
    """Whole random games with the shipped flares (per_player), replayed with the event log on:
    flares are played with the wild and the super effect; no player plays two flares in one
    encounter (CE.45.2 / A59) while players do play flares again in later encounters (the limit is
    per encounter); the replay text names the flare and what it did."""
    cfg = GAME.resolve({"players": 4, "strategies": "random", "edition": "FFG2008", "aliens": "random",
                        "ffg_flares": "assumed"})
    effects = set()
    again = 0
    texts = []
    for g in range(6):
        events, rec = GAME.replay(cfg, 0xF1A, g)
        assert rec["timeout"][0] == 0 and not any(e["event"] == "log_truncated" for e in events)
        enc = 0
        by_enc = {}
        for e in events:
            if e["event"] == "encounter":
                enc += 1
            elif e["event"] == "flare":
                by_enc.setdefault(enc, []).append(e["player"])
                effects.add(e["effect"])
                texts.append(e["text"])
        for plays in by_enc.values():
            assert len(plays) == len(set(plays)), "two flares by one player in one encounter"
        seen = {}
        for e, plays in by_enc.items():
            for p in plays:
                seen.setdefault(p, set()).add(e)
        again += sum(len(v) > 1 for v in seen.values())
    assert {"wild", "super"} <= effects and again > 0
    assert texts and all("[CE.45, after the " in x and " flare: " in x for x in texts)
