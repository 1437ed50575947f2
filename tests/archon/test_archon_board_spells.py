"""Each spell's legal and illegal cases."""

import pytest

from handheld.games.archon import board as B
from handheld.games.archon import rules as R
from handheld.games.archon import spells as S
from handheld.games.archon.icons import DARK, ELEMENTALS, LIGHT
from handheld.games.archon.positions import piece, position
from handheld.runtime.rng import Rng

SQ = B.sq


def cast(s, spell, *names, icon=None, rng=None):
    R.apply(s, R.Cast(spell, tuple(SQ(n) for n in names), icon), rng or Rng(1))


def test_no_spell_touches_a_power_point():
    s = position({"A5": "wizard", "E5": "knight", "C3": "golem", "I5": "sorceress", "E1": "goblin"})
    assert S.pick_error(s, LIGHT, "teleport", [SQ("E5")]) == "NO SPELL WORKS ON A POWER POINT"
    assert S.pick_error(s, LIGHT, "teleport", [SQ("C3"), SQ("E9")]) == "NO SPELL WORKS ON A POWER POINT"
    assert S.pick_error(s, LIGHT, "summon", [SQ("E1")]) == "NO SPELL WORKS ON A POWER POINT"
    assert S.spell_error(s, LIGHT, "summon") == "NO ENEMY OFF THE POWER POINTS"
    assert S.spell_error(s, LIGHT, "imprison") == "NO ENEMY CAN BE IMPRISONED"


def test_teleport_to_empty_and_onto_enemy():
    s = position({"A5": "wizard", "C3": "golem", "G7": "goblin", "I5": "sorceress"})
    cast(s, "teleport", "C3", "F8")
    assert piece(s, "F8").icon == "golem" and s.spells_used[LIGHT] == ["teleport"]
    assert s.to_move == DARK
    s = position({"A5": "wizard", "C3": "golem", "G7": "goblin", "I5": "sorceress"})
    cast(s, "teleport", "C3", "G7")
    assert s.pending is not None and s.pending.light_icon == "golem" and s.pending.square == SQ("G7")
    assert S.spell_error(s, LIGHT, "teleport") == "SPELL ALREADY CAST"


def test_teleport_illegal_picks():
    s = position({"A5": "wizard", "C3": "golem", "C4": "knight", "G7": "goblin"})
    assert S.pick_error(s, LIGHT, "teleport", [SQ("G7")]) == "TELEPORT NEEDS ONE OF YOUR ICONS"
    assert S.pick_error(s, LIGHT, "teleport", [SQ("C3"), SQ("C4")]) == "YOUR OWN ICON IS THERE"
    piece(s, "C3").imprisoned = True
    assert S.pick_error(s, LIGHT, "teleport", [SQ("C3")]) == "THAT ICON IS IMPRISONED"
    with pytest.raises(ValueError):
        cast(s, "teleport", "C3", "D3")
    assert s.spells_used[LIGHT] == []                   # not used up


def test_heal_own_injured_even_imprisoned():
    s = position({"A5": "wizard", "C3": "golem", "D4": "knight", "G7": "goblin"}, hp={"C3": 4})
    assert S.pick_error(s, LIGHT, "heal", [SQ("D4")]) == "THAT ICON IS NOT HURT"
    assert S.pick_error(s, LIGHT, "heal", [SQ("G7")]) == "HEAL NEEDS ONE OF YOUR ICONS"
    piece(s, "C3").imprisoned = True
    cast(s, "heal", "C3")
    assert piece(s, "C3").hp == 15
    s = position({"A5": "wizard", "D4": "knight"})
    assert S.spell_error(s, LIGHT, "heal") == "NO ICON NEEDS HEALING"


def test_exchange_any_two_free_icons():
    s = position({"A5": "wizard", "C3": "golem", "G7": "goblin", "D4": "knight"})
    cast(s, "exchange", "C3", "G7")
    assert piece(s, "C3").icon == "goblin" and piece(s, "G7").icon == "golem"
    assert s.pending is None
    s = position({"A5": "wizard", "C3": "golem", "G7": "goblin"})
    assert S.pick_error(s, LIGHT, "exchange", [SQ("C3"), SQ("C3")]) == "PICK TWO DIFFERENT ICONS"
    assert S.pick_error(s, LIGHT, "exchange", [SQ("D3")]) == "EXCHANGE NEEDS AN ICON"
    piece(s, "G7").imprisoned = True
    assert S.pick_error(s, LIGHT, "exchange", [SQ("C3"), SQ("G7")]) == "THAT ICON IS IMPRISONED"


def test_summon_picks_random_elemental_not_the_last_one():
    seen = set()
    for seed in range(40):
        s = position({"A5": "wizard", "G7": "goblin", "I5": "sorceress"})
        s.last_elemental = "fire_elemental"
        cast(s, "summon", "G7", rng=Rng(seed))
        d = s.pending
        assert d.light_icon in ELEMENTALS and d.light_icon != "fire_elemental"
        assert d.attacker_piece is None and d.light_strength == d.light_hp
        assert s.last_elemental == d.light_icon
        seen.add(d.light_icon)
    assert seen == set(ELEMENTALS) - {"fire_elemental"}


def test_summon_elemental_win_leaves_square_empty():
    s = position({"A5": "wizard", "E7": "goblin", "I5": "sorceress"}, shade=4)
    cast(s, "summon", "E7", rng=Rng(3))
    assert s.pending.dark_strength == 5 + 6
    R.resolve_duel(s, LIGHT, 10, 0)
    assert s.board[SQ("E7")] is None and not any(p.icon == "goblin" for p in s.alive(DARK))
    s = position({"A5": "wizard", "E7": "shapeshifter", "I5": "sorceress"}, shade=4)
    cast(s, "summon", "E7", rng=Rng(3))
    assert s.pending.dark_hp == 10 and s.pending.dark_strength == 16


def test_revive_needs_a_dead_type_and_a_charmed_square():
    s = position({"C5": "wizard", "G7": "goblin"})
    assert "djinni" in S.dead_types(s, LIGHT)
    assert S.pick_error(s, LIGHT, "revive", [SQ("C4")], "djinni") is None
    assert S.pick_error(s, LIGHT, "revive", [SQ("E5")], "djinni") == "NO SPELL WORKS ON A POWER POINT"
    assert S.pick_error(s, LIGHT, "revive", [SQ("C7")], "djinni") == "REVIVE NEEDS AN EMPTY SQUARE BESIDE YOUR MAGE"
    assert S.pick_error(s, LIGHT, "revive", [SQ("C4")], "wizard") == "THAT ICON IS NOT DEAD"
    cast(s, "revive", "D6", icon="djinni")
    dj = piece(s, "D6")
    assert dj.icon == "djinni" and dj.hp == 15 and dj.alive
    # B5 is not a power point but A5 (next to B-file mage) is: not charmed.
    s = position({"B5": "wizard"})
    assert SQ("A5") not in S.charmed_squares(s, LIGHT) and len(S.charmed_squares(s, LIGHT)) == 7


def test_revive_refused_without_room():
    s = position({"A1": "wizard", "A2": "knight", "B1": "archer", "B2": "knight"})
    assert S.spell_error(s, LIGHT, "revive") == "NO EMPTY SQUARE BESIDE YOUR MAGE"
    s = R.new_game(LIGHT)
    assert S.spell_error(s, LIGHT, "revive") == "NO ICON HAS DIED"


def test_imprison_shade_rule_and_release():
    s = position({"A5": "wizard", "G7": "goblin", "I5": "sorceress"}, shade=5)
    assert S.spell_error(s, LIGHT, "imprison") == "IMPRISON FAILS WHILE TIME FAVOURS THE ENEMY"
    s = position({"A5": "wizard", "G7": "goblin", "I5": "sorceress"}, shade=0, to_move=DARK)
    assert S.spell_error(s, DARK, "imprison") == "IMPRISON FAILS WHILE TIME FAVOURS THE ENEMY"
    s = position({"A5": "wizard", "G7": "goblin", "I5": "sorceress", "H1": "troll"}, shade=3, step=1)
    cast(s, "imprison", "G7")
    g = piece(s, "G7")
    assert g.imprisoned and R.can_choose(s, g) == "THAT ICON IS IMPRISONED"
    R.end_turn(s)                                       # dark's turn ends the round: D -> E
    assert g.imprisoned and s.cycle.shade == 4
    R.end_turn(s)
    R.end_turn(s)                                       # E -> F frees dark prisoners
    assert s.cycle.shade == 5 and not g.imprisoned


def test_shift_time_reverses_and_cease_costs_nothing():
    s = position({"A5": "wizard", "G7": "goblin"}, shade=3, step=1)
    cast(s, "shift_time")
    assert s.cycle.heading() == -1 and s.spells_used[LIGHT] == ["shift_time"]


def test_imprisoned_or_dead_mage_cannot_cast():
    s = position({"C3": "wizard", "G7": "goblin"})
    piece(s, "C3").imprisoned = True
    assert S.available_spells(s, LIGHT) == []
    s = position({"C3": "knight", "G7": "goblin"})
    assert S.spell_error(s, LIGHT, "shift_time") == "YOUR MAGE CANNOT CAST"


def test_spells_are_once_per_game_and_weaken_home_point():
    s = position({"A5": "wizard", "C3": "golem", "G7": "goblin", "I5": "sorceress"})
    cast(s, "shift_time")
    R.end_turn(s)
    assert S.spell_error(s, LIGHT, "shift_time") == "SPELL ALREADY CAST"
    assert "heal" not in S.available_spells(s, LIGHT)   # nobody hurt
    assert len(s.spells_used[LIGHT]) == 1
