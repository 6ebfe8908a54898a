"""``basic``: one decision function (policy.py) answering every decision kind from the card play
(cardplay.py), the alien powers (powers.py), the shared estimates (heuristics.py) and the named
weights ``tune`` moves (weights.py); naive.py holds the naive power policies it is compared with."""
