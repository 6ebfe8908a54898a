"""The searching players: search.py (the decide every ``search*`` strategy calls), the rollout engine
compiled apart and called through its address (rollout.py, rollout_driver.py, rollout_build.py), the
race that stops rating options that have fallen behind (race.py) and the hidden-card deal (hidden.py)."""
