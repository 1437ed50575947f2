"""The match: board, wizards, text window; humans pick from the action list,
computers think across ticks; every rules event is played back as animation.

Deterministic from (seed, options, frames): the rules state and the match
rng change only in `update`, computer searches advance a fixed number of
nodes per tick, and pauses are counted in ticks.
"""

from __future__ import annotations

from collections import deque

from handheld.games.levels import default
from handheld.base.actions import Action
from handheld.runtime.rng import Rng
from handheld.runtime.statehash import state_hash
from handheld.runtime.think import Thinker, answered
from handheld.base import scene
from handheld.ui.howto import HowToScene

from . import ai, sounds
from . import rules as R
from . import texts as T
from .art import BoardView
from .howto import PANELS
from .draw import draw_match

DEFAULT_OPTIONS = {"mode": "cpu_violet", "first": 0, "board": "standard",
                   "save_power": 0, "level": default(ai.LEVELS).name}
DEMO_TURNS = 6             # the cabinet's attract-mode demo stops after this many turns
MODES = {"two": (0, 1), "cpu_red": (None, 0), "cpu_violet": (0, None), "demo": (None, None)}
SHOW_TICKS = 45            # the computer's chosen action is shown for 0.75 s
MIN_THINK_TICKS = 20
END_TICKS = 180            # 3 s after the end-of-game animation
SKIP = Action.FIRE | Action.ALT
STEP_TICKS = {"tweak": 6, "hop": 10, "whoosh": 24, "lock": 10, "unlock": 10, "release": 12,
              "blitz_pass": 10, "cast": 16, "flashend": 60}


def demo_scene(ctx, seed: int) -> MatchScene:
    # the cabinet's attract mode: a short game (the original plays on for ever)
    return MatchScene(ctx, seed, dict(DEFAULT_OPTIONS, mode="demo", turn_limit=DEMO_TURNS))


class MatchScene(scene.MatchScene):
    hands_over = True             # options["computer_from"]: a linked match the computer finishes

    def __init__(self, ctx, seed: int, options: dict):
        options = dict(DEFAULT_OPTIONS, **options)
        self.takeover = scene.computer_from(options, options["mode"] == "two")
        self.ctx, self.seed, self.options = ctx, seed, options
        rng = Rng(seed)
        self.state = R.new_game(first=int(options.get("first", 0)), board=options.get("board", "standard"),
                                save_power=bool(int(options.get("save_power", 0))), rng=rng.fork("board"),
                                turn_limit=int(options.get("turn_limit", 0)))
        self.rng = rng.fork("ai")
        self.humans = MODES[options.get("mode", "cpu_violet")]
        self.level = options.get("level", "classic")
        self.view = BoardView(bool(ctx.setting("display.colour_blind", False)))
        sounds.register(ctx.audio)
        s = self.state
        self.shown_board, self.shown_locks = s.board[:], s.locks[:]
        self.shown_wiz, self.shown_power = s.wiz[:], s.power[:]
        self.steps: deque = deque()
        self.step: list | None = None   # [kind, ticks_left, total, data]
        self.message = ""
        self.tick = 0
        self.phase = "idle"           # idle | actions | spells | cursor | help | think | show | over
        self.menu_index = 0
        self.spell_index = 0
        self.cursor = 0
        self.cursor_kind = ""
        self.help_key = ""
        self.thinker: Thinker | None = None     # the computer's action, while it is thought
        self.show_ticks = 0
        self.chosen: tuple | None = None      # the computer's action, while it is shown
        self.helped = False
        self.confirm_resign = self.confirm_convert = False
        self.noop = [0, 0]
        self.finished = False
        self.result = None

    # --- hashing ----------------------------------------------------------
    def human_players(self) -> int:
        return sum(1 for pad in self.humans if pad is not None)

    def state_hash(self) -> str:
        return state_hash((self.state, self.phase, self.tick))

    # --- the tick -----------------------------------------------------------
    def update(self, frame) -> None:
        self.tick += 1
        if self.takeover is not None and self.tick == self.takeover[1]:
            self._hand_over(self.takeover[0])
        if self.finished:
            return
        if self.step is not None or self.steps:
            self._run_steps(frame)
            return
        if self.state.over:
            self._finish()
            return
        self._sync()
        p = self.state.player
        human = self.humans[p]
        if human is None or self.phase in ("think", "show") or self.helped:
            self._computer(p)
        else:
            self._human(p, frame[human])

    def _hand_over(self, p: int) -> None:
        """The computer plays wizard `p` from this tick on (its cabinet is gone)."""
        self.humans = (None, self.humans[1]) if p == 0 else (self.humans[0], None)
        if self.state.player == p and self.phase not in ("think", "show"):
            self.phase, self.helped = "idle", False
            self.confirm_resign = self.confirm_convert = False

    def _finish(self) -> None:
        s = self.state
        self.phase = "over"
        self.finished = True
        # the rules end a resignation with no winner; for the results and records the
        # other wizard wins it, so resigning never keeps a losing streak off the table
        winner = 1 - s.resigned if s.resigned is not None else s.winner
        self.result = {"winner": R.PLAYER_NAMES[winner].lower() if winner is not None else None,
                       "text": R.result_text(s), "turns": s.turn}
        humans = [p for p, pad in enumerate(self.humans) if pad is not None]
        if len(humans) == 1 and self.takeover is None:   # the cabinet's records (docs/adding-a-game.md)
            self.result["records"] = {"level": self.level,
                                      "human_won": None if winner is None else winner == humans[0]}

    def _sync(self) -> None:
        s = self.state
        self.shown_board[:], self.shown_locks[:] = s.board, s.locks
        self.shown_wiz[:], self.shown_power[:] = s.wiz, s.power

    # --- animation and message pauses ----------------------------------------
    def _queue(self, events: list) -> None:
        for ev in events:
            kind = ev[0]
            msg = T.event_message(ev)
            if kind == "tweak":
                self.steps.append(("tweak", ev))
            elif kind in ("move", "teleport", "lock", "unlock", "release", "blitz_pass", "cast"):
                self.steps.append((kind if kind != "move" else "hop", ev))
            elif kind == "game_over":
                self.steps.append(("flashend", ev))
                self.steps.append(("pause", ("game_over", R.result_text(self.state), END_TICKS)))
            if msg is not None:
                self.steps.append(("pause", (kind, msg[0], msg[1])))
            if kind == "resign":
                self.steps.append(("pause", ("end", R.result_text(self.state), END_TICKS)))

    def _start_step(self, kind, ev) -> None:
        audio = self.ctx.audio
        if kind == "pause":
            self.message = ev[1]
            self.step = [kind, ev[2], ev[2], ev]
            if ev[0] == "game_over":
                audio.play("spectral.win" if self.state.winner is not None else "spectral.draw")
            elif ev[0] in ("fail", "refused"):
                audio.play("spectral.error")
            elif ev[0] == "turn_end":
                audio.play("spectral.turn")
            elif ev[0] == "pass":
                audio.play("spectral.pass")
            return
        ticks = STEP_TICKS["whoosh" if kind == "teleport" else kind]
        if kind == "tweak" and self.step_fast:
            ticks = 3
        self.step = [kind, ticks, ticks, ev]
        sound = {"tweak": "tweak", "hop": "hop", "teleport": "whoosh", "lock": "lock",
                 "unlock": "unlock", "release": "unlock", "blitz_pass": "blitz"}.get(kind)
        if kind == "blitz_pass":
            self.message = f"BLITZ SPREADS: WAVE {ev[2]}"
            if ev[2] > 1:
                sound = None
        elif kind == "cast":
            self.message = f"{R.PLAYER_NAMES[ev[1]]} CASTS {T.action_name((ev[2],))}"
        if sound:
            audio.play(f"spectral.{sound}")

    step_fast = False

    def _end_step(self) -> None:
        assert self.step is not None, "a step is running"
        kind, _, _, ev = self.step
        if kind == "tweak":
            self.shown_board[ev[1]] = ev[3]
        elif kind in ("hop", "teleport"):
            self.shown_wiz[ev[1]] = ev[3]
        elif kind == "lock":
            self.shown_locks[ev[2]] = ev[1] + 1
        elif kind == "unlock":
            self.shown_locks[ev[2]] = 0
        elif kind == "release":
            for pos in ev[2]:
                self.shown_locks[pos] = 0
        elif kind == "pause":
            self.message = ""
        self.step = None

    def _run_steps(self, frame) -> None:
        if self.step is None:
            kind, ev = self.steps.popleft()
            self.step_fast = kind == "tweak" and any(k == "blitz_pass" for k, _ in self.steps) or self.step_fast
            self._start_step(kind, ev)
        step = self.step
        assert step is not None, "_start_step began one"
        step[1] -= 1
        if step[0] == "pause" and step[1] > 0 and frame.any_pressed(SKIP):
            step[1] = 0
        if step[1] <= 0:
            self._end_step()
            if not self.steps:
                self.step_fast = False
                self._sync()

    # --- computer ---------------------------------------------------------------
    def _computer(self, p: int) -> None:
        s = self.state
        if self.phase not in ("think", "show"):
            self.phase = "think"
            self.chosen = None
            if self.noop[p] >= ai.NOOP_LIMIT:
                self.noop[p] = 0
                thinking = answered(("pass",))
            else:      # Help Me plays the human's turn by the 1988 rule chain
                thinking = ai.think(s, "classic" if self.helped else self.level, self.rng)
            self.thinker = Thinker(thinking, ai.SLICES_PER_TICK, MIN_THINK_TICKS)
        if self.phase == "think":
            assert self.thinker is not None, "thinking began above"
            if self.thinker.tick():
                chosen = self.chosen = self.thinker.answer
                self.thinker = None
                self.phase = "show"
                self.show_ticks = SHOW_TICKS
                self.message = f"{R.PLAYER_NAMES[p]}: {T.action_name(chosen)}"
            return
        self.show_ticks -= 1
        if self.show_ticks > 0:
            return
        action = self.chosen
        assert action is not None, "shown for SHOW_TICKS after thinking"
        self.phase = "idle"
        self.message = ""
        before = (s.board[:], s.locks[:], s.wiz[:], s.power[:])
        events = R.apply(s, action)
        same = before == (s.board, s.locks, s.wiz, s.power)
        self.noop[p] = self.noop[p] + 1 if same and action != ("pass",) else 0
        if self.helped and (s.player != p or s.over or ai.choice_used(events)):
            self.helped = False
        self._queue(events)

    # --- human ------------------------------------------------------------------
    def _human(self, p: int, inp) -> None:
        if self.phase == "idle":
            self.phase, self.menu_index = "actions", 0
        if self.phase == "help":
            if inp.pressed & Action.ALT:
                # the original's HELP key: the brief instruction card, over the match
                self.phase = self.help_back
                self.ctx.director.push(HowToScene(self.ctx, "Spectral Sorcery", PANELS))
            elif inp.pressed & (Action.FIRE | Action.SELECT):
                self.phase = self.help_back
            return
        if self.phase in ("actions", "spells"):
            self._list_input(p, inp)
        elif self.phase == "cursor":
            self._cursor_input(p, inp)

    def _list_input(self, p: int, inp) -> None:
        items = T.ACTIONS if self.phase == "actions" else T.SPELLS
        attr = "menu_index" if self.phase == "actions" else "spell_index"
        idx = getattr(self, attr)
        if inp.repeat & (Action.DOWN | Action.RIGHT):        # the stick in any direction scrolls the list
            setattr(self, attr, (idx + 1) % len(items))
            self.ctx.audio.play("spectral.select")
        elif inp.repeat & (Action.UP | Action.LEFT):
            setattr(self, attr, (idx - 1) % len(items))
            self.ctx.audio.play("spectral.select")
        item = items[getattr(self, attr)]
        if inp.repeat & (Action.UP | Action.DOWN | Action.LEFT | Action.RIGHT):
            self._forget_confirm()
        if inp.pressed & Action.ALT:
            self.help_key, self.help_back, self.phase = item, self.phase, "help"
        elif inp.pressed & Action.FIRE:
            self._pick(p, item)

    def _forget_confirm(self) -> None:
        """The highlighted item changed: a pending "FIRE AGAIN" and its warning go."""
        if self.confirm_resign or self.confirm_convert:
            self.confirm_resign = self.confirm_convert = False
            self.message = ""

    def _pick(self, p: int, item: str) -> None:
        s = self.state
        if (item != "RESIGN" and self.confirm_resign) or (item != "CONVERT" and self.confirm_convert):
            self._forget_confirm()
        if item == "CAST":
            self.phase, self.spell_index = "spells", 0
        elif item == "NO SPELL":
            self.phase = "actions"
        elif item in ("MOVE", "TELEPORT"):
            self.phase, self.cursor, self.cursor_kind = "cursor", s.wiz[p], item
        elif item == "RESIGN" and not self.confirm_resign:
            self.confirm_resign = True
            self.message = "FIRE AGAIN TO RESIGN"
        elif item == "CONVERT" and s.board[s.wiz[p]] == R.PLAYER_COLOUR[p] and not self.confirm_convert:
            # on a pad of your own colour Convert gives it to the opponent: say so first
            self.confirm_convert = True
            self.message = f"YOUR PAD TURNS {R.COLOUR_NAMES[R.PLAYER_COLOUR[1 - p]]}: FIRE AGAIN"
        elif item == "HELP ME":
            self.helped = True
            self.phase = "idle"
            self._computer(p)
        else:
            kind = {"STOMP": "stomp", "PASS": "pass", "RESIGN": "resign"}.get(item) or T.SPELL_ACTIONS[item]
            self._apply_human(p, (kind,))

    def _apply_human(self, p: int, action: tuple) -> None:
        self.confirm_resign = self.confirm_convert = False
        self.message = ""
        events = R.apply(self.state, action)
        self.phase = "idle"
        if self.state.player == p and not self.state.over and not ai.choice_used(events):
            self.phase = "spells" if action[0] in T.SPELL_ACTIONS.values() or action[0] == "teleport" \
                else "actions"
        self._queue(events)

    def _cursor_input(self, p: int, inp) -> None:
        s = self.state
        dx, dy = inp.stick_repeat()
        if dx or dy:
            r, c = R.row_col(self.cursor)
            r, c = r + dy, c + dx
            sr, sc = R.row_col(s.wiz[p])
            if not (0 <= r < R.SIZE and 0 <= c < R.SIZE):
                self._say("OFF THE BOARD", 60)
            elif self.cursor_kind == "MOVE" and max(abs(r - sr), abs(c - sc)) > 1:
                self._say("TOO FAR FROM YOUR PAD", 60)
            else:
                self.cursor = R.pos_of(r, c)
                self.ctx.audio.play("spectral.select")
        if inp.pressed & Action.ALT:
            self.help_key, self.help_back, self.phase = self.cursor_kind, "cursor", "help"
        elif inp.pressed & Action.FIRE:
            kind = "move" if self.cursor_kind == "MOVE" else "teleport"
            if self.cursor == s.wiz[p]:
                self.phase = "actions" if kind == "move" else "spells"
                self._say("CANCELLED", 60)
                return
            events = R.apply(s, (kind, self.cursor))
            if s.player == p and not s.over and not ai.choice_used(events):
                self._queue(events)          # refused: say why, stay on the cursor
                return
            self.phase = "idle"
            self._queue(events)

    def _say(self, text: str, ticks: int) -> None:
        self.steps.append(("pause", ("say", text, ticks)))
        self.ctx.audio.play("spectral.error")

    # --- drawing ------------------------------------------------------------
    def draw(self, surface) -> None:
        draw_match(self, surface)
