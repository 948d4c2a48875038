"""The board game ("Level 8: Das Brettspiel", issue 23) at the LEVEL 8 table on the handheld
(app/level8/roll.py, actions.py, bstep.py): whole games played by their keys on every board
(you against bots, pass and play with two people and bots), the track screen (its choice of
the two spaces the dice reached, LB-2), each action's chooser offering exactly the legal
moves, a refused move in words, the bots acting out of turn (giving, showing), the round's
end with nobody out, and golden pictures of the track, a chooser and the table at a roll.

The table is built directly on a board game's state (the games menu's row and the board's
files in the store are another helper's): `board_files` names its files as the menu will.
"""

import sys

import pytest
from l8helpers import number_card
from level8 import board, boardbot, cards, rules, track, view
from level8 import game as l8game
from level8.game import Game
from test_app_level8 import BOARDS, Driver, power_up
from test_golden import match_golden

import app.level8 as A
from app.games import GAMES
from app.level8 import play, roll, saves
from app.store import Store
from host_sim.autoplay8b import AutoplayerBoard
from ui import level8 as T
from ui import theme
from ui.level8 import LAY

BOARD = cards.BOARD
ROW = [g[0] for g in GAMES].index("Das Brettspiel")


def table(app, g, people=1, strength=1):
    app.playing = ROW  # the board game's row of the games menu: its menus end the game
    t = play.Table(app, g, 0, people, strength, "")
    app.go(t)
    t.save(app)  # as a new game is saved (menu.start: once its first table is on the screen)
    t.rest()
    app.render()
    return app.screen


@pytest.mark.parametrize("board_name, kept", [("oled_128x64", False), ("pico_display", True)])
def test_the_oled_table_lets_the_board_levels_go_once_it_has_drawn_them(board_name, kept, tmp_path, monkeypatch):
    """A seat's level line reads the board game's levels (level8.boardsides, LB-5). The
    OLED's table lets them go once its frame is drawn, having no room to keep them between
    keys (they were at the board game's peak), and reads them again for the next such line;
    a colour board keeps them."""
    from importwatch import watch

    hh, app = power_up(board_name, str(tmp_path))
    g = Game(BOARD, 3, 1, 0, sides=[1, 2, 1])  # no seat has laid out: every level line reads them
    read = []

    from app.app import forget

    forget("level8.boardsides")  # as at power-up (an earlier test may have loaded it)
    stop = watch(monkeypatch, lambda n, loaded: n == "level8.boardsides" and read.append(n))
    table(app, g)
    app.key("down", 0)  # a cursor key draws no level line: nothing read
    n = len(read)
    app.screen.open_menu(app)
    app.key("back", 0)  # the table again, drawn whole
    stop()
    assert type(app.screen).__name__ == "Table"
    assert n > 0 and len(read) > n  # read for each whole frame
    assert ("level8.boardsides" in sys.modules) is kept


class Checker:
    """After every change of the table's game: the position is one the rules allow, the save
    on flash holds exactly it, and a person's hand shows only after the pass screen was up
    for them (pass and play). The board game's table never looks for a layout before Lay
    out (app/level8/ahead.py): it has no room for the meld finder beside it."""

    def __init__(self, store):
        self.store = store
        self.last = None
        self.phases = set()
        self.screens = set()
        self.shown = []  # the seats whose hands showed, in turn
        self.passed = None

    def __call__(self, app):
        t = app.screen
        self.screens.add(type(t).__name__ + ":" + getattr(t, "title", ""))
        if type(t).__name__ != "Table":
            return
        assert getattr(t, "ahead", None) is None
        if t.hidden:
            self.passed = t.me
        elif t.people > 1 and t.mine() and (not self.shown or self.shown[-1] != t.me):
            assert not self.shown or self.passed == t.me
            self.shown.append(t.me)
            self.passed = None
        s = bytes(t.game.state)
        if s == self.last:
            return
        self.last = s
        assert l8game.state_problem(bytearray(s)) is None
        if rules.phase(s) == rules.WON:  # a bot's winning step: on show, not saved, as the
            assert t.ending  # standings follow it (a power cut plays that step again)
            return
        g, flags, people, strength = saves.decode(self.store.read(A.file(BOARD, A.GAME)), BOARD)
        assert bytes(g.state) == s and people == t.people and strength == t.strength
        self.phases.add(rules.phase(s))


@pytest.mark.parametrize("board_name", BOARDS)
@pytest.mark.parametrize("players, people, seed", [(3, 1, 1), (4, 2, 3)])
def test_a_whole_board_game_at_the_table_by_its_keys(board_name, players, people, seed, tmp_path):
    """Every person's step pressed through the table, the track screen and the choosers
    (the bots' choices, from that seat's view), every bot's step shown and saved, both
    level sides at the table (LB-5), to the game's end, which removes the save."""
    hh, app = power_up(board_name, str(tmp_path))
    g = Game(BOARD, players, seed, seed % players, sides=[1 + q % 2 for q in range(players)])
    table(app, g, people)
    check = Checker(app.store)
    ap = AutoplayerBoard()
    Driver(app, check).run(ap, limit=100000)
    assert ap.ended is not None and app.screen is ap.ended
    assert app.store.read(A.file(BOARD, A.GAME)) is None
    assert {board.ROLL, board.GO, rules.PLAY, rules.OVER} <= check.phases
    assert {"Track:Track", "Menu:Take a card"} <= check.screens
    if people > 1:
        assert set(check.shown) == {0, 1} and len(check.shown) > 10


def test_pass_and_play_hands_the_handheld_to_the_person_asked(tmp_path):
    """Player 1 asks, Player 2 holds several cards asked for: the pass screen goes to Player
    2, who chooses the card given, and back to Player 1 (GIVE is not the turn's seat)."""
    for seed in range(1, 200):
        g = Game(BOARD, 3, seed, 2)
        s = g.state
        if rules.turn(s) != 0:
            continue
        g.apply(board.K_ROLL << 12)
        a, b = board.reached(s)
        for sp in (a, b):
            if board.KINDS[sp] == 7:  # ASK
                break
        else:
            continue
        g.apply(rules.move(board.K_GO, sp))
        hand1 = rules.hand(s, 1)
        for v in range(1, 16):
            if sum(1 for c in hand1 if board.matches(c, v)) > 1 and not any(
                board.matches(c, v) for c in rules.hand(s, 2)
            ):
                break
        else:
            continue
        break
    else:
        pytest.fail("no such deal")
    hh, app = power_up("pico_lcd_114", str(tmp_path))
    t = table(app, g, people=2)
    assert t.hidden and t.me == 0
    app.key("ok", 0)  # Player 1 takes the handheld
    assert t.mine() and t.item(t.focus) == roll.ACT
    app.key("ok", 0)  # Choose: the Ask chooser
    m = app.screen
    assert m.title == "Ask for"
    m.focus = next(i for i, it in enumerate(m.items) if rules.move(board.K_ASK, 0, v) in it[2])
    app.key("ok", 0)
    assert app.screen.title == "Ask for %ds" % v and app.screen.items[0][0].startswith("Clockwise")
    app.key("ok", 0)  # clockwise: Player 2 first
    t = app.screen
    assert type(t).__name__ == "Table" and t.hidden and t.me == 1 and rules.phase(s) == board.GIVE
    assert t.message == "Player 1 asked for %ds, clockwise" % v
    app.key("ok", 0)  # Player 2 takes the handheld
    assert t.mine() and t.item(t.focus) == roll.ACT
    app.key("ok", 0)
    m = app.screen
    assert m.title == "Give Player 1 %ds" % v
    assert sorted(it[2] for it in m.items) == sorted(Game(state=bytearray(s)).legal_moves())
    app.key("ok", 0)
    t = app.screen
    assert t.hidden and t.me == 0 and rules.phase(s) == rules.PLAY  # back to Player 1
    assert t.message == "Player 2 gave Player 1 a card"


def _reach(phase, actor=0, players=3, seeds=range(1, 80), cond=lambda s: True, asked=False):
    """A seeded game played by the bots until the seat `actor` must act at `phase` (and
    cond(state) holds). With `asked`, the game instead at another seat's turn whose bot's
    decision (as the table's bot makes it) next asks `actor` to act at `phase`."""
    for seed in seeds:
        g = Game(BOARD, players, seed, seed % players)
        for _ in range(3000):
            s = g.state
            if rules.phase(s) == rules.WON:
                break
            q = l8game.actor(s)
            if not asked and rules.phase(s) == phase and q == actor and cond(s):
                return g
            before = bytes(s)
            for m in boardbot.play(view.see(s, q), 1):
                g.apply(m)
            if asked and q != actor and rules.phase(s) == phase and l8game.actor(s) == actor:
                return Game(state=bytearray(before))
    return None


@pytest.mark.parametrize(
    "phase", [board.STAR, board.PICK, board.SWAP, board.ASK, board.GIVE, board.SHOW, board.STEAL]
)
def test_each_actions_chooser_offers_its_legal_moves_only(phase, tmp_path):
    """The chooser the person opens (Choose, focused when the step begins) offers exactly the
    legal moves of the step (an Ask: each value with its two directions)."""
    g = _reach(phase)
    assert g is not None
    hh, app = power_up("pico_display", str(tmp_path))
    t = table(app, g)
    assert t.mine() and t.item(t.focus) == roll.ACT
    legal = sorted(g.legal_moves())
    app.key("ok", 0)
    m = app.screen
    offered = []
    for it in m.items:
        offered += list(it[2]) if isinstance(it[2], tuple) else [it[2]]
    assert sorted(offered) == legal
    app.key("back", 0)
    assert type(app.screen).__name__ == "Table" and bytes(app.screen.state) == bytes(g.state)


@pytest.mark.parametrize("phase", [board.PICK, board.GIVE, board.STEAL])
def test_the_oled_choosers_name_a_bot_whole_not_as_a_card(phase, tmp_path):
    """On the OLED a seat in a board step's chooser is "Bot 3" (a pile "R7: Bot 3's pile"),
    never "B3", which reads as blue 3; the person's own pile is "your"."""
    import re

    g = _reach(phase, cond=lambda s: phase != board.PICK or any(rules.pile_top(s, q) != 255 for q in (1, 2)))
    assert g is not None
    hh, app = power_up("oled_128x64", str(tmp_path))
    assert table(app, g).mine()
    app.key("ok", 0)
    m = app.screen
    texts = [m.title] + [it[0] for it in m.items]
    assert any("Bot " in x for x in texts), texts
    if phase == board.PICK:
        assert all(re.fullmatch(r"\S+: (your|Bot \d's) pile", x) for x in texts[1:] if "pile (" not in x), texts
    elif phase == board.GIVE:
        assert re.match(r"Give Bot \d ", m.title)
    else:
        assert all(re.fullmatch(r"\S+ from Bot \d", x) for x in texts[1:]), texts


def test_the_screens_copies_of_the_board_rules_constants_are_the_rules_own():
    """The board game's screens copy level8.board's phases, move kinds and state offsets as
    private compile-time constants (a public name costs heap on a Pico, and loading the
    rules for them would cost more): each copy is the rules' own value."""
    import importlib

    offsets = {"POS": board.B_POS, "DICE": board.B_DICE, "REACH": board.B_REACH, "COUNT": board.B_COUNT}
    offsets.update(ACTION=board._B_ACTION, ACTOR=board.B_ACTOR, ASKED=board.B_ASKED, SHOWN=board.B_SHOWN)
    checked = []
    for name in ("actions", "bstep", "roll", "say", "step", "track", "turn"):
        module = importlib.import_module("app.level8." + name)
        for k, v in vars(module).items():
            if not k.startswith("_") or type(v) is not int:
                continue
            x = k[1:]
            if x in offsets:
                want = board.AT_BOARD + offsets[x]
            else:
                want = getattr(board, x[2:] if x.startswith("P_") else x)
            assert v == want, (name, k)
            checked.append(k)
    assert len(checked) >= 30  # every copy of the five modules (37 today)


def test_an_actions_chooser_holds_step_not_the_code_that_built_it(tmp_path):
    """A chooser keeps only what plays its items (app/level8/step.py): actions.py, which
    builds it, is let go once it is up, also for an Ask's second question (which way) and
    Back from there to the first."""
    g = _reach(board.ASK)
    hh, app = power_up("oled_128x64", str(tmp_path))
    t = table(app, g)
    assert t.item(t.focus) == roll.ACT
    app.key("ok", 0)
    m = app.screen
    assert m.title == "Ask for" and "app.level8.actions" not in sys.modules
    assert {it[1].__module__ for it in m.items} == {"app.level8.step"}
    app.key("ok", 0)
    ways = app.screen
    assert ways.title.startswith("Ask for ")
    # who is asked first, as on a colour board ("Clockwise: Bot 2 first"), in 21 columns
    assert [it[0] for it in ways.items] == ["Clockwise: Bot 2", "Anticlockwise: Bot 3"]
    assert "app.level8.actions" not in sys.modules and ways.items[0][1].__module__ == "app.level8.step"
    app.key("back", 0)
    assert app.screen.title == "Ask for" and "app.level8.actions" not in sys.modules
    app.key("ok", 0)
    app.key("ok", 0)  # clockwise: the move played, and the next chooser up by itself
    m = app.screen
    assert m.title == "Take a card" and "app.level8.actions" not in sys.modules
    assert {it[1].__module__ for it in m.items} == {"app.level8.step"}


def test_the_track_screen_chooses_one_of_the_two_spaces(tmp_path):
    """LB-2: Roll (focused at the turn's start) rolls and opens the track with the two spaces
    reached; left and right choose, Back shows the hand and Track opens it again, OK stacks
    the tower on the chosen space and opens its action's chooser (or the card play). The
    screen plays its move by step.py: roll.py, the table's, goes once its key is done."""
    g = _reach(board.ROLL)
    hh, app = power_up("oled_128x64", str(tmp_path))
    t = table(app, g)
    assert t.item(t.focus) == roll.ROLL
    app.key("ok", 0)
    tr = app.screen
    assert type(tr).__name__ == "Track" and tr.choosing
    assert tr.go.__module__ == "app.level8.step" and "app.level8.roll" not in sys.modules
    s = g.state
    assert list(tr.reach()) == list(board.reached(s)) and tr.chosen == 0
    app.key("right", 0)
    assert tr.chosen == 1
    app.key("back", 0)
    t = app.screen
    assert type(t).__name__ == "Table" and t.item(t.focus) == roll.TRACK and rules.phase(s) == board.GO
    app.key("ok", 0)
    tr = app.screen
    app.key("left", 0)
    app.key("ok", 0)
    assert board.tower(s, 0) == board.reached(s)[1] and rules.phase(s) != board.GO


def test_a_card_in_a_board_step_is_played_or_refused_in_words(tmp_path):
    """OK on a card: at the roll the referee's words (first roll the dice); in a swap the card
    is discarded, as Choose would."""
    g = _reach(board.ROLL)
    hh, app = power_up("pico_display", str(tmp_path))
    t = table(app, g)
    t.focus = 0
    app.key("ok", 0)
    assert t.message == "First roll the dice" and rules.phase(g.state) == board.ROLL
    g = _reach(board.SWAP, cond=lambda s: rules.hand_count(s, 0) > 3)
    t = table(app, g)
    t.focus = 0
    c = rules.hand(g.state, 0)[t.item(0)]
    n = rules.hand_count(g.state, 0)
    app.key("ok", 0)
    assert rules.pile_top(g.state, 0) == c and rules.hand_count(g.state, 0) == n - 1
    assert app.screen.title == "Discarded 1"  # the swap's chooser goes on


def test_bots_act_out_of_turn_for_a_persons_steal(tmp_path):
    """A person's Steal: every bot shows its cards (a step each, said), then the person takes
    one of the cards shown."""
    g = _reach(board.STEAL)
    s = bytearray(g.state)
    hh, app = power_up("pico_display", str(tmp_path))
    table(app, g)
    app.key("ok", 0)
    m = app.screen
    assert m.title == "Steal a card"
    shown = [(p, c) for p in range(1, 3) for c in board.shown(s, p)]
    assert sorted((rules.target(it[2]), rules.card(it[2])) for it in m.items) == sorted(set(shown))
    for label, _, mv in m.items:  # "Red 3 from Bot 2": capitalised as the other choosers' items
        name = cards.name(rules.card(mv), cards.BOARD)
        assert label == name[0].upper() + name[1:] + " from Bot %d" % (rules.target(mv) + 1)
    taken = rules.card(m.items[m.focus][2])
    app.key("ok", 0)  # the card stolen is said, as a pile's card taken is
    assert type(app.screen).__name__ == "Table" and app.screen.message == "You took " + cards.name(taken, cards.BOARD)


def test_a_bots_board_steps_are_said(tmp_path):
    """A bot's turn a step at a time: its roll with the dice, the space it went to, then its
    action's choices and its card play, each in words on the table."""
    g = Game(BOARD, 3, 5, 0)  # seat 1, a bot, plays first
    hh, app = power_up("oled_128x64", str(tmp_path))
    table(app, g)
    said = []
    now = 0
    while rules.turn(g.state) == 1 or not said:
        now += play.PERIOD
        app.tick(now)
        said.append(app.screen.message)
    assert said[0].startswith("Bot 2 rolled ") and said[1].startswith("Bot 2 went to ")
    assert all(said[:-1]) and len(said) >= 3


@pytest.mark.parametrize("board_name", BOARDS)
@pytest.mark.parametrize("phase", [board.SHOW, board.GIVE, board.STEAL])
def test_a_bots_step_that_asks_you_to_act_is_shown_then_your_chooser_opens(board_name, phase, tmp_path):
    """A bot's Steal asks you to show cards, its Ask to give one, and your own Steal waits
    for the bots to show theirs: the bot's step stays on the table for a bot's step's time,
    then your chooser opens by itself, saying who asks (its title fits a colour screen's
    20 large characters and the OLED's 21 small)."""
    g = _reach(phase, asked=True)
    assert g is not None
    hh, app = power_up(board_name, str(tmp_path))
    t = table(app, g)
    now = asked = 0
    while type(app.screen).__name__ == "Table":
        now += 10
        app.tick(now)
        if not asked and rules.phase(g.state) == phase:
            asked = now  # the bot's step that asks is on the table, in one line on the OLED
            assert t.message and t.message.startswith("Bot ")
            assert board_name != "oled_128x64" or len(t.message) <= 21 and not t.message.endswith(".."), t.message
        assert now < 30 * play.PERIOD
    assert asked and now - asked >= play.PERIOD - 20
    m = app.screen
    asker = "Bot %d" % (rules.turn(g.state) + 1)
    if phase == board.STEAL:
        assert rules.turn(g.state) == 0 and m.title == "Steal a card"
        return
    if phase == board.SHOW:
        assert m.title == "Show 3 for " + asker
    else:
        assert m.title.startswith("Give " + asker + " ")
    # the hand's cards listed as the table shows them: by number, then colour, jokers last
    listed = [rules.card(it[2]) for it in m.items]
    assert len(listed) > (3 if phase == board.SHOW else 0)  # asked for one: the cards that answer it
    assert listed == sorted(listed, key=lambda c: (c >= cards.N_NUMBER_CARDS, cards.number(c), cards.colour(c)))


@pytest.mark.parametrize("phase, doing", [(board.SHOW, "showing"), (board.GIVE, "giving")])
def test_pass_and_play_a_step_asked_on_anothers_turn_is_passed_as_such(phase, doing, tmp_path, monkeypatch):
    """A bot's Steal asks the people to show cards, its Ask one to give a card: the pass
    screen says what is asked ("Player 2: showing"), not "Player 2's turn"; past it no "your turn" is
    said and the chooser opens by itself, as with one person."""
    from app import handover
    from app.level8 import bstep

    g = next(g for g in (_reach(phase, actor=1, asked=True, seeds=[n]) for n in range(1, 150)) if g and rules.turn(g.state) == 2)
    titles = []
    draw = handover.draw
    monkeypatch.setattr(handover, "draw", lambda app, who, message=None, doing="", top=0: titles.append((who, doing)) or draw(app, who, message, doing, top))
    hh, app = power_up("oled_128x64", str(tmp_path))
    t = table(app, g, people=2)
    now = 0
    while not t.hidden or rules.phase(g.state) != phase:
        now += 10
        app.tick(now)
        assert now < 30 * play.PERIOD
    app.render()
    assert t.me == l8game.actor(g.state) < 2 and titles[-1] == ("Player %d" % (t.me + 1), doing)
    # the pass screen says the bot's steps since the table came up, if any (its Ask)
    # the pass screen says the bots' steps since the table came up: the Ask, for a Give
    if phase == board.GIVE:
        v = g.state[board.AT_BOARD + board.B_ASKED]
        assert now > 0 and t.said == "Bot 3 asked for %s, clockwise" % bstep.asked_words(v)
    else:
        assert now == 0 and t.said is None  # up at the Steal: nothing played since
    app.key("ok", now)
    assert type(app.screen).__name__ == "Table" and not t.hidden and not t.message
    seen = now
    while type(app.screen).__name__ == "Table":
        now += 10
        app.tick(now)
    assert now - seen >= play.PERIOD - 10  # the table seen first, a bot's step's time
    m = app.screen
    assert type(m).__name__ == "Menu" and (m.title == "Show 3 for Bot 3" if phase == board.SHOW else m.title.startswith("Give Bot 3 "))


@pytest.mark.parametrize("phase, words", [(board.SWAP, "discarded %s"), (board.SHOW, "showed %s"), (board.STEAL, "took %s from ")])
def test_a_bots_board_step_names_its_card_in_tokens_on_the_oled(phase, words):
    """A Swap's discard, a card shown, a card stolen: "discarded violet 5" on a colour
    board, "discarded V5" on the OLED, where the words must fit a line beside the items."""
    from app.level8 import bstep

    g = _reach(phase, actor=1)
    assert g is not None
    m = next(x for x in g.legal_moves() if rules.card(x))
    c = rules.card(m)
    said = [bstep.what(g.state, 1, m, lambda q: "Bot %d" % (q + 1), mono) for mono in (False, True)]
    assert [x.startswith(words % n) for x, n in zip(said, (cards.name(c, cards.BOARD), T.token(c)))] == [True, True], said


@pytest.mark.parametrize("board_name", ["oled_128x64", "pico_display"])
def test_card_and_again_says_your_turn_comes_again(board_name, tmp_path):
    """Card and again: the person's discard ends the turn and their further turn begins
    with its roll, said so (the same hand shows, no pass screen, no bots between)."""
    g = _reach(rules.PLAY, cond=lambda s: board.again(s) and rules.hand_count(s, 0) > 1)
    assert g is not None
    hh, app = power_up(board_name, str(tmp_path))
    t = table(app, g)
    m = next(x for x in g.legal_moves() if rules.kind(x) == rules.K_DISCARD)
    t.commit(app, [m], "")
    assert rules.turn(g.state) == 0 and rules.phase(g.state) == board.ROLL
    assert t.mine() and t.item(t.focus) == roll.ROLL and t.message == "Your turn again: Roll"


@pytest.mark.parametrize("board_name", ["oled_128x64", "pico_display"])
def test_a_game_resumed_in_a_step_you_must_answer_opens_its_chooser(board_name, tmp_path):
    """Power comes back while a bot's Steal waits for your cards: the table shows for a
    bot's step's time, saying the game resumed, then your chooser opens by itself."""
    g = _reach(board.SHOW)
    assert g is not None
    root = str(tmp_path)
    Store(root).write("bggame", saves.encode(g.state, 0, 1, 1))
    Store(root).write("playing", bytes((ROW,)))
    hh, app = power_up(board_name, root)
    t = app.screen
    assert type(t).__name__ == "Table" and t.mine() and t.message.startswith(("Welcome back", "Resumed"))
    now = 0
    while app.screen is t:
        now += 10
        app.tick(now)
        assert now < 2 * play.PERIOD
    assert now >= play.PERIOD - 20 and app.screen.title == "Show 3 for Bot %d" % (rules.turn(g.state) + 1)


@pytest.mark.parametrize("kind, why", [(track.ASK, "Nobody had one"), (track.JOKER, "No joker left")])
def test_a_pile_taken_instead_of_an_actions_card_says_why(kind, why, tmp_path):
    """An Ask nobody could answer, a Joker with the stack empty: the person takes the top of
    a pile instead, and the chooser says why."""
    g = _reach(board.PICK, players=4, cond=lambda s: board.action(s) == track.ASK)
    assert g is not None
    # a Joker's stack empties in few games: the same position with a Joker under way, which
    # is all the chooser reads of it
    g.state[board.AT_BOARD + board._B_ACTION] = kind
    hh, app = power_up("pico_display", str(tmp_path))
    table(app, g)
    app.key("ok", 0)
    m = app.screen
    assert m.title == "Take a card" and m.info == (why,)


def test_a_bots_answer_to_your_ask_names_the_card_and_has_the_cursor(tmp_path):
    """Your Ask answered: "Bot 2 gave you red 5", the cursor on it, as on a card drawn."""
    g = _reach(board.GIVE, actor=1, cond=lambda s: rules.turn(s) == 0)
    assert g is not None
    hh, app = power_up("pico_display", str(tmp_path))
    t = table(app, g)
    before = list(rules.hand(g.state, 0))
    now = 0
    while rules.phase(g.state) == board.GIVE:
        now += 10
        app.tick(now)
        assert now < 3 * play.PERIOD
    new = list(rules.hand(g.state, 0))
    for c in before:
        new.remove(c)
    assert len(new) == 1 and t.message == "Bot 2 gave you " + cards.name(new[0], cards.BOARD)
    assert t.card(t.item(t.focus)) == new[0]


def test_showing_cards_one_after_another_keeps_the_choosers_place(tmp_path):
    """Show for a Steal, one card at a time: the next choice opens where the cursor was
    (not back on the first card), the cards shown gone from the list."""
    g = _reach(board.SHOW, cond=lambda s: rules.hand_count(s, 0) >= 6)
    assert g is not None
    hh, app = power_up("pico_display", str(tmp_path))
    table(app, g)
    app.key("ok", 0)  # the chooser
    m = app.screen
    assert len(m.items) >= 6
    app.key("down", 0)
    app.key("down", 0)
    shown = rules.card(m.items[2][2])
    app.key("ok", 0)  # shown: the next choice of the step
    m = app.screen
    assert type(m).__name__ == "Menu" and rules.phase(g.state) == board.SHOW
    assert m.focus == 2 and shown not in [rules.card(it[2]) for it in m.items]


def test_plus_2s_second_choice_opens_on_its_first_row(tmp_path):
    """+2: after the first card, taken from a pile further down the list, the chooser of the
    second opens on its first row, not on the row chosen before, whose pile's top (or which
    pile) has changed; Show and Swap keep their place (above)."""
    g = _reach(board.PICK, cond=lambda s: board.action(s) == track.TWO and s[board.AT_BOARD + board.B_COUNT] == 2
               and any(rules.pile_top(s, q) != 255 for q in (1, 2)))
    assert g is not None
    hh, app = power_up("pico_display", str(tmp_path))
    table(app, g)
    app.key("ok", 0)  # the chooser of the first card
    m = app.screen
    row = next(i for i, it in enumerate(m.items) if rules.kind(it[2]) == rules.K_TAKE)
    assert row > 0
    m.focus = row
    app.key("ok", 0)
    m = app.screen
    assert type(m).__name__ == "Menu" and m.title == "Take a 2nd card" and m.focus == 0


@pytest.mark.parametrize("said, info", [("You took red 3", ("You took red 3",)), ("Welcome back: round 1.", ())])
def test_plus_2s_second_choice_repeats_the_first_card_not_other_words(said, info, tmp_path):
    """+2: the chooser of the second card repeats the first ("You took red 3"); a game
    resumed there has no first card said, and its welcome is not repeated as one."""
    g = _reach(board.PICK, cond=lambda s: board.action(s) == track.TWO and s[board.AT_BOARD + board.B_COUNT] == 1)
    assert g is not None
    hh, app = power_up("pico_display", str(tmp_path))
    t = table(app, g)
    t.message = said
    app.key("ok", 0)
    m = app.screen
    assert m.title == "Take a 2nd card" and m.info == info


def test_a_bot_that_takes_the_top_of_your_pile_says_your_pile():
    """A bot's Card and again or +1 taking the top of the person's discard pile is said
    "took red 7 from your pile", a bot's "from Bot 3's pile", never "from you's pile"."""
    from app.level8 import bstep

    g = _reach(board.PICK, actor=1, cond=lambda s: rules.pile_top(s, 0) != 255 and rules.pile_top(s, 2) != 255)
    assert g is not None
    s = g.state

    def name(q):
        return "You" if q == 0 else "Bot %d" % (q + 1)

    said = [bstep.what(s, 1, rules.move(rules.K_TAKE, p), name) for p in (0, 2)]
    assert said == ["took %s from your pile" % cards.name(rules.pile_top(s, 0), cards.BOARD), "took %s from Bot 3's pile" % cards.name(rules.pile_top(s, 2), cards.BOARD)]


@pytest.mark.parametrize("board_name", BOARDS)
def test_the_round_end_with_nobody_out_is_drawn(board_name, tmp_path):
    """A round the board game ends at its dead end has no ender: the round's end says nobody
    went out."""
    from l8helpers import board_bots_until

    for seed in range(1, 40):
        g = Game(BOARD, 3, seed, 0)
        if board_bots_until(g.state, g.apply, lambda s: rules.phase(s) == rules.OVER):
            break
    g.state[rules.AT_ENDER] = rules.NO_SEAT
    hh, app = power_up(board_name, str(tmp_path))
    texts = []
    text = app.p.text
    app.p.text = lambda s, *a, **k: (texts.append(s), text(s, *a, **k))[1]
    table(app, g)
    assert [x for x in texts if "Nobody could go out" in x or "no one out" in x]


# hands past the table's line (ui/level8/bighand.py)


def _big_hand(n):
    """A board game where seat 0 plays its cards (rules.PLAY, after its action) with `n` in
    hand: the draw pile's top cards put into it, as +2 and All draw would."""
    g = _reach(rules.PLAY)
    s = g.state
    while rules.hand_count(s, 0) < n:
        rules._into_hand(s, 0, rules.end(s, rules.DRAW_PILE) - 1, rules.DRAW_PILE)
    assert l8game.state_problem(s) is None
    return g


def _hand_drawn(hh, app):
    """A whole draw of the table, after checking that it draws what the keys' partial draws
    left on the screen: the texts on the hand's line(s) (text, x, y from the line's top)
    and the x of each HILITE fill there (the card under the cursor)."""
    before = hh.screen()
    p = app.p
    y0, h = (32, 16) if p.mono else (66, 26)
    texts = []
    lit = []

    def text(s, x, y, *a, **k):
        if y0 <= y < y0 + h:
            texts.append((s, x, y - y0))
        return type(p).text(p, s, x, y, *a, **k)

    def fill(x, y, w, hh_, role):
        if y0 <= y < y0 + h and role == theme.HILITE:
            lit.append(x)
        return type(p).fill(p, x, y, w, hh_, role)

    p.text, p.fill = text, fill
    app.full = True
    app.render()
    del p.text, p.fill
    assert hh.screen() == before
    return texts, lit


def _check_hand(hh, app):
    """The window of the hand on show (a big hand's): the cards from its first in the
    hand's order, as many as fit, the card under the cursor among them and lit, a mark
    where cards are left out (on colour with how many), nothing past the screen's edge."""
    t = app.screen
    texts, lit = _hand_drawn(hh, app)
    hn, f = t.hn, t.view.first
    cs = [rules.hand(t.state, 0)[t.order[pos]] for pos in range(hn)]
    if app.p.mono:
        marks = [x for x in texts if x[0] in "\x12\x13"]
        toks = [x for x in texts if x[0] not in "\x12\x13"]
        e = f + len(toks)
        assert [x[0] for x in toks] == [T.token(c) for c in cs[f:e]]
        assert all(x + 6 * len(tok) <= 128 and y in (0, 8) for tok, x, y in toks)
        assert marks == ([("\x12", 0, 0)] if f else []) + ([("\x13", 122, 8)] if e < hn else [])
        if e < hn:  # the next card would not fit: the window is as wide as it can be
            last = [x for x in toks if x[2] == 8]
            assert len(toks) == 14 or last[-1][1] + 6 * len(last[-1][0]) + 3 + 6 * len(T.token(cs[e])) > 120
        at = [x for tok, x, y in toks]
        assert lit == ([at[t.focus - f] - 1] if f <= t.focus < e else [])
    else:
        slots = [[] for _ in range(14)]
        for tok, x, y in texts:
            slots[(x - 1) // 17].append(tok)
        assert all(slots)  # the whole row
        if f:
            assert slots.pop(0) == ["\x12", str(f)]
        e = f + len(slots)
        if slots[-1][0] == "\x13":
            e -= 1
            assert slots.pop() == ["\x13", str(hn - e)]
        assert e <= hn
        assert len(slots) == e - f
        want = [
            ["W"] if c >= cards.N_NUMBER_CARDS else [cards.COLOURS[cards.colour(c)], str(cards.number(c))]
            for c in cs[f:e]
        ]
        assert slots == want
        k = t.focus - f + (f > 0)
        assert lit == ([1 + 17 * k] if f <= t.focus < e else [])
    assert f <= t.focus < e or t.focus >= hn
    return f, e


@pytest.mark.parametrize("board_name", BOARDS)
@pytest.mark.parametrize("n", [17, 24, 33])
def test_a_hand_past_the_tables_line_shows_a_window_that_follows_the_cursor(board_name, n, tmp_path):
    """A board game's hand of 17, 24 or 33 cards (the card games' hold eleven at most): the
    cursor walks the whole ring both ways, every card shows under it (a window of the hand
    that scrolls with it, marks where cards are left out), and OK on the last card opens
    what it may do; Back comes back to it."""
    g = _big_hand(n)
    hh, app = power_up(board_name, str(tmp_path))
    t = table(app, g)
    assert t.hn == n and sorted(t.order) == list(range(n))
    firsts = set()
    for pos in range(t.ring()):
        assert t.focus == pos
        firsts.add(_check_hand(hh, app)[0])
        app.key("right", 0)
    assert t.focus == 0 and _check_hand(hh, app)[0] == 0 and len(firsts) > 2
    for pos in reversed(range(t.ring())):  # the other way: the items, then the cards from the last
        app.key("left", 0)
        assert t.focus == pos
        _check_hand(hh, app)
        if pos == n - 1:
            break
    assert _check_hand(hh, app)[1] == n
    c = rules.hand(g.state, 0)[t.item(t.focus)]
    app.key("ok", 0)
    m = app.screen
    name = cards.name(c, cards.BOARD)
    assert type(m).__name__ == "Menu" and m.title.lower() == (name[2:] if name[:2] == "a " else name)
    assert [it[0] for it in m.items if it[0].startswith("Discard")]
    app.key("back", 0)
    t = app.screen
    assert type(t).__name__ == "Table" and t.focus == n - 1
    assert _check_hand(hh, app)[1] == n


# golden pictures


def _golden(board_name, name, tmp_path, setup):
    hh, app = power_up(board_name, str(tmp_path))
    setup(app)
    app.render()
    match_golden(board_name, name, *hh.screen())


@pytest.mark.parametrize("board_name", BOARDS)
@pytest.mark.parametrize("name", ["board_roll", "board_track", "board_ask", "board_hand24"])
def test_board_screens_match_their_golden_pictures(board_name, name, tmp_path):
    """The table at a person's roll, the track with the two spaces reached (the second under
    the cursor), and the Ask chooser, at four players (level sides 1 and 2); a hand of 24
    cards at three, the cursor on its 17th (a window of it, cards left out both sides). After a
    deliberate change of their look: UPDATE_GOLDEN=1 .venv/bin/python -m pytest -n 0
    tests/test_app_board.py -k golden, then look at every changed picture."""

    def setup(app):
        if name == "board_hand24":
            table(app, _big_hand(24))
            for _ in range(16):
                app.key("right", 0)
            return
        if name == "board_ask":
            table(app, _reach(board.ASK, players=4, seeds=range(21, 60)))
            app.key("ok", 0)  # Choose, focused: the chooser
            return
        g = Game(BOARD, 4, 21, 3, sides=(1, 2, 1, 2))
        s = g.state
        for _ in range(200):  # seat 0's second roll
            if rules.phase(s) == board.ROLL and rules.turn(s) == 0 and board.tower(s, 1):
                break
            for m in boardbot.play(view.see(s, l8game.actor(s)), 1):
                g.apply(m)
        table(app, g)
        if name == "board_track":
            app.key("ok", 0)  # Roll: the track
            app.key("right", 0)

    _golden(board_name, name, tmp_path, setup)


# under MicroPython


@pytest.mark.parametrize("board_name, players, people", [("oled_128x64", 3, 1), ("pico_display", 4, 2)])
def test_a_board_game_by_its_keys_runs_alike_under_micropython(board_name, players, people, micropython):
    """A whole board game at a table put up directly (tools/apprun.py's board_setup), by its
    keys (the bots' steps played by App.tick), under MicroPython from the .mpy files and under
    CPython: the same end, frame and bytes sent. MicroPython empties the rules between moves:
    the board game's rules must come back with them (level8/game.py, app/level8/bstep.py)."""
    from tools import apprun

    setup = apprun.board_setup(players, people, seed=1)
    keys = apprun.keys_for_board(board_name, players, people, seed=1)
    micro, _ = apprun.run_micropython(board_name, keys, ticks=True, setup=setup)
    cpy = apprun.run_cpython(board_name, keys, ticks=True, setup=setup)
    assert " won" in micro["screen"] or micro["screen"].startswith("You won")
    for k in ("screen", "info", "frame", "bytes_sent", "shows", "full", "keys"):
        assert micro[k] == cpy[k], k


@pytest.mark.parametrize("board_name", ["oled_128x64", "pico_display"])
def test_a_big_hand_runs_alike_under_micropython(board_name, micropython):
    """A 24-card hand's window (ui/level8/bighand.py, loaded for each draw and let go): the
    ring walked past its end and back, a card's chooser and back, alike under MicroPython
    from the .mpy files and under CPython."""
    from tools import apprun

    g = _big_hand(24)
    lines = apprun.board_setup(3, 1, 1).splitlines()
    setup = "\n".join(
        "g = Game(state=bytearray(%r))" % bytes(g.state) if x.startswith("g = Game(") else x for x in lines
    )
    assert "state=" in setup
    keys = ["down"] * 30 + ["up"] * 8 + ["ok", "back", "down", "down"]
    micro, _ = apprun.run_micropython(board_name, keys, ticks=True, setup=setup)
    cpy = apprun.run_cpython(board_name, keys, ticks=True, setup=setup)
    assert micro["screen"] == "Table"
    for k in ("screen", "info", "frame", "bytes_sent", "shows", "full", "keys"):
        assert micro[k] == cpy[k], k


# input fuzz


@pytest.mark.parametrize("board_name", BOARDS)
def test_random_keys_at_a_board_table_keep_the_game_whole(board_name, tmp_path):
    """Random presses at board tables (one person, or two and a bot, at 3 seats), with time
    going by for the bots: nothing fails, every position is one the rules allow and saved,
    and the presses reach the track, the choosers and the round's end. Leaving the board game
    (its menus) puts up a new board table."""
    import random

    rnd = random.Random(board_name)
    hh, app = power_up(board_name, str(tmp_path))
    seen = set()
    phases = set()
    checked = 0
    last = None
    now = 0
    games = 0

    def fresh():
        nonlocal games
        games += 1
        table(app, Game(BOARD, 3, games, games % 3, sides=(1, 2, 1)), people=1 + games % 2)

    fresh()
    for _ in range(4000):
        s = app.screen
        kind = type(s).__name__
        if kind not in ("Table", "Track", "Menu", "Pager", "Layouts") or (
            kind == "Menu" and (s.title in ("LEVEL 8", "Games") or " won" in s.title or "given up" in s.title)
        ):
            fresh()
            continue
        seen.add(kind + ":" + getattr(s, "title", ""))
        now += rnd.choice((10, 200, 1500))
        app.key(rnd.choice(("up", "down", "left", "right", "ok", "ok", "ok", "back")), now)
        now += 10
        app.tick(now)
        t = app.screen
        if type(t).__name__ == "Table":
            st = bytes(t.state)
            if st != last:
                last = st
                assert l8game.state_problem(bytearray(st)) is None
                data = app.store.read(A.file(BOARD, A.GAME))
                assert data is None or bytes(saves.decode(data, BOARD)[0].state) == st
                checked += 1
                phases.add(rules.phase(st))
    assert checked > 100 and {board.ROLL, board.GO, rules.PLAY} <= phases
    assert "Track:Track" in seen and "Menu:Paused" in seen
    assert len([x for x in seen if x.startswith("Menu:")]) > 4


def test_two_discards_when_only_full_combinations_lie(tmp_path):
    """LB-6: a card's chooser offers its discard alone and as the first of two; after the
    first, Choose offers the second discard (the legal ones only)."""
    from test_level8_board import _full_table

    g = _full_table()
    s = g.state
    hh, app = power_up("pico_display", str(tmp_path))
    t = table(app, g)
    c = number_card(5, 6)  # V6
    t.focus = next(pos for pos in range(t.hn) if rules.hand(s, 0)[t.item(pos)] == c)
    app.key("ok", 0)
    m = app.screen
    labels = {it[0]: it[2] for it in m.items}
    assert labels["Discard violet 6"] == rules.move(rules.K_DISCARD, 0, c)
    assert labels["Discard violet 6, 1 of 2"] == rules.move(rules.K_DISCARD, 1, c)
    m.focus = [it[0] for it in m.items].index("Discard violet 6, 1 of 2")
    app.key("ok", 0)
    t = app.screen
    assert rules.phase(s) == board.SECOND and t.item(t.focus) == roll.ACT
    app.key("ok", 0)
    m = app.screen
    assert m.title == "Discard a 2nd card"
    assert sorted(it[2] for it in m.items) == sorted(Game(state=bytearray(s)).legal_moves())


@pytest.mark.parametrize("n", [17, 24])
def test_lay_out_with_a_hand_past_the_meld_finders_size(n, tmp_path):
    """The meld finder takes 14 cards besides Skips; a board game's hand may hold more.
    Lay out then offers the layouts the bots' own finder sees (app/level8/biglay.py), and
    OK on one lays the level out with its cards."""
    g = _big_hand(n)
    s = g.state
    assert not rules.laid(s, 0) and rules.hand_count(s, 0) == n
    hh, app = power_up("oled_128x64", str(tmp_path))
    t = table(app, g)
    t.to_item(LAY)
    app.key("ok", 0)
    lays = app.screen
    assert type(lays).__name__ == "Layouts" and lays.found
    app.key("ok", 0)
    t = app.screen
    assert type(t).__name__ == "Table" and rules.laid(t.state, 0)
    assert rules.hand_count(t.state, 0) < n and l8game.state_problem(bytearray(t.state)) is None


@pytest.mark.parametrize("board_name", ["pico_display", "oled_128x64"])
def test_the_track_screen_names_its_keys_on_every_board(board_name, tmp_path):
    """The track screen says its keys: OK goes to the space chosen, Back shows the hand (on
    a colour board inside the oval, under the choices); looked at from Track, Back."""
    g = _reach(board.ROLL)
    hh, app = power_up(board_name, str(tmp_path))
    table(app, g)
    app.key("ok", 0)  # Roll: the track, choosing
    p = app.p
    texts = []

    def text(s, x, y, *a, **k):
        texts.append((s, y))
        return type(p).text(p, s, x, y, *a, **k)

    p.text = text
    app.full = True
    app.render()
    del p.text
    assert type(app.screen).__name__ == "Track"
    y = 56 if p.mono else p.h // 2 + 29
    assert ("%s:go %s:hand" % (app.button("ok"), app.button("back")), y) in texts


@pytest.mark.parametrize("board_name", ["pico_display", "pico_lcd_114"])
def test_the_track_screens_keys_are_clear_of_the_bottom_rows_towers(board_name, tmp_path):
    """Inside the oval the keys line sits above the towers drawn beside the bottom row's
    spaces: with a tower on each of six of them, the line's pixels are only its own."""
    from app.level8 import track as T8
    from ui.level8 import oval

    g = _reach(board.ROLL, players=6)
    assert g is not None
    o = oval._OVAL
    bottom = [i for i in range(track.N_SPACES) if i != track.START and o[4 * i + 3] >= 0x6C and o[4 * i + 1] > o[4 * i + 3]]
    assert len(bottom) >= 6
    for q in range(6):
        g.state[T8._POS + q] = bottom[q]
    hh, app = power_up(board_name, str(tmp_path))
    table(app, g)
    app.key("ok", 0)  # Roll: the track, choosing
    app.full = True
    app.render()
    p = app.p
    keys = "%s:go %s:hand" % (app.button("ok"), app.button("back"))
    x0, y0 = (p.w - 6 * len(keys)) // 2, p.h // 2 + 29
    seen = {p.d.pixel(x, y) for x in range(x0, x0 + 6 * len(keys)) for y in range(y0, y0 + 8)}
    assert seen == {theme.BG, theme.DIM}


def test_pass_and_play_a_persons_discard_and_a_swaps_draw_are_said():
    """The pass screen's words: a person's card play in the board game (lay out, add,
    discard: no board step of its own) is said as in the card games; a Swap's third
    discard says the draw that follows it (its cards drawn at once, no step of their own)."""
    from app.level8 import bstep, say

    class T:
        said = None

        def __init__(self, s):
            self.state = bytearray(s)

        def name(self, q):
            return "Player %d" % (q + 1)

    g = _reach(rules.PLAY, cond=lambda s: rules.hand_count(s, 0) > 1)
    assert g is not None
    m = next(x for x in g.legal_moves() if rules.kind(x) == rules.K_DISCARD)
    t = T(g.state)
    say.log(t, [m], 0, False, "", False)  # bstep.said has no words for it
    assert t.said == "Player 1 discarded " + cards.name(rules.card(m), cards.BOARD)
    g = _reach(board.SWAP, cond=lambda s: s[board.AT_BOARD + board.B_COUNT] == 0 and rules.hand_count(s, 0) >= 4)
    assert g is not None
    for _ in range(3):
        m = next(x for x in g.legal_moves() if rules.kind(x) == rules.K_DISCARD)
        if g.state[board.AT_BOARD + board.B_COUNT] < 2:  # the first two: no draw yet
            assert bstep.what(g.state, 0, m, T(g.state).name) == "discarded " + cards.name(rules.card(m), cards.BOARD)
            g.apply(m)
    words = bstep.what(g.state, 0, m, T(g.state).name)
    assert words == "discarded %s, drew 4 cards" % cards.name(rules.card(m), cards.BOARD)
    g.apply(m)
    assert rules.phase(g.state) == rules.PLAY  # drawn at once: no step said it


@pytest.mark.parametrize("board_name", ["pico_display", "oled_128x64"])
def test_pass_and_play_a_hand_changed_on_anothers_turn_is_told_to_its_person(board_name, tmp_path):
    """Pass and play: a person's hand is kept as it was when it stopped showing; when it
    shows again in the same round, what went out of it and came into it meanwhile (an Ask
    answered, a Steal, an All draw) is said to them alone, on their table: past the pass
    screen, never on it. The person shown last, back after bots only (their Ask answered),
    gets no pass screen."""
    from app.level8 import turn

    g = _reach(board.ROLL)
    hh, app = power_up(board_name, str(tmp_path))
    t = table(app, g, people=2)
    assert t.hidden and t.me == 0
    app.key("ok", 0)
    s = g.state
    hand = bytes(rules.hand(s, 0))
    gone = next(c for c in range(cards.N_NUMBER_CARDS) if c not in hand)
    mono = board_name == "oled_128x64"
    said = "Lost %s, got %s" % ((cards.token(gone), cards.token(hand[0])) if mono
                                else (cards.name(gone, cards.BOARD), cards.name(hand[0], cards.BOARD)))
    # as if bots had played since, the hand then holding `gone` where it now holds hand[0]
    for shown, pass_screen in ((0, False), (1, True)):
        t.me, t.shown = rules.NO_SEAT, shown
        t.before[0] = bytes([rules.round_no(s), gone]) + hand[1:]
        t.message = None
        turn.settle(t, app)  # as a move does (turn.after_change)
        turn.begin(t, app)
        assert t.me == 0 and t.hidden is pass_screen
        if pass_screen:
            assert t.message is None and said not in (t.said or "")  # not for the others' eyes
            app.key("ok", 0)
        assert t.message == said and t.before[0] is None  # said once
    t.me, t.shown = rules.NO_SEAT, 0
    t.before[0] = bytes([rules.round_no(s) + 1, gone]) + hand[1:]  # kept in another round: nothing said
    t.message = None
    turn.settle(t, app)
    turn.begin(t, app)
    assert t.message is None


def test_a_hands_change_is_counted_card_by_card_and_a_new_order_is_no_change():
    """app/level8/hand.py: a hand holding two jokers that gave one has lost a joker; the
    same cards in another order (kept cards go first) are no news."""
    from app.level8 import hand

    g = _reach(board.SWAP, cond=lambda s: rules.hand_count(s, 0) >= 2)
    assert g is not None
    s = g.state

    class T:
        said = None

        def __init__(self, before, state=s):
            self.state = state
            self.before = [before, None, None]

        def name(self, q):
            return "Player %d" % (q + 1)

    h = bytes(rules.hand(s, 0))
    r = bytes([rules.round_no(s)])
    assert hand.changed(T(r + h[::-1]), 0, False) is None
    assert hand.changed(T(r + h + bytes([cards.WILD])), 0, True) == "Lost W"
    assert hand.changed(T(r + h[1:]), 0, True) == "Got " + cards.token(h[0])


def _ask_answered_at_once(asker, by_you):
    """A game at seat `asker`'s Ask, and a value it may ask (clockwise) that the first seat
    that way holding one holds just once: you (seat 0) when `by_you`, else a bot."""
    from app.level8 import bstep

    for seed in range(1, 200):
        g = _reach(board.ASK, actor=asker, seeds=[seed])
        if g is None:
            continue
        for v in range(1, board.COLOUR_ASK + cards.N_COLOURS):
            m = rules.move(board.K_ASK, 0, v)
            q, c = bstep.giving(g.state, m)
            if m in g.legal_moves() and q != rules.NO_SEAT and (q == 0) == by_you:
                return g, m, q, c
    pytest.fail("no such deal")


@pytest.mark.parametrize("board_name", BOARDS)
def test_your_ask_answered_at_once_says_who_gave_you_the_card(board_name, tmp_path):
    """The board game's Ask: the first player that way holding one match gives it at once
    (no step of its own): "Bot 2 gave you red 5", as where the bot chose among several,
    not "You took red 5"."""
    g, m, q, c = _ask_answered_at_once(0, False)
    hh, app = power_up(board_name, str(tmp_path))
    t = table(app, g)
    app.key("ok", 0)  # Choose: the Ask chooser
    ask = app.screen
    ask.focus = next(i for i, it in enumerate(ask.items) if m in it[2])
    app.key("ok", 0)
    app.key("ok", 0)  # clockwise, the first offered
    t = app.screen
    assert type(t).__name__ == "Table" and c in rules.hand(g.state, 0)
    assert t.message == "Bot %d gave you %s" % (q + 1, cards.name(c, cards.BOARD))


def test_an_ask_answered_at_once_says_who_gave_but_a_hint_does_not():
    """A bot's Ask answered at once: who gave is said ("asked for 7s: Bot 3 gave one"), the
    card named only when it was yours; nobody answering, or one choosing among several,
    keeps the direction's words. A hint knows no other hand: it names nobody."""
    from app.level8 import bstep

    name = lambda q: "You" if q == 0 else "Bot %d" % (q + 1)  # noqa: E731
    for by_you in (False, True):
        g, m, q, c = _ask_answered_at_once(1, by_you)
        asked = "asked for " + bstep.asked_words(rules.card(m))
        for mono in (False, True):
            said = bstep.what(g.state, 1, m, name, mono)
            if by_you:
                assert said == asked + ": you gave " + (T.token(c) if mono else cards.name(c, cards.BOARD))
            else:
                assert said == asked + ": Bot %d gave one" % (q + 1)
            assert bstep.what(g.state, 1, m, name, mono, True) == asked + ", clockwise"
        g.apply(m)  # and the rules agree: that card went from that seat to the asker
        assert c in rules.hand(g.state, 1) and rules.phase(g.state) != board.GIVE



def test_who_answers_an_ask_at_once_is_who_the_rules_take_the_card_from():
    """bstep.giving reads an Ask's answer before it is played, as level8.board plays it:
    over seeded games at every Ask, for every value and way, the seat and card it names
    are the card that goes to the asker with no step of its own; where it names nobody,
    the rules ask someone to choose (GIVE) or nobody had one (the asker takes a pile)."""
    from app.level8 import bstep

    seen = [0, 0]
    for seed in range(1, 40):
        g = _reach(board.ASK, actor=seed % 3, seeds=[seed])
        if g is None:
            continue
        asker = rules.turn(g.state)
        for m in g.legal_moves():
            if rules.kind(m) != board.K_ASK:
                continue
            q, c = bstep.giving(g.state, m)
            h = Game(state=bytearray(g.state))
            h.apply(m)
            if q == rules.NO_SEAT:
                assert rules.phase(h.state) in (board.GIVE, board.PICK)
            else:
                assert rules.phase(h.state) not in (board.GIVE, board.PICK)
                assert c not in rules.hand(g.state, asker) and c in rules.hand(h.state, asker)
                assert list(rules.hand(g.state, q)).count(c) == 1
            seen[q == rules.NO_SEAT] += 1
    assert min(seen) > 20  # both cases met often
