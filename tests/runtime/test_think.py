"""runtime/think.py: how every match scene steps its computer (docs/adding-a-game.md)."""

from handheld.runtime.think import Thinker, answered, count, run_to_end


def count_to(n, nodes_a_slice=0):
    for i in range(n):
        count(nodes_a_slice)
        yield i
    return f"chose {n}"


def test_a_thinker_steps_a_computer_a_slice_a_tick_and_keeps_its_answer():
    assert run_to_end(count_to(5)) == "chose 5"
    t = Thinker(count_to(3))
    assert [t.step() for _ in range(3)] == [False, False, False] and t.answer is None
    assert t.step() and t.done and t.answer == "chose 3" and t.ticks == 4
    assert t.step() and t.ticks == 5 and t.answer == "chose 3"      # the answer stays
    fast = Thinker(count_to(10), slices=8)
    assert not fast.step() and fast.step() and fast.ticks == 2      # several slices a tick


def test_its_own_slices_a_tick():
    t = Thinker(count_to(10), slices=4)
    assert [t.step() for _ in range(3)] == [False, False, True] and t.answer == "chose 10"


def test_an_answer_is_played_no_sooner_than_the_pace():
    t = Thinker(count_to(2), pace=5)
    assert [t.tick() for _ in range(6)] == [False, False, False, False, True, True]     # answered at the 3rd
    assert t.ticks == 6 and t.answer == "chose 2"


def test_the_pace_may_depend_on_the_answer_and_a_hurry_plays_it_at_once():
    slow = Thinker(answered("spell"), pace=lambda act: 45 if act == "spell" else 30)
    assert not any(slow.tick() for _ in range(44)) and slow.tick()
    hurried = Thinker(count_to(20), slices=8, pace=30)
    assert not hurried.tick(hurry=True)             # a hurry skips the pace, never a half-made answer
    assert not hurried.tick(hurry=True) and hurried.tick(hurry=True) and hurried.ticks == 3


def test_it_counts_the_nodes_each_tick_searched():
    t = Thinker(count_to(4, nodes_a_slice=7), slices=3)
    t.step()
    assert (t.last_nodes, t.nodes) == (21, 21)
    t.step()
    assert (t.last_nodes, t.nodes) == (7, 28) and t.done
