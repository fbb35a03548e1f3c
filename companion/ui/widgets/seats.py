"""The seats round the table: who holds how many cards, whose turn it is, which way play goes.

Seats sit on an ellipse in the players' order, clockwise on the screen as at the table
(the first player at the top). Arrowheads on the track between the seats point the way
play goes, and the centre says it in words. The player the table waits for is drawn in
the accent colour with a thick frame; a player who may still be caught turns orange
with the UNO countdown on the seat ("UNO? 3", then "catch!").
"""

from __future__ import annotations

import math

from kivy.clock import Clock
from kivy.graphics import Color, Line, RoundedRectangle, Triangle
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.floatlayout import FloatLayout

from companion.ui import theme as T
from companion.ui.widgets.basic import FitLabel
from companion.ui.widgets.cardview import arrow_points
from companion.words import count_words


class SeatBadge(BoxLayout):
    """One player: name, card (or dice) count, and the state marks (turn, UNO called,
    countdown). ``pieces``: what a hand holds, ``cards`` or ``dice``."""

    name = StringProperty("")
    cards = NumericProperty(0)
    pieces = StringProperty("cards")
    current = BooleanProperty(False)
    uno = BooleanProperty(False)
    countdown = StringProperty("")   # seconds left to call UNO ("" when none; "!" ran out)

    def __init__(self, **kwargs):
        super().__init__(orientation="vertical", padding=(4, 2), **kwargs)
        self.name_label = FitLabel(bold=True, max_font=T.NAME_PX, min_font=18)
        self.count_label = FitLabel(max_font=T.NAME_PX, min_font=18)
        self.add_widget(self.name_label)
        self.add_widget(self.count_label)
        self._redraw = Clock.create_trigger(self._draw, -1)
        self.bind(name=self._update, cards=self._update, current=self._update, uno=self._update,
                  countdown=self._update, pieces=self._update, pos=self._redraw,
                  size=self._redraw)
        self._update()

    def _update(self, *_):
        self.name_label.text = self.name
        count = count_words(int(self.cards), self.pieces) + ("  UNO" if self.uno else "")
        if self.countdown:   # down to one card: the countdown says it, large
            count = "catch!" if self.countdown == "!" else f"UNO? {self.countdown}"
        self.count_label.text = count
        ink = T.BLACK if (self.current or self.countdown) else T.TEXT
        self.name_label.color = ink
        self.count_label.color = ink
        self._redraw()

    def _draw(self, *_):
        c = self.canvas.before
        c.clear()
        fill = T.ACCENT if self.current else T.WARN if self.countdown else T.PANEL
        c.add(Color(*fill))
        c.add(RoundedRectangle(pos=self.pos, size=self.size, radius=[10]))
        if self.current:
            c.add(Color(*T.WHITE))
            c.add(Line(rounded_rectangle=(self.x - 3, self.y - 3, self.width + 6,
                                          self.height + 6, 12), width=2.5))
        if self.countdown and self.current:
            # the player about to be caught is also the one to play: a warning frame
            c.add(Color(*T.WARN))
            c.add(Line(rounded_rectangle=(self.x + 3, self.y + 3, self.width - 6,
                                          self.height - 6, 8), width=3))


class SeatRing(FloatLayout):
    """``seats``: a list of dicts ``{name, cards, current, uno, countdown}`` (and optionally
    ``pieces``: ``dice``) in seat order;
    ``direction``: ``clockwise`` or ``counterclockwise``; ``centre_text`` what the middle says."""

    seats = ListProperty([])
    direction = StringProperty("clockwise")
    centre_text = StringProperty("")

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.badges: list[SeatBadge] = []
        self.centre = FitLabel(max_font=T.NAME_PX, min_font=16, bold=True, size_hint=(None, None))
        self.add_widget(self.centre)
        self._relayout = Clock.create_trigger(self._layout, -1)
        self.bind(seats=self._relayout, pos=self._relayout, size=self._relayout,
                  direction=self._relayout, centre_text=self._relayout)

    def badge_size(self) -> tuple[float, float]:
        n = max(len(self.seats), 1)
        w = min(170.0, max(96.0, self.width / (2.2 if n <= 4 else 3.4 if n <= 6 else 4.2)))
        h = min(84.0, max(62.0, self.height / (3.2 if n <= 4 else 4.6)))
        return w, h

    def seat_centres(self) -> list[tuple[float, float]]:
        n = len(self.seats)
        bw, bh = self.badge_size()
        rx = max(10.0, self.width / 2 - bw / 2 - 4)
        ry = max(10.0, self.height / 2 - bh / 2 - 4)
        out = []
        for i in range(n):
            a = math.pi / 2 - 2 * math.pi * i / max(n, 1)  # seat 0 at the top, clockwise
            out.append((self.center_x + rx * math.cos(a), self.center_y + ry * math.sin(a)))
        return out

    def _layout(self, *_):
        seats = self.seats
        while len(self.badges) < len(seats):
            badge = SeatBadge(size_hint=(None, None))
            self.badges.append(badge)
            self.add_widget(badge)
        while len(self.badges) > len(seats):
            self.remove_widget(self.badges.pop())
        bw, bh = self.badge_size()
        for badge, seat, (cx, cy) in zip(self.badges, seats, self.seat_centres()):
            badge.size = (bw, bh)
            badge.center = (cx, cy)
            badge.name = seat.get("name", "")
            badge.cards = seat.get("cards", 0)
            badge.current = bool(seat.get("current"))
            badge.uno = bool(seat.get("uno"))
            badge.countdown = seat.get("countdown", "")
            badge.pieces = seat.get("pieces", "cards")
        self.centre.size = (max(10, self.width - 2 * bw - 20), max(10, self.height - 2 * bh - 10))
        self.centre.center = self.center
        self.centre.text = self.centre_text
        self._draw_track()

    def _draw_track(self):
        c = self.canvas.before
        c.clear()
        n = len(self.seats)
        if n < 2:
            return
        bw, bh = self.badge_size()
        rx = max(10.0, self.width / 2 - bw / 2 - 4)
        ry = max(10.0, self.height / 2 - bh / 2 - 4)
        c.add(Color(*T.PANEL_HI))
        c.add(Line(ellipse=(self.center_x - rx, self.center_y - ry, 2 * rx, 2 * ry), width=3))
        c.add(Color(*T.ACCENT))
        sign = -1 if self.direction == "clockwise" else 1   # clockwise: the angle decreases
        for i in range(n):
            a = math.pi / 2 - 2 * math.pi * (i + 0.5) / n       # halfway between two seats
            px, py = self.center_x + rx * math.cos(a), self.center_y + ry * math.sin(a)
            dx, dy = -rx * math.sin(a) * sign, ry * math.cos(a) * sign
            c.add(Triangle(points=arrow_points(px, py, dx, dy, 20)))
