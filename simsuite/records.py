"""The older import path of simsuite.engine.records (game and strategy files outside the package may
use it), kept for one release: the same module object."""
import sys

from simsuite.engine import records as _module

sys.modules[__name__] = _module
