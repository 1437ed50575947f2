"""A human's turn on the strategy board, phase by phase: select (the box chooses
an icon) -> walk | fly (where to) and, for a mage on its own square, spells ->
[revive] -> pick (target squares). Each phase reads one pad's input and ends in
the match scene's _commit; the match scene (match.py) owns the state it changes."""

from __future__ import annotations

from typing import TYPE_CHECKING

from handheld.base.actions import Action
from handheld.games.archon import board as B
from handheld.games.archon import rules as R
from handheld.games.archon import spells as S
from handheld.games.archon.icons import ICONS, MAGE, WALK
from handheld.games.archon.spellmenu import CEASE, HELP, ReviveMenu, SpellMenu

if TYPE_CHECKING:
    from handheld.runtime.context import Context


class HumanTurn:
    # The match scene's own, which these phases read and set:
    ctx: Context
    state: R.State
    box: tuple[int, int]
    selected: R.Piece | None
    path: list[int]
    menu: SpellMenu | ReviveMenu | None
    spell: str
    picks: list[int]
    revive_icon: str | None
    message_ticks: int

    if TYPE_CHECKING:
        def say(self, text: str, colour: str = "gold", ticks: int = ...) -> None: ...
        def refuse(self, text: str) -> None: ...
        def _set_phase(self, phase: str) -> None: ...
        def _commit(self, action, path: list[int] | None = None) -> None: ...

    def _tick_select(self, inp, frame) -> None:
        self._move_box(inp)
        if inp.pressed & Action.ALT:
            self.say("STICK MOVES THE BOX, FIRE CHOOSES", "silver")
        if not inp.pressed & Action.FIRE:
            return
        c, r = self.box
        if not B.on_board(c, r):
            return
        p = self.state.piece_at(B.at(c, r))
        if p is None:
            return self.refuse("CHOOSE ONE OF YOUR ICONS")
        why = R.can_choose(self.state, p)
        if why:
            return self.refuse(why)
        self.selected = p
        self.ctx.audio.play("archon.select")
        self.message_ticks = 0
        if ICONS[p.icon].move == WALK:
            self.path = [p.square]
            self._set_phase("walk")
        else:
            self._set_phase("fly")

    def _move_box(self, inp, limit: tuple[int, int, int] | None = None) -> None:
        dc, dr = inp.stick_repeat()
        if not (dc or dr):
            return
        c, r = self.box
        if not B.on_board(c, r):
            c = 0 if c < 0 else B.SIZE - 1
            self.box = (c, r)
            return
        c, r = max(0, min(8, c + dc)), max(0, min(8, r + dr))
        if limit is not None:
            c0, r0, n = limit
            c, r = max(c0 - n, min(c0 + n, c)), max(r0 - n, min(r0 + n, r))
        self.box = (c, r)

    def _tick_walk(self, inp, frame) -> None:
        p = self.selected
        assert p is not None, "an icon is chosen"
        dc, dr = inp.stick_repeat()
        if dc or dr:
            path, why = R.walk_step(self.state, p, self.path, dc, dr)
            if why:
                self.refuse(why)
            elif path != self.path:
                self.path = path
                self.ctx.audio.play("archon.step")
                end = self.state.piece_at(path[-1])           # itself, after stepping back to the start
                if end is not None and end.side != p.side:          # onto an enemy: fight
                    self._commit(R.Move(p.id, path[-1]), list(path))
                    return
        if inp.pressed & Action.ALT:
            self.say(f"{ICONS[p.icon].name.upper()} WALKS {ICONS[p.icon].range}; FIRE ENDS THE MOVE", "silver")
        if inp.pressed & Action.FIRE:
            if len(self.path) < 2:
                return self.refuse("THE ICON MUST MOVE")
            self._commit(R.Move(p.id, self.path[-1]), list(self.path))

    def _tick_fly(self, inp, frame) -> None:
        p = self.selected
        assert p is not None, "an icon is chosen"
        c0, r0 = B.col_row(p.square)
        self._move_box(inp, (c0, r0, ICONS[p.icon].range))
        if inp.pressed & Action.ALT:
            verb = "CASTS ON ITS OWN SQUARE" if ICONS[p.icon].move == MAGE else "MUST MOVE"
            self.say(f"{ICONS[p.icon].name.upper()} FLIES {ICONS[p.icon].range}; {verb}", "silver")
        if not inp.pressed & Action.FIRE:
            return
        t = B.at(*self.box)
        if t == p.square:
            if ICONS[p.icon].move == MAGE:
                self.menu = SpellMenu(self.state, p.side)
                self._set_phase("spells")
                return
            return self.refuse("THE ICON MUST MOVE")
        if t not in R.legal_destinations(self.state, p):
            return self.refuse("YOUR OWN ICON IS THERE")
        self._commit(R.Move(p.id, t))

    def _tick_spells(self, inp, frame) -> None:
        menu = self.menu
        assert isinstance(menu, SpellMenu) and self.selected is not None, "a mage chose to cast"
        choice = menu.update(inp)
        if inp.pressed & Action.ALT:
            self.say(HELP[menu.highlighted], "silver")
            return
        if choice is None or choice == "back":
            return
        side = self.state.to_move
        if choice == CEASE:
            self.menu = None
            self.box = B.col_row(self.selected.square)
            self.selected = None
            self._set_phase("select")
            return
        why = S.spell_error(self.state, side, choice)
        if why:
            return self.refuse(why)
        self.spell, self.picks = choice, []
        if choice == "shift_time":
            self.menu = None
            self._commit(R.Cast("shift_time"))
        elif choice == "revive":
            self.menu = ReviveMenu(self.state, side)
            self._set_phase("revive")
        else:
            self.menu = None
            self.say(S.PROMPTS[choice][0], "white", 10_000)
            self._set_phase("pick")

    def _tick_revive(self, inp, frame) -> None:
        assert isinstance(self.menu, ReviveMenu), "revive was chosen"
        choice = self.menu.update(inp)
        if choice == "back":
            self.menu = SpellMenu(self.state, self.state.to_move)
            self._set_phase("spells")
        elif choice is not None:
            self.revive_icon, self.menu = choice, None
            self.say(S.PROMPTS["revive"][0], "white", 10_000)
            self._set_phase("pick")

    def _cancel_spell(self, why: str) -> None:
        self.refuse(f"{why}: SPELL KEPT")
        self.spell, self.picks, self.selected = "", [], None
        self._set_phase("select")

    def _tick_pick(self, inp, frame) -> None:
        self._move_box(inp)
        if inp.pressed & Action.ALT:
            return self._cancel_spell("CEASED")
        if not inp.pressed & Action.FIRE:
            return
        side = self.state.to_move
        self.picks.append(B.at(*self.box))
        why = S.pick_error(self.state, side, self.spell, self.picks, self.revive_icon)
        if why:
            return self._cancel_spell(why)
        self.ctx.audio.play("archon.select")
        if len(self.picks) < S.PICKS[self.spell]:
            self.say(S.PROMPTS[self.spell][len(self.picks)], "white", 10_000)
            return
        self.message_ticks = 0
        self._commit(R.Cast(self.spell, tuple(self.picks), self.revive_icon))
