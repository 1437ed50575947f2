"""The computer players. `classic` is the 1988 rule chain, `strong` a shallow
search over the power economy; LEVELS maps the options' `level` to a decider,
and `play_turn` runs one turn with any of them (also Help Me for a human)."""

from __future__ import annotations

from . import classic, strong
from .classic import NOOP_LIMIT, choice_used, play_turn  # noqa: F401  (re-exported)

LEVELS = {"classic": classic.decide, "strong": strong.decide}
