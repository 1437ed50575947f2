"""A short, stable hash of game state built from integers, strings and containers.

Floats are refused: replayed state must be integer-only (docs/adding-a-game.md), and a
float sneaking in is a bug we want to hear about at once.
"""

from __future__ import annotations

import hashlib


def _encode(obj, out: list) -> None:
    if obj is None:
        out.append("N")
    elif obj is True or obj is False:
        out.append("T" if obj else "F")
    elif isinstance(obj, int):
        out.append(f"i{obj};")
    elif isinstance(obj, str):
        out.append(f"s{len(obj)}:{obj}")
    elif isinstance(obj, (bytes, bytearray)):
        out.append(f"b{len(obj)}:{bytes(obj).hex()}")
    elif isinstance(obj, (tuple, list)):
        out.append(f"l{len(obj)}[")
        for item in obj:
            _encode(item, out)
        out.append("]")
    elif isinstance(obj, dict):
        out.append(f"d{len(obj)}{{")
        for key in sorted(obj, key=repr):
            _encode(key, out)
            _encode(obj[key], out)
        out.append("}")
    elif isinstance(obj, (set, frozenset)):
        _encode(sorted(obj, key=repr), out)
    elif isinstance(obj, float):
        raise TypeError("float in hashed state: keep game state in integers")
    elif hasattr(obj, "hash_fields"):
        out.append(type(obj).__name__)
        _encode(obj.hash_fields(), out)
    else:
        raise TypeError(f"cannot hash state of type {type(obj).__name__}")


def state_hash(obj) -> str:
    """16 hex digits identifying `obj`'s value (ints, str, bytes, None, containers)."""
    parts: list = []
    _encode(obj, parts)
    return hashlib.blake2b("".join(parts).encode(), digest_size=8).hexdigest()
