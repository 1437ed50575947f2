"""Resynchronising a whole linked match from the host's record of it.

A whole match's state is far more than a packet, but it is a pure function
of its seed, options and both sides' inputs. So when two state hashes of
tick T differ, the host sends its log of both sides' inputs up to T (the
replay's run-length frames, JSON, zlib-compressed, in pieces of at most
1000 bytes, 4 pieces a frame, the guest acknowledging the first `have`
pieces it holds), and both cabinets rebuild their match from it, then run
again the ticks they had played past T. The host rebuilds too: the state
that went wrong may be its own (an engine bug), its record of the inputs is
what both agree to trust. The guest checks that its rebuilt state of T
hashes as the host's does; both stand still from the desync until the
resync is done ("DESYNC: RESYNCING FROM HOST" on both screens).

Each cabinet that sees a desync logs the tick and both hashes and, with a
data directory, writes what it had (its replay so far and its scene's
fields) to `link/desync-TICK-ROLE.json`; the guest's log line after the
resync names the ticks whose inputs differed from the host's record.
"""

from __future__ import annotations

import hashlib
import json
import logging
import time
import zlib
from pathlib import Path

from handheld.base.atomic import atomic_write
from handheld.link.packet import MAX_LOG_PIECES, MAX_STATE_BYTES
from handheld.runtime.replay import MAX_TICKS, each_frame, pack_frame

log = logging.getLogger("handheld.link")

PIECES_PER_FRAME = 4          # log pieces the host sends a frame, beyond its usual packet
WINDOW = 16                   # pieces past the guest's ack that are sent round and round
MAX_LOG_RAW = 16 << 20        # the decompressed log, at most (a day-long match is ~1 MB)
ACK_REPEATS = 10              # packets the guest's final ack rides in
RESYNC_GIVE_UP = 30 * 60      # a resync not done in 30 s ends the match
REBUILD_TICKS_PER_FRAME = 600  # a rebuild's slice a frame, at most: the screen and the link stay alive
REBUILD_SECONDS_PER_FRAME = 0.010   # and no more CPU than this (ticks that think cost more); what the
                                    # match becomes never depends on it, only how many frames it takes


# ------------------------------------------------------------ the log itself
def frames_upto(frames: list, ticks: int) -> list:
    """The run-length frames of ticks 1..ticks."""
    return frames_between(frames, 0, ticks)


def frames_between(frames: list, start: int, end: int) -> list:
    """The run-length frames of ticks start+1..end."""
    out, at = [], 0
    for packed, count in frames:
        lo, hi = max(at, start), min(at + count, end)
        if hi > lo:
            out.append([packed, hi - lo])
        at += count
        if at >= end:
            break
    return out


def joined(a: list, b: list) -> list:
    out = [list(f) for f in a]
    for packed, count in b:
        if out and out[-1][0] == packed:
            out[-1][1] += count
        else:
            out.append([packed, count])
    return out


def pack_log(frames: list) -> bytes:
    return zlib.compress(json.dumps(frames, separators=(",", ":")).encode("ascii"), 9)


def unpack_log(raw: bytes, ticks: int):
    """The frames in `raw` if they are a log of exactly `ticks` ticks, else None (never raises)."""
    try:
        inflater = zlib.decompressobj()
        text = inflater.decompress(raw, MAX_LOG_RAW)
        if inflater.unconsumed_tail or not inflater.eof:
            return None
        frames = json.loads(text.decode("ascii"))
    except (zlib.error, UnicodeDecodeError, ValueError, RecursionError):
        return None
    if not isinstance(frames, list) or not all(
            isinstance(f, list) and len(f) == 2 and all(type(v) is int for v in f)
            and 0 <= f[0] < 1 << 128 and 1 <= f[1] <= MAX_TICKS for f in frames):
        return None
    return frames if sum(f[1] for f in frames) == ticks else None


def pieces_of(payload: bytes) -> list:
    return [payload[i:i + MAX_STATE_BYTES] for i in range(0, len(payload), MAX_STATE_BYTES)] or [b""]


def differing_ticks(a: list, b: list, most: int = 8) -> list:
    """The first ticks whose frames differ between two logs of the same length."""
    out, tick = [], 0
    ia, ib = _ticks(a), _ticks(b)
    for fa, fb in zip(ia, ib):
        tick += 1
        if fa != fb:
            out.append(tick)
            if len(out) == most:
                break
    return out


def _ticks(frames: list):
    for packed, count in frames:
        for _ in range(count):
            yield packed


class InputsDigest:
    """A running hash of the inputs agreed tick by tick, folded into every state
    hash a whole match compares: two records of the inputs that differ where
    the game never looked are a desync too, so both replays end up the same."""

    KEEP = 900                # ticks of it kept (hashes are compared within 10 s)

    def __init__(self):
        self.last, self.at = b"", {0: b""}

    def add(self, t: int, frame) -> None:
        self.last = hashlib.blake2b(self.last + pack_frame(frame).to_bytes(16, "big"), digest_size=8).digest()
        self.at[t] = self.last
        if t % 60 == 0:
            for old in [k for k in self.at if k < t - self.KEEP]:
                del self.at[old]

    def reset(self, frames: list) -> None:
        """From a whole log again (a resync replaced it)."""
        self.last, self.at = b"", {0: b""}
        for t, frame in enumerate(each_frame(frames), 1):
            self.add(t, frame)

    def with_state(self, t: int, state_hash: str | None) -> str | None:
        digest = self.at.get(t)
        if digest is None or state_hash is None:
            return None
        return hashlib.blake2b(bytes.fromhex(state_hash) + digest, digest_size=8).hexdigest()


# ------------------------------------------------------- the two ends of it
class LogResync:
    """One cabinet's part in resynchronising a whole match (peer.py calls it)."""

    def __init__(self, peer):
        self.peer = peer
        self.tick = 0                 # the desync being mended; 0: none
        self.started = 0              # the `now` it began
        self.digest = b""             # the host's state hash of `tick`, once rebuilt
        self.pieces: list = []        # host: the log in pieces
        self.have = 0                 # host: pieces the guest holds; guest: pieces held in a row
        self.parts: dict = {}         # guest: index -> piece
        self.total = 0
        self.sent_round = 0           # host: where in the window the next pieces come from
        self.ack_out = (0, 0)         # guest: (tick, have) to acknowledge
        self.ack_repeats = 0
        self.failed = False
        self.rebuild_ms = 0.0         # wall time the rebuild took, all its slices summed
        self.steps = None             # the rebuild under way: a generator of (tick, snapshot)
        self.until = 0                # the tick this cabinet stood at: run again up to it
        self.frames: list = []        # the log the rebuild runs: the host's, then ours past the desync
        self.snaps: dict = {}         # tick -> the rebuilt snapshot, from the desync on
        self.then = None              # what follows the rebuild: then(our new hash of the desync tick)
        self.done: list = []          # (tick, frames it took, ms the rebuild took, log bytes) of each resync
        self.dump_dir: Path | None = None

    @property
    def busy(self) -> bool:
        return self.tick != 0

    def status(self) -> str:
        return "DESYNC: RESYNCING FROM HOST" if self.busy else ""

    # ----------------------------------------------------------- both sides
    def desync(self, t: int, mine: str, theirs: str) -> None:
        """Hashes of tick t differ: stand still, and (host) rebuild and send the log."""
        peer = self.peer
        if self.busy:
            return
        self.tick, self.started = t, peer.now
        self._dump(t, mine, theirs)
        peer.finished = False
        self.pieces, self.have, self.sent_round, self.rebuild_ms = [], 0, 0, 0.0
        if peer.host:
            frames = frames_upto(peer.replay.frames, t)
            self._start_rebuild(frames, lambda digest: self._send_log(frames, digest))
        else:
            self.parts, self.total = {}, 0

    def frame(self) -> None:
        """A frame while the match stands still: a slice of the rebuild; give up after 30 s."""
        self._step_rebuild()
        if self.busy and self.peer.now - self.started > RESYNC_GIVE_UP:
            log.error("RESYNC at tick %d never finished: the match ends", self.tick)
            self.failed = True

    def _start_rebuild(self, log_frames: list, then) -> None:
        """Rebuild the match from the host's log up to the desync, then run again
        what this cabinet had played past it; then(our new hash of that tick)."""
        peer = self.peer
        self.until = peer.game.tick
        self.frames = joined(log_frames, frames_between(peer.replay.frames, self.tick, peer.session.confirmed))
        self.snaps = {}
        self.then = then
        self.steps = peer.game.rebuilding(each_frame(self.frames))
        self._step_rebuild()

    def _step_rebuild(self) -> None:
        if self.steps is None:
            return
        began, done = time.perf_counter(), False
        for _ in range(REBUILD_TICKS_PER_FRAME):
            step = next(self.steps, None)
            if step is None:
                done = True
                break
            if step[0] >= self.tick:
                self.snaps[step[0]] = step[1]
            if time.perf_counter() - began > REBUILD_SECONDS_PER_FRAME:
                break
        self.rebuild_ms += (time.perf_counter() - began) * 1000
        if done:
            self.steps = None
            assert self.then is not None, "a rebuild is started with what follows it"
            self.then(self._rebuilt())

    def _rebuilt(self) -> str:
        """The new scene is in place: the ticks played past the desync again, the
        replay and the hashes from the host's log; our new hash of the desync tick."""
        peer, t = self.peer, self.tick
        s, game = peer.session, peer.game
        began = time.perf_counter()
        confirmed = s.confirmed
        s.snapshots.update(self.snaps)
        s.rerun(self.until)
        kept = min(confirmed, game.tick)             # less if the rebuilt match ends sooner
        peer.replay.frames, peer.replay.ticks = frames_upto(self.frames, kept), kept
        peer.replay.state_hash = ""
        peer.inputs_digest.reset(peer.replay.frames)
        digest = peer.inputs_digest.with_state(t, game.hash_of(self.snaps.get(t))) or ""
        for table in (peer.my_hashes, peer.peer_hashes):
            for k in [k for k in table if k >= t]:
                del table[k]
        peer.my_hashes[t] = digest
        self.rebuild_ms += (time.perf_counter() - began) * 1000
        return digest

    def _send_log(self, frames: list, digest: str) -> None:
        if not digest:                  # our own log ends before the desync tick: nothing to agree on
            log.error("RESYNC at tick %d failed: the match rebuilt from our log ends before it", self.tick)
            self.failed = True
            return
        self.digest = bytes.fromhex(digest)
        self.pieces = pieces_of(pack_log(frames))
        if len(self.pieces) > MAX_LOG_PIECES:
            log.error("RESYNC at tick %d: the log is too big to send (%d pieces)", self.tick, len(self.pieces))
            self.failed = True

    def _finish(self, how: str) -> None:
        frames = self.peer.now - self.started
        size = sum(map(len, self.pieces)) if self.peer.host else sum(map(len, self.parts.values()))
        self.done.append((self.tick, frames, round(self.rebuild_ms, 1), size))
        log.error("RESYNC at tick %d %s; %d frames from the desync, the rebuild took %.1f ms",
                  self.tick, how, frames, self.rebuild_ms)
        self.peer.agreed += 1
        self.tick = 0

    # ---------------------------------------------------------------- host
    def pieces_to_send(self) -> list:
        """(tick, hash, index, total, piece) to send this frame, beyond the usual packet."""
        if not (self.busy and self.peer.host and self.pieces) or self.failed:
            return []
        top = min(len(self.pieces), self.have + WINDOW)
        out = []
        for _ in range(min(PIECES_PER_FRAME, top - self.have)):
            i = self.have + self.sent_round % (top - self.have)
            self.sent_round += 1
            out.append((self.tick, self.digest, i, len(self.pieces), self.pieces[i]))
        return out

    def on_ack(self, t: int, have: int) -> None:
        if not (self.busy and self.peer.host and self.pieces) or t != self.tick:
            return
        self.have = max(self.have, min(have, len(self.pieces)))
        if self.have == len(self.pieces):
            self.peer.peer_hashes[t] = self.digest.hex()
            self._finish("done: the guest rebuilt the match from our log")

    # --------------------------------------------------------------- guest
    def on_piece(self, t: int, digest: bytes, index: int, total: int, piece: bytes) -> None:
        peer = self.peer
        if peer.host:
            return
        if not self.busy:
            if t in peer.resynced:
                self.ack_out, self.ack_repeats = (t, total), ACK_REPEATS      # our ack was lost: again
                return
            if t > peer.session.confirmed:
                return                  # not a tick this cabinet has: not ours to take
            self.desync(t, peer.my_hashes.get(t, "?"), digest.hex())
        if t != self.tick or self.steps is not None or (self.total and (total != self.total
                                                                         or digest != self.digest)):
            return
        self.total, self.digest = total, digest
        self.parts.setdefault(index, piece)
        while self.have in self.parts:
            self.have += 1
        self.ack_out, self.ack_repeats = (t, self.have), ACK_REPEATS
        if self.have == total:
            self._take_log(t)

    def _take_log(self, t: int) -> None:
        peer = self.peer
        frames = unpack_log(b"".join(self.parts[i] for i in range(self.total)), t)
        if frames is None:
            log.error("RESYNC at tick %d: the host's log does not read; asked again", t)
            self.parts, self.have, self.total = {}, 0, 0
            return
        differ = differing_ticks(frames, frames_upto(peer.replay.frames, t))
        self._start_rebuild(frames, lambda rebuilt: self._check_rebuilt(rebuilt, differ))

    def _check_rebuilt(self, rebuilt: str, differ: list) -> None:
        peer, t = self.peer, self.tick
        if rebuilt != self.digest.hex():
            log.error("RESYNC at tick %d failed: rebuilt from the host's log, our state hashes %s, the host's %s",
                      t, rebuilt, self.digest.hex())
            self.failed = True
            return
        peer.peer_hashes[t] = rebuilt
        peer.resynced.add(t)
        self._finish(f"done: rebuilt from the host's log ({t} ticks, {sum(map(len, self.parts.values()))} bytes "
                     f"in {self.total} pieces); inputs that differed from ours at ticks {differ or 'none'}")

    def ack_fields(self) -> tuple:
        if self.ack_repeats:
            self.ack_repeats -= 1
            return self.ack_out
        return 0, 0

    # ----------------------------------------------------------------- log
    def _dump(self, t: int, mine: str, theirs: str) -> None:
        peer = self.peer
        role = "host" if peer.host else "guest"
        path = None
        if self.dump_dir is not None:
            path = self.dump_dir / f"desync-{t}-{role}.json"
            scene = peer.game.scene
            fields = {k: repr(v)[:4000] for k, v in sorted(vars(scene).items()) if k not in ("ctx",)}
            try:
                atomic_write(path, json.dumps({"tick": t, "role": role, "our_hash": mine, "their_hash": theirs,
                                               "now_at_tick": peer.game.tick, "scene": fields,
                                               "replay": json.loads(peer.replay.to_json())}, indent=1))
            except OSError as e:
                log.error("could not write %s: %s", path, e)
                path = None
        log.error("DESYNC at tick %d (%s): our hash %s, the peer's %s; resyncing from the host's log; "
                  "what we had: %s", t, role, mine, theirs, path or "(no data directory to dump it in)")
