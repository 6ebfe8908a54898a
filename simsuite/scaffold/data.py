"""Reading and checking a game's data files (TOML): the pieces every game's ``data.py`` uses.

Every check raises ``BadInput(field, ...)`` with one line that names the file, the row and what is
allowed; ``field`` is the parameter that named the file (e.g. ``deck``), so the CLI prints
``deck: deck.toml card #3: count -1; allowed: 0..64`` and exits with status 2. A game's loader
reads the file with ``read_toml``, walks its ``[[row]]`` tables with ``table_rows`` and checks
each value with ``need`` / ``need_int`` / ``one_of`` / ``source``; totals the rules fix are the
game's own checks.
"""
from __future__ import annotations

import tomllib
from pathlib import Path

from simsuite.errors import BadInput

# where a data value comes from: every row says which (README, data files)
SOURCES = ("rules", "published list", "assumed")


def read_toml(path: Path, field: str, what: str = "a TOML data file") -> dict:
    """The parsed file; a missing, unreadable or malformed file is bad input of `field`, one line
    that says what was wrong and, where the file is of the wrong kind, `what` is allowed. Every TOML
    file a user gives (a game's data, a sweep or tune definition) is read here, so the same mistake
    reads the same whichever file it is in."""
    try:
        with open(path, "rb") as f:
            return tomllib.load(f)
    except FileNotFoundError:
        raise BadInput(field, f"{path} does not exist; allowed: {what}")
    except tomllib.TOMLDecodeError as e:
        raise BadInput(field, f"{path} is malformed TOML: {e}")
    except IsADirectoryError:
        raise BadInput(field, f"{path} is a directory; allowed: {what}")
    except UnicodeDecodeError:
        raise BadInput(field, f"{path} is not UTF-8 text; allowed: {what} in UTF-8")
    except OSError as e:
        raise BadInput(field, f"cannot read {path}: {e.strerror or e}")


def table_rows(d: dict, key: str, field: str, path: Path) -> list[tuple[str, dict]]:
    """The ``[[key]]`` tables of the file as (where, row): where = "file.toml key #i" for messages."""
    rows = d.get(key)
    if not isinstance(rows, list) or not rows:
        raise BadInput(field, f"{path} has no [[{key}]] rows")
    out = []
    for i, r in enumerate(rows):
        where = f"{Path(path).name} {key} #{i + 1}"
        if not isinstance(r, dict):
            raise BadInput(field, f"{where} is not a table")
        out.append((where, r))
    return out


def need(row: dict, key: str, kinds, field: str, where: str):
    """row[key], which must be there and of type `kinds` (a bool is not an int unless bool is named)."""
    if key not in row:
        raise BadInput(field, f"{where} has no '{key}'")
    v = row[key]
    kinds_t = kinds if isinstance(kinds, tuple) else (kinds,)
    if not isinstance(v, kinds) or (isinstance(v, bool) and bool not in kinds_t):
        raise BadInput(field, f"{where}: '{key}' = {v!r} has the wrong type")
    return v


def need_int(row: dict, key: str, field: str, where: str, lo: int, hi: int) -> int:
    """row[key], an integer in lo..hi."""
    if key not in row:
        raise BadInput(field, f"{where} has no '{key}'")
    v = row[key]
    if not isinstance(v, int) or isinstance(v, bool):
        raise BadInput(field, f"{where}: '{key}' = {v!r}; allowed: an integer in {lo}..{hi}")
    if not lo <= v <= hi:
        raise BadInput(field, f"{where}: '{key}' = {v}; allowed: {lo}..{hi}")
    return v


def one_of(value, allowed, field: str, where: str, what: str):
    """value, which must be one of `allowed`."""
    if value not in allowed:
        raise BadInput(field, f"{where}: {what} {value!r}; allowed: {', '.join(map(str, allowed))}")
    return value


def source(row: dict, field: str, where: str, default: str | None = None) -> str:
    """The row's ``source`` (one of SOURCES); default None: every row must give one."""
    src = row.get("source", default)
    if src not in SOURCES:
        need_one = " (every value needs one)" if default is None else ""
        raise BadInput(field, f"{where}: source {src!r}; allowed: {', '.join(SOURCES)}{need_one}")
    return src


def flag(d: dict, key: str, field: str, path: Path, default: bool = True) -> bool:
    """A true/false setting of the file (e.g. require_ah2000_totals)."""
    v = d.get(key, default)
    if not isinstance(v, bool):
        raise BadInput(field, f"{Path(path).name}: {key} = {v!r}; allowed: true, false")
    return v
