"""What a computer player keeps from one of its moves to the next (ai.Memory), and the
evaluation from its own chair (threats.OTHER_SIDE)."""

import gc

from handheld.games.atom4 import ai
from handheld.games.atom4.ai import threats
from handheld.games.atom4.ai.threats import evaluate
from handheld.games.atom4.match import MatchScene
from handheld.games.atom4.rules import Position
from handheld.games.atom4.selfplay import play_round
from handheld.base.actions import Action
from handheld.runtime.rng import Rng
from test_atom4_screens import ctx, press, run


def test_the_next_search_starts_from_what_the_last_one_learned():
    pos, memory = Position(1), ai.Memory()
    rng = Rng(11)
    for _ in range(30):
        pos.play(rng.choice(pos.legal_moves()))
    first = ai.Search(pos, "normal", 3, memory=memory)
    list(first.steps())
    learned = len(memory.table)
    assert learned > 0 and first.table is memory.table
    pos.play(first.best)
    reply = memory.table[ai.board_key(pos.board)][3]     # the reply the search expected
    pos.play(reply)
    assert ai.board_key(pos.board) in memory.table        # the new root was searched already
    second = ai.Search(pos, "normal", 3, memory=memory)
    list(second.steps())
    assert len(memory.table) > learned

    # what it keeps is dropped from the garbage collector's watch at its first pass (a full
    # collection over a long round's memory took 35 ms of one move when the threats were lists)
    gc.collect()
    assert not any(gc.is_tracked(v) for v in memory.threats_at.values())


def test_the_same_seed_plays_the_same_round_with_memories():
    a = play_round({1: "normal", 2: "easy"}, 21)
    b = play_round({1: "normal", 2: "easy"}, 21)
    assert a["moves"] == b["moves"] and a["state_hash"] == b["state_hash"]


def test_a_memory_past_its_bound_starts_again():
    memory = ai.Memory()
    memory.table.update((k, (0, 0, ai.EXACT, -1)) for k in range(ai.Memory.MAX_ENTRIES + 1))
    memory.threats_at[1] = True
    table, threats_at = memory.for_search()
    assert table == {} and threats_at == {} and memory.table is table


def test_each_round_starts_with_fresh_memories_and_a_hint_uses_none():
    scene = MatchScene(ctx(), 5, {"players": 2, "rounds": 3})
    m = scene.match
    scene.update(press(Action.FIRE))                   # P1 places
    scene.update(press(Action.ALT, pad=1))             # P2 asks for a hint
    run(scene, 400)
    assert m.message.startswith("HINT: ")
    assert m.memories[1].table == {} and m.memories[2].table == {}   # the hint searched without them
    before = m.memories
    m._new_round(2)
    assert m.memories is not before and m.memories[1].table == {}


def _positions(seed, count):
    pos, rng = Position(seed % 6 + 1), Rng(seed)
    for _ in range(count):
        if pos.winner is not None:
            return
        yield pos
        pos.play(rng.choice(pos.legal_moves()))


def test_the_chair_counts_less_of_the_other_side_and_keeps_a_negamax_value(monkeypatch):
    raised = 0
    for pos in _positions(4, 120):
        for chair in (1, 2):
            plain = evaluate(pos, chair)
            mine = evaluate(pos, chair, chair=chair)
            assert evaluate(pos, 3 - chair, chair=chair) == -mine
            assert mine >= plain            # every score is >= 0: the other side's counts less
            raised += mine > plain
    assert raised > 100
    monkeypatch.setattr(threats, "OTHER_SIDE", (1, 1))
    for pos in _positions(5, 60):
        assert evaluate(pos, 1, chair=2) == evaluate(pos, 1) and evaluate(pos, 2, chair=2) == evaluate(pos, 2)
