"""PNG pictures read and written through pygame's image extension, which the cabinet
loads when it first reads or saves one instead of at every start.

pygame's image module binds its PNG support, `pygame.imageext` (SDL_image, with libpng,
libjpeg, libtiff, libwebp and their helpers: 11 shared objects on the SD image), the
moment pygame is imported. The title screen draws no PNG, so the cabinet holds the
extension back (hold_back(), before it imports pygame) and load()/save() import it on
first use. They call the extension itself, because pygame.image, once imported without
it, never looks for it again."""

from __future__ import annotations

import os

from handheld.base import held_back

EXTENSION = ("pygame.imageext",)


def hold_back() -> None:
    """Call before pygame is first imported (later it does nothing)."""
    held_back.hold_back(EXTENSION)


def load(path: str | os.PathLike):
    """The picture in `path` as a new pygame Surface."""
    return held_back.bring_back(EXTENSION).load_extended(str(path))


def save(surface, path: str | os.PathLike) -> None:
    """Write `surface` to `path`, in the format its suffix names (.png)."""
    held_back.bring_back(EXTENSION).save_extended(surface, str(path))
