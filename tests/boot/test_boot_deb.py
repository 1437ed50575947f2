"""`make deb` builds the source package with debhelper, lintian passes it, and the .deb
holds what a Pi needs to become the cabinet."""

import hashlib
import shutil
import subprocess
from pathlib import Path

import pytest
from test_boot_unit import parse_unit

ROOT = Path(__file__).resolve().parents[2]
TOOLS = ("dpkg-buildpackage", "dh", "lintian", "dh_python3")



def _unmet_build_depends() -> str:
    """What dpkg-checkbuilddeps says is missing of debian/control's Build-Depends."""
    if any(shutil.which(t) is None for t in TOOLS):
        return "debhelper dh-python pybuild-plugin-pyproject lintian"
    out = subprocess.run(["dpkg-checkbuilddeps"], cwd=ROOT, capture_output=True, text=True)
    return out.stderr.split("Unmet build dependencies:")[-1].strip() if out.returncode else ""


UNMET = _unmet_build_depends()
pytestmark = pytest.mark.skipif(bool(UNMET), reason=f"needs apt-get install {UNMET}")

EXPECTED = {
    "./usr/bin/handheld": "-rwxr-xr-x",
    "./usr/lib/python3/dist-packages/handheld/__init__.py": "-rw-r--r--",
    "./usr/lib/python3/dist-packages/handheld/__main__.py": "-rw-r--r--",
    "./usr/lib/python3/dist-packages/handheld/system/sdnotify.py": "-rw-r--r--",
    "./usr/lib/python3/dist-packages/handheld/system/power.py": "-rw-r--r--",
    "./usr/lib/python3/dist-packages/handheld/system/console.py": "-rw-r--r--",
    "./lib/systemd/system/handheld.service": "-rw-r--r--",
    "./lib/systemd/system/handheld-userconf.service": "-rw-r--r--",
    "./usr/libexec/handheld/handheld-userconf": "-rwxr-xr-x",
    "./lib/systemd/system/handheld-datacheck.service": "-rw-r--r--",
    "./usr/libexec/handheld/handheld-datacheck": "-rwxr-xr-x",
    "./lib/systemd/system/handheld-networked.service": "-rw-r--r--",
    "./lib/systemd/system/handheld-fleet-network.service": "-rw-r--r--",
    "./usr/libexec/handheld/handheld-network-choice": "-rwxr-xr-x",
    "./usr/lib/systemd/system/getty@tty1.service.d/handheld.conf": "-rw-r--r--",
    "./usr/lib/systemd/system/serial-getty@.service.d/handheld.conf": "-rw-r--r--",
    "./usr/lib/systemd/system.conf.d/handheld-kiosk.conf": "-rw-r--r--",
    "./usr/lib/systemd/logind.conf.d/handheld-kiosk.conf": "-rw-r--r--",
    "./usr/lib/sysctl.d/90-handheld.conf": "-rw-r--r--",
    "./usr/lib/sysusers.d/handheld.conf": "-rw-r--r--",
    "./usr/lib/tmpfiles.d/handheld.conf": "-rw-r--r--",
    "./lib/udev/rules.d/70-handheld.rules": "-rw-r--r--",
    "./usr/share/polkit-1/rules.d/50-handheld.rules": "-rw-r--r--",
    "./usr/share/handheld/handheld.toml": "-rw-r--r--",
    "./usr/share/doc/handheld/copyright": "-rw-r--r--",
    "./usr/share/man/man1/handheld.1.gz": "-rw-r--r--",
}


def version():
    return next(ln.split('"')[1] for ln in (ROOT / "pyproject.toml").read_text().splitlines()
                if ln.startswith("version"))


@pytest.fixture(scope="module")
def build(tmp_path_factory):
    """`make deb` into a scratch directory: dpkg-buildpackage, then lintian (which fails the
    target on any error or warning). -> (the make output, the .deb)."""
    out = tmp_path_factory.mktemp("deb")
    done = subprocess.run(["make", "--no-print-directory", "deb", f"DEB_WORK={out}/work", f"DIST={out}"],
                          capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return done.stdout + done.stderr, out / f"handheld_{version()}_all.deb"


def test_changelog_version_is_the_python_version(build):
    _, deb = build
    assert deb.exists()
    assert field(deb, "Version") == version()


def test_lintian_reports_no_errors_or_warnings(build):
    output, _ = build
    tags = [ln for ln in output.splitlines() if ln[:3] in ("E: ", "W: ")]
    assert not tags, tags
    assert "lintian --fail-on error,warning" in output        # and it did run


def contents(deb):
    out = subprocess.run(["dpkg-deb", "--contents", str(deb)], capture_output=True,
                         text=True, check=True).stdout
    rows = {}
    for line in out.splitlines():
        parts = line.split()
        rows[parts[-1] if "->" not in line else parts[-3]] = (parts[0], parts[1])
    return rows


def test_contents_list_expected_files_owned_by_root(build):
    rows = contents(build[1])
    for path, mode in EXPECTED.items():
        assert path in rows, f"{path} missing from the package"
        assert rows[path] == (mode, "root/root"), (path, rows[path])
    # every module of the package is shipped, and no bytecode (py3compile makes it on install)
    for src in (ROOT / "handheld").rglob("*.py"):
        if "__pycache__" in src.parts:
            continue
        assert f"./usr/lib/python3/dist-packages/{src.relative_to(ROOT).as_posix()}" in rows
    assert not [p for p in rows if p.endswith(".pyc") or "__pycache__" in p]
    # the pin maps hw/README.md points the config at
    assert {"./usr/share/handheld/hw/bartop-2p.toml", "./usr/share/handheld/hw/handheld.toml"} <= set(rows)
    # nothing under /etc: removing the package leaves no config behind
    assert not [p for p in rows if p.startswith("./etc/")]
    # the unit runs python3 -S and names the package's path itself: it must be this one
    unit_env = dict(v.split("=", 1) for v in parse_unit(ROOT / "systemd" / "handheld.service")[("Service", "Environment")])
    assert [f".{unit_env['PYTHONPATH']}/handheld/__main__.py"] == [p for p in rows if p.endswith("/handheld/__main__.py")]


def field(deb, name):
    return subprocess.run(["dpkg-deb", "--field", str(deb), name], capture_output=True,
                          text=True, check=True).stdout.strip()


def test_depends_come_from_the_helpers(build):
    depends = field(build[1], "Depends")
    for dep in ("python3:any", "python3-pygame", "python3-evdev", "systemd", "polkitd"):
        assert dep in depends, depends
    assert "numpy" not in depends, depends     # the cabinet never imports it
    assert int(field(build[1], "Installed-Size")) > 100


def test_maintainer_scripts_use_debhelper_not_systemctl(build, tmp_path):
    subprocess.run(["dpkg-deb", "--control", str(build[1]), str(tmp_path / "c")], check=True)
    c = tmp_path / "c"
    for name in ("postinst", "prerm", "postrm"):
        assert (c / name).stat().st_mode & 0o111, f"{name} not executable"
        subprocess.run(["sh", "-n", str(c / name)], check=True)
    postinst = (c / "postinst").read_text()
    # user and state directory before the service is enabled
    sysusers = postinst.index("systemd-sysusers ${DPKG_ROOT:+--root=\"$DPKG_ROOT\"} handheld.conf")
    tmpfiles = postinst.index("--create handheld.conf")
    enable = postinst.index("deb-systemd-helper enable 'handheld.service'")
    assert sysusers < tmpfiles < enable
    # enabled only where it was enabled before: an admin's disable survives an upgrade
    assert "deb-systemd-helper --quiet was-enabled 'handheld.service'" in postinst
    assert "systemctl enable" not in postinst and "systemctl restart" not in postinst
    assert "deb-systemd-helper mask ctrl-alt-del.target" in postinst
    postrm = (c / "postrm").read_text()
    md5 = hashlib.md5((ROOT / "debian" / "handheld.toml").read_bytes()).hexdigest()
    assert f"DEFAULT_MD5={md5}" in postrm
    assert "deb-systemd-helper unmask ctrl-alt-del.target" in postrm


def test_man_page_lists_every_command(build, tmp_path):
    subprocess.run(["dpkg-deb", "-x", str(build[1]), str(tmp_path / "x")], check=True)
    page = subprocess.run(["zcat", str(tmp_path / "x/usr/share/man/man1/handheld.1.gz")],
                          capture_output=True, text=True, check=True).stdout
    assert page.startswith(".TH HANDHELD 1")
    assert "handheld \\- boot\\-to\\-game arcade cabinet" in page     # the whatis line
    from handheld.tools.cli import build_parser
    import argparse
    sub = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    for name in sub.choices:
        assert f".SS handheld {name.replace('-', chr(92) + '-')}" in page, name
    assert "\\-\\-kiosk" in page and "\\-\\-respawn" in page


def test_the_networked_cabinet_is_the_cabinet_with_the_network(build, tmp_path):
    import sys

    sys.path.insert(0, str(ROOT / "debian"))
    import networked_unit

    subprocess.run(["dpkg-deb", "-x", str(build[1]), str(tmp_path / "x")], check=True)
    shipped = (tmp_path / "x/lib/systemd/system/handheld-networked.service").read_text()
    assert shipped == networked_unit.networked((ROOT / "systemd" / "handheld.service").read_text())
    postinst = subprocess.run(["dpkg-deb", "--info", str(build[1]), "postinst"], capture_output=True,
                              text=True, check=True).stdout
    assert "deb-systemd-helper enable 'handheld-networked.service'" in postinst


def test_default_toml_is_valid_and_all_commented(build, tmp_path):
    import tomllib

    subprocess.run(["dpkg-deb", "-x", str(build[1]), str(tmp_path / "x")], check=True)
    text = (tmp_path / "x/usr/share/handheld/handheld.toml").read_text()
    data = tomllib.loads(text)
    # only empty section headers: every setting is a comment until the builder edits it
    assert data == {"display": {}, "sound": {}, "cabinet": {}, "input": {}}
    # the commented lines name real keys of the runtime's schema
    from handheld.base.config import SCHEMA
    for key in ("display.backend", "display.scale", "sound.volume", "cabinet.attract_after_s"):
        assert key in SCHEMA
        section, name = key.split(".")
        assert f"# {name} =" in text
