"""Load and validate the Cosmic Encounter deck and order discs (CE.1.4, CE.1.5) from TOML."""
from __future__ import annotations

from pathlib import Path

from simsuite.resources import CONFIGS
from simsuite.errors import BadInput
from simsuite.games.star_cartel.data import read_toml

from .api import ARTIFACT_KEYS, COLOUR_NAMES, MAX_CARDS

DEFAULT_DECK = CONFIGS / "cosmic" / "deck_ah2000.toml"
DEFAULT_DISCS = CONFIGS / "cosmic" / "order_discs_ah2000.toml"
SOURCES = ("rules", "published list", "assumed")
KINDS = ("attack", "negotiate", "artifact")
MAX_DISCS_PER_COLOUR = 8


def _int(row: dict, key: str, field: str, where: str, lo: int, hi: int) -> int:
    if key not in row:
        raise BadInput(field, f"{where} has no '{key}'")
    v = row[key]
    if not isinstance(v, int) or isinstance(v, bool):
        raise BadInput(field, f"{where}: '{key}' = {v!r}; allowed: an integer in {lo}..{hi}")
    if not lo <= v <= hi:
        raise BadInput(field, f"{where}: '{key}' = {v}; allowed: {lo}..{hi}")
    return v


def _source(row: dict, field: str, where: str) -> str:
    src = row.get("source")
    if src not in SOURCES:
        raise BadInput(field, f"{where}: source {src!r}; allowed: {', '.join(SOURCES)} (every value needs one)")
    return src


def _flag(d: dict, key: str, field: str, path: Path) -> bool:
    v = d.get(key, True)
    if not isinstance(v, bool):
        raise BadInput(field, f"{path.name}: {key} = {v!r}; allowed: true, false")
    return v


def load_deck(path: Path) -> list[tuple[int, int, int]]:
    """Rows (kind index, value, count): value = attack value, 0 for negotiate, artifact index.
    CE.1.5: 46 encounter cards and 8 artifacts (unless require_ah2000_totals = false)."""
    field = "deck"
    d = read_toml(Path(path), field)
    path = Path(path)
    cards = d.get("card")
    if not isinstance(cards, list) or not cards:
        raise BadInput(field, f"{path} has no [[card]] rows")
    rows = []
    for i, r in enumerate(cards):
        where = f"{path.name} card #{i + 1}"
        if not isinstance(r, dict):
            raise BadInput(field, f"{where} is not a table")
        kind = r.get("kind")
        if kind not in KINDS:
            raise BadInput(field, f"{where}: kind {kind!r}; allowed: {', '.join(KINDS)}")
        count = _int(r, "count", field, where, 0, MAX_CARDS)
        if kind == "attack":
            value = _int(r, "value", field, where, 0, 99)
        elif kind == "negotiate":
            if "value" in r:
                raise BadInput(field, f"{where}: a negotiate card has no value (CE.0.8)")
            value = 0
        else:
            a = r.get("artifact")
            if a not in ARTIFACT_KEYS:
                raise BadInput(field, f"{where}: artifact {a!r}; allowed: {', '.join(ARTIFACT_KEYS)}")
            value = ARTIFACT_KEYS.index(a)
        _source(r, field, where)
        rows.append((KINDS.index(kind), value, count))
    n_enc = sum(c for k, _, c in rows if k != 2)
    n_art = sum(c for k, _, c in rows if k == 2)
    if n_enc + n_art > MAX_CARDS:
        raise BadInput(field, f"{path.name}: {n_enc + n_art} cards; at most {MAX_CARDS}")
    if n_enc < 1:
        raise BadInput(field, f"{path.name}: no encounter card; at least one attack or negotiate card is needed")
    if _flag(d, "require_ah2000_totals", field, path) and (n_enc != 46 or n_art != 8):
        raise BadInput(field, f"{path.name}: {n_enc} encounter cards and {n_art} artifacts; the AH2000 deck "
                              "has 46 and 8 (CE.1.5); set require_ah2000_totals = false for a test deck")
    return rows


def load_discs(path: Path) -> list[int]:
    """Order discs per colour (red, blue, green, yellow); CE.1.4: 12 in all."""
    field = "order_discs"
    d = read_toml(Path(path), field)
    path = Path(path)
    discs = d.get("disc")
    if not isinstance(discs, list) or not discs:
        raise BadInput(field, f"{path} has no [[disc]] rows")
    counts = {}
    for i, r in enumerate(discs):
        where = f"{path.name} disc #{i + 1}"
        if not isinstance(r, dict):
            raise BadInput(field, f"{where} is not a table")
        col = r.get("colour")
        if col not in COLOUR_NAMES:
            raise BadInput(field, f"{where}: colour {col!r}; allowed: {', '.join(COLOUR_NAMES)}")
        if col in counts:
            raise BadInput(field, f"{where}: colour {col} given twice")
        counts[col] = _int(r, "count", field, where, 1, MAX_DISCS_PER_COLOUR)
        _source(r, field, where)
    missing = [c for c in COLOUR_NAMES if c not in counts]
    if missing:
        raise BadInput(field, f"{path.name}: no discs for {', '.join(missing)}; every colour needs 1..8")
    out = [counts[c] for c in COLOUR_NAMES]
    if _flag(d, "require_ah2000_totals", field, path) and sum(out) != 12:
        raise BadInput(field, f"{path.name}: {sum(out)} discs; the AH2000 game has 12 (CE.1.4)")
    return out
