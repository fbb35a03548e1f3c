"""The journal's one error."""

from __future__ import annotations

from companion.engine.errors import UnoError


class JournalError(UnoError, RuntimeError):
    """The journal cannot do what was asked; ``str(err)`` says what happened and what to do."""
