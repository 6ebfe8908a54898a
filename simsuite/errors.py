"""User-facing errors: the CLI prints the message on one line and exits with status 2."""


class BadInput(Exception):
    """Bad user input: the message names the field and what is allowed."""

    def __init__(self, field: str, message: str):
        self.field = field
        super().__init__(f"{field}: {message}")


class RuleBreak(BadInput):
    """A plug-in broke the game's rules during a run (the engine caught it): the run stops with one
    line naming the file, like bad input, and the games played before it are kept (`partial`, set by
    runner.run_cell, as for an interrupted run)."""

    partial = None


def did_you_mean(name: str, choices) -> str:
    """' (did you mean X?)' for the closest of `choices` to a misspelt `name`, else ''."""
    import difflib

    choices = [str(c) for c in choices]
    m = difflib.get_close_matches(str(name).strip(), choices, n=1, cutoff=0.6)
    if not m:
        low = {c.lower(): c for c in choices}
        m = [low[x] for x in difflib.get_close_matches(str(name).strip().lower(), list(low), n=1, cutoff=0.6)]
    return f" (did you mean {m[0]}?)" if m else ""
