"""The on-screen keyboard (names, House Rules dares) and the number pads (points, dare numbers).

A touchscreen beside a card table has no keyboard. These are full-screen modal views with
keys large enough for a finger; what is typed is shown as plain text, never markup.
"""

from __future__ import annotations

from typing import Callable

from kivy.properties import NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.modalview import ModalView

from companion.ui import theme as T
from companion.ui.widgets.basic import BigButton, FitLabel

class Sheet(ModalView):
    """A full-attention pop-up that appears and goes at once: no animation, so a touch
    that follows an answer never lands on a pop-up that is still fading out."""

    def open(self, *args, **kwargs):
        kwargs.setdefault("animation", False)
        return super().open(*args, **kwargs)

    def dismiss(self, *args, **kwargs):
        kwargs.setdefault("animation", False)
        return super().dismiss(*args, **kwargs)


ROWS = ("1234567890", "QWERTYUIOP", "ASDFGHJKL'", "ZXCVBNM,.?")


class KeyboardPopup(Sheet):
    """Type a line of text. ``on_done(text)`` is called with the text on OK. A screen
    keeps its keyboard and types each new line with ``start`` (45 keys made once)."""

    text = StringProperty("")
    title = StringProperty("")
    max_length = NumericProperty(40)

    def __init__(self, title: str, on_done: Callable[[str], None], text: str = "",
                 max_length: int = 40, **kwargs):
        super().__init__(auto_dismiss=False, size_hint=(1, 1), background_color=T.BG, **kwargs)
        self.title, self.text, self.max_length = title, text, max_length
        self.on_done = on_done
        self.shift = not text
        root = BoxLayout(orientation="vertical", padding=6, spacing=4)
        self.title_label = FitLabel(text=title, size_hint_y=0.1, max_font=T.SMALL_PX + 4, color=T.MUTED)
        self.shown = FitLabel(text=self._display(), size_hint_y=0.16, max_font=T.BIG_PX, bold=True)
        root.add_widget(self.title_label)
        root.add_widget(self.shown)
        keys = GridLayout(cols=10, spacing=3, size_hint_y=0.56)
        self.key_buttons: dict[str, BigButton] = {}
        for row in ROWS:
            for ch in row:
                b = BigButton(text=ch, tint=T.PANEL_HI, max_font=T.BUTTON_PX + 2)
                b.bind(on_release=lambda btn, ch=ch: self.press(ch))
                keys.add_widget(b)
                self.key_buttons[ch] = b
        root.add_widget(keys)
        bottom = BoxLayout(spacing=4, size_hint_y=0.18)
        for text, action, tint, hint in (("Cancel", self.cancel, T.BUTTON_DIM, 0.18),
                                         ("Shift", self.toggle_shift, T.PANEL_HI, 0.14),
                                         ("Space", lambda: self.press(" "), T.PANEL_HI, 0.3),
                                         ("Delete", self.backspace, T.PANEL_HI, 0.18),
                                         ("OK", self.done, T.BUTTON, 0.2)):
            b = BigButton(text=text, tint=tint, size_hint_x=hint)
            b.bind(on_release=lambda btn, action=action: action())
            bottom.add_widget(b)
            self.key_buttons[text] = b
        root.add_widget(bottom)
        self.add_widget(root)
        self._label_keys()
        self.bind(text=lambda *_: setattr(self.shown, "text", self._display()))

    def start(self, title: str, on_done: Callable[[str], None], text: str = "",
              max_length: int = 40) -> KeyboardPopup:
        """Type a new line with this keyboard: ``text`` to begin with."""
        self.title, self.text, self.max_length = title, text, max_length
        self.title_label.text = title
        self.shown.text = self._display()
        self.on_done = on_done
        self.shift = not text
        self._label_keys()
        return self

    def _display(self) -> str:
        return self.text + "_"

    def press(self, ch: str) -> None:
        """Type one key: a letter follows Shift (on at the start and after . or ?)."""
        if len(self.text) >= self.max_length:
            return
        if ch.isalpha():
            ch = ch.upper() if self.shift else ch.lower()
            self.shift = False
        self.text += ch
        if ch in ".?":
            self.shift = True
        self._label_keys()

    def toggle_shift(self) -> None:
        self.shift = not self.shift
        self._label_keys()

    def _label_keys(self) -> None:
        for ch, b in self.key_buttons.items():
            if len(ch) == 1 and ch.isalpha():
                b.text = ch.upper() if self.shift else ch.lower()

    def backspace(self) -> None:
        self.text = self.text[:-1]
        if not self.text:
            self.shift = True
            self._label_keys()

    def cancel(self) -> None:
        self.dismiss()

    def done(self) -> None:
        self.dismiss()
        self.on_done(self.text.strip())


class NumberPad(Sheet):
    """Type a whole number (points). ``on_done(number)``. Kept by its screen and asked
    again with ``start``."""

    text = StringProperty("")

    def __init__(self, title: str, on_done: Callable[[int], None], max_digits: int = 4, **kwargs):
        super().__init__(auto_dismiss=False, size_hint=(0.8, 0.96), background_color=T.BG, **kwargs)
        self.on_done = on_done
        self.max_digits = max_digits
        root = BoxLayout(orientation="vertical", padding=8, spacing=6)
        self.title_label = FitLabel(text=title, size_hint_y=0.14, max_font=T.NAME_PX,
                                    color=T.MUTED)
        root.add_widget(self.title_label)
        self.shown = FitLabel(text="0", size_hint_y=0.16, max_font=T.TITLE_PX, bold=True)
        root.add_widget(self.shown)
        grid = GridLayout(cols=4, spacing=5, size_hint_y=0.7)
        self.key_buttons: dict[str, BigButton] = {}
        for key in ("7", "8", "9", "Delete", "4", "5", "6", "Cancel", "1", "2", "3", "OK", "0"):
            tint = T.BUTTON if key == "OK" else T.BUTTON_DIM if key == "Cancel" else T.PANEL_HI
            b = BigButton(text=key, tint=tint, max_font=T.BIG_PX)
            b.bind(on_release=lambda btn, key=key: self.press(key))
            grid.add_widget(b)
            self.key_buttons[key] = b
        root.add_widget(grid)
        self.add_widget(root)

    def start(self, title: str, on_done: Callable[[int], None]) -> NumberPad:
        """Ask for a new number with this pad, from 0."""
        self.title_label.text = title
        self.on_done = on_done
        self.text = ""
        self.shown.text = "0"
        return self

    def press(self, key: str) -> None:
        if key == "Delete":
            self.text = self.text[:-1]
        elif key == "Cancel":
            self.dismiss()
            return
        elif key == "OK":
            self.dismiss()
            self.on_done(int(self.text or 0))
            return
        elif len(self.text) < self.max_digits:
            self.text = (self.text + key).lstrip("0")
        self.shown.text = self.text or "0"


class ChoicePopup(Sheet):
    """A question with big answer buttons: ``choices`` are (text, callback, tint).

    A question asked again and again (a dare's number, who calls UNO) is asked with
    ``ask`` on a kept pop-up: its buttons are retyped, not made anew (every widget made
    and dropped costs memory a software GL driver never gives back)."""

    def __init__(self, title: str, choices, message: str = "", cols: int | None = None,
                 size_hint=(0.94, 0.9), **kwargs):
        super().__init__(auto_dismiss=False, size_hint=size_hint, background_color=T.BG, **kwargs)
        self._body = BoxLayout(orientation="vertical", padding=10, spacing=8)
        self.title_label = FitLabel(size_hint_y=0.22, max_font=T.BIG_PX, bold=True)
        self._body.add_widget(self.title_label)
        self.message_label: FitLabel | None = None
        self._grid = GridLayout(spacing=8)
        self._body.add_widget(self._grid)
        self._kept: list[BigButton] = []
        self.buttons: dict[str, BigButton] = {}
        self.add_widget(self._body)
        self.ask(title, choices, message, cols)

    def ask(self, title: str, choices, message: str = "",
            cols: int | None = None) -> ChoicePopup:
        """Show ``title``, ``message`` (none: no message line) and ``choices`` (text,
        callback, tint), with the buttons made so far; it does not open the pop-up."""
        self.title_label.text = title
        if message and self.message_label is None:
            self.message_label = FitLabel(size_hint_y=0.3, max_font=T.NAME_PX, color=T.MUTED)
        if self.message_label is not None:
            shown = self.message_label.parent is not None
            if message and not shown:
                self._body.add_widget(self.message_label, index=len(self._body.children) - 1)
            elif not message and shown:
                self._body.remove_widget(self.message_label)
            self.message_label.text = message
        grid = self._grid
        grid.clear_widgets()
        grid.cols = cols or len(choices)
        self.buttons = {}
        for i, (text, callback, tint) in enumerate(choices):
            if i == len(self._kept):
                b = BigButton(max_font=T.NAME_PX)
                b.bind(on_release=lambda btn: self._choose(btn.callback))
                self._kept.append(b)
            b = self._kept[i]
            b.text, b.tint, b.callback = text, tint, callback
            grid.add_widget(b)
            self.buttons[text] = b
        return self

    def _choose(self, callback) -> None:
        self.dismiss()
        if callback is not None:
            callback()
