"""The scaffold every game is built on (README, "Adding a game"):

- ``layout.py``: the state and configuration header every game shares (fixed offsets), the
  ``Layout`` builder for a game's own words, the readers every strategy uses;
- ``prelude.py``: kernel text pasted after a game's first kernel part (the decision call, the
  shuffle, the turn loop's and the record's helpers);
- ``data.py``: reading and checking a game's TOML data files;
- ``replay.py``: the event table that turns a kernel's event log into readable replay text.

The record fields every game has are in ``simsuite/engine/records.py`` (COMMON_FIELDS), the parameters'
configuration slots on ``simsuite.engine.params.Param`` (``slot``), and what a game class provides in
``simsuite/games/base.py``.
"""
