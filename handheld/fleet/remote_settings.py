"""The operator's settings for the whole room. A cabinet takes only keys on
the allow-list below, each checked by the same rule as the local config, and
writes them through the config's own atomic save (comments and the rest of
its file stay). Display and input wiring are never taken from the broker:
they belong to the cabinet's own hardware."""

from __future__ import annotations

import logging

from handheld.base import config as config_module

log = logging.getLogger("handheld.fleet")

ALLOWED = ("sound.enabled", "sound.volume", "cabinet.kiosk", "cabinet.attract_after_s",
           "cabinet.demo_seconds", "cabinet.idle_return_s", "cabinet.games")


# {"sound": {"volume": 40}} -> {"sound.volume": 40}, as the config reads its files
flatten = config_module._flatten


def check(values: dict) -> tuple[dict, list[str]]:
    """(the settings a cabinet may take, one line per key it refuses)."""
    good, problems = {}, []
    for key, value in flatten(values).items():
        if key not in ALLOWED:
            problems.append(f"{key}: not a fleet setting (allowed: {', '.join(ALLOWED)})")
            continue
        error = config_module.SCHEMA[key][1](value)
        if not error and key == "cabinet.games":
            from handheld.games.registry import games_setting_error

            error = games_setting_error(value)
        if error:
            problems.append(f"{key} = {value!r} {error}")
            continue
        good[key] = value
    return good, problems


def apply(config, values: dict) -> dict:
    """Set and save the allowed, valid keys that differ from `config`'s; returns
    what changed. A refused key is one log line; a save that fails too."""
    good, problems = check(values)
    for line in problems:
        log.warning("fleet: operator setting refused: %s", line)
    changed = {k: v for k, v in good.items() if config.get(k) != v or type(config.get(k)) is not type(v)}
    if not changed:
        return {}
    for key, value in changed.items():
        config.set(key, value)
    try:
        config.save()
    except (config_module.ConfigNotSaved, OSError) as e:
        log.warning("fleet: operator settings in use but not saved to %s: %s", config.path, e)
    log.info("fleet: operator settings applied: %s", ", ".join(f"{k}={v!r}" for k, v in changed.items()))
    return changed
