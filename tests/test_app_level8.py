"""LEVEL 8 and Level Up on the handheld app (app/level8/, ui/level8/): whole games played by
their keys on every board (you against bots, pass and play, Level Up's keep option), the
saved game after every move and every bot's step, resuming after a power-up, a damaged
save, statistics per game, the choosers offering only legal moves, the pass screen.

The person's moves are chosen by the bot and pressed through the table and its choosers
(host_sim/autoplay8.py); the bots' steps are hurried by OK. Rulings cited where a screen
acts on one: L8-3 (a wild's value asked where it is not clear), L8-4 (the piles one may
draw from, what a card may be added to), L8-7 (the round's end), L8-9 (keeping cards).
"""

import re

import pytest
from l8helpers import number_card
from level8 import cards, referee, rules
from level8.game import Game

from app.app import App
from app.level8 import saves, stats
from app.run import labels
from app.store import Store
from host_sim import sim
from host_sim.autoplay8 import Autoplayer8

BOARDS = ["pico_display", "pico_lcd_114", "oled_128x64"]


def power_up(board, root):
    hh = sim.Handheld(board, root)
    return hh, App(hh.device.display, Store(root), labels(hh.profile), hh.device, 0)


class Driver:
    """Keys to an App without the run loop, 200 ms of app time apart, App.tick between,
    and a look at every table the app shows (`look(app)` after every key and tick)."""

    def __init__(self, app, look=None):
        self.app = app
        self.now = 0
        self.look = look

    def press(self, k):
        self.now += 200
        self.app.key(k, self.now)
        if self.look:
            self.look(self.app)
        self.now += 10
        self.app.tick(self.now)
        if self.look:
            self.look(self.app)

    def run(self, ap, limit=60000):
        for _ in range(limit):
            k = ap.next_key(self.app)
            if k is None:
                return
            self.press(k)
        raise AssertionError("the game did not end")


class Checker:
    """After every change of a table's game: the position is one the rules allow, and the
    save on flash holds exactly it (who plays which seat too)."""

    def __init__(self, store):
        self.store = store
        self.last = None
        self.checked = 0
        self.kinds = set()

    def __call__(self, app):
        t = app.screen
        if type(t).__name__ != "Table":
            return
        s = bytes(t.game.state)
        if s == self.last:
            return
        self.last = s
        assert referee.state_problem(bytearray(s)) is None
        if rules.phase(s) == rules.WON:  # a bot's winning step: on show, not saved, as the
            assert t.ending  # standings follow it (a power cut plays that step again)
            return
        data = self.store.read("l8game" if rules.game(s) == cards.LEVEL8 else "lugame")
        g, flags, people, strength = saves.decode(data, rules.game(s))
        assert bytes(g.state) == s and people == t.people and strength == t.strength
        self.checked += 1
        self.kinds.add(rules.phase(s))


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize(
    "row, players, people, keep",
    [("LEVEL 8", 4, 1, False), ("Level Up", 6, 1, True), ("LEVEL 8", 3, 3, False), ("Level Up", 4, 2, True)],
)
def test_a_whole_game_by_its_keys(board, row, players, people, keep, tmp_path):
    """From the games menu to the end screen: every person's move made through the table's
    choosers, every bot's step shown and saved; the game's end removes the save, and a game
    against bots is counted in that game's statistics only (L8-7, L8-8)."""
    root = str(tmp_path)
    hh, app = power_up(board, root)
    assert app.screen.title == "Games"
    check = Checker(app.store)
    ap = Autoplayer8(row=row, players=players, people=people, keep=keep)
    Driver(app, check).run(ap)
    end = ap.ended
    assert end is not None and app.screen is end
    assert check.checked > 50 and {rules.DRAW, rules.PLAY, rules.OVER} <= check.kinds
    game = 1 if row == "Level Up" else 0
    own, other = ("lugame", "l8game") if game else ("l8game", "lugame")
    assert app.store.read(own) is None and app.store.read(other) is None
    st = stats.load(app, game)
    if people == 1:
        assert st.played == 1 and st.won == (1 if end.title.startswith("You won") else 0)
    else:
        assert st.played == 0  # pass and play is not counted
    assert stats.load(app, 1 - game).played == 0


def table_of(app, game, people=1, strength=1, flags=0):
    """Put up the table for `game` as resuming would (the row chosen first)."""
    from app.level8 import menu

    app.playing = 2 if rules.game(game.state) == cards.LEVELUP else 1
    menu.play(app, game, flags, people, strength, "")
    return app.screen


def test_power_up_resumes_the_saved_position_and_the_row_last_opened(tmp_path):
    """The save is the position (with the seats' roles): powering up after any step puts the
    same table back; with saves of two games, the one last opened from the games menu."""
    root = str(tmp_path)
    hh, app = power_up("pico_display", root)
    ap = Autoplayer8(row="Level Up", players=3, keep=True,
                     stop=lambda a: type(a.screen).__name__ == "Table" and rules.round_no(a.screen.game.state) == 2)
    Driver(app).run(ap)
    s = bytes(app.screen.game.state)
    # a Level 10 game saved too: Level Up was opened last, so it comes back
    from app.level10 import saves as l10saves
    from level10.game import Game as Game10

    app.store.write("game", l10saves.encode(Game10(1, 2, seed=3)))
    hh, back = power_up("pico_display", root)
    t = back.screen
    assert type(t).__name__ == "Table" and bytes(t.game.state) == s and back.playing == 2
    assert t.message.startswith("Welcome back")
    # Level 10 opened from the games menu: its save comes back first from now on
    t.key(back, "back")  # the pause menu
    back.key("down", 0)
    back.key("down", 0)
    back.key("down", 0)
    assert back.screen.label(back.screen.focus) == "Save and quit"
    back.key("ok", 0)
    back.key("back", 0)  # the games menu
    assert back.screen.title == "Games" and back.screen.label(back.screen.focus) == "Level Up"  # the row left
    back.key("up", 0)
    back.key("up", 0)
    with pytest.raises(SystemExit):  # another game: the firmware starts again (app/title.py)
        back.key("ok", 0)
    hh, menu10 = power_up("pico_display", root)
    assert menu10.screen.title == "Level 10" and menu10.screen.label(0) == "Continue"
    hh, again = power_up("pico_display", root)
    assert type(again.screen).__name__ == "Play"


@pytest.mark.parametrize("board", BOARDS)
def test_a_damaged_save_gives_a_message_and_a_fresh_start(board, tmp_path):
    root = str(tmp_path)
    g = Game(cards.LEVEL8, 4, seed=9)
    data = bytearray(saves.encode(g.state, 0, 1, 1))
    data[6 + 94 + 5] = 200  # no card has that code: the draw pile no longer holds the game's cards
    Store(root).write("l8game", bytes(data))
    Store(root).write("playing", b"\x01")
    hh, app = power_up(board, root)
    m = app.screen
    said = " ".join(m.info)
    if board == "oled_128x64":  # in two lines, the menu's rows below
        assert said == "LEVEL 8: save damaged, removed." and len(m.info) == 2
    else:  # told at once, which game and why
        assert said.startswith("The saved LEVEL 8 game could not be read (")
    assert app.store.read("l8game") is None
    app.key("down", 0)
    app.key("ok", 0)
    m = app.screen
    assert m.title == "LEVEL 8" and not m.info  # told once
    assert [m.label(i) for i in range(len(m.items))][0] == "New game"  # no Continue


def test_saves_refuse_what_is_not_a_game():
    g = Game(cards.LEVELUP, 3, seed=1, keep=True)
    good = saves.encode(g.state, saves.HINTED, 1, 2)
    assert bytes(saves.decode(good, cards.LEVELUP)[0].state) == bytes(g.state)
    for bad in (b"", b"L8", good[:20], b"XX" + good[2:], good[:2] + b"\x09" + good[3:]):
        with pytest.raises(ValueError):
            saves.decode(bad, cards.LEVELUP)
    with pytest.raises(ValueError):
        saves.decode(good, cards.LEVEL8)  # another game's save
    with pytest.raises(ValueError):
        saves.decode(good[:4] + b"\x04" + good[5:], cards.LEVELUP)  # 4 people at 3 seats


def test_the_draw_chooser_offers_the_legal_piles_only(tmp_path):
    """L8-4: the draw pile and the top of every discard pile that has one, nothing else."""
    hh, app = power_up("pico_display", str(tmp_path))
    g = Game(cards.LEVEL8, 4, seed=4, dealer=3)  # seat 0 plays first
    t = table_of(app, g)
    assert t.mine() and rules.phase(g.state) == rules.DRAW
    t.to_item(102 - 2)  # Draw
    app.key("ok", 0)
    m = app.screen
    assert m.title == "Draw from"
    assert sorted(it[2] for it in m.items) == sorted(g.legal_moves())
    assert len(m.items) == 2  # the draw pile and the dealer's pile: the others are empty


def test_a_cards_chooser_offers_its_legal_moves_only(tmp_path):
    """L8-4: a card may be discarded, added where it fits (a wild as each value that fits),
    or, a Skip, given to a player without one: exactly the legal moves with that card."""
    hh, app = power_up("pico_display", str(tmp_path))
    ap = Autoplayer8(players=4, stop=lambda a: _laid_and_playing(a))
    Driver(app).run(ap)
    t = app.screen
    s = t.game.state
    legal = t.game.legal_moves()
    for pos in range(t.hn):
        i = t.item(pos)
        c = rules.hand(s, t.me)[i]
        t.focus = pos
        app.key("ok", 0)
        m = app.screen
        offered = sorted(it[2] for it in m.items)
        want = sorted(
            x for x in legal
            if (rules.kind(x) in (rules.K_DISCARD, rules.K_ADD) and (rules.card(x) == c or (c == cards.WILD and cards.is_wild(rules.card(x)))))
            or (rules.kind(x) == rules.K_GIVE and c == cards.SKIP)
        )
        assert offered == want
        app.key("back", 0)
        # the table again as it was (a new one: its code went while the chooser was up)
        t = app.screen
        assert type(t).__name__ == "Table" and t.state is s and t.focus == pos


def test_the_oled_table_comes_back_from_a_chooser_without_the_menus_code(tmp_path, monkeypatch):
    """On the OLED a chooser's close makes the table again (its code went while the chooser
    was up) through the game's entry, which loads the table's code, not the menus'."""
    import sys

    from importwatch import watch

    # a colour board's table (an earlier test's, in this process) keeps its code loaded
    monkeypatch.setattr(sys.modules["app.level8"], "KEPT", ())
    hh, app = power_up("oled_128x64", str(tmp_path))
    g = Game(cards.LEVEL8, 4, seed=4, dealer=3)  # seat 0 plays first
    t = table_of(app, g)
    t.to_item(102 - 2)  # Draw
    app.key("ok", 0)
    assert app.screen.title == "Draw from" and "app.level8.play" not in sys.modules
    loaded = []
    watch(monkeypatch, lambda n, new: loaded.append(n))
    app.key("back", 0)
    t = app.screen
    assert type(t).__name__ == "Table" and t.state is g.state
    assert "app.level8.entry" in loaded and "app.level8.play" in loaded
    assert "app.level8.menu" not in loaded and "app.level8.menu" not in sys.modules
    assert "app.level8.entry" not in sys.modules  # let go with the chooser's code


def test_the_oled_table_made_again_holds_no_game_of_the_seat(tmp_path):
    """A card with no move (part-way through laying out, L8-4: lay out the whole level or
    take it back first) says so and puts the OLED's table back at once. The Seat lets its
    rules' code go afterwards (emptied on MicroPython), so the table made again must not
    keep the Seat's Game, whose code that was: it makes its own for the next move."""
    from l8helpers import game_with

    hh, app = power_up("oled_128x64", str(tmp_path))
    g = game_with(["R1 R2 R3 R4 R5 R6 B1 B2 B3 W", "O1 O2 O3 O4 O5 O6 O7 O8 O9 O10"], draw="B4")
    g.apply(rules.move(rules.K_DRAW))
    g.apply(next(m for m in g.legal_moves() if rules.kind(m) == rules.K_PUT))
    t = table_of(app, g)
    t.focus = 0  # the hand's first card
    app.key("ok", 0)
    t = app.screen
    assert type(t).__name__ == "Table" and t.message == "Lay out or cancel first"
    assert t._game is None
    assert t.game.legal_moves() == Game(state=bytearray(g.state)).legal_moves()


@pytest.mark.parametrize("board", ["pico_display", "oled_128x64"])
@pytest.mark.parametrize("tick_first", [True, False])
def test_the_layouts_chooser_opens_on_the_best_and_finds_the_others_by_its_tick(board, tick_first, tmp_path):
    """OK on Lay out shows the meld finder's best layout at once; the others (up to 20) are
    found by the chooser's first tick, or by a key pressed before it, the best still first."""
    from l8helpers import game_with
    from level8 import meld

    from ui.level8 import LAY

    hh, app = power_up(board, str(tmp_path))
    g = game_with(["R1 R2 R3 R4 R5 R6 B1 B2 B3 W", "O1 O2 O3 O4 O5 O6 O7 O8 O9 O10"], draw="B4")
    g.apply(rules.move(rules.K_DRAW))
    t = table_of(app, g)
    t.to_item(LAY)
    app.key("ok", 0)
    m = app.screen
    assert type(m).__name__ == "Layouts" and len(m.found) == 1 and m.capped
    hand = [x for x in rules.hand(g.state, 0) if x != cards.SKIP]
    every, _ = meld.layouts(hand, rules.reqs(g.state, 0), 20)
    assert m.groups(0) == every[0]
    if tick_first:
        assert app.tick(10) is None and app.screen is m
    else:
        app.key("down", 20)
    assert len(m.found) == 20 and m.capped and m.groups(0) == every[0]
    assert m.i == (0 if tick_first else 1)


@pytest.mark.parametrize("board", ["pico_display", "oled_128x64"])
@pytest.mark.parametrize("pick, wild, asked", [(0, False, False), (1, True, False), (4, True, True)])
def test_a_layout_is_laid_at_once_and_wilds_py_loaded_only_to_ask(board, pick, wild, asked, tmp_path, monkeypatch):
    """OK on a layout lays it out (the cards put, then the level laid). Where every wild's
    value is clear (or there is no wild) there is nothing to ask and app/level8/wilds.py is
    not loaded; where the layout leaves a value open (L8-3: B5 B6 B7 W may be 4 or 8) it
    is, and asks it, lit on the value the layout chosen showed: OK at once lays that
    layout, not another."""

    from importwatch import watch
    from l8helpers import c, game_with, lay

    from ui.level8 import LAY

    hh, app = power_up(board, str(tmp_path))
    g = game_with(["R1 R2 W B5 B6 B7 Y9 O11 Y13 G15", "O1 O2 O3 O4 O5 O6 O7 O8 O9 O10"], draw="V14")
    g.apply(rules.move(rules.K_DRAW))
    before = bytearray(g.state)
    t = table_of(app, g)
    t.to_item(LAY)
    app.key("ok", 0)
    app.tick(10)  # every layout found
    m = app.screen
    groups = m.groups(pick)
    assert any(cards.is_wild(c) for grp in groups for c in grp) == wild
    for _ in range(pick):
        app.key("down", 20)
    from app.app import forget

    forget("app.level8.wilds")  # as at power-up (an earlier test may have loaded it)
    loaded = []
    stop = watch(monkeypatch, lambda n, new: n == "app.level8.wilds" and loaded.append(n))
    app.key("ok", 40)
    stop()
    assert bool(loaded) == asked
    if asked:
        m = app.screen
        assert type(m).__name__ == "Menu" and len(m.items) == 2
        assert m.focus == 1 and [it[2] for it in m.items] == [c("W=4 B5 B6 B7"), c("B5 B6 B7 W=8")]
        app.key("ok", 60)  # the value lit
    t = app.screen
    assert type(t).__name__ == "Table" and rules.laid(t.state, 0)
    want = Game(state=before)  # the table laid exactly the layout chosen
    lay(want, " / ".join(" ".join(cards.token(c) for c in grp) for grp in groups))
    assert bytes(t.state) == bytes(want.state)


@pytest.mark.parametrize("board", ["pico_display", "oled_128x64"])
@pytest.mark.parametrize("game, word", [(cards.LEVEL8, "wild"), (cards.LEVELUP, "joker")])
def test_a_wild_is_called_as_the_games_rulebook_calls_it(board, game, word, tmp_path):
    """L8-1: LEVEL 8's rulebook says wild, Level Up's joker (the same card to the rules):
    the card's chooser and the chooser of a wild's value say the game's word."""
    from l8helpers import game_with

    from ui.level8 import LAY

    assert [cards.name(cards.wild_as_number(7), x) for x in (cards.LEVEL8, cards.LEVELUP, cards.BOARD)] == [
        "a wild as 7",
        "a joker as 7",
        "a joker as 7",
    ]
    hh, app = power_up(board, str(tmp_path))
    g = game_with(["R1 R2 W B5 B6 B7 Y9 O11 Y13 G15", "O1 O2 O3 O4 O5 O6 O7 O8 O9 O10"], draw="V14", game=game)
    g.apply(rules.move(rules.K_DRAW))
    t = table_of(app, g)
    t.focus = next(pos for pos in range(t.hn) if t.item(pos) < 100 and rules.hand(g.state, 0)[t.item(pos)] == cards.WILD)
    app.key("ok", 0)
    assert app.screen.title == word[0].upper() + word[1:]  # a title, as "Orange 14"
    if board != "oled_128x64":
        assert "Discard a " + word in [it[0] for it in app.screen.items]
    app.key("back", 0)
    t = app.screen
    t.to_item(LAY)
    app.key("ok", 0)
    app.tick(10)
    for _ in range(4):  # R1 R2 W: the wild below or above
        app.key("down", 20)
    app.key("ok", 40)
    title = word[0].upper() + word[1:] + " " + ("in the run?" if board != "oled_128x64" else "as?")
    assert type(app.screen).__name__ == "Menu" and app.screen.title == title  # one: "Wild", not "Wilds"


def _laid_and_playing(app):
    t = app.screen
    if type(t).__name__ != "Table" or not t.mine():
        return False
    s = t.game.state
    if rules.phase(s) != rules.PLAY or not rules.laid(s, 0):
        return False
    return any(rules.kind(m) == rules.K_ADD for m in t.game.legal_moves())


def test_wild_values_are_asked_only_where_the_layout_leaves_them_open():
    """L8-3: a run's wild at an end may stand below or above; a group of wilds alone, for
    any number (a set) or colour (a colour group); a wild inside a run is clear."""
    from level8.levels import COLOUR, RUN, SET

    from app.level8.lay import ways as _options

    w = cards.wild_as_number
    r = lambda n: number_card(0, n)  # noqa: E731
    assert _options([r(4), r(5), w(6)], RUN) == [[w(3), r(4), r(5)], [r(4), r(5), w(6)]]
    assert _options([r(4), w(5), r(6)], RUN) == [[r(4), w(5), r(6)]]
    assert _options([r(14), r(15), w(13)], RUN) == [[w(13), r(14), r(15)]]  # 15 is the top
    assert len(_options([w(1), w(2), w(3)], RUN)) == 13
    assert len(_options([w(7), w(7)], SET)) == 15
    assert _options([r(7), w(7)], SET) == [[r(7), w(7)]]
    assert len(_options([cards.wild_as_colour(2)] * 4, COLOUR)) == 6


def bots_until(game, done, limit=20000):
    """Play `game` by the bot at every seat until done(state)."""
    from level8 import bot, view

    for _ in range(limit):
        if done(game.state):
            return game
        if rules.phase(game.state) == rules.WON:
            return None
        s = game.state
        for m in bot.play(view.see(s, rules.turn(s)), 0):
            game.apply(m)
    raise AssertionError("never reached")


def _keeping(cond=lambda s: True):
    """A game of Level Up with the keep option, played by the bots until seat 0 chooses the
    cards it keeps (L8-9) and cond(state) holds."""
    for seed in range(1, 80):
        g = bots_until(Game(cards.LEVELUP, 3, seed=seed, keep=True),
                       lambda s: rules.phase(s) == rules.KEEP and rules.turn(s) == 0 and cond(s))
        if g:
            return g
    return None


@pytest.mark.parametrize("board", ["oled_128x64", "pico_display"])
def test_a_bots_keeping_just_before_yours_is_still_said_with_the_ask(board, tmp_path):
    """L8-9: the bots keep in turn too; the step of the one just before you is said with
    the ask to keep, not replaced by it. On the OLED the ask is short ("Keep 0-4, then
    Done"): alone it leaves the items' line, Done in it, in sight."""
    from level8 import bot, view

    from app.level8 import play
    from app.screen import wrap

    def bot_then_you(s):
        if rules.phase(s) != rules.KEEP or rules.turn(s) == 0:
            return False
        h = Game(state=bytearray(s))
        for m in bot.play(view.see(h.state, rules.turn(h.state)), 0):
            h.apply(m)
        return rules.phase(h.state) == rules.KEEP and rules.turn(h.state) == 0

    g = next(g for g in (bots_until(Game(cards.LEVELUP, 3, seed=n, keep=True), bot_then_you) for n in range(1, 200)) if g)
    q = rules.turn(g.state)
    hh, app = power_up(board, str(tmp_path))
    t = table_of(app, g)
    now = 0
    while not t.mine():
        now += play.PERIOD
        app.tick(now)
    assert rules.phase(g.state) == rules.KEEP and rules.kept(g.state, q) > 0
    said = "Bot %d kept %d card" % (q + 1, rules.kept(g.state, q))
    if board == "oled_128x64":
        assert t.message.startswith(said) and t.message.endswith(". Keep 0-4, then Done")
        assert len(wrap(t.message, 21)) == 2
        t.message = None
        turn_again = t.began
        t.began = None
        from app.level8 import turn

        turn.begin(t, app)  # the ask alone (say, resumed): one line
        assert t.message == "Keep 0-4, then Done" and t.began == turn_again
    else:
        assert t.message.startswith(said) and t.message.endswith(". Keep up to 4 cards for the next round, then Done")


@pytest.mark.parametrize("board", ["oled_128x64", "pico_display"])
def test_while_cards_are_kept_the_table_shows_the_next_rounds_levels_none_laid(board, tmp_path):
    """L8-9: cards are kept after the round's end has moved the seats up, for the next round:
    each seat's line shows the level it plays next, and no tick for a level laid out
    (the laid groups are the last round's, of the level before)."""
    hh, app = power_up(board, str(tmp_path))
    g = _keeping(lambda s: any(rules.laid(s, q) and rules.gained(s, q) for q in (1, 2)))
    assert g is not None
    t = table_of(app, g)
    app.render()
    drawn = _seats_drawn(t.view)
    s = g.state
    assert sorted(drawn) == [0, 1, 2]
    for q in range(3):
        assert drawn[q][2:4] == (rules.level(s, q), False), (q, drawn[q])
    assert any(rules.laid(s, q) for q in (1, 2))  # the state keeps the last round's laid groups


def test_on_the_oled_a_bots_layout_and_add_are_written_as_the_table_writes_them():
    """L8-4: the table says what a bot laid and added. On the OLED's two lines of 21
    columns that is the table's own writing (tokens, a long set as "9s x4", a long run by
    its ends), so that a level's whole layout fits, not "laid out: R5 B5 + R7 B7 G7 + R9..";
    the colour boards' words are unchanged."""
    from l8helpers import c, game_with

    from app.level8 import say
    from app.screen import wrap

    hands = ["R1 R2 R3 Y4 Y5 Y6 B8 B10 B12 B14", "R5 B5 R7 B7 G7 R9 B9 G9 V9 Y14", "O1 O2 O3 O4 O5 O6 O7 O8 O9 O10"]
    g = game_with(hands, pile="B11", draw="B1 B2 B3 B4", levels=[1, 8, 5])
    s = g.state
    name = {0: "You", 1: "Bot 2", 2: "Bot 3"}.get
    step = []
    for r, group in enumerate(("R5 B5", "R7 B7 G7", "R9 B9 G9 V9")):
        step += [rules.move(rules.K_PUT, r, x) for x in c(group)]
    step.append(rules.move(rules.K_LAY))
    assert say.step(s, 1, step, name, mono=True) == "Bot 2 laid R5 B5/R7 G7 B7/9s x4"
    assert say.step(s, 1, step, name) == "Bot 2 laid out: R5 B5 + R7 G7 B7 + R9 G9 B9 V9"
    run = [rules.move(rules.K_PUT, 0, x) for x in c("O7 O3 O4 O6 O5 O2 O1")] + [rules.move(rules.K_LAY)]
    assert say.step(s, 2, run, name, mono=True) == "Bot 3 laid O1..O7"
    g.apply(rules.move(rules.K_DRAW))
    for r, group in enumerate(("R1 R2 R3", "Y4 Y5 Y6")):
        for x in c(group):
            g.apply(rules.move(rules.K_PUT, r, x))
    g.apply(rules.move(rules.K_LAY))
    add = rules.move(rules.K_ADD, 1, c("R7")[0])  # a run takes any colour
    said = say.step(s, 1, [add], name, mono=True)
    assert said == "Bot 2 added R7 to your Y4 Y5 Y6"
    for words in (said, say.step(s, 1, step, name, mono=True)):
        assert len(wrap(words, 21)) <= 2
    # a hint's layout too: "Hint: lay out: R5 B5 + R7 G7 B7 + R9 G9.." was cut
    hint = say.hint(s, 1, [step], name, mono=True)
    assert hint == "Hint: lay R5 B5/R7 G7 B7/9s x4" and len(wrap(hint, 21)) <= 2
    assert say.hint(s, 1, [step], name) == "Hint: lay out: R5 B5 + R7 G7 B7 + R9 G9 B9 V9"
    hint = say.hint(s, 1, [[add], [rules.move(rules.K_DISCARD, 0, c("Y14")[0])]], name, mono=True)
    assert hint == "Hint: add R7 to Y4 Y5 Y6, then discard Y14".replace("to ", "to your ")
    # a bot's turn skipped, the words that end it: within the one line beside the items
    skipped = say.step(s, 2, [rules.move(rules.K_SKIPPED)], name, mono=True)
    assert skipped == "Bot 3 was skipped" and len(skipped) <= 21
    assert say.step(s, 2, [rules.move(rules.K_SKIPPED)], name) == "Bot 3 was skipped"


@pytest.mark.parametrize("board", ["oled_128x64", "pico_display"])
def test_level_up_a_card_kept_is_taken_back_by_ok_on_it(board, tmp_path):
    """L8-9 ("may keep up to four"): OK on a card kept takes it back, the others stay kept in
    the order chosen, and the cursor stays on it; the choice goes on."""
    from ui.level8 import tokens

    hh, app = power_up(board, str(tmp_path))
    g = _keeping(lambda s: rules.hand_count(s, 0) >= 4)
    t = table_of(app, g)
    chosen = []
    for n in range(3):
        t.focus = next(pos for pos in range(t.hn) if t.item(pos) >= n)  # a card not kept yet
        chosen.append(rules.hand(g.state, 0)[t.item(t.focus)])
        app.key("ok", 0)
    assert list(rules.hand(g.state, 0)[:3]) == chosen and rules.kept(g.state, 0) == 3
    back = chosen[1]
    t.focus = next(pos for pos in range(t.hn) if rules.hand(g.state, 0)[t.item(pos)] == back)
    app.key("ok", 0)
    assert rules.phase(g.state) == rules.KEEP and rules.turn(g.state) == 0
    assert list(rules.hand(g.state, 0)[:2]) == [chosen[0], chosen[2]] and rules.kept(g.state, 0) == 2
    assert rules.hand(g.state, 0)[t.item(t.focus)] == back
    if board == "oled_128x64":  # one line: Done stays in sight
        assert t.message == "Took back %s, 2 of 4" % tokens([back])  # as the table writes it
    else:
        assert t.message == "Took back %s. Up to 4, then Done" % cards.name(back, cards.LEVELUP)
    app.key("ok", 0)  # kept again
    assert rules.kept(g.state, 0) == 3 and rules.hand(g.state, 0)[2] == back
    if board == "oled_128x64":
        assert t.message == "Kept %s, 3 of 4" % tokens([back])


def test_pass_and_play_a_choice_of_cards_to_keep_is_passed_as_such(tmp_path, monkeypatch):
    """L8-9 in pass and play: the pass screen before a person chooses what to keep says so
    ("Player 1: keeping"): it is no turn. Then the cursor starts on the hand's first card,
    not on Done, where one OK would keep none."""
    from ui.paint import Painter

    drawn = []
    text = Painter.text

    def spy(self, s, *a, **k):
        drawn.append(s)
        return text(self, s, *a, **k)

    monkeypatch.setattr(Painter, "text", spy)
    hh, app = power_up("pico_display", str(tmp_path))
    g = _keeping()
    t = table_of(app, g, people=3)
    assert t.hidden and t.me == 0
    del drawn[:]
    app.render()
    assert "Player 1: keeping" in drawn and "Player 1's turn" not in drawn
    app.key("ok", 0)
    assert not t.hidden and t.message == "Keep up to 4 cards for the next round, then Done"
    assert t.focus == 0 and t.focus < t.hn


def test_level_up_keeps_cards_a_player_chooses(tmp_path):
    """L8-9: at a round's end a person on level 5+ who did not lay out chooses up to four
    cards, which stay in the hand for the next round."""
    hh, app = power_up("pico_display", str(tmp_path))
    g = _keeping(lambda s: rules.hand_count(s, 0) >= 4)
    t = table_of(app, g)
    s = g.state
    assert t.mine() and rules.keeper(s, 0) and t.items[0] == 106  # Done first
    chosen = []
    for n in range(4):
        hand = rules.hand(g.state, 0)
        t.focus = next(pos for pos in range(t.hn) if t.item(pos) >= n)  # a card not kept yet
        chosen.append(hand[t.item(t.focus)])
        app.key("ok", 0)
        assert rules.kept(g.state, 0) == n + 1 or rules.phase(g.state) != rules.KEEP
    assert rules.phase(g.state) != rules.KEEP or rules.turn(g.state) != 0  # four kept: done at once
    g = bots_until(g, lambda s: rules.phase(s) == rules.DRAW)
    new_hand = list(rules.hand(g.state, 0))
    for c in chosen:
        assert c in new_hand
        new_hand.remove(c)


def test_pass_and_play_hides_the_hands_between_people(tmp_path):
    """Each time the turn comes to another person the pass screen is up (the table draws
    no hand, the shared handover screen says who is next) until that person presses OK."""
    hh, app = power_up("pico_lcd_114", str(tmp_path))
    shown = []  # the seats whose hands the table showed, in turn
    state = {"passed": None}  # the seat the pass screen was last up for

    def look(a):
        t = a.screen
        if type(t).__name__ != "Table":
            return
        # what the pass screen says: the newest lines, at most a screen or two (turn.commit)
        assert t.said is None or len(t.said) <= 480 or "\n" not in t.said
        if t.hidden:
            state["passed"] = t.me
        elif t.mine() and (not shown or shown[-1] != t.me):
            assert not shown or state["passed"] == t.me  # another hand only after its pass screen
            shown.append(t.me)
            state["passed"] = None

    ap = Autoplayer8(players=3, people=3,
                     stop=lambda a: type(a.screen).__name__ == "Table" and rules.round_no(a.screen.game.state) == 3)
    Driver(app, look).run(ap)
    assert set(shown) == {0, 1, 2} and len(shown) > 10


@pytest.mark.parametrize("board", ["oled_128x64", "pico_lcd_114"])
def test_pass_and_play_no_item_is_lit_while_the_bots_play(board, tmp_path):
    """While the bots play in pass and play no hand shows, and OK only hurries them: no item
    of the bar is lit (the last person's Sort was); once a person's hand shows, it is."""
    from app.level8 import play

    hh, app = power_up(board, str(tmp_path))
    g = Game(cards.LEVEL8, 4, seed=2, dealer=1)  # seat 2, a bot, plays first
    t = table_of(app, g, people=2)
    t.focus = t.hn + 1  # as a person left it: on an item
    app.render()
    assert t.me == rules.NO_SEAT and not t.hidden and t.view.bar[1] == -1
    now = 0
    while rules.turn(g.state) >= 2:
        now += play.PERIOD
        app.tick(now)
        assert t.me != rules.NO_SEAT or t.view.bar[1] == -1
    app.key("ok", now)  # past Player 1's pass screen
    assert t.me == 0 and not t.hidden and t.view.bar[1] == t.item(t.focus)


def test_a_bots_steps_are_drawn_by_themselves(tmp_path, monkeypatch):
    """A bot's turn is shown a step at a time with no key: each step reaches the panel when
    App.tick plays it (a screen that changes by itself draws itself), PERIOD apart."""
    from app.level8 import play

    hh, app = power_up("pico_display", str(tmp_path))
    g = Game(cards.LEVEL8, 3, seed=2, dealer=0)  # seat 1, a bot, plays first
    table_of(app, g)
    app.render()
    frames = []
    render = App.render
    monkeypatch.setattr(App, "render", lambda a: (frames.append(a.screen.message), render(a)))
    now = 0
    before = bytes(g.state)
    for _ in range(play.PERIOD // 10 + 1):
        now += 10
        app.tick(now)
    assert bytes(g.state) != before and len(frames) == 1
    assert frames[0].startswith("Bot 2 ")  # "Bot 2 drew a card" or took a pile's top
    # half a period later nothing more
    for _ in range(play.PERIOD // 20):
        now += 10
        app.tick(now)
    assert len(frames) == 1


def _seats_drawn(view):
    """{seat: what its line shows} on either table (ui.level8.look: seat, on turn, level,
    laid out, ...), your own line's (me, level, laid out, ...) too."""
    out = {}
    for x in view.lines:
        for look in x if isinstance(x, list) else [x]:
            if look:
                out[look[0]] = look
    if view.mine:
        me, lv, laid = view.mine[:3]
        out[me] = (me, None, lv, laid)
    return out


def _bot_goes_out(level):
    """You and Bot 2 (on `level`), Bot 2 first with ten cards that lay that level: on level 5
    it lays them all and discards the card it drew, going out (L8-7); on level 8 laying it
    out wins the game (L8-8)."""
    from l8helpers import game_with

    hand = "R1 R2 R3 R4 R5 R6 R7 R8 R9 R10" if level == 5 else "R1 O1 Y1 R2 O2 Y2 R3 O3 Y3 G3"
    return game_with(["G11 G12 G13 G14 G15 B11 B12 B13 B14 V15", hand], draw="V12", dealer=0, levels=[1, level])


@pytest.mark.parametrize("board", ["oled_128x64", "pico_display"])
@pytest.mark.parametrize("level", [5, 8])
@pytest.mark.parametrize("press", [False, True])
def test_a_bots_step_that_ends_the_round_or_the_game_is_shown_before_what_follows(board, level, press, tmp_path, monkeypatch):
    """L8-7, L8-8: the bot's step that ends a round (its discard, said with "went out") or
    the game (level 8 laid out) is on the table for a bot's step's time before the round's
    end or the standings cover it by themselves; OK goes on at once."""
    from app.level8 import play

    hh, app = power_up(board, str(tmp_path))
    t = table_of(app, _bot_goes_out(level))
    app.render()
    frames = []
    render = App.render

    def look(a):  # each frame as drawn
        render(a)
        sc = a.screen
        if type(sc).__name__ == "Table":
            frames.append((rules.phase(sc.state), sc.view.over, sc.message))
        else:
            frames.append((None, None, sc.title))

    monkeypatch.setattr(App, "render", look)
    now = 0
    while rules.phase(t.state) not in (rules.OVER, rules.WON):
        assert rules.turn(t.state) == 1 and now < 20 * play.PERIOD
        now += 10
        app.tick(now)
    end = rules.phase(t.state)
    # drawn at the level the bot played, laid out: the round's end has moved it up already
    assert _seats_drawn(t.view)[1][2:4] == (level, True)
    assert rules.level(t.state, 1) == (7 if level == 5 else rules.VICTORY)
    if end == rules.OVER:
        assert rules.ender(t.state) == 1
        card = "V12" if board == "oled_128x64" else "violet 12"  # the OLED's as its table writes cards
        assert frames[-1] == (end, False, "Bot 2 discarded %s and went out" % card)
    else:  # laying level 8 out wins at once
        assert rules.winner(t.state) == 1
        laid = "Bot 2 laid " if board == "oled_128x64" else "Bot 2 laid out: "  # the OLED's as its table writes
        assert frames[-1][:2] == (end, False) and frames[-1][2].startswith(laid)
    # saved: the round's end; a win is not, so a power cut plays the bot's step again
    saved = saves.decode(app.store.read("l8game"), cards.LEVEL8)[0].state
    assert rules.phase(saved) == (rules.OVER if end == rules.OVER else rules.PLAY)
    shown = len(frames)
    if press:
        app.key("ok", now)
        now += 10
        app.tick(now)
    else:
        for _ in range(play.PERIOD // 10 - 2):  # the step stays on show
            now += 10
            app.tick(now)
        assert len(frames) == shown and app.screen is t
        for _ in range(3):
            now += 10
            app.tick(now)
    # then what follows, drawn by itself
    assert frames[-1] != frames[shown - 1]
    if end == rules.OVER:
        assert app.screen is t and frames[-1][:2] == (rules.OVER, True)
        app.key("ok", now)  # the next round dealt
        assert rules.round_no(t.state) == 2 and rules.phase(t.state) == rules.DRAW
    else:
        assert frames[-1] == (None, None, "Bot 2 won") and app.store.read("l8game") is None


@pytest.mark.parametrize("board", ["oled_128x64", "pico_display"])
def test_each_of_a_persons_turns_starts_on_draw(board, tmp_path):
    """Whatever the cursor was on when the person's last turn ended (a card discarded), it
    is on Draw when the next one begins, after the bots' turns, every turn of a round."""
    from app.level8 import play
    from ui.level8 import DRAW

    hh, app = power_up(board, str(tmp_path))
    g = Game(cards.LEVEL8, 3, seed=5, dealer=2)  # seat 0, the person, plays first
    t = table_of(app, g)
    now = 0
    starts = 0
    while starts < 4 and rules.round_no(g.state) == 1:
        t = app.screen
        if not t.mine():
            now += play.PERIOD
            app.tick(now)
            continue
        assert rules.phase(g.state) == rules.DRAW and t.item(t.focus) == DRAW, starts
        starts += 1
        app.key("ok", now)  # Draw
        if type(app.screen).__name__ == "Menu":
            app.key("ok", now)  # the draw pile, or the pile offered first
        t = app.screen
        i = [k for k in range(t.hn) if t.card(t.order[k]) != cards.SKIP][0]
        t.focus = i  # the cursor on a card, as a player leaves it
        app.key("ok", now)  # the card's chooser
        chooser = app.screen
        discard = [k for k, item in enumerate(chooser.items) if item[0].startswith("Discard")][0]
        chooser.focus = discard
        app.key("ok", now)
    assert starts == 4


@pytest.mark.parametrize("game", [cards.LEVEL8, cards.BOARD])
def test_on_the_oled_a_persons_turn_starts_with_its_item_in_sight(game, tmp_path):
    """On the OLED a message past its one line takes the items' line too. Where the person's
    turn begins, the cursor on Draw (Roll), the bot's step before it fits that one line (a
    discard's card as the table writes it: "Bot 4 discarded O1") or is cut to it, so the
    item lit shows; so does the message of a game resumed."""
    from app.level8 import play

    seen = []
    for seed in range(1, 6):
        root = str(tmp_path / str(seed))
        hh, app = power_up("oled_128x64", root)
        g = Game(game, 4, seed=seed, dealer=0)  # the bots play first
        app.playing = 3 if game == cards.BOARD else 1
        from app.level8 import menu

        menu.play(app, g, 0, 1, 1, "")
        t = app.screen
        now = 0
        while not t.mine() and rules.phase(g.state) != rules.OVER:
            now += play.PERIOD
            app.tick(now)
            assert now < 100 * play.PERIOD
        if not t.mine():
            continue  # a bot went out on its first turn
        app.render()
        assert t.focus >= t.hn and t.view.bar is not None, t.message  # the items' line drawn
        assert len(t.message) <= 21 and t.message.startswith("Bot 4 ")
        seen.append(t.message)
        t.save(app)
        hh, app = power_up("oled_128x64", root)  # resumed
        t = app.screen
        assert t.message == "Resumed: round 1" and t.view.bar is not None
    # a discard in tokens, a Skip given as "skipped" (the board game's steps that ask the
    # person to act are said in a line: "Bot 4 went to Steal")
    ended = [m for m in seen if re.match(r"Bot 4 (discarded|skipped|gave)", m)]
    assert len(ended) >= 2 and all(re.fullmatch(r"Bot 4 (discarded ([ROYGBV]\d+|W)|skipped Bot \d)", m) for m in ended), seen


@pytest.mark.parametrize(
    "mono, focus, said, shown",
    [
        (True, 5, "Bot 4 asked for blue, clockwise", "Bot 4 asked for blue"),
        (True, 5, "Bot 4 asked for 7s, anticlockwise", "Bot 4 asked for 7s"),
        (True, 5, "Bot 4 took violet 11 from Bot 3's pile", "Bot 4 took violet 1.."),
        (True, 5, "Bot 4 discarded O1", "Bot 4 discarded O1"),
        (True, 0, "Bot 4 asked for blue, clockwise", "Bot 4 asked for blue, clockwise"),  # in the hand
        (False, 5, "Bot 4 asked for blue, clockwise", "Bot 4 asked for blue, clockwise"),  # colour
    ],
)
def test_the_oled_fits_the_words_to_a_line_where_a_turn_starts_on_an_item(mono, focus, said, shown):
    """turn.fit: on the OLED, with the person to act and the cursor on an item (the hand
    holds 3 cards here), a message past 21 characters loses its last clauses after a comma,
    else is cut and says so; elsewhere it keeps its two lines."""
    from types import SimpleNamespace

    from app.level8 import turn

    t = SimpleNamespace(message=said, focus=focus, hn=3, mine=lambda: True)
    turn.fit(t, SimpleNamespace(p=SimpleNamespace(mono=mono)))
    assert t.message == shown


def test_the_oled_says_a_message_past_its_two_lines_is_cut(tmp_path, monkeypatch):
    """The OLED's message takes two lines at most: a longer one ends with ".." rather than
    cut unmarked, where "G12" would read as green 1."""
    from ui.paint import Painter

    drawn = []
    text = Painter.text

    def spy(self, s, *a, **k):
        drawn.append(s)
        return text(self, s, *a, **k)

    hh, app = power_up("oled_128x64", str(tmp_path))
    t = table_of(app, Game(cards.LEVEL8, 3, seed=5, dealer=2))
    monkeypatch.setattr(Painter, "text", spy)
    t.message = "Bot 2 added violet 14 to Bot 3's run V11 G12 B13"
    app.full = True
    app.render()
    assert "Bot 2 added violet 14" in drawn and "to Bot 3's run V11 .." in drawn
    t.message = "Bot 2 added V14 to Bot 3's run V11 G12"
    app.render()
    assert "Bot 2 added V14 to" in drawn and "Bot 3's run V11 G12" in drawn  # two lines: whole
    # a layout of four pairs of two-digit cards: the line may break after a group's "/"
    for said, one, two in (
        ("Bot 2 laid R11 O11/G14 V14/R6 W6/B12 Y12", "Bot 2 laid R11 O11/", "G14 V14/R6 W6/B12 Y12"),
        ("Hint: lay R11 O11/G14 V14/R6 W6/B12 Y12", "Hint: lay R11 O11/G14", "V14/R6 W6/B12 Y12"),
    ):
        t.message = said
        del drawn[:]
        app.render()
        assert one in drawn and two in drawn, drawn


@pytest.mark.parametrize("board", ["oled_128x64", "pico_display", "pico_lcd_114"])
def test_how_to_play_names_the_boards_own_buttons(board, tmp_path):
    """The card games' How to play (Level Up's keeping too) names this board's buttons
    ("PRESS" on the LCD), never a button it does not have."""
    from app.level8 import menu

    hh, app = power_up(board, str(tmp_path))
    app.playing = 2  # Level Up's row
    menu.show_help(app)
    text = " ".join(app.screen.lines)
    ok = app.button("ok")
    assert ("%s again on one takes it back" % ok) in text.replace("  ", " ")
    assert ok == "OK" or " OK " not in text


@pytest.mark.parametrize("row, word, other", [(1, "wild", "joker"), (2, "joker", "wild")])
def test_how_to_play_calls_a_wild_as_the_games_rulebook_does(row, word, other, tmp_path):
    """L8-1: LEVEL 8's pages say wild, Level Up's joker (its rulebook's word), throughout."""
    from app.level8 import menu

    hh, app = power_up("pico_display", str(tmp_path))
    app.playing = row
    menu.show_help(app)
    text = " ".join(app.screen.lines).replace("  ", " ")
    assert ("A %s stands for any number or colour" % word) in text and ("W is a %s" % word) in text
    assert other not in text and "%(" not in text


@pytest.mark.parametrize("board", ["oled_128x64", "pico_display"])
@pytest.mark.parametrize("people", [1, 2])
def test_the_card_just_drawn_has_the_cursor_and_is_named_when_it_came_face_down(board, people, tmp_path):
    """L8-4: after drawing, the cursor is on the card that came in, wherever the hand's order
    puts it; a card from the draw pile is named ("You drew yellow 14"), a pile's top, which
    the person chose, is not."""
    from l8helpers import c, game_with

    hands = ["R1 R2 R3 G5 G9 G11 G13 B2 G15 V15", "R4 O4 R7 O7 Y7 V7 R8 O8 Y8 V1"]
    for pile, (want, message) in (
        (False, ("Y14", "%s drew yellow 14" % ("You" if people == 1 else "Player 1"))),
        (True, ("B15", None)),
    ):
        hh, app = power_up(board, str(tmp_path / str(pile)))
        t = table_of(app, game_with(hands, draw="Y14"), people=people)
        if people > 1:
            app.key("ok", 0)  # past the pass screen
        t.to_item(100)  # Draw
        app.key("ok", 0)
        m = app.screen
        m.focus = next(i for i, it in enumerate(m.items) if (rules.kind(it[2]) == rules.K_TAKE) == pile)
        app.key("ok", 0)
        t = app.screen
        hand = rules.hand(t.state, t.me)
        assert hand[t.item(t.focus)] == c(want)[0] and t.message == message
        assert 0 < t.focus < t.hn - 1  # neither end: the hand's order put it among the others


def _skip_given_to(seat, players=2):
    """A game whose seat `seat` is on turn with a Skip in front of it (L8-5): the seat
    before it drew and gave it the Skip."""
    from l8helpers import game_with, give

    giver = (seat - 1) % players
    hands = ["R1 R2 R3 R4 R5 R6 R7 R8 R9 R10", "Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8 Y9 Y10", "G1 G2 G3 G4 G5 G6 G7 G8 G9 G10"][:players]
    hands[giver] = "S" + hands[giver][hands[giver].index(" "):]
    g = game_with(hands, dealer=(giver - 1) % players)
    g.apply(rules.move(rules.K_DRAW))
    give(g, seat)
    assert rules.turn(g.state) == seat and rules.skipped(g.state, seat)
    return g


def test_the_oleds_skip_mark_stands_against_its_seats_pile(tmp_path, monkeypatch):
    """L8-5 on the OLED's seat lines (two seats a line): a seat's "!" for a Skip in front of
    it stands right after its pile's top (or its hand's size), not as near the next seat."""
    from ui.paint import Painter

    drawn = []
    text = Painter.text

    def spy(self, s, x, y, *a, **k):
        drawn.append((s, x, y))
        return text(self, s, x, y, *a, **k)

    hh, app = power_up("oled_128x64", str(tmp_path))
    g = _skip_given_to(1, players=3)  # you gave Bot 2 the Skip: it waits before Bot 2
    s = g.state  # and a card of two characters (R7) on Bot 2's discard pile, from the draw pile
    i = next(i for i in range(rules.begin(s, rules.DRAW_PILE), rules.end(s, rules.DRAW_PILE)) if len(cards.token(s[i])) == 2)
    rules._move(s, i, rules.DRAW_PILE, rules.PILE + 1, 0)
    monkeypatch.setattr(Painter, "text", spy)
    table_of(app, g)
    app.render()
    i = next(k for k, d in enumerate(drawn) if d[0] == "!")
    before = drawn[i - 1]  # what the seat's line drew before it, on the same line
    assert len(before[0]) == 2 and before[2] == drawn[i][2]
    assert drawn[i][1] == before[1] + 6 * len(before[0]) - 2, drawn[i - 3 : i + 1]


@pytest.mark.parametrize("board", ["oled_128x64", "pico_display"])
def test_a_skipped_person_is_told_before_pressing_and_whom_the_skip_was_for_after(board, tmp_path):
    """L8-5: a person with a Skip in front of them sees so as their turn begins (the cursor on
    Draw, which passes the turn); in pass and play the next person's pass screen names the
    one who was skipped, not "you"."""
    from ui.level8 import DRAW, HINT

    hh, app = power_up(board, str(tmp_path))
    t = table_of(app, _skip_given_to(0))  # you against a bot
    assert t.message == "Skipped: Draw to pass" and t.item(t.focus) == DRAW
    t.to_item(HINT)
    app.key("ok", 0)
    assert app.screen.message == "Hint: you are skipped: Draw passes"
    app.screen.to_item(DRAW)
    app.key("ok", 0)
    assert rules.turn(app.screen.state) == 1 and not rules.skipped(app.screen.state, 0)
    assert app.screen.message.startswith("You were skipped")

    g = _skip_given_to(1)
    t = table_of(app, g, people=2)  # pass and play: player 2's turn
    assert t.hidden
    app.key("ok", 0)  # past the pass screen
    assert t.message == "Skipped: Draw to pass" and t.item(t.focus) == DRAW
    app.key("ok", 0)
    t = app.screen
    assert t.hidden and rules.turn(g.state) == 0  # player 1's pass screen
    assert t.message.startswith("Player 2 was skipped")


def test_the_oled_layouts_screen_wraps_a_group_only_for_a_card_that_follows(tmp_path, monkeypatch):
    """Level 4 (a run of 6, a set of 2): a run whose last card ends its line leaves no empty
    line under it; the set's line follows at once, then the cards kept."""
    from l8helpers import game_with

    from ui.level8 import LAY
    from ui.paint import Painter

    drawn = []
    text = Painter.text

    def spy(self, s, x, y, *a, **k):
        drawn.append((s, y))
        return text(self, s, x, y, *a, **k)

    hh, app = power_up("oled_128x64", str(tmp_path))
    g = game_with(["G5 R6 O7 V8 B9 O10 B15 V15 R2 R13", "Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8 Y9 Y10"], pile="Y15", draw="B12", levels=[4, 1])
    g.apply(rules.move(rules.K_DRAW))
    t = table_of(app, g)
    t.to_item(LAY)
    app.key("ok", 0)
    monkeypatch.setattr(Painter, "text", spy)
    app.full = True
    app.render()
    rows = {s: y for s, y in drawn if s in ("R: ", "S: ", "K: ", "O10")}
    assert rows["O10"] == rows["R: "]  # the run in one line of 21 columns
    assert rows["S: "] == rows["R: "] + 8 and rows["K: "] == rows["S: "] + 8


@pytest.mark.parametrize("board", ["oled_128x64", "pico_display"])
def test_a_skip_given_just_before_your_turn_names_its_giver(board, tmp_path):
    """L8-5: the bot just before you gives you its Skip: its step stays said as your turn
    begins ("Bot 2 skipped you"), not covered at once by the ask, so that you learn who
    skipped you; on a colour board the ask follows it. A card pressed before Draw says
    you are skipped, not "Draw first"."""
    from l8helpers import game_with

    from app.level8 import play
    from ui.level8 import DRAW

    hh, app = power_up(board, str(tmp_path))
    g = game_with(["R1 R3 R5 R7 R9 R11 R13 R15 Y2 Y4", "S Y1 Y3 Y5 Y7 Y9 Y11 Y13 Y15 G2"], dealer=0)  # Bot 2 first
    t = table_of(app, g)
    now = 0
    while not t.mine():
        now += play.PERIOD
        app.tick(now)
    assert rules.skipped(g.state, 0) and t.item(t.focus) == DRAW
    if board == "oled_128x64":
        assert t.message == "Bot 2 skipped you"  # one line: the item Draw in sight
    else:
        assert t.message == "Bot 2 gave a Skip to you. Skipped: Draw to pass"
    t.focus = 0  # a card, before Draw
    app.key("ok", now + 1)
    assert app.screen is t and t.message == "Skipped: Draw to pass"


@pytest.mark.parametrize("board", ["oled_128x64", "pico_display"])
def test_every_line_of_the_laid_combinations_fits_the_screen(board, tmp_path):
    """Table on the bar: each seat's level and combinations, every line within the screen's
    width ("Bot 3: level 1, laid out:" is wider than the OLED's 21 columns)."""
    from l8helpers import discard, game_with, lay

    from ui.level8 import TABLE

    hands = ["R1 R2 R4 R6 R8 R10 O1 O3 O5 O7", "V1 V3 V5 V7 V9 V11 V13 V15 O9 O11", "G1 G2 G3 Y4 Y5 Y6 B7 B9 B11 B13"]
    g = game_with(hands, dealer=1)  # seat 2, Bot 3, plays first and lays out
    g.apply(rules.move(rules.K_DRAW))
    lay(g, "G1 G2 G3/Y4 Y5 Y6")
    discard(g, "B13")
    hh, app = power_up(board, str(tmp_path))
    t = table_of(app, g)
    t.to_item(TABLE)
    app.key("ok", 0)
    lines = app.screen.lines
    assert any(line.startswith("Bot 3: level 1") for line in lines)
    assert " ".join(lines).count("laid out:") == 1 and "G1 G2 G3" in " ".join(lines)
    assert max(len(line) for line in lines) <= app.p.cols - 1, lines


def test_a_bots_add_says_which_combination_when_the_owner_has_two_of_its_kind():
    """L8-4: cards are added to any laid combination; the words of a bot's add name it by its
    cards where its owner laid two of its kind (level 1's two runs), not where one."""
    from l8helpers import discard, game_with, lay

    from app.level8 import say

    hands = ["R1 R2 R3 Y4 Y5 Y6 B8 B10 B12 B14", "G1 G2 G3 V4 V5 V6 O7 O9 O11 O13", "R15 O15 Y15 G15 B15 V15 R13 O12 Y11 G10"]
    g = game_with(hands, pile="B11", draw="B1 B2 B3 B4")  # seat 0 first
    g.apply(rules.move(rules.K_DRAW))
    lay(g, "R1 R2 R3/Y4 Y5 Y6")
    discard(g, "B14")
    g.apply(rules.move(rules.K_DRAW))
    lay(g, "G1 G2 G3/V4 V5 V6")
    s = g.state
    name = {0: "You", 1: "Bot 2", 2: "Bot 3"}.get
    seven = number_card(1, 7)  # orange 7
    onto = rules.move(rules.K_ADD, 1, seven)  # your second run, Y4 Y5 Y6
    assert onto in g.legal_moves()
    assert say.step(s, 1, [onto], name) == "Bot 2 added orange 7 to your run Y4 Y5 Y6"
    # a level of two kinds (level 3: a run of 3 and a colour group of 4): the kind says it
    s[rules.AT_SEATS + rules.S_LEVEL] = 3
    assert say.step(s, 1, [onto], name) == "Bot 2 added orange 7 to your colour group"
    assert say.step(s, 1, [rules.move(rules.K_ADD, 0, seven)], name) == "Bot 2 added orange 7 to your run"
    # to its own: "their own", not "own" alone; a hint says "your"
    mine = rules.move(rules.K_ADD, rules.GROUPS_PER_SEAT, number_card(1, 4))  # Bot 2's G1 G2 G3
    assert say.step(s, 1, [mine], name) == "Bot 2 added orange 4 to their own run G1 G2 G3"
    assert say.step(s, 1, [mine], name, mono=True) == "Bot 2 added O4 to their own G1 G2 G3"
    assert say.hint(s, 1, [[mine]], name) == "Hint: add orange 4 to your run G1 G2 G3"


@pytest.mark.parametrize("board", ["oled_128x64", "pico_display"])
@pytest.mark.parametrize("people", [1, 3])
def test_a_cards_chooser_says_whose_combination_and_a_long_one_by_its_kind(board, people, tmp_path):
    """L8-3, L8-4: a card's add items name the combination's owner on every board, and a
    combination of more than three cards by what it is: a run by its ends, a set by its
    number and size, a colour group by its colour and size (not "G5..G13", which reads
    as a run). On the OLED a label past its 21 columns shortens a person's name ("P2's")."""
    from l8helpers import c, discard, game_with, lay

    hands = [
        "R1 R2 R3 G5 G9 G11 G13 W G15 V15",  # level 3: a run of 3 and 4 cards of a colour
        "R4 O4 R7 O7 Y7 V7 R8 O8 Y8 V1",  # level 6: a set of 2 and two of 3 (laid: 2, 4, 3)
        "O5 Y6 G7 B8 V9 R10 O11 Y1 Y2 Y3",  # level 5: a run of 7
    ]
    g = game_with(hands, draw="B7 V2 V3 Y14", levels=[3, 6, 5])
    for groups, out in (("R1 R2 R3/G5 G9 G11 G13", "V15"), ("R4 O4/R7 O7 Y7 V7/R8 O8 Y8", "V2"), ("O5 Y6 G7 B8 V9 R10 O11", "V3")):
        g.apply(rules.move(rules.K_DRAW))
        lay(g, groups)
        discard(g, out)
    g.apply(rules.move(rules.K_DRAW))  # your hand: W G15 B7 Y14
    hh, app = power_up(board, str(tmp_path))
    t = table_of(app, g, people=people)
    if people > 1:
        app.key("ok", 0)  # past the pass screen
    mono = board == "oled_128x64"

    def add(value, q, kind, short):
        w = "your" if q == 0 else ("Bot %d's" if people == 1 else "Player %d's") % (q + 1)
        if not mono:
            return ("Add as %s to %s %s %s" % (value, w, kind, short)) if value else "Add to %s %s %s" % (w, kind, short)
        label = "+%s%s %s" % ("W%s " % value if value else "", w, short)
        return label if len(label) <= 21 else label.replace("Player ", "P")

    want = {
        "G15": ["Discard " + ("G15" if mono else "green 15"), add("", 0, "colour group", "green x4")],
        "B7": ["Discard " + ("B7" if mono else "blue 7"), add("", 1, "set", "7s x4")],
        "W": ["Discard " + ("W" if mono else "a wild")] + sorted([
            add("4", 0, "run", "R1 R2 R3"), add("G", 0, "colour group", "green x4"), add("4", 1, "set", "R4 O4"),
            add("7", 1, "set", "7s x4"), add("8", 1, "set", "R8 O8 Y8"), add("4", 2, "run", "O5..O11"),
            add("12", 2, "run", "O5..O11"),
        ]),
    }
    if mono and people > 1:  # what shortening gives
        assert "+W12 P3's O5..O11" in want["W"] and "+Player 2's 7s x4" in want["B7"]
    hand = rules.hand(g.state, t.me)
    for token, items in want.items():
        t.focus = next(pos for pos in range(t.hn) if hand[t.item(pos)] == c(token)[0])
        app.key("ok", 0)
        got = [it[0] for it in app.screen.items]
        assert [got[0]] + sorted(got[1:]) == items
        assert all(len(label) <= 21 for label in got) or not mono
        app.key("back", 0)
        t = app.screen


def _flash_with(game, people=1):
    from tests.test_store import FakeFlash

    flash = FakeFlash("eager")
    Store("/", flash).write("l8game", saves.encode(game.state, 0, people, 1))
    return flash


def _power_up_on(flash):
    hh = sim.Handheld("oled_128x64")
    flash.reboot()
    return App(hh.device.display, Store("/", flash), labels(hh.profile), None, 0)


def _position(app):
    t = app.screen
    return bytes(t.game.state) if type(t).__name__ == "Table" else None


@pytest.mark.parametrize("step", ["draw", "bot"])
def test_a_power_cut_at_every_step_of_a_save_resumes_before_or_after(step):
    """The power goes off at every step of writing the save of a person's draw (keys) or of
    a bot's step (App.tick): at power-up the table is back at the position before, or the
    one being saved, never anything else."""
    from tests.test_store import PowerCut

    g = Game(cards.LEVEL8, 3, seed=7, dealer=2 if step == "draw" else 0)
    before = bytes(g.state)
    flash = _flash_with(g)
    start = flash.snapshot()

    def act(app):
        if step == "draw":
            app.key("ok", 10)  # Draw (the cursor starts there)
            if type(app.screen).__name__ == "Menu":
                app.key("ok", 20)  # the draw pile
        else:
            app.tick(5000)  # the first bot's step is due

    app = _power_up_on(flash)
    act(app)
    after = _position(app)
    assert after not in (None, before)
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
    assert k > 10 and results == {before, after}  # early cuts keep the old position, late ones the new


@pytest.mark.parametrize("board", ["oled_128x64", "pico_display"])
def test_a_move_is_saved_once_the_table_showing_it_is_on_the_screen(board, tmp_path, monkeypatch):
    """The player sees a move without waiting for the flash: its save is written right after
    the frame that shows it is on the panel, before the key returns (before the next key
    is read), and it holds the position shown. The rules' code, loaded for the move, goes
    with the save, not before the frame, which reads the card games' levels through it
    (on the OLED they were loaded twice in such a key)."""
    import sys

    from importwatch import watch

    if board == "oled_128x64":
        monkeypatch.setattr(sys.modules["app.level8"], "KEPT", ())  # as on the OLED
    hh, app = power_up(board, str(tmp_path))
    g = Game(cards.LEVEL8, 4, seed=4, dealer=3)  # seat 0 plays first
    table_of(app, g)
    app.key("ok", 0)  # Draw: the cursor starts there
    assert app.screen.title == "Draw from"
    events = []
    flush, write = app.p.flush, app.store.write
    monkeypatch.setattr(app.p, "flush", lambda: (events.append("frame"), flush()))
    monkeypatch.setattr(app.store, "write", lambda n, d: (events.append(("write", n, d)), write(n, d)))
    stop = watch(monkeypatch, lambda n, new: new and events.append(n))  # each module loaded
    app.key("ok", 0)  # the draw pile
    stop()
    loaded = [e for e in events if type(e) is str and e != "frame"]
    rested = "level8.rules" not in sys.modules
    t = app.screen
    assert type(t).__name__ == "Table" and rules.phase(t.state) == rules.PLAY and not rules.laid(t.state, 0)
    assert [e if e == "frame" else e[:2] for e in events if type(e) is not str or e == "frame"] == [
        "frame",
        ("write", "l8game"),
    ]
    assert saves.decode(next(e for e in events if type(e) is tuple)[2], cards.LEVEL8)[0].state == t.state
    assert app.due is None
    if board == "oled_128x64":
        # the level line of a seat not laid out reads level8.levels: loaded by the move, once
        # before the frame (after it, the best layout is looked for: ahead.py)
        shown = events.index("frame")
        assert events[:shown].count("level8.levels") == 1 and rested, loaded


@pytest.mark.parametrize(
    "board, row, game",
    [("oled_128x64", 1, cards.LEVEL8), ("pico_display", 1, cards.LEVEL8), ("oled_128x64", 3, cards.BOARD)],
)
def test_a_new_game_is_saved_once_its_first_table_is_on_the_screen(board, row, game, tmp_path, monkeypatch):
    """Start on New game shows the dealt table first and then saves it, as a move is saved
    (the player does not wait for the flash), and then the choices, the New game screen's
    own, for the next New game. Nothing of the saves' code is loaded before the frame, and
    the rules' code that dealt stays for it (the card games' frame reads the levels), until
    the save lets it go. The save holds the table shown."""
    import sys

    from importwatch import watch

    hh, app = power_up(board, str(tmp_path))
    for k in ["down"] * row + ["ok", "ok"]:  # the game's row, New game
        app.key(k, 0)
    assert type(app.screen).__name__ == "NewGame" and app.screen.focus == 0  # on Start
    events = []
    flush, write = app.p.flush, app.store.write
    monkeypatch.setattr(app.p, "flush", lambda: (events.append(type(app.screen).__name__), flush()))
    monkeypatch.setattr(app.store, "write", lambda n, d: (events.append((n, d)), write(n, d)))
    from app.app import forget

    forget("app.level8.saves", "app.level8.choices")  # as on the OLED (a test may have loaded them)
    code = {"app.level8.saves": "saves", "app.level8.choices": "choices"}
    forget("level8.game", "level8.rules", "level8.levels", "prng")  # as on the device: loaded to deal
    loads = []  # each module loaded, with the events before it
    stop = watch(monkeypatch, lambda n, new: new and (events.append(code[n]) if n in code else loads.append((n, len(events)))))
    app.key("ok", 0)
    stop()
    t = app.screen
    if game != cards.BOARD:  # loaded once, for the deal, and read by the frame
        assert [i for n, i in loads if n == "level8.levels"] == [0], loads
    if board == "oled_128x64":
        assert "level8.rules" not in sys.modules  # gone with the save
    from app.level8 import SAVE, choices

    save = SAVE[game]
    # nothing of the saves' code before the frame: a new table needs none of it
    assert [e if type(e) is str else e[0] for e in events] == [
        "Table",
        "saves",
        save,
        "choices",
        save[:2] + "new",
    ]
    assert saves.decode(events[2][1], game)[0].state == t.state
    assert choices.load(app, game).players == rules.players(t.state)
    assert app.due is None
    n = rules.players(t.state)
    if board == "oled_128x64":  # one line: a longer message would cover the items' line
        assert t.message == "%d players. Good luck!" % n and len(t.message) <= 21
    else:
        assert t.message == "LEVEL 8, %d players. Good luck!" % n


def test_a_bots_step_is_saved_after_its_frame_and_what_waits_for_no_frame_at_once(tmp_path, monkeypatch):
    """A bot's step (App.tick) is saved right after the frame showing it. Whatever a tick
    asks to be done after the frame when its screen draws nothing (a tick that returns
    False) is done before App.tick returns all the same: nothing waits for a next key."""
    from app.level8 import play

    hh, app = power_up("oled_128x64", str(tmp_path))
    g = Game(cards.LEVEL8, 3, seed=2, dealer=0)  # seat 1, a bot, plays first
    table_of(app, g)
    app.render()
    events = []
    flush, write = app.p.flush, app.store.write
    monkeypatch.setattr(app.p, "flush", lambda: (events.append("frame"), flush()))
    monkeypatch.setattr(app.store, "write", lambda n, d: (events.append(n), write(n, d)))
    before = bytes(g.state)
    now = 0
    while bytes(g.state) == before:
        now += 10
        app.tick(now)
        assert now < 2 * play.PERIOD
    assert events == ["frame", "l8game"]
    assert saves.decode(app.store.read("l8game"), cards.LEVEL8)[0].state == g.state

    done = []

    class Quiet:
        def draw(self, app, full):
            pass

        def tick(self, app, now):
            app.later(done.append)
            return False

    app.go(Quiet())
    app.render()
    app.tick(now + 10)
    assert done == [app] and app.due is None


def test_sort_keeps_the_hand_s_order_for_the_game_s_next_new_game(tmp_path):
    """Sort orders the hand by colour or by number: kept in the save, and in the game's
    New game choices, so the next new game deals sorted the same way."""
    from app.level8 import choices, menu
    from ui.level8 import SORT

    hh, app = power_up("oled_128x64", str(tmp_path))
    table_of(app, Game(cards.LEVELUP, 3, seed=5, dealer=2))  # seat 0 plays first
    for said, colour in (("colour", True), ("number", False), ("colour", True)):
        app.screen.to_item(SORT)
        app.key("ok", 0)
        assert app.screen.message == "Sorted by " + said
        assert bool(saves.decode(app.store.read("lugame"), cards.LEVELUP)[1] & saves.BY_COLOUR) is colour
        assert choices.load(app, cards.LEVELUP).colour is colour
    assert choices.load(app, cards.LEVEL8).colour is False  # each game its own
    menu.start(app, cards.LEVELUP, choices.load(app, cards.LEVELUP))
    t = app.screen
    assert t.by_colour
    hand = [t.card(i) for i in t.order[: t.hn]]
    keys = [cards.colour(x) * 16 + cards.number(x) for x in hand if x < cards.N_NUMBER_CARDS]
    assert len(keys) > 5 and keys == sorted(keys)  # the number cards by colour, then number


@pytest.mark.parametrize("game", [cards.LEVEL8, cards.BOARD])
def test_a_resumed_table_holds_none_of_the_code_that_checked_its_save(game, tmp_path, monkeypatch):
    """Power-up checks the saved position with the referee (level8.game.state_problem),
    which loads the combinations' code and the level tables; the OLED's table, back,
    keeps none of it (LEVEL 8 measured 53.8 KB, the table at rest 47.9 KB)."""
    import sys

    root = str(tmp_path)
    g = Game(game, 4, seed=4, dealer=3, sides=bytes((1, 2, 1, 1)) if game == cards.BOARD else None)
    Store(root).write(("l8game", "lugame", "bggame")[game], saves.encode(g.state, 0, 1, 1))
    Store(root).write("playing", bytes((3 if game == cards.BOARD else 1,)))
    from app.app import forget

    monkeypatch.setattr(sys.modules["app.level8"], "KEPT", ())  # a colour board's table, earlier, kept some
    # as on a Pico at power-up (an earlier test in this process may have loaded them)
    forget("level8.referee", "level8.board_referee", "level8.combos", "level8.sides", "level8.boardsides")
    hh, app = power_up("oled_128x64", root)
    t = app.screen
    assert type(t).__name__ == "Table" and t.message == "Resumed: round 1" and bytes(t.state) == bytes(g.state)
    held = [n for n in ("level8.referee", "level8.board_referee", "level8.combos", "level8.sides") if n in sys.modules]
    assert held == []
    # the board game's table draws each seat's level from its side's bytes (not sides.py's
    # words), which the OLED's table lets go once drawn (tests/test_app_board.py)
    assert "level8.boardsides" not in sys.modules


def test_how_to_play_from_the_pause_menu_holds_none_of_the_menus_code(tmp_path, monkeypatch):
    """The pause menu is a module of its own (app/level8/pause.py), up without the game's
    other menus; its How to play's pages go back to the table through the Seat, with no
    menu's code while they are up (on the OLED 52.6 KB with menu.py, 47.5 KB without)."""
    import sys

    monkeypatch.setattr(sys.modules["app.level8"], "KEPT", ())  # as on the OLED
    hh, app = power_up("oled_128x64", str(tmp_path))
    g = Game(cards.LEVEL8, 4, seed=4, dealer=3)
    table_of(app, g)
    app.key("back", 0)
    assert app.screen.title == "Paused" and "app.level8.pause" in sys.modules
    assert "app.level8.menu" not in sys.modules
    app.key("down", 0)
    app.key("ok", 0)  # How to play
    assert app.screen.title == "How to play" and app.screen.lines[0].startswith("Be the first")
    held = [n for n in ("app.level8.menu", "app.level8.entry", "app.level8.pause") if n in sys.modules]
    assert held == []
    app.key("ok", 0)
    t = app.screen
    assert type(t).__name__ == "Table" and t.state is g.state


def _packed(groups):
    out = bytearray()
    for grp in groups:
        out.append(len(grp))
        out.extend(bytes(grp))
    return bytes(out)


@pytest.mark.parametrize("board", ["pico_display", "oled_128x64"])
def test_the_best_layout_is_looked_for_once_the_draw_is_on_the_screen(board, tmp_path, monkeypatch):
    """Once the frame of a person's draw is on the screen and saved, the meld finder's best
    layout of the hand is kept on the table (app/level8/ahead.py), and the finder's code
    goes. OK on Lay out then shows that layout, the finder's best, without loading the
    finder before its frame; the others come by the chooser's tick, as before."""
    import sys

    from importwatch import watch
    from l8helpers import game_with

    from app.app import forget
    from ui.level8 import LAY

    hh, app = power_up(board, str(tmp_path))
    g = game_with(["R1 R2 R3 R4 R5 R6 B1 B2 B3 W", "O1 O2 O3 O4 O5 O6 O7 O8 O9 O10"], draw="B4")
    table_of(app, g)
    app.key("ok", 0)  # Draw: the cursor starts there
    assert app.screen.title == "Draw from"
    forget("level8.meld")  # as at power-up (an earlier test may have loaded it)
    events = []
    flush = app.p.flush
    monkeypatch.setattr(app.p, "flush", lambda: (events.append("frame"), flush()))
    stop = watch(monkeypatch, lambda n, new: new and events.append(n))
    app.key("ok", 0)  # the draw pile
    t = app.screen
    assert type(t).__name__ == "Table" and rules.phase(t.state) == rules.PLAY
    assert events.index("level8.meld") > events.index("frame")  # the frame first
    assert "level8.meld" not in sys.modules
    from level8 import meld

    hand = [x for x in rules.hand(t.state, 0) if x != cards.SKIP]
    best, capped = meld.layouts(hand, rules.reqs(t.state, 0), 1)
    assert t.ahead == (bytes(hand), _packed(best[0]), capped) and capped
    forget("level8.meld")
    events.clear()
    t.to_item(LAY)
    app.key("ok", 0)
    stop()
    m = app.screen
    assert type(m).__name__ == "Layouts" and m.groups(0) == best[0] and len(m.found) == 1
    assert "level8.meld" not in events[: events.index("frame")]
    assert getattr(m.t, "ahead", None) is None  # taken once
    app.tick(10)
    every, _ = meld.layouts(hand, rules.reqs(t.state, 0), 20)
    assert [m.groups(i) for i in range(len(m.found))] == [grp for grp in every]


@pytest.mark.parametrize("board", ["pico_display", "oled_128x64"])
@pytest.mark.parametrize("one", [True, False])
def test_a_layout_looked_for_ahead_goes_with_the_turn(board, one, tmp_path):
    """The layout found ahead is of the turn's hand: the table lets it go once the turn
    moves on (here, a discard). For a hand without one, it knows there is none, and Lay
    out says so."""
    from l8helpers import game_with

    from ui.level8 import LAY

    hh, app = power_up(board, str(tmp_path))
    if one:
        g = game_with(["R1 R2 R3 R4 R5 R6 B1 B2 B3 W", "O1 O2 O3 O4 O5 O6 O7 O8 O9 O10"], draw="B4")
    else:  # two runs of 3 asked, no three numbers in a row
        g = game_with(["R1 R2 R4 R5 R7 R8 B10 B11 B13 B14", "O1 O2 O3 O4 O5 O6 O7 O8 O9 O10"], draw="G1")
    table_of(app, g)
    app.key("ok", 0)
    app.key("ok", 0)  # the draw
    t = app.screen
    assert t.ahead[1] if one else t.ahead[1:] == (b"", False)
    if not one:
        t.to_item(LAY)
        app.key("ok", 0)
        assert type(app.screen).__name__ == "Table"
        assert app.screen.message == ("No layout yet" if board == "oled_128x64" else "No way to lay out a run of 3 + a run of 3 yet")
    app.screen.focus = 0  # the hand's first card
    app.key("ok", 0)
    assert app.screen.items[0][0].startswith("Discard")
    app.key("ok", 0)  # discard it: the bot's turn
    t = app.screen
    assert type(t).__name__ == "Table" and rules.turn(t.state) == 1
    assert getattr(t, "ahead", None) is None


@pytest.mark.parametrize("board", ["pico_display", "oled_128x64"])
def test_new_game_loads_what_start_needs_while_it_is_read_on_a_colour_board(board, tmp_path, monkeypatch):
    """On a colour board, once New game is on the screen (after its frame), the code its
    Start deals and draws the first table with is loaded (menu._ready), so Start loads
    none of it before that table's frame; Back from New game lets it go. The OLED's heap
    has no room for it beside the menus: there Start loads it."""
    import sys

    from importwatch import watch

    from app.app import forget

    want = ("prng", "level8.game", "app.level8.play", "app.level8.turn", "ui.level8.colour")
    hh, app = power_up(board, str(tmp_path))
    app.key("down", 0)
    app.key("ok", 0)  # LEVEL 8's menu
    assert app.screen.items[0][0] == "New game"
    forget(*want, "level8.rules", "level8.levels")  # as at power-up
    events = []
    flush = app.p.flush
    monkeypatch.setattr(app.p, "flush", lambda: (events.append("frame"), flush()))
    stop = watch(monkeypatch, lambda n, new: new and events.append(n))
    for again in (False, True):
        events.clear()
        app.key("ok", 0)  # New game
        assert type(app.screen).__name__ == "NewGame"
        held = [n for n in want if n in sys.modules]
        if board == "oled_128x64":
            assert held == []
        else:
            shown = events.index("frame")  # loaded after it
            assert held == list(want) and [n for n in want if n in events[shown:]] == list(want)
        if not again:
            app.key("back", 0)
            assert app.screen.items[0][0] == "New game"
            assert [n for n in want if n in sys.modules] == []
    events.clear()
    app.key("ok", 0)  # Start
    stop()
    assert type(app.screen).__name__ == "Table"
    before = events[: events.index("frame")]
    if board != "oled_128x64":
        assert [n for n in want if n in before] == []
    else:
        assert "level8.game" in before and "app.level8.play" in before


@pytest.mark.parametrize("row", ["Level 10", "LEVEL 8", "Level Up", "Das Brettspiel"])
@pytest.mark.parametrize("saved", [False, True])
def test_a_games_menu_comes_back_on_the_row_left(row, saved, tmp_path):
    """Back from Statistics, How to play, New game (and Level 10's Settings), a game's menu
    has the cursor on that row again, with a saved game's Continue above it or not."""
    hh, app = power_up("oled_128x64", str(tmp_path))
    games = app.screen
    while games.items[games.focus][0] != row:
        app.key("down", 0)
    app.key("ok", 0)
    if saved:  # a game on flash (read only by Continue): the menu made again shows Continue
        file = {"Level 10": "game", "LEVEL 8": "l8game", "Level Up": "lugame", "Das Brettspiel": "bggame"}[row]
        app.store.write(file, b"not read until Continue")
        app.go(app.game().menu(app))
    m = app.screen
    assert (m.items[0][0] == "Continue") == saved
    for label in ["Statistics", "How to play", "New game"] + (["Settings"] if row == "Level 10" else []):
        while m.items[m.focus][0] != label:
            app.key("down", 0)
        app.key("ok", 0)
        assert app.screen is not m
        app.key("back", 0)
        m = app.screen
        assert m.items[m.focus][0] == label
        app.key("down", 0)  # away from it, so the next row is walked to again


def _draw_and_discard(app, card, now):
    """The person on turn draws from the draw pile and discards `card` (a token), by keys."""
    from l8helpers import c

    t = app.screen
    t.to_item(100)  # Draw
    app.key("ok", now)
    m = app.screen
    m.focus = next(i for i, it in enumerate(m.items) if rules.kind(it[2]) == rules.K_DRAW)
    app.key("ok", now)
    t = app.screen
    t.focus = next(pos for pos in range(t.hn) if t.card(t.item(pos)) == c(card)[0])
    app.key("ok", now)  # the card's chooser, Discard first
    app.key("ok", now)
    return app.screen


def _bar_rows(hh):
    """The rows below the title (app.screen.title_bar's: 10 px on the OLED, 25 on a colour
    board) of the screen's last column not in the background (the colour of the bottom
    row's pixel left of the bar, 3 px at most): a scroll bar there."""
    w, h, rgb = hh.screen()
    bg = rgb[-12:-9]
    return [y for y in range(10 if h == 64 else 25, h) if rgb[(y * w + w - 1) * 3 : (y * w + w) * 3] != bg]


@pytest.mark.parametrize("board", ["oled_128x64", "pico_display"])
def test_pass_and_play_the_pass_screen_says_every_move_since_the_last_one(board, tmp_path):
    """Pass and play: the pass screen says what was done since the last one, a line a move:
    the person before's moves (said as a bot's are, a card drawn face down never named) and
    each bot's step. Longer than the screen, ↑↓ scroll it, with a scroll bar; read (OK),
    the next pass screen starts afresh."""
    from l8helpers import game_with

    from app.level8 import play

    hands = ["R1 R2 R3 G5 G9 G11 G13 B2 G15 V15", "R4 O4 R7 O7 Y7 V7 R8 O8 Y8 V1", "Y1 Y2 Y3 Y4 Y5 Y6 O9 O10 O11 O12"]
    hh, app = power_up(board, str(tmp_path))
    mono = board == "oled_128x64"
    t = table_of(app, game_with(hands, draw="Y14 B14", levels=[1, 1, 2]), people=2)
    assert t.hidden and t.me == 0
    app.key("ok", 0)
    t = _draw_and_discard(app, "R1", 0)
    assert t.hidden and t.me == 1
    assert t.said == "Player 1 drew a card, discarded " + ("R1" if mono else "red 1")
    app.render()
    assert _bar_rows(hh) == []  # it fits: no scroll bar
    app.key("ok", 0)
    assert t.said is None
    t = _draw_and_discard(app, "V1", 0)  # the bot, seat 3, plays next
    now = 0
    while t.me != 0 or not t.hidden:
        now += play.PERIOD
        app.tick(now)
    said = "Bot 3 took %s from Player 1's pile, discarded %s" % (("R1", "O9") if mono else ("red 1", "orange 9"))
    assert t.said == "Player 2 drew a card, discarded " + ("V1" if mono else "violet 1") + "\n" + said
    assert "14" not in t.said  # the cards drawn face down: Y14 to Player 1, B14 to Player 2
    if mono:  # the words run past the OLED's screen: ↓ scrolls them, up to their last line
        first = _bar_rows(hh)
        assert first and first[-1] < 63
        for k, top in (("down", 1), ("down", 2), ("up", 1)):
            app.key(k, now)
            assert t.top == top
        for _ in range(20):
            app.key("down", now)
        assert 2 <= t.top < 10 and _bar_rows(hh)[-1] == 63  # the bar at the bottom
        app.key("up", now)
        assert t.top >= 1 and _bar_rows(hh) != first
    app.key("ok", now)
    assert not t.hidden and t.said is None and t.top == 0


@pytest.mark.parametrize("board", ["pico_display", "oled_128x64"])
def test_the_layouts_keys_name_the_arrows_only_when_there_are_others(board, tmp_path):
    """The Layouts chooser's keys line names ↑↓ ("more") while other layouts are to be
    found or shown; a hand with one layout only says how to lay it (and, with room, back)."""
    from l8helpers import game_with

    from ui.level8 import LAY

    def keys_line(hands, draw):
        hh, app = power_up(board, str(tmp_path / draw))
        g = game_with(hands, draw=draw)
        g.apply(rules.move(rules.K_DRAW))
        t = table_of(app, g)
        t.to_item(LAY)
        app.key("ok", 0)
        lines = []
        p = app.p

        def text(s, x, y, *a, **k):
            if y == p.h - 8:
                lines.append(s)
            return type(p).text(p, s, x, y, *a, **k)

        p.text = text
        before = app.screen.draw(app, True) or list(lines)
        app.tick(10)  # the others looked for
        del lines[:]
        app.render()
        del p.text
        return lines or before  # the keys line as it stands: drawn again only if it changed

    one = ["R1 O2 Y3 G7 B8 V9 R12 O14 V15 Y5", "O1 O3 O4 O5 O6 O7 O8 O9 O10 O11"]
    assert keys_line(one, "B11") == ["OK:lay" if board == "oled_128x64" else "A: lay this  B: back"]
    many = ["R1 R2 R3 R4 R5 R6 B1 B2 B3 W", "O1 O2 O3 O4 O5 O6 O7 O8 O9 O10"]
    assert "\x10\x11" in keys_line(many, "B4")[0]


def test_pass_and_play_each_person_sorts_their_own_hand(tmp_path):
    """Pass and play: Sort orders the hand of the person who chose it, not the next
    person's; each person's order is kept in the save (a bit a seat) and comes back on
    resuming. A new game started sorted by colour sorts every hand so."""
    from app.level8 import choices, menu
    from ui.level8 import SORT

    root = str(tmp_path)
    hh, app = power_up("pico_display", root)
    g = Game(cards.LEVEL8, 2, seed=5, dealer=1)  # seat 0 plays first
    t = table_of(app, g, people=2)
    app.key("ok", 0)  # Player 1's hand
    t.to_item(SORT)
    app.key("ok", 0)
    assert t.message == "Sorted by colour" and t.by_colour == 1
    assert saves.decode(app.store.read("l8game"), cards.LEVEL8)[1] == saves.BY_COLOUR
    t.to_item(100)  # Draw, then the first card discarded: Player 2's turn
    app.key("ok", 0)
    m = app.screen
    m.focus = next(i for i, it in enumerate(m.items) if rules.kind(it[2]) == rules.K_DRAW)
    app.key("ok", 0)
    t = app.screen
    t.focus = 0
    app.key("ok", 0)
    app.key("ok", 0)
    assert t.hidden and t.me == 1
    app.key("ok", 0)
    hand = [t.card(i) for i in t.order[: t.hn]]
    numbers = [cards.number(x) for x in hand if x < cards.N_NUMBER_CARDS]
    assert numbers == sorted(numbers)  # Player 2's by number still
    t.to_item(SORT)
    app.key("ok", 0)
    assert t.by_colour == 3 and saves.decode(app.store.read("l8game"), cards.LEVEL8)[1] == 3 * saves.BY_COLOUR
    t.to_item(SORT)
    app.key("ok", 0)
    assert t.by_colour == 1  # Player 2 by number again, Player 1 still by colour
    hh, app = power_up("pico_display", root)  # resumed: each order as it was
    t = table_of(app, saves.decode(app.store.read("l8game"), cards.LEVEL8)[0], people=2,
                 flags=saves.decode(app.store.read("l8game"), cards.LEVEL8)[1])
    assert t.by_colour == 1
    menu.start(app, cards.LEVEL8, choices.load(app, cards.LEVEL8))
    assert app.screen.by_colour == 0  # the last Sort chose number
    c = choices.load(app, cards.LEVEL8)
    c.colour = True
    menu.start(app, cards.LEVEL8, c)
    assert app.screen.by_colour == 63


class _Said:
    """What say.log reads of a table: its state, its seats' names, the words kept."""

    def __init__(self, state):
        self.state = bytearray(state)
        self.said = None

    def name(self, q):
        return "Player %d" % (q + 1)


def _bots_until(g, stop):
    """Bots (Medium) play `g` step by step until stop(state before, step) holds for a step
    about to be played; returns (the state before it, the step, its seat)."""
    from level8 import bot, layout, view

    from app.level8 import bots

    for _ in range(3000):
        s = g.state
        q = layout.actor(s)
        if rules.phase(s) == rules.OVER:
            g.apply(rules.move(rules.K_NEXT))
            continue
        for st in bots.steps(bot.play(view.see(s, q), 1)):
            if stop(s, st):
                return bytes(s), st, q
            for m in st:
                g.apply(m)
    raise AssertionError("not reached")


@pytest.mark.parametrize("board", ["pico_display", "oled_128x64"])
def test_pass_and_play_words_say_a_going_out_and_a_persons_keep(board, tmp_path):
    """The pass screen's words (app/level8/say.log): the move that ends a round says the
    seat went out, read from the position once played (turn.commit), so the next round's
    lines are told apart; a person's keep says how many cards they kept (L8-9), never
    which; a person's move in the card games is said as a bot's would be, a card from the
    draw pile only "a card"."""
    from app.level8 import say

    mono = board == "oled_128x64"
    g = Game(cards.LEVELUP, 2, seed=3, dealer=1, keep=True)
    before, st, q = _bots_until(g, lambda s, st: rules.hand_count(s, rules.turn(s)) == 1
                                and rules.kind(st[0]) in (rules.K_DISCARD, rules.K_GIVE))
    hh, app = power_up(board, str(tmp_path))
    t = table_of(app, Game(state=bytearray(before)), people=2)
    app.key("ok", 0)  # past the pass screen: seat q's hand
    assert t.me == q and not t.hidden
    t.said = None
    t.commit(app, st, "")
    assert rules.phase(t.state) in (rules.OVER, rules.WON)
    assert t.said.startswith("Player %d " % (q + 1)) and t.said.endswith(" and went out")
    assert t.said.count(" and went out") == 1
    g = Game(cards.LEVELUP, 3, seed=11, dealer=2, keep=True)
    g.state[rules.AT_SEATS + rules.S_LEVEL] = 5  # seat 0 keeps at the round's end, if it laid nothing
    before, st, q = _bots_until(g, lambda s, st: rules.phase(s) == rules.KEEP and rules.kind(st[-1]) == rules.K_KEPT
                                and len(st) > 1)
    s = bytearray(before)
    for m in st[:-1]:  # kept, one at a time, as a person keeps them: words for none
        t = _Said(s)
        say.log(t, [m], q, False, "", mono)
        assert t.said is None
        Game(state=s).apply(m)
    t = _Said(s)
    say.log(t, st[-1:], q, False, "", mono)
    n = len(st) - 1
    assert t.said == "Player %d kept %d card%s" % (q + 1, n, "" if n == 1 else "s")
    t = _Said(s)  # the last card kept with the end of the choice, as the fourth is
    say.log(t, st[-2:], q, False, "", mono)
    assert t.said == "Player %d kept %d cards" % (q + 1, n + 1)
    t = _Said(bytearray(before))  # none kept: in words, not "kept 0 cards"
    say.log(t, [rules.move(rules.K_KEPT)], q, False, "", mono)
    assert t.said == "Player %d kept no cards" % (q + 1)
    assert say.step(before, q, [rules.move(rules.K_KEPT)], lambda p: "Bot 3") == "Bot 3 kept no cards"
    t = _Said(s)  # a card taken back (the kept ones all back, the others kept again): no words
    say.log(t, [rules.move(rules.K_CANCEL)] + list(st[:1]), q, False, "", mono)
    assert t.said is None
    t = _Said(Game(cards.LEVEL8, 2, seed=4, dealer=1).state)
    say.log(t, [rules.move(rules.K_DRAW)], 0, False, "", mono)
    assert t.said == "Player 1 drew a card"


def test_pass_and_play_the_pass_screen_shows_no_words_but_those_said_for_everyone(tmp_path):
    """The pass screen shows only the words said for every eye (Table.said), never the
    table's message, which may be the last person's own ("Kept B9, 4 of 4", "Player 1 drew
    red 5"); after a round's end (public) the next person always passes it, even the one
    whose hand showed last."""
    from app.level8 import turn

    texts = []
    hh, app = power_up("pico_display", str(tmp_path))
    g = Game(cards.LEVEL8, 2, seed=5, dealer=1)
    t = table_of(app, g, people=2)
    assert t.hidden
    t.message = "Player 1 drew red 5"
    t.said = None
    p = app.p
    p.text = lambda s, *a, **k: texts.append(s) or type(p).text(p, s, *a, **k)
    app.full = True
    app.render()
    del p.text
    assert texts and not any("red 5" in x for x in texts)
    app.key("ok", 0)
    s = g.state
    s[rules.AT_PHASE] = rules.OVER  # a round's end: no hand shows, and whoever is next passes the pass screen
    turn.settle(t, app)
    assert t.me == rules.NO_SEAT and t.shown == rules.NO_SEAT
