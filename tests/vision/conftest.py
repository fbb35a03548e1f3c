"""Fixtures the recogniser's tests share."""

import pytest

import vision.recognizer as recognizer_module


@pytest.fixture()
def searches(monkeypatch):
    """The (kind, width) of every search the recogniser runs, in order."""
    calls = []
    real = recognizer_module.search

    def spy(frame, kind, width, *rest):
        calls.append((kind, width))
        return real(frame, kind, width, *rest)

    monkeypatch.setattr(recognizer_module, "search", spy)
    return calls
