"""The touchscreen app's clock callback without the app: the whole table on one thread.

``drive`` hands the camera feed's results to the ``TableController`` (a play, a card or
die taken back), advances its UNO countdown and lets the demo's bots act, until told to
stop: what ``CompanionApp._on_frame`` does, for ``demo --terminal --camera`` on a machine
with no screen, and for tests of the real pipeline without Kivy.
"""

from __future__ import annotations

import time
from typing import Any, Callable


def hand_over(feed: Any, controller: Any) -> list:
    """Give the controller what the camera saw since the last call; return the messages."""
    messages = feed.poll()
    for msg in messages:
        if msg.kind == "play":
            controller.camera_play(msg.card)
        elif msg.kind == "taken_back":
            controller.camera_take_back(msg.card)
        elif msg.kind in ("status", "error"):
            controller.camera_status = msg.text
    return messages


def drive(controller: Any, feed: Any, bot: Any, stop: Callable[[], bool], *,
          poll_s: float = 0.02, sleep: Callable[[float], None] = time.sleep) -> None:
    """Run the table until ``stop()`` says so (checked every ``poll_s``)."""
    while not stop():
        hand_over(feed, controller)
        controller.tick()
        bot.tick()
        sleep(poll_s)
