"""One declaration per list in Cosmic Encounter: the words of every configuration choice and data
file value are those of the kernel codes they select (layout.py), the configuration hash keeps
what it kept before it was declared on the parameters (every existing run keeps its seed), and
the documentation's list of kernel parts is the game's."""
import hashlib
import json
import random
import re
from pathlib import Path

import pytest

import simsuite.games.cosmic.api as A
from simsuite import ROOT
from simsuite.errors import BadInput
from simsuite.games import get
from simsuite.games.cosmic import data, game, replay
from simsuite.games.cosmic.bots.basic import weights as W

G = get("cosmic")

# (parameter, kernel code prefix, spelled differently from the code's name)
CHOICES = (("edition", "ED_", {}), ("deal_propose_policy", "PROPOSE_", {}), ("deal_accept_policy", "ACCEPT_", {}),
           ("philanthropist_giver", "PHIL_GIVER_", {}))


@pytest.mark.parametrize("param,prefix,spelled", CHOICES)
def test_each_choice_selects_the_kernel_code_of_its_name(param, prefix, spelled):
    """CE.0.4, CE.51.5, A46: the parameter's value at index i is written to the kernel as i
    (Param.encode) and the kernel compares it with PREFIX<VALUE>: the two are the same code."""
    p = G.param(param)
    assert len(p.choices) >= 2
    for i, word in enumerate(p.choices):
        code = getattr(A, prefix + spelled.get(word, word.upper()))
        assert int(code) == i == p.encode(word), (param, word)
    # and every code of the kernel is a value of the parameter
    assert len(p.choices) == len([k for k, v in vars(A).items() if k.startswith(prefix) and isinstance(v, int)
                                  or k.startswith(prefix) and type(v).__name__ == "int64"])


def test_a_deck_files_kinds_are_the_kernels_card_kinds():
    """CE.1.5 / CE.37 / CE.38: a deck row's kind is loaded as its code K_*; every card kind but the
    flare (CE.45: flares come from the flare file) may be listed."""
    spelled = {"reinforcement": "REINF"}
    for i, kind in enumerate(data.KINDS):
        assert int(getattr(A, "K_" + spelled.get(kind, kind.upper()))) == i
    assert set(data.KINDS) == set(A.KIND_NAMES) - {"flare"}


def test_a_deck_file_row_is_loaded_as_its_kernel_code(tmp_path):
    f = tmp_path / "deck.toml"
    f.write_text("require_ah2000_totals = false\n" + "".join(f'[[card]]\nkind = "{k}"\ncount = 1\nsource = "assumed"\n'
                         + ('value = 4\n' if k in ("attack", "reinforcement") else "")
                         + ('artifact = "plague"\n' if k == "artifact" else "")
                         for k in ("attack", "negotiate", "artifact", "morph", "reinforcement")))
    rows = data.load_deck(f)
    assert [k for k, _, _ in rows] == [A.K_ATTACK, A.K_NEGOTIATE, A.K_ARTIFACT, A.K_MORPH, A.K_REINF]


def test_flare_timings_and_their_replay_words_name_the_same_codes():
    """CE.45: a flare file's timing is loaded as FT_<TIMING>, and the replay says when each acts."""
    for i, t in enumerate(A.FLARE_TIMINGS):
        assert int(getattr(A, "FT_" + t.upper())) == i
    assert set(replay.FLARE_WHEN) == set(A.FLARE_TIMINGS)


def test_the_list_builder_refuses_codes_that_are_not_0_to_n():
    ns = {"Q_A": 0, "Q_B": 2}
    from simsuite.games.cosmic import layout

    saved = {k: getattr(layout, k, None) for k in ns}
    try:
        for k, v in ns.items():
            setattr(layout, k, v)
        with pytest.raises(ValueError, match="Q_"):
            layout._names("Q_")
    finally:
        for k, v in saved.items():
            if v is None:
                delattr(layout, k)
            else:
                setattr(layout, k, v)


# ---- the configuration hash -------------------------------------------------------------------
# The rule before it was declared on the parameters (Param.hashed_at_default, Param.acts), frozen
# here: the lists of exceptions it kept. Every configuration must hash as it did, so every run keeps
# its seed and its records.
_FFG_ONLY = ("ffg_hand_size", "ffg_double_morph", "ffg_reinforcement_players", "ffg_flares", "ffg_flare_limit",
             "ffg_target_requires_defense_colony")
_FLARE_KEYS = ("ffg_flares", "ffg_flare_limit")
_FFG_LATER = {"ffg_target_requires_defense_colony": False}
_LATER = {"deal_leader_margin": 1, "basic_holder_alien": "none", "alien_dealt": "none",
          **{"basic_" + n: d for n, d in W.DEFAULTS.items()},
          **{"basic_holder_" + n: d for n, d in W.DEFAULTS.items()},
          # the answers to powers joined the tuned row after tuned runs were made: left out at their default
          **{"tuned_" + n: W.DEFAULTS[n] for n in W.ANSWERS}}
_TUNED_KEYS = tuple("tuned_" + n for n in W.NAMES)


def _old_canonical_json(g, cfg: dict) -> str:
    cfg = {k: v for k, v in cfg.items() if k not in _LATER or v != _LATER[k]}
    if not g._may_play_tuned(cfg):
        cfg = {k: v for k, v in cfg.items() if k not in _TUNED_KEYS}
    if cfg.get("edition") == "AH2000":
        cfg = {k: v for k, v in cfg.items() if k not in _FFG_ONLY}
    else:
        if cfg.get("ffg_flares", "none") == "none":
            cfg = {k: v for k, v in cfg.items() if k not in _FLARE_KEYS}
        cfg = {k: v for k, v in cfg.items() if k not in _FFG_LATER or v != _FFG_LATER[k]}
    c = dict(cfg)
    for p in g.params:
        if p.kind == "path":
            c[p.name] = hashlib.sha256(Path(c[p.name]).read_bytes()).hexdigest()
    return json.dumps({"game": g.name, **c}, sort_keys=True)


CUSTOM = {"aliens": ("random", "none", "all", "Macron,Virus,none"), "alien_pool": ("all", "Macron,Virus,Oracle,Zombie"),
          "ffg_flares": ("none", "assumed"), "basic_holder_alien": ("none", "Oracle"),
          "alien_dealt": ("none", "Virus"),
          "strategies": ("basic", "tuned", "basic,tuned,random", "random,nopower", "search_tuned,basic")}


def _values(p):
    if p.name in CUSTOM:
        return CUSTOM[p.name]
    if p.kind == "choice":
        return p.choices
    if p.kind == "bool":
        return (False, True)
    if p.kind in ("int", "float"):
        return tuple({p.default, p.lo, p.hi})
    return (p.default,)


def _configurations(n: int, seed: int = 7):
    rng = random.Random(seed)
    out = []
    for i in range(n):
        ov = {"edition": ("AH2000", "FFG2008")[i % 2], "players": 4}
        for p in G.params:
            if p.name not in ("players", "rotate", "max_turns", "deck", "order_discs") and rng.random() < 0.25:
                ov[p.name] = rng.choice(_values(p))
        try:
            out.append(G.resolve(ov))
        except BadInput:
            continue
    return out


def test_the_config_hash_of_every_configuration_is_what_it_was():
    """Seeds (run_key(seed, config_hash)) and so records stay as they were for every configuration:
    the rule declared on the parameters gives the bytes the lists of exceptions gave."""
    cfgs = _configurations(400)
    assert len(cfgs) >= 200
    # the cases the rule tells apart all occur
    assert {c["edition"] for c in cfgs} == {"AH2000", "FFG2008"}
    assert any(c["edition"] == "FFG2008" and c["ffg_flares"] != "none" for c in cfgs)
    assert any(G._may_play_tuned(c) for c in cfgs) and any(not G._may_play_tuned(c) for c in cfgs)
    assert any(c["deal_leader_margin"] != 1 for c in cfgs) and any(c["basic_holder_alien"] != "none" for c in cfgs)
    for c in cfgs:
        assert G.canonical_json(c) == _old_canonical_json(G, c), c
    # and the defaults, each edition
    for ed in ("AH2000", "FFG2008"):
        c = G.resolve({"edition": ed, "players": 4})
        assert G.canonical_json(c) == _old_canonical_json(G, c)


def test_the_hash_rule_is_declared_on_the_parameters_not_in_lists():
    """No list of exceptions is left for a new parameter to join: the rule is each Param's."""
    for name in ("LATER", "FFG_LATER", "FLARE_KEYS", "FFG_ONLY", "TUNED_KEYS"):
        assert not hasattr(game, name), name
    assert type(G).canonical_json is type(G).__mro__[1].canonical_json  # the base's, from Param.in_hash
    later = {p.name for p in G.params if not p.hashed_at_default}
    assert later == set(_LATER) | set(_FFG_LATER) | {"ffg_flares"}


def test_a_parameter_that_does_not_act_or_sits_at_a_later_default_leaves_the_hash():
    ah = G.resolve({"edition": "AH2000", "players": 4})
    assert G.config_hash({**ah, "ffg_hand_size": 9}) == G.config_hash(ah)  # FFG2008 only
    assert G.config_hash({**ah, "deal_leader_margin": 3}) != G.config_hash(ah)
    ffg = G.resolve({"edition": "FFG2008", "players": 4})
    assert G.config_hash({**ffg, "ffg_flare_limit": "per_card"}) == G.config_hash(ffg)  # no flares in the deck
    assert G.config_hash({**ffg, "ffg_hand_size": 9}) != G.config_hash(ffg)


# ---- the kernel's part list ---------------------------------------------------------------------
def test_the_docs_list_every_kernel_part_in_order():
    """docs/internals/layout.md lists the Cosmic kernel's parts in the order codegen pastes them
    (Cosmic.kernel_files); core.py's docstring points to that list instead of keeping its own."""
    text = (ROOT / "docs" / "internals" / "layout.md").read_text()
    block = text.split("simsuite/games/cosmic/kernel/", 1)[1].split("\nsimsuite/", 1)[0]
    listed = re.findall(r"^ {4}(\w+)\.py ", block, flags=re.M)
    assert listed == [p.stem for p in G.kernel_files]
    core = (ROOT / "simsuite" / "games" / "cosmic" / "kernel" / "core.py").read_text().split('"""')[1]
    assert "KERNEL_PARTS" in core and "regroup_alliances" not in core  # no second list to keep in step
