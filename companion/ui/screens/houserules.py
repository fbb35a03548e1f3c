"""The House Rules editor: the table's own 16 dares, typed on the on-screen keyboard.

The texts are the new-game screen's working copy; they go into the journal with the game
(so a resumed game keeps them). Shown as plain text, whatever brackets they contain.
"""

from __future__ import annotations

from kivy.properties import ListProperty

from companion.ui.screens.base import BaseScreen

DARE_LENGTH = 80


class HouseRulesScreen(BaseScreen):
    rows = ListProperty([])

    @property
    def newgame(self):
        return self.manager.get_screen("newgame")

    def refresh(self) -> None:
        from companion.ui.screens.houserules_rows import DareRow

        box = self.ids.dare_rows
        box.clear_widgets()
        for i, text in enumerate(self.newgame.house_rules):
            box.add_widget(DareRow(screen=self, number=i + 1, text=text))

    def edit(self, number: int) -> None:
        from companion.ui.widgets.keys import KeyboardPopup

        rules = list(self.newgame.house_rules)

        def done(text: str) -> None:
            rules[number - 1] = text
            self.newgame.house_rules = rules
            self.refresh()

        self.keyboard = KeyboardPopup(f"House Rules dare {number}", done,
                                      text=rules[number - 1], max_length=DARE_LENGTH)
        self.keyboard.open()

    def close(self) -> None:
        self.app.close_screen()
