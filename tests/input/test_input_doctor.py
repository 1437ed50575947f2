"""`handheld doctor` against a described machine (the Probe is the hardware edge)."""

import argparse

from handheld.tools import doctor
from handheld.input.fakes import FakeInputDevice, encoder_caps, mouse_caps


class Machine(doctor.Probe):
    def __init__(self, nodes=None, unreadable=(), displays=None, video=True, sound=("/dev/snd/pcmC0D0p",),
                 gpio=(None, "not installed"), chips=()):
        self.nodes = nodes or {}
        self.unreadable = set(unreadable)
        self.displays = displays or {"window": (False, "no desktop"), "kmsdrm": (True, "/dev/dri/card1 is usable"),
                                     "fbdev": (True, "/dev/fb0 is writable")}
        self.video = video
        self.sound = list(sound)
        self.gpio = gpio
        self.chips = list(chips)

    def input_nodes(self):
        return sorted(self.nodes)

    def open_input(self, path):
        return self.nodes[path]

    def evdev_missing(self):
        return None

    def group_status(self, name):
        return self.video if name == "video" else True

    def display_probes(self, fbdev):
        return self.displays

    def sdl_drivers(self):
        return {"kmsdrm": None, "x11": "no DISPLAY", "wayland": "no WAYLAND_DISPLAY", "offscreen": None, "dummy": None}

    def sound_devices(self):
        return self.sound

    def access(self, path, mode):
        return path not in self.unreadable

    def gpio_library(self):
        return self.gpio

    def gpio_chips(self):
        return self.chips


def run(tmp_path, capsys, machine, config_text=""):
    f = tmp_path / "handheld.toml"
    f.write_text(config_text)
    rc = doctor.main(argparse.Namespace(config=str(f), probe=machine))
    out = capsys.readouterr()
    return rc, out.out.splitlines(), out.err


def stick():
    return FakeInputDevice("/dev/input/event3", "Stick", "usb-1.1/input0", encoder_caps())


def test_healthy_cabinet_exits_0(tmp_path, capsys):
    m = Machine(nodes={"/dev/input/event3": stick(),
                       "/dev/input/event1": FakeInputDevice("/dev/input/event1", "Mouse", "", mouse_caps())})
    rc, lines, err = run(tmp_path, capsys, m)
    assert rc == 0
    assert "ok   input: /dev/input/event3 joystick 'Stick' (usb-1.1/input0) readable" in lines
    assert not any("Mouse" in l for l in lines)
    assert lines[-1] == "doctor: the cabinet can run (display: kmsdrm, fbdev; inputs: Stick)"


def test_unreadable_inputs_name_the_group_and_fail(tmp_path, capsys):
    m = Machine(nodes={"/dev/input/event3": stick()}, unreadable={"/dev/input/event3"})
    rc, lines, err = run(tmp_path, capsys, m)
    assert rc == 1
    assert "FAIL input: 1 of 1 devices not readable; fix: sudo usermod -aG input $USER, log in again" in lines
    assert "no input it can read" in err


def test_no_display_fails_and_config_warnings_listed(tmp_path, capsys):
    m = Machine(nodes={"/dev/input/event3": stick()}, video=False,
                displays={"window": (False, "no desktop"), "kmsdrm": (False, "/dev/dri/card0 is not writable (add the user to group video)"),
                          "fbdev": (False, "/dev/fb0 is not writable (add the user to group video)")})
    rc, lines, err = run(tmp_path, capsys, m, "[input]\ndeadzone = 500\n")
    assert rc == 1
    assert any(l.startswith("WARN config:") and "input.deadzone = 500" in l for l in lines)
    assert "WARN display fbdev: /dev/fb0 is not writable (add the user to group video)" in lines
    assert any("usermod -aG video,render" in l for l in lines)
    assert "no screen backend works here" in err


def test_gpio_pins_without_library_fail_with_fix(tmp_path, capsys):
    m = Machine(nodes={}, gpio=(None, "not installed"), chips=["/dev/gpiochip0"])
    rc, lines, err = run(tmp_path, capsys, m, '[input.pins]\n17 = "P1 UP"\n')
    assert rc == 1
    assert any(l.startswith("FAIL GPIO library: not installed; fix: sudo apt install python3-rpi.gpio") for l in lines)
    m2 = Machine(nodes={}, gpio=("RPi.GPIO API 0.7.1 (x)", None), chips=["/dev/gpiochip0"])
    rc, lines, err = run(tmp_path, capsys, m2, '[input.pins]\n17 = "P1 UP"\n')
    assert rc == 0 and lines[-1].endswith("inputs: GPIO pins)")


def test_real_probe_runs_here(tmp_path, capsys):
    """The real machine: whatever it has, every line is a known status and the last says why."""
    rc = doctor.main(argparse.Namespace(config=str(tmp_path / "none.toml")))
    out = capsys.readouterr()
    assert rc in (0, 1)
    for line in out.out.splitlines()[:-1]:
        assert line[:4] in ("ok  ", "WARN", "FAIL")
    assert "the cabinet can" in out.out + out.err
