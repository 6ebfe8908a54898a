"""Studies built on the game: the power-value tables of the alien report (power_value.py) and the
weight bands ``tune`` fits per alien (bands.py, bands_report.py)."""
