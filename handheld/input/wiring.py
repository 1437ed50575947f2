"""Wiring docs generated from a pin map: a Markdown table and an SVG of the
40-pin header with every button's wire.

    python -m handheld.input.wiring hw/bartop-2p.toml   # writes hw/bartop-2p.svg, prints the table
"""

from __future__ import annotations

import sys
from pathlib import Path
from html import escape

from handheld.input.overlay import keycodes
from handheld.input.evdevmap import code_name
from handheld.input.pinmap import GROUND_PINS, HEADER_PIN, SHARED_USE, PinMap, load_pinmap

PLAYER_COLOURS = ("#ffa020", "#3878ff", "#28c440", "#e838c8")   # the palette's player accents
BCM_AT = {pin: bcm for bcm, pin in HEADER_PIN.items()}
POWER = {1: "3V3", 17: "3V3", 2: "5V", 4: "5V"}


def table(pm: PinMap) -> str:
    rows = ["| Button | Player | Action | BCM | Header pin | Other end | Overlay key |",
            "|---|---|---|---|---|---|---|"]
    key = dict(zip((p.bcm for p in pm.pins), keycodes(pm.pins)))
    for p in sorted(pm.pins, key=lambda p: (p.player, p.header)):
        other = "GND" if p.active_low else "3V3 (pin 1 or 17)"
        rows.append(f"| {p.label or p.name} | P{p.player + 1} | {p.name.split()[1]} | {p.bcm} | {p.header} "
                    f"| {other} | {code_name(1, key[p.bcm])} |")
    return "\n".join(rows)


def svg(pm: PinMap) -> str:
    """The header drawn as two columns (odd pins left, even right); each used
    pin gets a coloured wire out to its label, on the side of its column."""
    by_header = {p.header: p for p in pm.pins}
    row_h, top, w = 18, 50, 760
    h = top + 20 * row_h + 40
    cx = {1: 330, 0: 430}   # odd column x, even column x
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" '
           f'font-family="monospace" font-size="12">',
           f'<rect width="{w}" height="{h}" fill="#141224"/>',
           f'<text x="{w // 2}" y="24" fill="#fcd440" text-anchor="middle" font-size="16">'
           f'{escape(pm.name or "pin map")}: Raspberry Pi 40-pin header, buttons to GND</text>',
           f'<rect x="300" y="{top - 12}" width="160" height="{20 * row_h + 6}" rx="6" fill="#242040" '
           f'stroke="#484c6c"/>']
    for n in range(1, 41):
        odd = n % 2
        x = cx[odd]
        y = top + ((n - 1) // 2) * row_h
        pin = by_header.get(n)
        if n in GROUND_PINS:
            fill, name = "#202020", "GND"
        elif n in POWER:
            fill, name = "#e42828", POWER[n]
        else:
            fill, name = "#808498", f"BCM{BCM_AT[n]}"
        if pin is not None:
            fill = PLAYER_COLOURS[pin.player]
        out.append(f'<circle cx="{x}" cy="{y}" r="6" fill="{fill}" stroke="#bcc0cc"/>')
        out.append(f'<text x="{x + (-12 if odd else 12)}" y="{y + 4}" fill="#bcc0cc" '
                   f'text-anchor="{"end" if odd else "start"}" font-size="10">{n}</text>')
        if pin is None:
            if n in GROUND_PINS or n in POWER:
                lx = 200 if odd else 560
                out.append(f'<text x="{lx}" y="{y + 4}" fill="#808498" '
                           f'text-anchor="{"end" if odd else "start"}">{name}</text>')
            continue
        x2 = 180 if odd else 580
        out.append(f'<line x1="{x}" y1="{y}" x2="{x2}" y2="{y}" stroke="{fill}" stroke-width="2"/>')
        label = f"{pin.label or pin.name} ({pin.name}) BCM{pin.bcm}"
        note = SHARED_USE.get(pin.bcm)
        out.append(f'<text x="{x2 + (-6 if odd else 6)}" y="{y + 4}" fill="{fill}" '
                   f'text-anchor="{"end" if odd else "start"}">{escape(label)}</text>')
        if note:
            out.append(f"<!-- BCM{pin.bcm} is also {escape(note)} -->")
    out.append(f'<text x="{w // 2}" y="{h - 14}" fill="#808498" text-anchor="middle">'
               f'Every button: one leg to its pin, the other to any GND pin (daisy-chain the grounds).</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if not argv:
        print("usage: python -m handheld.input.wiring PINMAP.toml [...]", file=sys.stderr)
        return 2
    for path in argv:
        pm, warnings = load_pinmap(path)
        if warnings:
            for w in warnings:
                print(f"error: {w}", file=sys.stderr)
            return 2
        Path(path).with_suffix(".svg").write_text(svg(pm))
        print(f"## {pm.name}\n\n{table(pm)}\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
