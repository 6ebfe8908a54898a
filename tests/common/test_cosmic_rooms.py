"""The Cosmic game's rooms and their order: the kernel (kernel/) imports none of the rooms, the
alien-file loader and check (aliens/) import the kernel but no player, the players (bots/) import
no study (they may read the alien files' declarations), and the studies (studies/) may use any of them. Every import
counts, at a module's top or in a function."""
from __future__ import annotations

import ast

import pytest

from simsuite import ROOT

COSMIC = ROOT / "simsuite" / "games" / "cosmic"
ROOMS = ("kernel", "aliens", "bots", "studies")
MAY_NOT = {"kernel": {"aliens", "bots", "studies"}, "aliens": {"bots", "studies"}, "bots": {"studies"},
           "studies": set()}


def _rooms_imported(path) -> set:
    out = set()
    for n in ast.walk(ast.parse(path.read_text())):
        mods = ([a.name for a in n.names] if isinstance(n, ast.Import)
                else [n.module or ""] if isinstance(n, ast.ImportFrom) and n.level == 0 else [])
        for m in mods:
            parts = m.split(".")
            if parts[:3] == ["simsuite", "games", "cosmic"] and len(parts) > 3 and parts[3] in ROOMS:
                out.add(parts[3])
    return out


@pytest.mark.parametrize("room", ROOMS)
def test_a_room_imports_only_the_rooms_below_it(room):
    files = sorted((COSMIC / room).rglob("*.py"))
    assert files, f"no room {room}"
    bad = {str(f.relative_to(COSMIC)): sorted(_rooms_imported(f) & MAY_NOT[room]) for f in files}
    assert not {f: r for f, r in bad.items() if r}


def test_no_relative_import_hides_a_room():
    # a relative import (from .. import x) would slip past the check above
    rel = [str(f.relative_to(COSMIC)) for f in COSMIC.rglob("*.py")
           if any(isinstance(n, ast.ImportFrom) and n.level > 0 for n in ast.walk(ast.parse(f.read_text())))]
    assert not rel


def test_the_checker_sees_a_forbidden_import(tmp_path):
    f = tmp_path / "x.py"
    f.write_text("def f():\n    from simsuite.games.cosmic.studies import bands\n")
    assert _rooms_imported(f) == {"studies"}
