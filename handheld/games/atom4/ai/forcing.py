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
played moves ran out).
"""

from __future__ import annotations

from handheld.games.atom4.ai.threats import ranked, win_targets, winning_move
from handheld.games.atom4.rules import ORDER, Position


class _OutOfBudget(Exception):
    pass


class _Counter:
    def __init__(self, budget: int, chunk: int):
        self.played, self.budget, self.chunk = 0, budget, chunk
        self.pause = chunk

    def tick(self):
        """Count one played move; a generator that pauses every `chunk` of them."""
        self.played += 1
        if self.played > self.budget:
            raise _OutOfBudget
        if self.played >= self.pause:
            self.pause += self.chunk
            yield


def forced_win(pos: Position, depth: int, budget: int, chunk: int = 1 << 62):
    """Generator: its return value is a move of the side to move that wins by
    threats (or at once), or -1. `pos` is played on and restored."""
    count = _Counter(budget, chunk)
    try:
        return (yield from _attack(pos, pos.player, depth, count))
    except _OutOfBudget:        # every move played was taken back on the way out
        return -1


def _attack(pos: Position, me: int, depth: int, count: _Counter):
    win = winning_move(pos)
    if win >= 0 or depth == 0:
        return win
    for m in ranked(pos.board, pos.legal_moves(), pos.colour, me):
        yield from count.tick()
        pos.play(m)
        try:
            forcing = pos.winner is None and _threatens(pos, me) and winning_move(pos) < 0
            won = forcing and (yield from _every_reply_loses(pos, me, depth, count))
        finally:
            pos.undo()
        if won:
            return m
    return -1


def _threatens(pos: Position, me: int) -> bool:
    """With the other side to move: does `me` hold a win in one for its next colour?"""
    return bool(win_targets(pos.board, pos.legal, me, ORDER[(pos.turn + 1) % 6], 1))


def _every_reply_loses(pos: Position, me: int, depth: int, count: _Counter):
    for r in pos.legal_moves():
        yield from count.tick()
        pos.play(r)
        try:
            if pos.winner is not None:
                lost = pos.winner == me
            else:
                lost = (yield from _attack(pos, me, depth - 1, count)) >= 0
        finally:
            pos.undo()
        if not lost:
            return False
    return True
