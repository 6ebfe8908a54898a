"""How much each of basic's answers to another player's power (weights.py, answer_*) is worth to
the power's opponents: the search behind basic's defaults for them.

For each answer and the power it answers, `basic` on every seat plays the same games twice, every
seat's answer at 1 (the modelled answer) and at 0 (the power ignored), with the alien dealt in every
game at a random seat (alien_dealt): AH2000 at 3 and 4 players, FFG2008 at 5. The table gives the
holder's win share under each value; the value under which the holder wins less is the one its
opponents, who all answer it, do better with. Every seat plays both values, so an answer is only
ever measured against the whole table answering the same way (as the countered end of a band
searches it).

    python tools/answer_defaults.py                 # 20,000 games per value, about 6 minutes on 2 cores
    python tools/answer_defaults.py --games 5000 --json out.json
"""
import argparse
import json
import math
import subprocess
import sys
import tempfile

from simsuite.games.cosmic.api import ALIEN_NAMES
from simsuite.games.cosmic.bots.basic.weights import ANSWERS

# each answer (weights.ANSWERS: answer_<alien>) and the alien it answers
PAIRS = [(a.removeprefix("answer_"), next(n for n in ALIEN_NAMES if n.lower().replace("-", "_") == a.removeprefix("answer_")))
         for a in ANSWERS]
SETTINGS = [("AH2000", 3), ("AH2000", 4), ("FFG2008", 5)]


def share(edition, players, alien, answer, value, games, seed, tmp):
    out = subprocess.run(
        [sys.executable, "-m", "simsuite.cli", "run", "cosmic", "-n", str(games), "-p", str(players), "-q",
         "--no-records", "--json", "-s", str(seed), "-o", f"{tmp}/{edition}-{players}-{alien}-{value}",
         "--set", f"edition={edition}", "--set", f"alien_dealt={alien}", "--set", f"basic_answer_{answer}={value}"],
        check=True, capture_output=True, text=True).stdout
    g = next(g for g in json.loads(out)["groups"] if g["kind"] == "alien" and g["key"] == alien)
    return g["win_share"], g["share_se"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=20_000)
    ap.add_argument("--seed", type=int, default=31)
    ap.add_argument("--json", dest="json_out", default=None)
    a = ap.parse_args()
    rows = []
    print("| answer | edition, players | holder's share, answer 1 | answer 0 | 1 minus 0 (95% interval) |")
    print("|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        for answer, alien in PAIRS:
            for edition, players in SETTINGS:
                (on, se1), (off, se0) = (share(edition, players, alien, answer, v, a.games, a.seed, tmp) for v in (1, 0))
                d, se = on - off, math.hypot(se1, se0)
                rows.append(dict(answer=answer, alien=alien, edition=edition, players=players, on=on, off=off,
                                 diff=d, lo=d - 1.96 * se, hi=d + 1.96 * se, games=a.games))
                print(f"| {answer} ({alien}) | {edition}, {players} | {100 * on:.1f}% | {100 * off:.1f}% | "
                      f"{100 * d:+.1f} ({100 * (d - 1.96 * se):+.1f} to {100 * (d + 1.96 * se):+.1f}) |", flush=True)
    if a.json_out:
        with open(a.json_out, "w") as f:
            json.dump(rows, f, indent=1)


if __name__ == "__main__":
    main()
