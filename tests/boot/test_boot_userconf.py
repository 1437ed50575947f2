"""Maintenance login from userconf.txt: systemd/handheld-userconf run on copies of /etc files.

With an ETC_DIR other than /etc the script writes the account files to ETC_DIR.userconf
instead of bind-mounting them over /etc, so the real script runs here unchanged.
The QEMU boot test (test_boot_maintenance.py) boots maintenance mode and logs in.
"""

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "systemd" / "handheld-userconf"

pytestmark = pytest.mark.skipif(shutil.which("openssl") is None, reason="needs openssl")

PASSWD = """root:x:0:0:root:/root:/bin/bash
daemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin
handheld:x:998:998:handheld arcade cabinet:/var/lib/handheld:/usr/sbin/nologin
"""
SHADOW = """root:*:19000:0:99999:7:::
daemon:*:19000:0:99999:7:::
handheld:!*:19000::::::
"""
GROUP = """root:x:0:
adm:x:4:
systemd-journal:x:999:
handheld:x:998:
"""


def sha512(password: str, salt: str = "saltsalt") -> str:
    return subprocess.run(["openssl", "passwd", "-6", "-salt", salt, password],
                          capture_output=True, text=True, check=True).stdout.strip()


@pytest.fixture
def etc(tmp_path):
    d = tmp_path / "etc"
    d.mkdir()
    (d / "passwd").write_text(PASSWD)
    (d / "shadow").write_text(SHADOW)
    (d / "group").write_text(GROUP)
    return d


def run(etc, text):
    conf = etc.parent / "userconf.txt"
    conf.write_text(text)
    return subprocess.run(["sh", str(SCRIPT), str(conf), str(etc)], capture_output=True, text=True)


def table(path):
    return {ln.split(":")[0]: ln.split(":") for ln in path.read_text().splitlines()}


def test_root_gets_the_builders_hash_and_nothing_else_changes(etc):
    h = sha512("cabinet")
    done = run(etc, f"# made with openssl passwd -6\r\nroot:{h}\r\n")
    assert done.returncode == 0, done.stderr
    out = etc.parent / "etc.userconf"
    shadow = table(out / "shadow")
    assert shadow["root"][1] == h
    # the hash really is the password "cabinet" (same salt, same result)
    assert sha512("cabinet", h.split("$")[2]) == h
    assert shadow["handheld"][1] == "!*" and shadow["daemon"][1] == "*"
    assert (out / "passwd").read_text() == PASSWD and (out / "group").read_text() == GROUP
    assert oct((out / "shadow").stat().st_mode & 0o777) == "0o640"


def test_other_name_gets_its_own_account_in_adm_and_journal(etc):
    h = sha512("x")
    done = run(etc, f"maint:{h}\n")
    assert done.returncode == 0, done.stderr
    out = etc.parent / "etc.userconf"
    user = table(out / "passwd")["maint"]
    assert user[2] == user[3] == "1000" and user[6] == "/bin/bash"
    assert table(out / "shadow")["maint"][1] == h
    groups = table(out / "group")
    assert groups["adm"][3] == "maint" and groups["systemd-journal"][3] == "maint"
    assert groups["maint"][2] == "1000"
    assert table(out / "shadow")["root"][1] == "*"          # root stays locked


@pytest.mark.parametrize("text, says", [
    ("root:cabinet\n", "must be a hash, not the password"),
    ("root\n", "expected one line NAME:HASH"),
    ("\n# nothing\n", "expected one line NAME:HASH"),
    ("Root:$6$saltsalt$abc\n", "is not a user name"),
    ("handheld:$6$saltsalt$abc\n", "is a system account"),
    ("root:$6$salt:extra\n", "must be a hash"),
])
def test_bad_userconf_is_one_line_naming_the_fix_and_changes_nothing(etc, text, says):
    done = run(etc, text)
    assert done.returncode == 1
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and says in lines[0], done.stderr
    assert not os.path.exists(etc.parent / "etc.userconf" / "shadow")
