"""rootfs stage: the base root + the handheld .deb + read-only/kiosk setup + boot files."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile

from stages import HERE, INITRD_SCRIPTS, REPO, BuildError, log, sh

ROOT_LABEL, BOOT_LABEL, DATA_LABEL = "HHROOT", "HHBOOT", "HHDATA"

# cryptomgr.notests: the crypto manager's self-tests of the kernel's algorithms (hmac,
# sha...) ran at every boot before /init: 0.5 s of the instruction clock's 2 s to userspace
# under QEMU. A cabinet keeps no secrets to test them for. (The key-derivation test of
# crypto_kdf108_init runs all the same: docs/boot.md, "The SD image".)
CMDLINE = (f"console=tty1 root=LABEL={ROOT_LABEL} rootfstype=ext4 ro rootwait fsck.repair=yes "
           "quiet loglevel=3 consoleblank=0 vt.global_cursor_default=0 logo.nologo "
           "systemd.show_status=error cryptomgr.notests")

FSTAB = f"""# handheld SD image: the root is read-only; settings and stats live on a small
# ext4 partition; everything else that must change goes to RAM.
# The FAT boot partition is mounted read-only and only ever written from a PC, so it is
# not checked at boot (fsck.vfat took 4 s of every boot under QEMU). The data partition is
# not checked at boot either (4.8 s, in front of the cabinet): ext4's journal is replayed
# at mount, the cabinet writes it only by fsync + rename, and errors=remount-ro keeps a
# damaged one readable; handheld-datacheck.service repairs one the kernel marked with
# errors once the cabinet is on screen. The root is read-only: no power cut can leave it
# half-written, so it is not checked either (systemd-fsck-root: 3.7 s under QEMU).
LABEL={ROOT_LABEL}  /                  ext4   ro,noatime                                   0 0
LABEL={BOOT_LABEL}  /boot/firmware     vfat   ro,noatime,umask=0022,x-systemd.device-timeout=120s  0 0
LABEL={DATA_LABEL}  /var/lib/handheld  ext4   rw,noatime,nodev,nosuid,noexec,errors=remount-ro,x-systemd.device-timeout=120s 0 0
tmpfs           /tmp               tmpfs  mode=1777,nosuid,nodev,size=64m              0 0
tmpfs           /var/tmp           tmpfs  mode=1777,nosuid,nodev,size=16m              0 0
tmpfs           /var/lib/systemd   tmpfs  mode=0755,size=4m                            0 0
"""

CONFIG_TXT = """
[all]
# --- handheld ---
# 32-bit firmware framebuffer for /dev/fb0 (the cabinet draws there directly)
framebuffer_depth=32
framebuffer_ignore_alpha=1
disable_overscan=1
disable_splash=1
boot_delay=0
# GPIO buttons: the gpio-keys nodes are merged into the .dtb files at build time
# (image/gpiokeys.py + fdtoverlay), so no dtoverlay= line is needed
"""

JOURNALD = "[Journal]\nStorage=volatile\nRuntimeMaxUse=16M\n"

# The root's udev coldplug replays every device for the root's rules: 14-30 s under QEMU,
# on the CPUs the cabinet starts on (the cabinet's start took twice as long beside it).
# What the cabinet needs for its title (display, input, the data partition) the initrd's
# coldplug has set up already, with the same groups (stages.py), so the root's waits for
# the title (handheld.service is Type=notify: READY=1), or for its start to fail. Sound
# cards it brings are opened when they appear (handheld/audio/watch.py); the serial
# getty and anything else waiting for a device come after the title. Maintenance mode
# skips the cabinet, so nothing waits there.
UDEV_TRIGGER_AFTER_CABINET = "[Unit]\nAfter=handheld.service handheld-networked.service\n"


def write(root: str, rel: str, text: str, mode: int = 0o644) -> None:
    path = os.path.join(root, rel.lstrip("/"))
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(text)
    os.chmod(path, mode)


def chroot(root: str, *argv) -> None:
    env = {"PATH": "/usr/sbin:/usr/bin:/sbin:/bin", "DEBIAN_FRONTEND": "noninteractive",
           "LC_ALL": "C.UTF-8"}
    sh(["chroot", root, *argv], env=env)


def boot_toml(text: str) -> str:
    """The image's boot-partition settings: fbdev display, buttons from the overlay."""
    text = text.replace('# backend = "auto"        # auto', 'backend = "fbdev"         # auto')
    text = text.replace('# gpio = "off"            # poll', 'gpio = "off"              # poll')
    if 'backend = "fbdev"' not in text or '\ngpio = "off"' not in text:
        raise BuildError("debian/handheld.toml changed shape: can't set display/gpio for the image")
    return text


def compile_overlay(args, bootfs: str) -> None:
    """Merge the gpio-keys nodes into every Pi .dtb on the boot partition.

    Debian's dtbs carry no __symbols__, so the firmware can't apply an overlay that
    names &gpio; instead each dtb's GPIO phandle is read and the overlay (addressed
    by path and literal phandle) is applied here with fdtoverlay.
    """
    pinmap = args.pinmap or os.path.join(HERE, "pinmap-bartop.toml")
    dtbs = sorted(glob.glob(os.path.join(bootfs, "bcm27*.dtb")) + glob.glob(os.path.join(bootfs, "bcm28*.dtb")))
    if not dtbs:
        raise BuildError("no bcm27xx/bcm28xx .dtb on the boot partition: raspi-firmware failed?")
    for dtb in dtbs:
        ph = subprocess.run(["fdtget", "-t", "i", dtb, "/soc/gpio@7e200000", "phandle"],
                            capture_output=True, text=True)
        if ph.returncode != 0:
            raise BuildError(f"{os.path.basename(dtb)}: no /soc/gpio@7e200000 phandle ({ph.stderr.strip()})")
        dts = os.path.join(args.work, "handheld-buttons.dts")
        dtbo = os.path.join(args.work, "handheld-buttons.dtbo")
        sh(["python3", os.path.join(HERE, "gpiokeys.py"), pinmap, "--gpio-phandle", ph.stdout.strip(),
            "-o", dts])
        sh(["dtc", "-@", "-q", "-I", "dts", "-O", "dtb", "-o", dtbo, dts])
        sh(["fdtoverlay", "-i", dtb, "-o", dtb + ".new", dtbo])
        os.replace(dtb + ".new", dtb)
        if getattr(args, "i2s_amp", False):
            sh(["python3", os.path.join(HERE, "i2samp.py"), dtb])


def check_sound(root: str) -> None:
    """Each sound output a cabinet may have (HDMI, jack, USB, I2S amp) has its drivers."""
    import sound

    missing = {out: gone for out, gone in sound.check(root).items() if gone}
    if missing:
        raise BuildError("sound: missing from the root: " + "; ".join(
            f"{out}: {', '.join(gone)}" for out, gone in missing.items()))
    log("rootfs: sound drivers present for " + ", ".join(sound.OUTPUT_MODULES))


UNUSED_GENERATORS = ("sysv", "cryptsetup", "veritysetup", "integritysetup", "gpt-auto",
                     "hibernate-resume", "rc-local", "system-update", "debug", "run")


def link_once(link: str, target: str) -> None:
    """A symlink (a systemd mask when `target` is /dev/null), unless something is there already."""
    if not os.path.lexists(link):
        os.symlink(target, link)


def read_or_empty(path: str) -> bytes:
    try:
        with open(path, "rb") as fh:
            return fh.read()
    except FileNotFoundError:
        return b""


MODPROBE_DIR = "usr/libexec/handheld"                   # image/initramfs-modprobe.sh's $here


def check_modprobe(tree: str, initrd: str) -> None:
    """The unpacked initrd's modprobe has kmod's beside it, and the list of crypto aliases it
    lets through to kmod is the one its modules have (no module loadable there turned away)."""
    kmod = os.path.join(tree, MODPROBE_DIR, "modprobe")
    if not os.path.islink(kmod) or os.path.basename(os.readlink(kmod)) != "kmod":
        raise BuildError(f"{initrd}: /{MODPROBE_DIR}/modprobe must be a link to kmod, which "
                         "image/initramfs-modprobe.sh runs: check the hook in image/stages.py")
    listed = read_or_empty(os.path.join(tree, MODPROBE_DIR, "crypto-aliases")).decode().split()
    aliases = b"".join(read_or_empty(p) for p in glob.glob(os.path.join(tree, "usr/lib/modules/*/modules.alias")))
    have = [line.split()[1] for line in aliases.decode().splitlines() if line.startswith("alias crypto-")]
    if sorted(listed) != sorted(have):
        raise BuildError(f"{initrd}: /{MODPROBE_DIR}/crypto-aliases lists {listed}, the initrd's "
                         f"modules have {have}: check the hook in image/stages.py")


def check_initrd(bootfs: str) -> None:
    """The initrd carries the image's own init-top scripts (the coldplug in place of the
    udev package's) and modprobe, with kmod's beside it and the crypto aliases of the
    initrd's modules."""
    initrds = glob.glob(os.path.join(bootfs, "initrd.img-*"))
    if len(initrds) != 1:
        raise BuildError(f"expected one initrd in {bootfs}, found {len(initrds)}: check the base stage log")
    order_path = "scripts/init-top/ORDER"
    with tempfile.TemporaryDirectory() as tree:         # unpacked once, only what is checked
        paths = [inside for _, inside in INITRD_SCRIPTS] + [
            order_path, f"{MODPROBE_DIR}/*", "usr/lib/modules/*/modules.alias"]
        subprocess.run(f"zstd -dc {os.path.abspath(initrds[0])} | cpio -id --quiet "
                       + " ".join(f"'{p}'" for p in paths), shell=True, capture_output=True, cwd=tree)
        for name, inside in INITRD_SCRIPTS:
            with open(os.path.join(HERE, name), "rb") as want:
                if read_or_empty(os.path.join(tree, inside)) != want.read():
                    raise BuildError(f"{initrds[0]} lacks image/{name} as {inside}: "
                                     "rebuild the base stage (delete build/image/base-*)")
        check_modprobe(tree, initrds[0])
        order = read_or_empty(os.path.join(tree, order_path)).decode()
    runs = [ln.split()[0] for ln in order.splitlines() if ln.startswith("/scripts/init-top/")]
    first, then = "/scripts/init-top/filesystems", "/scripts/init-top/udev"
    if first not in runs or then not in runs or runs.index(first) > runs.index(then):
        raise BuildError(f"{initrds[0]}: scripts/init-top/ORDER must run {first} before {then} "
                         f"(it runs {', '.join(runs) or 'nothing'}): check PREREQS in image/initramfs-*.sh")
    log("rootfs: the initrd replays only the devices that lead to the root, the display and the sticks, "
        "loads the filesystems with one modprobe, and answers the crypto names no module has at once")


def stage_rootfs(args, base: str) -> None:
    root = os.path.join(args.work, "rootfs")
    bootfs = os.path.join(args.work, "bootfs")
    for d in (root, bootfs):
        if os.path.exists(d):
            shutil.rmtree(d)
    log(f"rootfs: copying {base}")
    sh(["cp", "-a", base, root])

    log(f"rootfs: installing {args.deb}")
    shutil.copy(args.deb, os.path.join(root, "tmp", "handheld.deb"))
    chroot(root, "dpkg", "-i", "/tmp/handheld.deb")
    os.remove(os.path.join(root, "tmp", "handheld.deb"))

    log("rootfs: read-only root, volatile journal, writable data partition")
    write(root, "/etc/fstab", FSTAB)
    write(root, "/etc/systemd/journald.conf.d/handheld.conf", JOURNALD)
    write(root, "/etc/systemd/system/systemd-udev-trigger.service.d/after-cabinet.conf",
          UDEV_TRIGGER_AFTER_CABINET)
    write(root, "/etc/hostname", "handheld\n")
    write(root, "/etc/hosts", "127.0.0.1\tlocalhost\n127.0.1.1\thandheld\n")
    # empty machine-id: systemd puts a fresh one in RAM at each boot of a read-only root
    write(root, "/etc/machine-id", "", 0o444)
    os.makedirs(os.path.join(root, "var/lib/handheld"), exist_ok=True)
    # nothing to save on a read-only root; and early-boot units a cabinet never uses, which
    # only compete with it for the CPU while it starts (each took 1-2.7 s under QEMU)
    for unit in ("systemd-rfkill.service", "systemd-rfkill.socket", "apt-daily.timer",
                 "apt-daily-upgrade.timer", "e2scrub_reap.service", "e2scrub_all.timer",
                 "dev-hugepages.mount", "dev-mqueue.mount", "sys-kernel-debug.mount",
                 "sys-kernel-tracing.mount", "sys-fs-fuse-connections.mount", "systemd-pstore.service",
                 "modprobe@efi_pstore.service", "modprobe@fuse.service", "modprobe@loop.service",
                 "modprobe@dm_mod.service", "dpkg-db-backup.timer",
                 # .pyc files as executables (python3.11's binfmt.d): 2-4 s at every boot
                 "systemd-binfmt.service", "proc-sys-fs-binfmt_misc.automount",
                 # the journal lives in RAM (Storage=volatile): nothing to flush
                 "systemd-journal-flush.service",
                 # /dev nodes that load a module when opened (fuse, loop, uinput...); the
                 # cabinet opens none of them, and it sat in front of the local mounts
                 "kmod-static-nodes.service",
                 # /etc/modules lists nothing; drm comes with the display driver in the initrd
                 "systemd-modules-load.service", "modprobe@drm.service",
                 "modprobe@configfs.service", "sys-kernel-config.mount",
                 # both in front of the local mounts, so of the cabinet: the root is already
                 # read-only from the initrd, and the /dev nodes whose group these would set
                 # (snd timer, loop-control, fuse, kvm...) get it from udev's rules
                 "systemd-remount-fs.service", "systemd-tmpfiles-setup-dev.service",
                 # the fleet's broker runs as handheld-broker.service, and only when the boot
                 # partition's handheld.toml asks (docs/fleet.md); Debian's own unit never
                 "mosquitto.service"):
        link_once(os.path.join(root, "etc/systemd/system", unit), "/dev/null")
    # multi-user, not graphical: no display manager here, and fewer units in the boot's
    # transaction
    link_once(os.path.join(root, "etc/systemd/system/default.target"), "/lib/systemd/system/multi-user.target")
    # systemd runs every generator before it loads a unit: 3.3 s under QEMU, 1.3 s
    # without the first eight, which have nothing to find on the image (no init.d script
    # without a unit of its own, no crypttab, GPT, hibernation, rc.local or offline
    # update), and half of that again without debug and run, which only serve kernel
    # command-line options for debugging systemd (systemd.mask=, systemd.debug_shell,
    # systemd.run=): the image's way in is maintenance mode. The fstab and getty
    # (maintenance mode's serial console) generators stay.
    os.makedirs(os.path.join(root, "etc/systemd/system-generators"), exist_ok=True)
    for generator in UNUSED_GENERATORS:
        link_once(os.path.join(root, "etc/systemd/system-generators", f"systemd-{generator}-generator"), "/dev/null")

    log("rootfs: boot partition files")
    fw = os.path.join(root, "boot/firmware")
    if not glob.glob(os.path.join(fw, "start*.elf")):
        raise BuildError("raspi-firmware left no start*.elf in /boot/firmware: check the base stage log")
    sh(["cp", "-a", fw + "/.", bootfs])
    for entry in os.listdir(fw):
        p = os.path.join(fw, entry)
        shutil.rmtree(p) if os.path.isdir(p) and not os.path.islink(p) else os.remove(p)
    with open(os.path.join(bootfs, "cmdline.txt"), "w") as fh:
        fh.write(CMDLINE + "\n")
    with open(os.path.join(bootfs, "config.txt"), "a") as fh:
        fh.write(CONFIG_TXT)
    with open(os.path.join(REPO, "debian", "handheld.toml"), encoding="utf-8") as fh:
        write(bootfs, "/handheld.toml", boot_toml(fh.read()))
    compile_overlay(args, bootfs)
    for name in ("vmlinuz-*", "initrd.img-*"):
        if not glob.glob(os.path.join(bootfs, name)) and not glob.glob(os.path.join(root, "boot", name)):
            raise BuildError(f"no {name} in the boot files: the kernel install failed")
    check_sound(root)
    check_initrd(bootfs)
    size = subprocess.run(["du", "-sh", root], capture_output=True, text=True).stdout.split()[0]
    log(f"rootfs: done ({size} root, boot files in {bootfs})")
