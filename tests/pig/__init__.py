"""Pig, a 2-4 player dice game defined in the test folder: a new game that the shared tests and
`simsuite check game` cover once it is registered (tests/conftest.py), with no edit of them.

Rules (ids PIG.x): PIG.1 on your turn roll a die as often as you like, adding the pips to the turn's
total; PIG.2 a 1 ends the turn and loses that total; PIG.3 holding banks the total; PIG.4 the first
player whose bank reaches the target wins at once (a roll that reaches it holds by itself); PIG.5
the start player is drawn at random."""
from .game import Pig

GAME = Pig()
