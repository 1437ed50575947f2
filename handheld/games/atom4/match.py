"""The Atom-4 match scene: InputFrames -> the round bookkeeping in `rounds.py`,
its events -> sounds; `draw.py` paints it. `demo_scene` is the same scene with
two computers for the cabinet's attract mode."""

from __future__ import annotations

from handheld.games.atom4 import sounds
from handheld.games.atom4.draw import MatchPicture
from handheld.games.atom4.rounds import Match
from handheld.scene import Scene


class MatchScene(Scene):
    def __init__(self, ctx, seed: int, options: dict | None = None, title: str = "ATOM-4"):
        self.ctx = ctx
        self.match = Match(seed, options)
        self.picture = MatchPicture(title, bool(ctx.setting("display.colour_blind", False)))
        sounds.register(ctx.audio)
        self.finished = False
        self.result: dict = {}

    # --- scene protocol -------------------------------------------------
    def update(self, frame) -> None:
        m = self.match
        m.update(frame)
        for ev in m.events:
            kind = ev[0]
            if kind == "place":
                self.ctx.audio.play("atom4.chain" if ev[1] >= 3 else "atom4.place")
            elif kind == "bad":
                self.ctx.audio.play("atom4.bad")
            elif kind == "cursor":
                self.ctx.audio.play("atom4.cursor")
            elif kind == "round":
                self.ctx.audio.play("atom4.draw" if ev[1] == "draw" else "atom4.win")
        if m.finished and not self.finished:
            self.finished = True
            self.result = dict(m.result)
            if m.options["players"] == 1:   # the cabinet's records (docs/adding-a-game.md)
                won = m.result["winner"]
                self.result["records"] = {"level": m.options["level"],
                                          "human_won": None if won == "draw" else won == m.options["human_side"]}

    def state_hash(self) -> str:
        return self.match.state_hash()

    def draw(self, surface) -> None:
        self.picture.draw(surface, self.match)


def demo_scene(ctx, seed: int) -> MatchScene:
    # easy: quick, decisive rounds for the attract mode (normal rounds often run to a full board)
    return MatchScene(ctx, seed, {"players": 0, "level": "easy", "rounds": 1}, title="ATOM-4 DEMO")
