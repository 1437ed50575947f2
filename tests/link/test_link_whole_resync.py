"""A whole linked match that desyncs is mended from the host's log of it
and plays on: both screens say so, both cabinets log both hashes (and dump
what they had), both rebuild from the host's record of the inputs, and the
match ends on the same state on both, with replays that verify.

The divergences are real ones, made on one cabinet only: an input of the
other side taken wrongly (as a bug in the link would), or the match's
state changed under it (as an engine bug would)."""

import json

import pytest

from handheld.games.registry import load_game
from handheld.link.harness import play_linked_match, take_input_wrongly
from handheld.link.pad_players import archon_player, masher
from handheld.link.relay import Condition
from handheld.runtime.replay import Replay
from handheld.games.playback import run_replay

SHOWN = "DESYNC: RESYNCING FROM HOST"
TWO = {"archon": {"mode": "two_players"}, "sphinx": {"mode": "two"}, "spectral": {"mode": "two"},
       "atom4": {"players": 2, "rounds": 1}}


def engine_bug(at: int, on_host: bool, change):
    def on_tick(now, _relay, host, guest):
        if now == at:
            change((host if on_host else guest).match)
    return on_tick


def watching(on_tick, seen):
    """on_tick, and what both screens' link line said each frame."""
    def both(now, relay, host, guest):
        on_tick(now, relay, host, guest)
        seen.append((host.status(), guest.status()))
    return both


def _check_resynced(r, dirs, seen):
    h, g = r.host, r.guest
    assert r.finished, (h.ended, g.ended, h.peer.status(), g.peer.status())
    assert h.peer.desyncs and g.peer.desyncs                           # both saw it ...
    assert any(a == SHOWN for a, _ in seen) and any(b == SHOWN for _, b in seen)    # ... and said so
    assert h.peer.log_resync.done and g.peer.log_resync.done            # ... and mended it
    assert h.replay.state_hash == g.replay.state_hash == h.match.state_hash() == g.match.state_hash()
    assert h.replay.frames == g.replay.frames
    for runner, folder in zip((h, g), dirs):
        replay = Replay.load(runner.saved_path)
        scene = run_replay(replay)
        assert scene.finished and scene.state_hash() == replay.state_hash == h.replay.state_hash
        dump = json.loads(next(folder.joinpath("link").glob("desync-*.json")).read_text())
        assert dump["our_hash"] != dump["their_hash"] and dump["replay"]["frames"]
    assert [len(x) for x in r.reports] == [1, 1]                      # counted once, like any match


def _dirs(tmp_path):
    return tmp_path / "host", tmp_path / "guest"


@pytest.mark.parametrize("on_host", [False, True], ids=["guest", "host"])
def test_a_sphinx_match_with_an_input_taken_wrongly_resyncs_from_the_host_and_ends_the_same(tmp_path, caplog,
                                                                                          on_host):
    seen: list = []
    r = play_linked_match(load_game("sphinx"), TWO["sphinx"], 3, masher(1), masher(2), Condition(30, 6, 20),
                          data_dirs=_dirs(tmp_path), on_tick=watching(take_input_wrongly(200, on_host), seen))
    _check_resynced(r, _dirs(tmp_path), seen)
    text = caplog.text
    t = r.host.peer.desyncs[0]
    assert text.count(f"DESYNC at tick {t}") == 2 and f"RESYNC at tick {t} done" in text
    if not on_host:                       # the guest names the tick its record of the inputs was wrong at
        assert "inputs that differed from ours at ticks [200]" in text


@pytest.mark.parametrize("on_host", [False, pytest.param(True, marks=pytest.mark.slow)], ids=["guest", "host"])
def test_an_archon_match_with_an_engine_bug_on_one_cabinet_resyncs_and_ends_the_same(tmp_path, on_host):
    """On the host too: both rebuild from its record of the inputs, not from its (wrong) state."""
    def wound(match):
        match.state.pieces[0].hp -= 1                          # a state the other cabinet never had
    seen: list = []
    r = play_linked_match(load_game("archon"), TWO["archon"], 10, archon_player(21), archon_player(20),
                          Condition(30, 6, 20), data_dirs=_dirs(tmp_path),
                          on_tick=watching(engine_bug(200, on_host, wound), seen))
    _check_resynced(r, _dirs(tmp_path), seen)


@pytest.mark.slow
@pytest.mark.parametrize("game_id, at_tick", [("archon", 3000), ("spectral", 100), ("atom4", 1500)])
@pytest.mark.parametrize("on_host", [False, True], ids=["guest", "host"])
def test_more_games_resync_from_an_input_taken_wrongly_on_either_side(tmp_path, game_id, at_tick, on_host):
    # one input taken wrongly, deep in the match: caught even where the game never looked
    # (the inputs agreed are hashed with the state), so both replays hold the same frames
    players = (archon_player(21), archon_player(20)) if game_id == "archon" else (masher(5), masher(6))
    seen: list = []
    r = play_linked_match(load_game(game_id), TWO[game_id], 10, *players, Condition(100, 20, 100),
                          max_wall_ticks=400_000, data_dirs=_dirs(tmp_path),
                          on_tick=watching(take_input_wrongly(at_tick, on_host), seen))
    _check_resynced(r, _dirs(tmp_path), seen)


@pytest.mark.slow
def test_a_desync_in_the_middle_of_a_duel_with_rollback_is_mended(tmp_path):
    """The guest takes a Light input wrongly 10 ticks ahead of a duel's present, at 100 ms:
    the rebuild runs again the ticks it had played on a guess past the desync."""
    armed: list = []

    def in_a_duel(now, relay, host, guest):
        if not armed and now > 2000 and guest.match.duel is not None:
            armed.append(take_input_wrongly(guest.linked.tick + 10))
            armed[0](1, relay, host, guest)
    seen: list = []
    r = play_linked_match(load_game("archon"), TWO["archon"], 10, archon_player(21), archon_player(20),
                          Condition(100, 20, 20), data_dirs=_dirs(tmp_path), on_tick=watching(in_a_duel, seen))
    _check_resynced(r, _dirs(tmp_path), seen)
    assert r.guest.peer.session.rollbacks > 0
