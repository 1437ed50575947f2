import os
import numpy as np
import pytest

from handheld.display.base import DisplayError, logical_surface
from handheld.display.fbdev import FbdevDisplay


def fake_fb(tmp_path, w, h, bpp, stride=None, name="fb0"):
    stride = stride or w * bpp // 8
    sysfs = tmp_path / "sys"
    (sysfs / name).mkdir(parents=True)
    (sysfs / name / "virtual_size").write_text(f"{w},{h}\n")
    (sysfs / name / "bits_per_pixel").write_text(f"{bpp}\n")
    (sysfs / name / "stride").write_text(f"{stride}\n")
    dev = tmp_path / name
    dev.write_bytes(b"\xAA" * (stride * h))
    return str(dev), str(sysfs), stride


def frame_with_marks():
    s = logical_surface()
    s.fill((0, 0, 0))
    s.set_at((0, 0), (255, 0, 0))        # top-left red
    s.set_at((319, 0), (0, 255, 0))      # top-right green
    s.set_at((0, 239), (0, 0, 255))      # bottom-left blue
    s.set_at((319, 239), (255, 255, 255))
    s.set_at((10, 5), (0x12, 0x34, 0x56))
    return s


def test_rgb565_exact_bytes_at_scale_1(tmp_path):
    dev, sysfs, stride = fake_fb(tmp_path, 320, 240, 16)
    d = FbdevDisplay(dev, sysfs_root=sysfs)
    d.present(frame_with_marks())
    d.close()
    raw = open(dev, "rb").read()
    px = lambda x, y: int.from_bytes(raw[y * stride + 2 * x: y * stride + 2 * x + 2], "little")
    assert px(0, 0) == 0xF800 and px(319, 0) == 0x07E0 and px(0, 239) == 0x001F
    assert px(319, 239) == 0xFFFF and px(1, 0) == 0
    assert px(10, 5) == ((0x12 >> 3) << 11) | ((0x34 >> 2) << 5) | (0x56 >> 3)


def test_xrgb8888_with_stride_padding_scale_and_centring(tmp_path):
    w, h, stride = 700, 500, 700 * 4 + 64  # padded rows
    dev, sysfs, stride = fake_fb(tmp_path, w, h, 32, stride)
    d = FbdevDisplay(dev, sysfs_root=sysfs)
    assert d.scale == 2 and (d.x0, d.y0) == ((700 - 640) // 2, (500 - 480) // 2)
    d.present(frame_with_marks())
    d.close()
    raw = np.frombuffer(open(dev, "rb").read(), dtype=np.uint8).reshape(h, stride)
    pix = raw[:, : w * 4].view("<u4")
    x0, y0 = 30, 10
    # each logical pixel is a 2x2 block
    assert (pix[y0:y0 + 2, x0:x0 + 2] == 0x00FF0000).all()
    assert (pix[y0:y0 + 2, x0 + 638:x0 + 640] == 0x0000FF00).all()
    assert (pix[y0 + 478:y0 + 480, x0:x0 + 2] == 0x000000FF).all()
    assert pix[y0 + 10, x0 + 20] == 0x00123456
    # borders black, padding bytes beyond the visible row untouched
    assert (pix[:y0] == 0).all() and (pix[:, :x0] == 0).all() and (pix[y0 + 480:] == 0).all()
    assert (raw[:, w * 4:] == 0).all()  # whole mapping cleared by the first frame


def test_rotation_for_portrait_panel(tmp_path):
    dev, sysfs, stride = fake_fb(tmp_path, 240, 320, 16)
    d = FbdevDisplay(dev, rotate=90, sysfs_root=sysfs)
    d.present(frame_with_marks())
    d.close()
    raw = open(dev, "rb").read()
    px = lambda x, y: int.from_bytes(raw[y * stride + 2 * x: y * stride + 2 * x + 2], "little")
    # turned a quarter clockwise: top-left goes to top-right, bottom-left to top-left
    assert px(239, 0) == 0xF800
    assert px(0, 0) == 0x001F
    assert px(239, 319) == 0x07E0


def test_fixed_scale_honoured_and_too_small_panel_refused(tmp_path):
    dev, sysfs, _ = fake_fb(tmp_path, 1280, 800, 32)
    assert FbdevDisplay(dev, scale=2, sysfs_root=sysfs).scale == 2
    assert FbdevDisplay(dev, sysfs_root=sysfs).scale == 3
    dev2, sysfs2, _ = fake_fb(tmp_path / "b", 240, 320, 16)
    with pytest.raises(DisplayError, match="set display.rotate"):
        FbdevDisplay(dev2, sysfs_root=sysfs2)


def test_unsupported_depth_and_missing_device_name_the_fix(tmp_path):
    dev, sysfs, _ = fake_fb(tmp_path, 320, 240, 24)
    with pytest.raises(DisplayError, match="framebuffer_depth"):
        FbdevDisplay(dev, sysfs_root=sysfs)
    with pytest.raises(DisplayError, match="is .* a framebuffer"):
        FbdevDisplay(str(tmp_path / "fb9"), sysfs_root=sysfs)


def test_permission_denied_names_group_video(tmp_path, monkeypatch):
    import os
    dev, sysfs, _ = fake_fb(tmp_path, 320, 240, 16)

    def deny(*a, **k):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "open", deny)
    with pytest.raises(DisplayError) as e:
        FbdevDisplay(dev, sysfs_root=sysfs)
    assert str(e.value) == f"cannot open {dev}: permission denied — add the user to group video"


def _fb_pixels(dev, w, h, bpp):
    return np.fromfile(dev, dtype=np.uint8).reshape(h, w * bpp // 8).copy()


def _moved_cursor(frame, y):
    s = frame.copy()
    s.fill((255, 200, 0), (40, y, 12, 6))
    return s


@pytest.mark.parametrize("w, h, bpp, rotate", [(320, 240, 16, 0), (700, 500, 32, 0),
                                                (1280, 800, 32, 0), (240, 320, 16, 90)])
def test_changed_rows_only_still_give_the_exact_picture(tmp_path, w, h, bpp, rotate):
    # a frame written row band by row band must equal the same frame written whole
    a = _moved_cursor(frame_with_marks(), 30)
    b = _moved_cursor(frame_with_marks(), 150)
    dev, sysfs, _ = fake_fb(tmp_path / "banded", w, h, bpp)
    banded = FbdevDisplay(dev, sysfs_root=sysfs, rotate=rotate)
    for frame in (a, a, b, b):
        banded.present(frame)
    dev2, sysfs2, _ = fake_fb(tmp_path / "whole", w, h, bpp)
    whole = FbdevDisplay(dev2, sysfs_root=sysfs2, rotate=rotate)
    whole.present(b)
    banded.close()
    whole.close()
    assert (_fb_pixels(dev, w, h, bpp) == _fb_pixels(dev2, w, h, bpp)).all()


def test_an_unchanged_picture_is_not_rewritten_but_heals_within_half_a_second(tmp_path):
    dev, sysfs, stride = fake_fb(tmp_path, 640, 480, 32)
    d = FbdevDisplay(dev, sysfs_root=sysfs)
    frame = frame_with_marks()
    d.present(frame)
    good = _fb_pixels(dev, 640, 480, 32)
    with open(dev, "r+b") as fh:               # someone else scribbles over the screen
        fh.write(b"\x55" * (stride * 480))
    d.present(frame)
    after_one = _fb_pixels(dev, 640, 480, 32)
    rows_fixed = int((after_one == good).all(axis=1).sum())
    assert rows_fixed == 8 * 2                  # REFRESH_ROWS logical rows at scale 2, no more
    for _ in range(240 // 8):                   # 30 frames: half a second at 60 Hz
        d.present(frame)
    d.close()
    assert (_fb_pixels(dev, 640, 480, 32) == good).all()


def test_a_regular_file_too_small_for_the_geometry_is_refused_not_grown(tmp_path):
    from handheld.display.base import DisplayError
    from handheld.display.fbdev import FbdevDisplay
    from handheld.display.fbfile import make_fb

    dev, sysfs = make_fb(tmp_path, "fb9", 640, 480, 32)
    with open(dev, "r+b") as f:
        f.truncate(1000)
    with pytest.raises(DisplayError, match="smaller than the 640x480 32-bit framebuffer"):
        FbdevDisplay(dev, sysfs_root=sysfs)
    assert os.path.getsize(dev) == 1000


@pytest.mark.parametrize("rows", [(0,), (239,), (15, 16), (0, 239), (100, 101, 102)])
def test_a_change_in_any_row_reaches_the_screen(tmp_path, rows):
    # the changed-row search works in bands of 16 rows; edges and band borders included
    dev, sysfs, _ = fake_fb(tmp_path, 320, 240, 16)
    d = FbdevDisplay(dev, sysfs_root=sysfs)
    frame = frame_with_marks()
    for _ in range(31):                         # shown, and the rolling refresh has passed
        d.present(frame)
    changed = frame.copy()
    for y in rows:
        changed.set_at((200, y), (255, 255, 0))
    before = d.bytes_written
    d.present(changed)
    written_rows = (d.bytes_written - before) // (320 * 2)
    d.close()
    assert written_rows <= max(rows) - min(rows) + 1 + 8           # the change's rows and the refresh band
    pix = _fb_pixels(dev, 320, 240, 16)
    for y in rows:
        assert pix[y, 400:402].tobytes() == (0xFFE0).to_bytes(2, "little")


class _CountingMap:
    """A real mapping that counts how often each byte of it is written."""

    def __init__(self, real):
        self.real, self.writes = real, np.zeros(len(real), dtype=np.int32)

    def __len__(self):
        return len(self.real)

    def __setitem__(self, where, data):
        self.real[where] = data
        self.writes[where] += 1

    def __getattr__(self, name):
        return getattr(self.real, name)


@pytest.mark.parametrize("w, h, bpp, stride", [(1280, 800, 32, None), (700, 500, 32, 700 * 4 + 64), (320, 240, 16, None)])
def test_opening_and_the_first_frame_write_every_byte_once(tmp_path, monkeypatch, w, h, bpp, stride):
    # on DRM's fbdev emulation each page written is a fault: a blank pass and then the
    # picture would pay for the picture's pages twice (0.15 s of a start under QEMU)
    import mmap

    real_mmap, maps = mmap.mmap, []
    monkeypatch.setattr(mmap, "mmap", lambda *a: maps.append(_CountingMap(real_mmap(*a))) or maps[-1])
    dev, sysfs, stride = fake_fb(tmp_path, w, h, bpp, stride)
    d = FbdevDisplay(dev, sysfs_root=sysfs)
    assert not maps[0].writes.any()            # opening leaves the console's picture alone...
    d.present(frame_with_marks())
    assert (maps[0].writes == 1).all()         # ...the first frame writes it all, once
    d.close()
    raw = np.frombuffer(open(dev, "rb").read(), dtype=np.uint8).reshape(h, stride)
    x0, y0, s = d.x0 * bpp // 8, d.y0, d.scale
    inside = np.zeros_like(raw, dtype=bool)
    inside[y0:y0 + 240 * s, x0:x0 + 320 * s * bpp // 8] = True
    assert (raw[~inside] == 0).all()           # borders and row padding black
