"""Choosing and opening a display backend."""

from __future__ import annotations

import logging
import time

from handheld.display.base import Display, DisplayError

log = logging.getLogger("handheld.display")

AUTO_ORDER = ("window", "kmsdrm", "fbdev", "headless")


def choose_backend(probes: dict[str, tuple[bool, str]]) -> tuple[str, str]:
    """First usable backend in AUTO_ORDER given each one's (available, reason).
    Returns (name, why) where why explains the choice and the ones skipped."""
    skipped: list[str] = []
    for name in AUTO_ORDER:
        ok, reason = probes.get(name, (name == "headless", "always available"))
        if ok:
            why = reason if not skipped else f"{reason}; skipped " + "; ".join(skipped)
            return name, why
        skipped.append(f"{name}: {reason}")
    raise AssertionError("headless is always available")


def probe_all(fbdev: str) -> dict[str, tuple[bool, str]]:
    from handheld.display.fbdev import FbdevDisplay
    from handheld.display.headless import HeadlessDisplay
    from handheld.display.sdl import KmsDrmDisplay, WindowDisplay

    return {
        "window": WindowDisplay.available(),
        "kmsdrm": KmsDrmDisplay.available(),
        "fbdev": FbdevDisplay.available(fbdev),
        "headless": HeadlessDisplay.available(),
    }


def make_backend(name: str, scale: int = 0, fbdev: str = "/dev/fb0", rotate: int = 0) -> Display:
    if name == "window":
        from handheld.display.sdl import WindowDisplay
        return WindowDisplay(scale, rotate)
    if name == "kmsdrm":
        from handheld.display.sdl import KmsDrmDisplay
        return KmsDrmDisplay(scale, rotate)
    if name == "fbdev":
        from handheld.display.fbdev import FbdevDisplay
        return FbdevDisplay(fbdev, scale, rotate)
    if name == "headless":
        from handheld.display.headless import HeadlessDisplay
        return HeadlessDisplay()
    raise DisplayError(f"unknown display {name!r}; choose auto, window, kmsdrm, fbdev or headless")


def open_display(name: str = "auto", scale: int = 0, fbdev: str = "/dev/fb0", rotate: int = 0,
                 wait_s: float = 0.0) -> Display:
    """Open the named backend, or pick one with `auto` (logging which and why).
    In auto mode a backend that probes fine but fails to open falls through to
    the next one; a named backend that fails raises DisplayError, after retrying
    for up to `wait_s` (at boot udev may still be creating the device or giving it
    its group when the cabinet starts)."""
    if name != "auto":
        return _open_named(name, scale, fbdev, rotate, wait_s)
    probes = probe_all(fbdev)
    while True:
        choice, why = choose_backend(probes)
        try:
            display = make_backend(choice, scale, fbdev, rotate)
        except DisplayError as e:
            probes[choice] = (False, str(e))
            continue
        log.info("display: %s (%s)", display.describe(), why)
        return display


def _open_named(name: str, scale: int, fbdev: str, rotate: int, wait_s: float) -> Display:
    deadline = time.monotonic() + wait_s
    waiting_since = None
    while True:
        try:
            display = make_backend(name, scale, fbdev, rotate)
        except DisplayError as e:
            if time.monotonic() >= deadline:
                raise
            if waiting_since is None:
                waiting_since = time.monotonic()
                log.info("display: %s; retrying for up to %g s (devices may still be coming up)", e, wait_s)
            time.sleep(0.1)
            continue
        if waiting_since is not None:
            log.info("display: %s ready after %.1f s", name, time.monotonic() - waiting_since)
        return display
