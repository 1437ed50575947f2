import logging

import numpy as np
import pygame

from handheld.cabinet import sounds as ui_sounds
from handheld.audio import Audio, NullAudio, synth
from handheld.tools import render_sounds as render


def test_square_wave_has_the_right_pitch_and_levels():
    wave = synth.square(441.0, 1.0)
    assert len(wave) == synth.SAMPLE_RATE
    rising = np.count_nonzero((wave[1:] > 0) & (wave[:-1] < 0))
    assert rising in (440, 441)
    assert set(np.unique(wave)) == {-1.0, 1.0}


def test_note_names():
    assert round(synth.note_hz("A4"), 3) == 440.0
    assert round(synth.note_hz("A5"), 3) == 880.0
    assert round(synth.note_hz("C#5") / synth.note_hz("C5"), 4) == round(2 ** (1 / 12), 4)


def test_envelope_starts_and_ends_silent():
    env = synth.envelope(np.ones(synth.SAMPLE_RATE // 2, dtype=np.float32), 0.01, 0.05, 0.5, 0.1)
    assert env[0] == 0.0 and abs(env[-1]) < 1e-6 and env.max() <= 1.0
    assert abs(env[len(env) // 2] - 0.5) < 1e-6


def test_tune_length_follows_the_beats_and_int16_is_clipped():
    music = synth.tune("C5 R:2 E5", beat=0.1)
    assert abs(len(music) - int(synth.SAMPLE_RATE * 0.1) * 4) <= 4
    loud = synth.to_int16(np.array([2.0, -2.0, 0.5], dtype=np.float32), 1.0)
    assert loud.dtype == np.int16 and loud[0] == 32767 and loud[1] == -32768


def test_no_sound_device_runs_silently_with_one_log_line(monkeypatch, caplog):
    def broken(*a, **k):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "init", broken)
    with caplog.at_level(logging.INFO, logger="handheld.audio"):
        audio = Audio.open()
    assert type(audio) is NullAudio
    assert [r.getMessage() for r in caplog.records] == ["no sound device (No available audio device): running silently"]
    audio.play("ui.select")
    assert audio.played == ["ui.select"]


def test_mixer_output_honours_mute(monkeypatch):
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    audio = Audio.open(enabled=False)
    try:
        if type(audio) is NullAudio:
            return  # no mixer at all on this machine: covered by the test above
        audio.register_bank("ui", ui_sounds.BANK)
        audio.play("ui.move")
        assert pygame.mixer.get_busy() is False or pygame.mixer.get_busy() == 0
        audio.set_enabled(True)
        audio.play("ui.move")
        assert audio._sounds["ui.move"].get_length() > 0.02
    finally:
        pygame.mixer.quit()


def test_every_sound_bank_is_what_its_recipes_render():
    from handheld.games.registry import GAMES

    modules = render.sound_modules() + ["tests.games.nim.sounds"]
    assert {f"{module}.sounds" for module, _title in GAMES.values()} <= set(modules)
    assert "handheld.cabinet.sounds" in modules
    assert [line for m in modules for line in render.differences(m)] == []


def test_a_stale_bank_is_named(tmp_path, monkeypatch):
    bank = tmp_path / "wav"
    monkeypatch.setattr(ui_sounds, "BANK", bank)
    render.render("handheld.cabinet.sounds")
    (bank / "select.wav").unlink()
    render.write_wav(bank / "old.wav", synth.to_int16(synth.square(440, 0.01)))
    render.write_wav(bank / "move.wav", synth.to_int16(synth.square(440, 0.03), 0.3))
    assert render.differences("handheld.cabinet.sounds") == [
        f"{bank}/select.wav: missing", f"{bank}/old.wav: no recipe makes it", f"{bank}/move.wav: differs from its recipe"]
    assert render.main(["--check", "handheld.cabinet.sounds"]) == 1


def test_a_bank_plays_and_a_broken_file_stays_silent(tmp_path, monkeypatch, caplog):
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    audio = Audio.open()
    try:
        if type(audio) is NullAudio:
            return
        (tmp_path / "bad.wav").write_bytes(b"not a wav")
        audio.register_bank("ui", ui_sounds.BANK)
        audio.register_bank("t", tmp_path)
        assert {"ui.move", "ui.select", "ui.refuse", "ui.jingle", "t.bad"} == audio.names
        with caplog.at_level(logging.WARNING, logger="handheld.audio"):
            audio.play("t.bad")
            audio.play("t.bad")
        assert len(caplog.records) == 1 and "cannot load sound t.bad" in caplog.records[0].getMessage()
        audio.play("ui.jingle")
        assert 0.75 < audio._sounds["ui.jingle"].get_length() < 0.9   # 9 beats of 0.09 s
    finally:
        pygame.mixer.quit()


def test_a_bank_is_listed_once_however_often_scenes_register_it(tmp_path):
    render.write_wav(tmp_path / "beep.wav", synth.to_int16(synth.square(440, 0.01)))
    audio = NullAudio()
    audio.register_bank("t", tmp_path)
    render.write_wav(tmp_path / "late.wav", synth.to_int16(synth.square(440, 0.01)))
    audio.register_bank("t", tmp_path)          # an Archon duel registers at every duel
    assert set(audio.names) == {"t.beep"}
    audio.register_bank("u", tmp_path)          # another prefix is another bank
    assert set(audio.names) == {"t.beep", "u.beep", "u.late"}


def test_a_bank_holds_its_wav_files_only(tmp_path):
    for name in ("beep.wav", "notes.txt", ".hidden.wav", "beep.wav.bak"):
        (tmp_path / name).write_bytes(b"")
    audio = NullAudio()
    audio.register_bank("t", tmp_path)
    audio.register_bank("gone", tmp_path / "missing")     # a folder that is not there: no sounds
    assert dict(audio.files) == {"t.beep": str(tmp_path / "beep.wav")}
