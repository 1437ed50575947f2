"""The Atom-4 match: rounds, turns, human cursors and computer thinking (Match),
and the scene that hosts it (MatchScene: its events -> sounds, `draw.py` paints
it). `demo_scene` is the same scene with two computers for attract mode.

Everything in Match is driven by InputFrames and counted in ticks, so the same
seed, options and frames give the same match (state_hash). The computer's
search (ai.think) advances a fixed number of nodes per tick (ai.CHUNK), stepped by
a Thinker, and its move lands at a deterministic tick, never sooner than
ai.THINK_TICKS_MIN after its turn began.

The computer's moves are also kept as `decisions` (start tick, round, ticks thought,
move, board key), which the match journal writes down: a resumed match plays a
recorded move instead of searching again in a round that is over (each round's
searches share a Memory that starts empty, so a finished round's searches leave
nothing behind for later ones), after checking that the board is the one it was
chosen on. The last round is searched again as it was played, so its Memory is
the one the match had, and each answer is checked against the record."""

from __future__ import annotations

from handheld.games.atom4 import ai, sounds
from handheld.games.levels import names
from handheld.games.atom4.draw import MatchPicture, change_text
from handheld.games.atom4.rules import GOAL, STEP, SIZE, Position, winning_line
from handheld.base.actions import Action
from handheld.runtime.journal import DecisionMismatch, recorded_decision
from handheld.runtime.rng import Rng
from handheld.runtime.statehash import state_hash
from handheld.runtime.think import Thinker, recorded
from handheld.base import scene

FIRE, ALT = int(Action.FIRE), int(Action.ALT)     # plain ints: an IntFlag `&` costs a resume's re-run

FLASH_TICKS = 48
ROUND_END_TICKS = 180
DEFAULT_OPTIONS = {"players": 1, "human_side": 1, "level": ai.DEFAULT_LEVEL, "rounds": 3}


def normalise_options(options: dict | None) -> dict:
    opts = dict(DEFAULT_OPTIONS)
    opts.update(options or {})
    if opts["players"] not in (0, 1, 2):
        raise ValueError("players must be 0, 1 or 2")
    if opts["level"] not in names(ai.LEVELS):
        raise ValueError(f"level must be one of {', '.join(names(ai.LEVELS))}")
    if opts["human_side"] not in (1, 2) or opts["rounds"] not in (1, 3, 5):
        raise ValueError("human_side is 1 or 2, rounds 1, 3 or 5")
    return opts


def cursor_step(i: int, dx: int, dy: int) -> int:
    """Move a cursor one lattice step; stick up/down keep the column index
    (always a lattice neighbour), diagonals take the slanted directions."""
    x, y = i % SIZE, i // SIZE
    if dy == 0:
        d = 2 if dx > 0 else 5 if dx < 0 else -1
        return STEP[i][d] if d >= 0 and STEP[i][d] >= 0 else i
    if dx == 0:
        ny = y + dy
        return ny * SIZE + x if 0 <= ny < SIZE else i
    d = {(-1, -1): 0, (1, -1): 1, (1, 1): 3, (-1, 1): 4}[(dx, dy)]
    return STEP[i][d] if STEP[i][d] >= 0 else i


class Match:
    """The match state machine (no pygame). `events` collects what the
    screen should play/show this tick: ("place", n_changed), ("bad",),
    ("cursor",), ("round", winner), ("match", winner)."""

    def __init__(self, seed: int, options: dict | None = None):
        self.options = normalise_options(options)
        self.takeover = scene.computer_from(self.options, self.options["players"] == 2)
        self.computers: set[int] = set()      # players a computer took over (computer_from)
        self.seed = seed
        self.rng = Rng(seed)
        self.scores = {1: 0, 2: 0}
        self.rounds_played = 0
        self.tick = 0
        self.cursor_tick = -1000          # when the cursor last moved or was refused (drawing only)
        self.finished = False
        self.result: dict = {}
        self.events: list = []
        self.decisions: list[tuple[int, int, int, int, int]] = []
        self._recorded: dict[int, tuple] = {}    # resuming: start tick -> a decision the journal kept
        self._last_recorded: tuple = (-1, 0)
        self._new_round(1)

    # --- who plays what -------------------------------------------------
    def is_human(self, player: int) -> bool:
        p = self.options["players"]
        return player not in self.computers and (p == 2 or (p == 1 and player == self.options["human_side"]))

    def pad_of(self, player: int) -> int:
        """Which stick drives a human player: P2 uses the second stick in a
        2-player match; the lone human uses the first."""
        return player - 1 if self.options["players"] == 2 else 0

    # --- rounds ---------------------------------------------------------
    def _new_round(self, round_no: int) -> None:
        self.round_no = round_no
        self.pos = Position(round_no)
        self.cursor = self.pos.legal_moves()[0]
        self.changed: list[int] = []
        self.flash = 0
        self.line: list[int] = []
        self.phase = "play"
        self.timer = 0
        self.message = ""
        self.thinker: Thinker | None = None      # a computer's move or a human's hint, while it is thought
        self.turn_tick = self.tick              # when the last move was played: the drawing times its marks from it
        self.memories = {1: ai.Memory(), 2: ai.Memory()}     # each computer player's, this round

    def _end_round(self, winner) -> None:
        self.rounds_played += 1
        if winner in (1, 2):
            self.scores[winner] += 1
            self.line = winning_line(self.pos.board, self.changed, GOAL[winner])
        self.phase = "round_end"
        self.timer = 0
        self.events.append(("round", winner))

    def match_over(self) -> bool:
        left = self.options["rounds"] - self.rounds_played
        return left <= 0 or abs(self.scores[1] - self.scores[2]) > left

    def _finish(self) -> None:
        s1, s2 = self.scores[1], self.scores[2]
        winner = 1 if s1 > s2 else 2 if s2 > s1 else "draw"
        names: dict[int | str, str] = {1: "WHITE (P1)", 2: "BLACK (P2)"}
        text = "A DRAWN MATCH" if winner == "draw" else f"{names[winner]} WINS {max(s1, s2)}-{min(s1, s2)}"
        self.result = {"winner": winner, "text": text, "scores": [s1, s2]}
        self.finished = True
        self.events.append(("match", winner))

    # --- a tick ---------------------------------------------------------
    def update(self, frame) -> None:
        self.tick += 1
        if self.takeover is not None and self.tick == self.takeover[1]:
            self._hand_over(self.takeover[0] + 1)
        self.events = []
        if self.flash:
            self.flash -= 1
        if self.finished:
            return
        if self.phase == "round_end":
            self.timer += 1
            skip = self.timer > 30 and any(frame[self.pad_of(p)].pressed & FIRE
                                           for p in (1, 2) if self.is_human(p))
            if self.timer >= ROUND_END_TICKS or skip:
                if self.match_over():
                    self._finish()
                else:
                    self._new_round(self.round_no + 1)
            return
        player = self.pos.player
        if self.is_human(player):
            self._human(frame[self.pad_of(player)])
        else:
            self._computer()

    def _hand_over(self, player: int) -> None:
        """The computer plays `player` (1 or 2) from this tick on (its cabinet is gone)."""
        self.computers.add(player)
        if self.thinker is not None and self.search_kind == "hint" and self.pos.player == player:
            self.thinker, self.message = None, ""             # its own move is searched for now

    def _start_search(self, kind: str) -> None:
        level = self.options["level"] if kind == "move" else ai.SEARCH_LEVEL      # a hint: normal's move
        memory = self.memories[self.pos.player] if kind == "move" else None
        pace = ai.THINK_TICKS_MIN if kind == "move" else 0
        seed = self.rng.randrange(1 << 30)
        self.search_kind, self.search_started, self.search_key = kind, self.tick, ai.board_key(self.pos.board)
        self.search_recorded = self._recorded_at(self.tick) if kind == "move" else None
        if self.search_recorded is not None and self.search_recorded[1] < self._last_recorded[1]:
            thinking = recorded(self.search_recorded[3], self.search_recorded[2])
        else:
            thinking = ai.think(self.pos, level, seed, memory)
        self.thinker = Thinker(thinking, pace=pace)

    def _think_a_tick(self) -> bool:
        """One tick of the thinker; a computer's move, once found, is kept as a decision."""
        thinker = self.thinker
        assert thinker is not None
        was_done = thinker.done
        ready = thinker.tick()
        if thinker.done and not was_done and self.search_kind == "move":
            decision = (self.search_started, self.round_no, thinker.ticks, thinker.answer, self.search_key)
            if self.search_recorded not in (None, decision):
                raise DecisionMismatch(f"the computer's move at tick {self.search_started} is not the one recorded")
            self.decisions.append(decision)
        return ready

    def use_recorded(self, decisions) -> None:
        """Resuming: the computer's moves a journal kept. In rounds that are over by
        the last of them they are played without searching; every search up to the
        last one is checked against them (the board it starts from, and where they
        are searched again, the answer): DecisionMismatch if one differs."""
        self._recorded = {d[0]: tuple(d) for d in decisions if len(d) == 5}   # (another shape: searched)
        self._last_recorded = max(self._recorded.values(), default=(-1, 0))

    def _recorded_at(self, tick: int):
        if tick > self._last_recorded[0]:
            return None
        return recorded_decision(self._recorded, tick, self.round_no, self.search_key, self.pos.is_legal)

    @property
    def thinking(self) -> bool:
        return self.thinker is not None and self.phase == "play"

    def _computer(self) -> None:
        if self.thinker is None:
            self._start_search("move")
        if self._think_a_tick():
            assert self.thinker is not None
            move = self.thinker.answer
            self.thinker = None
            self.cursor = move
            self._play(move)

    def _human(self, inp) -> None:
        if self.thinker is not None:                      # a hint is being worked out
            if self._think_a_tick():
                self.cursor = self.thinker.answer
                self.message = f"HINT: {self.cursor % SIZE},{self.cursor // SIZE} - AT THE CURSOR"
                self.thinker = None
            return
        dx, dy = inp.stick_repeat()
        if dx or dy:
            new = cursor_step(self.cursor, dx, dy)
            if new != self.cursor:
                self.cursor = new
                self.cursor_tick = self.tick
                self.events.append(("cursor",))
        if inp.pressed & FIRE:
            if self.pos.is_legal(self.cursor):
                self._play(self.cursor)
            else:
                self.message = "NOT HERE: TOUCH TWO TOUCHING PIECES"
                self.cursor_tick = self.tick
                self.events.append(("bad",))
        elif inp.pressed & ALT:
            self.message = "HINT: THINKING..."
            self._start_search("hint")

    def _play(self, move: int) -> None:
        before = self.pos.board[:]
        changed = self.pos.play(move)
        self.changed = changed
        self.flash = FLASH_TICKS
        self.turn_tick = self.tick
        n = len(changed) - 1
        board = self.pos.board
        self.message = change_text(board[move], [(before[i], board[i]) for i in changed[1:]])
        self.events.append(("place", n))
        if self.pos.winner is not None:
            self._end_round(self.pos.winner)

    # --- replays --------------------------------------------------------
    def state_hash(self) -> str:
        return state_hash((self.pos, self.round_no, self.scores[1], self.scores[2], self.tick,
                           self.cursor, self.phase, self.timer, tuple(self.pos.moves),
                           self.finished, self.thinker.nodes if self.thinker else -1))   # the nodes Search counted


class MatchScene(scene.MatchScene):
    hands_over = True             # options["computer_from"]: a linked match the computer finishes

    def __init__(self, ctx, seed: int, options: dict | None = None, title: str = "ATOM-4"):
        self.ctx = ctx
        self.match = Match(seed, options)
        self.picture = MatchPicture(title, bool(ctx.setting("display.colour_blind", False)))
        sounds.register(ctx.audio)
        self.finished = False
        self.result: dict = {}

    # --- scene protocol -------------------------------------------------
    def update(self, frame) -> None:
        m = self.match
        m.update(frame)
        for ev in m.events:
            kind = ev[0]
            if kind == "place":
                self.ctx.audio.play("atom4.chain" if ev[1] >= 3 else "atom4.place")
            elif kind == "bad":
                self.ctx.audio.play("atom4.bad")
            elif kind == "cursor":
                self.ctx.audio.play("atom4.cursor")
            elif kind == "round":
                self.ctx.audio.play("atom4.draw" if ev[1] == "draw" else "atom4.win")
        if m.finished and not self.finished:
            self.finished = True
            self.result = dict(m.result)
            if m.options["players"] == 1:   # the cabinet's records (docs/adding-a-game.md)
                won = m.result["winner"]
                self.result["records"] = {"level": m.options["level"],
                                          "human_won": None if won == "draw" else won == m.options["human_side"]}

    def human_players(self) -> int:
        return self.match.options["players"]

    @property
    def decisions(self):
        return self.match.decisions

    def use_recorded_decisions(self, decisions) -> None:
        self.match.use_recorded(decisions)

    def state_hash(self) -> str:
        return self.match.state_hash()

    def draw(self, surface) -> None:
        self.picture.draw(surface, self.match)


def demo_scene(ctx, seed: int) -> MatchScene:
    # easy: quick, decisive rounds for the attract mode (normal rounds often run to a full board)
    return MatchScene(ctx, seed, {"players": 0, "level": "easy", "rounds": 1}, title="ATOM-4 DEMO")
