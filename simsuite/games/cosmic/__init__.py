"""Cosmic Encounter, 2000 Avalon Hill rules (rules contract: ../shared/rules/cosmic_encounter.md)."""
from simsuite.games.cosmic.game import Cosmic

GAME = Cosmic()
