"""Sound: effects and jingles played through pygame.mixer from WAV banks.

Each game's sounds.py holds its recipes (synthesized with numpy by
handheld/audio/synth.py) and `register(audio)`, which hands the cabinet the
folder of WAV files rendered from them (`python -m handheld.tools.render_sounds`).
Games call `ctx.audio.play("game.effect")`. A machine with no sound card runs
silently.
"""

from handheld.audio.mixer import SAMPLE_RATE, Audio, NullAudio  # noqa: F401
