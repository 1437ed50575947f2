"""What an evdev device is, and what its codes mean by default.

Pure tables and functions (no device I/O): classify a device from its
capabilities dict, give the default code -> (player, action) map for its
kind, resolve code names both ways, parse action specs like "P2 FIRE".

Codes are Linux input-event-codes numbers, so the tables work without
python-evdev; names come from `evdev.ecodes` when it is installed.
"""

from __future__ import annotations

import re

from handheld.base.actions import Action

EV_SYN, EV_KEY, EV_REL, EV_ABS = 0, 1, 2, 3
SYN_DROPPED = 3
ABS_X, ABS_Y, ABS_HAT0X, ABS_HAT0Y = 0, 1, 16, 17
BTN_MOUSE_LEFT, BTN_TOUCH = 0x110, 0x14A
BTN_JOYSTICK_FIRST, BTN_JOYSTICK_LAST = 0x120, 0x12F
BTN_GAMEPAD_FIRST, BTN_GAMEPAD_LAST = 0x130, 0x13E

# plain ints, not IntFlag members: the per-event path stays cheap
U, D, L, R = int(Action.UP), int(Action.DOWN), int(Action.LEFT), int(Action.RIGHT)
FIRE, ALT, START, SELECT = int(Action.FIRE), int(Action.ALT), int(Action.START), int(Action.SELECT)

# MAME's default keyboard layout, which keyboard encoders (I-PAC) ship with.
# Buttons 1/2 are FIRE/ALT; buttons 3/4 repeat them (our games use two).
# (MAME gives Enter to P3's third button; we keep Enter/Esc/Backspace for a
# plain keyboard on the console, as the window layout does.)
# name -> (player index, action)
MAME_KEYS: dict[str, tuple[int, int]] = {
    "KEY_UP": (0, U), "KEY_DOWN": (0, D), "KEY_LEFT": (0, L), "KEY_RIGHT": (0, R),
    "KEY_LEFTCTRL": (0, FIRE), "KEY_LEFTALT": (0, ALT),
    "KEY_SPACE": (0, FIRE), "KEY_LEFTSHIFT": (0, ALT),
    "KEY_1": (0, START), "KEY_5": (0, SELECT),
    "KEY_R": (1, U), "KEY_F": (1, D), "KEY_D": (1, L), "KEY_G": (1, R),
    "KEY_A": (1, FIRE), "KEY_S": (1, ALT), "KEY_Q": (1, FIRE), "KEY_W": (1, ALT),
    "KEY_2": (1, START), "KEY_6": (1, SELECT),
    "KEY_I": (2, U), "KEY_K": (2, D), "KEY_J": (2, L), "KEY_L": (2, R),
    "KEY_RIGHTCTRL": (2, FIRE), "KEY_RIGHTSHIFT": (2, ALT),
    "KEY_3": (2, START), "KEY_7": (2, SELECT),
    "KEY_KP8": (3, U), "KEY_KP2": (3, D), "KEY_KP4": (3, L), "KEY_KP6": (3, R),
    "KEY_KP0": (3, FIRE), "KEY_KPDOT": (3, ALT),
    "KEY_4": (3, START), "KEY_8": (3, SELECT),
    # the same conveniences as the window's keyboard layout (handheld/input/keyboard.py)
    "KEY_ENTER": (0, FIRE), "KEY_ESC": (0, START), "KEY_BACKSPACE": (0, ALT),
}

# Linux key codes for the names above (input-event-codes.h), so the map works
# without python-evdev and stays exact.
KEY_CODES: dict[str, int] = {
    "KEY_UP": 103, "KEY_DOWN": 108, "KEY_LEFT": 105, "KEY_RIGHT": 106,
    "KEY_LEFTCTRL": 29, "KEY_LEFTALT": 56, "KEY_SPACE": 57, "KEY_LEFTSHIFT": 42,
    "KEY_1": 2, "KEY_2": 3, "KEY_3": 4, "KEY_4": 5, "KEY_5": 6, "KEY_6": 7, "KEY_7": 8, "KEY_8": 9,
    "KEY_R": 19, "KEY_F": 33, "KEY_D": 32, "KEY_G": 34, "KEY_A": 30, "KEY_S": 31,
    "KEY_Q": 16, "KEY_W": 17, "KEY_I": 23, "KEY_K": 37, "KEY_J": 36, "KEY_L": 38,
    "KEY_RIGHTCTRL": 97, "KEY_RIGHTSHIFT": 54, "KEY_ENTER": 28, "KEY_ESC": 1, "KEY_BACKSPACE": 14,
    "KEY_KP8": 72, "KEY_KP2": 80, "KEY_KP4": 75, "KEY_KP6": 77, "KEY_KP0": 82,
    "KEY_KPDOT": 83,
}

KEYBOARD_MAP: dict[int, tuple[int, int]] = {KEY_CODES[n]: pa for n, pa in MAME_KEYS.items()}

# The first key of each (player, action) in MAME's layout: what the GPIO
# kernel overlay emits, so its buttons read like an I-PAC.
PRIMARY_KEY: dict[tuple[int, int], int] = {}
for _name, _pa in MAME_KEYS.items():
    PRIMARY_KEY.setdefault(_pa, KEY_CODES[_name])

# Gamepads (BTN_GAMEPAD range): bottom/left face buttons fire, right/top go back.
GAMEPAD_BUTTONS: dict[int, int] = {
    0x130: FIRE, 0x131: ALT, 0x133: ALT, 0x134: FIRE,  # SOUTH EAST NORTH WEST
    0x13B: START, 0x13A: SELECT,                          # START SELECT
    0x220: U, 0x221: D, 0x222: L, 0x223: R,               # BTN_DPAD_*
}
# Generic joysticks and USB arcade encoders ("Zero Delay": buttons 1..12 =
# BTN_TRIGGER..BTN_BASE6; 9/10 are usually wired as select/start).
JOYSTICK_BUTTONS: dict[int, int] = {
    0x120: FIRE, 0x121: ALT, 0x122: FIRE, 0x123: ALT, 0x124: FIRE, 0x125: ALT,
    0x126: FIRE, 0x127: ALT, 0x128: SELECT, 0x129: START,
}
# Axes: code -> (action when below centre, action when above centre)
DEFAULT_AXES: dict[int, tuple[int, int]] = {
    ABS_X: (L, R), ABS_Y: (U, D), ABS_HAT0X: (L, R), ABS_HAT0Y: (U, D),
}

_PREFERRED_NAMES = {0x120: "BTN_TRIGGER", 0x130: "BTN_SOUTH", 0x131: "BTN_EAST",
                    0x133: "BTN_NORTH", 0x134: "BTN_WEST"}
_ACTION_NAMES = {a.name: int(a) for a in Action}
_SPEC = re.compile(r"^\s*(?:P?([1-4])\s*[ :._-]\s*)?([A-Za-z]+)\s*$", re.IGNORECASE)


def classify(caps: dict) -> str:
    """'gamepad', 'joystick', 'keyboard' or 'other' (mice, touch screens,
    power buttons...) from `InputDevice.capabilities()`."""
    keys = set(caps.get(EV_KEY, ()))
    axes = {c[0] if isinstance(c, tuple) else c for c in caps.get(EV_ABS, ())}
    if BTN_TOUCH in keys or (EV_REL in caps and BTN_MOUSE_LEFT in keys):
        return "other"
    if any(BTN_GAMEPAD_FIRST <= k <= BTN_GAMEPAD_LAST for k in keys):
        return "gamepad"
    if any(BTN_JOYSTICK_FIRST <= k <= BTN_JOYSTICK_LAST for k in keys):
        return "joystick"
    if ABS_X in axes and ABS_Y in axes:
        return "joystick"
    if keys & KEYBOARD_MAP.keys():
        return "keyboard"
    return "other"


def default_buttons(kind: str, player: int) -> dict[int, tuple[int, int]]:
    """EV_KEY code -> (player, action bits) for a device of this kind."""
    if kind == "keyboard":
        return dict(KEYBOARD_MAP)
    table = GAMEPAD_BUTTONS if kind == "gamepad" else JOYSTICK_BUTTONS
    if kind == "gamepad":  # some pads are both: keep the joystick codes too
        table = {**JOYSTICK_BUTTONS, **GAMEPAD_BUTTONS}
    return {code: (player, bits) for code, bits in table.items()}


def default_axes(kind: str, player: int) -> dict[int, tuple[int, int, int]]:
    """EV_ABS code -> (player, action below centre, action above centre)."""
    if kind not in ("gamepad", "joystick"):
        return {}
    return {code: (player, lo, hi) for code, (lo, hi) in DEFAULT_AXES.items()}


def code_name(etype: int, code: int) -> str:
    """'KEY_UP', 'BTN_SOUTH', 'ABS_X'... or 'KEY_0x2a0' when unnamed."""
    if etype == EV_KEY and code in _PREFERRED_NAMES:
        return _PREFERRED_NAMES[code]
    try:
        from evdev import ecodes
        table = {EV_KEY: (ecodes.KEY, ecodes.BTN), EV_ABS: (ecodes.ABS,)}.get(etype, ())
        for t in table:
            name = t.get(code)
            if name:
                return name if isinstance(name, str) else name[0]
    except ImportError:  # pragma: no cover
        for n, c in KEY_CODES.items():
            if etype == EV_KEY and c == code:
                return n
    prefix = "ABS" if etype == EV_ABS else "KEY"
    return f"{prefix}_0x{code:x}"


def parse_code(name: str) -> tuple[int, int, int] | None:
    """'KEY_A' -> (EV_KEY, 30, 0); 'ABS_X-' -> (EV_ABS, 0, -1); 'ABS_HAT0Y+' ->
    (EV_ABS, 17, 1). None when the name is unknown."""
    name = name.strip()
    sign = 0
    if name[-1:] in "+-" and name.upper().startswith("ABS_"):
        sign = -1 if name[-1] == "-" else 1
        name = name[:-1]
    upper = name.upper()
    m = re.match(r"^(KEY|BTN|ABS)_0X([0-9A-F]+)$", upper)
    if m:
        etype = EV_ABS if m.group(1) == "ABS" else EV_KEY
        code = int(m.group(2), 16)
    elif upper in KEY_CODES:
        etype, code = EV_KEY, KEY_CODES[upper]
    else:
        rev = {v: k for k, v in _PREFERRED_NAMES.items()}
        if upper in rev:
            etype, code = EV_KEY, rev[upper]
        else:
            try:
                from evdev import ecodes
            except ImportError:  # pragma: no cover
                return None
            if upper not in ecodes.ecodes or not upper.startswith(("KEY_", "BTN_", "ABS_")):
                return None
            etype = EV_ABS if upper.startswith("ABS_") else EV_KEY
            code = ecodes.ecodes[upper]
    if (etype == EV_ABS) != (sign != 0):
        return None  # axes need a direction, keys must not have one
    return etype, code, sign


def parse_action(spec: object, default_player: int) -> tuple[int, int] | None:
    """'FIRE' -> (default_player, FIRE); 'P2 FIRE' / '2:fire' -> (1, FIRE)."""
    if not isinstance(spec, str):
        return None
    m = _SPEC.match(spec)
    if not m or m.group(2).upper() not in _ACTION_NAMES:
        return None
    player = int(m.group(1)) - 1 if m.group(1) else default_player
    return player, _ACTION_NAMES[m.group(2).upper()]


def action_spec(player: int, bits: int) -> str:
    """(1, FIRE) -> 'P2 FIRE': how mappings are written to the config."""
    return f"P{player + 1} {Action(bits).name}"
