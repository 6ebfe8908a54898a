"""The older import path of simsuite.analysis.robustness, kept for one release: the same module object."""
import sys

from simsuite.analysis import robustness as _module

sys.modules[__name__] = _module
