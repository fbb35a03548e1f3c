"""New game: UNO Dare! or UNO Dice, the players in seating order (typed on the on-screen
keyboard), for UNO Dare! the Dare List (House Rules with its editor), target score (for
UNO Dice 500, or the sheet's shorter 300 and 200), scoring style and rule options; or
resume the unfinished game the journal offers."""

from __future__ import annotations

from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty

from companion.engine.dares import LIST_NAMES
from companion.engine.errors import UnoError
from companion.ui.screens.base import BaseScreen

MIN_PLAYERS, MAX_PLAYERS = 2, 10
#: players per game (the engine's variants say the same)
PLAYER_RANGE = {"dare": (2, 10), "dice": (2, 4)}
DICE_TARGETS = (500, 300, 200)
GAME_TITLES = {"dare": "UNO Dare!", "dice": "UNO Dice"}
NAME_LENGTH = 12
TARGET_STEP = 50
DARE_LIST_TITLES = {"family": "Family", "daredevil": "Daredevil", "show-off": "Show-off",
                    "house": "House Rules"}


class NewGameScreen(BaseScreen):
    mode = StringProperty("dare")
    min_players = NumericProperty(MIN_PLAYERS)
    max_players = NumericProperty(MAX_PLAYERS)
    players = ListProperty([])
    dare_list = StringProperty("family")
    target = NumericProperty(500)
    scoring = StringProperty("standard")
    dare_keeps_turn = BooleanProperty(False)
    reverse_skips = BooleanProperty(True)
    uno_timer_s = NumericProperty(5)
    strict_uno = BooleanProperty(False)
    house_rules = ListProperty([""] * 16)
    resume_text = StringProperty("")
    message = StringProperty("")
    loaded = BooleanProperty(False)

    def load_defaults(self) -> None:
        """The configuration's defaults (``[game]``, ``[house_rules]``, ``[rules]``)."""
        from companion.config import Config

        config = self.app.table_config or Config()
        g, r = config.game, config.rules
        self.players = [p[:NAME_LENGTH] for p in g.players][:MAX_PLAYERS]
        self.dare_list = g.dare_list if g.dare_list in LIST_NAMES else "family"
        self.target = g.target
        self.set_mode(g.mode if g.mode in PLAYER_RANGE else "dare")
        self.scoring = g.scoring
        self.dare_keeps_turn = r.dare_keeps_turn
        self.reverse_skips = r.two_player_reverse_skips
        self.uno_timer_s = r.uno_timer_s
        self.strict_uno = r.uno_auto_penalty
        rules = list(config.house_rules.dares)[:16]
        self.house_rules = rules + [""] * (16 - len(rules))
        self.loaded = True

    def refresh(self) -> None:
        if not self.loaded:
            self.load_defaults()
            # a journal found damaged was moved aside: say so once
            warning = getattr(self.ctl.journal, "warning", None)
            if warning:
                self.message = str(warning)
        record = self.ctl.unfinished()
        if record is None:
            self.resume_text = ""
        else:
            rounds = len(record.rounds)
            game = "UNO Dice, " if record.mode == "dice" else ""
            self.resume_text = (f"Resume: {', '.join(record.players)}"
                                f" ({game}{rounds} round{'s' if rounds != 1 else ''} played)")
        self._rows()

    def _rows(self) -> None:
        from companion.ui.screens.newgame_rows import PlayerRow

        box = self.ids.player_rows
        box.clear_widgets()
        for i, name in enumerate(self.players):
            box.add_widget(PlayerRow(screen=self, index=i, name=name,
                                     first=i == 0, last=i == len(self.players) - 1))

    # --- players ----------------------------------------------------------------------------
    def add_player(self) -> None:
        if len(self.players) >= self.max_players:
            self.message = (f"{GAME_TITLES[self.mode]} is for {self.min_players}-"
                            f"{self.max_players} players.")
            return
        self.type_text(f"Player {len(self.players) + 1}: type a name", self._added,
                       max_length=NAME_LENGTH)

    def _added(self, name: str) -> None:
        if not name:
            return
        if name in self.players:
            self.message = f"{name} is already at the table: give each player a different name."
            return
        self.players = self.players + [name]
        self.message = ""
        self._rows()

    def rename_player(self, index: int) -> None:
        def done(name: str) -> None:
            if name and name not in self.players:
                names = list(self.players)
                names[index] = name
                self.players = names
                self._rows()

        self.type_text(f"Rename {self.players[index]}", done, text=self.players[index],
                       max_length=NAME_LENGTH)

    def move_player(self, index: int, step: int) -> None:
        j = index + step
        if 0 <= j < len(self.players):
            names = list(self.players)
            names[index], names[j] = names[j], names[index]
            self.players = names
            self._rows()

    def remove_player(self, index: int) -> None:
        names = list(self.players)
        del names[index]
        self.players = names
        self._rows()

    # --- settings ------------------------------------------------------------------------------
    def set_mode(self, mode: str) -> None:
        """UNO Dare! or UNO Dice: the player range, and for dice a target of the sheet's."""
        self.mode = mode
        self.min_players, self.max_players = PLAYER_RANGE[mode]
        if mode == "dice" and int(self.target) not in DICE_TARGETS:
            self.target = DICE_TARGETS[0]
        if len(self.players) > self.max_players:
            self.message = (f"{GAME_TITLES[mode]} is for {self.min_players}-{self.max_players} "
                            "players: remove some (×).")
        else:
            self.message = ""

    def list_title(self, name: str) -> str:
        return DARE_LIST_TITLES.get(name, name)

    def step_target(self, step: int) -> None:
        self.target = max(TARGET_STEP, int(self.target) + step * TARGET_STEP)

    def step_timer(self, step: int) -> None:
        self.uno_timer_s = min(30, max(2, int(self.uno_timer_s) + step))

    def edit_house_rules(self) -> None:
        self.app.open_screen("houserules")

    def game_event(self) -> dict:
        if self.mode == "dice":
            # the dice sheet says itself what two players do: no Dare List, no dare options
            return {"type": "game", "mode": "dice", "players": list(self.players),
                    "target": int(self.target), "scoring": self.scoring,
                    "options": {"uno_timer_s": int(self.uno_timer_s),
                                "uno_auto_penalty": self.strict_uno}}
        return {"type": "game", "mode": "dare", "players": list(self.players),
                "dare_list": self.dare_list, "target": int(self.target),
                "scoring": self.scoring,
                "options": {"dare_keeps_turn": self.dare_keeps_turn,
                            "two_player_reverse_skips": self.reverse_skips,
                            "uno_timer_s": int(self.uno_timer_s),
                            "uno_auto_penalty": self.strict_uno}}

    def start(self) -> None:
        if not self.min_players <= len(self.players) <= self.max_players:
            self.message = (f"{GAME_TITLES[self.mode]} is for {self.min_players}-"
                            f"{self.max_players} players.")
            return
        rules = [r.strip() for r in self.house_rules] if self.mode == "dare" else []
        while rules and not rules[-1]:
            rules.pop()
        try:
            self.ctl.new_game(self.game_event(), rules)
        except UnoError as err:
            self.message = str(err)
            return
        self.app.game_started()

    def resume(self) -> None:
        try:
            self.ctl.resume()
        except UnoError as err:
            self.message = str(err)
            return
        self.app.game_started()
