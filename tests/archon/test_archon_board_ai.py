"""The classic computer reproduces each rule of the original's outline."""

from handheld.games.archon import ai as AI
from handheld.games.archon import board as B
from handheld.games.archon import rules as R
from handheld.games.archon.icons import DARK, LIGHT
from handheld.games.archon.positions import piece, position
from handheld.runtime.rng import Rng

SQ = B.sq
ALL = ["teleport", "heal", "shift_time", "exchange", "summon", "revive", "imprison"]


def used_all_but(*keep):
    return [s for s in ALL if s not in keep]


def test_preference_table_mirrors():
    P = AI.PREFERENCE
    assert P[SQ("E1")] == 45 and P[SQ("A5")] == 46 and P[SQ("I5")] == 46 and P[SQ("E5")] == 45
    assert P[SQ("A2")] == 39 and P[SQ("A8")] == 39 and P[SQ("C4")] == 41 and P[SQ("C6")] == 41
    for c in range(9):
        for r in range(4):
            assert P[B.at(c, r)] == P[B.at(c, 8 - r)]


def test_square_score_and_power_point_rush():
    s = position({"E5": "knight", "C3": "goblin"}, shade=3)
    c = AI.Classic()
    c.prepare(s, LIGHT)
    assert c.square_score(s, piece(s, "E5"), SQ("E5")) == 45 + 3
    assert c.square_score(s, piece(s, "E5"), SQ("A5")) == 46 + 7
    s = position({"E1": "knight", "A5": "wizard", "E5": "golem", "I5": "unicorn", "C3": "goblin"}, shade=3)
    c.prepare(s, DARK)
    assert c.square_score(s, piece(s, "C3"), SQ("E9")) == 45 + 4 + 6


def test_fight_term_and_aggression():
    many = {f"A{r}": "knight" for r in range(1, 6)}
    many.update({f"I{r}": "goblin" for r in range(1, 6)})
    s = position({**many, "D7": "knight", "E7": "goblin"}, shade=2, hp={"D7": 3})
    c = AI.Classic()
    c.prepare(s, LIGHT)
    # enemy injuries 0 - 3 - own injuries 2 + colour (4 - 3) + no aggression (6 pieces each)
    assert c.fight_term(s, piece(s, "D7"), piece(s, "E7"), SQ("E7")) == -4
    s = position({"A1": "knight", "A3": "knight", "D7": "knight", "E7": "troll", "I9": "goblin"}, shade=2)
    c.prepare(s, LIGHT)
    # 3 v 2 pieces: aggression = 1 + 5 - 14; one icon ahead: pressing adds LEAD_FIGHT
    assert c.fight_term(s, piece(s, "D7"), piece(s, "E7"), SQ("E7")) == 0 - 3 - 0 + (4 - 3) + (1 - 9) + 3


def test_quiet_rounds_make_both_sides_press():
    s = position({"A1": "knight", "A3": "knight", "D7": "knight", "E7": "troll", "I9": "goblin", "I1": "goblin"},
                 shade=2)
    c = AI.Classic()
    c.prepare(s, LIGHT)
    calm = c.fight_term(s, piece(s, "D7"), piece(s, "E7"), SQ("E7"))
    assert not c.pressing()
    s.rounds_since_duel = R.LONG_STALEMATE_ROUNDS // 3 + 5         # 3 v 3: the 40-round limit
    c.prepare(s, LIGHT)
    assert c.pressing() and c.fight_term(s, piece(s, "D7"), piece(s, "E7"), SQ("E7")) == calm + 5


def test_a_side_ahead_closes_in_on_the_enemy():
    even = position({"C5": "knight", "A9": "knight", "I1": "goblin", "I9": "goblin"}, shade=3)
    ahead = position({"C5": "knight", "A9": "knight", "A1": "archer", "I1": "goblin", "I9": "goblin"}, shade=3)
    gains = []
    for s in (even, ahead):
        c = AI.Classic()
        c.prepare(s, LIGHT)
        k = piece(s, "C5")
        assert c.turns_to_foe(k, SQ("C5")) == 4 and c.turns_to_foe(k, SQ("F5")) == 3
        gains.append(c.square_score(s, k, SQ("F5")) - c.square_score(s, k, SQ("C5")))
    assert gains[1] == gains[0] + AI.Classic.PULL           # one move nearer the goblins is worth PULL


def test_best_difference_wins():
    s = position({"C5": "knight", "I9": "goblin"}, shade=3)
    s.spells_used[LIGHT] = list(ALL)
    act = AI.choose(AI.Classic(), s, Rng(0))
    # From C5 (41+3) the knight's best is A5 (46+7): difference 9.
    assert act == R.Move(piece(s, "C5").id, SQ("A5"))


def test_ties_break_randomly_with_the_rng():
    # A knight on E5 at shade D: B5/H5-like squares tie; different seeds pick different ones.
    s = position({"E3": "knight", "I9": "goblin"}, shade=0)
    picks = {AI.choose(AI.Classic(), s, Rng(seed)).to for seed in range(30)}
    assert len(picks) >= 2
    c = AI.Classic()
    c.prepare(s, LIGHT)
    scores = dict((t, d) for d, t in c.move_scores(s, piece(s, "E3")))
    assert len({scores[t] for t in picks}) == 1 and max(scores.values()) == scores[next(iter(picks))]


def test_classic_attacks_an_injured_enemy_on_a_good_square():
    s = position({"D3": "knight", "E3": "goblin", "I9": "goblin"}, shade=0, hp={"E3": 1})
    s.spells_used[LIGHT] = list(ALL)
    act = AI.choose(AI.Classic(), s, Rng(0))
    assert act == R.Move(piece(s, "D3").id, SQ("E3"))


def _spell(s, seed=0):
    act = AI.choose(AI.Classic(), s, Rng(seed))
    return act if isinstance(act, R.Cast) else None


def test_imprison_enemy_mage_off_its_point_first():
    s = position({"A5": "wizard", "G5": "sorceress", "E3": "troll", "B1": "dragon"}, shade=2)
    assert _spell(s) == R.Cast("imprison", (SQ("G5"),))


def test_imprison_strong_enemy_in_the_middle():
    s = position({"A5": "wizard", "I5": "sorceress", "E3": "troll", "G3": "goblin"}, shade=2)
    assert _spell(s) == R.Cast("imprison", (SQ("E3"),))


def test_imprison_champion_on_a_square_that_favours_us():
    s = position({"A5": "wizard", "I5": "sorceress", "B1": "dragon", "G3": "goblin"}, shade=2)
    assert _spell(s) == R.Cast("imprison", (SQ("B1"),))
    s = position({"A5": "wizard", "I5": "sorceress", "C1": "dragon", "G3": "goblin"}, shade=2)
    assert _spell(s) is None or _spell(s).spell != "imprison"        # C1 is always dark


def test_shift_time_when_own_icon_imprisoned():
    s = position({"A5": "wizard", "C3": "knight", "I5": "sorceress", "G3": "goblin"}, shade=2)
    s.spells_used[LIGHT] = ["imprison"]
    piece(s, "C3").imprisoned = True
    assert _spell(s) == R.Cast("shift_time")


def test_shift_time_extends_an_enemy_prisoners_sentence():
    # Heading lighter and one step from A: the Light prisoner would be freed next round.
    s = position({"A5": "wizard", "C3": "knight", "I5": "sorceress", "G3": "goblin"}, to_move=DARK,
                 shade=1, step=-1)
    s.spells_used[DARK] = ["imprison"]
    piece(s, "C3").imprisoned = True
    assert _spell(s) == R.Cast("shift_time")
    s.cycle.shade = 3                                                    # far from A: no hurry
    assert _spell(s) is None or _spell(s).spell != "shift_time"


def test_imprison_the_last_enemy_icon_whatever_it_is():
    s = position({"A5": "wizard", "C3": "knight", "G7": "goblin"}, shade=2)
    assert _spell(s) == R.Cast("imprison", (SQ("G7"),))


def test_pressing_leaves_prisoners_for_later():
    s = position({"C5": "knight", "A1": "archer", "B7": "goblin", "I9": "goblin"}, shade=3)
    piece(s, "B7").imprisoned = True
    c = AI.Classic()
    c.prepare(s, LIGHT)
    assert c.turns_to_foe(piece(s, "C5"), SQ("C5")) == 4            # to I9; B7 waits in prison


def test_summon_on_an_enemy_near_our_mage():
    s = position({"A5": "wizard", "B3": "goblin", "I5": "sorceress", "H8": "goblin"}, shade=2)
    s.spells_used[LIGHT] = ["imprison", "shift_time"]
    assert _spell(s) == R.Cast("summon", (SQ("B3"),))


def test_teleport_back_row_icon_onto_enemy_mage():
    s = position({"A5": "wizard", "A2": "golem", "A1": "valkyrie", "C3": "knight", "G4": "sorceress"},
                 shade=2)
    s.spells_used[LIGHT] = ["imprison", "shift_time", "summon"]
    assert _spell(s) == R.Cast("teleport", (SQ("A2"), SQ("G4")))


def test_teleport_strong_favoured_attack():
    s = position({"A5": "wizard", "C2": "golem", "I5": "sorceress", "F3": "goblin"}, shade=2)
    s.spells_used[LIGHT] = ["imprison", "shift_time", "summon"]
    # Golem 15 + 7 on F3 (always light) vs goblin 5 + 0: margin 17 >= 8.
    assert _spell(s) == R.Cast("teleport", (SQ("C2"), SQ("F3")))


def test_never_exchange():
    s = position({"A5": "wizard", "C2": "golem", "I5": "sorceress", "H8": "goblin"}, shade=2)
    s.spells_used[LIGHT] = used_all_but("exchange")
    assert _spell(s) is None


def test_revive_champion_beside_mage_on_a_favouring_square():
    s = position({"C3": "wizard", "I5": "sorceress", "H8": "goblin"}, shade=5)
    s.spells_used[LIGHT] = used_all_but("revive")
    cast = _spell(s)
    assert cast.spell == "revive" and cast.icon == "djinni"
    assert B.KIND[cast.squares[0]] == "L"                   # at F only always-light squares favour light
    s = position({"D3": "wizard", "I5": "sorceress", "H8": "goblin", "C3": "knight", "D2": "knight",
                  "D4": "knight"}, shade=5)
    s.spells_used[LIGHT] = used_all_but("revive")
    assert _spell(s) is None                                # D3's free neighbours: none favour light at F


def test_heal_leader_below_six():
    s = position({"C3": "wizard", "I5": "sorceress", "H8": "goblin", "D4": "knight"},
                 shade=2, hp={"C3": 5, "D4": 1})
    s.spells_used[LIGHT] = used_all_but("heal")
    assert _spell(s) == R.Cast("heal", (SQ("C3"),))
    s = position({"C3": "wizard", "I5": "sorceress", "H8": "goblin"}, shade=2, hp={"C3": 6})
    s.spells_used[LIGHT] = used_all_but("heal")
    assert _spell(s) is None


def test_opening_teleport_catches_an_enemy_on_a_light_start_square():
    s = R.new_game(LIGHT)
    cast = _spell(s)
    # Best margin: a Golem (15 + 7) onto a Goblin on an always-light square (5 + 0).
    assert cast.spell == "teleport" and B.name(cast.squares[1]) in ("H2", "H8")
    assert piece(s, B.name(cast.squares[0])).icon == "golem"


def test_think_yields_per_icon_and_is_deterministic():
    s = R.new_game(LIGHT)
    s.spells_used[LIGHT] = list(ALL)
    gen = AI.Classic().think(s, Rng(5))
    steps = 0
    try:
        while True:
            next(gen)
            steps += 1
    except StopIteration as stop:
        act = stop.value
    assert steps == 1 + 18
    s2 = R.new_game(LIGHT)
    s2.spells_used[LIGHT] = list(ALL)
    assert isinstance(act, R.Move) and act == AI.choose(AI.Classic(), s2, Rng(5))
