"""The .deb builds with dpkg-deb and holds what a Pi needs to become the cabinet."""

import hashlib
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(shutil.which("dpkg-deb") is None,
                                reason="dpkg-deb not installed (apt-get install dpkg)")

EXPECTED = {
    "./usr/bin/handheld": "-rwxr-xr-x",
    "./usr/lib/python3/dist-packages/handheld/__init__.py": "-rw-r--r--",
    "./usr/lib/python3/dist-packages/handheld/__main__.py": "-rw-r--r--",
    "./usr/lib/python3/dist-packages/handheld/system/sdnotify.py": "-rw-r--r--",
    "./usr/lib/python3/dist-packages/handheld/system/power.py": "-rw-r--r--",
    "./usr/lib/python3/dist-packages/handheld/system/console.py": "-rw-r--r--",
    "./usr/lib/systemd/system/handheld.service": "-rw-r--r--",
    "./usr/lib/systemd/system/getty@tty1.service.d/handheld.conf": "-rw-r--r--",
    "./usr/lib/systemd/system.conf.d/handheld-kiosk.conf": "-rw-r--r--",
    "./usr/lib/systemd/logind.conf.d/handheld-kiosk.conf": "-rw-r--r--",
    "./usr/lib/sysctl.d/90-handheld.conf": "-rw-r--r--",
    "./usr/lib/sysusers.d/handheld.conf": "-rw-r--r--",
    "./usr/lib/udev/rules.d/70-handheld.rules": "-rw-r--r--",
    "./usr/share/polkit-1/rules.d/50-handheld.rules": "-rw-r--r--",
    "./usr/share/handheld/handheld.toml": "-rw-r--r--",
    "./usr/share/doc/handheld/copyright": "-rw-r--r--",
}


@pytest.fixture(scope="module")
def deb(tmp_path_factory):
    out = tmp_path_factory.mktemp("deb")
    done = subprocess.run([str(ROOT / "debian" / "build-deb.sh"), str(out)],
                          capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    path = Path(done.stdout.strip())
    version = next(ln.split('"')[1] for ln in (ROOT / "pyproject.toml").read_text().splitlines()
                   if ln.startswith("version"))
    assert path.name == f"handheld_{version}_all.deb"
    return path


def contents(deb):
    out = subprocess.run(["dpkg-deb", "--contents", str(deb)], capture_output=True,
                         text=True, check=True).stdout
    rows = {}
    for line in out.splitlines():
        parts = line.split()
        rows[parts[-1] if "->" not in line else parts[-3]] = (parts[0], parts[1])
    return rows


def test_contents_list_expected_files_owned_by_root(deb):
    rows = contents(deb)
    for path, mode in EXPECTED.items():
        assert path in rows, f"{path} missing from the package"
        assert rows[path] == (mode, "root/root"), (path, rows[path])
    assert rows["./"][0] == "drwxr-xr-x"
    # every module of the package is shipped, and no bytecode
    for src in (ROOT / "handheld").rglob("*.py"):
        if "__pycache__" in src.parts:
            continue
        assert f"./usr/lib/python3/dist-packages/{src.relative_to(ROOT).as_posix()}" in rows
    assert not [p for p in rows if p.endswith(".pyc") or "__pycache__" in p]
    # nothing under /etc: removing the package leaves no config behind
    assert not [p for p in rows if p.startswith("./etc/")]


def field(deb, name):
    return subprocess.run(["dpkg-deb", "--field", str(deb), name], capture_output=True,
                          text=True, check=True).stdout.strip()


def test_control_fields(deb):
    assert field(deb, "Package") == "handheld"
    assert field(deb, "Architecture") == "all"
    depends = field(deb, "Depends")
    for dep in ("python3-pygame", "python3-numpy", "python3-evdev", "systemd", "polkitd"):
        assert dep in depends
    assert int(field(deb, "Installed-Size")) > 100


def test_maintainer_scripts(deb, tmp_path):
    subprocess.run(["dpkg-deb", "--control", str(deb), str(tmp_path / "c")], check=True)
    c = tmp_path / "c"
    for name in ("postinst", "prerm", "postrm"):
        assert (c / name).stat().st_mode & 0o111, f"{name} not executable"
        subprocess.run(["sh", "-n", str(c / name)], check=True)
    postinst = (c / "postinst").read_text()
    assert "systemd-sysusers /usr/lib/sysusers.d/handheld.conf" in postinst
    assert "systemctl enable handheld.service" in postinst
    assert "systemctl mask ctrl-alt-del.target" in postinst
    postrm = (c / "postrm").read_text()
    md5 = hashlib.md5((ROOT / "debian" / "handheld.toml").read_bytes()).hexdigest()
    assert f"DEFAULT_MD5={md5}" in postrm
    assert "systemctl unmask ctrl-alt-del.target" in postrm
    md5sums = (c / "md5sums").read_text()
    assert "usr/lib/systemd/system/handheld.service" in md5sums


def test_default_toml_is_valid_and_all_commented(deb, tmp_path):
    import tomllib

    subprocess.run(["dpkg-deb", "-x", str(deb), str(tmp_path / "x")], check=True)
    text = (tmp_path / "x/usr/share/handheld/handheld.toml").read_text()
    data = tomllib.loads(text)
    # only empty section headers: every setting is a comment until the builder edits it
    assert data == {"display": {}, "sound": {}, "cabinet": {}, "input": {}}
    # the commented lines name real keys of the runtime's schema
    from handheld.config import SCHEMA
    for key in ("display.backend", "display.scale", "sound.volume", "cabinet.attract_after_s"):
        assert key in SCHEMA
        section, name = key.split(".")
        assert f"# {name} =" in text
