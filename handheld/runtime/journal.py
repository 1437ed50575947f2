"""The match journal: what a match needs to be put back after a power cut.

While a match runs, its seed, options and the input frames so far are appended
to one file in the state directory at flush points (see JournalWriter), written
and fdatasynced by a thread of its own (journal_disk.py), so a flat battery, a
pulled plug or a crash loses at most the last second or two of input. The
journal is rewritten from scratch when the next match starts and removed when a
match is left on purpose; a finished match ends it with an end record before
its replay is saved and its result counted.

File format: the magic b"HHJ1" (format 1), then records, each
    u32 LE payload length | u32 LE zlib.crc32(payload) | payload
A payload starts with its kind: b"H" a header (UTF-8 JSON: game, play_version,
seed, options, humans, started), b"F" input frames (varint tick the record
starts at, then varint pairs [packed frame, repeat count]: the replay's own
packing, handheld/runtime/replay.py), b"D" decisions the computer players took
(per decision: varint field count, then varint fields, as the game's match scene
keeps them in `decisions`; a resume uses them only where the game says they
cannot change what follows, and checks them), b"E" the match ended. A record whose
length runs past the end of the file or whose CRC does not match is a torn
tail (power cut mid-write): it and anything after it is dropped, never read.
"""

from __future__ import annotations

import logging
import os
import struct
import time
import zlib
from dataclasses import dataclass, field

from handheld import TICK_HZ
from handheld.runtime import journal_disk

log = logging.getLogger("handheld.journal")

MAGIC = b"HHJ1"
FILE_NAME = "match.journal"
RECORD_HEAD = struct.Struct("<II")
MAX_RECORD_BYTES = 1 << 20
HEADER, FRAMES, DECISIONS, END = b"H", b"F", b"D", b"E"
# Flush points, in ticks of game time (the writer's only clock):
FLUSH_AFTER_CHANGE_TICKS = TICK_HZ       # input changed: at most once a second
FLUSH_LIVE_TICKS = 2 * TICK_HZ           # real-time action (Archon's arena): at least every 2 s


class JournalError(ValueError):
    """A journal that cannot be resumed; str() is one line saying why."""


class DecisionMismatch(ValueError):
    """A recorded decision does not fit the match being resumed: think it again."""


def recorded_decision(recorded: dict, tick: int, round_no: int, key: int, legal) -> tuple:
    """The decision (turn's tick, round, ticks thought, move, board key) a journal
    kept for the computer's turn that began at `tick`, taken out of `recorded`
    once it fits the match: the same round and board, at least one tick thought,
    a move `legal(move)` allows. DecisionMismatch when it does not, or when none
    was kept for that tick."""
    decision = recorded.pop(tick, None)
    if (decision is None or len(decision) != 5 or decision[1] != round_no or decision[4] != key
            or decision[2] < 1 or not legal(decision[3])):
        raise DecisionMismatch(f"the computer's move recorded at tick {tick} does not fit the match")
    return decision


def journal_path(state_dir: str) -> str:
    return os.path.join(state_dir, FILE_NAME)


# --- encoding --------------------------------------------------------------
def _varint(n: int, out: bytearray) -> None:
    while True:
        byte = n & 0x7F
        n >>= 7
        if n:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return


def _varints(data: bytes, start: int):
    value = shift = 0
    for i in range(start, len(data)):
        byte = data[i]
        value |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            yield value
            value = shift = 0
        elif shift > 140:
            raise ValueError("varint too long")
    if shift:
        raise ValueError("varint cut short")


def frame_record(first_tick: int, pairs) -> bytes:
    payload = bytearray(FRAMES)
    _varint(first_tick, payload)
    for packed, count in pairs:
        _varint(packed, payload)
        _varint(count, payload)
    return framed(bytes(payload))


def decisions_record(decisions) -> bytes:
    payload = bytearray(DECISIONS)
    for decision in decisions:
        _varint(len(decision), payload)
        for value in decision:
            _varint(value, payload)
    return framed(bytes(payload))


def header_record(header: dict) -> bytes:
    import json

    return framed(HEADER + json.dumps(header, separators=(",", ":"), sort_keys=True).encode())


def framed(payload: bytes) -> bytes:
    return RECORD_HEAD.pack(len(payload), zlib.crc32(payload)) + payload


# --- reading -----------------------------------------------------------------
@dataclass
class Journal:
    header: dict
    frames: list[list[int]] = field(default_factory=list)   # [[packed, count], ...] as Replay.frames
    decisions: list[tuple[int, ...]] = field(default_factory=list)
    ticks: int = 0
    ended: bool = False         # the match finished (its replay and result are saved)
    torn_bytes: int = 0         # a torn or corrupt tail, dropped
    path: str = ""
    mtime: float = 0.0          # when it was last written (the file's time)

    @property
    def game(self) -> str:
        return self.header["game"]


def read_journal(path: str) -> Journal:
    """The journal at `path`, without a torn tail. JournalError when there is
    nothing to resume from (no header, not a journal, another format). What this
    process has handed over to be written is on the card first."""
    journal_disk.wait_until_written()
    try:
        with open(path, "rb") as fh:
            data = fh.read()
    except OSError as e:
        raise JournalError(f"{path}: cannot read ({e.strerror or e})") from None
    if data[:4] != MAGIC:
        raise JournalError(f"{path}: not a match journal of format 1 (starts {data[:4]!r})")
    records, pos = [], 4
    while pos < len(data):
        if pos + RECORD_HEAD.size > len(data):
            break
        length, crc = RECORD_HEAD.unpack_from(data, pos)
        body = data[pos + RECORD_HEAD.size: pos + RECORD_HEAD.size + length]
        if length == 0 or length > MAX_RECORD_BYTES or len(body) < length or zlib.crc32(body) != crc:
            break
        records.append(body)
        pos += RECORD_HEAD.size + length
    if not records or records[0][:1] != HEADER:
        raise JournalError(f"{path}: the match journal has no readable header")
    journal = Journal(_header(records[0][1:], path), torn_bytes=len(data) - pos)
    for body in records[1:]:
        if body[:1] == END:
            journal.ended = True
        elif body[:1] == DECISIONS and _add_decisions(journal, body):
            pass
        elif body[:1] != FRAMES or not _add_frames(journal, body):
            journal.torn_bytes += len(body) + RECORD_HEAD.size
            log.warning("%s: a damaged frames record at tick %d; resuming from before it", path, journal.ticks)
            break
    return journal


def _header(raw: bytes, path: str) -> dict:
    import json

    try:
        header = json.loads(raw)
        ok = (isinstance(header, dict) and isinstance(header.get("game"), str)
              and all(isinstance(header.get(k), int) for k in ("seed", "play_version", "humans", "started"))
              and isinstance(header.get("options"), dict))
    except ValueError:
        ok = False
    if not ok:
        raise JournalError(f"{path}: the match journal's header is damaged")
    return header


def _add_decisions(journal: Journal, body: bytes) -> bool:
    try:
        values = list(_varints(body, 1))
    except ValueError:
        return False
    decisions, i = [], 0
    while i < len(values):
        n = values[i]
        if n == 0 or i + 1 + n > len(values):
            return False
        decisions.append(tuple(values[i + 1:i + 1 + n]))
        i += 1 + n
    journal.decisions.extend(decisions)
    return True


def _add_frames(journal: Journal, body: bytes) -> bool:
    """Append a frames record's pairs; False if it does not follow on (damaged)."""
    try:
        values = list(_varints(body, 1))
    except ValueError:
        return False
    if not values or values[0] != journal.ticks or len(values) % 2 == 0:
        return False
    pairs = list(zip(values[1::2], values[2::2]))
    if any(count < 1 for _packed, count in pairs):
        return False
    for packed, count in pairs:
        if journal.frames and journal.frames[-1][0] == packed:
            journal.frames[-1][1] += count
        else:
            journal.frames.append([packed, count])
        journal.ticks += count
    return True


# --- writing -----------------------------------------------------------------
_current: "JournalWriter | None" = None     # one match journals at a time: its file stays open


class JournalWriter:
    """Hands a running match's new input frames over for its journal at flush points.

    The clock is the replay's tick count, so the write budget is the same on any
    machine: a flush when the input has changed and a second has passed since
    the last one (a turn ends with a press, so every move is on the card within
    a second of it), and while the match says it is in real-time action
    (`live`) at least every two seconds. At most one fsync a second.

    The frame thread only builds each record and queues it; the journal's own
    thread (journal_disk.py) writes and fdatasyncs it."""

    def __init__(self, path: str, ticks: int, pairs: int, last_count: int, decisions: int = 0) -> None:
        self.path = path
        self.disk = journal_disk.JournalFile(path)
        self.closed = False
        self.flushed_ticks = ticks          # replay ticks handed over
        self.flushed_pairs = pairs          # len(replay.frames) at the last flush
        self.flushed_last_count = last_count  # replay.frames[-1][1] then
        self.flushed_decisions = decisions  # len(match.decisions) then

    # what the writer thread has done so far (wait_until_written() first for the last word)
    @property
    def fsyncs(self) -> int:
        return self.disk.fsyncs

    @property
    def bytes_written(self) -> int:
        return self.disk.bytes_written

    @property
    def synced_ticks(self) -> int:
        """Match ticks on the card: what a power cut now would resume to."""
        return self.disk.synced_ticks

    @classmethod
    def create(cls, path: str, header: dict, frames: tuple | list = (), decisions: tuple | list = ()) -> "JournalWriter":
        """Replace any journal at `path` by a new one holding `header`, `frames` and
        `decisions` (a resumed match's so far), atomically, and keep it open."""
        ticks = sum(count for _packed, count in frames)
        frames, decisions = [(packed, count) for packed, count in frames], list(decisions)   # as they are now

        def content() -> bytes:         # encoded on the writer thread: a long match's take a while
            return (MAGIC + header_record(header) + (frame_record(0, frames) if frames else b"")
                    + (decisions_record(decisions) if decisions else b""))

        global _current
        if _current is not None:        # a match dropped without a word (kiosk's idle return)
            _current.close()
        writer = _current = cls(path, ticks, len(frames), frames[-1][1] if frames else 0, len(decisions))
        if not writer._hand_over(lambda: writer.disk.create(content(), ticks)):
            writer.closed = True
        return writer

    def after_tick(self, replay, live: bool = False, decisions: tuple | list = ()) -> bool:
        """Called once per recorded tick; flushes at a flush point. True if it did.
        `decisions`: the match scene's, all so far (only new ones are written)."""
        since = replay.ticks - self.flushed_ticks
        changed = len(replay.frames) > max(self.flushed_pairs, 1)   # the opening run is no change
        if (changed and since >= FLUSH_AFTER_CHANGE_TICKS) or (live and since >= FLUSH_LIVE_TICKS):
            return self.flush(replay, decisions)
        return False

    def flush(self, replay, decisions: tuple | list = ()) -> bool:
        """Hand the frames since the last flush over; True if they were taken."""
        if self.closed or self.disk.failed or replay.ticks == self.flushed_ticks:
            return False
        pairs = []
        if self.flushed_pairs:
            packed, count = replay.frames[self.flushed_pairs - 1]
            if count > self.flushed_last_count:
                pairs.append((packed, count - self.flushed_last_count))
        pairs.extend(replay.frames[self.flushed_pairs or 0:])
        record = frame_record(self.flushed_ticks, pairs)
        if len(decisions) > self.flushed_decisions:    # after the frames: a torn write keeps none without them
            record += decisions_record(decisions[self.flushed_decisions:])
        if not self.disk.add(record, replay.ticks):
            log.warning("match journal %s: the card has taken nothing for a while (%d KB waiting); "
                        "this match will not resume past %.0f s in", self.path, journal_disk.MAX_WAITING_BYTES >> 10,
                        self.disk.synced_ticks / TICK_HZ)
            self.close()
            return False
        self.flushed_ticks = replay.ticks
        self.flushed_pairs = len(replay.frames)
        self.flushed_last_count = replay.frames[-1][1]
        self.flushed_decisions = max(self.flushed_decisions, len(decisions))
        return True

    def finish(self, replay, decisions: tuple | list = ()) -> None:
        """The match is over: its last frames and an end record, so a restart
        before the journal is removed does not offer (or count) it again. Waits
        until they are on the card: the replay and the result are saved next."""
        if self.closed:
            return
        self.flush(replay, decisions)
        self.disk.add(framed(END), replay.ticks)
        self.close()
        if not journal_disk.wait_until_written():
            log.warning("match journal %s: the end of the match is not on the card yet", self.path)

    def discard(self) -> None:
        """The match was left on purpose (or has ended and counted): nothing to resume."""
        self.closed = True
        self._hand_over(self.disk.remove)

    def close(self) -> None:
        """No more writes; what was handed over is still written, then the file closed."""
        if not self.closed:
            self.closed = True
            self._hand_over(self.disk.close)

    def _hand_over(self, job) -> bool:
        if journal_disk.hand_over(job, journal_disk.HAND_OVER_TIMEOUT_S):
            return True
        log.warning("match journal %s: the card is not answering (%d jobs waiting); giving up on it",
                    self.path, journal_disk.QUEUE_SLOTS)
        return False


def remove_journal(path: str) -> None:
    """Delete the journal at once, from the frame thread: only while no match journals."""
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass
    except OSError as e:
        log.warning("cannot remove the match journal %s: %s", path, e.strerror or e)


def enabled(ctx) -> bool:
    return bool(ctx.data_dir) and bool(ctx.setting("cabinet.resume", True))


def start_journal(ctx, game, options: dict, seed: int, humans: int):
    """A journal for a match that is starting (replacing any earlier one), or
    None: resume turned off, no state directory, or nobody plays (a demo)."""
    if not enabled(ctx):
        return None
    if humans < 1:
        return None
    header = {"game": game.id, "play_version": game.play_version, "seed": seed, "options": options,
              "humans": humans, "started": int(time.time())}
    return JournalWriter.create(journal_path(ctx.data_dir), header)
