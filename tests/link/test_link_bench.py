"""The link's bench figures: their shape, and the byte counts that do not depend on this machine."""

from handheld.link.bench import bytes_per_second, rollback_cost
from handheld.link.packet import MAX_PACKET_BYTES


def test_rollback_cost_times_full_eight_tick_rollbacks():
    r = rollback_cost(30)
    assert r["rollback_samples"] == 30
    assert 0 < r["rollback_8_ticks_cpu_p50_ms"] <= r["rollback_8_ticks_cpu_p99_ms"] <= r["rollback_8_ticks_cpu_max_ms"]


def test_bytes_per_second_are_a_packet_a_tick_and_the_same_every_run():
    first, again = bytes_per_second(), bytes_per_second()
    assert first == again                                   # fake clock, seeded relay
    assert 60 * 40 < first["bytes_per_s_0ms"] < first["bytes_per_s_100ms_2pct"] < 60 * MAX_PACKET_BYTES


def test_match_rollback_cost_times_rollbacks_inside_a_whole_archon_match():
    from handheld.link.bench import match_rollback_cost

    r = match_rollback_cost(20)
    assert 0 < r["match_rollback_8_ticks_cpu_p50_ms"] <= r["match_rollback_8_ticks_cpu_max_ms"]
