"""One root for every error the engine raises, each also a built-in (as python-chess does)."""


class UnoError(Exception):
    """Root of the companion's own errors."""


class LabelError(UnoError, ValueError):
    """A text that is not a card or die-face label (DESIGN.md section 3)."""


class IllegalEventError(UnoError, ValueError):
    """An event the rules do not allow now; ``str(err)`` is the reason a person reads."""


class LogError(UnoError, ValueError):
    """A table-log line that cannot be read; carries its 1-based line number."""

    def __init__(self, line: int, message: str):
        super().__init__(f"line {line}: {message}")
        self.line = line
        self.message = message


class EventFormatError(IllegalEventError):
    """An event that is not well formed: unknown type, missing field, unknown label or player.

    Replaying a log, this is bad input (an error naming the line), not a rules rejection.
    """
