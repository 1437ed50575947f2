"""sound.output: cards read from a sysfs tree shaped like a Pi's, and silence without ALSA."""

import logging
import os

import pygame
import pytest

from handheld.audio import device
from handheld.audio.mixer import Audio, NullAudio


def sysfs(tmp_path, *cards):
    """/sys/class/sound/cardN with id, device -> the bus path, device/driver -> the driver."""
    root = tmp_path / "class" / "sound"
    root.mkdir(parents=True)
    for index, (card_id, bus_path, driver) in enumerate(cards):
        dev = tmp_path / "devices" / bus_path
        (dev).mkdir(parents=True)
        drv = tmp_path / "bus" / "drivers" / driver
        drv.mkdir(parents=True, exist_ok=True)
        os.symlink(drv, dev / "driver")
        card = root / f"card{index}"
        card.mkdir()
        (card / "id").write_text(card_id + "\n")
        os.symlink(dev, card / "device")
    return root


HDMI = ("vc4hdmi0", "platform/soc/fef00700.hdmi", "vc4_hdmi")
JACK = ("Headphones", "platform/soc/soc:firmware/bcm2835_audio", "bcm2835_audio")
USB = ("Device", "platform/scb/fd500000.pcie/usb1/1-1/1-1.3/1-1.3:1.0", "snd-usb-audio")
I2S = ("MAX98357A", "platform/soundcard", "asoc-simple-card")


def test_each_pi_output_is_recognised(tmp_path):
    cards = device.find_cards(sysfs(tmp_path, HDMI, JACK, USB, I2S))
    assert [(c.index, c.id, c.kind) for c in cards] == [
        (0, "vc4hdmi0", "hdmi"), (1, "Headphones", "jack"), (2, "Device", "usb"), (3, "MAX98357A", "i2s")]
    assert cards[0].alsa_device == "default:CARD=vc4hdmi0"


@pytest.mark.parametrize("present, want", [
    ((HDMI, JACK, USB, I2S), "Device"),        # a USB card was plugged in on purpose
    ((HDMI, JACK, I2S), "MAX98357A"),          # then an amplifier the builder fitted
    ((HDMI, JACK), "Headphones"),              # a Pi 4 with a TV: the jack
    ((HDMI,), "vc4hdmi0"),                     # a Zero 2 W: HDMI is all there is
])
def test_auto_prefers_usb_then_i2s_then_jack_then_hdmi(tmp_path, present, want):
    card, line = device.pick("auto", device.find_cards(sysfs(tmp_path, *present)))
    assert card.id == want and want in line


def test_named_output_or_card_id(tmp_path):
    cards = device.find_cards(sysfs(tmp_path, HDMI, JACK, USB))
    assert device.pick("hdmi", cards)[0].id == "vc4hdmi0"
    assert device.pick("Headphones", cards)[0].id == "Headphones"
    card, line = device.pick("i2s", cards)
    assert card is None
    assert line == ("sound.output = 'i2s': no such card here (vc4hdmi0 (hdmi), Headphones (jack), "
                    "Device (usb)); set it to auto or one of these: silent")


def test_choose_sets_sdls_alsa_device_under_the_service(tmp_path):
    env = {"SDL_AUDIODRIVER": "alsa"}
    root = sysfs(tmp_path, HDMI, JACK)
    assert device.choose("auto", env, "linux", root) == (True, "sound: jack (Headphones)")
    assert env["AUDIODEV"] == "default:CARD=Headphones"
    # a desktop (driver unset, output auto) keeps SDL's own choice, e.g. a sound server
    desktop = {}
    assert device.choose("auto", desktop, "linux", root) == (True, None)
    assert "AUDIODEV" not in desktop
    # other drivers (dummy in the tests, pulse...) and other systems are left alone
    assert device.choose("auto", {"SDL_AUDIODRIVER": "dummy"}, "linux", tmp_path / "none") == (True, None)
    assert device.choose("auto", {}, "darwin", tmp_path / "none") == (True, None)


def test_no_card_is_one_line_and_alsa_is_never_opened(tmp_path, monkeypatch, caplog):
    monkeypatch.setattr(device, "SYS_SOUND", tmp_path / "class" / "sound")   # QEMU: no sound class
    monkeypatch.setattr(device.sys, "platform", "linux")
    monkeypatch.setenv("SDL_AUDIODRIVER", "alsa")

    def opened(*a, **k):
        raise AssertionError("pygame.mixer.init called with no sound card")

    monkeypatch.setattr(pygame.mixer, "init", opened)
    with caplog.at_level(logging.INFO, logger="handheld.audio"):
        audio = Audio.open()
    assert type(audio) is NullAudio
    assert [r.getMessage() for r in caplog.records] == ["no sound card: silent"]
