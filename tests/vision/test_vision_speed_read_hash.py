"""vision.dare_lines.ends_in_hash takes the characters and scores number_row cut and
scored from the same line (``seen``) rather than cutting and scoring them again: the
answer must be the one it works out itself, on every way up of drawn dares' number lines,
and a line whose short first blob number_row left unscored is cut again."""

import cv2
import numpy as np

from vision.dare_lines import both_ways, ends_in_hash, number_line
from vision.indices import number_row
from vision.mark_shape import without_bars, without_specks
from vision.symbol_params import SymbolParams
from vision.profile import default_profile
from visionkit import drawn_dare_faces

PARAMS = SymbolParams()
BANKS = default_profile(PARAMS).banks


def _number_lines(seed: int, count: int):
    """Both ways up's number lines of drawn dares (turned, blurred; fixed seed)."""
    for _, face in drawn_dare_faces(np.random.default_rng(seed), count):
        if face.ink is None:
            continue
        ink = without_specks(face.ink)[0]
        if not ink.any():
            continue
        views = (ink, ink[::-1, ::-1])
        for view, line in zip(views, both_ways(ink, BANKS, PARAMS)):
            found = number_line(view, without_bars(view, line), face.is_wild)
            if found is not None:
                yield view[found[0]:found[1]]


def test_a_line_number_row_scored_ends_in_a_hash_as_it_would_cut_again():
    answers = []
    for span in _number_lines(5, 40):
        seen: dict = {}
        number_row(span, BANKS.digit, PARAMS, seen=seen)
        assert "spans" in seen
        answer = ends_in_hash(span, BANKS.digit, PARAMS, seen)
        assert answer == ends_in_hash(span, BANKS.digit, PARAMS)
        answers.append(answer)
    # Both answers were met (turned dares' lines end in their "#").
    assert len(answers) >= 30 and any(answers) and not all(answers)


def test_scores_of_a_line_whose_short_first_blob_was_left_out_are_not_handed_on():
    line = np.zeros((30, 60), np.uint8)
    cv2.rectangle(line, (2, 24), (5, 27), 255, -1)  # a speck before the digits
    cv2.putText(line, "12", (10, 27), cv2.FONT_HERSHEY_SIMPLEX, 1.0, 255, 2)
    seen: dict = {}
    number_row(line, BANKS.digit, PARAMS, seen=seen)
    assert len(seen["spans"]) == 3 and "scores" not in seen
    assert ends_in_hash(line, BANKS.digit, PARAMS, seen) == ends_in_hash(line, BANKS.digit, PARAMS)
