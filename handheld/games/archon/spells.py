"""The seven spells: what each may pick and when it may be cast (pure rules).
Casting a fully picked spell is `rules.apply(state, Cast(...), rng)`.

A spell is picked in steps (a piece, then a square...). `pick_error` judges a
partial list of picked squares so the board screen can cancel at the first
illegal pick; an illegal pick cancels the spell without using it up.
"""

from __future__ import annotations

from handheld.games.archon import board as B
from handheld.games.archon.state import State
from handheld.games.archon.icons import DARK, LIGHT, MAGES, other

SPELLS = ("teleport", "heal", "shift_time", "exchange", "summon", "revive", "imprison")
SPELL_NAMES = {"teleport": "TELEPORT", "heal": "HEAL", "shift_time": "SHIFT TIME",
               "exchange": "EXCHANGE", "summon": "SUMMON ELEMENTAL", "revive": "REVIVE",
               "imprison": "IMPRISON"}
PICKS = {"teleport": 2, "heal": 1, "shift_time": 0, "exchange": 2, "summon": 1, "revive": 1, "imprison": 1}
PROMPTS = {"teleport": ("PICK YOUR ICON TO TELEPORT", "PICK WHERE IT GOES"),
           "heal": ("PICK YOUR ICON TO HEAL",),
           "exchange": ("PICK THE FIRST ICON", "PICK THE SECOND ICON"),
           "summon": ("PICK THE ENEMY TO ATTACK",),
           "revive": ("PICK A SQUARE BESIDE YOUR MAGE",),
           "imprison": ("PICK THE ENEMY TO IMPRISON",)}


def mage_free(state: State, side: str) -> bool:
    m = state.mage(side)
    return m.alive and not m.imprisoned


def dead_types(state: State, side: str) -> list[str]:
    """Icon types of `side` that have a dead piece, in army order, no repeats."""
    out: list[str] = []
    for p in state.dead(side):
        if p.icon not in out:
            out.append(p.icon)
    return out


def imprison_blocked(state: State, side: str) -> bool:
    """True while the cycle sits at the victim's own end (Wizard at F, Sorceress at A)."""
    victim_end = B.SHADE_F if other(side) == DARK else B.SHADE_A
    return state.cycle.shade == victim_end


def charmed_squares(state: State, side: str) -> list[int]:
    """Empty non-power-point squares among the 8 around the mage."""
    c, r = B.col_row(state.mage(side).square)
    out = []
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            if (dc or dr) and B.on_board(c + dc, r + dr):
                t = B.at(c + dc, r + dr)
                if state.board[t] is None and t not in B.POWER_SET:
                    out.append(t)
    return out


def pick_error(state: State, side: str, spell: str, picks: list[int], icon: str | None = None) -> str | None:
    """Why the last of `picks` is illegal for `spell`, or None if all are fine."""
    if not picks:
        return None
    i = len(picks) - 1
    t = picks[i]
    if t in B.POWER_SET:
        return "NO SPELL WORKS ON A POWER POINT"
    occ = state.piece_at(t)
    if spell == "teleport":
        if i == 0:
            if occ is None or occ.side != side:
                return "TELEPORT NEEDS ONE OF YOUR ICONS"
            if occ.imprisoned:
                return "THAT ICON IS IMPRISONED"
            return None
        if occ is not None and occ.side == side:
            return "YOUR OWN ICON IS THERE"
        return None
    if spell == "heal":
        if occ is None or occ.side != side:
            return "HEAL NEEDS ONE OF YOUR ICONS"
        if occ.hp >= occ.base:
            return "THAT ICON IS NOT HURT"
        return None
    if spell == "exchange":
        if occ is None:
            return "EXCHANGE NEEDS AN ICON"
        if occ.imprisoned:
            return "THAT ICON IS IMPRISONED"
        if i == 1 and t == picks[0]:
            return "PICK TWO DIFFERENT ICONS"
        return None
    if spell == "summon":
        if occ is None or occ.side == side:
            return "SUMMON NEEDS AN ENEMY ICON"
        return None
    if spell == "revive":
        if icon not in dead_types(state, side):
            return "THAT ICON IS NOT DEAD"
        if t not in charmed_squares(state, side):
            return "REVIVE NEEDS AN EMPTY SQUARE BESIDE YOUR MAGE"
        return None
    if spell == "imprison":
        if occ is None or occ.side == side:
            return "IMPRISON NEEDS AN ENEMY ICON"
        if occ.imprisoned:
            return "THAT ICON IS ALREADY IMPRISONED"
        if imprison_blocked(state, side):
            return "IMPRISON FAILS WHILE TIME FAVOURS THE ENEMY"
        return None
    return f"UNKNOWN SPELL {spell}"


def _off_pp(pieces) -> list:
    return [p for p in pieces if p.square not in B.POWER_SET]


def spell_error(state: State, side: str, spell: str) -> str | None:
    """Why `spell` can't be chosen from the menu now (used, or nothing to pick), or None."""
    if spell not in SPELLS:
        return f"UNKNOWN SPELL {spell}"
    if not mage_free(state, side):
        return "YOUR MAGE CANNOT CAST"
    if spell in state.spells_used[side]:
        return "SPELL ALREADY CAST"
    own = _off_pp(state.alive(side))
    foes = _off_pp(state.alive(other(side)))
    if spell == "teleport" and not any(not p.imprisoned for p in own):
        return "NO ICON CAN BE TELEPORTED"
    if spell == "heal" and not any(p.hp < p.base for p in own):
        return "NO ICON NEEDS HEALING"
    if spell == "exchange" and len([p for p in own + foes if not p.imprisoned]) < 2:
        return "NOTHING TO EXCHANGE"
    if spell == "summon" and not foes:
        return "NO ENEMY OFF THE POWER POINTS"
    if spell == "revive":
        if not dead_types(state, side):
            return "NO ICON HAS DIED"
        if not charmed_squares(state, side):
            return "NO EMPTY SQUARE BESIDE YOUR MAGE"
    if spell == "imprison":
        if imprison_blocked(state, side):
            return "IMPRISON FAILS WHILE TIME FAVOURS THE ENEMY"
        if not any(not p.imprisoned for p in foes):
            return "NO ENEMY CAN BE IMPRISONED"
    return None


def available_spells(state: State, side: str) -> list[str]:
    return [s for s in SPELLS if spell_error(state, side, s) is None]


__all__ = ["SPELLS", "SPELL_NAMES", "PICKS", "PROMPTS", "MAGES", "LIGHT", "DARK", "pick_error",
           "spell_error", "available_spells", "charmed_squares", "dead_types", "imprison_blocked"]
