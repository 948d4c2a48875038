"""The board game (Das Brettspiel, #23) in the handheld's menus: its row of the games menu,
its New game menu with each seat's level side (LB-5) remembered in its own file, Start
creating the board game's state, its saved game (resumed, refused when damaged, written
through a power cut), its own statistics and its how-to-play pages. The table that plays
it is tested with the table (tests/test_app_level8.py); here it only has to come up on
the position saved.
"""

import sys

import pytest
from keyclock import Keys
from level8 import board, cards, layout, sides, track
from level8.game import Game

from app import games
from app.app import App
from app.crash import set_aside_saves
from app.level8 import SAVE, choices, file, name, saves, stats, which
from app.run import labels
from app.store import Store
from host_sim import sim

BOARDS = ["pico_display", "pico_lcd_114", "oled_128x64"]
ROW = 3  # the board game's row of the games menu


def power_up(board_name, root):
    hh = sim.Handheld(board_name, root)
    return App(hh.device.display, Store(root), labels(hh.profile), hh.device, 0)


def labels_of(m):
    return [m.label(i) for i in range(len(m.items))]


def to(press, app, label):
    """Move a menu's cursor onto `label` and choose it."""
    m = app.screen
    for _ in range(len(m.items)):
        if m.label(m.focus) == label:
            press("ok")
            return
        press("down")
    raise AssertionError("no %r in %r" % (label, labels_of(m)))


def board_menu(board_name, root):
    app = power_up(board_name, root)
    press = Keys(app)
    to(press, app, "Das Brettspiel")
    return app, press


def new_game(board_name, root):
    app, press = board_menu(board_name, root)
    to(press, app, "New game")
    assert type(app.screen).__name__ == "NewGame"
    return app, press


def set_to(press, app, players, people):
    """Players and people on the open New game menu (OK steps a value on)."""
    m = app.screen
    while m.c.players != players:
        m.focus = 1
        press("ok")
    while m.c.people != people:
        m.focus = 2
        press("ok")


# the row


def test_the_games_menu_offers_the_board_game_as_a_third_row_of_level8(tmp_path):
    assert games.GAMES[ROW] == ("Das Brettspiel", "app.level8.entry", "bggame")
    assert SAVE == ("l8game", "lugame", "bggame")  # app/run.py sets all three aside
    assert [file(2, k) for k in range(3)] == ["bggame", "bgstats", "bgnew"]
    assert [name(g) for g in range(3)] == ["LEVEL 8", "Level Up", "Das Brettspiel"]
    app = power_up("oled_128x64", str(tmp_path))
    assert labels_of(app.screen) == ["Level 10", "LEVEL 8", "Level Up", "Das Brettspiel", "Settings"]
    press = Keys(app)
    to(press, app, "Das Brettspiel")
    m = app.screen
    assert m.title == "Das Brettspiel" and labels_of(m) == ["New game", "Statistics", "How to play"]
    assert app.playing == ROW and which(app) == cards.BOARD
    press("back")
    assert app.screen.title == "Games"
    assert app.store.read("playing") == bytes((ROW,))  # power-up resumes its save first


@pytest.mark.parametrize("label", ["LEVEL 8", "Level Up", "Das Brettspiel", "Settings"])
def test_back_to_the_games_menu_keeps_the_row_left(label, tmp_path):
    """As every deeper menu does: Back from a game's menu or from Settings comes back to
    the games menu on the row left, not on its first."""
    app = power_up("pico_display", str(tmp_path))
    press = Keys(app)
    to(press, app, label)
    assert app.screen.title == label
    press("back")
    m = app.screen
    assert m.title == "Games" and m.label(m.focus) == label


def test_the_card_rows_are_still_their_games(tmp_path):
    app = power_up("oled_128x64", str(tmp_path))
    for row, game in ((1, cards.LEVEL8), (2, cards.LEVELUP)):
        app.playing = row
        assert which(app) == game and app.game().__name__ == "app.level8.entry"


# New game


@pytest.mark.parametrize("board_name", BOARDS)
def test_new_game_offers_each_persons_side_and_the_bots_side_and_no_keep_option(board_name, tmp_path):
    app, press = new_game(board_name, str(tmp_path))
    m = app.screen
    narrow = app.p.mono
    assert m.title == "New board game"
    assert labels_of(m) == [
        "Start",
        "Players: 4",
        "You and 3 bots",
        "Bots: Medium",
        "Your side: 1 star",
        "Bots' side: 1 star",
    ]
    assert not any("Keep" in lab for lab in labels_of(m))  # the board game keeps four by its own rule
    m.focus = 4
    press("right")
    assert m.label(4) == "Your side: 2 stars" and m.focus == 4  # the row keeps the cursor
    press("ok")
    assert m.label(4) == "Your side: 1 star"
    set_to(press, app, 5, 3)
    got = labels_of(m)
    p = "P%d side: " if narrow else "Player %d's side: "
    assert got[4:] == [p % 1 + "1 star", p % 2 + "1 star", p % 3 + "1 star", "Bots' side: 1 star"]
    set_to(press, app, 4, 3)
    assert labels_of(m)[-1] == "Bot's side: 1 star"
    set_to(press, app, 3, 3)  # pass and play: no bots, no bots' rows
    assert labels_of(m)[3:] == [p % 1 + "1 star", p % 2 + "1 star", p % 3 + "1 star"]
    for lab in labels_of(m):
        assert len(lab) <= app.p.cols - 1, lab  # a menu row starts 2 pixels in


def test_start_deals_the_board_game_with_each_seats_side_and_remembers_the_choices(tmp_path):
    root = str(tmp_path)
    app, press = new_game("oled_128x64", root)
    set_to(press, app, 5, 2)
    m = app.screen
    rows = labels_of(m)
    for want in ("P2 side: 1 star", "Bots' side: 1 star"):
        m.focus = rows.index(want)
        press("right")
    assert labels_of(m)[4:] == ["P1 side: 1 star", "P2 side: 2 stars", "Bots' side: 2 stars"]
    m.focus = 0
    press("ok")
    t = app.screen
    assert type(t).__name__ == "Table"
    s = t.game.state
    assert layout.game(s) == cards.BOARD and layout.players(s) == 5
    assert [board.side(s, q) for q in range(5)] == [1, 2, 2, 2, 2]
    assert t.people == 2 and t.strength == 1
    # saved at once, as the board game's save, checked as one
    g, flags, people, strength = saves.decode(app.store.read("bggame"), cards.BOARD)
    assert bytes(g.state) == bytes(s) and (people, strength) == (2, 1)
    assert app.store.read("l8game") is None and app.store.read("lugame") is None
    # the choices: in the board game's own file only, offered again next time
    assert app.store.read("l8new") is None and app.store.read("lunew") is None
    c = choices.decode(app.store.read("bgnew"), True)
    assert (c.players, c.people, c.strength, c.keep, c.sides) == (5, 2, 1, False, 2 | 1 << 6)
    app.store.remove("bggame")
    app2, press2 = new_game("oled_128x64", root)
    assert labels_of(app2.screen)[1:] == [
        "Players: 5",
        "2 people, 3 bots",
        "Bots: Medium",
        "P1 side: 1 star",
        "P2 side: 2 stars",
        "Bots' side: 2 stars",
    ]


def test_the_board_games_menu_code_is_loaded_for_it_only(tmp_path):
    root = str(tmp_path)
    app, press = new_game("oled_128x64", root)
    assert "app.level8.boardnew" in sys.modules
    press("back")
    assert app.screen.title == "Das Brettspiel" and "app.level8.boardnew" not in sys.modules
    press("back")
    to(press, app, "LEVEL 8")
    to(press, app, "New game")
    m = app.screen
    assert m.title == "LEVEL 8: new game" and "app.level8.boardnew" not in sys.modules
    assert not any("side" in lab for lab in labels_of(m))
    press("back")
    to(press, app, "How to play")
    assert "app.level8.boardhelp" not in sys.modules
    assert not any("Any action" in line for line in app.screen.lines)


def test_choices_with_sides_round_trip_and_junk_is_refused():
    c = choices.Choices()
    c.players, c.people, c.strength, c.colour, c.sides = 6, 3, 2, True, 0b1000101
    data = choices.encode(c, True)
    assert len(data) == 8
    back = choices.decode(data, True)
    assert (back.players, back.people, back.strength, back.colour, back.sides) == (6, 3, 2, True, 0b1000101)
    assert len(choices.encode(c)) == 7  # the card games' file is as it was
    assert choices.decode(choices.encode(c)).sides == 0
    for bad in (data[:7], data + b"\x00", data[:7] + b"\x80"):
        with pytest.raises(ValueError):
            choices.decode(bad, True)
    with pytest.raises(ValueError):
        choices.decode(data)  # a card game's file is 7 bytes


def test_damaged_choices_give_the_defaults_and_a_message_once(tmp_path):
    root = str(tmp_path)
    Store(root).write("bgnew", b"LE\x01\x04\x01\x01\x00")  # a card game's size
    app, press = new_game("oled_128x64", root)
    assert labels_of(app.screen)[4:] == ["Your side: 1 star", "Bots' side: 1 star"]
    assert app.store.read("bgnew") is None
    press("back")  # told on the game's menu, once
    assert "not new game choices" in " ".join(app.screen.info)
    to(press, app, "New game")
    press("back")
    assert not app.screen.info


# the saved game


def _saved(players=3, seed=5, sides_=(1, 2, 1), people=1, dealer=None):
    dealer = players - 1 if dealer is None else dealer  # seat 0, a person, begins
    g = Game(cards.BOARD, players, seed, dealer, sides=sides_)
    return g, saves.encode(g.state, 0, people, 2)


def test_a_board_game_save_round_trips_at_every_step_of_its_first_moves():
    """The board game's positions (the dice, the towers, an action under way, a seat asked
    or showing cards) are saved and read back as they were; another game's id is refused."""
    g = Game(cards.BOARD, 4, 11, 3, sides=(2, 1, 1, 2))
    checked = 0
    phases = set()
    while not g.over() and checked < 400:
        phases.add(layout.phase(g.state))
        data = saves.encode(g.state, saves.HINTED | saves.BY_COLOUR, 2, 0)
        back, flags, people, strength = saves.decode(data, cards.BOARD)
        assert bytes(back.state) == bytes(g.state) and (flags, people, strength) == (3, 2, 0)
        checked += 1
        ms = g.legal_moves()
        g.apply(ms[(checked * 7) % len(ms)])
    assert {layout.PLAY, board.ROLL, board.GO, board.PICK, board.ASK, board.SHOW} <= phases
    for other in (cards.LEVEL8, cards.LEVELUP):
        with pytest.raises(ValueError):
            saves.decode(saves.encode(g.state, 0, 1, 1), other)


def test_damaged_board_saves_are_refused():
    g, good = _saved()
    bad_card = bytearray(good)
    bad_card[6 + layout.AT_AREA + 5] = 200  # no card has that code
    bad_tower = bytearray(good)
    bad_tower[6 + board.AT_BOARD + board.B_POS] = 99  # a tower off the track
    bad_side = bytearray(good)
    bad_side[6 + board.AT_SIDES] = 3  # no such level side
    for bad in (bytes(bad_card), bytes(bad_tower), bytes(bad_side), good[:-1]):
        with pytest.raises(ValueError):
            saves.decode(bad, cards.BOARD)


@pytest.mark.parametrize("board_name", BOARDS)
def test_a_damaged_board_save_gives_a_message_and_a_fresh_start(board_name, tmp_path):
    root = str(tmp_path)
    _, good = _saved()
    data = bytearray(good)
    data[6 + board.AT_BOARD + board.B_POS] = 99
    Store(root).write("bggame", bytes(data))
    Store(root).write("playing", bytes((ROW,)))
    app = power_up(board_name, root)
    m = app.screen
    said = " ".join(m.info)  # told at once, on the games menu: which game
    if board_name == "oled_128x64":  # in two lines, the menu's rows below
        assert said == "Das Brettspiel: save damaged, removed." and len(m.info) == 2
    else:
        assert said.startswith("The saved Das Brettspiel game could not be read (")
    assert app.store.read("bggame") is None
    press = Keys(app)
    to(press, app, "Das Brettspiel")
    m = app.screen
    assert m.title == "Das Brettspiel" and not m.info  # told once
    assert labels_of(m)[0] == "New game"  # no Continue


def test_a_saved_board_game_comes_back_at_power_up_and_from_continue(tmp_path):
    root = str(tmp_path)
    g, data = _saved(4, 8, (2, 2, 1, 1), people=2)
    Store(root).write("bggame", data)
    app = power_up("pico_display", root)  # no row opened yet: the saves are looked for in order
    t = app.screen
    assert type(t).__name__ == "Table" and bytes(t.game.state) == bytes(g.state)
    assert app.playing == ROW and (t.people, t.strength) == (2, 2)
    assert t.message.startswith("Welcome back")
    # Continue from the board game's menu, once a card game was opened last
    Store(root).write("playing", b"\x01")
    Store(root).write("l8game", saves.encode(Game(cards.LEVEL8, 3, seed=2).state, 0, 1, 1))
    app = power_up("pico_display", root)
    assert app.playing == 1  # LEVEL 8's save first
    from app.level8 import menu as menus

    menus.menu_again(app)  # the pause menu's Save and quit
    press = Keys(app)
    press("back")
    to(press, app, "Das Brettspiel")
    assert labels_of(app.screen)[0] == "Continue"
    press("ok")
    t = app.screen
    assert type(t).__name__ == "Table" and bytes(t.game.state) == bytes(g.state)


def test_a_start_that_fails_sets_the_board_games_save_aside(tmp_path):
    root = str(tmp_path)
    store = Store(root)
    _, data = _saved()
    store.write("bggame", data)
    set_aside_saves(store)
    assert store.read("bggame") is None


def _flash_with(files):
    from tests.test_store import FakeFlash

    flash = FakeFlash("eager")
    for n, data in files.items():
        Store("/", flash).write(n, data)
    return flash


def _power_up_on(flash):
    hh = sim.Handheld("oled_128x64")
    flash.reboot()
    return App(hh.device.display, Store("/", flash), labels(hh.profile), None, 0)


def _position(app):
    t = app.screen
    return bytes(t.game.state) if type(t).__name__ == "Table" else None


def test_a_power_cut_at_every_step_of_starting_a_board_game():
    """Start writes the choices, then the new game's save: the power goes off at every step
    of that; at power-up there is the board game's new position or none, never anything
    else, and the choices are the old ones or the new."""
    from tests.test_store import PowerCut

    old = choices.Choices()
    flash = _flash_with({"bgnew": choices.encode(old, True), "playing": bytes((ROW,))})
    start = flash.snapshot()

    def act(app):
        to(Keys(app), app, "Das Brettspiel")
        app.key("ok", 10)  # New game
        m = app.screen
        assert type(m).__name__ == "NewGame"
        m.focus = 4
        app.key("right", 20)  # your side: two stars
        m.focus = 0
        app.key("ok", 30)  # Start

    app = _power_up_on(flash)
    act(app)
    after = _position(app)
    assert after is not None and board.side(after, 0) == 2
    results = set()
    k = 0
    while True:
        flash.files = dict(start)
        app = _power_up_on(flash)
        assert _position(app) is None and app.screen.title == "Games"
        flash.cut_at = flash.steps + k
        try:
            act(app)
        except PowerCut:
            back = _power_up_on(flash)
            now = _position(back)
            assert now in (None, after), k
            results.add(now)
            c = choices.decode(Store("/", flash).read("bgnew"), True)
            assert c.sides in (0, 1), k
            k += 1
            continue
        break
    assert k > 10 and results == {None, after}


def test_a_power_cut_at_every_step_of_a_board_games_save_resumes_before_or_after():
    """The table's save of a board game's move (its roll), cut at every step of writing it:
    at power-up the table is back at the position before or after, never anything else."""
    from tests.test_store import PowerCut

    g, data = _saved(3, 21, (1, 1, 2))
    before = bytes(g.state)
    flash = _flash_with({"bggame": data})
    start = flash.snapshot()

    def act(app):
        t = app.screen
        t.game.apply(t.game.legal_moves()[0])  # the roll
        t.save(app)

    app = _power_up_on(flash)
    act(app)
    after = _position(app)
    assert after not in (None, before) and board.dice(after) != (0, 0)
    results = set()
    k = 0
    while True:
        flash.files = dict(start)
        app = _power_up_on(flash)
        assert _position(app) == before
        flash.cut_at = flash.steps + k
        try:
            act(app)
        except PowerCut:
            back = _position(_power_up_on(flash))
            assert back in (before, after), k
            results.add(back)
            k += 1
            continue
        break
    assert k > 10 and results == {before, after}


# statistics


class _EndedTable:
    """What menu.finish reads of a table: a board game won by seat `won`."""

    def __init__(self, won, people=1):
        s = board.new_state(3, 4, 2, (1, 2, 1))
        for q in range(3):
            s[layout.AT_SEATS + q * layout.SEAT_BYTES + layout.S_LEVEL] = 9 if q == won else 5
        s[layout.AT_WINNER] = won
        s[layout.AT_ROUND] = 7
        self.state = s
        self.people = people
        self.hinted = False

    def name(self, q):
        return "You" if q == 0 else "Bot %d" % (q + 1)


def test_a_board_game_against_bots_counts_in_its_own_statistics(tmp_path):
    root = str(tmp_path)
    app, press = board_menu("pico_display", root)
    app.store.write("bggame", _saved()[1])
    menu = app.game()
    menu.finish(app, _EndedTable(0))
    end = app.screen
    assert end.title == "You won!" and end.info[-1].startswith("7 rounds")
    assert app.store.read("bggame") is None  # the game is over: no Continue
    st = stats.load(app, cards.BOARD)
    assert (st.played, st.won, st.fewest) == (1, 1, 7)
    assert app.store.read("bgstats") is not None
    for other in (cards.LEVEL8, cards.LEVELUP):
        assert stats.load(app, other).played == 0
    menu.finish(app, _EndedTable(1))  # a loss
    menu.finish(app, _EndedTable(1, people=3))  # pass and play: not counted
    st = stats.load(app, cards.BOARD)
    assert (st.played, st.won, st.streak) == (2, 1, 0)


@pytest.mark.parametrize("board_name", BOARDS)
def test_the_board_games_statistics_page(board_name, tmp_path):
    root = str(tmp_path)
    st = stats.Stats()
    stats.record(st, True, 9)
    Store(root).write("bgstats", stats.encode(st))
    app, press = board_menu(board_name, root)
    to(press, app, "Statistics")
    p = app.screen
    assert type(p).__name__ == "Pager" and p.title == "Statistics"  # the game's name is too long for it
    assert p.lines[:2] == ["Games played: 1", "Won: 1 (100%)"] and p.lines[3] == "Fastest win: 9 rounds"


# how to play


@pytest.fixture(scope="module", params=BOARDS)
def help_pages(request, tmp_path_factory):
    app, press = board_menu(request.param, str(tmp_path_factory.mktemp(request.param)))
    to(press, app, "How to play")
    p = app.screen
    assert type(p).__name__ == "Pager" and p.title == "How to play"
    return app, p.lines


def text_of(lines):
    return " ".join(line for line in lines if line)


def test_help_lines_fit_and_the_first_page_starts_with_the_goal_and_the_roll(help_pages):
    app, lines = help_pages
    assert max(len(line) for line in lines) < app.p.cols
    assert lines[0].startswith("Be the first")
    assert "app.level8.boardhelp" not in sys.modules  # let go once its lines are made


def test_help_tells_the_roll_the_two_spaces_the_actions_the_sides_and_keeping_four(help_pages):
    app, lines = help_pages
    text = text_of(lines)
    assert "one by the number, the other by twice it" in text  # doubles (LB-2)
    assert "of the two spaces reached one is lit; an arrow lights the other, %s moves" % app.button("ok") in text
    assert "then draw one more than that from the draw pile" in text  # Swap: never a discard pile
    assert "Laying out level 8 wins at once; so does ending a round with level 7 laid out" in text  # L8-8
    for action in track.ACTION_NAMES:
        assert action + ":" in text or action + " (" in text, action
    assert "1 star (easier) or 2 stars (harder)" in text  # LB-5
    assert "keeps up to 4 of their cards" in text  # LB-4
    assert "Once you have laid out and every laid combination is full" in text  # LB-6's
    assert "discarding two cards" in text  # two discards, for a seat that laid out only
    assert "nobody: take any pile's top" in text  # an Ask nobody can answer
    assert "none if the first ends the round" in text  # Card and again's turn, lost
    assert "round ends with nobody out and everyone goes up 1" in text  # the dead end
    assert app.button("ok") in text and "%(" not in text


def test_help_lists_each_sides_levels_as_the_engine_holds_them(help_pages):
    _, lines = help_pages
    text = text_of(lines)
    for side, head in ((1, "1 star: "), (2, "2 stars: ")):
        levels = "; ".join(
            "%d) %s" % (n + 1, sides.describe_level(r)) for n, r in enumerate(sides.table(cards.BOARD, side))
        )
        assert head + levels + "." in text, side


# under MicroPython


@pytest.mark.parametrize(
    "board_name, keys, screen",
    [
        # the board game's New game: your side two stars, Start: its table is up
        ("oled_128x64", "down down down ok ok down down down down right up up up up ok", "Table"),
        ("pico_display", "down down down ok ok down down down down down right up up up up up ok", "Table"),
        ("oled_128x64", "down down down ok down down ok", "How to play"),
    ],
)
def test_the_board_games_menus_run_alike_under_micropython(board_name, keys, screen, micropython):
    """From the .mpy files as deployed: the games menu's rows, the board game's New game
    menu and its Start, its help; the same screen and frame as under CPython."""
    from tools import apprun

    micro, _ = apprun.run_micropython(board_name, keys.split())
    cpy = apprun.run_cpython(board_name, keys.split())
    assert micro["screen"] == cpy["screen"] == screen
    for k in ("frame", "bytes_sent", "shows", "full"):
        assert micro[k] == cpy[k], k


@pytest.mark.parametrize("board_name", BOARDS)
@pytest.mark.parametrize("people", [1, 6])
def test_the_standings_show_every_seat_and_say_one_round(board_name, people, tmp_path):
    """A game of six given up in its first round: every seat's level on the standings (the
    OLED two to a line, a person's name short), "1 round", and both items in sight."""
    from app.level8 import menu

    app, press = board_menu(board_name, str(tmp_path))
    t = _EndedTable(0, people)
    t.state = board.new_state(6, 4, 2, (1, 2, 1, 1, 2, 1))
    t.state[layout.AT_SEATS + 3 * layout.SEAT_BYTES + layout.S_LEVEL] = 2
    t.name = lambda q: ("You" if q == 0 else "Bot %d" % (q + 1)) if people == 1 else "Player %d" % (q + 1)
    menu.finish(app, t, gave_up=True)
    end = app.screen
    end.draw(app, True)
    assert end.title == "Game given up" and end.info[-1] == "1 round"
    if board_name == "oled_128x64":
        want = ["Bot 4 L2   You   L1", "Bot 2 L1   Bot 3 L1", "Bot 5 L1   Bot 6 L1"]
        if people > 1:
            want = ["P4    L2   P1    L1", "P2    L1   P3    L1", "P5    L1   P6    L1"]
        assert end.info[:-1] == want
    else:
        assert len(end.info) == 7 and end.info[0].startswith(t.name(3)) and end.info[0].endswith("on level 2")
    assert end.fit >= len(end.items)  # New game and Back to menu on screen
