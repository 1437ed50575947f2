"""Sound: effects and jingles synthesized with numpy, played through pygame.mixer.

Games call `ctx.audio.play("game.effect")` and register their own effects with
`ctx.audio.register(name, samples)` (int16 mono at `SAMPLE_RATE`, built with
`handheld.audio.synth`). A machine with no sound card runs silently.
"""

from handheld.audio.mixer import Audio, NullAudio  # noqa: F401
from handheld.audio.synth import SAMPLE_RATE  # noqa: F401
