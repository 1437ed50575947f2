"""Pulling a pad out never leaves a screen stuck or a stick dead."""

import pytest
from evdev import ecodes as e

from handheld.base.config import Config
from handheld.runtime.context import Context
from handheld.base.actions import Action
from handheld.input.fakes import FakeInputDevice, gamepad_caps
from handheld.input.manager import InputManager
from handheld.cabinet.mapping import HOLD_TICKS, IDLE_LEAVE_TICKS, MappingScene


class Bus:
    def __init__(self, *devs):
        self.nodes = {d.path: d for d in devs}

    def lister(self):
        return sorted(self.nodes)

    def opener(self, path):
        return self.nodes[path]


class Rig:
    def __init__(self, tmp_path):
        path = tmp_path / "handheld.toml"
        path.write_text("[sound]\nvolume = 50\n")
        self.path = path
        self.cfg = Config.load(path, boot_path=None)
        self.pad = FakeInputDevice("/dev/input/event5", "Pad", "usb-1.1/input0", gamepad_caps())
        self.other = FakeInputDevice("/dev/input/event6", "Other pad", "usb-1.2/input0", gamepad_caps())
        self.bus = Bus(self.pad, self.other)
        self.t = 5.0
        self.m = InputManager(self.cfg, opener=self.bus.opener, lister=self.bus.lister,
                              clock=lambda: self.t, environ={})
        self.ctx = Context.headless_context(settings=self.cfg)

    def tick(self, scene=None, n=1):
        frame = None
        for _ in range(n):
            self.t += 1 / 60
            self.m.poll()
            frame, _ = self.m.sample()
            if scene is not None:
                scene.update(frame)
        return frame

    def unplug(self, dev):
        dev.unplug()
        del self.bus.nodes[dev.path]

    def replug(self, path, phys):
        dev = FakeInputDevice(path, "Pad", phys, gamepad_caps())
        self.bus.nodes[path] = dev
        return dev

    def mapping(self):
        scene = MappingScene(self.ctx, self.m)
        self.ctx.director.push(scene)
        self.tick(scene)
        self.pad.press(e.BTN_SOUTH)
        self.tick(scene, HOLD_TICKS + 1)
        self.pad.release(e.BTN_SOUTH)
        self.tick(scene)
        assert scene.stage == "map" and scene.device.identity == "usb-1.1/input0"
        return scene


@pytest.fixture
def rig(tmp_path):
    return Rig(tmp_path)


def test_a_stick_replugged_at_the_same_event_node_works_again(rig):
    rig.tick(n=2)
    rig.unplug(rig.pad)
    rig.tick(n=2)                                   # the read fails: dropped
    again = rig.replug("/dev/input/event5", "usb-1.1/input0")
    rig.tick(n=61)                                  # the next hot-plug scan
    again.press(e.BTN_SOUTH)
    assert rig.tick()[0].held == Action.FIRE


def test_unplugging_the_pad_being_set_up_lets_another_pad_leave(rig):
    scene = rig.mapping()
    rig.unplug(rig.pad)
    rig.tick(scene, 2)
    assert scene.lost and "UNPLUGGED" in scene.prompt()[0]
    rig.other.tap(e.BTN_SELECT)
    rig.tick(scene, 2)
    assert scene.finished and rig.ctx.director.top is None and rig.m.capture is None
    assert "devices" not in rig.path.read_text()


def test_replugging_the_pad_being_set_up_carries_on_where_it_was(rig):
    scene = rig.mapping()
    rig.pad.move(e.ABS_HAT0Y, -1); rig.tick(scene); rig.pad.move(e.ABS_HAT0Y, 0); rig.tick(scene)   # UP
    assert scene.step == 1
    rig.unplug(rig.pad)
    rig.tick(scene, 2)
    assert scene.lost
    again = rig.replug("/dev/input/event9", "usb-1.1/input0")
    rig.tick(scene, 61)
    assert not scene.lost and scene.device.dev is again and scene.step == 1
    again.move(e.ABS_HAT0Y, 1); rig.tick(scene); again.move(e.ABS_HAT0Y, 0); rig.tick(scene)        # DOWN
    assert scene.step == 2 and scene.new == {"ABS_HAT0Y-": "UP", "ABS_HAT0Y+": "DOWN"}


def test_a_minute_with_no_input_leaves_the_mapping_screen(rig):
    scene = rig.mapping()
    rig.unplug(rig.pad)
    rig.tick(scene, IDLE_LEAVE_TICKS - 10)
    assert not scene.finished
    rig.tick(scene, 20)
    assert scene.finished and rig.ctx.director.top is None


def test_a_stick_taking_over_an_ignored_mouse_node_between_scans_is_read(rig):
    from handheld.input.evdev_backend import RECHECK_IGNORED_S
    from handheld.input.fakes import mouse_caps

    mouse = FakeInputDevice("/dev/input/event7", "Mouse", "usb-1.4/input0", mouse_caps())
    rig.bus.nodes[mouse.path] = mouse
    rig.tick(n=61)
    assert mouse.path in rig.m.evdev.ignored
    rig.unplug(mouse)                               # swapped within one scan interval:
    stick = rig.replug(mouse.path, "usb-1.4/input0")   # the listing never lacked event7
    rig.tick(n=int(RECHECK_IGNORED_S * 60) + 61)
    stick.press(e.BTN_SOUTH)
    assert any(p.held & Action.FIRE for p in rig.tick().players)
