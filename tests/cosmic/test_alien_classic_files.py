"""The classics through the power API: the alien files of simsuite/data/aliens/cosmic_classics
(Filch, Healer, Mind, Pacifist, Trader, Virus; CLASSIC = their name) replace the built-in code of
those six under the same ids, and the games are the same game for game: the records of fixed
batches (every seat basic, the 20 aliens dealt at random, both editions) are byte-identical with
and without the files. A file that changed one decision, one card drawn or one total would change
the records of the games where that alien sits (about 1 in 5 of them at 4 players).
"""
import os

import numpy as np
import pytest
from harness import extra_dirs, kernel_of

from simsuite.engine.rng import run_key
from simsuite.games import get
from simsuite.plugin_dirs import ENV
from simsuite.resources import DATA

pytestmark = pytest.mark.own_kernel  # the classics as alien files: a kernel of their own

CLASSICS = DATA / "aliens" / "cosmic_classics"
CASES = [
    {"players": 4, "aliens": "random", "strategies": "basic"},
    {"players": 3, "aliens": "random", "strategies": "basic,power_random,basic"},
    {"edition": "FFG2008", "players": 5, "aliens": "random", "strategies": "basic"},
    {"players": 4, "aliens": "Filch,Healer,Mind,Pacifist", "strategies": "basic"},
    {"edition": "FFG2008", "players": 4, "aliens": "Trader,Virus,Mind,Healer", "strategies": "basic"},
    # the naive policy draws at random at each power decision: an ask too many or too few, or with
    # another number of options, shifts the generator and every card after it
    {"players": 4, "aliens": "Filch,Healer,Mind,Pacifist", "strategies": "power_random"},
    {"edition": "FFG2008", "players": 3, "aliens": "Trader,Virus,Filch", "strategies": "power_random,basic"},
]


@pytest.fixture(scope="module")
def both():
    game = get("cosmic")
    builtin = kernel_of("cosmic")
    old = os.environ.get(ENV)
    os.environ[ENV] = str(CLASSICS)
    try:
        from simsuite.games.cosmic.alien_files import discover

        files = discover()
        assert sorted(a.classic for a in files) == ["Filch", "Healer", "Mind", "Pacifist", "Trader", "Virus"]
        # the same strategy folders as the built-in kernel: strategy ids are positions in that list
        through_files = game.kernel(extra_dirs(game))
    finally:
        if old is None:
            del os.environ[ENV]
        else:
            os.environ[ENV] = old
    assert through_files is not builtin
    return game, builtin, through_files


@pytest.mark.parametrize("over", CASES)
def test_classic_files_give_the_same_games(both, over):
    game, builtin, files = both
    dirs = extra_dirs(game)
    cfg = game.resolve(over, dirs)
    carr, key = game.build_cfg(cfg, dirs), run_key(7, game.config_hash(cfg))
    a = game.run_range(builtin, carr, key, 0, 4000)
    b = game.run_range(files, carr, key, 0, 4000)
    assert np.array_equal(a, b)
    # the six act in these games (not a comparison of games where they never did anything)
    six = [game.api.A_FILCH, game.api.A_HEALER, game.api.A_MIND, game.api.A_PACIFIST, game.api.A_TRADER,
           game.api.A_VIRUS]
    held = np.isin(a["alien"], six)
    assert a["power_uses"][held].sum() > 0
