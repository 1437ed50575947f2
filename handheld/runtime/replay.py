"""Replays: seed + options + the input frame of every tick reproduce a match.

File format (JSON, one object and nothing after it): {"format": 3, "game",
"play_version", "seed", "options", "ticks", "frames": [[packed_frame,
repeat_count], ...], "state_hash"}. A packed frame holds, per player, the
held, pressed, released and key-repeat masks exactly as the match saw them (8
bits each), so what was held before the match started or while it was paused
cannot change a re-run. Frames are run-length encoded: a match is mostly idle
ticks.

`play_version` is the game's `Game.play_version` that recorded the match: a
replay of another version may re-run differently, and `handheld replay
--verify` then says so (handheld/games/playback.py).
Format 2 is format 3 without it, from before play versions were kept: it still
loads, with play_version 0.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from handheld.base.atomic import atomic_write
from handheld.base.actions import MAX_PLAYERS, InputFrame, PlayerInput

FORMAT = 3
FORMAT_WITHOUT_PLAY_VERSION = 2
BITS_PER_PLAYER = 32
MAX_FILE_BYTES = 64 << 20      # a day-long match is ~1 MB; anything bigger is not ours
MAX_TICKS = 60 * 60 * 60 * 24  # one day at 60 Hz


class ReplayError(ValueError):
    """The file is not a replay this cabinet can re-run; str() is one line."""


def pack_frame(frame: InputFrame) -> int:
    value = 0
    for p, pl in enumerate(frame.players):
        value |= (pl.held | pl.pressed << 8 | pl.released << 16 | pl.repeat << 24) << (BITS_PER_PLAYER * p)
    return value


def unpack_frame(value: int) -> InputFrame:
    players = []
    for p in range(MAX_PLAYERS):
        v = value >> (BITS_PER_PLAYER * p)
        players.append(PlayerInput(v & 0xFF, (v >> 8) & 0xFF, (v >> 16) & 0xFF, (v >> 24) & 0xFF))
    return InputFrame(tuple(players))


def each_frame(frames):
    """The input frame of every tick of run-length frames [[packed, count], ...]."""
    for packed, count in frames:
        frame = unpack_frame(packed)
        for _ in range(count):
            yield frame


@dataclass
class Replay:
    game: str
    seed: int
    options: dict
    frames: list[list[int]] = field(default_factory=list)  # [[packed, count], ...]
    ticks: int = 0
    state_hash: str = ""
    play_version: int = 0       # 0: unknown, a format 2 file

    def record(self, frame: InputFrame) -> None:
        packed = pack_frame(frame)
        if self.frames and self.frames[-1][0] == packed:
            self.frames[-1][1] += 1
        else:
            self.frames.append([packed, 1])
        self.ticks += 1

    def input_frames(self):
        return each_frame(self.frames)

    def to_json(self) -> str:
        return json.dumps({"format": FORMAT, "game": self.game, "play_version": self.play_version,
                           "seed": self.seed, "options": self.options, "ticks": self.ticks,
                           "frames": self.frames, "state_hash": self.state_hash},
                          separators=(",", ":"))

    def save(self, path: Path | str) -> None:
        atomic_write(path, self.to_json())

    @classmethod
    def load(cls, path: Path | str) -> "Replay":
        data = _read_json(path)
        found = data.get("format") if isinstance(data, dict) else None
        if found not in (FORMAT, FORMAT_WITHOUT_PLAY_VERSION):
            raise ReplayError(f"{path}: not a replay of this cabinet's formats {FORMAT_WITHOUT_PLAY_VERSION}-"
                              f"{FORMAT} (found format {found!r}); record it again with this version")
        try:
            replay = cls(_text(data["game"]), _whole(data["seed"]), _table(data["options"]),
                         [[_whole(p), _whole(c)] for p, c in data["frames"]], _whole(data["ticks"]),
                         _text(data["state_hash"]),
                         _whole(data["play_version"]) if found == FORMAT else 0)
        except (KeyError, TypeError, ValueError) as e:
            raise ReplayError(f"{path}: damaged replay ({e or type(e).__name__}); record it again") from None
        _check_frames(replay, path)
        return replay


def _read_json(path):
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_FILE_BYTES + 1)
    except FileNotFoundError:
        raise ReplayError(f"{path}: no such replay file") from None
    except OSError as e:
        raise ReplayError(f"{path}: cannot read ({e.strerror or e})") from None
    if len(raw) > MAX_FILE_BYTES:
        raise ReplayError(f"{path}: over {MAX_FILE_BYTES >> 20} MB, not a replay file")
    try:
        return json.loads(raw)              # also refuses anything after the object
    except RecursionError:
        raise ReplayError(f"{path}: not a replay file (nested too deep)") from None
    except ValueError as e:
        raise ReplayError(f"{path}: not a replay file ({e})") from None


def _whole(v) -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        raise ValueError(f"{v!r} is not a whole number")
    return v


def _text(v) -> str:
    if not isinstance(v, str):
        raise ValueError(f"{v!r} is not a string")
    return v


def _table(v) -> dict:
    if not isinstance(v, dict):
        raise ValueError("options is not an object")
    return v


def _check_frames(replay: Replay, path) -> None:
    limit = 1 << (BITS_PER_PLAYER * MAX_PLAYERS)
    if any(not 0 <= p < limit or c < 1 for p, c in replay.frames):
        raise ReplayError(f"{path}: damaged replay (a frame is out of range); record it again")
    counted = sum(c for _p, c in replay.frames)
    if counted != replay.ticks or not 0 <= replay.ticks <= MAX_TICKS:
        raise ReplayError(f"{path}: header says {replay.ticks} ticks but the frames hold {counted}; "
                          f"the file was changed")
