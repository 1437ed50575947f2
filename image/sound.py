"""What each sound output of a Pi cabinet needs from Debian's kernel, checked in the root.

Debian's arm64 kernel runs the Pi on the mainline device trees, so the outputs come from
mainline drivers (docs/boot.md has the table and how to pick one in handheld.toml):

  hdmi  vc4 (KMS) registers an HDMI audio card per port (vc4hdmi / vc4hdmi0 / vc4hdmi1);
        it takes only IEC958 frames, which alsa-lib's cards/vc4-hdmi.conf provides
  jack  the firmware's audio service over VCHIQ (staging driver snd-bcm2835, card
        "Headphones"); Pi 3 and 4 only, the Zero 2 W has no jack
  usb   snd-usb-audio
  i2s   the SoC's I2S block, a simple-audio-card and the amplifier's codec driver
        (MAX98357A); needs device-tree nodes: image/i2samp.py merges them (--i2s-amp)
"""

from __future__ import annotations

import os

OUTPUT_MODULES = {
    "hdmi": ["kernel/drivers/gpu/drm/vc4/vc4.ko", "kernel/sound/soc/codecs/snd-soc-hdmi-codec.ko"],
    "jack": ["kernel/drivers/staging/vc04_services/vchiq.ko",
             "kernel/drivers/staging/vc04_services/bcm2835-audio/snd-bcm2835.ko"],
    "usb": ["kernel/sound/usb/snd-usb-audio.ko"],
    "i2s": ["kernel/sound/soc/bcm/snd-soc-bcm2835-i2s.ko", "kernel/sound/soc/generic/snd-soc-simple-card.ko",
            "kernel/sound/soc/codecs/snd-soc-max98357a.ko"],
}
# alsa-lib's per-card configuration that makes "default:CARD=vc4hdmi0" play plain PCM
ALSA_FILES = {"hdmi": ["usr/share/alsa/cards/vc4-hdmi.conf"]}


def module_present(moddir: str, rel: str) -> bool:
    """Debian may compress modules (.ko.xz/.ko.zst)."""
    return any(os.path.exists(os.path.join(moddir, rel + ext)) for ext in ("", ".xz", ".zst", ".gz"))


def check(root: str) -> dict[str, list[str]]:
    """-> output -> what is missing from the root (empty lists when all four are there)."""
    kernels = sorted(os.listdir(os.path.join(root, "lib/modules")))
    if not kernels:
        return {out: ["no kernel modules at all"] for out in OUTPUT_MODULES}
    moddir = os.path.join(root, "lib/modules", kernels[-1])
    with open(os.path.join(moddir, "modules.dep"), encoding="utf-8") as fh:
        known = {line.split(":", 1)[0].rsplit(".ko", 1)[0] for line in fh}
    missing = {}
    for out, modules in OUTPUT_MODULES.items():
        gone = [m for m in modules if not module_present(moddir, m) or m.rsplit(".ko", 1)[0] not in known]
        gone += [f for f in ALSA_FILES.get(out, []) if not os.path.exists(os.path.join(root, f))]
        missing[out] = gone
    return missing
