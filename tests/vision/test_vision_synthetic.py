"""The synthetic card renderer and scene composer: shapes, truth and determinism."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from companion.engine.cards import all_labels
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
        hues = ((170, 8), (20, 35), (45, 85), (95, 115))
        shares = [_hue_share(face, mask, *hue) for hue in hues]
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


# ---- scenes -------------------------------------------------------------------------------

from collections import Counter  # noqa: E402

from vision.synthetic import EMPTY_SORTS, make_scene, scene_plan, scene_set  # noqa: E402

CLEAN = dict(blur="none", noise="none", jpeg=None, glare="no", hand=False, shadow=False,
             color="normal", light="neutral", props=False, backs=False, lens="none")


def _signed_area(q: np.ndarray) -> float:
    x, y = q[:, 0], q[:, 1]
    return float(np.sum(x * np.roll(y, -1) - np.roll(x, -1) * y) / 2)


def _whiter(card_px: np.ndarray, table_px: np.ndarray) -> bool:
    """The card's white border against the (dark, coloured) felt: brighter and greyer."""
    a = cv2.cvtColor(card_px.reshape(1, 1, 3), cv2.COLOR_BGR2HSV)[0, 0].astype(int)
    b = cv2.cvtColor(table_px.reshape(1, 1, 3), cv2.COLOR_BGR2HSV)[0, 0].astype(int)
    return a[1] < 70 and a[2] > 100 and (a[2] > b[2] + 40 or b[1] > a[1] + 80)


@pytest.mark.parametrize("seed,lens",
                         [(s, "none") for s in range(5)] + [(5, "barrel"), (6, "barrel")])
def test_single_scene_corners_land_on_the_card(seed, lens):
    rng = np.random.default_rng(seed)
    scene = make_scene(rng, "single", label="blue-3", table="felt", **dict(CLEAN, lens=lens))
    img, q = scene.image, scene.corners
    assert img.shape == (480, 640, 3) and img.dtype == np.uint8
    assert q.shape == (4, 2) and q.dtype == np.float32
    assert _signed_area(q) > 0  # clockwise on screen (y down)
    short = np.linalg.norm(q[1] - q[0])
    assert short < np.linalg.norm(q[2] - q[1])  # starts on a short (top) edge
    # Just inside each edge's middle lies the white border; a few px outside, the felt.
    centre = q.mean(axis=0)
    for i in range(4):
        mid = (q[i] + q[(i + 1) % 4]) / 2
        inward = (centre - mid) / np.linalg.norm(centre - mid)
        inner = np.round(mid + inward * short * 0.022).astype(int)
        outer = np.round(mid - inward * 4).astype(int)
        pin, pout = img[inner[1], inner[0]], img[outer[1], outer[0]]
        assert _whiter(pin, pout), (seed, i, pin, pout)
    # The card's own colour fills its quad.
    mask = np.zeros(img.shape[:2], np.uint8)
    cv2.fillPoly(mask, [np.round(q).astype(np.int32)], 255)
    assert _hue_share(img, mask, 95, 115) > 0.3


def test_kinds_truth_shapes():
    rng = np.random.default_rng(11)
    pile = make_scene(rng, "pile", label="wild-dare-16", under=5)
    assert pile.label == "wild-dare-16" and len(pile.cards) == 1
    assert pile.cards[0][0] == "wild-dare-16" and np.array_equal(pile.cards[0][1], pile.corners)
    assert pile.conditions["kind"] == "pile" and pile.conditions["under"] == "5"
    for q in [pile.corners]:
        assert np.all(q >= 0) and np.all(q[:, 0] < 640) and np.all(q[:, 1] < 480)

    spread = make_scene(rng, "spread", cards=5)
    assert 2 <= len(spread.cards) <= 5
    quads = [q for _, q in spread.cards]
    for i, a in enumerate(quads):
        assert np.all(a >= 0) and np.all(a[:, 0] < 640) and np.all(a[:, 1] < 480)
        for b in quads[i + 1:]:
            area, _ = cv2.intersectConvexConvex(a, b)
            assert area < 1.0
    assert spread.label in [lab for lab, _ in spread.cards]

    for sort in EMPTY_SORTS:
        empty = make_scene(rng, "empty", empty=sort)
        assert empty.label is None and empty.corners is None and empty.cards == ()
        assert empty.conditions["empty"] == sort
        assert empty.image.shape == (480, 640, 3) and empty.image.dtype == np.uint8


def test_occluded_scene_keeps_label_but_no_whole_card():
    scene = make_scene(np.random.default_rng(5), "pile", label="red-5", occluded=True)
    assert scene.label == "red-5" and scene.corners is not None and scene.cards == ()
    assert scene.conditions["occluded"] == "yes" and scene.conditions["hand"] == "yes"


def test_hands_in_labelled_scenes_stay_off_the_cards():
    from vision.synthetic.layout import hand_clear_of

    drawn = 0
    for seed in range(12):
        rng = np.random.default_rng(seed)
        frame = np.full((480, 640, 3), 90, np.uint8)
        quad = np.array([(250, 150), (370, 170), (345, 350), (225, 330)], np.float64)
        cover = hand_clear_of(rng, frame, [quad], 40.0, (640, 480))
        if cover is None:
            continue
        drawn += 1
        card = np.zeros((480, 640), np.uint8)
        cv2.fillPoly(card, [quad.astype(np.int32)], 255)
        assert not np.any((cover > 0) & (card > 0)), seed
        assert np.any(cover > 0)
    assert drawn >= 8


def test_bad_arguments_say_what_is_wrong():
    rng = np.random.default_rng(0)
    with pytest.raises(ValueError, match="override"):
        make_scene(rng, "pile", colour="red")
    with pytest.raises(ValueError, match="kind"):
        make_scene(rng, "heap")
    with pytest.raises(ValueError, match="no label"):
        make_scene(rng, "empty", label="red-1")


def test_scene_set_is_deterministic():
    a = list(scene_set(3, 6))
    b = list(scene_set(3, 6))
    c = list(scene_set(4, 6))
    for x, y in zip(a, b):
        assert np.array_equal(x.image, y.image) and x.label == y.label
        assert x.conditions == y.conditions
    assert any(not np.array_equal(x.image, z.image) for x, z in zip(a, c))
    assert all(s.image.shape == (480, 640, 3) and s.image.dtype == np.uint8 for s in a)


def test_scene_plan_mix_and_label_balance():
    plan = scene_plan(9, 400)
    kinds = Counter(kind for kind, _, _ in plan)
    assert kinds == {"pile": 220, "single": 100, "empty": 40, "spread": 40}
    labelled = [label for kind, label, _ in plan if kind in ("pile", "single")]
    assert set(labelled[:128]) == set(all_labels())
    sorts = Counter(extra["empty"] for kind, _, extra in plan if kind == "empty")
    assert set(sorts) == set(EMPTY_SORTS)
    assert any(extra.get("occluded") for _, _, extra in plan)
    first = [(k, label) for k, label, _ in scene_plan(9, 40)]
    assert first == [(k, label) for k, label, _ in plan[:40]]


def test_scene_set_follows_its_plan():
    plan = scene_plan(2, 20)
    for (kind, label, _), scene in zip(plan, scene_set(2, 20)):
        assert scene.conditions["kind"] == kind
        if kind in ("pile", "single"):
            assert scene.label == label


def test_conditions_are_tagged():
    scene = make_scene(np.random.default_rng(1), "pile", tilt=25, light="warm", blur="motion",
                       noise="high", jpeg=50, glare="card", shadow=True, table="wood")
    c = scene.conditions
    assert (c["perspective"], c["light"], c["blur"], c["noise"], c["jpeg"], c["glare"],
            c["shadow"], c["table"]) == ("high", "warm", "motion", "high", "low", "card", "yes",
                                         "wood")
    assert all(isinstance(v, str) for v in c.values())


def test_zero_is_a_plain_oval_not_slashed():
    from vision.synthetic.glyphs import digit_mask
    from vision.synthetic.style import FONTS

    for font in FONTS:
        zero = digit_mask(0, font, 120, 0.1, False)
        h, w = zero.shape
        assert zero[h // 2 - 8:h // 2 + 8, w // 2 - 4:w // 2 + 4].max() == 0, font
        assert zero[h // 2, :w // 4].max() == 255  # the ring itself


def test_lens_distortion_maps_agree_with_distorted_points():
    from vision.synthetic.camera import distort_points, distortion_maps

    size = (640, 480)
    map_x, map_y = distortion_maps(size, -0.15)
    pts = np.array([(12.0, 9.0), (600.0, 50.0), (100.0, 400.0), (320.0, 240.0)])
    for p, q in zip(pts, distort_points(pts, size, -0.15)):
        xq, yq = np.float32([[q[0]]]), np.float32([[q[1]]])
        back = (cv2.remap(map_x, xq, yq, cv2.INTER_LINEAR)[0, 0],
                cv2.remap(map_y, xq, yq, cv2.INTER_LINEAR)[0, 0])
        assert np.allclose(back, p, atol=0.3)


def test_styles_are_hashable_and_random_styles_vary():
    import dataclasses

    rng = np.random.default_rng(3)
    styles = [random_style(rng) for _ in range(30)]
    same = dataclasses.replace(styles[0])
    assert hash(same) == hash(styles[0]) and {styles[0]: 1}[same] == 1
    assert {s.design for s in styles} == {"classic", "disc"}
    assert {s.shapes for s in styles} == {True, False}
    assert len({s.font for s in styles}) >= 3
    assert len({s.palette["red"] for s in styles}) > 20  # inks differ from deck to deck


def test_preview_writes_contact_sheets(tmp_path):
    from vision.synthetic.preview import main

    assert main([str(tmp_path / "sheets"), "--n", "5", "--seed", "2", "--truth"]) == 0
    written = sorted(p.name for p in (tmp_path / "sheets").iterdir())
    assert written == ["decks_2.png", "scenes_2_00.png"]
    sheet = cv2.imread(str(tmp_path / "sheets" / "scenes_2_00.png"))
    assert sheet.shape == (720, 1280, 3)


def test_bench_prints_what_it_measured(capsys):
    import argparse

    from vision.synthetic.bench import run

    assert run(argparse.Namespace(count=4, seed=1)) == 0
    out = capsys.readouterr().out
    assert "synthetic scenes: 4 (seed 1)" in out and "ms/scene" in out
