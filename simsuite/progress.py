"""Progress of long steps on stderr: a bar on a terminal, else a plain line every few seconds."""
from __future__ import annotations

import os
import sys
import threading
import time

# Seconds between two progress lines when stderr is not a terminal (a file, a log, an IDE pane);
# SIMSUITE_PROGRESS_INTERVAL overrides it (0: a line at every update).
PROGRESS_INTERVAL = 5.0


def progress_interval() -> float:
    try:
        v = float(os.environ.get("SIMSUITE_PROGRESS_INTERVAL", PROGRESS_INTERVAL))
    except ValueError:
        return PROGRESS_INTERVAL
    return v if v >= 0 else PROGRESS_INTERVAL


def fmt_duration(s: float) -> str:
    if s != s or s == float("inf"):
        return "?"
    if s < 90:
        return f"{s:.0f} s"
    if s < 5400:
        return f"{s / 60:.1f} min"
    return f"{s / 3600:.1f} h"


class Progress:
    """Progress of a long run of games: a tqdm bar on a terminal; elsewhere (a file, a log, an IDE
    pane) a plain line every few seconds with the games done, the rate and the time left.

    The clock starts at start(), called once the kernel is compiled or loaded, or at the first
    update: a compile of a minute would otherwise make the first rate and time left wrong.
    `clock` (seconds, monotonic) and `interval` can be injected, so tests do not wait."""

    def __init__(self, total: int, desc: str = "", enabled: bool | None = None, initial: int = 0,
                 interval: float | None = None, clock=None, stream=None):
        self.bar = None
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = True if enabled is None else enabled
        try:
            tty = self.stream.isatty()
        except (AttributeError, ValueError):
            tty = False
        self.lines = not tty
        self.total, self.desc, self.initial = total, desc, initial
        self.interval = progress_interval() if interval is None else interval
        self.clock = clock or time.monotonic
        self.done = initial
        self.t0 = self.last = None

    def start(self) -> None:
        if not self.enabled or self.t0 is not None:
            return
        self.t0 = self.last = self.clock()
        if not self.lines:
            from tqdm import tqdm

            self.bar = tqdm(total=self.total, initial=self.initial, desc=self.desc, unit=" games", unit_scale=True,
                            file=self.stream, dynamic_ncols=True, leave=False)

    def __call__(self, n: int) -> None:
        self.start()
        self.done += n
        if self.bar is not None:
            self.bar.update(n)
        elif self.enabled:
            now = self.clock()
            if now - self.last >= self.interval:
                self.last = now
                self.stream.write(self.line(now) + "\n")
                self.stream.flush()

    def line(self, now: float) -> str:
        """`desc: 40,000 of 100,000 games (40%), 12,345 games/s, about 5 s left`."""
        played, took = self.done - self.initial, now - self.t0
        rate = played / took if took > 0 else float("nan")
        left = (self.total - self.done) / rate if rate > 0 else float("nan")
        pct = 100 * self.done / self.total if self.total else 100.0
        head = f"{self.desc}: " if self.desc else ""
        return (f"{head}{self.done:,} of {self.total:,} games ({pct:.0f}%), "
                + (f"{rate:,.0f} games/s, about {fmt_duration(left)} left" if rate == rate else "starting"))

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
            self.bar = None


class Heartbeat:
    """A context that says, every few seconds (progress_interval), that a long step without a game
    count (writing a report) is still going: `label: 35 s so far`, and at its end `label: done in
    N s` if it said anything. A step shorter than the interval (or one that fails first, a bad input)
    says nothing. Interval 0: the start line at once (tests). `say` (a callable taking a line) in
    place of the stream; `done` False: no end line (the caller says how it ended, as a compile does)."""

    def __init__(self, label: str, enabled: bool = True, stream=None, interval: float | None = None, say=None,
                 done: bool = True):
        self.label, self.enabled, self.sayer, self.done = label, enabled, say, done
        self.stream = stream if stream is not None else sys.stderr
        self.interval = progress_interval() if interval is None else interval
        self.stop = threading.Event()
        self.t = None
        self.said = False

    def _say(self, text: str) -> None:
        self.said = True
        if self.sayer is not None:
            self.sayer(text)
            return
        self.stream.write(text + "\n")
        self.stream.flush()

    def _beat(self):
        while not self.stop.wait(self.interval):
            self._say(f"{self.label}: {fmt_duration(time.perf_counter() - self.t0)} so far")

    def __enter__(self):
        self.t0 = time.perf_counter()
        if self.enabled:
            if self.interval > 0:
                self.t = threading.Thread(target=self._beat, name="simsuite-heartbeat", daemon=True)
                self.t.start()
            else:
                self._say(f"{self.label} ...")
        return self

    def __exit__(self, exc_type, exc, tb):
        self.stop.set()
        if self.t is not None:
            self.t.join()
        if self.said and self.done and exc_type is None:
            self._say(f"{self.label}: done in {fmt_duration(time.perf_counter() - self.t0)}")
        return False
