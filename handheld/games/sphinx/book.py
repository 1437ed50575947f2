"""The Sphinx's opening book: win, draw or loss of 7 x 7 positions a few
moves in, and a move that keeps it.

The pure-Python solver cannot decide a position this early while a player
waits (docs/sphinx.md: none of 10 positions with 38-46 empty squares in 3 M
nodes; three moves in takes 40 M to several billion nodes). The book is
computed offline by the same search in C (book_solver.c; `make sphinx-book`
compiles it and runs book_build.py) for positions with
BOOK_PLIES stones, and the positions with fewer stones are derived from
those by negamax. Positions the build has not reached yet are simply not in
it; tests/sphinx/test_sphinx_book.py checks entries against solver.py.

book.txt holds one position a line: `MOVES RESULT COLUMN NODES`, MOVES the
1-based columns of one move order that reaches it, RESULT +1, 0 or -1 for
the side to move, COLUMN the 1-based column that keeps RESULT ("-" when
every move loses), NODES what the C search spent ("-" for a derived entry).
A position stands for its mirror image too.
"""

from __future__ import annotations

import itertools
import logging
from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path
from typing import NamedTuple

from handheld.games.sphinx.rules import Board, geometry

log = logging.getLogger("handheld.sphinx")

BOOK_PATH = Path(__file__).with_name("book.txt")
WIDTH = HEIGHT = 7          # the Sphinx board; other sizes have no book
BOOK_PLIES = 3              # the deepest positions the C search decides


class BookError(ValueError):
    """book.txt does not parse, or names an illegal position."""


@dataclass(frozen=True)
class Entry:
    moves: str                  # 1-based columns, e.g. "425"
    result: int                 # +1, 0, -1 for the side to move
    column: int | None          # 0-based column keeping `result`; None when lost
    nodes: int | None = None    # the C search's nodes; None when derived

    def line(self) -> str:
        column = "-" if self.column is None else str(self.column + 1)
        nodes = "-" if self.nodes is None else str(self.nodes)
        return f"{self.moves or '.'} {self.result:+d} {column} {nodes}"


def board_of(moves: str) -> Board:
    return Board(WIDTH, HEIGHT, [int(ch) - 1 for ch in moves])


def position_key(board: Board) -> tuple[int, int]:
    return board.stones[0], board.stones[1]


def key_of(moves: str) -> tuple[int, int]:
    """position_key(board_of(moves)) without a Board (the book's moves are legal: parse checks)."""
    stones = [0, 0]
    heights = [0] * WIDTH
    for i, ch in enumerate(moves):
        col = int(ch) - 1
        stones[i & 1] |= 1 << (col * (HEIGHT + 1) + heights[col])
        heights[col] += 1
    return stones[0], stones[1]


def mirror_moves(moves: str) -> str:
    return "".join(str(WIDTH + 1 - int(ch)) for ch in moves)


def canonical_key(moves: str) -> tuple[int, int]:
    """The same key for a position, any move order reaching it and its mirror image."""
    return min(key_of(moves), key_of(mirror_moves(moves)))


def positions(plies: int) -> list[str]:
    """One move order for every position with `plies` stones, up to mirror
    image, the first in column order that reaches it."""
    seen: dict[tuple[int, int], str] = {}
    for seq in itertools.product(range(1, WIDTH + 1), repeat=plies):
        moves = "".join(map(str, seq))
        seen.setdefault(canonical_key(moves), moves)
    return list(seen.values())


def parse(text: str) -> list[Entry]:
    entries = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        try:
            moves, result, column, nodes = line.split()
            moves = "" if moves == "." else moves
            entry = Entry(moves, int(result), None if column == "-" else int(column) - 1,
                          None if nodes == "-" else int(nodes))
        except ValueError:
            raise BookError(f"book line {number}: {raw.strip()!r}: not MOVES RESULT COLUMN NODES") from None
        heights = [moves.count(str(c + 1)) for c in range(WIDTH)]
        if (not moves.isdigit() and moves) or sum(heights) != len(moves) or max(heights) > HEIGHT:
            raise BookError(f"book line {number}: {raw.strip()!r}: MOVES are columns 1..{WIDTH}, "
                            f"at most {HEIGHT} in one")
        if entry.result not in (-1, 0, 1) or (entry.column is None) != (entry.result < 0):
            raise BookError(f"book line {number}: {raw.strip()!r}: RESULT is +1, 0 or -1, "
                            f"and COLUMN is '-' exactly when it is -1")
        if entry.column is not None and not (0 <= entry.column < WIDTH and heights[entry.column] < HEIGHT):
            raise BookError(f"book line {number}: {raw.strip()!r}: column {entry.column + 1} cannot be played")
        entries.append(entry)
    return entries


class Range(NamedTuple):
    """What follows for a position from the positions after it: its result for
    the side to move lies in lo..hi; `column` (0-based) assures lo, None when lo is a loss."""
    moves: str
    lo: int
    hi: int
    column: int | None


def derive(solved: list[Entry]) -> list[Entry]:
    """The entries of every position with fewer stones whose result follows
    from `solved` by negamax: those whose range (result_ranges) is one result."""
    return [Entry(r.moves, r.lo, r.column) for r in result_ranges(solved) if r.lo == r.hi]


def result_ranges(known: list[Entry]) -> list[Range]:
    """The range of results of every position with fewer stones than the
    deepest of `known` and not in it, where negamax over `known` narrows it
    below loss to win. What is known of a position is such a range (an
    unknown one: loss to win), so a win follows from one move into a position
    the opponent loses, and a draw from one move into a draw where every other
    move is known to do no better, even if some are not known exactly. The
    column is the first in column order (centre first) that reaches a position
    known exactly, else one whose range assures lo."""
    bounds = {canonical_key(e.moves): (e.result, e.result) for e in known}
    deepest = max((len(e.moves) for e in known), default=0)
    ranges: list[Range] = []
    order = geometry(WIDTH, HEIGHT).order
    for plies in range(deepest - 1, -1, -1):
        for moves in positions(plies):
            if canonical_key(moves) in bounds:
                continue
            lo = hi = -1
            assured, exact = {}, set()
            for col in order:
                child_lo, child_hi = bounds.get(canonical_key(moves + str(col + 1)), (-1, 1))
                lo, hi = max(lo, -child_hi), max(hi, -child_lo)
                assured[col] = -child_hi
                if child_lo == child_hi:
                    exact.add(col)
            if (lo, hi) == (-1, 1):
                continue
            bounds[canonical_key(moves)] = (lo, hi)
            keeping = [col for col in order if assured[col] == lo]
            column = min(keeping, key=lambda col: col not in exact) if lo >= 0 else None
            ranges.append(Range(moves, lo, hi, column))
    return ranges


def text_of(entries: list[Entry]) -> str:
    head = ("# The Sphinx's opening book (7 x 7): MOVES RESULT COLUMN NODES, see handheld/games/sphinx/book.py.\n"
            "# Built by `make sphinx-book`; do not edit by hand.\n")
    ordered = sorted(entries, key=lambda e: (len(e.moves), e.moves))
    return head + "".join(e.line() + "\n" for e in ordered)


def _both_sides(moves: str, column: int | None) -> list[tuple[tuple[int, int], int | None]]:
    """The position after `moves` and its mirror image, each keyed with `column` as seen from it."""
    mirrored = None if column is None else WIDTH - 1 - column
    return [(key_of(moves), column), (key_of(mirror_moves(moves)), mirrored)]


def keeping(results: dict[int, int]) -> tuple[int, list[int]]:
    """(the best of `results`, the columns that reach it), from Book.move_results."""
    best = max(results.values())
    return best, [col for col, result in results.items() if result == best]


class Book:
    def __init__(self, entries: list[Entry]):
        self.entries = entries
        self._moves: dict[tuple[int, int], tuple[int, int | None]] = {}
        for e in entries:
            for key, column in _both_sides(e.moves, e.column):
                self._moves[key] = (e.result, column)

    @cached_property
    def _ranges(self) -> dict[tuple[int, int], tuple[int, int, int | None]]:
        """Only `sphinx solve` asks for ranges: PROVER's first look-up need not derive them."""
        ranges = {}
        for r in result_ranges(self.entries):
            if r.lo != r.hi:
                for key, column in _both_sides(r.moves, r.column):
                    ranges[key] = (r.lo, r.hi, column)
        return ranges

    def lookup(self, board: Board) -> tuple[int, int | None] | None:
        """(result, 0-based column or None) for `board`, or None when it is not in the book."""
        if board.width != WIDTH or board.height != HEIGHT or len(board.moves) > BOOK_PLIES:
            return None
        return self._moves.get(position_key(board))

    def result_range(self, board: Board) -> tuple[int, int, int | None] | None:
        """(lo, hi, column) where the book holds less than `board`'s result: it
        lies in lo..hi for the side to move, and the 0-based column assures lo
        (None when lo is a loss); None where the book holds the result itself
        (lookup) or nothing."""
        if board.width != WIDTH or board.height != HEIGHT or len(board.moves) >= BOOK_PLIES:
            return None
        return self._ranges.get(position_key(board))

    def move_results(self, board: Board) -> dict[int, int] | None:
        """The result for the side to move of each legal move from `board`
        (0-based column: +1, 0 or -1) when the book holds the position after
        every one of them; None otherwise."""
        if board.width != WIDTH or board.height != HEIGHT or len(board.moves) >= BOOK_PLIES:
            return None
        results = {}
        after = board.copy()
        for col in board.legal_moves():
            after.play(col)
            known = self._moves.get(position_key(after))
            after.undo()
            if known is None:
                return None
            results[col] = -known[0]
        return results

    def keeping_columns(self, board: Board) -> tuple[int, list[int]] | None:
        """(the best result for the side to move, the 0-based columns that keep
        it) where move_results knows every move; None otherwise."""
        results = self.move_results(board)
        return None if results is None else keeping(results)


@lru_cache(maxsize=1)
def book() -> Book:
    """The shipped book (read once). One that cannot be read is left out, with
    a warning: `sphinx solve` then solves those positions as any other."""
    try:
        return Book(parse(BOOK_PATH.read_text(encoding="utf-8")))
    except (OSError, BookError) as e:
        log.warning("sphinx opening book left out: %s; reinstall handheld to restore %s", e, BOOK_PATH)
        return Book([])
