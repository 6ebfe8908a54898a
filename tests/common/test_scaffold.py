"""The shared scaffold every game is built on (simsuite/scaffold/, simsuite/engine/records.py
COMMON_FIELDS, Param.slot): the layout header and builder, the parameter slots of build_cfg, the
TOML checks, the replay event tables, and no imports between game folders. No kernel is compiled."""
import ast
import sys
from pathlib import Path

import numpy as np
import pytest

from simsuite import ROOT
from simsuite.engine.records import COMMON_FIELDS, RecordLayout, common, field, per_seat
from simsuite.errors import BadInput
from simsuite.games import get, names
from simsuite.scaffold import layout as L
from simsuite.scaffold.data import need, need_int, read_toml, source, table_rows

GAMES = names()  # the registry: every game, the test folder's own (tests/pig) included


def api_of(G):
    return G.api


# ---- layout -------------------------------------------------------------------------------------
def test_header_words_are_distinct_and_the_options_come_last():
    offs = sorted((getattr(L, n), n) for n in L.STATE_HEADER)
    sizes = {"S_SCR": L.SCRATCH, "S_STRAT": L.MAX_SEATS}
    end = 0
    for off, name in offs:
        assert off == end, (name, off, end)  # contiguous from 0, no overlap
        end = off + sizes.get(name, 1)
        if name == "S_OPT":
            break
    assert offs[-1][1] == "S_OPT"  # sized by the game: nothing of the header may follow it
    assert L.state_layout(10).size == L.S_OPT + 18
    assert L.config_layout().size == L.C_LINEUP + L.MAX_SEATS == L.CFG_HEADER_SIZE


def test_layout_builder_hands_out_consecutive_regions():
    lay = L.Layout(5)
    assert (lay.add(), lay.add(3), lay.add()) == (5, 6, 9)
    assert lay.size == 10 and lay.regions == [(5, 1), (6, 3), (9, 1)]
    with pytest.raises(ValueError):
        lay.add(0)


@pytest.mark.parametrize("game", GAMES)
def test_each_game_api_has_the_header_and_no_overlapping_words(game):
    A = api_of(get(game))
    for name in (*L.STATE_HEADER, *L.CFG_HEADER):
        assert getattr(A, name) == getattr(L, name), name
    assert A.MAX_P <= L.MAX_SEATS
    for lay, prefix, size in ((A._S, "S_", A.STATE_SIZE), (A._C, "C_", A.CFG_SIZE)):
        regions = sorted(lay.regions)
        start = L.S_OPT + A.MAX_OPT + 8 if prefix == "S_" else L.CFG_HEADER_SIZE
        assert regions[0][0] == start  # the game's words begin right after the header
        for (o1, n1), (o2, _) in zip(regions, regions[1:]):
            assert o1 + n1 == o2
        assert regions[-1][0] + regions[-1][1] == size
        header = {getattr(L, n) for n in (L.STATE_HEADER if prefix == "S_" else L.CFG_HEADER)}
        for name, v in vars(A).items():  # every offset constant lies in a region of its array (a region's
            # start, or a named word inside one, as Space Venture's C_QPTS_POWER), or is a header word
            if name.startswith(prefix) and isinstance(v, int) and not isinstance(v, bool) and name.isupper():
                assert v in header or any(o <= v < o + n for o, n in regions), name
        # a game's own word never takes a header word's name (it would shadow the header's word)
        own = {n for n, v in vars(A).items() if n.startswith(prefix) and isinstance(v, int) and n.isupper()}
        for n in own & set(L.STATE_HEADER if prefix == "S_" else L.CFG_HEADER):
            assert getattr(A, n) == getattr(L, n), n


def test_reader_factories_read_the_word_they_name():
    a = np.arange(40, dtype=np.int64) * 10
    assert L.word(np.int64(7).item())(a) == 70
    assert L.item(5)(a, 3) == 80
    assert L.cell(4, 6)(a, 2, 1) == 170
    A = get("cosmic").api
    st = np.zeros(A.STATE_SIZE, np.int64)
    st[A.S_PS + 2 * A.MAX_PLANETS + 7] = 3
    st[A.S_WARP + 1] = 9
    assert A.ships_on(st, 2, 7) == 3 and A.warp(st, 1) == 9 and A.option(st, 0) == 0


# ---- records --------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_records_have_the_common_fields_and_their_constants(game):
    G = get(game)
    R = sys.modules[type(G).__module__.rsplit(".", 1)[0] + ".records"]
    for name, (const, seat_field, _doc) in COMMON_FIELDS.items():
        assert getattr(R, const) == G.layout.offsets[name]
        assert (dict((n, k) for n, k, _ in G.layout.vector_fields).get(name, 1) == G.max_players) == seat_field
    assert R.N_COLS == G.layout.n_cols


def test_record_layout_refuses_a_record_without_the_common_fields():
    scalar = [common(n) for n in COMMON_FIELDS if not COMMON_FIELDS[n][1]]
    seats = per_seat(4, *(common(n) for n in COMMON_FIELDS if COMMON_FIELDS[n][1]))
    assert RecordLayout(scalar, seats).n_cols == len(scalar) + 4 * len(seats)
    with pytest.raises(ValueError, match="turns"):
        RecordLayout([f for f in scalar if f.name != "turns"], seats)
    with pytest.raises(ValueError, match="per seat"):
        RecordLayout(scalar, [common(n) for n in COMMON_FIELDS if COMMON_FIELDS[n][1]])
    with pytest.raises(ValueError, match="common"):
        field("score", "R_X", "doc")


# ---- parameters with a slot: build_cfg -------------------------------------------------------------
def _other_value(G, p, base):
    """A valid value of parameter p other than its default (None if there is none)."""
    if p.kind == "bool":
        cands = [not p.default]
    elif p.kind == "choice":
        cands = [c for c in p.choices if c != p.default]
    elif p.kind == "sizes":
        cands = ["3+4", "none"]
    else:
        cands = [p.default - 1, p.default + 1]
    for v in cands:
        try:
            return G.resolve({**base, p.name: v})
        except BadInput:
            continue
    return None


@pytest.mark.parametrize("game", GAMES)
def test_every_slot_names_one_config_word_and_build_cfg_fills_it(game):
    """Round trip: a parameter changed alone changes its own word of build_cfg to encode(value),
    and (but for players, which also re-deals the line-up) no other word."""
    G = get(game)
    A = api_of(G)
    slots = [p.slot for p in G.params if p.slot]
    assert len(slots) == len(set(slots)) and all(isinstance(getattr(A, s), int) for s in slots)
    base = {}
    c0 = G.build_cfg(G.resolve(base))
    checked = 0
    for p in G.params:
        if not p.slot:
            continue
        assert c0[getattr(A, p.slot)] == p.encode(G.resolve(base)[p.name]), p.name
        cfg = _other_value(G, p, base)
        assert cfg is not None, p.name
        c1 = G.build_cfg(cfg)
        assert c1[getattr(A, p.slot)] == p.encode(cfg[p.name]) != c0[getattr(A, p.slot)], p.name
        if p.kind == "choice" and p.encoder is None:
            assert p.choices[c1[getattr(A, p.slot)]] == cfg[p.name]  # the index decodes back
        if p.name != "players":
            assert list(np.flatnonzero(c1 != c0)) == [getattr(A, p.slot)], p.name
        checked += 1
    assert checked == len(slots) and {"C_NP", "C_ROTATE", "C_MAX_TURNS"} <= set(slots)


def test_encode_of_each_kind():
    G = get("star-cartel")
    assert G.param("setup_purge_sizes").encode("3+4") == (1 << 3) | (1 << 4)
    assert G.param("setup_purge_sizes").encode("none") == 0
    assert G.param("third_card_scope").encode("anywhere") == 1
    assert G.param("rotate").encode(True) == 1
    assert get("cosmic").param("two_player_order_discs").encode("used") == 1  # its own encoder
    with pytest.raises(ValueError, match="encoder"):
        G.param("contraband").__class__(**{**G.param("contraband").__dict__, "slot": "C_NP"}).encode("x")


# ---- data files: one line naming the field and what is allowed ------------------------------------
def _bad(fn, path, *words, field_name):
    with pytest.raises(BadInput) as e:
        fn(path)
    msg = str(e.value)
    assert "\n" not in msg and msg.startswith(f"{field_name}: "), msg
    for w in words:
        assert w in msg, (w, msg)


@pytest.mark.parametrize("text, words", [
    (None, ["does not exist"]),
    ("card = [", ["malformed TOML"]),
    ("x = 1\n", ["no [[card]] rows"]),
    ("card = [1, 2]\n", ["card #1 is not a table"]),
    ('[[card]]\ntype = "FOOD"\nsize = "two"\ncount = 1\n', ["card #1", "'size'", "wrong type"]),
    ('[[card]]\ntype = "GOLD"\nsize = 2\ncount = 1\n', ["type 'GOLD'", "allowed: FOOD"]),
    ('[[card]]\ntype = "FOOD"\nsize = 2\ncount = 90\nsource = "rumour"\n', ["source 'rumour'", "allowed: rules"]),
])
def test_contraband_file_errors(tmp_path, text, words):
    from simsuite.games.star_cartel.data import load_contraband

    f = tmp_path / "c.toml"
    if text is not None:
        f.write_text(text)
    _bad(load_contraband, f, *words, field_name="contraband")


from simsuite.games.cosmic.api import MAX_CARDS as _MAXC  # noqa: E402  (beside the tests that use it)


@pytest.mark.parametrize("text, words", [
    # one more than the largest deck the kernel holds (api.MAX_CARDS: 96 since FFG2008's 72 cards and flares)
    (f'[[card]]\nkind = "attack"\nvalue = 4\ncount = {_MAXC + 1}\nsource = "rules"\n',
     ["card #1", f"'count' = {_MAXC + 1}", f"allowed: 0..{_MAXC}"]),
    ('[[card]]\nkind = "attack"\nvalue = true\ncount = 1\nsource = "rules"\n', ["'value' = True", "an integer in 0..99"]),
    ('[[card]]\nkind = "attack"\nvalue = 4\ncount = 1\n', ["source None", "every value needs one"]),
    ('require_ah2000_totals = 1\n[[card]]\nkind = "attack"\nvalue = 4\ncount = 1\nsource = "rules"\n',
     ["require_ah2000_totals = 1", "allowed: true, false"]),
])
def test_deck_file_errors(tmp_path, text, words):
    from simsuite.games.cosmic.data import load_deck

    f = tmp_path / "d.toml"
    f.write_text(text)
    _bad(load_deck, f, *words, field_name="deck")


def test_shared_checks_directly(tmp_path):
    (tmp_path / "u.toml").write_bytes(b'name = "caf\xe9"\n')
    with pytest.raises(BadInput, match="x: .*not UTF-8"):
        read_toml(tmp_path / "u.toml", "x")
    with pytest.raises(BadInput, match="x: .* is a directory"):
        read_toml(tmp_path, "x")
    rows = table_rows({"r": [{"a": 1}, {"a": True}]}, "r", "x", Path("f.toml"))
    assert [w for w, _ in rows] == ["f.toml r #1", "f.toml r #2"]
    assert need(rows[0][1], "a", int, "x", "here") == 1
    with pytest.raises(BadInput, match="wrong type"):
        need(rows[1][1], "a", int, "x", "here")  # a bool is not an int
    assert need(rows[1][1], "a", bool, "x", "here") is True
    with pytest.raises(BadInput, match=r"x: here: 'a' = 1; allowed: 2\.\.3"):
        need_int(rows[0][1], "a", "x", "here", 2, 3)
    assert source({}, "x", "here", default="assumed") == "assumed"


def test_a_bad_data_row_is_one_line_and_status_2_on_the_cli(tmp_path):
    from test_cli import assert_bad, sim

    f = tmp_path / "c.toml"
    f.write_text("card = [1]\n")
    assert_bad(sim("run", "star-cartel", "--games", "10", "--set", f"contraband={f}"), "contraband", "not a table")


# ---- replay event tables ----------------------------------------------------------------------------
def _describe(game, kernel, log):
    """The game's own replay text of a log (Game.describe), default configuration, game 0."""
    G = get(game)
    cfg = G.resolve({})
    return G.describe(kernel, log, G.build_cfg(cfg), cfg, 0)


def _log(rows):
    log = np.zeros((len(rows) + 1, 8), np.int64)
    log[0, 0] = len(rows)
    for i, r in enumerate(rows, start=1):
        log[i, :7] = r
    return log


@pytest.mark.parametrize("game", GAMES)
def test_the_event_table_renders_every_event_kind(game):
    """Every E_* code the kernel logs has a table entry (Cosmic's NOT_SHOWN aside), and every entry
    renders from a log row: its name, its fields, a text with no template left in it."""
    G = get(game)
    k = G.kernel()  # imports the generated module; nothing is compiled until a kernel is called
    mod = sys.modules[type(G).__module__.rsplit(".", 1)[0] + ".replay"]
    table = G.events
    codes = {n for n in vars(k) if n.startswith("E_") and n.isupper()}
    assert codes - table.codes() == set(getattr(mod, "NOT_SHOWN", ())), codes - table.codes()
    for ev in table.events:
        rendered = None
        for row in ((1, 1, 1, 1, 1, 1), (1, -1, 1, 1, 1, 1), (1, 1, 0, 1, 1, 1)):  # c = 0: rows chosen by `when`
            out = _describe(game, k, _log([(int(getattr(k, ev.code)), *row)]))
            if out and out[0]["event"] == ev.name:
                rendered = out[0]
                break
        assert rendered is not None, ev.name
        assert list(rendered) == ["event", *ev.fields, "text"]
        assert rendered["text"].strip() and "{" not in rendered["text"], rendered


def test_event_texts_say_what_happened():
    k = get("star-cartel").kernel()
    out = _describe("star-cartel", k, _log([(int(k.E_MARKER), 2, 5, 2, 1, 1, 0),
                                            (int(k.E_WINNERS), 0b101, 2, 40, 0, 0, 0)]))
    assert out[0] == dict(event="marker", type="PLANTS", old=5, delta=2, new=1, crashed=True,
                          text="     market PLANTS: 5 +2 -> 1 CRASH")
    assert out[1]["seats"] == [0, 2] and out[1]["text"] == "winners: seat 0 (market), seat 2 (random) with 40"
    kc = get("cosmic").kernel()
    fx = int(kc.FX_ANTI_MATTER)
    out = _describe("cosmic", kc, _log([(int(kc.E_TOTALS), 3, 2, 5, 4, 1, 5), (int(kc.E_ALIEN), 1, 1, fx, 0, 0, 0),
                                        (int(kc.E_TOTALS), 3, 2, 5, 4, 1, 5), (int(kc.E_REVEAL), 0, 1, 0, 0, 0, 0),
                                        (int(kc.E_TOTALS), 3, 2, 5, 4, 1, 5)]))
    assert [e.get("lower_wins") for e in out if e["event"] == "totals"] == [False, True, False]
    assert out[2]["text"].endswith("(Anti-Matter: the lower total wins)")


def test_the_default_describe_names_each_game_s_seats():
    """Game.describe (the base class's, which Star Cartel and the test folder's pig use): seat(p) names
    the strategy that seat plays in that game, so with rotate on the names move round the table game
    by game (the line-up rotation is the simulator's, not a rule), and bits(mask) lists the winners' seats."""
    G = get("star-cartel")
    k = G.kernel()
    cfg = G.resolve({"players": 3, "strategies": "market,random,greedy", "rotate": "true"})
    log = _log([(int(k.E_WINNERS), 0b110, 2, 40, 0, 0, 0)])
    texts = [G.describe(k, log, G.build_cfg(cfg), cfg, g)[0]["text"] for g in (0, 1)]
    assert texts == ["winners: seat 1 (random), seat 2 (greedy) with 40",
                     "winners: seat 1 (greedy), seat 2 (market) with 40"]


def test_a_game_without_an_event_table_must_describe_its_own_replay():
    from simsuite.games.base import Game

    class Bare(Game):
        name = "bare"

    with pytest.raises(NotImplementedError, match="bare declares no replay event table"):
        Bare().describe(None, _log([]), None, {"strategies": "x", "players": 1}, 0)


def test_a_truncated_log_says_so():
    k = get("star-cartel").kernel()
    log = _log([(int(k.E_START), 0, 0, 0, 0, 0, 0)])
    log[0, 1] = 1
    assert [e["event"] for e in _describe("star-cartel", k, log)] == ["start", "log_truncated"]


# ---- no game imports another ----------------------------------------------------------------------
def test_no_imports_between_game_folders():
    games_dir = ROOT / "simsuite" / "games"
    folders = [d.name for d in games_dir.iterdir() if d.is_dir() and (d / "__init__.py").exists()]
    assert len(folders) >= 2
    for d in folders:
        for f in (games_dir / d).rglob("*.py"):
            for node in ast.walk(ast.parse(f.read_text())):
                mods = []
                if isinstance(node, ast.ImportFrom) and node.module:
                    mods = [node.module]
                elif isinstance(node, ast.Import):
                    mods = [a.name for a in node.names]
                for m in mods:
                    for other in folders:
                        assert other == d or not m.startswith(f"simsuite.games.{other}"), (f, m)


@pytest.mark.parametrize("game", GAMES)
def test_the_prelude_is_pasted_once_after_the_first_part(game):
    from simsuite.engine.codegen import cache_dir, kernel_source
    from simsuite.games.base import PRELUDE

    G = get(game)
    parts = G.kernel_parts()
    k = len(G.kernel_files)
    assert parts[0] == G.kernel_files[0] and parts[1] == PRELUDE and parts[2:k + 1] == list(G.kernel_files[1:])
    # after the game's own parts only generated ones (a game's plug-in files, pasted from the kernel cache)
    assert all(p.parent == cache_dir() / "kernels" for p in parts[k + 1:])
    src = kernel_source(parts)  # raises if a prelude name is defined by the game too
    assert src.count("\ndef _decide(") == 1 and src.count("\ndef _shuffle(") == 1
