"""[input] validation: cleaned section plus one warning per bad key."""

import logging

from handheld.input.settings import DEFAULTS, validate


def test_empty_section_gives_defaults():
    clean, warnings = validate({})
    assert clean == DEFAULTS and warnings == []


def test_good_values_kept():
    section = {"deadzone": 40, "debounce_ms": 10, "gpio": "edge", "pinmap": "hw/bartop-2p.toml",
               "evdev_keyboards": "on",
               "devices": {"usb-1.2/input0": {"player": 2, "map": {"BTN_SOUTH": "FIRE", "ABS_X-": "P2 LEFT"}}},
               "pins": {"17": "P1 UP"}}
    clean, warnings = validate(section)
    assert warnings == []
    assert clean["deadzone"] == 40 and clean["gpio"] == "edge"
    assert clean["devices"] == section["devices"] and clean["pins"] == {"17": "P1 UP"}


def test_each_bad_key_is_named_once():
    section = {"deadzone": 120, "gpio": "interrupts", "wobble": 1, "evdev": "yes",
               "pins": {"17": "P1 UP", "99": "P1 DOWN"},
               "devices": {"usb-1.2/input0": {"player": 7, "map": {"BTN_BOGUS": "FIRE",
                                                                   "BTN_SOUTH": "JUMP",
                                                                   "BTN_EAST": "ALT"}},
                           "name:Pad": "P1"}}
    clean, warnings = validate(section)
    assert len(warnings) == 9, warnings
    joined = "\n".join(warnings)
    for needle in ("input.deadzone = 120", "input.gpio = 'interrupts'", "input.wobble",
                   "input.evdev = 'yes'", "input.pins.99", 'input.devices."usb-1.2/input0".player = 7',
                   'map.BTN_BOGUS: unknown code', "map.BTN_SOUTH = 'JUMP'", 'input.devices."name:Pad"'):
        assert needle in joined, needle
    assert clean["deadzone"] == 25 and clean["gpio"] == "poll" and clean["evdev"] is True
    assert clean["pins"] == {"17": "P1 UP"}
    assert clean["devices"] == {"usb-1.2/input0": {"map": {"BTN_EAST": "ALT"}}}


def test_the_input_manager_checks_the_config_files_input_section(tmp_path, caplog):
    from handheld.base.config import Config
    from handheld.input.manager import InputManager
    f = tmp_path / "handheld.toml"
    f.write_text("[input]\ndeadzone = 200\n")
    cfg = Config.load(f, boot_path=None)
    with caplog.at_level(logging.WARNING, logger="handheld.input"):
        manager = InputManager(cfg)
    assert manager.settings["deadzone"] == 25
    lines = [r.getMessage() for r in caplog.records if "input.deadzone = 200" in r.getMessage()]
    assert len(lines) == 1 and lines[0].startswith(str(f))
