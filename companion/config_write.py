"""Writing the House Rules dares back into ``config.toml``, so they are there next game.

The touchscreen's House Rules editor is the one place the companion changes its own
configuration. Only ``[house_rules] dares`` is rewritten: every other line of the file
(comments, order, the other sections) stays as the person who wrote it left it. The new
text is checked before it is written (it must read back to the same settings with the new
dares) and replaces the file atomically (a temporary file beside it, flushed to disk, then
``os.replace``): a power cut leaves the old file or the new one, never half of either.
"""

from __future__ import annotations

import contextlib
import os
import re
from pathlib import Path

from companion import paths
from companion.config import Config, ConfigError, parse_config
from companion.config_schema import HOUSE_RULES_SLOTS, KEYS

SECTION, KEY = "house_rules", "dares"
_HEADER = re.compile(r"\[\s*([A-Za-z0-9_-]+|\"[^\"]*\"|'[^']*')\s*\]")
_KEY = re.compile(r"\s*([A-Za-z0-9_-]+|\"[^\"]*\"|'[^']*')\s*=")


def tidy_dares(dares: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    """The dares as they are kept: each without surrounding spaces, trailing empty slots
    dropped (``""`` in the middle is a slot not filled in)."""
    texts = [str(d).strip() for d in dares]
    while texts and not texts[-1]:
        texts.pop()
    if len(texts) > HOUSE_RULES_SLOTS:
        raise ValueError(f"House Rules hold {HOUSE_RULES_SLOTS} dares, not {len(texts)}")
    return tuple(texts)


def save_house_rules(dares: list[str] | tuple[str, ...],
                     file: Path | str | None = None) -> Config:
    """Write ``dares`` as ``[house_rules] dares`` of ``file`` (default: the usual
    ``config.toml``, created if missing) and return the configuration now in it.

    Raises ``ConfigError`` (saying what to do) when the file cannot be read, already holds
    a bad value, or cannot be written; the file is then left as it was.
    """
    file = Path(file).expanduser() if file is not None else paths.config_file()
    texts = tidy_dares(dares)
    try:
        old_text = file.read_text(encoding="utf-8") if file.exists() else ""
    except (OSError, UnicodeDecodeError) as err:
        raise ConfigError(file, None, f"cannot be read ({_why(err)})") from None
    old = parse_config(old_text, file)        # a bad file is reported, not overwritten
    new_text = with_house_rules(old_text, texts)
    try:
        new = parse_config(new_text, file)
        same = new.house_rules.dares == texts and _others(new) == _others(old)
    except ConfigError:
        same = False
    if not same:
        raise ConfigError(file, f"{SECTION}.{KEY}", "the dares could not be written into "
                          f"this file's layout; set [{SECTION}] {KEY} by hand")
    write_atomically(file, new_text)
    return new


def with_house_rules(text: str, dares: tuple[str, ...]) -> str:
    """``text`` with its ``[house_rules] dares`` set to ``dares`` (replaced where it is,
    added under ``[house_rules]``, or a ``[house_rules]`` section added at the end)."""
    from companion.config_text import assignment_lines

    assignment = "\n".join(assignment_lines(KEY, list(dares)))
    header_end = None
    for section, key, start, end in _statements(text):
        if section == SECTION and key == KEY:
            return text[:start] + assignment + text[end:]
        if section == SECTION and key is None:
            header_end = end
    if header_end is not None:
        return text[:header_end] + "\n" + assignment + text[header_end:]
    head = text if not text or text.endswith("\n") else text + "\n"
    if not head:
        head = "# uno-companion configuration (`uno-companion config --show` explains it)\n"
    return f"{head}\n[{SECTION}]\n{assignment}\n"


def write_atomically(file: Path, text: str) -> None:
    """Replace ``file`` by ``text`` so that a reader or a power cut never meets half a file
    (ConfigError when the folder cannot be written)."""
    tmp = file.with_name(f".{file.name}.tmp")
    try:
        file.parent.mkdir(parents=True, exist_ok=True)
        with open(tmp, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        with contextlib.suppress(OSError):
            os.chmod(tmp, file.stat().st_mode & 0o7777)
        os.replace(tmp, file)
        _sync_folder(file.parent)
    except OSError as err:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise ConfigError(file, None, f"cannot be written ({_why(err)})") from None


def _sync_folder(folder: Path) -> None:
    """The rename itself reaches the disk (not possible everywhere: then skipped)."""
    with contextlib.suppress(OSError, AttributeError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def _why(err: Exception) -> str:
    if isinstance(err, UnicodeDecodeError):
        return "not UTF-8 text"
    return getattr(err, "strerror", None) or str(err)


def _others(config: Config) -> dict:
    return {k.dotted: config.value(k.section, k.name) for k in KEYS
            if k.dotted != f"{SECTION}.{KEY}"}


def _statements(text: str):
    """The file's top-level statements in order: ``(section, key, start, end)``; a table
    header has ``key`` None and ``end`` at its line's end; a key's span runs from its line's
    start to the end of its value (a multi-line array included, a trailing comment not)."""
    section = ""
    i, n = 0, len(text)
    while i < n:
        line_end = text.find("\n", i)
        line_end = n if line_end < 0 else line_end
        line = text[i:line_end]
        stripped = line.lstrip()
        header = _HEADER.match(stripped) if stripped.startswith("[") else None
        key = _KEY.match(line) if not stripped.startswith(("[", "#")) else None
        if header:
            section = header.group(1).strip("\"'")
            yield section, None, i, line_end
        elif key:
            end = _value_end(text, i + key.end())
            yield section, key.group(1).strip("\"'"), i, end
            line_end = text.find("\n", end)
            line_end = n if line_end < 0 else line_end
        i = line_end + 1


def _value_end(text: str, i: int) -> int:
    """Where the TOML value starting at ``i`` ends: strings, nested arrays and tables,
    and comments inside a multi-line array are stepped over."""
    depth, end, n = 0, i, len(text)
    while i < n:
        c = text[i]
        if text.startswith(('"""', "'''"), i):
            quote = text[i:i + 3]
            j = i + 3
            while True:
                k = text.find(quote, j)
                if k < 0:
                    return n
                if quote == '"""' and _escaped(text, k):
                    j = k + 1
                    continue
                i = k + 3
                while i < n and text[i] == quote[0]:
                    i += 1
                break
            end = i
            continue
        if c in "\"'":
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if c == '"' and text[j] == "\\" else 1
            i = end = j + 1
            continue
        if c == "#":
            nl = text.find("\n", i)
            i = n if nl < 0 else nl
            continue
        if c == "\n" and depth == 0:
            return end
        if c in "[{":
            depth += 1
        elif c in "]}":
            depth -= 1
        if not c.isspace():
            end = i + 1
        i += 1
    return end


def _escaped(text: str, k: int) -> bool:
    """The quote at ``k`` follows an odd number of backslashes."""
    count = 0
    while k - count - 1 >= 0 and text[k - count - 1] == "\\":
        count += 1
    return count % 2 == 1

