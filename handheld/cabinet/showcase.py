"""Every screen of the cabinet itself for `handheld screenshot menu:<name>` and
`make screens`: title, menu and a menu card per game, settings, admin,
input-test, control mapping, how-to-play per game, records, and the pause and
end menus over each game's match. The games' own screens come from their
showcase.screenshot_scenes()."""

from __future__ import annotations

from handheld.base.actions import EMPTY_FRAME, Action, frame_from_masks, tapped

CARD_WARMUP_TICKS = 240        # the miniature has started and drawn a few frames


def _with_sample_records(ctx):
    from handheld.base.records import sample_records

    if ctx.records is None:
        ctx.records = sample_records()
    return ctx


def _menu_card(game_id: str):
    def make(ctx, seed):
        from handheld.cabinet.launcher import MenuScene

        menu = MenuScene(_with_sample_records(ctx), highlight=game_id)
        for _ in range(CARD_WARMUP_TICKS):
            menu.update(EMPTY_FRAME)
        return menu
    return make


def _quit_question(ctx, seed):
    from handheld.cabinet.launcher import MenuScene

    menu = MenuScene(ctx)
    menu.update(tap(Action.UP))
    menu.update(tap(Action.FIRE))
    return menu


def _fake_input_manager(ctx):
    """An input manager over one fake USB pad (the hardware edge) plus the keyboard."""
    from handheld.input.fakes import FakeInputDevice, gamepad_caps
    from handheld.input.manager import InputManager

    pad = FakeInputDevice("/dev/input/event5", "USB Gamepad (8BitDo SN30 Pro)", "usb-0000:01:00.0-1.1/input0",
                          gamepad_caps())
    manager = InputManager(ctx.settings, opener={pad.path: pad}.__getitem__, lister=lambda: [pad.path],
                           environ={})
    manager.poll()
    return manager


def _input_test(ctx, seed):
    from handheld.cabinet.inputtest import InputTestScene

    return InputTestScene(ctx, _fake_input_manager(ctx))


def _mapping(ctx, seed):
    from handheld.cabinet.mapping import MappingScene

    return MappingScene(ctx, _fake_input_manager(ctx))


def _how_to_play(game_id: str):
    def make(ctx, seed):
        from handheld.games.registry import load_game
        from handheld.cabinet.launcher import how_to_play_panels
        from handheld.ui.howto import HowToScene

        game = load_game(game_id)
        return HowToScene(ctx, game.title, how_to_play_panels(game))
    return make


def _match_menu(game_id: str, kind: str):
    """The pause menu over a match a second in, or the end-of-match menu over a
    whole match the computers played to its end (its result on the board)."""
    def make(ctx, seed):
        from handheld.games.registry import load_game
        from handheld.runtime.match import MatchRunner

        game = load_game(game_id)
        if kind == "pause":
            runner = MatchRunner(ctx, game, {}, seed)
            for _ in range(90):
                runner.update(EMPTY_FRAME)
            runner._open_menu(kind)
            return runner
        runner = MatchRunner(ctx, game, dict(game.computer_options), seed)
        for _ in range(WHOLE_MATCH_TICKS):
            if runner.menu_kind == "end":
                return runner
            runner.update(EMPTY_FRAME)
        raise RuntimeError(f"{game_id}: the computers' match with seed {seed} did not end in {WHOLE_MATCH_TICKS} ticks")
    return make


WHOLE_MATCH_TICKS = 400_000     # ~2 h of game time; the five games' demos end in 7,000-34,000


def tap(action: int):
    """One tick's frame: player 1 presses `action`."""
    return frame_from_masks(tapped(action))


def _initials(ctx, seed):
    """[fleet] initials: the winner of a sphinx match halfway through typing JO."""
    from handheld.fleet.initials import InitialsScene

    runner = _match_menu("sphinx", "end")(ctx, seed)
    ctx.director.push(runner)
    scene = InitialsScene(ctx, lambda initials: None, below=runner)
    for action in [Action.UP] * 10 + [Action.RIGHT] + [Action.DOWN] * 12 + [Action.RIGHT]:
        scene.update(tap(action))
        scene.update(EMPTY_FRAME)
    return scene


def _room(ctx, seed):
    """The room's table in an event fleet, three cabinets' wins."""
    from handheld.cabinet.room_table import RoomScene
    from handheld.fleet import messages
    from handheld.fleet.room import RoomTable

    ctx.room = RoomTable()
    wins = [("cab-1", "sphinx", "strong", 4200, "JOE"), ("cab-2", "sphinx", "strong", 2650, "ANN"),
            ("cab-2", "atom4", "normal", 5400, None), ("cab-3", "archon", "easy", 9100, "KIM")]
    for i, (cabinet, game, level, ticks, initials) in enumerate(wins):
        report = {"game": game, "ticks": ticks, "records": {"level": level, "human_won": True}}
        ctx.room.add(messages.result_from_report(report, cabinet, initials, now=1_700_000_000 + i))
    return RoomScene(ctx)


def launcher_scenes() -> dict:
    """The cabinet scenes `handheld bench` times."""
    from handheld.cabinet.attract import AttractScene
    from handheld.cabinet.launcher import MenuScene, TitleScene
    from handheld.cabinet.records_table import RecordsScene

    return {"main": lambda ctx, seed: MenuScene(ctx), "title": lambda ctx, seed: TitleScene(ctx),
            "records": lambda ctx, seed: RecordsScene(ctx, auto=True),
            "attract": lambda ctx, seed: AttractScene(ctx)}


def cabinet_scenes() -> dict:
    from handheld.games.registry import built_games
    from handheld.cabinet.records_table import RecordsScene
    from handheld.cabinet.settings_scene import AdminScene, SettingsScene

    out = dict(launcher_scenes())
    games = built_games()
    out["main"] = _menu_card(games[0].id) if games else out["main"]
    out["quit-question"] = _quit_question
    for g in games:
        out[f"card-{g.id}"] = _menu_card(g.id)
    out["settings"] = lambda ctx, seed: SettingsScene(ctx)
    out["admin"] = lambda ctx, seed: AdminScene(ctx)
    out["input-test"] = _input_test
    out["mapping"] = _mapping
    out["records"] = lambda ctx, seed: RecordsScene(_with_sample_records(ctx))
    out["records-empty"] = lambda ctx, seed: RecordsScene(ctx)
    out["room"] = _room
    out["initials"] = _initials
    for g in games:
        out[f"howto-{g.id}"] = _how_to_play(g.id)
    for g in games:
        out[f"pause-{g.id}"] = _match_menu(g.id, "pause")
        out[f"end-{g.id}"] = _match_menu(g.id, "end")
    from handheld.cabinet.resume_offer import showcase_scenes as resume_scenes
    out.update(resume_scenes())
    from handheld.cabinet.link_showcase import link_scenes
    out.update(link_scenes())
    return out
