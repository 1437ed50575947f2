"""The Nim match scene: stick picks 1-3, FIRE takes; computers take after a beat."""

from __future__ import annotations

from handheld.base.actions import Action
from handheld.runtime.rng import Rng
from handheld.runtime.statehash import state_hash
from handheld.runtime.think import Thinker
from handheld.base import scene
from . import ai, draw, rules, sounds
from .selfplay import TICKS_PER_MOVE


def demo_scene(ctx, seed: int) -> MatchScene:
    return MatchScene(ctx, seed, {"players": 0})


class MatchScene(scene.MatchScene):
    def __init__(self, ctx, seed: int, options: dict):
        self.ctx, self.rng = ctx, Rng(seed)
        self.humans = int(options.get("players", 1))
        self.state = rules.new_game(self.rng)
        self.take, self.tick = 1, 0
        self.thinker: Thinker | None = None
        self.finished, self.result = False, {}
        sounds.register(ctx.audio)

    def update(self, frame) -> None:
        self.tick += 1
        if self.state.winner is not None:
            self.finished = True
            return
        player = self.state.to_move
        if player < self.humans:
            inp = frame[player]
            dx, _ = inp.stick_repeat()
            self.take = max(1, min(self.take + dx, len(self.state.legal_moves())))
            if inp.was_pressed(Action.FIRE):
                self._play(self.take)
        else:
            if self.thinker is None:
                self.thinker = Thinker(ai.think(self.state, ai.DEFAULT_LEVEL, self.rng), pace=TICKS_PER_MOVE)
            if self.thinker.tick():
                take, self.thinker = self.thinker.answer, None
                self._play(take)

    def _play(self, take: int) -> None:
        self.state, self.take = rules.apply(self.state, take), 1
        self.ctx.audio.play("nim.take")
        if self.state.winner is not None:
            name = f"P{self.state.winner + 1}"
            self.result = {"winner": name, "text": f"{name} WINS"}

    def human_players(self) -> int:
        return self.humans

    def state_hash(self) -> str:
        return state_hash((self.state, self.take, self.thinker.ticks if self.thinker else 0))

    def draw(self, surface) -> None:
        draw.draw_match(surface, self)
