"""A regular file standing in for /dev/fbN, with the sysfs geometry the fbdev
backend reads: for `handheld bench` and the display cost figures."""

from __future__ import annotations

from pathlib import Path


def make_fb(folder: Path, name: str, w: int, h: int, bpp: int) -> tuple[str, str]:
    """A file standing in for /dev/fbN plus its sysfs geometry."""
    sysfs = folder / "sys"
    (sysfs / name).mkdir(parents=True, exist_ok=True)
    (sysfs / name / "virtual_size").write_text(f"{w},{h}\n")
    (sysfs / name / "bits_per_pixel").write_text(f"{bpp}\n")
    (sysfs / name / "stride").write_text(f"{w * bpp // 8}\n")
    dev = folder / name
    dev.write_bytes(bytes(w * h * bpp // 8))
    return str(dev), str(sysfs)
