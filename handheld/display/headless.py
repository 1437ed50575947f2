"""No output at all: for tests, selfplay, bench and CI. Keeps the last frame
so screenshots can be taken of what would have been shown."""

from __future__ import annotations

from handheld.display.base import Display


class HeadlessDisplay(Display):
    name = "headless"

    def __init__(self):
        self.frames = 0
        self.last = None

    def present(self, surface) -> None:
        self.frames += 1
        self.last = surface

    @staticmethod
    def available() -> tuple[bool, str]:
        return True, "always available"
