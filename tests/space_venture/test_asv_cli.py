"""Bad input for Amazing Space Venture: one line naming the field and what is allowed, exit 2,
no traceback; data files are validated on load (ASV.4.4, ASV.5.1); --json output of a run."""
import json
import re

import pytest
from test_cli import assert_bad, sim

from simsuite.errors import BadInput
from simsuite.games.space_venture.data import DEFAULT_CARDS, DEFAULT_TILES, load_cards, load_tiles


def _edit(tmp_path, src, name, fn):
    f = tmp_path / name
    f.write_text(fn(src.read_text()))
    return f


@pytest.mark.parametrize("edit, words", [
    (lambda s: s.replace('id = "deep-space"\nkind = "space"\nedges = { N = "DEEP", E = "DEEP", S = "DEEP", W = "DEEP" }\ncopies = 8',
                         'id = "deep-space"\nkind = "space"\nedges = { N = "DEEP", E = "DEEP", S = "DEEP", W = "DEEP" }\ncopies = 7'),
     ["78 space tiles", "79 with 4 suns and 3 quests"]),
    (lambda s: s.replace('sun = "NE"\ncopies = 4', 'sun = "NE"\ncopies = 3'), ["3 suns", "4 suns"]),
    (lambda s: s.replace('quest = "TRADE_POLICY"', 'quest = "PEACE_TREATY"'), ["one of each"]),
    (lambda s: s.replace('paths = [["N", "S"]]\ncopies = 6', 'paths = [["N", "E"]]\ncopies = 6'),
     ["path end E", "PATH edge"]),
    (lambda s: s.replace('galaxies = [["N", "E"]]', 'galaxies = [["N"]]'), ["GALAXY edge", "one galaxy area"]),
    (lambda s: s.replace('edges = { N = "GALAXY", E = "DEEP", S = "DEEP", W = "DEEP" }', 'edges = { N = "STARS" }', 1),
     ["edge N", "DEEP, PATH, GALAXY"]),
    (lambda s: s.replace('paths = [["N", "BLACK_HOLE"]]\nblack_hole = true', 'paths = [["N", "BLACK_HOLE"]]'),
     ["BLACK_HOLE", "black_hole = true"]),
    (lambda s: s.replace('copies = 6\nsource = "assumed"', 'copies = 6\nsource = "guess"', 1), ["source", "assumed"]),
    (lambda s: s + "\n[[tile]]\nid = 'x'\nkind = 'start_home'\nhome_colour = 'blue'\nplanet = 4\n", ["second home tile", "blue"]),
    (lambda s: s.replace('[[tile]]', '[[tile]\n', 1), ["malformed TOML"]),
])
def test_asv_4_4_tile_file_is_validated(tmp_path, edit, words):
    f = _edit(tmp_path, DEFAULT_TILES, "tiles.toml", edit)
    with pytest.raises(BadInput) as e:
        load_tiles(f)
    msg = str(e.value)
    assert msg.startswith("tiles: ") and "\n" not in msg
    for w in words:
        assert w in msg, msg


@pytest.mark.parametrize("edit, words", [
    (lambda s: s.replace('name = "Planet 0"\ncategory = "PLANET"\nvalue = 0\ncount = 4', 'name = "Planet 0"\ncategory = "PLANET"\nvalue = 0\ncount = 3'),
     ["29 PLANET", "need 30"]),
    (lambda s: s.replace('name = "Special action"\ncategory = "SPECIAL_ACTION"\ncount = 16', 'name = "Special action"\ncategory = "SPECIAL_ACTION"\ncount = 15'),
     ["25 SPECIAL_ACTION", "26"]),
    (lambda s: s.replace('ship_type = "STARTER"\nmove = 1', 'ship_type = "STARTER"\nmove = 2'), ["starting ship", "M+1"]),
    (lambda s: s.replace('ship_type = "SCOUT"', 'ship_type = "ROWBOAT"'), ["ship_type", "SCOUT"]),
    (lambda s: s.replace('value = -2', 'value = "minus two"'), ["value", "-9..9"]),
    (lambda s: s.replace('multiplier = 2', 'multiplier = 4'), ["multiplier", "1..3"]),
])
def test_asv_5_1_card_file_is_validated(tmp_path, edit, words):
    f = _edit(tmp_path, DEFAULT_CARDS, "cards.toml", edit)
    with pytest.raises(BadInput) as e:
        load_cards(f)
    msg = str(e.value)
    assert msg.startswith("cards: ") and "\n" not in msg
    for w in words:
        assert w in msg, msg


def test_default_data_loads_and_is_marked():
    tiles = load_tiles(DEFAULT_TILES)
    cards = load_cards(DEFAULT_CARDS)
    assert len(tiles) == 88 and len(cards) == 138
    # every entry says where it comes from (data.md): the unpublished faces are "assumed"
    for f in (DEFAULT_TILES, DEFAULT_CARDS):
        text = f.read_text()
        entries = text.count("[[tile]]") + text.count("[[card]]")
        assert len(re.findall(r'^source = "(rules|assumed|published list)"', text, re.M)) == entries


@pytest.mark.parametrize("args, words", [
    (["--players", "5"], ["players", "2..4"]),
    (["--set", "sun_points=1+2"], ["sun_points", "four integers"]),
    (["--set", "station_sun_rule=sometimes"], ["station_sun_rule", "end_only, never, blocks_cash"]),
    (["--set", "path_travel_cost=per_tile"], ["path_travel_cost", "whole_move"]),
    (["--strategies", "basik"], ["strategies", "did you mean basic"]),
])
def test_cli_bad_parameters(args, words):
    assert_bad(sim("run", "space-venture", "--games", "10", *args), *words)


def test_cli_bad_data_file_gives_one_line(tmp_path):
    f = _edit(tmp_path, DEFAULT_TILES, "t.toml", lambda s: s.replace('copies = 8', 'copies = 9'))
    assert_bad(sim("run", "space-venture", "--games", "10", "--set", f"tiles={f}"), "tiles:", "80 space tiles")
    assert_bad(sim("run", "space-venture", "--games", "10", "--set", f"cards={tmp_path / 'none.toml'}"), "cards")


def test_cli_run_json(tmp_path):
    r = sim("run", "space-venture", "--players", "3", "--games", "200", "--strategies", "basic,random",
            "--json", "--out", tmp_path / "r")
    assert r.returncode == 0, r.stderr
    d = json.loads(r.stdout)
    text = json.dumps(d)
    assert "pts_planets" in text and "turns" in text
