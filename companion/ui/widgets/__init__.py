"""Widgets shared by the screens: big buttons and labels (``basic``), the card view and
colour shapes (``cardview``), the die face (``dieview``), the seat ring (``seats``), the on-screen keyboard and
keypads (``keys``), the card and die pickers (``picker``, ``dicepicker``). ``load()`` registers them and their kv."""

from __future__ import annotations

from pathlib import Path

_loaded = False


def load() -> None:
    """Import the widget classes (registering them with Kivy's Factory) and their kv once."""
    global _loaded
    if _loaded:
        return
    from kivy.lang import Builder

    from . import basic, cardview, chart, dicepicker, dieview, keys, picker, seats  # noqa: F401

    Builder.load_file(str(Path(__file__).with_name("widgets.kv")))
    _loaded = True
