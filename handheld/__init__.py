"""handheld: a boot-to-game arcade cabinet for the Raspberry Pi."""

__version__ = "0.1.0"

SCREEN_W = 320
SCREEN_H = 240
TICK_HZ = 60
