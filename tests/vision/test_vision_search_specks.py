"""One-pixel specks of a search's mask go before the outlines are traced
(vision.fields.without_specks): the specks' outlines vanish, every other outline stays."""

import cv2
import numpy as np

from vision.fields import dark_pieces, without_specks
from vision.quads import QuadParams


def speckled_mask(seed: int) -> np.ndarray:
    """A dark table full of one- and two-pixel paper specks, a white card on it with a
    dark field and its own specks, and lone dark pixels on the card's white."""
    rng = np.random.default_rng(seed)
    mask = np.full((240, 320), 255, np.uint8)
    mask[rng.random(mask.shape) < 0.08] = 0
    angle = float(rng.uniform(0, 90))
    card = cv2.boxPoints(((160, 120), (110, 160), angle))
    cv2.fillConvexPoly(mask, np.round(card).astype(np.int32), 0)
    field = cv2.boxPoints(((160, 120), (90, 140), angle))
    inner = np.zeros_like(mask)
    cv2.fillConvexPoly(inner, np.round(field).astype(np.int32), 255)
    mask[(inner > 0) & (rng.random(mask.shape) > 0.05)] = 255
    on_card = (mask == 0) & (rng.random(mask.shape) < 0.02)
    mask[on_card] = 255
    return mask


def outlines(mask: np.ndarray, shortest: int):
    """The outlines at least ``shortest`` long, in order, with their parent among them."""
    contours, hierarchy = cv2.findContours(mask, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_NONE)
    keep = [k for k, c in enumerate(contours) if len(c) >= shortest]
    where = {k: n for n, k in enumerate(keep)}
    return [(contours[k].tobytes(), where.get(int(hierarchy[0][k][3]), -1)) for k in keep]


def test_specks_go_and_every_longer_outline_stays_as_it_was():
    for seed in range(4):
        mask = speckled_mask(seed)
        clean = without_specks(mask)
        before = cv2.findContours(mask, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_NONE)[0]
        after = cv2.findContours(clean, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_NONE)[0]
        assert len(after) < 0.7 * len(before)
        assert outlines(clean, 12) == outlines(mask, 12)
        assert not any(len(c) == 1 for c in after)


def test_a_lone_pixel_and_a_one_pixel_hole_go_but_not_at_the_frame_edge():
    mask = np.zeros((20, 20), np.uint8)
    mask[5, 5] = 255                          # a lone dark pixel
    mask[10:15, 10:15] = 255
    mask[12, 12] = 0                          # a one-pixel hole
    mask[0:3, 0:3] = 255
    mask[0, 1] = 0                            # paper on the frame's edge: no hole
    clean = without_specks(mask)
    assert clean[5, 5] == 0 and clean[12, 12] == 255 and clean[0, 1] == 0
    assert np.array_equal(np.delete(clean, [5, 12], axis=0), np.delete(mask, [5, 12], axis=0))


def test_the_field_of_a_speckled_mask_is_one_piece_with_its_outline():
    mask = speckled_mask(7)
    pieces = dark_pieces(mask, QuadParams(), float(mask.size))
    assert len(pieces) == 1
    contour, area = pieces[0][:2]
    assert abs(area - 90 * 140) < 0.05 * 90 * 140
    assert any(np.array_equal(contour, c) for c in cv2.findContours(
        mask, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_NONE)[0])
