"""What a player must never see: a dead screen, a crash loop, a lost game; and the screen
sleeping when idle. Runs the firmware's own main loop (app/run.py) in the headless
simulator, with faults put in on purpose."""

import os
import subprocess
import sys

import pytest

from app.store import Store
from host_sim import sim
from host_sim.autoplay import Autoplayer, drive
from level10 import record

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def load(name):
    with open(os.path.join(REPO, "records", name + ".l10")) as f:
        return record.parse(f.read())


def play_moves(hh, rec, n, extra=()):
    """Play the first `n` moves of `rec` from the title menu, then press `extra`."""
    ap = Autoplayer(rec.pauses, rec.seed, lambda g: rec.moves[g.played])
    todo = list(extra)

    def next_key(app):
        t = app.screen
        if type(t).__name__ == "Play" and t.game.played >= n:
            return todo.pop(0) if todo else None
        return ap.next_key(app)

    drive(hh, next_key)


def lit(hh):
    w, h, rgb = hh.screen()
    return sum(1 for i in range(0, len(rgb), 3) if rgb[i] or rgb[i + 1] or rgb[i + 2])


def test_an_error_shows_a_screen_writes_a_log_and_the_game_comes_back(tmp_path, monkeypatch):
    rec = load("won-solo")
    hh = sim.Handheld("pico_display", str(tmp_path))
    play_moves(hh, rec, 5)
    from app.level10 import play as l10play

    calls = []

    def broken(self, app, full):
        calls.append(1)
        if len(calls) == 2:
            raise RuntimeError("a bug in drawing")
        return real(self, app, full)

    real = l10play.Play.draw
    monkeypatch.setattr(l10play.Play, "draw", broken)
    hh = sim.Handheld("pico_display", str(tmp_path))  # power on: resumes at move 5
    shots = []

    def more(hh):
        shots.append((len(hh.apps), lit(hh)))
        if len(shots) == 1:
            return "Y"  # any key: the next draw fails
        if len(shots) == 2:
            return "A"  # a button on the error screen restarts the app
        return None

    hh.run(sim.Script(hh, [], more=more))
    log = (tmp_path / "error.log").read_text()
    assert "RuntimeError: a bug in drawing" in log and "Traceback" in log
    assert len(hh.apps) == 2, "the app did not start again after the error screen"
    assert shots[1][1] > 100, "the error screen is blank"
    t = hh.apps[-1].screen
    assert type(t).__name__ == "Play" and t.game.moves() == list(rec.moves[:5])


def test_a_crash_while_starting_sets_the_save_aside_instead_of_looping(tmp_path, monkeypatch):
    rec = load("won-solo")
    hh = sim.Handheld("oled_128x64", str(tmp_path))
    play_moves(hh, rec, 3)
    assert Store(str(tmp_path)).read("game") is not None
    from app import app as app_mod

    real = app_mod.App.__init__
    fails = [1]

    def once(self, *a, **k):
        if fails:
            fails.pop()
            raise MemoryError("memory allocation failed")
        real(self, *a, **k)

    monkeypatch.setattr(app_mod.App, "__init__", once)
    from app import crash

    told = []
    real_screen = crash.error_screen
    monkeypatch.setattr(crash, "error_screen", lambda *a: told.append(a[3]) or real_screen(*a))
    hh = sim.Handheld("oled_128x64", str(tmp_path))
    hh.run(sim.Script(hh, ["OK"]))
    assert told == [True]  # the error screen says the saved game was set aside
    assert "MemoryError" in (tmp_path / "error.log").read_text()
    assert len(hh.apps) == 1
    assert type(hh.apps[0].screen).__name__ == "Menu"  # a fresh start at the title
    assert Store(str(tmp_path)).read("game") is None


@pytest.mark.parametrize("board", ["pico_lcd_114", "oled_128x64"])
@pytest.mark.parametrize("junk", [b"", b"\x00" * 40, b"LG\x01garbage", os.urandom(300)])
def test_a_damaged_save_gives_a_short_message_and_a_fresh_start(tmp_path, junk, board):
    for slot in ("game.a", "game.b"):
        (tmp_path / slot).write_bytes(junk)
    hh = sim.Handheld(board, str(tmp_path))
    hh.run(sim.Script(hh, []))
    app = hh.apps[0]
    assert len(hh.apps) == 1
    t = app.screen
    assert type(t).__name__ == "Menu" and t.title == "Games"
    if junk:  # an empty pair of files is no save at all, and says nothing
        assert any("removed" in line for line in t.info), t.info
        if board == "oled_128x64":  # two lines: the menu's rows stay in sight below
            assert t.info == ["Level 10: save", "damaged, removed."]
        else:
            assert " ".join(t.info).startswith("The saved Level 10 game could not be read")  # which game
    t.key(app, "ok")  # Level 10
    t = app.screen
    assert [lab[0] for lab in t.items][0] == "New game"  # no Continue for a save that is gone
    # and the next power-up is quiet
    hh = sim.Handheld(board, str(tmp_path))
    hh.run(sim.Script(hh, []))
    assert not hh.apps[0].screen.info


def test_the_screen_sleeps_when_idle_and_the_waking_press_does_nothing_else(tmp_path):
    hh = sim.Handheld("pico_display", str(tmp_path))
    bl = hh.machine.pwm(hh.profile.BACKLIGHT)
    seen = []

    class Idle(sim.Script):
        def step(self):
            if self.t == 1000:
                seen.append(("awake", bl.duty_u16(), lit(hh)))
            if self.t == 6 * 60_000:  # default: sleep after 5 minutes
                seen.append(("asleep", bl.duty_u16(), lit(hh)))
                self.hh.hold("Y", True)
            if self.t == 6 * 60_000 + 100:
                self.hh.hold("Y", False)
            if self.t == 6 * 60_000 + 500:
                app = self.hh.apps[-1]
                seen.append(("woken", bl.duty_u16(), lit(hh), app.screen.focus))
                raise sim.Stop

    hh.run(Idle(hh, []))
    assert seen[0][1] > 0 and seen[0][2] > 100
    assert seen[1][1] == 0 and seen[1][2] == 0  # backlight off, panel asleep (shows black)
    assert seen[2][1] > 0 and seen[2][2] > 100 and seen[2][3] == 0  # awake, cursor unmoved


def run_cli(*args):
    return subprocess.run([sys.executable, "-m", "host_sim", *args], capture_output=True, text=True,
                          cwd=REPO, timeout=120)


def test_cli_headless_presses_and_screenshot(tmp_path):
    out = tmp_path / "shot.png"
    r = run_cli("--board", "oled_128x64", "--headless", "--press", "OK DOWN", "--screenshot", str(out))
    assert r.returncode == 0, r.stderr
    from host_sim import png

    w, h, rgb = png.decode(out.read_bytes())
    assert (w, h) == (128, 64) and len(set(rgb)) == 2


def test_cli_rejects_unknown_board_and_button():
    r = run_cli("--board", "gameboy", "--headless")
    assert r.returncode == 2
    assert "unknown board 'gameboy'" in r.stderr and "pico_display" in r.stderr
    r = run_cli("--board", "pico_display", "--headless", "--press", "A Z")
    assert r.returncode == 2
    assert "no button 'Z'" in r.stderr and "A B X Y" in r.stderr


def test_a_saved_game_with_its_own_deck_resumes_and_replays(tmp_path):
    """Saves may hold a deck instead of a deal number (app/level10/saves.py): such a game resumes,
    ends, and "Play this deal again" deals that deck again."""
    from app.level10 import saves
    from level10.game import Game, seeded_deck

    rec = load("won-solo")
    g = Game(players=1, pauses=rec.pauses, deck=seeded_deck(rec.seed, rec.pauses))
    for m in rec.moves[:49]:
        g.apply(m)
    Store(str(tmp_path)).write("game", saves.encode(g))
    hh = sim.Handheld("pico_display", str(tmp_path))
    ap = Autoplayer(rec.pauses, rec.seed, lambda g: rec.moves[g.played])
    seen = []

    def next_key(app):
        t = app.screen
        if not seen:
            seen.append(t.message)
        if type(t).__name__ == "Menu" and t.title.startswith("You won!"):
            if len(seen) == 1:
                seen.append(t.info)
                return "ok"  # play this deal again
            return None
        if type(t).__name__ == "Play" and len(seen) == 2:
            seen.append((t.game.played, bytes(t.game.deck)))
            return None
        return ap.next_key(app)

    drive(hh, next_key)
    assert seen[0] == "Welcome back: Own deck, move 50."
    assert "Own deck, Standard" in seen[1]
    assert seen[2] == (0, bytes(g.deck))
    assert len(hh.apps) == 1


def test_a_resumed_game_that_fails_before_any_key_is_set_aside_not_looped(tmp_path, monkeypatch):
    """A save the referee passes may still fail once played (a damaged board game's save
    crashed its first bot step): a failure before the player's first key since the start
    would come at every start, power cycles included, so the saves go aside, the error
    screen says so, and the next start is fresh."""
    from level8 import cards
    from level8.game import Game

    from app.level8 import play, saves

    root = str(tmp_path)
    g = Game(cards.LEVEL8, 4, seed=4, dealer=0)  # seat 1, a bot, is on turn
    Store(root).write("l8game", saves.encode(g.state, 0, 1, 1))
    Store(root).write("playing", bytes((1,)))

    def broken(self, app, now):
        raise RuntimeError("a bot's step failed")

    monkeypatch.setattr(play.Table, "tick", broken)
    from app import crash

    told = []
    real_screen = crash.error_screen
    monkeypatch.setattr(crash, "error_screen", lambda *a: told.append(a[3]) or real_screen(*a))
    hh = sim.Handheld("oled_128x64", root)
    hh.run(sim.Script(hh, ["OK"]))
    assert told == [True] and "a bot's step failed" in (tmp_path / "error.log").read_text()
    assert len(hh.apps) == 2 and type(hh.apps[-1].screen).__name__ == "Menu"  # fresh, at the title
    assert Store(root).read("l8game") is None
    hh = sim.Handheld("oled_128x64", root)  # and a power cycle starts fresh too
    hh.run(sim.Script(hh, []))
    assert told == [True] and len(hh.apps) == 1 and type(hh.apps[0].screen).__name__ == "Menu"
