"""``config.toml`` as text: the commented example (``config --init``) and the effective
settings with their sources (``config --show``). Both are valid TOML, so what ``--show``
prints can itself be saved as a configuration file.
"""

from __future__ import annotations

import json
import textwrap
from pathlib import Path
from typing import Any

from companion.config_schema import KEYS, SECTIONS, section_keys

_WIDTH = 88


def render_value(value: Any) -> str:
    """A TOML literal for a configuration value (str, int, float, bool, list of str)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        # a JSON string is a valid TOML basic string (same escapes)
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(render_value(v) for v in value) + "]"
    raise TypeError(f"no TOML form for {type(value).__name__}")


def short_value(value: Any) -> str:
    """The value as an error message quotes it: TOML-like, long lists summarised."""
    if isinstance(value, dict):
        return "{...}"
    if isinstance(value, (list, tuple)) and len(value) > 3:
        return f"[{len(value)} items]"
    try:
        text = render_value(value)
    except TypeError:
        text = str(value)
    return text if len(text) <= 60 else text[:57] + "..."


def assignment_lines(name: str, value: Any) -> list[str]:
    """``name = value`` as lines; a long list goes one item a line, as people edit it."""
    one_line = f"{name} = {render_value(value)}"
    if not isinstance(value, (list, tuple)) or len(one_line) <= _WIDTH:
        return [one_line]
    return [f"{name} = [", *(f"    {render_value(v)},  # {i}" for i, v in enumerate(value, 1)),
            "]"]


def _comment(text: str) -> list[str]:
    return textwrap.wrap(text, _WIDTH - 2, initial_indent="# ", subsequent_indent="# ")


def example_text() -> str:
    """The commented example ``config --init`` writes: every key at its default."""
    lines = [
        "# uno-companion configuration: what a table sets up once.",
        "# Every key is optional: delete a line to get its default.",
        "# `uno-companion config --show` prints what is in effect and where it came from.",
    ]
    for section in SECTIONS:
        lines += ["", f"[{section}]"]
        for key in section_keys(section):
            lines += _comment(key.comment) if key.comment else []
            if key.default is None:
                lines += [f"# {line}" for line in assignment_lines(key.name, key.example)]
            else:
                lines += assignment_lines(key.name, key.default)
        if section == "house_rules":
            lines += ['# e.g. dares = ["Sing a lullaby.", "", "Swap hands with a neighbour."]']
    return "\n".join(lines) + "\n"


def effective_text(config) -> str:
    """The settings in effect, as TOML, each key followed by where its value came from."""
    file: Path | None = config.file
    if file is None:
        from companion import paths
        head = f"# no configuration file at {paths.config_file()}: every value is a default"
    else:
        head = f"# configuration file: {file}"
    lines = ["# uno-companion: effective settings", head]
    width = max(len(f"{k.name} = {render_value(k.default)}") for k in KEYS if k.default
                is not None) + 2
    for section in SECTIONS:
        lines += ["", f"[{section}]"]
        for key in section_keys(section):
            value = config.value(key.section, key.name)
            source = config.source(key.section, key.name)
            if value is None:
                lines.append(f"# {key.name} = (no button)".ljust(width) + f"  # {source}")
                continue
            body = assignment_lines(key.name, value)
            lines += body[:-1]
            lines.append(body[-1].ljust(width) + f"  # {source}")
    return "\n".join(lines) + "\n"
