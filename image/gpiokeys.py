#!/usr/bin/env python3
"""Pin map TOML -> a device-tree overlay (dts) for the kernel's gpio-keys driver.

The SD image boots Debian's raspi-firmware, which has no Raspberry Pi overlay
collection (no gpio-key.dtbo, no gpio-shutdown.dtbo), so the image compiles its
own overlay with dtc: one gpio-keys device "handheld-buttons" with every wired
button (each sends the key MAME's layout gives that player and action, so it
reads like an I-PAC through the evdev backend), and one "handheld-power" device
with KEY_POWER on the power pin (systemd-logind powers off cleanly on it; BCM3
also wakes a halted Pi).

Pin map format (the same as hw/*.toml): name, pull (up|down|off), active_low,
[pins] BCM = "P1 UP" or { action = "P1 FIRE", label = "P1_B1", pull, active_low }.

Usage: python3 image/gpiokeys.py PINMAP.toml [--power-pin 3|none] [-o out.dts]
"""

from __future__ import annotations

import argparse
import re
import sys
import tomllib

ACTIONS = ("UP", "DOWN", "LEFT", "RIGHT", "FIRE", "ALT", "START", "SELECT")
# MAME's default keys per player (Linux input-event-codes.h numbers). The input
# package's handheld.input.evdevmap.PRIMARY_KEY is the source of truth when present.
MAME = {
    1: dict(UP=103, DOWN=108, LEFT=105, RIGHT=106, FIRE=29, ALT=56, START=2, SELECT=6),
    2: dict(UP=19, DOWN=33, LEFT=32, RIGHT=34, FIRE=30, ALT=31, START=3, SELECT=7),
    3: dict(UP=23, DOWN=37, LEFT=36, RIGHT=38, FIRE=97, ALT=54, START=4, SELECT=8),
    4: dict(UP=72, DOWN=80, LEFT=75, RIGHT=77, FIRE=82, ALT=83, START=5, SELECT=9),
}
KEY_POWER = 116
BCM_PINS = range(2, 28)        # 0/1 are the HAT EEPROM pins
PULL_CODE = {"off": 0, "down": 1, "up": 2}   # brcm,pull
GPIO_ACTIVE_LOW = 1
DEBOUNCE_MS = 5


class PinMapError(Exception):
    pass


def keycode(player: int, action: str) -> int:
    try:
        from handheld.base.actions import Action
        from handheld.input.evdevmap import PRIMARY_KEY
        return PRIMARY_KEY[(player - 1, int(Action[action]))]
    except (ImportError, KeyError):
        return MAME[player][action]


def parse_pinmap(data: dict) -> tuple[str, list[dict]]:
    """-> (name, [{bcm, player, action, pull, active_low, label}]); PinMapError on any bad pin."""
    pull0 = data.get("pull", "up")
    low0 = data.get("active_low", True)
    pins = data.get("pins")
    if not isinstance(pins, dict) or not pins:
        raise PinMapError("no [pins] table: add lines like 17 = \"P1 UP\"")
    out = []
    for key, value in pins.items():
        where = f"pins.{key}"
        if not str(key).isdigit() or int(key) not in BCM_PINS:
            raise PinMapError(f"{where}: not a BCM GPIO number on the 40-pin header (use 2-27)")
        entry = value if isinstance(value, dict) else {"action": value}
        m = re.fullmatch(r"\s*P([1-4])\s+([A-Za-z]+)\s*", str(entry.get("action", "")))
        if not m or m.group(2).upper() not in ACTIONS:
            raise PinMapError(f"{where}: action {entry.get('action')!r} is not like \"P1 UP\" "
                              f"(P1-P4; {', '.join(ACTIONS)})")
        player, action = int(m.group(1)), m.group(2).upper()
        pull = entry.get("pull", pull0)
        if pull not in PULL_CODE:
            raise PinMapError(f"{where}: pull {pull!r} must be up, down or off")
        low = entry.get("active_low", low0)
        if not isinstance(low, bool):
            raise PinMapError(f"{where}: active_low must be true or false")
        label = entry.get("label") or f"P{player}_{action}"
        if not re.fullmatch(r"[A-Za-z0-9_-]{1,31}", label):
            raise PinMapError(f"{where}: label must be 1-31 letters, digits, _ or -")
        out.append(dict(bcm=int(key), player=player, action=action, pull=pull,
                        active_low=low, label=label))
    return str(data.get("name", "")), sorted(out, key=lambda p: p["bcm"])


def _node_name(label: str) -> str:
    return re.sub(r"[^a-z0-9-]", "-", label.lower())


GPIO_PATH = "/soc/gpio@7e200000"     # the same on bcm2837 (Pi 3, Zero 2 W) and bcm2711 (Pi 4)


def overlay_dts(name: str, pins: list[dict], power_pin: int | None = 3,
                gpio_phandle: int | None = None) -> str:
    """The overlay source. With ``gpio_phandle`` (read from a given .dtb) the GPIO
    controller is addressed by path and literal phandle, so the overlay applies to
    trees built without ``__symbols__`` (Debian's dtbs); otherwise by the label ``&gpio``."""
    if power_pin is not None:
        if power_pin not in BCM_PINS:
            raise PinMapError(f"power pin {power_pin} is not a BCM GPIO 2-27")
        if any(p["bcm"] == power_pin for p in pins):
            raise PinMapError(f"power pin BCM{power_pin} is also a button in the pin map; "
                              f"move one of them (or --power-pin none)")
    all_pins = pins + ([dict(bcm=power_pin, pull="up")] if power_pin is not None else [])
    gpio = "&gpio" if gpio_phandle is None else f"{gpio_phandle:#x}"
    target = ("target = <&gpio>;" if gpio_phandle is None else f'target-path = "{GPIO_PATH}";')
    cells = lambda xs: " ".join(str(x) for x in xs)  # noqa: E731
    keys = []
    for p in pins:
        flags = GPIO_ACTIVE_LOW if p["active_low"] else 0
        keys.append(f"""
                {_node_name(p['label'])} {{
                    label = "{p['label']}";
                    gpios = <{gpio} {p['bcm']} {flags}>;
                    linux,code = <{keycode(p['player'], p['action'])}>;
                    debounce-interval = <{DEBOUNCE_MS}>;
                }};""")
    power = ""
    if power_pin is not None:
        power = f"""
    fragment@2 {{
        target-path = "/";
        __overlay__ {{
            handheld_power: handheld-power {{
                compatible = "gpio-keys";
                label = "handheld-power";
                power {{
                    label = "POWER";
                    gpios = <{gpio} {power_pin} {GPIO_ACTIVE_LOW}>;
                    linux,code = <{KEY_POWER}>;
                    debounce-interval = <100>;
                    wakeup-source;
                }};
            }};
        }};
    }};"""
    return f"""// handheld buttons for the gpio-keys driver: {name or 'pin map'}
// generated by image/gpiokeys.py; {len(pins)} buttons, power pin {power_pin}
/dts-v1/;
/plugin/;

/ {{
    compatible = "brcm,bcm2835";

    fragment@0 {{
        {target}
        __overlay__ {{
            handheld_pins: handheld_pins {{
                brcm,pins = <{cells(p['bcm'] for p in all_pins)}>;
                brcm,function = <{cells(0 for _ in all_pins)}>;
                brcm,pull = <{cells(PULL_CODE[p['pull']] for p in all_pins)}>;
            }};
        }};
    }};

    fragment@1 {{
        target-path = "/";
        __overlay__ {{
            handheld_buttons: handheld-buttons {{
                compatible = "gpio-keys";
                label = "handheld-buttons";
                pinctrl-names = "default";
                pinctrl-0 = <&handheld_pins>;{''.join(keys)}
            }};
        }};
    }};{power}
}};
"""


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="gpiokeys", description="pin map -> gpio-keys overlay dts")
    ap.add_argument("pinmap")
    ap.add_argument("--power-pin", default="3", help="BCM pin of the power button, or none")
    ap.add_argument("--gpio-phandle", type=lambda v: int(v, 0),
                    help="literal phandle of the GPIO controller (for dtbs without __symbols__)")
    ap.add_argument("-o", "--output", help="write here instead of stdout")
    args = ap.parse_args(argv)
    power = None if args.power_pin.lower() == "none" else args.power_pin
    if power is not None and not power.isdigit():
        ap.error(f"--power-pin {args.power_pin!r}: give a BCM number (2-27) or none")
    try:
        with open(args.pinmap, "rb") as fh:
            data = tomllib.load(fh)
        name, pins = parse_pinmap(data)
        dts = overlay_dts(name, pins, None if power is None else int(power), args.gpio_phandle)
    except FileNotFoundError:
        ap.error(f"{args.pinmap}: no such file")
    except tomllib.TOMLDecodeError as exc:
        ap.error(f"{args.pinmap}: not valid TOML ({exc})")
    except PinMapError as exc:
        ap.error(f"{args.pinmap}: {exc}")
    if args.output:
        with open(args.output, "w") as fh:
            fh.write(dts)
    else:
        sys.stdout.write(dts)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
