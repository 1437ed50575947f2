"""Build constructed positions: for tests, screenshots, bench scenes and demos."""

from __future__ import annotations

from handheld.games.archon import board as B
from handheld.games.archon import rules as R
from handheld.games.archon.icons import DARK, ICONS, LIGHT


def position(placement: dict[str, str], to_move: str = LIGHT, first: str = LIGHT,
             shade: int = 3, step: int = 1, hp: dict[str, int] | None = None,
             dead_ok: bool = True) -> R.State:
    """A state with only the icons in `placement` ({"E5": "dragon", ...}) on the board.

    Pieces are taken from the two armies (so at most as many of a type as an
    army has); every other piece is dead. `hp` overrides HP by square name.
    """
    s = R.new_game(first)
    for piece in s.pieces:
        s.board[piece.square] = None
        piece.alive, piece.hp, piece.imprisoned = False, 0, False
    used: set[int] = set()
    for sqname, icon in placement.items():
        if icon not in ICONS or ICONS[icon].side is None:
            raise ValueError(f"not an army icon: {icon!r}")
        p = next((p for p in s.pieces if p.icon == icon and p.id not in used), None)
        if p is None:
            raise ValueError(f"no more {icon} pieces")
        used.add(p.id)
        t = B.sq(sqname)
        if s.board[t] is not None:
            raise ValueError(f"two icons on {sqname}")
        p.alive, p.square, p.hp = True, t, p.base
        if hp and sqname in hp:
            p.hp = hp[sqname]
        s.board[t] = p.id
    s.to_move = to_move
    s.cycle = B.Cycle(shade, step)
    return s


def piece(state: R.State, sqname: str) -> R.Piece:
    p = state.piece_at(B.sq(sqname))
    if p is None:
        raise KeyError(f"no icon on {sqname}")
    return p


__all__ = ["position", "piece", "LIGHT", "DARK"]
