"""sound.output: cards read from a sysfs tree shaped like a Pi's, and silence without ALSA."""

import logging
import os
import shutil

import pygame
import pytest

from handheld.audio import device
from handheld.audio.mixer import Audio, NullAudio
from handheld.audio.watch import SoundWatcher


def sysfs(tmp_path, *cards):
    """/sys/class/sound/cardN with id, device -> the bus path, device/driver -> the driver."""
    root = tmp_path / "class" / "sound"
    root.mkdir(parents=True)
    for index, spec in enumerate(cards):
        add_card(root, index, spec)
    return root


def add_card(root, index, spec):
    """What a sound driver adds to sysfs when it registers card `index`."""
    card_id, bus_path, driver = spec
    sys_dir = root.parent.parent
    dev = sys_dir / "devices" / bus_path
    dev.mkdir(parents=True)
    drv = sys_dir / "bus" / "drivers" / driver
    drv.mkdir(parents=True, exist_ok=True)
    os.symlink(drv, dev / "driver")
    card = root / f"card{index}"
    card.mkdir()
    (card / "id").write_text(card_id + "\n")
    os.symlink(dev, card / "device")


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


def test_a_card_that_comes_after_the_start_is_opened_once_its_device_node_is_there(tmp_path):
    # the image's coldplug loads sound drivers after the title: the card shows in sysfs
    # first, /dev/snd/controlC<N> (with group audio) a moment later
    root, dev_snd = sysfs(tmp_path), tmp_path / "dev" / "snd"
    dev_snd.mkdir(parents=True)
    opened = []

    def open_audio():
        opened.append(Audio.open())        # SDL's dummy driver in the tests: a real mixer
        return opened[-1]

    watcher = SoundWatcher(open_audio, sys_sound=root, dev_snd=dev_snd)
    assert watcher.poll() is None and opened == []
    add_card(root, 0, USB)
    assert watcher.poll() is None and opened == [], "no device node yet: not opened"
    (dev_snd / "controlC0").touch()
    try:
        audio = watcher.poll()
        assert isinstance(audio, Audio) and opened == [audio]
    finally:
        pygame.mixer.quit()


def test_each_set_of_cards_is_tried_once(tmp_path):
    root, dev_snd = sysfs(tmp_path, HDMI), tmp_path / "dev" / "snd"
    dev_snd.mkdir(parents=True)
    for index in range(2):
        (dev_snd / f"controlC{index}").touch()
    tries = []

    def open_audio():                       # e.g. sound.output names a card that is not there
        tries.append(1)
        return NullAudio()

    watcher = SoundWatcher(open_audio, sys_sound=root, dev_snd=dev_snd)
    assert watcher.poll() is None and tries == [], "the start already tried the cards it found"
    add_card(root, 1, USB)
    assert watcher.poll() is None and len(tries) == 1
    assert watcher.poll() is None and len(tries) == 1, "a card that failed is not retried every second"
    for card in root.iterdir():
        shutil.rmtree(card)
    assert watcher.poll() is None and len(tries) == 1
    add_card(root, 0, I2S)
    assert watcher.poll() is None and len(tries) == 2, "unplugged and back: tried again"


def test_a_card_there_at_the_start_whose_node_was_not_ready_is_tried_once_it_is(tmp_path):
    # a Pi's HDMI audio: vc4 is in the initrd, so the card is there when the cabinet starts,
    # but its node gets group audio only from the root's coldplug, after the title
    root, dev_snd = sysfs(tmp_path, HDMI), tmp_path / "dev" / "snd"
    dev_snd.mkdir(parents=True)
    tries = []

    def open_audio():
        tries.append(1)
        return NullAudio()

    watcher = SoundWatcher(open_audio, sys_sound=root, dev_snd=dev_snd)
    assert watcher.poll() is None and tries == []
    (dev_snd / "controlC0").touch()
    assert watcher.poll() is None and tries == [1]
    assert watcher.poll() is None and tries == [1]
