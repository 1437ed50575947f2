"""The board screen driven by input frames: choosing, walking, flying, spells, duels, computer turns."""

from types import SimpleNamespace

import pygame
import pytest

from handheld.games.archon import board as B
from handheld.games.archon import match as M
from handheld.games.archon import rules as R
from handheld.games.archon.icons import DARK, LIGHT
from handheld.games.archon.art.look import SHADE_COLOURS, square_xy
from handheld.games.archon.positions import piece
from handheld.runtime.context import Context
from handheld.base.actions import EMPTY_FRAME, Action, frame_from_masks
from handheld.ui.palette import rgb

SQ = B.sq


class InstantDuel:
    """Test stand-in for the arena (injected only here): the stronger side wins after 5 ticks."""

    def __init__(self, setup, rng, light_is_computer, dark_is_computer, level, audio=None, hint=False):
        self.setup, self.t, self.finished, self.result = setup, 0, False, None

    def update(self, li, di):
        self.t += 1
        if self.t >= 5:
            s = self.setup
            if s.light_strength == s.dark_strength:
                self.result = SimpleNamespace(winner="both", light_hp=0, dark_hp=0)
            elif s.light_strength > s.dark_strength:
                self.result = SimpleNamespace(winner="light", light_hp=s.light_hp, dark_hp=0)
            else:
                self.result = SimpleNamespace(winner="dark", light_hp=0, dark_hp=s.dark_hp)
            self.finished = True

    def draw(self, surface):
        surface.fill(rgb("black"))

    def state_hash(self):
        return f"instant{self.t}"


def make(mode="two_players", first=LIGHT, seed=1):
    ctx = Context.headless_context(seed=seed)
    m = M.MatchScene(ctx, seed, {"mode": mode, "first": first})
    m.duel_factory = InstantDuel
    return m, ctx


def tap(action, player=0):
    masks = [(0, 0, 0, 0)] * 2
    masks[player] = (int(action), int(action), 0, int(action))
    return frame_from_masks(*masks)


def run(m, frames):
    for f in frames:
        m.update(f)


def idle(m, n):
    for _ in range(n):
        m.update(EMPTY_FRAME)


def box_to(m, name, player=0):
    """Steer the box onto a square with stick taps."""
    target = B.col_row(SQ(name))
    for _ in range(30):
        c, r = m.box
        if (c, r) == target:
            return
        if not B.on_board(c, r):
            m.update(tap(Action.RIGHT if c < 0 else Action.LEFT, player))
            continue
        a = Action.RIGHT if target[0] > c else Action.LEFT if target[0] < c else (
            Action.DOWN if target[1] > r else Action.UP)
        m.update(tap(a, player))
    raise AssertionError("box did not arrive")


def test_box_starts_on_an_icon_the_side_to_move_can_choose():
    for first in (LIGHT, DARK):
        m, _ = make(first=first)
        assert m.phase == "select"
        p = m.state.piece_at(B.at(*m.box))
        assert p is not None and p.side == first and R.can_choose(m.state, p) is None


def test_walker_moves_square_by_square_with_refund():
    m, ctx = make()
    box_to(m, "B4")
    m.update(tap(Action.FIRE))
    assert m.phase == "walk"
    run(m, [tap(Action.RIGHT), tap(Action.RIGHT), tap(Action.LEFT)])
    assert [B.name(s) for s in m.path] == ["B4", "C4"]
    m.update(tap(Action.FIRE))
    assert m.phase == "anim"
    idle(m, 20)
    assert piece(m.state, "C4").icon == "knight" and m.state.board[SQ("B4")] is None
    assert m.state.to_move == DARK and m.phase == "select"
    assert m.state.piece_at(B.at(*m.box)).side == DARK
    assert "archon.step" in ctx.audio.played


def test_walking_back_onto_the_start_square_is_no_fight_with_itself():
    """The five taps that killed the cabinet: RIGHT, RIGHT, FIRE, RIGHT, LEFT
    from a fresh one-player match (the options screen's defaults), when the box
    started left of the board; it now starts on a piece, so it is put there."""
    from handheld.games.archon import GAME
    from handheld.games.archon.options import OptionsScene
    ctx = Context.headless_context(seed=1)
    m = GAME.match_scene(ctx, 1, OptionsScene(ctx, GAME).options())
    m.duel_factory = InstantDuel
    col, row = B.col_row(SQ("B5"))
    m.box = (col - 2, row)                                   # where the box used to start
    for a in (Action.RIGHT, Action.RIGHT, Action.FIRE, Action.RIGHT, Action.LEFT):
        m.update(tap(a))
        m.update(EMPTY_FRAME)
    assert m.phase == "walk" and m.selected.icon == "knight"
    assert [B.name(s) for s in m.path] == ["B5"] and m.state.duels == 0
    idle(m, 30)                                   # nothing happens by itself
    assert m.phase == "walk" and piece(m.state, "B5").icon == "knight"
    m.update(tap(Action.FIRE))
    assert m.message == "THE ICON MUST MOVE" and m.phase == "walk"
    run(m, [tap(Action.RIGHT), EMPTY_FRAME, tap(Action.FIRE)])
    idle(m, 20)
    assert piece(m.state, "C5").icon == "knight" and m.state.board[SQ("B5")] is None
    assert m.state.to_move == DARK and m.phase == "think"


def test_refusals_are_one_line_messages():
    m, ctx = make()
    box_to(m, "C4")
    m.update(tap(Action.FIRE))
    assert m.message == "CHOOSE ONE OF YOUR ICONS" and m.phase == "select"
    box_to(m, "A2")
    m.update(tap(Action.FIRE))
    assert m.message == "THAT ICON CANNOT MOVE"
    box_to(m, "H4")
    m.update(tap(Action.FIRE))
    assert m.message == "NOT YOUR ICON"
    box_to(m, "B4")
    m.update(tap(Action.FIRE))
    m.update(tap(Action.FIRE))
    assert m.message == "THE ICON MUST MOVE" and m.phase == "walk"
    assert ctx.audio.played.count("archon.refuse") == 4


def test_flyer_box_is_clamped_to_its_range_and_glides():
    m, _ = make()
    box_to(m, "A1")
    m.update(tap(Action.FIRE))
    assert m.phase == "fly"
    for _ in range(6):
        m.update(tap(Action.RIGHT))
    assert m.box == (3, 0)                                  # Valkyrie flies 3
    m.update(tap(Action.FIRE))
    assert m.phase == "anim" and len(m.anim.track) == 6 * 3 + 6
    idle(m, 30)
    assert piece(m.state, "D1").icon == "valkyrie"


def test_spell_menu_shift_time_and_cancelled_pick_keeps_the_spell():
    m, _ = make()
    box_to(m, "A5")
    run(m, [tap(Action.FIRE), tap(Action.FIRE)])
    assert m.phase == "spells"
    m.update(tap(Action.DOWN))                              # HEAL: nobody is hurt
    m.update(tap(Action.FIRE))
    assert m.message == "NO ICON NEEDS HEALING" and m.phase == "spells"
    m.update(tap(Action.UP))
    m.update(tap(Action.FIRE))                              # TELEPORT
    assert m.phase == "pick"
    box_to(m, "H4")
    m.update(tap(Action.FIRE))
    assert m.message == "TELEPORT NEEDS ONE OF YOUR ICONS: SPELL KEPT"
    assert m.phase == "select" and m.state.spells_used[LIGHT] == [] and m.state.to_move == LIGHT
    box_to(m, "A5")
    run(m, [tap(Action.FIRE), tap(Action.FIRE), tap(Action.DOWN), tap(Action.DOWN), tap(Action.FIRE)])
    assert m.phase == "anim"
    idle(m, 40)
    assert m.state.spells_used[LIGHT] == ["shift_time"] and m.state.to_move == DARK
    assert m.state.cycle.heading() == -1


def test_cease_returns_to_choosing_without_using_the_turn():
    m, _ = make()
    box_to(m, "A5")
    run(m, [tap(Action.FIRE), tap(Action.FIRE)])
    for _ in range(7):
        m.update(tap(Action.DOWN))
    m.update(tap(Action.FIRE))
    assert m.phase == "select" and m.state.to_move == LIGHT and m.state.spells_used[LIGHT] == []


def test_teleport_onto_an_enemy_hands_over_to_the_duel_and_applies_its_result():
    m, _ = make()
    box_to(m, "A5")
    run(m, [tap(Action.FIRE), tap(Action.FIRE), tap(Action.FIRE)])     # TELEPORT
    box_to(m, "A8")                                                    # the golem
    m.update(tap(Action.FIRE))
    box_to(m, "H8")                                                    # goblin on a light square
    m.update(tap(Action.FIRE))
    idle(m, 2 * 14)                                                    # the blink
    assert m.phase == "duel_intro" and m.state.pending.light_strength == 22
    idle(m, M.DUEL_INTRO_TICKS)
    assert m.phase == "duel" and isinstance(m.duel, InstantDuel)
    idle(m, 5)
    assert m.duel is None and piece(m.state, "H8").icon == "golem"
    assert m.message == "DUEL ON H8: GOLEM BEAT GOBLIN" and m.state.duels == 1


def test_computer_turn_thinks_then_moves_at_a_watchable_pace():
    m, _ = make(mode="computer_dark", first=DARK)
    assert m.phase == "think"
    idle(m, M.THINK_MIN_TICKS - 1)
    assert m.phase == "think" and m.state.turn == 1
    surface = pygame.Surface((320, 240))
    m.draw(surface)
    idle(m, 400)
    assert m.state.turn >= 2 and m.state.to_move == LIGHT


def test_demo_is_deterministic_and_ends_with_a_result():
    hashes = []
    for _ in range(2):
        m, _ = make(mode="demo", seed=7)
        for t in range(60_000):
            m.update(EMPTY_FRAME)
            if m.finished:
                break
        hashes.append(m.state_hash())
    assert hashes[0] == hashes[1]
    assert m.finished and m.result["winner"] in (LIGHT, DARK, "tie")
    assert m.result["text"] in ("LIGHT WINS", "DARK WINS", "A TIE")


def test_board_pixels_follow_the_cycle():
    m, _ = make()
    surface = pygame.Surface((320, 240))
    m.draw(surface)
    x, y = square_xy(SQ("D1"))                              # a cycling square, empty
    assert surface.get_at((x + 10, y + 10))[:3] == rgb(SHADE_COLOURS[3])
    x2, y2 = square_xy(SQ("C1"))                            # always dark
    assert surface.get_at((x2 + 10, y2 + 10))[:3] == rgb("shade_f")
    m.state.cycle.shade = 0
    m.draw(surface)
    assert surface.get_at((x + 10, y + 10))[:3] == rgb("shade_a")


def test_box_is_orange_for_light():
    m, _ = make()
    box_to(m, "D4")
    surface = pygame.Surface((320, 240))
    m.draw(surface)
    x, y = square_xy(SQ("D4"))
    assert surface.get_at((x, y + 10))[:3] == rgb("light_side")


def test_bad_mode_is_refused():
    with pytest.raises(ValueError, match="unknown archon mode"):
        M.MatchScene(Context.headless_context(), 1, {"mode": "three"})


def test_real_arena_duel_is_hosted_and_its_result_applied():
    """Computer vs computer with the arena's own DuelView: the first duel is
    fought inside the match scene and the board takes its result."""
    hashes = []
    for _ in range(2):
        ctx = Context.headless_context(seed=2)
        m = M.MatchScene(ctx, 2, {"mode": "demo", "first": LIGHT})
        surface = pygame.Surface((320, 240))
        seen_duel = False
        for t in range(20_000):
            m.update(EMPTY_FRAME)
            if m.duel is not None and not seen_duel:
                seen_duel = True
                m.draw(surface)                         # the arena draws itself
                assert type(m.duel).__name__ == "DuelView"
            if m.state.duels == 1:
                break
        assert seen_duel and m.state.duels == 1 and m.duel is None
        hashes.append(m.state_hash())
    assert hashes[0] == hashes[1]
