"""Display backends: each presents the 320x240 logical screen somewhere.

  window    a desktop window scaled by a whole number (development)
  kmsdrm    SDL's KMS/DRM driver, fullscreen on a Pi console with no X
  fbdev     straight to /dev/fbN through an mmap
  headless  nowhere: tests, selfplay, bench, CI
"""

from handheld.display.base import Display, DisplayError, logical_surface  # noqa: F401
from handheld.display.select import open_display, choose_backend  # noqa: F401
