"""The `[input]` section of the config: defaults and validation.

    [input]
    deadzone = 25             # % of an analog stick's half range that counts as centre
    debounce_ms = 5           # GPIO: a level must be stable this long
    gpio = "poll"             # poll | edge | off   (only used when pins are given)
    pinmap = "/etc/handheld/bartop-2p.toml"   # a pin map file (see hw/), or
    [input.pins]              # ... the pins inline, same format as a pin map's [pins]
    17 = "P1 UP"
    evdev = true              # read /dev/input devices
    evdev_keyboards = "auto"  # auto: only when there is no desktop window system

    [input.devices."usb-0000:01:00.0-1.2/input0"]   # a device identity (phys, or "name:<name>")
    player = 1
    map = { BTN_SOUTH = "FIRE", BTN_EAST = "ALT", "ABS_X-" = "LEFT", KEY_R = "P2 UP" }

`validate` never raises: it returns the cleaned section (defaults filled in,
bad entries dropped) and one warning per bad key naming the key and the fix.
"""

from __future__ import annotations

import copy

from handheld.input.evdevmap import parse_action, parse_code
from handheld.input.pinmap import parse_pins

DEFAULTS: dict = {
    "deadzone": 25,
    "debounce_ms": 5,
    "gpio": "poll",
    "pinmap": "",
    "pins": {},
    "evdev": True,
    "evdev_keyboards": "auto",
    "devices": {},
}

_CODE_HELP = "use a code name as input-test shows it, e.g. BTN_SOUTH, KEY_A, ABS_X- or ABS_HAT0Y+"


def _int(lo, hi):
    def check(v):
        if isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi:
            return None
        return f"must be a whole number from {lo} to {hi}"
    return check


def _choice(*options):
    return lambda v: None if v in options else f"must be one of {', '.join(map(repr, options))}"


def _bool(v):
    return None if isinstance(v, bool) else "must be true or false"


def _str(v):
    return None if isinstance(v, str) else "must be a string (a file path)"


CHECKS = {
    "deadzone": _int(0, 90),
    "debounce_ms": _int(0, 100),
    "gpio": _choice("poll", "edge", "off"),
    "pinmap": _str,
    "evdev": _bool,
    "evdev_keyboards": _choice("auto", "on", "off"),
}


def validate(section: dict) -> tuple[dict, list[str]]:
    clean = copy.deepcopy(DEFAULTS)
    warnings: list[str] = []
    if not isinstance(section, dict):
        return clean, ["input: [input] must be a table; using defaults"]
    for key, value in section.items():
        name = f"input.{key}"
        if key in CHECKS:
            err = CHECKS[key](value)
            if err:
                warnings.append(f"{name} = {value!r} {err}; using {DEFAULTS[key]!r}")
            else:
                clean[key] = value
        elif key == "pins":
            pins, w = parse_pins(value, {}, name)
            warnings.extend(w)
            good = {str(p.bcm) for p in pins}
            clean["pins"] = {k: v for k, v in value.items() if str(k) in good} if isinstance(value, dict) else {}
        elif key == "devices":
            clean["devices"] = _devices(value, warnings)
        else:
            warnings.append(f"{name}: unknown setting ignored (known: {', '.join(DEFAULTS)})")
    return clean, warnings


def _devices(value, warnings: list[str]) -> dict:
    if not isinstance(value, dict):
        warnings.append("input.devices must be a table of device identity -> {player, map}; ignored")
        return {}
    out = {}
    for ident, conf in value.items():
        where = f'input.devices."{ident}"'
        if not isinstance(conf, dict):
            warnings.append(f"{where} must be a table with player and/or map; ignored")
            continue
        entry: dict[str, object] = {}
        for k, v in conf.items():
            if k == "player":
                if isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 4:
                    entry["player"] = v
                else:
                    warnings.append(f"{where}.player = {v!r} must be a player number from 1 to 4; ignored")
            elif k == "map":
                entry["map"] = _map(v, f"{where}.map", warnings)
            else:
                warnings.append(f"{where}.{k}: unknown field ignored (use player, map)")
        if entry:
            out[ident] = entry
    return out


def _map(value, where: str, warnings: list[str]) -> dict:
    if not isinstance(value, dict):
        warnings.append(f"{where} must be a table of code = \"ACTION\"; ignored")
        return {}
    out = {}
    for code, spec in value.items():
        if parse_code(str(code)) is None:
            warnings.append(f"{where}.{code}: unknown code; {_CODE_HELP}")
            continue
        if parse_action(spec, 0) is None:
            warnings.append(f"{where}.{code} = {spec!r} is not an action: use UP, DOWN, LEFT, RIGHT, "
                            f"FIRE, ALT, START or SELECT, optionally with a player (\"P2 FIRE\")")
            continue
        out[str(code)] = spec
    return out
