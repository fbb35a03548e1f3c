"""The running totals of every player, round by round, as a line chart.

Each player has a colour *and* a marker shape, and the name is written at the end of the
line, so nobody needs to tell colours apart; a dashed line marks the target score.
"""

from __future__ import annotations

from kivy.clock import Clock
from kivy.graphics import Color, Line
from kivy.properties import ListProperty, NumericProperty
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from companion.ui import theme as T
from companion.ui.widgets.cardview import draw_shape

PALETTE = [(0.98, 0.45, 0.35, 1), (0.98, 0.85, 0.2, 1), (0.45, 0.85, 0.4, 1),
           (0.4, 0.65, 1.0, 1), (0.85, 0.5, 0.95, 1), (0.4, 0.9, 0.9, 1),
           (1.0, 0.65, 0.2, 1), (0.95, 0.95, 0.95, 1), (0.7, 0.75, 0.5, 1), (1.0, 0.55, 0.75, 1)]
MARKERS = ["circle", "square", "triangle", "diamond"]


class ScoreChart(Widget):
    """``players``: names in seat order; ``totals``: per round, the running totals list."""

    players = ListProperty([])
    totals = ListProperty([])
    target = NumericProperty(500)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._labels: list[Label] = []
        self._redraw = Clock.create_trigger(self._draw, -1)
        self.bind(players=self._redraw, totals=self._redraw, target=self._redraw,
                  pos=self._redraw, size=self._redraw)

    def _draw(self, *_):
        c = self.canvas
        c.clear()
        for label in self._labels:
            self.remove_widget(label)
        self._labels = []
        if not self.players:
            return
        left, bottom = self.x + 44, self.y + 30
        width, height = max(10, self.width - 44 - 110), max(10, self.height - 40)
        top_value = max([self.target] + [max(t) for t in self.totals if t] + [1])
        rounds = len(self.totals)

        def xy(i, v):
            return (left + width * i / max(rounds, 1), bottom + height * v / top_value)

        c.add(Color(*T.PANEL_HI))
        c.add(Line(points=[left, bottom, left + width, bottom], width=1.5))
        c.add(Line(points=[left, bottom, left, bottom + height], width=1.5))
        ty = bottom + height * self.target / top_value
        c.add(Color(*T.MUTED))
        c.add(Line(points=[left, ty, left + width, ty], dash_length=8, dash_offset=6))
        self._text(f"{self.target}", self.x, ty - 12, 40, T.MUTED)
        self._text("0", self.x, bottom - 12, 40, T.MUTED)
        ends = []
        for seat, name in enumerate(self.players):
            colour = PALETTE[seat % len(PALETTE)]
            points = [xy(0, 0)] + [xy(i + 1, t[seat]) for i, t in enumerate(self.totals)]
            c.add(Color(*colour))
            if len(points) > 1:
                c.add(Line(points=[v for p in points for v in p], width=2))
            for px, py in points[1:]:
                draw_shape(c, MARKERS[seat % len(MARKERS)], px, py, 7)
            ends.append((points[-1][1], points[-1][0], name, colour))
        # names at the ends of the lines, pushed apart so that none covers another
        placed: list[float] = []
        for ey, ex, name, colour in sorted(ends):
            y = max([ey - 12] + [p + 22 for p in placed[-1:]])
            placed.append(y)
            self._text(name, ex + 10, y, 100, colour, halign="left")

    def _text(self, text, x, y, w, colour, halign="right"):
        label = Label(text=text, markup=False, font_size=T.SMALL_PX, color=colour,
                      size=(w, 24), pos=(x, y), halign=halign, valign="middle",
                      shorten=True, shorten_from="right")
        label.text_size = label.size
        self.add_widget(label)
        self._labels.append(label)
