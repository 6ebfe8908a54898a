"""The older import path of simsuite.analysis.stats, kept for one release: the same module object."""
import sys

from simsuite.analysis import stats as _module

sys.modules[__name__] = _module
