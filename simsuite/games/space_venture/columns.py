"""The per-strategy game metrics' column prefixes: game.py (game_metrics) writes them, report.py
reads them; here so that neither module imports the other."""
SEATS_PREFIX = "seats__"  # seats__<strategy>: how many seats the strategy held in a game
BY_STRAT_PREFIX = "spts__"  # spts__<strategy>__<source>: its seats' points from the source in a game
