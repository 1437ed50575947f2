"""Topics, and what each message may hold. Every message is a JSON object
checked field by field; anything else (oversized, not UTF-8, not JSON, a
missing or ill-typed field, a topic outside the fleet's) is rejected with a
reason, never half-used. The broker carries data only: no code, no files."""

from __future__ import annotations

import json
import re
import time
import uuid

from handheld.fleet.options import NAME_PATTERN

PREFIX = "handheld"
SETTINGS_TOPIC = f"{PREFIX}/fleet/settings"
SUBSCRIPTIONS = (f"{PREFIX}/cabinet/+/result", f"{PREFIX}/cabinet/+/history",
                 f"{PREFIX}/cabinet/+/status", SETTINGS_TOPIC)
MAX_MESSAGE_BYTES = 4096            # one result, one status, one settings document
MAX_HISTORY_BYTES = 256 * 1024      # a cabinet's last HISTORY_LENGTH results
HISTORY_LENGTH = 200
FORMAT = 1

_TOPIC = re.compile(rf"^{PREFIX}/cabinet/([a-z0-9][a-z0-9-]{{0,31}})/(result|history|status)$")
_ID = re.compile(r"^[0-9a-f]{32}$")
_WORD = re.compile(r"^[A-Za-z0-9_. :()-]{0,40}$")
_INITIALS = re.compile(r"^[A-Z]{3}$")
_HASH = re.compile(r"^[0-9a-f]{0,128}$")


class BadMessage(ValueError):
    """A message the fleet drops; str() says why in a few words."""


def result_topic(name: str) -> str:
    return f"{PREFIX}/cabinet/{name}/result"


def history_topic(name: str) -> str:
    return f"{PREFIX}/cabinet/{name}/history"


def status_topic(name: str) -> str:
    return f"{PREFIX}/cabinet/{name}/status"


def parse_topic(topic: str) -> tuple[str, str]:
    """(cabinet, kind) for a cabinet's topic, ("", "settings") for the settings one."""
    if topic == SETTINGS_TOPIC:
        return "", "settings"
    m = _TOPIC.fullmatch(topic)
    if not m:
        raise BadMessage(f"topic {topic[:80]!r} is not the fleet's")
    return m.group(1), m.group(2)


def decode(payload: bytes | bytearray, limit: int = MAX_MESSAGE_BYTES):
    if len(payload) > limit:
        raise BadMessage(f"{len(payload)} bytes, more than {limit}")
    try:
        return json.loads(payload.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as e:
        raise BadMessage(f"not JSON ({type(e).__name__})") from None


def encode(obj) -> bytes:
    return json.dumps(obj, sort_keys=True, separators=(",", ":")).encode("utf-8")


# --- results ----------------------------------------------------------------------

def result_from_report(report: dict, cabinet: str, initials: str | None = None,
                       now: float | None = None) -> dict:
    """A finished match as the match runner reports it, as the fleet sends it:
    no personal data beyond three-letter initials."""
    records = report.get("records") or {}
    winner = report.get("winner")
    result = {"v": FORMAT, "id": uuid.uuid4().hex, "cabinet": cabinet, "game": str(report["game"]),
              "time": round(time.time() if now is None else now, 3), "ticks": int(report.get("ticks", 0)),
              "players": _word(report.get("players"), "computer" if not records else "1 human"),
              "level": _word(records.get("level"), None) if records else None,
              "human_won": records.get("human_won") if records else None,
              "winner": None if winner is None else _word(winner, "?"),
              "replay": _word(report.get("state_hash"), None, pattern=_HASH)}
    if initials and _INITIALS.fullmatch(initials):
        result["initials"] = initials
    return check_result(result)


def _word(value, fallback, pattern=_WORD):
    if value is None:
        return fallback
    text = str(value)[:40]
    return text if pattern.fullmatch(text) else fallback


def check_result(obj, cabinet: str | None = None) -> dict:
    """The result itself if every field is what a cabinet sends, else BadMessage."""
    if not isinstance(obj, dict):
        raise BadMessage("a result must be a JSON object")
    allowed = {"v", "id", "cabinet", "game", "time", "ticks", "players", "level", "human_won",
               "winner", "replay", "initials"}
    extra = set(obj) - allowed
    if extra:
        raise BadMessage(f"unknown field {sorted(extra)[0]!r}")
    _need(obj, "v", lambda v: v == FORMAT)
    _need(obj, "id", lambda v: isinstance(v, str) and _ID.fullmatch(v))
    _need(obj, "cabinet", lambda v: isinstance(v, str) and NAME_PATTERN.fullmatch(v))
    if cabinet is not None and obj["cabinet"] != cabinet:
        raise BadMessage(f"cabinet {obj['cabinet']!r} published under {cabinet!r}'s topic")
    _need(obj, "game", lambda v: isinstance(v, str) and re.fullmatch(r"[a-z0-9_]{1,24}", v))
    _need(obj, "time", lambda v: isinstance(v, (int, float)) and not isinstance(v, bool) and 0 <= v < 1e11)
    _need(obj, "ticks", lambda v: isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 10**9)
    _need(obj, "players", lambda v: isinstance(v, str) and _WORD.fullmatch(v))
    _need(obj, "level", lambda v: v is None or isinstance(v, str) and _WORD.fullmatch(v))
    _need(obj, "human_won", lambda v: v is None or isinstance(v, bool))
    _need(obj, "winner", lambda v: v is None or isinstance(v, str) and _WORD.fullmatch(v))
    _need(obj, "replay", lambda v: v is None or isinstance(v, str) and _HASH.fullmatch(v))
    if "initials" in obj:
        _need(obj, "initials", lambda v: isinstance(v, str) and _INITIALS.fullmatch(v))
    return obj


def _need(obj: dict, key: str, ok) -> None:
    if key not in obj:
        raise BadMessage(f"missing field {key!r}")
    try:
        good = ok(obj[key])
    except (TypeError, ValueError, OverflowError):
        good = False
    if not good:
        raise BadMessage(f"bad field {key!r}")


def check_history(obj, cabinet: str) -> list[dict]:
    if not isinstance(obj, dict) or obj.get("v") != FORMAT or not isinstance(obj.get("results"), list):
        raise BadMessage("a history must be {\"v\": 1, \"results\": [...]}")
    if len(obj["results"]) > HISTORY_LENGTH:
        raise BadMessage(f"a history holds at most {HISTORY_LENGTH} results")
    return [check_result(r, cabinet) for r in obj["results"]]


# --- status -------------------------------------------------------------------------

def status_message(cabinet: str, state: str, version: str = "", started: float | None = None,
                   last_match: float | None = None, matches: int = 0) -> dict:
    return {"v": FORMAT, "cabinet": cabinet, "state": state, "version": version,
            "started": started, "last_match": last_match, "matches": matches}


def check_status(obj, cabinet: str) -> dict:
    if not isinstance(obj, dict):
        raise BadMessage("a status must be a JSON object")
    _need(obj, "v", lambda v: v == FORMAT)
    _need(obj, "cabinet", lambda v: v == cabinet)
    _need(obj, "state", lambda v: v in ("up", "down"))
    for key in ("started", "last_match"):
        v = obj.get(key)
        if v is not None and (isinstance(v, bool) or not isinstance(v, (int, float))):
            raise BadMessage(f"bad field {key!r}")
    if not isinstance(obj.get("version", ""), str) or len(obj.get("version", "")) > 40:
        raise BadMessage("bad field 'version'")
    if not isinstance(obj.get("matches", 0), int):
        raise BadMessage("bad field 'matches'")
    return obj


# --- settings -----------------------------------------------------------------------

def settings_message(values: dict) -> dict:
    return {"v": FORMAT, "id": uuid.uuid4().hex, "settings": dict(values)}


def check_settings_message(obj) -> dict:
    """{"v": 1, "id": ..., "settings": {"sound.volume": 40, ...}}: the shape only;
    remote_settings decides which keys and values a cabinet takes."""
    if not isinstance(obj, dict):
        raise BadMessage("a settings document must be a JSON object")
    _need(obj, "v", lambda v: v == FORMAT)
    _need(obj, "id", lambda v: isinstance(v, str) and _ID.fullmatch(v))
    _need(obj, "settings", lambda v: isinstance(v, dict) and len(v) <= 32)
    return obj
