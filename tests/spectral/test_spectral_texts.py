"""Every text the match shows is whole: each help in the help box (all its
lines, inside the box, at any moment), every message in the text window; and a
"FIRE AGAIN" warning lives only while its action is highlighted."""

import pygame
import pytest
from pixeltext import where_drawn as drawn_in
from test_spectral_scenes import human_scene, press, settle

from handheld.games.spectral import rules as R
from handheld.games.spectral import texts as T
from handheld.games.spectral.draw import HELP_BOX, HELP_KEYS, WINDOW, _lines
from handheld.base.actions import EMPTY_FRAME, Action
from handheld.ui.text import text_width


@pytest.fixture(autouse=True)
def _pygame():
    pygame.init()
    yield


def where_drawn(surface, text: str, colour: str, box: pygame.Rect):
    """Where `text` is drawn whole inside `box`'s frame, or None."""
    return drawn_in(surface, text, colour, box.inflate(-2, -2))


def help_on_screen(key: str, tick: int) -> pygame.Surface:
    _ctx, sc = human_scene()
    settle(sc)
    sc.phase, sc.help_key, sc.help_back, sc.tick = "help", key, "actions", tick
    surface = pygame.Surface((320, 240))
    sc.draw(surface)
    return surface


@pytest.mark.parametrize("key", T.ACTIONS + T.SPELLS)
def test_every_help_shows_all_its_lines_and_the_keys_inside_the_box(key):
    wanted = [line for line in T.HELP[key] if line]
    assert wanted, f"{key} has no help"
    room = HELP_BOX.rect.w - 8                       # the box's frame and margins
    for line in wanted + [HELP_KEYS]:
        assert text_width(line) <= room, f"{key}: {line!r} is wider than the help box"
    for tick in (0, 130, 250):                       # nothing takes turns on one line
        surface = help_on_screen(key, tick)
        rows = []
        for line in wanted:
            at = where_drawn(surface, line, "silver", HELP_BOX.rect)
            assert at is not None, f"{key}: {line!r} is cut or missing at tick {tick}"
            rows.append(at[1])
        assert rows == sorted(set(rows)), f"{key}: lines out of order or on top of each other"
        assert where_drawn(surface, HELP_KEYS, "slate", HELP_BOX.rect) is not None
        assert where_drawn(surface, key, "gold", HELP_BOX.rect) is not None


def test_the_help_box_leaves_the_spectrum_row_and_the_powers_alone():
    from handheld.games.spectral.art import SPECTRUM_Y

    assert HELP_BOX.rect.top > SPECTRUM_Y + 12       # below the spectrum pads and POWER labels
    assert HELP_BOX.rect.bottom == 240 and HELP_BOX.lines >= 5


def window_texts(sc) -> list[str]:
    return [line if isinstance(line, str) else line[0] for line in _lines(sc)]


def test_the_convert_warning_goes_as_soon_as_another_spell_or_action_is_highlighted():
    _ctx, sc = human_scene()
    settle(sc)
    s = sc.state
    s.board[s.wiz[0]] = R.RED                        # Red on its own colour: Convert warns
    sc.update(press(Action.DOWN))                    # CAST
    sc.update(press(Action.FIRE))
    sc.update(press(Action.FIRE))                    # CONVERT
    warning = "YOUR PAD TURNS VIOLET: FIRE AGAIN"
    assert window_texts(sc)[3] == warning
    sc.update(press(Action.DOWN))                    # TELEPORT
    assert warning not in window_texts(sc)
    sc.update(press(Action.UP))                      # back on CONVERT: no warning until FIRE
    assert warning not in window_texts(sc)
    sc.update(press(Action.FIRE))
    assert window_texts(sc)[3] == warning and s.board[s.wiz[0]] == R.RED


def test_no_warning_follows_the_player_back_to_the_action_list_or_onto_resign():
    _ctx, sc = human_scene()
    settle(sc)
    s = sc.state
    s.board[s.wiz[0]] = R.RED
    sc.update(press(Action.DOWN))
    sc.update(press(Action.FIRE))                    # the spell list
    sc.update(press(Action.FIRE))                    # CONVERT warns
    sc.phase, sc.spell_index = "spells", T.SPELLS.index("NO SPELL")   # jump, no stick move
    sc.update(press(Action.FIRE))                    # NO SPELL: back to the actions
    assert sc.phase == "actions" and window_texts(sc)[3] == ""
    sc.update(press(Action.UP))
    sc.update(press(Action.UP))                      # RESIGN
    assert T.ACTIONS[sc.menu_index] == "RESIGN" and window_texts(sc)[3] == ""
    sc.update(press(Action.DOWN))
    sc.update(press(Action.DOWN))
    sc.update(press(Action.FIRE))                    # CAST, and CONVERT asks again
    sc.update(press(Action.FIRE))
    assert "FIRE AGAIN" in window_texts(sc)[3] and s.board[s.wiz[0]] == R.RED


def test_the_resign_question_goes_when_the_stick_moves_on():
    _ctx, sc = human_scene()
    settle(sc)
    sc.update(press(Action.UP))                      # RESIGN
    sc.update(press(Action.FIRE))
    assert window_texts(sc)[3] == "FIRE AGAIN TO RESIGN"
    sc.update(press(Action.UP))                      # HELP ME
    assert window_texts(sc)[3] == ""
    sc.update(press(Action.DOWN))
    sc.update(press(Action.FIRE))                    # one FIRE on RESIGN only asks again
    assert not sc.state.over and window_texts(sc)[3] == "FIRE AGAIN TO RESIGN"
    for _ in range(3):
        sc.update(EMPTY_FRAME)
    assert window_texts(sc)[3] == "FIRE AGAIN TO RESIGN"


def every_message() -> list[str]:
    """Each message the window's last line can show, with the widest numbers the game reaches."""
    big = 99
    events = [("fail", 0, "convert"), ("locked_pad", 0), ("pass", 1, True), ("pass", 1, False),
              ("turn_end", big, big, big), ("resign", 1)]
    events += [("refused", 0, reason, big) for reason in ("too far", "ignition", "no lock", "no locks", "cost")]
    texts = [T.event_message(ev)[0] for ev in events]
    texts += [f"{R.PLAYER_NAMES[p]} CASTS {T.action_name((kind,))}" for p in (0, 1)
              for kind in T.SPELL_ACTIONS.values()]
    texts += [f"{R.PLAYER_NAMES[1]}: {T.action_name((kind,))}" for kind in ("move", "teleport", "release")]
    texts += ["BLITZ SPREADS: WAVE 99", "FIRE AGAIN TO RESIGN", "YOUR PAD TURNS VIOLET: FIRE AGAIN",
              "YOUR PAD TURNS RED: FIRE AGAIN", "OFF THE BOARD", "CANCELLED", T.player_line(1, 999)[0]]
    return texts


def test_every_message_fits_the_text_window():
    room = WINDOW.rect.w - 8
    for text in every_message():
        assert text_width(text) <= room, text
