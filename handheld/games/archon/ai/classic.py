"""The 1983 computer player for the strategy board (rules/archon.md, "The original
computer player"): spells first (ai/spells.py), otherwise the board move with the best
destination score minus stay score, random among ties. Strong (strong.py) builds on it."""

from __future__ import annotations

from typing import Callable

from handheld.games.archon import board as B
from handheld.games.archon import rules as R
from handheld.games.archon.icons import ICONS, other
from handheld.runtime.think import Thinking, count

BASE_PREFERENCE = 40
_PREF_TOP = (
    (0, 0, 0, 1, 5, 1, 0, 0, 0),
    (-1, 0, 0, 1, 2, 1, 0, 0, -1),
    (0, 0, 0, 1, 2, 1, 0, 0, 0),
    (0, 0, 1, 1, 2, 1, 1, 0, 0),
    (6, 0, 0, 1, 5, 1, 0, 0, 6),
)
PREFERENCE: tuple[int, ...] = tuple(
    BASE_PREFERENCE + v for row in (_PREF_TOP + _PREF_TOP[3::-1]) for v in row)
POWER_POINT_RUSH = 6        # bonus on a power point when either side holds 4 of 5
ENDGAME_PIECES = 4          # aggression counts when either side is down to this

WinPermille = Callable[[str, str, int], int]


def seen_injuries(p: R.Piece) -> int:
    """Injuries as the 1983 program saw them: a Shapeshifter keeps the ones it
    would have had without its full heal (the seed's "bad bug")."""
    return p.scars if p.icon == "shapeshifter" else p.base - p.hp


def power_points_held(state: R.State, side: str) -> int:
    return sum(1 for s in B.POWER_POINTS if (p := state.piece_at(s)) is not None and p.side == side)


class Classic:
    """The original program's board player."""

    name = "classic"
    CHUNK = 1000            # destinations scored between yields (one icon per step)
    STEPS_PER_TICK = 3      # steps a scene runs per 60 Hz tick

    # Pressing (rules/archon.md, "Progress"): a side ahead in icons, or any
    # side once the quiet rounds run towards a stalemate tie, closes in on the
    # enemy and fights more readily.
    PULL = 2                # per turn of travel saved towards the nearest enemy
    LEAD_FIGHT = 3          # fight term bonus per icon of lead

    def __init__(self):
        self._rush = False
        self._counts = {}
        self._lead = self._hurry = 0
        self._foe_squares: list[tuple[int, int]] = []

    # --- the outline's terms -----------------------------------------------
    def prepare(self, state: R.State, side: str) -> None:
        self._rush = max(power_points_held(state, side), power_points_held(state, other(side))) >= 4
        self._counts = {s: len(state.alive(s)) for s in (side, other(side))}
        mine, theirs = self._counts[side], self._counts[other(side)]
        small = mine <= R.STALEMATE_PIECES and theirs <= R.STALEMATE_PIECES
        limit = R.STALEMATE_ROUNDS if small else R.LONG_STALEMATE_ROUNDS
        self._lead = mine - theirs
        self._hurry = max(0, state.rounds_since_duel - limit // 3)
        free = [e for e in state.alive(other(side)) if not e.imprisoned]
        self._foe_squares = [B.col_row(e.square) for e in free]     # a prisoner can wait

    def pressing(self) -> bool:
        return self._lead > 0 or self._hurry > 0

    def square_score(self, state: R.State, p: R.Piece, square: int) -> int:
        score = PREFERENCE[square] + B.colour_bonus(p.side, state.shade_of(square))
        if self._rush and square in B.POWER_SET:
            score += POWER_POINT_RUSH
        if self.pressing():
            score -= (self.PULL + self._hurry) * self.turns_to_foe(p, square)
        return score

    def turns_to_foe(self, p: R.Piece, square: int) -> int:
        """Moves `p` would need from `square` to reach the nearest enemy (ignoring blockers)."""
        info = ICONS[p.icon]
        c, r = B.col_row(square)
        if info.move == "walk":
            dist = min((abs(ec - c) + abs(er - r) for ec, er in self._foe_squares), default=0)
        else:
            dist = min((max(abs(ec - c), abs(er - r)) for ec, er in self._foe_squares), default=0)
        return -(-dist // info.range)

    def aggression(self, p: R.Piece, enemy: R.Piece) -> int:
        mine, theirs = self._counts[p.side], self._counts[enemy.side]
        if mine > ENDGAME_PIECES and theirs > ENDGAME_PIECES:
            return 0
        return mine - theirs + p.base - enemy.base

    def fight_term(self, state: R.State, p: R.Piece, enemy: R.Piece, square: int) -> int:
        shade = state.shade_of(square)
        colour = B.colour_bonus(p.side, shade) - B.colour_bonus(enemy.side, shade)
        term = seen_injuries(enemy) - 3 - seen_injuries(p) + colour + self.aggression(p, enemy)
        if self.pressing():
            term += self.LEAD_FIGHT * max(0, self._lead) + self._hurry
        return term

    def danger(self, state: R.State, p: R.Piece, square: int) -> int:
        return 0

    # --- choosing ------------------------------------------------------------
    def move_scores(self, state: R.State, p: R.Piece) -> list[tuple[int, int]]:
        """(difference, destination) for every legal destination of `p`."""
        out: list[tuple[int, int]] = []
        for _ in self._score_chunks(state, p, out):
            pass
        return out

    def _score_chunks(self, state: R.State, p: R.Piece, out: list):
        """Fill `out` with (difference, destination), yielding every CHUNK squares."""
        stay = self.square_score(state, p, p.square) - self.danger(state, p, p.square)
        for i, t in enumerate(R.legal_destinations(state, p), 1):
            score = self.square_score(state, p, t) - self.danger(state, p, t)
            enemy = state.piece_at(t)
            if enemy is not None:
                score += self.fight_term(state, p, enemy, t)
            out.append((score - stay, t))
            if i % self.CHUNK == 0:
                count(self.CHUNK)
                yield
        count(len(out) % self.CHUNK)

    def spell_steps(self, state: R.State, rng):
        from handheld.games.archon.ai import spells as ai_spells
        return ai_spells.classic_spell_steps(self, state, rng)

    def think(self, state: R.State, rng) -> Thinking:
        """Generator: yields after each icon scored (Strong: each CHUNK squares)
        and between spell checks; its return value is the action."""
        side = state.to_move
        self.prepare(state, side)
        yield
        cast = yield from self.spell_steps(state, rng)
        if cast is not None:
            return cast
        best, moves = None, []
        for p in state.alive(side):
            if p.imprisoned:
                continue
            scores: list[tuple[int, int]] = []
            yield from self._score_chunks(state, p, scores)
            for diff, t in scores:
                if best is None or diff > best:
                    best, moves = diff, [R.Move(p.id, t)]
                elif diff == best:
                    moves.append(R.Move(p.id, t))
            yield
        if not moves:
            raise ValueError("no legal action for the computer")
        return moves[rng.randrange(len(moves))]
