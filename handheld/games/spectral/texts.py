"""What the text window says: the action and spell lists, their help pages
(our own words) and the messages events turn into."""

from __future__ import annotations

from . import rules as R

ACTIONS = ("MOVE", "CAST", "STOMP", "PASS", "HELP ME", "RESIGN")
SPELLS = ("CONVERT", "TELEPORT", "BLITZ", "TRANSMUTE", "LOCK", "UNLOCK", "RELEASE LOCKS", "NO SPELL")
SPELL_ACTIONS = {"CONVERT": "convert", "BLITZ": "blitz", "TRANSMUTE": "transmute",
                 "LOCK": "lock", "UNLOCK": "unlock", "RELEASE LOCKS": "release"}

HELP = {
    "MOVE": ("STEP TO ONE OF THE 8 PADS AROUND", "YOU. COSTS 1, +1 TO TWEAK THE PAD",
             "TOWARD YOUR COLOUR. FIRE ON THE", "START PAD CANCELS."),
    "CAST": ("OPEN THE SPELL LIST.", "PICK NO SPELL TO COME BACK.", "", ""),
    "STOMP": ("BOUNCE ON YOUR PAD: ONE TWEAK", "TOWARD YOUR COLOUR FOR 1.", "ON YOUR OWN COLOUR IT IS FREE",
              "BUT STILL USES YOUR GO."),
    "PASS": ("DO NOTHING THIS ROUND. IF BOTH", "PASS IN ONE ROUND THE TURN ENDS", "AND NEW POWER IS HANDED OUT.", ""),
    "HELP ME": ("THE COMPUTER PICKS YOUR ACTION", "AND PLAYS IT FOR YOU.", "", ""),
    "RESIGN": ("GIVE UP: THE GAME ENDS AT ONCE", "WITH NO WINNER.", "", ""),
    "CONVERT": ("TWEAK YOUR PAD ALL THE WAY TO", "YOUR COLOUR, 1 A TWEAK. ON YOUR", "COLOUR IT FLIPS TO THE FOE'S",
                "FOR 1. FAILS ON A LOCKED PAD."),
    "TELEPORT": ("JUMP TO ANY PAD. COSTS 1 + ITS", "DISTANCE FROM YOUR COLOUR (1-5).", "FIRE ON YOUR OWN PAD CANCELS.", ""),
    "BLITZ": ("NEEDS 16 POWER. FLOODS OUT FROM", "YOUR PAD THROUGH SAME-COLOUR PADS", "TWEAKING EACH FOR 1, PASS AFTER",
              "PASS, TILL YOUR PAD IS YOURS."),
    "TRANSMUTE": ("NEEDS 9 POWER. TWEAKS YOUR PAD", "AND ALL 8 AROUND IT, 1 FOR EACH", "PAD THAT CHANGES.", ""),
    "LOCK": ("LOCK YOUR PAD: NOTHING CHANGES IT.", "COSTS 1-3, MORE THE FURTHER IT", "IS FROM YOUR COLOUR. EACH LOCK",
             "COSTS 1 POWER EVERY TURN."),
    "UNLOCK": ("REMOVE THE LOCK UNDER YOU. YOURS", "ARE FREE; THE FOE'S COST AS A", "LOCK + 1 PER 5 PADS YOU LEAD.",
               "YOU STILL GET YOUR GO."),
    "RELEASE LOCKS": ("REMOVE ALL YOUR LOCKS FOR 1.", "", "", ""),
    "NO SPELL": ("BACK TO THE ACTION LIST.", "", "", ""),
}


def player_line(p: int, power: int) -> tuple[str, str]:
    return (f"{R.PLAYER_NAMES[p]} WIZARD   POWER {power}", "red" if p == 0 else "violet")


def action_name(action: tuple) -> str:
    kind = action[0]
    names = {"move": "MOVE", "stomp": "STOMP", "pass": "PASS", "resign": "RESIGN",
             "convert": "CONVERT", "teleport": "TELEPORT", "blitz": "BLITZ",
             "transmute": "TRANSMUTE", "lock": "LOCK", "unlock": "UNLOCK", "release": "RELEASE LOCKS"}
    return names[kind]


def event_message(ev: tuple) -> tuple[str, int] | None:
    """(text, pause in ticks) for events that stop to say something."""
    kind = ev[0]
    who = R.PLAYER_NAMES[ev[1]] if kind not in ("turn_end", "game_over", "tweak") else ""
    if kind == "fail":
        return f"PAD IS LOCKED: {ev[2].upper()} FAILS", 90
    if kind == "locked_pad":
        return "PAD IS LOCKED: NO COLOUR CHANGE", 90
    if kind == "refused":
        reason, n = ev[2], ev[3]
        if reason == "too far":
            return "TOO FAR FROM YOUR PAD", 60
        if reason == "ignition":
            return f"NEEDS {n} POWER TO IGNITE", 120
        if reason == "no lock":
            return "NO LOCK HERE", 120
        if reason == "no locks":
            return "YOU HAVE NO LOCKS", 120
        return f"NOT ENOUGH POWER: COSTS {n}", 120
    if kind == "pass":
        return (f"{who}: NO MORE POWER", 120) if ev[2] else (f"{who} PASSES", 60)
    if kind == "turn_end":
        return f"TURN {ev[1]}: POWER RED {ev[2]} VIOLET {ev[3]}", 120
    if kind == "resign":
        return f"{who} RESIGNS", 120
    return None
