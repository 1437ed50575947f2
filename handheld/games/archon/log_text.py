"""The words for what a side just did, in the board's own square names, so
the text window can keep the last action on screen until the player acts.
Pure: reads the state before the action is applied, changes nothing."""

from __future__ import annotations

from handheld.games.archon import board as B
from handheld.games.archon import spells as S
from handheld.games.archon.icons import ICONS, LIGHT
from handheld.games.archon.state import Cast, Move, State

SIDE_NAME = {LIGHT: "LIGHT", "dark": "DARK"}


def _icon_name(icon: str) -> str:
    return ICONS[icon].name.upper()


def _at(state: State, square: int) -> str:
    """'GOBLIN H5', or just 'H5' for an empty square."""
    p = state.piece_at(square)
    return f"{_icon_name(p.icon)} {B.name(square)}" if p is not None else B.name(square)


def describe(state: State, action) -> str:
    """One line for `action`, about to be applied to `state` by the side to move."""
    who = SIDE_NAME[state.to_move]
    if isinstance(action, Move):
        p = state.pieces[action.piece]
        enemy = state.piece_at(action.to)
        verb = "ATTACKS" if enemy is not None and enemy.side != p.side else "TO"
        return f"{who}: {_icon_name(p.icon)} {B.name(p.square)} {verb} {_at(state, action.to)}"
    assert isinstance(action, Cast)
    head = f"{who} CASTS {S.SPELL_NAMES[action.spell]}"
    sq = action.squares
    if action.spell == "teleport":
        return f"{head}: {_at(state, sq[0])} TO {B.name(sq[1])}"
    if action.spell == "exchange":
        return f"{head}: {B.name(sq[0])} AND {B.name(sq[1])}"
    if action.spell == "revive":
        return f"{head}: {_icon_name(action.icon or '')} TO {B.name(sq[0])}"
    if action.spell == "summon":
        return f"{head}: {_at(state, sq[0])}"
    if sq:
        return f"{head}: {_at(state, sq[0])}"
    return head


def duel_outcome(square: int, winner: str, light_icon: str, dark_icon: str) -> str:
    """'DUEL ON H5: TROLL BEAT KNIGHT'."""
    head = f"DUEL ON {B.name(square)}: "
    if winner == "both":
        return head + f"{_icon_name(light_icon)} AND {_icon_name(dark_icon)} FELL"
    won, lost = (light_icon, dark_icon) if winner == LIGHT else (dark_icon, light_icon)
    return head + f"{_icon_name(won)} BEAT {_icon_name(lost)}"
