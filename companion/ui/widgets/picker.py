"""Choosing a card by touch: colour first (each with its shape and word), then the face,
then for a dare its number. Used when the camera missed a card, to correct a counted
hand, and for drawing for dealer by hand. Cards that may not be played now are greyed.
"""

from __future__ import annotations

from typing import Callable

from kivy.clock import Clock
from kivy.graphics import Color, InstructionGroup
from kivy.properties import StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.widget import Widget

from companion.engine.cards import COLOR_SHAPES, COLORS
from companion.ui import theme as T
from companion.ui.widgets.basic import BigButton, FitLabel
from companion.ui.widgets.cardview import draw_shape
from companion.ui.widgets.keys import Sheet

FACES = [str(n) for n in range(10)] + ["skip", "reverse", "dare"]
FACE_WORDS = {"skip": "Skip", "reverse": "Reverse", "dare": "Dare"}


class ColourButton(BigButton):
    """A button in a card colour with its colour-blind shape: at the left of the word
    (``shape_at="left"``) or above it (``"top"``, for the big buttons of the colour screen)."""

    colour = StringProperty("")
    shape_at = StringProperty("left")

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._repaint = Clock.create_trigger(self._paint, -1)
        self.bind(colour=self._repaint, pos=self._repaint, size=self._repaint,
                  shape_at=self._repaint)
        self._paint()

    def _paint(self, *_):
        if self.colour in T.CARD:
            self.tint = T.CARD[self.colour]
            self.color = T.INK[self.colour]
        if not hasattr(self, "_shape"):
            self._shape = InstructionGroup()
            self.canvas.after.add(self._shape)
        g = self._shape
        g.clear()
        shape = COLOR_SHAPES.get(self.colour)
        if not shape:
            return
        g.add(Color(*T.INK.get(self.colour, T.TEXT)))
        if self.shape_at == "top":
            r = min(self.height * 0.16, self.width * 0.22, 40)
            draw_shape(g, shape, self.x + self.width / 2, self.y + self.height * 0.9 - r, r)
        else:
            r = min(self.height * 0.22, 22)
            draw_shape(g, shape, self.x + r + 10, self.y + self.height / 2, r)


class ColourChip(ColourButton):
    """The colour in play, shown like a colour button that does not react to touch."""

    def on_touch_down(self, touch):
        return False

    def on_touch_up(self, touch):
        return False


class CardPicker(Sheet):
    """``on_pick(label)`` with the chosen card label. ``allowed(label) -> bool`` greys out
    the faces that may not be played now (None: everything may be chosen).

    A screen keeps its picker and asks each new question with ``start`` (``BaseScreen.
    pick``): the buttons are made once and retinted, because every widget made and dropped
    costs memory a software GL driver never gives back, and a game entered by touch opens
    a picker for every card."""

    colour = StringProperty("")
    face = StringProperty("")
    hint_text = "Choose the card's colour first (or Wild Dare)."

    def __init__(self, title: str, on_pick: Callable[[str], None],
                 allowed: Callable[[str], bool] | None = None, **kwargs):
        super().__init__(auto_dismiss=False, size_hint=(1, 1), background_color=T.BG, **kwargs)
        self._kept: dict = {}
        root = BoxLayout(orientation="vertical", padding=6, spacing=6)
        self.title_label = FitLabel(text=title, size_hint_y=0.12, max_font=T.NAME_PX, bold=True)
        root.add_widget(self.title_label)
        from kivy.core.window import Window

        portrait = Window.height > Window.width
        row = BoxLayout(spacing=5, size_hint_y=0.2)
        self.colour_buttons: dict[str, BigButton] = {}
        for colour in (*COLORS, "wild"):
            if colour == "wild":
                b = BigButton(text="Wild Dare", tint=T.PANEL_HI)
            elif portrait:
                b = ColourButton(text="\n\n" + colour.capitalize(), colour=colour,
                                 shape_at="top")
            else:
                b = ColourButton(text="   " + colour.capitalize(), colour=colour)
            b.bind(on_release=lambda btn, colour=colour: self.choose_colour(colour))
            row.add_widget(b)
            self.colour_buttons[colour] = b
        root.add_widget(row)
        self.grid = GridLayout(cols=7, spacing=5, size_hint_y=0.52)
        root.add_widget(self.grid)
        bottom = BoxLayout(spacing=5, size_hint_y=0.16)
        self.back_button = BigButton(text="Back", tint=T.PANEL_HI)
        self.back_button.bind(on_release=lambda *_: self.back())
        cancel = BigButton(text="Cancel", tint=T.BUTTON_DIM)
        cancel.bind(on_release=lambda *_: self.dismiss())
        bottom.add_widget(self.back_button)
        bottom.add_widget(cancel)
        root.add_widget(bottom)
        self.add_widget(root)
        self.face_buttons: dict[str, BigButton] = {}
        self.start(title, on_pick, allowed)

    def start(self, title: str, on_pick: Callable[[str], None],
              allowed: Callable[[str], bool] | None = None) -> CardPicker:
        """Ask a new question with this picker: from the colour choice again."""
        self.title_label.text = title
        self.on_pick = on_pick
        self.allowed = allowed
        self.colour = self.face = ""
        self._show_hint()
        return self

    def _kept_widget(self, key, make: Callable[[], Widget]) -> Widget:
        """The widget kept under ``key``, made by ``make`` the first time it is needed."""
        if key not in self._kept:
            self._kept[key] = make()
        return self._kept[key]

    def _key(self, key, on_release: Callable[[], None], **kwargs) -> BigButton:
        """The kept button ``key``, made with ``kwargs``, calling ``on_release()``."""
        def make() -> BigButton:
            b = BigButton(**kwargs)
            b.bind(on_release=lambda btn: on_release())
            return b

        return self._kept_widget(key, make)

    def _hint(self, text: str) -> FitLabel:
        hint = self._kept_widget("hint", lambda: FitLabel(color=T.MUTED))
        hint.text = text
        return hint

    def _ok(self, label: str) -> bool:
        return self.allowed is None or bool(self.allowed(label))

    def _show_hint(self):
        self.grid.clear_widgets()
        self.face_buttons = {}
        self.grid.cols = 1
        self.grid.add_widget(self._hint(self.hint_text))
        self.back_button.disabled = True

    def choose_colour(self, colour: str) -> None:
        self.colour = colour
        if colour == "wild":
            self.face = "wild-dare"
            self._show_numbers()
            return
        self.grid.clear_widgets()
        self.grid.cols = 7
        self.face_buttons = {}
        for face in FACES:
            self._face_key(("face", face), lambda face=face: self.choose_face(face), colour,
                           face, FACE_WORDS.get(face, face))
        self.back_button.disabled = False

    def _face_key(self, key, on_release, colour: str, face: str, text: str) -> None:
        """A face's button in the chosen colour, greyed when ``colour-face`` is not allowed."""
        b = self._key(key, on_release, text=text,
                      max_font=T.BIG_PX if len(face) == 1 else T.BUTTON_PX)
        b.tint = T.CARD[colour]
        b.color = T.INK[colour]
        b.disabled = not self._ok(f"{colour}-{face}")
        self.grid.add_widget(b)
        self.face_buttons[face] = b

    def choose_face(self, face: str) -> None:
        self.face = face
        if face == "dare":
            self._show_numbers()
            return
        self._pick(f"{self.colour}-{face}")

    def _show_numbers(self) -> None:
        base = "wild-dare" if self.colour == "wild" else f"{self.colour}-dare"
        self.grid.clear_widgets()
        self.grid.cols = 9
        self.face_buttons = {}
        self._dare = base
        allowed = self._ok(base)
        for n in range(1, 17):
            b = self._key(("number", n), lambda n=n: self._pick(f"{self._dare}-{n}"),
                          text=str(n), tint=T.PANEL_HI, max_font=T.NAME_PX)
            b.disabled = not allowed
            self.grid.add_widget(b)
            self.face_buttons[str(n)] = b
        b = self._key("unread", lambda: self._pick(self._dare), text="Can't read",
                      tint=T.BUTTON_DIM, max_font=T.SMALL_PX)
        b.disabled = not allowed
        self.grid.add_widget(b)
        self.face_buttons["?"] = b
        self.back_button.disabled = False

    def back(self) -> None:
        if self.face == "dare" or (self.colour == "wild"):
            self.face = ""
            if self.colour == "wild":
                self.colour = ""
                self._show_hint()
            else:
                self.choose_colour(self.colour)
        else:
            self.colour = ""
            self._show_hint()

    def _pick(self, label: str) -> None:
        self.dismiss()
        self.on_pick(label)
