"""input-test screen pixels and the mapping flow, with fake evdev devices."""

import tomllib

import pygame
import pytest
from evdev import ecodes as e

from handheld.base.config import Config
from handheld.runtime.context import Context
from handheld.base.actions import Action
from handheld.input.fakes import FakeInputDevice, gamepad_caps
from handheld.cabinet.inputtest import BOXES, PANEL_W, PANEL_Y, InputTestScene
from handheld.input.manager import InputManager
from handheld.cabinet.mapping import HOLD_TICKS, MappingScene
from handheld.ui.palette import rgb


class Clock:
    def __init__(self):
        self.t = 5.0

    def __call__(self):
        return self.t


@pytest.fixture
def rig(tmp_path):
    pygame.init()
    path = tmp_path / "handheld.toml"
    path.write_text("[sound]\nvolume = 50\n")
    cfg = Config.load(path, boot_path=None)
    pad = FakeInputDevice("/dev/input/event5", "Pad", "usb-1.1/input0", gamepad_caps())
    clock = Clock()
    m = InputManager(cfg, opener={pad.path: pad}.__getitem__, lister=lambda: [pad.path],
                     clock=clock, environ={})
    ctx = Context.headless_context(settings=cfg)

    def tick(scene, n=1):
        for _ in range(n):
            clock.t += 1 / 60
            m.poll()
            frame, _ = m.sample()
            scene.update(frame)
        return frame
    return cfg, pad, m, ctx, tick, path


def box_centre(player, action):
    (x, y, w, h), _ = BOXES[action]
    return player * PANEL_W + x + 1, PANEL_Y + y + 1


def test_input_test_lights_actions_and_lists_devices(rig):
    cfg, pad, m, ctx, tick, path = rig
    scene = InputTestScene(ctx, m)
    ctx.director.push(scene)
    tick(scene)
    pad.press(e.BTN_SOUTH)            # FIRE held
    pad.tap(e.BTN_EAST)               # ALT tapped within the tick
    pad.press(e.BTN_TL)               # unmapped: raw code shown
    tick(scene, 30)                   # 30 ticks: the device list refreshes
    surface2 = pygame.Surface((320, 240), 0, 32)
    # draw a frame where FIRE is held and ALT was only tapped
    pad.tap(e.BTN_EAST)
    tick(scene)
    scene.draw(surface2)
    assert surface2.get_at(box_centre(0, Action.FIRE))[:3] == rgb("ok")
    assert surface2.get_at(box_centre(0, Action.ALT))[:3] == rgb("flash")
    assert surface2.get_at(box_centre(0, Action.START))[:3] == rgb("night")
    assert surface2.get_at(box_centre(1, Action.FIRE))[:3] == rgb("night")
    texts = [t for t, _ in scene.rows]
    assert any(t.startswith("P1  GAM Pad") for t in texts)
    assert "  UNMAPPED BTN_TL 1" in texts


def test_input_test_leaves_after_holding_start_select(rig):
    cfg, pad, m, ctx, tick, path = rig
    scene = InputTestScene(ctx, m)
    ctx.director.push(scene)
    pad.press(e.BTN_START)
    pad.press(e.BTN_SELECT)
    tick(scene, 119)
    assert not scene.finished
    tick(scene)
    assert scene.finished and ctx.director.top is None


def test_mapping_flow_saves_expected_toml(rig):
    cfg, pad, m, ctx, tick, path = rig
    scene = MappingScene(ctx, m)
    ctx.director.push(scene)
    tick(scene)
    pad.press(e.BTN_SOUTH)                 # hold a button: pick this pad
    tick(scene, HOLD_TICKS + 1)
    assert scene.stage == "map" and scene.device.identity == "usb-1.1/input0"
    pad.release(e.BTN_SOUTH)               # the picking button's release maps nothing
    tick(scene)
    assert scene.step == 0
    pad.move(e.ABS_HAT0Y, -1); tick(scene); pad.move(e.ABS_HAT0Y, 0); tick(scene)      # UP
    pad.move(e.ABS_HAT0Y, 1); tick(scene); pad.move(e.ABS_HAT0Y, 0); tick(scene)       # DOWN
    pad.move(e.ABS_X, -30000); tick(scene); pad.move(e.ABS_X, 0); tick(scene)          # LEFT
    pad.press(e.BTN_TL); tick(scene, HOLD_TICKS + 1); pad.release(e.BTN_TL); tick(scene)  # skip RIGHT
    assert scene.step == 4
    pad.tap(e.BTN_EAST); tick(scene)        # FIRE
    pad.tap(e.BTN_EAST); tick(scene)        # already used: ignored
    assert scene.message == "BTN_EAST IS ALREADY USED"
    pad.tap(e.BTN_SOUTH); tick(scene)       # ALT
    pad.tap(e.BTN_START); tick(scene)       # START
    pad.tap(e.BTN_SELECT); tick(scene)      # SELECT
    assert scene.stage == "confirm"
    pad.tap(e.BTN_EAST); tick(scene)        # the new FIRE saves
    assert scene.finished and ctx.director.top is None
    text = path.read_text()
    assert '[input.devices."usb-1.1/input0".map]' in text
    data = tomllib.loads(text)
    assert data["sound"] == {"volume": 50}  # the rest of the file is kept
    assert data["input"]["devices"]["usb-1.1/input0"] == {"player": 1, "map": {
        "ABS_HAT0Y-": "UP", "ABS_HAT0Y+": "DOWN", "ABS_X-": "LEFT",
        "BTN_DPAD_RIGHT": "RIGHT", "ABS_X+": "RIGHT", "ABS_HAT0X+": "RIGHT",
        "BTN_EAST": "FIRE", "BTN_SOUTH": "ALT", "BTN_START": "START", "BTN_SELECT": "SELECT"}}
    # the pad uses the new map at once, and a fresh config load reads it back
    pad.press(e.BTN_EAST)
    pad.press(e.BTN_SOUTH)
    pad.press(e.BTN_NORTH)  # no longer bound
    frame = tick(MappingScene(ctx, m))
    assert frame[0].held == Action.FIRE | Action.ALT
    assert Config.load(path, boot_path=None).warnings == []


def test_mapping_tap_select_leaves_without_saving(rig):
    cfg, pad, m, ctx, tick, path = rig
    scene = MappingScene(ctx, m)
    ctx.director.push(scene)
    pad.tap(e.BTN_SELECT)
    tick(scene, 2)
    assert scene.finished and m.capture is None
    assert "devices" not in path.read_text()


def test_mapping_screen_draws_prompt(rig):
    cfg, pad, m, ctx, tick, path = rig
    scene = MappingScene(ctx, m)
    surface = pygame.Surface((320, 240), 0, 32)
    scene.draw(surface)
    assert scene.prompt()[0] == "HOLD ANY BUTTON ON THE DEVICE"
    assert surface.get_at((318, 100))[:3] == rgb("ink")
