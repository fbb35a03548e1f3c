"""A card drawn with Kivy's canvas, large enough to read across a table.

The card's colour field, the white tilted oval, the symbol in big letters and, in two
corners, the colour-blind shape (circle red, diamond yellow, triangle green, square blue).
A Wild Dare shows its four colours, and once a colour is chosen, that colour's border,
shape and word. Colour is never the only cue: the shape and the word go with it.
"""

from __future__ import annotations

import math

from kivy.clock import Clock
from kivy.graphics import (Color, Ellipse, Mesh, PopMatrix, PushMatrix, Rectangle,
                           Rotate, RoundedRectangle, Triangle)
from kivy.properties import ColorProperty, StringProperty
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from companion.engine.cards import COLOR_SHAPES, COLORS, Card
from companion.engine.errors import LabelError
from companion.ui import theme as T
from companion.words import card_symbol

CARD_ASPECT = 87.0 / 56.0


def draw_shape(canvas, shape: str, cx: float, cy: float, r: float) -> None:
    """Add a filled colour-blind shape of radius ``r`` centred at (cx, cy) to ``canvas``."""
    if shape == "circle":
        canvas.add(Ellipse(pos=(cx - r, cy - r), size=(2 * r, 2 * r)))
    elif shape == "square":
        s = r * 0.9
        canvas.add(Rectangle(pos=(cx - s, cy - s), size=(2 * s, 2 * s)))
    elif shape == "triangle":
        canvas.add(Triangle(points=[cx - r, cy - r * 0.8, cx + r, cy - r * 0.8, cx, cy + r]))
    elif shape == "diamond":
        canvas.add(Mesh(vertices=[cx, cy + r, 0, 0, cx + r * 0.8, cy, 0, 0,
                                  cx, cy - r, 0, 0, cx - r * 0.8, cy, 0, 0],
                        indices=[0, 1, 2, 3], mode="triangle_fan"))


class ShapeIcon(Widget):
    """The colour-blind shape of ``color`` in ``rgba`` (white by default)."""

    color = StringProperty("")
    rgba = ColorProperty(T.WHITE)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._redraw = Clock.create_trigger(self._draw, -1)
        self.bind(pos=self._redraw, size=self._redraw, color=self._redraw, rgba=self._redraw)
        self._draw()

    def _draw(self, *_):
        self.canvas.clear()
        shape = COLOR_SHAPES.get(self.color)
        if not shape:
            return
        self.canvas.add(Color(*self.rgba))
        r = min(self.width, self.height) / 2 * 0.9
        draw_shape(self.canvas, shape, self.center_x, self.center_y, r)


class PieceView(Widget):
    """What a card and a die face drawn large share: the piece ``label`` (empty: the
    ``placeholder`` text), the colour a wild one was given, one text label (plain text,
    never markup), and a redraw on the next frame whenever any of them or the box moves.
    A subclass draws in ``_draw``."""

    label = StringProperty("")
    color_in_play = StringProperty("")
    placeholder = StringProperty("")

    def __init__(self, **kwargs):
        self._text = Label(markup=False, bold=True, halign="center", valign="middle")
        super().__init__(**kwargs)
        self.add_widget(self._text)
        self._redraw = Clock.create_trigger(self._draw, -1)
        self.bind(pos=self._redraw, size=self._redraw, label=self._redraw,
                  color_in_play=self._redraw, placeholder=self._redraw)
        self._draw()

    def _draw(self, *_) -> None:
        raise NotImplementedError


class CardView(PieceView):
    """Draws the card ``label`` (empty: a placeholder) fitted into the widget's box.

    ``color_in_play`` is the colour a Wild Dare was given (shown as the border)."""

    placeholder = StringProperty("no card yet")

    def card_box(self) -> tuple[float, float, float, float]:
        """(x, y, w, h) of the card inside the widget, at the card's real proportions."""
        h = min(self.height, self.width * CARD_ASPECT)
        w = h / CARD_ASPECT
        return self.center_x - w / 2, self.center_y - h / 2, w, h

    def _card(self) -> Card | None:
        try:
            return Card.from_label(self.label) if self.label else None
        except LabelError:
            return None

    def _draw(self, *_):
        c = self.canvas.before
        c.clear()
        x, y, w, h = self.card_box()
        card = self._card()
        t = self._text
        t.pos, t.size = (x, y), (w, h)
        t.text_size = (w, h)
        if card is None:
            c.add(Color(*T.PANEL_HI))
            c.add(RoundedRectangle(pos=(x, y), size=(w, h), radius=[w * 0.08]))
            t.text = self.placeholder
            t.font_size = max(14, w * 0.13)
            t.color = T.MUTED
            return
        radius = [w * 0.08]
        border = T.card_rgba(self.color_in_play) if card.is_wild and self.color_in_play else T.WHITE
        c.add(Color(*border))
        c.add(RoundedRectangle(pos=(x, y), size=(w, h), radius=radius))
        m = w * (0.09 if card.is_wild and self.color_in_play else 0.06)
        ix, iy, iw, ih = x + m, y + m, w - 2 * m, h - 2 * m
        if card.is_wild:
            for i, colour in enumerate(COLORS):
                c.add(Color(*T.CARD[colour]))
                qx = ix + (i % 2) * iw / 2
                qy = iy + (1 - i // 2) * ih / 2
                c.add(Rectangle(pos=(qx, qy), size=(iw / 2, ih / 2)))
        else:
            c.add(Color(*T.CARD[card.color]))
            c.add(RoundedRectangle(pos=(ix, iy), size=(iw, ih), radius=[w * 0.05]))
        # the white oval, tilted as on the real cards
        c.add(PushMatrix())
        c.add(Rotate(angle=-28, origin=(x + w / 2, y + h / 2)))
        c.add(Color(*T.WHITE))
        ow, oh = iw * 0.92, ih * 0.62
        c.add(Ellipse(pos=(x + w / 2 - ow / 2, y + h / 2 - oh / 2), size=(ow, oh)))
        c.add(PopMatrix())
        # the colour-blind shape in two corners
        shape_colour = card.color or self.color_in_play
        if shape_colour:
            r = w * 0.075
            c.add(Color(*(T.WHITE if card.color else T.BLACK)))
            for sx, sy in ((ix + r * 1.6, iy + ih - r * 1.6), (ix + iw - r * 1.6, iy + r * 1.6)):
                if not card.color:
                    c.add(Color(*T.WHITE))
                    c.add(Ellipse(pos=(sx - r * 1.35, sy - r * 1.35), size=(r * 2.7, r * 2.7)))
                    c.add(Color(*T.card_rgba(shape_colour)))
                draw_shape(c, COLOR_SHAPES[shape_colour], sx, sy, r)
        symbol = card_symbol(self.label)
        t.text = symbol
        t.color = T.card_rgba(card.color) if card.color else T.BLACK
        lines = symbol.split("\n")
        longest = max(len(s) for s in lines)
        t.font_size = w * (0.62 if longest == 1 else min(0.26, 1.3 / max(longest, 1)))
        t.outline_width = 0


def arrow_points(cx: float, cy: float, dx: float, dy: float, size: float) -> list[float]:
    """A triangle pointing along (dx, dy) with its tip ``size`` ahead of (cx, cy)."""
    n = math.hypot(dx, dy) or 1.0
    ux, uy = dx / n, dy / n
    px, py = -uy, ux
    tip = (cx + ux * size, cy + uy * size)
    back = (cx - ux * size * 0.6, cy - uy * size * 0.6)
    return [tip[0], tip[1], back[0] + px * size * 0.75, back[1] + py * size * 0.75,
            back[0] - px * size * 0.75, back[1] - py * size * 0.75]


__all__ = ["CardView", "ShapeIcon", "draw_shape", "arrow_points"]
