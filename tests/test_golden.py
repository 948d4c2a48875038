"""Golden screenshots: the key screens of every board, as the emulated panel shows them
after the firmware drew them through its real display driver.

A difference fails the test and writes the new picture next to the golden one (as
`NAME.new.png`) for a look. After a deliberate change of the look, refresh them all with

    UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/test_golden.py

and look at every changed picture before committing it.
"""

import os
from pathlib import Path

import pytest

from host_sim import png, sim
from host_sim.autoplay import Autoplayer, drive, key_toward
from level10 import record

GOLDEN = Path(__file__).parent / "golden"
BOARDS = ["pico_display", "pico_lcd_114", "oled_128x64"]
UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"


def load(name):
    with open(Path(__file__).parent.parent / "records" / (name + ".l10")) as f:
        return record.parse(f.read())


WON = load("won-solo")  # deal 3, Standard: two pauses in the opening hand
BURIAL = load("won-burial")


def on_table(rec, moves_played):
    """Keys: from the title, start `rec`'s deal and play its first moves."""
    ap = Autoplayer(rec.pauses, rec.seed, lambda g: rec.moves[g.played])

    def step(app):
        t = app.screen
        if type(t).__name__ == "Play" and t.game.played == moves_played:
            return None
        return ap.next_key(app)

    return step


def then(first, *keys_or_fns):
    """A plan: `first` until it is done, then each of the rest in turn (a logical key, or a
    function of the app giving a key or None when done)."""
    todo = list(keys_or_fns)

    def step(app):
        nonlocal first
        while True:
            k = first(app) if first else None
            if k is not None:
                return k
            if not todo:
                return None
            nxt = todo.pop(0)
            if isinstance(nxt, str):
                first = None
                return nxt
            first = nxt

    return step


def focus_on(want):
    """Move the table's cursor onto the hand card that `want(table, i)` picks."""

    def step(app):
        t = app.screen
        target = next(i for i in range(t.hand_size()) if want(t, i))
        return None if t.focus == target else "down"

    return step


def keys(*ks):
    """Level 10's keys: its row of the games menu (the first) chosen, then `ks`."""
    return then(None, "ok", *ks)


def menu_to(label):
    """Move a menu's cursor onto `label` (then OK, as a next step, chooses it); on the games
    menu, Level 10 is chosen first."""

    def step(app):
        t = app.screen
        if t.title == "Games":
            return "ok"
        return None if t.label(t.focus) == label else "down"

    return step


def to_hint(app):
    """Move the table's cursor onto Hint (then OK, as a next step, asks for one)."""
    from app.level10 import play as T

    t = app.screen
    return None if t.item(t.focus) == T.HINT else "up"


def team(players, mode, moves):
    """Keys: from the title, a new game of won-solo's deal (3) with `players` and `mode`
    ("bots" or "pass"); the person on turn plays the first legal move until `moves` are
    played, OK hurries the bots and passes the pass screen; it stops at a person's turn
    on the table (a pass-and-play game: on the pass screen)."""
    from app.level10 import saves

    want = saves.BOTS if mode == "bots" else saves.PASS
    ap = Autoplayer(WON.pauses, WON.seed, None)

    def step(app):
        t = app.screen
        kind = type(t).__name__
        if kind == "NewGame":
            if t.players != players:
                return "ok" if t.focus == 3 else "down"
            if t.mode != want:
                return "ok" if t.focus == 4 else "down"
            return ap.new_game_key(t)
        if kind == "Menu":
            item = "Level 10" if t.title == "Games" else "New game"
            return "ok" if t.label(t.focus) == item else "down"
        if t.game.played >= moves and (t.hidden or t.my_turn()):
            return None
        if t.hidden or not t.my_turn():
            return "ok"
        return key_toward(t, t.game.clone().legal_moves()[0])

    return step


def to_talk(app):
    """Move the table's cursor onto Talk (then OK, as a next step, opens it)."""
    from ui.level10 import TALK

    t = app.screen
    return None if t.item(t.focus) == TALK else "up"


def l8(row="LEVEL 8", players=4, people=1, keep=False, at=None, *after):
    """Keys: from the games menu, a game of `row` played by host_sim/autoplay8.py until
    at(app) holds, then the keys `after`."""
    from level8 import rules  # noqa: F401 - for the conditions below

    from host_sim.autoplay8 import Autoplayer8

    ap = Autoplayer8(row=row, players=players, people=people, keep=keep, stop=at)
    return then(ap.next_key, *after)


def on_l8_table(cond):
    """A condition on LEVEL 8's table: its screen is up and cond(table, state) holds."""

    def at(app):
        t = app.screen
        return type(t).__name__ == "Table" and cond(t, t.game.state)

    return at


def on_screen(name, cond=lambda t: True):
    return lambda app: type(app.screen).__name__ == name and cond(app.screen)


def _l8_screens():
    from level8 import rules

    mine = lambda ph: on_l8_table(lambda t, s: t.mine() and rules.phase(s) == ph and rules.round_no(s) == 2)  # noqa: E731
    return {
        "l8_menu": lambda: then(None, "down", "ok"),
        "l8_new_game": lambda: then(None, "down", "down", "ok", "ok"),
        "l8_table": lambda: l8("LEVEL 8", 6, 1, False, mine(rules.PLAY)),
        "l8_draw": lambda: l8("LEVEL 8", 4, 1, False, on_screen("Menu", lambda m: m.title == "Draw from")),
        "l8_layouts": lambda: l8("LEVEL 8", 4, 1, False, on_screen("Layouts", lambda m: len(m.found) > 1)),
        "l8_card": lambda: l8(
            "LEVEL 8",
            4,
            1,
            False,
            on_screen("Menu", lambda m: len(m.items) > 2 and len(m.items[0]) > 2 and m.title != "Draw from"),
        ),
        "l8_bot_step": lambda: l8(
            "LEVEL 8",
            4,
            1,
            False,
            on_l8_table(lambda t, s: not t.mine() and t.message and " laid " in t.message),
        ),
        "l8_browse": lambda: l8("LEVEL 8", 4, 1, False, mine(rules.DRAW), "down", "ok"),
        "l8_round_end": lambda: l8(
            "LEVEL 8", 4, 1, False, on_l8_table(lambda t, s: rules.phase(s) == rules.OVER and not t.ending)
        ),
        "l8_keep": lambda: l8(
            "Level Up",
            3,
            1,
            True,
            on_l8_table(lambda t, s: t.mine() and rules.phase(s) == rules.KEEP and rules.kept(s, t.me) == 1),
        ),
        "l8_pass": lambda: l8(
            "LEVEL 8",
            3,
            3,
            False,
            on_l8_table(lambda t, s: t.hidden and rules.round_no(s) == 1 and t.me == 1),
        ),
        "l8_end": lambda: l8("LEVEL 8", 3, 1, False, None),
    }


def _board_screens():
    """The board game in the menus: from the games menu its row (the fourth), then its New
    game menu with your side turned to two stars, and the first page of its How to play."""
    return {
        "bg_new_game": lambda: then(
            None, "down", "down", "down", "ok", "ok", "down", "down", "down", "down", "ok"
        ),
        "bg_how_to_play": lambda: then(None, "down", "down", "down", "ok", "down", "down", "ok"),
    }


# name -> a function making a fresh plan (plans keep state, so one per run)
SCREENS = {
    "games": lambda: then(None),
    "title": lambda: keys(),
    "new_game": lambda: keys("ok"),
    "deal_entry": lambda: keys("ok", "down", "ok", "up", "up", "ok", "up"),
    "table": lambda: on_table(WON, 0),
    "table_pause_row": lambda: then(
        on_table(WON, 0), focus_on(lambda t, i: t.card_at(i) == 40), "ok", "down"
    ),
    "table_reset_under": lambda: then(
        on_table(WON, 5),
        focus_on(lambda t, i: i == t.hand_size() - 1),
        "down",
        "ok",
        "ok",
        "down",
        "ok",
        "down",
        "down",
        "ok",
    ),
    "table_refused": lambda: then(on_table(WON, 12), focus_on(lambda t, i: not t.playable[i]), "ok"),
    "table_bury": lambda: then(
        on_table(BURIAL, 43),
        focus_on(lambda t, i: t.card_at(i) == 40),
        "ok",
        lambda app: None if app.screen.item(app.screen.focus) == 0 else "down",
        "ok",
    ),
    "paused": lambda: then(on_table(WON, 3), "back"),
    "end_won": lambda: then(on_table(WON, 50)),
    "statistics": lambda: then(on_table(WON, 50), "down", "down", "ok", "down", "ok"),
    "how_to_play": lambda: keys("down", "down", "ok", "down", "down"),
    "settings": lambda: then(menu_to("Settings"), "ok", "ok", "down"),
    # won-solo's move 40 has one legal move (reset Volcano): the hint shows it whatever
    # the engine, so this picture does not change with the engine's strength
    "table_hint": lambda: then(on_table(WON, 39), to_hint, "ok"),
    # the demo's opening, before its first move is chosen (half a period later)
    "watch": lambda: then(menu_to("Watch a game"), "ok"),
    # teammates: the New game menu for them, the table with three bots' lines (after a
    # key, the OLED's bottom line shows the next bot's), the Talk menu, the pass screen
    "new_game_team": lambda: keys("ok", "down", "down", "down", "ok", "ok", "ok", "down"),
    "team_table": lambda: then(team(4, "bots", 6), "down"),
    "team_talk": lambda: then(team(3, "bots", 3), to_talk, "ok", "down", "ok", "down", "down", "down"),
    "team_pass": lambda: then(team(3, "pass", 2)),
    "team_pass_table": lambda: then(team(5, "pass", 3), "ok"),
}
SCREENS.update(_l8_screens())
SCREENS.update(_board_screens())


def shoot(board, plan):
    hh = sim.Handheld(board)
    drive(hh, plan)
    assert len(hh.apps) == 1, "the app met an error on the way"
    return hh.screen()


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("name", list(SCREENS))
def test_screen_matches_its_golden_picture(board, name):
    match_golden(board, name, *shoot(board, SCREENS[name]()))


@pytest.mark.parametrize("board", BOARDS)
def test_how_to_play_from_the_pause_menu_comes_back_to_the_picture_resume_gives(board):
    """A hint on show, the pause menu, How to play, back: the table looks exactly as after
    Resume, though on the OLED it was made again from the save (app/level10/pausehelp.py)."""
    hinted = lambda: then(on_table(WON, 39), to_hint, "ok", "back")  # noqa: E731
    resumed = shoot(board, then(hinted(), "ok"))
    read = shoot(board, then(hinted(), "down", "ok", "down", "ok"))
    assert read == resumed


def match_golden(board, name, w, h, rgb):
    """Fail unless the picture is golden/BOARD/NAME.png (writing it when there is none yet,
    or every one with UPDATE_GOLDEN=1; a differing one is written beside it as .new.png)."""
    path = GOLDEN / board / (name + ".png")
    if UPDATE or not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(png.encode(w, h, rgb))
        if not UPDATE:
            pytest.fail("no golden picture yet: wrote %s (look at it, then commit it)" % path)
        return
    gw, gh, grgb = png.decode(path.read_bytes())
    if (gw, gh, grgb) != (w, h, bytes(rgb)):
        new = path.with_suffix(".new.png")
        new.write_bytes(png.encode(w, h, rgb))
        diff = sum(1 for i in range(0, min(len(rgb), len(grgb)), 3) if rgb[i : i + 3] != grgb[i : i + 3])
        pytest.fail("%s differs from %s in %d pixels (see %s)" % (name, path, diff, new))
