"""Load and validate the Star Cartel card and ship data (SC.2.8, SC.2.9) from TOML."""
from __future__ import annotations

import tomllib
from pathlib import Path

from simsuite.resources import CONFIGS
from simsuite.errors import BadInput

from .api import ABILITIES, MAX_CARDS, MAX_HOLD, MAX_SHIPS, TYPE_NAMES

DEFAULT_CONTRABAND = CONFIGS / "star_cartel" / "contraband.toml"
DEFAULT_SHIPS = CONFIGS / "star_cartel" / "ships.toml"
SOURCES = ("rules", "published list", "assumed")


def read_toml(path: Path, field: str) -> dict:
    try:
        with open(path, "rb") as f:
            return tomllib.load(f)
    except FileNotFoundError:
        raise BadInput(field, f"{path} does not exist")
    except tomllib.TOMLDecodeError as e:
        raise BadInput(field, f"{path} is malformed TOML: {e}")
    except IsADirectoryError:
        raise BadInput(field, f"{path} is a directory; allowed: a TOML data file")
    except UnicodeDecodeError:
        raise BadInput(field, f"{path} is not UTF-8 text; allowed: a UTF-8 TOML data file")
    except OSError as e:
        raise BadInput(field, f"cannot read {path}: {e.strerror or e}")


def _need(row: dict, key: str, kinds, field: str, where: str):
    if key not in row:
        raise BadInput(field, f"{where} has no '{key}'")
    v = row[key]
    if not isinstance(v, kinds) or (isinstance(v, bool) and bool not in (kinds if isinstance(kinds, tuple) else (kinds,))):
        raise BadInput(field, f"{where}: '{key}' = {v!r} has the wrong type")
    return v


def load_contraband(path: Path) -> list[tuple[int, int, int]]:
    """Rows (type index, size, count). SC.2.8: counts sum to 90, sizes >= 1, all 5 types, a size 4."""
    field = "contraband"
    d = read_toml(path, field)
    cards = d.get("card")
    if not isinstance(cards, list) or not cards:
        raise BadInput(field, f"{path} has no [[card]] rows")
    rows = []
    for i, r in enumerate(cards):
        where = f"{path.name} card #{i + 1}"
        t = _need(r, "type", str, field, where)
        if t not in TYPE_NAMES:
            raise BadInput(field, f"{where}: type {t!r}; allowed: {', '.join(TYPE_NAMES)}")
        size = _need(r, "size", int, field, where)
        count = _need(r, "count", int, field, where)
        if size < 1 or size > MAX_HOLD:
            raise BadInput(field, f"{where}: size {size}; allowed: 1..{MAX_HOLD}")
        if count < 0:
            raise BadInput(field, f"{where}: count {count}; allowed: >= 0")
        src = r.get("source", "assumed")
        if src not in SOURCES:
            raise BadInput(field, f"{where}: source {src!r}; allowed: {', '.join(SOURCES)}")
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
    d = read_toml(path, field)
    ships = d.get("ship")
    if not isinstance(ships, list) or not ships:
        raise BadInput(field, f"{path} has no [[ship]] rows")
    if len(ships) > MAX_SHIPS:
        raise BadInput(field, f"{path.name}: {len(ships)} ships; at most {MAX_SHIPS}")
    out = []
    ids = set()
    for i, r in enumerate(ships):
        where = f"{path.name} ship #{i + 1}"
        sid = str(r.get("id", f"ship-{i + 1}"))
        if sid in ids:
            raise BadInput(field, f"{where}: duplicate id {sid!r}")
        ids.add(sid)
        deck = _need(r, "deck", str, field, where)
        if deck not in ("starting", "shipyard"):
            raise BadInput(field, f"{where}: deck {deck!r}; allowed: starting, shipyard")
        cap = _need(r, "capacity", int, field, where)
        if not 1 <= cap <= MAX_HOLD:
            raise BadInput(field, f"{where}: capacity {cap}; allowed: 1..{MAX_HOLD}")
        val = _need(r, "value", int, field, where)
        ab = str(r.get("ability", "NONE"))
        if ab not in ABILITIES:
            raise BadInput(field, f"{where}: ability {ab!r}; allowed: {', '.join(ABILITIES)}")
        mp = r.get("min_players", 3)
        if mp not in (3, 4, 5) or isinstance(mp, bool):
            raise BadInput(field, f"{where}: min_players {mp!r}; allowed: 3, 4, 5")
        final = r.get("final", False)
        if not isinstance(final, bool):
            raise BadInput(field, f"{where}: final {final!r}; allowed: true, false")
        src = r.get("source", "assumed")
        if src not in SOURCES:
            raise BadInput(field, f"{where}: source {src!r}; allowed: {', '.join(SOURCES)}")
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
