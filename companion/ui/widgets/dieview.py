"""A die face drawn with Kivy's canvas, large enough to read across a table.

A rounded square in the face's colour with a white disc in the middle, the number or the
command in large letters on the disc, and the colour-blind shape in two corners (circle
red, diamond yellow, triangle green, square blue). A wild face shows the four colours and,
once a colour is chosen, a border, shapes and disc rim in that colour. As with cards,
colour is never the only cue.
"""

from __future__ import annotations

from kivy.graphics import Color, Ellipse, Line, Rectangle, RoundedRectangle
from kivy.properties import StringProperty

from companion.engine.cards import COLOR_SHAPES, COLORS
from companion.engine.dice_faces import DieFace
from companion.engine.errors import LabelError
from companion.ui import theme as T
from companion.ui.widgets.cardview import PieceView, draw_shape
from companion.words import die_symbol


class DieView(PieceView):
    """Draws the die face ``label`` (empty: a placeholder) as a square in the widget's box.

    ``color_in_play`` is the colour a wild face was given."""

    placeholder = StringProperty("no die yet")

    def die_box(self) -> tuple[float, float, float]:
        """(x, y, side) of the die inside the widget."""
        side = max(1.0, min(self.width, self.height))
        return self.center_x - side / 2, self.center_y - side / 2, side

    def _face(self) -> DieFace | None:
        try:
            return DieFace.from_label(self.label) if self.label else None
        except LabelError:
            return None

    def _draw(self, *_):
        c = self.canvas.before
        c.clear()
        x, y, s = self.die_box()
        face = self._face()
        t = self._text
        radius = [s * 0.16]
        if face is None:
            c.add(Color(*T.PANEL_HI))
            c.add(RoundedRectangle(pos=(x, y), size=(s, s), radius=radius))
            t.pos, t.size, t.text_size = (x, y), (s, s), (s * 0.9, s)
            t.text = self.placeholder
            t.font_size = max(16, s * 0.12)
            t.color = T.MUTED
            return
        chosen = self.color_in_play if face.is_wild else ""
        c.add(Color(*(T.card_rgba(chosen) if chosen else T.WHITE)))
        c.add(RoundedRectangle(pos=(x, y), size=(s, s), radius=radius))
        m = s * (0.07 if chosen else 0.035)
        ix, iy, isz = x + m, y + m, s - 2 * m
        if face.is_wild:
            for i, colour in enumerate(COLORS):
                c.add(Color(*T.CARD[colour]))
                c.add(Rectangle(pos=(ix + (i % 2) * isz / 2, iy + (1 - i // 2) * isz / 2),
                                size=(isz / 2, isz / 2)))
        else:
            c.add(Color(*T.CARD[face.color]))
            c.add(RoundedRectangle(pos=(ix, iy), size=(isz, isz), radius=[s * 0.13]))
        # the white disc that carries the symbol
        d = isz * 0.7
        c.add(Color(*T.WHITE))
        c.add(Ellipse(pos=(x + s / 2 - d / 2, y + s / 2 - d / 2), size=(d, d)))
        if chosen:
            c.add(Color(*T.card_rgba(chosen)))
            c.add(Line(circle=(x + s / 2, y + s / 2, d / 2), width=max(2.0, s * 0.02)))
        shape_colour = face.color or chosen
        if shape_colour:
            r = s * 0.06
            for sx, sy in ((ix + r * 1.7, iy + isz - r * 1.7), (ix + isz - r * 1.7, iy + r * 1.7)):
                if not face.color:
                    c.add(Color(*T.WHITE))
                    c.add(Ellipse(pos=(sx - r * 1.4, sy - r * 1.4), size=(r * 2.8, r * 2.8)))
                    c.add(Color(*T.card_rgba(shape_colour)))
                else:
                    c.add(Color(*T.ink_rgba(face.color)))
                draw_shape(c, COLOR_SHAPES[shape_colour], sx, sy, r)
        symbol = die_symbol(self.label)
        t.pos, t.size, t.text_size = (x + s / 2 - d / 2, y + s / 2 - d / 2), (d, d), (d, d)
        t.text = symbol
        ink = T.card_rgba(face.color) if face.color and face.color != "yellow" else T.BLACK
        t.color = ink
        longest = max(len(line) for line in symbol.split("\n"))
        t.font_size = d * (0.7 if longest == 1 else min(0.3, 1.2 / max(longest, 1)))


__all__ = ["DieView"]
