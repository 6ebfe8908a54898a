"""``--alien-dir``: more folders of a game's power plug-ins (alien files), beside its built-in ones.

The folders travel in the environment (SIMSUITE_ALIEN_DIRS, joined by os.pathsep) so that the
worker processes of a sweep load the same files; the game that takes such files reads it
(Cosmic Encounter: games/cosmic/alien_files.py). A folder that does not exist is bad input.
"""
from __future__ import annotations

import os
from pathlib import Path

import click

ENV = "SIMSUITE_ALIEN_DIRS"


def use_alien_dirs(dirs) -> None:
    dirs = [str(Path(d).resolve()) for d in dirs or ()]
    for d in dirs:
        if not Path(d).is_dir():
            from .errors import BadInput

            raise BadInput("alien-dir", f"{d} is not a directory")
    if dirs:
        old = [d for d in os.environ.get(ENV, "").split(os.pathsep) if d]
        os.environ[ENV] = os.pathsep.join(dict.fromkeys([*old, *dirs]))


def alien_dir_option(f):
    def cb(ctx, param, value):
        use_alien_dirs(value)  # BadInput: one line and exit status 2 (cli.main)
        return value

    return click.option("--alien-dir", "alien_dirs", multiple=True, type=click.Path(), expose_value=False,
                        is_eager=True, callback=cb,
                        help="extra directory of alien files (games with alien powers)")(f)
