"""Strong: Classic's shape with a fight term from the arena's measured duel win
rates, and the odds that an icon is attacked and beaten where it stands."""

from __future__ import annotations

from handheld.games.archon import board as B
from handheld.games.archon import rules as R
from handheld.games.archon.ai.classic import Classic, WinPermille, power_points_held
from handheld.games.archon.icons import ICONS, MAGE, base_hp, other


class Strong(Classic):
    """Classic's shape with the arena's measured win rates in the fight term."""

    name = "strong"
    CHUNK = 12
    STEPS_PER_TICK = 2
    WIN_SCALE = 60          # score points for a sure win against an average icon
    DANGER_SCALE = 100      # an icon left where it can be beaten: 100/60 of a won fight
    PRESSURE_SCALE = 6      # pull towards enemies we would beat next turn
    QUIET_ROUNDS = 11       # rounds before a stalemate tie when fights start to look better
    QUIET_STEP = 12
    QUIET_GRACE = 4         # and after this many quiet rounds, a little more each round
    EARLY_STEP = 2
    HIT_STEP = 200          # permille per hit of difference from the table's unhurt duel
    RISK = 20               # tenths: how much a loss weighs against a win of equal value

    def __init__(self, win_permille: WinPermille | None = None):
        super().__init__()
        if win_permille is None:
            from handheld.games.archon.duel.matchups import win_permille as measured
            win_permille = measured
        self.win_permille = win_permille
        self._threats: dict[int, list[R.Piece]] = {}
        self._state: R.State | None = None
        self._memo: dict[tuple, int] = {}
        self._next_shade = 0

    def prepare(self, state: R.State, side: str) -> None:
        super().prepare(state, side)
        self._state = state
        # Who could attack which square on the enemy's next turn, and at what cycle shade.
        self._threats = {}
        for e in state.alive(other(side)):
            if e.imprisoned:
                continue
            for t in reach(state, e):
                self._threats.setdefault(t, []).append(e)
        cyc = B.Cycle(state.cycle.shade, state.cycle.step, state.cycle.jump)
        if side != state.first:
            cyc.advance()
        self._next_shade = cyc.shade            # at the enemy's next turn
        if side == state.first:
            cyc.advance()
        self._my_next_shade = cyc.shade         # at our next turn
        self._foes = [e for e in state.alive(other(side))]
        self._pp = {s: power_points_held(state, s) for s in (side, other(side))}
        self._gains: dict[int, list] = {}
        self._memo = {}

    MAGE_VALUE = 10         # the mage carries the spells (Imprison wins endgames)

    def value(self, p: R.Piece) -> int:
        v = p.base + (self.MAGE_VALUE if ICONS[p.icon].move == MAGE else 0)
        return v + (4 if p.icon in ("dragon", "djinni", "shapeshifter") else 0)

    WIN_VALUE = 60          # a move that wins the game outright
    GUARD = 30              # blocking the enemy's fifth power point

    def _pp_terms(self, p: R.Piece, square: int) -> int:
        if square not in B.POWER_SET:
            return 0
        mine = self._pp[p.side] - (1 if p.square in B.POWER_SET else 0)
        if mine == 4:
            return self.WIN_VALUE
        if self._pp[other(p.side)] == 4:
            return self.GUARD
        return 0

    def _gains_for(self, p: R.Piece) -> list:
        """((col, row), win chance x value) of each enemy for `p`, once per think."""
        got = self._gains.get(p.id)
        if got is None:
            got = [(B.col_row(e.square),
                    self.p_win(p, e, e.square, B.square_shade(e.square, self._my_next_shade)) * self.value(e))
                   for e in self._foes]
            self._gains[p.id] = got
        return got

    def _urgency(self, state: R.State) -> int:
        """Grows as the stalemate tie nears: a tie is no win, so gamble late."""
        small = all(n <= R.STALEMATE_PIECES for n in self._counts.values())
        limit = R.STALEMATE_ROUNDS if small else R.LONG_STALEMATE_ROUNDS
        left = limit - state.rounds_since_duel
        return (max(0, self.QUIET_ROUNDS + 1 - left) * self.QUIET_STEP
                + max(0, state.rounds_since_duel - self.QUIET_GRACE) * self.EARLY_STEP)

    def square_score(self, state: R.State, p: R.Piece, square: int) -> int:
        score = super().square_score(state, p, square)
        # Pressure: the best fight this icon could pick from `square` next turn.
        walk = ICONS[p.icon].move == "walk"
        rng_ = ICONS[p.icon].range
        c, r = B.col_row(square)
        best = 0
        for (ec, er), gain in self._gains_for(p):
            dist = abs(ec - c) + abs(er - r) if walk else max(abs(ec - c), abs(er - r))
            if 0 < dist <= rng_ and gain > best:
                best = gain
        score += self._pp_terms(p, square)
        return score + best * (self.PRESSURE_SCALE + self._urgency(state)) // (1000 * 12)

    def p_win(self, attacker: R.Piece, defender: R.Piece, square: int, shade: int | None = None) -> int:
        """Attacker's win chance (permille) in a duel on `square`: the table's
        figure for unhurt icons at that shade, moved up to HIT_STEP per hit
        that injuries or a home-point spell penalty add to or save either side."""
        if shade is None:
            assert self._state is not None, "prepare() comes first"
            shade = B.square_shade(square, self._state.cycle.shade)
        home = square if square in B.POWER_SET else -1     # only home points change strengths
        key = (attacker.id, defender.id, shade, home)
        got = self._memo.get(key)
        if got is None:
            got = self._memo[key] = self._p_win(attacker, defender, square, shade)
        return got

    def _p_win(self, attacker: R.Piece, defender: R.Piece, square: int, shade: int) -> int:
        pm = self.win_permille(attacker.icon, defender.icon, shade)
        pa, pd = self._strengths(attacker, defender, square, shade), self._strengths(defender, attacker, square, shade)
        da, dd = attack_damage(attacker.icon, defender.icon), attack_damage(defender.icon, attacker.icon)
        delta = (_ceil(pa[1], dd) - _ceil(pa[0], dd)) - (_ceil(pd[1], da) - _ceil(pd[0], da))
        # A hit matters most in an even duel and not at all in a hopeless one.
        pm += self.HIT_STEP * delta * min(pm, 1000 - pm) // 500
        return max(0, min(1000, pm))

    def _strengths(self, p: R.Piece, opp: R.Piece, square: int, shade: int) -> tuple[int, int]:
        """(strength unhurt as in the table, strength now) on `square`."""
        bonus = B.colour_bonus(p.side, shade)
        full = (base_hp(opp.icon) if p.icon == "shapeshifter" else p.base) + bonus
        if p.icon == "shapeshifter":
            return full, full
        if square == B.HOME_POINT[p.side] and self._state is not None:
            bonus = max(0, bonus - len(self._state.spells_used[p.side]))
        return full, p.hp + bonus

    def fight_term(self, state: R.State, p: R.Piece, enemy: R.Piece, square: int) -> int:
        pm = self.p_win(p, enemy, square)
        pl = self.p_win(enemy, p, square)
        pb = max(0, 1000 - pm - pl)
        ve = self.value(enemy) + (self.WIN_VALUE if len(self._foes) == 1 else 0)
        gain = (pm + pb) * ve - (pl + pb) * self.value(p) * self.RISK // 10
        # Winning the duel also puts us on the square (power-point terms come
        # from square_score only with the win chance attached).
        pp = self._pp_terms(p, square) * (pm - 1000) // 1000
        return gain * self.WIN_SCALE // (1000 * 12) + self._urgency(state) + pp

    def attack_margin(self, state: R.State, p: R.Piece, enemy: R.Piece) -> int:
        """Teleport attacks: >= 8 (Classic's threshold) when the win chance is 75% or better."""
        return 8 + (self.p_win(p, enemy, enemy.square) - 750) // 25

    def danger(self, state: R.State, p: R.Piece, square: int) -> int:
        attackers = self._threats.get(square)
        if not attackers:
            return 0
        shade = B.square_shade(square, self._next_shade)
        worst = max((self.p_win(e, p, square, shade) for e in attackers if e.square != square), default=0)
        return worst * self.value(p) * self.DANGER_SCALE // (1000 * 12)

    def spell_steps(self, state: R.State, rng):
        from handheld.games.archon.ai import spells as ai_spells
        return ai_spells.strong_spell_steps(self, state, rng)


# Damage of one attack (a flame or scream: all its hit checks), by icon.
DAMAGE = {"unicorn": 7, "wizard": 10, "archer": 5, "golem": 10, "valkyrie": 7, "djinni": 6, "phoenix": 10,
          "knight": 5, "basilisk": 9, "sorceress": 8, "manticore": 4, "troll": 10, "dragon": 11,
          "banshee": 8, "goblin": 5, "air_elemental": 5, "fire_elemental": 9, "earth_elemental": 9,
          "water_elemental": 6}


def attack_damage(icon: str, opponent: str) -> int:
    return DAMAGE[opponent if icon == "shapeshifter" else icon]


def _ceil(a: int, b: int) -> int:
    return -(-max(a, 1) // b)


def reach(state: R.State, p: R.Piece) -> list[int]:
    """Squares `p` could move onto next turn if whatever stands there now were
    an enemy: legal destinations plus squares its own side occupies (a piece
    that wins a fight there can be attacked at once)."""
    info = ICONS[p.icon]
    if info.move != "walk":
        c0, r0 = B.col_row(p.square)
        n = info.range
        return [B.at(c, r) for r in range(max(0, r0 - n), min(B.SIZE, r0 + n + 1))
                for c in range(max(0, c0 - n), min(B.SIZE, c0 + n + 1)) if (c, r) != (c0, r0)]
    seen, frontier = {p.square}, [p.square]
    for _ in range(info.range):
        nxt = []
        for s in frontier:
            c, r = B.col_row(s)
            for dc, dr in R.ORTHO:
                if B.on_board(c + dc, r + dr) and (t := B.at(c + dc, r + dr)) not in seen:
                    seen.add(t)
                    if state.board[t] is None:
                        nxt.append(t)
        frontier = nxt
    seen.discard(p.square)
    return list(seen)
