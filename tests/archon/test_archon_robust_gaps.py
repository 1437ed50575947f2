"""Archon rules a mutation check showed untested: each test fails with its
planted bug (named in the docstring)."""

from handheld.games.archon import rules as R
from handheld.games.archon.duel import DuelSetup
from handheld.games.archon.duel.arena import Duel
from handheld.games.archon.duel.barriers import NSLOTS, Barriers
from handheld.games.archon.icons import DARK, LIGHT, base_hp
from handheld.games.archon.positions import piece, position


def close_the_round(s):
    R.end_turn(s)          # the first mover's turn
    R.end_turn(s)          # the second mover's closes the round: healing happens


def test_a_power_point_never_heals_above_base_hp():
    """Planted bug: `p.hp + 1` without the min(base, ...) cap."""
    full = base_hp("golem")
    s = position({"E5": "golem", "A5": "troll"}, hp={"E5": full, "A5": base_hp("troll") - 1},
                 shade=2, step=1)
    close_the_round(s)
    assert piece(s, "E5").hp == full                     # already whole: stays at base
    assert piece(s, "A5").hp == base_hp("troll")         # one short: healed up to base, no further
    close_the_round(s)
    assert piece(s, "A5").hp == base_hp("troll")


def test_the_end_of_a_cycle_never_heals_a_side_above_base_hp():
    """Planted bug: the cycle-end heal without its cap."""
    s = position({"C3": "troll", "G7": "golem"}, hp={"C3": base_hp("troll"), "G7": base_hp("golem")},
                 shade=4, step=1)
    close_the_round(s)                                   # the cycle reaches its dark end
    assert piece(s, "C3").hp == base_hp("troll") and piece(s, "G7").hp == base_hp("golem")


def test_a_fighter_at_exactly_zero_strength_is_dead():
    """Planted bug: `strength < 0` lets a fighter live on at 0."""
    d = Duel(DuelSetup.full("unicorn", "goblin", 2), barriers=Barriers(slots=[-1] * NSLOTS))
    d.dark.strength = d.light.st.damage                  # one hit leaves exactly 0
    d._hurt(d.light, d.dark)
    assert d.dark.strength == 0 and not d.dark.alive
    assert ("die", DARK) in d.events
    result = d.result()
    assert result.winner == LIGHT


def test_a_walker_stepping_back_onto_its_own_square_keeps_walking():
    """Found by the fuzz (python -m handheld.tools.fuzz --seed 1 --ticks 797545): the
    refund step back to the start square was taken for 'onto an enemy' and the
    move to its own square raised ValueError out of the cabinet's tick."""
    from handheld.runtime.context import Context
    from handheld.games.archon import board as B
    from handheld.games.archon import match as M
    from handheld.base.actions import EMPTY_FRAME, Action, frame_from_masks

    m = M.MatchScene(Context.headless_context(seed=1), 1, {"mode": "two_players", "first": LIGHT})
    tap = lambda a: frame_from_masks((int(a), int(a), 0, int(a)))
    for _ in range(30):                                  # the box onto the knight at B4
        if m.box == B.col_row(B.sq("B4")):
            break
        c, r = m.box
        m.update(tap(Action.RIGHT if c < 1 else Action.LEFT if c > 1 else Action.DOWN if r < 3 else Action.UP))
    m.update(tap(Action.FIRE))
    assert m.phase == "walk"
    m.update(tap(Action.RIGHT))
    m.update(tap(Action.LEFT))                           # back where it started
    assert m.phase == "walk" and [B.name(s) for s in m.path] == ["B4"]
    for _ in range(40):
        m.update(EMPTY_FRAME)
    assert m.phase == "walk" and piece(m.state, "B4").icon == "knight"


def test_start_gives_up_a_practice_duel_nobody_fights():
    """Found by the fuzz (seed 3, tick 425,987 before the fix): a practice duel
    between two idle players never ended and nothing but finishing it left."""
    from handheld.runtime.context import Context
    from handheld.games.archon.duel.practice import PracticeScene
    from handheld.base.actions import EMPTY_FRAME, Action, frame_from_masks

    ctx = Context.headless_context(seed=1)
    scene = PracticeScene(ctx)
    ctx.director.push(scene)
    scene.choice["PLAYERS"] = 0                          # both human, both idle
    scene.start_duel()
    for _ in range(600):
        scene.update(EMPTY_FRAME)
    assert scene.view is not None and not scene.view.finished
    start = int(Action.START)
    scene.update(frame_from_masks((0, 0, 0, 0), (start, start, 0, start)))
    assert scene.view is None and ctx.director.top is scene
