"""[fleet] initials = true: a human who beats the computer may put three letters
on the result; they travel through a real broker into every room table. Off
by default, and a kiosk never waits on the screen."""

import pytest

from handheld import TICK_HZ
from handheld.base.actions import EMPTY_FRAME, Action
from handheld.cabinet.showcase import tap
from handheld.fleet.initials import TIMEOUT_S, InitialsScene
from handheld.fleet.options import parse
from handheld.runtime.context import Context

WON = {"game": "sphinx", "ticks": 1900, "state_hash": "ab12", "winner": "yellow",
       "records": {"level": "strong", "human_won": True}}
LOST = dict(WON, records={"level": "strong", "human_won": False})


def _scene():
    ctx = Context.headless_context()
    given: list = []
    scene = InitialsScene(ctx, given.append)
    ctx.director.push(scene)
    return ctx, scene, given


def _press(scene, *actions):
    for action in actions:
        scene.update(tap(action))
        scene.update(EMPTY_FRAME)


def test_up_down_turn_the_letter_left_right_move_and_fire_gives_them():
    ctx, scene, given = _scene()
    _press(scene, Action.UP, Action.UP, Action.RIGHT, Action.DOWN, Action.RIGHT, Action.UP)
    assert scene.initials == "BZA" and not given
    _press(scene, Action.LEFT, Action.DOWN)
    assert scene.initials == "BYA"
    _press(scene, Action.FIRE)
    assert given == ["BYA"] and ctx.director.top is None


def test_fire_with_a_letter_missing_asks_for_it_instead_of_finishing():
    _ctx, scene, given = _scene()
    _press(scene, Action.UP, Action.FIRE)          # one letter set: FIRE moves on to the first missing one
    assert scene.cursor == 1 and not given
    _press(scene, Action.FIRE)
    assert not given and scene.message.startswith("THREE LETTERS")
    _press(scene, Action.ALT)                      # ALT skips: no initials
    assert given == [None]


def test_nobody_there_keeps_no_initials_after_the_timeout_and_a_press_restarts_it():
    _ctx, scene, given = _scene()
    for _ in range(TIMEOUT_S * TICK_HZ - 10):
        scene.update(EMPTY_FRAME)
    _press(scene, Action.UP)                       # a press, then one idle tick
    for _ in range(TIMEOUT_S * TICK_HZ - 2):
        scene.update(EMPTY_FRAME)
    assert not given
    scene.update(EMPTY_FRAME)
    assert given == [None]


def test_initials_are_off_by_default_and_a_bad_value_is_one_line():
    section = {"host": "h", "name": "cab-1"}
    assert parse(section)[0].initials is False
    assert parse(dict(section, initials=True))[0].initials is True
    options, warnings = parse(dict(section, initials="yes"))
    assert options.initials is False and warnings == ["fleet.initials = 'yes' must be true or false; using false"]


# --- through a real broker -----------------------------------------------------------

def _cabinet(broker, tmp_path, initials=True, name="cab-1"):
    pytest.importorskip("paho.mqtt.client", reason="needs apt-get install python3-paho-mqtt")
    from fleetbroker import wait_until
    from running_cabinet import running_cabinet

    cab, link = running_cabinet(broker, tmp_path, name, extra="initials = true\n" if initials else "")
    wait_until(lambda: link.connected)
    return cab, link


def _room_results(link, count):
    from fleetbroker import wait_until

    wait_until(lambda: len(link.table) == count and not link.outbox.pending(), timeout=20)
    return link.table.results()


def test_a_winners_initials_reach_the_broker_and_the_rooms_table(broker, tmp_path):
    from handheld.fleet.link import FleetLink
    from fleetbroker import fleet_section
    from running_cabinet import tap as press, ticks

    cab, link = _cabinet(broker, tmp_path / "a")
    (tmp_path / "b").mkdir()
    other = FleetLink(parse(fleet_section(broker, "cab-2"))[0], None, str(tmp_path / "b")).start()
    try:
        cab.ctx.on_match_end(WON)                  # what the match runner calls when the human has won
        assert isinstance(cab.director.top, InitialsScene)
        for action in [Action.DOWN] * 17 + [Action.RIGHT] + [Action.DOWN] * 12 + [Action.RIGHT] + [Action.UP] * 5:
            press(cab, action)
        press(cab, Action.FIRE)
        assert not isinstance(cab.director.top, InitialsScene)
        (result,) = _room_results(other, 1)
        assert result["initials"] == "JOE" and result["cabinet"] == "cab-1" and result["human_won"] is True
        ticks(cab, 2)
        assert [r["initials"] for r in _room_results(link, 1)] == ["JOE"]
        from handheld.cabinet.room_table import table_rows

        assert table_rows(other.table)[0][-1] == "JOE"
    finally:
        other.stop()
        link.stop()


def test_no_screen_when_initials_are_off_or_the_computer_won(broker, tmp_path):
    cab, link = _cabinet(broker, tmp_path / "off", initials=False)
    try:
        cab.ctx.on_match_end(WON)
        assert not isinstance(cab.director.top, InitialsScene)
        assert "initials" not in _room_results(link, 1)[0]
    finally:
        link.stop()
    cab, link = _cabinet(broker, tmp_path / "lost", name="cab-2")
    try:
        cab.ctx.on_match_end(LOST)
        assert not isinstance(cab.director.top, InitialsScene)
        assert len(_room_results(link, 2)) == 2         # cab-1's result came with its retained history
    finally:
        link.stop()


def test_a_kiosk_taking_the_screen_away_sends_the_result_without_initials(broker, tmp_path):
    from running_cabinet import ticks

    cab, link = _cabinet(broker, tmp_path)
    try:
        cab.ctx.on_match_end(WON)
        cab.director.pop_to_root()                 # the kiosk's idle return, or anything else that leaves
        ticks(cab, TICK_HZ)                        # the cabinet looks once a second
        (result,) = _room_results(link, 1)
        assert "initials" not in result
    finally:
        link.stop()
