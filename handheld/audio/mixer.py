"""The cabinet's sound output: pygame.mixer when a sound device works, silence otherwise."""

from __future__ import annotations

import logging

import numpy as np

from handheld.audio.synth import SAMPLE_RATE

log = logging.getLogger("handheld.audio")


class NullAudio:
    """Silence with the same interface; also records what was asked for, so
    tests can check which sounds a scene plays."""

    enabled = False

    def __init__(self):
        self.played: list[str] = []
        self.names: set[str] = set()
        self.volume = 1.0

    def register(self, name: str, samples: np.ndarray) -> None:
        self.names.add(name)

    def play(self, name: str) -> None:
        self.played.append(name)

    def set_volume(self, volume: float) -> None:
        self.volume = volume

    def set_enabled(self, on: bool) -> None:
        pass

    def stop_all(self) -> None:
        pass


class Audio(NullAudio):
    """pygame.mixer output. `Audio.open()` returns a NullAudio, with one log
    line, when there is no usable sound device."""

    def __init__(self, mixer):
        super().__init__()
        self._mixer = mixer
        self._sounds: dict = {}
        self._raw: dict[str, np.ndarray] = {}
        self.enabled = True

    @classmethod
    def open(cls, enabled: bool = True, volume: float = 0.8, output: str = "auto"):
        from handheld.audio.device import choose

        usable, line = choose(output)
        if line:
            log.info(line)
        if not usable:
            return NullAudio()
        try:
            import pygame

            pygame.mixer.pre_init(SAMPLE_RATE, -16, 1, 512)
            pygame.mixer.init()
            freq, _fmt, channels = pygame.mixer.get_init()
        except Exception as e:  # no sound card, no ALSA device, dummy driver...
            log.info("no sound device (%s): running silently", str(e).strip() or type(e).__name__)
            return NullAudio()
        audio = cls(pygame.mixer)
        audio._channels = channels
        audio._freq = freq
        audio.set_volume(volume)
        audio.set_enabled(enabled)
        return audio

    def register(self, name: str, samples: np.ndarray) -> None:
        super().register(name, samples)
        self._raw[name] = samples
        self._sounds.pop(name, None)

    def _sound(self, name: str):
        snd = self._sounds.get(name)
        if snd is None and name in self._raw:
            samples = self._raw[name]
            if self._freq != SAMPLE_RATE:
                idx = (np.arange(int(len(samples) * self._freq / SAMPLE_RATE)) * SAMPLE_RATE // self._freq)
                samples = samples[idx]
            if self._channels == 2:
                samples = np.repeat(samples[:, None], 2, axis=1)
            snd = self._mixer.Sound(buffer=np.ascontiguousarray(samples).tobytes())
            snd.set_volume(self.volume)
            self._sounds[name] = snd
        return snd

    def play(self, name: str) -> None:
        super().play(name)
        if not self.enabled:
            return
        snd = self._sound(name)
        if snd is not None:
            snd.play()

    def set_volume(self, volume: float) -> None:
        self.volume = max(0.0, min(1.0, volume))
        for snd in self._sounds.values():
            snd.set_volume(self.volume)

    def set_enabled(self, on: bool) -> None:
        self.enabled = on
        if not on:
            self.stop_all()

    def stop_all(self) -> None:
        self._mixer.stop()
