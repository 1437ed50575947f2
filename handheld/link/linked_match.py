"""A match between two cabinets: the cabinet's MatchRunner, with the other
player's input coming over the link.

Each cabinet runs the same MatchScene from the same seed and options and
plays one side: the host player 1's, the guest player 2's, each with its
own P1 controls. The link (LinkPeer) decides when a tick may run (lockstep,
or rollback in Archon's arena) and records the replay: every tick's pair of
inputs once both are known, so both cabinets save the same replay, which
`handheld replay --verify` re-runs like any other.

START cannot pause a match the other cabinet is playing: it opens a menu
over the running match (PLAY ON, LEAVE MATCH). The link's state shows in a
line at the top of the screen; a desync is mended from the host's log
(resync.py); a link silent for 30 s ends the match with no record (the
replay so far is still saved), or the computer plays on for the other side.
At the end both screens offer REMATCH and LEAVE: when both choose REMATCH,
the same game starts again over the same link, on a seed the host picks.
"""

from __future__ import annotations

import copy
import logging
from dataclasses import dataclass
from pathlib import Path

from handheld.base.actions import IDLE, Action, InputFrame, PlayerInput
from handheld.link.pairing import pair_code, rematch_seed, rematch_token
from handheld.link.peer import LOST_TICKS, LinkPeer
from handheld.link.scene_game import LinkedScene, SilencedAudio
from handheld.link.transport import Transport
from handheld.runtime.match import MatchRunner, draw_menu_band
from handheld.ui.text import draw_text, text_width
from handheld.ui.widgets import Menu, draw_panel

log = logging.getLogger("handheld.link")

TAKE_OVER = "COMPUTER PLAYS ON"
WAIT_SHOWN_AFTER = 20         # frames the match waits before the status line says so (lockstep waits a tick often)
ENDINGS = {"finished": "", "lost": "LINK LOST: NO RECORD FOR THIS MATCH",
           "desync": "DESYNC: MATCH OVER, NO RECORD", "left": ""}


@dataclass
class LinkSetup:
    """What the pairing agreed: who hosts, the session token, the socket and
    the other cabinet's address, the input delay (None: from the round trip)."""
    host: bool
    token: int
    transport: Transport
    peer_address: tuple
    input_delay: int | None = None
    pair_token: int = 0           # the pairing's token (the code on both screens); 0: this token

    @property
    def code(self) -> str:
        return pair_code(self.pair_token or self.token)

    def for_rematch(self, seed: int) -> LinkSetup:
        """The same pair, socket and code; the session token of the rematch."""
        return LinkSetup(self.host, rematch_token(self.token, seed), self.transport, self.peer_address,
                         self.input_delay, self.pair_token or self.token)


def merge(pending: PlayerInput, sample: PlayerInput) -> PlayerInput:
    """Samples a waiting tick has not taken yet, folded into one: a press is never lost."""
    return PlayerInput(sample.held, pending.pressed | sample.pressed, pending.released | sample.released,
                       pending.repeat | sample.repeat)


def without_start(pin: PlayerInput) -> PlayerInput:
    keep = ~int(Action.START) & 0xFF
    return PlayerInput(pin.held & keep, pin.pressed & keep, pin.released & keep, pin.repeat & keep)


class LinkedMatchRunner(MatchRunner):
    keeps_awake = True            # kiosk: the other cabinet may be playing while this one's player waits
    def __init__(self, ctx, game, options: dict, seed: int, link: LinkSetup):
        # not MatchRunner.__init__: no journal (half a linked match cannot be resumed), and
        # the scene plays its sounds through a gate that keeps re-run ticks quiet
        self.ctx, self.game, self.options, self.seed = ctx, game, dict(options), seed
        self.audio = SilencedAudio(ctx.audio)
        match_ctx = copy.copy(ctx)
        match_ctx.audio = self.audio
        self.linked = LinkedScene(game.match_scene(match_ctx, seed, self.options), game.id, seed, self.options,
                                  game.play_version, self.audio,
                                  make_scene=lambda: game.match_scene(match_ctx, seed, self.options))
        self.link: LinkSetup | None = link         # None once the link is closed
        self.peer = LinkPeer(self.linked, link.host, link.token, link.transport, link.peer_address,
                             link.input_delay)
        if self.peer.log_resync is not None and ctx.data_dir is not None:
            self.peer.log_resync.dump_dir = Path(ctx.data_dir) / "link"
        self.replay = self.peer.replay
        self.journal = None
        self.menu: Menu | None = None
        self.menu_kind, self.confirming = "", ""
        self.saved_path = None
        self.now = 0
        self.pending = IDLE           # local input not yet on a tick
        self.waiting = 0              # frames in a row the match could not run
        self.ended = ""               # "", or a key of ENDINGS
        self.rematch_seed = -1        # -1 until REMATCH is chosen here; then the host's seed (the guest's: 0)
        log.info("linked match started: %s, seed %d, %s", game.id, seed, "host" if link.host else "guest")

    @property
    def match(self):
        """The match scene (a resync from the host's log builds it anew)."""
        return self.linked.scene

    # --- the loop -------------------------------------------------------
    def update(self, frame: InputFrame) -> None:
        self.now += 1
        local = frame[0]
        if self.menu is None and not self.ended and local.pressed & Action.START:
            self._open_menu("link")
        elif self.menu is not None:
            self._update_menu(self.menu, frame)
        if self.menu is not None or self.ended:
            local = IDLE
        self.pending = merge(self.pending, without_start(local))
        before = self.linked.tick
        if self.link is not None:
            self.peer.tick(self.now, self.pending)
        if self.peer.session.sample_used:
            self.pending = IDLE
        self.waiting = 0 if self.linked.tick != before or self.ended else self.waiting + 1
        if not self.ended:
            self._check_end()
        elif self.rematch_seed >= 0 and self.link is not None:
            self._rematch_if_agreed()

    def _check_end(self) -> None:
        peer = self.peer
        failed = peer.log_resync.failed if peer.log_resync is not None else bool(peer.desyncs)
        # over once both agree on the final state (or the other falls silent then): a final
        # hash that differs is mended like any other desync, before anything is counted
        if peer.finished and (peer.settled or self.now - peer.last_heard > LOST_TICKS):
            self.ended = "finished"
            self._finish()
        elif peer.gave_up or failed:
            self.ended = "lost" if peer.gave_up else "desync"
            log.warning("linked match ends with no record: %s", ENDINGS[self.ended])
            self.replay.state_hash = self.match.state_hash()
            self._save_replay()
            self._open_menu(self.ended)

    def leave(self) -> None:
        """Back to the cabinet's menu; the link is closed (the other cabinet
        finds it silent, says LINK LOST: WAITING, and ends after 30 s)."""
        if not self.ended:
            self.ended = "left"
            log.info("linked match left at tick %d", self.linked.tick)
        if self.link is not None:
            self.link.transport.close()
            self.link = None
        self.ctx.back_to_menu()

    # --- rematch ------------------------------------------------------------
    def want_rematch(self) -> None:
        """REMATCH chosen: the host picks the seed and says so in every packet; the guest asks."""
        self.rematch_seed = rematch_seed() if self.peer.host else 0
        self.peer.rematch_out = self.rematch_seed
        if self.peer.host:                  # the guest's first packet of the rematch tells us it began
            self.peer.moved_on_token = rematch_token(self.peer.token, self.rematch_seed)
        self._open_menu("rematch")

    def _rematch_if_agreed(self) -> None:
        """Both chose REMATCH: the guest begins once it has the host's seed, the
        host once it hears the guest's first packet of the rematch."""
        peer = self.peer
        seed = self.rematch_seed if peer.host else peer.rematch_in
        if (peer.moved_on if peer.host else seed > 0):
            assert self.link is not None, "a rematch is agreed over the open link"
            log.info("linked rematch: %s, seed %d", self.game.id, seed)
            self.ctx.director.replace(LinkedMatchRunner(self.ctx, self.game, self.options, seed,
                                                        self.link.for_rematch(seed)))

    @property
    def other_left(self) -> bool:
        return self.link is None or self.now - self.peer.last_heard > LOST_TICKS

    def computer_takes_over(self) -> MatchRunner:
        """The link is gone: this cabinet's player plays on against the computer,
        from the last tick both cabinets agreed on (nothing counts in the records)."""
        if self.link is not None:
            self.link.transport.close()
            self.link = None
        runner = TakenOverRunner(self.ctx, self.game, self.options, self.seed, self.replay,
                                 local_slot=0 if self.peer.host else 1)
        self.ctx.director.replace(runner)
        return runner

    # --- menus ------------------------------------------------------------
    def _open_menu(self, kind: str) -> None:
        self.menu_kind = kind
        if kind == "link":
            items = ["PLAY ON", "LEAVE MATCH"]
        elif kind == "leave":           # leaving ends the match on both cabinets: asked first, NO highlighted
            items = ["NO, PLAY ON", "YES, LEAVE"]
        elif kind == "lost" and self.match.hands_over:
            items = [TAKE_OVER, "MAIN MENU"]
        elif kind == "end":
            items = ["REMATCH", "LEAVE"]
        elif kind == "rematch":
            items = ["LEAVE"]
        else:
            items = ["MAIN MENU"]
        self.menu = Menu(items)

    def _update_menu(self, menu: Menu, frame: InputFrame) -> None:
        inp = frame.merged()
        action = menu.update(inp)
        if self.menu_kind in ("link", "leave") and (action == "back" or inp.pressed & Action.START):
            self.menu = None
        elif action == "select":
            choice = menu.items[menu.index]
            if choice in ("PLAY ON", "NO, PLAY ON"):
                self.menu = None
            elif choice == "LEAVE MATCH":
                self._open_menu("leave")
            elif choice == TAKE_OVER:
                self.computer_takes_over()
            elif choice == "REMATCH":
                self.want_rematch()
            else:
                self.leave()

    # --- drawing ----------------------------------------------------------
    def status(self) -> str:
        """The link's line: waiting, lost, desync; '' while all is well."""
        text = self.peer.status()
        if text.startswith("WAITING FOR THE LINK") and self.waiting < WAIT_SHOWN_AFTER:
            return ""
        return text

    def draw(self, surface) -> None:
        self.match.draw(surface)
        text = "" if self.ended else self.status()
        if text:
            w = text_width(text) + 12
            draw_panel(surface, ((320 - w) // 2, 2, w, 14), border="gold", fill="night")
            draw_text(surface, (320 - w) // 2 + 6, 5, text, "gold")
        if self.menu is None:
            return
        if self.menu_kind == "link":
            title, hint = "LINKED MATCH: IT PLAYS ON", "START: BACK TO GAME"
        elif self.menu_kind == "leave":
            title, hint = "LEAVE? IT ENDS FOR BOTH", "ALT: NO"
        elif self.menu_kind in ("end", "rematch"):
            title, hint = self._end_lines()
        else:
            title, hint = ENDINGS[self.menu_kind], "FIRE: CHOOSE"
        draw_menu_band(surface, title, self.menu, hint)

    def _end_lines(self) -> tuple[str, str]:
        """The end menu's title and hint: the result, then what the other cabinet wants."""
        if self.other_left:
            hint = "THE OTHER CABINET LEFT"
        elif self.menu_kind == "rematch":
            hint = "CODE " + self.link.code if self.link is not None else ""
        else:
            hint = "THEY WANT A REMATCH" if self.peer.rematch_in >= 0 else "FIRE: CHOOSE"
        if self.menu_kind == "rematch":
            return "REMATCH: WAITING FOR THE OTHER CABINET", hint
        return (self.match.result or {}).get("text", "GAME OVER"), hint


class TakenOverRunner(MatchRunner):
    """A linked match the computer finishes for the cabinet that is gone: the
    agreed ticks re-run (quietly) from the linked replay, then the match goes
    on here with options["computer_from"], so its replay verifies whole.
    This cabinet's player keeps their slot; a pause is a pause again."""

    def __init__(self, ctx, game, options: dict, seed: int, linked_replay, local_slot: int):
        audio = SilencedAudio(ctx.audio)
        match_ctx = copy.copy(ctx)
        match_ctx.audio = audio
        options = dict(options, computer_from=[1 - local_slot, linked_replay.ticks + 1])
        super().__init__(match_ctx, game, options, seed, journal=False)
        self.ctx, self.local_slot = ctx, local_slot
        audio.muted = True
        for frame in linked_replay.input_frames():
            self.replay.record(frame)
            self.match.update(frame)
        audio.muted = False
        log.info("linked match: the computer takes over player %d at tick %d", 2 - local_slot,
                 linked_replay.ticks + 1)

    def update(self, frame: InputFrame) -> None:
        players = [IDLE] * 4
        players[self.local_slot] = frame[0]
        super().update(InputFrame(tuple(players)))

    def _open_menu(self, kind: str) -> None:
        super()._open_menu(kind)            # no RESTART or REMATCH: this match cannot start again
        self.menu = Menu(["RESUME", "QUIT TO MENU"] if kind == "pause" else ["MAIN MENU"])
