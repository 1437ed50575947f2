#!/usr/bin/env python3
"""Build the flashable handheld SD card image (Raspberry Pi 3, 4, Zero 2 W; arm64).

Stages (each can be run alone; later stages reuse earlier output in --work):

  base    mmdebstrap a Debian bookworm arm64 root from image/packages.txt
          (cached by package list + mirror; the slow part: ~20-30 min emulated)
  rootfs  copy base, install the handheld .deb, read-only root setup, config.txt,
          cmdline.txt, the gpio-keys overlay compiled from the pin map
  image   assemble handheld-<version>-arm64.img with no mounts: sfdisk, mkfs.vfat +
          mcopy (boot), mke2fs -d (root, data), dd; then .img.xz

Usage: sudo python3 image/build.py --deb dist/handheld_0.1.0_all.deb [--out dist]
Only Debian's mirror is contacted. Every missing host tool is named with its package.
"""

from __future__ import annotations

import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tools import HostError, check_host  # noqa: E402

STAGES = ("base", "rootfs", "image")
DEFAULT_MIRROR = "http://deb.debian.org/debian"
SUITE = "bookworm"


def parse_args(argv):
    p = argparse.ArgumentParser(prog="build-image", description=__doc__.split("\n\n")[0])
    p.add_argument("--deb", help="the handheld_<version>_all.deb to install (rootfs stage)")
    p.add_argument("--out", default="dist", help="directory for the .img/.img.xz (default dist)")
    p.add_argument("--work", default="build/image", help="scratch/cache directory (default build/image)")
    p.add_argument("--mirror", default=DEFAULT_MIRROR, help="Debian mirror URL")
    p.add_argument("--stage", action="append", choices=STAGES,
                   help="run only these stages (repeatable; default: all)")
    p.add_argument("--pinmap", help="pin map TOML for the gpio-keys overlay "
                   "(default: image/pinmap-bartop.toml)")
    p.add_argument("--i2s-amp", action="store_true",
                   help="merge a MAX98357A-type I2S amplifier on GPIO 18, 19, 21 into the dtbs "
                   "(the pin map must leave them free, e.g. --pinmap hw/handheld.toml)")
    p.add_argument("--boot-mb", type=int, default=256, help="boot partition size (MiB, 64..1024)")
    p.add_argument("--data-mb", type=int, default=64, help="writable data partition size (MiB, 16..4096)")
    p.add_argument("--no-xz", action="store_true", help="skip the .img.xz")
    args = p.parse_args(argv)
    args.stage = list(args.stage or STAGES)
    if not 64 <= args.boot_mb <= 1024:
        p.error(f"--boot-mb {args.boot_mb} is out of range: use 64..1024")
    if not 16 <= args.data_mb <= 4096:
        p.error(f"--data-mb {args.data_mb} is out of range: use 16..4096")
    if not args.mirror.startswith(("http://", "https://", "file:/")):
        p.error(f"--mirror {args.mirror!r} is not a URL: use e.g. {DEFAULT_MIRROR}")
    if "rootfs" in args.stage:
        if not args.deb:
            p.error("--deb is required for the rootfs stage: build it with `make deb`")
        if not args.deb.endswith(".deb") or not os.path.isfile(args.deb):
            p.error(f"--deb {args.deb}: no such .deb file (build it with `make deb`)")
    if args.pinmap and not os.path.isfile(args.pinmap):
        p.error(f"--pinmap {args.pinmap}: no such file")
    if args.i2s_amp:
        clash = i2s_clash(args.pinmap or os.path.join(HERE, "pinmap-bartop.toml"))
        if clash:
            p.error(clash)
    return args


def i2s_clash(pinmap: str) -> str | None:
    """One line if the pin map wires buttons to the amplifier's pins, else None."""
    import tomllib

    import gpiokeys
    import i2samp

    with open(pinmap, "rb") as fh:
        _name, pins = gpiokeys.parse_pinmap(tomllib.load(fh))
    both = i2samp.conflicts(p["bcm"] for p in pins)
    if not both:
        return None
    return (f"--i2s-amp needs GPIO {', '.join(map(str, i2samp.I2S_PINS))} but {pinmap} wires buttons to "
            f"GPIO {', '.join(map(str, both))}: use a pin map that leaves them free (e.g. --pinmap hw/handheld.toml)")


def main(argv=None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    stages = list(args.stage)
    if "image" in stages and not args.no_xz:
        stages.append("xz")
    try:
        check_host(stages)
    except HostError as exc:
        for line in str(exc).splitlines():
            print(f"build-image: error: {line}", file=sys.stderr)
        return 2
    import stages as st  # heavy imports only once the host is known to be fit
    try:
        return st.run(args)
    except st.BuildError as exc:
        print(f"build-image: error: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    raise SystemExit(main())
