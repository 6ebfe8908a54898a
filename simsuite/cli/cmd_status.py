"""`simsuite status`."""
from __future__ import annotations

from pathlib import Path

import click

from ..errors import BadInput
from .base import _echo_json, cli


@cli.command()
@click.argument("results_dir", type=click.Path())
@click.option("--json", "as_json", is_flag=True, help="print one JSON document")
def status(results_dir, as_json):
    """Progress of a results directory per cell: work units and games done, versions."""
    from .. import games
    from ..store import has_results, read_json, read_results
    from ..sweep import meta_game, sweep_progress

    path = Path(results_dir)
    if not (path / "meta.json").exists():
        raise BadInput("results", f"{path} is not a results directory (no meta.json)")
    meta = read_json(path / "meta.json", "results", ("kind", "game"))
    if meta["kind"] == "tune":  # a tune: trials, not cells (each trial is a sweep under trials/)
        from ..tune import tune_status

        doc = dict(tune_status(path), game=meta["game"])
        if as_json:
            _echo_json(doc)
        else:
            b = doc["best_trial"]
            click.echo(f"tune of {doc['game']}: {doc['trials_done']} trial(s) finished, {doc['trials_unfinished']} "
                       f"unfinished, {doc['infeasible']} infeasible; re-checks done {doc['rechecks_done']}, final checks "
                       f"{doc['final_checks_done']}; "
                       + ("finished" if doc["finished"] else "not finished (run the same command to resume)")
                       + (f"; best trial so far {b['trial']}: {b['value']:.5g} {b['params']}" if b else ""))
        return
    rows = sweep_progress(path, meta, games.get(meta_game(path, meta)))
    t = read_results(path) if has_results(path) else {"cells": None}
    cells = t["cells"]
    versions = sorted(cells["simsuite_version"].unique()) if cells is not None and len(cells) else []
    doc = dict(dir=str(path), kind=meta.get("kind"), game=meta.get("game"), cells_total=len(rows),
               cells_done=sum(r["done"] for r in rows), games_total=sum(r["games"] for r in rows),
               games_done=sum(r["games_done"] for r in rows), versions=versions, cells=rows)
    if as_json:
        _echo_json(doc)
        return
    click.echo(f"{doc['kind']} of {doc['game']}: {doc['cells_done']}/{doc['cells_total']} cells done, "
               f"{doc['games_done']:,}/{doc['games_total']:,} games; version(s) {', '.join(versions) or '-'}")
    for r in rows:
        label = ", ".join(f"{k}={v}" for k, v in r["params"].items())
        click.echo(f"  cell {r['cell']:>3}  {label:<40} {r['units_done']}/{r['units']} units  "
                   f"{r['games_done']:,}/{r['games']:,} games{'  done' if r['done'] else ''}"
                   + ("  interrupted: run the same command again to resume" if r.get("interrupted") else ""))
