"""The table's one configuration file, ``config.toml``, read into a frozen ``Config``.

Everything a table sets up once: camera, buzzer and button pins, default players, Dare
List and House Rules dares, target and scoring, rule options. The file lives in
``paths.config_file()`` (platform conventions, ``UNO_COMPANION_HOME`` for tests); an
explicit ``--config PATH`` wins. Every key is optional; a missing default file means all
defaults. A bad value stops the program with a ``ConfigError`` naming the file, the key and
what is allowed: the companion never runs a game on settings it half understood. The keys
themselves are listed once, in ``companion.config_schema``.
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from companion import paths
from companion.config_schema import (KEYS, PLAYER_RANGE, SECTIONS, Key, find_key,
                                     section_keys)
from companion.engine.errors import UnoError

DEFAULT = "default"


class ConfigError(UnoError, ValueError):
    """A configuration file the companion cannot use; ``str(err)`` says where and why.

    ``file`` the file (or None), ``key`` the dotted key (``buzzer.pin``), the section
    (``camra``) or None for the whole file, ``allowed`` what would be accepted.
    """

    def __init__(self, file: Path | str | None, key: str | None, allowed: str,
                 shown: str = ""):
        self.file = Path(file) if file is not None else None
        self.key = key
        self.allowed = allowed
        where = f"{self.file}: " if self.file is not None else ""
        super().__init__(f"{where}{shown}{': ' if shown else ''}{allowed}")


@dataclass(frozen=True)
class CameraConfig:
    source: str = "picamera2"
    width: int = 640
    height: int = 480
    deck_profile: str = ""


@dataclass(frozen=True)
class BuzzerConfig:
    type: str = "tonal"
    pin: int = 18


@dataclass(frozen=True)
class GameConfig:
    mode: str = "dare"
    players: tuple[str, ...] = ()
    dare_list: str = "family"
    target: int = 500
    scoring: str = "standard"


@dataclass(frozen=True)
class HouseRulesConfig:
    dares: tuple[str, ...] = ()


@dataclass(frozen=True)
class RulesConfig:
    dare_keeps_turn: bool = False
    two_player_reverse_skips: bool = True
    uno_timer_s: int | float = 5
    uno_auto_penalty: bool = False


def _frozen_map(values: Mapping[str, Any] | None = None) -> Mapping[str, Any]:
    return MappingProxyType(dict(values or {}))


@dataclass(frozen=True)
class Config:
    """The effective settings, and where each came from (``source(section, key)``).

    ``buttons`` maps an action (``uno``, ``draw``, ``pass``, ``dare_done``,
    ``dare_failed``) to its BCM pin; only the buttons the file sets are there.
    ``file`` is the file that was read (None when none existed).
    """

    camera: CameraConfig = field(default_factory=CameraConfig)
    buzzer: BuzzerConfig = field(default_factory=BuzzerConfig)
    buttons: Mapping[str, int] = field(default_factory=_frozen_map)
    game: GameConfig = field(default_factory=GameConfig)
    house_rules: HouseRulesConfig = field(default_factory=HouseRulesConfig)
    rules: RulesConfig = field(default_factory=RulesConfig)
    file: Path | None = None
    sources: Mapping[str, str] = field(default_factory=_frozen_map)

    def value(self, section: str, key: str) -> Any:
        """The effective value of ``[section] key`` (None: a button that is not fitted)."""
        if section == "buttons":
            return self.buttons.get(key)
        return getattr(getattr(self, section), key)

    def source(self, section: str, key: str) -> str:
        """``"default"`` or ``"<file>:<section>.<key>"``."""
        return self.sources.get(f"{section}.{key}", DEFAULT)

    def items(self) -> Iterator[tuple[Key, Any, str]]:
        """Every key in file order with its effective value and its source."""
        for key in KEYS:
            yield key, self.value(key.section, key.name), self.source(key.section, key.name)

    def rule_options(self) -> dict[str, Any]:
        """The ``options`` object of the table log's game line (DESIGN.md section 5)."""
        r = self.rules
        return {"dare_keeps_turn": r.dare_keeps_turn,
                "two_player_reverse_skips": r.two_player_reverse_skips,
                "uno_timer_s": r.uno_timer_s,
                "uno_auto_penalty": r.uno_auto_penalty}

    def game_event(self, players: list[str] | tuple[str, ...] | None = None) -> dict:
        """The table log's game line for these settings (``players`` overrides the list)."""
        g = self.game
        event: dict[str, Any] = {"type": "game", "mode": g.mode,
                                 "players": list(players if players is not None else g.players)}
        if g.mode == "dare":
            event["dare_list"] = g.dare_list
        event.update(target=g.target, scoring=g.scoring, options=self.rule_options())
        return event


_SECTION_TYPES = {"camera": CameraConfig, "buzzer": BuzzerConfig, "game": GameConfig,
                  "house_rules": HouseRulesConfig, "rules": RulesConfig}


def load_config(path: Path | str | None = None) -> Config:
    """Read and check the configuration; ``path`` None means ``paths.config_file()``.

    A missing default file gives every default; a missing explicit path is an error
    (a typo in ``--config`` must not silently run on defaults).
    """
    explicit = path is not None
    file = Path(path).expanduser() if explicit else paths.config_file()
    if not file.exists():
        if explicit:
            raise ConfigError(file, None, "no such file (create one with "
                              f"`uno-companion config --init --config {file}`)")
        return Config()
    try:
        text = file.read_text(encoding="utf-8")
    except IsADirectoryError:
        raise ConfigError(file, None, "is a folder, not a configuration file") from None
    except UnicodeDecodeError:
        raise ConfigError(file, None, "is not UTF-8 text") from None
    except OSError as err:
        raise ConfigError(file, None, f"cannot be read ({err.strerror})") from None
    return parse_config(text, file)


def parse_config(text: str, file: Path | str = "config.toml") -> Config:
    """Check the TOML ``text`` of ``file`` key by key and build the ``Config``."""
    from companion.config_text import short_value

    file = Path(file)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise ConfigError(file, None, f"not valid TOML: {err}") from None

    values: dict[str, dict[str, Any]] = {s: {} for s in SECTIONS}
    sources: dict[str, str] = {}
    for section, table in data.items():
        if section not in SECTIONS:
            raise ConfigError(file, section, f"unknown section; the sections are "
                              f"{', '.join(f'[{s}]' for s in SECTIONS)}", f"[{section}]")
        if not isinstance(table, dict):
            raise ConfigError(file, section, f"[{section}] is a section, with keys "
                              f"{_key_list(section)}", f"{section} = {short_value(table)}")
        for name, raw in table.items():
            key = find_key(section, name)
            if key is None:
                raise ConfigError(file, f"{section}.{name}",
                                  f"unknown key; [{section}] has {_key_list(section)}",
                                  f"[{section}] {name}")
            try:
                values[section][name] = key.check(raw)
            except ValueError:
                raise ConfigError(file, key.dotted, key.allowed,
                                  f"[{section}] {name} = {short_value(raw)}") from None
            sources[key.dotted] = f"{file}:{key.dotted}"

    _resolve_paths(values, file)
    _check_across_keys(values, file)
    sections = {s: cls(**values[s]) for s, cls in _SECTION_TYPES.items()}
    return Config(**sections, buttons=_frozen_map(values["buttons"]), file=file,
                  sources=_frozen_map(sources))


def _key_list(section: str) -> str:
    return ", ".join(k.name for k in section_keys(section))


def _resolve(path_text: str, base: Path) -> str:
    path = Path(os.path.expanduser(path_text))
    return str(path if path.is_absolute() else base / path)


def _resolve_paths(values: dict[str, dict[str, Any]], file: Path) -> None:
    """Relative paths in the file are read from the file's folder, not the working one."""
    base = file.parent.absolute()
    camera = values["camera"]
    source = camera.get("source", "")
    kind, _, arg = source.partition(":")
    if kind in ("file", "dir"):
        camera["source"] = f"{kind}:{_resolve(arg.strip(), base)}"
    if camera.get("deck_profile"):
        camera["deck_profile"] = _resolve(camera["deck_profile"], base)


def _check_across_keys(values: dict[str, dict[str, Any]], file: Path) -> None:
    from companion.config_text import short_value

    game = values["game"]
    mode = game.get("mode", GameConfig.mode)
    players = game.get("players", ())
    low, high = PLAYER_RANGE[mode]
    if players and not low <= len(players) <= high:
        raise ConfigError(file, "game.players",
                          f"{low}-{high} names for mode \"{mode}\" ([] to ask each game)",
                          f"[game] players = {short_value(list(players))}")
    buzzer = {**{"type": BuzzerConfig.type, "pin": BuzzerConfig.pin}, **values["buzzer"]}
    used: dict[int, str] = {}
    if buzzer["type"] != "none":
        used[buzzer["pin"]] = "[buzzer] pin"
    for action, pin in values["buttons"].items():
        if pin in used:
            raise ConfigError(file, f"buttons.{action}",
                              f"GPIO{pin} is already used by {used[pin]}; one pin, one device",
                              f"[buttons] {action} = {pin}")
        used[pin] = f"[buttons] {action}"
