"""The counts the Atom-4 computer's evaluation needs, kept point by point as the
search plays and takes back moves, so that no horizon node rescans the board:
the windows (every line of 4 points) and, per goal colour, how many goal
pieces each holds and which are open to a win in one move (threats.py)."""

from __future__ import annotations

from bisect import insort

from handheld.games.atom4.rules import CELLS, EMPTY, STEP, WHITE, BLACK


def _windows():
    """Every line of 4 points along the three lattice directions."""
    wins, of = [], [[] for _ in range(CELLS)]
    for i in range(CELLS):
        for d in (2, 3, 4):
            cells, q = [i], i
            for _ in range(3):
                q = STEP[q][d]
                if q < 0:
                    break
                cells.append(q)
            if len(cells) == 4:
                for c in cells:
                    of[c].append(len(wins))
                wins.append(tuple(cells))
    return tuple(wins), tuple(tuple(w) for w in of)


WINDOWS, WINDOWS_OF = _windows()


class Tally:
    """What the evaluation counts, kept up to date point by point so that the
    search (which applies and takes back every move's written points) never
    rescans the board: pieces of each colour, and per goal colour the goal
    pieces in every window, the number of windows holding exactly 2, the
    windows holding exactly 3 (a dict: window -> its fourth point), and
    the open windows: those holding 2 or 3 goal pieces whose other points all
    hold one colour (the only windows one move can fill, see win_targets),
    with that colour. It keeps its own copy of the board (`cells`), so the
    order in which a move's points are reported does not matter."""

    __slots__ = ("colours", "in_window", "pairs", "triples", "open", "hot", "cells")

    def __init__(self, board):
        self.colours = [len(board)] + [0] * 8     # by colour + 1 (index 0: empty points)
        self.in_window = {g: [0] * len(WINDOWS) for g in (WHITE, BLACK)}
        self.pairs = {WHITE: 0, BLACK: 0}
        self.triples: dict = {WHITE: {}, BLACK: {}}
        self.open: dict = {WHITE: {}, BLACK: {}}
        # per point, the windows through it with 2+ goal pieces (the only ones whose
        # openness a change there can move), in WINDOWS_OF's order: the open windows
        # are then found in one order, and so are the spots win_targets gives first
        self.hot = {g: [[] for _ in board] for g in (WHITE, BLACK)}
        self.cells = [EMPTY] * len(board)
        for i, v in enumerate(board):
            self.change(i, EMPTY, v)

    def change(self, i: int, old: int, new: int) -> None:
        """Point i went from colour `old` to `new` (EMPTY for a free point)."""
        colours = self.colours
        colours[old + 1] -= 1
        colours[new + 1] += 1
        self.cells[i] = new
        if old == WHITE or old == BLACK:
            self._leave(i, old)
        if new == WHITE or new == BLACK:
            self._enter(i, new)
        # (most points lie in no window with 2+ goal pieces: checked here, not in a call)
        hot = self.hot
        if hot[WHITE][i]:
            self._reopen(i, WHITE)
        if hot[BLACK][i]:
            self._reopen(i, BLACK)

    def _reopen(self, i: int, goal: int) -> None:
        """Whether each window of `goal` through i with 2+ goal pieces is open, and with what."""
        cells = self.cells
        opened, other = self.open[goal], 7 - goal
        for w in self.hot[goal][i]:
            filler = 0
            for c in WINDOWS[w]:
                v = cells[c]
                if v == goal:
                    continue
                if v == EMPTY or v == other or (filler and v != filler):
                    filler = 0
                    break
                filler = v
            if filler:
                opened[w] = filler
            elif w in opened:
                del opened[w]

    def played(self, board, written) -> None:
        """A move was just played on `board`; `written`: its (point, old colour) pairs."""
        change = self.change
        for p, old in written:
            change(p, old, board[p])

    def unplayed(self, board, written) -> None:
        """The move that wrote `written` is about to be taken back from `board`."""
        change = self.change
        for p, old in reversed(written):
            change(p, board[p], old)

    def open_pieces(self, goal: int, target: int) -> list[int]:
        """The `target` pieces of the open windows of `goal` filled with `target`."""
        window = WINDOWS
        cells = self.cells
        out = []
        for w, filler in self.open[goal].items():
            if filler == target:
                for c in window[w]:
                    if cells[c] == target and c not in out:
                        out.append(c)
        return out

    def _enter(self, i: int, goal: int) -> None:
        count, triples, hot = self.in_window[goal], self.triples[goal], self.hot[goal]
        for w in WINDOWS_OF[i]:
            n = count[w] + 1
            count[w] = n
            if n == 2:
                self.pairs[goal] += 1
                for c in WINDOWS[w]:
                    insort(hot[c], w)
            elif n == 3:
                self.pairs[goal] -= 1
                triples[w] = next(c for c in WINDOWS[w] if self.cells[c] != goal)
            elif n == 4:
                del triples[w]

    def _leave(self, i: int, goal: int) -> None:
        count, triples, opened, hot = self.in_window[goal], self.triples[goal], self.open[goal], self.hot[goal]
        for w in WINDOWS_OF[i]:
            n = count[w] - 1
            count[w] = n
            if n == 1:
                self.pairs[goal] -= 1
                opened.pop(w, None)
                for c in WINDOWS[w]:
                    hot[c].remove(w)
            elif n == 2:
                self.pairs[goal] += 1
                del triples[w]
            elif n == 3:
                triples[w] = i
