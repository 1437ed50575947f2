"""The rollback session on its own: inputs handed over by hand, no network."""

import pytest

from handheld.games.archon.duel.arena import Duel
from handheld.games.archon.duel.model import DuelSetup
from handheld.base.actions import IDLE, PlayerInput
from handheld.link.duel_game import LinkedDuel
from handheld.link.harness import offline_duel_inputs
from handheld.link.rollback import MAX_ROLLBACK, RollbackSession
from handheld.runtime.rng import Rng

SETUP = DuelSetup.full("wizard", "sorceress", 2)
SEED = 1


@pytest.fixture(scope="module")
def offline():
    return offline_duel_inputs(SETUP, SEED)


def _play(light, dark, lag: int, delay: int = 0):
    """Two sessions; each side's inputs reach the other `lag` ticks after they
    were decided. Returns both sessions once both have finished."""
    a = RollbackSession(LinkedDuel(SETUP, SEED), 0, delay)
    b = RollbackSession(LinkedDuel(SETUP, SEED), 1, delay)
    pins = (lambda t: PlayerInput(light[t - 1]) if t <= len(light) else IDLE,
            lambda t: PlayerInput(dark[t - 1]) if t <= len(dark) else IDLE)
    in_flight = []                                         # (deliver at, to session, first tick, inputs)
    for now in range(1, 5000):
        for s, pin in ((a, pins[0]), (b, pins[1])):
            before = s.last_local_tick
            s.advance(pin)
            new = s.local_inputs(before + 1, s.last_local_tick)
            if new:
                in_flight.append((now + lag, b if s is a else a, before + 1, new))
        for item in [i for i in in_flight if i[0] <= now]:
            in_flight.remove(item)
            item[1].add_remote(item[2], item[3])
        a.pop_confirmed()
        b.pop_confirmed()
        if all(s.game.over and s.confirmed == s.game.tick for s in (a, b)):
            return a, b, now
    raise AssertionError("the duel never ended")


@pytest.mark.parametrize("lag", [1, 4, 8])
def test_predictions_corrected_by_rollback_end_on_the_offline_state(offline, lag):
    light, dark, final, ticks = offline
    a, b, _ = _play(light, dark, lag)
    assert a.game.state_hash() == b.game.state_hash() == final
    assert a.game.tick == ticks
    assert a.rollbacks > 0 and b.rollbacks > 0              # predictions really were wrong, and fixed
    assert 1 <= a.deepest <= MAX_ROLLBACK and b.deepest <= MAX_ROLLBACK


def test_beyond_eight_ticks_the_game_waits_instead_of_predicting_further(offline):
    light, dark, final, ticks = offline
    a, b, wall = _play(light, dark, lag=12)
    assert a.game.state_hash() == final
    assert a.stalls > 0 and b.stalls > 0 and a.deepest <= MAX_ROLLBACK
    assert wall > ticks + 12                                # the waits cost wall time


def test_the_window_is_max_rollback_ticks_past_the_last_remote_input():
    s = RollbackSession(LinkedDuel(SETUP, SEED), 0)
    for _ in range(MAX_ROLLBACK):
        assert s.advance(IDLE)
    assert not s.advance(IDLE) and s.game.tick == MAX_ROLLBACK
    s.add_remote(1, [IDLE])
    assert s.advance(IDLE) and not s.advance(IDLE)


@pytest.mark.parametrize("delay", [0, 1, 2, 3])
def test_input_delay_applies_the_local_sample_that_many_ticks_later(delay):
    s = RollbackSession(LinkedDuel(SETUP, SEED), 0, delay)
    s.advance(PlayerInput(8))
    s.advance(PlayerInput(4))
    assert s.local_inputs(1, delay + 2) == [IDLE] * delay + [PlayerInput(8), PlayerInput(4)]
    assert s.last_local_tick == delay + 2 and s.game.tick == 2


def test_a_scripted_player_plays_its_script_by_tick_whatever_the_delay():
    s = RollbackSession(LinkedDuel(SETUP, SEED), 0, 2)
    s.advance(lambda t: PlayerInput(t))
    assert [p.held for p in s.local_inputs(1, 3)] == [1, 2, 3]


def test_input_delay_changes_mid_match_repeat_or_drop_a_sample_never_leave_a_gap():
    s = RollbackSession(LinkedDuel(SETUP, SEED), 0, 1)
    s.advance(PlayerInput(1))                               # tick 1 idle, tick 2 <- 1
    s.set_input_delay(3)
    s.advance(PlayerInput(2))                               # ticks 3, 4, 5 <- 2
    s.set_input_delay(0)
    s.add_remote(1, [IDLE] * 5)
    s.advance(PlayerInput(4))                               # tick 3 is decided already: dropped
    s.advance(PlayerInput(8))
    assert [p.held for p in s.local_inputs(1, s.last_local_tick)] == [0, 1, 2, 2, 2]
    s.set_input_delay(9)
    assert s.input_delay == 3


def test_resimulating_a_wrong_prediction_gives_what_the_right_input_would_have():
    right = RollbackSession(LinkedDuel(SETUP, SEED), 0)
    wrong = RollbackSession(LinkedDuel(SETUP, SEED), 0)
    remote = [PlayerInput(8 if t < 3 else 16 | 2) for t in range(8)]     # ticks 1-3: 8, then 18
    right.add_remote(1, remote)
    wrong.add_remote(1, remote[:2])
    for _ in range(8):
        right.advance(PlayerInput(4))
        wrong.advance(PlayerInput(4))
    assert wrong.game.state_hash() != right.game.state_hash()   # it predicted "still 8"
    wrong.add_remote(3, remote[2:])
    wrong.sync()
    # tick 3 was predicted right, so one rollback re-simulates ticks 4..8
    assert wrong.game.snapshot() == right.game.snapshot() and wrong.rollbacks == 1 and wrong.deepest == 5


def test_in_place_restore_equals_a_fresh_duel_from_the_snapshot(offline):
    light, dark, _final, _ticks = offline
    d = Duel(SETUP, Rng(SEED))
    snaps = []
    for lh, dh in zip(light, dark):
        d.step(lh, dh)
        snaps.append(d.snapshot())
    probe = Duel(SETUP, Rng(SEED))
    for i in (300, 7, 250, 0, len(snaps) - 1):              # backwards and forwards, phases changing
        probe.restore(snaps[i])
        fresh = Duel.from_snapshot(SETUP, snaps[i])
        assert probe.snapshot() == snaps[i] and probe.state_hash() == fresh.state_hash()
        if i + 1 < len(light):
            probe.step(light[i + 1], dark[i + 1])
            fresh.step(light[i + 1], dark[i + 1])
            assert probe.snapshot() == fresh.snapshot()
