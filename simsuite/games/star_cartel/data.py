"""Load and validate the Star Cartel card and ship data (SC.2.8, SC.2.9) from TOML (the file reading
and the row checks: simsuite/scaffold/data.py)."""
from __future__ import annotations

from pathlib import Path

from simsuite.errors import BadInput
from simsuite.resources import CONFIGS
from simsuite.scaffold.data import need, one_of, read_toml, source, table_rows

from .api import ABILITIES, MAX_CARDS, MAX_HOLD, MAX_SHIPS, TYPE_NAMES

DEFAULT_CONTRABAND = CONFIGS / "star_cartel" / "contraband.toml"
DEFAULT_SHIPS = CONFIGS / "star_cartel" / "ships.toml"


def load_contraband(path: Path) -> list[tuple[int, int, int]]:
    """Rows (type index, size, count). SC.2.8: counts sum to 90, sizes >= 1, all 5 types, a size 4."""
    field = "contraband"
    rows = []
    for where, r in table_rows(read_toml(path, field), "card", field, path):
        t = one_of(need(r, "type", str, field, where), TYPE_NAMES, field, where, "type")
        size = need(r, "size", int, field, where)
        count = need(r, "count", int, field, where)
        if size < 1 or size > MAX_HOLD:
            raise BadInput(field, f"{where}: size {size}; allowed: 1..{MAX_HOLD}")
        if count < 0:
            raise BadInput(field, f"{where}: count {count}; allowed: >= 0")
        source(r, field, where, default="assumed")
        rows.append((TYPE_NAMES.index(t), size, count))
    total = sum(c for _, _, c in rows)
    if total != 90:
        raise BadInput(field, f"{path.name}: card counts sum to {total}; the rules need 90 (SC.2.1)")
    assert total <= MAX_CARDS
    for ti, name in enumerate(TYPE_NAMES):
        if not any(t == ti and c > 0 for t, _, c in rows):
            raise BadInput(field, f"{path.name}: no card of type {name}; every type needs one (SC.2.8)")
    if not any(s == 4 and c > 0 for _, s, c in rows):
        raise BadInput(field, f"{path.name}: no size-4 card; SC.2.8 requires at least one")
    return rows


def load_ships(path: Path) -> list[dict]:
    """Ship rows, validated per SC.2.9."""
    field = "ships"
    ships = table_rows(read_toml(path, field), "ship", field, path)
    if len(ships) > MAX_SHIPS:
        raise BadInput(field, f"{path.name}: {len(ships)} ships; at most {MAX_SHIPS}")
    out = []
    ids = set()
    for i, (where, r) in enumerate(ships):
        sid = str(r.get("id", f"ship-{i + 1}"))
        if sid in ids:
            raise BadInput(field, f"{where}: duplicate id {sid!r}")
        ids.add(sid)
        deck = one_of(need(r, "deck", str, field, where), ("starting", "shipyard"), field, where, "deck")
        cap = need(r, "capacity", int, field, where)
        if not 1 <= cap <= MAX_HOLD:
            raise BadInput(field, f"{where}: capacity {cap}; allowed: 1..{MAX_HOLD}")
        val = need(r, "value", int, field, where)
        ab = one_of(str(r.get("ability", "NONE")), ABILITIES, field, where, "ability")
        mp = r.get("min_players", 3)
        if mp not in (3, 4, 5) or isinstance(mp, bool):
            raise BadInput(field, f"{where}: min_players {mp!r}; allowed: 3, 4, 5")
        final = r.get("final", False)
        if not isinstance(final, bool):
            raise BadInput(field, f"{where}: final {final!r}; allowed: true, false")
        source(r, field, where, default="assumed")
        out.append(dict(id=sid, name=str(r.get("name", sid)), yard=deck == "shipyard", capacity=cap,
                        value=val, ability=ABILITIES.index(ab), min_players=mp, final=final))
    n_start = sum(not s["yard"] for s in out)
    n_yard = sum(s["yard"] for s in out)
    if n_start != 6 or n_yard != 21:
        raise BadInput(field, f"{path.name}: {n_start} starting and {n_yard} shipyard ships; "
                              "the rules need 6 and 21 (SC.2.4, SC.2.5)")
    finals = [s for s in out if s["final"]]
    if len(finals) != 1 or not finals[0]["yard"]:
        raise BadInput(field, f"{path.name}: exactly one shipyard ship must have final = true (Cassiopeia)")
    if finals[0]["min_players"] != 3:
        raise BadInput(field, f"{path.name}: the final ship must be in every game: min_players = 3 (SC.2.9)")
    return out
