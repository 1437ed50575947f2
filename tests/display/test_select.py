import pytest

from handheld.display.select import choose_backend


def test_auto_prefers_window_then_kmsdrm_then_fbdev_then_headless():
    yes, no = (True, "ok"), (False, "nope")
    assert choose_backend({"window": yes, "kmsdrm": yes, "fbdev": yes})[0] == "window"
    assert choose_backend({"window": no, "kmsdrm": yes, "fbdev": yes})[0] == "kmsdrm"
    name, why = choose_backend({"window": no, "kmsdrm": (False, "no /dev/dri/card*"), "fbdev": yes})
    assert name == "fbdev" and "kmsdrm: no /dev/dri/card*" in why
    assert choose_backend({"window": no, "kmsdrm": no, "fbdev": no})[0] == "headless"


def test_auto_falls_through_when_a_probed_backend_fails_to_open(monkeypatch):
    from handheld.display import select
    from handheld.display.base import DisplayError
    from handheld.display.headless import HeadlessDisplay

    monkeypatch.setattr(select, "probe_all", lambda fb: {
        "window": (False, "no desktop"), "kmsdrm": (True, "card0"), "fbdev": (False, "no fb"),
        "headless": (True, "always")})
    opened = []

    def make(name, *a):
        opened.append(name)
        if name == "kmsdrm":
            raise DisplayError("cannot use KMS/DRM")
        return HeadlessDisplay()

    monkeypatch.setattr(select, "make_backend", make)
    assert select.open_display("auto").name == "headless"
    assert opened == ["kmsdrm", "headless"]


def _fbdev_appearing_after(tmp_path, monkeypatch, delay_s):
    """A framebuffer whose device node shows up only after `delay_s`, as /dev/fb0 may
    while udev is still coldplugging when the kiosk starts."""
    import threading

    from handheld.display import select
    from handheld.display.fbdev import FbdevDisplay

    sysfs = tmp_path / "sys" / "fb0"
    sysfs.mkdir(parents=True)
    (sysfs / "virtual_size").write_text("640,480\n")
    (sysfs / "bits_per_pixel").write_text("32\n")
    (sysfs / "stride").write_text("2560\n")
    dev = tmp_path / "fb0"
    timer = threading.Timer(delay_s, lambda: dev.write_bytes(bytes(2560 * 480)))
    timer.start()
    monkeypatch.setattr(select, "make_backend",
                        lambda name, scale, fb, rotate: FbdevDisplay(fb, scale, rotate, sysfs_root=str(sysfs.parent)))
    return str(dev), timer


def test_a_named_display_that_comes_up_late_is_waited_for(tmp_path, monkeypatch, caplog):
    import logging

    from handheld.display import select

    dev, timer = _fbdev_appearing_after(tmp_path, monkeypatch, 0.3)
    with caplog.at_level(logging.INFO, logger="handheld.display"):
        display = select.open_display("fbdev", fbdev=dev, wait_s=5)
    timer.join()
    assert display.name == "fbdev" and display.geometry.width == 640
    display.close()
    assert "no such device" in caplog.text and "fbdev ready after" in caplog.text


def test_without_a_wait_a_missing_display_fails_at_once_with_its_fix(tmp_path, monkeypatch):
    import time

    from handheld.display import select
    from handheld.display.base import DisplayError

    dev, timer = _fbdev_appearing_after(tmp_path, monkeypatch, 2.0)
    t0 = time.monotonic()
    with pytest.raises(DisplayError, match="no such device — enable a framebuffer"):
        select.open_display("fbdev", fbdev=dev)
    assert time.monotonic() - t0 < 1.0
    timer.cancel()
