"""argparse value types shared by the cabinet's commands and the games' tools,
so a bad number gets the same one-line error everywhere."""

from __future__ import annotations

import argparse
import math


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


def whole_number_in(lo: int, hi: int):
    """A whole number from lo to hi, for sizes with a real limit (scales, counts)."""
    def parse(text: str) -> int:
        try:
            n = int(text)
        except ValueError:
            n = None
        if n is None or not lo <= n <= hi:
            raise argparse.ArgumentTypeError(f"expected a whole number from {lo} to {hi}, got {text!r}")
        return n
    parse.__name__ = f"whole number {lo}-{hi}"
    return parse


def seconds(text: str) -> float:
    """A finite duration above zero (nan, inf and negatives would run forever or never)."""
    try:
        s = float(text)
    except ValueError:
        s = math.nan
    if not math.isfinite(s) or s <= 0:
        raise argparse.ArgumentTypeError(f"expected a number of seconds above 0, got {text!r}")
    return s
