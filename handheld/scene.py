"""Scenes and the stack that holds them.

A scene is one screen: `update(frame)` runs once per 60 Hz tick with that
tick's input, `draw(surface)` paints the 320x240 logical screen when a frame is
due. Scenes change screens through the `Director` (push a sub-screen, pop back,
replace). A scene never reads a device, a clock or the global `random`.
"""

from __future__ import annotations

from handheld.input.actions import InputFrame


class Scene:
    #: True once the scene has nothing more to show (a finished demo, a closed dialog).
    finished: bool = False

    def enter(self) -> None:
        """Called when the scene becomes the top of the stack (again)."""

    def update(self, frame: InputFrame) -> None:
        """Advance one tick."""

    def draw(self, surface) -> None:
        """Paint the whole logical screen."""


class Director:
    """The scene stack. Changes requested during a tick take effect at once."""

    def __init__(self, root: Scene | None = None):
        self.stack: list[Scene] = []
        if root is not None:
            self.push(root)

    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def push(self, scene: Scene) -> None:
        self.stack.append(scene)
        scene.enter()

    def pop(self) -> Scene | None:
        scene = self.stack.pop() if self.stack else None
        if self.stack:
            self.stack[-1].enter()
        return scene

    def replace(self, scene: Scene) -> None:
        if self.stack:
            self.stack.pop()
        self.push(scene)

    def pop_to_root(self) -> None:
        while len(self.stack) > 1:
            self.stack.pop()
        if self.stack:
            self.stack[-1].enter()

    def remove(self, scene: Scene) -> None:
        """Take `scene` off the stack wherever it is (and everything above it)."""
        if scene in self.stack:
            i = self.stack.index(scene)
            del self.stack[i:]
            if self.stack:
                self.stack[-1].enter()
