"""The room's table on the cabinet's screens: attract mode shows it after the
cabinet's own records table (only in a fleet), the menu card adds the room's
best, and the table screen draws."""

from handheld.cabinet.attract import AttractScene
from handheld.runtime.context import Context
from handheld.display.base import logical_surface
from handheld.fleet import messages
from handheld.fleet.room import RoomTable
from handheld.cabinet.room_table import RoomScene, table_rows
from handheld.games.registry import built_games
from handheld.cabinet.launcher import MenuScene
from handheld.base.records import Records


def _ctx(room):
    ctx = Context.headless_context(seed=2)
    ctx.records = Records()
    ctx.room = room
    return ctx


def _room():
    room = RoomTable()
    for i, (cab, won, ticks) in enumerate([("cab-1", True, 4000), ("cab-2", True, 2600), ("cab-2", False, 900)]):
        room.add(messages.result_from_report({"game": "sphinx", "ticks": ticks,
                                              "records": {"level": "strong", "human_won": won}}, cab,
                                             now=1_700_000_000 + i))
    return room


def _steps(ctx):
    attract = AttractScene(ctx, 5)
    while len([s for s in attract.steps if s[0] == "demo"]) <= len(built_games()):
        attract._next()
    return [kind for kind, _game in attract.steps]


def test_attract_shows_the_rooms_table_after_the_cabinets_own_only_in_a_fleet():
    with_room = _steps(_ctx(_room()))
    assert with_room[with_room.index("records") + 1] == "room"
    assert "room" not in _steps(_ctx(None))


def test_the_menu_card_shows_the_rooms_best():
    menu = MenuScene(_ctx(_room()), highlight="sphinx")
    text, _colour = menu.records[-1]
    assert text.startswith("ROOM STRONG 2W 0:43 CAB-2")
    alone = MenuScene(_ctx(None), highlight="sphinx")
    assert not any(t.startswith("ROOM") for t, _ in alone.records)


def test_the_rooms_table_lists_wins_streak_fastest_and_where():
    rows = table_rows(_room())              # streaks are on one cabinet: one win each
    assert rows == [("THE INSCRUTABLE SPHINX", "STRONG", "2", "1", "0:43", "CAB-2")]
    surface = logical_surface()
    for room in (_room(), RoomTable()):
        RoomScene(_ctx(room), auto=True).draw(surface)
