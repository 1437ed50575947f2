"""handheld: a boot-to-game arcade cabinet for the Raspberry Pi."""

import os as _os
import sys as _sys
import warnings as _warnings

_os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # keep the journal free of pygame's banner

# pygame's resource helper tries `pkg_resources` first and falls back to plain
# files when it is missing. Importing pkg_resources costs ~0.3 s here and ~2 s
# on a Pi 3, for nothing we use, so we make that import fail fast. This keeps
# the time from power-on to the first frame short.
if "pkg_resources" not in _sys.modules:
    _sys.modules["pkg_resources"] = None  # type: ignore[assignment]

# Optional modules that libraries import for features the cabinet never uses;
# marked absent, each library falls back as it does where they are missing.
# pygame's __init__ imports surfarray and sndarray, which import numpy (17 MB of
# resident memory on a 512 MB Pi Zero 2 W, ~0.4 s of the start on a Pi);
# python-evdev's device module imports its asyncio reader, which imports
# asyncio and ssl (9 MB; we read devices with select) and falls back to the
# plain reader without it. Text is drawn by handheld.ui.text from its own bitmap
# font, so pygame's font (SDL_ttf with FreeType, HarfBuzz and GLib: 8 more shared
# libraries to load at every start on the image) and clipboard modules stay out too,
# and so does pygame.freetype, which pygame.quit() would import only to shut it down
# (5 more shared libraries on every clean exit). Nor does it use pygame's joystick (sticks
# are read with evdev), masks, pixel arrays, sprites, cursors, threads or fastevent: four
# more of pygame's extension modules, four Python ones and the standard modules they pull
# in, which pygame's __init__ would import at every start (22 -> 17 extension modules on
# pygame 2.1.2; `import pygame` a median 0.35 s shorter in a QEMU guest, docs/boot.md).
# Nor, but in a desktop window, its mouse (display.sdl brings it back to hide the pointer).
for _name in ("pygame.surfarray", "pygame.sndarray", "pygame.font", "pygame.scrap", "pygame.freetype",
              "pygame.joystick", "pygame.mask", "pygame.pixelarray", "pygame.pixelcopy", "pygame.sprite",
              "pygame.cursors", "pygame.threads", "pygame.fastevent", "pygame.mouse",
              "evdev.eventio_async"):
    _sys.modules.setdefault(_name, None)  # type: ignore[arg-type]
# pygame 2.1.2 (bookworm's) warns at import about the missing modules it counts as urgent
_warnings.filterwarnings("ignore", r"import (joystick|cursors|sprite|threads|pixelcopy|mouse): "
                         r"import of pygame\.", RuntimeWarning)

__version__ = "0.1.0"

SCREEN_W = 320
SCREEN_H = 240
TICK_HZ = 60
