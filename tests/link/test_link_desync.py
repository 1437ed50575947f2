"""A cabinet whose engine goes wrong: the hashes catch it, both say so, the
guest takes the host's state and the match ends as it would have offline."""

import logging

import pytest

from handheld.games.archon.duel.model import DuelSetup
from handheld.base.actions import IDLE
from handheld.link.duel_game import LinkedDuel, verify_duel_replay
from handheld.link.harness import offline_duel_inputs, play_linked_duel, scripted
from handheld.link.packet import encode_state
from handheld.link.peer import HASH_EVERY
from handheld.link.relay import Condition

SETUP = DuelSetup.full("archer", "manticore", 2)
SEED = 1
BUG_TICK = 310


class BuggyDuel(LinkedDuel):
    """The guest's engine: one tick always comes out wrong, as a float or an
    uninitialised field would, every time it is simulated."""

    def step(self, light, dark):
        super().step(light, dark)
        if self.duel.tick == BUG_TICK:
            self.duel.light.strength -= 1


@pytest.fixture(scope="module")
def offline():
    return offline_duel_inputs(SETUP, SEED)


@pytest.mark.parametrize("condition", [Condition(0, 0, 0), Condition(100, 20, 100)])
def test_a_divergence_is_seen_on_both_sides_and_the_guest_takes_the_hosts_state(offline, condition, caplog):
    light, dark, final, _ = offline
    statuses = set()
    caplog.set_level(logging.INFO, logger="handheld.link")
    r = play_linked_duel(SETUP, SEED, scripted(light), scripted(dark), condition, input_delay=None,
                         guest_game=BuggyDuel(SETUP, SEED),
                         on_tick=lambda now, relay, h, g: statuses.update((h.status(), g.status())))
    first_check = -(-BUG_TICK // HASH_EVERY) * HASH_EVERY      # the first hash after the bug: 360
    assert r.host.desyncs == [first_check] and r.guest.desyncs == [first_check]
    assert r.guest.resynced == {first_check}
    assert "DESYNC: RESYNCHRONISING" in statuses
    # never played on silently: both logged the divergence, the guest both states
    text = caplog.text
    assert text.count(f"DESYNC at tick {first_check}") == 2 and f"RESYNC at tick {first_check}" in text
    # and after the resync the match is the host's, which is the offline one
    assert r.finished and r.host.replay.state_hash == r.guest.replay.state_hash == final
    assert verify_duel_replay(r.guest.replay)
    assert r.host.agreed > 0 and r.guest.agreed > 0          # later hashes matched again


def test_without_the_bug_the_same_match_has_no_desync(offline):
    light, dark, final, _ = offline
    r = play_linked_duel(SETUP, SEED, scripted(light), scripted(dark), Condition(100, 20, 100), input_delay=None)
    assert r.host.desyncs == r.guest.desyncs == [] and r.guest.replay.state_hash == final


def test_a_resync_state_that_is_not_a_duel_is_refused():
    game = LinkedDuel(SETUP, SEED)
    good = game.snapshot()
    assert game.decode(encode_state(good)) is not None
    for bad in (b"[1,2,3]", encode_state(good[:5]), encode_state((good[0], good[1], good[2], good[4], "x", good[5])),
                encode_state(good[:3] + (("light", "no-such-icon") + good[3][2:],) + good[4:]),
                encode_state(good[:3] + (good[3][:3] + ("far",) + good[3][4:],) + good[4:]), b"\x00",
                encode_state(good[:5] + (good[5][0][::-1],) + good[5][1:]),   # another duel's barriers
                encode_state(good[:4] + (good[3],) + good[5:])):              # light twice
        assert game.decode(bad) is None


def test_a_resync_whose_state_does_not_match_the_hosts_hash_is_refused(offline):
    from handheld.link.peer import LinkPeer

    class NoTransport:
        def receive(self):
            return []

        def send(self, data, address):
            pass

    guest = LinkPeer(LinkedDuel(SETUP, SEED), False, 1, NoTransport(), None)
    for now in range(1, 9):
        guest.tick(now, IDLE)
    host_snap = LinkedDuel(SETUP, SEED + 1).snapshot()      # some other duel's state
    guest.peer_hashes[1] = "0" * 16
    before = guest.session.snapshot_at(1)
    guest._take_host_state(1, encode_state(host_snap))
    assert guest.rejected == 1 and guest.session.snapshot_at(1) == before and guest.resynced == set()


def test_a_resync_state_with_shots_in_flight_is_taken(offline):
    light, dark, _final, _ = offline
    game, live = LinkedDuel(SETUP, SEED), LinkedDuel(SETUP, SEED)
    from handheld.base.actions import PlayerInput

    with_shot = None
    for lh, dh in zip(light, dark):
        live.step(PlayerInput(lh), PlayerInput(dh))
        if live.duel.light.shot is not None and live.duel.dark.shot is None:
            with_shot = live.snapshot()
            break
    assert with_shot is not None
    assert game.decode(encode_state(with_shot)) == with_shot


class EndsEarly(LinkedDuel):
    """An engine that calls the duel over at tick 610, between two hash checks."""

    def step(self, light, dark):
        super().step(light, dark)
        if self.duel.tick == 610:
            self.duel.over = True


def test_a_guest_whose_match_ends_early_is_caught_and_plays_on_from_the_hosts_state(offline):
    light, dark, final, ticks = offline
    r = play_linked_duel(SETUP, SEED, scripted(light), scripted(dark), Condition(30, 6, 20), input_delay=None,
                         guest_game=EndsEarly(SETUP, SEED))
    assert r.guest.desyncs[:1] == [610] and 610 in r.host.desyncs and 610 in r.guest.resynced
    assert r.finished and r.guest.game.tick == ticks
    assert r.host.replay.state_hash == r.guest.replay.state_hash == final and verify_duel_replay(r.guest.replay)


def test_a_host_whose_match_ends_early_takes_the_guest_with_it(offline):
    light, dark, _final, _ = offline
    r = play_linked_duel(SETUP, SEED, scripted(light), scripted(dark), Condition(30, 6, 20), input_delay=None,
                         host_game=EndsEarly(SETUP, SEED))
    assert 610 in r.host.desyncs and 610 in r.guest.desyncs and 610 in r.guest.resynced
    assert r.finished and r.guest.game.tick == r.host.game.tick == 610
    assert r.host.replay.state_hash == r.guest.replay.state_hash
    assert r.guest.replay.ticks == r.host.replay.ticks == 610 and r.guest.replay.frames == r.host.replay.frames
