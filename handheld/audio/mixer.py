"""The cabinet's sound output: pygame.mixer when a sound device works, silence otherwise.

Sounds are WAV files (16-bit mono at SAMPLE_RATE) in a bank folder per game,
rendered ahead of time from the game's recipes (handheld/tools/render_sounds.py), so
nothing is synthesized, and numpy is never imported, while the cabinet runs.
Each file is loaded the first time it plays."""

from __future__ import annotations

import logging
import os

from handheld.base import held_back

SAMPLE_RATE = 22050
MIXER_MODULES = ("pygame.mixer", "pygame.mixer_music")

log = logging.getLogger("handheld.audio")


def hold_back_mixer() -> None:
    """Call before pygame is first imported: its __init__ then skips the mixer, whose
    SDL_mixer and codec libraries are a few tenths of a second of a cold start under
    emulation. `pygame_mixer()` imports it when sound is opened (never, with no card)."""
    held_back.hold_back(MIXER_MODULES)


def pygame_mixer():
    """The pygame.mixer module, imported now if hold_back_mixer() kept it out."""
    return held_back.bring_back(MIXER_MODULES)


class NullAudio:
    """Silence with the same interface; also records what was asked for, so
    tests can check which sounds a scene plays."""

    enabled = False

    def __init__(self):
        self.played: list[str] = []
        self.files: dict[str, str] = {}
        self._banks: set[tuple[str, str]] = set()
        self.volume = 1.0

    @property
    def names(self):
        """The registered sound names (a set-like view)."""
        return self.files.keys()

    def register(self, name: str, wav: str | os.PathLike) -> None:
        self.files[name] = os.fspath(wav)

    def register_bank(self, prefix: str, folder: str | os.PathLike) -> None:
        """Every `folder/<stem>.wav` as the sound "<prefix>.<stem>". Scenes call this
        whenever they are built (Archon per duel); the folder is listed only once."""
        bank = (prefix, os.fspath(folder))
        if bank in self._banks:
            return
        self._banks.add(bank)
        try:
            entries = sorted(os.listdir(bank[1]))
        except OSError:
            entries = []                  # no such folder: no sounds, as with an empty one
        for entry in entries:
            stem, ext = os.path.splitext(entry)
            if ext == ".wav" and not entry.startswith("."):
                self.register(f"{prefix}.{stem}", os.path.join(bank[1], entry))

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
            mixer = pygame_mixer()
            mixer.pre_init(SAMPLE_RATE, -16, 1, 512)
            mixer.init()
        except Exception as e:  # no sound card, no ALSA device, dummy driver...
            log.info("no sound device (%s): running silently", str(e).strip() or type(e).__name__)
            return NullAudio()
        audio = cls(mixer)
        audio.set_volume(volume)
        audio.set_enabled(enabled)
        return audio

    def _sound(self, name: str):
        """The loaded sound, or None; a file is loaded (or found broken) only once."""
        if name not in self._sounds and name in self.files:
            self._sounds[name] = self._load(name)
        return self._sounds.get(name)

    def _load(self, name: str):
        try:
            # SDL_mixer converts the file to the device's rate and channels
            snd = self._mixer.Sound(file=str(self.files[name]))
        except Exception as e:   # a missing or damaged file costs that sound, not the cabinet
            log.warning("cannot load sound %s from %s (%s): it stays silent", name, self.files[name], e)
            return None
        snd.set_volume(self.volume)
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
            if snd is not None:
                snd.set_volume(self.volume)

    def set_enabled(self, on: bool) -> None:
        self.enabled = on
        if not on:
            self.stop_all()

    def stop_all(self) -> None:
        self._mixer.stop()
