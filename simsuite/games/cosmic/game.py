"""Cosmic Encounter (AH2000): parameters (CE.80), data, kernel binding, records and the replay log."""
from __future__ import annotations

import math
from functools import lru_cache
from pathlib import Path

import numpy as np

from simsuite.engine.codegen import cache_dir
from simsuite.engine.params import Param
from simsuite.errors import BadInput, RuleBreak, did_you_mean
from simsuite.games.base import (
    ROTATE,
    BenchDefaults,
    Game,
    LabelSpread,
    Shortcut,
    max_turns_param,
    players_param,
    strategies_param,
)
from simsuite.games.cosmic import api as A
from simsuite.games.cosmic import records as R
from simsuite.games.cosmic.aliens import files as alien_files
from simsuite.games.cosmic.aliens.check import check_alien
from simsuite.games.cosmic.aliens.files import (
    BUILTIN,
    CLASSICS,
    api_reference,
    broken_game,
    discover,
    generated_part,
    plugin_dirs,
)
from simsuite.games.cosmic.bots.basic import weights as W
from simsuite.games.cosmic.bots.search.rollout_build import rollout_address, rollout_sources
from simsuite.games.cosmic.data import (
    DEFAULT_DECK,
    DEFAULT_DECK_FFG,
    DEFAULT_DISCS,
    flares_path,
    load_deck,
    load_discs,
    load_flares,
)
from simsuite.games.cosmic.replay import EVENTS, describe_events
from simsuite.games.cosmic.studies import bands

HERE = Path(__file__).resolve().parent
# choice values: the words of the kernel codes (layout.py), one declaration each
PROPOSE = A.PROPOSE_NAMES
EDITIONS = A.EDITION_NAMES
FLARES_ALLOWED = "none (the default), assumed (the shipped illustrative file, not the published texts) or a path to a flare TOML file"
ACCEPT = A.ACCEPT_NAMES
PHIL_GIVER = A.PHIL_GIVER_NAMES
ALIEN_MODES = ("none", "random", "all")


def _alien_key(name: str) -> str:
    return name.strip().lower().replace("_", "-").replace(" ", "-")


def alien_names() -> tuple:
    """Every alien by id: the 20 classics (CE.22), then the homebrew alien files (aliens/files.py)."""
    return alien_files.names()


def _alien_by_key() -> dict:
    return {_alien_key(n): i for i, n in enumerate(alien_names())}


ALIEN_ALLOWED = "none, random, all, or alien names per seat joined by commas (the 20 classics, alien files, none)"


def alien_id(name: str, field: str = "aliens") -> int:
    k = _alien_key(name)
    if k in ("none", "no-power", "nopower"):
        return -1
    by_key = _alien_by_key()
    if k not in by_key:
        extra = ", none" if field == "aliens" else ""
        hint = did_you_mean(name, alien_names()) or _plugin_hint()
        raise BadInput(field, f"unknown alien {name.strip()!r}{hint}; allowed: {', '.join(alien_names())}{extra}")
    return by_key[k]


def _plugin_hint() -> str:
    """Why a name may be unknown: its alien file's folder was not given (--plugin-dir)."""
    # the user's folders: not the package's, nor `check alien`'s own copies
    given = [d for d in plugin_dirs() if d not in (CLASSICS, BUILTIN) and "alien_check" not in d.parts]
    if not given:
        return " (is it in an alien file? pass --plugin-dir DIR, the folder that holds the file)"
    return f" (no alien file in {', '.join(map(str, given))} has that NAME)"


def parse_aliens(value) -> str:
    """CE.2.5 / CE.80 `aliens`: none | random (dealt from the pool) | all (every combination of the
    pool, rotated through the seats) | a fixed list per seat (seats beyond the list get none)."""
    names = [str(x) for x in value] if isinstance(value, (list, tuple)) else str(value).split(",")
    names = [n.strip() for n in names if n.strip()]
    if not names:
        raise BadInput("aliens", f"empty; allowed: {ALIEN_ALLOWED}")
    if len(names) == 1 and _alien_key(names[0]) in ALIEN_MODES:
        return _alien_key(names[0])
    if len(names) > A.MAX_P:
        raise BadInput("aliens", f"{len(names)} aliens for at most {A.MAX_P} seats; allowed: {ALIEN_ALLOWED}")
    ids = [alien_id(n) for n in names]
    seen = [i for i in ids if i >= 0]
    if len(set(seen)) != len(seen):
        dup = next(alien_names()[i] for i in seen if seen.count(i) > 1)
        raise BadInput("aliens", f"{dup} is named twice in {','.join(names)}; an alien can be dealt only once per "
                                 "game (CE.2.5); allowed: distinct alien names, or none, per seat")
    return ",".join("none" if i < 0 else alien_names()[i] for i in ids)


def parse_pool(value) -> str:
    names = [str(x) for x in value] if isinstance(value, (list, tuple)) else str(value).split(",")
    names = [n.strip() for n in names if n.strip()]
    if not names or (len(names) == 1 and _alien_key(names[0]) == "all"):
        return "all"
    if "all" in (_alien_key(n) for n in names):  # all = the 20 classics; alien files are named beside it
        names = [n for n in names if _alien_key(n) != "all"] + list(A.ALIEN_NAMES)
    ids = [alien_id(n, "alien_pool") for n in names]
    if -1 in ids:
        raise BadInput("alien_pool", "'none' is not an alien; allowed: all, or alien names joined by commas")
    if len(set(ids)) != len(ids):
        dup = next(alien_names()[i] for i in ids if ids.count(i) > 1)
        raise BadInput("alien_pool", f"{dup} is named twice; allowed: all, or distinct alien names joined by commas")
    ids = sorted(ids)
    if not ids:
        raise BadInput("alien_pool", f"no alien named; allowed: all, or names from {', '.join(alien_names())}")
    return ",".join(alien_names()[i] for i in ids)


def pool_ids(cfg: dict) -> list[int]:
    if cfg["alien_pool"] == "all":
        return list(range(A.N_ALIENS))
    return [alien_id(n) for n in cfg["alien_pool"].split(",")]


def parse_holder(value) -> str:
    """basic_holder_alien: none or one alien's name (canonical spelling)."""
    v = str(value).strip()
    if v.lower() in ("none", ""):
        return "none"
    return alien_names()[alien_id(v, "basic_holder_alien")]


DEALT_ALLOWED = "none, or one alien name (the 20 classics, alien files) in alien_pool, with aliens = random"


def parse_dealt(value) -> str:
    """alien_dealt: none or one alien's name (canonical spelling)."""
    v = str(value).strip()
    if _alien_key(v) in ("none", ""):
        return "none"
    i = alien_id(v, "alien_dealt")
    if i < 0:
        raise BadInput("alien_dealt", f"{v!r} is not an alien; allowed: {DEALT_ALLOWED}")
    return alien_names()[i]


def seat_aliens(cfg: dict) -> list[int]:
    """Fixed aliens per seat (-1 none) for a fixed list; [] for none/random/all."""
    if cfg["aliens"] in ALIEN_MODES:
        return []
    ids = [alien_id(n) for n in cfg["aliens"].split(",")]
    return (ids + [-1] * cfg["players"])[:cfg["players"]]

def parse_flares(value) -> str:
    """CE.45 / ffg_flares: none | assumed | a flare file (validated now, so a bad file is one line)."""
    v = str(value).strip()
    if v.lower() in ("none", ""):
        return "none"
    if v.lower() == "assumed":
        load_flares(flares_path("assumed"))
        return "assumed"
    p = Path(v).expanduser()
    if not p.is_file():
        raise BadInput("ffg_flares", f"{v} is not a file; allowed: {FLARES_ALLOWED}")
    load_flares(p)
    return str(p.resolve())


def _discs_used(value: str) -> int:
    """C_2P_DISCS is 1 when the discs are used (the first of the choices is 0 by index)."""
    return int(value == "used")


# What the configuration hash leaves out (Param.in_hash): a parameter that does not act in the
# configuration, and a parameter added after runs were recorded while at its default; so adding
# one changed no earlier run's seed.
def _ffg(game, cfg: dict) -> bool:
    """An FFG2008 parameter acts under FFG2008 only."""
    return cfg.get("edition") != "AH2000"


def _flares_on(game, cfg: dict) -> bool:
    """A flare parameter acts only with flares in the deck (ffg_flares, FFG2008)."""
    return _ffg(game, cfg) and cfg.get("ffg_flares", "none") != "none"


def _tuned_row_plays(game, cfg: dict) -> bool:
    """The tuned strategy's row acts only when a seat of the line-up may play it."""
    return game._may_play_tuned(cfg)


PARAMS = (
    players_param(4, 2, A.MAX_P, "number of players, one colour each: AH2000 2-4 (CE.1.10, A1), FFG2008 3-5 (data.md)",
                  "CE.1.10"),
    strategies_param("basic"),
    ROTATE,
    Param("edition", "choice", "AH2000",
          "rules edition: AH2000 (Part 1) or FFG2008 (Part 2: destiny deck, mandatory regroup, morph, "
          "reinforcements, Card Zap / Ionic Gas / Quash, the 72-card deck; 3-5 players; flares only with "
          "ffg_flares, no technology)", "CE.0.4", choices=EDITIONS),
    Param("ffg_hand_size", "int", 8, "FFG2008: cards dealt at setup and drawn for a new hand (data.md: 8)",
          "CE.30.3 / A58", 1, 16, acts=_ffg),
    Param("ffg_double_morph", "choice", "attack0", "FFG2008: morph against morph, both attack 0 or both negotiate",
          "A56", choices=("attack0", "negotiate"), slot="C_DOUBLE_MORPH", acts=_ffg),
    Param("ffg_reinforcement_players", "choice", "all",
          "FFG2008: who may play reinforcement cards: every player, or the main players and the allies",
          "A55", choices=("involved", "all"), slot="C_REINF_ALL", acts=_ffg),
    Param("ffg_target_requires_defense_colony", "bool", False,
          "FFG2008: the offense may only target a planet of the defense's home system holding defense ships (the "
          "seeds' literal reading); a destiny card naming no player with such a colony is set aside and another "
          "drawn", "A52", slot="C_TARGET_COLONY", acts=_ffg, hashed_at_default=False),
    Param("ffg_flares", "custom", "none",
          "FFG2008: flares (CE.45) shuffled into the deck, every flare of the file one card: none (off), assumed "
          "(simsuite/data/configs/cosmic/flares_assumed.toml: invented stand-ins, the published texts are not in "
          "our sources) or a flare TOML file", "CE.45 / CE.80", parser=parse_flares, allowed_text=FLARES_ALLOWED,
          acts=_ffg, hashed_at_default=False),
    Param("ffg_flare_limit", "choice", "per_player",
          "FFG2008 flares: at most one flare per player per encounter, or each flare card once per encounter",
          "A59", choices=("per_player", "per_card"), slot="C_FLARE_LIMIT", acts=_flares_on),
    Param("aliens", "custom", "random",
          "alien powers: none; random (dealt from alien_pool, CE.2.5); all (every combination of the pool, "
          "rotated through the seats); or a fixed list per seat, e.g. Macron,Virus,none", "CE.2.5",
          parser=parse_aliens, allowed_text=ALIEN_ALLOWED),
    Param("alien_pool", "custom", "all", "aliens that random / all draw from (comma-separated names, or all)",
          "CE.2.5", parser=parse_pool, allowed_text="all, or alien names joined by commas"),
    Param("alien_dealt", "custom", "none",
          "aliens = random: this alien is dealt in every game, at a seat drawn at random, and the other aliens "
          "from alien_pool without it (so that its win share when dealt is measured in every game); none: every "
          "alien from the pool", "CE.2.5", parser=parse_dealt, allowed_text=DEALT_ALLOWED, hashed_at_default=False),
    Param("aliens_per_game", "int", 0, "aliens at the table for random / all (0 = one per player; the other "
          "seats play without a power)", "CE.2.5", 0, A.MAX_P),
    # the readings of one alien's text (A36, A46, A15) act on that alien's standing among the others
    Param("empath_optional", "bool", False, "make the Empath's power optional", "A36", slot="C_EMPATH_OPT",
          acts_on=("labels",)),
    Param("philanthropist_to_allies", "bool", False, "the Philanthropist may also give to allies", "A46",
          slot="C_PHIL_ALLIES", acts_on=("labels",)),
    Param("philanthropist_giver", "choice", "any",
          "who may give as the Philanthropist: any player, or only a main player or an ally (revision 2)",
          "A46", choices=PHIL_GIVER, slot="C_PHIL_GIVER", acts_on=("labels",)),
    Param("ships_per_player", "int", 20, "ships of each colour; those not on planets at setup start in the warp",
          "CE.1.3", 1, 60, slot="C_SHIPS"),
    Param("planets_per_system", "int", 5, "planets in each home system", "CE.1.1", 1, A.PPS_MAX, slot="C_PPS"),
    Param("start_ships_per_planet", "int", 4, "ships on each home planet at setup", "CE.2.2", 1, 20,
          slot="C_START_PER_PLANET"),
    Param("start_hand_size", "int", 7, "cards dealt to each player at setup", "CE.2.6", 1, 16, slot="C_START_HAND"),
    Param("new_hand_size", "int", 7, "cards drawn for a new hand", "CE.17.1", 1, 16, slot="C_NEW_HAND"),
    # the game ends at the first moment a player has them (CE.18.2), a race the seats enter in turn
    # order (CE.2.4, CE.3.2): its length is how much moving first weighs
    Param("win_colonies", "int", 5, "foreign colonies needed to win", "CE.18.1", 1, 15, slot="C_WIN_COLONIES",
          acts_on=("start player",)),
    # every power is on or off by this count (CE.19.1)
    Param("power_home_colonies", "int", 3, "home colonies needed for the alien power",
          "CE.19.1", 0, 5, slot="C_POWER_HOME", acts_on=("labels",)),
    max_turns_param(200, 1, 100_000, "turn cap; a game that reaches it ends with no winner (timeout)", "A63"),
    Param("deal_rounds", "int", 2, "proposal rounds of the deal model", "CE.51.2", 1, 10, slot="C_DEAL_ROUNDS"),
    Param("deal_colony_ships_max", "int", 4, "ships a receiver may move into a deal colony", "A16", 1, 20,
          slot="C_DEAL_SHIPS_MAX"),
    Param("deal_propose_policy", "choice", "standard",
          "standard: propose the CE.51.4 deal; none: never propose; strategy: the strategy picks from a menu",
          "CE.51.5", choices=PROPOSE, slot="C_DEAL_PROPOSE"),
    Param("deal_accept_policy", "choice", "wary",
          "wary (default): the standard deal, refused by a player it would let the other win alone or "
          "that would bring the other within deal_leader_margin colonies of victory and ahead of it; "
          "under standard_only a deal fails only when no standard deal exists, which is almost never, so "
          "the failed-deal penalty never acts and a leader is handed colonies; a player does not propose "
          "a deal it would refuse | standard_only: accept the standard deal and nothing else | always | "
          "never | heuristic (the responder's strategy decides)", "CE.51.5", choices=ACCEPT,
          slot="C_DEAL_ACCEPT"),
    Param("deal_leader_margin", "int", 1,
          "wary deals: a deal that gives the other main player a foreign colony and leaves it this many "
          "colonies or fewer from victory, and closer to it than the responder, is refused (0: refuse "
          "only a deal that lets the other win alone)", "CE.51.5", 0, 15, slot="C_DEAL_LEADER",
          hashed_at_default=False),
    Param("ah_compensation_counts_redirected", "bool", False,
          "count Zombie-redirected ships for compensation", "A15", slot="C_COMP_REDIRECTED", acts_on=("labels",)),
    Param("two_player_order_discs", "choice", "used",
          "used: 2-player games turn discs as CE.2.4; unused: the offense always meets the other player (data.md)",
          "CE.2.4", choices=("used", "unused"), slot="C_2P_DISCS", encoder=_discs_used),
    Param("deck", "path", str(DEFAULT_DECK), "deck TOML (attack values, negotiates, artifacts)", "CE.1.5"),
    Param("order_discs", "path", str(DEFAULT_DISCS), "order discs per colour TOML", "CE.1.4"),
    Param("ah_order_discs_per_colour", "int", 0,
          "order discs of each colour (0: the counts in the order_discs file)", "CE.80 / CE.1.4", 0, 8),
)

# basic's named weights (weights.py): every seat's, then the holder's of basic_holder_alien
WEIGHT_PARAMS = (
    Param("basic_holder_alien", "custom", "none",
          "the alien whose holder plays the basic_holder_NAME weights (the other seats play basic_NAME); none: "
          "every seat plays basic_NAME", "strategy", parser=lambda v: parse_holder(v),
          allowed_text="none or one alien name (" + ", ".join(A.ALIEN_NAMES) + ")", hashed_at_default=False),
    *(Param("basic_" + n, "float", d, "basic's weight: " + doc, "strategy", lo, hi, hashed_at_default=False)
      for n, d, lo, hi, _, doc in W.WEIGHTS),
    *(Param("basic_holder_" + n, "float", d, f"basic_{n} for the holder of basic_holder_alien", "strategy", lo, hi,
            hashed_at_default=False)
      for n, d, lo, hi, _, doc in W.WEIGHTS),
    # the tuned strategy's row: its defaults from simsuite/data/cosmic/tuned_weights.toml
    # (an answer to a power, a weight added after tuned runs were made, is hashed only off its default,
    # so those runs keep their seeds)
    *(Param("tuned_" + n, "float", W.tuned_defaults()[n], f"basic_{n} for the seats of the tuned strategy "
            "(default: simsuite/data/cosmic/tuned_weights.toml)", "strategy", lo, hi, acts=_tuned_row_plays,
            hashed_at_default=n not in W.ANSWERS)
      for n, d, lo, hi, _, doc in W.WEIGHTS),
)
PARAMS = PARAMS + WEIGHT_PARAMS


@lru_cache(maxsize=256)
def _file_flag(path: str, mtime_ns: int, name: str, default: bool) -> bool:
    """A strategy file's module-level flag ``NAME = True/False``, read without importing the file
    (cached per file version: build_cfg asks for every strategy of every cell)."""
    import ast

    for node in ast.parse(Path(path).read_text()).body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == name for t in node.targets):
            return bool(ast.literal_eval(node.value))
    return default


def _flag(path: Path, name: str, default: bool) -> bool:
    return _file_flag(str(path), Path(path).stat().st_mtime_ns, name, default)


def uses_powers(path: Path) -> bool:
    """A strategy file plays its alien's power unless it sets ``USES_POWERS = False`` (the nopower
    control: the engine then treats its alien as face down, automatic effects included)."""
    return _flag(path, "USES_POWERS", True)


def plays_tuned(path: Path) -> bool:
    """A strategy file that sets ``TUNED_WEIGHTS = True`` plays basic's weights from the tuned row
    (tuned_NAME; the `tuned` strategy), whatever the other seats play."""
    return _flag(path, "TUNED_WEIGHTS", False)


def uses_rollouts(path: Path) -> bool:
    """A strategy file that sets ``USES_ROLLOUTS = True`` looks ahead with rollouts (the `search`
    strategies, search.py): the engine then records every turn and links the rollout engine."""
    return _flag(path, "USES_ROLLOUTS", False)


KERNEL_PARTS = ("core", "cards", "ships", "windows", "artifacts", "aliens", "regroup_alliances", "planning_reveal",
                "ffg", "outcomes", "deals", "turns", "setup", "invariants", "alien_api",
                "alien_api_flow", "forecast")
NOPOWER_SUFFIX = " (no power)"
ALIEN_LABELS = (*A.ALIEN_NAMES, "none")  # the classics only; alien_labels() adds the alien files
ALIEN_POWER_LABELS = (*(n + x for n in A.ALIEN_NAMES for x in ("", NOPOWER_SUFFIX)), "none")


def alien_labels() -> tuple:
    return (*alien_names(), "none")


def alien_power_labels() -> tuple:
    return (*(n + x for n in alien_names() for x in ("", NOPOWER_SUFFIX)), "none")


class Cosmic(Game):
    name = "cosmic"
    dirname = "cosmic"
    title = "Cosmic Encounter"
    rules = "cosmic_encounter.md"
    min_players = 2
    default_strategies = "basic"
    params = PARAMS
    api = A
    # the kernel's parts, split along the rules (kernel/core.py says what each owns), in the order codegen pastes them
    record_hash_cases = (
        ("a", {"players": 4, "aliens": "random", "strategies": "basic"}, 20_000),
        ("b", {"players": 3, "aliens": "none", "strategies": "basic,random,nopower"}, 20_000),
        ("d", {"players": 4, "aliens": "random", "strategies": "search,basic"}, 300),
        ("e", {"edition": "FFG2008", "players": 4, "aliens": "random", "strategies": "basic"}, 20_000),
        ("f", {"edition": "FFG2008", "players": 3, "aliens": "random", "strategies": "basic,random,nopower"}, 20_000),
        ("g", {"edition": "FFG2008", "players": 4, "aliens": "random", "strategies": "search,basic"}, 300),
    )
    hidden_module = "simsuite.games.cosmic.bots.search.hidden"  # CE.70.14: what a seat may not see
    kernel_files = tuple(HERE / "kernel" / f"{n}.py" for n in KERNEL_PARTS)
    layout = R.LAYOUT
    state_size = A.STATE_SIZE
    replay_log_rows = 100_000
    shared_win_note = ("joint victories, CE.18.2: several players reach the foreign colonies needed in one "
                       "encounter, usually the offense and its allies landing together")
    shortcuts = (Shortcut("--aliens", "aliens", "none|random|all|A,B,..",
                          "alien powers (same as --set aliens=...): none, random (dealt from alien_pool), all (every "
                          "combination of the pool, rotated through the seats) or a fixed list per seat, e.g. "
                          "Macron,Virus,none,Oracle"),)
    # the benchmark measures the engine without alien powers (the engine's own speed) unless
    # asked: `bench cosmic --aliens random` measures the 20 powers dealt at random
    bench = BenchDefaults(players="4", strategies="basic", sets=(("aliens", "none"),), record=("aliens", "alien_pool"))
    record_columns = {"artifacts_by_kind": [f"played_{a}" for a in A.ARTIFACT_KEYS[:A.N_ART_AH]]}
    label_spreads = (LabelSpread("alien", "an alien", "aliens", param="aliens", off="none",
                                 hint="--set aliens=random or all"),)
    # AH2000 and FFG2008 are different rules, the deal model (CE.51, [MC]) is a modelling choice that
    # moves the aliens (the Empath most), and the number of aliens at the table decides whom an alien
    # meets (one alien among powerless players is the power-value question, not the ranking): reports
    # never pool over any of them
    split_axes = ("edition", "deal_accept_policy", "aliens_per_game")
    choice_axes = (("deal_accept_policy", "deal model"),)
    # each alien as a band countered - default - exploited (configs/tunes/cosmic-alien-bands.toml)
    tune_plans = {"bands": bands.PLAN}
    _extra_dirs: tuple = ()

    @property
    def report_sections(self):
        from simsuite.games.cosmic.report import (
            power_value_section,  # the report needs matplotlib: imported when a report is written
        )

        return (power_value_section,)

    # player counts per edition: AH2000 2-4 (CE.1.10 / A1: four colours), FFG2008 3-5 (data.md: five colours)
    PLAYERS = {"AH2000": (range(2, 5), "CE.1.10: 2 to 4 players, one of the four colours each"),
               "FFG2008": (range(3, A.MAX_P + 1), "data.md: 3 to 5 players, one of the five colours each")}

    def players_need(self, cfg: dict) -> range:
        """The edition decides the player counts (cfg: resolved, or overrides not yet parsed)."""
        return self.PLAYERS[self.param("edition").parse(cfg.get("edition", "AH2000"))][0]

    def players_why(self, cfg: dict) -> str:
        ed = self.param("edition").parse(cfg.get("edition", "AH2000"))
        return f"under edition {ed} ({self.PLAYERS[ed][1]})"

    def _may_play_tuned(self, cfg: dict) -> bool:
        """Whether a seat of this line-up may play the tuned row: a built-in strategy without
        ``TUNED_WEIGHTS`` never does; any other name (a strategy file of the user's) may."""
        plain = self.__dict__.get("_plain_strategies")
        if plain is None:
            plain = self.__dict__["_plain_strategies"] = {s.name for s in self.strategies(()) if not plays_tuned(s.path)}
        return any(n.strip() not in plain for n in str(cfg.get("strategies", "")).split(","))

    def _check_edition(self, cfg: dict) -> None:
        if self._may_play_tuned(cfg) and W.tuned_error() is not None and any(
                plays_tuned(s.path) for s in self.strategies(self._extra_dirs)
                if s.name in cfg["strategies"].split(",")):
            raise W.tuned_error()
        ffg = cfg["edition"] == "FFG2008"
        if ffg and cfg["deck"] == str(DEFAULT_DECK):
            cfg["deck"] = str(DEFAULT_DECK_FFG)  # the edition's own deck unless a deck file is given
        if cfg["ffg_flares"] != "none" and any(s.strip().startswith("search") for s in cfg["strategies"].split(",")):
            # the rollouts' hidden-card model knows no flare (not an encounter card, back to the hand)
            raise BadInput("strategies", "search is not implemented with flares (ffg_flares), nor search_tuned; "
                                         "allowed with flares: basic, tuned, random, nopower and the power_* controls")
        ffg_cards = [A.KIND_NAMES[k] if k != A.K_ARTIFACT else A.ARTIFACT_KEYS[v]
                     for k, v, _ in load_deck(Path(cfg["deck"]))
                     if k in (A.K_MORPH, A.K_REINF) or (k == A.K_ARTIFACT and v >= A.N_ART_AH)]
        if not ffg and cfg["ffg_flares"] != "none":
            raise BadInput("ffg_flares", f"{cfg['ffg_flares']} under edition AH2000; flares (CE.45) are FFG2008 "
                                         "only; allowed under AH2000: none")
        if not ffg and ffg_cards:
            raise BadInput("deck", f"{Path(cfg['deck']).name} holds FFG2008 cards ({', '.join(sorted(set(ffg_cards)))}); "
                                   "allowed under edition AH2000: attack, negotiate and the six AH2000 artifacts")

    def _check_alien_editions(self, cfg: dict) -> None:
        """An alien file plays only under the editions its EDITIONS lists: naming it in `aliens` or
        `alien_pool` under another edition is bad input (the 20 classics play under both)."""
        ed = cfg["edition"].lower()
        files = {a.aid: a for a in discover() if not a.classic}
        if not files:
            return
        if cfg["aliens"] not in ALIEN_MODES:
            field, ids = "aliens", [i for i in seat_aliens(cfg) if i >= 0]
        elif cfg["aliens"] != "none":
            field, ids = "alien_pool", pool_ids(cfg)
        else:
            return
        for i in ids:
            a = files.get(i)
            if a is not None and ed not in a.editions:
                raise BadInput(field, f"{a.name} plays under {', '.join(e.upper() for e in a.editions)} only (EDITIONS "
                                      f"of {a.path.name}), not under edition {cfg['edition']}; allowed under "
                                      f"{cfg['edition']}: the 20 classics and the alien files that list it")

    def check(self, cfg: dict) -> None:
        self._check_edition(cfg)
        self._check_alien_editions(cfg)
        need = cfg["planets_per_system"] * cfg["start_ships_per_planet"]
        if cfg["ships_per_player"] < need:
            raise BadInput("ships_per_player", f"{cfg['ships_per_player']} is fewer than planets_per_system x "
                                               f"start_ships_per_planet = {need} (CE.2.2)")
        if cfg["alien_dealt"] != "none":
            if cfg["aliens"] != "random":
                raise BadInput("alien_dealt", f"{cfg['alien_dealt']} with aliens = {cfg['aliens']}; allowed: none, "
                                              "or an alien name with aliens = random")
            if alien_id(cfg["alien_dealt"]) not in pool_ids(cfg):
                raise BadInput("alien_dealt", f"{cfg['alien_dealt']} is not in alien_pool ({cfg['alien_pool']}); "
                                              "allowed: none, or an alien of the pool")
        if cfg["aliens"] in ("random", "all"):
            k = cfg["aliens_per_game"] or cfg["players"]
            if k > cfg["players"]:
                raise BadInput("aliens_per_game", f"{k} aliens for {cfg['players']} players; allowed: 0..{cfg['players']}")
            if len(pool_ids(cfg)) < k:
                raise BadInput("alien_pool", f"{len(pool_ids(cfg))} aliens in the pool but {k} are dealt per game "
                                             f"({cfg['players']} players, aliens_per_game {cfg['aliens_per_game']}); "
                                             f"allowed: all, or at least {k} distinct alien names")
        elif len(cfg["aliens"].split(",")) > cfg["players"]:
            raise BadInput("aliens", f"{len(cfg['aliens'].split(','))} aliens listed for {cfg['players']} players; "
                                     "allowed: at most one alien (or none) per seat")
        rows = load_deck(Path(cfg["deck"]))
        load_discs(Path(cfg["order_discs"]))
        n = sum(c for _, _, c in rows)
        if cfg["ffg_flares"] != "none":
            nf = len(load_flares(flares_path(cfg["ffg_flares"])))
            if n + nf > A.MAX_CARDS:
                raise BadInput("ffg_flares", f"{n} deck cards and {nf} flares make {n + nf}; allowed: at most "
                                             f"{A.MAX_CARDS} cards in all")
            n += nf
        hand, key = ((cfg["ffg_hand_size"], "ffg_hand_size") if cfg["edition"] == "FFG2008"
                     else (cfg["start_hand_size"], "start_hand_size"))
        if cfg["players"] * hand > n:
            raise BadInput(key, f"{cfg['players']} x {hand} cards exceed the {n}-card deck (CE.2.6)")

    def fill_cfg(self, c, cfg, extra_dirs):
        """What no single parameter fills (the rest have a slot): the nopower controls and the search
        of the line-up, the aliens, the order discs and the deck."""
        c[A.C_NOPOWER_MASK] = self.nopower_mask(extra_dirs)
        strats = self.strategies(extra_dirs)
        W.fill(c, cfg, -1 if cfg["basic_holder_alien"] == "none" else alien_id(cfg["basic_holder_alien"]),
               sum(1 << i for i, s in enumerate(strats) if plays_tuned(s.path)))
        if any(uses_rollouts(strats[sid].path) for sid in set(self.strategy_ids(cfg, extra_dirs))):
            c[A.C_SEARCH] = 1  # rollout_address compiles (or loads) the rollout engine: only here, when needed
            c[A.C_SEARCH_FN] = rollout_address(self.kernel_parts())
        self._extra_dirs = tuple(extra_dirs)  # seat_view of this run's records numbers strategies the same way
        pool = pool_ids(cfg)
        dealt = -1 if cfg["alien_dealt"] == "none" else alien_id(cfg["alien_dealt"])
        c[A.C_ALIEN_DEALT] = dealt + 1 if cfg["aliens"] == "random" else 0
        if dealt >= 0:  # dealt in every game: the other seats draw from the pool without it (CE.2.5)
            pool = [a for a in pool if a != dealt]
        c[A.C_POOL_N] = len(pool)
        for i, a in enumerate(pool):
            c[A.C_POOL + i] = a
        k = cfg["aliens_per_game"] or cfg["players"]
        c[A.C_ALIEN_K] = k
        ncomb = math.comb(len(pool), k)
        c[A.C_ALIEN_NCOMB] = ncomb
        stride = max(1, int(ncomb * 0.6180339887))
        while math.gcd(stride, ncomb) != 1:
            stride += 1
        c[A.C_ALIEN_STRIDE] = stride % ncomb if ncomb > 1 else 0
        for p in range(A.MAX_P):
            c[A.C_ALIEN_FIXED + p] = -1
        if cfg["aliens"] == "random":
            c[A.C_ALIEN_MODE] = A.AM_RANDOM
        elif cfg["aliens"] == "all":
            c[A.C_ALIEN_MODE] = A.AM_ALL
        else:
            c[A.C_ALIEN_MODE] = A.AM_FIXED
            for p, a in enumerate(seat_aliens(cfg)):
                c[A.C_ALIEN_FIXED + p] = a
        per = cfg["ah_order_discs_per_colour"]
        for p, n in enumerate(load_discs(Path(cfg["order_discs"]))):
            c[A.C_DISCS + p] = per if per > 0 else n
        k = 0
        n_enc = 0
        classes: dict[tuple[int, int], int] = {}
        c[A.C_EDITION] = EDITIONS.index(cfg["edition"])
        if cfg["edition"] == "FFG2008":  # CE.30.3 / A58: one hand size for setup and new hands; 3 colour cards
            c[A.C_START_HAND] = c[A.C_NEW_HAND] = cfg["ffg_hand_size"]
            for p in range(A.MAX_P):
                c[A.C_DISCS + p] = 3
        for kind, value, count in load_deck(Path(cfg["deck"])):
            cls = classes.setdefault((kind, value), len(classes))
            c[A.C_CLASS_KIND + cls] = kind
            c[A.C_CLASS_VAL + cls] = value
            for _ in range(count):
                c[A.C_CARD_KIND + k] = kind
                c[A.C_CARD_VAL + k] = value
                c[A.C_CARD_CLASS + k] = cls
                n_enc += kind != A.K_ARTIFACT and kind != A.K_REINF
                k += 1
        c[A.C_FLARE_N] = 0
        if cfg["edition"] == "FFG2008" and cfg["ffg_flares"] != "none":
            # CE.45.5: every flare of the file is one card shuffled into the deck (the published game's
            # 10, Appendix B, is what the shipped file holds). All flares share one card class: the class
            # says what a card is to the encounter-card reasoning of the strategies, and a flare is no
            # encounter card (CE.45.1); its row in the flare tables is its value.
            flares = load_flares(flares_path(cfg["ffg_flares"]))
            cls = classes.setdefault((int(A.K_FLARE), 0), len(classes))
            c[A.C_CLASS_KIND + cls] = A.K_FLARE
            c[A.C_CLASS_VAL + cls] = 0
            for f, fl in enumerate(flares):
                c[A.C_CARD_KIND + k] = A.K_FLARE
                c[A.C_CARD_VAL + k] = f
                c[A.C_CARD_CLASS + k] = cls
                k += 1
                c[A.C_FLARE_ALIEN + f] = fl["alien"]
                c[A.C_FLARE_TIMING + f] = fl["timing"]
                for s, (fx, amt) in enumerate((fl["wild"], fl["super"])):
                    c[A.C_FLARE_FX + 2 * f + s] = fx
                    c[A.C_FLARE_AMT + 2 * f + s] = amt
            c[A.C_FLARE_N] = len(flares)
        assert len(classes) <= 64
        c[A.C_N_CARDS] = k
        c[A.C_N_ENC] = n_enc
        c[A.C_N_CLASSES] = len(classes)

    plugin_noun = "alien"  # simsuite check alien FILE

    def plugin_reference(self) -> str:
        """The alien-file power API as a Markdown table (the docs' generated reference)."""
        return api_reference()

    def check_records(self, rec) -> None:
        """A game an alien file broke (its seat's power_uses marked by the kernel,
        alien_api._hb_mark_record): RuleBreak naming the file and the hook."""
        why = broken_game(rec)
        if why:
            raise RuleBreak("alien", why)

    def plugin_check(self, file, n_games=None, seed=1, say=None, progress=False, compiled=False) -> dict:
        return check_alien(self, file, n_games=n_games, seed=seed, say=say, progress=progress, compiled=compiled)

    def alien_id(self, name: str, field: str = "aliens") -> int:
        """An alien's id by any spelling of its name (-1: none), or BadInput on `field`."""
        return alien_id(name, field)

    def plugin_listing(self) -> dict:
        """The aliens for ``simsuite list``: the 20 classics (built in, or the file that replaces
        one), then the homebrew alien files, each with its source."""
        files = {a.aid: a for a in discover()}
        rows = []
        for i, n in enumerate(alien_names()):
            a = files.get(i)
            rows.append(dict(name=n, source=("file" if a else "built-in") if i < A.N_ALIENS else "homebrew",
                             summary=a.summary if a else A.ALIEN_RULES[i], file=str(a.path) if a else "",
                             editions=list(a.editions) if a else ["ah2000", "ffg2008"]))
        return dict(aliens=rows)

    def kernel_parts(self) -> list:
        """The parts, then the generated part holding the alien files' code and dispatch
        (aliens.files.generated_part: the classics only, when no file is loaded)."""
        return [*super().kernel_parts(), generated_part(cache_dir())]

    def result_deps(self) -> list:
        """The searching players' rollout engine (rollout_build): compiled on its own and called
        through its address, so it is no kernel source, but a search game's record depends on it."""
        parts = tuple(self.kernel_parts())
        cache = self.__dict__.setdefault("_result_deps", {})
        if parts not in cache:  # the list of files only (their contents are hashed on every call)
            cache[parts] = rollout_sources(list(parts))
        return cache[parts]

    def nopower_mask(self, extra_dirs: tuple = ()) -> int:
        """Bit i set when strategy id i is a nopower control (``USES_POWERS = False``)."""
        key = tuple(str(d) for d in extra_dirs)
        cache = self.__dict__.setdefault("_nopower_cache", {})
        if key not in cache:
            cache[key] = sum(1 << i for i, s in enumerate(self.strategies(extra_dirs)) if not uses_powers(s.path))
        return cache[key]

    def seat_view(self, rec, n_players, extra_dirs: tuple | None = None):
        """Per seat: win, score, strategy, turn-order position, and two labels for the analysis:
        ``alien`` (the dealt alien, ALIEN_LABELS; with or without its power) and ``alien_power``
        (ALIEN_POWER_LABELS: "Macron" when the seat played the power, "Macron (no power)" when a
        nopower control held it face down, "none" for no alien)."""
        N = n_players
        n_al = len(alien_names())
        seats = np.arange(N)[None, :]
        strategy = rec["strategy"][:, :N]
        alien = rec["alien"][:, :N]
        # the strategy numbering depends on the strategy directories of the run (set by build_cfg)
        mask = self.nopower_mask(self._extra_dirs if extra_dirs is None else extra_dirs)
        none = alien < 0
        face_down = ((np.int64(mask) >> strategy) & 1).astype(bool) & ~none
        return dict(
            win=rec["win"][:, :N],
            score=rec["score"][:, :N],
            strategy=strategy,
            position=(seats - rec["start_player"][:, None]) % N,
            labels=dict(alien=(np.where(none, n_al, alien), alien_labels()),
                        alien_power=(np.where(none, 2 * n_al, 2 * alien + face_down), alien_power_labels())),
        )

    def game_metrics(self, rec):
        """Integer per-game metrics (the accumulator sums them exactly); the encounter outcome mix is
        e.g. offense_wins_mean / encounters_mean."""
        return {
            "turns": rec["turns"], "encounters": rec["encounters"], "timeout": rec["timeout"],
            "shared_win": rec["joint_win"], "joint_win": rec["joint_win"], "n_winners": rec["n_winners"],
            "offense_wins": rec["offense_wins"], "defense_wins": rec["defense_wins"], "deals": rec["deals"],
            "failed_deals": rec["failed_deals"], "no_results": rec["no_results"],
            "second_encounters": rec["second_encounters"], "artifacts_played": rec["artifacts_played"],
            "compensation_cards": rec["compensation_cards"], "winning_score": rec["score"].max(axis=1),
        }

    def summary_line(self, m: dict) -> str:
        enc = m["encounters_mean"] or 1.0
        return (f"mean turns {m['turns_mean']:.2f} (sd {m['turns_sd']:.2f}), encounters {m['encounters_mean']:.2f}; "
                f"outcomes (share of encounters): offense wins {100 * m['offense_wins_mean'] / enc:.1f}%, defense wins "
                f"{100 * m['defense_wins_mean'] / enc:.1f}%, deals {100 * m['deals_mean'] / enc:.1f}%, failed deals "
                f"{100 * m['failed_deals_mean'] / enc:.1f}%, no result {100 * m['no_results_mean'] / enc:.1f}%; "
                f"joint wins {100 * m['joint_win_mean']:.2f}% of games; timeouts {100 * m['timeout_mean']:.3f}%")

    # ---- replay -------------------------------------------------------------------------
    events = EVENTS

    def describe(self, kernel, log, cfg_arr, cfg, game):
        # its own: seats named with their colours, and state carried between rows (Anti-Matter)
        return describe_events(kernel, log, cfg_arr, self.game_seat_strategies(cfg, game))

