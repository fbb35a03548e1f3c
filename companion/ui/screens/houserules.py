"""The House Rules editor: the table's own 16 dares, typed on the on-screen keyboard.

The texts are the new-game screen's working copy; they go into the journal with the game
(so a resumed game keeps them), and every edit is written back to ``config.toml``
(``companion.config_write``), so the family's dares are there next game and after a power
cut. A file that cannot be written is said on the screen; the dares still count for this
game. Shown as plain text, whatever brackets they contain.
"""

from __future__ import annotations

from kivy.properties import ListProperty, StringProperty

from companion.ui.screens.base import BaseScreen

DARE_LENGTH = 80


class HouseRulesScreen(BaseScreen):
    rows = ListProperty([])
    message = StringProperty("")
    saved = StringProperty("")      # "yes" / "no" / "": how the last save went

    @property
    def newgame(self):
        return self.manager.get_screen("newgame")

    def refresh(self) -> None:
        """Show the dares in the rows there are; rows are made only when the number of
        dares changes (a widget made and dropped at every edit costs memory that a software
        GL driver never gives back: README, "The touchscreen")."""
        from companion.ui.screens.houserules_rows import DareRow

        box = self.ids.dare_rows
        texts = list(self.newgame.house_rules)
        if len(box.children) != len(texts):
            box.clear_widgets()
            for i in range(len(texts)):
                box.add_widget(DareRow(screen=self, number=i + 1))
        for row, text in zip(reversed(box.children), texts):
            row.text = text

    def edit(self, number: int) -> None:
        rules = list(self.newgame.house_rules)

        def done(text: str) -> None:
            rules[number - 1] = text
            self.newgame.house_rules = rules
            self.refresh()
            self.save(rules)

        self.type_text(f"House Rules dare {number}", done, text=rules[number - 1],
                       max_length=DARE_LENGTH)

    def save(self, rules: list[str]) -> None:
        """Write the dares into the configuration file the app was started with (the usual
        ``config.toml`` when there was none); a demo keeps them to itself."""
        from companion import paths
        from companion.config import ConfigError
        from companion.config_write import save_house_rules

        app = self.app
        if app.demo:
            self.saved, self.message = "no", "A demo does not save House Rules."
            return
        config = app.table_config
        file = getattr(config, "file", None) or paths.config_file()
        try:
            config = save_house_rules(rules, file)
        except ConfigError as err:
            self.saved = "no"
            self.message = (f"Not saved: {err}. The dares count for this game; "
                            "they are lost when the companion stops.")
            return
        app.table_config = config
        self.ctl.house_rules = config.house_rules.dares
        self.saved, self.message = "yes", f"Saved for the next games ({file.name})."

    def close(self) -> None:
        self.message = self.saved = ""
        self.app.close_screen()
