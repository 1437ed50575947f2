"""Reading and editing the cabinet's TOML files (settings, pin maps) safely.

Whatever bytes a file holds — another editor's encoding, a byte-order mark,
megabytes of junk, arrays nested thousands deep — reading it gives either the
data or a `TomlFileError` whose message is one line naming the file and the fix.
Never a traceback: the cabinet must start with a file a user got wrong.

Editing goes through tomlkit, so a save changes only the keys it sets and keeps
the user's comments, order, unknown keys and values we never write ourselves
(dates, inf, mixed arrays). The API used here exists in tomlkit 0.11 (bookworm).
"""

from __future__ import annotations

import os
import tomllib


# A settings file or pin map is a few kilobytes; anything far bigger is a mistake
# (and parsing tens of megabytes would stall the start for seconds).
MAX_BYTES = 1 << 20
BOM = b"\xef\xbb\xbf"
# Our deepest real setting is input.devices.<id>.map.<key>; everything that
# walks the data (merging, copying, validating) is recursive, so cap it here.
MAX_DEPTH = 16


class TomlFileError(Exception):
    """The file exists but cannot be used; str() is one line naming file and fix."""


def read_text(path: str | os.PathLike) -> str:
    """The file's text. FileNotFoundError passes through (callers treat a missing
    file as empty); every other problem is a TomlFileError."""
    path = os.fspath(path)
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_BYTES + 1)
    except FileNotFoundError:
        raise
    except IsADirectoryError:
        raise TomlFileError(f"{path}: is a directory, not a file; remove it or give a file path") from None
    except OSError as e:
        raise TomlFileError(f"{path}: cannot read ({e.strerror or e}); fix its permissions "
                            f"(chmod 644) or delete it") from None
    if len(raw) > MAX_BYTES:
        raise TomlFileError(f"{path}: larger than {MAX_BYTES // 1024} KB, far too big for this file; "
                            f"it is a few lines of TOML — fix or delete it")
    if raw.startswith(BOM):       # Windows editors add one; TOML itself forbids it
        raw = raw[len(BOM):]
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as e:
        line = raw.count(b"\n", 0, e.start) + 1
        raise TomlFileError(f"{path}: not UTF-8 text (byte 0x{raw[e.start]:02x} on line {line}); "
                            f"save it as UTF-8 in your editor") from None


def parse(text: str, path: str | os.PathLike) -> dict:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise TomlFileError(f"{path}: not valid TOML ({e}); fix or delete the file") from None
    except RecursionError:
        data = None
    if data is None or _depth(data) > MAX_DEPTH:
        raise TomlFileError(f"{path}: arrays or tables nested too deep (over {MAX_DEPTH} levels); "
                            f"fix or delete the file")
    return data


def _depth(data) -> int:
    """How deeply tables and arrays nest, counted without recursion."""
    deepest, stack = 0, [(data, 1)]
    while stack:
        node, depth = stack.pop()
        deepest = max(deepest, depth)
        children = node.values() if isinstance(node, dict) else node
        stack.extend((c, depth + 1) for c in children if isinstance(c, (dict, list)))
    return deepest


def load(path: str | os.PathLike) -> dict:
    """Read and parse `path`: the data, FileNotFoundError, or TomlFileError."""
    return parse(read_text(path), path)


def load_document(path: str | os.PathLike):
    """The file as an editable tomlkit document (empty if it does not exist).
    Raises TomlFileError if it cannot be read or does not parse: such a file
    must never be overwritten, or the user loses everything in it."""
    tomlkit = _tomlkit()
    try:
        text = read_text(path)
    except FileNotFoundError:
        return tomlkit.document()
    parse(text, path)                 # the reader the cabinet trusts decides validity
    try:
        return tomlkit.parse(text)
    except RecursionError:
        raise TomlFileError(f"{path}: arrays or tables nested too deep to edit; fix or delete the file") from None
    except Exception as e:            # tomlkit's ParseError family has no common public base in 0.11
        raise TomlFileError(f"{path}: cannot be edited ({e}); fix or delete the file") from None


def dumps(doc) -> str:
    return _tomlkit().dumps(doc)


def _tomlkit():
    try:
        import tomlkit
    except ImportError:
        raise TomlFileError("cannot edit settings files: tomlkit is not installed "
                            "(sudo apt install python3-tomlkit, or pip install tomlkit)") from None
    return tomlkit


def set_value(doc, dotted_key: str, value) -> None:
    """Set `a.b.c` in the document, creating tables on the way and changing
    nothing else. A dict value is merged key by key, so the comments of the
    entries it does not change survive."""
    tomlkit = _tomlkit()

    *parents, last = dotted_key.split(".")
    node = doc
    for part in parents:
        child = node.get(part)
        if not isinstance(child, dict):
            child = tomlkit.table()
            node[part] = child
            child = node[part]
        node = child
    _assign(node, last, value)


def _assign(node, key: str, value) -> None:
    current = node.get(key)
    if isinstance(value, dict) and isinstance(current, dict):
        for k in [k for k in current if k not in value]:
            del current[k]
        for k, v in value.items():
            _assign(current, k, v)
        return
    if key in node and _plain(current) == value and type(_plain(current)) is type(value):
        return
    node[key] = value


def _plain(item):
    """A tomlkit item as plain Python (lists and dicts rebuilt), for comparing."""
    if isinstance(item, dict):
        return {k: _plain(v) for k, v in item.items()}
    if isinstance(item, list):
        return [_plain(v) for v in item]
    for base in (bool, int, float, str):
        if isinstance(item, base):
            return base(item)
    return item
