"""Whole matches between two cabinets in one process: each a headless
cabinet with its LinkedMatchRunner, real UDP on 127.0.0.1 through the
seeded lossy relay, players working the pad. Both cabinets must end on the
same state, save the same replay, and that replay must verify."""

import pytest

from handheld.base.actions import IDLE, Action, InputFrame, PlayerInput
from handheld.games.registry import load_game
from handheld.link.harness import play_linked_match
from handheld.link.pad_players import archon_player, masher
from handheld.link.peer import GIVE_UP_TICKS, LOST_TICKS
from handheld.link.relay import Condition
from handheld.link.rollback import MAX_ROLLBACK
from handheld.runtime.replay import Replay
from handheld.games.playback import run_replay

TWO_HUMANS = {"archon": {"mode": "two_players"}, "spectral": {"mode": "two"}, "sphinx": {"mode": "two"},
              "chamber": {"seats": [["human", 0], ["human", 0]]}, "atom4": {"players": 2, "rounds": 1}}


def _dirs(tmp_path):
    return tmp_path / "host", tmp_path / "guest"


def _check_agreed(r, dirs):
    h, g = r.host, r.guest
    assert r.finished, (h.ended, g.ended, h.peer.status(), g.peer.status())
    assert h.peer.desyncs == [] and g.peer.desyncs == []
    assert h.replay.state_hash == g.replay.state_hash == h.match.state_hash()
    assert h.replay.frames == g.replay.frames                 # both sides' inputs, on both cabinets
    assert h.peer.agreed >= 2 and g.peer.agreed >= 2          # hashes were compared during the match
    for runner, folder in zip((h, g), dirs):
        saved = sorted(folder.joinpath("replays").glob("*.json"))
        assert saved == [runner.saved_path]                   # one replay a cabinet
        replay = Replay.load(saved[0])                        # what `handheld replay --verify` does
        scene = run_replay(replay)
        assert scene.finished and scene.state_hash() == replay.state_hash == h.replay.state_hash
    assert [len(x) for x in r.reports] == [1, 1]              # the end counted once on each cabinet
    assert r.reports[0][0]["state_hash"] == r.reports[1][0]["state_hash"]


@pytest.mark.parametrize("condition", [Condition(), Condition(30, 6, 20), Condition(100, 20, 100)],
                         ids=lambda c: c.label())
def test_a_whole_sphinx_match_in_lockstep_ends_the_same_on_both_cabinets(tmp_path, condition):
    r = play_linked_match(load_game("sphinx"), TWO_HUMANS["sphinx"], 3, masher(1), masher(2), condition,
                          data_dirs=_dirs(tmp_path))
    _check_agreed(r, _dirs(tmp_path))
    assert r.host.match.result["winner"] in ("sphinx", "pyramid", "tie")
    assert r.host.peer.session.rollbacks == 0 and r.guest.peer.session.rollbacks == 0   # lockstep: never a guess
    if condition.loss_permille:
        assert r.relay_dropped > 0


def test_a_whole_spectral_match_ends_the_same_on_both_cabinets(tmp_path):
    r = play_linked_match(load_game("spectral"), TWO_HUMANS["spectral"], 5, masher(3), masher(4),
                          Condition(30, 6, 20), data_dirs=_dirs(tmp_path))
    _check_agreed(r, _dirs(tmp_path))


@pytest.mark.slow
@pytest.mark.parametrize("game_id", ["spectral", "sphinx", "chamber", "atom4"])
@pytest.mark.parametrize("condition", [Condition(), Condition(100, 20, 100)], ids=lambda c: c.label())
def test_every_turn_based_two_player_game_links(tmp_path, game_id, condition):
    r = play_linked_match(load_game(game_id), TWO_HUMANS[game_id], 7, masher(5), masher(6), condition,
                          max_wall_ticks=400_000, data_dirs=_dirs(tmp_path))
    _check_agreed(r, _dirs(tmp_path))


def _archon(tmp_path, condition, seed=10):
    r = play_linked_match(load_game("archon"), TWO_HUMANS["archon"], seed, archon_player(seed * 2 + 1),
                          archon_player(seed * 2), condition, data_dirs=_dirs(tmp_path))
    _check_agreed(r, _dirs(tmp_path))
    h, g = r.host, r.guest
    assert h.match.result["duels"] >= 10                       # duels fought with rollback ...
    if condition.delay_ms:                                     # (on a link this quick it never needs a guess)
        assert h.peer.session.rollbacks > 0 and g.peer.session.rollbacks > 0
    assert max(h.peer.session.deepest, g.peer.session.deepest) <= MAX_ROLLBACK
    return r


def test_a_whole_archon_match_board_in_lockstep_duels_with_rollback(tmp_path):
    _archon(tmp_path, Condition(30, 6, 20))


@pytest.mark.slow
@pytest.mark.parametrize("condition", [Condition(), Condition(100, 20, 20), Condition(100, 20, 100)],
                         ids=lambda c: c.label())
def test_whole_archon_matches_at_every_condition(tmp_path, condition):
    _archon(tmp_path, condition, seed=11)


def _cut(start: int, ticks: int):
    def on_tick(now, relay, _host, _guest):
        relay.cut = start <= now < start + ticks
    return on_tick


def test_a_link_lost_for_two_seconds_says_so_on_both_screens_then_the_match_goes_on(tmp_path):
    seen = set()

    def on_tick(now, relay, host, guest):
        _cut(200, 120)(now, relay, host, guest)
        if now == 200 + LOST_TICKS + 20:
            seen.update((host.status(), guest.status()))
    r = play_linked_match(load_game("sphinx"), TWO_HUMANS["sphinx"], 3, masher(1), masher(2),
                          data_dirs=_dirs(tmp_path), on_tick=on_tick)
    assert seen == {"LINK LOST: WAITING"}
    _check_agreed(r, _dirs(tmp_path))


def test_a_link_lost_for_30_seconds_ends_the_match_with_no_record(tmp_path):
    r = play_linked_match(load_game("sphinx"), TWO_HUMANS["sphinx"], 3, masher(1), masher(2),
                          data_dirs=_dirs(tmp_path), on_tick=_cut(100, GIVE_UP_TICKS + 200))
    assert r.host.ended == "lost" or r.guest.ended == "lost"
    assert r.reports == ([], [])                               # nothing counted, nothing reported
    assert not r.host.match.finished


def test_start_opens_a_menu_over_a_match_that_plays_on_and_leave_ends_it(tmp_path):

    def start_then_masher(runner):
        mash, frames = masher(1)(runner), iter(range(10**9))

        def sample():                   # START at frame 50, then hands off (the menu stays open)
            n = next(frames)
            return PlayerInput(Action.START, Action.START, 0, 0) if n == 50 else mash() if n < 50 else IDLE
        return sample
    ticks = []

    def on_tick(now, _relay, host, _guest):
        if now in (60, 160):
            ticks.append(host.linked.tick)
            assert host.menu_kind == "link" and host.menu is not None
    r = play_linked_match(load_game("sphinx"), TWO_HUMANS["sphinx"], 3, start_then_masher, masher(2),
                          data_dirs=_dirs(tmp_path), on_tick=on_tick, max_wall_ticks=200)
    assert ticks[1] > ticks[0]                                 # no pause: both cabinets played on
    host = r.host
    fire = InputFrame((PlayerInput(0, Action.FIRE, 0, Action.FIRE),) + (IDLE,) * 3)
    down = InputFrame((PlayerInput(0, Action.DOWN, 0, Action.DOWN),) + (IDLE,) * 3)
    host._open_menu("link")
    host.menu.index = host.menu.items.index("LEAVE MATCH")
    host._update_menu(host.menu, fire)
    assert host.menu_kind == "leave" and host.menu.index == 0 and not host.ended    # asked first, NO highlighted
    host._update_menu(host.menu, fire)
    assert host.menu is None and not host.ended                                     # NO: it plays on
    host._open_menu("link")
    host.menu.index = host.menu.items.index("LEAVE MATCH")
    host._update_menu(host.menu, fire)
    host._update_menu(host.menu, down)
    host._update_menu(host.menu, fire)
    assert host.ended == "left" and host.link is None and r.reports == ([], [])
