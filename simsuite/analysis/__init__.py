"""Analysis of results: statistics of a batch (stats), ratings of labels and strategies (rating),
robustness of a ranking to the strategy that plays it (robustness)."""
