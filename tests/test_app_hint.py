"""Hints on the table and Watch a game, played by the handheld's keys in the headless
simulator, and under the real MicroPython.

A hint shows the hint engine's move for the position without playing it: the cursor on
its card (or Reset), its row highlighted, the move in words; the game then counts as
assisted, in the save and in the statistics. Watch a game plays a deal by itself as
virtual time passes, choosing every move with the hint engine, and never writes the saved
game or the statistics.
"""

import ast
import importlib
import os
import sys

import pytest
from keyclock import STOP
from keyclock import KeyClock as Clock
from keyclock import Keys as BaseKeys
from mainloop import program

from app.app import App, forget
from app.level10 import restore, saves, stats
from app.level10.stats import Stats
from app.run import labels
from app.store import Store
from host_sim import sim
from host_sim.autoplay import Autoplayer, drive, key_toward
from level10 import cards, moves, record, rules
from level10.game import Game

BOARDS = ["pico_display", "pico_lcd_114", "oled_128x64"]
REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def load(name):
    with open(os.path.join(REPO, "records", name + ".l10")) as f:
        return record.parse(f.read())


WON = load("won-solo")
BURIAL = load("won-burial")


@pytest.fixture(autouse=True)
def engine_not_loaded():
    """Each test starts as the handheld does: no hint code in memory (other test modules
    in this process may have imported the engine)."""
    forget(
        "level10.hint",
        "level10.heuristic",
        "level10.outlook",
        "level10.outlook_p0",
        "level10.outlook_p1",
        "level10.outlook_p2",
        "level10.outlook_p3",
        "level10.sight",
        "level10.talk",
        "app.level10.hints",
        "app.level10.watch",
    )


def engine():
    """The hint engine, for the tests' own use: it and whatever it imports are left
    unloaded, as the app leaves them, so the app always loads them itself."""
    had = set(sys.modules)
    hint = importlib.import_module("level10.hint")
    forget(*[name for name in sys.modules if name not in had])
    return hint


def seat_view(game):
    """The seat on turn's view of `game` (level10.view, left unloaded like the engine)."""
    had = set(sys.modules)
    view = importlib.import_module("level10.view")
    forget(*[name for name in sys.modules if name not in had])
    return view.seat_view(game)


def engine_move(game):
    """What the hint engine suggests for `game` (the app asks with the move number as seed)."""
    return engine().suggest(seat_view(game.clone()), seed=game.played)


def replay(rec, n):
    """`rec`'s deal with its first `n` moves played."""
    g = Game(players=1, pauses=rec.pauses, seed=rec.seed)
    for m in rec.moves[:n]:
        g.apply(m)
    return g


def is_table(t):
    return type(t).__name__ == "Play"


def to_hint(app):
    """One key toward asking the table for a hint: up to the Hint item, then OK."""
    from app.level10 import play as T

    t = app.screen
    return "ok" if t.item(t.focus) == T.HINT else "up"


def unloaded():
    """The hint's code is in memory only while it is asked or a demo plays."""
    return "level10.hint" not in sys.modules and "app.level10.hints" not in sys.modules


def check_shown(t, m, before):
    """Table `t` shows hint `m` for position `before` (a Game) and played nothing."""
    assert bytes(t.game.state) == bytes(before.state)
    assert t.game.moves() == before.moves()
    assert m in before.legal_moves()
    assert t.hint == m
    hn = t.hand_size()
    if moves.kind(m) == moves.RESET:
        assert t.focus == hn  # the Reset item
    else:
        assert t.focus < hn and t.card_at(t.focus) == moves.card(m)
    assert t.targets() == 1 << moves.row(m)  # its row, and only its row, highlighted
    words = t.message
    assert words.startswith("Hint: ")
    if moves.kind(m) == moves.PLAY and moves.card(m) != cards.PAUSE:
        assert words == "Hint: " + cards.name(moves.card(m))
    else:
        assert ("Reset " if moves.kind(m) == moves.RESET else "Pause on ").lower() in words.lower()
        assert cards.WORLD_NAMES[moves.row(m)] in words


def test_the_engine_lets_go_of_the_outlook_s_table_loaded_after_its_first_hint():
    # a demo or the bots keep the engine loaded between moves; the outlook's table loads
    # with the first search that forecasts, which need not be the first one asked
    from app.level10 import hints

    late = replay(WON, 40)  # the deck is empty: no forecast
    assert not late.state[rules.AT_COUNT] and late.list_moves() > 1
    hints.suggest(late)
    assert "level10.hint" in sys.modules and "level10.outlook_p%d" % WON.pauses not in sys.modules
    hints.suggest(replay(WON, 0))  # the first move: a search that forecasts
    assert "level10.outlook_p%d" % WON.pauses in sys.modules
    hints.unload("app.level10.hints")
    assert [n for n in sys.modules if n.startswith("level10.outlook")] == []
    assert unloaded()


# -- a hint on the table, by the buttons ------------------------------------------------


@pytest.mark.parametrize("board", BOARDS)
def test_a_hint_shows_the_suggested_move_and_plays_nothing(board, tmp_path):
    hh = sim.Handheld(board, str(tmp_path))
    ap = Autoplayer(WON.pauses, WON.seed, lambda g: WON.moves[g.played])
    seen = {}

    def next_key(app):
        t = app.screen
        if is_table(t) and t.game.played == 5:
            if "before" in seen:
                return None
            k = to_hint(app)
            if k == "ok":
                seen["before"] = t.game.clone()
                seen["modules"] = set(sys.modules)
                assert not t.hinted
            return k
        return ap.next_key(app)

    drive(hh, next_key)
    assert set(sys.modules) == seen["modules"], "the hint left code loaded"
    app = hh.apps[-1]
    t = app.screen
    before = seen["before"]
    check_shown(t, engine_move(before), before)
    assert t.hinted and not t.assisted
    back, flags = restore.decode(app.store.read("game"))
    assert flags == saves.HINTED  # saved at once: a power cut cannot drop the mark
    assert back.moves() == before.moves()
    assert unloaded()
    w, h, rgb = hh.screen()
    assert len(set(rgb)) > 1


def keys_app(board, root, game, flags=0):
    """An app on `board` (keys straight to App.key, as the input fuzz does) powered up on
    a flash holding `game` as the saved game: it resumes on the table."""
    store = Store(root)
    store.write("game", saves.encode(game, flags))
    hh = sim.Handheld(board, root)
    app = App(hh.device.display, Store(root), labels(hh.profile), hh.device, 0)
    assert is_table(app.screen)
    return app


class Keys(BaseKeys):
    """Presses logical keys on an app, 200 ms of made-up time apart (no ticks: a solo
    table does nothing by itself)."""

    ticks = False

    def hint(self):
        while to_hint(self.app) != "ok":
            self("up")
        self("ok")


@pytest.mark.parametrize("rec", [WON, BURIAL], ids=["won-solo", "won-burial"])
def test_every_position_gets_a_legal_hint_that_ok_then_follows(rec, tmp_path):
    """At every position of two whole games: the hint is the engine's move, legal, shown
    without playing it; OK on the hinted item then plays that card, or opens the row step
    on the hinted row."""
    for n in range(len(rec.moves)):
        pos = replay(rec, n)
        board = BOARDS[n % 10] if n % 10 < 2 else "oled_128x64"  # the colour ones are slower
        app = keys_app(board, str(tmp_path / str(n)), pos)
        press = Keys(app)
        press.hint()
        t = app.screen
        m = engine_move(pos)
        check_shown(t, m, pos)
        assert unloaded()
        press("ok")
        if moves.kind(m) == moves.PLAY and moves.card(m) != cards.PAUSE:
            assert t.game.moves() == pos.moves() + [m]
            assert t.hint == 0  # a move played: the hint no longer stands
        else:
            assert t.game.moves() == pos.moves()
            assert t.item(t.focus) == moves.row(m)  # the row step starts on the hinted row


def test_the_hint_mark_survives_power_off_and_undo_and_old_saves_still_load(tmp_path):
    # a hinted game resumes hinted, and plays on hinted
    app = keys_app("oled_128x64", str(tmp_path / "a"), replay(WON, 7))
    Keys(app).hint()
    hh = sim.Handheld("oled_128x64", str(tmp_path / "a"))
    hh.run(sim.Script(hh, []))
    t = hh.apps[0].screen
    assert is_table(t) and t.hinted and not t.assisted and t.game.played == 7
    # an old save, from before hints (Undo's mark only), plays on as it was
    app = keys_app("pico_display", str(tmp_path / "b"), replay(WON, 7), saves.ASSISTED)
    t = app.screen
    assert t.assisted and not t.hinted
    press = Keys(app)
    while t.game.played == 7:
        press(key_toward(t, WON.moves[7]))
    assert restore.decode(app.store.read("game"))[1] == saves.ASSISTED
    press.hint()  # ... and takes the hint's mark besides
    assert restore.decode(app.store.read("game"))[1] == saves.ASSISTED | saves.HINTED
    # a hint, then Undo: both marks
    app = keys_app("pico_lcd_114", str(tmp_path / "c"), replay(WON, 7))
    press = Keys(app)
    press.hint()
    from app.level10 import play as T

    while app.screen.item(app.screen.focus) != T.UNDO:
        press("up")
    press("ok")
    assert app.screen.game.moves() == list(WON.moves[:6])
    assert restore.decode(app.store.read("game"))[1] == saves.ASSISTED | saves.HINTED


@pytest.mark.parametrize("board", BOARDS)
def test_a_hinted_game_counts_as_assisted(board, tmp_path):
    """Won-solo played to its end with one hint on the way: the end screen says assisted,
    the statistics count it apart (no game played, no best score), and say why."""
    hh = sim.Handheld(board, str(tmp_path))
    ap = Autoplayer(WON.pauses, WON.seed, lambda g: WON.moves[g.played])
    asked = []
    to_stats = []

    def next_key(app):
        t = app.screen
        if is_table(t) and t.game.played == 3 and not asked:
            k = to_hint(app)
            if k == "ok":
                asked.append(1)
            return k
        if ap.ended is None:
            k = ap.next_key(app)
            if k is not None:
                return k
        # the end screen, then Title, then Statistics
        if t.title == "Statistics":
            return None
        want = "Title" if t.title != "Level 10" else "Statistics"
        to_stats.append(want)
        return "ok" if t.label(t.focus) == want else "down"

    drive(hh, next_key)
    end = ap.ended
    assert ap.played == list(WON.moves)
    app = hh.apps[-1]
    if app.p.mono:
        assert end.title == "You won! (assisted)"
    else:
        assert end.title == "You won!" and end.info[-1].endswith("(assisted)")
    assert stats.load(app).rows[WON.pauses] == [0, 0, 0, 0, 0, 1]
    assert app.store.read("game") is None
    text = " ".join(app.screen.lines)
    assert "hint" in text and "assisted" in text


# -- Watch a game ------------------------------------------------------------------------


def menu_to(app, label):
    """A key toward choosing `label` on the menu on show."""
    t = app.screen
    if t.title == "Games":
        return "ok"  # Level 10, the first row
    return "ok" if t.label(t.focus) == label else "down"


def flash_files(root):
    return sorted(f for f in os.listdir(root) if not f.startswith("settings"))


def engine_game(pauses, deal, upto=None):
    """The deal played by the hint engine alone, as the demo plays it."""
    hint = engine()
    g = Game(players=1, pauses=pauses, seed=deal)
    while not g.over() and (upto is None or g.played < upto):
        g.apply(hint.suggest(seat_view(g), seed=g.played))
    return g


@pytest.mark.parametrize("board", BOARDS)
def test_watch_a_game_plays_by_itself_and_back_returns_to_the_title(board, tmp_path):
    from app.level10 import watch as W

    period = W.PERIOD
    hh = sim.Handheld(board, str(tmp_path))
    log = []  # (time, moves played) while the demo is on show
    state = {"opened": None, "ok_at": None}

    def plan(app, t):
        s = app.screen
        kind = type(s).__name__
        if kind == "Watch":
            if state["opened"] is None:
                state["opened"] = app.last  # the time of the key that opened it, as the app saw it
                state["watch"] = s
            log.append((t, s.game.played))
            since = t - state["opened"]
            if since >= 8 * period and state["ok_at"] is None:
                state["ok_at"] = (t, s.game.played)
                return "ok"  # the next move at once
            if since >= 9 * period:
                return "back"
            return None
        if state["opened"] is None:
            return menu_to(app, "Watch a game")
        return STOP  # back on the title menu

    hh.run(Clock(hh, plan))
    assert len(hh.apps) == 1
    app = hh.apps[0]
    w = state["watch"]
    # a move every period of app time (the first is chosen half a period after opening,
    # and played a period later), each one the engine's
    t0 = state["opened"]
    at = dict(log)

    def played_at(t):
        return at[max(x for x in at if x <= t)]

    for k in range(1, 7):
        due = t0 + period // 2 + k * period
        assert (played_at(due - 50), played_at(due + 50)) == (k - 1, k), "move %d not on time" % k
    pauses = rules.pauses(w.game.state)
    assert pauses == 2  # the last difficulty: none chosen yet, Standard
    assert w.game.moves() == engine_game(pauses, w.deal, w.game.played).moves()
    ok_t, ok_n = state["ok_at"]
    assert any(n == ok_n + 1 and ok_t < t < ok_t + period // 2 for t, n in log), "OK did not play at once"
    # the move on show is highlighted as a hint is
    if not w.game.over():
        assert w.hint and w.targets() == 1 << moves.row(w.hint)
    # Back: the title menu; the demo's code gone, the app's own tick back
    assert type(app.screen).__name__ == "Menu" and app.screen.title == "Level 10"
    assert unloaded() and "tick" not in vars(app)
    assert flash_files(tmp_path) == []  # no saved game, no statistics
    assert stats.load(app).rows == [[0] * 6 for _ in range(4)]


def test_a_whole_demo_to_its_end_in_virtual_time(tmp_path):
    """With a game saved and statistics kept: power up (the saved game comes back), Save
    and quit, Watch a game to its very end, then Title. The demo is the engine's game of
    its deal, its end says how it went, and the save and statistics are untouched."""
    store = Store(str(tmp_path))
    store.write("game", saves.encode(replay(WON, 7), saves.ASSISTED))
    st = Stats()
    stats.record(st, 2, True, 80)
    store.write("stats", stats.encode(st))
    kept = {f: (tmp_path / f).read_bytes() for f in os.listdir(tmp_path)}
    hh = sim.Handheld("pico_display", str(tmp_path))
    seen = {}

    def plan(app, t):
        s = app.screen
        kind = type(s).__name__
        if kind == "Play":  # resumed at power-up: Back opens the pause menu
            return "back"
        if kind == "Watch":
            seen["watch"] = s
            assert app.awake, "the screen slept during the demo"
            return None
        if s.title == "Paused":
            return menu_to(app, "Save and quit")
        if "watch" not in seen:
            return menu_to(app, "Watch a game")
        if s.title.startswith("Demo"):
            seen["end"] = s
            return menu_to(app, "Title")
        return STOP

    hh.run(Clock(hh, plan))
    w = seen["watch"]
    end = seen["end"]
    ref = engine_game(rules.pauses(w.game.state), w.deal)
    assert w.game.moves() == ref.moves() and ref.over()
    won = ref.status() == rules.WON
    assert end.title == ("Demo: won!" if won else "Demo: game over")
    assert end.info[1] == "%s, score %d" % ("Won" if won else "Lost", ref.score())
    assert [i[0] for i in end.items] == ["Watch another", "Title"]
    app = hh.apps[0]
    assert type(app.screen).__name__ == "Menu" and app.screen.title == "Level 10"
    assert app.screen.label(0) == "Continue"
    assert {f: (tmp_path / f).read_bytes() for f in os.listdir(tmp_path)} == kept
    assert unloaded() and "tick" not in vars(app)


# -- under the real MicroPython ----------------------------------------------------------


def test_hints_run_alike_under_micropython_from_mpy(micropython):
    """The scripted game (won-solo) with a hint at moves 0, 10, 20, 30 and 40, from the
    deployed .mpy files under MicroPython and from source under CPython: the same screens,
    bytes and result; the hint's heap is measured as it runs."""
    from tools import apprun

    keys, hints = apprun.keys_with_hints("oled_128x64", WON)
    deal = (WON.pauses, WON.seed)
    micro, _ = apprun.run_micropython("oled_128x64", keys, hints=hints, deal=deal)
    cpy = apprun.run_cpython("oled_128x64", keys, hints=hints, deal=deal)
    for k in ("screen", "info", "stats", "frame", "bytes_sent", "per_move", "keys", "moves", "hints"):
        assert micro[k] == cpy[k], k
    assert micro["screen"] == "You won! (assisted)"
    assert micro["stats"][WON.pauses] == [0, 0, 0, 0, 0, 1]
    assert micro["hints"] == 5
    assert micro["hint_peak"] > micro["hint_before"] > micro["at_start"] > 0
    # the parts of a hint (its code, the engine's working memory) are within the bound
    assert micro["hint_code"] > 0 and micro["hint_work"] > 0
    assert micro["hint_before"] + micro["hint_code"] + micro["hint_work"] <= micro["hint_peak"]


DEMO_TAIL = r"""
t = apps[-1].screen
print(repr((len(apps), type(t).__name__, t.deal, t.game.moves())))
"""


def test_watch_a_game_runs_under_micropython(micropython, tmp_path):
    """The firmware's own loop from the deployed .mpy: Watch a game, then 8 periods with no
    key: the demo has played the engine's first moves of its deal."""
    from app.level10 import watch as W
    from tools import apprun

    apprun.stage("oled_128x64", tmp_path)
    code = program("OK DOWN DOWN DOWN OK", DEMO_TAIL, wait=8 * W.PERIOD)  # Level 10, Watch a game
    out = micropython.run(code, firmware_dir=tmp_path, lib_dirs=[micropython.HOST_SIM / "machine.py"])
    apps, kind, deal, played = ast.literal_eval(out.strip().splitlines()[-1])
    assert (apps, kind) == (1, "Watch")
    assert 7 <= len(played) <= 8
    assert played == engine_game(2, deal, len(played)).moves()  # Standard: the default difficulty
