"""Load and validate the Amazing Space Venture tiles (ASV.4) and cards (ASV.5) from TOML.

Every problem is one BadInput line naming the field (``tiles`` or ``cards``), the entry and what
is allowed. The result is in engine order: tiles 0-3 the corners, 4-7 the homes (blue, red,
yellow, green), 8 the Earth-like planet, then the 79 space tiles; cards one entry per card.
"""
from __future__ import annotations

from pathlib import Path

from simsuite.errors import BadInput
from simsuite.resources import CONFIGS
from simsuite.scaffold.data import need_int, one_of, read_toml, source, table_rows

from .api import (
    CATEGORY_NAMES,
    COLOUR_NAMES,
    CORNER_NAMES,
    DEEP,
    DIR_NAMES,
    EDGE_NAMES,
    END_NAMES,
    GALAXY,
    KIND_NAMES,
    N_CARDS,
    N_SPACE,
    PATH,
    QUEST_NAMES,
    SHIP_TYPE_NAMES,
    T_CORNER,
    T_EARTH,
    T_HOME,
    T_QUEST,
    T_SUN,
)

DEFAULT_TILES = CONFIGS / "space_venture" / "tiles.toml"
DEFAULT_CARDS = CONFIGS / "space_venture" / "cards.toml"
CARD_COUNTS = {"PLANET": 30, "ENVIRONMENT": 16, "LIFE_FORM": 30, "SHIP": 30, "SPECIAL_ACTION": 26, "EXPLORER": 6}


def _int(r: dict, key: str, default, field: str, where: str, lo: int, hi: int) -> int:
    """An optional integer (default when absent) in lo..hi."""
    return need_int({key: r.get(key, default)}, key, field, where, lo, hi)


def _bool(r: dict, key: str, field: str, where: str) -> bool:
    v = r.get(key, False)
    if not isinstance(v, bool):
        raise BadInput(field, f"{where}: {key} = {v!r}; allowed: true or false")
    return v


def _choice(r: dict, key: str, allowed, field: str, where: str, default=None):
    return one_of(r.get(key, default), allowed, field, where, key)


def _tile(r: dict, field: str, where: str) -> dict:
    kind = _choice(r, "kind", KIND_NAMES, field, where)
    k = KIND_NAMES.index(kind)
    t = dict(kind=k, edges=[DEEP] * 4, paths=[], galaxies=[], planet=0, wormhole=False, black_hole=False,
             sun=0, quest=0, colour=-1, name=str(r.get("id", where)))
    t["planet"] = _int(r, "planet", 0, field, where, 0, 9)
    t["wormhole"] = _bool(r, "wormhole", field, where)
    t["black_hole"] = _bool(r, "black_hole", field, where)
    if k == T_SUN:
        t["sun"] = CORNER_NAMES.index(_choice(r, "sun", CORNER_NAMES, field, where))
        t["edges"] = [3] * 4
    elif k == T_QUEST:
        t["quest"] = QUEST_NAMES.index(_choice(r, "quest", QUEST_NAMES, field, where))
    if k in (T_SUN, T_QUEST):
        if r.get("paths") or r.get("galaxies") or t["planet"]:
            raise BadInput(field, f"{where}: sun and quest tiles have no paths, galaxies or planets (ASV.4.4)")
        return t
    if k == T_HOME:
        t["colour"] = COLOUR_NAMES.index(_choice(r, "home_colour", COLOUR_NAMES, field, where))
    edges = r.get("edges", {})
    if not isinstance(edges, dict) or set(edges) - set(DIR_NAMES):
        raise BadInput(field, f"{where}: edges must be a table of N, E, S, W")
    for d, dn in enumerate(DIR_NAMES):
        e = edges.get(dn, "DEEP")
        if e not in EDGE_NAMES[:3]:
            raise BadInput(field, f"{where}: edge {dn} = {e!r}; allowed: DEEP, PATH, GALAXY")
        t["edges"][d] = EDGE_NAMES.index(e)
    used = set()
    for seg in r.get("paths", []):
        if not isinstance(seg, list) or len(seg) != 2 or any(e not in END_NAMES for e in seg):
            raise BadInput(field, f"{where}: path {seg!r}; allowed: two ends of {', '.join(END_NAMES)} (MC2)")
        ends = [END_NAMES.index(e) for e in seg]
        for e in ends:
            if e < 4:
                if e in used or t["edges"][e] != PATH:
                    raise BadInput(field, f"{where}: path end {END_NAMES[e]} must be a PATH edge used once (ASV.4.4)")
                used.add(e)
            elif e == 4 and not t["planet"]:
                raise BadInput(field, f"{where}: a PLANET path end needs planet > 0 (ASV.4.4)")
            elif e == 5 and not t["black_hole"]:
                raise BadInput(field, f"{where}: a BLACK_HOLE path end needs black_hole = true (ASV.4.4)")
        t["paths"].append(ends)
    if len(t["paths"]) > 4:
        raise BadInput(field, f"{where}: {len(t['paths'])} path segments; allowed: at most 4")
    if any(t["edges"][d] == PATH and d not in used for d in range(4)):
        raise BadInput(field, f"{where}: every PATH edge must end exactly one path segment (ASV.4.4)")
    gused = set()
    for area in r.get("galaxies", []):
        if not isinstance(area, list) or any(e not in DIR_NAMES for e in area):
            raise BadInput(field, f"{where}: galaxy area {area!r}; allowed: a list of N, E, S, W")
        m = 0
        for e in area:
            d = DIR_NAMES.index(e)
            if d in gused or t["edges"][d] != GALAXY:
                raise BadInput(field, f"{where}: galaxy edge {e} must be a GALAXY edge in one area (ASV.4.4)")
            gused.add(d)
            m |= 1 << d
        t["galaxies"].append(m)
    if len(t["galaxies"]) > 4:
        raise BadInput(field, f"{where}: {len(t['galaxies'])} galaxy areas; allowed: at most 4")
    if any(t["edges"][d] == GALAXY and d not in gused for d in range(4)):
        raise BadInput(field, f"{where}: every GALAXY edge must belong to one galaxy area (ASV.4.4)")
    return t


def load_tiles(path: Path) -> list[dict]:
    """The 88 tiles in engine order (ASV.4.4 totals checked)."""
    field = "tiles"
    corners, homes, earth, space = [], {}, [], []
    for where, r in table_rows(read_toml(path, field), "tile", field, path):
        where = f"{where} ({r.get('id', '?')})"
        source(r, field, where, "assumed")
        n = _int(r, "copies", 1, field, where, 0, 79)
        t = _tile(r, field, where)
        for _ in range(n):
            if t["kind"] == T_CORNER:
                corners.append(t)
            elif t["kind"] == T_HOME:
                if t["colour"] in homes:
                    raise BadInput(field, f"{where}: a second home tile for {COLOUR_NAMES[t['colour']]} (B1)")
                homes[t["colour"]] = t
            elif t["kind"] == T_EARTH:
                earth.append(t)
            else:
                space.append(t)
    for t in corners:
        # ASV.4.6: at A-1 the corner's paths face E and S: exactly those edges are PATH, both to the planet
        if t["edges"][1] != PATH or t["edges"][2] != PATH or t["planet"] == 0:
            raise BadInput(field, f"{path.name}: a corner tile needs PATH edges E and S and a planet (ASV.4.6)")
    if len(corners) != 4 or len(homes) != 4 or len(earth) != 1:
        raise BadInput(field, f"{path.name}: {len(corners)} corner, {len(homes)} home and {len(earth)} Earth-like "
                              "tiles; the rules need 4, 4 (one per colour) and 1 (ASV.2.2)")
    suns = sum(t["kind"] == T_SUN for t in space)
    quests = sorted(t["quest"] for t in space if t["kind"] == T_QUEST)
    if len(space) != N_SPACE or suns != 4 or quests != [0, 1, 2]:
        raise BadInput(field, f"{path.name}: {len(space)} space tiles with {suns} suns and {len(quests)} quests; "
                              "the rules need 79 with 4 suns and 3 quests, one of each (ASV.4.4)")
    return corners + [homes[c] for c in range(4)] + earth + space


def load_cards(path: Path) -> list[dict]:
    """The 138 cards (ASV.5.1 counts checked)."""
    field = "cards"
    out = []
    for where, r in table_rows(read_toml(path, field), "card", field, path):
        where = f"{where} ({r.get('name', '?')})"
        source(r, field, where, "assumed")
        cat = _choice(r, "category", CATEGORY_NAMES, field, where)
        n = _int(r, "count", 1, field, where, 0, N_CARDS)
        c = dict(name=str(r.get("name", where)), cat=CATEGORY_NAMES.index(cat), value=0, home=False, mult=1,
                 stype=0, move=0, starting=False)
        if cat in ("PLANET", "ENVIRONMENT", "LIFE_FORM", "EXPLORER"):
            c["value"] = _int(r, "value", None, field, where, -9, 9)
        if cat == "PLANET":
            c["home"] = _bool(r, "home_planet", field, where)
            c["mult"] = _int(r, "multiplier", 1, field, where, 1, 3)
        if cat == "SHIP":
            c["stype"] = SHIP_TYPE_NAMES.index(_choice(r, "ship_type", SHIP_TYPE_NAMES, field, where))
            c["move"] = _int(r, "move", None, field, where, 1, 9)
            c["starting"] = _bool(r, "starting", field, where)
            if c["starting"] != (c["stype"] == 0):
                raise BadInput(field, f"{where}: starting = true goes with ship_type = STARTER and only with it")
        out += [dict(c) for _ in range(n)]
    for cat, want in CARD_COUNTS.items():
        got = sum(c["cat"] == CATEGORY_NAMES.index(cat) for c in out)
        if got != want:
            raise BadInput(field, f"{path.name}: {got} {cat} cards; the rules need {want} (ASV.5.1)")
    starts = [c for c in out if c["starting"]]
    if len(starts) != 4 or any(c["move"] != 1 for c in starts):
        raise BadInput(field, f"{path.name}: {len(starts)} starting ship cards; the rules need 4, each M+1 (ASV.7.4)")
    return out
