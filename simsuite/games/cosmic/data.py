"""Load and validate the Cosmic Encounter deck and order discs (CE.1.4, CE.1.5) from TOML (the file
reading and the row checks: simsuite/scaffold/data.py)."""
from __future__ import annotations

from pathlib import Path

from simsuite.errors import BadInput
from simsuite.games.cosmic.api import (
    AH_COLOURS,
    ALIEN_NAMES,
    ARTIFACT_KEYS,
    COLOUR_NAMES,
    FLARE_EFFECTS,
    FLARE_TIMINGS,
    K_ARTIFACT,
    K_ATTACK,
    K_FLARE,
    K_MORPH,
    K_NEGOTIATE,
    KIND_NAMES,
    MAX_CARDS,
    MAX_FLARES,
)
from simsuite.resources import CONFIGS
from simsuite.scaffold.data import flag, need_int, one_of, read_toml, source, table_rows

DEFAULT_DECK = CONFIGS / "cosmic" / "deck_ah2000.toml"
DEFAULT_DISCS = CONFIGS / "cosmic" / "order_discs_ah2000.toml"
DEFAULT_DECK_FFG = CONFIGS / "cosmic" / "deck_ffg2008.toml"
ASSUMED_FLARES = CONFIGS / "cosmic" / "flares_assumed.toml"  # ffg_flares = assumed (illustrative, not the published texts)
KINDS = KIND_NAMES[:K_FLARE]  # a deck file's kinds, each at its code: every kind but the flare (the flare file's)
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
    n_enc = sum(c for k, _, c in rows if k in (K_ATTACK, K_NEGOTIATE, K_MORPH))
    n_art = sum(c for k, _, c in rows if k == K_ARTIFACT)
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


# Flare effects (CE.45): which primitives make sense at which timing. add_total counts only in
# A/A after the cards are known to be attacks (CE.37.3 reading), so it must come before the
# outcome; cancel_compensation must come before compensation and rewards are paid.
FLARE_AMOUNT = {"add_total": (1, 20), "draw": (1, 8), "retrieve": (1, 8), "cancel_compensation": (0, 0)}
FLARE_BEFORE_OUTCOME = ("add_total", "cancel_compensation")


def flares_path(value: str) -> Path:
    """The file an ffg_flares value names: the shipped illustrative file for `assumed`."""
    return ASSUMED_FLARES if value == "assumed" else Path(value)


def _flare_effect(r: dict, key: str, field: str, where: str, timing: str) -> tuple[int, int]:
    e = r.get(key)
    if not isinstance(e, dict):
        raise BadInput(field, f"{where}: '{key}' must be a table like {{ effect = \"draw\", amount = 2 }}; "
                              f"allowed effects: {', '.join(FLARE_AMOUNT)}")
    fx = one_of(e.get("effect"), tuple(FLARE_AMOUNT), field, where, f"{key} effect")
    lo, hi = FLARE_AMOUNT[fx]
    amount = need_int(e, "amount", field, f"{where} {key}", lo, hi) if hi > 0 else 0
    if hi == 0 and e.get("amount", 0) != 0:
        raise BadInput(field, f"{where}: {key} effect {fx} takes no amount")
    if fx in FLARE_BEFORE_OUTCOME and timing == "resolution":
        raise BadInput(field, f"{where}: {key} effect {fx} at timing resolution comes too late (after the "
                              "outcome); allowed there: draw, retrieve")
    return FLARE_EFFECTS.index(fx), amount


def load_flares(path: Path) -> list[dict]:
    """Flares (CE.45, FFG2008; ffg_flares): rows with the alien (one of the 20 of CE.22, each at most
    once), a timing (alliance | reveal | resolution) and a wild and a super effect, each
    { effect = add_total | draw | retrieve | cancel_compensation, amount = N } (CE.45.4). The texts of
    the published flares are not in our sources, so every row must say source = "assumed" unless it
    is "rules" (there are none). Returns dicts with ids (alien, timing, wild, super)."""
    field = "ffg_flares"
    path = Path(path)
    d = read_toml(path, field)
    out = []
    seen = {}
    for where, r in table_rows(d, "flare", field, path):
        name = r.get("name", "")
        if not isinstance(name, str) or not name.strip():
            raise BadInput(field, f"{where} has no 'name' (a non-empty string)")
        a = r.get("alien")
        keys = {n.lower(): i for i, n in enumerate(ALIEN_NAMES)}
        if not isinstance(a, str) or a.strip().lower() not in keys:
            raise BadInput(field, f"{where}: alien {a!r}; allowed: one of the 20 aliens of CE.22 "
                                  f"({', '.join(ALIEN_NAMES)})")
        alien = keys[a.strip().lower()]
        if alien in seen:
            raise BadInput(field, f"{where}: alien {ALIEN_NAMES[alien]} already has a flare ({seen[alien]}); "
                                  "allowed: one flare per alien")
        seen[alien] = where
        timing = one_of(r.get("timing"), FLARE_TIMINGS, field, where, "timing")
        wild = _flare_effect(r, "wild", field, where, timing)
        sup = _flare_effect(r, "super", field, where, timing)
        source(r, field, where)
        out.append(dict(name=name.strip(), alien=alien, timing=FLARE_TIMINGS.index(timing), wild=wild, super=sup))
    if len(out) > MAX_FLARES:
        raise BadInput(field, f"{path.name}: {len(out)} flares; at most {MAX_FLARES} (one per alien)")
    return out
