"""Game registry."""
from simsuite.errors import BadInput, did_you_mean

_REGISTERED: dict = {}  # games added at run time (register): a plug-in game, or a test's minimal one


def _games():
    from .cosmic import GAME as cosmic
    from .space_venture import GAME as space_venture
    from .star_cartel import GAME as star_cartel

    return {**{g.name: g for g in (star_cartel, cosmic, space_venture)}, **_REGISTERED}


def register(game) -> None:
    """Add a game (a simsuite.games.base.Game) to the registry under its name."""
    _REGISTERED[game.name] = game


def unregister(name: str) -> None:
    _REGISTERED.pop(name, None)


def names() -> list[str]:
    return list(_games())


def get(name: str):
    games = _games()
    key = name.strip().lower().replace("_", "-")
    if key not in games:
        raise BadInput("game", f"unknown game {name!r}{did_you_mean(key, list(games))}; allowed: {', '.join(games)}")
    return games[key]
