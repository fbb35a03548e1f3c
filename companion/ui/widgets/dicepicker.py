"""Choosing a die face by touch: colour first (each with its shape and word), then the face;
or Wild, then Wild or Wild Draw 4. Used when the camera missed a die, for the centre die,
and to list the dice left in a hand. Faces that may not be played now are greyed.
"""

from __future__ import annotations

from typing import Callable

from companion.engine.dice_faces import COMMANDS, NUMBERS
from companion.ui import theme as T
from companion.ui.widgets.picker import CardPicker

DIE_FACES = [str(n) for n in NUMBERS] + list(COMMANDS)
DIE_FACE_WORDS = {"skip": "Skip", "reverse": "Reverse", "draw2": "Draw 2"}
WILD_FACES = (("wild", "Wild"), ("wild-draw4", "Wild Draw 4"))


class DiePicker(CardPicker):
    """``on_pick(label)`` with the chosen die face label; ``allowed(label) -> bool`` greys
    out the faces that may not be chosen now (None: everything may be)."""

    hint_text = "Choose the die's colour first (or Wild)."

    def __init__(self, title: str, on_pick: Callable[[str], None],
                 allowed: Callable[[str], bool] | None = None, **kwargs):
        super().__init__(title, on_pick, allowed, **kwargs)
        self.colour_buttons["wild"].text = "Wild"

    def start(self, title: str, on_pick: Callable[[str], None],
              allowed: Callable[[str], bool] | None = None) -> DiePicker:
        super().start(title, on_pick, allowed)
        self.colour_buttons["wild"].disabled = not any(self._ok(label)
                                                       for label, _ in WILD_FACES)
        return self

    def choose_colour(self, colour: str) -> None:
        self.colour = colour
        self.grid.clear_widgets()
        self.face_buttons = {}
        if colour == "wild":
            self.grid.cols = 2
            for label, word in WILD_FACES:
                b = self._key(("wild", label), lambda label=label: self._pick(label),
                              text=word, tint=T.PANEL_HI, max_font=T.BIG_PX)
                b.disabled = not self._ok(label)
                self.grid.add_widget(b)
                self.face_buttons[label] = b
        else:
            self.grid.cols = 5
            for face in DIE_FACES:
                self._face_key(("die", face), lambda face=face: self._pick(f"{self.colour}-{face}"),
                               colour, face, DIE_FACE_WORDS.get(face, face))
        self.back_button.disabled = False

    def back(self) -> None:
        self.colour = ""
        self.face = ""
        self._show_hint()


__all__ = ["DiePicker", "DIE_FACES"]
