"""The Macron (CE.22.9) through the power API: each of its ships counts 4, and it commits one at a time."""
NAME = "Macron"
CLASSIC = "Macron"
SUMMARY = "each of its ships counts 4, but it sends exactly one"
TEXT = ("Each of your ships in an encounter counts 4 in the totals instead of 1. When you launch ships as the "
        "offense or join an alliance, you commit exactly one ship instead of one to four.")
EDITIONS = ("ah2000", "ffg2008")
WHO = "any"
# mandatory and automatic (no hook): the engine weighs its ships while its power is on and its
# ships are in the encounter, an E.POWER at the totals that a Cosmic Zap may stop (CE.21.1)
SHIP_WEIGHT = 4
SHIP_LIMIT = 1
