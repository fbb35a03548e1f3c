"""A quad the ``sides`` search (vision.sides) puts together is none when a long straight
stretch lies inside it: the edge of a card lying across a lower card's field. The field's
own centre and the bold strokes of its symbol have straight stretches too: those have the
centre's paper beside them, not a card's border with its field beyond. And a side a lens
bows (or a hand flexes) is two straight pieces a few degrees apart that both follow it."""

from dataclasses import replace

import cv2
import numpy as np

from visionkit import INKS, draw_card, place
from vision.geometry import CardGeometry
from vision.quads import QuadParams, search
from vision.sides import side_fields

SKIN = (95, 125, 170)


def held(card: np.ndarray, angle: float = 14.0, reach: float = 0.05):
    """``card`` held up before a pale wall, a thumb across its left side ``reach`` (share of
    its width) into the field (the blob searches cannot take the field apart from the
    hand); and the card's corners."""
    frame, corners = place(card, angle=angle, scale=0.9, background=(200, 205, 205))
    tl, tr, br, bl = corners
    start, end = np.array([0.0, 300.0]), (tl + bl) / 2 + reach * (tr - tl)
    cv2.line(frame, tuple(int(v) for v in start), tuple(int(v) for v in end), SKIN,
             int(0.4 * np.linalg.norm(tr - tl)))
    noise = np.random.default_rng(5).normal(0, 2.0, frame.shape)
    return np.clip(frame + noise, 0, 255).astype(np.uint8), corners


def near(found, corners, share: float = 0.06) -> bool:
    size = float(np.linalg.norm(corners[0] - corners[1]))
    return any(min(np.abs(np.roll(c.card, k, axis=0) - corners).max() for k in (0, 2)) < share * size
               for c in found)


def sides(frame, params: QuadParams):
    return search(frame, "sides", 640, CardGeometry(), params, {})


def bold_stroke_card() -> np.ndarray:
    """A red card whose white centre holds a long, bold straight stroke (a big digit's stem)."""
    card = draw_card("red", "", width=224)
    h, w = card.shape[:2]
    cv2.rectangle(card, (int(0.44 * w), int(h / 2 - 0.33 * w)), (int(0.56 * w), int(h / 2 + 0.33 * w)),
                  INKS["red"], -1)
    return card


def test_a_bold_stroke_on_the_centre_does_not_cross_the_field():
    frame, corners = held(bold_stroke_card())
    params = QuadParams()
    # Without the look beyond the stroke (the premise: it is long and straight enough to cross).
    strict = replace(params, sides=replace(params.sides, inner_paper_probe=0.0))
    assert not near(sides(frame, strict), corners)
    assert near(sides(frame, params), corners)


def field_mask(inner: str) -> tuple[np.ndarray, np.ndarray]:
    """A dark mask (255 = dark) of one field with paper all round, holding either a card
    lying wholly within it (its white border, its dark field: ``inner="card"``) or a white
    centre with a bold dark stroke on it (``inner="stroke"``); and the field's corners."""
    geometry = CardGeometry()
    w = 200
    h = int(round(w / geometry.field_aspect)) if geometry.field_aspect < 1 else int(round(w * geometry.field_aspect))
    x0, y0 = 220, 240 - h // 2
    mask = np.zeros((480, 640), np.uint8)
    mask[y0:y0 + h, x0:x0 + w] = 255
    cx, cy = x0 + w // 2, y0 + h // 2
    if inner == "card":
        mask[cy - 90:cy + 90, cx - 60:cx + 60] = 0
        mask[cy - 80:cy + 80, cx - 50:cx + 50] = 255
    else:
        cv2.ellipse(mask, (cx, cy), (70, 110), 0, 0, 360, 0, -1)
        mask[cy - 70:cy + 70, cx - 12:cx + 12] = 255
    corners = np.array([[x0, y0], [x0 + w, y0], [x0 + w, y0 + h], [x0, y0 + h]], np.float32)
    return mask, corners


def test_a_card_lying_within_the_quad_crosses_it_a_stroke_does_not():
    params = QuadParams()
    for inner, crossed in (("card", True), ("stroke", False)):
        mask, field = field_mask(inner)
        found = side_fields(mask, 1.0, CardGeometry(), params)
        assert any(np.abs(c.field - field).max() < 4 for c in found) != crossed, inner
    # Not looking for crossings at all, the card lying within is no reason to drop the quad.
    loose = replace(params, sides=replace(params.sides, max_inner_run=0.0))
    mask, field = field_mask("card")
    assert any(np.abs(c.field - field).max() < 4 for c in side_fields(mask, 1.0, CardGeometry(), loose))
    # Without the look beyond it, the stroke crosses the field too.
    strict = replace(params, sides=replace(params.sides, inner_paper_probe=0.0))
    mask, field = field_mask("stroke")
    assert not any(np.abs(c.field - field).max() < 4 for c in side_fields(mask, 1.0, CardGeometry(), strict))


def bent_field_mask(bend: float) -> tuple[np.ndarray, np.ndarray]:
    """A dark mask of one field whose long sides each bow out ``bend`` px at their middle
    (a lens, or a card flexed in the hand: each side is two straight pieces a few degrees
    apart), a wide thumb joining most of its top side to the dark at the frame's edge."""
    geometry = CardGeometry()
    w = 200
    h = int(round(w / min(geometry.field_aspect, 1 / geometry.field_aspect)))
    x0, y0 = 220, 240 - h // 2
    outline = np.array([[x0, y0], [x0 + w, y0], [x0 + w + bend, y0 + h // 2], [x0 + w, y0 + h],
                        [x0, y0 + h], [x0 - bend, y0 + h // 2]], np.int32)
    mask = np.zeros((480, 640), np.uint8)
    cv2.fillPoly(mask, [outline], 255)
    mask[0:y0 + 5, x0 + int(0.15 * w):x0 + int(0.85 * w)] = 255
    return mask, np.array([[x0, y0], [x0 + w, y0], [x0 + w, y0 + h], [x0, y0 + h]], np.float32)


def test_a_bowed_side_in_two_pieces_still_follows_the_quad():
    params = QuadParams()
    mask, field = bent_field_mask(7)
    found = side_fields(mask, 1.0, CardGeometry(), params)
    assert len(found) == 1 and np.abs(found[0].field - field).max() < 20
    # Pieces taken only as close as lines are merged leave each long side half followed.
    strict = replace(params, sides=replace(params.sides, follow_angle=4.0, follow_offset=0.04))
    assert side_fields(mask, 1.0, CardGeometry(), strict) == []
