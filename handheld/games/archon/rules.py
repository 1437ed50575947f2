"""Archon's strategy board as pure rules: state, legal moves, duels, turns, ends.

No pygame, no clock, no I/O. Everything is integers and strings so the state
hashes (handheld.runtime.statehash) and replays bit for bit. Randomness (the
summoned elemental) comes from the match `Rng` handed to `apply`.

Flow of a turn: `legal_destinations` / spells (spells.py) -> `apply(state,
action, rng)`. If the action starts a duel, `state.pending` holds it and the
turn waits until `resolve_duel` gets the arena's result; then the turn ends
(power-point healing and the cycle advance at the end of a round) and the
next turn starts with the end-of-game checks.
"""

from __future__ import annotations

from handheld.games.archon import board as B
from handheld.games.archon import spells
from handheld.games.archon.icons import (DARK, ELEMENTALS, ICONS, LIGHT, MAGE, SHAPESHIFTER_VS_ELEMENTAL_HP,
                                         WALK, base_hp, is_elemental, other)
from handheld.games.archon.state import Cast, Duel, Move, Piece, State  # noqa: F401  (re-exported)

STALEMATE_ROUNDS = 12      # rounds without a duel when both sides have <= 2 pieces
STALEMATE_PIECES = 2
LONG_STALEMATE_ROUNDS = 40  # cabinet rule: 4 full cycles without a duel is a tie at any piece count
NO_PROGRESS = "NO PROGRESS IN 40 ROUNDS"
# How a game can end. The first five are the seed's and the clarification's
# rules; the others are the cabinet's own safety nets (a side with no legal
# action at all, the 40 quiet rounds, selfplay's turn limit).
RULE_ENDS = ("ALL FIVE POWER POINTS", "THE ENEMY IS DESTROYED", "BOTH ARMIES DESTROYED",
             "LAST ICON IMPRISONED", "STALEMATE")
CABINET_ENDS = ("NO LEGAL MOVE", NO_PROGRESS, "TURN LIMIT")


def new_game(first: str = LIGHT) -> State:
    """Both armies on their start squares; the cycle has made the first round's advance."""
    if first not in (LIGHT, DARK):
        raise ValueError(f"first must be 'light' or 'dark', not {first!r}")
    pieces: list[Piece] = []
    board: list[int | None] = [None] * (B.SIZE * B.SIZE)
    for side in (LIGHT, DARK):
        for icon, sqname in B.START[side]:
            s = B.sq(sqname)
            p = Piece(len(pieces), icon, side, base_hp(icon), s)
            board[s] = p.id
            pieces.append(p)
    state = State(pieces, board, B.Cycle.before_first_round(first), first, first)
    _advance_cycle(state)
    return state


# --- movement --------------------------------------------------------------

ORTHO = ((0, -1), (0, 1), (-1, 0), (1, 0))


def can_choose(state: State, piece: Piece) -> str | None:
    """Why `piece` can't be chosen to move this turn, or None."""
    if not piece.alive or piece.side != state.to_move:
        return "NOT YOUR ICON"
    if piece.imprisoned:
        return "THAT ICON IS IMPRISONED"
    if ICONS[piece.icon].move != MAGE and not legal_destinations(state, piece):
        return "THAT ICON CANNOT MOVE"
    return None


def legal_destinations(state: State, piece: Piece) -> list[int]:
    """Squares the piece can end its move on (empty or enemy), sorted."""
    info = ICONS[piece.icon]
    c0, r0 = B.col_row(piece.square)
    out = []
    if info.move == WALK:
        dist = {piece.square: 0}
        frontier = [piece.square]
        for step in range(1, info.range + 1):
            nxt = []
            for s in frontier:
                c, r = B.col_row(s)
                for dc, dr in ORTHO:
                    if not B.on_board(c + dc, r + dr):
                        continue
                    t = B.at(c + dc, r + dr)
                    if t in dist:
                        continue
                    occ = state.piece_at(t)
                    if occ is not None and occ.side == piece.side:
                        continue
                    dist[t] = step
                    out.append(t)
                    if occ is None:
                        nxt.append(t)      # enemies end the walk
            frontier = nxt
        return sorted(out)
    n = info.range
    for r in range(max(0, r0 - n), min(B.SIZE, r0 + n + 1)):
        for c in range(max(0, c0 - n), min(B.SIZE, c0 + n + 1)):
            t = B.at(c, r)
            occ = state.piece_at(t)
            if t != piece.square and (occ is None or occ.side != piece.side):
                out.append(t)
    return sorted(out)


# --- duels -----------------------------------------------------------------

def fighter_strength(state: State, icon: str, side: str, hp: int, square: int, opponent: str) -> tuple[int, int]:
    """(HP going in, strength) for one fighter on `square`.

    Strength = HP + colour bonus, less one per spell cast by its mage when on
    that mage's home power point. Elementals get neither; the Shapeshifter
    fights with its opponent's base HP (10 against an elemental).
    """
    if is_elemental(icon):
        return base_hp(icon), base_hp(icon)
    if icon == "shapeshifter":
        hp = SHAPESHIFTER_VS_ELEMENTAL_HP if is_elemental(opponent) else base_hp(opponent)
    bonus = B.colour_bonus(side, state.shade_of(square))
    if square == B.HOME_POINT[side]:
        bonus = max(0, bonus - len(state.spells_used[side]))
    return hp, hp + bonus


def hp_after_duel(old_hp: int, remaining_strength: int) -> int:
    """The injury rule: the colour bonus absorbs damage first."""
    return max(0, min(old_hp, remaining_strength))


def _start_duel(state: State, attacker_side: str, attacker_icon: str, attacker_piece: int | None,
                attacker_hp: int, defender: Piece) -> None:
    sqr = defender.square
    a_hp, a_str = fighter_strength(state, attacker_icon, attacker_side, attacker_hp, sqr, defender.icon)
    d_hp, d_str = fighter_strength(state, defender.icon, defender.side, defender.hp, sqr, attacker_icon)
    if attacker_side == LIGHT:
        li, di, ls, ds, lh, dh = attacker_icon, defender.icon, a_str, d_str, a_hp, d_hp
    else:
        li, di, ls, ds, lh, dh = defender.icon, attacker_icon, d_str, a_str, d_hp, a_hp
    state.pending = Duel(sqr, state.shade_of(sqr), attacker_side, attacker_icon, attacker_piece,
                         defender.id, li, di, ls, ds, lh, dh)


def _kill(state: State, p: Piece) -> None:
    if state.board[p.square] == p.id:
        state.board[p.square] = None
    p.alive = False
    p.imprisoned = False
    p.hp = 0
    p.scars = 0


def heal_one(p: Piece) -> None:
    """1 HP back (power points, the cycle's end); a Shapeshifter's scars fade the same way."""
    p.hp = min(p.base, p.hp + 1)
    p.scars = max(0, p.scars - 1)


def resolve_duel(state: State, winner: str, light_hp: int, dark_hp: int) -> None:
    """Apply the arena's result ("light", "dark" or "both" dead) and end the turn."""
    d = state.pending
    if d is None:
        raise ValueError("no duel is pending")
    if winner not in ("light", "dark", "both"):
        raise ValueError(f"bad duel winner {winner!r}")
    state.pending = None
    state.duels += 1
    state.rounds_since_duel = 0
    defender = state.pieces[d.defender_piece]
    attacker = None if d.attacker_piece is None else state.pieces[d.attacker_piece]
    hp_left = {LIGHT: light_hp, DARK: dark_hp}
    if winner == "both" or winner != defender.side:
        _kill(state, defender)
    if attacker is not None and (winner == "both" or winner != attacker.side):
        _kill(state, attacker)
    survivor = None
    if winner != "both":
        survivor = attacker if (attacker is not None and attacker.side == winner) else (
            defender if defender.side == winner else None)
    if survivor is not None:
        if survivor.icon == "shapeshifter":
            seen = max(1, min(survivor.base - survivor.scars, hp_left[winner]))
            survivor.hp, survivor.scars = survivor.base, survivor.base - seen
        else:
            survivor.hp = max(1, min(survivor.hp, hp_left[winner]))
        if survivor is attacker:
            state.board[attacker.square] = None
            attacker.square = d.square
            state.board[d.square] = attacker.id
    end_turn(state)


# --- applying actions --------------------------------------------------------

def apply(state: State, action, rng=None) -> None:
    """Apply a legal Move or Cast for the side to move. Raises ValueError if illegal."""
    if state.over():
        raise ValueError("the game is over")
    if state.pending is not None:
        raise ValueError("a duel is pending")
    if isinstance(action, Move):
        p = state.pieces[action.piece]
        why = can_choose(state, p)
        if why:
            raise ValueError(why)
        if action.to not in legal_destinations(state, p):
            raise ValueError(f"{p.icon} can't move to {B.name(action.to)}")
        move_piece(state, p, action.to)
        return
    if isinstance(action, Cast):
        _cast(state, action, rng)
        return
    raise TypeError(f"not an action: {action!r}")


def move_piece(state: State, p: Piece, to: int) -> None:
    """Put `p` on `to` (already checked): empty square -> turn ends; enemy -> duel."""
    occ = state.piece_at(to)
    if occ is not None:
        _start_duel(state, p.side, p.icon, p.id, p.hp, occ)
        return
    state.board[p.square] = None
    p.square = to
    state.board[to] = p.id
    end_turn(state)


def summon_duel(state: State, elemental: str, defender: Piece) -> None:
    state.last_elemental = elemental
    _start_duel(state, other(defender.side), elemental, None, base_hp(elemental), defender)


def _cast(state: State, action: Cast, rng) -> None:
    """Cast a fully picked spell for the side to move (raises ValueError if illegal)."""
    side = state.to_move
    spell = action.spell
    why = spells.spell_error(state, side, spell)
    if why:
        raise ValueError(why)
    picks = list(action.squares)
    if len(picks) != spells.PICKS[spell]:
        raise ValueError(f"{spell} needs {spells.PICKS[spell]} squares")
    for i in range(1, len(picks) + 1):
        why = spells.pick_error(state, side, spell, picks[:i], action.icon)
        if why:
            raise ValueError(why)
    state.spells_used[side].append(spell)
    if spell == "teleport":
        move_piece(state, state.icon_on(picks[0]), picks[1])
        return
    if spell == "summon":
        choices = [e for e in ELEMENTALS if e != state.last_elemental]
        if rng is None:
            raise ValueError("summon needs the match rng")
        summon_duel(state, rng.choice(choices), state.icon_on(picks[0]))
        return
    if spell == "heal":
        p = state.icon_on(picks[0])
        p.hp = p.base
    elif spell == "shift_time":
        state.cycle.shift()
    elif spell == "exchange":
        a, b = state.icon_on(picks[0]), state.icon_on(picks[1])
        a.square, b.square = b.square, a.square
        state.board[a.square], state.board[b.square] = a.id, b.id
    elif spell == "revive":
        p = next(p for p in state.dead(side) if p.icon == action.icon)
        p.alive, p.hp, p.square, p.imprisoned = True, p.base, picks[0], False
        state.board[p.square] = p.id
    elif spell == "imprison":
        state.icon_on(picks[0]).imprisoned = True
    end_turn(state)


# --- turns, the cycle and the end ----------------------------------------------

def _advance_cycle(state: State) -> None:
    state.cycle.advance()
    end_side = {B.SHADE_A: LIGHT, B.SHADE_F: DARK}.get(state.cycle.shade)
    if end_side:
        for p in state.alive(end_side):
            heal_one(p)
            p.imprisoned = False


def end_turn(state: State) -> None:
    if state.to_move != state.first:        # the second mover's turn closes the round
        for s in B.POWER_POINTS:
            p = state.piece_at(s)
            if p is not None:
                heal_one(p)
        state.rounds_since_duel += 1
        state.round += 1
        _advance_cycle(state)
    state.to_move = other(state.to_move)
    state.turn += 1
    check_end(state)


def has_action(state: State, side: str) -> bool:
    if any(not p.imprisoned and legal_destinations(state, p) for p in state.alive(side)):
        return True
    return bool(spells.available_spells(state, side))


def check_end(state: State) -> str | None:
    """The start-of-turn checks; sets winner/end_reason and returns the winner."""
    for side in (LIGHT, DARK):
        if all((p := state.piece_at(s)) is not None and p.side == side for s in B.POWER_POINTS):
            return _finish(state, side, "ALL FIVE POWER POINTS")
    nl, nd = len(state.alive(LIGHT)), len(state.alive(DARK))
    if nl == 0 and nd == 0:
        return _finish(state, "tie", "BOTH ARMIES DESTROYED")
    if nl == 0 or nd == 0:
        return _finish(state, LIGHT if nd == 0 else DARK, "THE ENEMY IS DESTROYED")
    side = state.to_move
    if not has_action(state, side):
        mover = state.alive(side)
        reason = "LAST ICON IMPRISONED" if len(mover) == 1 and mover[0].imprisoned else "NO LEGAL MOVE"
        return _finish(state, other(side), reason)
    if nl <= STALEMATE_PIECES and nd <= STALEMATE_PIECES and state.rounds_since_duel >= STALEMATE_ROUNDS:
        return _finish(state, "tie", "STALEMATE")
    if state.rounds_since_duel >= LONG_STALEMATE_ROUNDS:
        return _finish(state, "tie", NO_PROGRESS)
    return None


def _finish(state: State, winner: str, reason: str) -> str:
    state.winner = winner
    state.end_reason = reason
    return winner


from handheld.games.archon.walking import walk_path, walk_step  # noqa: E402,F401  (re-exported)
