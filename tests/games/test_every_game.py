"""What the cabinet relies on from every built game, checked the same way for all."""

import json

import pytest

from conftest import game_ids

from handheld.tools.cli import main as cli_main
from handheld.runtime.context import Context
from handheld.games.registry import load_game
from handheld.base.frames import FrameBuilder
from handheld.runtime.match import MatchRunner
from handheld.games.playback import run_replay
from handheld.runtime.replay import Replay
from handheld.runtime.rng import Rng

BUILT = game_ids()


def test_registry_ids_match_packages():
    for game_id in BUILT:
        game = load_game(game_id)
        assert game.id == game_id and game.title and game.min_players <= game.max_players


@pytest.mark.parametrize("game_id", BUILT)
def test_selfplay_json_is_identical_for_the_same_seed(game_id, capsys):
    # seed 4: Atom-4's round on seed 3 ran to its 254-turn limit (27 s a run here)
    outs = []
    for _ in range(2):
        assert cli_main(["selfplay", game_id, "--seed", "4", "--json"]) == 0
        data = json.loads(capsys.readouterr().out)
        data.pop("seconds")
        outs.append(data)
    assert outs[0] == outs[1]
    assert {"game", "seed", "winner", "turns", "ticks", "state_hash"} <= set(outs[0])


def _mash(seed: int, ticks: int):
    """A kid at the controls: random presses and holds on two sticks (never START)."""
    rng = Rng(seed)
    held = [0, 0]
    for _ in range(ticks):
        raw = []
        for p in range(2):
            before = held[p]
            if rng.chance(1, 6):
                held[p] = rng.randrange(64)   # UP..ALT bits, no START/SELECT
            pressed = held[p] & ~before
            released = before & ~held[p]
            raw.append((held[p], pressed, released))
        yield raw + [(0, 0, 0), (0, 0, 0)]


@pytest.mark.parametrize("game_id", BUILT)
def test_a_mashed_match_replays_to_the_same_state(game_id, tmp_path):
    game = load_game(game_id)
    ctx = Context.headless_context(seed=11)
    ctx.data_dir = str(tmp_path)
    options = {}
    runner = MatchRunner(ctx, game, options, seed=11)
    ctx.director.push(runner)
    builder = FrameBuilder()
    for raw in _mash(5, 1500):
        if ctx.director.top is not runner or runner.menu is not None:
            break
        runner.update(builder.step(raw))
    runner.replay.state_hash = runner.match.state_hash()
    path = tmp_path / "r.json"
    runner.replay.save(path)
    again = run_replay(Replay.load(path))
    assert again.state_hash() == runner.replay.state_hash
    assert cli_main(["replay", str(path), "--verify"]) == 0


@pytest.mark.parametrize("game_id", BUILT)
def test_screenshot_scenes_draw_something(game_id, tmp_path):
    import pygame

    game = load_game(game_id)
    scenes = game.screenshot_scenes()
    assert scenes, "every game offers at least one screenshot scene"
    for name in scenes:
        out = tmp_path / f"{name}.png"
        assert cli_main(["screenshot", f"{game_id}:{name}", "--ticks", "30", "--out", str(out)]) == 0
        img = pygame.image.load(str(out))
        colours = {tuple(img.get_at((x, y))) for x in range(0, 320, 8) for y in range(0, 240, 8)}
        assert len(colours) >= 3, f"{game_id}:{name} looks blank"


@pytest.mark.parametrize("game_id", BUILT)
def test_demo_runs_without_input_and_changes_the_picture(game_id):
    import pygame

    from handheld.display.base import logical_surface
    from handheld.base.actions import EMPTY_FRAME

    game = load_game(game_id)
    ctx = Context.headless_context(seed=2)
    demo = game.demo_scene(ctx, 2)
    surf = logical_surface()
    demo.draw(surf)
    first = pygame.image.tostring(surf, "RGB")
    for _ in range(600):
        demo.update(EMPTY_FRAME)
        if demo.finished:
            break
    demo.draw(surf)
    assert pygame.image.tostring(surf, "RGB") != first, "ten seconds of demo and nothing moved"


@pytest.mark.parametrize("game_id", BUILT)
def test_start_scene_survives_button_mashing(game_id):
    """From the game's first screen, random input for 20 s: it must never crash
    the cabinet (matches started from it run in the shared runner)."""
    game = load_game(game_id)
    ctx = Context.headless_context(seed=4)
    ctx.director.push(game.start_scene(ctx))
    builder = FrameBuilder()
    from handheld.display.base import logical_surface
    import pygame

    surf = logical_surface()
    pictures = set()
    for i, raw in enumerate(_mash(9, 1200)):
        if ctx.director.top is None:   # ALT backed out to the menu: the kid picks the game again
            ctx.director.push(game.start_scene(ctx))
        ctx.director.top.update(builder.step(raw))
        if i % 10 == 0 and ctx.director.top is not None:
            ctx.director.top.draw(surf)
            pictures.add(hash(pygame.image.tostring(surf, "RGB")))
    assert len(pictures) > 1, "the screen never responded to the controls"
