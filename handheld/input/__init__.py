"""Per-player actions. Devices -> backends -> RawInput -> FrameBuilder -> InputFrame."""

from handheld.input.actions import (  # noqa: F401
    Action,
    DIRECTIONS,
    MAX_PLAYERS,
    InputFrame,
    PlayerInput,
)
