"""The original's Shapeshifter bug (seed: the computer attacks a Shapeshifter,
even on dark squares, as if it did not heal after being damaged), Classic only."""

from handheld.games.archon import ai as AI
from handheld.games.archon import board as B
from handheld.games.archon import rules as R
from handheld.games.archon.icons import DARK, LIGHT
from handheld.games.archon.positions import piece, position
from handheld.runtime.rng import Rng

SQ = B.sq
ALL = ["teleport", "heal", "shift_time", "exchange", "summon", "revive", "imprison"]


def test_a_winning_shapeshifter_heals_fully_but_keeps_its_scars():
    s = position({"C5": "shapeshifter", "D5": "golem", "E9": "goblin", "A1": "knight"}, to_move=DARK, shade=2)
    R.apply(s, R.Move(piece(s, "C5").id, SQ("D5")))
    R.resolve_duel(s, DARK, 0, 3)
    ss = piece(s, "D5")
    assert ss.hp == 10 and ss.scars == 7               # it would have kept 3 of its 10 HP
    s.to_move = DARK
    R.apply(s, R.Move(ss.id, SQ("A1")))
    R.resolve_duel(s, DARK, 0, 6)                      # 6 left, but "it still had 3"
    assert ss.hp == 10 and ss.scars == 7
    R.heal_one(ss)                                     # power points and the cycle's end fade them
    assert ss.hp == 10 and ss.scars == 6


def _knight_vs_shapeshifter(scars):
    """Five icons a side (no endgame aggression); Light's other four imprisoned."""
    s = position({"D3": "knight", "A1": "knight", "A3": "knight", "A7": "knight", "A9": "knight",
                  "E3": "shapeshifter", "I1": "goblin", "I3": "goblin", "I7": "goblin", "I9": "goblin"}, shade=3)
    s.spells_used[LIGHT] = list(ALL)
    for name in ("A1", "A3", "A7", "A9"):
        piece(s, name).imprisoned = True
    piece(s, "E3").scars = scars
    return s


def test_classic_attacks_a_scarred_shapeshifter_it_would_leave_alone():
    attack = lambda s: R.Move(piece(s, "D3").id, SQ("E3"))
    healthy, scarred = _knight_vs_shapeshifter(0), _knight_vs_shapeshifter(9)
    assert AI.choose(AI.Classic(), healthy, Rng(0)) != attack(healthy)
    assert AI.choose(AI.Classic(), scarred, Rng(0)) == attack(scarred)
    # Both are full-strength Shapeshifters: the duel would be the same.
    R.apply(scarred, attack(scarred))
    assert scarred.pending.dark_hp == 5 and scarred.pending.dark_strength == 5 + 4


def test_strong_sees_the_shapeshifter_as_it_is():
    scores = []
    for scars in (0, 8):
        s = _knight_vs_shapeshifter(scars)
        st = AI.Strong(lambda a, d, shade: 400)
        st.prepare(s, LIGHT)
        scores.append(st.fight_term(s, piece(s, "D3"), piece(s, "E3"), SQ("E3")))
    assert scores[0] == scores[1]
    c = AI.Classic()
    s = _knight_vs_shapeshifter(9)
    c.prepare(s, LIGHT)
    assert c.fight_term(s, piece(s, "D3"), piece(s, "E3"), SQ("E3")) == 9 - 3 - 0 + (3 - 4)
