"""The image's initrd: its coldplug and filesystem scripts are the image's own, and the build
checks them."""

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

needs_tools = pytest.mark.skipif(shutil.which("zstd") is None or shutil.which("cpio") is None,
                                 reason="zstd/cpio not installed (apt-get install zstd cpio)")


def make_initrd(bootfs: Path, udev_script: bytes, filesystems_script: bytes | None = None,
                order: tuple[str, ...] = ("filesystems", "udev")) -> Path:
    """An initrd laid out as mkinitramfs does: init-top's scripts and the ORDER it runs them in."""
    tree = bootfs.parent / "initrd-tree"
    top = tree / "scripts" / "init-top"
    top.mkdir(parents=True)
    (top / "udev").write_bytes(udev_script)
    if filesystems_script is not None:
        (top / "filesystems").write_bytes(filesystems_script)
    (top / "ORDER").write_text("".join(f'/scripts/init-top/{name} "$@"\n[ -e /conf/param.conf ] && . /conf/param.conf\n'
                                       for name in order if (top / name).exists()))
    (tree / "init").write_text("#!/bin/sh\n")
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
    for needed in ("platform", "amba", "pci", "virtio", "mmc", "usb", "hid", "scsi", "block", "drm",
                   "graphics", "input"):
        assert needed not in skipped
    assert {"tty", "vc", "mem"} <= set(skipped) - {"\\"}


def test_initrd_brings_the_input_drivers_and_gives_their_nodes_group_input():
    modules = stages.read_list("initramfs-modules.txt")
    assert {"evdev", "usbhid", "hid_generic", "gpio_keys", "virtio_input"} <= set(modules)
    assert 'SUBSYSTEM=="input", KERNEL=="event*", GROUP="\'"$input"\'"' in stages.ESSENTIAL_HOOK


@pytest.mark.parametrize("script", [COLDPLUG, FILESYSTEMS])
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
