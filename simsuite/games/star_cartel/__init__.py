"""Star Cartel (rules: ../shared/rules/star_cartel.md)."""
from .game import StarCartel

GAME = StarCartel()
