"""Replays: seed + options + the raw input of every tick reproduce a match.

File format (JSON): {"format": 1, "game", "seed", "options", "ticks",
"frames": [[packed_raw, repeat_count], ...], "state_hash"}. Frames are
run-length encoded: a match is mostly idle ticks.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from handheld.config import atomic_write
from handheld.input.raw import pack_raw, unpack_raw

FORMAT = 1


class ReplayError(ValueError):
    pass


@dataclass
class Replay:
    game: str
    seed: int
    options: dict
    frames: list[list[int]] = field(default_factory=list)  # [[packed, count], ...]
    ticks: int = 0
    state_hash: str = ""

    def record(self, raw: list[tuple[int, int, int]]) -> None:
        packed = pack_raw(raw)
        if self.frames and self.frames[-1][0] == packed:
            self.frames[-1][1] += 1
        else:
            self.frames.append([packed, 1])
        self.ticks += 1

    def raw_ticks(self):
        for packed, count in self.frames:
            raw = unpack_raw(packed)
            for _ in range(count):
                yield raw

    def to_json(self) -> str:
        return json.dumps({"format": FORMAT, "game": self.game, "seed": self.seed,
                           "options": self.options, "ticks": self.ticks,
                           "frames": self.frames, "state_hash": self.state_hash},
                          separators=(",", ":"))

    def save(self, path: Path | str) -> None:
        atomic_write(path, self.to_json())

    @classmethod
    def load(cls, path: Path | str) -> "Replay":
        try:
            data = json.loads(Path(path).read_text())
        except FileNotFoundError:
            raise ReplayError(f"{path}: no such replay file") from None
        except (OSError, ValueError) as e:
            raise ReplayError(f"{path}: not a replay file ({e})") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ReplayError(f"{path}: not a handheld replay (format {FORMAT} expected)")
        try:
            return cls(str(data["game"]), int(data["seed"]), dict(data["options"]),
                       [[int(p), int(c)] for p, c in data["frames"]], int(data["ticks"]),
                       str(data["state_hash"]))
        except (KeyError, TypeError, ValueError) as e:
            raise ReplayError(f"{path}: damaged replay ({e})") from None
