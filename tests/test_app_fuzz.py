"""Input fuzz: 50,000 random button presses per board (five runs of 10,000, each from
power-up on an empty flash), through the real drivers into the emulated panels, with the
game checked for consistency all along.

Keys go straight to App.key (the debounce of hw/buttons.py has its own tests), with
random gaps of virtual time so the screen also falls asleep and wakes up now and then.
"""

import os

import pytest

from app.app import App
from app.level10 import restore, saves
from app.run import labels
from app.store import Store
from host_sim import sim
from level10 import rules
from level10.game import Game
from prng import Prng

PRESSES = int(os.environ.get("FUZZ_PRESSES", "50000"))  # per board
RUNS = 5  # each board's presses go in this many runs from power-up (they spread over test workers)
TABLES = ("Play", "Team")  # the table: solo, or with teammates (bots or pass and play)


class Referee:
    """Follows the table: after every change of the game it checks that the position is
    one the rules reach from the deal by the game's moves (kept in step move by move, so
    50,000 presses stay quick), and now and then that the save on flash holds exactly
    those moves."""

    def __init__(self):
        self.table = None
        self.ref = None
        self.changes = 0

    def look(self, app):
        t = app.screen
        if type(t).__name__ not in TABLES:
            return
        g = t.game
        if t is not self.table or g.played < self.ref.played:  # a new table, or Undo
            self.table = t
            s = g.state
            self.ref = Game(rules.players(s), rules.pauses(s), seed=g.seed, start=rules.start_seat(s))
            for m in g.moves():
                self.ref.apply(m)
        elif g.played > self.ref.played:
            for m in g.moves()[self.ref.played :]:
                self.ref.apply(m)  # raises if the table played an illegal move
        else:
            return
        assert bytes(self.ref.state) == bytes(g.state)
        assert rules.problem(g.state) is None
        self.changes += 1
        if self.changes % 16 == 0 and not g.over():
            back, flags = restore.decode(app.store.read("game"))
            assert back.moves() == g.moves()
            assert bool(flags & saves.ASSISTED) == bool(t.assisted)


@pytest.mark.parametrize("run", range(RUNS))
@pytest.mark.parametrize("board", ["pico_display", "pico_lcd_114", "oled_128x64"])
def test_random_presses_never_break_the_app(board, run, tmp_path):
    hh = sim.Handheld(board, str(tmp_path))
    p = hh.profile
    keys = sorted(set(p.KEYS.values()))
    rng = Prng(len(board) * 100 + run)
    presses = PRESSES // RUNS
    now = 0
    app = App(hh.device.display, Store(str(tmp_path)), labels(p), hh.device, now)
    screens = set()
    games = 0
    referee = Referee()
    for i in range(presses):
        now += 30 + rng.below(400) + (400_000 if rng.below(2000) == 0 else 0)
        app.tick(now)
        was = app.screen
        app.key(keys[rng.below(len(keys))], now)
        screens.add(type(app.screen).__name__ + ":" + getattr(app.screen, "title", ""))
        if type(app.screen).__name__ in TABLES and app.screen is not was:
            games += 1
        referee.look(app)
    w, h, rgb = hh.screen()
    assert len(rgb) == w * h * 3
    if presses >= 5000:  # a full-length run (FUZZ_PRESSES can shorten them while working)
        # the fuzz went everywhere a player can go, and played many moves
        for title in ("Level 10", "New game", "Paused", "Statistics", "How to play", "Settings"):
            assert any(s.endswith(":" + title) for s in screens), (title, screens)
        # a table, solo or with teammates (New game offers the last game's players, so a
        # run that found the team table may stay there)
        assert {"Play:", "Team:"} & screens and games > 2 and referee.changes > presses // 100
