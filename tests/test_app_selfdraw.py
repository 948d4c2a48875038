"""Screens that change by themselves are drawn by themselves, with no key pressed.

Found on an emulated Pico: at the end of Watch a game the result menu came up unseen (the
final grid stayed until a key, and that key then acted on the menu). Here the app runs as
the run loop runs it, App.tick every 10 ms of made-up time (tests/keyclock.py), on the
emulated panel of a board, and only time passes: the demo's moves and its end, a bot's
turn, the OLED's rotating line of what teammates said, sleep and the key that wakes it.
After each change the panel must have changed and show what drawing the screen now up
whole shows; the screen's own words must have been drawn.
"""

import pytest
from keyclock import Keys
from mainloop import program

from app.app import App
from app.level10 import saves
from app.run import labels
from app.store import Store
from host_sim import sim
from host_sim.autoplay import button
from level10 import rules
from level10.game import Game
from tools import apprun

BOARDS = ["pico_display", "pico_lcd_114", "oled_128x64"]


def powered_on(board, root, game=None, flags=0):
    """The handheld `board` powered up on a flash holding `game` (None: no saved game)."""
    if game is not None:
        Store(root).write("game", saves.encode(game, flags))
    hh = sim.Handheld(board, root)
    app = App(hh.device.display, Store(root), labels(hh.profile), hh.device, 0)
    return hh, app


def panel(hh):
    """What the emulated panel shows now."""
    return bytes(hh.screen()[2])


def drawn_whole(hh, app):
    """What the panel shows once the screen now up is drawn whole, as a screen is drawn when
    it comes up (after the panel has been read: this draws)."""
    app.full = True
    app.render()
    return panel(hh)


class Spy:
    """The words drawn on the app's painter (every Painter.text call), and the frames
    sent (every App.render)."""

    def __init__(self, app, monkeypatch):
        self.words = []
        self.frames = 0
        text = app.p.text
        render = App.render

        def spy_text(s, *args):
            self.words.append(s)
            return text(s, *args)

        def spy_render(a):
            self.frames += 1
            return render(a)

        monkeypatch.setattr(app.p, "text", spy_text)
        monkeypatch.setattr(App, "render", spy_render)

    def clear(self):
        self.words = []
        self.frames = 0


def until(press, done, limit):
    """Let time pass, 10 ms a tick, until done(); fails after `limit` ms."""
    for _ in range(limit // 10):
        if done():
            return
        press.wait(10)
    assert done(), "nothing happened in %d ms of app time" % limit


def kind(app):
    return type(app.screen).__name__


def watching(board, root):
    """The demo opened from the title menu by its keys: the table shows the deal."""
    hh, app = powered_on(board, root)
    press = Keys(app)
    press("ok")  # Level 10, the games menu's first row
    m = app.screen
    while m.label(m.focus) != "Watch a game":
        press("down")
    press("ok")
    assert kind(app) == "Watch"
    return hh, app, press


@pytest.mark.parametrize("board", BOARDS)
def test_each_move_of_the_demo_is_drawn_when_it_is_played(board, tmp_path, monkeypatch):
    """The demo plays a move every PERIOD with no key: each one reaches the panel (its
    words on the message line), and nothing is sent between moves."""
    from app.level10 import watch

    hh, app, press = watching(board, str(tmp_path))
    spy = Spy(app, monkeypatch)
    t = app.screen
    before = panel(hh)
    until(press, lambda: t.hint != 0, watch.PERIOD)  # the first move chosen: on show
    assert spy.frames == 1
    assert panel(hh) != before
    for n in range(1, 4):
        before = panel(hh)
        spy.clear()
        until(press, lambda n=n: t.game.played == n, 2 * watch.PERIOD)
        assert spy.frames == 1  # the move played and the next one chosen, in one frame
        assert t.message in spy.words
        now = panel(hh)
        assert now != before
        assert now == drawn_whole(hh, app)
    spy.clear()
    press.wait(watch.PERIOD // 2)  # half way to the next move: nothing to draw
    assert spy.frames == 0


def demo_at_its_end(board, root, monkeypatch):
    """A demo of deal 1 (the engine wins it) played to its last move: the full grid is on
    show, the result menu comes next."""
    from app.level10.watch import Watch

    hh, app = powered_on(board, root)
    app.go(Watch(app, 2, 1, "Deal 1, Standard"))
    press = Keys(app)
    spy = Spy(app, monkeypatch)
    t = app.screen
    until(press, lambda: t.ended, 100 * 1500)
    assert t.game.status() == rules.WON
    return hh, app, press, spy


@pytest.mark.parametrize("board", BOARDS)
def test_the_end_of_the_demo_is_drawn_without_a_key(board, tmp_path, monkeypatch):
    """Its final grid on show for a PERIOD, the demo puts up its result menu: the menu is on
    the panel at once, not after the next key (which would act on a menu never seen)."""
    hh, app, press, spy = demo_at_its_end(board, str(tmp_path), monkeypatch)
    grid = panel(hh)
    spy.clear()
    until(press, lambda: kind(app) == "Menu", 2000)
    menu = app.screen
    assert menu.title == "Demo: won!"
    assert menu.title in spy.words and "Watch another" in spy.words
    now = panel(hh)
    assert now != grid
    assert now == drawn_whole(hh, app)


@pytest.mark.parametrize("board", ["pico_display", "pico_lcd_114"])
def test_a_full_grid_shows_level_10_of_10(board, tmp_path, monkeypatch):
    """The demo's last position (all 50 slots filled, rules.column is -1) shows the
    level reached, 10 of 10, in the colour table's header, never "Level 0/10"."""
    hh, app, press, spy = demo_at_its_end(board, str(tmp_path), monkeypatch)
    s = app.screen.game.state
    assert rules.column(s) == -1
    assert "Level 10/10" in spy.words and "Level 0/10" not in spy.words
    # the teammates' table has its own header: the same level
    from ui.level10 import colour as l10colour

    spy.clear()
    l10colour.Team(app, 3).draw_hud(app.p, s)
    assert spy.words[0] == "Level 10/10"


def bots_table(board, root):
    """A three-player game with bots powered up on the first bot's turn (the player's
    first move made and saved)."""
    g = Game(3, 2, seed=5)
    g.apply(g.legal_moves()[0])
    hh, app = powered_on(board, root, g, saves.BOTS)
    assert kind(app) == "Team" and rules.to_move(g.state) == 1
    return hh, app, Keys(app)


@pytest.mark.parametrize("board", BOARDS)
def test_a_bots_turn_is_drawn_chosen_then_played(board, tmp_path, monkeypatch):
    """Bot 2 thinks ("Bot 2 thinking..." drawn before the engine runs), its move is shown
    ("Bot 2: ...", its row lit) and, a PERIOD later, played: each on the panel as it
    happens, with no key."""
    from app.level10 import team

    hh, app, press = bots_table(board, str(tmp_path))
    spy = Spy(app, monkeypatch)
    t = app.screen
    before = panel(hh)
    until(press, lambda: t.pending != 0, 1000)
    assert spy.words.count("Bot 2 thinking...") == 1 and t.message.startswith("Bot 2: ")
    assert t.message in spy.words[spy.words.index("Bot 2 thinking...") :]
    shown = panel(hh)
    assert shown != before
    assert shown == drawn_whole(hh, app)
    spy.clear()
    until(press, lambda: t.game.played == 2, 2 * team.PERIOD)
    played = panel(hh)
    assert spy.frames == 1 and played != shown
    assert played == drawn_whole(hh, app)


def test_the_oled_line_of_what_teammates_said_turns_without_a_key(tmp_path, monkeypatch):
    """On the OLED, the player's turn with bots: the bottom line shows each bot's cards and
    words in turn, SHOW ms each, by itself; each line reaches the panel."""
    from app.level10 import team

    hh, app = powered_on("oled_128x64", str(tmp_path), Game(3, 2, seed=5), saves.BOTS)
    press = Keys(app)
    t = app.screen
    assert t.my_turn()
    press("down")  # the welcome message goes: the bottom line is the seats' now
    spy = Spy(app, monkeypatch)
    seen = []
    for _ in range(3):
        before = panel(hh)
        shown = t.shown
        spy.clear()
        until(press, lambda shown=shown: t.shown != shown, team.SHOW + 100)
        line = t.summary()
        assert line.startswith(("B2 ", "B3 ")) and line in spy.words
        seen.append(line[:2])
        now = panel(hh)
        assert now != before
        assert now == drawn_whole(hh, app)
    assert set(seen) == {"B2", "B3"}


@pytest.mark.parametrize("board", BOARDS)
def test_sleep_then_the_waking_key_shows_the_screen_now_up(board, tmp_path, monkeypatch):
    """After the demo, its result menu left alone: the screen sleeps after the minutes the
    settings say (panel and backlight off, nothing drawn meanwhile); the key that wakes it
    does nothing else, and the panel shows the result menu."""
    hh, app, press, spy = demo_at_its_end(board, str(tmp_path), monkeypatch)
    app.settings.sleep_after = 1
    until(press, lambda: kind(app) == "Menu", 2000)
    menu = app.screen
    spy.clear()
    until(press, lambda: not app.awake, 61000)
    assert spy.frames == 0 and set(panel(hh)) == {0}  # dark
    press.wait(5000)
    assert spy.frames == 0
    press("ok")  # only wakes: "Watch another" is not chosen
    assert app.awake and hh.panel.display_on and app.screen is menu
    press.wait(100)
    assert app.screen is menu
    now = panel(hh)
    assert now == drawn_whole(hh, app)


DEMO_TAIL = r"""
a = apps[-1]
t = a.screen
shown = bytes(a.p.d.buffer)
a.full = True
a.render()
print(len(apps), type(t).__name__, t.title.split(":")[0], shown == bytes(a.p.d.buffer))
"""


@pytest.mark.parametrize("board", ["pico_display", "oled_128x64"])
def test_a_demo_ends_on_its_result_menu_under_micropython(board, micropython, tmp_path):
    """As it was found: the deployed firmware's own loop under the real MicroPython, Watch a
    game opened by the buttons, then no button for longer than a demo lasts (50 moves at
    most, a PERIOD each). The result menu is up and already in the display's frame: the
    frame is what drawing the menu whole makes."""
    import boards

    profile = boards.load(board)
    names = " ".join(button(profile, k) for k in ("ok", "down", "down", "down", "ok"))  # Level 10, then Watch
    apprun.stage(board, tmp_path)
    code = program(names, DEMO_TAIL, wait=90000)
    out = micropython.run(code, firmware_dir=tmp_path, lib_dirs=[micropython.HOST_SIM / "machine.py"])
    assert out.split() == ["1", "Menu", "Demo", "True"]
