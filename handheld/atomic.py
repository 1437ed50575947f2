"""Replacing a file so that readers and a power cut see the old file or the
new one, never a mix: write a temporary file beside it, fsync, rename over it,
fsync the directory. The new file keeps the old one's mode (a 0644 config
stays readable by the admin's tools). A power cut before the rename leaves its
temporary file behind; the next write of the same file sweeps it away."""

from __future__ import annotations

import glob
import os
from pathlib import Path
from typing import Callable


def atomic_write(path: Path | str, text: str) -> None:
    replace_atomically(path, lambda tmp: Path(tmp).write_text(text, encoding="utf-8"))


def replace_atomically(path: Path | str, write: Callable[[str], None], suffix: str = ".tmp") -> None:
    """`write(tmp_path)` fills a temporary file that then replaces `path`.
    `suffix` keeps the extension libraries look at (pygame picks PNG by it)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        mode = os.stat(path).st_mode & 0o7777
    except OSError:
        mode = 0o666 & ~_umask()
    # imported here, not at the top: the settings module imports this one on the cabinet's
    # way to its first frame, and tempfile (with random and shutil) is a few tenths of a
    # second of that under emulation
    import tempfile

    prefix = f".{path.name}."
    fd, tmp = tempfile.mkstemp(prefix=prefix, suffix=suffix, dir=path.parent)
    os.close(fd)
    try:
        write(tmp)
        fd = os.open(tmp, os.O_RDONLY)
        try:
            os.fchmod(fd, mode)
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    for leftover in path.parent.glob(f"{glob.escape(prefix)}*{glob.escape(suffix)}"):
        try:
            leftover.unlink()
        except OSError:
            pass
    try:
        dir_fd = os.open(path.parent, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dir_fd)
    finally:
        os.close(dir_fd)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
