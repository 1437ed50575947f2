import os
import tomllib

from handheld import TICK_HZ
from handheld.cabinet.app import Cabinet, parse_combo
from handheld.cabinet.attract import AttractScene
from handheld.audio import NullAudio
from handheld.base.config import Config
from handheld.display.headless import HeadlessDisplay
from handheld.base.actions import Action
from handheld.input.manager import InputManager
from handheld.cabinet.launcher import MenuScene, TitleScene
from handheld.cabinet.settings_scene import AdminScene, SettingsScene


def cabinet(tmp_path, kiosk=False, **settings):
    path = tmp_path / "h.toml"
    sections: dict = {}
    for key, value in settings.items():
        section, name = key.split("__")
        sections.setdefault(section, []).append(f"{name} = {value}")
    path.write_text("".join(f"[{s}]\n" + "\n".join(v) + "\n" for s, v in sections.items()))
    cfg = Config.load(path, boot_path=None)
    cab = Cabinet(HeadlessDisplay(), InputManager(cfg), NullAudio(), cfg, kiosk=kiosk, seed=5)
    return cab


def tap(cab, action, player=0, hold_ticks=1):
    cab.input.raw.press(player, action, "test")
    for _ in range(hold_ticks):
        cab.tick()
    cab.input.raw.release(player, action, "test")
    cab.tick()


def idle(cab, ticks):
    for _ in range(ticks):
        cab.tick()


def test_title_to_menu_and_navigation(tmp_path):
    cab = cabinet(tmp_path)
    assert isinstance(cab.director.top, TitleScene)
    tap(cab, Action.FIRE)
    menu = cab.director.top
    assert isinstance(menu, MenuScene) and menu.menu.index == 0
    tap(cab, Action.DOWN)
    tap(cab, Action.DOWN)
    assert menu.menu.index == 2
    tap(cab, Action.UP, player=1)  # any player drives the menu
    assert menu.menu.index == 1
    _to_item(cab, menu, "SETTINGS")
    tap(cab, Action.ALT)                         # ALT off a game card: back to the title
    assert isinstance(cab.director.top, TitleScene)


def test_unbuilt_game_says_coming_soon_instead_of_starting(tmp_path, monkeypatch):
    from handheld.games import registry
    from handheld.games.base import ComingSoon

    monkeypatch.setitem(registry._loaded, "archon", ComingSoon("archon", "Archon"))
    cab = cabinet(tmp_path)
    tap(cab, Action.FIRE)
    tap(cab, Action.FIRE)
    assert isinstance(cab.director.top, MenuScene)
    assert cab.director.top.message == "ARCHON: COMING SOON"


def test_settings_toggle_sound_saves_atomically(tmp_path):
    cab = cabinet(tmp_path)
    tap(cab, Action.FIRE)
    menu = cab.director.top
    for _ in range(len(menu.menu.items) - 2):  # down to SETTINGS
        tap(cab, Action.DOWN)
    assert menu.menu.items[menu.menu.index] == "SETTINGS"
    tap(cab, Action.FIRE)
    assert isinstance(cab.director.top, SettingsScene)
    tap(cab, Action.FIRE)                       # SOUND ON -> OFF
    tap(cab, Action.DOWN)
    tap(cab, Action.LEFT)                       # VOLUME 80 -> 70
    saved = tomllib.loads((tmp_path / "h.toml").read_text())
    assert saved == {"sound": {"enabled": False, "volume": 70}}


def test_attract_starts_after_idle_timeout_and_stops_on_input(tmp_path):
    cab = cabinet(tmp_path, cabinet__attract_after_s=10)
    idle(cab, 10 * TICK_HZ - 1)
    assert isinstance(cab.director.top, TitleScene)
    idle(cab, 1)
    assert isinstance(cab.director.top, AttractScene)
    idle(cab, 30)
    tap(cab, Action.FIRE, player=1)
    assert isinstance(cab.director.top, TitleScene)


def test_input_resets_the_idle_timer(tmp_path):
    cab = cabinet(tmp_path, cabinet__attract_after_s=10)
    idle(cab, 9 * TICK_HZ)
    tap(cab, Action.LEFT)
    idle(cab, 9 * TICK_HZ)
    assert isinstance(cab.director.top, TitleScene)


def test_kiosk_has_no_quit_and_admin_combo_must_be_held(tmp_path):
    cab = cabinet(tmp_path, kiosk=True, cabinet__admin_hold_s=2)
    tap(cab, Action.FIRE)
    assert "QUIT" not in cab.director.top.menu.items
    combo = parse_combo("START+SELECT+FIRE")
    cab.input.raw.press(0, combo, "test")
    idle(cab, 2 * TICK_HZ - 2)
    assert not isinstance(cab.director.top, AdminScene)
    idle(cab, 2)
    assert isinstance(cab.director.top, AdminScene)


def test_kiosk_idle_game_returns_to_title(tmp_path):
    cab = cabinet(tmp_path, kiosk=True, cabinet__idle_return_s=10, cabinet__attract_after_s=600)
    tap(cab, Action.FIRE)
    cab.director.push(SettingsScene(cab.ctx))   # somewhere deep in the cabinet
    idle(cab, 10 * TICK_HZ)
    assert len(cab.director.scenes) == 1 and isinstance(cab.director.top, TitleScene)


def test_window_close_quits_except_in_kiosk(tmp_path):
    import pygame

    class ClosingDisplay(HeadlessDisplay):
        def events(self):
            return [pygame.event.Event(pygame.QUIT)]

    for kiosk, expected in ((False, True), (True, False)):
        cab = cabinet(tmp_path, kiosk=kiosk)
        cab.display = ClosingDisplay()
        cab.tick()
        assert cab.quit_requested is expected


def test_presented_frame_shows_the_menu(tmp_path):
    cab = cabinet(tmp_path)
    tap(cab, Action.FIRE)
    cab.render()
    frame = cab.display.last
    from handheld.ui.palette import rgb
    assert frame.get_at((1, 1))[:3] == rgb("night")      # title bar
    assert frame.get_at((160, 100))[:3] != (0, 0, 0)


# --- the menu (issue 17) ---------------------------------------------------------

def _to_item(cab, menu, name):
    while menu.menu.items[menu.menu.index] != name:
        tap(cab, Action.DOWN)


def test_quit_asks_once_and_moving_away_cancels(tmp_path):
    cab = cabinet(tmp_path)
    tap(cab, Action.FIRE)
    menu = cab.director.top
    tap(cab, Action.UP)                          # from the top the highlight wraps to QUIT
    assert menu.menu.items[menu.menu.index] == "QUIT"
    tap(cab, Action.FIRE)
    assert not cab.quit_requested and menu.message == "FIRE AGAIN TO QUIT"
    tap(cab, Action.UP)
    tap(cab, Action.DOWN)
    tap(cab, Action.FIRE)
    assert not cab.quit_requested, "moving away cancels the question"
    tap(cab, Action.FIRE)
    assert cab.quit_requested


def test_kiosk_menu_has_no_quit_even_by_wrapping(tmp_path):
    cab = cabinet(tmp_path, kiosk=True)
    tap(cab, Action.FIRE)
    menu = cab.director.top
    tap(cab, Action.UP)
    assert menu.menu.items[menu.menu.index] == "SETTINGS"
    assert "QUIT" not in menu.menu.items


def test_leaving_a_game_returns_to_the_menu_with_that_game_highlighted(tmp_path):
    from handheld.games.registry import load_game

    cab = cabinet(tmp_path)
    tap(cab, Action.FIRE)
    menu = cab.director.top
    _to_item(cab, menu, "ATOM-4")
    tap(cab, Action.FIRE)                         # the game's options screen
    assert not isinstance(cab.director.top, MenuScene)
    runner = cab.ctx.start_match(load_game("atom4"), {"players": 1})
    tap(cab, Action.START)                        # pause: RESUME, RESTART, QUIT TO MENU
    tap(cab, Action.UP)
    tap(cab, Action.FIRE)                         # QUIT? NO, PLAY ON / YES, QUIT
    assert cab.director.top is runner and runner.menu.items[runner.menu.index] == "NO, PLAY ON"
    tap(cab, Action.DOWN)
    tap(cab, Action.FIRE)
    assert cab.director.top is menu and menu.menu.items[menu.menu.index] == "ATOM-4"
    assert runner not in cab.director.scenes and isinstance(cab.director.scenes[0], TitleScene)


def test_cabinet_opened_on_a_game_highlights_it_in_the_menu(tmp_path):
    cfg = Config.load(tmp_path / "none.toml", boot_path=None)
    cab = Cabinet(HeadlessDisplay(), InputManager(cfg), NullAudio(), cfg, first_game="sphinx", seed=1)
    cab.ctx.back_to_menu()
    assert isinstance(cab.director.top, MenuScene) and cab.director.top.game.id == "sphinx"


def test_alt_on_a_game_card_opens_its_how_to_play(tmp_path):
    from handheld.ui.howto import HowToScene

    cab = cabinet(tmp_path)
    tap(cab, Action.FIRE)
    menu = cab.director.top
    tap(cab, Action.DOWN)
    tap(cab, Action.ALT)
    card = cab.director.top
    assert isinstance(card, HowToScene) and card.title == menu.game.title
    tap(cab, Action.ALT)
    assert cab.director.top is menu


def test_a_finished_match_is_counted_in_the_records_file_and_shown_on_the_card(tmp_path, monkeypatch):
    from handheld.games.registry import load_game
    from handheld.base.records import Records

    monkeypatch.setenv("HANDHELD_STATE_DIR", str(tmp_path / "state"))
    cfg = Config.load(tmp_path / "none.toml", boot_path=None)
    cab = Cabinet(HeadlessDisplay(), InputManager(cfg), NullAudio(), cfg, seed=1, data_dir=tmp_path / "state")
    tap(cab, Action.FIRE)
    menu = cab.director.top
    runner = cab.ctx.start_match(load_game("atom4"), {"players": 1, "level": "easy", "rounds": 1})
    runner.match.finished = True
    runner.match.result = {"winner": 1, "text": "WHITE (P1) WINS 1-0",
                           "records": {"level": "easy", "human_won": True}}
    runner._finish()
    runner.ctx.back_to_menu()
    saved = Records.load(tmp_path / "state").of("atom4")
    assert saved.levels["easy"].won == 1
    _to_item(cab, menu, "ATOM-4")
    assert ("EASY 1 WON 0 LOST", "white") in menu.records


def test_attract_order_how_to_play_then_demo_and_the_records_table_after_each_round(monkeypatch):
    from handheld.runtime.context import Context
    from handheld.games.registry import built_games
    from handheld.base.actions import EMPTY_FRAME

    games = built_games()
    monkeypatch.setattr(type(games[2]), "how_to_play", lambda self: [])   # a game with no card is skipped
    ctx = Context.headless_context(seed=2)
    attract = AttractScene(ctx, demo_seconds=1)
    for _ in range(60 * 120):
        attract.update(EMPTY_FRAME)
        if len(attract.steps) > 2 * len(games) + 3:
            break
    ids = [g.id for g in games]
    card = lambda i: [] if i == ids[2] else [("howto", i)]
    expected = [("demo", ids[0])]
    for i in ids[1:]:
        expected += card(i) + [("demo", i)]
    expected += [("records", None)] + card(ids[0]) + [("demo", ids[0])]
    assert attract.steps[:len(expected)] == expected


def test_admin_reset_records_asks_once_then_empties_the_file(tmp_path):
    from handheld.base.records import Records

    cfg = Config.load(tmp_path / "none.toml", boot_path=None)
    cab = Cabinet(HeadlessDisplay(), InputManager(cfg), NullAudio(), cfg, kiosk=True, seed=1, data_dir=tmp_path)
    cab.ctx.records.add("sphinx", "strong", True, 900)
    admin = AdminScene(cab.ctx)
    cab.director.push(admin)
    tap(cab, Action.DOWN)
    tap(cab, Action.DOWN)
    assert admin.menu.items[admin.menu.index] == "RESET RECORDS"
    tap(cab, Action.FIRE)
    assert Records.load(tmp_path).of("sphinx").played == 1 and "FIRE AGAIN" in admin.message
    tap(cab, Action.FIRE)
    assert Records.load(tmp_path).games == {} and admin.message == "RECORDS RESET"


def test_every_cabinet_screen_renders_and_is_not_blank():

    from handheld.display.base import logical_surface
    from handheld.tools.screenshot import make_scene, scene_factories

    names = scene_factories("menu")
    for required in ("title", "main", "settings", "admin", "input-test", "mapping", "records",
                     "howto-sphinx", "card-archon", "pause-chamber", "end-atom4", "quit-question"):
        assert required in names
    surface = logical_surface()
    for name in names:
        if name == "attract":
            continue
        scene, ctx = make_scene(f"menu:{name}", 1)
        (ctx.director.top or scene).draw(surface)
        colours = {tuple(surface.get_at((x, y)))[:3] for x in range(0, 320, 7) for y in range(0, 240, 7)}
        assert len(colours) >= 4, f"menu:{name} looks empty"


def test_menu_card_shows_the_demo_miniature_once_the_highlight_rests():
    from handheld.runtime.context import Context
    from handheld.display.base import logical_surface
    from handheld.base.actions import EMPTY_FRAME
    from handheld.cabinet.launcher import CARD_X
    from handheld.ui.palette import rgb

    ctx = Context.headless_context(seed=1)
    menu = MenuScene(ctx, highlight="spectral")
    surface = logical_surface()
    menu.update(EMPTY_FRAME)
    menu.draw(surface)
    assert surface.get_at((CARD_X + 80, 40))[:3] == rgb("night"), "blank before the demo starts"
    for _ in range(30):
        menu.update(EMPTY_FRAME)
    menu.draw(surface)
    thumb = {tuple(surface.get_at((CARD_X + x, 18 + y)))[:3] for x in range(0, 160, 5) for y in range(0, 120, 5)}
    assert len(thumb) > 8, "the miniature shows the demo's picture"


def test_input_test_device_line_fits_the_screen():
    from handheld.cabinet.inputtest import device_line
    from handheld.ui.text import text_width

    text, _ = device_line({"player": None, "kind": "keyboard", "name": "keyboard (display window)",
                           "rate": 120, "events": 3})
    assert "(DISPLAY WINDOW)" in text.upper() and text_width(text, "small") <= 316


def test_sound_opened_after_the_first_frame_keeps_what_the_scenes_registered(tmp_path):
    # the runner draws the title with silent audio, then opens the sound device: a game
    # opened straight away (--game) registered its bank on the silent one already
    cfg = Config.load(tmp_path / "none.toml", boot_path=None)
    cab = Cabinet(HeadlessDisplay(), InputManager(cfg), NullAudio(), cfg, first_game="sphinx", seed=1)
    before = set(cab.audio.names)
    game_sounds = sorted(n for n in before if n.startswith("sphinx."))
    assert game_sounds
    opened = NullAudio()
    cab.use_audio(opened)
    assert set(opened.names) == before and cab.ctx.audio is opened and cab.audio is opened
    cab.ctx.audio.play(game_sounds[0])
    assert opened.played == [game_sounds[0]] and os.path.isfile(opened.files[game_sounds[0]])


def test_a_sound_card_that_comes_later_is_played_through_within_a_second(tmp_path):
    import pygame

    from handheld.audio import Audio
    from handheld.audio.watch import SoundWatcher

    sys_sound, dev_snd = tmp_path / "class" / "sound", tmp_path / "snd"
    sys_sound.mkdir(parents=True)
    dev_snd.mkdir()
    cab = cabinet(tmp_path)
    cab.audio.register("ui.move", tmp_path / "move.wav")
    cab.watch_for_sound(SoundWatcher(Audio.open, sys_sound=sys_sound, dev_snd=dev_snd))
    idle(cab, 2 * TICK_HZ)
    assert type(cab.audio) is NullAudio, "no card: still silent"
    card = sys_sound / "card0"               # a USB card registers, udev makes its node
    card.mkdir()
    (card / "id").write_text("Device\n")
    (dev_snd / "controlC0").touch()
    try:
        idle(cab, TICK_HZ)
        assert isinstance(cab.audio, Audio) and cab.ctx.audio is cab.audio
        assert "ui.move" in cab.audio.names and cab.sound_watcher is None
    finally:
        pygame.mixer.quit()


def test_the_records_table_opens_from_the_menu_and_fire_comes_back(tmp_path):
    from handheld.cabinet.records_table import RecordsScene

    cab = cabinet(tmp_path)
    tap(cab, Action.FIRE)
    menu = cab.director.top
    assert "ROOM RECORDS" not in menu.menu.items, "only a cabinet in an event fleet has a room"
    _to_item(cab, menu, "RECORDS")
    assert menu.menu.items.index("RECORDS") >= len(menu.games)      # below the games
    tap(cab, Action.FIRE)
    assert isinstance(cab.director.top, RecordsScene) and not cab.director.top.auto
    idle(cab, 20 * TICK_HZ)
    assert isinstance(cab.director.top, RecordsScene), "opened from the menu, it stays until a press"
    tap(cab, Action.FIRE)
    assert cab.director.top is menu and menu.menu.items[menu.menu.index] == "RECORDS"


def test_a_cabinet_in_a_fleet_also_opens_the_rooms_table(tmp_path):
    from handheld.cabinet.room_table import RoomScene
    from handheld.fleet.room import RoomTable

    cab = cabinet(tmp_path)
    cab.ctx.room = RoomTable()
    tap(cab, Action.FIRE)
    menu = cab.director.top
    _to_item(cab, menu, "ROOM RECORDS")
    tap(cab, Action.FIRE)
    assert isinstance(cab.director.top, RoomScene)
    tap(cab, Action.ALT)
    assert cab.director.top is menu
