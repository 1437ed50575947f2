"""docs/boot.md's measured table is written from the boot test's report, not typed."""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "image"))

import boot_report  # noqa: E402

REPORT = {
    "kernel_to_first_frame_s": 18.52, "second_boot_kernel_to_first_frame_s": 19.01,
    "service_start_to_first_frame_s": 3.91,
    "security_exposure": "→ Overall exposure level for handheld.service: 0.7 SAFE 😀",
    "sound_log": "Nov 23 handheld python3[269]: handheld: no sound card: silent",
    "kill9_game_to_first_frame_s": 1.2, "title_pixel_match": 1.0, "first_frame_to_keyboard_s": 0.84,
    "critical_chain": ('The time when unit became active or started is printed after the "@" character.\n'
                       'The time the unit took to start is printed after the "+" character.\n\n'
                       "handheld.service +3.9s\n└─sysinit.target @12.1s\n  └─local-fs.target @11.0s"),
}


def test_table_carries_the_reports_figures():
    text = boot_report.table(REPORT, {"login_s_wall": 4.26, "getty_tty1": ["active", "yes"],
                                      "serial_getty": ["active", "yes"], "handheld": ["inactive", "no"]},
                             "2026-11-23 22:00 UTC")
    assert "| kernel start -> first frame (READY=1, guest monotonic) | 18.52 / 19.01 s (first / second boot) |" in text
    assert "| service start -> first frame | 3.91 s |" in text
    assert "| first frame -> the keyboard read by the cabinet | 0.84 s |" in text
    assert "| `systemd-analyze security handheld.service` | 0.7 SAFE |" in text
    assert "| sound (no card under QEMU) | handheld: no sound card: silent |" in text
    assert "| `kill -9` of the cabinet -> next first frame | 1.20 s |" in text
    assert "| `systemctl stop` (SIGTERM only) | not measured |" in text
    assert "| maintenance: getty@tty1 / serial getty / cabinet | active yes / active yes / inactive no |" in text
    assert "Critical chain: `handheld.service +3.9s` <- `sysinit.target @12.1s` <- `local-fs.target @11.0s`" in text


def test_only_the_marked_block_is_replaced():
    doc = f"# Boot\nintro\n{boot_report.BEGIN}\nold figures\n{boot_report.END}\nafter\n"
    out = boot_report.render(doc, "new figures")
    assert out == f"# Boot\nintro\n{boot_report.BEGIN}\nnew figures\n{boot_report.END}\nafter\n"
    assert boot_report.BEGIN in (ROOT / "docs" / "boot.md").read_text()


def test_the_fleet_and_power_cut_boots_add_their_rows_when_they_ran():
    fleet = {"kernel_to_first_frame_s": 7.1, "first_frame_s": 7.1, "connected_s": 9.35}
    resume = {"power_cut_to_offer_on_screen_s_wall": 41.5, "offer_vs_host": 1.0, "resumed_vs_host": 0.998,
              "journal_ticks_before_cut": 601, "resumed_at_tick": 601,
              "replay_verify": "spectral seed 6: 700 ticks, state 57\nreplay verified: same final state"}
    text = boot_report.table(REPORT, {}, "2026-11-29 01:00 UTC", fleet, resume)
    assert "| fleet cabinet (`handheld-networked.service`): kernel start -> first frame | 7.10 s |" in text
    assert "| fleet cabinet: first frame -> connected to the guest's broker | 2.25 s (no restart) |" in text
    assert "| after the cut: offer vs host render / resumed match vs host render | 100.0 % / 99.8 % |" in text
    assert "| journal ticks on the card before the cut -> resumed at tick | 601 -> 601 |" in text
    assert "| the resumed match's replay on the guest | replay verified: same final state |" in text
    assert "fleet cabinet" not in boot_report.table(REPORT, {}, "2026-11-29 01:00 UTC")
