"""GPIO backend with a fake RPi.GPIO module; pin maps; the overlay command."""

import argparse
import sys
from pathlib import Path

import pytest

from handheld.base.actions import Action
from handheld.input.fakes import FakeGPIO
from handheld.input.gpio import GpioBackend
from handheld.input.overlay import main as overlay_main
from handheld.input.pinmap import load_pinmap, parse_pins
from handheld.base.frames import FrameBuilder, RawInput

HW = Path(__file__).resolve().parents[2] / "hw"


class Clock:
    def __init__(self):
        self.t = 50.0

    def __call__(self):
        return self.t


def backend(pins_table, mode="poll", gpio=None, debounce=5):
    pins, warnings = parse_pins(pins_table)
    assert warnings == []
    raw = RawInput()
    clock = Clock()
    g = gpio or FakeGPIO()
    be = GpioBackend(raw, pins, debounce_ms=debounce, mode=mode, gpio=g, clock=clock)
    return raw, be, g, clock


def test_setup_uses_bcm_and_pull_ups():
    raw, be, g, clock = backend({17: "P1 UP", 22: {"action": "P2 FIRE"}})
    assert be.open()
    assert g.mode == g.BCM and g.pulls == {17: g.PUD_UP, 22: g.PUD_UP}
    g.set_level(22, 0)  # active low: pulled to ground = pressed
    clock.t += 1 / 60
    be.poll()
    assert raw.take()[1] == (Action.FIRE, Action.FIRE, 0)


def test_poll_debounce_bounces_ignored_clean_press_once():
    raw, be, g, clock = backend({4: "P1 FIRE"})
    be.open()
    be.poll()
    presses, seen_at = 0, None
    # polling every millisecond through a bouncy press: 0 1 0 1 0 then solid 0 (pressed)
    for i, level in enumerate((0, 1, 0, 1, 0) + (0,) * 10):
        clock.t += 0.001
        g.set_level(4, level)
        be.poll()
        n = bin(raw.take()[0][1]).count("1")
        presses += n
        if n and seen_at is None:
            seen_at = i
    assert presses == 1
    assert seen_at == 8  # last bounce at i=4 (sample time), stable from i=3's sample onward


def test_poll_at_tick_rate_registers_at_once_and_release_too():
    raw, be, g, clock = backend({4: "P1 FIRE"})
    be.open()
    be.poll()
    clock.t += 1 / 60
    g.set_level(4, 0)
    be.poll()
    assert raw.take()[0] == (Action.FIRE, Action.FIRE, 0)
    clock.t += 1 / 60
    g.set_level(4, 1)
    be.poll()
    assert raw.take()[0] == (0, 0, Action.FIRE)


def test_edge_callbacks_debounce_and_see_a_short_tap():
    raw, be, g, clock = backend({4: "P1 FIRE"}, mode="edge")
    be.open()
    assert 4 in g.callbacks
    be.poll()
    # bounces 0.5 ms apart on the callback thread, then a clean 8 ms press, all in one tick
    for level in (0, 1, 0, 1, 0):
        clock.t += 0.0005
        g.set_level(4, level)
    clock.t += 0.008
    g.set_level(4, 1)
    clock.t += 0.006
    be.poll()
    frame = FrameBuilder().step(raw.take())
    assert frame[0].was_pressed(Action.FIRE) and frame[0].was_released(Action.FIRE)
    assert not frame[0].is_held(Action.FIRE)
    assert be.states[0].events == 2  # one press, one release


def test_edge_failure_falls_back_to_polling():
    g = FakeGPIO()
    g.add_event_detect = lambda *a, **k: (_ for _ in ()).throw(RuntimeError("Failed to add edge detection"))
    raw, be, g, clock = backend({4: "P1 FIRE"}, mode="edge", gpio=g)
    assert be.open()
    assert be.errors == ["GPIO: edge detection failed on BCM4 (P1 FIRE, header pin 7) "
                         "(Failed to add edge detection); polling it instead"]
    g.set_level(4, 0)
    clock.t += 1 / 60
    be.poll()
    assert raw.take()[0][0] == Action.FIRE


def test_busy_pin_is_one_line_and_others_work():
    g = FakeGPIO(busy=(17,), in_use=(27,))
    raw, be, g, clock = backend({17: "P1 UP", 27: "P1 DOWN", 22: "P1 LEFT"}, gpio=g)
    assert be.open()
    assert len(be.errors) == 2
    assert be.errors[0].startswith("GPIO: BCM17 (P1 UP, header pin 11) is busy (GPIO busy)")
    assert "already set up by another program" in be.errors[1]
    g.set_level(22, 0)
    g.set_level(27, 0)
    clock.t += 1 / 60
    be.poll()
    assert raw.take()[0][0] == Action.LEFT | Action.DOWN


def test_missing_library_is_one_clear_line(monkeypatch):
    monkeypatch.setitem(sys.modules, "RPi", None)
    monkeypatch.setitem(sys.modules, "RPi.GPIO", None)
    pins, _ = parse_pins({4: "P1 FIRE"})
    be = GpioBackend(RawInput(), pins)
    assert be.open() is False
    assert len(be.errors) == 1 and "python3-rpi.gpio" in be.errors[0]
    be.poll()  # harmless


def test_close_cleans_up_only_our_pins_and_releases():
    raw, be, g, clock = backend({4: "P1 FIRE", 5: "P1 ALT"})
    be.open()
    g.set_level(4, 0)
    clock.t += 1 / 60
    be.poll()
    raw.take()
    be.close()
    assert sorted(g.cleaned) == [4, 5]
    assert raw.take()[0] == (0, 0, Action.FIRE)


@pytest.mark.parametrize("table,needle", [
    ({40: "P1 UP"}, "not a BCM GPIO number"),
    ({1: "P1 UP"}, "HAT ID EEPROM"),
    ({4: "P5 UP"}, "is not like"),
    ({4: "P1 JUMP"}, "is not like"),
    ({4: {"action": "P1 UP", "pull": "sideways"}}, "must be up, down or off"),
    ({4: {"action": "P1 UP", "active_low": False}}, "reads as held"),
    ({4: {"action": "P1 UP", "colour": "red"}}, "unknown field"),
    ({4: {"action": "P1 UP", "label": "has space"}}, "label must be"),
])
def test_pin_map_validation(table, needle):
    pins, warnings = parse_pins(table)
    assert len(warnings) == 1 and needle in warnings[0]
    assert warnings[0].startswith("pins.")


def test_shipped_pin_maps_are_valid_and_distinct():
    for name, count in (("bartop-2p.toml", 24), ("handheld.toml", 10)):
        pm, warnings = load_pinmap(HW / name)
        assert warnings == [] and len(pm.pins) == count
        assert len({p.bcm for p in pm.pins}) == count
        assert 3 not in {p.bcm for p in pm.pins}  # the power button's pin stays free
    pm, _ = load_pinmap(HW / "handheld.toml")
    assert not {p.bcm for p in pm.pins} & {7, 8, 9, 10, 11, 18, 24, 25}  # SPI LCD pins


def test_overlay_output_line_by_line(tmp_path, capsys):
    f = tmp_path / "map.toml"
    f.write_text('name = "test"\n[pins]\n17 = "P1 UP"\n4 = { action = "P2 FIRE", label = "P2_B1" }\n'
                 '5 = { action = "P1 START", pull = "down", active_low = false }\n')
    assert overlay_main(argparse.Namespace(pinmap=str(f))) == 0
    lines = [l for l in capsys.readouterr().out.splitlines() if not l.startswith("#")]
    assert lines == [
        "[all]",
        "dtoverlay=gpio-key,gpio=17,active_low=1,gpio_pull=up,keycode=103,label=P1_UP",
        "dtoverlay=gpio-key,gpio=4,active_low=1,gpio_pull=up,keycode=30,label=P2_B1",
        "dtoverlay=gpio-key,gpio=5,active_low=0,gpio_pull=down,keycode=2,label=P1_START",
    ]


def test_overlay_bad_input_exit_2_one_line(tmp_path, capsys):
    assert overlay_main(argparse.Namespace(pinmap=str(tmp_path / "nope.toml"))) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("handheld hw overlay: error: pin map")
    f = tmp_path / "bad.toml"
    f.write_text("[pins]\n99 = \"P1 UP\"\n")
    assert overlay_main(argparse.Namespace(pinmap=str(f))) == 2
    assert "not a BCM GPIO number" in capsys.readouterr().err


def test_overlay_keys_read_back_through_evdev_map():
    """The kernel route closes the loop: each overlay keycode means the pin's action."""
    from handheld.input.evdevmap import KEYBOARD_MAP
    from handheld.input.overlay import keycodes
    pm, _ = load_pinmap(HW / "bartop-2p.toml")
    codes = keycodes(pm.pins)
    for pin, code in zip(pm.pins, codes):
        assert KEYBOARD_MAP[code] == (pin.player, pin.action)
    # P1's six buttons get six different keys (one gpio-keys device keeps them apart)
    p1_buttons = [c for p, c in zip(pm.pins, codes) if p.player == 0 and p.label.startswith("P1_B")]
    assert len(set(p1_buttons)) == 6


def test_wiring_svg_and_table_from_pin_map():
    import xml.etree.ElementTree as ET
    from handheld.input.wiring import svg, table
    pm, _ = load_pinmap(HW / "bartop-2p.toml")
    root = ET.fromstring(svg(pm))
    ns = "{http://www.w3.org/2000/svg}"
    assert len(root.findall(f"{ns}circle")) == 40           # the whole header
    assert len(root.findall(f"{ns}line")) == 24             # one wire per button
    texts = " ".join(t.text or "" for t in root.findall(f"{ns}text"))
    assert "P1_B1 (P1 FIRE) BCM10" in texts and "P2_COIN (P2 SELECT) BCM26" in texts
    rows = table(pm).splitlines()
    assert len(rows) == 2 + 24
    assert "| P1_UP | P1 | UP | 4 | 7 | GND | KEY_UP |" in rows
    # the shipped SVGs are what the generator makes today
    assert (HW / "bartop-2p.svg").read_text() == svg(pm)
