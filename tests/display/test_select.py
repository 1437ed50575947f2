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
