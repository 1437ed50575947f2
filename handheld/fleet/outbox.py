"""Results waiting for the broker, on the data partition.

Each queued result is one file, `<ns-time>-<id>.json`, written atomically
(temporary file, fsync, rename, fsync the folder): after a SIGKILL or a power
cut a result is either wholly queued or not yet queued. Once the broker has
acknowledged it (QoS 1 PUBACK) its file is removed; a crash between the two
sends it again, and every table drops the second copy by its id. So delivery
is at least once on the wire and exactly once on every table.

The cabinet's own last results (its retained history, which late-joining
cabinets and `handheld fleet results` read) are kept beside it.
"""

from __future__ import annotations

import json
import logging
import os
import time

from handheld.base.atomic import atomic_write
from handheld.fleet import messages

log = logging.getLogger("handheld.fleet")

MAX_QUEUED = 100_000          # beyond this the oldest waiting results are given up, with one log line


class Outbox:
    def __init__(self, folder: str):
        self.folder = folder
        os.makedirs(folder, exist_ok=True)

    def add(self, result: dict) -> str:
        """Queue a result (durably, before returning); returns its file name."""
        name = f"{time.time_ns():020d}-{result['id']}.json"
        atomic_write(os.path.join(self.folder, name), json.dumps(result, sort_keys=True))
        return name

    def pending(self) -> list[tuple[str, dict]]:
        """(file name, result) for every queued result, oldest first. A file that
        is not a valid result (a disk error) is set aside as .bad with one log line."""
        out = []
        names = sorted(n for n in os.listdir(self.folder) if n.endswith(".json") and not n.startswith("."))
        if len(names) > MAX_QUEUED:
            log.warning("fleet: %d results queued, more than %d: giving up the oldest %d",
                        len(names), MAX_QUEUED, len(names) - MAX_QUEUED)
            for n in names[:-MAX_QUEUED]:
                self._remove(n)
            names = names[-MAX_QUEUED:]
        for name in names:
            path = os.path.join(self.folder, name)
            try:
                with open(path, "rb") as fh:
                    out.append((name, messages.check_result(messages.decode(fh.read()))))
            except FileNotFoundError:
                continue
            except (OSError, messages.BadMessage) as e:
                log.warning("fleet: queued result %s is unreadable (%s): kept as %s.bad", path, e, name)
                try:
                    os.replace(path, path + ".bad")
                except OSError:
                    pass
        return out

    def delivered(self, name: str) -> None:
        """The broker has it: forget it (durably)."""
        self._remove(name)
        try:
            fd = os.open(self.folder, os.O_RDONLY)
            try:
                os.fsync(fd)
            finally:
                os.close(fd)
        except OSError:
            pass

    def _remove(self, name: str) -> None:
        try:
            os.unlink(os.path.join(self.folder, name))
        except FileNotFoundError:
            pass

    def __len__(self) -> int:
        return sum(1 for n in os.listdir(self.folder) if n.endswith(".json") and not n.startswith("."))


class History:
    """This cabinet's last results, newest last, kept in a JSON file."""

    def __init__(self, path: str):
        self.path = path
        self.results: list[dict] = self._read()

    def _read(self) -> list[dict]:
        try:
            with open(self.path, "rb") as fh:
                data = messages.decode(fh.read(), messages.MAX_HISTORY_BYTES)
            return [messages.check_result(r) for r in data["results"]][-messages.HISTORY_LENGTH:]
        except FileNotFoundError:
            return []
        except (OSError, KeyError, TypeError, messages.BadMessage) as e:
            log.warning("fleet: history %s is unreadable (%s): starting a new one", self.path, e)
            return []

    def add(self, result: dict) -> bool:
        """Keep a result (once; in match-time order); False if it was already here."""
        if any(r["id"] == result["id"] for r in self.results):
            return False
        self.results.append(result)
        self.results.sort(key=lambda r: (r["time"], r["id"]))
        del self.results[:-messages.HISTORY_LENGTH]
        return True

    def message(self) -> dict:
        return {"v": messages.FORMAT, "results": list(self.results)}

    def save(self) -> None:
        atomic_write(self.path, json.dumps(self.message(), sort_keys=True))
