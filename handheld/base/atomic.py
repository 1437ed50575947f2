"""Replacing a file so that readers and a power cut see the old file or the
new one, never a mix: write a temporary file beside it, fsync, rename over it,
fsync the directory. The new file keeps the old one's mode (a 0644 config
stays readable by the admin's tools). A power cut before the rename leaves its
temporary file behind; the next write of the same file sweeps it away."""

from __future__ import annotations

import os
from collections.abc import Callable


def atomic_write(path: str | os.PathLike, text: str) -> None:
    replace_atomically(path, lambda tmp: _write_text(tmp, text))


def _write_text(path: str, text: str) -> None:
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(text)


def replace_atomically(path: str | os.PathLike, write: Callable[[str], None], suffix: str = ".tmp") -> None:
    """`write(tmp_path)` fills a temporary file that then replaces `path`.
    `suffix` keeps the extension libraries look at (pygame picks PNG by it)."""
    path = os.fspath(path)
    folder = os.path.dirname(path) or "."
    os.makedirs(folder, exist_ok=True)
    try:
        mode = os.stat(path).st_mode & 0o7777
    except OSError:
        mode = 0o666 & ~_umask()
    # imported here, not at the top: the settings module imports this one on the cabinet's
    # way to its first frame, and tempfile (with random and shutil) is a few tenths of a
    # second of that under emulation; glob (with fnmatch) only serves the sweep below
    import glob
    import tempfile

    prefix = f".{os.path.basename(path)}."
    fd, tmp = tempfile.mkstemp(prefix=prefix, suffix=suffix, dir=folder)
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
    for leftover in glob.glob(os.path.join(glob.escape(folder), f"{glob.escape(prefix)}*{glob.escape(suffix)}")):
        try:
            os.unlink(leftover)
        except OSError:
            pass
    try:
        dir_fd = os.open(folder, os.O_RDONLY)
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
