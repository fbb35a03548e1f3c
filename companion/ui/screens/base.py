"""What every screen shares: access to the app and its controller, a refresh hook."""

from __future__ import annotations

from typing import Callable

from kivy.app import App
from kivy.uix.screenmanager import Screen


class BaseScreen(Screen):
    """A screen shows the controller's state: ``refresh()`` copies it into the Kivy
    properties its ``.kv`` binds to; the app calls it on every change while shown."""

    @property
    def app(self):
        return App.get_running_app()

    @property
    def ctl(self):
        return self.app.controller

    def refresh(self) -> None:
        pass

    def on_pre_enter(self, *args):
        self.refresh()

    def pick(self, kind: type, title: str, on_pick: Callable[[str], None],
             allowed: Callable[[str], bool] | None = None) -> None:
        """Ask ``title`` with the screen's picker of ``kind`` (CardPicker, DiePicker): the
        one kept in ``self.picker`` is asked again, not made anew (its widgets would cost
        memory a software GL driver never gives back, at every card entered by touch)."""
        picker = getattr(self, "picker", None)
        if type(picker) is kind:
            picker.start(title, on_pick, allowed)
        else:
            self.picker = picker = kind(title, on_pick, allowed)
        picker.open()

    def type_text(self, title: str, on_done: Callable[[str], None], text: str = "",
                  max_length: int = 40) -> None:
        """Type a line with the screen's keyboard, kept in ``self.keyboard`` (its 45 keys
        are not made again at every name or dare typed)."""
        from companion.ui.widgets.keys import KeyboardPopup

        if getattr(self, "keyboard", None) is None:
            self.keyboard = KeyboardPopup(title, on_done, text=text, max_length=max_length)
        else:
            self.keyboard.start(title, on_done, text=text, max_length=max_length)
        self.keyboard.open()

    def open_menu(self) -> None:
        from companion.ui import theme as T
        from companion.ui.widgets.keys import ChoicePopup

        app = self.app
        if getattr(self, "menu", None) is None:   # made once: it always asks the same
            choices = [("Camera check", lambda: app.open_screen("camera"), T.BUTTON),
                       ("Scores", lambda: app.open_screen("scores"), T.BUTTON),
                       ("New game", self.confirm_new_game, T.BUTTON_DIM),
                       ("Back to the game", None, T.PANEL_HI)]
            self.menu = ChoicePopup("Menu", choices, cols=2)
        self.menu.open()

    def confirm_new_game(self) -> None:
        from companion.ui import theme as T
        from companion.ui.widgets.keys import ChoicePopup

        def leave():
            self.ctl.abandon()
            self.app.game_started()

        if getattr(self, "leave_popup", None) is None:
            self.leave_popup = ChoicePopup(
                "Leave this game?", [("Yes, new game", leave, T.BAD),
                                     ("No, keep playing", None, T.BUTTON)],
                message="It stays in the history (uno-companion history) but is not offered "
                        "again.")
        self.leave_popup.open()
