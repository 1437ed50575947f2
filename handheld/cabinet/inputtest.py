"""`handheld input-test`: every device with its player, each player's actions
lighting up live, raw codes of unmapped presses, and events per second.

Leave by holding START and SELECT together for two seconds (any player), by
closing the window, or after --seconds. Headless, it runs for a bounded time
(default 3 s) and prints the device list.
"""

from __future__ import annotations

import sys
import time

import pygame

from handheld.base.actions import Action, InputFrame
from handheld.input.evdevmap import code_name
from handheld.base.scene import Scene
from handheld.ui.palette import rgb
from handheld.ui.text import draw_text
from handheld.ui.widgets import TextWindow, draw_title

LEAVE = int(Action.START | Action.SELECT)
LEAVE_TICKS = 120
NAME_CHARS = 56          # the small font fits 80 characters across; the whole line stays on screen
HEADLESS_SECONDS = 3.0
PANEL_W, PANEL_Y, PANEL_H = 80, 14, 74
# action -> box (x, y, w, h) inside a player's panel, and its label
BOXES = {
    Action.UP: ((18, 12, 12, 12), ""), Action.DOWN: ((18, 36, 12, 12), ""),
    Action.LEFT: ((6, 24, 12, 12), ""), Action.RIGHT: ((30, 24, 12, 12), ""),
    Action.FIRE: ((46, 12, 30, 11), "FIRE"), Action.ALT: ((46, 26, 30, 11), "ALT"),
    Action.START: ((4, 54, 34, 11), "START"), Action.SELECT: ((42, 54, 34, 11), "SEL"),
}


def device_line(d: dict) -> tuple[str, str]:
    who = "ANY" if d["player"] is None else f"P{d['player'] + 1}"
    name = d["name"][:NAME_CHARS]
    text = f"{who:<3} {d['kind'][:3].upper()} {name:<{NAME_CHARS}} {d['rate']:>3}/S"
    colour = "silver" if d["events"] == 0 else "white"
    return text, colour


def raw_text(d: dict) -> str | None:
    if not d.get("last_raw"):
        return None
    etype, code, value = d["last_raw"]
    return f"  UNMAPPED {code_name(etype, code)} {value}"


class InputTestScene(Scene):
    def __init__(self, ctx, manager):
        self.ctx = ctx
        self.manager = manager
        self.window = TextWindow()
        self.frame: InputFrame | None = None
        self.tick = 0
        self.leave_ticks = 0
        self.rows: list[tuple[str, str]] = []
        self.background = None
        self._refresh()

    def _refresh(self) -> None:
        rows = []
        for d in self.manager.devices():
            rows.append(device_line(d))
            extra = raw_text(d)
            if extra:
                rows.append((extra, "orange"))
        self.rows = rows

    def update(self, frame: InputFrame) -> None:
        self.frame = frame
        self.tick += 1
        if self.tick % 30 == 0:
            self._refresh()
        holding = any((p.held & LEAVE) == LEAVE for p in frame.players)
        self.leave_ticks = self.leave_ticks + 1 if holding else 0
        if self.leave_ticks >= LEAVE_TICKS:
            self.finished = True
            if self.ctx is not None and self.ctx.director.top is self:
                self.ctx.director.pop()

    def _background(self, surface) -> pygame.Surface:
        bg = pygame.Surface(surface.get_size(), 0, surface)
        bg.fill(rgb("ink"))
        draw_title(bg, "INPUT TEST", "HOLD START+SELECT TO LEAVE")
        for p in range(4):
            x0 = p * PANEL_W
            pygame.draw.rect(bg, rgb("slate"), (x0 + 1, PANEL_Y, PANEL_W - 2, PANEL_H), 1)
            draw_text(bg, x0 + 4, PANEL_Y + 2, f"P{p + 1}", ("light_side", "dark_side", "green", "purple")[p], "small")
            for action, ((x, y, w, h), label) in BOXES.items():
                pygame.draw.rect(bg, rgb("night"), (x0 + x, PANEL_Y + y, w, h))
                if label:
                    draw_text(bg, x0 + x + w // 2, PANEL_Y + y + 3, label, "grey", "small", align="center")
        draw_text(bg, 4, PANEL_Y + PANEL_H + 4, "DEVICES", "gold", "small")
        return bg

    def draw(self, surface) -> None:
        if self.background is None:
            self.background = self._background(surface)
        surface.blit(self.background, (0, 0))
        frame = self.frame
        if frame is not None:
            for p in range(4):
                pl = frame[p]
                if not (pl.held | pl.pressed):
                    continue
                x0 = p * PANEL_W
                for action, ((x, y, w, h), label) in BOXES.items():
                    lit = pl.held & action
                    if lit or pl.pressed & action:
                        colour = "ok" if lit else "flash"  # a tap shorter than a tick flashes
                        pygame.draw.rect(surface, rgb(colour), (x0 + x, PANEL_Y + y, w, h))
                        if label:
                            draw_text(surface, x0 + x + w // 2, PANEL_Y + y + 3, label, "ink", "small",
                                      align="center")
        y = PANEL_Y + PANEL_H + 12
        for text, colour in self.rows[:12]:
            draw_text(surface, 4, y, text, colour, "small")
            y += 8
        errors = self.manager.all_errors if hasattr(self.manager, "all_errors") else []
        lines: list[str | tuple[str, str]] = [(e[:39], "danger") for e in errors[:2]]
        lines += ["STICK, BUTTONS: THEIR BOXES LIGHT UP", "UNMAPPED CODES SHOW IN ORANGE"]
        if self.leave_ticks:
            lines = [f"LEAVING IN {(LEAVE_TICKS - self.leave_ticks) // 60 + 1} S", *lines]
        self.window.draw(surface, lines[:4])


def print_devices(manager, out=sys.stdout) -> None:
    print("input devices:", file=out)
    for d in manager.devices():
        who = "by code" if d["player"] is None else f"P{d['player'] + 1}"
        print(f"  {d['backend']:<6} {d['kind']:<8} {who:<7} {d['name']} [{d['identity']}] "
              f"{d['events']} events", file=out)
    for e in manager.all_errors:
        print(f"  ! {e}", file=out)


def main(args) -> int:
    from handheld.base.config import Config
    from handheld.display import DisplayError, open_display
    from handheld.runtime.context import Context
    from handheld.input.manager import InputManager

    config = Config.load(getattr(args, "config", None))
    seconds = getattr(args, "seconds", None)
    if seconds is not None and seconds <= 0:
        print("handheld input-test: error: --seconds must be more than 0", file=sys.stderr)
        return 2
    try:
        display = open_display(getattr(args, "display", None) or config.get("display.backend"),
                               scale=getattr(args, "scale", None) or config.get("display.scale"),
                               fbdev=getattr(args, "fbdev", None) or config.get("display.fbdev"),
                               rotate=config.get("display.rotate"))
    except DisplayError as e:
        print(f"handheld input-test: error: {e}", file=sys.stderr)
        return 2
    headless = display.name == "headless"
    if headless and seconds is None:
        seconds = HEADLESS_SECONDS
    manager = InputManager(config)
    ctx = Context.headless_context(settings=config)
    scene = InputTestScene(ctx, manager)
    ctx.director.push(scene)
    surface = pygame.Surface((320, 240), 0, 32)
    start = time.monotonic()
    next_tick = start
    ticks = 0
    try:
        manager.poll()
        print_devices(manager)
        while not scene.finished:
            now = time.monotonic()
            if seconds is not None and now - start >= seconds:
                break
            if now < next_tick:
                time.sleep(next_tick - now)
            next_tick += 1 / 60
            quit_asked = False
            for event in display.events():
                if event.type == pygame.QUIT:
                    quit_asked = True
                else:
                    manager.handle_pygame_event(event)
            if quit_asked:
                break
            manager.poll()
            frame, _ = manager.sample()
            scene.update(frame)
            ticks += 1
            scene.draw(surface)
            display.present(surface)
        if headless:
            print(f"ran {ticks} ticks headless")
            print_devices(manager)
    finally:
        manager.close()
        display.close()
    return 0
