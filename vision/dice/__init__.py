"""Vision for UNO Dice: frames -> the centre die's top face (or a hand of dice) as sightings.

``DiceRecognizer.center_die(frame)`` and ``.all_dice(frame)`` answer with
``vision.sighting.Sighting`` whose label is a die face label (``red-3``, ``blue-skip``,
``wild``, ...) or None when no die can be read with confidence.
"""

from .recognizer import DiceParams, DiceRecognizer, DieReading

__all__ = ["DiceParams", "DiceRecognizer", "DieReading"]
