"""Which ALSA sound card the cabinet plays on (`sound.output` in handheld.toml).

The cards are read from sysfs (/sys/class/sound/cardN), which the service's sandbox can
read, instead of asking ALSA: with no card at all, ALSA would print a screenful of errors
for every open. Each card is sorted into the outputs a Pi cabinet has (docs/boot.md):

  hdmi  vc4's HDMI audio (card id vc4hdmi, vc4hdmi0, vc4hdmi1)
  jack  the 3.5 mm socket on a Pi 3 / 4 (bcm2835 "Headphones")
  usb   any USB sound card or USB speaker
  i2s   an I2S amplifier or DAC on the GPIO header (e.g. MAX98357A), a simple-audio-card

"auto" takes the first present of usb, i2s, jack, hdmi: a USB card or an amplifier is
there because the builder fitted it. Any other value names an ALSA card id.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from pathlib import Path

OUTPUTS = ("auto", "hdmi", "jack", "usb", "i2s")
AUTO_ORDER = ("usb", "i2s", "jack", "hdmi")
SYS_SOUND = Path("/sys/class/sound")


@dataclass(frozen=True)
class Card:
    index: int
    id: str
    kind: str        # hdmi | jack | usb | i2s | other

    @property
    def alsa_device(self) -> str:
        # "default" of one card: alsa-lib's per-card config adds what the card needs
        # (vc4 HDMI only takes IEC958 frames; the rest get plug + format conversion)
        return f"default:CARD={self.id}"


def _kind(card_dir: Path, card_id: str) -> str:
    device = os.path.realpath(card_dir / "device")
    driver = os.path.basename(os.path.realpath(card_dir / "device" / "driver"))
    if "/usb" in device:
        return "usb"
    if card_id.lower().startswith("vc4hdmi") or "hdmi" in card_id.lower():
        return "hdmi"
    if card_id == "Headphones" or driver == "bcm2835_audio":
        return "jack"
    if "simple-card" in driver or "audio-graph" in driver:
        return "i2s"
    return "other"


def find_cards(root: Path = SYS_SOUND) -> list[Card]:
    cards = []
    for card_dir in sorted(root.glob("card[0-9]*")):
        try:
            index = int(card_dir.name[4:])
            card_id = (card_dir / "id").read_text().strip()
        except (OSError, ValueError):
            continue
        cards.append(Card(index, card_id, _kind(card_dir, card_id)))
    return sorted(cards, key=lambda c: c.index)


def pick(output: str, cards: list[Card]) -> tuple[Card | None, str]:
    """-> (the card to play on or None, one line for the log)."""
    if not cards:
        return None, "no sound card: silent"
    if output == "auto":
        for kind in AUTO_ORDER:
            for card in cards:
                if card.kind == kind:
                    return card, f"sound: {kind} ({card.id})"
        return cards[0], f"sound: card {cards[0].id}"
    for card in cards:
        if card.kind == output or card.id == output:
            return card, f"sound: {output} ({card.id})"
    found = ", ".join(f"{c.id} ({c.kind})" for c in cards)
    return None, (f"sound.output = {output!r}: no such card here ({found}); "
                  f"set it to auto or one of these: silent")


def choose(output: str, env=os.environ, platform: str | None = None,
           root: Path | None = None) -> tuple[bool, str | None]:
    """-> (open the mixer at all?, one line for the log or None).

    Only on Linux with SDL_AUDIODRIVER alsa (the service sets it) or unset: no card means
    silence without asking ALSA. The card is picked, and put in AUDIODEV (SDL's ALSA device
    name), under alsa or when handheld.toml names an output; on a desktop with the driver
    unset and output auto, SDL's own choice (a sound server) stands."""
    driver = env.get("SDL_AUDIODRIVER")
    if not (platform or sys.platform).startswith("linux") or driver not in (None, "", "alsa"):
        return True, None
    cards = find_cards(SYS_SOUND if root is None else root)
    if not cards:
        return False, "no sound card: silent"
    if driver != "alsa" and output == "auto":
        return True, None
    card, line = pick(output, cards)
    if card is None:
        return False, line
    env["AUDIODEV"] = card.alsa_device
    return True, line
