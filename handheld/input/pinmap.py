"""GPIO pin maps: which BCM pin is which player's action, and how it is wired.

A pin map is TOML (see hw/*.toml):

    name = "2-player bartop"
    pull = "up"          # default for every pin: up | down | off
    active_low = true    # pressed = pin pulled to ground

    [pins]
    17 = "P1 UP"
    4  = { action = "P1 FIRE", label = "P1_B1" }

The same table may sit inline in the config as `[input.pins]`. Parsing never
raises on bad entries: each one becomes a warning line naming the pin and the
fix, and the good pins are kept.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from handheld.base import tomlfile
from handheld.base.actions import Action
from handheld.input.evdevmap import parse_action

# BCM number -> physical pin on the 40-pin header (all Pi models with 40 pins).
HEADER_PIN = {
    0: 27, 1: 28, 2: 3, 3: 5, 4: 7, 5: 29, 6: 31, 7: 26, 8: 24, 9: 21, 10: 19, 11: 23,
    12: 32, 13: 33, 14: 8, 15: 10, 16: 36, 17: 11, 18: 12, 19: 35, 20: 38, 21: 40,
    22: 15, 23: 16, 24: 18, 25: 22, 26: 37, 27: 13,
}
GROUND_PINS = (6, 9, 14, 20, 25, 30, 34, 39)
PULLS = ("up", "down", "off")
# What else a BCM pin is commonly used for: said in warnings and wiring docs.
SHARED_USE = {
    2: "I2C SDA (1.8k pull-up on the board)", 3: "I2C SCL; also wakes a halted Pi",
    7: "SPI0 CE1", 8: "SPI0 CE0", 9: "SPI0 MISO", 10: "SPI0 MOSI", 11: "SPI0 SCLK",
    14: "UART TX (serial console)", 15: "UART RX", 18: "PWM0 / I2S clock",
}


class PinMapError(Exception):
    """The pin map file cannot be used at all (missing, not TOML)."""


class Pin(NamedTuple):
    bcm: int
    player: int          # 0-based
    action: int          # one Action bit
    pull: str = "up"
    active_low: bool = True
    label: str = ""

    @property
    def header(self) -> int:
        return HEADER_PIN[self.bcm]

    @property
    def name(self) -> str:
        return f"P{self.player + 1} {Action(self.action).name}"

    def describe(self) -> str:
        return f"BCM{self.bcm} ({self.name}, header pin {self.header})"


class PinMap:
    """A named set of button pins (a `[pins]` table or a bundled board)."""

    def __init__(self, name: str, pins: list[Pin]):
        self.name = name
        self.pins = pins


def parse_pins(pins: object, defaults: dict | None = None, where: str = "pins") -> tuple[list[Pin], list[str]]:
    """A `[pins]` table -> (good pins, one warning per bad entry)."""
    defaults = defaults or {}
    warnings: list[str] = []
    out: list[Pin] = []
    if not isinstance(pins, dict):
        return [], [f"{where} must be a table of BCM number = \"P1 UP\" entries"]
    dpull = defaults.get("pull", "up")
    dlow = defaults.get("active_low", True)
    seen: set[int] = set()
    for key, value in pins.items():
        here = f"{where}.{key}"
        if not re.fullmatch(r"\d{1,2}", str(key)) or int(key) not in HEADER_PIN:
            warnings.append(f"{here}: not a BCM GPIO number on the 40-pin header (use 2-27)")
            continue
        bcm = int(key)
        if bcm in (0, 1):
            warnings.append(f"{here}: BCM0/BCM1 are the HAT ID EEPROM pins; use 2-27")
            continue
        if bcm in seen:
            warnings.append(f"{here}: BCM{bcm} listed twice; keep one")
            continue
        entry = value if isinstance(value, dict) else {"action": value}
        unknown = set(entry) - {"action", "pull", "active_low", "label"}
        if unknown:
            warnings.append(f"{here}: unknown field(s) {', '.join(sorted(unknown))} "
                            f"(use action, pull, active_low, label)")
        act = parse_action(entry.get("action"), 0)
        if act is None:
            warnings.append(f"{here}: action {entry.get('action')!r} is not like \"P1 UP\" "
                            f"(players P1-P4; actions {', '.join(Action.__members__)})")
            continue
        pull = entry.get("pull", dpull)
        if pull not in PULLS:
            warnings.append(f"{here}: pull {pull!r} must be up, down or off")
            continue
        low = entry.get("active_low", dlow)
        if not isinstance(low, bool):
            warnings.append(f"{here}: active_low must be true or false")
            continue
        if (pull == "up" and not low) or (pull == "down" and low):
            warnings.append(f"{here}: pull {pull} with active_low = {str(low).lower()} reads as held "
                            f"while the button is open; use pull up + active_low true (button to ground)")
            continue
        label = entry.get("label", "")
        if not isinstance(label, str) or not re.fullmatch(r"[A-Za-z0-9_-]{0,31}", label):
            warnings.append(f"{here}: label must be up to 31 letters, digits, _ or -")
            label = ""
        seen.add(bcm)
        out.append(Pin(bcm, act[0], act[1], pull, low, label))
    return out, warnings


def parse_pinmap(data: dict, where: str = "pin map") -> tuple[PinMap, list[str]]:
    warnings = []
    defaults = {}
    for k in ("pull", "active_low"):
        if k in data:
            defaults[k] = data[k]
    if defaults.get("pull", "up") not in PULLS:
        warnings.append(f"{where}: pull must be up, down or off; using up")
        defaults["pull"] = "up"
    if not isinstance(defaults.get("active_low", True), bool):
        warnings.append(f"{where}: active_low must be true or false; using true")
        defaults["active_low"] = True
    extra = set(data) - {"name", "pull", "active_low", "pins", "notes"}
    if extra:
        warnings.append(f"{where}: unknown key(s) {', '.join(sorted(extra))} (use name, pull, active_low, [pins])")
    if "pins" not in data:
        warnings.append(f"{where}: no [pins] table")
    pins, w = parse_pins(data.get("pins", {}), defaults, f"{where} pins")
    return PinMap(str(data.get("name", "")), pins), warnings + w


def load_pinmap(path) -> tuple[PinMap, list[str]]:
    try:
        data = tomlfile.load(path)
    except FileNotFoundError:
        raise PinMapError(f"pin map {path} not found; give the path of a TOML pin map (e.g. hw/bartop-2p.toml)") from None
    except tomlfile.TomlFileError as e:
        raise PinMapError(f"pin map {e}") from None
    return parse_pinmap(data, str(path))
