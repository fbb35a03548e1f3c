"""What reads the camera's frames for each game: the card on top of the pile (UNO Dare!)
or the centre die (UNO Dice).

``CameraFeed`` asks a reader two questions, ``top_card(image)`` and ``all_cards(image)``;
``DiceReader`` answers them with the dice recogniser (the centre die; every die of a hand
shown at the end of a round). ``game_readers`` is what the composition roots (``run``,
``demo``) hand the feed: a function per game mode that makes its reader on the camera's
thread, so the screen is up before a recogniser is ready.
"""

from __future__ import annotations

from typing import Any, Callable


class DiceReader:
    """The dice recogniser behind the card recogniser's questions: the pile's top card is
    the centre die, the cards in view are the dice in view."""

    def __init__(self, recognizer: Any = None):
        if recognizer is None:
            from vision.dice import DiceRecognizer

            recognizer = DiceRecognizer()
        self.recognizer = recognizer

    def top_card(self, image: Any) -> Any:
        return self.recognizer.center_die(image)

    def all_cards(self, image: Any) -> list:
        return self.recognizer.all_dice(image)


def load_dice_reader() -> DiceReader | None:
    """The dice reader, or None (the camera is shown, dice are tapped) when the dice
    recogniser is not installed."""
    try:
        return DiceReader()
    except ImportError:
        return None


def game_readers(deck_profile: str = "") -> dict[str, Callable[[], Any]]:
    """A reader factory per game mode: cards with the taught deck profile, dice."""
    from companion.launch import load_recognizer

    return {"dare": lambda: load_recognizer(deck_profile), "dice": load_dice_reader}
