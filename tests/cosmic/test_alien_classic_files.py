"""The classics written as alien files: the package's files of simsuite/data/aliens/cosmic_classics
(Amoeba, Anti-Matter, Chronos, Clone, Empath, Filch, Healer, Laser, Macron, Mind, Mutant, Oracle, Pacifist, Parasite,
Philanthropist, Sorcerer, Trader, Virus, Vulch, Zombie) are the engine's only code for those aliens, under their classic ids. A user's file with CLASSIC = one of them replaces the package's; copies of
them in a plug-in folder give the same games as the package's files, although a user's file is
checked against the CE.70 invariants after every turn in which its hook ran and the package's are not.
"""
import ast
import os
import shutil
from pathlib import Path

import numpy as np
import pytest
from harness import extra_dirs, kernel_of

from simsuite.engine.rng import run_key
from simsuite.errors import BadInput
from simsuite.games import get
from simsuite.plugin_dirs import ENV

pytestmark = pytest.mark.own_kernel  # the user's copies of the classics: a kernel of their own

AS_FILES = ["Amoeba", "Anti-Matter", "Chronos", "Clone", "Empath", "Filch", "Healer", "Laser", "Macron", "Mind",
            "Mutant", "Oracle", "Pacifist", "Parasite", "Philanthropist", "Sorcerer", "Trader", "Virus", "Vulch",
            "Zombie"]
CASES = [
    {"players": 4, "aliens": "random", "strategies": "basic"},
    {"edition": "FFG2008", "players": 5, "aliens": "random", "strategies": "basic"},
    {"players": 4, "aliens": "Filch,Healer,Mind,Pacifist", "strategies": "basic"},
    {"players": 3, "aliens": "Clone,Filch,Sorcerer", "strategies": "basic"},
    {"players": 4, "aliens": "Sorcerer,Chronos,Oracle,Clone", "strategies": "power_random"},
    {"players": 4, "aliens": "Mutant,Trader,Mind,Filch", "strategies": "power_random"},
    {"players": 4, "aliens": "Empath,Pacifist,Oracle,Chronos", "strategies": "power_random", "empath_optional": True},
    {"players": 4, "aliens": "Philanthropist,Parasite,Mind,Mutant", "strategies": "power_random",
     "philanthropist_giver": "main_or_ally", "philanthropist_to_allies": True},
    {"edition": "FFG2008", "players": 4, "aliens": "Trader,Virus,Mind,Healer", "strategies": "basic"},
    # the naive policy draws at random at each power decision: an ask too many or too few, or with
    # another number of options, shifts the generator and every card after it
    {"players": 4, "aliens": "Filch,Healer,Mind,Pacifist", "strategies": "power_random"},
    {"edition": "FFG2008", "players": 3, "aliens": "Trader,Virus,Filch", "strategies": "power_random,basic"},
    {"players": 4, "aliens": "Clone,Filch,Chronos,Virus", "strategies": "power_random"},
    # the Zombie's loss before the Healer's (CE.20.6) and its RELEASE term in deals (CE.22.20); the
    # Vulch's collections in Zap chains (AH2000) and Card Zap chains (FFG2008)
    {"players": 4, "aliens": "Zombie,Healer,Vulch,Oracle", "strategies": "power_random"},
    {"edition": "FFG2008", "players": 5, "aliens": "Healer,Macron,Zombie,Anti-Matter,Oracle", "strategies": "basic"},
    # the Parasite's uninvited answers (step 7) and W-7 joins; the Amoeba's adjustments at W-8, again
    # after a Chronos time travel
    {"edition": "FFG2008", "players": 5, "aliens": "Parasite,Amoeba,Chronos,Macron,Healer", "strategies": "power_random"},
    {"players": 4, "aliens": "Amoeba,Chronos,Parasite,Sorcerer", "strategies": "power_random"},
    {"edition": "FFG2008", "players": 4, "aliens": "Amoeba,Parasite,Anti-Matter,Sorcerer", "strategies": "basic"},
    # the Laser selects first and may blind, the Oracle's opponent selects first, face up (CE.23.1),
    # with a Chronos redo and a Sorcerer's swap after them
    {"players": 4, "aliens": "Laser,Oracle,Chronos,Sorcerer", "strategies": "power_random"},
    {"edition": "FFG2008", "players": 4, "aliens": "Oracle,Sorcerer,Laser,Chronos", "strategies": "power_random,basic"},
]


class _plugin_dir:
    def __init__(self, d):
        self.d, self.old = str(d), None

    def __enter__(self):
        self.old = os.environ.get(ENV)
        os.environ[ENV] = self.d

    def __exit__(self, *exc):
        if self.old is None:
            del os.environ[ENV]
        else:
            os.environ[ENV] = self.old


def test_the_classics_written_as_files_are_the_packages_files_under_their_classic_ids():
    from simsuite.games.cosmic import api as A
    from simsuite.games.cosmic.aliens.files import CLASSICS, discover, packaged

    files = [a for a in discover() if a.classic]
    assert sorted(a.classic for a in files) == AS_FILES
    assert all(packaged(a) and a.path.parent == CLASSICS for a in files)
    assert all(a.aid == A.ALIEN_NAMES.index(a.classic) for a in files)


def test_no_kernel_part_has_code_of_its_own_for_the_classics_written_as_files():
    """No kernel part names these aliens' ids, nor their decision kinds and power effects: the
    engine keeps no second, built-in version of these powers. (The time travel a Chronos asks for
    is carried out by the engine, which logs it under the Chronos's kind, PK_CHRONOS.)"""
    game = get("cosmic")
    own = {"A_" + n.upper().replace("-", "_") for n in AS_FILES}
    own |= {"PK_CLONE", "PK_EMPATH", "PK_FILCH", "PK_HEALER", "PK_MIND", "PK_MUTANT", "PK_MUTANT_SRC", "PK_PACIFIST",
            "PK_PHILANTHROPIST", "PK_SORCERER", "PK_TRADER", "FX_VIRUS", "FX_EMPATH", "PK_ZOMBIE", "PK_RELEASE",
            "PK_VULCH", "PK_VULCH_KEEP", "PK_AMOEBA", "PK_AMOEBA_BACK", "PK_PARASITE", "PK_LASER", "FX_ORACLE",
            "FX_ANTI_MATTER"}
    for part in game.kernel_parts()[:-1]:  # the last is the generated part: the files themselves
        tree = ast.parse(Path(part).read_text())
        names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
        assert not names & own, f"{Path(part).name} names {sorted(names & own)}"


@pytest.fixture(scope="module")
def both(tmp_path_factory):
    from simsuite.games.cosmic.aliens.files import CLASSICS, discover, packaged

    game = get("cosmic")
    package = kernel_of("cosmic")
    d = tmp_path_factory.mktemp("my_classics")
    for f in CLASSICS.glob("*.py"):
        shutil.copy(f, d / f.name)
    with _plugin_dir(d):
        files = [a for a in discover() if a.classic]
        assert sorted(a.classic for a in files) == AS_FILES and not any(packaged(a) for a in files)
        # the same strategy folders as the package's kernel: strategy ids are positions in that list
        copies = game.kernel(extra_dirs(game))
    assert copies is not package
    return game, package, copies


@pytest.mark.parametrize("over", CASES)
def test_users_copies_of_the_classics_give_the_packages_games(both, over):
    game, package, copies = both
    dirs = extra_dirs(game)
    cfg = game.resolve(over, dirs)
    carr, key = game.build_cfg(cfg, dirs), run_key(7, game.config_hash(cfg))
    a = game.run_range(package, carr, key, 0, 4000)
    b = game.run_range(copies, carr, key, 0, 4000)
    assert np.array_equal(a, b)
    # these aliens act in these games (not a comparison of games where they never did anything)
    api = game.api
    held = np.isin(a["alien"], [api.ALIEN_NAMES.index(n) for n in AS_FILES])
    assert a["power_uses"][held].sum() > 0


def test_two_files_replacing_one_classic_are_refused_in_one_line(tmp_path):
    from simsuite.games.cosmic.aliens.files import CLASSICS, discover

    src = (CLASSICS / "trader.py").read_text()
    (tmp_path / "trader.py").write_text(src)
    (tmp_path / "trader2.py").write_text(src.replace('NAME = "Trader"', 'NAME = "Trader Two"'))
    with _plugin_dir(tmp_path), pytest.raises(BadInput) as e:
        discover()
    assert str(e.value) == (f"alien: Trader is replaced by {tmp_path / 'trader.py'}, {tmp_path / 'trader2.py'}; "
                            "allowed: one file per classic")


def test_a_uses_field_outside_encounter_and_window_is_one_line(tmp_path):
    from simsuite.games.cosmic.aliens.files import CLASSICS, check_source

    f = tmp_path / "sorcerer.py"
    f.write_text((CLASSICS / "sorcerer.py").read_text().replace('USES = "window"', 'USES = "turn"'))
    with pytest.raises(BadInput) as e:
        check_source(f)
    assert str(e.value) == f"alien: {f}: USES 'turn'; allowed: encounter, window"


@pytest.mark.parametrize("line, says", [
    ("SHIP_WEIGHT = 0", "SHIP_WEIGHT 0; allowed: an integer from 1 to 9"),
    ("SHIP_WEIGHT = 2.5", "SHIP_WEIGHT 2.5; allowed: an integer from 1 to 9"),
    ("SHIP_LIMIT = 5", "SHIP_LIMIT 5; allowed: an integer from 1 to 4"),
    ("SHIP_WEIGHT = 1\nSHIP_LIMIT = 4", "no hook; define at least one of"),
    ('SHIP_WEIGHT = 2\nKIND = "sometimes"', "KIND 'sometimes'; allowed: optional, mandatory"),
])
def test_ship_weight_and_limit_declarations_are_checked_in_one_line(tmp_path, line, says):
    """A file's SHIP_WEIGHT (CE.10.2: what each ship counts) and SHIP_LIMIT (CE.6.1, CE.8.4: the most
    ships committed at once) stay inside what the engine carries out; a file that declares neither
    away from the rules' 1 and 4 and has no hook does nothing, and is refused."""
    from simsuite.games.cosmic.aliens.files import CLASSICS, check_source

    f = tmp_path / "heavy.py"
    src = (CLASSICS / "macron.py").read_text().replace('CLASSIC = "Macron"\n', "")
    f.write_text(src.replace("SHIP_WEIGHT = 4\nSHIP_LIMIT = 1", line))
    with pytest.raises(BadInput) as e:
        check_source(f)
    assert str(e.value).startswith(f"alien: {f}: {says}")


def test_each_classics_kind_is_the_kind_its_rule_gives():
    """Each classic's file is optional or mandatory as CE.22 says ("Kind:"), whether it declares
    KIND or it follows from its questions; the naive policies' list (power_value.OPTIONAL) is those
    files' optional ones."""
    import re

    from simsuite.games.cosmic.aliens.files import CLASSICS, check_source
    from simsuite.games.cosmic.studies import power_value as pv

    rules = (Path(__file__).parents[2] / "docs" / "rules" / "cosmic_encounter.md").read_text()
    kinds = dict(re.findall(r"^#### CE\.22\.\d+ (\S+) .*?^- Kind: (optional|mandatory)", rules, re.M | re.S))
    assert len(kinds) == 20
    assert {a.classic: a.kind for a in map(check_source, sorted(CLASSICS.glob("*.py")))} == kinds
    assert pv.OPTIONAL == {n for n, k in kinds.items() if k == "optional"}
