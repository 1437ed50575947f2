"""The image's initrd: its coldplug script is the image's own, and the build checks it."""

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

needs_tools = pytest.mark.skipif(shutil.which("zstd") is None or shutil.which("cpio") is None,
                                 reason="zstd/cpio not installed (apt-get install zstd cpio)")


def make_initrd(bootfs: Path, udev_script: bytes) -> Path:
    tree = bootfs.parent / "initrd-tree"
    (tree / "scripts" / "init-top").mkdir(parents=True)
    (tree / "scripts" / "init-top" / "udev").write_bytes(udev_script)
    (tree / "init").write_text("#!/bin/sh\n")
    initrd = bootfs / "initrd.img-6.1.0-50-arm64"
    bootfs.mkdir()
    subprocess.run(f"find . | cpio -o -H newc --quiet | zstd -q > {initrd}", shell=True, cwd=tree, check=True)
    return initrd


@needs_tools
def test_the_build_accepts_an_initrd_with_the_images_coldplug(tmp_path):
    make_initrd(tmp_path / "bootfs", COLDPLUG.read_bytes())
    rootfs.check_initrd(str(tmp_path / "bootfs"))


@needs_tools
def test_the_build_refuses_an_initrd_with_the_udev_packages_coldplug(tmp_path):
    make_initrd(tmp_path / "bootfs", b"#!/bin/sh -e\nudevadm trigger --type=subsystems --action=add\n")
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


def test_coldplug_script_is_part_of_the_base_stages_cache_key(tmp_path, monkeypatch):
    before = stages.base_key("http://deb.debian.org/debian")
    copy = tmp_path / "image"
    shutil.copytree(ROOT / "image", copy)
    (copy / "initramfs-coldplug.sh").write_text(COLDPLUG.read_text() + "# changed\n")
    monkeypatch.setattr(stages, "HERE", str(copy))
    assert stages.base_key("http://deb.debian.org/debian") != before
