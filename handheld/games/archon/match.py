"""The match scene: the strategy board, human and computer turns, and the duels.

Everything it shows follows from (seed, options, input frames): the rules
state, the phase machine below and the hosted duel view. It never pushes
scenes; the spell menu and the duel are sub-views it updates and draws.

Phases: select (box chooses an icon) -> walk | fly (choose where) -> anim ->
[duel_intro -> duel -> duel_after] -> next turn. A mage chosen and confirmed
on its own square opens spells -> [revive] -> pick (target squares) -> anim.
The human phases are in human_turn.py.
Computer turns: think (search spread over ticks) -> show -> anim.
"""

from __future__ import annotations

from handheld.games.archon import ai as AI
from handheld.games.archon import anim as A
from handheld.games.archon import log_text as LT
from handheld.games.archon import board as B
from handheld.games.archon import rules as R
from handheld.games.archon import spells as S
from handheld.games.archon import sounds
from handheld.games.archon.icons import DARK, ICONS, LIGHT, WALK
from handheld.games.archon.draw import MatchDrawing
from handheld.games.archon.human_turn import HumanTurn
from handheld.games.archon.linked import LinkedPlay, computer_from
from handheld.games.archon.spellmenu import ReviveMenu, SpellMenu
from handheld.base.actions import IDLE, Action, InputFrame
from handheld.runtime.rng import Rng
from handheld.runtime.statehash import state_hash
from handheld.runtime.think import Thinker
from handheld.base import scene


def demo_scene(ctx, seed: int) -> MatchScene:
    return MatchScene(ctx, seed, {"mode": "demo", "first": "light" if seed % 2 == 0 else "dark"})

THINK_MIN_TICKS = 30          # a computer turn is shown at a watchable pace
SHOW_TICKS = 24
CAST_SHOW_TICKS = 60
DUEL_INTRO_TICKS = 50
DUEL_AFTER_TICKS = 50
END_TICKS = 150
MESSAGE_TICKS = 150

MODES = {"computer_light": {LIGHT}, "computer_dark": {DARK}, "two_players": set(), "demo": {LIGHT, DARK}}


def default_duel_factory(setup, rng, light_is_computer, dark_is_computer, level, audio=None, hint=False):
    from handheld.games.archon.duel import DuelView
    return DuelView(setup, rng, light_is_computer, dark_is_computer, level, audio=audio, hint=hint)


def start_box(state) -> tuple[int, int]:
    """The box starts on an icon the side to move can choose, the one nearest the centre."""
    ready = [p for p in state.alive(state.to_move) if R.can_choose(state, p) is None]
    if not ready:
        return B.col_row(state.mage(state.to_move).square)
    def far(p):
        c, r = B.col_row(p.square)
        return (abs(c - 4) + abs(r - 4), p.id)
    return B.col_row(min(ready, key=far).square)


class MatchScene(HumanTurn, LinkedPlay, scene.MatchScene):
    duel_factory = staticmethod(default_duel_factory)

    def __init__(self, ctx, seed: int, options: dict):
        self.ctx, self.seed = ctx, seed
        mode = options.get("mode", "computer_dark")
        if mode not in MODES:
            raise ValueError(f"unknown archon mode {mode!r}; choose from {', '.join(MODES)}")
        self.computer = MODES[mode]
        self.takeover = computer_from(options)            # a linked match the computer finishes
        first = options.get("first", LIGHT)
        self.level = options.get("level", "classic")
        self.duel_level = int(options.get("duel_level", 2))
        rng = Rng(seed)
        self.ai_rng, self.rules_rng, self.duel_rng = rng.fork("ai"), rng.fork("rules"), rng.fork("duel")
        self.state = R.new_game(first)
        AI.make_player(self.level)      # refuses an unknown level now, not at the computer's first turn
        # Which controller drives which side: 1 player -> P1; 2 players -> P1 light, P2 dark.
        humans = [s for s in (LIGHT, DARK) if s not in self.computer]
        self.pad = {LIGHT: 0, DARK: 1} if len(humans) == 2 else {s: 0 for s in humans}
        self.tick = 0
        self.finished = False
        self.result: dict | None = None
        self.message, self.message_ticks, self.message_colour = "", 0, "gold"
        self.last_action = ""     # what was done last, on screen until the next action
        self.box = (0, 4)
        self.selected: R.Piece | None = None
        self.path: list[int] = []
        self.spell = ""
        self.revive_icon: str | None = None
        self.picks: list[int] = []
        self.menu: SpellMenu | ReviveMenu | None = None
        self.anim: A.Anim | None = None
        self.duel = None
        self.thinker: Thinker | None = None     # the computer's turn, while it thinks
        self.pending_action: R.Move | R.Cast | None = None
        self.phase, self.phase_t = "", 0
        self.draw_helper = MatchDrawing(self)
        sounds.register(ctx.audio)
        self._start_turn()

    @property
    def real_time(self) -> bool:
        """In a duel: the match journal flushes at least every 2 s (handheld/runtime/journal.py)."""
        return self.duel is not None

    # --- helpers ---------------------------------------------------------
    def say(self, text: str, colour: str = "gold", ticks: int = MESSAGE_TICKS) -> None:
        self.message, self.message_ticks, self.message_colour = text, ticks, colour

    def refuse(self, text: str) -> None:
        self.say(text, "danger")
        self.ctx.audio.play("archon.refuse")

    def _set_phase(self, phase: str) -> None:
        self.phase, self.phase_t = phase, 0

    def is_computer(self, side: str) -> bool:
        return side in self.computer

    def _start_turn(self) -> None:
        self.selected, self.path, self.menu, self.anim = None, [], None, None
        self.spell, self.picks, self.revive_icon = "", [], None
        if self.state.over():
            self._set_phase("end")
            self.ctx.audio.play("archon.win")
            return
        side = self.state.to_move
        if self.is_computer(side):
            self.thinker = Thinker(AI.think(self.state, self.level, self.ai_rng),
                                   AI.SLICES_PER_TICK[self.level], THINK_MIN_TICKS)
            self.pending_action = None
            self._set_phase("think")
        else:
            self.box = start_box(self.state)
            self._set_phase("select")

    def _commit(self, action, path: list[int] | None = None) -> None:
        """Animate `action`, then apply it to the rules."""
        self.last_action = LT.describe(self.state, action)
        if isinstance(action, R.Cast) and action.spell == "summon":
            R.apply(self.state, action, self.rules_rng)
            d = self.state.pending
            assert d is not None, "a summon starts a duel"
            self.anim = A.summon(None, d.attacker_side, d.square, d.attacker_icon)
            self.ctx.audio.play("archon.spell")
        elif isinstance(action, R.Cast):
            self.anim = A.cast(self.state, action)
            self.ctx.audio.play("archon.spell")
        else:
            self.anim = A.move(self.state, action, path)
        self._set_phase("anim")

    # --- the tick ----------------------------------------------------------
    def update(self, frame: InputFrame) -> None:
        self.tick += 1
        if self.takeover is not None and self.tick == self.takeover[1]:
            self.hand_over(self.takeover[0])
        self.phase_t += 1
        if self.message_ticks:
            self.message_ticks -= 1
        side = self.state.to_move
        inp = frame[self.pad[side]] if side in self.pad else IDLE
        getattr(self, "_tick_" + self.phase)(inp, frame)

    # --- computer turns --------------------------------------------------------
    def _tick_think(self, inp, frame) -> None:
        assert self.thinker is not None, "a computer turn has begun"
        ready = self.thinker.tick()
        self.pending_action = self.thinker.answer
        if ready:
            self.thinker = None
            a = self.pending_action
            if isinstance(a, R.Cast):
                self.box = B.col_row(self.state.mage(self.state.to_move).square)
                self.say(f"{ICONS[self.state.mage(self.state.to_move).icon].name.upper()} CASTS "
                         f"{S.SPELL_NAMES[a.spell]}", "gold", CAST_SHOW_TICKS)
            else:
                self.box = B.col_row(self.state.pieces[a.piece].square)
            self._set_phase("show")

    def _tick_show(self, inp, frame) -> None:
        a = self.pending_action
        wait = CAST_SHOW_TICKS if isinstance(a, R.Cast) else SHOW_TICKS
        if isinstance(a, R.Cast) and a.squares and self.phase_t == wait // 2:
            self.box = B.col_row(a.squares[-1])
        if self.phase_t >= wait:
            self.pending_action = None
            self._commit(a)

    # --- animation, duels, the end ----------------------------------------------
    def _tick_anim(self, inp, frame) -> None:
        anim = self.anim
        assert anim is not None, "an action is being shown"
        anim.t += 1
        if anim.icon and ICONS[anim.icon].move == WALK and anim.t % A.STEP_TICKS == 0:
            self.ctx.audio.play("archon.step")
        if not anim.done():
            return
        if anim.action is not None:
            R.apply(self.state, anim.action, self.rules_rng)
        self.anim = None
        if self.state.pending is not None:
            d = self.state.pending
            self.box = B.col_row(d.square)
            self.say(f"{ICONS[d.attacker_icon].name.upper()} ATTACKS "
                     f"{ICONS[self.state.pieces[d.defender_piece].icon].name.upper()}", "gold", DUEL_INTRO_TICKS)
            self.ctx.audio.play("archon.duel")
            self._set_phase("duel_intro")
        else:
            self._start_turn()

    def _tick_duel_intro(self, inp, frame) -> None:
        if self.phase_t < DUEL_INTRO_TICKS:
            return
        from handheld.games.archon.duel_setup import setup_for
        d = self.state.pending
        assert d is not None, "a duel is pending"
        seed = self.duel_rng.randrange(1 << 30)
        self.duel = self.duel_factory(setup_for(d), Rng(seed), self.is_computer(LIGHT),
                                      self.is_computer(DARK), self.duel_level, audio=self.ctx.audio,
                                      hint=self.state.duels == 0 and bool(self.pad))
        self._set_phase("duel")

    def _tick_duel(self, inp, frame) -> None:
        li = frame[self.pad[LIGHT]] if LIGHT in self.pad else IDLE
        di = frame[self.pad[DARK]] if DARK in self.pad else IDLE
        assert self.duel is not None, "the duel is on"
        self.duel.update(li, di)
        if not self.duel.finished:
            return
        res = self.duel.result
        d = self.state.pending
        assert res is not None and d is not None, "a finished duel has its result"
        self.duel = None
        R.resolve_duel(self.state, res.winner, res.light_hp, res.dark_hp)
        self.last_action = LT.duel_outcome(d.square, res.winner, d.light_icon, d.dark_icon)
        self.say(self.last_action, "gold", DUEL_AFTER_TICKS)
        self.box = B.col_row(d.square)
        self._set_phase("duel_after")

    def _tick_duel_after(self, inp, frame) -> None:
        if self.phase_t >= DUEL_AFTER_TICKS or (self.phase_t > 10 and frame.any_pressed(Action.FIRE)):
            self._start_turn()

    def _tick_end(self, inp, frame) -> None:
        if self.result is None:
            w = self.state.winner
            assert w is not None, "the game is over"
            text = "A TIE" if w == "tie" else f"{w.upper()} WINS"
            self.result = {"winner": w, "text": text, "reason": self.state.end_reason,
                           "turns": self.state.turn - 1, "duels": self.state.duels}
            humans = [s for s in (LIGHT, DARK) if s not in self.computer]
            if len(humans) == 1 and self.takeover is None:   # the cabinet's records (docs/adding-a-game.md)
                self.result["records"] = {"level": self.level, "human_won": None if w == "tie" else w == humans[0]}
        if self.phase_t >= END_TICKS or (self.phase_t > 30 and frame.any_pressed(Action.FIRE)):
            self.finished = True

    # --- the rest ------------------------------------------------------------------
    def draw(self, surface) -> None:
        if self.duel is not None:
            self.duel.draw(surface)
        else:
            self.draw_helper.draw(surface)

    def human_players(self) -> int:
        return 2 - len(self.computer)

    def state_hash(self) -> str:
        return state_hash((self.state, self.phase, self.phase_t, self.tick, list(self.box), self.path,
                           self.spell, self.picks, self.revive_icon, self.anim,
                           None if self.duel is None else self.duel.state_hash(),
                           None if self.selected is None else self.selected.id))
