"""The ranges synthetic scenes are drawn from, in one frozen value (no tuning constants
scattered through the modules)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class SceneParams:
    """Pass ``params=SceneParams(...)`` to make_scene to change a range or a frequency."""

    size: tuple[int, int] = (640, 480)
    card_short: tuple[float, float] = (90.0, 200.0)  # a card's short side as seen, px
    spread_short: tuple[float, float] = (72.0, 120.0)  # the same in a spread hand
    max_tilt: float = 30.0  # degrees from straight down
    focal: tuple[float, float] = (480.0, 640.0)  # px: how strong the perspective is
    pile_under: tuple[int, int] = (2, 8)
    spread_cards: tuple[int, int] = (2, 7)
    margin: float = 6.0  # px between a whole card and the frame's edge
    p_hand: float = 0.3
    p_glare: float = 0.3
    p_shadow: float = 0.35
    p_props: float = 0.15
    p_backs: float = 0.15
    p_jpeg: float = 0.75
    p_lens: float = 0.25
    table_scale: float = 0.4  # table textures are drawn at this fraction of frame px
