"""The image build stages (see build.py). Run as root on a Debian host."""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import time

SUITE = "bookworm"
HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)


class BuildError(Exception):
    pass


_T0 = time.monotonic()


def log(msg: str) -> None:
    print(f"[{time.monotonic() - _T0:7.1f}s] {msg}", flush=True)


def sh(argv, **kw):
    log("$ " + " ".join(str(a) for a in argv))
    done = subprocess.run([str(a) for a in argv], **kw)
    if done.returncode != 0:
        raise BuildError(f"command failed (exit {done.returncode}): {' '.join(map(str, argv))}")
    return done


def read_list(name: str) -> list[str]:
    with open(os.path.join(HERE, name), encoding="utf-8") as fh:
        return [ln.split("#")[0].strip() for ln in fh if ln.split("#")[0].strip()]


# --- base -------------------------------------------------------------------------------

# the initrd's scripts that are the image's own: (file in image/, path in the initrd)
INITRD_SCRIPTS = (("initramfs-coldplug.sh", "scripts/init-top/udev"),
                  ("initramfs-filesystems.sh", "scripts/init-top/filesystems"),
                  ("initramfs-modprobe.sh", "usr/sbin/modprobe"))


def base_key(mirror: str) -> str:
    h = hashlib.sha256()
    for name in ("packages.txt", "initramfs-modules.txt", *(name for name, _ in INITRD_SCRIPTS)):
        h.update(open(os.path.join(HERE, name), "rb").read())
    h.update(ESSENTIAL_HOOK.encode())
    h.update(mirror.encode())
    return h.hexdigest()[:12]


ESSENTIAL_HOOK = """#!/bin/sh
# Runs on the host with the new root as $1, before the kernel is installed, so
# mkinitramfs builds a small initrd (MODULES=list) instead of a 40 MB one.
set -e
root="$1"
mkdir -p "$root/etc/initramfs-tools/conf.d" "$root/etc/initramfs-tools/hooks" \
    "$root/etc/initramfs-tools/scripts/init-top"
printf 'MODULES=list\\nCOMPRESS=zstd\\n' > "$root/etc/initramfs-tools/conf.d/handheld.conf"
install -m 755 "@HERE@/initramfs-coldplug.sh" "$root/etc/initramfs-tools/scripts/init-top/udev"
install -m 755 "@HERE@/initramfs-filesystems.sh" "$root/etc/initramfs-tools/scripts/init-top/filesystems"
install -m 755 "@HERE@/initramfs-modprobe.sh" "$root/etc/initramfs-tools/handheld-modprobe"
cat > "$root/etc/initramfs-tools/hooks/handheld" <<'HOOK'
#!/bin/sh
PREREQ=""
case "$1" in prereqs) echo "$PREREQ"; exit 0 ;; esac
. /usr/share/initramfs-tools/hook-functions
for m in @MODULES@; do manual_add_modules "$m"; done
# The kernel's own module requests go to handheld-modprobe (image/initramfs-modprobe.sh),
# which answers at once the crypto names that no module here has as an alias; kmod's
# modprobe moves beside it. This hook runs after Debian's (kmod's among them).
mkdir -p "$DESTDIR/usr/libexec/handheld"
ln -sf /bin/kmod "$DESTDIR/usr/libexec/handheld/modprobe"
rm -f "$DESTDIR/sbin/modprobe"
cp /etc/initramfs-tools/handheld-modprobe "$DESTDIR/sbin/modprobe"
find "$DESTDIR/lib/modules" -name '*.ko*' -exec modinfo -F alias {} + | grep '^crypto-' \
    > "$DESTDIR/usr/libexec/handheld/crypto-aliases" || true
# Block devices tagged for systemd, as the root's 99-systemd.rules does: the udev
# database the initrd leaves in /run then tells systemd at once that the partitions
# are there, and their mounts do not wait for the root's coldplug of every device.
mkdir -p "$DESTDIR/lib/udev/rules.d"
rules="$DESTDIR/lib/udev/rules.d/99-handheld-systemd.rules"
echo 'SUBSYSTEM=="block", ACTION!="remove", TAG+="systemd"' > "$rules"
# The display device in group video already here, so the cabinet can open it before the
# root's coldplug: the initrd's udev runs with --resolve-names=never, hence the number.
video=$(getent group video | cut -d: -f3)
echo 'SUBSYSTEM=="graphics", GROUP="'"$video"'", MODE="0660"' >> "$rules"
echo 'SUBSYSTEM=="drm", KERNEL=="card*", GROUP="'"$video"'", MODE="0660"' >> "$rules"
# and the input nodes in group input, so the cabinet can read sticks from its first scan
input=$(getent group input | cut -d: -f3)
echo 'SUBSYSTEM=="input", KERNEL=="event*", GROUP="'"$input"'", MODE="0660"' >> "$rules"
HOOK
chmod 755 "$root/etc/initramfs-tools/hooks/handheld"
"""


def mounts_under(root: str, mounts_file: str = "/proc/self/mounts") -> list[str]:
    """Mount points inside ``root``, deepest first (the order to unmount them)."""
    top = os.path.realpath(root)
    found = []
    with open(mounts_file, encoding="utf-8") as fh:
        for line in fh:
            point = line.split()[1].replace("\\040", " ")
            if point == top or point.startswith(top + "/"):
                found.append(point)
    return sorted(found, key=lambda p: p.count("/"), reverse=True)


def release_mounts(root: str) -> None:
    """Unmount what a chroot left mounted in ``root`` (mmdebstrap leaves /sys when a
    process on the host had it open): copying a live /sys or /proc fails or never ends."""
    for point in mounts_under(root):
        sh(["umount", "--lazy", point])
    if mounts_under(root):
        raise BuildError(f"still mounted under {root}: {', '.join(mounts_under(root))}; unmount them and rerun")


def stage_base(args) -> str:
    key = base_key(args.mirror)
    root = os.path.join(args.work, f"base-{key}")
    stamp = root + ".done"
    if os.path.exists(stamp):
        log(f"base: cached {root}")
        return root
    if os.path.exists(root):
        shutil.rmtree(root)
    os.makedirs(root)
    hook = os.path.abspath(os.path.join(args.work, "essential-hook.sh"))
    with open(hook, "w") as fh:
        fh.write(ESSENTIAL_HOOK.replace("@MODULES@", " ".join(read_list("initramfs-modules.txt")))
                 .replace("@HERE@", HERE))
    log(f"base: mmdebstrap {SUITE} arm64 into {root} (slow under emulation: ~20-30 min)")
    sh(["mmdebstrap", "--mode=root", "--variant=minbase", "--architectures=arm64",
        "--components=main non-free-firmware",
        "--aptopt=APT::Install-Recommends \"false\"",
        "--dpkgopt=path-exclude=/usr/share/man/*",
        "--dpkgopt=path-exclude=/usr/share/locale/*",
        "--dpkgopt=path-exclude=/usr/share/doc/*",
        "--dpkgopt=path-include=/usr/share/doc/*/copyright",
        "--include=" + ",".join(read_list("packages.txt")),
        f"--essential-hook=sh {hook} \"$1\"",
        SUITE, root, args.mirror])
    release_mounts(root)
    open(stamp, "w").close()
    log("base: done")
    return root


def run(args) -> int:
    os.makedirs(args.work, exist_ok=True)
    base = None
    if "base" in args.stage:
        base = stage_base(args)
    if "rootfs" in args.stage:
        import rootfs
        base = base or os.path.join(args.work, f"base-{base_key(args.mirror)}")
        if not os.path.exists(base + ".done"):
            raise BuildError(f"no base root at {base}: run the base stage first")
        release_mounts(base)
        rootfs.stage_rootfs(args, base)
    if "image" in args.stage:
        import assemble
        assemble.stage_image(args)
    return 0


if __name__ == "__main__":
    sys.exit("use image/build.py")
