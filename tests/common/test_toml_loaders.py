"""Every TOML file a user gives (a game's data file, a sweep definition, a tune definition) is read
by one loader (simsuite.scaffold.data.read_toml): the same mistake gives the same one-line message
in each, naming the option or parameter, the file and what is allowed."""
import re

import pytest

from simsuite.errors import BadInput
from simsuite.scaffold.data import read_toml
from simsuite.sweep_file import SWEEP_WHAT, load_sweep_file
from simsuite.tune.spec import TUNE_WHAT, load_tune_file

DATA_WHAT = "a TOML data file"
# (loader, the field its message names, what it allows)
LOADERS = ((lambda p: read_toml(p, "deck"), "deck", DATA_WHAT),
           (load_sweep_file, "--config", SWEEP_WHAT),
           (load_tune_file, "--config", TUNE_WHAT))


def _mistakes(tmp_path):
    bad_utf8 = tmp_path / "latin1.toml"
    bad_utf8.write_bytes('name = "caf\xe9"\n'.encode("latin-1"))
    malformed = tmp_path / "malformed.toml"
    malformed.write_text("name = [\n")
    folder = tmp_path / "folder.toml"
    folder.mkdir()
    return {"missing": tmp_path / "missing.toml", "not UTF-8": bad_utf8, "malformed": malformed, "a directory": folder}


def _message(load, field, what, path) -> str:
    with pytest.raises(BadInput) as e:
        load(path)
    line = str(e.value)
    assert line.startswith(f"{field}: ") and str(path) in line and "\n" not in line, line
    return line[len(field) + 2:].replace(what, "WHAT")


@pytest.mark.parametrize("mistake", ["missing", "not UTF-8", "malformed", "a directory"])
def test_the_same_mistake_reads_the_same_in_every_toml_loader(tmp_path, mistake):
    path = _mistakes(tmp_path)[mistake]
    lines = {_message(load, field, what, path) for load, field, what in LOADERS}
    assert len(lines) == 1, lines


def test_a_file_of_the_wrong_kind_says_what_is_allowed(tmp_path):
    m = _mistakes(tmp_path)
    for load, field, what in LOADERS:
        for mistake in ("missing", "not UTF-8", "a directory"):
            with pytest.raises(BadInput, match=re.escape(f"allowed: {what}")):
                load(m[mistake])
