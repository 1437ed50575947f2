"""What the cabinet hands to every scene: the director, audio, settings and
the few cabinet-wide flags, as named fields."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:    # a runtime module names the games above it only in annotations
    from handheld.games.base import Game


class Context:
    """What a scene may use from the cabinet. Built by the app, or headless for
    tests, selfplay, bench and screenshots (`Context.headless_context()`)."""

    def __init__(self, director: Any, audio: Any, settings: Any = None, kiosk: bool = False,
                 kiosk_locked: bool = False, headless: bool = False, seed: int = 0,
                 data_dir: str | None = None, on_match_end: Callable[[dict], None] | None = None,
                 input_manager: Any = None, records: Any = None):
        self.director = director          # handheld.base.scene.Director
        self.audio = audio                # handheld.audio.Audio: .play(name), .register(name, samples)
        self.settings = settings          # handheld.base.config.Config (sound, volume, colour-blind aid...)
        self.kiosk = kiosk
        self.kiosk_locked = kiosk_locked  # kiosk from the command line (the service): the setting can't end it
        self.headless = headless
        self.seed = seed                  # base seed; games derive match seeds from it
        self.data_dir = data_dir          # where replays and stats go (None: don't write)
        self.on_match_end = on_match_end
        self.input_manager = input_manager  # handheld.input.manager.InputManager (None headless)
        self.records = records            # handheld.base.records.Records (None: nothing is counted)
        self.room = None                  # handheld.fleet.room.RoomTable with a [fleet] config, else None
        self.quit_requested = False       # set by a screen to end the cabinet's loop
        self.last_options: dict = {}      # game id -> options last played, per session

    def setting(self, key: str, default=None):
        """A dotted setting like 'display.colour_blind', or default."""
        if self.settings is None:
            return default
        return self.settings.get(key, default)

    def start_match(self, game: Game, options: dict, seed: int | None = None):
        """Start a match of `game` inside the shared runner (pause menu, replay,
        end-of-match menu). Without a seed the cabinet picks the next one."""
        from handheld.runtime.match import start_match

        return start_match(self, game, options, seed)

    def back_to_menu(self) -> None:
        """Leave the game for the cabinet's menu (the game stays highlighted there)."""
        menus = [s for s in self.director.scenes if getattr(s, "is_cabinet_menu", False)]
        if menus:
            self.director.pop_above(menus[-1])
        else:
            self.director.pop_to_root()

    @classmethod
    def headless_context(cls, seed: int = 0, settings=None) -> "Context":
        from handheld.audio import NullAudio
        from handheld.base.scene import Director

        return cls(director=Director(), audio=NullAudio(), settings=settings,
                   headless=True, seed=seed)
