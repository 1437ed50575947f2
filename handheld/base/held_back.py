"""pygame modules the cabinet holds back at start and imports when first used.

pygame's __init__ imports its optional modules, and their shared libraries, the moment
pygame is imported. A module marked absent in sys.modules before that is skipped (pygame
falls back as where it is missing); bring_back() removes the marks and imports it."""

from __future__ import annotations

import importlib
import sys


def hold_back(names: tuple[str, ...]) -> None:
    """Mark `names` absent. Call before pygame is first imported (later it does nothing)."""
    if "pygame" not in sys.modules:
        for name in names:
            sys.modules.setdefault(name, None)  # type: ignore[arg-type]


def bring_back(names: tuple[str, ...]):
    """The module names[0], imported now; the rest are modules it imports itself, held back with it."""
    for name in names:
        if name in sys.modules and sys.modules[name] is None:
            del sys.modules[name]
    # import_module, not `import pygame.x`: pygame's __init__ deletes some such attributes
    return importlib.import_module(names[0])
