"""Scripted play shared by the resume tests: a kid at two sticks (never START or
ALT, which open the pause menu or a help screen), and a headless cabinet to
play it on. Used in-process and by the child process the SIGKILL test kills."""

from __future__ import annotations

import os

from handheld.base.actions import Action
from handheld.runtime.rng import Rng

STICKS_AND_FIRE = Action.UP | Action.DOWN | Action.LEFT | Action.RIGHT | Action.FIRE


def held_masks(seed: int, ticks: int):
    """Per tick, what players 1 and 2 hold: now and then a new stick and FIRE."""
    rng = Rng(seed)
    held = (0, 0)
    for _ in range(ticks):
        held = tuple(rng.randrange(64) & STICKS_AND_FIRE if rng.chance(1, 6) else h for h in held)
        yield held


def mash(seed: int, ticks: int):
    """Per tick, the raw (held, pressed, released) of four players, as a FrameBuilder takes it."""
    before = (0, 0)
    for held in held_masks(seed, ticks):
        yield [(h, h & ~b, b & ~h) for h, b in zip(held, before)] + [(0, 0, 0), (0, 0, 0)]
        before = held


def headless_cabinet(state_dir, kiosk: bool = False, resume: bool = True, first_game: str | None = None):
    from handheld.cabinet.app import Cabinet
    from handheld.audio import NullAudio
    from handheld.base.config import Config
    from handheld.display.headless import HeadlessDisplay
    from handheld.input.manager import InputManager
    from handheld.runtime import journal_disk

    # a cabinet started again in this process (a real restart is a new one): what the
    # last one's journal thread was handed reaches the card first, as it would have
    journal_disk.wait_until_written()
    os.makedirs(state_dir, exist_ok=True)
    path = os.path.join(state_dir, "handheld.toml")
    with open(path, "w") as fh:
        fh.write(f"[cabinet]\nresume = {'true' if resume else 'false'}\n")
    cfg = Config.load(path, boot_path=None)
    return Cabinet(HeadlessDisplay(), InputManager(cfg), NullAudio(), cfg, kiosk=kiosk, seed=5,
                   data_dir=state_dir, first_game=first_game)


def hold(cabinet, held) -> None:
    """Make the cabinet's raw input hold what `held` (from held_masks) says."""
    for player, mask in enumerate(held):
        for bit in (Action.UP, Action.DOWN, Action.LEFT, Action.RIGHT, Action.FIRE):
            if mask & bit:
                cabinet.input.raw.press(player, bit, "script")
            else:
                cabinet.input.raw.release(player, bit, "script")


def tap(cabinet, action, player: int = 0) -> None:
    cabinet.input.raw.press(player, action, "tap")
    cabinet.tick()
    cabinet.input.raw.release(player, action, "tap")
    cabinet.tick()
