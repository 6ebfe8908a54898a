"""User-facing errors: the CLI prints the message on one line and exits with status 2."""


class BadInput(Exception):
    """Bad user input: the message names the field and what is allowed."""

    def __init__(self, field: str, message: str):
        self.field = field
        super().__init__(f"{field}: {message}")
