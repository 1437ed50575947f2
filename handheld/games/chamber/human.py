"""A human's decision, one widget at a time, narrowed from the legal actions.

The top menu lists what can be done now (MOVE, ROTATE, CAST <spell>, END
TURN); each choice then asks only the fields that still differ among the
matching legal actions (target, orb, space, direction), skipping a field with
a single possibility. So every action a human can finish is legal. Stick
moves, FIRE chooses, ALT goes back (on the top menu: help for the item).
"""

from __future__ import annotations

from handheld.games.chamber.board import DIRS, DIR_NAMES, PORTAL_BASE, SUIT_NAMES, space_cells
from handheld.base.actions import Action
from handheld.ui.widgets import Menu

ORDER = ("move", "rotate", "zap", "shield", "confuse", "heal", "warp", "time", "release", "end")
TOP = {"move": "MOVE", "rotate": "ROTATE", "zap": "CAST ZAP", "shield": "CAST SHIELD",
       "confuse": "CAST CONFUSE", "heal": "CAST HEAL", "warp": "CAST WARP",
       "time": "CAST TIME", "release": "PUT ORB BACK", "end": "END TURN"}
HELP = {
    "move": ["STEP ONE SPACE AHEAD, AHEAD-LEFT OR", "AHEAD-RIGHT. LANDING ON ORBS PICKS", "THEM UP. TWO MOVES A TURN."],
    "rotate": ["TURN TO FACE ANY OF 8 DIRECTIONS.", "USES ONE OF YOUR MOVES."],
    "zap": ["HIT THE FIRST SORCERER IN YOUR LINE", "(ORBS DON'T BLOCK, SORCERERS AND THE", "CENTRE DO). A HIT SORCERER IS SAFE", "UNTIL ITS NEXT TURN. BLOCKED? RETRY."],
    "shield": ["PUT AN ORB FACE DOWN UNDER YOU. IT", "STOPS ONE ZAP UNLESS THE ZAP ORB IS", "THE SAME SUIT. CAN'T BE CHANGED."],
    "confuse": ["ORB OF THE TARGET'S SUIT: MOVE IT ONE", "SPACE ANY WAY AND/OR TURN IT. ONCE", "PER TARGET UNTIL ITS NEXT TURN."],
    "heal": ["REGAIN A PYRAMID. HAND ONE ORB LEFT", "AND ONE RIGHT (YOUR SUIT OR THEIRS);", "THEY PLACE THEM. 2 PLAYERS: BOTH TO", "YOUR RIVAL."],
    "warp": ["JUMP TO THE FREE PORTAL OF THE ORB'S", "SUIT. YOU KEEP YOUR FACING."],
    "time": ["ONE EXTRA MOVE FOR A TIME STONE (3", "PER TURN). YOUR OWN SUIT'S ORB USED", "TWICE FOR TIME TAKES ONLY ONE STONE."],
    "release": ["YOUR OWN-SUIT ORB CAN BE USED ONCE", "MORE. PUT IT BACK ON THE BOARD NOW."],
    "end": ["PASS THE SORCERER'S STONE ON."],
    "deflect": ["SAME SUIT AS THE ZAP: IT GOES BACK", "TO THE ZAPPER. ELSE IT COMES ON AND", "YOUR SHIELD (IF ANY) DECIDES."],
    "place": ["PUT THE ORB ON A FREE SPACE: NOT A", "PORTAL, NOT NEXT TO YOUR SORCERER."],
}
# field name, tuple indexes forming the field's value
FIELDS = {
    "move": (("space", (1,)),), "rotate": (("dir", (1,)),), "place": (("space", (1,)),),
    "zap": (("target", (2,)), ("orb", (1, 3))), "shield": (("orb", (1,)),),
    "confuse": (("target", (2,)), ("space", (3,)), ("dir", (4,))),
    "heal": (("heal", (1, 2)),), "warp": (("orb", (1, 2)),), "time": (("orb", (1, 2)),),
    "deflect": (("orb", (1,)),), "release": (), "end": (),
}


def _dir_of(dx: int, dy: int) -> int:
    return DIRS.index((dy, dx)) if (dx or dy) else -1


def space_xy(space: int) -> tuple[int, int]:
    """Centre of a space in half-cell units (portals sit between cells)."""
    cells = space_cells(space)
    return (sum(c for _, c in cells) * 2 // len(cells), sum(r for r, _ in cells) * 2 // len(cells))


class Chooser:
    def __init__(self, view, actions: list[tuple]):
        self.view = view
        self.actions = actions
        self.me = view.to_act()
        self.kind = None
        self.chosen: list[tuple] = []      # (value, auto)
        self.widget = None                 # ("list", Menu, values) | ("space", values, cursor) | ("dir", values, cur)
        self.help = False
        self.refused = 0
        kinds = [k for k in ORDER if any(a[0] == k for a in actions)]
        self.top = Menu([TOP[k] for k in kinds], spacing=9) if view.phase == "turn" else None
        self.top_kinds = kinds
        self.ready = None                  # an action finished without a question
        if self.top is None:
            self.ready = self._start(actions[0][0])

    # --- the field machine ---------------------------------------------
    def _matching(self):
        out = [a for a in self.actions if a[0] == self.kind]
        for (name, idx), (value, _auto) in zip(FIELDS[self.kind], self.chosen):
            out = [a for a in out if tuple(a[i] for i in idx) == value]
        return out

    def _start(self, kind):
        self.kind = kind
        self.chosen = []
        return self._next_field()

    def _next_field(self):
        cands = self._matching()
        fields = FIELDS[self.kind]
        while len(self.chosen) < len(fields):
            name, idx = fields[len(self.chosen)]
            values = sorted({tuple(a[i] for i in idx) for a in cands})
            if len(values) == 1:
                self.chosen.append((values[0], True))
                cands = self._matching()
                continue
            self.widget = self._widget(name, values)
            return None
        self.widget = None
        return cands[0]

    def _widget(self, name, values):
        if name == "space":
            spaces = [self._shown_space(v[0]) for v in values]
            return ["space", values, spaces, 0 if self.kind != "place" else self._nearest(spaces)]
        if name == "dir":
            cur = self._facing_subject()
            return ["dir", values, self.view.facing[cur]]
        return ["list", Menu([self.label(name, v) for v in values], spacing=10), values]

    def _nearest(self, spaces):
        me = self.view.pos[self.me]
        if me < 0:
            return 0
        mx, my = space_xy(me)
        return min(range(len(spaces)), key=lambda i: (abs(space_xy(spaces[i])[0] - mx)
                                                      + abs(space_xy(spaces[i])[1] - my), i))

    def _facing_subject(self):
        return self.chosen[0][0][0] if self.kind == "confuse" else self.me

    def _shown_space(self, sp):
        if sp < 0:  # confuse "stay": shown on the target itself
            return self.view.pos[self.chosen[0][0][0]]
        return sp

    def label(self, name, v) -> str:
        if name == "target":
            return SUIT_NAMES[self.view.suit[v[0]]]
        if name == "orb":
            if self.kind == "deflect":
                return "NO DEFLECT" if v[0] < 0 else f"DEFLECT: {SUIT_NAMES[v[0]]}"
            again = " AGAIN" if len(v) > 1 and v[-1] else ""
            if self.kind == "warp":
                return f"{SUIT_NAMES[v[0]]} PORTAL{again}"
            return SUIT_NAMES[v[0]] + again
        if name == "heal":
            return f"{SUIT_NAMES[v[0]][:5]}+{SUIT_NAMES[v[1]][:5]}"
        return str(v)

    def _back(self):
        while self.chosen and self.chosen[-1][1]:
            self.chosen.pop()
        if self.chosen:
            self.chosen.pop()
            self._next_field()
        elif self.top is not None:
            self.kind, self.widget = None, None
        else:
            self.help = not self.help

    # --- input -------------------------------------------------------------
    def update(self, inp):
        """One tick of input; returns a finished legal action or None."""
        if self.ready is not None:
            act, self.ready = self.ready, None
            return act
        if self.widget is None and self.kind is None:
            res = self.top.update(inp)
            if res == "back":
                self.help = not self.help
            elif res == "select":
                self.help = False
                return self._start(self.top_kinds[self.top.index])
            return None
        if inp.pressed & Action.ALT:
            self._back()
            return None
        w = self.widget
        if w[0] == "list":
            if w[1].update(inp) == "select":
                return self._choose(w[2][w[1].index])
        elif w[0] == "space":
            dx, dy = inp.stick_repeat()
            if dx or dy:
                w[3] = self._step_cursor(w[2], w[3], dx, dy)
            if inp.pressed & Action.FIRE:
                return self._choose(w[1][w[3]])
        elif w[0] == "dir":
            if inp.repeat & (Action.UP | Action.DOWN | Action.LEFT | Action.RIGHT):
                d = _dir_of(*inp.stick())
                if d >= 0:
                    w[2] = d
            if inp.pressed & Action.FIRE:
                subject = self._facing_subject()
                value = -1 if w[2] == self.view.facing[subject] else w[2]
                if (value,) in w[1]:
                    return self._choose((value,))
                self.refused += 1
        return None

    def _choose(self, value):
        self.chosen.append((value, False))
        return self._next_field()

    @staticmethod
    def _step_cursor(spaces, cur, dx, dy):
        cx, cy = space_xy(spaces[cur])
        best, best_cost = cur, None
        for i, sp in enumerate(spaces):
            if i == cur:
                continue
            x, y = space_xy(sp)
            along = (x - cx) * dx + (y - cy) * dy
            if along <= 0:
                continue
            perp = abs((x - cx) * dy - (y - cy) * dx)
            cost = (along + 2 * perp, i)
            if best_cost is None or cost < best_cost:
                best, best_cost = i, cost
        return best

    # --- what the screen shows --------------------------------------------
    def menu(self):
        """(Menu, title) for the panel's list, or None while a board widget is up."""
        if self.kind is None:
            return self.top, "ACTIONS"
        if self.widget and self.widget[0] == "list":
            name = FIELDS[self.kind][len(self.chosen)][0]
            return self.widget[1], {"target": "TARGET", "orb": "WHICH ORB", "heal": "GIVE ORBS"}[name]
        return None

    def cursor_space(self) -> int:
        w = self.widget
        return w[2][w[3]] if w and w[0] == "space" else -1

    def candidate_spaces(self) -> list[int]:
        w = self.widget
        return w[2] if w and w[0] == "space" else []

    def dir_preview(self):
        w = self.widget
        return (self._facing_subject(), w[2]) if w and w[0] == "dir" else None

    def highlighted_kind(self) -> str:
        if self.kind is None:
            assert self.top is not None, "no kind chosen outside a turn"
            return self.top_kinds[self.top.index]
        return self.kind

    def prompt(self) -> str:
        w = self.widget
        if self.kind is None:
            return "STICK: CHOOSE  FIRE: DO IT  ALT: HELP"
        if w and w[0] == "space":
            return {"place": "PLACE IT: STICK + FIRE  ALT: HELP", "confuse": "MOVE IT WHERE? (ITSELF = STAY)"}.get(
                self.kind, "WHERE TO? STICK + FIRE, ALT: BACK")
        if w and w[0] == "dir":
            keep = " (SAME = KEEP)" if self.kind == "confuse" else ""
            return f"FACE {DIR_NAMES[w[2]]}? STICK + FIRE{keep}"
        if self.top is None and not any(not auto for _, auto in self.chosen):
            return "FIRE: CHOOSE  ALT: HELP"
        return "FIRE: CHOOSE  ALT: BACK"


def portal_suit(space: int) -> int:
    return space - PORTAL_BASE if space >= PORTAL_BASE else -1
