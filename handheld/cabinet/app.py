"""The cabinet: wires display, input, audio and the scene stack to the 60 Hz loop,
and runs the kiosk timers (attract mode, idle return, admin combo)."""

from __future__ import annotations

import logging
import os
import time
from typing import TYPE_CHECKING

import pygame

from handheld import TICK_HZ
from handheld.display.base import logical_surface
from handheld.runtime.context import Context
from handheld.base.actions import Action, InputFrame
from handheld.cabinet.launcher import MenuScene, TitleScene
from handheld.games.registry import shown_ids
from handheld.base.records import Records
from handheld.runtime.clock import MonotonicClock
from handheld.runtime.loop import FixedStepLoop
from handheld.base.scene import Director

if TYPE_CHECKING:
    from handheld.audio.watch import SoundWatcher

log = logging.getLogger("handheld")

COMBO_NAMES = dict(Action.__members__)


def parse_combo(text: str) -> int:
    """'START+SELECT+FIRE' -> action mask; unknown names raise ValueError."""
    mask = 0
    for part in text.upper().replace(" ", "").split("+"):
        if part not in COMBO_NAMES:
            raise ValueError(f"unknown button {part!r} in admin combo; use {', '.join(COMBO_NAMES)}")
        mask |= COMBO_NAMES[part]
    return mask


def _notifier():
    try:
        from handheld.system import sdnotify
    except ImportError:
        return None
    return sdnotify


class Cabinet:
    """One running cabinet. `tick()` and `render()` are what the loop calls."""

    def __init__(self, display, input_manager, audio, config, kiosk: bool = False,
                 first_game: str | None = None, seed: int | None = None, data_dir=None,
                 kiosk_locked: bool = False):
        self.display = display
        self.input = input_manager
        self.audio = audio
        self.config = config
        self.kiosk = kiosk
        self.surface = logical_surface()
        self.director = Director()
        self.ctx = Context(director=self.director, audio=audio, settings=config, kiosk=kiosk,
                           kiosk_locked=kiosk_locked,
                           seed=seed if seed is not None else time.time_ns() % 1_000_000_007,
                           data_dir=str(data_dir) if data_dir else None)
        self.ctx.input_manager = input_manager
        self.ctx.records = Records.load(data_dir) if data_dir else Records()
        _ids, problem = shown_ids(config.get("cabinet.games", "all"))        # imports no game
        if problem:
            log.warning("%s: %s", config.path, problem)
        self.director.push(TitleScene(self.ctx))
        self.attract_after = config.get("cabinet.attract_after_s", 60) * TICK_HZ
        self.idle_return = config.get("cabinet.idle_return_s", 180) * TICK_HZ
        self.admin_hold = config.get("cabinet.admin_hold_s", 5) * TICK_HZ
        try:
            self.admin_mask = parse_combo(config.get("cabinet.admin_combo", "START+SELECT+FIRE"))
        except ValueError as e:
            log.warning("%s; using START+SELECT+FIRE", e)
            self.admin_mask = parse_combo("START+SELECT+FIRE")
        self.idle_ticks = 0
        self.admin_ticks = 0
        self.ticks = 0
        self.frames = 0
        self.notify = _notifier()
        self.sound_watcher: SoundWatcher | None = None
        self.fleet = None                 # handheld.fleet.link.FleetLink with a [fleet] config
        if first_game:
            self._open_game(first_game)
        from handheld.cabinet.resume_offer import offer_resume
        # a match the power cut short (docs/resume.md), over the game --game opened too:
        # starting a new match would replace its journal, so it is never lost unasked
        offer_resume(self.ctx)

    def use_audio(self, audio) -> None:
        """Play through `audio` from now on (the runner opens sound after the first frame),
        with every sound the scenes built so far registered on the old one."""
        for name, wav in self.audio.files.items():
            audio.register(name, wav)
        self.audio = audio
        self.ctx.audio = audio

    def watch_for_sound(self, watcher: SoundWatcher) -> None:
        """While silent, ask `watcher.poll()` once a second for sound that has become
        usable (handheld/audio/watch.py) and play through it from then on."""
        self.sound_watcher = watcher

    def _check_sound(self, watcher: SoundWatcher) -> None:
        audio = watcher.poll()
        if audio is not None:
            self.use_audio(audio)
            self.sound_watcher = None

    def _open_game(self, game_id: str) -> None:
        from handheld.games.registry import load_game

        game = load_game(game_id)
        self.director.push(MenuScene(self.ctx, highlight=game_id))
        if game.built:
            self.director.push(game.start_scene(self.ctx))

    def attach_input(self, input_manager) -> None:
        """Input may start after the first frame (the title is up sooner; see runner)."""
        self.input = input_manager
        self.ctx.input_manager = input_manager

    @property
    def quit_requested(self) -> bool:
        return self.ctx.quit_requested

    # --- one tick ------------------------------------------------------
    def tick(self) -> None:
        for event in self.display.events():
            if event.type == pygame.QUIT and not self.kiosk:
                self.ctx.quit_requested = True
            else:
                self.input.handle_pygame_event(event)
        self.input.poll()
        frame, _raw = self.input.sample()
        self._kiosk_timers(frame)
        top = self.director.top
        if top is not None:
            top.update(frame)
        self.ticks += 1
        if self.ticks % TICK_HZ == 0:
            if self.notify:
                self.notify.watchdog()
            if self.sound_watcher is not None:
                self._check_sound(self.sound_watcher)
            if self.fleet is not None:
                self.fleet.apply_live(self)

    def _kiosk_timers(self, frame: InputFrame) -> None:
        from handheld.cabinet.attract import AttractScene

        active = frame.any_held() or frame.any_pressed()
        self.idle_ticks = 0 if active else self.idle_ticks + 1
        top = self.director.top
        at_launcher = isinstance(top, (TitleScene, MenuScene))
        if at_launcher and self.idle_ticks >= self.attract_after:
            self.idle_ticks = 0
            self.director.push(AttractScene(self.ctx, self.config.get("cabinet.demo_seconds", 40)))
        elif (self.kiosk and not at_launcher and not isinstance(top, AttractScene)
              and not getattr(top, "keeps_awake", False) and self.idle_ticks >= self.idle_return):
            log.info("kiosk: idle for %d s, back to the title", self.idle_return // TICK_HZ)
            self.idle_ticks = 0
            self.director.pop_to_root()
        if self.kiosk:
            holding = any((p.held & self.admin_mask) == self.admin_mask for p in frame.players)
            self.admin_ticks = self.admin_ticks + 1 if holding else 0
            if self.admin_ticks == self.admin_hold:
                from handheld.cabinet.settings_scene import AdminScene
                self.director.push(AdminScene(self.ctx))

    def render(self) -> None:
        self.draw()
        self.present()

    def draw(self) -> None:
        top = self.director.top
        if top is not None:
            top.draw(self.surface)

    def present(self) -> None:
        self.display.present(self.surface)
        self.frames += 1
        if self.frames == 1:
            log.info("first frame on screen (pid %d)", os.getpid())
            if self.notify:
                self.notify.ready(f"running (pid {os.getpid()})")

    def run(self, seconds: float | None = None, clock=None) -> None:
        """Run until quit, or for `seconds` of game time (which is wall time unless the
        machine cannot keep up; see handheld/runtime/loop.py)."""
        clock = clock or MonotonicClock()
        # a present that may wait for vblank: the loop paces by it while it really does
        loop = FixedStepLoop(self.tick, self.draw, clock, present=self.present,
                             vsync=getattr(self.display, "vsync", False))
        last_tick = None if seconds is None else self.ticks + round(seconds * TICK_HZ)
        loop.run(lambda: self.quit_requested or (last_tick is not None and self.ticks >= last_tick))
        self.stats = s = loop.stats
        log.info("loop: %d ticks in %d frames (%d paced by vblank), %d ticks dropped (%.1f s of game time)",
                 s.ticks, s.frames, s.vblank_frames, s.dropped_ticks, s.dropped_ticks / TICK_HZ)
