"""The power cut mid-match on the SD image under QEMU (slow: make image-test; docs/resume.md).

A 1-player match of Spectral Sorcery is started through the cabinet service's own
screens with QEMU's sendkey, a few inputs played (Red's first turn up to "FIRE AGAIN
TO RESIGN"), and once the match journal holds them QEMU is killed with SIGKILL. The
same disks boot again: the resume offer is on screen (against the host's render), FIRE
puts the match back at the journal's last tick, showing what it showed before the
cut, and one more FIRE resigns: the match ends for real, its replay verifies on the
guest and the journal is gone. A boot of its own (build/qemu-resume)."""

import json
import re
import time

import pytest
from guest_screen import (SPECTRAL_START, SPECTRAL_TO_RESIGN, host_resume_renders, match_text, offer_fixed_lines,
                          press, wait_for_picture)

from test_boot_qemu import (ROOT, boot, first_frame_figures, journal_seconds, keep_the_title, prepared_image,
                            wait_active, wait_journal)

pytestmark = pytest.mark.slow

WORK = ROOT / "build" / "qemu-resume"
STATE = "/var/lib/handheld/state"
PY = "cd /tmp && PYTHONPATH=/usr/lib/python3/dist-packages python3"
# what the journal on the card holds: its ticks and its input changes
JOURNAL_NOW = (f"{PY} -c 'from handheld.runtime.journal import read_journal; "
               f"j = read_journal(\"{STATE}/match.journal\"); print(j.ticks, len(j.frames))'")
REPORT: dict = {}


@pytest.fixture(scope="module")
def files():
    files = prepared_image(WORK)
    keep_the_title(files)
    yield files
    (WORK / "report.json").write_text(json.dumps(REPORT, indent=2))


def journal_on_card(g, timeout=120):
    """(ticks, input changes) of the match journal once two reads 3 s apart agree: the
    last flush (a second of game time after the last input) has been written."""
    deadline, last = time.monotonic() + timeout, None
    while time.monotonic() < deadline:
        rc, out = g.run(JOURNAL_NOW)
        now = tuple(int(v) for v in out.split()[-2:]) if rc == 0 else None
        if now is not None and now == last:
            return now
        last = now
        time.sleep(3)
    raise AssertionError(f"the match journal never settled: {out}")


def test_a_match_cut_by_the_power_is_offered_resumed_and_finished(files, tmp_path):
    want_match, want_offer = host_resume_renders(tmp_path)
    words = match_text(want_match)
    g, _ = boot(files, WORK)
    try:
        wait_active(g)
        REPORT["first_boot_kernel_to_first_frame_s"] = first_frame_figures(g)[0]
        time.sleep(2)
        press(g, SPECTRAL_START, gap_s=3)         # the game's module loads on the first FIRE on its card
        started = wait_journal(g, "match started", "match started: spectral", 120)
        assert any("match started: spectral" in ln for ln in started), started
        time.sleep(2)
        press(g, SPECTRAL_TO_RESIGN)
        REPORT["before_cut_vs_host"] = round(wait_for_picture(g, str(WORK / "before-cut.ppm"), want_match, words,
                                                              timeout=60), 4)
        assert REPORT["before_cut_vs_host"] >= 0.95, "the keys did not bring the match to FIRE AGAIN TO RESIGN"
        REPORT["journal_ticks_before_cut"], changes = journal_on_card(g)
        assert changes >= 2 * len(SPECTRAL_TO_RESIGN), changes     # the presses and releases are in it
        t_cut = time.monotonic()
        g.kill()                                    # the power cut: SIGKILL to QEMU
    finally:
        g.stop()

    import qemu_boot

    g = qemu_boot.Guest(files, str(WORK))
    g.start()
    try:
        # the offer is on the first frame, and kiosk mode gives way to attract mode after
        # 30 s: watched through QEMU's monitor from the start, not once the shell is up
        # (the shell, after sysinit.target, can come up 30 s or more after the cabinet)
        REPORT["offer_vs_host"] = round(wait_for_picture(g, str(WORK / "offer.ppm"), want_offer,
                                                         offer_fixed_lines(), timeout=600), 4)
        REPORT["power_cut_to_offer_on_screen_s_wall"] = round(time.monotonic() - t_cut, 1)
        assert REPORT["offer_vs_host"] >= 0.95, "no RESUME SPECTRAL SORCERY? offer on screen"
        # FIRE resumes; the cabinet reads the keyboard soon after its first frame (the boot
        # test bounds that at 10 s) and the offer waits 30 s. A FIRE sent before that is not
        # taken and leaves the offer as it was (a taken one re-runs the match, with a
        # progress bar over the offer if that takes a while): then FIRE again.
        time.sleep(3)
        for presses in range(1, 4):
            g.sendkey("ctrl")
            # the match as it was before the cut (and not the attract demo of the same board)
            REPORT["resumed_vs_host"] = round(wait_for_picture(g, str(WORK / "resumed.ppm"), want_match, words,
                                                               timeout=8), 4)
            if REPORT["resumed_vs_host"] >= 0.95:
                break
            offer = wait_for_picture(g, str(WORK / "offer-again.ppm"), want_offer, offer_fixed_lines(), timeout=1)
            assert offer >= 0.95, "after FIRE neither the resumed match nor the offer is on screen"
        REPORT["fire_presses_to_resume"] = presses
        assert REPORT["resumed_vs_host"] >= 0.95, "the resumed match is not where the cut left it"
        g.sendkey("ctrl")                           # FIRE again: Red resigns, the match is over
        g.wait_shell()
        REPORT["second_boot_kernel_to_first_frame_s"] = first_frame_figures(g)[0]
        over = wait_journal(g, "match over|resumed spectral", "match over: spectral", 120)
        resumed = [int(m.group(1)) for ln in over for m in [re.search(r"resumed spectral at tick (\d+)", ln)] if m]
        REPORT["resumed_at_tick"] = resumed[0] if resumed else None
        assert resumed == [REPORT["journal_ticks_before_cut"]], over        # nothing the card had is lost
        assert any("match over: spectral" in ln for ln in over), over
        REPORT["resume_to_match_over_s"] = round(journal_seconds(over[-1]) - journal_seconds(over[0]), 2)
        rc, replays = g.run(f"ls {STATE}/replays")
        names = [n for n in replays.split() if n.startswith("spectral-")]
        assert rc == 0 and len(names) == 1, replays
        rc, REPORT["replay_verify"] = g.run(f"{PY} -m handheld replay {STATE}/replays/{names[0]} --verify",
                                            timeout=300)
        assert rc == 0 and "replay verified" in REPORT["replay_verify"], REPORT["replay_verify"]
        assert g.run(f"test -e {STATE}/match.journal")[0] != 0, "the finished match's journal is still there"
        _, records = g.run(f"cat {STATE}/records.json")
        REPORT["records"] = records
    finally:
        g.stop()
