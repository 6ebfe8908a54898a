"""The players the package ships: ``basic`` and the rules it is built from (basic/), and the searching
players that rate basic's options by rollouts of a second copy of the engine (search/). The strategy
files in simsuite/data/strategies/cosmic/ are small: each picks one of these and its settings."""
