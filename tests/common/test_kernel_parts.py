"""Kernels in parts: a game's kernel_files are pasted in order into one module
(simsuite.engine.codegen.kernel_source); the checks here need no compile."""
import ast
import re
from pathlib import Path

import pytest

from simsuite.engine.codegen import PART_MARKER, kernel_source
from simsuite.games import get

GAMES = Path(__file__).resolve().parents[2] / "simsuite" / "games"


def test_every_cosmic_part_is_listed_once_and_names_its_rules():
    parts = get("cosmic").kernel_files
    assert len(set(parts)) == len(parts)
    on_disk = {p for p in (GAMES / "cosmic" / "kernel").glob("*.py") if p.name != "__init__.py"}
    assert set(parts) == on_disk
    assert parts[0].name == "core.py"
    for p in parts:
        doc = ast.get_docstring(ast.parse(p.read_text()))
        assert doc and re.search(r"CE\.\d+", doc), p
        if p != parts[0]:
            assert PART_MARKER in p.read_text(), p


def test_assembled_kernel_has_every_part_and_each_definition_once():
    src = kernel_source(list(get("cosmic").kernel_files))
    tree = ast.parse(src)
    names = [n.name for n in tree.body if isinstance(n, ast.FunctionDef)]
    assert len(names) == len(set(names))
    assert {"play_game", "score_game", "setup", "check_invariants", "window", "negotiate"} <= set(names)
    # the first statement is the module docstring, then the imports: only the first part's
    assert isinstance(tree.body[0], ast.Expr)
    first = ast.parse(list(get("cosmic").kernel_files)[0].read_text())
    n_first = sum(isinstance(n, (ast.Import, ast.ImportFrom)) for n in first.body)
    assert sum(isinstance(n, (ast.Import, ast.ImportFrom)) for n in tree.body) == n_first


def test_one_part_kernel_is_pasted_whole():
    (p,) = get("star-cartel").kernel_files
    assert kernel_source([p]) == p.read_text()


def test_kernel_source_refuses_bad_parts(tmp_path):
    first = tmp_path / "a.py"
    first.write_text('"""first"""\nimport numpy as np\n\n\ndef f():\n    return 1\n')
    dup = tmp_path / "b.py"
    dup.write_text(f'"""b"""\nimport numpy as np\n{PART_MARKER} ----\n\n\ndef f():\n    return 2\n')
    with pytest.raises(ValueError, match="defined in kernel parts"):
        kernel_source([first, dup])
    imp = tmp_path / "c.py"
    imp.write_text(f'"""c"""\nimport math\n{PART_MARKER} ----\n\n\ndef g():\n    return 2\n')
    with pytest.raises(ValueError, match="imports"):
        kernel_source([first, imp])
    nomark = tmp_path / "d.py"
    nomark.write_text('"""d"""\n\n\ndef h():\n    return 3\n')
    with pytest.raises(ValueError, match="no line"):
        kernel_source([first, nomark])
    ok = tmp_path / "e.py"
    ok.write_text(f'"""e"""\nimport numpy as np\n{PART_MARKER} ----\n\n\ndef h():\n    return np.int64(3)\n')
    ns = {}
    exec(kernel_source([first, ok]), ns)
    assert ns["f"]() == 1 and ns["h"]() == 3


def test_no_game_file_above_800_lines():
    for p in GAMES.rglob("*.py"):
        assert len(p.read_text().splitlines()) <= 800, p


def test_part_headers_import_what_their_code_uses():
    """A part's header (for a reader) names the imports its own code uses, no more."""
    for p in get("cosmic").kernel_files[1:]:
        head, body = p.read_text().split(PART_MARKER, 1)
        used = {n.id for n in ast.walk(ast.parse(body.split("\n", 1)[1])) if isinstance(n, ast.Name)}
        names = {a.asname or a.name for n in ast.parse(head).body if isinstance(n, (ast.Import, ast.ImportFrom))
                 for a in n.names if a.name != "*"}
        assert names <= used, (p.name, names - used)
