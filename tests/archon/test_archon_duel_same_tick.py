"""Two hits in the same tick are resolved the same whichever side the engine
processes first: both land, and both icons can die (issue 16, item 4)."""

import pytest

from handheld.games.archon.duel import DuelSetup
from handheld.games.archon.duel.arena import Duel
from handheld.games.archon.duel.barriers import NSLOTS, Barriers
from handheld.games.archon.duel.engine import FIRE, LEFT, RIGHT


def _duel(light, dark, ls, ds, lhp, dhp):
    return Duel(DuelSetup(light, dark, 2, ls, ds, lhp, dhp), barriers=Barriers(slots=[-1] * NSLOTS))


def _finish(d):
    while not d.over:
        d.step(0, 0)
    return d.result()


@pytest.mark.parametrize("light,dark", [("knight", "goblin"), ("knight", "shapeshifter")])
def test_thrusts_landing_in_one_tick_kill_both(light, dark):
    d = _duel(light, dark, 5, 5, 5, 5)
    d.light.x, d.light.y, d.dark.x, d.dark.y = 100, 100, 118, 100
    d.step(FIRE | RIGHT, FIRE | LEFT)
    r = _finish(d)
    assert (r.winner, r.light_hits, r.dark_hits) == ("both", 1, 1)
    assert d.light.died_at == d.dark.died_at


def test_same_tick_thrusts_leave_the_stronger_alive():
    d = _duel("knight", "goblin", 5, 12, 5, 5)
    d.light.x, d.light.y, d.dark.x, d.dark.y = 100, 100, 118, 100
    d.step(FIRE | RIGHT, FIRE | LEFT)
    r = _finish(d)
    assert r.winner == "dark" and r.dark_strength == 7 and r.light_hits == 1


def test_mirror_image_duel_gives_the_mirror_result():
    """Swap which side stands left: Dark's thrust must land exactly as Light's did."""
    a = _duel("knight", "goblin", 5, 9, 5, 5)
    a.light.x, a.light.y, a.dark.x, a.dark.y = 100, 100, 118, 100
    a.step(FIRE | RIGHT, FIRE | LEFT)
    b = _duel("knight", "goblin", 9, 5, 5, 5)
    b.light.x, b.light.y, b.dark.x, b.dark.y = 100, 100, 118, 100
    b.step(FIRE | RIGHT, FIRE | LEFT)
    ra, rb = _finish(a), _finish(b)
    assert (ra.winner, rb.winner) == ("dark", "light")
    assert (ra.light_hits, ra.dark_hits) == (rb.dark_hits, rb.light_hits) == (1, 1)


def test_shot_and_scream_check_in_one_tick_both_count():
    """A Banshee killed by a shot in the tick her scream checks still drains."""
    d = _duel("unicorn", "banshee", 1, 3, 9, 8)
    d.light.x, d.light.y, d.dark.x, d.dark.y = 100, 100, 130, 100
    d.step(0, FIRE)                     # scream starts; checks every 5th tick
    for _ in range(3):
        d.step(0, 0)
    # the bolt is fired so that it reaches her on the scream's 5th tick
    d.step(FIRE | RIGHT, 0)
    r = _finish(d)
    assert r.winner == "both" and r.dark_hits == 1 and r.light_hits == 1
