"""Scenes and the stack that holds them.

A scene is one screen: `update(frame)` runs once per 60 Hz tick with that
tick's input, `draw(surface)` paints the 320x240 logical screen when a frame is
due. Scenes change screens through the `Director` (push a sub-screen, pop back,
replace). A scene never reads a device, a clock or the global `random`.
"""

from __future__ import annotations

from handheld.base.actions import InputFrame


class Scene:
    #: True once the scene has nothing more to show (a finished demo, a closed dialog).
    finished: bool = False

    def enter(self) -> None:
        """Called when the scene becomes the top of the stack (again)."""

    def update(self, frame: InputFrame) -> None:
        """Advance one tick."""

    def draw(self, surface) -> None:
        """Paint the whole logical screen."""


class MatchScene(Scene):
    """What every game's match scene is to the runner that hosts it
    (handheld/runtime/match.py): driven only by InputFrames, deterministic."""

    #: once `finished`: {"winner": ..., "text": the end menu's line, optional "records": {...}}
    result: dict | None = None
    @property
    def real_time(self) -> bool:
        """True while the match runs in real time (Archon's arena), so its journal flushes even when idle."""
        return False
    #: what its computer players decided so far, as tuples of ints, if the game keeps them: the
    #: journal writes them down so a resume need not think them again (handheld/cabinet/resume.py)
    decisions: tuple | list = ()

    def use_recorded_decisions(self, decisions) -> None:
        """Resuming: `decisions` a journal kept. The game may play them instead of
        thinking where that cannot change what follows; it checks that each fits the
        match as it stands and raises journal.DecisionMismatch if one does not."""

    def human_players(self) -> int:
        """How many people play (0: computers only, a demo, which is never journaled)."""
        raise NotImplementedError

    def state_hash(self) -> str:
        """A hash of everything that decides the rest of the match (replays check it)."""
        raise NotImplementedError

    # --- linked play (handheld/link/): lockstep unless the scene offers rollback
    #: takes options["computer_from"] = [player, tick]: a computer plays that side from that tick
    #: (a linked match whose other cabinet is gone; the replay re-runs it the same)
    hands_over: bool = False

    def predictable(self) -> bool:
        """True when the next tick may run on a guessed input for the other
        cabinet's player and be run again from `snapshot()` when the guess was
        wrong (Archon's arena). False: that tick waits for the real input."""
        return False

    def snapshot(self):
        """What `restore` needs to put this scene back as it is (asked only while `predictable()`)."""
        raise NotImplementedError

    def restore(self, snap) -> None:
        raise NotImplementedError

    @staticmethod
    def input_key(pin):
        """The part of a player's input a predicted tick reads: a guess is wrong only if it differs."""
        return pin


def computer_from(options: dict, two_humans: bool):
    """(player, tick) of options["computer_from"] = [player, tick], the player 0
    (the host's, P1) or 1: a computer plays that side from that tick on (a
    linked match whose other cabinet is gone; the replay re-runs it the
    same). None without it; ValueError naming the fix if malformed."""
    value = options.get("computer_from")
    if value is None:
        return None
    if not (isinstance(value, list) and len(value) == 2 and value[0] in (0, 1) and type(value[1]) is int
            and value[1] >= 1 and two_humans):
        raise ValueError(f"computer_from = {value!r}: [0 or 1, a tick from 1] in a match of two players")
    return value[0], value[1]


class Director:
    """The scene stack, and the only code that changes it. Changes requested during
    a tick take effect at once."""

    def __init__(self, root: Scene | None = None):
        self._stack: list[Scene] = []
        if root is not None:
            self.push(root)

    @property
    def scenes(self) -> tuple[Scene, ...]:
        """The stack, bottom first (to look at: change it with the methods below)."""
        return tuple(self._stack)

    @property
    def top(self) -> Scene | None:
        return self._stack[-1] if self._stack else None

    def push(self, scene: Scene) -> None:
        self._stack.append(scene)
        scene.enter()

    def pop(self) -> Scene | None:
        scene = self._stack.pop() if self._stack else None
        self._enter_top()
        return scene

    def replace(self, scene: Scene) -> None:
        if self._stack:
            self._stack.pop()
        self.push(scene)

    def pop_to_root(self) -> None:
        del self._stack[1:]
        self._enter_top()

    def pop_above(self, scene: Scene) -> None:
        """Take everything above `scene` off the stack; `scene` is on top again
        (entered again only if something was above it)."""
        if scene in self._stack and scene is not self._stack[-1]:
            del self._stack[self._stack.index(scene) + 1:]
            self._enter_top()

    def remove(self, scene: Scene) -> None:
        """Take `scene` off the stack wherever it is (and everything above it)."""
        if scene in self._stack:
            del self._stack[self._stack.index(scene):]
            self._enter_top()

    def _enter_top(self) -> None:
        if self._stack:
            self._stack[-1].enter()
