"""vision.centre.central_hull measures the centre's paper by its outlines (the area and the
centre of what each encloses, as OpenCV's outlines give them, without labelling every
pixel): a blob is as big as the pixels it covers, and a centre cut into two pieces by a
dare's word and number is the whole oval even when one piece lies a hair past the middle's
bounds (the kept pieces on one side of the middle are no centre)."""

import cv2
import numpy as np
import pytest

from vision.centre import central_hull

W, H = 112, 174


def inside() -> np.ndarray:
    out = np.zeros((H, W), bool)
    out[6:-6, 6:-6] = True
    return out


def oval_cut_across(band_top: int, band_bottom: int, angle: float = -30.0) -> tuple[np.ndarray, np.ndarray]:
    """The classic tilted oval's paper with a band of ink across its middle (a dare's word
    and number): two pieces at its ends. Returns (paper, the whole oval)."""
    oval = np.zeros((H, W), np.uint8)
    cv2.ellipse(oval, ((W / 2, H / 2), (0.78 * W, 0.95 * H), angle), 1, -1)
    paper = oval.copy()
    paper[band_top:band_bottom] = 0
    return paper.astype(bool), oval.astype(bool)


@pytest.mark.parametrize("band", [(56, 98), (62, 112)])
def test_an_oval_cut_into_two_end_pieces_is_the_whole_oval(band):
    # (56, 98): one piece's centre lies just within the middle's bounds (0.22 of the card)
    # and the other just past them: the kept piece alone lies to one side of the middle.
    # (62, 112): both past them, the pieces round the middle together.
    paper, oval = oval_cut_across(*band)
    assert cv2.connectedComponents(paper.view(np.uint8), connectivity=8)[0] - 1 == 2
    hull = central_hull(paper, W, H, inside())
    assert hull is not None
    whole = np.count_nonzero(oval & inside())
    assert np.count_nonzero(hull & oval) >= 0.95 * whole  # both ends, not one piece


def test_one_piece_off_the_middle_alone_is_no_centre():
    paper, _ = oval_cut_across(62, 112)
    paper[87:] = False  # only the top piece: it lies to one side of the middle
    assert central_hull(paper, W, H, inside()) is None


def test_a_blob_counts_by_the_pixels_it_covers():
    mask = np.zeros((H, W), np.uint8)
    cv2.rectangle(mask, (40, 70), (40 + 17, 70 + 17), 1, -1)  # 18 x 18 = 324 pixels
    field_area = 324 / 0.02  # the least a big blob covers: exactly this one
    hull = central_hull(mask.astype(bool), W, H, np.ones((H, W), bool), field_area)
    assert hull is not None and np.count_nonzero(hull) == 324
    small = np.zeros((H, W), np.uint8)
    cv2.rectangle(small, (40, 70), (40 + 16, 70 + 17), 1, -1)  # 17 x 18: a column short
    assert central_hull(small.astype(bool), W, H, np.ones((H, W), bool), field_area) is None
