"""image stage: partition table, FAT boot, ext4 root and data, all without mounting.

Loop devices give no partitions on some build hosts and vfat may not be mountable
there, so: sfdisk on the image file, mkfs.vfat + mcopy for the boot partition,
mke2fs -d for the ext4 file systems, dd conv=notrunc to place them.
"""

from __future__ import annotations

import glob
import os
import subprocess

from rootfs import BOOT_LABEL, DATA_LABEL, ROOT_LABEL
from stages import REPO, BuildError, log, sh

MiB = 1024 * 1024
START_MB = 4            # first partition at 4 MiB (aligned for SD erase blocks)


def du_mb(path: str) -> int:
    out = subprocess.run(["du", "-s", "--block-size=1M", path], capture_output=True, text=True)
    return int(out.stdout.split()[0])


def layout(boot_mb: int, root_mb: int, data_mb: int) -> tuple[str, int]:
    """sfdisk script (MBR: the Pi boot ROM reads only MBR) and the total size in MiB."""
    s = START_MB
    script = "\n".join([
        "label: dos",
        f"start={s * 2048}, size={boot_mb * 2048}, type=c, bootable",
        f"start={(s + boot_mb) * 2048}, size={root_mb * 2048}, type=83",
        f"start={(s + boot_mb + root_mb) * 2048}, size={data_mb * 2048}, type=83",
    ]) + "\n"
    return script, s + boot_mb + root_mb + data_mb


def version() -> str:
    for line in open(os.path.join(REPO, "pyproject.toml"), encoding="utf-8"):
        if line.startswith("version"):
            return line.split('"')[1]
    raise BuildError("no version in pyproject.toml")


def stage_image(args) -> str:
    root = os.path.join(args.work, "rootfs")
    bootfs = os.path.join(args.work, "bootfs")
    if not os.path.isdir(root) or not os.path.isdir(bootfs):
        raise BuildError(f"no root in {root}: run the rootfs stage first")
    os.makedirs(args.out, exist_ok=True)
    img = os.path.join(args.out, f"handheld-{version()}-arm64.img")
    root_mb = int(du_mb(root) * 1.15) + 128       # headroom for ext4 metadata
    script, total_mb = layout(args.boot_mb, root_mb, args.data_mb)
    log(f"image: {img}: boot {args.boot_mb} MiB, root {root_mb} MiB, data {args.data_mb} MiB")

    parts = {}
    boot_img = os.path.join(args.work, "boot.vfat")
    if os.path.exists(boot_img):
        os.remove(boot_img)
    sh(["mkfs.vfat", "-F", "32", "-n", BOOT_LABEL, "-C", boot_img, str(args.boot_mb * 1024)],
       stdout=subprocess.DEVNULL)
    sh(["mcopy", "-s", "-p", "-i", boot_img, *sorted(glob.glob(os.path.join(bootfs, "*"))), "::/"])
    parts[1] = boot_img

    root_img = os.path.join(args.work, "root.ext4")
    sh(["mke2fs", "-q", "-F", "-t", "ext4", "-L", ROOT_LABEL, "-d", root, root_img, f"{root_mb}M"])
    parts[2] = root_img

    data_dir = os.path.join(args.work, "data")
    os.makedirs(data_dir, exist_ok=True)
    data_img = os.path.join(args.work, "data.ext4")
    # journal_data would double writes; settings are saved by fsync+rename anyway
    sh(["mke2fs", "-q", "-F", "-t", "ext4", "-L", DATA_LABEL, "-d", data_dir, data_img, f"{args.data_mb}M"])
    parts[3] = data_img

    with open(img, "wb") as fh:
        fh.truncate(total_mb * MiB)
    sh(["sfdisk", "--quiet", img], input=script.encode())
    offsets = [START_MB, START_MB + args.boot_mb, START_MB + args.boot_mb + root_mb]
    for n, off in zip((1, 2, 3), offsets):
        sh(["dd", f"if={parts[n]}", f"of={img}", "bs=1M", f"seek={off}", "conv=notrunc,sparse",
            "status=none"])
    log(f"image: {img} ({total_mb} MiB)")
    if not args.no_xz:
        log("image: compressing .img.xz")
        sh(["xz", "-T0", "-6", "-k", "-f", img])
        log(f"image: {img}.xz ({os.path.getsize(img + '.xz') // MiB} MiB)")
    return img
