"""LINK in the cabinet's menu: two cabinets, one match (docs/link.md).

LINK -> HOST: this cabinet waits (advertised by mDNS when python3-zeroconf
is installed) until another asks, "CABINET-2 WANTS TO PLAY ARCHON"; FIRE
accepts, ALT refuses. LINK -> JOIN: the cabinets found (and those in
[link] peers), then the game; the host is asked. Both then show the same
4-digit code, and the linked match starts (the host plays player 1).
"""

from __future__ import annotations

import logging

import pygame

from handheld.base.actions import Action, InputFrame
from handheld.base.scene import Scene
from handheld.link import discovery
from handheld.link.options import LinkOptions, find_address, parse
from handheld.link.pairing import LINK_OPTIONS, GuestPairing, HostPairing
from handheld.link.transport import Transport, UdpTransport
from handheld.ui.palette import rgb
from handheld.ui.text import draw_text, render
from handheld.ui.widgets import Menu, TextWindow, draw_title

log = logging.getLogger("handheld.link")

CODE_TICKS = 180              # the code stays 3 s on both screens (FIRE: play at once)


def link_options(ctx) -> LinkOptions:
    options, warnings = parse(ctx.setting("link", {}))
    for w in warnings:
        log.warning("%s", w)
    if not options.address:
        options = LinkOptions(options.name, find_address(), options.port, options.peers)
    return options


def big(surface, y: int, text: str, colour: str = "gold", scale: int = 3) -> None:
    img = render(text, colour)
    img = pygame.transform.scale(img, (img.get_width() * scale, img.get_height() * scale))
    surface.blit(img, ((320 - img.get_width()) // 2, y))


def game_title(game_id: str) -> str:
    from handheld.games.registry import load_game
    return load_game(game_id).title.upper()


def open_transport(address: str, port: int = 0) -> tuple[Transport | None, str]:
    """A socket on this cabinet's one link address, or (None, why)."""
    if not address:
        return None, "NO ADDRESS: SET [link] address"
    try:
        return UdpTransport(address, port), ""
    except OSError as e:
        log.warning("link: cannot use %s:%d: %s", address, port, e)
        return None, f"CANNOT USE {address}:{port}"


class LinkScene(Scene):
    """HOST or JOIN."""

    def __init__(self, ctx, mdns: bool | None = None):
        self.ctx = ctx
        self.options = link_options(ctx)
        self.mdns = discovery.available() if mdns is None else mdns
        if not self.mdns:
            log.info("link: no mDNS without python3-zeroconf (apt-get install python3-zeroconf); "
                     "JOIN lists the [link] peers")
        self.menu = Menu(["HOST", "JOIN", "BACK"], spacing=14)

    def update(self, frame: InputFrame) -> None:
        action = self.menu.update(frame.merged())
        choice = self.menu.items[self.menu.index]
        if action == "back" or (action == "select" and choice == "BACK"):
            self.ctx.director.pop()
        elif action == "select":
            self.ctx.director.push(HostScene(self.ctx, self.options, self.mdns) if choice == "HOST"
                                   else JoinScene(self.ctx, self.options, self.mdns))

    def draw(self, surface) -> None:
        surface.fill(rgb("ink"))
        draw_title(surface, "LINK", "TWO CABINETS, ONE MATCH")
        self.menu.draw(surface, 24, 40)
        o = self.options
        where = f"{o.address}:{o.port}" if o.address else "NO ADDRESS: SET [link] address"
        info = [("THIS CABINET", "silver"), (o.name, "gold"), ("", "ink"), (where, "white"),
                ("MDNS: ON" if self.mdns else discovery.MISSING, "white" if self.mdns else "danger")]
        for i, (text, colour) in enumerate(info):
            draw_text(surface, 110, 40 + i * 12, text, colour)
        TextWindow().draw(surface, [("HOST: WAIT FOR THE OTHER CABINET", "white"),
                                    ("JOIN: FIND IT AND PICK A GAME", "white"),
                                    ("BOTH ON THE SAME LAN OR WI-FI", "silver"),
                                    ("FIRE CHOOSES   ALT BACK", "silver")])


class HostScene(Scene):
    """Wait for a request; FIRE accepts it, ALT refuses it (or leaves)."""

    keeps_awake = True          # kiosk: waiting for the other cabinet is not idling

    def __init__(self, ctx, options: LinkOptions, mdns: bool, transport: Transport | None = None):
        self.ctx, self.options = ctx, options
        self.transport, self.error = (transport, "") if transport else open_transport(options.address, options.port)
        self.pairing = HostPairing(self.transport, options.name) if self.transport else None
        self.advertiser = None
        if self.transport is not None and mdns:
            try:
                self.advertiser = discovery.Advertiser(options.name, options.address, options.port)
            except Exception as e:   # zeroconf refuses the interface: joining by address still works
                log.warning("link: no mDNS on %s: %s", options.address, e)

    def _close(self, keep_socket: bool = False) -> None:
        if self.advertiser is not None:
            self.advertiser.close()
            self.advertiser = None
        if self.transport is not None and not keep_socket:
            self.transport.close()

    def update(self, frame: InputFrame) -> None:
        inp = frame.merged()
        p = self.pairing
        if p is None:
            if inp.pressed & (Action.ALT | Action.FIRE):
                self.ctx.director.pop()
            return
        p.poll()
        if p.agreement is None and p.request is not None:
            if inp.pressed & Action.FIRE:
                p.accept()
                self._close(keep_socket=True)
                self.ctx.audio.play("ui.select")
            elif inp.pressed & Action.ALT:
                p.refuse()
        elif inp.pressed & Action.ALT:              # waiting for a request, or for the guest's READY
            self._close()
            self.ctx.director.pop()
        if p.ready:
            self.ctx.director.replace(CodeScene(self.ctx, p, self.transport))

    def draw(self, surface) -> None:
        surface.fill(rgb("ink"))
        draw_title(surface, "LINK: HOST", self.options.name)
        p = self.pairing
        if p is None:
            big(surface, 80, "NO LINK", "danger")
            lines = [(self.error, "danger"), "", "", ("ALT BACK", "silver")]
        elif p.agreement is not None:
            big(surface, 60, "CODE " + p.agreement.code)
            lines = [(f"WAITING FOR {p.agreement.peer_name}", "white"), "", "", ("ALT BACK", "silver")]
        elif p.request is not None:
            r = p.request
            big(surface, 48, r.name, "gold", 2)
            draw_text(surface, 160, 80, "WANTS TO PLAY", "white", align="center")
            big(surface, 96, game_title(r.game), "gold", 2)
            lines = [(f"{r.name} WANTS TO PLAY {game_title(r.game)}", "gold"),
                     ("YOU PLAY LIGHT, PLAYER 1", "white"), "", ("FIRE PLAYS   ALT SAYS NO", "silver")]
        else:
            big(surface, 64, "WAITING", "white", 2)
            draw_text(surface, 160, 96, "FOR A CABINET TO JOIN", "silver", align="center")
            lines = [(f"{self.options.name} ON {self.options.address}:{self.options.port}", "white"),
                     ("ADVERTISED BY MDNS" if self.advertiser else discovery.MISSING,
                      "silver" if self.advertiser else "danger"),
                     ("ON THE OTHER CABINET: LINK, JOIN", "white"), ("ALT BACK", "silver")]
        TextWindow().draw(surface, lines)


class JoinScene(Scene):
    """Pick a cabinet (found by mDNS, or in [link] peers), then a game; ask."""

    def __init__(self, ctx, options: LinkOptions, mdns: bool, browser=None, transport: Transport | None = None):
        self.ctx, self.options = ctx, options
        self.transport, self.error = (transport, "") if transport else open_transport(options.address)
        self.browser = browser
        if browser is None and mdns and self.transport is not None:
            try:
                self.browser = discovery.Browser(options.address, options.name)
            except Exception as e:
                log.warning("link: no mDNS on %s: %s", options.address, e)
        self.mdns = mdns
        self.cabinets: list = []
        self.menu = Menu([])
        self.stage = "cabinets"                # -> "games" -> "asking"
        self.chosen: tuple[str, tuple] | None = None    # (name, address), from "games" on
        self.games = [g for g in LINK_OPTIONS]
        self.pairing: GuestPairing | None = None

    def _refresh(self) -> None:
        found = self.browser.cabinets() if self.browser is not None else []
        known = {address for _name, address in found}
        cabinets = found + [(f"{a}:{p}", (a, p)) for a, p in self.options.peers if (a, p) not in known]
        if cabinets != self.cabinets:
            keep = self.cabinets[self.menu.index] if self.cabinets and self.menu.index < len(self.cabinets) else None
            self.cabinets = cabinets
            self.menu = Menu([name for name, _ in cabinets] or ["LOOKING..."], spacing=12,
                             disabled=set() if cabinets else {0})
            if keep in cabinets:
                self.menu.index = cabinets.index(keep)

    def _close(self) -> None:
        if self.browser is not None:
            self.browser.close()
            self.browser = None

    def update(self, frame: InputFrame) -> None:
        inp = frame.merged()
        if self.transport is None:
            if inp.pressed & (Action.ALT | Action.FIRE):
                self.ctx.director.pop()
            return
        if self.stage == "cabinets":
            self._refresh()
            action = self.menu.update(inp)
            if action == "back":
                self._close()
                self.transport.close()
                self.ctx.director.pop()
            elif action == "select" and self.cabinets:
                self.chosen = self.cabinets[self.menu.index]
                self.stage, self.menu = "games", Menu([game_title(g) for g in self.games], spacing=12)
        elif self.stage == "games":
            action = self.menu.update(inp)
            if action == "back":
                self.stage, self.cabinets = "cabinets", []
            elif action == "select" and self.chosen is not None:
                self.stage = "asking"
                self.pairing = GuestPairing(self.transport, self.options.name, self.chosen[1],
                                            self.games[self.menu.index])
        elif self.pairing is not None:              # "asking"
            p = self.pairing
            p.poll()
            if inp.pressed & Action.ALT:
                self.stage, self.pairing = "games", None
                self.transport.receive()          # a late answer to that request is not for the next one
            elif p.ready:
                self._close()
                self.ctx.director.replace(CodeScene(self.ctx, p, self.transport))

    def draw(self, surface) -> None:
        surface.fill(rgb("ink"))
        draw_title(surface, "LINK: JOIN", self.options.name)
        if self.transport is None:
            big(surface, 80, "NO LINK", "danger")
            TextWindow().draw(surface, [(self.error, "danger"), "", "", ("ALT BACK", "silver")])
            return
        p, chosen = self.pairing, self.chosen
        if self.stage == "asking" and p is not None and chosen is not None:
            name, game = chosen[0], game_title(p.game)
            if p.refused:
                big(surface, 64, "NOT NOW", "danger", 2)
                lines = [(f"{name} SAID NO", "danger"), "", "", ("ALT BACK", "silver")]
            else:
                big(surface, 64, "ASKING", "white", 2)
                lines = [(f"ASKING {name} TO PLAY {game}", "white"), ("THE HOST ACCEPTS WITH FIRE", "silver"),
                         "", ("ALT BACK", "silver")]
            TextWindow().draw(surface, lines)
            return
        heading = "CABINETS FOUND" if self.stage == "cabinets" or chosen is None else f"PLAY WITH {chosen[0]}"
        draw_text(surface, 24, 24, heading, "silver")
        self.menu.draw(surface, 24, 40)
        if self.stage == "cabinets":
            lines = [("PICK THE CABINET TO PLAY WITH", "white"),
                     ("FOUND BY MDNS, OR [link] peers" if self.mdns else discovery.MISSING,
                      "silver" if self.mdns else "danger"),
                     ("THE OTHER CABINET: LINK, HOST", "white"), ("FIRE CHOOSES   ALT BACK", "silver")]
        else:
            lines = [("PICK THE GAME", "white"), ("YOU PLAY DARK, PLAYER 2", "white"), "",
                     ("FIRE ASKS   ALT BACK", "silver")]
        TextWindow().draw(surface, lines)


class CodeScene(Scene):
    """The pair's code on both screens, then the linked match."""

    keeps_awake = True          # kiosk: waiting for the other cabinet is not idling

    def __init__(self, ctx, pairing, transport):
        self.ctx, self.pairing, self.transport = ctx, pairing, transport
        self.agreement = pairing.agreement
        self.tick = 0

    def update(self, frame: InputFrame) -> None:
        self.tick += 1
        self.pairing.poll()             # the other cabinet may still need our ACCEPT or READY
        if self.tick >= CODE_TICKS or (self.tick > 20 and frame.any_pressed(Action.FIRE)):
            self.ctx.director.replace(linked_runner(self.ctx, self.agreement, self.transport))

    def draw(self, surface) -> None:
        a = self.agreement
        surface.fill(rgb("ink"))
        draw_title(surface, "LINK", f"WITH {a.peer_name}")
        draw_text(surface, 160, 40, "THE SAME CODE ON BOTH SCREENS", "silver", align="center")
        big(surface, 64, a.code, "gold", 5)
        you = "LIGHT, PLAYER 1" if a.host else "DARK, PLAYER 2"
        TextWindow().draw(surface, [(game_title(a.game), "gold"), (f"YOU PLAY {you}", "white"),
                                    (f"STARTS IN {max(1, (CODE_TICKS - self.tick + 59) // 60)} S", "white"),
                                    ("FIRE PLAYS NOW", "silver")])


def linked_runner(ctx, agreement, transport):
    from handheld.games.registry import load_game
    from handheld.link.linked_match import LinkedMatchRunner, LinkSetup

    link = LinkSetup(agreement.host, agreement.token, transport, agreement.peer_address, None)
    return LinkedMatchRunner(ctx, load_game(agreement.game), agreement.options, agreement.seed, link)
