"""Which spell the computer casts, if any, before it considers a board move.

Classic follows the original's priority order (rules/archon.md): Imprison,
Shift Time, Summon Elemental, Teleport, (never Exchange), Revive, Heal —
casting the first that qualifies. Interpretations of the outline's vaguer
words (documented in docs/archon.md):
  strong icon      base HP >= 12, or a mage
  middle rows      the three central files D..F, between the armies
  favours us       our colour bonus on the square beats the enemy's
  time runs against us   the cycle heads for the enemy's end, the square
                   shade already favours the enemy, and more of our icons
                   than theirs stand on cycling squares
  strong attack    our strength there beats theirs by 8 or more
Strong keeps the order but judges fights by the arena's win rates.
"""

from __future__ import annotations

from typing import Generator

from handheld.games.archon import board as B
from handheld.games.archon import rules as R
from handheld.games.archon import spells as S
from handheld.games.archon.icons import DARK, ELEMENTALS, ICONS, LIGHT, MAGE, other
from handheld.runtime.think import count, run_to_end

CHAMPION = {LIGHT: "djinni", DARK: "dragon"}
MIDDLE_COLS = (3, 4, 5)
STRONG_ATTACK_MARGIN = 8
HEAL_BELOW = 6
BACK_COL = {LIGHT: 0, DARK: 8}


def is_strong(p: R.Piece) -> bool:
    return p.base >= 12 or ICONS[p.icon].move == MAGE


def favours(state: R.State, side: str, square: int) -> bool:
    shade = state.shade_of(square)
    return B.colour_bonus(side, shade) > B.colour_bonus(other(side), shade)


def _pick(rng, options: list):
    return options[rng.randrange(len(options))] if options else None


def _legal(state: R.State, side: str, spell: str, squares: list[int], icon=None) -> bool:
    return all(S.pick_error(state, side, spell, squares[:i], icon) is None for i in range(1, len(squares) + 1))


def _prime_targets(state: R.State, side: str, spell: str) -> list[R.Piece]:
    """Imprison/Summon targets in the outline's order of preference (first non-empty group)."""
    everyone = state.alive(other(side))
    foes = [p for p in everyone if _legal(state, side, spell, [p.square])]
    groups = (
        foes if len(everyone) == 1 and spell == "imprison" else [],   # the last icon: a win (pressing)
        [p for p in foes if ICONS[p.icon].move == MAGE],
        [p for p in foes if is_strong(p) and B.col_row(p.square)[0] in MIDDLE_COLS],
        [p for p in foes if p.icon == CHAMPION[other(side)] and favours(state, side, p.square)],
    )
    for g in groups:
        if g:
            return g
    return []


def _strongest(rng, pieces: list[R.Piece]) -> R.Piece | None:
    if not pieces:
        return None
    top = max(p.base for p in pieces)
    return _pick(rng, [p for p in pieces if p.base == top])


def time_against(state: R.State, side: str) -> bool:
    cyc = state.cycle
    towards_enemy_end = cyc.heading() == (-1 if side == DARK else 1)
    if not towards_enemy_end or favours(state, side, B.sq("E5")) or cyc.shade == (0 if side == DARK else 5):
        return False
    mine = sum(1 for p in state.alive(side) if B.KIND[p.square] == "V")
    theirs = sum(1 for p in state.alive(other(side)) if B.KIND[p.square] == "V")
    return mine > theirs


def sentence_ending(state: R.State, side: str) -> bool:
    """An enemy prisoner is about to be freed: the cycle heads for the enemy's
    end and is one step from it (the seed: the computer "loves to extend (or
    reduce) a prison sentence with the Shift Time spell")."""
    cyc = state.cycle
    end = 0 if side == DARK else 5
    return (any(p.imprisoned for p in state.alive(other(side)))
            and cyc.heading() == (-1 if side == DARK else 1) and abs(cyc.shade - end) == 1)


def _strength(state, p, square, enemy) -> int:
    return R.fighter_strength(state, p.icon, p.side, p.hp, square, enemy.icon)[1]


def classic_spell(player, state: R.State, rng) -> R.Cast | None:
    return run_to_end(classic_spell_steps(player, state, rng))


def strong_spell(player, state: R.State, rng) -> R.Cast | None:
    return run_to_end(strong_spell_steps(player, state, rng))


def classic_spell_steps(player, state: R.State, rng):
    """Generator: yields between bounded pieces of work; returns the Cast or None."""
    side = state.to_move
    ok = set(S.available_spells(state, side))
    if not ok:
        return None
    if "imprison" in ok:
        t = _strongest(rng, _prime_targets(state, side, "imprison"))
        if t is not None:
            return R.Cast("imprison", (t.square,))
    if "shift_time" in ok:
        if (any(p.imprisoned for p in state.alive(side)) or time_against(state, side)
                or sentence_ending(state, side)):
            return R.Cast("shift_time")
    if "summon" in ok:
        mage = state.mage(side)
        mc, mr = B.col_row(mage.square)
        targets = _prime_targets(state, side, "summon") or [
            p for p in state.alive(other(side))
            if _legal(state, side, "summon", [p.square])
            and max(abs(B.col_row(p.square)[0] - mc), abs(B.col_row(p.square)[1] - mr)) <= 2]
        t = _strongest(rng, targets)
        if t is not None:
            return R.Cast("summon", (t.square,))
    yield
    if "teleport" in ok:
        cast = yield from _teleport(player, state, side, rng)
        if cast is not None:
            return cast
    if "revive" in ok:
        cast = _revive(state, side, rng)
        if cast is not None:
            return cast
    if "heal" in ok:
        hurt = [p for p in state.alive(side) if (ICONS[p.icon].move == MAGE or p.icon == CHAMPION[side])
                and p.hp < HEAL_BELOW and _legal(state, side, "heal", [p.square])]
        t = _strongest(rng, hurt)
        if t is not None:
            return R.Cast("heal", (t.square,))
    return None


def _teleport(player, state: R.State, side: str, rng) -> Generator[None, None, R.Cast | None]:
    movers = [p for p in state.alive(side) if _legal(state, side, "teleport", [p.square])]
    foe_mage = state.mage(other(side))
    if foe_mage.alive and foe_mage.square not in B.POWER_SET:
        back = [p for p in movers if B.col_row(p.square)[0] == BACK_COL[side] and ICONS[p.icon].move != MAGE
                and (not hasattr(player, "attack_margin")
                     or player.attack_margin(state, p, foe_mage) >= STRONG_ATTACK_MARGIN)]
        p = _strongest(rng, back)
        if p is not None:
            return R.Cast("teleport", (p.square, foe_mage.square))
        yield
    best, options = None, []
    for p in movers:
        yield
        count(len(state.alive(other(side))))
        for e in state.alive(other(side)):
            if e.square in B.POWER_SET:
                continue
            margin = player.attack_margin(state, p, e) if hasattr(player, "attack_margin") else (
                _strength(state, p, e.square, e) - _strength(state, e, e.square, p))
            if margin < STRONG_ATTACK_MARGIN:
                continue
            if best is None or margin > best:
                best, options = margin, [(p, e)]
            elif margin == best:
                options.append((p, e))
    choice = _pick(rng, options)
    if choice is None:
        return None
    return R.Cast("teleport", (choice[0].square, choice[1].square))


def _revive(state: R.State, side: str, rng) -> R.Cast | None:
    champ = CHAMPION[side]
    if champ not in S.dead_types(state, side):
        return None
    good = [t for t in S.charmed_squares(state, side) if favours(state, side, t)]
    return None if not good else R.Cast("revive", (_pick(rng, good),), champ)


def strong_spell_steps(player, state: R.State, rng):
    """Strong: a free win first, then Classic's order judged by win rates."""
    side = state.to_move
    ok = set(S.available_spells(state, side))
    foes = state.alive(other(side))
    if "imprison" in ok and len(foes) == 1 and _legal(state, side, "imprison", [foes[0].square]):
        return R.Cast("imprison", (foes[0].square,))
    if "summon" in ok:
        best, target = 0, None
        for e in foes:
            if not _legal(state, side, "summon", [e.square]):
                continue
            choices = [x for x in ELEMENTALS if x != state.last_elemental]
            shade = state.shade_of(e.square)
            pm = sum(1000 - player.win_permille(e.icon, x, shade) for x in choices) // len(choices)
            pm += 50 * (e.base - e.hp if e.icon != "shapeshifter" else 0)
            score = pm * player.value(e)
            if pm >= 600 and score > best:
                best, target = score, e
        if target is not None and is_strong(target):
            return R.Cast("summon", (target.square,))
    ok.discard("summon")
    ok.discard("imprison")
    yield
    if "teleport" in ok:
        cast = yield from _teleport(player, state, side, rng)
        if cast is not None:
            return cast
    if "revive" in ok:
        cast = _revive(state, side, rng)
        if cast is not None:
            return cast
    if "heal" in ok:
        hurt = [p for p in state.alive(side) if is_strong(p) and p.base - p.hp >= 5
                and _legal(state, side, "heal", [p.square])]
        t = _strongest(rng, hurt)
        if t is not None:
            return R.Cast("heal", (t.square,))
    return None
