"""Synthetic UNO Dare! cards and camera scenes for tests and benchmarks (numpy + OpenCV).

``render_card`` draws any card face in a deck ``CardStyle``; ``make_scene`` composes a
640x480 camera frame (a single card, a pile, a spread hand, or no card) with its truth;
``scene_set`` yields a deterministic benchmark mix. ``python -m vision.synthetic.preview``
writes contact sheets to look at.
"""

from .card import CARD_ASPECT, card_height, render_back, render_card
from .scene import EMPTY_SORTS, KINDS, Scene, SceneParams, make_scene, scene_plan, scene_set
from .style import CardStyle, random_style

__all__ = ["CARD_ASPECT", "EMPTY_SORTS", "KINDS", "CardStyle", "Scene", "SceneParams",
           "card_height", "make_scene", "random_style", "render_back", "render_card", "scene_plan",
           "scene_set"]
