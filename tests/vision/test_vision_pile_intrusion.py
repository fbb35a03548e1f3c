"""reach.intrusion in parts: the share a blob reaches into a card (drawn in the card's box
alone) and whether the blob is a piece of the card's own field."""

import cv2
import numpy as np

from vision.pile import PileParams
from vision.reach import intrusion, own_piece, reach_into
from vision.quads import Candidate


def tilted_card(rng: np.random.Generator) -> Candidate:
    centre = rng.uniform(150, 450, 2)
    angle = rng.uniform(0, np.pi)
    axes = np.array([[np.cos(angle), np.sin(angle)], [-np.sin(angle), np.cos(angle)]])
    corners = np.array([[-1, -1.4], [1, -1.4], [1, 1.4], [-1, 1.4]])
    card = (centre + 60 * corners @ axes).astype(np.float32)
    field = (centre + 50 * corners @ axes).astype(np.float32)
    return Candidate(field, card, 1.0, {"support": 1.0})


def blob_near(card: Candidate, rng: np.random.Generator) -> np.ndarray:
    """A ragged polygon around a point near the card's border (inside, across or beside)."""
    centre = card.card.mean(axis=0)
    corner = card.card[int(rng.integers(4))]
    at = centre + rng.uniform(0.6, 1.6) * (corner - centre)
    angles = np.sort(rng.uniform(0, 2 * np.pi, int(rng.integers(5, 40))))
    radii = rng.uniform(10, 120, angles.size)
    return (at + np.stack([radii * np.cos(angles), radii * np.sin(angles)], 1)).astype(np.float32)


def whole_frame_share(outline: np.ndarray, card: Candidate) -> float:
    inside, blob = np.zeros((900, 900), np.uint8), np.zeros((900, 900), np.uint8)
    offset = np.float32([150, 150])  # blobs may reach past the frame's top left
    cv2.fillConvexPoly(inside, np.round(card.card + offset).astype(np.int32), 1)
    cv2.fillPoly(blob, [np.round(outline + offset).astype(np.int32)], 1)
    return cv2.countNonZero(blob & inside) / cv2.countNonZero(inside)


def test_the_share_drawn_in_the_cards_box_is_the_share_drawn_whole():
    rng = np.random.default_rng(11)
    reaching = 0
    for _ in range(300):
        card = tilted_card(rng)
        outline = blob_near(card, rng)
        centre = card.card.mean(axis=0)
        if cv2.pointPolygonTest(outline.reshape(-1, 1, 2), (float(centre[0]), float(centre[1])), False) >= 0:
            continue
        share = reach_into(outline, card)
        assert share == whole_frame_share(outline, card)
        reaching += share > 0
        expected = 0.0 if share <= 0 or own_piece(outline, card) else share
        assert intrusion(outline, card) == expected
    assert reaching > 50


def test_a_blob_within_the_field_is_its_own_piece_one_from_outside_is_not():
    card = Candidate(np.float32([[110, 110], [190, 110], [190, 250], [110, 250]]),
                     np.float32([[100, 100], [200, 100], [200, 260], [100, 260]]), 1.0, {"support": 1.0})
    inner = np.float32([[115, 115], [185, 115], [185, 160], [115, 160]])
    assert own_piece(inner, card) and intrusion(inner, card) == 0.0
    outer = inner + np.float32([70, 0])
    assert not own_piece(outer, card) and reach_into(outer, card) > PileParams().intrusion_share
