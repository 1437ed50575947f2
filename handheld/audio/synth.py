"""Retro voices (square, triangle, noise) with envelopes, as int16 numpy arrays.

The games' sound recipes are written with these; `python -m handheld.tools.render_sounds`
runs them once and stores WAV files that the cabinet plays. Nothing here runs
in the cabinet itself.
"""

from __future__ import annotations

import numpy as np

from handheld.audio.mixer import SAMPLE_RATE
_NOTE_NAMES = {"C": -9, "D": -7, "E": -5, "F": -4, "G": -2, "A": 0, "B": 2}


def note_hz(note: str) -> float:
    """'A4' -> 440.0, 'C#5', 'Eb3'; 'R' is a rest (0 Hz)."""
    if note.upper() == "R":
        return 0.0
    name, rest = note[0].upper(), note[1:]
    semis = _NOTE_NAMES[name]
    while rest and rest[0] in "#b":
        semis += 1 if rest[0] == "#" else -1
        rest = rest[1:]
    octave = int(rest or "4")
    return 440.0 * 2 ** ((semis + 12 * (octave - 4)) / 12)


def _time(seconds: float) -> np.ndarray:
    return np.arange(int(SAMPLE_RATE * seconds), dtype=np.float32) / SAMPLE_RATE


def square(freq, seconds: float, duty: float = 0.5) -> np.ndarray:
    """A square (pulse) wave; freq may be a number or a per-sample array (a sweep)."""
    t = _time(seconds)
    phase = _phase(freq, t)
    return np.where(phase % 1.0 < duty, 1.0, -1.0).astype(np.float32)


def triangle(freq, seconds: float) -> np.ndarray:
    t = _time(seconds)
    phase = _phase(freq, t) % 1.0
    return (4.0 * np.abs(phase - 0.5) - 1.0).astype(np.float32)


def noise(seconds: float, seed: int = 1, hold: int = 1) -> np.ndarray:
    """White noise; `hold` > 1 repeats each value for a grittier, lower hiss."""
    n = int(SAMPLE_RATE * seconds)
    rng = np.random.default_rng(seed)
    vals = rng.uniform(-1.0, 1.0, size=n // hold + 1).astype(np.float32)
    return np.repeat(vals, hold)[:n]


def sweep(f0: float, f1: float, seconds: float) -> np.ndarray:
    """Per-sample frequencies gliding from f0 to f1 (exponential)."""
    n = int(SAMPLE_RATE * seconds)
    return (f0 * (f1 / f0) ** (np.arange(n, dtype=np.float32) / max(n - 1, 1))).astype(np.float32)


def _phase(freq, t: np.ndarray) -> np.ndarray:
    if np.isscalar(freq):
        return t * freq  # array first: isscalar() narrows freq to a union with str
    freq = np.asarray(freq, dtype=np.float32)[: len(t)]
    return np.cumsum(freq) / SAMPLE_RATE


def envelope(wave: np.ndarray, attack: float = 0.005, decay: float = 0.05,
             sustain: float = 0.7, release: float = 0.05) -> np.ndarray:
    """Classic ADSR over the wave's length (times in seconds, sustain a level)."""
    n = len(wave)
    a, d, r = (int(SAMPLE_RATE * x) for x in (attack, decay, release))
    s = max(n - a - d - r, 0)
    env = np.concatenate([
        np.linspace(0.0, 1.0, a, endpoint=False),
        np.linspace(1.0, sustain, d, endpoint=False),
        np.full(s, sustain),
        np.linspace(sustain, 0.0, r),
    ]).astype(np.float32)[:n]
    if len(env) < n:
        env = np.pad(env, (0, n - len(env)))
    return wave * env


def tune(notes: str, beat: float = 0.12, voice: str = "square", duty: float = 0.5) -> np.ndarray:
    """A melody from space-separated notes; 'C5:2' holds for two beats, 'R' rests."""
    parts = []
    for token in notes.split():
        name, _, beats = token.partition(":")
        length = beat * float(beats or 1)
        hz = note_hz(name)
        if hz == 0.0:
            parts.append(np.zeros(int(SAMPLE_RATE * length), dtype=np.float32))
            continue
        wave = triangle(hz, length) if voice == "triangle" else square(hz, length, duty)
        parts.append(envelope(wave, 0.004, 0.04, 0.6, min(0.04, length / 3)))
    return np.concatenate(parts) if parts else np.zeros(0, dtype=np.float32)


def mix(*waves: np.ndarray) -> np.ndarray:
    """Sum voices of different lengths, padding the short ones with silence."""
    n = max(len(w) for w in waves)
    out = np.zeros(n, dtype=np.float32)
    for w in waves:
        out[: len(w)] += w
    return out / max(len(waves), 1)


def to_int16(wave: np.ndarray, volume: float = 0.5) -> np.ndarray:
    """Float wave in [-1, 1] -> int16 samples at `volume` of full scale."""
    return np.clip(wave * (32767 * volume), -32768, 32767).astype(np.int16)
