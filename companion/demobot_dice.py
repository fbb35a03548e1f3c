"""The demo's UNO Dice players: the card demo's bots (``companion.demobot``) at a dice table.

They decide with ``companion.tablesim_dice.DiceTable`` (25 rolled dice, hidden hands, legal
choices). A die they play, and the centre die rolled to start a round, is *placed* on the
rendered table, so the camera feed, the dice recogniser and the tracker have to see it
before the engine hears of it; what a camera cannot see they tap through the controller's
dice taps: who rolled the centre die, Re-rolled, Drew a die, Pass, a colour, UNO, a catch,
a challenge (the challenged Wild Draw 4 is lifted and the die before it put back) and, at
the end of a round, the dice left in each hand.
"""

from __future__ import annotations

import random

from companion.demobot import DemoBot


class DiceDemoBot(DemoBot):
    """``DemoBot`` for UNO Dice; ``table`` is a synthetic dice camera source (or anything
    with ``place(label)`` and ``take_back()``)."""

    def _new_table(self):
        from companion.tablesim_dice import DiceTable

        return DiceTable(list(self.players), random.Random(self.seed + self.games),
                         target=self.params.target)

    def _placed(self, event: dict) -> str | None:
        kind = event.get("type")
        if kind == "play":
            return event.get("die")
        if kind == "start":
            return event.get("center")
        return None

    def _before_placing(self, event: dict) -> None:
        self.first = event.get("first") if event["type"] == "start" else None
        if self.first is not None:
            self.controller.choose_first(self.first, "bot")   # said before the die is rolled

    def _tap(self, event: dict) -> None:
        ctl = self.controller
        kind = event["type"]
        if kind == "reroll":
            ctl.reroll("bot")
        elif kind == "draw":
            ctl.draw("bot")
        elif kind == "pass":
            ctl.pass_turn("bot")
        elif kind == "color":
            ctl.choose_color(event["color"], "bot")
        elif kind == "uno":
            ctl.uno(event["player"], "bot")
        elif kind == "catch":
            ctl.catch(event["player"], "bot")
        elif kind == "challenge":
            self.table.take_back()        # the Wild Draw 4 goes back, the die before returns
            ctl.challenge("bot")
        elif kind == "hand":
            ctl.hand(event["player"], cards=event["dice"], source="bot")
        else:
            ctl.submit(event, "bot")

    def _type_in(self, label: str) -> None:
        ctl = self.controller
        first = getattr(self, "first", None)
        if ctl.phase == "start" and ctl.who_begins() is None and first is not None:
            ctl.choose_first(first, "bot")   # the camera's reading was undone with the start
        ctl.play_by_hand(label, "bot")
