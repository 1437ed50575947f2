"""The cabinet's records, arcade high-score style: per game, wins, losses and
draws against each computer level, the best winning streak and the fastest win.

Only matches of one human against the computer count. A match says so in its
`result["records"]` (see docs/adding-a-game.md): `{"level": "strong",
"human_won": True | False | None}` (None: a draw); the match runner adds the
match's length in ticks. The file lives in the state directory and is written
atomically; a broken file is kept as `records.json.bak`, logged in one line,
and the cabinet starts a fresh table. The file is read when the table is first
used, not when the cabinet starts: the title needs no records, and json is a
tenth of a second of a cold start under QEMU.
"""

from __future__ import annotations

import logging
import os

from handheld import TICK_HZ
from handheld.base.config import atomic_write

log = logging.getLogger("handheld.base.records")

FILE_NAME = "records.json"
FORMAT = 1


class LevelRecord:
    def __init__(self, won: int = 0, lost: int = 0, drawn: int = 0):
        self.won = won
        self.lost = lost
        self.drawn = drawn


class GameRecord:
    def __init__(self, levels: dict[str, LevelRecord] | None = None, streak: int = 0,
                 best_streak: int = 0, fastest_win: int | None = None):
        self.levels = {} if levels is None else levels   # level -> counts, first played first
        self.streak = streak            # wins in a row now
        self.best_streak = best_streak
        self.fastest_win = fastest_win  # ticks

    @property
    def played(self) -> int:
        return sum(r.won + r.lost + r.drawn for r in self.levels.values())

    def to_json(self) -> dict:
        return {"levels": {k: [r.won, r.lost, r.drawn] for k, r in self.levels.items()},
                "streak": self.streak, "best_streak": self.best_streak, "fastest_win": self.fastest_win}

    @classmethod
    def from_json(cls, data: dict) -> "GameRecord":
        levels = {}
        for level, counts in data["levels"].items():
            won, lost, drawn = (int(n) for n in counts)
            if min(won, lost, drawn) < 0:
                raise ValueError("negative count")
            levels[str(level)] = LevelRecord(won, lost, drawn)
        fastest = data.get("fastest_win")
        return cls(levels, int(data.get("streak", 0)), int(data.get("best_streak", 0)),
                   None if fastest is None else int(fastest))


def clock_text(ticks: int) -> str:
    """Match length as M:SS."""
    seconds = ticks // TICK_HZ
    return f"{seconds // 60}:{seconds % 60:02d}"


class Records:
    """All games' records. `path=None` keeps them in memory only (tests,
    screenshots, a cabinet without a state directory)."""

    def __init__(self, path: str | os.PathLike | None = None):
        self.path = os.fspath(path) if path is not None else None
        self._games: dict[str, GameRecord] | None = {}   # None: not read from the file yet

    @classmethod
    def load(cls, folder: str | os.PathLike | None) -> "Records":
        """The records saved in `folder` (the state directory), read when first used; a
        fresh table when there are none yet, or when the file is broken (kept as .bak)."""
        records = cls(os.path.join(folder, FILE_NAME) if folder is not None else None)
        if records.path is not None:
            records._games = None
        return records

    @property
    def games(self) -> dict[str, GameRecord]:
        if self._games is None:
            self._games = self._read()
        return self._games

    def _read(self) -> dict[str, GameRecord]:
        if self.path is None or not os.path.exists(self.path):
            return {}
        import json

        try:
            with open(self.path, encoding="utf-8") as fh:
                data = json.load(fh)
            if data.get("format") != FORMAT:
                raise ValueError(f"format {data.get('format')!r}, expected {FORMAT}")
            return {str(k): GameRecord.from_json(v) for k, v in data["games"].items()}
        except (OSError, ValueError, KeyError, TypeError, AttributeError) as e:
            path = self.path
            backup = os.path.join(os.path.dirname(path), FILE_NAME + ".bak")
            try:
                os.replace(path, backup)
                kept = f"kept as {backup}"
            except OSError:
                kept = "could not keep a copy"
            log.warning("records file %s is unreadable (%s): starting a fresh table, %s",
                        self.path, e, kept)
            return {}

    def of(self, game_id: str) -> GameRecord:
        return self.games.get(game_id) or GameRecord()

    def add(self, game_id: str, level: str, human_won: bool | None, ticks: int) -> None:
        rec = self.games.setdefault(game_id, GameRecord())
        counts = rec.levels.setdefault(str(level), LevelRecord())
        if human_won is None:
            counts.drawn += 1
            rec.streak = 0
        elif human_won:
            counts.won += 1
            rec.streak += 1
            rec.best_streak = max(rec.best_streak, rec.streak)
            if ticks > 0 and (rec.fastest_win is None or ticks < rec.fastest_win):
                rec.fastest_win = ticks
        else:
            counts.lost += 1
            rec.streak = 0
        self.save()

    def add_result(self, result: dict) -> bool:
        """Count a finished match as the runner reports it (`game`, `ticks` and the
        game's `records` entry); False when it is not a human-vs-computer match."""
        entry = result.get("records")
        if not entry or "game" not in result:
            return False
        self.add(result["game"], entry["level"], entry["human_won"], int(result.get("ticks", 0)))
        return True

    def reset(self) -> None:
        self._games = {}
        self.save()

    def to_json(self) -> str:
        import json

        return json.dumps({"format": FORMAT, "games": {k: v.to_json() for k, v in self.games.items()}},
                          indent=1, sort_keys=False) + "\n"

    def save(self) -> bool:
        """Write the table; a failure is logged and the table stays in memory."""
        if self.path is None:
            return True
        try:
            atomic_write(self.path, self.to_json())
            return True
        except OSError as e:
            log.warning("cannot save records to %s: %s", self.path, e.strerror or e)
            return False


def sample_records() -> Records:
    """A filled-in table for screenshots and the docs' pictures (in memory)."""
    r = Records()
    plays = [("archon", "classic", True, 9000), ("archon", "classic", True, 7400),
             ("archon", "strong", False, 12000), ("spectral", "classic", True, 5200),
             ("spectral", "strong", False, 6100), ("sphinx", "strong", False, 3000),
             ("sphinx", "strong", True, 2500), ("sphinx", "strong", True, 2300),
             ("sphinx", "strong", True, 2600), ("chamber", "adept", True, 8000),
             ("atom4", "normal", None, 4000), ("atom4", "easy", True, 3600)]
    for game, level, won, ticks in plays:
        r.add(game, level, won, ticks)
    return r
