"""Scores: every player's total, a table of every round, a chart of the running totals;
the winner once the target is reached; on to a new round or a new game."""

from __future__ import annotations

from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty

from companion.ui import theme as T
from companion.ui.screens.base import BaseScreen
from companion.ui.widgets.basic import FitLabel


class ScoresScreen(BaseScreen):
    title = StringProperty("")
    players = ListProperty([])
    totals = ListProperty([])
    target = NumericProperty(500)
    over = BooleanProperty(False)
    manual = BooleanProperty(False)

    def refresh(self) -> None:
        ctl = self.ctl
        snap = ctl.snapshot()
        if snap is None:
            return
        st = ctl.state
        self.over = snap["phase"] == "game_over"
        self.manual = self.app.manual == "scores"
        self.target = st.target
        rule = "lowest total wins" if st.scoring == "penalty" else "first to reach it wins"
        self.title = (f"{snap['winner']} wins the game!" if self.over else
                      f"Scores after round {len(snap['rounds'])} · target {st.target} ({rule})")
        self.players = [p["name"] for p in snap["players"]]
        running = [0] * len(self.players)
        totals = []
        for r in snap["rounds"]:
            running = [running[i] + r["points"].get(name, 0) for i, name in enumerate(self.players)]
            totals.append(list(running))
        self.totals = totals
        self._table(snap)

    def _table(self, snap: dict) -> None:
        """The totals, then one line per round: who won it and who scored what."""
        totals, lines = self.ids.totals, self.ids.rounds
        totals.clear_widgets()
        lines.clear_widgets()

        def cell(text, colour=T.TEXT, bold=False, px=T.NAME_PX, hint=0.65):
            totals.add_widget(FitLabel(text=text, size_hint=(hint, None), height=42,
                                       max_font=px, min_font=14, color=colour, bold=bold))

        cell("Player", T.MUTED, px=T.SMALL_PX)
        cell("Total", T.MUTED, px=T.SMALL_PX, hint=0.35)
        for p in snap["players"]:
            win = p["name"] == snap["winner"]
            cell(p["name"], T.ACCENT if win else T.TEXT, bold=True)
            cell(str(p["score"]), T.ACCENT if win else T.TEXT, bold=True, hint=0.35)
        for i, r in enumerate(reversed(snap["rounds"])):
            number = len(snap["rounds"]) - i
            scored = ", ".join(f"{name} +{pts}" for name, pts in r["points"].items() if pts)
            text = f"Round {number}: {r['winner']} went out" + (f"; {scored}" if scored else "")
            lines.add_widget(FitLabel(text=text, size_hint_y=None, height=40,
                                      max_font=T.SMALL_PX + 2, min_font=14, color=T.MUTED))

    def next_round(self) -> None:
        self.app.scores_seen()

    def back(self) -> None:
        self.app.close_screen()

    def new_game(self) -> None:
        if self.over:
            self.ctl.abandon()
            self.app.game_started()
        else:
            self.confirm_new_game()
