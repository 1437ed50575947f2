"""The match: rules state + seats (human or computer), driven only by frames.

Each tick either plays an animation (FIRE skips it), or lets the player to act
decide: a human through the Chooser (behind the hot-seat curtain when several
humans share the controls), a computer through its thinking generator, one
bounded chunk per tick (more while FIRE is held), its action applied at a
watchable pace. Deterministic from (seed, options, frames).
"""

from __future__ import annotations

from handheld.base import scene
from handheld.games import levels
from handheld.games.chamber import ai, rules, sounds
from handheld.games.chamber.board import SUIT_NAMES
from handheld.games.chamber.human import Chooser
from handheld.games.chamber.player_view import PlayerView
from handheld.games.chamber.rules import legal_actions, new_game
from handheld.base.actions import Action
from handheld.runtime.rng import Rng
from handheld.runtime.statehash import state_hash
from handheld.runtime.think import Thinker

DEFLECT_TICKS = 600        # 10 s for a human to decide a deflect; then "no deflect"
CPU_PACE = {"move": 30, "rotate": 30, "place": 24, "deflect": 30, "end": 36}
CPU_PACE_SPELL = 45
END_TICKS = 240
DEFAULT_SEATS = (("human", 0), ("cpu", 2))
DEMO_OPTIONS = {"seats": [["cpu", 3], ["cpu", 2], ["cpu", 3], ["cpu", 1]]}   # the attract mode's four computers


def parse_seats(options: dict) -> list[tuple[str, int]]:
    seats = options.get("seats") or DEFAULT_SEATS
    out = []
    for kind, level in seats:
        if kind not in ("human", "cpu") or (kind == "cpu" and level not in ai.NUMBERS):
            raise ValueError(f"bad seat {kind!r}/{level!r}: use ('human', 0) or ('cpu', 1-3)")
        out.append((kind, int(level) if kind == "cpu" else 0))
    if not 2 <= len(out) <= 4:
        raise ValueError("Sorcerer's Chamber needs 2-4 seats")
    return out


def name(state, p: int) -> str:
    return SUIT_NAMES[state.suit[p]]


def pickup_text(who: str, suits) -> str:
    """Picking orbs up, worded so it never reads as capturing a sorcerer."""
    if len(suits) == 1:
        return f"{who} PICKS UP AN ORB OF {SUIT_NAMES[suits[0]]}"
    return f"{who} PICKS UP {len(suits)} ORBS"


def demo_scene(ctx, seed: int) -> MatchScene:
    return MatchScene(ctx, seed, DEMO_OPTIONS, demo=True)


class MatchScene(scene.MatchScene):
    hands_over = True             # options["computer_from"]: a linked match the computer finishes

    def __init__(self, ctx, seed: int, options: dict, demo: bool = False):
        self.ctx = ctx
        self.demo = demo
        self.seats = parse_seats(options)
        self.takeover = scene.computer_from(options, [kind for kind, _ in self.seats] == ["human", "human"])
        rng = Rng(seed)
        self.state = new_game(len(self.seats), rng.fork("setup"))
        self.ai_rngs = [rng.fork(f"seat{i}") for i in range(len(self.seats))]
        self.humans = [i for i, s in enumerate(self.seats) if s[0] == "human"]
        self.viewer = self.humans[0] if len(self.humans) == 1 else -1
        self.tick = 0
        self.version = 0          # bumps on every state change (cached layers redraw)
        self.anims: list[list] = []   # [kind, ticks_left, total, data]
        self.log: list[tuple[str, str]] = []
        self.last_said, self.repeats = "", 1    # the last log line's news and how often in a row
        self.chooser: Chooser | None = None
        self.thinker: Thinker | None = None     # the computer's turn, while it thinks and waits its pace
        self.deflect_left = 0
        self.curtain = False
        self.end_ticks = 0
        self.finished = False
        self.result = None
        self.last_events: list[tuple] = []
        sounds.register(ctx.audio)
        self._say(f"{name(self.state, self.state.current)} STARTS", "gold")

    # --- helpers ------------------------------------------------------------
    def _say(self, text: str, colour: str = "white") -> None:
        """Log a line; the same news twice in a row reads as one line with a count."""
        if self.log and self.last_said == text:
            self.repeats += 1
            self.log[-1] = (f"{text} X{self.repeats}", colour)
            return
        self.last_said, self.repeats = text, 1
        self.log.append((text, colour))
        del self.log[:-2]

    def actor(self) -> int:
        return self.state.to_act()

    def is_human(self, p: int) -> bool:
        return p >= 0 and self.seats[p][0] == "human"

    def hand_visible(self) -> int:
        """The seat whose hand the panel may show now, or -1."""
        p = self.actor()
        if self.is_human(p) and not self.curtain and self.viewer == p:
            return p
        return -1

    def human_players(self) -> int:
        return len(self.humans)

    def state_hash(self) -> str:
        return state_hash([self.state, self.tick, self.deflect_left])

    # --- the tick -----------------------------------------------------------
    def update(self, frame) -> None:
        self.tick += 1
        if self.takeover is not None and self.tick == self.takeover[1]:
            self._hand_over(self.takeover[0])
        inp = frame.merged()
        if self.anims:
            a = self.anims[0]
            a[1] -= 1
            if a[1] <= 0 or (inp.pressed & Action.FIRE and a[0] != "bolt"):
                self.anims.pop(0)
            return
        if self.state.phase == "over":
            self.end_ticks += 1
            if self.end_ticks >= END_TICKS or (self.end_ticks > 30 and inp.pressed & Action.FIRE):
                self.finished = True
            return
        p = self.actor()
        if self.is_human(p):
            self._human(p, inp)
        else:
            self._computer(p, inp)

    def _hand_over(self, p: int) -> None:
        """The computer (the default level) plays seat `p` from this tick on (its cabinet is gone)."""
        self.seats[p] = ("cpu", ai.LEVELS.index(levels.default(ai.LEVELS)) + 1)
        self.humans = [i for i, s in enumerate(self.seats) if s[0] == "human"]
        self.viewer, self.curtain = self.humans[0], False     # one player left: no curtain to lift
        if self.actor() == p:
            self.chooser, self.deflect_left = None, 0

    def _human(self, p: int, inp) -> None:
        st = self.state
        if st.phase == "deflect":
            if self.deflect_left == 0:
                self.deflect_left = DEFLECT_TICKS
            self.deflect_left -= 1
            if self.deflect_left <= 0:
                self._say(f"{name(st, p)}: NO DEFLECT (TIME UP)", "grey")
                self._apply(("deflect", -1))
                return
        if self.viewer != p:
            self.curtain = True
            self.chooser = None
            if inp.pressed & Action.FIRE:
                self.viewer, self.curtain = p, False
            return
        if self.chooser is None:
            self.chooser = Chooser(PlayerView(st, p), legal_actions(st))
        act = self.chooser.update(inp)
        if act is not None:
            self._apply(act)

    def _pace(self, act) -> int:
        """Ticks a computer's action is thought over at least: watchable, quicker in demos."""
        pace = CPU_PACE.get(act[0], CPU_PACE_SPELL)
        return pace // 2 if self.demo else pace

    def _computer(self, p: int, inp) -> None:
        if self.thinker is None:
            self.thinker = Thinker(ai.think(PlayerView(self.state, p), self.seats[p][1], self.ai_rngs[p]),
                                   pace=self._pace)
        fast = bool(inp.held & Action.FIRE)
        if self.thinker.tick(hurry=fast):        # FIRE held skips the pace, never the frame budget
            act = self.thinker.answer
            self.thinker = None
            self._apply(act)

    def _apply(self, act) -> None:
        events = rules.apply(self.state, act)
        self.version += 1
        self.chooser = None
        self.deflect_left = 0
        self.last_events = events
        self._react(events)
        nxt = self.actor()
        if len(self.humans) > 1 and self.is_human(nxt) and nxt != self.viewer:
            self.curtain = True

    # --- events -> animations, messages, sounds --------------------------------
    def _react(self, events) -> None:
        st = self.state
        audio = self.ctx.audio
        reveal: list | None = None
        for e in events:
            k = e[0]
            if k == "zap":
                self.anims.append(["bolt", 24, 24, (e[1], e[2])])
                audio.play("chamber.zap")
                self._say(f"{name(st, e[1])} ZAPS {name(st, e[2])}!", "yellow")
            elif k == "reveal":
                if reveal is None:
                    reveal = []
                    self.anims.append(["reveal", 90, 90, reveal])
                reveal.append(f"{e[1].upper()} ({name(st, e[2])}): {SUIT_NAMES[e[3]]}")
            elif k == "deflected":
                assert reveal is not None, "a deflect follows its zap's reveal"
                reveal.append("DEFLECTED BACK!")
                self.anims.append(["bolt", 24, 24, (e[1], e[2])])
                audio.play("chamber.zap")
            elif k == "blocked":
                assert reveal is not None, "a block follows its zap's reveal"
                reveal.append(f"{name(st, e[1])}'S SHIELD HOLDS")
                audio.play("chamber.shield")
            elif k == "immune":
                (reveal or []).append(f"{name(st, e[1])} IS STILL DAZED: NO HARM")
            elif k == "hit":
                self.anims.append(["flash", 40, 40, e[1]])
                audio.play("chamber.hit")
                self._say(f"{name(st, e[1])} LOSES A PYRAMID ({e[2]} LEFT)", "danger")
                if reveal is not None:
                    reveal.append(f"{name(st, e[1])} IS HIT!")
            elif k == "eliminated":
                self.anims.append(["banner", 90, 90, f"{name(st, e[1])} IS OUT!"])
                self._say(f"{name(st, e[1])} LEAVES THE CHAMBER", "danger")
            elif k == "win":
                self.result = {"winner": name(st, e[1]), "text": f"{name(st, e[1])} WINS"}
                if len(self.humans) == 1 and self.takeover is None:   # the cabinet's records: against the strongest computer
                    level = max(lv for kind, lv in self.seats if kind == "cpu")
                    self.result["records"] = {"level": ai.level_of(level).name, "human_won": e[1] == self.humans[0]}
                self.anims.append(["banner", 120, 120, f"{name(st, e[1])} WINS!"])
                audio.play("chamber.win")
            elif k == "pickup":
                audio.play("chamber.pickup")
                self._say(pickup_text(name(st, e[1]), e[3]), "ok")
            elif k == "shield":
                self._say(f"{name(st, e[1])} RAISES A SHIELD", "cyan")
                audio.play("chamber.shield")
            elif k == "confuse":
                self._say(f"{name(st, e[1])} CONFUSES {name(st, e[2])}", "violet")
                audio.play("chamber.spell")
            elif k == "heal":
                self._say(f"{name(st, e[1])} HEALS A PYRAMID", "ok")
                audio.play("chamber.spell")
            elif k == "warp":
                self._say(f"{name(st, e[1])} WARPS", "violet")
                audio.play("chamber.spell")
            elif k == "time":
                self._say(f"{name(st, e[1])} STOPS TIME" + (" (NO STONE)" if e[2] else ""), "cyan")
                audio.play("chamber.spell")
            # a new turn is not logged: the window's first line already says whose it is

    # --- drawing ------------------------------------------------------------
    def draw(self, surface) -> None:
        from handheld.games.chamber.draw import draw_match

        draw_match(self, surface)
