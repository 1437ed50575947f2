"""Board map, start squares, the light cycle, movement, duel strength, injuries, healing."""

import pytest

from handheld.games.archon import board as B
from handheld.games.archon import rules as R
from handheld.games.archon.icons import DARK, ICONS, LIGHT
from handheld.games.archon.positions import piece, position
from handheld.runtime.statehash import state_hash

TABLE = """
D L D V V V L D L
L D V L V D V L D
D V L D V L D V L
V L D L V D L D V
L V V V V V V V D
V L D L V D L D V
D V L D V L D V L
L D V L V D V L D
D L D V V V L D L
"""


def test_board_map_matches_the_table():
    rows = [r.split() for r in TABLE.strip().splitlines()]
    for r, row in enumerate(rows):
        for c, kind in enumerate(row):
            assert B.KIND[B.at(c, r)] == kind, B.name(B.at(c, r))
    assert (B.KIND.count("L"), B.KIND.count("D"), B.KIND.count("V")) == (25, 25, 31)
    assert sorted(B.name(s) for s in B.POWER_POINTS) == ["A5", "E1", "E5", "E9", "I5"]


def test_start_squares():
    s = R.new_game(LIGHT)
    expect = {"A1": "valkyrie", "A9": "valkyrie", "B1": "archer", "B9": "archer", "A2": "golem",
              "A8": "golem", "A3": "unicorn", "A7": "unicorn", "A4": "djinni", "A5": "wizard",
              "A6": "phoenix", "I1": "banshee", "I9": "banshee", "H1": "manticore", "H9": "manticore",
              "I2": "troll", "I8": "troll", "I3": "basilisk", "I7": "basilisk", "I4": "shapeshifter",
              "I5": "sorceress", "I6": "dragon"}
    expect.update({f"B{r}": "knight" for r in range(2, 9)})
    expect.update({f"H{r}": "goblin" for r in range(2, 9)})
    got = {B.name(p.square): p.icon for p in s.pieces if p.alive}
    assert got == expect
    for p in s.pieces:
        assert p.side == ICONS[p.icon].side and p.hp == ICONS[p.icon].base_hp
    assert len(s.alive(LIGHT)) == len(s.alive(DARK)) == 18


def _cycle_sequence(first, rounds, shift_at=None):
    s = R.new_game(first)
    seen = []
    while s.round <= rounds:
        if s.to_move == s.first:
            seen.append(B.SHADES[s.cycle.shade])
        if shift_at is not None and s.round == shift_at and s.to_move == s.first:
            s.cycle.shift()
        R.end_turn(s)
    return "".join(seen)


def test_cycle_light_first_20_rounds():
    assert _cycle_sequence(LIGHT, 20) == "DEFEDCBABCDEFEDCBABC"


def test_cycle_dark_first_20_rounds():
    assert _cycle_sequence(DARK, 20) == "CBABCDEFEDCBABCDEFED"


def test_shift_time_mid_cycle_reverses():
    # Light first: D E F E D ... ; shift during round 2 (at E heading darker) -> D next.
    assert _cycle_sequence(LIGHT, 6, shift_at=2) == "DEDCBA"


def test_shift_time_at_an_end_jumps_to_the_other_end():
    # Round 3 shows F; Shift Time there -> round 4 shows A, then B, C...
    assert _cycle_sequence(LIGHT, 7, shift_at=3) == "DEFABCD"
    # Dark first: round 3 shows A; shift -> F next, then E.
    assert _cycle_sequence(DARK, 6, shift_at=3) == "CBAFED"


def test_square_shades_follow_kind():
    assert B.square_shade(B.sq("A5"), 3) == 0          # always light counts as A
    assert B.square_shade(B.sq("I5"), 2) == 5          # always dark counts as F
    assert B.square_shade(B.sq("E5"), 4) == 4
    assert [B.colour_bonus(LIGHT, i) for i in range(6)] == [7, 6, 4, 3, 1, 0]
    assert [B.colour_bonus(DARK, i) for i in range(6)] == [0, 1, 3, 4, 6, 7]


# --- walkers ---------------------------------------------------------------

def test_walker_destinations_blocked_and_enemy_stop():
    s = position({"C3": "knight", "C4": "knight", "D3": "goblin", "B3": "knight"})
    k = piece(s, "C3")
    dest = {B.name(t) for t in R.legal_destinations(s, k)}
    # Up: C2, C1, then sideways; right: D3 enemy stops there; left/down blocked by own.
    assert "D3" in dest and "E3" not in dest           # can't walk through the enemy
    assert "C4" not in dest and "B3" not in dest       # own pieces
    assert "C2" in dest and "B1" in dest and "D1" in dest and "B2" in dest
    assert "E2" in dest                                # C2, D2, E2: around the goblin
    assert "A1" not in dest                            # 4 steps away
    assert len(dest) == 9


def test_walk_step_refund_block_and_enemy():
    s = position({"C3": "knight", "C4": "knight", "E3": "goblin"})
    k = piece(s, "C3")
    path = [k.square]
    path, why = R.walk_step(s, k, path, 0, 1)
    assert why == "BLOCKED BY YOUR OWN ICON" and len(path) == 1
    path, why = R.walk_step(s, k, path, 1, 0)
    path, why = R.walk_step(s, k, path, 0, -1)
    assert [B.name(t) for t in path] == ["C3", "D3", "D2"]
    path, why = R.walk_step(s, k, path, 0, 1)           # step back refunds
    assert why is None and [B.name(t) for t in path] == ["C3", "D3"]
    path, why = R.walk_step(s, k, path, 1, 0)           # onto the goblin
    assert why is None and B.name(path[-1]) == "E3"
    path2, why = R.walk_step(s, k, path, 1, 0)
    assert why == "THE ICON MUST FIGHT HERE" and path2 == path
    path = [k.square]
    for _ in range(3):
        path, why = R.walk_step(s, k, path, 0, -1) if len(path) < 3 else R.walk_step(s, k, path, -1, 0)
    assert len(path) == 4
    _, why = R.walk_step(s, k, path, -1, 0)
    assert why == "NO MOVES LEFT"
    _, why = R.walk_step(s, k, [k.square], 1, 1)
    assert why == "WALKERS MOVE STRAIGHT"


def test_boxed_in_walker_is_refused():
    s = R.new_game(LIGHT)
    assert R.can_choose(s, piece(s, "A2")) == "THAT ICON CANNOT MOVE"   # golem boxed in
    assert R.can_choose(s, piece(s, "B2")) is None
    assert R.can_choose(s, piece(s, "H2")) == "NOT YOUR ICON"
    with pytest.raises(ValueError):
        R.apply(s, R.Move(piece(s, "A2").id, B.sq("A2")))


def test_unicorn_walks_four():
    s = position({"E5": "unicorn"})
    dest = {B.name(t) for t in R.legal_destinations(s, piece(s, "E5"))}
    assert "E1" in dest and "A5" in dest and "F2" in dest and "F1" not in dest
    assert len(dest) == 40                              # diamond of radius 4 minus the centre


def test_flyer_box():
    s = position({"E5": "dragon", "F6": "goblin", "C3": "knight"}, to_move=DARK)
    dest = {B.name(t) for t in R.legal_destinations(s, piece(s, "E5"))}
    assert len(dest) == 81 - 1 - 1                       # 9x9 box, minus itself and own goblin
    s = position({"A1": "valkyrie", "B2": "knight", "D4": "goblin"})
    dest = {B.name(t) for t in R.legal_destinations(s, piece(s, "A1"))}
    assert dest == {B.name(B.at(c, r)) for c in range(4) for r in range(4)} - {"A1", "B2"}
    assert "D4" in dest and "E1" not in dest
    s = position({"A5": "wizard"})
    assert len(R.legal_destinations(s, piece(s, "A5"))) == 4 * 7 - 1


# --- duels, strength and injuries ---------------------------------------------

def test_strength_example_dragon_knight_on_e():
    s = position({"D5": "knight", "E5": "dragon"}, shade=4)
    R.apply(s, R.Move(piece(s, "D5").id, B.sq("E5")))
    d = s.pending
    assert (d.light_icon, d.dark_icon, d.shade) == ("knight", "dragon", 4)
    assert (d.light_strength, d.dark_strength) == (6, 23)
    assert (d.light_hp, d.dark_hp) == (5, 17)
    # Two knight hits (10) leave 13 strength: 4 HP of lasting injury.
    left = R.hp_after_duel(17, 23 - 10)
    assert left == 13
    R.resolve_duel(s, DARK, 0, left)
    assert piece(s, "E5").hp == 13 and piece(s, "E5").icon == "dragon"
    assert not s.pieces[d.attacker_piece].alive and s.board[B.sq("D5")] is None
    assert s.duels == 1 and s.to_move == DARK


def test_bonus_absorbs_damage_first():
    assert R.hp_after_duel(17, 20) == 17
    assert R.hp_after_duel(9, 3) == 3


def test_attacker_wins_takes_the_square_and_both_dead_empties_it():
    s = position({"D5": "knight", "E5": "goblin", "A1": "archer", "I9": "troll"}, shade=2)
    k = piece(s, "D5")
    R.apply(s, R.Move(k.id, B.sq("E5")))
    R.resolve_duel(s, LIGHT, 3, 0)
    assert piece(s, "E5") is k and k.hp == 3 and s.board[B.sq("D5")] is None
    s = position({"D5": "knight", "E5": "goblin", "A1": "archer", "I9": "troll"}, shade=2)
    R.apply(s, R.Move(piece(s, "D5").id, B.sq("E5")))
    R.resolve_duel(s, "both", 0, 0)
    assert s.board[B.sq("E5")] is None and s.board[B.sq("D5")] is None


def test_home_point_spell_penalty():
    s = position({"A5": "wizard", "B5": "goblin"}, to_move=DARK)
    s.spells_used[LIGHT] = ["heal", "shift_time", "teleport"]
    R.apply(s, R.Move(piece(s, "B5").id, B.sq("A5")))
    assert s.pending.light_strength == 10 + 7 - 3
    assert s.pending.dark_strength == 5 + 0


def test_shapeshifter_copies_base_hp_and_heals_fully():
    s = position({"C5": "shapeshifter", "D5": "golem"}, to_move=DARK, shade=4)
    R.apply(s, R.Move(piece(s, "C5").id, B.sq("D5")))
    assert s.pending.dark_hp == 15 and s.pending.dark_strength == 15 + 6
    R.resolve_duel(s, DARK, 0, 3)
    assert piece(s, "D5").icon == "shapeshifter" and piece(s, "D5").hp == 10


def test_power_point_heals_after_round_and_cycle_end_heals_side():
    s = position({"E5": "golem", "C3": "troll", "A1": "knight"}, hp={"E5": 10, "C3": 5, "A1": 2},
                 shade=4, step=1)
    R.end_turn(s)                                      # light's turn: round not over
    assert piece(s, "E5").hp == 10
    R.end_turn(s)                                      # dark's turn closes the round, cycle -> F
    assert s.cycle.shade == 5
    assert piece(s, "E5").hp == 11                     # power point
    assert piece(s, "C3").hp == 6                      # dark heals at F
    assert piece(s, "A1").hp == 2


def test_state_is_deterministic_and_hashable():
    a, b = R.new_game(DARK), R.new_game(DARK)
    assert state_hash(a) == state_hash(b)
    R.apply(a, R.Move(piece(a, "I1").id, B.sq("G3")))
    assert state_hash(a) != state_hash(b)
    c = a.copy()
    assert state_hash(c) == state_hash(a)
