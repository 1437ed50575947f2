"""image/build.py: argument checking and host-tool messages (fast; nothing is built)."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BUILD = ROOT / "image" / "build.py"
sys.path.insert(0, str(ROOT / "image"))

import assemble  # noqa: E402
import rootfs  # noqa: E402
import tools  # noqa: E402


def run(*args, env=None):
    return subprocess.run([sys.executable, str(BUILD), *map(str, args)], capture_output=True,
                          text=True, cwd=ROOT, env=env)


@pytest.mark.parametrize("args,message", [
    (["--boot-mb", "8"], "--boot-mb 8 is out of range: use 64..1024"),
    (["--data-mb", "99999"], "--data-mb 99999 is out of range: use 16..4096"),
    (["--mirror", "deb.debian.org"], "is not a URL"),
    (["--stage", "rootfs"], "--deb is required for the rootfs stage: build it with `make deb`"),
    (["--deb", "nothere.deb"], "--deb nothere.deb: no such .deb file"),
    (["--stage", "nope"], "invalid choice: 'nope'"),
    (["--stage", "image", "--pinmap", "nothere.toml"], "--pinmap nothere.toml: no such file"),
])
def test_bad_arguments_exit_2_with_one_line(args, message):
    done = run(*args)
    assert done.returncode == 2
    assert message in done.stderr
    assert "Traceback" not in done.stderr
    assert done.stderr.strip().splitlines()[-1].startswith("build-image: error: ")


def test_missing_tools_named_with_their_package(tmp_path):
    # a PATH with nothing on it: every tool the image stage needs is reported
    env = dict(os.environ, PATH=str(tmp_path))
    done = run("--stage", "image", env=env)
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert lines == [
        "build-image: error: missing host tool 'sfdisk': apt-get install fdisk",
        "build-image: error: missing host tool 'mkfs.vfat': apt-get install dosfstools",
        "build-image: error: missing host tool 'mcopy': apt-get install mtools",
        "build-image: error: missing host tool 'mmd': apt-get install mtools",
        "build-image: error: missing host tool 'mke2fs': apt-get install e2fsprogs",
        "build-image: error: missing host tool 'xz': apt-get install xz-utils",
    ]


def test_missing_tools_for_base_and_rootfs():
    have = {"dtc", "fdtoverlay", "fdtget", "dpkg-deb", "zstd", "cpio"}
    lines = tools.missing_tools(["base", "rootfs"], which=lambda t: t if t in have else None)
    assert lines == ["missing host tool 'mmdebstrap': apt-get install mmdebstrap",
                     "missing host tool 'qemu-aarch64-static': apt-get install qemu-user-static"]


def test_root_and_binfmt_checks():
    every = lambda t: "/usr/bin/" + t  # noqa: E731
    with pytest.raises(tools.HostError) as exc:
        tools.check_host(["base"], which=every, euid=1000, exists=lambda p: False)
    lines = str(exc.value).splitlines()
    assert lines[0] == "the base and rootfs stages run mmdebstrap/chroot as root: run with sudo"
    assert lines[1].startswith("arm64 binaries can't run on this host: mount -t binfmt_misc")
    assert "update-binfmts --enable qemu-aarch64" in lines[1]
    # the image stage needs neither root nor binfmt
    tools.check_host(["image"], which=every, euid=1000, exists=lambda p: False)


def test_partition_layout_is_aligned_mbr():
    script, total = assemble.layout(256, 1000, 64)
    lines = script.splitlines()
    assert lines[0] == "label: dos"
    assert lines[1] == "start=8192, size=524288, type=c, bootable"       # 4 MiB in, FAT32 LBA
    assert lines[2] == "start=532480, size=2048000, type=83"
    assert lines[3] == "start=2580480, size=131072, type=83"
    assert total == 4 + 256 + 1000 + 64


def test_image_boot_files_and_fstab():
    assert "root=LABEL=HHROOT" in rootfs.CMDLINE and " ro " in rootfs.CMDLINE
    for word in ("quiet", "consoleblank=0", "vt.global_cursor_default=0", "console=tty1"):
        assert word in rootfs.CMDLINE.split()
    fstab = [ln.split() for ln in rootfs.FSTAB.splitlines() if ln and not ln.startswith("#")]
    by_mount = {f[1]: f for f in fstab}
    assert by_mount["/"][3].split(",")[0] == "ro"
    assert by_mount["/var/lib/handheld"][3].split(",")[0] == "rw"
    assert by_mount["/var/lib/handheld"][0] == "LABEL=HHDATA"
    assert "x-systemd.device-timeout=120s" in by_mount["/boot/firmware"][3]
    # no fsck in front of the cabinet: the read-only FAT boot partition and root are never
    # written on the Pi, and the data partition relies on its journal, its errors being
    # repaired after the first frame (handheld-datacheck.service)
    assert by_mount["/boot/firmware"][3].split(",")[0] == "ro" and by_mount["/boot/firmware"][5] == "0"
    assert by_mount["/"][5] == "0"
    assert by_mount["/var/lib/handheld"][5] == "0" and "errors=remount-ro" in by_mount["/var/lib/handheld"][3]
    assert by_mount["/tmp"][2] == "tmpfs"
    assert "dtoverlay=" not in rootfs.CONFIG_TXT.replace("no dtoverlay=", "")


def test_image_boot_toml_turns_on_fbdev_and_overlay_buttons():
    import tomllib

    text = rootfs.boot_toml((ROOT / "debian" / "handheld.toml").read_text())
    data = tomllib.loads(text)
    assert data["display"] == {"backend": "fbdev"}
    assert data["input"] == {"gpio": "off"}


def test_mounts_left_in_a_chroot_are_found_deepest_first(tmp_path):
    import stages

    root = tmp_path / "base"
    root.mkdir()
    mounts = tmp_path / "mounts"
    mounts.write_text(
        "sysfs /sys sysfs rw 0 0\n"
        f"proc {root}/proc proc rw 0 0\n"
        f"sysfs {root}/sys sysfs ro 0 0\n"
        f"tmpfs {root}/sys/fs/cgroup tmpfs ro 0 0\n"
        f"tmpfs {root}-other/sys tmpfs ro 0 0\n")    # a sibling with the same prefix: not ours
    found = stages.mounts_under(str(root), str(mounts))
    assert found[0] == f"{root}/sys/fs/cgroup"
    assert set(found) == {f"{root}/proc", f"{root}/sys", f"{root}/sys/fs/cgroup"}


def test_sound_check_names_each_missing_driver(tmp_path):
    import sound

    moddir = tmp_path / "lib/modules/6.1.0-99-arm64"
    present = [m for mods in sound.OUTPUT_MODULES.values() for m in mods]
    gone = "kernel/sound/soc/codecs/snd-soc-max98357a.ko"
    for rel in present:
        if rel != gone:
            (moddir / rel).parent.mkdir(parents=True, exist_ok=True)
            (moddir / (rel + ".xz" if "usb" in rel else rel)).write_bytes(b"")
    (moddir / "modules.dep").write_text("".join(f"{m}{'.xz' if 'usb' in m else ''}:\n" for m in present))
    (tmp_path / "usr/share/alsa/cards").mkdir(parents=True)
    missing = sound.check(str(tmp_path))
    assert missing == {"hdmi": ["usr/share/alsa/cards/vc4-hdmi.conf"], "jack": [], "usb": [], "i2s": [gone]}
    (tmp_path / "usr/share/alsa/cards/vc4-hdmi.conf").write_text("")
    assert sound.check(str(tmp_path))["hdmi"] == []


def test_the_image_has_every_runtime_dependency_the_package_declares():
    """dpkg -i of the .deb in the image's root fails on any Depends the base lacks
    (python3-tomlkit once did, at the end of a 10-minute build)."""
    import re
    import tomllib

    root = Path(__file__).resolve().parents[2]
    deps = tomllib.loads((root / "pyproject.toml").read_text())["project"]["dependencies"]
    names = {re.split(r"[<>=;! ]", d, maxsplit=1)[0].strip().lower() for d in deps}
    listed = {line.strip() for line in (root / "image" / "packages.txt").read_text().splitlines()
              if line.strip() and not line.startswith("#")}
    missing = sorted(f"python3-{n}" for n in names if f"python3-{n}" not in listed)
    assert not missing, f"add {missing} to image/packages.txt"
