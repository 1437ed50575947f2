"""`handheld doctor`: can this machine run the cabinet? One line per check,
with the fix where something is wrong; exit 0 when the cabinet can run
(a usable display and at least one way to play), 1 when it cannot.

Everything the checks touch goes through `Probe`, so tests replace the
machine (device nodes, groups, drivers) without touching the real one.
"""

from __future__ import annotations

import glob
import os
import sys
from dataclasses import dataclass, field

OK, WARN, FAIL = "ok", "WARN", "FAIL"
SDL_CANDIDATES = ("kmsdrm", "x11", "wayland", "offscreen", "dummy")


@dataclass
class Report:
    lines: list[tuple[str, str]] = field(default_factory=list)
    displays: list[str] = field(default_factory=list)
    inputs: list[str] = field(default_factory=list)

    def add(self, status: str, text: str) -> None:
        self.lines.append((status, text))


class Probe:
    """The machine as the doctor sees it."""

    def input_nodes(self) -> list[str]:
        from handheld.input.evdev_backend import list_event_nodes
        return list_event_nodes()

    def open_input(self, path: str):
        from handheld.input.evdev_backend import default_opener
        return default_opener(path)

    def evdev_missing(self) -> str | None:
        try:
            import evdev  # noqa: F401
        except ImportError as e:
            return str(e)
        return None

    def group_status(self, name: str) -> bool | None:
        """True: the user is in the group (or root); False: not; None: no such group."""
        import grp
        if os.geteuid() == 0:
            return True
        try:
            gid = grp.getgrnam(name).gr_gid
        except KeyError:
            return None
        return gid in os.getgroups()

    def display_probes(self, fbdev: str) -> dict[str, tuple[bool, str]]:
        from handheld.display.select import probe_all
        return probe_all(fbdev)

    def sdl_drivers(self) -> dict[str, str | None]:
        """driver -> None when pygame can start it here, else the error."""
        import pygame
        out: dict[str, str | None] = {}
        saved = os.environ.get("SDL_VIDEODRIVER")
        try:
            for name in SDL_CANDIDATES:
                need = {"x11": "DISPLAY", "wayland": "WAYLAND_DISPLAY"}.get(name)
                if need and not os.environ.get(need):
                    out[name] = f"no {need}"  # would only print noise on stderr
                    continue
                os.environ["SDL_VIDEODRIVER"] = name
                try:
                    pygame.display.init()
                    out[name] = None
                except pygame.error as e:
                    out[name] = str(e) or "failed"
                finally:
                    pygame.display.quit()
        finally:
            if saved is None:
                os.environ.pop("SDL_VIDEODRIVER", None)
            else:
                os.environ["SDL_VIDEODRIVER"] = saved
        return out

    def sound_devices(self) -> list[str]:
        return sorted(glob.glob("/dev/snd/pcmC*D*p"))

    def access(self, path: str, mode: int) -> bool:
        return os.access(path, mode)

    def gpio_library(self) -> tuple[str | None, str | None]:
        """(description, error)."""
        try:
            import RPi.GPIO as gpio  # noqa: N813
        except ImportError:
            return None, "not installed"
        except RuntimeError as e:
            return None, str(e)
        return f"RPi.GPIO API {getattr(gpio, 'VERSION', '?')} ({gpio.__file__})", None

    def gpio_chips(self) -> list[str]:
        return sorted(glob.glob("/dev/gpiochip*")) + sorted(glob.glob("/dev/gpiomem*"))


def check(config, probe: Probe) -> Report:
    r = Report()
    _config(r, config)
    _displays(r, config, probe)
    _inputs(r, config, probe)
    _sound(r, probe)
    _gpio(r, config, probe)
    return r


def _config(r: Report, config) -> None:
    if config is None:
        r.add(WARN, "config: could not be loaded; defaults used")
        return
    where = getattr(config, "path", "?")
    warnings = config.warnings + [f"{where}: {w}" for w in _owned_section_warnings(config)]
    if warnings:
        for w in warnings:
            r.add(WARN, f"config: {w}")
    else:
        exists = os.path.exists(where) if isinstance(where, (str, os.PathLike)) else False
        r.add(OK, f"config: {where} {'is valid' if exists else 'not there yet; defaults in use'}")


def _owned_section_warnings(config) -> list[str]:
    """[input], [fleet] and [link] are checked by the code that owns them, and the game
    ids of cabinet.games by the registry; the doctor asks each."""
    from handheld.games.registry import shown_ids
    from handheld.input import settings as input_settings

    warnings = input_settings.validate(config.get("input", {}) or {})[1]
    games_problem = shown_ids(config.get("cabinet.games", "all"))[1]
    warnings += [games_problem] if games_problem else []
    if config.get("fleet"):             # as `handheld run`: an absent or empty [fleet] is no fleet
        from handheld.fleet.options import validate

        warnings += validate(config.get("fleet"))
    if config.get("link") is not None:
        from handheld.link.options import parse

        warnings += parse(config.get("link"))[1]
    return warnings


def _displays(r: Report, config, probe: Probe) -> None:
    fbdev = config.get("display.fbdev", "/dev/fb0") if config is not None else "/dev/fb0"
    try:
        probes = probe.display_probes(fbdev)
    except Exception as e:  # the display package missing or broken: say so, keep going
        probes = {}
        r.add(WARN, f"display: cannot probe backends ({e})")
    for name in ("window", "kmsdrm", "fbdev"):
        if name not in probes:
            continue
        ok, why = probes[name]
        if ok:
            r.displays.append(name)
            r.add(OK, f"display {name}: {why}")
        elif name == "window":
            r.add(OK, f"display {name}: not here ({why}); fine on a console cabinet")
        else:
            r.add(WARN, f"display {name}: {why}")
    video = probe.group_status("video")
    if video is False:
        r.add(WARN, "group video: the user is not in it; fix: sudo usermod -aG video,render $USER, log in again")
    try:
        drivers = probe.sdl_drivers()
    except Exception as e:
        r.add(WARN, f"SDL video drivers: cannot check ({e})")
        return
    usable = [d for d, err in drivers.items() if err is None]
    r.add(OK if usable else WARN, f"SDL video drivers usable here: {', '.join(usable) or 'none'}")
    if drivers.get("kmsdrm") is not None and "window" not in r.displays:
        r.add(WARN if "fbdev" not in r.displays else OK,
              f"SDL kmsdrm: {drivers['kmsdrm']}; a console cabinet then draws through fbdev "
              f"(fix: dtoverlay=vc4-kms-v3d in config.txt, groups video+render)")


def _inputs(r: Report, config, probe: Probe) -> None:
    from handheld.input.evdevmap import classify
    if "window" in r.displays:
        r.inputs.append("keyboard (window)")
    missing = probe.evdev_missing()
    if missing:
        r.add(WARN, f"input: python-evdev is not installed ({missing}); fix: sudo apt install python3-evdev")
        return
    nodes = probe.input_nodes()
    if not nodes:
        r.add(WARN, "input: no /dev/input/event* devices; plug in a stick, pad or keyboard encoder")
    denied = 0
    for path in nodes:
        if not probe.access(path, os.R_OK):
            denied += 1
            continue
        try:
            dev = probe.open_input(path)
            kind = classify(dev.capabilities(absinfo=True))
            name, phys = dev.name, dev.phys
            dev.close()
        except OSError as e:
            r.add(WARN, f"input: {path}: cannot open ({e.strerror or e})")
            continue
        if kind == "other":
            continue
        r.inputs.append(name)
        r.add(OK, f"input: {path} {kind} '{name}' ({phys or 'no phys'}) readable")
    if denied:
        r.add(FAIL if not r.inputs else WARN,
              f"input: {denied} of {len(nodes)} devices not readable; fix: sudo usermod -aG input $USER, "
              f"log in again")
    elif nodes and not r.inputs:
        r.add(WARN, "input: no stick, pad or keyboard among the input devices")


def _sound(r: Report, probe: Probe) -> None:
    pcms = probe.sound_devices()
    if not pcms:
        r.add(WARN, "sound: no playback device in /dev/snd; the cabinet runs silent "
                    "(fix: dtparam=audio=on or your DAC's overlay in config.txt)")
        return
    usable = [p for p in pcms if probe.access(p, os.R_OK | os.W_OK)]
    if usable:
        r.add(OK, f"sound: {', '.join(usable)}")
    else:
        r.add(WARN, f"sound: {pcms[0]} not writable; fix: sudo usermod -aG audio $USER, log in again")


def _gpio(r: Report, config, probe: Probe) -> None:
    section = config.get("input", {}) if config is not None else {}
    wants = bool(section.get("pinmap") or section.get("pins")) and section.get("gpio", "poll") != "off"
    lib, err = probe.gpio_library()
    chips = probe.gpio_chips()
    if lib:
        r.add(OK, f"GPIO library: {lib}")
    else:
        status = FAIL if wants else OK
        fix = ("fix: sudo apt install python3-rpi.gpio (Pi 5: python3-rpi-lgpio), or the kernel route: "
               "handheld hw overlay PINMAP.toml")
        r.add(status, f"GPIO library: {err}" + (f"; {fix}" if wants else "; only needed for buttons on the header"))
    if chips:
        bad = [c for c in chips if not probe.access(c, os.R_OK | os.W_OK)]
        if bad:
            r.add(FAIL if wants else WARN, f"GPIO chip: {', '.join(bad)} not accessible; fix: sudo usermod -aG gpio $USER")
        else:
            r.add(OK, f"GPIO chip: {', '.join(chips)}")
    elif wants:
        r.add(FAIL, "GPIO chip: no /dev/gpiochip* or /dev/gpiomem; is this a Raspberry Pi?")
    if wants and lib and chips:
        r.inputs.append("GPIO pins")


def main(args) -> int:
    config = None
    try:
        from handheld.base.config import Config
        config = Config.load(getattr(args, "config", None), log_warnings=False)   # listed below, once
    except Exception as e:  # keep the doctor useful even with a broken runtime
        print(f"FAIL config: cannot load ({e})")
    report = check(config, getattr(args, "probe", None) or Probe())
    for status, text in report.lines:
        print(f"{status:<4} {text}")
    if report.displays and report.inputs:
        print(f"doctor: the cabinet can run (display: {', '.join(report.displays)}; "
              f"inputs: {', '.join(report.inputs)})")
        return 0
    why = []
    if not report.displays:
        why.append("no screen backend works here (only headless)")
    if not report.inputs:
        why.append("no input it can read")
    print(f"doctor: the cabinet cannot run on a screen of this machine: {' and '.join(why)} (headless, "
          f"`handheld run` still shows its attract mode as PNGs); see the lines above for the fix", file=sys.stderr)
    return 1
