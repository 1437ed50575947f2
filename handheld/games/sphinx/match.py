"""A Sphinx match: rounds of drop-four, the score kept across them.

Driven only by InputFrames and the match seed. The piece to play slides along
the top edge (stick left/right, FIRE drops it), falls with a short
accelerating animation, and a finished round blinks its winning four. A
computer side thinks a slice of search nodes per tick (a dotted indicator
shows it), then slides its piece to the chosen column and drops it, so the
screen never freezes and the move lands on the same tick in every replay.

The computers' moves are also kept as `decisions` (the turn's tick, round,
ticks thought, column, board key), which the match journal writes down. A
computer's move depends on nothing but the board (no search keeps anything
from one move to the next, and none draws on the match Rng), so a resumed
match plays every recorded move without thinking it again, after checking
that the board is the one it was chosen on; a PROVER match would otherwise
think its whole length again.
"""

from __future__ import annotations

from handheld.games.levels import names
from handheld.games.sphinx import ai, layout
from handheld.games.sphinx.phases import AIM, DONE, FALL, PIECES, ROUND_OVER, SLIDE, THINK, WON
from handheld.games.sphinx.rules import Board
from handheld.games.sphinx.sounds import register as register_sounds
from handheld.base.actions import Action, InputFrame
from handheld.runtime.rng import Rng
from handheld.runtime.statehash import state_hash
from handheld.runtime.journal import recorded_decision
from handheld.runtime.think import Thinker, recorded
from handheld.base import scene

DEMO_LEVELS = ("strong", "classic", "perfect")


def demo_scene(ctx, seed: int) -> MatchScene:
    return MatchScene(ctx, seed, {"mode": "demo", "rounds": 1, "sphinx_level": DEMO_LEVELS[seed % 3],
                                  "pyramid_level": DEMO_LEVELS[(seed + 1) % 3]})

SLICE_NODES = 40        # search nodes per tick while a computer thinks (~0.25 ms here)
MIN_THINK_TICKS = 30    # even an instant answer is shown thinking for half a second
SLIDE_PX = 3            # computer's slider speed, pixels per tick
HUMAN_SLIDE_PX = 7
WIN_TICKS = 150         # winning four blinks this long before the round closes
NEXT_ROUND_AUTO = 240   # computer-only matches move on by themselves
MODES = ("cpu", "two", "demo")
ROUNDS = (1, 3, 5)


def normalise(options: dict) -> dict:
    """Validated options in the form the match scene uses; ValueError names the fix.

    Options as `ctx.start_match` stores them (plain strings and ints, so replays
    keep them):
      mode    "cpu" (you are the sphinx, the computer the pyramids), "two" (P1
              sphinx, P2 pyramids) or "demo" (computer against computer)
      level   the computer's skill in "cpu" mode: classic (the default: the 1987
              program the game is named for), strong or perfect
      first   "you" or "computer" in "cpu" mode; "sphinx" or "pyramid" otherwise.
              Whoever starts round 1; the start then alternates every round.
      rounds  1 (the default: one game, as in 1987), 3 or 5: the match goes to the
              first to win a majority
      sphinx_level / pyramid_level   the two computers in "demo" mode
      budget  search nodes per computer move (default: the AI's own default)
    """
    mode = options.get("mode", "cpu")
    if mode not in MODES:
        raise ValueError(f"sphinx option mode={mode!r}: choose one of {', '.join(MODES)}")
    rounds = options.get("rounds", 1)
    if rounds not in ROUNDS:
        raise ValueError(f"sphinx option rounds={rounds!r}: choose 1, 3 or 5")
    levels = {}
    for key, default in (("level", "classic"), ("sphinx_level", "strong"), ("pyramid_level", "classic")):
        levels[key] = options.get(key, default)
        if levels[key] not in names(ai.LEVELS):
            raise ValueError(f"sphinx option {key}={levels[key]!r}: choose one of {', '.join(names(ai.LEVELS))}")
    first = options.get("first", "you" if mode == "cpu" else "sphinx")
    if mode == "cpu":
        if first not in ("you", "computer"):
            raise ValueError(f"sphinx option first={first!r}: choose you or computer")
        first = "sphinx" if first == "you" else "pyramid"
        sphinx, pyramid = "human", levels["level"]
    else:
        if first not in ("sphinx", "pyramid"):
            raise ValueError(f"sphinx option first={first!r}: choose sphinx or pyramid")
        sphinx, pyramid = (("human", "human") if mode == "two"
                           else (levels["sphinx_level"], levels["pyramid_level"]))
    budget = options.get("budget")
    if budget is not None and (not isinstance(budget, int) or budget < 1):
        raise ValueError(f"sphinx option budget={budget!r}: a positive node count")
    return {"mode": mode, "sphinx": sphinx, "pyramid": pyramid, "first": first, "rounds": rounds,
            "budget": budget, "width": options.get("width", 7), "height": options.get("height", 7)}


class MatchScene(scene.MatchScene):
    hands_over = True             # options["computer_from"]: a linked match the computer finishes

    def __init__(self, ctx, seed: int, options: dict | None = None):
        self.ctx = ctx
        self.opts = normalise(options or {})
        self.takeover = scene.computer_from(options or {}, self.opts["mode"] == "two")
        self.takeover_level = (options or {}).get("level", "classic")
        self.seed = seed
        self.rng = Rng(seed)
        self.width, self.height = self.opts["width"], self.opts["height"]
        # controller of each piece: "human" or a computer kind
        self.controller = {"sphinx": self.opts["sphinx"], "pyramid": self.opts["pyramid"]}
        self.score = [0, 0, 0]            # sphinx wins, pyramid wins, drawn rounds
        self.round = 0
        self.tick = 0
        self.finished = False
        self.result: dict = {}
        self.help = False
        self.message = ""
        self.version = 0                  # bumps whenever the board picture changes
        self.thinker: Thinker | None = None   # a computer's turn, while it thinks
        self.decisions: list[tuple[int, int, int, int, int]] = []
        self._turn: tuple | None = None        # (tick, board key) of a computer's turn it may record
        self._recorded: dict[int, tuple] = {}  # resuming: turn's tick -> the decision the journal kept
        self._last_recorded = -1
        register_sounds(ctx.audio)
        self._new_round()

    # --- rounds ---------------------------------------------------------
    def _new_round(self) -> None:
        self.round += 1
        first = self.opts["first"]
        if self.round % 2 == 0:
            first = "pyramid" if first == "sphinx" else "sphinx"
        self.first = first                 # the piece that is board player 0 this round
        self.board = Board(self.width, self.height)
        self.cursor = self.width // 2
        self.slide_x = layout.slider_x(self.width, self.cursor)
        self.fall_y = 0
        self.fall_v = 0
        self.target = self.cursor
        self.phase_tick = 0
        self.round_winner: str | None = None
        self.version += 1
        self.ctx.audio.play("sphinx.theme")
        self._start_turn()

    def piece_to_move(self) -> str:
        return self.first if self.board.to_move == 0 else PIECES[1 - PIECES.index(self.first)]

    def piece_of_player(self, player: int) -> str:
        return self.first if player == 0 else PIECES[1 - PIECES.index(self.first)]

    def _start_turn(self) -> None:
        self.phase_tick = 0
        kind = self.controller[self.piece_to_move()]
        if kind == "human":
            self.phase = AIM
            self.thinker = None
        else:
            self.phase = THINK
            self._turn = None
            if self.opts["mode"] == "demo" and not self.board.moves:
                thinking = _demo_opening(self.board, self.rng)
            else:
                key = board_key(self.board)
                decision = self._recorded_turn(key)
                if decision is not None:
                    thinking = recorded(decision[3], decision[2])
                else:
                    thinking = ai.think(self.board, kind, self.rng, self.opts["budget"],
                                        SLICE_NODES * ai.SLICE_SCALE[kind])
                self._turn = (self.tick, key)
            self.thinker = Thinker(thinking, pace=MIN_THINK_TICKS)

    def use_recorded_decisions(self, decisions) -> None:
        """Resuming: the computers' moves a journal kept, played instead of thought
        (each is checked against the board: DecisionMismatch if one does not fit)."""
        self._recorded = {d[0]: tuple(d) for d in decisions if len(d) == 5}
        self._last_recorded = max(self._recorded, default=-1)
        if self.thinker is not None and self.thinker.ticks == 0 and self._turn is not None:
            self._start_turn()      # the first turn began with the match, before the journal was read

    def _recorded_turn(self, key: int):
        if self.tick > self._last_recorded:
            return None
        return recorded_decision(self._recorded, self.tick, self.round, key, self.board.can_play)

    def _hand_over(self, piece: str) -> None:
        """The computer plays `piece` from this tick on (its cabinet is gone)."""
        self.controller[piece] = self.takeover_level
        if self.phase == AIM and self.piece_to_move() == piece:
            self._start_turn()

    # --- update ---------------------------------------------------------
    def update(self, frame: InputFrame) -> None:
        if self.finished:
            return
        self.tick += 1
        if self.takeover is not None and self.tick == self.takeover[1]:
            self._hand_over(PIECES[self.takeover[0]])
        self.phase_tick += 1
        inp = frame.merged()
        if inp.pressed & Action.ALT:
            self.help = not self.help
        if self.phase == AIM:
            self._update_aim(inp)
        elif self.phase == THINK:
            self._update_think()
        elif self.phase == SLIDE:
            self._update_slide()
        elif self.phase == FALL:
            self._update_fall()
        elif self.phase == WON:
            if self.phase_tick >= WIN_TICKS:
                self._close_round()
        elif self.phase == ROUND_OVER:
            humans = "human" in self.controller.values()
            if (humans and self.phase_tick > 20 and inp.pressed & Action.FIRE) or \
                    (not humans and self.phase_tick >= NEXT_ROUND_AUTO):
                self._new_round()

    def _update_aim(self, inp) -> None:
        dx, _ = inp.stick_repeat()
        if dx:
            self.cursor = (self.cursor + dx) % self.width
            self.ctx.audio.play("sphinx.slide")
            self.message = ""
        goal = layout.slider_x(self.width, self.cursor)
        self.slide_x = _approach(self.slide_x, goal, HUMAN_SLIDE_PX)
        if inp.pressed & Action.FIRE:
            if self.board.can_play(self.cursor):
                self.slide_x = goal
                self._drop(self.cursor)
            else:
                self.message = f"COLUMN {self.cursor + 1} IS FULL"
                self.ctx.audio.play("sphinx.nope")

    def _update_think(self) -> None:
        if self.thinker is None:          # THINK is entered with a thinker; nothing to step without one
            return
        was_done = self.thinker.done
        ready = self.thinker.tick()
        if self.thinker.done and not was_done and self._turn is not None:
            tick, key = self._turn
            self.decisions.append((tick, self.round, self.thinker.ticks, self.thinker.answer, key))
        if ready:
            self.target = self.thinker.answer
            self.thinker = None
            self.phase = SLIDE
            self.phase_tick = 0

    def _update_slide(self) -> None:
        goal = layout.slider_x(self.width, self.target)
        before = self.slide_x
        self.slide_x = _approach(self.slide_x, goal, SLIDE_PX)
        if (before - layout.board_left(self.width)) // layout.CELL != (self.slide_x - layout.board_left(self.width)) // layout.CELL:
            self.ctx.audio.play("sphinx.slide")
        if self.slide_x == goal and self.phase_tick >= 8:
            self._drop(self.target)

    def _drop(self, col: int) -> None:
        self.target = col
        self.cursor = col
        self.phase = FALL
        self.phase_tick = 0
        self.fall_y = layout.SLIDER_Y
        self.fall_v = 2
        self.landing_y = layout.cell_xy(self.width, self.height, col, self.board.column_height(col))[1]

    def _update_fall(self) -> None:
        self.fall_y += self.fall_v
        self.fall_v = min(self.fall_v + 1, 12)
        if self.fall_y < self.landing_y:
            return
        self.fall_y = self.landing_y
        self.board.play(self.target)
        self.version += 1
        self.ctx.audio.play("sphinx.drop")
        if self.board.winner is not None:
            self.round_winner = self.piece_of_player(self.board.winner)
            self.score[PIECES.index(self.round_winner)] += 1
            self.phase = WON
            self.phase_tick = 0
            humans = [p for p in PIECES if self.controller[p] == "human"]
            lost = len(humans) == 1 and self.round_winner != humans[0]
            self.ctx.audio.play("sphinx.lose" if lost else "sphinx.win")
        elif self.board.full:
            self.score[2] += 1
            self.ctx.audio.play("sphinx.draw")
            self._close_round()
        else:
            self._start_turn()

    def _close_round(self) -> None:
        self.phase = ROUND_OVER
        self.phase_tick = 0
        need = self.opts["rounds"] // 2 + 1
        s, p, d = self.score
        if s >= need or p >= need or s + p + d >= self.opts["rounds"]:
            self.phase = DONE
            self.finished = True
            winner = "sphinx" if s > p else "pyramid" if p > s else None
            text = ("SPHINX WINS" if winner == "sphinx" else "PYRAMIDS WIN" if winner == "pyramid"
                    else "MATCH DRAWN") + f" {s}-{p}"
            self.result = {"winner": winner, "text": text, "score": [s, p, d], "rounds": self.round}
            human = [piece for piece, kind in self.controller.items() if kind == "human"]
            if len(human) == 1 and self.takeover is None:   # the cabinet's records (docs/adding-a-game.md)
                level = [kind for kind in self.controller.values() if kind != "human"][0]
                self.result["records"] = {"level": level, "human_won": None if winner is None else winner == human[0]}

    # --- what the screen and replays see ---------------------------------
    def winning_cells(self) -> list[tuple[int, int]]:
        return self.board.winning_cells()

    def human_players(self) -> int:
        return sum(1 for who in self.controller.values() if who == "human")

    def state_hash(self) -> str:
        return state_hash((self.seed, self.round, self.phase, self.phase_tick, self.tick, self.first,
                           self.board, self.score, self.cursor, self.slide_x, self.fall_y,
                           self.target, self.rng.getstate()))

    def draw(self, surface) -> None:
        from handheld.games.sphinx.draw import draw_match

        draw_match(self, surface)


def board_key(board: Board) -> int:
    """The position, as one int: the stones of the side to move plus every stone (the solver's key)."""
    cur, mask = board.side_bits()
    return cur + mask


def _approach(x: int, goal: int, step: int) -> int:
    if x < goal:
        return min(x + step, goal)
    if x > goal:
        return max(x - step, goal)
    return x


def _demo_opening(board, rng):
    """Attract-mode demos open in a column the match Rng picks: both computers
    are deterministic (the 1987 program never rolls a die), so without this
    every demo would be the same game."""
    yield
    return rng.choice(board.legal_moves())
