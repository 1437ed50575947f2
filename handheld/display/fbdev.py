"""Straight to the Linux framebuffer through an mmap.

Geometry comes from sysfs (/sys/class/graphics/fbN: virtual_size,
bits_per_pixel, stride). Supports 16 bpp RGB565 (incl. SPI LCDs such as
320x240 fbtft panels) and 32 bpp XRGB8888; whole-number scaling, centred on
black; rotation for panels mounted sideways. Each frame is converted and
scaled by SDL into a staging surface of the framebuffer's own pixel format and
then copied in one assignment, so no half-drawn frame is ever visible for long.
"""

from __future__ import annotations

import errno
import mmap
import os
import stat
from typing import NamedTuple

import pygame

from handheld import SCREEN_H, SCREEN_W
from handheld.display.base import Display, DisplayError, fit_scale

REFRESH_ROWS = 8   # logical rows rewritten every frame even when unchanged: 240 rows in 0.5 s

FORMATS = {   # bits per pixel -> SDL masks
    16: (0xF800, 0x07E0, 0x001F, 0),        # RGB565
    32: (0xFF0000, 0x00FF00, 0x0000FF, 0),  # XRGB8888
}


def _read_attribute(folder: str, name: str) -> str:
    with open(os.path.join(folder, name)) as fh:
        return fh.read().strip()


class FbGeometry(NamedTuple):
    width: int
    height: int
    bpp: int
    stride: int  # bytes per row, may exceed width * bpp / 8

    @classmethod
    def read(cls, device: str, sysfs_root: str = "/sys/class/graphics") -> "FbGeometry":
        base = os.path.join(sysfs_root, os.path.basename(device))
        try:
            w, h = (int(x) for x in _read_attribute(base, "virtual_size").split(","))
            bpp = int(_read_attribute(base, "bits_per_pixel"))
            has_stride = os.path.exists(os.path.join(base, "stride"))
            stride = int(_read_attribute(base, "stride")) if has_stride else w * bpp // 8
        except (OSError, ValueError) as e:
            raise DisplayError(f"cannot read framebuffer geometry from {base} ({e}) — is {device} a framebuffer?") from None
        if bpp not in FORMATS:
            raise DisplayError(f"{device} is {bpp} bpp; only 16 (RGB565) and 32 (XRGB8888) are supported — "
                               f"set framebuffer_depth=16 or 32 in config.txt")
        return cls(w, h, bpp, stride)


class FbdevDisplay(Display):
    name = "fbdev"

    def __init__(self, device: str = "/dev/fb0", scale: int = 0, rotate: int = 0,
                 sysfs_root: str = "/sys/class/graphics"):
        if rotate not in (0, 90, 180, 270):
            raise DisplayError(f"rotate must be 0, 90, 180 or 270, not {rotate}")
        self.device = device
        self.geometry = geo = FbGeometry.read(device, sysfs_root)
        self.rotate = rotate
        pic_w, pic_h = (SCREEN_H, SCREEN_W) if rotate in (90, 270) else (SCREEN_W, SCREEN_H)
        fit = fit_scale(geo.width, geo.height, pic_w, pic_h)
        self.scale = min(scale, fit) if scale else fit
        if pic_w > geo.width or pic_h > geo.height:
            raise DisplayError(f"{device} is {geo.width}x{geo.height}, smaller than the {pic_w}x{pic_h} picture — "
                               f"set display.rotate to match the panel")
        self.out_w, self.out_h = pic_w * self.scale, pic_h * self.scale
        self.x0 = (geo.width - self.out_w) // 2
        self.y0 = (geo.height - self.out_h) // 2
        self._staging = pygame.Surface((self.out_w, self.out_h), 0, geo.bpp, FORMATS[geo.bpp])
        self._shown = None          # the logical picture now on screen (its bytes)
        self._refresh_row = 0
        try:
            fd = os.open(device, os.O_RDWR)
        except OSError as e:
            raise DisplayError(open_error(device, e)) from None
        try:
            info = os.fstat(fd)
            need = geo.height * geo.stride
            if stat.S_ISREG(info.st_mode) and info.st_size < need:
                # mapping past the end of a plain file would fault on the first write
                raise DisplayError(f"{device} is a regular file of {info.st_size} bytes, smaller than the "
                                   f"{geo.width}x{geo.height} {geo.bpp}-bit framebuffer ({need} bytes) — "
                                   f"point display.fbdev at the framebuffer device, e.g. /dev/fb0")
            self._map = mmap.mmap(fd, need)
        finally:
            os.close(fd)    # the mapping keeps the device open
        # The borders are blanked by the first frame, in the same pass as its rows: on a
        # framebuffer the kernel tracks page by page (DRM's fbdev emulation under QEMU)
        # each page touched costs a fault, and a separate pass touched every page twice.
        self._first_frame_written = False
        self.bytes_written = 0   # into the framebuffer since opening (bench: bytes per frame)

    def present(self, surface) -> None:
        """Write the rows that changed since the last frame, plus a few rows of a rolling
        refresh (so a picture spoiled by someone else heals within half a second).
        A full 1080p frame at scale 4 is ~5 MB a frame on a Pi; a board waiting for a
        move changes a few rows."""
        src = pygame.transform.rotate(surface, -self.rotate) if self.rotate else surface
        refresh = (self._refresh_row, min(self._refresh_row + REFRESH_ROWS, src.get_height()))
        self._refresh_row = refresh[1] % src.get_height()
        changed = self._changed_rows(src)
        if changed is None:
            bands = [refresh]
        elif changed[0] <= refresh[1] and refresh[0] <= changed[1]:   # touching: one write
            bands = [(min(changed[0], refresh[0]), max(changed[1], refresh[1]))]
        else:
            bands = [changed, refresh]
        for top, bottom in bands:
            self._write_rows(src, top, bottom)

    def _changed_rows(self, src) -> tuple[int, int] | None:
        """(top, bottom) logical rows that differ from the picture on screen, or None."""
        pixels, shown, pitch, h = src.get_buffer().raw, self._shown, src.get_pitch(), src.get_height()
        self._shown = pixels
        if shown is None or len(shown) != len(pixels):
            return 0, h
        if pixels == shown:
            return None
        def same(first: int, last: int) -> bool:   # rows [first, last) unchanged?
            return pixels[first * pitch:last * pitch] == shown[first * pitch:last * pitch]

        top, bottom = 0, h           # bands of 16 rows first: fewer, larger compares
        while top + 16 <= h and same(top, top + 16):
            top += 16
        while same(top, top + 1):
            top += 1
        while bottom - 16 >= top and same(bottom - 16, bottom):
            bottom -= 16
        while same(bottom - 1, bottom):
            bottom -= 1
        return top, bottom

    def _write_rows(self, src, top: int, bottom: int) -> None:
        """Scale logical rows [top, bottom) and copy them into the framebuffer."""
        s, w = self.scale, src.get_width()
        part = src.subsurface((0, top, w, bottom - top))
        out = self._staging.subsurface((0, top * s, self.out_w, (bottom - top) * s))
        if s == 1:
            out.blit(part, (0, 0))
        elif part.get_bitsize() == out.get_bitsize() and part.get_masks() == out.get_masks():
            pygame.transform.scale(part, out.get_size(), out)
        else:
            out.blit(pygame.transform.scale(part, out.get_size()), (0, 0))
        geo, pitch = self.geometry, self._staging.get_pitch()
        row_bytes = self.out_w * geo.bpp // 8
        left = self.x0 * geo.bpp // 8
        # pygame's stub leaves out BufferProxy's buffer protocol, which it has (a memoryview works)
        view = memoryview(self._staging.get_view("1")).cast("B")  # type: ignore[arg-type]
        try:
            if not self._first_frame_written:   # the first frame: always whole (nothing shown yet)
                self._write_first_frame(view, pitch, row_bytes, left)
                return
            for y in range(top * s, bottom * s):
                at = (self.y0 + y) * geo.stride + left
                self._map[at:at + row_bytes] = view[y * pitch:y * pitch + row_bytes]
        finally:
            view.release()
        self.bytes_written += (bottom - top) * s * row_bytes

    def _write_first_frame(self, view, pitch: int, row_bytes: int, left: int) -> None:
        """The first frame: every row of the framebuffer written once, the picture's rows
        with their black margins, the rows above and below it black."""
        geo = self.geometry
        top_end, bottom_start = self.y0 * geo.stride, (self.y0 + self.out_h) * geo.stride
        self._map[:top_end] = bytes(top_end)
        self._map[bottom_start:] = bytes(len(self._map) - bottom_start)
        before, after = bytes(left), bytes(geo.stride - left - row_bytes)
        for y in range(self.out_h):
            at = (self.y0 + y) * geo.stride
            self._map[at:at + geo.stride] = before + view[y * pitch:y * pitch + row_bytes] + after
        self._first_frame_written = True
        self.bytes_written += len(self._map)

    def close(self) -> None:
        if not self._map.closed:
            self._map.flush()
            self._map.close()

    def describe(self) -> str:
        g = self.geometry
        return (f"fbdev {self.device} {g.width}x{g.height} {g.bpp}bpp stride {g.stride}, "
                f"scale {self.scale}, rotate {self.rotate}")

    @staticmethod
    def available(device: str = "/dev/fb0") -> tuple[bool, str]:
        if not os.path.exists(device):
            return False, f"no {device}"
        if not os.access(device, os.W_OK):
            return False, f"{device} is not writable (add the user to group video)"
        return True, f"{device} is writable"


def open_error(device: str, e: OSError) -> str:
    if e.errno in (errno.EACCES, errno.EPERM):
        return f"cannot open {device}: permission denied — add the user to group video"
    if e.errno == errno.ENOENT:
        return f"cannot open {device}: no such device — enable a framebuffer (dtoverlay=vc4-kms-v3d or an fbtft panel overlay)"
    return f"cannot open {device}: {e.strerror}"
