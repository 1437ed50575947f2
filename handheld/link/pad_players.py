"""Players that work a cabinet's stick and buttons the way a person would,
for linked matches in tests and the bench: each is a function runner ->
(frame -> PlayerInput), sampled once a frame, reading only its own cabinet's
match (predicted, during a rollback) as a player reads the screen.

`masher` presses at random, which finishes every turn-based game in a few
thousand ticks; `archon_player` plays whole Archon matches: the computer's
choice of move, carried out with the box and FIRE, and the computer fighter
in the duels.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from handheld.base.actions import IDLE, Action, PlayerInput, tapped
from handheld.runtime.rng import Rng

if TYPE_CHECKING:
    from handheld.games.archon.duel.fighter import ComputerFighter

Plan = tuple[int, int, "list[int] | None"]    # (piece square, destination, walking path or None)

MASH = (Action.UP, Action.DOWN, Action.LEFT, Action.RIGHT, Action.FIRE, Action.FIRE, Action.FIRE, Action.ALT)


def masher(seed: int):
    """A press now and then (a third of the frames), the stick sometimes held."""
    def player(_runner):
        rng, held = Rng(seed), [0]

        def sample() -> PlayerInput:
            if rng.randrange(3):
                return PlayerInput(held[0])
            action = int(MASH[rng.randrange(len(MASH))])
            held[0] = action if action < Action.FIRE and rng.randrange(2) else 0
            return PlayerInput(held[0] | action, action, 0, action)
        return sample
    return player


def archon_player(seed: int, level: str = "classic", duel_level: int = 2):
    """A whole Archon match through the pad. Its side is the runner's: the
    host Light, the guest Dark. Spells are not cast: when the computer would
    cast, a random legal move is made instead."""
    def player(runner):
        return ArchonPad(runner, seed, level, duel_level).sample
    return player


class ArchonPad:
    def __init__(self, runner, seed: int, level: str, duel_level: int):
        from handheld.games.archon import ai
        from handheld.games.archon.icons import DARK, LIGHT

        self.runner, self.rng = runner, Rng(seed)
        self.side = LIGHT if runner.link.host else DARK
        self.ai = ai.make_player(level)
        self.duel_level = duel_level
        self.fighter: ComputerFighter | None = None
        self.plan: Plan | None = None
        self.turn: tuple[int, str] | int = -1     # (turn, phase) the plan is for; -1: think again
        self.last = IDLE
        self.landing: int | None = None     # the tick the last tap went on, until the match gets there
        self.tries = 0

    def sample(self) -> PlayerInput:
        """Like a player watching the screen: after a tap, wait to see it land
        (the input delay and the link put it a few ticks later) before the next."""
        session, scene_tick = self.runner.peer.session, self.runner.linked.tick
        if self.last.pressed and self.landing is None:
            self.landing = session.last_local_tick
        if self.landing is not None and scene_tick < self.landing:
            self.last = PlayerInput(self._fight(self.runner.match) if self.fighter else 0)
            return self.last
        self.landing = None
        out = self._decide()
        if out.pressed and self.last.pressed:
            out = PlayerInput(out.held & ~out.pressed)     # let go between taps, as a thumb does
        self.last = out
        return out

    def _decide(self) -> PlayerInput:
        m = self.runner.match
        if m.phase == "duel" and m.duel is not None:
            return PlayerInput(self._fight(m))
        self.fighter = None
        if m.state.to_move == self.side and m.phase in ("spells", "revive", "pick"):
            return self._back_out(m)            # a mage chosen by a wrong press: it casts nothing
        if m.state.to_move != self.side or m.phase not in ("select", "walk", "fly"):
            return IDLE
        from handheld.games.archon import board as B
        plan = self.plan
        if (m.state.turn, m.phase) != self.turn:
            self.turn, self.tries = (m.state.turn, m.phase), 0
            if m.phase == "select":
                plan = self._choose(m)
            elif plan is None or plan[0] != m.selected.square:
                plan = self._finish_move(m)             # taken over mid-move
            self.plan = plan
        self.tries += 1
        if self.tries > 600:                # refused (and stuck): think again
            self.turn, self.plan = -1, None
            return tapped(Action.ALT)
        assert plan is not None, "a plan is made when the turn or phase changes"
        square, dest, path = plan
        if m.phase == "select":
            return self._box_to(m, B.col_row(square))
        if m.phase == "fly":
            return self._box_to(m, B.col_row(dest))
        done = len(m.path)
        if path and m.path == path:
            return tapped(Action.FIRE)
        if path and done >= 2 and m.path != path[:done]:      # a step that landed wrong: walk it back
            (c0, r0), (c1, r1) = B.col_row(m.path[-1]), B.col_row(m.path[-2])
            return tapped(_stick(c1 - c0, r1 - r0))
        if path is None or done >= len(path):
            return tapped(Action.ALT)
        (c0, r0), (c1, r1) = B.col_row(m.path[-1]), B.col_row(path[done])
        return tapped(_stick(c1 - c0, r1 - r0))

    @staticmethod
    def _back_out(m) -> PlayerInput:
        """Out of a spell menu (down to CEASE, FIRE), the revive list or a pick (ALT)."""
        from handheld.games.archon.spellmenu import CEASE

        if m.phase != "spells":
            return tapped(Action.ALT)
        return tapped(Action.FIRE) if m.menu.highlighted == CEASE else tapped(Action.DOWN)

    def _box_to(self, m, target) -> PlayerInput:
        (c, r), (tc, tr) = m.box, target
        if (c, r) == (tc, tr):
            return tapped(Action.FIRE)
        return tapped(_stick((tc > c) - (tc < c), (tr > r) - (tr < r)))

    def _choose(self, m) -> Plan:
        from handheld.games.archon import ai, rules as R
        from handheld.games.archon.icons import ICONS, WALK
        from handheld.games.archon.walking import walk_path

        action = ai.choose(self.ai, m.state, self.rng)
        if not isinstance(action, R.Move):
            moves = [(p, t) for p in m.state.alive(self.side) if R.can_choose(m.state, p) is None
                     for t in R.legal_destinations(m.state, p) if t != p.square]
            piece, dest = moves[self.rng.randrange(len(moves))]
        else:
            piece, dest = m.state.pieces[action.piece], action.to
        path = walk_path(m.state, piece, dest) if ICONS[piece.icon].move == WALK else None
        return piece.square, dest, path

    def _finish_move(self, m) -> Plan:
        """A plan for the icon already chosen: the walk so far ends here, or somewhere to go."""
        from handheld.games.archon import rules as R
        from handheld.games.archon.walking import walk_path

        piece = m.selected
        if m.phase == "walk" and len(m.path) >= 2:
            return piece.square, m.path[-1], list(m.path)
        dests = [t for t in R.legal_destinations(m.state, piece) if t != piece.square]
        dest = dests[self.rng.randrange(len(dests))]
        return piece.square, dest, walk_path(m.state, piece, dest) if m.phase == "walk" else None

    def _fight(self, m) -> int:
        from handheld.games.archon.duel.fighter import ComputerFighter

        fighter = self.fighter
        if fighter is None:
            fighter = self.fighter = ComputerFighter(self.side, self.duel_level, self.rng.fork("fighter"))
        return fighter.decide(m.duel.duel)


def _stick(dc: int, dr: int) -> int:
    return ((Action.RIGHT if dc > 0 else Action.LEFT if dc < 0 else 0)
            | (Action.DOWN if dr > 0 else Action.UP if dr < 0 else 0))


def pad_player(game_id: str, seed: int):
    """The pad player for a game: the whole-Archon player, or the masher."""
    return archon_player(seed) if game_id == "archon" else masher(seed)
