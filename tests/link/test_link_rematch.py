"""REMATCH at a linked match's end: both screens offer REMATCH and LEAVE; when
both choose REMATCH the same game starts again over the same link, the host
picking the seed, with the same pair and code (a session token of its own, so
a packet of the match before changes nothing); LEAVE tells the other screen."""

from handheld.base.actions import IDLE, Action, InputFrame, PlayerInput
from handheld.games.registry import load_game
from handheld.link.harness import TOKEN, TwoCabinets
from handheld.link.linked_match import LinkedMatchRunner
from handheld.link.pad_players import masher
from handheld.link.pairing import pair_code
from handheld.link.peer import LOST_TICKS
from handheld.link.relay import Condition
from handheld.runtime.replay import Replay
from handheld.games.playback import run_replay

SPHINX = {"mode": "two"}
FIRE = InputFrame((PlayerInput(0, Action.FIRE, 0, Action.FIRE),) + (IDLE,) * 3)
HANDS_OFF = (lambda: IDLE, lambda: IDLE)


def _choose(runner, item: str) -> None:
    runner.menu.index = runner.menu.items.index(item)
    runner._update_menu(runner.menu, FIRE)


def _frames(pair, n: int) -> None:
    for _ in range(n):
        pair.frame(HANDS_OFF)


def test_both_choose_rematch_and_the_same_game_starts_again_on_the_hosts_seed(tmp_path):
    dirs = (tmp_path / "host", tmp_path / "guest")
    with TwoCabinets(load_game("sphinx"), SPHINX, 3, Condition(30, 6, 20), data_dirs=dirs) as pair:
        first = pair.play(masher(1), masher(2))
        assert first.finished
        host, guest = pair.runners
        assert host.menu.items == guest.menu.items == ["REMATCH", "LEAVE"]
        _choose(guest, "REMATCH")                            # the guest asks first ...
        _frames(pair, 20)
        assert host._end_lines()[1] == "THEY WANT A REMATCH"      # ... and the host's screen says so
        assert pair.runners == (host, guest)                 # nothing starts on one side's word
        _choose(host, "REMATCH")
        for _ in range(60):
            _frames(pair, 1)
            if host not in pair.runners and guest not in pair.runners:
                break
        h2, g2 = pair.runners
        assert isinstance(h2, LinkedMatchRunner) and isinstance(g2, LinkedMatchRunner)
        assert h2.seed == g2.seed == host.rematch_seed and h2.seed != 3           # the host's pick, on both
        assert h2.link.code == g2.link.code == pair_code(TOKEN)                   # the same pair and code
        assert h2.peer.token == g2.peer.token != TOKEN                           # a session of its own
        assert h2.link.transport is host.link.transport                           # over the same link
        second = pair.play(masher(3), masher(4))
        assert second.finished and h2.peer.desyncs == [] and g2.peer.desyncs == []
        assert h2.replay.state_hash == g2.replay.state_hash and h2.replay.frames == g2.replay.frames
        for runner in (h2, g2):
            replay = Replay.load(runner.saved_path)
            assert replay.seed == h2.seed and run_replay(replay).state_hash() == replay.state_hash
        assert [len(r) for r in pair.reports] == [2, 2]        # two matches, each counted once a cabinet


def test_leave_at_the_end_tells_the_other_screen_and_no_rematch_starts(tmp_path):
    with TwoCabinets(load_game("sphinx"), SPHINX, 3) as pair:
        assert pair.play(masher(1), masher(2)).finished
        host, guest = pair.runners
        _choose(host, "REMATCH")
        _frames(pair, 5)
        assert guest._end_lines()[1] == "THEY WANT A REMATCH"
        _choose(guest, "LEAVE")
        assert guest.link is None
        _frames(pair, LOST_TICKS + 5)
        assert pair.ctxs[0].director.top is host and host.menu_kind == "rematch"
        assert host._end_lines() == ("REMATCH: WAITING FOR THE OTHER CABINET", "THE OTHER CABINET LEFT")
        _choose(host, "LEAVE")
        assert host.link is None
