"""The older import path of simsuite.engine.rng (game and strategy files outside the package may
use it), kept for one release: the same module object."""
import sys

from simsuite.engine import rng as _module

sys.modules[__name__] = _module
