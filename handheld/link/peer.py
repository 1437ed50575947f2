"""One cabinet's end of a linked match: packets in and out, rollback, state
hashes, desync and resync, the link's quality and the match's replay.

`tick(now, local)` is called once per frame and never blocks: it reads what
has arrived, advances the game one tick if the rollback window allows
(else the game waits), and sends one packet. `now` is the frame count (a
tick clock: the tests' is fake, the cabinet's is its frame loop).

Only datagrams from the paired peer's address, of this session's token,
intact (keyed MAC) and newer than the last one accepted change anything;
everything else is counted in `rejected` and dropped.
"""

from __future__ import annotations

import logging

from handheld.base.actions import IDLE, InputFrame
from handheld.link.packet import INPUTS, LOG, MAX_INPUTS, RESYNC, Packet, decode, encode
from handheld.link.resync import InputsDigest, LogResync
from handheld.link.rollback import MAX_ROLLBACK, RollbackSession

log = logging.getLogger("handheld.link")

HASH_EVERY = 60               # a state hash a second, of a tick both sides have
HASH_REPEATS = 8              # packets that carry each hash (a lost packet costs nothing)
RESYNC_REPEATS = 10           # packets that carry the host's state after a desync
LOST_TICKS = 60               # nothing heard for a second: "LINK LOST: WAITING"
GIVE_UP_TICKS = 30 * 60       # nothing heard for 30 s: the match ends with no record
RTT_KEEP = 128                # sent packets remembered for the round-trip time


def delay_for_rtt(rtt_ticks: int) -> int:
    """Input delay for a round trip: keep the remote's lag (one way minus
    the delay) near 3 ticks, so rollbacks stay short and never hit the limit."""
    one_way = (rtt_ticks + 1) // 2
    return max(0, min(3, one_way - 3))


class LinkPeer:
    def __init__(self, game, host: bool, token: int, transport, peer_address, input_delay: int | None = 0,
                 max_rollback: int = MAX_ROLLBACK):
        self.game, self.host, self.token = game, host, token
        self.transport, self.peer_address = transport, peer_address
        self.auto_delay = input_delay is None
        self.session = RollbackSession(game, 0 if host else 1, input_delay or 0, max_rollback)
        self.replay = game.new_replay()
        self.seq = 0
        self.peer_seq = 0             # the last sequence accepted from the peer
        self.peer_ack = 0             # the peer holds all our inputs up to this tick
        self.sent_at: dict = {}       # our seq -> now, for the round-trip time
        self.rtt_x8 = -1              # smoothed round trip in eighths of a tick; -1 before the first
        self.received = 0
        self.rejected = 0
        self.last_heard = 0
        self.now = 0
        self.my_hashes: dict = {}     # tick -> hash of our state after it
        self.peer_hashes: dict = {}
        self.hash_out: tuple[int, bytes] = (0, b"")     # (tick, hash) to send while hash_repeats > 0
        self.hash_repeats = 0
        self.resync_out: tuple[int, bytes] = (0, b"")   # (tick, state) to send while resync_repeats > 0
        self.resync_repeats = 0
        self.resynced: set = set()    # ticks whose host state we have taken
        self.desyncs: list = []       # ticks whose hashes differed
        self.agreed = 0               # hashes compared equal
        self.finished = False         # the match ended, both sides agree on every input
        self.started_at = -1          # the `now` of the first tick played (the peer heard)
        self.finished_at = -1         # the `now` it finished at
        self.gave_up = False          # the link stayed lost for 30 s: no record
        # a whole match (it can be rebuilt) resyncs from the host's log of it; a duel from its state
        self.log_resync = LogResync(self) if hasattr(game, "rebuilding") else None
        self.inputs_digest = InputsDigest() if self.log_resync is not None else None
        self.rematch_out = -1         # -1, or what our packets say of a rematch (packet.py)
        self.rematch_in = -1          # what the peer's last packet said of one
        self.moved_on_token: int | None = None     # a token whose packets mean the peer began the rematch
        self.moved_on = False

    # ------------------------------------------------------------- the frame
    def tick(self, now: int, local) -> None:
        """One frame: `local` is this tick's PlayerInput, or a callable
        tick -> PlayerInput (scripted players)."""
        self.now = now
        self.receive()
        if not self.finished and not self.gave_up:
            if now - self.last_heard > GIVE_UP_TICKS:
                self.gave_up = True
                log.warning("link lost for 30 s: the match ends with no record")
            elif self.log_resync is not None and self.log_resync.busy:   # both stand still until it is mended
                self.log_resync.frame()
            elif self.received:                 # play starts once the other cabinet is heard
                if self.started_at < 0:
                    self.started_at = now
                self.session.advance(local)
                self._confirm()
        self.send()

    @property
    def resyncing(self) -> bool:
        return self.log_resync is not None and self.log_resync.busy

    # ------------------------------------------------------------- receiving
    def receive(self) -> None:
        for data, address in self.transport.receive():
            if address != self.peer_address:
                self.rejected += 1
                continue
            p = decode(data, self.token)
            if p is None or p.seq <= self.peer_seq:
                self.rejected += 1
                if self.moved_on_token is not None and decode(data, self.moved_on_token) is not None:
                    self.moved_on = True        # the peer's first packet of the rematch
                continue
            self.accept(p)

    def accept(self, p: Packet) -> None:
        self.peer_seq = p.seq
        self.received += 1
        self.last_heard = self.now
        self.peer_ack = max(self.peer_ack, min(p.ack, self.session.last_local_tick))
        sent = self.sent_at.pop(p.echo, None)
        if sent is not None:
            sample = 8 * (self.now - sent)
            self.rtt_x8 = sample if self.rtt_x8 < 0 else self.rtt_x8 + (sample - self.rtt_x8) // 8
            if self.auto_delay:
                choose = getattr(self.game, "delay_for_rtt", delay_for_rtt)
                self.session.set_input_delay(choose(self.rtt_x8 // 8))
        if p.inputs:
            self.session.add_remote(p.first, p.inputs)
        self.rematch_in = p.rematch
        if p.hash_tick and p.hash_tick not in self.peer_hashes and not self.resyncing:
            self.peer_hashes[p.hash_tick] = p.hash.hex()
            self._compare(p.hash_tick)
            self._answer_hashes()
        if p.kind == RESYNC and not self.host:
            self._take_host_state(p.state_tick, p.state)
        if self.log_resync is not None:
            if p.log_ack_tick:
                self.log_resync.on_ack(p.log_ack_tick, p.log_ack_have)
            if p.kind == LOG:
                self.log_resync.on_piece(p.state_tick, p.log_hash, p.log_index, p.log_total, p.state)

    # ------------------------------------------------------ confirmed ticks
    def _confirm(self) -> None:
        s = self.session
        for t, light, dark in s.pop_confirmed():
            frame = InputFrame((light, dark, IDLE, IDLE))
            self.replay.record(frame)
            if self.inputs_digest is not None:
                self.inputs_digest.add(t, frame)
            if t % HASH_EVERY == 0:
                self._hash(t)
        self._answer_hashes()
        if self.game.over and s.confirmed == self.game.tick:
            self.finished, self.finished_at = True, self.now
            self.replay.state_hash = self.game.state_hash()
            self._hash(self.game.tick)          # the final state is compared too
            log.info("linked match over at tick %d, hash %s", self.game.tick, self.replay.state_hash)

    def _hash(self, t: int) -> None:
        if t not in self.my_hashes:
            mine = self._hash_at(t)
            if mine is None:
                return                          # a tick the game did not hash (LinkedScene hashes a few)
            self.my_hashes[t] = mine
            self._compare(t)
        self.hash_out, self.hash_repeats = (t, bytes.fromhex(self.my_hashes[t])), HASH_REPEATS
        for table in (self.my_hashes, self.peer_hashes):
            for old in [k for k in table if k < t - 10 * HASH_EVERY]:
                del table[old]

    def _answer_hashes(self) -> None:
        """Hash the ticks the peer hashed off the schedule (its final tick)
        once they are final here too: a match that ends at different ticks
        on the two cabinets is a desync like any other."""
        last = self.session.confirmed
        for t in [t for t in self.peer_hashes if t not in self.my_hashes and t <= last]:
            mine = self._hash_at(t)
            if mine is not None:
                self.my_hashes[t] = mine
                self._compare(t)

    def _hash_at(self, t: int):
        """Our hash of tick t (None: not a tick the game hashed, or no longer
        kept); in a whole match, with the inputs agreed up to it folded in."""
        snap = self.session.snapshot_at(t)
        mine = None if snap is None else self.game.hash_of(snap)
        return mine if self.inputs_digest is None else self.inputs_digest.with_state(t, mine)

    def _compare(self, t: int) -> None:
        mine, theirs = self.my_hashes.get(t), self.peer_hashes.get(t)
        if mine is None or theirs is None:
            return
        if mine == theirs:
            self.agreed += 1
            return
        self.desyncs.append(t)
        self.hash_out, self.hash_repeats = (t, bytes.fromhex(mine)), HASH_REPEATS   # so the peer sees it too
        if self.log_resync is not None:
            self.log_resync.desync(t, mine, theirs)
            return
        log.error("DESYNC at tick %d: our hash %s, the peer's %s; our state: %r", t, mine, theirs,
                  self.session.snapshot_at(t))
        snap = self.session.snapshot_at(t)
        state = None if snap is None else self.game.encode(snap)
        if self.host and state is not None:     # (None: too old, or a game that cannot resync)
            self.resync_out, self.resync_repeats = (t, state), RESYNC_REPEATS

    def _take_host_state(self, t: int, raw: bytes) -> None:
        if t in self.resynced:
            return
        snap = self.game.decode(raw)
        if snap is None:
            self.rejected += 1
            return
        host_hash = self.game.hash_of(snap)
        if self.peer_hashes.get(t, host_hash) != host_hash:
            self.rejected += 1
            return
        ours = self.session.snapshot_at(t)
        if not self.session.replace_state(t, snap):
            return                              # out of reach: the next hash check asks again
        self.resynced.add(t)
        if t not in self.desyncs:
            self.desyncs.append(t)                  # the host saw it first
        log.error("RESYNC at tick %d from the host's state %r (ours was %r)", t, snap, ours)
        self.my_hashes[t] = host_hash
        _truncate(self.replay, self.session.confirmed)
        if self.finished or self.game.over and self.session.confirmed == self.game.tick:
            self.finished = self.game.over
            self.finished_at = self.now if self.finished else -1
            self.replay.state_hash = self.game.state_hash() if self.finished else ""
        for later in sorted(k for k in self.my_hashes if k > t):
            self.my_hashes[later] = self.game.hash_of(self.session.snapshot_at(later))
            self._compare(later)

    # --------------------------------------------------------------- sending
    def send(self) -> None:
        pieces = self.log_resync.pieces_to_send() if self.log_resync is not None else []
        for t, digest, index, total, piece in pieces:
            self._send_one(LOG, t, piece, (digest, index, total))
        if self.log_resync is not None and self.log_resync.busy and not self.host:
            t = self.log_resync.tick                # until the host answers, it hears why we stand still
            if t in self.my_hashes:
                self.hash_out, self.hash_repeats = (t, bytes.fromhex(self.my_hashes[t])), 1
        self._send_one()

    def _send_one(self, kind: int = INPUTS, state_tick: int = 0, state: bytes = b"", log_fields=(b"", 0, 0)) -> None:
        s = self.session
        self.seq += 1
        first = self.peer_ack + 1
        last = min(s.last_local_tick, first + MAX_INPUTS - 1)
        inputs = s.local_inputs(first, last) if last >= first else []
        hash_tick, digest = 0, b""
        if self.hash_repeats:
            self.hash_repeats -= 1
            hash_tick, digest = self.hash_out
        if self.resync_repeats and kind == INPUTS:
            self.resync_repeats -= 1
            kind, (state_tick, state) = RESYNC, self.resync_out
        ack_tick, ack_have = self.log_resync.ack_fields() if self.log_resync is not None else (0, 0)
        p = Packet(self.token, self.seq, self.peer_seq, s.confirmed_remote, first if inputs else 0,
                   tuple(inputs), hash_tick, digest, kind, state_tick, state, ack_tick, ack_have,
                   self.rematch_out, *log_fields)
        self.sent_at[self.seq] = self.now
        self.sent_at.pop(self.seq - RTT_KEEP, None)
        self.transport.send(encode(p), self.peer_address)

    @property
    def play_ticks(self) -> int:
        """Frames from the first tick played to the finish, waits included:
        the duel's own ticks when the link never made it wait."""
        return self.finished_at - self.started_at + 1 if self.finished else -1

    @property
    def settled(self) -> bool:
        """Finished, and the peer's hash of the final state has been compared."""
        return self.finished and self.game.tick in self.peer_hashes

    # ---------------------------------------------------------- what to show
    @property
    def rtt_ticks(self) -> int:
        return max(self.rtt_x8, 0) // 8

    def status(self) -> str:
        """What both screens say about the link right now."""
        if self.gave_up:
            return "LINK LOST: MATCH OVER"
        if not self.received:
            return "WAITING FOR THE OTHER CABINET"
        if self.now - self.last_heard > LOST_TICKS:
            return "LINK LOST: WAITING"
        if self.log_resync is not None and self.log_resync.busy:
            return self.log_resync.status()
        if self.desyncs and (self.host and self.resync_repeats or not self.host
                             and self.desyncs[-1] not in self.resynced):
            return "DESYNC: RESYNCHRONISING"
        if not self.finished and not self.session.can_advance() and not self.game.over:
            return f"WAITING FOR THE LINK  RTT {self.rtt_ticks * 1000 // 60} MS"
        return ""

    def fingerprint(self) -> tuple:
        """Everything a packet may change (for the fuzz test: nothing may)."""
        s = self.session
        return (self.peer_seq, self.peer_ack, self.rtt_x8, self.received, self.last_heard,
                tuple(sorted(self.peer_hashes.items())), tuple(self.desyncs), tuple(sorted(self.resynced)),
                s.confirmed_remote, s.first_wrong, tuple(sorted(s.inputs[s.remote_side].items())),
                self.game.snapshot(), s.input_delay)


def _truncate(replay, ticks: int) -> None:
    """Drop a replay's frames after `ticks` (a resync ended the match sooner)."""
    extra = replay.ticks - ticks
    while extra > 0 and replay.frames:
        frame = replay.frames[-1]
        cut = min(extra, frame[1])
        frame[1] -= cut
        extra -= cut
        replay.ticks -= cut
        if not frame[1]:
            replay.frames.pop()
