"""The LINK screens as the showcase (`handheld screenshot menu:link-...`, docs/screens)
shows them: on 127.0.0.1 only and with no mDNS, nothing leaves this machine; the
match screens are set up as they would stand, not waited for (no packet is sent
to anyone: the peer's address is the discard port)."""

from __future__ import annotations

from handheld.base.actions import EMPTY_FRAME

SHOWCASE_LINK = {"name": "CABINET-1", "address": "192.168.1.20", "port": 47820, "peers": ["192.168.1.31"]}


def _loopback():
    from handheld.link.transport import UdpTransport

    return UdpTransport("127.0.0.1")


class _LinkSettings:
    """The settings a shown LINK screen reads: its [link] section, defaults for the rest."""

    def get(self, key, default=None):
        return dict(SHOWCASE_LINK) if key == "link" else default


def _link_ctx(ctx):
    ctx.settings = _LinkSettings()
    return ctx


def _link_host(request: bool):
    def make(ctx, seed):
        from handheld.cabinet.link_screens import HostScene, link_options
        from handheld.link.pairing import Request

        scene = HostScene(_link_ctx(ctx), link_options(ctx), mdns=False, transport=_loopback())
        if request:
            scene.pairing.request = Request(("127.0.0.1", 47821), "CABINET-2", "archon", 1)
        return scene
    return make


def _link_join(ctx, seed):
    from handheld.cabinet.link_screens import JoinScene, link_options

    class Found:                    # what mDNS would have found on the LAN
        def cabinets(self):
            return [("BARTOP", ("192.168.1.31", 47820)), ("CABINET-2", ("192.168.1.21", 47820))]

        def close(self):
            pass
    scene = JoinScene(_link_ctx(ctx), link_options(ctx), mdns=True, browser=Found(), transport=_loopback())
    scene.update(EMPTY_FRAME)
    return scene


def _link_code(ctx, seed):
    from handheld.cabinet.link_screens import CodeScene
    from handheld.link.pairing import Agreement

    class Paired:
        agreement = Agreement(False, 0x5EED_0000_0000_1234 + 3587, 7, "archon", {"mode": "two_players"},
                              ("192.168.1.20", 47820), "CABINET-1")

        def poll(self):
            pass
    return CodeScene(ctx, Paired(), None)


def _link_lost(ctx, seed):
    """An Archon match between two cabinets whose other cabinet went quiet a
    second and a half ago (set, not waited for: no packet is sent)."""
    from handheld.games.registry import load_game
    from handheld.link.linked_match import LinkedMatchRunner, LinkSetup
    from handheld.link.pairing import LINK_OPTIONS

    link = LinkSetup(True, 1, _loopback(), ("127.0.0.1", 9))
    runner = LinkedMatchRunner(ctx, load_game("archon"), LINK_OPTIONS["archon"], seed, link)
    runner.peer.received, runner.peer.last_heard, runner.peer.now = 1, 10, 100
    return runner


def _linked(ctx, game_id: str, seed: int):
    """A linked match of `game_id` as the host, the other cabinet heard a moment ago."""
    from handheld.games.registry import load_game
    from handheld.link.linked_match import LinkedMatchRunner, LinkSetup
    from handheld.link.pairing import LINK_OPTIONS

    link = LinkSetup(True, 0x5EED_0000_0000_1234 + 3587, _loopback(), ("127.0.0.1", 9))
    runner = LinkedMatchRunner(ctx, load_game(game_id), LINK_OPTIONS[game_id], seed, link)
    runner.peer.received = 1
    return runner


def _played_to(runner, ticks: int, seed: int) -> None:
    """The match as it stands after `ticks` of two players pressing at random (or its end)."""
    from handheld.link.pad_players import masher

    a, b = masher(seed)(runner), masher(seed + 1)(runner)
    for _ in range(ticks):
        if runner.linked.over:
            break
        runner.linked.step(a(), b())


def _link_desync(ctx, seed):
    """Both screens while a desync is mended: the host has sent its log, the guest rebuilds."""
    runner = _linked(ctx, "archon", seed)
    _played_to(runner, 400, seed)
    r = runner.peer.log_resync
    r.tick, r.started = 240, runner.now
    return runner


def _link_gone(ctx, seed):
    """A Sphinx match whose other cabinet has been silent 30 s: the computer may play on."""
    runner = _linked(ctx, "sphinx", seed)
    _played_to(runner, 300, seed)
    runner.peer.gave_up, runner.ended = True, "lost"
    runner._open_menu("lost")
    return runner


def _link_end(waiting: bool):
    def make(ctx, seed):
        """A linked match's end: REMATCH or LEAVE, the other cabinet has asked for one (or we wait for it)."""
        runner = _linked(ctx, "sphinx", seed)
        _played_to(runner, 20_000, 7)
        runner.ended = "finished"
        runner.peer.rematch_in = -1 if waiting else 0
        runner._open_menu("rematch" if waiting else "end")
        return runner
    return make


def link_scenes() -> dict:
    from handheld.cabinet.link_screens import LinkScene

    return {"link": lambda ctx, seed: LinkScene(_link_ctx(ctx), mdns=True), "link-host": _link_host(False),
            "link-request": _link_host(True), "link-join": _link_join, "link-code": _link_code,
            "link-lost": _link_lost, "link-desync": _link_desync, "link-gone": _link_gone,
            "link-end": _link_end(False), "link-rematch": _link_end(True)}
