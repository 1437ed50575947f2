"""Every way a game ends, checked at the start of a turn."""

from handheld.games.archon import board as B
from handheld.games.archon import rules as R
from handheld.games.archon.icons import DARK, LIGHT
from handheld.games.archon.positions import piece, position


def test_five_power_points_win():
    s = position({"E1": "knight", "A5": "wizard", "E5": "golem", "I5": "unicorn", "E7": "knight",
                  "G7": "goblin"}, to_move=LIGHT)
    R.apply(s, R.Move(piece(s, "E7").id, B.sq("E8")))
    assert s.winner is None
    R.apply(s, R.Move(piece(s, "G7").id, B.sq("G6")))
    assert s.winner is None
    R.apply(s, R.Move(piece(s, "E8").id, B.sq("E9")))   # fifth power point
    assert s.winner == LIGHT and s.end_reason == "ALL FIVE POWER POINTS"


def test_elimination():
    s = position({"D5": "knight", "E5": "goblin"}, shade=2)
    R.apply(s, R.Move(piece(s, "D5").id, B.sq("E5")))
    R.resolve_duel(s, LIGHT, 4, 0)
    assert s.winner == LIGHT and s.end_reason == "THE ENEMY IS DESTROYED"


def test_mutual_destruction_of_the_last_icons_is_a_tie():
    s = position({"D5": "knight", "E5": "goblin"}, shade=2)
    R.apply(s, R.Move(piece(s, "D5").id, B.sq("E5")))
    R.resolve_duel(s, "both", 0, 0)
    assert s.winner == "tie" and s.end_reason == "BOTH ARMIES DESTROYED"


def test_last_icon_imprisoned_loses_when_to_move():
    s = position({"C3": "wizard", "G7": "goblin", "G1": "troll"}, shade=2, step=-1)
    R.apply(s, R.Cast("imprison", (B.sq("G7"),)))
    assert s.winner is None                              # dark still has the troll
    s = position({"C3": "wizard", "G7": "goblin"}, shade=2, step=-1)
    R.apply(s, R.Cast("imprison", (B.sq("G7"),)))
    assert s.winner == LIGHT and s.end_reason == "LAST ICON IMPRISONED"


def test_stalemate_after_12_rounds_without_a_duel():
    s = position({"A1": "knight", "A9": "archer", "I1": "goblin", "I9": "troll"}, shade=2)
    moves = {LIGHT: [("A1", "A2"), ("A2", "A1")], DARK: [("I1", "I2"), ("I2", "I1")]}
    turns = 0
    while s.winner is None:
        side = s.to_move
        a, b = moves[side][(turns // 2) % 2]
        R.apply(s, R.Move(piece(s, a).id, B.sq(b)))
        turns += 1
    assert s.winner == "tie" and s.end_reason == "STALEMATE"
    assert turns == 24 and s.rounds_since_duel == 12


def test_no_stalemate_with_three_pieces():
    s = position({"A1": "knight", "A9": "archer", "B5": "knight", "I1": "goblin", "I9": "troll"}, shade=2)
    s.rounds_since_duel = 30
    assert R.check_end(s) is None


def test_side_with_no_legal_action_loses():
    # A boxed-in golem; its two neighbours imprisoned; no mage.
    s = position({"A1": "golem", "A2": "knight", "B1": "knight", "I9": "goblin"}, to_move=LIGHT)
    piece(s, "A2").imprisoned = True
    piece(s, "B1").imprisoned = True
    assert R.check_end(s) == DARK and s.end_reason == "NO LEGAL MOVE"


def test_forty_quiet_rounds_tie_at_any_piece_count():
    s = position({"A1": "knight", "A9": "archer", "B5": "knight", "I1": "goblin", "I9": "troll"}, shade=2)
    s.rounds_since_duel = R.LONG_STALEMATE_ROUNDS - 1
    assert R.check_end(s) is None
    s.rounds_since_duel = R.LONG_STALEMATE_ROUNDS
    assert R.check_end(s) == "tie" and s.end_reason == "NO PROGRESS IN 40 ROUNDS"
