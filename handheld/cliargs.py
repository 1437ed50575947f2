"""argparse value types shared by the cabinet's commands and the games' tools,
so a bad number gets the same one-line error everywhere."""

from __future__ import annotations

import argparse


def whole_number(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None


def positive_int(text: str) -> int:
    """A whole number >= 1 (game counts, round numbers)."""
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number >= 1, got {text!r}") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number >= 1, got {n}")
    return n
