"""Sound cards that turn up after the cabinet has started.

On the SD image the root's udev coldplug starts once the title is on screen
(docs/boot.md), so a sound driver loaded by it (a USB card, the Pi's jack, an I2S
amplifier) registers its card a few seconds after the cabinet looked for one; a USB
speaker can also be plugged in at any time. While the cabinet is silent it calls
`SoundWatcher.poll()` once a second: a look at /sys/class/sound, and sound is opened
when the cards there have changed and their device nodes can be opened (udev gives
them group audio a moment after the card appears).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Callable

from handheld.audio import device
from handheld.audio.mixer import Audio, NullAudio

DEV_SND = Path("/dev/snd")


class SoundWatcher:
    def __init__(self, open_audio: Callable[[], NullAudio], sys_sound: Path | None = None,
                 dev_snd: Path = DEV_SND) -> None:
        """`open_audio` opens sound as the start did (Audio.open with the settings).
        The cards present now were already found wanting if their nodes could be opened,
        so only a change is tried; a card whose node could not be opened yet (on a Pi,
        vc4's HDMI audio comes with the initrd, group audio with the root's coldplug
        after the title) is tried once it can be."""
        self._open = open_audio
        self._sys_sound = sys_sound
        self._dev_snd = dev_snd
        cards = self._cards()
        self._tried = cards if self._nodes_ready(cards) else ()

    def _cards(self) -> tuple[tuple[int, str], ...]:
        found = device.find_cards(device.SYS_SOUND if self._sys_sound is None else self._sys_sound)
        return tuple((card.index, card.id) for card in found)

    def _nodes_ready(self, cards) -> bool:
        return all(os.access(self._dev_snd / f"controlC{index}", os.R_OK | os.W_OK) for index, _ in cards)

    def poll(self) -> Audio | None:
        """-> the opened sound once a changed set of cards works; None while silent."""
        cards = self._cards()
        if not cards:
            self._tried = cards          # all gone: the next card to come is new
            return None
        if cards == self._tried or not self._nodes_ready(cards):
            return None
        self._tried = cards              # one try per set of cards: a card that fails stays quiet
        audio = self._open()
        return audio if isinstance(audio, Audio) else None
