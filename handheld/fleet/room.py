"""The room's leaderboard: every cabinet's results, each counted once (by its
id), summed per game and computer level: human wins, the best winning streak
(on one cabinet) and the fastest win, each with the cabinet that holds it.

Results arrive on the fleet's thread; the cabinet's screens read `rows()` and
`best(game)` on the frame loop. Both sides take a lock for a few dict
operations only; the table is kept up to date as results come in, so a
reader never recomputes it."""

from __future__ import annotations

import bisect
import json
import logging
import threading

from handheld.base.atomic import atomic_write

log = logging.getLogger("handheld.fleet")

MAX_RESULTS = 100_000        # ids remembered for de-duplication; the oldest go first


class LevelStanding:
    __slots__ = ("wins", "losses", "best_streak", "streak_cabinet", "fastest", "fastest_cabinet",
                 "fastest_initials")

    def __init__(self):
        self.wins = self.losses = self.best_streak = 0
        self.streak_cabinet = ""
        self.fastest: int | None = None
        self.fastest_cabinet = ""
        self.fastest_initials = ""


class RoomTable:
    def __init__(self):
        self._lock = threading.Lock()
        self._seen: dict[str, dict] = {}                     # id -> result, oldest first
        self._standings: dict[tuple[str, str], LevelStanding] = {}
        self._runs: dict[tuple[str, str, str], list] = {}     # (cabinet, game, level) -> [(time, id, won)]
        self._matches: dict[str, int] = {}                   # game -> matches played in the room
        self.version = 0                                     # goes up with every new result

    def add(self, result: dict) -> bool:
        """Count a (validated) result; False when it was already counted."""
        with self._lock:
            if result["id"] in self._seen:
                return False
            self._seen[result["id"]] = result
            if len(self._seen) > MAX_RESULTS:
                del self._seen[next(iter(self._seen))]
            self._count(result)
            self.version += 1
            return True

    def _count(self, r: dict) -> None:
        game = r["game"]
        self._matches[game] = self._matches.get(game, 0) + 1
        if r["level"] is None:          # no lone human against the computer: nothing to rank
            return
        standing = self._standings.setdefault((game, r["level"]), LevelStanding())
        if r["human_won"]:
            standing.wins += 1
            if r["ticks"] > 0 and (standing.fastest is None or r["ticks"] < standing.fastest):
                standing.fastest, standing.fastest_cabinet = r["ticks"], r["cabinet"]
                standing.fastest_initials = r.get("initials", "")
        elif r["human_won"] is False:
            standing.losses += 1
        run = self._runs.setdefault((r["cabinet"], game, r["level"]), [])
        bisect.insort(run, (r["time"], r["id"], bool(r["human_won"])))
        streak = best = 0
        for _t, _id, won in run:
            streak = streak + 1 if won else 0
            best = max(best, streak)
        if best > standing.best_streak:
            standing.best_streak, standing.streak_cabinet = best, r["cabinet"]

    def __contains__(self, result_id: str) -> bool:
        return result_id in self._seen

    def __len__(self) -> int:
        return len(self._seen)

    def ids(self) -> set[str]:
        with self._lock:
            return set(self._seen)

    def matches(self, game: str) -> int:
        return self._matches.get(game, 0)

    def rows(self) -> list[tuple[str, str, LevelStanding]]:
        """(game, level, standing) for every game and level with a human match."""
        with self._lock:
            return [(g, lv, s) for (g, lv), s in sorted(self._standings.items())]

    def best(self, game: str) -> tuple[str, LevelStanding] | None:
        """The level of `game` with the most wins in the room, or None."""
        with self._lock:
            levels = [(s.wins, lv, s) for (g, lv), s in self._standings.items() if g == game and s.wins]
        if not levels:
            return None
        _wins, level, standing = max(levels, key=lambda x: (x[0], x[1]))
        return level, standing

    def results(self) -> list[dict]:
        with self._lock:
            return list(self._seen.values())

    # --- kept across restarts -----------------------------------------------------------
    def save(self, path: str) -> None:
        atomic_write(path, json.dumps({"v": 1, "results": self.results()}, sort_keys=True))

    @classmethod
    def load(cls, path: str) -> "RoomTable":
        from handheld.fleet import messages

        table = cls()
        try:
            with open(path, encoding="utf-8") as fh:
                data = json.load(fh)
            for r in data["results"]:
                table.add(messages.check_result(r))
        except FileNotFoundError:
            pass
        except (OSError, ValueError, KeyError, TypeError) as e:
            log.warning("fleet: room table %s is unreadable (%s): starting a new one", path, e)
        return table
