"""Cosmic Encounter (AH2000): parameters (CE.80), data, kernel binding, records and the replay log."""
from __future__ import annotations

import math
from pathlib import Path

import numpy as np

from simsuite.errors import BadInput, did_you_mean
from simsuite.games.base import BenchDefaults, Game, Shortcut
from simsuite.params import Param

from . import api as A
from . import records as R
from .data import DEFAULT_DECK, DEFAULT_DISCS, load_deck, load_discs

HERE = Path(__file__).resolve().parent
PROPOSE = ("standard", "none", "strategy")
ACCEPT = ("always", "never", "standard_only", "heuristic")
PHIL_GIVER = ("any", "main_or_ally")  # index = A.PHIL_GIVER_*
ALIEN_MODES = ("none", "random", "all")


def _alien_key(name: str) -> str:
    return name.strip().lower().replace("_", "-").replace(" ", "-")


ALIEN_BY_KEY = {_alien_key(n): i for i, n in enumerate(A.ALIEN_NAMES)}
ALIEN_ALLOWED = "none, random, all, or alien names per seat joined by commas (" + ", ".join(A.ALIEN_NAMES) + ", none)"


def alien_id(name: str, field: str = "aliens") -> int:
    k = _alien_key(name)
    if k in ("none", "no-power", "nopower"):
        return -1
    if k not in ALIEN_BY_KEY:
        extra = ", none" if field == "aliens" else ""
        hint = did_you_mean(name, A.ALIEN_NAMES)
        raise BadInput(field, f"unknown alien {name.strip()!r}{hint}; allowed: {', '.join(A.ALIEN_NAMES)}{extra}")
    return ALIEN_BY_KEY[k]


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
        dup = next(A.ALIEN_NAMES[i] for i in seen if seen.count(i) > 1)
        raise BadInput("aliens", f"{dup} is named twice in {','.join(names)}; an alien can be dealt only once per "
                                 "game (CE.2.5); allowed: distinct alien names, or none, per seat")
    return ",".join("none" if i < 0 else A.ALIEN_NAMES[i] for i in ids)


def parse_pool(value) -> str:
    names = [str(x) for x in value] if isinstance(value, (list, tuple)) else str(value).split(",")
    names = [n.strip() for n in names if n.strip()]
    if not names or (len(names) == 1 and _alien_key(names[0]) == "all"):
        return "all"
    ids = [alien_id(n, "alien_pool") for n in names]
    if -1 in ids:
        raise BadInput("alien_pool", "'none' is not an alien; allowed: all, or alien names joined by commas")
    if len(set(ids)) != len(ids):
        dup = next(A.ALIEN_NAMES[i] for i in ids if ids.count(i) > 1)
        raise BadInput("alien_pool", f"{dup} is named twice; allowed: all, or distinct alien names joined by commas")
    ids = sorted(ids)
    if not ids:
        raise BadInput("alien_pool", f"no alien named; allowed: all, or names from {', '.join(A.ALIEN_NAMES)}")
    return ",".join(A.ALIEN_NAMES[i] for i in ids)


def pool_ids(cfg: dict) -> list[int]:
    if cfg["alien_pool"] == "all":
        return list(range(A.N_ALIENS))
    return [alien_id(n) for n in cfg["alien_pool"].split(",")]


def seat_aliens(cfg: dict) -> list[int]:
    """Fixed aliens per seat (-1 none) for a fixed list; [] for none/random/all."""
    if cfg["aliens"] in ALIEN_MODES:
        return []
    ids = [alien_id(n) for n in cfg["aliens"].split(",")]
    return (ids + [-1] * cfg["players"])[:cfg["players"]]

PARAMS = (
    Param("players", "int", 4, "number of players, one colour each (A1)", "CE.1.10", 2, 4, aliases=("n_players",)),
    Param("strategies", "lineup", "basic", "strategy per seat, comma-separated; a shorter line-up repeats round the table"),
    Param("rotate", "bool", False, "rotate the line-up through the seats game by game"),
    Param("edition", "choice", "AH2000", "rules edition (FFG2008 is not implemented)", "CE.0.4", choices=("AH2000",)),
    Param("aliens", "custom", "random",
          "alien powers: none; random (dealt from alien_pool, CE.2.5); all (every combination of the pool, "
          "rotated through the seats); or a fixed list per seat, e.g. Macron,Virus,none", "CE.2.5",
          parser=parse_aliens, allowed_text=ALIEN_ALLOWED),
    Param("alien_pool", "custom", "all", "aliens that random / all draw from (comma-separated names, or all)",
          "CE.2.5", parser=parse_pool, allowed_text="all, or alien names joined by commas"),
    Param("aliens_per_game", "int", 0, "aliens at the table for random / all (0 = one per player; the other "
          "seats play without a power)", "CE.2.5", 0, A.MAX_P),
    Param("empath_optional", "bool", False, "make the Empath's power optional", "A36"),
    Param("philanthropist_to_allies", "bool", False, "the Philanthropist may also give to allies", "A46"),
    Param("philanthropist_giver", "choice", "any",
          "who may give as the Philanthropist: any player, or only a main player or an ally (revision 2)",
          "A46", choices=PHIL_GIVER),
    Param("ships_per_player", "int", 20, "ships of each colour; those not on planets at setup start in the warp",
          "CE.1.3", 1, 60),
    Param("planets_per_system", "int", 5, "planets in each home system", "CE.1.1", 1, A.PPS_MAX),
    Param("start_ships_per_planet", "int", 4, "ships on each home planet at setup", "CE.2.2", 1, 20),
    Param("start_hand_size", "int", 7, "cards dealt to each player at setup", "CE.2.6", 1, 16),
    Param("new_hand_size", "int", 7, "cards drawn for a new hand", "CE.17.1", 1, 16),
    Param("win_colonies", "int", 5, "foreign colonies needed to win", "CE.18.1", 1, 15),
    Param("power_home_colonies", "int", 3, "home colonies needed for the alien power",
          "CE.19.1", 0, 5),
    Param("max_turns", "int", 200, "turn cap; a game that reaches it ends with no winner (timeout)", "A63", 1, 100_000),
    Param("deal_rounds", "int", 2, "proposal rounds of the deal model", "CE.51.2", 1, 10),
    Param("deal_colony_ships_max", "int", 4, "ships a receiver may move into a deal colony", "A16", 1, 20),
    Param("deal_propose_policy", "choice", "standard",
          "standard: propose the CE.51.4 deal; none: never propose; strategy: the strategy picks from a menu",
          "CE.51.5", choices=PROPOSE),
    Param("deal_accept_policy", "choice", "standard_only",
          "always | never | standard_only | heuristic (the responder's strategy decides)", "CE.51.5", choices=ACCEPT),
    Param("ah_compensation_counts_redirected", "bool", False,
          "count Zombie-redirected ships for compensation", "A15"),
    Param("two_player_order_discs", "choice", "used",
          "used: 2-player games turn discs as CE.2.4; unused: the offense always meets the other player (data.md)",
          "CE.2.4", choices=("used", "unused")),
    Param("deck", "path", str(DEFAULT_DECK), "deck TOML (attack values, negotiates, artifacts)", "CE.1.5"),
    Param("order_discs", "path", str(DEFAULT_DISCS), "order discs per colour TOML", "CE.1.4"),
    Param("ah_order_discs_per_colour", "int", 0,
          "order discs of each colour (0: the counts in the order_discs file)", "CE.80 / CE.1.4", 0, 8),
)


def uses_powers(path: Path) -> bool:
    """A strategy file plays its alien's power unless it sets ``USES_POWERS = False`` (the nopower
    control: the engine then treats its alien as face down, automatic effects included)."""
    import ast

    for node in ast.parse(Path(path).read_text()).body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "USES_POWERS" for t in node.targets):
            return bool(ast.literal_eval(node.value))
    return True


def uses_rollouts(path: Path) -> bool:
    """A strategy file that sets ``USES_ROLLOUTS = True`` looks ahead with rollouts (the `search`
    strategies, search.py): the engine then records every turn and links the rollout engine."""
    import ast

    for node in ast.parse(Path(path).read_text()).body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "USES_ROLLOUTS" for t in node.targets):
            return bool(ast.literal_eval(node.value))
    return False


KERNEL_PARTS = ("core", "cards", "ships", "windows", "artifacts", "aliens", "regroup_alliances", "planning_reveal",
                "outcomes", "deals", "turns", "setup", "invariants")
NOPOWER_SUFFIX = " (no power)"
ALIEN_LABELS = (*A.ALIEN_NAMES, "none")
ALIEN_POWER_LABELS = (*(n + x for n in A.ALIEN_NAMES for x in ("", NOPOWER_SUFFIX)), "none")


class Cosmic(Game):
    name = "cosmic"
    dirname = "cosmic"
    title = "Cosmic Encounter (AH2000)"
    rules = "cosmic_encounter.md"
    min_players = 2
    max_players = 4
    default_strategies = "basic"
    params = PARAMS
    # the kernel's parts, split along the rules (kernel/core.py says what each owns), in the order codegen pastes them
    kernel_files = tuple(HERE / "kernel" / f"{n}.py" for n in KERNEL_PARTS)
    kernel_deps = (HERE / "api.py", HERE / "records.py", HERE / "heuristics.py", HERE / "powers.py", HERE / "policy.py",
                   HERE / "search.py")
    layout = R.LAYOUT
    state_size = A.STATE_SIZE
    replay_log_rows = 100_000
    shared_win_note = ("joint victories, CE.18.2: several players reach the foreign colonies needed in one "
                       "encounter, usually the offense and its allies landing together")
    shortcuts = (Shortcut("--aliens", "aliens", "none|random|all|A,B,..",
                          "alien powers (same as --set aliens=...): none, random (dealt from alien_pool), all (every "
                          "combination of the pool, rotated through the seats) or a fixed list per seat, e.g. "
                          "Macron,Virus,none,Oracle"),)
    # the benchmark measures the engine without alien powers (the figure of the engine issue) unless
    # asked: `bench cosmic --aliens random` measures the 20 powers dealt at random
    bench = BenchDefaults(players="4", strategies="basic", sets=(("aliens", "none"),), record=("aliens", "alien_pool"))
    _extra_dirs: tuple = ()

    @property
    def report_sections(self):
        from .report import power_value_section  # the report needs matplotlib: imported when a report is written

        return (power_value_section,)

    def check(self, cfg: dict) -> None:
        need = cfg["planets_per_system"] * cfg["start_ships_per_planet"]
        if cfg["ships_per_player"] < need:
            raise BadInput("ships_per_player", f"{cfg['ships_per_player']} is fewer than planets_per_system x "
                                               f"start_ships_per_planet = {need} (CE.2.2)")
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
        if cfg["players"] * cfg["start_hand_size"] > n:
            raise BadInput("start_hand_size", f"{cfg['players']} x {cfg['start_hand_size']} cards exceed the "
                                              f"{n}-card deck (CE.2.6)")

    def build_cfg(self, cfg: dict, extra_dirs: tuple = ()) -> np.ndarray:
        c = np.zeros(A.CFG_SIZE, np.int64)
        c[A.C_NP] = cfg["players"]
        c[A.C_SHIPS] = cfg["ships_per_player"]
        c[A.C_PPS] = cfg["planets_per_system"]
        c[A.C_START_PER_PLANET] = cfg["start_ships_per_planet"]
        c[A.C_START_HAND] = cfg["start_hand_size"]
        c[A.C_NEW_HAND] = cfg["new_hand_size"]
        c[A.C_WIN_COLONIES] = cfg["win_colonies"]
        c[A.C_POWER_HOME] = cfg["power_home_colonies"]
        c[A.C_MAX_TURNS] = cfg["max_turns"]
        c[A.C_ROTATE] = int(cfg["rotate"])
        c[A.C_DEAL_ROUNDS] = cfg["deal_rounds"]
        c[A.C_DEAL_SHIPS_MAX] = cfg["deal_colony_ships_max"]
        c[A.C_DEAL_PROPOSE] = PROPOSE.index(cfg["deal_propose_policy"])
        c[A.C_DEAL_ACCEPT] = ACCEPT.index(cfg["deal_accept_policy"])
        c[A.C_COMP_REDIRECTED] = int(cfg["ah_compensation_counts_redirected"])
        c[A.C_2P_DISCS] = int(cfg["two_player_order_discs"] == "used")
        for s, sid in enumerate(self.strategy_ids(cfg, extra_dirs)):
            c[A.C_LINEUP + s] = sid
        c[A.C_NOPOWER_MASK] = self.nopower_mask(extra_dirs)
        strats = self.strategies(extra_dirs)
        if any(uses_rollouts(strats[sid].path) for sid in set(self.strategy_ids(cfg, extra_dirs))):
            from .search import rollout_address  # compiles (or loads) the rollout engine: only when needed

            c[A.C_SEARCH] = 1
            c[A.C_SEARCH_FN] = rollout_address()
        self._extra_dirs = tuple(extra_dirs)  # seat_view of this run's records numbers strategies the same way
        c[A.C_EMPATH_OPT] = int(cfg["empath_optional"])
        c[A.C_PHIL_ALLIES] = int(cfg["philanthropist_to_allies"])
        c[A.C_PHIL_GIVER] = PHIL_GIVER.index(cfg["philanthropist_giver"])
        pool = pool_ids(cfg)
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
        for kind, value, count in load_deck(Path(cfg["deck"])):
            cls = classes.setdefault((kind, value), len(classes))
            c[A.C_CLASS_KIND + cls] = kind
            c[A.C_CLASS_VAL + cls] = value
            for _ in range(count):
                c[A.C_CARD_KIND + k] = kind
                c[A.C_CARD_VAL + k] = value
                c[A.C_CARD_CLASS + k] = cls
                n_enc += kind != A.K_ARTIFACT
                k += 1
        assert len(classes) <= 64
        c[A.C_N_CARDS] = k
        c[A.C_N_ENC] = n_enc
        c[A.C_N_CLASSES] = len(classes)
        return c

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
            labels=dict(alien=(np.where(none, A.N_ALIENS, alien), ALIEN_LABELS),
                        alien_power=(np.where(none, 2 * A.N_ALIENS, 2 * alien + face_down), ALIEN_POWER_LABELS)),
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
                f"outcomes: offense wins {m['offense_wins_mean'] / enc:.3f}, defense wins "
                f"{m['defense_wins_mean'] / enc:.3f}, deals {m['deals_mean'] / enc:.3f}, failed deals "
                f"{m['failed_deals_mean'] / enc:.3f}, no result {m['no_results_mean'] / enc:.3f}; "
                f"joint wins {m['joint_win_mean']:.4f}; timeouts {m['timeout_mean']:.5f}")

    def records_frame(self, rec, n_players):
        return R.LAYOUT.frame(rec, n_players, A.MAX_P,
                              {"artifacts_by_kind": [f"played_{a}" for a in A.ARTIFACT_KEYS]})

    # ---- replay -------------------------------------------------------------------------
    def describe(self, kernel, log, cfg_arr, cfg, game):
        return describe_events(kernel, log, cfg_arr, self.game_seat_strategies(cfg, game))


def card_name(cfg_arr, c) -> str:
    if c < 0:
        return "none"
    kind = int(cfg_arr[A.C_CARD_KIND + c])
    v = int(cfg_arr[A.C_CARD_VAL + c])
    if kind == A.K_ATTACK:
        return f"Attack {v}"
    if kind == A.K_NEGOTIATE:
        return "Negotiate"
    return A.ARTIFACT_NAMES[v]


def planet_name(pl) -> str:
    pl = int(pl)
    if pl == int(A.OPT_MOTHERSHIP):
        return "the mothership"
    return f"{A.COLOUR_NAMES[pl // A.PPS_MAX]} {pl % A.PPS_MAX + 1}"


def deal_text(code) -> str:
    code = int(code)
    terms = []
    if A.deal_col_do(code) >= 0:
        terms.append(f"defense grants offense a colony on {planet_name(A.deal_col_do(code))}")
    if A.deal_col_od(code) >= 0:
        terms.append(f"offense grants defense a colony on {planet_name(A.deal_col_od(code))}")
    if A.deal_n_od(code):
        terms.append(f"offense gives {A.deal_n_od(code)} card(s) ({A.RULE_NAMES[A.deal_r_od(code)]})")
    if A.deal_n_do(code):
        terms.append(f"defense gives {A.deal_n_do(code)} card(s) ({A.RULE_NAMES[A.deal_r_do(code)]})")
    if A.deal_release(code):
        terms.append(f"the Zombie releases {A.deal_release(code)} of the other's ship(s) from the warp")
    return "; ".join(terms) or "(empty)"


def art_text(kind, param) -> str:
    name = A.ARTIFACT_NAMES[kind]
    if kind == A.ART_PLAGUE:
        return f"{name} on seat {param}"
    if kind == A.ART_FORCE_FIELD:
        return f"{name} removing seat(s) {', '.join(str(q) for q in range(A.MAX_P) if (param >> q) & 1)}"
    if kind == A.ART_ZAP:
        return f"{name} on seat {param}'s power"
    if kind == A.ART_GAS:
        return f"{name} against seat {param}'s compensation claim"
    return name


def power_text(k, alien, what, arg, arg2) -> str:
    """Readable text of an E_ALIEN event (what = PK_* for an optional use, FX_* for an automatic
    effect; arg / arg2 = st[S_PK_ARG] / st[S_PK_ARG2] at that moment)."""
    what, arg, arg2 = int(what), int(arg), int(arg2)
    auto = {int(k.FX_MACRON): "each of its ships counts 4 in the totals",
            int(k.FX_ANTI_MATTER): "its ships and every allied ship subtract (revision 2); the lower total wins",
            int(k.FX_VIRUS): "its total is card times ships",
            int(k.FX_ORACLE): "the opponent's card is turned face up before it chooses",
            int(k.FX_EMPATH): "its negotiate turns the opponent's card into a negotiate"}
    if what in auto:
        return auto[what]
    amoeba = " and ".join(([f"adds {arg} ship(s) to the encounter"] if arg > 0 else [])
                          + ([f"takes {arg2} ship(s) out of it"] if arg2 > 0 else [])) or "adjusts nothing"
    texts = {int(A.PK_AMOEBA): amoeba,
             int(A.PK_CHRONOS): "travels back in time: the encounter cards are chosen again" if arg == 1
             else "travels back in time",
             int(A.PK_CLONE): "keeps its encounter card", int(A.PK_EMPATH): "uses its negotiate",
             int(A.PK_FILCH): "takes the opponent's encounter card from the discard pile",
             int(A.PK_HEALER): f"heals {arg2} ship(s) of seat {arg} and draws a card",
             int(A.PK_LASER): "blinds the opponent: its card is drawn at random",
             int(A.PK_MIND): f"looks at seat {arg}'s hand", int(A.PK_MUTANT): "regenerates its hand to 7",
             int(A.PK_MUTANT_SRC): "draws from the deck" if arg < 0 else f"draws a random card from seat {arg}",
             int(A.PK_PACIFIST): "its negotiate beats the attack", int(A.PK_PARASITE): "joins uninvited",
             int(A.PK_PHILANTHROPIST): f"gives a card to seat {arg2}", int(A.PK_SORCERER): "swaps the encounter cards",
             int(A.PK_TRADER): "trades hands with the opponent",
             int(A.PK_VULCH): f"collects seat {arg2}'s discarded artifact", int(A.PK_VULCH_KEEP): "keeps its artifacts",
             int(A.PK_ZOMBIE): f"redirects its {arg2} ship(s) from the warp to its colonies",
             int(A.PK_RELEASE): f"releases {arg2} of seat {arg}'s ship(s) from the warp"}
    return texts.get(what, "uses its power")


def describe_events(k, log, cfg_arr, seat_strats) -> list[dict]:
    """Turn the kernel's event log into dicts with a readable 'text' (CE.71 events)."""
    n = int(log[0, 0])
    ev = []
    ctx_names = {int(A.CTX_RETURN): "returns", int(A.CTX_EARLY_END): "returns (early end)",
                 int(A.CTX_MOBIUS): "leaves the warp (Mobius Tube)", int(A.CTX_FORCE_FIELD): "returns (Force Field)",
                 int(A.CTX_TURN_END): "returns (end of turn)", int(A.CTX_AMOEBA): "returns (Amoeba)",
                 int(A.CTX_HEALER): "is healed (Healer) onto", int(A.CTX_ZOMBIE): "is redirected (Zombie) onto",
                 int(A.CTX_RELEASE): "leaves the warp (Zombie's RELEASE) onto"}
    kind_names = {int(v): nm for v, nm in ((A.D_LAUNCH, "launch"), (A.D_ALLY_SHIPS, "ally"),
                                            (A.D_RESETTLE_SHIPS, "resettle"), (A.D_PENALTY, "failed-deal loss"),
                                            (A.D_PLAGUE_SHIPS, "plague loss"), (A.D_DEAL_SHIPS, "deal colony"),
                                            (A.D_POWER_SHIPS, "Amoeba adds"))}
    end_reasons = ("the offense has no encounter card (CE.17.3)", "the defense cannot get an encounter card (CE.17.5)",
                   "the offense has no ship to launch (CE.6.4)", "re-settled (CE.5.5)")

    def seat(p):
        p = int(p)
        return f"seat {p} {A.COLOUR_NAMES[p]} ({seat_strats[p]})"

    lower_wins = False  # set by the Anti-Matter's E.POWER before the totals (CE.22.2)
    for row in log[1:n + 1]:
        code, a, b, c, d, e, f = (int(x) for x in row[:7])
        if code == k.E_START:
            ev.append(dict(event="start", player=a, text=f"first player: {seat(a)} ({b} order discs in the pile)"))
        elif code == k.E_TURN:
            ev.append(dict(event="turn", player=a, turn=b, text=f"== turn {b}: {seat(a)} is the offense"))
        elif code == k.E_ENCOUNTER:
            ev.append(dict(event="encounter", player=a, encounter=b, number=c,
                           text=f"-- encounter {b} of the turn (#{c} of the game)"))
        elif code == k.E_NEW_HAND:
            ev.append(dict(event="new_hand", player=a, cards=b,
                           text=f"   {seat(a)} takes a new hand [{A.WINDOW_NAMES[c]}]: {b} cards drawn, "
                                f"{d} encounter card(s)"))
        elif code == k.E_NEW_HAND_FAIL:
            ev.append(dict(event="new_hand_failed", player=a,
                           text=f"   {seat(a)} needs a new hand but no encounter card is left to draw (A19)"))
        elif code == k.E_REGROUP:
            ev.append(dict(event="regroup", player=a, planet=b, text=f"   regroup: one ship from the warp to {planet_name(b)}"))
        elif code == k.E_DISC:
            ev.append(dict(event="disc", colour=a, text=f"   order disc: {A.COLOUR_NAMES[a]} ({b} left in the pile)"))
        elif code == k.E_DISC_RESHUFFLE:
            ev.append(dict(event="disc_reshuffle", text=f"   order pile empty: {a} discs reshuffled (A5)"))
        elif code == k.E_OWN_COLOUR:
            if b < 0:
                t = "REDRAW"
            elif b < int(A.EXPEL_BASE):
                t = f"RESETTLE onto {planet_name(b)}"
            else:
                x = b - int(A.EXPEL_BASE)
                t = f"EXPEL seat {x // A.MAX_PLANETS} from {planet_name(x % A.MAX_PLANETS)}"
            ev.append(dict(event="own_colour", player=a, choice=b, text=f"   own colour: {t}"))
        elif code == k.E_RESETTLE:
            ev.append(dict(event="resettle", player=a, planet=b, ships=c,
                           text=f"   re-settles {c} ship(s) onto {planet_name(b)}: encounter over (NO_RESULT)"))
        elif code == k.E_EXPEL:
            ev.append(dict(event="expel", player=a, defense=b, planet=c,
                           text=f"   expels {seat(b)} ({d} ship(s)) from {planet_name(c)}"))
        elif code == k.E_DEFENSE:
            ev.append(dict(event="defense", player=a, text=f"   defense: {seat(a)}"))
        elif code == k.E_SHIP_FROM:
            ev.append(dict(event="ship_from", player=a, planet=b, kind=kind_names.get(c, str(c)), ships=d,
                           text=f"     {kind_names.get(c, '?')}: {d} ship(s) of seat {a} from {planet_name(b)}"))
        elif code == k.E_LAUNCH:
            ev.append(dict(event="launch", player=a, ships=b, text=f"   launch: {b} ship(s) on the mothership"))
        elif code == k.E_TARGET:
            ev.append(dict(event="target", planet=c, defense_ships=d,
                           text=f"   target {planet_name(c)}: defense {d} ship(s) vs offense {e} on the centre row"))
        elif code == k.E_INVITE:
            who = [str(q) for q in range(A.MAX_P) if (c >> q) & 1]
            side = "offense" if b == int(A.SIDE_OFFENSE) else "defense"
            ev.append(dict(event="invite", side=side, seats=who,
                           text=f"   {side} invites: {', '.join('seat ' + w for w in who) or 'nobody'}"))
        elif code == k.E_ALLY:
            if b < 0:
                ev.append(dict(event="decline", player=a, text=f"   {seat(a)} declines"))
            else:
                side = "offense" if b == int(A.SIDE_OFFENSE) else "defense"
                ev.append(dict(event="ally", player=a, side=side, ships=c,
                               text=f"   {seat(a)} joins the {side} with {c} ship(s)"))
        elif code == k.E_SELECT:
            ev.append(dict(event="select", text="   both encounter cards face down"))
        elif code == k.E_REVEAL:
            lower_wins = False
            ev.append(dict(event="reveal", offense_card=card_name(cfg_arr, a), defense_card=card_name(cfg_arr, b),
                           text=f"   reveal: offense {card_name(cfg_arr, a)}, defense {card_name(cfg_arr, b)}"))
        elif code == k.E_TOTALS:
            rule = " (Anti-Matter: the lower total wins)" if lower_wins else ""
            ev.append(dict(event="totals", offense=c, defense=f, lower_wins=lower_wins,
                           text=f"   totals: offense {a} and {b} ships -> {c}; defense {d} and {e} ships -> {f}{rule}"))
        elif code == k.E_RESULT:
            ev.append(dict(event="result", result=A.RESULT_NAMES[a], text=f"   result: {A.RESULT_NAMES[a]}"))
        elif code == k.E_LOSS:
            ev.append(dict(event="loss", player=a, ships=b, text=f"     {b} ship(s) of seat {a} to the warp (now {c})"))
        elif code == k.E_LAND:
            ev.append(dict(event="land", player=a, planet=b, ships=c,
                           text=f"     seat {a} lands {c} ship(s) on {planet_name(b)}"))
        elif code == k.E_PLACE:
            ev.append(dict(event="place", player=a, planet=b, ships=d,
                           text=f"     {d} ship(s) of seat {a} {ctx_names.get(c, 'placed')} to {planet_name(b)}"))
        elif code == k.E_NO_COLONY:
            ev.append(dict(event="no_colony", player=a, ships=b,
                           text=f"     seat {a} has no colony: {b} ship(s) go to the warp (CE.16.3)"))
        elif code == k.E_REWARD:
            t = "a card" if b < 0 else f"a ship from the warp to {planet_name(b)}"
            ev.append(dict(event="reward", player=a, choice=b, text=f"     defensive reward for seat {a}: {t}"))
        elif code == k.E_COMP:
            ev.append(dict(event="compensation", player=a, source=b, asked=c, taken=d,
                           text=f"     compensation: seat {a} takes {d} random card(s) from seat {b} (owed {c})"))
        elif code == k.E_GAS:
            ev.append(dict(event="stellar_gas", player=a, text=f"     seat {b}'s compensation claim lapses (Stellar Gas)"))
        elif code == k.E_DEAL_PROPOSE:
            if b < 0:
                ev.append(dict(event="deal_pass", player=a, text=f"     deal: {seat(a)} makes no proposal"))
            else:
                std = " (standard deal)" if c else ""
                ev.append(dict(event="deal_proposal", player=a, code=b,
                               text=f"     deal proposal by {seat(a)}{std}: {deal_text(b)}"))
        elif code == k.E_DEAL_ANSWER:
            ev.append(dict(event="deal_answer", player=a, accept=bool(b),
                           text=f"     {seat(a)} {'accepts' if b else 'rejects'}"))
        elif code == k.E_DEAL_TERM:
            if a in (int(k.TERM_CARDS_OD), int(k.TERM_CARDS_DO)):
                t = f"seat {b} gives {d} card(s) to seat {c}"
            elif a == int(k.TERM_RELEASE):
                t = f"the Zombie (seat {b}) releases {d} ship(s) of seat {c} from the warp"
            else:
                t = f"seat {c} sets up a colony on {planet_name(d)} with {e} ship(s) (granted by seat {b})"
            ev.append(dict(event="deal_term", text=f"     deal term carried out: {t}"))
        elif code == k.E_POWER:
            ev.append(dict(event="power", player=a, on=bool(b),
                           text=f"     seat {a}'s power is {'on' if b else 'off'} ({c} home colonies)"))
        elif code == k.E_ARTIFACT:
            ev.append(dict(event="artifact", player=a, artifact=A.ARTIFACT_NAMES[b], param=c,
                           text=f"   [{A.WINDOW_NAMES[d]}] {seat(a)} plays {art_text(b, c)}"))
        elif code == k.E_ZAP:
            ev.append(dict(event="zap", player=a, text=f"     seat {a}'s power is zapped for this encounter"))
        elif code == k.E_DISCARD:
            why = "new hand" if c == 1 else "Plague"
            ev.append(dict(event="discard", player=a, card=card_name(cfg_arr, b), why=why,
                           text=f"     seat {a} discards {card_name(cfg_arr, b)} ({why})"))
        elif code == k.E_DECK_RESHUFFLE:
            ev.append(dict(event="deck_reshuffle", text=f"   deck empty: {a} discards shuffled into a new deck (A4)"))
        elif code == k.E_SECOND:
            ev.append(dict(event="second", player=a, text=f"   {seat(a)} takes a second encounter"))
        elif code == k.E_EARLY_END:
            ev.append(dict(event="early_end", reason=end_reasons[b],
                           text=f"   encounter ends early: {end_reasons[b]}; NO_RESULT"))
        elif code == k.E_WIN:
            w = [p for p in range(A.MAX_P) if (a >> p) & 1]
            joint = " (joint victory)" if len(w) > 1 else ""
            ev.append(dict(event="winners", seats=w,
                           text=f"winner{'s' if len(w) > 1 else ''}{joint}: {', '.join(seat(p) for p in w)}"))
        elif code == k.E_ALIENS:
            name = A.ALIEN_NAMES[b] if b >= 0 else "no alien"
            off = " (played face down: nopower control)" if b >= 0 and c < 0 else ""
            ev.append(dict(event="alien", player=a, alien=name, text=f"{seat(a)} is the {name}{off}"))
        elif code == k.E_ALIEN:
            if c == int(k.FX_ANTI_MATTER):
                lower_wins = True
            ev.append(dict(event="power", player=a, alien=A.ALIEN_NAMES[b], what=c,
                           text=f"   [{A.ALIEN_RULES[b]}] {seat(a)} ({A.ALIEN_NAMES[b]}): {power_text(k, b, c, d, e)}"))
        elif code == k.E_TIMEOUT:
            ev.append(dict(event="timeout", turns=a, text=f"turn cap reached after {a} turns: no winner (A63)"))
    if log[0, 1]:
        ev.append(dict(event="log_truncated", text="(log truncated)"))
    return ev
