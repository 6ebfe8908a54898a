"""What a newcomer should not trip on: no second import path for a module or a name (a module
lives at one path, a name in one module), no issue numbers of a tracker that is not in the
repository, and no strategy-API reader that nothing uses (each reader in a game's api.py or
heuristics.py is called by a kernel, a strategy, a module or a test)."""
import ast
import importlib
import re
from pathlib import Path

import pytest

from simsuite import ROOT

OLD_PATHS = ["simsuite.params", "simsuite.records", "simsuite.rating", "simsuite.stats", "simsuite.robustness",
             "simsuite.kernel_common", "simsuite.rng"]


@pytest.mark.parametrize("name", OLD_PATHS)
def test_a_module_has_one_import_path(name):
    """The older top-level paths of modules now in simsuite.engine and simsuite.analysis are gone."""
    import simsuite

    rel = name.split(".", 1)[1].replace(".", "/")
    here = Path(simsuite.__file__).parent
    assert not (here / f"{rel}.py").exists() and not (here / rel).is_dir()


@pytest.mark.parametrize("module, name", [
    ("simsuite.report.common", "_table"), ("simsuite.report.common", "_pct_ci"), ("simsuite.report.charts", "_hbars"),
    ("simsuite.cli", "_sweep_plan"), ("simsuite.cli", "load_sweep_file"), ("simsuite.cli", "SWEEP_FILE_INTS"),
    ("simsuite.cli", "_command_line"),
])
def test_no_second_name_for_a_function(module, name):
    assert not hasattr(importlib.import_module(module), name)


def _py_files(*dirs):
    return sorted(f for d in dirs for f in (ROOT / d).rglob("*.py") if "__pycache__" not in f.parts)


def test_the_inference_names_are_imported_from_their_module():
    """simsuite.analysis.inference's names come from there, not through simsuite.analysis.stats."""
    inference = importlib.import_module("simsuite.analysis.inference")
    public = {n for n in vars(inference) if not n.startswith("_") and getattr(vars(inference)[n], "__module__",
                                                                            inference.__name__) == inference.__name__}
    public |= {n for n in vars(inference) if n.isupper()}
    bad = []
    for f in _py_files("simsuite", "tests", "tools"):
        try:
            tree = ast.parse(f.read_text())
        except SyntaxError:  # the test folders' deliberately broken plug-ins
            continue
        for n in ast.walk(tree):
            if isinstance(n, ast.ImportFrom) and (n.module or "").endswith("stats") and n.module != "statistics":
                bad += [f"{f.relative_to(ROOT)}:{n.lineno} {a.name}" for a in n.names if a.name in public]
    assert bad == []


ISSUE = re.compile(r"\bissues?\s*#?\d+|\(#\d+\)", re.I)  # "issue 14", "issues 5", "(#12)"


def test_no_issue_numbers_in_code_docs_or_configs():
    files = [*_py_files("simsuite", "tests", "tools"), *(ROOT / "docs").rglob("*.md"), *(ROOT / "simsuite").rglob("*.toml"),
             ROOT / "README.md"]
    hits = [f"{f.relative_to(ROOT)}:{i}: {line.strip()}" for f in files if f.name != Path(__file__).name
            for i, line in enumerate(f.read_text().splitlines(), 1) if ISSUE.search(line)]
    assert hits == []


def _readers():
    out = []
    for f in sorted((ROOT / "simsuite" / "games").glob("*/api.py")) + sorted((ROOT / "simsuite" / "games").glob("*/heuristics.py")):
        out += [(f, n.name) for n in ast.parse(f.read_text()).body if isinstance(n, ast.FunctionDef)]
    return out


def test_every_strategy_api_reader_has_a_user():
    """A function of a game's api.py or heuristics.py that no other file names is dead weight in
    the strategy API (and undocumented): remove it, or use and document it."""
    texts = {f: f.read_text() for f in [*_py_files("simsuite", "tests", "tools", "examples"), *(ROOT / "docs").rglob("*.md")]}
    unused = []
    readers = _readers()
    assert len(readers) > 30
    for f, name in readers:
        word = re.compile(rf"\b{re.escape(name)}\b")
        own = len(word.findall(texts[f]))
        if own == 1 and not any(word.search(t) for g, t in texts.items() if g != f):
            unused.append(f"{f.relative_to(ROOT)}: {name}")
    assert unused == []
