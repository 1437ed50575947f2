from handheld.base.actions import Action, frame_from_masks
from handheld.base.frames import REPEAT_DELAY_TICKS, REPEAT_EVERY_TICKS, FrameBuilder, RawInput
from handheld.runtime.replay import pack_frame, unpack_frame


def test_tap_shorter_than_a_tick_is_seen():
    raw, fb = RawInput(), FrameBuilder()
    raw.press(0, Action.FIRE)
    raw.release(0, Action.FIRE)
    frame = fb.step(raw.take())
    assert frame[0].was_pressed(Action.FIRE) and not frame[0].is_held(Action.FIRE)
    assert not fb.step(raw.take())[0].was_pressed(Action.FIRE)


def test_two_sources_hold_until_both_release():
    raw = RawInput()
    raw.press(1, Action.LEFT, "stick")
    raw.press(1, Action.LEFT, "keyboard")
    raw.take()
    raw.release(1, Action.LEFT, "stick")
    assert raw.take()[1][0] & Action.LEFT
    raw.release_source("keyboard")
    held, _pressed, released = raw.take()[1]
    assert not held & Action.LEFT and released & Action.LEFT


def test_direction_repeat_counts_ticks():
    raw, fb = RawInput(), FrameBuilder()
    raw.press(0, Action.DOWN)
    fired = [t for t in range(60) if fb.step(raw.take())[0].repeated(Action.DOWN)]
    first = REPEAT_DELAY_TICKS
    assert fired[:3] == [0, first, first + REPEAT_EVERY_TICKS]


def test_diagonal_from_two_directions():
    frame = frame_from_masks((Action.UP | Action.RIGHT, 0, 0, 0))
    assert frame[0].stick() == (1, -1)
    assert frame[3].stick() == (0, 0)


def test_replay_frame_packing_round_trips_every_mask_of_every_player():
    frame = frame_from_masks((3, 1, 0, 1), (0, 16, 16, 0), (255, 0, 0, 255), (0, 0, 128, 64))
    assert unpack_frame(pack_frame(frame)) == frame
