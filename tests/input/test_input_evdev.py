"""evdev backend driven by fake devices that follow python-evdev's API."""

import errno

import evdev
import pytest
from evdev import ecodes as e

from handheld.input import evdevmap as em
from handheld.base.actions import Action
from handheld.input.evdev_backend import EvdevBackend
from handheld.input.fakes import (FakeInputDevice, encoder_caps, gamepad_caps, keyboard_caps,
                                  mouse_caps)
from handheld.base.frames import FrameBuilder, RawInput


class Bus:
    """/dev/input as the backend sees it: a lister and an opener."""

    def __init__(self):
        self.nodes = {}
        self.opened = []
        self.denied = set()

    def plug(self, dev):
        self.nodes[dev.path] = dev
        return dev

    def unplug(self, dev):
        dev.unplug()
        self.nodes.pop(dev.path, None)

    def lister(self):
        return sorted(self.nodes)

    def opener(self, path):
        if path in self.denied:
            raise PermissionError(errno.EACCES, "Permission denied", path)
        dev = self.nodes[path]
        self.opened.append(path)
        return dev


class Clock:
    def __init__(self):
        self.t = 100.0

    def __call__(self):
        return self.t


def make(bus, kiosk=False, conf=None, deadzone=25):
    raw = RawInput()
    clock = Clock()
    be = EvdevBackend(raw, deadzone=deadzone, devices_conf=conf, kiosk=kiosk,
                      opener=bus.opener, lister=bus.lister, clock=clock)
    return raw, be, clock


def stick(n, phys):
    return FakeInputDevice(f"/dev/input/event{n}", "DragonRise Inc. Generic USB Joystick",
                           phys, encoder_caps())


def test_key_codes_match_python_evdev():
    for name, code in em.KEY_CODES.items():
        assert e.ecodes[name] == code, name


def test_classification_from_capabilities():
    assert em.classify(gamepad_caps()) == "gamepad"
    assert em.classify(encoder_caps()) == "joystick"
    assert em.classify(keyboard_caps()) == "keyboard"
    assert em.classify(mouse_caps()) == "other"
    assert em.classify({e.EV_KEY: [e.KEY_POWER]}) == "other"          # power button
    assert em.classify({e.EV_KEY: [e.KEY_UP]}) == "keyboard"          # one gpio-key button
    assert em.classify({e.EV_KEY: [e.BTN_TOUCH], e.EV_ABS: [0, 1]}) == "other"  # touch screen


def test_devices_are_classified_and_others_not_kept_open():
    bus = Bus()
    bus.plug(stick(3, "usb-1.2/input0"))
    kb = bus.plug(FakeInputDevice("/dev/input/event1", "IPAC 2", "usb-1.4/input0", keyboard_caps()))
    mouse = bus.plug(FakeInputDevice("/dev/input/event2", "Mouse", "usb-1.5/input0", mouse_caps()))
    raw, be, clock = make(bus)
    be.poll()
    kinds = {d["name"]: (d["kind"], d["player"]) for d in be.devices()}
    assert kinds == {"DragonRise Inc. Generic USB Joystick": ("joystick", 0), "IPAC 2": ("keyboard", None)}
    assert mouse.closed and not kb.closed
    # the mouse is not reopened at the next scan
    clock.t += 1.0
    be.poll()
    assert bus.opened.count(mouse.path) == 1


def test_encoder_buttons_and_digital_stick():
    bus = Bus()
    dev = bus.plug(stick(0, "usb-1.2/input0"))
    raw, be, clock = make(bus)
    be.poll()
    dev.press(e.BTN_TRIGGER)
    dev.move(e.ABS_X, 0)      # full left on a 0..255 axis
    be.poll()
    held, pressed, released = raw.take()[0]
    assert held == Action.FIRE | Action.LEFT and pressed == held and released == 0
    dev.move(e.ABS_X, 127)    # back to centre
    dev.release(e.BTN_TRIGGER)
    be.poll()
    assert raw.take()[0] == (0, 0, Action.FIRE | Action.LEFT)


def test_analog_deadzone_and_calibrated_range():
    bus = Bus()
    pad = bus.plug(FakeInputDevice("/dev/input/event0", "Pad", "usb-1.1/input0", gamepad_caps()))
    raw, be, clock = make(bus, deadzone=25)
    be.poll()
    pad.move(e.ABS_X, 8000)          # 24% of half range: inside the 25% deadzone
    be.poll()
    assert raw.take()[0] == (0, 0, 0)
    pad.move(e.ABS_X, 8500)          # 26%: right
    be.poll()
    assert raw.take()[0] == (Action.RIGHT, Action.RIGHT, 0)
    pad.move(e.ABS_X, -8500)         # straight across: right released, left pressed
    be.poll()
    assert raw.take()[0] == (Action.LEFT, Action.LEFT, Action.RIGHT)


def test_axis_range_widens_when_stick_exceeds_absinfo():
    bus = Bus()
    dev = bus.plug(stick(0, "usb-1.2/input0"))
    raw, be, clock = make(bus)
    be.poll()
    dev.move(e.ABS_Y, 400)  # past the advertised max of 255: range becomes 0..400
    be.poll()
    assert raw.take()[0][0] == Action.DOWN
    dev.move(e.ABS_Y, 255)  # 255 is now only 27% above centre 200 on a 400 range
    be.poll()
    assert raw.take()[0] == (Action.DOWN, 0, 0)
    dev.move(e.ABS_Y, 220)  # inside the deadzone of the widened range
    be.poll()
    assert raw.take()[0] == (0, 0, Action.DOWN)


def test_hat_diagonal_and_frame():
    bus = Bus()
    pad = bus.plug(FakeInputDevice("/dev/input/event0", "Pad", "usb-1.1/input0", gamepad_caps()))
    raw, be, clock = make(bus)
    be.poll()
    pad.push(e.EV_ABS, e.ABS_HAT0X, 1, syn=False)
    pad.push(e.EV_ABS, e.ABS_HAT0Y, -1)
    be.poll()
    frame = FrameBuilder().step(raw.take())
    assert frame[0].stick() == (1, -1)  # up-right: Archon's 8-way duel movement
    assert frame[0].held == Action.UP | Action.RIGHT


def test_gamepad_default_buttons():
    bus = Bus()
    pad = bus.plug(FakeInputDevice("/dev/input/event0", "Pad", "usb-1.1/input0", gamepad_caps()))
    raw, be, clock = make(bus)
    be.poll()
    for code in (e.BTN_SOUTH, e.BTN_EAST, e.BTN_START, e.BTN_SELECT):
        pad.press(code)
    pad.press(e.BTN_TL)  # unmapped: kept as a raw code for input-test
    be.poll()
    held = raw.take()[0][0]
    assert held == Action.FIRE | Action.ALT | Action.START | Action.SELECT
    assert be.devices()[0]["last_raw"] == (e.EV_KEY, e.BTN_TL, 1)


def test_tap_shorter_than_a_tick_is_seen():
    bus = Bus()
    dev = bus.plug(stick(0, "usb-1.2/input0"))
    raw, be, clock = make(bus)
    be.poll()
    dev.tap(e.BTN_TRIGGER)  # down and up between two ticks
    be.poll()
    frame = FrameBuilder().step(raw.take())
    assert frame[0].was_pressed(Action.FIRE) and not frame[0].is_held(Action.FIRE)
    assert frame[0].was_released(Action.FIRE)


def test_keyboard_encoder_maps_two_players_by_code():
    bus = Bus()
    kb = bus.plug(FakeInputDevice("/dev/input/event0", "IPAC 2", "usb-1.4/input0", keyboard_caps()))
    raw, be, clock = make(bus)
    be.poll()
    for code in (e.KEY_LEFTCTRL, e.KEY_UP, e.KEY_A, e.KEY_R, e.KEY_2, e.KEY_5):
        kb.press(code)
    kb.push(e.EV_KEY, e.KEY_A, 2)  # autorepeat from the kernel is ignored
    be.poll()
    p1, p2 = raw.take()[:2]
    assert p1[0] == Action.FIRE | Action.UP | Action.SELECT
    assert p2[0] == Action.FIRE | Action.UP | Action.START


def test_two_buttons_on_one_action_release_independently():
    bus = Bus()
    kb = bus.plug(FakeInputDevice("/dev/input/event0", "IPAC 2", "usb-1.4/input0", keyboard_caps()))
    raw, be, clock = make(bus)
    be.poll()
    kb.press(e.KEY_LEFTCTRL)
    kb.press(e.KEY_SPACE)     # button 3 is also FIRE
    kb.release(e.KEY_LEFTCTRL)
    be.poll()
    assert raw.take()[0] == (Action.FIRE, Action.FIRE, 0)


def test_players_assigned_by_phys_in_port_order():
    bus = Bus()
    # event numbers in the opposite order of the USB ports
    right = bus.plug(stick(2, "usb-0000:01:00.0-1.1/input0"))
    left = bus.plug(stick(5, "usb-0000:01:00.0-1.0/input0"))
    raw, be, clock = make(bus)
    be.poll()
    players = {d["identity"]: d["player"] for d in be.devices()}
    assert players == {left.phys: 0, right.phys: 1}


def test_configured_player_wins():
    bus = Bus()
    a = bus.plug(stick(0, "usb-1.0/input0"))
    b = bus.plug(stick(1, "usb-1.1/input0"))
    raw, be, clock = make(bus, conf={"usb-1.0/input0": {"player": 2}})
    be.poll()
    players = {d["identity"]: d["player"] for d in be.devices()}
    assert players == {a.phys: 1, b.phys: 0}


def test_hot_unplug_mid_read_then_replug_restores_player():
    bus = Bus()
    p1 = bus.plug(stick(0, "usb-1.0/input0"))
    p2 = bus.plug(stick(1, "usb-1.1/input0"))
    raw, be, clock = make(bus)
    be.poll()
    p2.press(e.BTN_TRIGGER)
    p2.move(e.ABS_X, 255)
    p2.unplug_after_pending()     # these events arrive, then the read fails with ENODEV
    bus.nodes.pop(p2.path)
    be.poll()
    held, pressed, released = raw.take()[1]
    assert pressed == Action.FIRE | Action.RIGHT   # the events before the unplug count
    assert held == 0 and released == Action.FIRE | Action.RIGHT  # then let go
    assert [d["identity"] for d in be.devices()] == ["usb-1.0/input0"]
    reads = p2.reads
    for _ in range(120):          # two seconds of ticks: the dead device is never read again
        clock.t += 1 / 60
        be.poll()
    assert p2.reads == reads
    # a new stick arrives on another port: it must not take P2's remembered slot
    p3 = bus.plug(stick(7, "usb-1.3/input0"))
    clock.t += 1.0
    be.poll()
    # the old one comes back on a new event node, same port
    again = bus.plug(stick(9, "usb-1.1/input0"))
    clock.t += 1.0
    be.poll()
    players = {d["path"]: d["player"] for d in be.devices()}
    assert players == {p1.path: 0, p3.path: 2, again.path: 1}
    again.press(e.BTN_TRIGGER)
    be.poll()
    assert raw.take()[1][0] == Action.FIRE


def test_new_device_found_within_a_second_not_every_tick():
    bus = Bus()
    raw, be, clock = make(bus)
    be.poll()
    calls = []
    orig = bus.lister
    bus.lister = lambda: calls.append(1) or orig()
    be.lister = bus.lister
    bus.plug(stick(0, "usb-1.0/input0"))
    for _ in range(59):
        clock.t += 1 / 60
        be.poll()
    assert be.devices() == [] and calls == []
    clock.t += 1 / 60 + 1e-9
    be.poll()
    assert len(be.devices()) == 1 and calls == [1]


def test_kiosk_grabs_and_close_ungrabs():
    bus = Bus()
    dev = bus.plug(stick(0, "usb-1.0/input0"))
    kb = bus.plug(FakeInputDevice("/dev/input/event1", "kbd", "usb-1.4/input0", keyboard_caps()))
    raw, be, clock = make(bus, kiosk=True)
    be.poll()
    assert dev.grabbed and kb.grabbed
    be.close()
    assert not dev.grabbed and dev.closed and kb.closed


def test_no_grab_outside_kiosk_and_grab_failure_is_one_line():
    bus = Bus()
    dev = bus.plug(stick(0, "usb-1.0/input0"))
    raw, be, clock = make(bus)
    be.poll()
    assert not dev.grabbed
    bus2 = Bus()
    busy = bus2.plug(stick(0, "usb-1.0/input0"))
    busy.grab()  # someone else holds it
    raw2, be2, _ = make(bus2, kiosk=True)
    be2.poll()
    assert len(be2.errors) == 1 and "could not grab" in be2.errors[0]
    assert len(be2.devices()) == 1  # still read


def test_permission_denied_names_the_fix_once():
    from handheld.input.evdev_backend import PERMISSION_GRACE_S

    bus = Bus()
    dev = bus.plug(stick(0, "usb-1.0/input0"))
    bus.denied.add(dev.path)
    raw, be, clock = make(bus)
    for _ in range(int(PERMISSION_GRACE_S) + 3):
        be.poll()
        clock.t += 1.0
    assert len(be.errors) == 1 and "group 'input'" in be.errors[0]
    assert be.devices() == []


def test_a_node_udev_has_not_finished_with_is_opened_later_without_a_false_alarm():
    # at boot a stick's node can exist a second or two before udev gives it group input
    bus = Bus()
    dev = bus.plug(stick(0, "usb-1.0/input0"))
    bus.denied.add(dev.path)
    raw, be, clock = make(bus)
    for _ in range(3):
        be.poll()
        clock.t += 1.0
    assert be.devices() == [] and be.errors == []
    bus.denied.discard(dev.path)
    be.poll()
    assert [d["path"] for d in be.devices()] == [dev.path] and be.errors == []


def test_custom_mapping_per_identity():
    bus = Bus()
    pad = bus.plug(FakeInputDevice("/dev/input/event0", "Pad", "usb-1.1/input0", gamepad_caps()))
    conf = {"usb-1.1/input0": {"player": 2, "map": {
        "BTN_EAST": "FIRE", "BTN_SOUTH": "ALT", "ABS_X-": "RIGHT", "ABS_X+": "LEFT",
        "BTN_TL": "P1 SELECT"}}}
    raw, be, clock = make(bus, conf=conf)
    be.poll()
    pad.press(e.BTN_EAST)
    pad.press(e.BTN_TL)
    pad.move(e.ABS_X, -30000)
    be.poll()
    p1, p2 = raw.take()[:2]
    assert p2[0] == Action.FIRE | Action.RIGHT
    assert p1[0] == Action.SELECT
    pad.press(e.BTN_START)  # not in the saved map: the map replaces the defaults
    be.poll()
    assert raw.take()[1][1] == 0


def test_syn_dropped_resyncs_from_active_keys():
    bus = Bus()
    dev = bus.plug(stick(0, "usb-1.0/input0"))
    raw, be, clock = make(bus)
    be.poll()
    dev.press(e.BTN_THUMB)
    be.poll()
    raw.take()
    # the kernel dropped events: THUMB went up and TRIGGER went down unseen
    dev._keys = {e.BTN_TRIGGER}
    dev.push(e.EV_SYN, e.SYN_DROPPED, 0, syn=False)
    be.poll()
    held, pressed, released = raw.take()[0]
    assert held == Action.FIRE and released == Action.ALT


def test_real_input_events_flow_through():
    ev = evdev.InputEvent(1, 2, e.EV_KEY, e.BTN_TRIGGER, 1)
    bus = Bus()
    dev = bus.plug(stick(0, "usb-1.0/input0"))
    raw, be, clock = make(bus)
    be.poll()
    dev._queue.append(ev)
    be.poll()
    assert raw.take()[0][0] == Action.FIRE


@pytest.mark.parametrize("name,expected", [
    ("KEY_A", (1, 30, 0)), ("BTN_SOUTH", (1, 0x130, 0)), ("ABS_X-", (3, 0, -1)),
    ("ABS_HAT0Y+", (3, 17, 1)), ("ABS_X", None), ("KEY_A+", None), ("NOPE", None),
    ("BTN_0x2c0", (1, 0x2c0, 0)),
])
def test_parse_code(name, expected):
    assert em.parse_code(name) == expected
