import pygame
import pytest

from handheld.runtime.context import Context
from handheld.games.sphinx import GAME, ai, layout
from handheld.games.sphinx.match import SLICE_NODES, MatchScene, normalise
from handheld.games.sphinx.options import OptionsScene
from handheld.games.sphinx.phases import AIM, FALL, ROUND_OVER, THINK, WON
from handheld.games.sphinx.showcase import bench_scenes, preset
from handheld.base.actions import EMPTY_FRAME, Action, frame_from_masks
from handheld.ui.palette import rgb


def press(action, player=0):
    masks = [(0, 0, 0, 0)] * 4
    masks[player] = (int(action), int(action), 0, int(action))
    return frame_from_masks(*masks)


def run(scene, ticks, frame=EMPTY_FRAME):
    for _ in range(ticks):
        scene.update(frame)


def drop(scene, col):
    """Slide the human's piece to `col` and drop it; returns when it has landed."""
    while scene.cursor != col:
        scene.update(press(Action.RIGHT if col > scene.cursor else Action.LEFT))
    scene.update(press(Action.FIRE))
    assert scene.phase == FALL
    n = len(scene.board.moves)
    for _ in range(60):
        scene.update(EMPTY_FRAME)
        if len(scene.board.moves) > n:
            return
    raise AssertionError("piece never landed")


@pytest.fixture
def ctx():
    return Context.headless_context(seed=3)


def test_options_start_a_match_with_the_chosen_settings(ctx):
    started = []
    ctx.start_match = lambda game, options, seed=None: started.append((game, options))
    scene = OptionsScene(ctx, GAME)
    scene.update(press(Action.UP))            # rounds
    scene.update(press(Action.RIGHT))         # one game -> best of 3
    scene.update(press(Action.RIGHT))         # best of 5
    scene.update(press(Action.UP))            # first move
    scene.update(press(Action.RIGHT))         # computer
    scene.update(press(Action.UP))            # level
    scene.update(press(Action.RIGHT))         # classic -> strong
    scene.update(press(Action.RIGHT))         # strong -> perfect
    scene.update(press(Action.DOWN))
    scene.update(press(Action.DOWN))
    scene.update(press(Action.DOWN))          # back on START
    scene.update(press(Action.FIRE))
    assert started == [(GAME, {"mode": "cpu", "level": "perfect", "first": "computer", "rounds": 5})]
    assert normalise(started[0][1])["pyramid"] == "perfect"


def test_options_two_players_skip_the_computer_rows(ctx):
    scene = OptionsScene(ctx, GAME)
    for _ in range(4):
        scene.update(press(Action.UP))        # to PLAYERS
    scene.update(press(Action.RIGHT))         # two players
    scene.update(press(Action.DOWN))          # skips COMPUTER and FIRST MOVE
    assert scene.row == 3
    assert scene.options() == {"mode": "two", "first": "sphinx", "rounds": 1}
    scene.update(press(Action.ALT))


def test_bad_options_name_the_fix():
    with pytest.raises(ValueError, match="rounds=4: choose 1, 3 or 5"):
        normalise({"rounds": 4})
    with pytest.raises(ValueError, match="level='genius'"):
        normalise({"level": "genius"})


def test_slide_and_drop_with_fall_animation(ctx):
    scene = MatchScene(ctx, 1, {"mode": "two"})
    assert scene.phase == AIM and scene.cursor == 3
    scene.update(press(Action.RIGHT))
    assert scene.cursor == 4 and "sphinx.slide" in ctx.audio.played
    x0 = scene.slide_x
    run(scene, 5)
    assert scene.slide_x == layout.slider_x(7, 4) and scene.slide_x > x0
    scene.update(press(Action.FIRE))
    assert scene.phase == FALL and scene.board.moves == []
    ys = []
    while not scene.board.moves:
        scene.update(EMPTY_FRAME)
        ys.append(scene.fall_y)
    assert ys == sorted(ys) and len(ys) > 5 and ys[-1] == layout.cell_xy(7, 7, 4, 0)[1]
    assert ys[2] - ys[1] > ys[1] - ys[0]          # it accelerates
    assert scene.board.moves == [4] and "sphinx.drop" in ctx.audio.played
    assert scene.piece_to_move() == "pyramid"


def test_full_column_is_refused_with_a_message(ctx):
    scene = preset(MatchScene(ctx, 1, {"mode": "two"}), [3, 3, 3, 3, 3, 3, 3])
    scene.update(press(Action.FIRE))
    assert scene.phase == AIM and scene.message == "COLUMN 4 IS FULL" and "sphinx.nope" in ctx.audio.played
    assert len(scene.board.moves) == 7


def test_computer_thinks_across_ticks_with_indicator(ctx):
    scene = MatchScene(ctx, 5, {"mode": "cpu", "level": "strong", "first": "you"})
    drop(scene, 3)
    assert scene.phase == THINK
    scene.update(EMPTY_FRAME)
    surface = pygame.Surface((320, 240))
    scene.draw(surface)
    dots = [surface.get_at((280 - 7 + i * 5, 126))[:3] for i in range(3)]
    assert all(d in (rgb("gold"), rgb("slate")) for d in dots)
    ticks = 1
    while scene.phase == THINK:
        scene.update(EMPTY_FRAME)
        ticks += 1
    assert ticks > 20                              # spread over many ticks, not one frozen frame
    while scene.phase != AIM:
        scene.update(EMPTY_FRAME)
    assert len(scene.board.moves) == 2


def test_the_prover_bench_scene_thinks_a_whole_slice_in_every_frame_bench_times(ctx):
    """`handheld bench`'s sphinx:prover times the dearest frame the cabinet
    draws: the Prover's biggest slice in every one of its 630 frames."""
    scene = bench_scenes(GAME)["prover"](ctx, 1)
    slice_nodes = SLICE_NODES * ai.SLICE_SCALE["perfect"]
    for _ in range(630):
        scene.update(EMPTY_FRAME)
        assert scene.phase == THINK
        assert scene.thinker.last_nodes >= slice_nodes


def test_match_is_deterministic_from_seed_and_inputs(ctx):
    def play():
        c = Context.headless_context(seed=3)
        scene = MatchScene(c, 9, {"mode": "cpu", "level": "classic", "first": "you"})
        for col in (3, 2, 4):
            while scene.phase != AIM:
                scene.update(EMPTY_FRAME)
            drop(scene, col)
        run(scene, 100)
        return scene.state_hash(), list(scene.board.moves)
    assert play() == play()


def test_winning_four_blinks_and_score_carries_to_next_round(ctx):
    scene = preset(MatchScene(ctx, 1, {"mode": "two", "rounds": 3}), [3, 3, 2, 2, 4, 4])
    drop(scene, 5)
    assert scene.phase == WON and scene.score == [1, 0, 0] and "sphinx.win" in ctx.audio.played
    assert scene.winning_cells() == [(2, 0), (3, 0), (4, 0), (5, 0)]
    surface = pygame.Surface((320, 240))
    x, y = layout.cell_xy(7, 7, 2, 0)
    ring_xy = (x - (layout.CELL - layout.PIECE) // 2 - 1, y - (layout.CELL - layout.PIECE) // 2 - 1)
    scene.draw(surface)
    on = surface.get_at(ring_xy)[:3]
    run(scene, 10)
    scene.draw(surface)
    off = surface.get_at(ring_xy)[:3]
    assert {on, off} == {rgb("flash"), rgb("shade_c")}
    while scene.phase == WON:
        scene.update(EMPTY_FRAME)
    assert scene.phase == ROUND_OVER and not scene.finished
    run(scene, 25)
    scene.update(press(Action.FIRE))
    assert scene.round == 2 and scene.first == "pyramid" and scene.board.moves == []
    assert scene.score == [1, 0, 0]


def test_one_round_match_finishes_with_result(ctx):
    scene = preset(MatchScene(ctx, 1, {"mode": "two", "rounds": 1}), [3, 3, 2, 2, 4, 4])
    drop(scene, 5)
    while not scene.finished:
        scene.update(EMPTY_FRAME)
    assert scene.result == {"winner": "sphinx", "text": "SPHINX WINS 1-0", "score": [1, 0, 0], "rounds": 1}


def test_demo_plays_a_whole_round_by_itself():
    ctx = Context.headless_context(seed=2)
    scene = GAME.demo_scene(ctx, 1)           # classic vs perfect
    for _ in range(20000):
        scene.update(EMPTY_FRAME)
        if scene.finished:
            break
    assert scene.finished and scene.result["winner"] in ("sphinx", "pyramid", None)
    assert len(scene.board.moves) >= 7


def test_help_toggles_with_alt(ctx):
    scene = MatchScene(ctx, 1, {"mode": "two"})
    scene.update(press(Action.ALT))
    assert scene.help
    scene.update(press(Action.ALT))
    assert not scene.help


def test_no_star_falls_on_the_side_panel_labels():
    from handheld.games.sphinx.art import STARS

    for x, y in STARS:
        in_panel = (x < 80 or x >= 240) and 36 <= y <= 128
        assert not in_panel, (x, y)
