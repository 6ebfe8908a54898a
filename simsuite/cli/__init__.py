"""The simsuite command line: list, run, sweep, tune, report, replay, bench, status.

Errors in user input print one line ``error: FIELD: what is allowed`` and exit with status 2.
"""
from __future__ import annotations

import sys
from pathlib import Path

import click

from ..errors import BadInput

# each command registers itself on `cli` (defined in base.py, which the command modules import)
from . import (  # noqa: F401  (imported to register)
    cmd_bench,
    cmd_list,
    cmd_replay,
    cmd_report,
    cmd_run,
    cmd_status,
    cmd_sweep,
    cmd_tune,
)
from .base import cli
from .cmd_check import check as _check_group  # simsuite check strategy|game

cli.add_command(_check_group)


def main(argv=None):
    """Entry point: one-line errors with exit status 2 for bad input, no tracebacks."""
    try:
        cli.main(args=argv, prog_name="simsuite", standalone_mode=False)
    except BadInput as e:
        click.echo(f"error: {e}", err=True)
        sys.exit(2)
    except click.exceptions.UsageError as e:
        if type(e).__name__ == "NoArgsIsHelpError" and e.ctx is not None:  # bare `simsuite` (click >= 8.2)
            click.echo(e.ctx.get_help())
            sys.exit(0)
        click.echo(f"error: {_usage_line(e)}", err=True)
        sys.exit(2)
    except (click.exceptions.Abort, KeyboardInterrupt):  # before any results folder was opened
        click.echo("interrupted: no results were being written, so there is nothing to resume", err=True)
        sys.exit(130)
    except click.exceptions.Exit as e:
        sys.exit(e.exit_code)
    except click.ClickException as e:
        click.echo(f"error: {e.format_message()}", err=True)
        sys.exit(2)
    except BrokenPipeError:
        sys.exit(0)
    except Exception as e:
        line = _strategy_compile_error(e)
        if line is None:
            raise
        click.echo(f"error: {line}", err=True)
        sys.exit(2)


def _usage_line(e: click.exceptions.UsageError) -> str:
    """click's own usage error on one line: the option or argument first, then what is wrong."""
    msg = " ".join(e.format_message().split())
    name = None
    if isinstance(e, click.BadParameter) and e.param is not None:
        p = e.param
        name = p.opts[0] if isinstance(p, click.Option) and p.opts else p.human_readable_name
        if isinstance(e, click.MissingParameter):
            msg = "required"
        else:
            msg = " ".join(str(e.message).split()).rstrip(".")
            if isinstance(p.type, (click.IntRange, click.FloatRange)) and "not a valid" in msg:
                msg += f"; allowed: {p.type._describe_range()}"
    elif getattr(e, "option_name", None):
        name = e.option_name
    where = e.ctx.command_path if e.ctx is not None else "simsuite"
    return (f"{name}: {msg}" if name else msg) + f" (see {where} --help)"


def _strategy_compile_error(e: Exception):
    """One line for a plug-in strategy that numba cannot compile (a user's bad input), else None.

    The innermost source file named in numba's error that is neither numba's, simsuite's nor a
    generated kernel is the plug-in; an error inside simsuite itself keeps its traceback."""
    import re

    import numba
    from numba.core.errors import NumbaError

    from ..engine.codegen import cache_dir

    if not isinstance(e, NumbaError):
        return None
    text = re.sub(r"\x1b\[[0-9;]*m", "", str(e))
    ours = (Path(numba.__file__).resolve().parent, Path(__file__).resolve().parent.parent, cache_dir().resolve())
    for f, n in re.findall(r'File "([^"]+)", line (\d+)', text):
        p = Path(f).resolve()
        if any(p.is_relative_to(d) for d in ours):
            continue
        why = next((ln.strip().rstrip(":") for ln in text.splitlines()
                    if ln.strip().startswith(("No implementation", "Unknown attribute", "Cannot", "Invalid use",
                                              "NameError", "Untyped global"))), "numba cannot type it")
        hint = ("; decide runs without reference counting, so it must not allocate arrays (use the scratch area, "
                "or decorate decide with @njit(_nrt=True))") if re.search(r"zeros|empty|ones|array", why) else ""
        return f"strategy: {p}, line {n} does not compile: {why}{hint}"
    # an untyped name inside the plug-in: numba names only the generated dispatch, whose comment
    # says which strategy it calls ("if sid == 3:  # name")
    who = re.findall(r"if sid == \d+:\s+# (\S+)", text)
    why = next((ln.strip() for ln in text.splitlines() if ln.strip().startswith(("NameError", "Untyped global"))), None)
    if who and why:
        return f"strategy: strategy {who[0]!r} does not compile: {why}"
    return None


if __name__ == "__main__":
    main()
