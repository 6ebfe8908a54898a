"""What a compile says while it runs: how long the last one took on this machine, a line every so
often while it lasts, and how long it took.

A kernel's compile is told by runner.KernelNotice. A game may also link an engine of its own at run
time (the Cosmic rollout engine of its searching players, compiled when a line-up first needs it);
it wraps that compile in ``compiling(title, key, cached)``, and the command's notice, set for the
time the configuration is built (``announcing``), says it. Without a notice (--quiet, --json,
tests) nothing is said and nothing else changes.
"""
from __future__ import annotations

import contextlib
import time

from .engine import codegen
from .progress import Heartbeat

# Seconds between two "still compiling" lines: a compile takes minutes, and a line every progress
# interval (5 s) would fill a log with them.
HEARTBEAT = 30.0

_say = {"fn": None}


def last_compile(key: str, took: float | None = None) -> float | None:
    """The seconds the last compile of `key` (a game's kernel: its folder name) took on this machine,
    kept in the kernel cache, so the next compile can say up front how long it will take; with
    `took`, record it."""
    f = codegen.cache_dir() / "compile_seconds" / key
    try:
        if took is not None:
            f.parent.mkdir(parents=True, exist_ok=True)
            f.write_text(f"{took:.1f}")
            return took
        return float(f.read_text())
    except (OSError, ValueError):
        return None


def how_long(key: str) -> str:
    last = last_compile(key)
    return (f"about {last:.0f} s, as its last compile on this machine took" if last is not None else
            "up to a few minutes on 2 cores")


def heartbeat(title: str, say) -> Heartbeat:
    """progress.Heartbeat for a compile: "  still compiling the <title>: N s so far" every HEARTBEAT
    seconds through `say` (None: silent), no end line (the caller says what the compile took).
    numba compiles in one call that reports nothing: this is the only sign of life a log gets."""
    return Heartbeat(f"  still compiling the {title}", enabled=say is not None, interval=HEARTBEAT, say=say,
                     done=False)


@contextlib.contextmanager
def announcing(say):
    """While the block runs (a command building its configuration), compiles wrapped in
    ``compiling`` are said through `say` (None: silent)."""
    old, _say["fn"] = _say["fn"], say
    try:
        yield
    finally:
        _say["fn"] = old


@contextlib.contextmanager
def compiling(title: str, key: str, cached: bool):
    """Wrap a compile that may happen (`cached`: numba's cache holds it, so the block only loads):
    says "compiling the <title> ..." with the last compile's time, a line every HEARTBEAT seconds,
    then "compiled the <title> in N s", and records the time under `key`."""
    say = _say["fn"]
    if cached or say is None:
        yield
        return
    say(f"compiling the {title} (once: {how_long(key)}; cached in {codegen.cache_dir()}) ...")
    t0 = time.perf_counter()
    with heartbeat(title, say):
        yield
    took = time.perf_counter() - t0
    say(f"compiled the {title} in {took:.0f} s")
    last_compile(key, took)
