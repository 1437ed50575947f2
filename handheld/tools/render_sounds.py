"""Render every sound recipe into the WAV banks the cabinet plays.

    python -m handheld.tools.render_sounds            write the banks (after changing a recipe)
    python -m handheld.tools.render_sounds --check    exit 1, naming each difference, if a bank is stale

A sound module (each game's sounds.py and handheld/cabinet/sounds.py) has
`BANK` (its folder of WAV files) and `recipes()` ({stem: int16 samples}).
Rendering needs numpy (the test extra: pip install -e '.[test]'); playing the files does not.
"""

from __future__ import annotations

import argparse
import importlib
import sys
import wave
from pathlib import Path

from handheld.audio.mixer import SAMPLE_RATE

# the same recipe may differ by a count or two between numpy versions (float rounding)
TOLERANCE = 2


def sound_modules() -> list[str]:
    from handheld.games.registry import GAMES

    return ["handheld.cabinet.sounds"] + [f"{module}.sounds" for module, _title in GAMES.values()]


def write_wav(path: Path, samples) -> None:
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(SAMPLE_RATE)
        w.writeframes(samples.astype("<i2").tobytes())


def read_wav(path: Path):
    import numpy as np

    with wave.open(str(path), "rb") as w:
        if (w.getnchannels(), w.getsampwidth(), w.getframerate()) != (1, 2, SAMPLE_RATE):
            raise ValueError(f"{path} is not 16-bit mono at {SAMPLE_RATE} Hz")
        return np.frombuffer(w.readframes(w.getnframes()), dtype="<i2")


def differences(module_name: str) -> list[str]:
    """What in the module's bank does not match its recipes (empty when current)."""
    import numpy as np

    module = importlib.import_module(module_name)
    bank, wanted = Path(module.BANK), module.recipes()
    found = {p.stem for p in bank.glob("*.wav")}
    out = [f"{bank}/{stem}.wav: missing" for stem in sorted(set(wanted) - found)]
    out += [f"{bank}/{stem}.wav: no recipe makes it" for stem in sorted(found - set(wanted))]
    for stem in sorted(set(wanted) & found):
        have, want = read_wav(bank / f"{stem}.wav"), wanted[stem]
        if len(have) != len(want):
            out.append(f"{bank}/{stem}.wav: {len(have)} samples, the recipe makes {len(want)}")
        elif len(have) and int(np.abs(have.astype(np.int32) - want.astype(np.int32)).max()) > TOLERANCE:
            out.append(f"{bank}/{stem}.wav: differs from its recipe")
    return out


def render(module_name: str) -> int:
    """Write the module's bank afresh; returns how many files it wrote."""
    module = importlib.import_module(module_name)
    bank, wanted = Path(module.BANK), module.recipes()
    bank.mkdir(parents=True, exist_ok=True)
    for stale in bank.glob("*.wav"):
        if stale.stem not in wanted:
            stale.unlink()
    for stem, samples in wanted.items():
        write_wav(bank / f"{stem}.wav", samples)
    return len(wanted)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m handheld.tools.render_sounds", description=__doc__.split("\n")[0])
    ap.add_argument("--check", action="store_true", help="only compare; exit 1 if a bank is stale")
    ap.add_argument("modules", nargs="*", metavar="MODULE",
                    help="sound modules (default: the cabinet's own and every game's)")
    args = ap.parse_args(argv)
    modules = args.modules or sound_modules()
    if args.check:
        problems = [line for m in modules for line in differences(m)]
        for line in problems:
            print(line, file=sys.stderr)
        if problems:
            print("the sound banks are stale: run python -m handheld.tools.render_sounds", file=sys.stderr)
        return 1 if problems else 0
    for m in modules:
        print(f"{m}: {render(m)} sounds")
    return 0


if __name__ == "__main__":
    sys.exit(main())
