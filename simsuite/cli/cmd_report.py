"""`simsuite report`: a results or tune directory, or a named sweep definition (run or resumed first)."""
from __future__ import annotations

import sys
from pathlib import Path

import click

from ..errors import BadInput, did_you_mean
from ..plugin_dirs import plugin_dir_option
from ..resources import SWEEPS as SWEEPS_DIR
from ..sweep_file import interrupted_line, load_sweep_file, partial_sweep_line, sweep_plan
from .base import RESULTS, THREADS, THREADS_HELP, _echo_json, cli, compile_notice


@cli.command()
@click.argument("source")
@click.option("--out", "-o", type=click.Path(), default=None, help="report directory (default reports/<name>)")
@click.option("--margin", type=float, default=2.0, show_default=True,
              help="equivalence margin of the rankings, in percentage points of win share: a label is "
                   "'fair within +-margin pp' when two one-sided tests show it")
@click.option("--threads", type=THREADS, default=0, help=THREADS_HELP)
@click.option("--quiet", "-q", is_flag=True,
              help="no progress and no compile notice while a sweep runs (the answer and the page's path are "
                   "printed as usual)")
@click.option("--verbose", "-v", is_flag=True, help="also print every finding of the page (long)")
@click.option("--focus", multiple=True, metavar="LABEL",
              help="open the answer with where LABEL stands in every ranking (repeatable; default: the sweep "
                   "definition's focus), e.g. a new power placed among the others")
@click.option("--json", "as_json", is_flag=True, help="print one JSON document")
@plugin_dir_option
def report(source, out, margin, threads, quiet, verbose, focus, as_json):
    """Write an HTML balance report with PNG charts for a results directory.

    SOURCE is a results directory, or the name of a sweep definition in configs/sweeps
    (e.g. star-cartel-crash): that sweep is run first (or resumed) into results/<name>.
    A tune directory (simsuite tune) gets the tune report.
    """
    from .. import games
    from ..report import make_report

    if not 0 < margin < 100:
        raise BadInput("--margin", f"{margin:g}; allowed: percentage points between 0 and 100 (exclusive), e.g. 2")
    src = Path(source)
    if (src / "plan.json").exists():  # a tune plan (Game.tune_plans): the plan's own report
        from ..store import read_json

        meta = read_json(src / "plan.json", "source", ("game", "plan"))
        res = games.get(meta["game"]).tune_plan(meta["plan"]).report(src, Path(out) if out else None)
        if as_json:
            _echo_json(res)
        else:
            click.echo(f"{res['headline']}\nreport: {res['html']}")
        return
    if (src / "tune.json").exists():  # a tune directory: its own report (simsuite/tune/report.py)
        from ..tune.report import make_tune_report

        res = make_tune_report(src, Path(out) if out else None)
        if as_json:
            _echo_json(res)
        else:
            _echo_answer(res)
            click.echo(f"report: {res['html']}")
        return
    from ..store import has_results

    if not has_results(src):
        f = SWEEPS_DIR / f"{source}.toml"
        if not f.exists():
            names = sorted(p.stem for p in SWEEPS_DIR.glob("*.toml"))
            raise BadInput("source", f"{source} is neither a results directory nor a sweep definition"
                                     f"{did_you_mean(source, names)}; known sweeps: {', '.join(names)}")
        spec = load_sweep_file(f)
        if "game" not in spec:
            raise BadInput("game", f"{f} has no game = ...; allowed: {', '.join(games.names())}")
        g = games.get(spec["game"])
        base, axes, n_games, seed, unit, precision = sweep_plan(g, spec)
        if out:
            from ..report import check_out_dir

            check_out_dir(Path(out))  # before the sweep runs
        src = RESULTS / spec.get("name", source)
        extra = tuple(spec.get("strategy_dirs", ()))
        if not (as_json or quiet):
            click.echo(f"running sweep {source} into {src} (resumes if interrupted) ...")
        from ..sweep import run_sweep

        try:
            run_sweep(g, base, axes, n_games, seed, src, extra, threads, unit,
                      definition_name=spec.get("name", source), precision=precision,
                      progress=False if (quiet or as_json) else None,
                      notice=None if (quiet or as_json) else compile_notice(g, extra), ladder=spec.get("ladder"))
        except KeyboardInterrupt:
            click.echo(interrupted_line(src), err=True)
            sys.exit(130)
    partial = partial_sweep_line(src)
    if partial:  # stderr: --json output stays one document
        click.echo(partial, err=True)
    from ..progress import Heartbeat

    # the rankings, tests and charts of a large sweep take minutes: said on stderr as they go
    with Heartbeat(f"writing the report of {src}", enabled=not (quiet or as_json)):
        res = make_report(src, Path(out) if out else None, margin=margin / 100, focus=list(focus) or None)
    if as_json:
        _echo_json(res)
        return
    # the page's question and its plain answer (the words of the page's answer box), the page's path
    # last (so it does not scroll away); the statistics behind the answer are on the page, and here
    # with --verbose
    for w in res.get("status", []):
        if not partial:  # the partial-sweep line above already said it
            click.echo(f"warning: {w}")
    _echo_answer(res)
    if verbose:
        click.echo("The statistics behind the answer, and every finding:")
        for line in res.get("findings", []):
            click.echo(f"  - {line}")
    else:
        click.echo("(the table, the charts and the statistics behind this answer are on the page; "
                   "--verbose prints every finding here)")
    click.echo(f"report: {res['html']}")


def _echo_answer(res: dict) -> None:
    """The page's question and its answer sentences, as the page's answer box words them (a focus,
    where each asked-for label, seat or value stands, opens them)."""
    if res.get("question"):
        click.echo(res["question"])
    for line in res.get("answer") or []:
        click.echo(f"- {line}")
