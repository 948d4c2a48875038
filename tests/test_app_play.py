"""Whole games on the handheld, played by pressing its buttons in the headless simulator.

The firmware runs its own main loop (app/run.py) on the stand-in hardware; buttons are
pins held down and let go in virtual time, the screen is what the emulated panel shows.
An autoplayer (host_sim/autoplay.py) looks at the screen the app is on and presses the key
that brings the chosen move closer, from the title menu to the end screen.
"""

import re

import pytest

from app.level10 import stats
from host_sim import sim
from host_sim.autoplay import Autoplayer, drive
from level10 import moves, record, rules
from level10.game import Game
from prng import Prng

BOARDS = ["pico_display", "pico_lcd_114", "oled_128x64"]


def load(name):
    with open("records/%s.l10" % name) as f:
        return record.parse(f.read())


def shown_score(end_screen):
    """The score the end screen shows ("Score 80 ...")."""
    return int(re.match(r"Score (\d+)", end_screen.info[0]).group(1))


def play(board, pauses, deal, plan, save_dir=None):
    hh = sim.Handheld(board, save_dir)
    ap = Autoplayer(pauses, deal, plan)
    presses = drive(hh, ap.next_key)
    return hh, ap, presses


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("name", ["won-solo", "won-burial"])
def test_a_recorded_win_played_by_buttons_from_title_to_end(board, name):
    rec = load(name)
    hh, ap, presses = play(board, rec.pauses, rec.seed, lambda g: rec.moves[g.played])
    assert len(hh.apps) == 1, "the app restarted: an error screen came up"
    app = hh.apps[0]
    assert ap.played == list(rec.moves)
    # the engine's own result for the same moves
    ref = Game(players=1, pauses=rec.pauses, seed=rec.seed)
    for m in rec.moves:
        ref.apply(m)
    assert ref.status() == rules.WON
    end = ap.ended
    assert end.title.startswith("You won!")
    assert shown_score(end) == ref.score()
    row = stats.load(app).rows[rec.pauses]
    assert row[:3] == [1, 1, ref.score()]  # played, won, best
    assert app.store.read("game") is None  # a finished game is not resumed
    # the end screen really is on the panel: not a blank or stale frame
    w, h, rgb = hh.screen()
    assert len(set(rgb)) > 1


def random_plan(seed):
    """A plan that picks a random legal move, favouring resets with cards put under
    and pauses with burials so every flow of the table gets played."""
    rng = Prng(seed)

    def plan(game):
        legal = game.legal_moves()
        fancy = [
            m
            for m in legal
            if (moves.kind(m) == moves.RESET and moves.card(m) != 63)
            or (moves.kind(m) == moves.PLAY and moves.card(m) == 40)
        ]
        pool = fancy if fancy and rng.below(3) == 0 else legal
        return pool[rng.below(len(pool))]

    return plan


@pytest.mark.parametrize("seed", range(6))
def test_random_games_by_buttons_match_the_engine(seed):
    board = BOARDS[seed % 3]
    pauses = seed % 4
    hh, ap, _ = play(board, pauses, 1000 + seed, random_plan(seed))
    ref = Game(players=1, pauses=pauses, seed=1000 + seed)
    for m in ap.played:
        ref.check(m) is None or pytest.fail("the table played an illegal move")
        ref.apply(m)
    assert ref.over()
    assert ap.ended.title.startswith("You won!" if ref.status() == rules.WON else "Game over")
    assert shown_score(ap.ended) == ref.score()
    kinds = {(moves.kind(m), moves.card(m) == 40, moves.card(m) != 63) for m in ap.played}
    assert len(kinds) >= 2


def power_on_and_play(save, rec, stop_after):
    """Power the handheld on with the flash folder `save` and play `rec` on from wherever it
    is, until `stop_after` moves are played (then the power goes off) or the game ends.
    Returns (moves played when the table first showed, the autoplayer, the handheld)."""
    hh = sim.Handheld("oled_128x64", str(save))
    ap = Autoplayer(rec.pauses, rec.seed, lambda g: rec.moves[g.played])
    first = []

    def next_key(app):
        t = app.screen
        playing = type(t).__name__ == "Play"
        if not first:
            first.append(t.game.played if playing else None)
        if playing and t.game.played == stop_after:
            return None
        return ap.next_key(app)

    drive(hh, next_key)
    return first[0], ap, hh


def test_the_game_resumes_after_power_off_at_every_move(tmp_path):
    """Power off after each move (the run stops), power on again (a new handheld on the
    same flash folder): the game comes back at that move, and playing on wins it."""
    rec = load("won-solo")
    save = tmp_path / "flash"
    at, ap, hh = power_on_and_play(save, rec, 1)
    assert at is None  # a fresh flash starts at the title menu
    for n in range(1, 50):
        at, ap, hh = power_on_and_play(save, rec, n + 1)
        assert at == n, "power-up did not resume at move %d" % n
        if n < 49:
            assert hh.apps[-1].screen.game.moves() == list(rec.moves[: n + 1])
    assert ap.ended is not None and ap.ended.title.startswith("You won!")
    assert stats.load(hh.apps[-1]).rows[rec.pauses][:3] == [1, 1, 80]


def _table_at_move(board, tmp_path, moves):
    """An app on `board` at a solo table `moves` moves into deal 3, saved as after every move."""
    import sys

    from app.app import App, forget
    from app.level10 import menu
    from app.run import labels
    from app.store import Store

    forget("app.level10.restore")  # as at power-up: another test may have imported it
    hh = sim.Handheld(board, str(tmp_path))
    app = App(hh.device.display, Store(hh.root), labels(hh.profile), hh.device, 0)
    app.playing = 0
    g = Game(players=1, pauses=2, seed=3)
    for _ in range(moves):
        g.apply(g.legal_moves()[0])
    menu.play(app, g, 0, "")
    table = app.screen
    table.save(app)
    assert type(table).__name__ == "Play" and "app.level10.menu" not in sys.modules
    return app, table


def test_the_pause_menu_is_up_without_the_menus_or_the_drawing_code(tmp_path):
    """Back on the table opens the pause menu (app/level10/pause.py) without the game's
    other menus (menu.py) and, on the OLED, without the table's drawing; Resume puts the
    table back, drawn whole, and lets the pause menu's code go. On the OLED the pause menu
    measured 54.7 KB with them, and the table after it kept menu.py for the rest of the
    game."""
    import sys

    app, table = _table_at_move("oled_128x64", tmp_path, 5)
    app.render()
    assert table.view is not None
    app.key("back", 0)
    assert app.screen.title == "Paused" and "app.level10.pause" in sys.modules
    assert (
        "app.level10.menu" not in sys.modules and "ui.level10.mono" not in sys.modules and table.view is None
    )
    app.key("ok", 0)  # Resume
    assert app.screen is table
    held = [n for n in ("app.level10.menu", "app.level10.pause", "app.screen") if n in sys.modules]
    assert held == []
    app.render()  # drawn whole again
    assert table.view is not None and "ui.level10.mono" in sys.modules


@pytest.mark.parametrize("board", BOARDS)
def test_how_to_play_from_the_pause_menu_comes_back_to_the_same_game(board, tmp_path):
    """How to play from the pause menu needs no menu's code. On the OLED it lets the whole
    table go (with it, its pages measured 51.3 KB, over the OLED's 48 KB) and its pages
    come back to the game from its save, at the same move, still assisted, with the hint
    on show and the cursor where they were, and no welcome back; the colour boards keep
    the table under the pages."""
    import gc
    import sys
    import weakref

    app, table = _table_at_move(board, tmp_path, 5)
    before = table.game.moves()
    table.hinted = True  # a hint was asked for: the game counts as assisted
    table.save(app)
    hint = table.buf[1]  # a hint on show, as hints.hint leaves it: its move and its card
    table.hint, table.hint_at, table.focus = hint, 2, 2
    app.key("back", 0)
    app.key("down", 0)
    app.key("ok", 0)
    assert app.screen.title == "How to play" and "app.level10.menu" not in sys.modules
    mono = board == "oled_128x64"
    assert ("app.level10.play" in sys.modules) != mono
    old = weakref.ref(table)
    del table
    gc.collect()
    assert (old() is None) == mono  # the OLED's table is gone while the pages are up
    app.key("ok", 0)  # back to the game
    back = app.screen
    assert type(back).__name__ == "Play" and (back is old()) != mono
    assert back.game.moves() == before and back.message is None  # a key clears it anyway
    assert back.hinted and (back.hint, back.hint_at, back.focus) == (hint, 2, 2)
    held = (
        "app.level10.menu",
        "app.level10.pause",
        "app.level10.pausehelp",
        "app.level10.restore",
        "app.screen",
    )
    held = [n for n in held if n in sys.modules]
    assert held == []
    app.render()
    assert back.view is not None


def test_how_to_play_from_the_pause_menu_with_no_save_goes_to_the_games_menu(tmp_path):
    """Should the save be gone while its pages are up, the OLED's How to play cannot come
    back to the game: it goes to Level 10's menu, not to a dead end."""
    app, table = _table_at_move("oled_128x64", tmp_path, 2)
    app.key("back", 0)
    app.key("down", 0)
    app.key("ok", 0)
    app.store.remove("game")
    app.key("ok", 0)
    assert app.screen.title == "Level 10"
