"""The older import path of simsuite.analysis.rating, kept for one release: the same module object."""
import sys

from simsuite.analysis import rating as _module

sys.modules[__name__] = _module
