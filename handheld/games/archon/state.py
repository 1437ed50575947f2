"""The board's state as data: pieces, actions, a pending duel, the whole game.

What the rules (rules.py) change and the spells (spells.py) inspect. Integers
and strings only, so it hashes and replays bit for bit.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from handheld.games.archon import board as B
from handheld.games.archon.icons import ICONS, LIGHT, DARK, MAGE, base_hp

@dataclass
class Piece:
    id: int
    icon: str
    side: str
    hp: int
    square: int
    alive: bool = True
    imprisoned: bool = False
    # The Shapeshifter is always back to full health after a win, but the
    # original's computer attacked it as if it had kept its injuries (the
    # seed's "bad bug"): the injuries it would have kept, for Classic to see.
    scars: int = 0

    @property
    def base(self) -> int:
        return base_hp(self.icon)

    def hash_fields(self):
        return (self.id, self.icon, self.side, self.hp, self.square, self.alive, self.imprisoned, self.scars)


@dataclass(frozen=True)
class Move:
    piece: int
    to: int


@dataclass(frozen=True)
class Cast:
    spell: str
    squares: tuple[int, ...] = ()
    icon: str | None = None      # Revive: the dead icon type to bring back


@dataclass
class Duel:
    square: int
    shade: int                   # the square's shade 0..5 (A..F)
    attacker_side: str
    attacker_icon: str
    attacker_piece: int | None   # None for a summoned elemental
    defender_piece: int
    light_icon: str
    dark_icon: str
    light_strength: int
    dark_strength: int
    light_hp: int
    dark_hp: int

    def hash_fields(self):
        return (self.square, self.shade, self.attacker_side, self.attacker_icon, self.attacker_piece,
                self.defender_piece, self.light_icon, self.dark_icon, self.light_strength,
                self.dark_strength, self.light_hp, self.dark_hp)


@dataclass
class State:
    pieces: list[Piece]
    board: list[int | None]                 # square -> piece id
    cycle: B.Cycle
    first: str
    to_move: str
    round: int = 1
    turn: int = 1
    spells_used: dict[str, list[str]] = field(default_factory=lambda: {LIGHT: [], DARK: []})
    last_elemental: str | None = None
    rounds_since_duel: int = 0
    duels: int = 0
    pending: Duel | None = None
    winner: str | None = None               # "light", "dark" or "tie"
    end_reason: str = ""

    # --- queries ---------------------------------------------------------
    def piece_at(self, square: int) -> Piece | None:
        pid = self.board[square]
        return None if pid is None else self.pieces[pid]

    def icon_on(self, square: int) -> Piece:
        """The piece on `square`, which the caller knows is occupied (a checked pick)."""
        p = self.piece_at(square)
        assert p is not None, f"no icon on square {square}"
        return p

    def alive(self, side: str) -> list[Piece]:
        return [p for p in self.pieces if p.alive and p.side == side]

    def dead(self, side: str) -> list[Piece]:
        return [p for p in self.pieces if not p.alive and p.side == side]

    def mage(self, side: str) -> Piece:
        return next(p for p in self.pieces if p.side == side and ICONS[p.icon].move == MAGE)

    def shade_of(self, square: int) -> int:
        return B.square_shade(square, self.cycle.shade)

    def over(self) -> bool:
        return self.winner is not None

    def hash_fields(self):
        return (self.pieces, self.board, self.cycle, self.first, self.to_move, self.round, self.turn,
                {s: list(v) for s, v in self.spells_used.items()}, self.last_elemental,
                self.rounds_since_duel, self.duels, self.pending, self.winner, self.end_reason)

    def copy(self) -> "State":
        s = State(pieces=[Piece(**vars(p)) for p in self.pieces], board=list(self.board),
                  cycle=B.Cycle(self.cycle.shade, self.cycle.step, self.cycle.jump),
                  first=self.first, to_move=self.to_move)
        for k in ("round", "turn", "last_elemental", "rounds_since_duel", "duels", "winner", "end_reason"):
            setattr(s, k, getattr(self, k))
        s.spells_used = {k: list(v) for k, v in self.spells_used.items()}
        s.pending = None if self.pending is None else Duel(**vars(self.pending))
        return s
