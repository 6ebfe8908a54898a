"""What the commands share: the `cli` group they register on, the options every playing command
takes, the results folder and JSON output. The package's __init__ imports the commands after this,
so a command module imports this module, never the package it sits in."""
from __future__ import annotations

import json
import math
import sys
from pathlib import Path

import click

from .. import __version__
from ..engine.params import command_line
from ..errors import BadInput
from ..plugin_dirs import plugin_dir_option

# Results go under the current directory (or --out), never into the installed package
RESULTS = Path("results")


def _echo_json(obj) -> None:
    def clean(o):
        if isinstance(o, float) and not math.isfinite(o):
            return None
        if isinstance(o, dict):
            return {k: clean(v) for k, v in o.items()}
        if isinstance(o, (list, tuple)):
            return [clean(v) for v in o]
        if hasattr(o, "item"):  # numpy scalar
            return clean(o.item())
        return o

    click.echo(json.dumps(clean(obj), indent=2, default=str))


def _overrides(game, players, strategies, sets, rotate=None, shortcuts=None) -> dict:
    ov = dict(command_line(game, sets, players, strategies, shortcuts))
    if rotate is not None:
        ov["rotate"] = rotate
    return ov


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="simsuite")
@click.pass_context
def cli(ctx):
    """simsuite: Monte Carlo balance analysis for tabletop games.

    \b
    Quick start:
      simsuite list
      simsuite run star-cartel --players 4 --games 1000000 --seed 7 --strategies market,greedy,greedy,random
      simsuite sweep star-cartel --set crash_threshold=6..12 --set players=3..6 --games 200000 --out results/sc-crash
      simsuite report results/sc-crash
      simsuite replay star-cartel --seed 7 --game 12345 --players 4 --strategies market,greedy,greedy,random
      simsuite bench star-cartel
      simsuite check strategy my_strategy.py --game star-cartel
      simsuite run cosmic --players 5 --aliens random --set edition=FFG2008 --set ffg_flares=assumed
      simsuite report cosmic-editions
      simsuite report space-venture-players
      simsuite tune star-cartel --param crash_threshold=6..14 --objective seat-fairness --players 3..6 --budget 40
    """
    if ctx.invoked_subcommand in PLAYING and "--help" not in sys.argv and "-h" not in sys.argv:
        from ..engine.codegen import cache_dir

        cache_dir()  # an unusable cache directory: one line before any results folder is made


PLAYING = ("run", "sweep", "replay", "bench", "tune", "report")  # commands that compile or load kernels


SHORTCUT_PREFIX = "shortcut__"


def _shortcut_options() -> list[click.Option]:
    """One option per shortcut that some registered game declares (Game.shortcuts), each once;
    which game takes it is checked when the game is known (_command_line)."""
    from .. import games

    seen: dict[str, list] = {}
    for name in games.names():
        g = games.get(name)
        for s in g.shortcuts:
            seen.setdefault(s.option, [s, []])[1].append(g.name)
    return [click.Option([opt, SHORTCUT_PREFIX + opt.lstrip("-").replace("-", "_")], default=None, metavar=s.metavar,
                         help=f"{s.help} [{', '.join(who)}]") for opt, (s, who) in seen.items()]


class GameCommand(click.Command):
    """A command that also takes the registered games' shortcut options. They are added when the
    command is parsed or its help shown (importing the CLI does not import the games), and reach
    the callback as one dict, ``shortcuts`` (option -> value given)."""

    def __init__(self, *a, **kw):
        super().__init__(*a, **kw)
        self._own_params = list(self.params)
        inner = self.callback

        def callback(**params):
            got = {k: params.pop(k) for k in [k for k in params if k.startswith(SHORTCUT_PREFIX)]}
            opts = {p.name: p.opts[0] for p in self.params if isinstance(p, click.Option)}
            return inner(**params, shortcuts={opts[k]: v for k, v in got.items() if v is not None})

        self.callback = callback

    def get_params(self, ctx):
        # built at each parse, so a game registered at run time (simsuite.games.register) is included
        own = self._own_params
        at = next((i for i, p in enumerate(own) if p.name == "strategies"), len(own))
        self.params = own[:at] + _shortcut_options() + own[at:]
        return super().get_params(ctx)


SEED_RANGE = click.IntRange(0, 2**64 - 1)  # the seed is stored as an unsigned 64-bit integer
THREADS_HELP = "numba threads (0 = all cores; more than the cores counts as all)"


class _ThreadCount(click.ParamType):
    """--threads: 0 = all cores, or 1..N."""

    name = "integer"

    def convert(self, value, param, ctx):
        try:
            v = int(value)
        except (TypeError, ValueError):
            v = -1
        if v < 0 or isinstance(value, float):
            self.fail(f"got {value!r}; allowed: 0 (all cores) or 1..N threads", param, ctx)
        return v


THREADS = _ThreadCount()


class GameCount(click.ParamType):
    """A count of games: 1000000, 1_000_000 or 1e6, lo..hi (engine.params.parse_count)."""

    name = "integer"

    def __init__(self, lo: int, hi: int | None = None):
        self.lo, self.hi = lo, hi

    def convert(self, value, param, ctx):
        from ..engine.params import parse_count

        try:
            return parse_count(value, self.lo, self.hi, param.opts[0] if param is not None else "games")
        except BadInput as e:
            self.fail(str(e)[len(e.field) + 2:], param, ctx)


def _common(f):
    f = plugin_dir_option(f)
    f = click.option("--strategy-dir", "strategy_dirs", multiple=True, type=click.Path(),
                     help="extra directory of strategy files")(f)
    f = click.option("--threads", type=THREADS, default=0, show_default=True,
                     help=THREADS_HELP)(f)
    # the default is runner.DEFAULT_CHUNK (not imported here: it would load numba for --help)
    f = click.option("--chunk", type=click.IntRange(1, 10_000_000), default=1 << 13, show_default=True,
                     help="games per call into numba (memory stays flat)")(f)
    f = click.option("--set", "sets", multiple=True, metavar="NAME=VALUE", help="rule parameter (repeatable)")(f)
    f = click.option("--strategies", default=None, help="comma-separated strategy per seat (repeats round the table)")(f)
    f = click.option("--players", "-p", default=None, help="number of players")(f)
    f = click.option("--seed", "-s", type=SEED_RANGE, default=1, show_default=True, help="0..2**64-1")(f)
    f = click.option("--quiet", "-q", "--no-progress", "quiet", is_flag=True,
                     help="no progress bar and no compile notice (the results are printed as usual)")(f)
    return f



def compile_notice(g, extra_dirs=(), entry: str = "run_batch", tty_only: bool = False) -> None:
    """Compile or load the kernel before the games start, and say which: a cold compile is a
    minute of silence otherwise, and the progress's rate and time left then time games only.
    "compiling" is announced before when numba's cache has no copy of the entry point; after it,
    whether numba compiled or only loaded the cache (its own count of cache misses) decides
    between "compiled in N s" and "loaded the compiled kernel". `tty_only`: say it on a terminal
    only (--json: the output is for programs)."""
    import time

    from ..engine.codegen import cache_dir, cache_misses, is_compiled

    if tty_only and not sys.stderr.isatty():
        return
    cold = not is_compiled(g.dirname, g.kernel_digest(extra_dirs), entry)
    if cold:
        click.echo(f"compiling the {g.title} kernel for this code and these strategies (once: 25-90 s on 2 cores; "
                   f"cached in {cache_dir()}) ...", err=True)
    if entry != "run_batch":
        return
    t0 = time.perf_counter()
    kern = g.kernel(extra_dirs)
    before = cache_misses(kern, entry)
    g.run_range(kern, g.build_cfg(g.resolve({}, extra_dirs), extra_dirs), 0, 0, 0)  # zero games: compile or load
    took = time.perf_counter() - t0
    if cache_misses(kern, entry) > before:
        click.echo(f"compiled the {g.title} kernel in {took:.0f} s", err=True)
    else:
        click.echo(f"loaded the compiled {g.title} kernel ({took:.1f} s)", err=True)