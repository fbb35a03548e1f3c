"""The synthetic card renderer and scene composer: shapes, truth and determinism."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from companion.engine.cards import COLORS, all_labels
from vision.synthetic import CardStyle, card_height, random_style, render_back, render_card


@pytest.fixture(scope="module")
def styles() -> list[CardStyle]:
    rng = np.random.default_rng(20240601)
    classic = [s for s in (random_style(rng) for _ in range(40)) if s.design == "classic"]
    rng = np.random.default_rng(7)
    disc = [s for s in (random_style(rng) for _ in range(40)) if s.design == "disc"]
    return [classic[0], disc[0], classic[1], disc[1]]


def test_every_label_renders_in_both_designs(styles):
    for i, label in enumerate(all_labels()):
        style = styles[i % len(styles)]
        face, mask = render_card(label, style, width=64)
        assert face.shape == (card_height(64), 64, 3) and face.dtype == np.uint8
        assert mask.shape == (card_height(64), 64) and mask.dtype == np.uint8
        assert set(np.unique(mask)) <= {0, 255}


def test_card_has_portrait_proportion_and_rounded_outline(styles):
    face, mask = render_card("red-7", styles[0], width=224)
    assert face.shape[:2] == (348, 224)  # 224 * 87 / 56
    inside = mask > 0
    area = inside.mean()
    assert 0.96 < area < 0.999  # nearly all of the rectangle; the rounded corners cut off
    assert not inside[0, 0] and not inside[-1, -1] and not inside[0, -1] and not inside[-1, 0]
    assert inside[174, 0] and inside[0, 112] and inside[174, 112]
    assert np.all(face[~inside] == 0)


def _hue_share(face: np.ndarray, mask: np.ndarray, lo: int, hi: int) -> float:
    hsv = cv2.cvtColor(face, cv2.COLOR_BGR2HSV)
    inside = mask > 0
    saturated = inside & (hsv[..., 1] > 120) & (hsv[..., 2] > 90)
    h = hsv[..., 0]
    hit = (h >= lo) & (h <= hi) if lo <= hi else (h >= lo) | (h <= hi)
    return float((saturated & hit).sum() / inside.sum())


@pytest.mark.parametrize("color,hues", [("red", (170, 8)), ("yellow", (20, 35)),
                                        ("green", (45, 85)), ("blue", (95, 115))])
def test_card_colour_dominates_its_face(styles, color, hues):
    for style in styles:
        face, mask = render_card(f"{color}-4", style, width=112)
        assert _hue_share(face, mask, *hues) > 0.35, (color, style.design)


def test_white_centre_and_border_present(styles):
    for style in styles:
        face, mask = render_card("blue-2", style, width=112)
        h, w = mask.shape
        centre = face[h // 2 - 3:h // 2 + 3, w // 2 - 30:w // 2 - 20]  # beside the digit
        assert centre.mean() > 180, style.design
        border = face[h // 2, 1:3]
        assert border.mean() > 180


def test_wild_dare_field_is_dark_with_four_colours(styles):
    for style in styles:
        face, mask = render_card("wild-dare-9", style, width=112)
        assert face[10, -10].max() < 80  # the black field in the bare top-right corner
        shares = [_hue_share(face, mask, *hues) for hues in ((170, 8), (20, 35), (45, 85), (95, 115))]
        assert all(s > 0.02 for s in shares), shares


def test_renders_differ_between_labels_and_styles(styles):
    a, _ = render_card("red-6", styles[0], width=96)
    b, _ = render_card("red-9", styles[0], width=96)
    c, _ = render_card("red-6", styles[1], width=96)
    assert np.abs(a.astype(int) - b).mean() > 1.0  # 6 is not 9 turned over: the corners differ
    assert np.abs(a.astype(int) - c).mean() > 5.0
    again, _ = render_card("red-6", styles[0], width=96)
    assert np.array_equal(a, again)


def test_back_renders(styles):
    back, mask = render_back(styles[0], width=100)
    assert back.shape == (card_height(100), 100, 3)
    assert _hue_share(back, mask, 170, 8) > 0.2  # the red oval


def test_unreadable_dare_labels_render(styles):
    for label in ("red-dare", "wild-dare"):
        face, mask = render_card(label, styles[0], width=64)
        assert mask.any()
