"""The computer fighter after issue 16: no mercy between computers, reaction
timing drawn from the match's Rng, no freezing in place."""

import pytest

from handheld.games.archon.duel import DuelSetup, fight_headless
from handheld.games.archon.duel.arena import Duel
from handheld.games.archon.duel.fighter import SKILLS, ComputerFighter
from handheld.runtime.rng import Rng


def _fighters(strength_light, strength_dark):
    d = Duel(DuelSetup("valkyrie", "banshee", 0, strength_light, strength_dark, 8, 8), Rng(1))
    return d.light, d.dark


@pytest.mark.parametrize("level", [0, 1, 2])
def test_delay_between_computers_does_not_depend_on_who_is_ahead(level):
    ahead, behind = _fighters(15, 8)
    a = ComputerFighter("light", level, Rng(9))
    b = ComputerFighter("light", level, Rng(9))
    waits_ahead = [a.reaction_delay(ahead, behind) for _ in range(50)]
    waits_behind = [b.reaction_delay(behind, ahead) for _ in range(50)]
    assert waits_ahead == waits_behind


@pytest.mark.parametrize("level", [0, 1, 2])
def test_mercy_against_a_human_waits_half_again_when_ahead(level):
    ahead, behind = _fighters(15, 8)
    plain = ComputerFighter("light", level, Rng(9))
    kind = ComputerFighter("light", level, Rng(9), mercy=True)
    for _ in range(30):
        w = plain.reaction_delay(ahead, behind)
        assert kind.reaction_delay(ahead, behind) == w + (w >> 1)
    behind_kind = ComputerFighter("light", level, Rng(4), mercy=True)
    behind_plain = ComputerFighter("light", level, Rng(4))
    assert [behind_kind.reaction_delay(behind, ahead) for _ in range(20)] == \
        [behind_plain.reaction_delay(behind, ahead) for _ in range(20)]


def test_reaction_delay_varies_around_the_levels_mean():
    me, foe = _fighters(10, 10)
    for level, (mean, _) in enumerate(SKILLS):
        ai = ComputerFighter("light", level, Rng(3))
        waits = [ai.reaction_delay(me, foe) for _ in range(400)]
        assert len(set(waits)) > 2
        assert mean - mean // 4 <= min(waits) and max(waits) <= mean + mean // 4 + 1
        assert abs(sum(waits) * 10 // len(waits) - mean * 10) <= mean * 2


def test_duel_view_gives_mercy_only_against_a_human():
    from handheld.games.archon.duel.view import DuelView
    setup = DuelSetup.full("wizard", "sorceress", 2)
    both = DuelView(setup, Rng(1), True, True, 2)
    assert not both.ai["light"].mercy and not both.ai["dark"].mercy
    one = DuelView(setup, Rng(1), False, True, 2)
    assert one.ai["dark"].mercy and one.ai["light"] is None


@pytest.mark.parametrize("light,dark", [("phoenix", "banshee"), ("phoenix", "shapeshifter"),
                                        ("knight", "goblin")])
def test_seed_changes_cloud_and_thrust_duels_and_replays_exactly(light, dark):
    setup = DuelSetup.full(light, dark, 3)
    results = [fight_headless(setup, seed, 2, 2) for seed in range(12)]
    assert len({r.ticks for r in results}) >= 4
    assert [fight_headless(setup, seed, 2, 2) for seed in range(12)] == results


@pytest.mark.parametrize("dark", ["goblin", "shapeshifter"])
@pytest.mark.parametrize("shade", [1, 2, 3, 4])
def test_knight_mirror_duels_never_stall(dark, shade):
    setup = DuelSetup.full("knight", dark, shade)
    for seed in range(12):
        r = fight_headless(setup, 700 + seed, 2, 2, max_ticks=3600)
        assert r.ticks < 3600, (dark, shade, seed)


def test_no_fighter_stands_still_long_without_attacking():
    """Two computers never freeze facing each other: track the longest time
    either icon spends on one spot without starting an attack."""
    pairs = [("knight", "goblin"), ("phoenix", "shapeshifter"), ("golem", "troll"),
             ("valkyrie", "banshee"), ("wizard", "sorceress")]
    worst = 0
    for i, (light, dark) in enumerate(pairs * 2):
        rng = Rng(40 + i)
        d = Duel(DuelSetup.full(light, dark, i % 6), rng)
        la = ComputerFighter("light", 2, rng.fork("light-ai"))
        da = ComputerFighter("dark", 2, rng.fork("dark-ai"))
        still = {"light": 0, "dark": 0}
        last = {"light": None, "dark": None}
        while not d.over and d.tick < 6000:
            d.step(la.decide(d), da.decide(d))
            for f in (d.light, d.dark):
                if not f.alive or f.attack or (f.x, f.y) != last[f.side]:
                    still[f.side] = 0
                    last[f.side] = (f.x, f.y)
                else:
                    still[f.side] += 1
                    worst = max(worst, still[f.side])
        assert d.over
    assert worst < 130


def _row_duel(light_strength, dark_strength):
    from handheld.games.archon.duel.barriers import NSLOTS, Barriers
    d = Duel(DuelSetup("wizard", "sorceress", 2, light_strength, dark_strength, 10, 10),
             barriers=Barriers(slots=[-1] * NSLOTS))
    d.light.x, d.light.y, d.dark.x, d.dark.y = 100, 88, 180, 88    # same row, in reach
    return d


def _first_light_shot(light_strength, dark_strength, dark_fires_at=-1, ticks=400, peer=True):
    from handheld.games.archon.duel.engine import held_for
    d = _row_duel(light_strength, dark_strength)
    ai = ComputerFighter("light", 2, Rng(5), peer=peer)
    for _ in range(ticks):
        dark = held_for(4, True) if d.tick + 1 == dark_fires_at else 0
        d.step(ai.decide(d), dark)
        if d.light.shots:
            return d.tick
    return -1


def test_weaker_shooter_lets_a_ready_peer_attack_first():
    # stronger: fires soon after its opening; weaker: holds fire while the
    # sorceress stays ready, and answers once she has fired
    assert 0 < _first_light_shot(14, 10) < 80
    assert _first_light_shot(10, 14) == -1
    assert 150 < _first_light_shot(10, 14, dark_fires_at=150) < 150 + 40
    # not a peer (a human, or another level): it does not wait for her
    assert 0 < _first_light_shot(10, 14, peer=False) < 150


def test_peers_are_two_computers_of_one_level():
    from handheld.games.archon.duel.view import DuelView
    setup = DuelSetup.full("wizard", "sorceress", 2)
    both = DuelView(setup, Rng(1), True, True, 2)
    assert both.ai["light"].peer and both.ai["dark"].peer
    one = DuelView(setup, Rng(1), False, True, 2)
    assert not one.ai["dark"].peer
