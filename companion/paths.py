"""Where the companion keeps its files, by each platform's convention.

Linux follows the XDG base directories (``~/.config/uno-companion``,
``~/.local/share/uno-companion``); macOS uses ``~/Library/Application Support``; Windows
``%APPDATA%``. ``UNO_COMPANION_HOME`` overrides both (tests, kiosks, a second table).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

APP = "uno-companion"


def _override(sub: str) -> Path | None:
    home = os.environ.get("UNO_COMPANION_HOME")
    return Path(home) / sub if home else None


def config_dir() -> Path:
    """The folder holding ``config.toml``."""
    if (p := _override("config")) is not None:
        return p
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Application Support" / APP
    if os.name == "nt":
        return Path(os.environ.get("APPDATA", Path.home())) / APP
    return Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config") / APP


def data_dir() -> Path:
    """The folder holding the journal database and taught deck profiles."""
    if (p := _override("data")) is not None:
        return p
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Application Support" / APP
    if os.name == "nt":
        return Path(os.environ.get("LOCALAPPDATA", Path.home())) / APP
    return Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share") / APP


def config_file() -> Path:
    return config_dir() / "config.toml"
