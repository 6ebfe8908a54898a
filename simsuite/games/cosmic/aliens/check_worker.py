"""One worker of ``simsuite check alien``'s interpreted play (aliens/check.py: _interpreted starts it with
NUMBA_DISABLE_JIT=1): its share of the (edition, seat) jobs, a line per chunk of games on stdout
("at WHERE", "done N"), then "result JSON", or "error FIELD<tab>MESSAGE" for bad input. A module of
its own: it is run, never imported."""
import json
import sys

import numpy as np

from simsuite.errors import BadInput
from simsuite.games import get
from simsuite.games.cosmic.aliens.check import QUICK_CHUNK, _play_seat


def _worker(spec: dict) -> None:
    game = get("cosmic")
    kern = game.kernel()
    fn = kern.run_checked
    runs, problems = [], []

    def chunks(head, outs, where):
        n = outs[0].shape[0]
        for lo in range(0, n, QUICK_CHUNK):
            hi = min(n, lo + QUICK_CHUNK)
            print(f"at {where}, games {lo}–{hi - 1}", flush=True)
            fn(*head, np.int64(lo), *(o[lo:hi] for o in outs))
            print(f"done {hi - lo}", flush=True)

    for edition, seat in spec["jobs"]:
        run, problem = _play_seat(game, kern, spec["name"], edition, seat, spec["per"], spec["seed"], chunks)
        runs.append(run)
        problems += [problem] if problem else []
    print("result " + json.dumps(dict(runs=runs, problems=problems)), flush=True)


if __name__ == "__main__":
    try:
        _worker(json.loads(sys.argv[1]))
    except BadInput as e:  # the parent says it, one line
        print(f"error {e.field}\t{str(e).removeprefix(e.field + ': ')}", flush=True)
        sys.exit(2)
