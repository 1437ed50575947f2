"""The image's initrd: its coldplug, filesystem and modprobe scripts are the image's own, and
the build checks them."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "image"))

import rootfs  # noqa: E402
import stages  # noqa: E402

COLDPLUG = ROOT / "image" / "initramfs-coldplug.sh"
FILESYSTEMS = ROOT / "image" / "initramfs-filesystems.sh"
MODPROBE = ROOT / "image" / "initramfs-modprobe.sh"

needs_tools = pytest.mark.skipif(shutil.which("zstd") is None or shutil.which("cpio") is None,
                                 reason="zstd/cpio not installed (apt-get install zstd cpio)")


MODULE_ALIASES = "# Aliases extracted from modules themselves.\nalias crypto-crc32c crc32c_generic\n" \
                 "alias crypto-crc32c-generic crc32c_generic\nalias fs-ext4 ext4\n"


def make_initrd(bootfs: Path, udev_script: bytes, filesystems_script: bytes | None = None,
                order: tuple[str, ...] = ("filesystems", "udev"), modprobe: bytes | None = None,
                kmod_link: str = "/bin/kmod", crypto_aliases: str = "crypto-crc32c\ncrypto-crc32c-generic\n") -> Path:
    """An initrd laid out as mkinitramfs and the image's hook do: init-top's scripts and the
    ORDER it runs them in, the modprobe beside kmod's, and the modules' aliases."""
    tree = bootfs.parent / "initrd-tree"
    top = tree / "scripts" / "init-top"
    top.mkdir(parents=True)
    (top / "udev").write_bytes(udev_script)
    if filesystems_script is not None:
        (top / "filesystems").write_bytes(filesystems_script)
    (top / "ORDER").write_text("".join(f'/scripts/init-top/{name} "$@"\n[ -e /conf/param.conf ] && . /conf/param.conf\n'
                                       for name in order if (top / name).exists()))
    (tree / "init").write_text("#!/bin/sh\n")
    (tree / "usr" / "sbin").mkdir(parents=True)
    (tree / "usr" / "sbin" / "modprobe").write_bytes(MODPROBE.read_bytes() if modprobe is None else modprobe)
    here = tree / rootfs.MODPROBE_DIR
    here.mkdir(parents=True)
    (here / "modprobe").symlink_to(kmod_link)
    (here / "crypto-aliases").write_text(crypto_aliases)
    modules = tree / "usr" / "lib" / "modules" / "6.1.0-50-arm64"
    modules.mkdir(parents=True)
    (modules / "modules.alias").write_text(MODULE_ALIASES)
    initrd = bootfs / "initrd.img-6.1.0-50-arm64"
    bootfs.mkdir()
    subprocess.run(f"find . | cpio -o -H newc --quiet | zstd -q > {initrd}", shell=True, cwd=tree, check=True)
    return initrd


@needs_tools
def test_the_build_accepts_an_initrd_with_the_images_scripts(tmp_path):
    make_initrd(tmp_path / "bootfs", COLDPLUG.read_bytes(), FILESYSTEMS.read_bytes())
    rootfs.check_initrd(str(tmp_path / "bootfs"))


@needs_tools
def test_the_build_refuses_an_initrd_that_loads_the_filesystems_after_the_coldplug(tmp_path):
    make_initrd(tmp_path / "bootfs", COLDPLUG.read_bytes(), FILESYSTEMS.read_bytes(), order=("udev", "filesystems"))
    with pytest.raises(stages.BuildError, match="must run /scripts/init-top/filesystems before"):
        rootfs.check_initrd(str(tmp_path / "bootfs"))


@needs_tools
def test_the_build_refuses_an_initrd_that_loads_the_filesystems_one_by_one(tmp_path):
    make_initrd(tmp_path / "bootfs", COLDPLUG.read_bytes())       # no init-top/filesystems
    with pytest.raises(stages.BuildError, match="initramfs-filesystems.sh as scripts/init-top/filesystems"):
        rootfs.check_initrd(str(tmp_path / "bootfs"))


@needs_tools
def test_the_build_refuses_an_initrd_with_the_udev_packages_coldplug(tmp_path):
    make_initrd(tmp_path / "bootfs", b"#!/bin/sh -e\nudevadm trigger --type=subsystems --action=add\n",
                FILESYSTEMS.read_bytes())
    with pytest.raises(stages.BuildError, match="rebuild the base stage"):
        rootfs.check_initrd(str(tmp_path / "bootfs"))


def test_coldplug_replays_devices_only_and_skips_classes_with_nothing_to_load():
    script = COLDPLUG.read_text()
    assert "--type=subsystems" not in script
    assert "udevadm trigger --type=devices --action=add $skip" in script
    assert "udevadm settle" in script
    skipped = script.split("for class in", 1)[1].split("; do", 1)[0].split()
    # never the buses whose drivers load by modalias, nor the root's and the display's classes
    for needed in ("platform", "amba", "pci", "virtio", "mmc", "sdio", "usb", "hid", "scsi", "spi", "i2c",
                   "serio", "mipi-dsi", "gpio", "block", "drm", "graphics", "input"):
        assert needed not in skipped
    # classes with nothing to load and no node the title needs (on a Pi: its LEDs, regulators,
    # thermal zones, DMA channels, device links)
    assert {"tty", "vc", "mem", "leds", "regulator", "thermal", "dma", "devlink"} <= set(skipped) - {"\\"}


def test_initrd_brings_the_input_drivers_and_gives_their_nodes_group_input():
    modules = stages.read_list("initramfs-modules.txt")
    assert {"evdev", "usbhid", "hid_generic", "gpio_keys", "virtio_input"} <= set(modules)
    assert 'SUBSYSTEM=="input", KERNEL=="event*", GROUP="\'"$input"\'"' in stages.ESSENTIAL_HOOK


@pytest.mark.parametrize("script", [COLDPLUG, FILESYSTEMS, MODPROBE])
def test_the_initrd_scripts_are_part_of_the_base_stages_cache_key(tmp_path, monkeypatch, script):
    before = stages.base_key("http://deb.debian.org/debian")
    copy = tmp_path / "image"
    shutil.copytree(ROOT / "image", copy)
    (copy / script.name).write_text(script.read_text() + "# changed\n")
    monkeypatch.setattr(stages, "HERE", str(copy))
    assert stages.base_key("http://deb.debian.org/debian") != before


def test_the_filesystems_load_in_one_modprobe_in_the_background_before_udev():
    script = FILESYSTEMS.read_text()
    loads = [ln for ln in script.splitlines() if "modprobe" in ln and not ln.startswith("#")]
    assert len(loads) == 1 and loads[0].rstrip().endswith("&")
    assert {"ext4", "vfat", "nls_cp437", "nls_ascii"} <= set(loads[0].split())
    assert 'PREREQS=""' in script
    hook = stages.ESSENTIAL_HOOK
    assert "force_load" not in hook and 'scripts/init-top/filesystems"' in hook
    assert {"vfat", "nls_cp437", "nls_ascii"} <= set(stages.read_list("initramfs-modules.txt"))


@needs_tools
def test_the_build_refuses_an_initrd_with_kmods_modprobe_in_front(tmp_path):
    make_initrd(tmp_path / "bootfs", COLDPLUG.read_bytes(), FILESYSTEMS.read_bytes(), modprobe=b"")
    with pytest.raises(stages.BuildError, match="lacks image/initramfs-modprobe.sh as usr/sbin/modprobe"):
        rootfs.check_initrd(str(tmp_path / "bootfs"))


@needs_tools
def test_the_build_refuses_an_initrd_whose_modprobe_has_no_kmod_beside_it(tmp_path):
    make_initrd(tmp_path / "bootfs", COLDPLUG.read_bytes(), FILESYSTEMS.read_bytes(), kmod_link="/bin/busybox")
    with pytest.raises(stages.BuildError, match="must be a link to kmod"):
        rootfs.check_initrd(str(tmp_path / "bootfs"))


@needs_tools
def test_the_build_refuses_an_initrd_that_would_turn_away_a_crypto_module_it_has(tmp_path):
    make_initrd(tmp_path / "bootfs", COLDPLUG.read_bytes(), FILESYSTEMS.read_bytes(), crypto_aliases="crypto-crc32c\n")
    with pytest.raises(stages.BuildError, match="the initrd's modules have"):
        rootfs.check_initrd(str(tmp_path / "bootfs"))


@pytest.fixture
def initrd_modprobe(tmp_path):
    """The initrd's modprobe run by this host's sh, with a kmod that records its arguments."""
    here = tmp_path / "libexec"
    here.mkdir()
    (here / "modprobe").write_text(f'#!/bin/sh\necho "$*" >> {here}/kmod-ran\n')
    (here / "modprobe").chmod(0o755)
    (here / "crypto-aliases").write_text("crypto-crc32c\ncrypto-sha3*\n")
    script = tmp_path / "modprobe"
    text = MODPROBE.read_text()
    assert f"\nhere=/{rootfs.MODPROBE_DIR}\n" in text      # where the hook puts kmod's, and the build looks
    script.write_text(text.replace(f"here=/{rootfs.MODPROBE_DIR}", f"here={here}"))

    def run(*argv):
        done = subprocess.run(["sh", str(script), *argv], capture_output=True, text=True)
        ran = here / "kmod-ran"
        calls = ran.read_text().splitlines() if ran.exists() else []
        ran.unlink(missing_ok=True)
        return done.returncode, calls
    return run


def test_a_kernel_request_for_a_crypto_name_no_module_has_ends_without_kmod(initrd_modprobe):
    assert initrd_modprobe("-q", "--", "crypto-hmac(sha256)") == (1, [])
    assert initrd_modprobe("-q", "--", "crypto-cbc(aes)-all") == (1, [])


def test_a_kernel_request_for_a_crypto_alias_of_the_initrds_modules_goes_to_kmod(initrd_modprobe):
    assert initrd_modprobe("-q", "--", "crypto-crc32c") == (0, ["-q -- crypto-crc32c"])
    assert initrd_modprobe("-q", "--", "crypto-sha3-256") == (0, ["-q -- crypto-sha3-256"])   # a pattern, as kmod's


def test_every_other_modprobe_goes_to_kmod_unchanged(initrd_modprobe):
    assert initrd_modprobe("-q", "--", "fs-ext4") == (0, ["-q -- fs-ext4"])
    assert initrd_modprobe("-q", "-a", "ext4", "vfat", "nls_cp437", "nls_ascii") == (0, ["-q -a ext4 vfat nls_cp437 nls_ascii"])
    assert initrd_modprobe("-q", "crypto-hmac(sha256)") == (0, ["-q crypto-hmac(sha256)"])


def test_the_hook_lists_the_crypto_aliases_after_adding_its_modules():
    hook = stages.ESSENTIAL_HOOK
    assert hook.index('manual_add_modules "$m"') < hook.index("crypto-aliases")
    assert 'cp /etc/initramfs-tools/handheld-modprobe "$DESTDIR/sbin/modprobe"' in hook
