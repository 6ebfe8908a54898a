"""Amazing Space Venture (rules: ../shared/rules/amazing_space_venture.md)."""
from .game import SpaceVenture

GAME = SpaceVenture()
