"""A digit its holes rule out (vision.mark_shape.hole_misfits: no hole, no 8) cannot win
but stays a rival; when a deep bay rules it out too (vision.bays: a 5 opens to the right
between its top bar and its bowl, where an 8 is closed), it is no rival either
(vision.symbol_scores.best): two cues agree that the mark is no 8, and a clean bold 5 whose
likeness to an 8 left it unsure reads surely."""

import cv2
import numpy as np

from vision import templates
from vision.symbol_params import SymbolParams
from vision.symbol_scores import best

PARAMS = SymbolParams()


class Scores:
    """A template bank that scores every mark alike: ``scores`` by label."""

    def __init__(self, scores: dict):
        self.scores = scores

    def scores_by_label(self, f) -> dict:
        return dict(self.scores)


def five() -> np.ndarray:
    """A bold printed 5 (no hole, a deep bay on its upper right)."""
    glyph = templates.text("5", templates.TemplateStyle(cv2.FONT_HERSHEY_DUPLEX, 0.17, False), 48)
    return cv2.dilate(np.pad(glyph, 6), np.ones((3, 3), np.uint8))


def test_an_eight_ruled_out_by_holes_and_a_bay_is_no_rival():
    bank = Scores({"5": 0.87, "8": 0.80, "3": 0.72})
    label, score, rival = best(bank, None, frozenset({"8"}), five(), PARAMS)
    assert (label, score, rival) == ("5", 0.87, 0.72)


def test_an_eight_ruled_out_by_holes_alone_stays_a_rival():
    bank = Scores({"5": 0.87, "8": 0.80, "3": 0.72})
    label, score, rival = best(bank, None, frozenset({"8"}))
    assert (label, score, rival) == ("5", 0.87, 0.80)
