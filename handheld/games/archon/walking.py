"""Walkers on the board screen: the step-by-step path a player builds with the
stick, and the shortest path used to show a computer's walk. Pure rules."""

from __future__ import annotations

from handheld.games.archon import board as B
from handheld.games.archon.icons import ICONS

ORTHO = ((0, -1), (0, 1), (-1, 0), (1, 0))


def walk_path(state, piece, to: int) -> list[int]:
    """A shortest walking path from the piece to `to` (for showing a computer's move)."""
    prev: dict[int, int | None] = {piece.square: None}
    frontier = [piece.square]
    while frontier and to not in prev:
        nxt = []
        for s in frontier:
            if s != piece.square and state.board[s] is not None:
                continue
            c, r = B.col_row(s)
            for dc, dr in ORTHO:
                if B.on_board(c + dc, r + dr):
                    t = B.at(c + dc, r + dr)
                    occ = state.piece_at(t)
                    if t not in prev and (occ is None or occ.side != piece.side):
                        prev[t] = s
                        nxt.append(t)
        frontier = nxt
    if to not in prev:
        return [piece.square, to]
    path = [to]
    back = prev[to]
    while back is not None:
        path.append(back)
        back = prev[back]
    return path[::-1]


def walk_step(state, piece, path: list[int], dc: int, dr: int) -> tuple[list[int], str | None]:
    """One stick step of a walker being moved square by square.

    `path` starts at the piece's square. Returns (new path, refusal message).
    Stepping back onto the previous square refunds that step.
    """
    c, r = B.col_row(path[-1])
    if dc and dr:
        return path, "WALKERS MOVE STRAIGHT"
    if not B.on_board(c + dc, r + dr):
        return path, "EDGE OF THE BOARD"
    t = B.at(c + dc, r + dr)
    if len(path) >= 2 and t == path[-2]:
        return path[:-1], None
    end = state.piece_at(path[-1])
    if len(path) > 1 and end is not None:
        return path, "THE ICON MUST FIGHT HERE"
    if len(path) - 1 >= ICONS[piece.icon].range:
        return path, "NO MOVES LEFT"
    occ = state.piece_at(t)
    if occ is not None and occ.side == piece.side and occ is not piece:
        return path, "BLOCKED BY YOUR OWN ICON"
    if t in path:
        return path, "CAN'T CROSS YOUR OWN PATH"
    return path + [t], None
