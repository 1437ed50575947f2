"""Two cabinets' link ends in one process, real UDP on 127.0.0.1 through the
seeded lossy relay, on a fake tick clock: whole duels, every condition."""

import pytest

from handheld.games.archon.duel.model import DuelSetup
from handheld.link.duel_game import verify_duel_replay
from handheld.link.harness import computer, offline_duel_inputs, play_linked_duel, scripted
from handheld.link.peer import GIVE_UP_TICKS, HASH_EVERY
from handheld.link.relay import Condition
from handheld.link.rollback import MAX_ROLLBACK

SETUP = DuelSetup.full("archer", "manticore", 2)     # two shooters: an 849-tick duel for seed 1
SEED = 1


@pytest.fixture(scope="module")
def offline():
    return offline_duel_inputs(SETUP, SEED)


def _check_agreed(r, final_hash=None):
    h, g = r.host, r.guest
    assert r.finished
    assert h.desyncs == [] and g.desyncs == []
    assert h.replay.state_hash == g.replay.state_hash
    if final_hash is not None:
        assert h.replay.state_hash == final_hash
    assert verify_duel_replay(h.replay) and verify_duel_replay(g.replay)
    assert h.replay.frames == g.replay.frames                # both recorded both sides' inputs
    assert h.agreed >= 3 and g.agreed >= 3                    # the check ran, it did not just stay quiet
    assert h.session.deepest <= MAX_ROLLBACK and g.session.deepest <= MAX_ROLLBACK


@pytest.mark.parametrize("loss", [0, 20, 100])
@pytest.mark.parametrize("delay_ms", [0, 30, 100])
def test_a_scripted_duel_ends_as_offline_at_every_delay_and_loss(offline, delay_ms, loss):
    light, dark, final, ticks = offline
    condition = Condition(delay_ms, delay_ms // 5, loss)
    r = play_linked_duel(SETUP, SEED, scripted(light), scripted(dark), condition, relay_seed=delay_ms + loss,
                         input_delay=None)
    _check_agreed(r, final)
    assert r.host.game.tick == ticks
    if loss:
        assert r.relay_dropped > 0
    if delay_ms:
        assert r.host.session.rollbacks > 0 and r.guest.session.rollbacks > 0


@pytest.mark.parametrize("delay", [0, 3])
def test_a_fixed_input_delay_plays_the_same_duel(offline, delay):
    light, dark, final, _ = offline
    r = play_linked_duel(SETUP, SEED, scripted(light), scripted(dark), Condition(30, 6, 20), input_delay=delay)
    _check_agreed(r, final)
    assert r.host.session.input_delay == delay


def test_computer_players_reading_predicted_state_still_agree_and_replays_verify():
    r = play_linked_duel(SETUP, 4, computer(2, seed=4), computer(1, seed=5), Condition(100, 20, 100),
                         relay_seed=9, input_delay=None)
    _check_agreed(r)


def test_at_100ms_and_2_percent_loss_a_duel_takes_within_5_percent_of_offline(offline):
    light, dark, _final, ticks = offline
    r = play_linked_duel(SETUP, SEED, scripted(light), scripted(dark), Condition(100, 10, 20), input_delay=None)
    took = max(r.host.play_ticks, r.guest.play_ticks)
    assert r.finished and ticks < took <= ticks * 105 // 100
    assert r.host.session.input_delay == 3                    # chosen from the measured round trip
    # 2 x (100 ms + up to 10 ms), each way a tick more for the relay's pump: 14-16 ticks
    assert 14 <= r.host.rtt_ticks <= 16


def test_a_link_lost_for_two_seconds_says_so_on_both_screens_then_resumes(offline):
    light, dark, final, _ = offline
    seen = set()

    def cut(now, relay, host, guest):
        relay.cut = 200 <= now < 320
        seen.add((host.status(), guest.status()))

    r = play_linked_duel(SETUP, SEED, scripted(light), scripted(dark), Condition(30, 0, 0), on_tick=cut)
    assert ("LINK LOST: WAITING", "LINK LOST: WAITING") in seen
    _check_agreed(r, final)


def test_a_link_lost_for_30_seconds_ends_the_match_with_no_record(offline):
    light, dark, _final, _ = offline

    def cut(now, relay, host, guest):
        relay.cut = now >= 200

    r = play_linked_duel(SETUP, SEED, scripted(light), scripted(dark), on_tick=cut, max_wall_ticks=GIVE_UP_TICKS + 400)
    assert r.host.gave_up and r.guest.gave_up and not r.finished
    assert r.host.replay.state_hash == "" and r.host.status() == "LINK LOST: MATCH OVER"


def test_packets_from_anyone_but_the_relay_change_nothing(offline):
    """A stranger on 127.0.0.1 sending the host a real packet of this session."""
    import socket

    light, dark, final, _ = offline
    seen = {}

    def stranger(now, relay, host, guest):
        if now == 100:
            seen["before"] = host.rejected
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
                from handheld.link.packet import Packet, encode
                s.sendto(encode(Packet(host.token, 10 ** 6, 0, 0, 1, ())), host.transport.address)

    r = play_linked_duel(SETUP, SEED, scripted(light), scripted(dark), on_tick=stranger)
    assert r.host.rejected == seen["before"] + 1 and r.host.peer_seq < 10 ** 6
    _check_agreed(r, final)


def test_hashes_are_exchanged_every_second(offline):
    light, dark, _final, ticks = offline
    r = play_linked_duel(SETUP, SEED, scripted(light), scripted(dark), Condition(30, 0, 0))
    expected = ticks // HASH_EVERY + (ticks % HASH_EVERY != 0)        # and the final state's
    assert r.host.agreed == r.guest.agreed == expected
    assert r.guest.peer_hashes[ticks] == r.guest.my_hashes[ticks]


def test_play_starts_only_once_the_other_cabinet_is_heard(offline):
    light, dark, final, ticks = offline
    seen = {}

    def late_guest(now, relay, host, guest):
        relay.cut = now <= 100                                 # the guest's cabinet is not there yet
        if now == 100:
            seen["waiting"] = (host.status(), host.game.tick, guest.game.tick)

    r = play_linked_duel(SETUP, SEED, scripted(light), scripted(dark), Condition(30, 0, 0), on_tick=late_guest)
    assert seen["waiting"] == ("WAITING FOR THE OTHER CABINET", 0, 0)
    assert r.host.started_at > 100 and ticks <= r.host.play_ticks <= ticks + 10
    _check_agreed(r, final)
