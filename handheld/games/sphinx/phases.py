"""A match's phases and its two pieces: match.py steps through them, draw.py
shows them."""

from __future__ import annotations

PIECES = ("sphinx", "pyramid")
AIM, THINK, SLIDE, FALL, WON, ROUND_OVER, DONE = range(7)
