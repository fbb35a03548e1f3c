"""Teaching the recogniser a real deck from the touchscreen: labelled photos -> a profile.

The camera check screen collects (label, frame) pairs; ``learn`` hands them to
``vision.profile.teach`` on a worker thread (it takes a few seconds on a Pi), saves the
profile in the data folder, and reports back through a callback (which the app runs on
the main thread). The same profile file is what ``[camera] deck_profile`` points at.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from companion import paths


@dataclass
class TeachResult:
    """``path``: the saved profile (None if nothing was learnt); ``used``/``skipped`` per
    photo; ``profile``: the DeckProfile, for the running recogniser."""

    path: Path | None
    used: dict[str, int] = field(default_factory=dict)
    skipped: dict[str, str] = field(default_factory=dict)
    profile: Any = None
    error: str = ""


class TeachSession:
    """Photos of one deck, each with the label of the card it shows."""

    def __init__(self, folder: Path | None = None):
        self.folder = folder or paths.data_dir() / "decks"
        self.photos: list[tuple[str, Any]] = []

    def add(self, label: str, image: Any) -> None:
        self.photos.append((label, image))

    def labels(self) -> list[str]:
        return [label for label, _ in self.photos]

    def learn(self, done: Callable[[TeachResult], None], base: Any = None) -> threading.Thread:
        """Teach on a worker thread; ``done(result)`` is called on that thread when it ends."""
        photos = list(self.photos)

        def work() -> None:
            done(self.learn_now(photos, base))

        thread = threading.Thread(target=work, name="teach deck", daemon=True)
        thread.start()
        return thread

    def learn_now(self, photos: list[tuple[str, Any]], base: Any = None) -> TeachResult:
        try:
            from vision.profile import TeachReport, teach
        except ImportError as err:
            return TeachResult(None, error=f"teaching is not available here ({err})")
        report = TeachReport()
        try:
            profile = teach(photos, base=base, name=f"taught {time.strftime('%Y-%m-%d')}",
                            report=report)
        except Exception as err:  # a photo the pipeline cannot take: say so, keep the app
            return TeachResult(None, error=f"teaching failed: {err}")
        if not report.used:
            return TeachResult(None, dict(report.used), dict(report.skipped),
                               error="no card could be read in these photos")
        self.folder.mkdir(parents=True, exist_ok=True)
        path = self.folder / f"deck-{time.strftime('%Y%m%d-%H%M%S')}.npz"
        profile.save(path)
        return TeachResult(path, dict(report.used), dict(report.skipped), profile)
