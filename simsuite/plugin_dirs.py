"""``--plugin-dir``: more folders of a game's plug-in files (Cosmic Encounter's alien files), beside its built-in ones.

The folders travel in the environment (SIMSUITE_PLUGIN_DIRS, joined by os.pathsep) so that the
worker processes of a sweep load the same files; the game that takes such files reads it
(Cosmic Encounter: games/cosmic/aliens/files.py). A folder that does not exist is bad input.
"""
from __future__ import annotations

import os
from pathlib import Path

import click

from .errors import BadInput

ENV = "SIMSUITE_PLUGIN_DIRS"


def use_plugin_dirs(dirs) -> None:
    dirs = [str(Path(d).resolve()) for d in dirs or ()]
    for d in dirs:
        if not Path(d).is_dir():
            raise BadInput("--plugin-dir", f"{d} is not a directory")
    if dirs:
        old = [d for d in os.environ.get(ENV, "").split(os.pathsep) if d]
        os.environ[ENV] = os.pathsep.join(dict.fromkeys([*old, *dirs]))


def plugin_dir_option(f):
    def cb(ctx, param, value):
        use_plugin_dirs(value)  # BadInput: one line and exit status 2 (cli.main)
        return value

    return click.option("--plugin-dir", "plugin_dirs", multiple=True, type=click.Path(), expose_value=False,
                        is_eager=True, callback=cb,
                        help="extra directory of a game's plug-in files (Cosmic Encounter: alien files)")(f)
