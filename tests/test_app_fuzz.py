"""Input fuzz: 50,000 random button presses per board (five runs of 10,000, each from
power-up on an empty flash), through the real drivers into the emulated panels, with the
game checked for consistency all along. Each run counts what it reached (screens, kinds of
move, undos, sleeps) and fails when it falls short of REACHED.

Keys go straight to App.key (the debounce of hw/buttons.py has its own tests), with
random gaps of virtual time so the screen also falls asleep and wakes up now and then.
"""

import os
import warnings
from collections import Counter

import pytest

from app.app import App
from app.level10 import restore, saves
from app.run import labels
from app.store import Store
from host_sim import sim
from level10 import cards, moves, referee, rules
from level10.game import Game
from prng import Prng

PRESSES = int(os.environ.get("FUZZ_PRESSES", "50000"))  # per board
RUNS = 5  # each board's presses go in this many runs from power-up (they spread over test workers)
TABLES = ("Play", "Team")  # the table: solo, or with teammates (bots or pass and play)
# What each run of 10,000 presses must reach at least: screens by the presses made on them,
# then what the referees checked. About half the least that any run reaches, so that moving
# a menu item keeps them while a fuzz that stops getting somewhere fails. Since the games
# menu came (four rows, and Back from a game's menu leads to it) a run may spend most of
# its presses in one game: Level 10's bars are lower than they were, and its rarest events
# (a game over, a reset, Undo, a save read back, a sleep) have no bar per run any more;
# tests/test_properties.py and the app's own tests cover them.
REACHED = {
    "Menu:Games": 500,
    "Menu:Level 10": 100,  # least 206 of 15 runs since the games menu keeps the row left
    "NewGame:New game": 15,  # least 35 of 15 runs since a game's menu keeps the row left
    "Menu:Settings": 90,
    "Pager:How to play": 70,
    "Pager:Statistics": 5,
    "Watch:": 1,  # least 2 (as Level 10's menu)
    # Level 10's table (Play or Team), its moves checked by the referee: no bar per run.
    # 14 of the 15 runs reach it (139 to 3,195 presses there, 1 to 62 tables); one of
    # pico_lcd_114's spends its presses in the other games after 21 OKs on New game's
    # other rows, and per this rule its bar would be 0. Its play is the app's own tests'.
    "Menu:Paused": 390,
    "Menu:Give up?": 20,
    # LEVEL 8 and Level Up
    "Menu:LEVEL 8": 90,
    "Menu:Level Up": 90,
    "Table:": 500,
    "Menu:Draw from": 15,
    "LEVEL 8 changes checked": 50,
    "LEVEL 8 save read back": 3,
    # the board game (its table's changes are among LEVEL 8's)
    "Menu:Das Brettspiel": 40,
    "NewGame:New board game": 5,
}


class Referee8:
    """Follows LEVEL 8's table (Level Up's, the board game's): after every change of its game
    the position is one the rules allow (level8.game.state_problem: the card games' referee
    or the board game's), and now and then the save on flash holds exactly the position."""

    def __init__(self, seen):
        self.last = None
        self.changes = 0
        self.seen = seen

    def look(self, app):
        from level8 import game as game8
        from level8 import rules as rules8

        from app.level8 import GAME, file
        from app.level8 import saves as saves8

        t = app.screen
        if type(t).__name__ != "Table":
            return
        s = bytes(t.game.state)
        if s == self.last:
            return
        self.last = s
        assert game8.state_problem(bytearray(s)) is None
        self.changes += 1
        self.seen["LEVEL 8 change, phase %d" % rules8.phase(s)] += 1
        if self.changes % 16 == 0:
            g, _, people, _ = saves8.decode(app.store.read(file(rules8.game(s), GAME)), rules8.game(s))
            assert bytes(g.state) == s and people == t.people
            self.seen["LEVEL 8 save read back"] += 1


class Referee:
    """Follows the table: after every change of the game it checks that the position is
    one the rules reach from the deal by the game's moves (kept in step move by move, so
    50,000 presses stay quick), and now and then that the save on flash holds exactly
    those moves. Counts in `seen` what it checked: kinds of move, undos, games ended."""

    def __init__(self, seen):
        self.table = None
        self.ref = None
        self.changes = 0
        self.seen = seen

    def look(self, app):
        t = app.screen
        if type(t).__name__ not in TABLES:
            # the last table, under a menu: the move that ends a game opens one at once
            t = self.table
            if t is None:
                return
        g = t.game
        if t is not self.table or g.played < self.ref.played:  # a new table, or Undo
            self.seen["undo" if t is self.table else "table"] += 1
            self.table = t
            s = g.state
            self.ref = Game(rules.players(s), rules.pauses(s), seed=g.seed, start=rules.start_seat(s))
            for m in g.moves():
                self.ref.apply(m)
        elif g.played > self.ref.played:
            for m in g.moves()[self.ref.played :]:
                self.seen[kind_of(m)] += 1
                self.ref.apply(m)  # raises if the table played an illegal move
            if g.over():
                self.seen["won" if g.status() == rules.WON else "lost"] += 1
        else:
            return
        assert bytes(self.ref.state) == bytes(g.state)
        assert referee.problem(g.state) is None
        self.changes += 1
        if self.changes % 16 == 0 and not g.over():
            back, flags = restore.decode(app.store.read("game"))
            assert back.moves() == g.moves()
            assert bool(flags & saves.ASSISTED) == bool(t.assisted)
            self.seen["save read back"] += 1


def kind_of(m):
    """A move in the words the coverage figures use."""
    if moves.kind(m) == moves.RESET:
        return "reset, %d under" % ((moves.card(m) != rules.NONE) + (moves.extra(m) != rules.NONE))
    if moves.card(m) == cards.PAUSE:
        return "pause, burying" if moves.extra(m) != rules.NONE else "pause"
    return "level card"


def fuzz(board, run, tmp_path, presses):
    """Press random keys; return a Counter of what was reached (screens by the presses
    made on them, moves by kind, games, sleeps)."""
    hh = sim.Handheld(board, str(tmp_path))
    p = hh.profile
    keys = sorted(set(p.KEYS.values()))
    rng = Prng(len(board) * 100 + run)
    now = 0
    app = App(hh.device.display, Store(str(tmp_path)), labels(p), hh.device, now)
    seen = Counter()
    referee = Referee(seen)
    referee8 = Referee8(seen)
    for _ in range(presses):
        now += 30 + rng.below(400) + (400_000 if rng.below(2000) == 0 else 0)
        app.tick(now)
        if not app.awake:
            seen["asleep"] += 1
        try:
            app.key(keys[rng.below(len(keys))], now)
        except SystemExit:  # another game chosen: the firmware starts again (app/title.py)
            seen["restarts"] += 1
            app = App(hh.device.display, Store(str(tmp_path)), labels(p), hh.device, now)
        seen[type(app.screen).__name__ + ":" + getattr(app.screen, "title", "")] += 1
        referee.look(app)
        referee8.look(app)
    w, h, rgb = hh.screen()
    assert len(rgb) == w * h * 3
    seen["changes checked"] = referee.changes
    seen["LEVEL 8 changes checked"] = referee8.changes
    seen["at a table"] = sum(n for what, n in seen.items() if what.split(":")[0] in TABLES)
    seen["reset"] = sum(n for what, n in seen.items() if what.startswith("reset, "))
    seen["game over"] = sum(n for what, n in seen.items() if what.startswith("Menu:Game over"))
    return seen


@pytest.mark.parametrize("run", range(RUNS))
@pytest.mark.parametrize("board", ["pico_display", "pico_lcd_114", "oled_128x64"])
def test_random_presses_never_break_the_app(board, run, tmp_path):
    presses = PRESSES // RUNS
    seen = fuzz(board, run, tmp_path, presses)
    # each run went everywhere a player can go (Level 10's table aside: see REACHED) and
    # played every kind of move
    if presses < 10_000:
        # a shortened run (FUZZ_PRESSES, while working) has not had the time to get everywhere
        warnings.warn("FUZZ_PRESSES=%d: what the fuzz reached is not checked" % PRESSES, stacklevel=1)
        return
    need = {what: n * presses // 10_000 for what, n in REACHED.items()}
    missed = {what: (seen[what], n) for what, n in need.items() if seen[what] < n}
    assert not missed, "reached (this run, at least): %r" % missed
