"""Two cabinets in one process: a linked duel through the lossy relay on
127.0.0.1, on a fake tick clock (tests, `handheld bench`).

Both peers tick once per wall tick; the relay is pumped before each. A
player is a function peer -> (tick -> PlayerInput): `scripted(masks)` plays
a fixed list of held masks by tick, `computer(level)` a ComputerFighter
reading that cabinet's own (predicted) duel.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from handheld.games.archon.duel.fighter import ComputerFighter
from handheld.games.archon.duel.model import DuelSetup
from handheld.base.actions import IDLE, PlayerInput
from handheld.link.duel_game import LinkedDuel
from handheld.link.peer import LinkPeer
from handheld.link.relay import TICK_US, Condition, LossyRelay
from handheld.runtime.rng import Rng

if TYPE_CHECKING:
    from handheld.link.linked_match import LinkedMatchRunner

HOST = "127.0.0.1"
TOKEN = 0x5EED_CAB1_2E7_0001
EXTRA_WALL_TICKS = 2400       # give up this long after the duel would be over offline


def scripted(masks):
    """The held mask of tick t is masks[t - 1] (idle after the list)."""
    def player(_peer):
        return lambda t: PlayerInput(masks[t - 1]) if t <= len(masks) else IDLE
    return player


def computer(level: int = 1, seed: int = 0):
    def player(peer):
        side = "light" if peer.host else "dark"
        ai = ComputerFighter(side, level, Rng(seed).fork(side + "-link-ai"))
        return lambda _t: PlayerInput(ai.decide(peer.game.duel))
    return player


def offline_duel_inputs(setup: DuelSetup, seed: int, level: int = 1) -> tuple[list, list, str, int]:
    """A computer-vs-computer duel played offline: (light masks, dark masks,
    final state hash, ticks). Replayed over the link it must end the same."""
    rng = Rng(seed)
    game = LinkedDuel(setup, seed)
    la = ComputerFighter("light", level, rng.fork("light-ai"), peer=True)
    da = ComputerFighter("dark", level, rng.fork("dark-ai"), peer=True)
    light, dark = [], []
    while not game.over:
        lh, dh = la.decide(game.duel), da.decide(game.duel)
        light.append(lh)
        dark.append(dh)
        game.step(PlayerInput(lh), PlayerInput(dh))
    return light, dark, game.state_hash(), game.tick


@dataclass
class LinkedResult:
    host: LinkPeer
    guest: LinkPeer
    wall_ticks: int
    relay_passed: int
    relay_dropped: int
    # the loop runs until both have finished and seen each other's final hash
    # (a cabinet showing the result still answers its peer), or gives up
    @property
    def finished(self) -> bool:
        return self.host.finished and self.guest.finished

    @property
    def bytes_per_second(self) -> int:
        """Bytes one cabinet sends per second of play (UDP payload)."""
        sent = max(self.host.transport.bytes_sent, self.guest.transport.bytes_sent)
        return sent * 60 // max(self.wall_ticks, 1)


def play_linked_duel(setup: DuelSetup, seed: int, light, dark, condition: Condition = Condition(),
                     relay_seed: int = 1, input_delay: int | None = 0, max_wall_ticks: int = 20000,
                     host_game=None, guest_game=None, on_tick=None) -> LinkedResult:
    """Host (Light) and guest (Dark), each with its own UDP socket, through
    a LossyRelay; returns when both have finished or after max_wall_ticks."""
    relay = LossyRelay(HOST, condition, relay_seed)
    peers = []
    try:
        from handheld.link.transport import UdpTransport
        for cabinet, game in ((0, host_game or LinkedDuel(setup, seed)), (1, guest_game or LinkedDuel(setup, seed))):
            transport = UdpTransport(HOST)
            relay.connect(cabinet, transport.address)
            peers.append(LinkPeer(game, cabinet == 0, TOKEN, transport, relay.address_for(cabinet), input_delay))
        host, guest = peers
        players = (light(host), dark(guest))
        now = 0
        while now < max_wall_ticks and not (host.settled and guest.settled) \
                and not (host.gave_up or guest.gave_up):
            now += 1
            relay.pump(now * TICK_US)
            if on_tick is not None:
                on_tick(now, relay, host, guest)
            host.tick(now, players[0])
            guest.tick(now, players[1])
        return LinkedResult(host, guest, now, relay.passed, relay.dropped)
    finally:
        for p in peers:
            p.transport.close()
        relay.close()


# ------------------------------------------------------------ whole matches
@dataclass
class LinkedMatchResult:
    host: LinkedMatchRunner       # the host cabinet's
    guest: LinkedMatchRunner
    wall_ticks: int
    relay_passed: int
    relay_dropped: int
    reports: tuple = ([], [])     # what each cabinet's runner reported at the match's end

    @property
    def finished(self) -> bool:
        return self.host.ended == "finished" and self.guest.ended == "finished"

    @property
    def bytes_per_second(self) -> int:
        sent = max(self.host.peer.transport.bytes_sent, self.guest.peer.transport.bytes_sent)
        return sent * 60 // max(self.wall_ticks, 1)


def take_input_wrongly(at_tick: int, on_host: bool = False, ticks: int = 1):
    """An on_tick for play_linked_match: from its first frame, the chosen
    cabinet takes the other side's inputs of match ticks at_tick.. (`ticks`
    of them) wrongly, as a bug in the link would: FIRE and a sideways push."""
    from handheld.base.actions import Action

    def on_tick(now, _relay, host, guest):
        runner = host if on_host else guest
        if now != 1:
            return
        session = runner.peer.session
        take = session.add_remote

        def add_remote(first, inputs):
            inputs = list(inputs)
            for t in range(max(first, at_tick), min(first + len(inputs), at_tick + ticks)):
                if t not in session.inputs[session.remote_side]:
                    good = inputs[t - first]
                    bad = int(Action.FIRE | (Action.LEFT if good.held & Action.RIGHT else Action.RIGHT))
                    inputs[t - first] = PlayerInput(bad, bad, 0, bad)
            take(first, inputs)
        session.add_remote = add_remote
    return on_tick


def play_linked_match(game, options: dict, seed: int, host_player, guest_player,
                      condition: Condition = Condition(), relay_seed: int = 1, input_delay: int | None = None,
                      max_wall_ticks: int = 100_000, data_dirs=(None, None), on_tick=None) -> LinkedMatchResult:
    """A whole match of `game` between two cabinets in this process, each a
    headless Context with its own LinkedMatchRunner on its director, through
    a LossyRelay on 127.0.0.1. A player is a function runner -> (() ->
    PlayerInput), sampled once a frame as the cabinet's P1 controls. Returns
    when both have settled (finished and compared their final hashes), one
    has ended otherwise, or after max_wall_ticks."""
    with TwoCabinets(game, options, seed, condition, relay_seed, input_delay, data_dirs) as pair:
        return pair.play(host_player, guest_player, max_wall_ticks, on_tick)


def headless_cabinet(game, options: dict, seed: int, link, data_dir=None, on_match_end=None):
    """A headless cabinet (its Context) with a LinkedMatchRunner for `link` on its director."""
    from handheld.link.linked_match import LinkedMatchRunner
    from handheld.runtime.context import Context

    ctx = Context.headless_context(seed=seed)
    ctx.data_dir, ctx.on_match_end = data_dir, on_match_end
    ctx.director.push(LinkedMatchRunner(ctx, game, options, seed, link))
    return ctx


def pad_frame(runner, sample) -> None:
    """One frame of a linked match: the player's sample as the cabinet's P1
    controls (hands off once the match is over; the link still answers)."""
    from handheld.base.actions import InputFrame

    runner.update(InputFrame((IDLE if runner.ended else sample(), IDLE, IDLE, IDLE)))


class TwoCabinets:
    """Two headless cabinets in this process, each with a LinkedMatchRunner on its
    director, through a LossyRelay on 127.0.0.1; `play` runs whatever match is
    on top of each director (a rematch replaces the runner)."""

    def __init__(self, game, options: dict, seed: int, condition: Condition = Condition(), relay_seed: int = 1,
                 input_delay: int | None = None, data_dirs=(None, None)):
        from handheld.link.linked_match import LinkSetup
        from handheld.link.transport import UdpTransport

        self.relay = LossyRelay(HOST, condition, relay_seed)
        self.ctxs: list = []
        self.transports: list = []
        self.reports: tuple = ([], [])
        self.now = 0
        for cabinet in (0, 1):
            transport = UdpTransport(HOST)
            self.transports.append(transport)
            self.relay.connect(cabinet, transport.address)
            link = LinkSetup(cabinet == 0, TOKEN, transport, self.relay.address_for(cabinet), input_delay)
            self.ctxs.append(headless_cabinet(game, options, seed, link, data_dirs[cabinet],
                                              self.reports[cabinet].append))

    def __enter__(self) -> TwoCabinets:
        return self

    def __exit__(self, *_exc) -> None:
        for t in self.transports:
            t.close()
        self.relay.close()

    @property
    def runners(self) -> tuple:
        """Each cabinet's match runner: the highest on its director (a rematch replaces it)."""
        from handheld.runtime.match import MatchRunner

        return tuple([s for s in ctx.director.scenes if isinstance(s, MatchRunner)][-1] for ctx in self.ctxs)

    def frame(self, samples, on_tick=None) -> None:
        """One frame on both cabinets: the relay, then each runner with its player's sample."""
        self.now += 1
        self.relay.pump(self.now * TICK_US)
        host, guest = self.runners
        if on_tick is not None:
            on_tick(self.now, self.relay, host, guest)
        for runner, sample in zip((host, guest), samples):
            pad_frame(runner, sample)

    def play(self, host_player, guest_player, max_wall_ticks: int = 100_000, on_tick=None) -> LinkedMatchResult:
        """Until both have settled, one has ended otherwise, or max_wall_ticks more frames."""
        host, guest = self.runners
        samples = (host_player(host), guest_player(guest))
        start = self.now
        while self.now - start < max_wall_ticks and not (host.peer.settled and guest.peer.settled) \
                and not ({host.ended, guest.ended} - {"", "finished"}):
            self.frame(samples, on_tick)
        return LinkedMatchResult(host, guest, self.now - start, self.relay.passed, self.relay.dropped,
                                 self.reports)
