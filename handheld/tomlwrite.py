"""A small TOML writer for the cabinet's own settings (tomllib only reads).

Handles what our config holds: tables, strings, booleans, integers, floats,
lists of scalars and arrays of tables.
"""

from __future__ import annotations

import math


def _scalar(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        if math.isnan(v) or math.isinf(v):
            raise ValueError("TOML settings cannot hold nan/inf")
        return repr(v)
    if isinstance(v, str):
        out = v.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t")
        return f'"{out}"'
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(_scalar(x) for x in v) + "]"
    raise TypeError(f"cannot write {type(v).__name__} to TOML")


def _key(k: str) -> str:
    return k if k.replace("_", "").replace("-", "").isalnum() else _scalar(str(k))


def _is_table_list(v) -> bool:
    return isinstance(v, list) and v and all(isinstance(x, dict) for x in v)


def dumps(data: dict, _prefix: str = "") -> str:
    lines: list[str] = []
    tables = []
    for k, v in data.items():
        if isinstance(v, dict):
            tables.append((k, v))
        elif _is_table_list(v):
            tables.append((k, v))
        else:
            lines.append(f"{_key(k)} = {_scalar(v)}")
    out = "\n".join(lines)
    for k, v in tables:
        name = f"{_prefix}{_key(k)}"
        if isinstance(v, dict):
            body = dumps(v, name + ".")
            out += f"\n\n[{name}]\n{body}" if out else f"[{name}]\n{body}"
        else:
            for item in v:
                body = dumps(item, name + ".")
                out += f"\n\n[[{name}]]\n{body}" if out else f"[[{name}]]\n{body}"
    return out.strip("\n") + ("\n" if not _prefix else "")
