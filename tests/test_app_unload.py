"""Code a screen loads goes when the screen goes, also on the paths the benchmark's games
never take (random keys found them): back from a game to the games menu, the board game's
track screen left with Back, its hint, a card it refuses, Level 10's pause menu left for a
new game. Until the next move or game, each kept 1–8 KB beside the next screen, which the
OLED (48 KB) has no room for: random keys under MicroPython peaked at 73.7 KB in the board
game."""

import sys

import pytest
from keyclock import Keys
from test_app_board_menu import power_up, to

from app.level8 import roll
from tools import apprun

GAME_CODE = ("level10", "app.level10", "ui.level10", "level8", "app.level8", "ui.level8")


def games_code():
    """Every game's modules loaded now (a game is app.P, P and ui.P: app/games.py)."""
    return sorted(n for n in sys.modules if any(n == t or n.startswith(t + ".") for t in GAME_CODE))


@pytest.mark.parametrize("row", ["Level 10", "LEVEL 8", "Das Brettspiel"])
def test_back_on_the_games_menu_no_games_code_stays(row, tmp_path):
    app = power_up("oled_128x64", str(tmp_path))
    press = Keys(app)
    to(press, app, row)
    to(press, app, "How to play")
    press("back", "back")  # the game's menu, then the games menu
    assert app.screen.title == "Games" and games_code() == []


def test_level10s_pause_menu_is_not_kept_into_the_next_game(tmp_path):
    """Pause, Save and quit, Continue: the table again without the pause menu's code."""
    app = power_up("oled_128x64", str(tmp_path))
    press = Keys(app)
    to(press, app, "Level 10")
    to(press, app, "New game")
    to(press, app, "Start")
    press("back")
    assert app.screen.title == "Paused" and "app.level10.pause" in sys.modules
    to(press, app, "Save and quit")
    to(press, app, "Continue")
    assert type(app.screen).__name__ == "Play" and "app.level10.pause" not in sys.modules


@pytest.mark.parametrize("board, held", [("oled_128x64", False), ("pico_display", True)])
def test_on_the_oled_no_screen_at_rest_holds_the_stores_code(board, held, tmp_path):
    """The store as app/run.py makes it (app.app.Flash): on the OLED its code (2.7 KB) is
    loaded for each read and write and let go after, so neither the games menu nor a table
    holds it; a colour board has the room and keeps it."""
    from app.app import App, Flash
    from app.run import labels
    from host_sim import sim

    root = str(tmp_path)
    hh = sim.Handheld(board, root)
    d = hh.device.display
    app = App(d, Flash(root, keep=not d.mono), labels(hh.profile), hh.device, 0)
    assert app.screen.title == "Games" and ("app.store" in sys.modules) == held
    press = Keys(app)
    to(press, app, "LEVEL 8")
    to(press, app, "New game")
    to(press, app, "Start")
    assert type(app.screen).__name__ == "Table" and ("app.store" in sys.modules) == held
    assert app.store.read("l8game") is not None and ("app.store" in sys.modules) == held


def a_card_game(tmp_path):
    """LEVEL 8 on the OLED from the games menu (you and the bots), on your first turn."""
    app = power_up("oled_128x64", str(tmp_path))
    press = Keys(app)
    to(press, app, "LEVEL 8")
    to(press, app, "New game")
    to(press, app, "Start")
    while not app.screen.mine():
        press.wait(300)
    return app, press


def test_a_card_games_chooser_holds_none_of_the_code_that_built_it(tmp_path):
    """app/level8/act.py builds the table's choosers (where to draw from, what a card does)
    and goes once one is up, emptied: every item plays through the Seat (`pick`)."""
    app, press = a_card_game(tmp_path)
    press("ok")  # Draw, under the cursor as the turn begins
    if app.screen.title == "Draw from":
        assert "app.level8.act" not in sys.modules
        press("ok")
    t = app.screen
    assert type(t).__name__ == "Table" and t.hn == 11
    t.focus = 0
    press("ok")  # what the first card may do
    m = app.screen
    assert m.items[0][0].startswith("Discard ") and "app.level8.act" not in sys.modules
    assert {(type(it[1].__self__).__name__, it[1].__name__) for it in m.items} == {("Seat", "pick")}
    press("ok")
    assert type(app.screen).__name__ == "Table" and app.screen.hn == 10


def test_laying_out_and_browsing_open_without_the_choosers_code(tmp_path, monkeypatch):
    """Lay out and Table (every seat's laid combinations) are screens of their own
    (lay.py, browse.py): the table opens them without loading act.py, which builds the
    choosers of moves."""
    from importwatch import watch

    from ui.level8 import LAY, TABLE

    app, press = a_card_game(tmp_path)
    press("ok")  # Draw
    if app.screen.title == "Draw from":
        press("ok")
    t = app.screen
    assert type(t).__name__ == "Table" and LAY in t.items and TABLE in t.items
    loaded = []
    stop = watch(monkeypatch, lambda n, new: new and loaded.append(n))
    for item, code in ((LAY, "app.level8.lay"), (TABLE, "app.level8.browse")):
        t = app.screen
        t.to_item(item)
        loaded.clear()
        press("ok")
        assert code in loaded and "app.level8.act" not in loaded, loaded
        assert type(app.screen).__name__ != "Table" or item == LAY  # no layout: the table says so
        if type(app.screen).__name__ != "Table":
            press("back")
    stop()
    assert type(app.screen).__name__ == "Table" and "app.level8.act" not in sys.modules


def test_an_oled_chooser_of_moves_keeps_only_the_tables_drawing(tmp_path):
    """On the OLED the table's code goes while a screen covers it. A chooser of moves (which
    pile, what a card does), the most frequent, keeps the drawing's code
    (ui/level8/mono.py): its close is a whole new frame the player waits for, and the room
    its heap leaves holds that code. The pause menu, which leads to bigger screens, keeps
    neither."""
    from ui.level8 import MENU

    app, press = a_card_game(tmp_path)
    press("ok")  # Draw
    if app.screen.title == "Draw from":
        assert loaded(("app.level8.play", "ui.level8.mono")) == ["ui.level8.mono"]
        press("ok")
    t = app.screen
    assert type(t).__name__ == "Table"
    t.focus = 0
    press("ok")  # what the first card may do
    assert app.screen.items[0][0].startswith("Discard ")
    assert loaded(("app.level8.play", "ui.level8.mono")) == ["ui.level8.mono"]
    press("back")
    t = app.screen
    assert type(t).__name__ == "Table" and loaded(("app.level8.play", "ui.level8.mono")) == [
        "app.level8.play",
        "ui.level8.mono",
    ]
    t.to_item(MENU)
    press("ok")  # the pause menu
    assert type(app.screen).__name__ == "Menu" and loaded(("app.level8.play", "ui.level8.mono")) == []


def board_table(tmp_path):
    """The OLED's board game table (4 players, you and 3 bots), on your roll."""
    app = power_up("oled_128x64", str(tmp_path))
    exec(apprun.board_setup(players=4, people=1, seed=1), {"app": app})
    press = Keys(app)
    while not app.screen.mine():
        press.wait(300)
    t = app.screen
    assert t.items[0] == roll.ROLL
    return app, press, t


TRACK_CODE = ("app.level8.step", "app.level8.track", "ui.level8.track", "level8.track")


def loaded(names):
    return [n for n in names if n in sys.modules]


def test_the_track_screen_left_with_back_takes_its_code_with_it(tmp_path):
    app, press, t = board_table(tmp_path)
    t.focus = t.hn + 1  # Track
    press("ok")
    assert type(app.screen).__name__ == "Track" and loaded(TRACK_CODE) == list(TRACK_CODE)
    press("back")
    assert type(app.screen).__name__ == "Table" and loaded(TRACK_CODE) == []


def test_a_card_refused_in_words_leaves_no_referees_code(tmp_path):
    app, press, t = board_table(tmp_path)
    t.focus = 0  # a hand card, before the roll
    press("ok")
    t = app.screen
    assert t.message == "First roll the dice"
    referees = ("level8.referee", "level8.board_referee", "level8.combos", "level8.sides", "level8.track")
    assert loaded(referees) == []


def test_the_board_games_hint_leaves_no_bots_code(tmp_path):
    app, press, t = board_table(tmp_path)
    press("ok")  # Roll: the track screen, choosing one of the two spaces
    assert type(app.screen).__name__ == "Track"
    press("back")  # to look at the hand first
    t = app.screen
    t.focus = t.hn + t.items.index(roll.BHINT)
    press("ok")
    assert app.screen.message.startswith("Hint: ")
    assert (
        loaded(("app.level8.bots", "app.level8.bstep", "level8.boardbot", "level8.track") + TRACK_CODE) == []
    )


# -- another game: the firmware starts again --------------------------------------------


def test_another_game_starts_the_firmware_again_and_opens_it(tmp_path):
    """MicroPython never frees an interned name, so a game opened after another keeps the
    first one's names (LEVEL 8 after some Level 10 measured 49,792 B on the OLED, over 48
    KB). Opening another game's package from the games menu restarts the firmware (a soft
    reset: app/title.py, hw.device.restart) and opens that game's menu; another row of the
    same package, or the same game again, does not."""
    root = str(tmp_path)
    app = power_up("oled_128x64", root)
    press = Keys(app)
    to(press, app, "LEVEL 8")
    press("back")
    to(press, app, "Das Brettspiel")  # the same package: no restart
    assert app.screen.title == "Das Brettspiel"
    press("back")
    with pytest.raises(SystemExit):
        to(press, app, "Level 10")
    app = power_up("oled_128x64", root)  # main.py runs again, the flash kept
    assert app.screen.title == "Level 10" and app.opened == "app.level10.menu"
    assert app.store.read("open") is None and app.store.read("playing") == bytes((0,))
    press = Keys(app)
    press("back")
    to(press, app, "Level 10")  # the same game again: no restart
    assert app.screen.title == "Level 10"


def test_the_switch_runs_through_the_firmwares_own_loop(tmp_path):
    """In the simulator, as on a Pico, the soft reset's SystemExit ends the firmware's loop
    and main.py's work starts it again (host_sim.sim.Handheld.run): a second App, on the
    menu of the game chosen."""
    from keyclock import STOP, KeyClock

    from host_sim import sim

    hh = sim.Handheld("oled_128x64", str(tmp_path))
    todo = ["down", "ok", "back", "up", "ok"]  # LEVEL 8's menu, back to the games menu (on its row), Level 10

    def plan(app, t):
        return todo.pop(0) if todo else STOP

    hh.run(KeyClock(hh, plan))
    assert hh.restarts == 1 and len(hh.apps) == 2
    assert hh.apps[-1].screen.title == "Level 10"


def test_power_up_resuming_a_game_counts_as_opening_it(tmp_path):
    """A saved game resumed at power-up has loaded its game's code: choosing the other game
    from the games menu then restarts as well."""
    root = str(tmp_path)
    app = power_up("oled_128x64", root)
    press = Keys(app)
    to(press, app, "Level 10")
    to(press, app, "New game")
    to(press, app, "Start")
    app = power_up("oled_128x64", root)  # a power cut: the game comes back
    assert type(app.screen).__name__ == "Play" and app.opened == "app.level10.menu"
    press = Keys(app)
    press("back")
    to(press, app, "Save and quit")
    press("back")
    with pytest.raises(SystemExit):
        to(press, app, "LEVEL 8")
    assert power_up("oled_128x64", root).screen.title == "LEVEL 8"


def test_after_an_error_screen_any_game_starts_the_firmware_again(tmp_path, monkeypatch):
    """The main loop starts a new App after an error screen in the same heap, with the names
    the App before interned: choosing any game then restarts the firmware (app/run.py)."""
    from app.app import App
    from host_sim import sim
    from host_sim.autoplay import button

    render = App.render
    calls = []

    def failing(app):
        calls.append(1)
        if len(calls) == 2:
            raise RuntimeError("a bug in drawing")
        render(app)

    monkeypatch.setattr(App, "render", failing)
    hh = sim.Handheld("oled_128x64", str(tmp_path))
    todo = ["down", "ok", "ok"]  # the first key fails to draw; any button on the error screen; Level 10

    def more(hh):
        return button(hh.profile, todo.pop(0)) if todo else None

    hh.run(sim.Script(hh, [], more=more))
    assert len(hh.apps) == 3 and hh.restarts == 1
    assert hh.apps[1].opened == "" and hh.apps[2].screen.title == "Level 10"


def test_the_oled_tables_level_line_names_each_kind_as_level8_levels_does():
    """ui/level8/mono.py copies level8.levels' kinds as private constants, so that the table
    at rest holds none of levels' code (a board game's table never needs it): each copy is
    levels' own value, and a level reads as its requirements."""
    from level8 import levels

    from ui.level8 import mono

    assert (mono._RUN, mono._COLOUR) == (levels.RUN, levels.COLOUR)
    assert [mono.short_level(lv) for lv in levels.CARD_ONE_STAR[2:4]] == ["run3 col4", "run6 x2"]


def test_a_board_games_table_at_rest_holds_none_of_the_card_games_levels(tmp_path):
    app, press, t = board_table(tmp_path)
    assert "level8.levels" not in sys.modules and "level8.boardsides" not in sys.modules
    press("ok")  # Roll: the track screen
    press("back")  # the table again, on the hand: its level line drawn from the board's sides
    assert type(app.screen).__name__ == "Table" and "level8.levels" not in sys.modules
