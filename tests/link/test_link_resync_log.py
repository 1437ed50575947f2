"""The pieces of a whole match's resync (handheld/link/resync.py): the log's
slices, its packing and strict reading, and the digest of the inputs."""

import json
import zlib

from handheld.base.actions import IDLE, InputFrame, PlayerInput
from handheld.link import resync as R
from handheld.runtime.replay import Replay

FRAMES = [[1, 3], [2, 1], [0, 5], [7, 2]]          # 11 ticks, run-length


def test_slices_of_a_run_length_log_hold_exactly_their_ticks():
    ticks = [p for p, c in FRAMES for _ in range(c)]
    for start in range(12):
        for end in range(start, 12):
            part = R.frames_between(FRAMES, start, end)
            assert [p for p, c in part for _ in range(c)] == ticks[start:end]
    assert R.joined(R.frames_upto(FRAMES, 4), R.frames_between(FRAMES, 4, 11)) == FRAMES   # runs merged again


def test_a_packed_log_reads_back_only_for_its_own_length_and_shape():
    raw = R.pack_log(FRAMES)
    assert R.unpack_log(raw, 11) == FRAMES
    assert R.unpack_log(raw, 10) is None and R.unpack_log(raw[:-1], 11) is None
    for bad in ([[1, 0]], [[-1, 3]], [[1 << 128, 1]], [[1, 2, 3]], [["1", 1]], {"a": 1}, [[True, 11]]):
        assert R.unpack_log(zlib.compress(json.dumps(bad).encode()), 11 if bad != [[1, 0]] else 0) is None
    bomb = zlib.compress(b" " * (R.MAX_LOG_RAW + 1))                 # more than any log: never inflated whole
    assert R.unpack_log(bomb, 0) is None and R.unpack_log(b"junk", 0) is None
    assert b"".join(R.pieces_of(raw * 50)) == raw * 50
    assert all(len(p) <= 1024 for p in R.pieces_of(raw * 500))


def test_the_first_ticks_two_records_differ_at():
    other = [[1, 3], [2, 1], [0, 2], [9, 1], [0, 2], [7, 1], [8, 1]]
    assert R.differing_ticks(FRAMES, other) == [7, 11] and R.differing_ticks(FRAMES, FRAMES) == []


def test_the_inputs_digest_is_the_same_built_tick_by_tick_or_from_a_whole_log():
    replay = Replay("sphinx", 1, {})
    frames = [InputFrame((PlayerInput(t % 5, t % 3, 0, 0), IDLE, IDLE, IDLE)) for t in range(300)]
    by_tick = R.InputsDigest()
    for t, frame in enumerate(frames, 1):
        replay.record(frame)
        by_tick.add(t, frame)
    whole = R.InputsDigest()
    whole.reset(replay.frames)
    assert whole.with_state(300, "ab" * 8) == by_tick.with_state(300, "ab" * 8) is not None
    assert whole.with_state(300, "ab" * 8) != whole.with_state(299, "ab" * 8)
    assert whole.with_state(300, "ab" * 8) != whole.with_state(300, "ac" * 8)
    assert whole.with_state(300, None) is None and whole.with_state(5000, "ab" * 8) is None
