"""Load and validate the Cosmic Encounter deck and order discs (CE.1.4, CE.1.5) from TOML (the file
reading and the row checks: simsuite/scaffold/data.py)."""
from __future__ import annotations

from pathlib import Path

from simsuite.resources import CONFIGS
from simsuite.errors import BadInput
from simsuite.scaffold.data import flag, need_int, one_of, read_toml, source, table_rows

from .api import AH_COLOURS, ARTIFACT_KEYS, COLOUR_NAMES, MAX_CARDS

DEFAULT_DECK = CONFIGS / "cosmic" / "deck_ah2000.toml"
DEFAULT_DISCS = CONFIGS / "cosmic" / "order_discs_ah2000.toml"
DEFAULT_DECK_FFG = CONFIGS / "cosmic" / "deck_ffg2008.toml"
KINDS = ("attack", "negotiate", "artifact", "morph", "reinforcement")  # index = api.K_*
MAX_DISCS_PER_COLOUR = 8


def load_deck(path: Path) -> list[tuple[int, int, int]]:
    """Rows (kind index, value, count): value = attack value, 0 for negotiate, artifact index.
    CE.1.5: 46 encounter cards and 8 artifacts (unless require_ah2000_totals = false); FFG2008
    (data.md): 72 cards, 55 of them encounter cards, with require_ffg2008_totals = true. Morph
    and reinforcement cards (FFG2008, CE.37, CE.38): value = a reinforcement's bonus."""
    field = "deck"
    path = Path(path)
    d = read_toml(path, field)
    rows = []
    for where, r in table_rows(d, "card", field, path):
        kind = one_of(r.get("kind"), KINDS, field, where, "kind")
        count = need_int(r, "count", field, where, 0, MAX_CARDS)
        if kind == "attack":
            value = need_int(r, "value", field, where, 0, 99)
        elif kind == "reinforcement":
            value = need_int(r, "value", field, where, 1, 99)
        elif kind in ("negotiate", "morph"):
            if "value" in r:
                raise BadInput(field, f"{where}: a {kind} card has no value (CE.0.8, CE.38)")
            value = 0
        else:
            value = ARTIFACT_KEYS.index(one_of(r.get("artifact"), ARTIFACT_KEYS, field, where, "artifact"))
        source(r, field, where)
        rows.append((KINDS.index(kind), value, count))
    n_enc = sum(c for k, _, c in rows if k in (0, 1, 3))  # attack, negotiate, morph
    n_art = sum(c for k, _, c in rows if k == 2)
    n_all = sum(c for _, _, c in rows)
    if n_all > MAX_CARDS:
        raise BadInput(field, f"{path.name}: {n_all} cards; at most {MAX_CARDS}")
    if n_enc < 1:
        raise BadInput(field, f"{path.name}: no encounter card; at least one attack or negotiate card is needed")
    if flag(d, "require_ah2000_totals", field, path) and (n_enc != 46 or n_art != 8):
        raise BadInput(field, f"{path.name}: {n_enc} encounter cards and {n_art} artifacts; the AH2000 deck "
                              "has 46 and 8 (CE.1.5); set require_ah2000_totals = false for a test deck")
    if flag(d, "require_ffg2008_totals", field, path, False) and (n_all != 72 or n_enc != 55):
        raise BadInput(field, f"{path.name}: {n_all} cards, {n_enc} encounter cards; the FFG2008 deck has 72 and 55 "
                              "(data.md); set require_ffg2008_totals = false for a test deck")
    return rows


def load_discs(path: Path) -> list[int]:
    """Order discs per colour (red, blue, green, yellow); CE.1.4: 12 in all. AH2000 only (the FFG2008
    destiny deck is built from the edition's rules), so the four AH2000 colours, not the fifth."""
    field = "order_discs"
    colours = COLOUR_NAMES[:AH_COLOURS]
    path = Path(path)
    d = read_toml(path, field)
    counts = {}
    for where, r in table_rows(d, "disc", field, path):
        col = one_of(r.get("colour"), colours, field, where, "colour")
        if col in counts:
            raise BadInput(field, f"{where}: colour {col} given twice")
        counts[col] = need_int(r, "count", field, where, 1, MAX_DISCS_PER_COLOUR)
        source(r, field, where)
    missing = [c for c in colours if c not in counts]
    if missing:
        raise BadInput(field, f"{path.name}: no discs for {', '.join(missing)}; every colour needs 1..8")
    out = [counts[c] for c in colours]
    if flag(d, "require_ah2000_totals", field, path) and sum(out) != 12:
        raise BadInput(field, f"{path.name}: {sum(out)} discs; the AH2000 game has 12 (CE.1.4)")
    return out
