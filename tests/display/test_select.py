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


class FakeTime:
    """Stands in for the `time` module in select.py: sleeping moves time on, and the
    framebuffer's device node appears once `appear_s` have passed (as /dev/fb0 may
    while udev is still coldplugging when the kiosk starts)."""

    def __init__(self, dev, appear_s):
        self.ms, self.dev, self.appear_ms, self.sleeps = 0, dev, round(appear_s * 1000), 0

    def monotonic(self):
        return 100.0 + self.ms / 1000

    def sleep(self, seconds):
        self.sleeps += 1
        self.ms += round(seconds * 1000)
        if self.ms >= self.appear_ms and not self.dev.exists():
            self.dev.write_bytes(bytes(2560 * 480))


def _fbdev_appearing_after(tmp_path, monkeypatch, delay_s):
    from handheld.display import select
    from handheld.display.fbdev import FbdevDisplay

    sysfs = tmp_path / "sys" / "fb0"
    sysfs.mkdir(parents=True)
    (sysfs / "virtual_size").write_text("640,480\n")
    (sysfs / "bits_per_pixel").write_text("32\n")
    (sysfs / "stride").write_text("2560\n")
    dev = tmp_path / "fb0"
    clock = FakeTime(dev, delay_s)
    monkeypatch.setattr(select, "time", clock)
    monkeypatch.setattr(select, "make_backend",
                        lambda name, scale, fb, rotate: FbdevDisplay(fb, scale, rotate, sysfs_root=str(sysfs.parent)))
    return str(dev), clock


def test_a_named_display_that_comes_up_late_is_waited_for(tmp_path, monkeypatch, caplog):
    import logging

    from handheld.display import select

    dev, clock = _fbdev_appearing_after(tmp_path, monkeypatch, 0.3)
    with caplog.at_level(logging.INFO, logger="handheld.display"):
        display = select.open_display("fbdev", fbdev=dev, wait_s=5)
    assert display.name == "fbdev" and display.geometry.width == 640
    display.close()
    assert "no such device" in caplog.text and "fbdev ready after 0.3 s" in caplog.text
    assert clock.ms == 300


def test_a_display_that_never_comes_is_given_up_on_after_the_wait(tmp_path, monkeypatch):
    from handheld.display import select
    from handheld.display.base import DisplayError

    dev, clock = _fbdev_appearing_after(tmp_path, monkeypatch, 60.0)
    with pytest.raises(DisplayError, match="no such device"):
        select.open_display("fbdev", fbdev=dev, wait_s=5)
    assert clock.ms == 5000


def test_without_a_wait_a_missing_display_fails_at_once_with_its_fix(tmp_path, monkeypatch):
    from handheld.display import select
    from handheld.display.base import DisplayError

    dev, clock = _fbdev_appearing_after(tmp_path, monkeypatch, 2.0)
    with pytest.raises(DisplayError, match="no such device — enable a framebuffer"):
        select.open_display("fbdev", fbdev=dev)
    assert clock.sleeps == 0
