"""The kernel contract (simsuite/engine/kernel_contract.py): what the batch driver and the prelude take from a
game's kernel is checked on the source before numba sees it (one line, exit status 2), and the
files a kernel is built from are found from the imports. No kernel is compiled here."""
from pathlib import Path

import pytest

from simsuite import games
from simsuite.cli import main
from simsuite.engine.codegen import code_digest, kernel_source
from simsuite.engine.kernel_contract import BATCH_DRIVER, derived_deps, kernel_problem, required_names
from simsuite.errors import BadInput
from simsuite.games import get, names


def test_required_names_are_read_from_the_driver_and_the_prelude():
    req = set(required_names())
    # a sample of what the two files use without defining (names the game's kernel gives them)
    assert {"STATE_SIZE", "S_RNG", "S_GAME", "S_STRAT", "S_VIOL", "C_NP", "C_ROTATE", "C_LINEUP", "play_game",
            "score_game", "play_turn", "check_invariants", "E_TIMEOUT", "I0", "N_COLS", "R_GAME", "R_TURNS",
            "S_TURN", "C_MAX_TURNS"} <= req
    # what they define, import or guard themselves is not asked of a game
    assert not req & {"_init_game", "run_batch", "ptr", "njit", "np", "LOG_W", "STATE_ZERO", "strategy_decide",
                      "_decide", "_log", "range"}


@pytest.mark.parametrize("name", names())
def test_every_registered_kernel_keeps_the_contract(name):
    assert kernel_problem(kernel_source(get(name).kernel_parts())) == ""


def _star_cartel_source():
    return kernel_source(get("star-cartel").kernel_parts())


@pytest.mark.parametrize("edit, words", [
    (lambda s: s.replace("def play_turn(", "def play_a_turn("), "`play_turn` is missing"),
    (lambda s: s.replace("def check_invariants(", "def check_invariant("), "`check_invariants` is missing"),
    (lambda s: s.replace("st[S_TURN] += 1", "st[S_TURN] += 0"), "never counts the turn"),
    (lambda s: s + "\n\ndef after_decide(st, kind, i, me):\n    return i\n", "`after_decide` must take (st, i, kind, me)"),
    (lambda s: s.replace("\ndef score_game(st, cfg, out, i, log, lg):", "\ndef score_game(st, cfg, out, i, log):"),
     "`score_game` takes 5 arguments"),
])
def test_a_broken_kernel_is_named(edit, words):
    src = edit(_star_cartel_source())
    assert words in kernel_problem(src)


def test_two_missing_names_are_listed_together():
    src = _star_cartel_source().replace("def play_turn(", "def play_a_turn(")
    src = src.replace("def check_invariants(", "def check_invariant(")
    assert kernel_problem(src) == "`check_invariants`, `play_turn` are missing"


class _Broken(type(get("star-cartel"))):
    name = "broken-cartel"


@pytest.fixture
def broken(tmp_path):
    """Star Cartel with its kernel's play_turn renamed (a copy in tmp_path)."""
    src = get("star-cartel").kernel_files[0].read_text().replace("def play_turn(", "def play_one_turn(")
    src = src.replace("play_turn(st, cfg, p, log, lg)", "play_one_turn(st, cfg, p, log, lg)")
    f = tmp_path / "kernel.py"
    f.write_text(src)
    g = _Broken()
    g.kernel_files = (f,)
    games.register(g)
    yield g
    games.unregister(g.name)


def test_the_cli_refuses_a_broken_kernel_in_one_line(broken, capsys):
    with pytest.raises(SystemExit) as e:
        main(["run", broken.name, "--games", "10"])
    err = capsys.readouterr().err.strip()
    assert e.value.code == 2
    assert err == "error: kernel of broken-cartel: `play_turn` is missing; see docs/internals/adding-a-game.md"
    assert "\n" not in err and "Traceback" not in err


def test_a_game_without_the_turn_cap_parameter_is_refused():
    g = _Broken()
    g.params = tuple(p for p in g.params if p.name != "max_turns")
    with pytest.raises(BadInput, match=r"kernel of broken-cartel: no parameter fills `C_MAX_TURNS`"):
        g.kernel()


# ---- kernel dependencies from the imports ----------------------------------------------------------
def test_the_dependencies_are_the_imported_project_modules():
    g = get("star-cartel")
    deps = {p.relative_to(Path(g.kernel_files[0]).parents[3]).as_posix()
            for p in derived_deps([*g.kernel_parts(), BATCH_DRIVER, *(s.path for s in g.strategies())])}
    assert deps == {"simsuite/games/star_cartel/api.py", "simsuite/games/star_cartel/records.py",
                    "simsuite/games/star_cartel/heuristics.py", "simsuite/engine/records.py", "simsuite/engine/rng.py",
                    "simsuite/engine/unmanaged.py", "simsuite/engine/kernel_common.py", "simsuite/scaffold/layout.py"}


def test_a_module_a_kernel_imports_changes_the_code_hash(tmp_path):
    """A kernel part importing a helper module: an edit of the helper changes the digest, with no
    list to keep (a forgotten entry once served a stale kernel)."""
    helper = tmp_path / "zz_helper_mod.py"
    helper.write_text("X = 1\n")
    part = tmp_path / "zz_kernel_part.py"
    part.write_text("from zz_helper_mod import X\n")
    import sys

    sys.path.insert(0, str(tmp_path))
    try:
        a = code_digest([part], [], [])
        helper.write_text("X = 2\n")
        b = code_digest([part], [], [])
        helper.write_text("X = 1\n")
        assert a != b and code_digest([part], [], []) == a
    finally:
        sys.path.remove(str(tmp_path))


# ---- names nothing defines: the author's file and line, before numba ------------------------------
def _pig_copy(tmp_path, edit):
    """tests/pig with its kernel (a copy in tmp_path) edited, registered as pig-misspelt."""
    import pig

    class _Misspelt(type(pig.GAME)):
        name = "pig-misspelt"

    f = tmp_path / "kernel.py"
    f.write_text(edit((Path(pig.__file__).parent / "kernel.py").read_text()))
    g = _Misspelt()
    g.kernel_files = (f,)
    return g


def _line_of(path: Path, text: str) -> int:
    return next(i for i, line in enumerate(path.read_text().splitlines(), 1) if text in line)


@pytest.fixture
def misspelt_kernel(tmp_path):
    g = _pig_copy(tmp_path, lambda s: s.replace("st[S_ROLLS] += 1", "st[S_ROLS] += 1", 1))
    games.register(g)
    yield g
    games.unregister(g.name)


def test_a_misspelt_name_in_a_kernel_part_is_one_line_with_its_file_and_line(misspelt_kernel, capsys):
    f = misspelt_kernel.kernel_files[0]
    with pytest.raises(SystemExit) as e:
        main(["run", misspelt_kernel.name, "--games", "10"])
    err = capsys.readouterr().err.strip()
    assert e.value.code == 2
    line = _line_of(f, "st[S_ROLS] += 1")
    assert err == (f"error: kernel of pig-misspelt: {f} line {line}: `S_ROLS` is not defined "
                   "(did you mean S_ROLLS?)")


def test_a_misspelt_name_in_a_later_part_names_that_part_and_its_own_line(tmp_path):
    """A part after the first is pasted from below its marker line: the line reported is the
    part file's, not the pasted module's."""
    from simsuite.engine.codegen import PART_MARKER, build_kernel

    g = get("space-venture")
    parts = g.kernel_parts()
    last = tmp_path / parts[-1].name
    last.write_text(parts[-1].read_text().replace("out[i, R_CASHED] = st[S_CASHED]", "out[i, R_CASHED] = st[S_CASHD]", 1))
    assert PART_MARKER in last.read_text()
    with pytest.raises(BadInput) as e:
        build_kernel(g.dirname, [*parts[:-1], last], [], g.strategies(), "space-venture")
    assert str(e.value) == (f"kernel of space-venture: {last} line {_line_of(last, 'st[S_CASHD]')}: "
                            "`S_CASHD` is not defined (did you mean S_CASHED?)")


def test_a_misspelt_name_in_a_strategy_file_is_one_line_with_its_file_and_line(tmp_path, capsys):
    import pig

    f = tmp_path / "hold21.py"
    f.write_text((Path(pig.__file__).parent / "strategies" / "hold20.py").read_text()
                 .replace("turn_total(st) >= 20", "turn_totl(st) >= 21"))
    with pytest.raises(SystemExit) as e:
        main(["run", "pig", "--games", "10", "--strategy-dir", str(tmp_path), "--strategies", "hold20"])
    err = capsys.readouterr().err.strip()
    assert e.value.code == 2
    assert err == (f"error: strategy: {f} line {_line_of(f, 'turn_totl')}: `turn_totl` is not defined "
                   "(did you mean turn_total?)")


def test_a_misspelt_name_in_an_alien_file_is_one_line_with_its_file_and_line(tmp_path):
    from simsuite.games.cosmic.aliens.files import check_source
    from simsuite.resources import DATA

    f = tmp_path / "virus.py"
    f.write_text((DATA / "aliens" / "cosmic_classics" / "virus.py").read_text().replace("FX_VIRUS", "FX_VIRSU"))
    with pytest.raises(BadInput) as e:
        check_source(f)
    assert str(e.value) == (f"alien: {f}: line {_line_of(f, 'FX_VIRSU')}: `FX_VIRSU` is not defined "
                            "(did you mean FX_VIRUS?)")


def _every_strategy_file():
    from simsuite.resources import DATA

    dirs = [DATA / "check_strategies", Path(__file__).resolve().parents[1] / "strategies"]
    files = {s.path for n in names() for s in get(n).strategies()}
    files |= {f.resolve() for d in dirs for f in d.rglob("*.py")}
    return sorted(files)


@pytest.mark.parametrize("name", names())
def test_no_shipped_kernel_reads_an_undefined_name(name):
    import ast

    from simsuite.engine.kernel_contract import pasted_beside, undefined_names

    assert undefined_names(ast.parse(kernel_source(get(name).kernel_parts())), pasted_beside()) == []


def test_no_shipped_strategy_or_alien_file_reads_an_undefined_name():
    from simsuite.engine.kernel_contract import check_file_defined
    from simsuite.games.cosmic.aliens.files import check_source
    from simsuite.resources import DATA

    for f in _every_strategy_file():
        check_file_defined(f)  # raises BadInput on a false alarm
    aliens = sorted((DATA / "aliens").rglob("*.py"))
    assert len(aliens) >= 6
    for f in aliens:
        check_source(f)


def test_every_way_python_binds_a_name_counts_as_a_definition():
    """Arguments, assignments, loop and comprehension variables, the walrus, `except ... as`,
    `with ... as`, match captures, nested functions, imports and `global` are definitions; only the
    name nothing binds is reported, with its line."""
    import ast

    from simsuite.engine.kernel_contract import undefined_names

    src = ("import numpy as np\nfrom os import path as p\ntry:\n    import foo\nexcept ImportError as e:\n    foo = e\n"
           "G = 1\n\n\ndef f(x, *args, k=1, **kw):\n    global H\n    H = 2\n    with open(p.sep) as fh:\n"
           "        pass\n    match x:\n        case [a, *rest]:\n            return a, rest\n        case {'q': v}:\n"
           "            return v\n    def g(m):\n        return m + x\n    out = [y for y in range(x) if (z := y)]\n"
           "    return out, z, g, fh, args, k, kw, np, G, lambda t: t, undefined_thing\n")
    assert undefined_names(ast.parse(src)) == [(23, "undefined_thing")]
