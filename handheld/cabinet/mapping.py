"""The "hold a button to configure" flow, as cabinet users know it from
EmulationStation:

1. HOLD any button on the device you want to set up (one second): that picks
   the device (by its stable identity).
2. For each action in turn, PRESS the button or push the stick that should do
   it. HOLD any button for a second instead to SKIP an action: it keeps the
   device's current binding.
3. Press the new FIRE to save (ALT starts over). The mapping goes into
   [input.devices."<identity>"] and the config file is written atomically;
   the device uses it at once.

Everything is counted in ticks; the scene reads raw device events through
the input manager's capture hook and never blocks.
"""

from __future__ import annotations

import logging

from handheld.base.config import ConfigNotSaved
from handheld.base.actions import ALL_ACTIONS, Action, InputFrame, action_name
from handheld.input.evdevmap import EV_ABS, EV_KEY, code_name
from handheld.base.scene import Scene
from handheld.ui.palette import rgb
from handheld.ui.text import draw_text
from handheld.ui.widgets import TextWindow, draw_title

log = logging.getLogger("handheld.cabinet.mapping")

HOLD_TICKS = 60          # a second held: pick the device / skip an action
DETECT_PERCENT = 50      # an axis counts as pushed past half its range
IDLE_LEAVE_TICKS = 60 * 60   # a minute with no input from anything: leave without saving


class MappingScene(Scene):
    def __init__(self, ctx, manager):
        self.ctx = ctx
        self.manager = manager
        self.window = TextWindow()
        self.stage = "detect"
        self.device = None
        self.step = 0
        self.new: dict[str, str] = {}
        self.used: set[str] = set()
        self.held: dict[object, dict[str, int]] = {}   # device -> {code: ticks held}
        self.pending: list[tuple[object, str, bool]] = []  # (device, code, down) this tick
        self.message = ""
        self.tick = 0
        self.select_ticks = 0
        self.idle_ticks = 0
        self.lost = False        # the device being set up was unplugged
        manager.capture = self._capture

    # --- raw events from the evdev backend ---------------------------------
    def _capture(self, dev, etype: int, code: int, value: int) -> None:
        if etype == EV_KEY:
            self.pending.append((dev, code_name(EV_KEY, code), bool(value)))
        elif etype == EV_ABS:
            info = {c[0]: c[1] for c in dev.caps.get(EV_ABS, ()) if isinstance(c, tuple)}.get(code)
            if info is None:
                return
            offset2 = 2 * value - (info.min + info.max)
            threshold2 = (info.max - info.min) * DETECT_PERCENT // 100
            base = code_name(EV_ABS, code)
            self.pending.append((dev, base + "-", offset2 < -threshold2))
            self.pending.append((dev, base + "+", offset2 > threshold2))

    # --- ticks -----------------------------------------------------------
    def update(self, frame: InputFrame) -> None:
        self.tick += 1
        events, self.pending = self.pending, []
        busy = events or frame.any_held() or frame.any_pressed()
        self.idle_ticks = 0 if busy else self.idle_ticks + 1
        if self.idle_ticks >= IDLE_LEAVE_TICKS:
            self._leave()
            return
        if self.device is not None and self.stage in ("map", "confirm") and not self._follow_device():
            sel = frame.merged().pressed
            if sel & (Action.SELECT | Action.ALT):
                self._leave()
            return
        released = []
        for dev, code, down in events:
            table = self.held.setdefault(dev, {})
            if down and code not in table:
                table[code] = 0
            elif not down and code in table:
                released.append((dev, code, table.pop(code)))
        for table in self.held.values():
            for code in table:
                table[code] += 1
        if self.stage == "detect":
            for dev, table in self.held.items():
                if any(t >= HOLD_TICKS for t in table.values()):
                    self._start(dev)
                    break
        elif self.stage == "map":
            self._map_step(released)
        elif self.stage == "confirm":
            for dev, code, ticks in released:
                if dev is not self.device:
                    continue
                if self.new.get(code) == "FIRE":
                    self._save()
                    return
                if self.new.get(code) == "ALT":
                    self._start(self.device)
                    return
        if self.stage == "detect":
            # a short tap of SELECT leaves; holding it picks its device like any button
            merged = frame.merged()
            if (merged.held | merged.pressed) & Action.SELECT:
                self.select_ticks += 1
            else:
                if 0 < self.select_ticks < HOLD_TICKS // 2:
                    self._leave()
                self.select_ticks = 0

    def _follow_device(self) -> bool:
        """Is the device being set up still there? Unplugged and plugged back
        (a new node, a new object) it is picked up again where it left off."""
        evdev = getattr(self.manager, "evdev", None)
        if evdev is None or self.device in evdev.open:
            self.lost = False
            return True
        again = next((d for d in evdev.open if d.identity == self.device.identity), None)
        if again is None:
            self.lost = True
            return False
        self.device, self.lost = again, False
        self.held = {again: {}}
        return True

    def _start(self, dev) -> None:
        self.device = dev
        self.stage = "map"
        self.step = 0
        self.new = {}
        self.used = set()
        self.held = {dev: {c: HOLD_TICKS * 10 for c in self.held.get(dev, {})}}  # ignore the held button
        self.message = ""

    def _map_step(self, released) -> None:
        table = self.held.get(self.device, {})
        if any(HOLD_TICKS <= t < HOLD_TICKS * 10 for t in table.values()):
            self._skip()
            self.held[self.device] = {c: HOLD_TICKS * 10 for c in table}
            return
        for dev, code, ticks in released:
            if dev is not self.device or ticks >= HOLD_TICKS:
                continue
            if code in self.used:
                self.message = f"{code} IS ALREADY USED"
                continue
            self.new[code] = action_name(ALL_ACTIONS[self.step])
            self.used.add(code)
            self._advance()
            break

    def _skip(self) -> None:
        action = int(ALL_ACTIONS[self.step])
        for code, spec in self._current_bindings(action):
            if code not in self.used:
                self.new[code] = spec
                self.used.add(code)
        self._advance()

    def _current_bindings(self, action: int) -> list[tuple[str, str]]:
        """What the device does for `action` today, as (code, spec) pairs."""
        d = self.device
        out = []
        for code, (player, bits) in d.buttons.items():
            if bits == action and (d.player is None or player == d.player):
                out.append((code_name(EV_KEY, code), action_name(action)))
        for code, ax in d.axes.items():
            for sign, target in (("-", ax.lo), ("+", ax.hi)):
                if target and target[1] == action:
                    out.append((code_name(EV_ABS, code) + sign, action_name(action)))
        return out

    def _advance(self) -> None:
        self.message = ""
        self.step += 1
        if self.step >= len(ALL_ACTIONS):
            self.stage = "confirm"

    def _save(self) -> None:
        d = self.device
        config = self.ctx.settings if self.ctx is not None else None
        if config is None:
            self.message = "NO CONFIG TO SAVE TO"
            self.stage = "done"
            return
        devices = config.get("input.devices", {}) or {}
        entry = dict(devices.get(d.identity, {}))
        if d.player is not None:
            entry["player"] = d.player + 1
        entry["map"] = dict(self.new)
        devices[d.identity] = entry
        try:
            config.set("input.devices", devices)
            config.save()
        except ConfigNotSaved as e:
            log.warning("controls not saved: %s", e)
            self.message = ConfigNotSaved.screen_text
            self.stage = "confirm"
            return
        except OSError as e:
            self.message = f"SAVE FAILED: {e.strerror or e}"[:39]
            self.stage = "confirm"
            return
        if hasattr(self.manager, "reload_devices"):
            self.manager.reload_devices()
        self.stage = "done"
        self._leave()

    def _leave(self) -> None:
        self.manager.capture = None
        self.finished = True
        if self.ctx is not None and self.ctx.director.top is self:
            self.ctx.director.pop()

    # --- drawing -----------------------------------------------------------
    def prompt(self) -> list[str]:
        if self.stage == "detect":
            return ["HOLD ANY BUTTON ON THE DEVICE", "YOU WANT TO SET UP", "", "TAP SELECT: LEAVE"]
        if self.lost:
            return [f"{self.device.name[:27].upper()} UNPLUGGED", "PLUG IT BACK IN TO GO ON", "",
                    "TAP SELECT ON ANOTHER PAD: LEAVE"]
        if self.stage == "map":
            name = ALL_ACTIONS[self.step].name
            return [f"PRESS {name}", "HOLD ANY BUTTON TO SKIP", self.message, self.device.name[:39]]
        if self.stage == "confirm":
            return ["PRESS THE NEW FIRE TO SAVE", "PRESS THE NEW ALT TO START OVER", self.message, ""]
        return ["SAVED" if not self.message else self.message]

    def draw(self, surface) -> None:
        surface.fill(rgb("ink"))
        draw_title(surface, "SET UP CONTROLS", self.device.kind.upper() if self.device else "")
        y = 20
        for i, action in enumerate(ALL_ACTIONS):
            name = action_name(action)
            codes = [c for c, spec in self.new.items() if spec.split()[-1] == name]
            colour = "gold" if self.stage == "map" and i == self.step else "white" if codes else "slate"
            draw_text(surface, 20, y, name, colour)
            draw_text(surface, 100, y, ", ".join(codes)[:26] if codes else "-", colour, "small")
            y += 20
        self.window.draw(surface, self.prompt())
