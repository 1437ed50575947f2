"""Host checks for the image build: tools, root, binfmt; one clear line per problem."""

from __future__ import annotations

import os
import shutil

# tool -> Debian host package that provides it
TOOLS = {
    "mmdebstrap": "mmdebstrap",
    "qemu-aarch64-static": "qemu-user-static",
    "sfdisk": "fdisk",
    "mkfs.vfat": "dosfstools",
    "mcopy": "mtools",
    "mmd": "mtools",
    "mke2fs": "e2fsprogs",
    "dtc": "device-tree-compiler",
    "fdtoverlay": "device-tree-compiler",
    "fdtget": "device-tree-compiler",
    "xz": "xz-utils",
    "dpkg-deb": "dpkg",
    "zstd": "zstd",
    "cpio": "cpio",
}

# which tools each stage needs
STAGE_TOOLS = {
    "base": ["mmdebstrap", "qemu-aarch64-static"],
    "rootfs": ["qemu-aarch64-static", "dtc", "fdtoverlay", "fdtget", "dpkg-deb", "zstd", "cpio"],
    "image": ["sfdisk", "mkfs.vfat", "mcopy", "mmd", "mke2fs"],
    "xz": ["xz"],
}

BINFMT = "/proc/sys/fs/binfmt_misc/qemu-aarch64"


class HostError(Exception):
    """A problem on the build host; str() is the one line to print."""


def missing_tools(stages, which=shutil.which) -> list[str]:
    """Lines naming each missing tool and the package to install, in stage order."""
    seen, lines = set(), []
    for stage in stages:
        for tool in STAGE_TOOLS[stage]:
            if tool in seen:
                continue
            seen.add(tool)
            if which(tool) is None:
                lines.append(f"missing host tool '{tool}': apt-get install {TOOLS[tool]}")
    return lines


def check_host(stages, which=shutil.which, euid=None, binfmt=BINFMT,
               exists=os.path.exists) -> None:
    """Raise HostError with every problem (one per line) or return quietly."""
    problems = missing_tools(stages, which)
    needs_chroot = any(s in ("base", "rootfs") for s in stages)
    if needs_chroot:
        if (os.geteuid() if euid is None else euid) != 0:
            problems.append("the base and rootfs stages run mmdebstrap/chroot as root: run with sudo")
        if not exists(binfmt):
            problems.append(
                "arm64 binaries can't run on this host: "
                "mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc "
                "&& update-binfmts --enable qemu-aarch64")
    if problems:
        raise HostError("\n".join(problems))
