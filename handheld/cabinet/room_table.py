"""The room's table on screen: shown by attract mode after the cabinet's own
records table, and one line of it on the menu card (the room's best)."""

from __future__ import annotations

from handheld.base.records import clock_text
from handheld.cabinet.records_table import RecordsScene

MAX_ROWS = 15
COLUMNS = (("GAME", 4, "left"), ("LEVEL", 146, "left"), ("WON", 206, "right"), ("STREAK", 240, "right"),
           ("FASTEST", 276, "right"), ("BY", 280, "left"))


def _titles() -> dict:
    from handheld.games.registry import GAMES

    return {gid: title for gid, (_module, title) in GAMES.items()}


def table_rows(room) -> list[tuple[str, ...]]:
    titles = _titles()
    rows: list[tuple[str, ...]] = []
    last_game = None
    for game, level, s in room.rows():
        fastest = clock_text(s.fastest) if s.fastest is not None else "-"
        where = (s.fastest_initials or s.fastest_cabinet or s.streak_cabinet)[:6].upper()
        rows.append((titles.get(game, game).upper()[:22] if game != last_game else "", level.upper()[:7],
                     str(s.wins), str(s.best_streak), fastest, where))
        last_game = game
    return rows[:MAX_ROWS]


def room_best_line(room, game) -> tuple[str, str]:
    """The menu card's line: the room's most-won level of this game and its fastest
    win, with the winner's initials or else the cabinet's name."""
    best = room.best(game.id)
    if best is None:
        return ("ROOM: NO WINS YET", "grey")
    level, s = best
    fastest = clock_text(s.fastest) if s.fastest is not None else "-"
    by = (s.fastest_initials or s.fastest_cabinet)[:6].upper()
    return (f"ROOM {level.upper()[:8]} {s.wins}W {fastest} {by}"[:27], "cyan")


class RoomScene(RecordsScene):
    """The cabinet's records screen, with the room's rows (it leaves the same way)."""

    def __init__(self, ctx, auto: bool = False):
        super().__init__(ctx, auto)
        self.rows = table_rows(ctx.room)

    TITLE = ("ROOM RECORDS", "EVERY CABINET HERE")
    COLUMNS = COLUMNS
    COLOURS = ("white", "silver", "ok", "gold", "cyan", "grey")
    EMPTY = ("NO ROOM RECORDS YET", "BEAT THE COMPUTER ON ANY", "CABINET IN THIS ROOM")
    EXPLAIN = ("HUMAN WINS ON EVERY CABINET IN", "THE ROOM, BEST STREAK, FASTEST", "WIN (M:SS) BY INITIALS OR CABINET")
