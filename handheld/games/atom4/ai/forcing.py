"""Forced wins by threats: the side to move plays only moves that leave it a
win in one for its next colour, so the other side must stop that threat with
its reply; the line wins if every reply leaves a win at once or another such
threat, down to a depth. Few moves make a threat and few replies stop one, so
this looks further along forcing lines than the full search, which scores
them at its horizon. Against atom4 4.1 at `-d 2` it turned drawn rounds into
wins and nothing into a loss (docs/atom4.md, sixth pass).

`forced_win(pos, depth, budget)` is a generator like `Search.steps`: it
yields every `chunk` moves it plays, and its result is the first move of a
forced win, or -1 (none found within `depth` threats, or the budget of
played moves ran out). The computer looks several times per move (once for
itself, then once for the other side after each of its best moves), so
`Looks` shares one budget of played moves between them: that budget, not
the number of looks, bounds the time a move takes.
"""

from __future__ import annotations

from handheld.games.atom4.ai.tally import Tally
from handheld.games.atom4.ai.threats import ranked, win_targets, winning_move
from handheld.games.atom4.rules import ORDER, Position


class _OutOfBudget(Exception):
    pass


class _Look:
    """One look's moves on `pos`: counted against a budget, and mirrored in a
    Tally so that each win-in-one test looks only at open windows (a third to
    half the time of a board scan, the same spots)."""

    def __init__(self, pos: Position, budget: int, chunk: int):
        self.pos, self.tally = pos, Tally(pos.board)
        self.played, self.budget, self.chunk = 0, budget, chunk
        self.pause = chunk

    def play(self, m: int):
        """A generator: plays m, pausing first every `chunk` moves played."""
        if self.played >= self.budget:
            raise _OutOfBudget
        self.played += 1
        if self.played >= self.pause:
            self.pause += self.chunk
            yield
        pos = self.pos
        pos.play(m)
        self.tally.played(pos.board, pos.history[-1][0])

    def undo(self) -> None:
        pos = self.pos
        self.tally.unplayed(pos.board, pos.history[-1][0])
        pos.undo()

    def winning_move(self) -> int:
        """A move that wins at once for the side to move, or -1."""
        return winning_move(self.pos, self.tally)

    def threatens(self, me: int) -> bool:
        """With the other side to move: does `me` hold a win in one for its next colour?"""
        pos = self.pos
        return bool(win_targets(pos.board, pos.legal, me, ORDER[(pos.turn + 1) % 6], 1, self.tally))


class Looks:
    """The forced-win looks of one computer move: each plays at most `per_look`
    moves, all of them together at most `per_move`."""

    def __init__(self, depth: int, per_look: int, per_move: int, chunk: int = 1 << 62):
        self.depth, self.per_look, self.left, self.chunk = depth, per_look, per_move, chunk

    def forced_win(self, pos: Position):
        """Generator: its return value is a move of the side to move that wins by
        threats (or at once), or -1. `pos` is played on and restored."""
        look = _Look(pos, min(self.per_look, self.left), self.chunk)
        try:
            return (yield from _attack(look, pos.player, self.depth))
        except _OutOfBudget:        # every move played was taken back on the way out
            return -1
        finally:
            self.left -= look.played


def forced_win(pos: Position, depth: int, budget: int, chunk: int = 1 << 62):
    """One look on its own: at most `budget` moves played."""
    return Looks(depth, budget, budget, chunk).forced_win(pos)


def _attack(look: _Look, me: int, depth: int):
    win = look.winning_move()
    if win >= 0 or depth == 0:
        return win
    pos = look.pos
    for m in ranked(pos.board, pos.legal_moves(), pos.colour, me):
        yield from look.play(m)
        try:
            forcing = pos.winner is None and look.threatens(me) and look.winning_move() < 0
            won = forcing and (yield from _every_reply_loses(look, me, depth))
        finally:
            look.undo()
        if won:
            return m
    return -1


def _every_reply_loses(look: _Look, me: int, depth: int):
    pos = look.pos
    for r in pos.legal_moves():
        yield from look.play(r)
        try:
            if pos.winner is not None:
                lost = pos.winner == me
            else:
                lost = (yield from _attack(look, me, depth - 1)) >= 0
        finally:
            look.undo()
        if not lost:
            return False
    return True
