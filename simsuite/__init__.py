"""simsuite: Monte Carlo balance analysis for tabletop games."""
from pathlib import Path

__version__ = "0.1.0"

# The repository root holds strategies/, configs/ and reports/ (editable install).
ROOT = Path(__file__).resolve().parent.parent
