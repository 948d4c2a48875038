"""Teammates on the handheld: 2-5 players with bots, or pass and play, played by the keys
in the headless simulator (the firmware's own loop, buttons in virtual time, ticks for
the bots' pacing), and under the real MicroPython.

Every game is followed by a reference kept here, outside the app: the protocol of
ruling L10-11 as the bench plays it (tools/policies.py): before every move each bot but
the mover announces (level10.talk.announce); a bot's move is
level10.hint.suggest(seat_view(game, talk), seed=game.played); after a person's move what that
person said is forgotten. The app's moves, talk and screens must agree with it.
"""

import ast
import importlib
import sys

import pytest
from keyclock import STOP, KeyClock
from keyclock import Keys as BaseKeys
from mainloop import program

from app.app import App, forget
from app.level10 import choices, restore, saves, stats
from app.run import labels
from app.store import Store
from host_sim import sim
from host_sim.autoplay import Autoplayer, key_toward
from level10 import rules
from level10.game import Game

BOARDS = ["pico_display", "pico_lcd_114", "oled_128x64"]
UNK = 255


def quietly(name):
    """Import `name` for the tests' own use, leaving sys.modules as it was (the app loads
    and unloads the engine itself, and the tests check that it does)."""
    had = set(sys.modules)
    mod = importlib.import_module(name)
    forget(*[n for n in list(sys.modules) if n not in had])
    return mod


HINT = quietly("level10.hint")
TALK = quietly("level10.talk")
View = quietly("level10.view").View
seat_view = quietly("level10.view").seat_view
GREEDY = quietly("tools.policies").Greedy()
ENGINE = ("level10.hint", "level10.heuristic", "level10.outlook", "level10.sight", "app.level10.hints")
TABLES = ("level10.outlook_p0", "level10.outlook_p1", "level10.outlook_p2", "level10.outlook_p3")


@pytest.fixture(autouse=True)
def nothing_loaded():
    """Each test starts as the handheld does: no team or engine code in memory."""
    forget(*ENGINE, *TABLES, "level10.talk", "app.level10.team", "app.level10.say", "app.level10.newgame")


def engine_loaded():
    return [n for n in ENGINE if n in sys.modules]


def greedy(game):
    return GREEDY(game.clone())  # the app's game keeps its own move list


class Ref:
    """The game and what was said, kept by the protocol (see the module's docstring)."""

    def __init__(self, players, pauses, deal, mode):
        self.game = Game(players, pauses, seed=deal)
        self.talk = TALK.Talk()
        self.mode = mode
        self.bot_moves = 0
        self.movers = []

    def bot(self, q):
        return self.mode == saves.BOTS and q > 0

    def before(self, mover):
        """What the bots say before `mover`'s move."""
        had = set(sys.modules)
        for q in range(1, rules.players(self.game.state)):
            if self.bot(q) and q != mover:
                TALK.announce(View(self.game.state, q), self.talk)
        forget(*[n for n in list(sys.modules) if n not in had])  # announce loads the heuristic

    def follow(self, m):
        """The app played `m`: check it against the protocol and play it here."""
        g = self.game
        mover = g.to_move()
        self.before(mover)
        if self.bot(mover):
            want = HINT.suggest(seat_view(g.clone(), TALK.Talk(self.talk.encode())), seed=g.played)
            assert m == want, "move %d: bot %d played %04x, the engine says %04x" % (g.played, mover, m, want)
            self.bot_moves += 1
        g.apply(m)  # raises if the app played an illegal move
        self.movers.append(mover)
        if not self.bot(mover):
            self.talk.forget(mover)

    def say_counts(self, seat):
        s = self.game.state
        for w in range(5):
            self.talk.say_count(seat, w, 0)
        for i in range(rules.hand_count(s, seat)):
            c = rules.hand_card(s, seat, i)
            if c != rules.PAUSE:
                self.talk.b[seat * 5 + (c >> 3)] += 1


def summary(talk, mode, q, me, count):
    """The OLED's bottom line for seat `q` (what the table is to show): who, cards, what was said."""
    b = talk.b
    said = ""
    for w in range(5):
        if b[q * 5 + w] != UNK:
            said += chr(1 + w) + str(b[q * 5 + w])
    if b[25 + q] != UNK:
        said += " \x13" + chr(1 + b[25 + q])
    if b[30 + q] != UNK:
        said += " \x07" + chr(1 + b[30 + q])
    who = "You" if q == me else ("B%d" if mode == saves.BOTS else "P%d") % (q + 1)
    return "%s %d:%s" % (who, count, said.strip() or "said nothing")


def colour_line(talk, s, q):
    """What the colour table's line for seat `q` shows (its cache of what it drew)."""
    b = talk.b
    return bytes(b[q * 5 : q * 5 + 5]) + bytes((b[25 + q], b[30 + q], rules.hand_count(s, q), 0, q))


class Clock(KeyClock):
    """The keys of `plan(app)` in virtual time (see keyclock); a game must end in 50 min."""

    def __init__(self, hh, plan):
        super().__init__(hh, lambda app, t: plan(app), limit=3_000_000)


def is_team(t):
    return type(t).__name__ == "Team"


class Player:
    """Plays a team game by the keys from the title menu: New game with `players` and
    `mode`, every person's move chosen by the greedy player, following the reference.

    `say_at`: move numbers before which the person on turn says all their counts with
    the Talk menu. `stop(t)`: True to stop the run (the power goes off). `look(app, t)`:
    called at every person's turn before anything is pressed: True to go on, None to
    wait, or a key to press."""

    def __init__(self, players, mode, pauses=2, deal=7, say_at=(), stop=None, look=None):
        self.players = players
        self.mode = mode
        self.ref = Ref(players, pauses, deal, mode)
        self.ap = Autoplayer(pauses, deal, greedy)
        self.say_at = set(say_at)
        self.said = set()
        self.stop = stop
        self.look = look
        self.move = None
        self.ended = None
        self.first = None  # moves played when a table first showed (a resumed game's)
        self.tables = []

    def resume_at(self, moves):
        """The run starts on a game already `moves` played (powered up on a save)."""
        for m in moves:
            self.ref.follow(m)

    def __call__(self, app):
        t = app.screen
        kind = type(t).__name__
        if kind == "NewGame":
            if t.players != self.players:
                return "ok" if t.focus == 3 else "down"
            if self.players > 1 and t.mode != self.mode:
                return "ok" if t.focus == 4 else "down"
            return self.ap.new_game_key(t)
        if kind == "Menu":
            if t.title.startswith(("Team won!", "Game over")):
                self.sync(self.tables[-1].game)
                self.ended = t
                return STOP
            if t.title in ("Talk", "Tell the team"):
                want = "Say all my counts" if self.saying else "Back to the table"
                if t.label(t.focus) == want:
                    if self.saying:
                        self.saying = False
                        self.ref.say_counts(self.tables[-1].seat())
                    return "ok"
                return "down"
            want = "Level 10" if t.title == "Games" else "New game"
            return "ok" if t.label(t.focus) == want else "down"
        assert is_team(t), "unexpected screen %r" % t
        if not self.tables or self.tables[-1] is not t:
            self.tables.append(t)
        if self.first is None:
            self.first = t.game.played
        self.sync(t.game)
        if self.stop and self.stop(t):
            return STOP
        if t.hidden:
            return "ok"
        if not t.my_turn():
            return None  # the bots play by themselves
        assert not engine_loaded(), "the engine stays loaded on the player's turn"
        if self.look:
            k = self.look(app, t)
            if k is not True:
                return k  # a key, or None to wait
        g = t.game
        if g.played in self.say_at and g.played not in self.said:
            from app.level10 import play as T
            from ui.level10 import TALK

            if t.step != T.PICK:
                return "back"
            if t.item(t.focus) != TALK:
                return "up"
            self.said.add(g.played)
            self.saying = True
            return "ok"
        if self.move is None or self.move[0] != g.played:
            self.move = (g.played, greedy(g))
        return key_toward(t, self.move[1])

    def sync(self, game):
        ref = self.ref.game
        assert game.moves()[: ref.played] == ref.moves(), "the app's game left the reference"
        for m in game.moves()[ref.played :]:
            self.ref.follow(m)


def run(board, player, save_dir=None):
    hh = sim.Handheld(board, save_dir)
    hh.run(Clock(hh, player))
    assert len(hh.apps) == 1, "the app met an error"
    return hh


# -- a whole game with bots, by the keys ----------------------------------------------


class Watcher:
    """At every turn of the player: the bots' lines on the table are what the reference
    says they said (colour: the line drawn for each bot; OLED: each bot's line comes up on
    the bottom line in turn, so the player waits for all of them)."""

    def __init__(self, player):
        self.player = player
        self.turns = 0
        self.seen = {}

    def __call__(self, app, t):
        ref = self.player.ref
        ref.before(0)
        assert t.talk.encode() == ref.talk.encode(), "the app's talk is not the protocol's"
        s = t.game.state
        bots = range(1, rules.players(s))
        if not app.p.mono:
            assert t.view.said == [colour_line(ref.talk, s, q) for q in bots]
            self.turns += 1
            return True
        want = {summary(ref.talk, saves.BOTS, q, 0, rules.hand_count(s, q)) for q in bots}
        seen = self.seen.setdefault(t.game.played, set())
        seen.add(t.view.msg)
        if want <= seen:
            self.turns += 1
            return True
        if t.message and t.message != t.told:
            return "down"  # a message stays until a key (the bots' last move goes by itself)
        return None


@pytest.mark.parametrize("board", BOARDS)
def test_a_three_player_game_with_bots_by_the_keys(board, tmp_path):
    """New game, 3 players, bots: played to its end by the player's keys and the app's
    ticks. Every bot move is the engine's for that seat with the talk of that moment; the
    bots' announcements are on the table at each of the player's turns; the player's Talk
    goes into what the bots are told; the end says the team's score and is not counted."""
    player = Player(3, saves.BOTS, deal=16, say_at=(0, 9))
    watch = Watcher(player)
    player.look = watch
    hh = run(board, player, str(tmp_path))
    app = hh.apps[0]
    ref = player.ref
    assert ref.game.over() and ref.bot_moves >= 10
    assert watch.turns >= 5
    assert player.said == {0, 9}  # the Talk menu was used, and the bots heard it (moves matched)
    end = player.ended
    won = ref.game.status() == rules.WON
    assert end.title.startswith("Team won!" if won else "Game over")
    text = " ".join(end.info)
    assert str(ref.game.score()) in end.info[0] and "3 players" in text and "bots" in text
    assert stats.load(app).rows == [[0] * 6 for _ in range(4)]  # team games stay out of the statistics
    assert app.store.read("game") is None
    assert not engine_loaded() and "app.level10.team" not in sys.modules


def test_bots_wait_for_the_player_to_follow_and_ok_plays_at_once(tmp_path, monkeypatch):
    """A bot's move is chosen ("Bot 2 thinking..." on the screen meanwhile), shown with its
    row lit ("Bot 2: ..."), and played PERIOD ms of app time later; OK plays it at once."""
    from app.level10 import team as T

    log = []  # (time, moves played, the bot's move on show, message, lit rows)
    state = {}
    drawn = []  # the message of every frame sent, in order
    render = App.render

    def rendering(app):
        render(app)
        drawn.append(getattr(app.screen, "message", None))

    monkeypatch.setattr(App, "render", rendering)
    player = Player(3, saves.BOTS, deal=5, stop=lambda t: t.game.played >= 9)

    def plan(app):
        t = app.screen
        if is_team(t):
            log.append((clock.t, t.game.played, t.pending, t.message, t.targets()))
            if t.pending and t.game.played == 4 and "ok" not in state:
                state["ok"] = clock.t
                return "ok"
        return player(app)

    hh = sim.Handheld("oled_128x64", str(tmp_path))
    clock = Clock(hh, plan)
    hh.run(clock)
    on_show = {}  # move number -> [first time a bot's move was on show for it, time it was played]
    for t, played, pending, message, lit in log:
        if pending:
            on_show.setdefault(played, [t, None])
            assert message.startswith("Bot ") and ": " in message and lit == 1 << (pending & 7)
        elif played - 1 in on_show and on_show[played - 1][1] is None:
            on_show[played - 1][1] = t
    assert 4 in on_show and len(on_show) >= 5
    for n, (shown, played) in on_show.items():
        if n != 4:
            assert T.PERIOD - 20 <= played - shown <= T.PERIOD + 40, (n, played - shown)
    # played with the key (held 60 ms, then 90 ms free before the next look), not a period later
    assert on_show[4][1] - state["ok"] <= 150 < T.PERIOD
    # each bot's move: "thinking" went to the screen before the engine was asked
    thinking = [i for i, m in enumerate(drawn) if m and m.endswith(" thinking...")]
    assert len(thinking) >= len(on_show)
    for i in thinking:
        who = drawn[i][: -len(" thinking...")]
        assert drawn[i + 1].startswith(who + ": ")


# -- what bots may know --------------------------------------------------------------


def swap_hidden(deck, a, b):
    """`deck` with the cards at positions a and b swapped."""
    d = bytearray(deck)
    d[a], d[b] = d[b], d[a]
    return bytes(d)


@pytest.mark.parametrize("players", [2, 3, 5])
def test_a_bot_knows_only_its_hand_and_what_was_said(players):
    """Two games alike but for a card of the player's hand (swapped with a card deep in the
    deck, which nobody has seen): with the same talk, every bot decides alike, at every
    bot turn of a game played by the protocol."""
    size = rules.HAND_SIZES[players - 1]
    checked = 0
    for deal in range(6):
        a = Game(players, 2, seed=deal * 31 + players)
        deck = a.deck
        other = swap_hidden(deck, deal % size * players, len(deck) - 1)  # seat 0's card <-> the last
        b = Game(players, 2, deck=other)
        assert rules.hand(a.state, 0) != rules.hand(b.state, 0)
        talk = TALK.Talk()
        while not a.over() and a.played < 12:
            mover = a.to_move()
            if mover == 0:  # the player: says their counts (true for a), moves greedily in both
                for w in range(5):
                    n = sum(1 for c in rules.hand(a.state, 0) if c != rules.PAUSE and c >> 3 == w)
                    talk.say_count(0, w, n)
                m = greedy(a)
                if m not in b.legal_moves():
                    break  # the hands differ where it shows: this pair of games ends here
            else:
                had = set(sys.modules)
                for q in range(1, players):
                    if q != mover:
                        TALK.announce(View(a.state, q), talk)
                said = talk.encode()
                for q in range(1, players):
                    if q != mover:
                        TALK.announce(View(b.state, q), talk)
                forget(*[n for n in list(sys.modules) if n not in had])
                assert talk.encode() == said  # the bots' hands are the same in both
                m = HINT.suggest(seat_view(a.clone(), TALK.Talk(said)), seed=a.played)
                assert HINT.suggest(seat_view(b.clone(), TALK.Talk(said)), seed=a.played) == m
                checked += 1
            a.apply(m)
            b.apply(m)
            if mover == 0:
                talk.forget(0)
    assert checked >= 6


# -- the player's Talk -----------------------------------------------------------------


class Keys(BaseKeys):
    """Logical keys straight to App.key, with ticks, in made-up time (see keyclock)."""

    def to(self, item):
        from app.level10 import play as T

        t = self.app.screen
        while t.step != T.PICK:
            self("back")
        while t.item(t.focus) != item:
            self("up")

    def menu_to(self, label):
        m = self.app.screen
        while m.label(m.focus) != label:
            self("down")
        self("ok")


def powered_on(board, root, game, flags, said=None):
    """An app on `board` powered up on a flash holding `game` as the saved game."""
    Store(root).write("game", saves.encode(game, flags, said))
    hh = sim.Handheld(board, root)
    app = App(hh.device.display, Store(root), labels(hh.profile), hh.device, 0)
    assert is_team(app.screen)
    return app


@pytest.mark.parametrize("board", BOARDS)
def test_the_talk_menu_says_only_the_truth_and_is_forgotten_after_the_move(board, tmp_path):
    from ui.level10 import TALK

    g = Game(3, 2, seed=21)
    app = powered_on(board, str(tmp_path), g, saves.BOTS)
    press = Keys(app)
    t = app.screen
    hand = rules.hand(g.state, 0)
    held = [sum(1 for c in hand if c != rules.PAUSE and c >> 3 == w) for w in range(5)]
    press.to(TALK)
    press("ok")
    menu = app.screen
    labels_ = [menu.label(i) for i in range(len(menu.items))]
    from level10.cards import WORLD_NAMES

    # one count per world, the true one: nothing else can be said about the hand
    counts = [lab for lab in labels_ if lab.startswith("I hold")]
    assert len(counts) == 5
    for w in range(5):
        assert counts[w].startswith("I hold %d %s" % (held[w], WORLD_NAMES[w]))
    resets = [lab for lab in labels_ if "reset" in lab]
    assert len(resets) == sum(1 for r in range(5) if rules.supply(g.state, r))
    # say a count, a play wish and a reset wish
    w = max(range(5), key=lambda w: held[w])
    press.menu_to(counts[w])
    play = next(lab for lab in labels_ if "play" in lab and WORLD_NAMES[2] in lab)
    press.menu_to(play)
    reset = next(lab for lab in labels_ if "reset" in lab and WORLD_NAMES[4] in lab)
    press.menu_to(reset)
    assert menu.label(menu.focus).endswith("\x14")  # ticked: it stands
    b = t.talk.b
    assert [b[i] for i in range(5)] == [held[w] if i == w else UNK for i in range(5)]
    assert (t.talk.play_wish(0), t.talk.reset_wish(0)) == (2, 4)
    # saved at once: a power cut keeps what was said
    _, _, said = restore.resume(app.store.read("game"))
    assert said == t.talk.encode()
    press.menu_to("Say all my counts")
    assert [t.talk.count(0, w) for w in range(5)] == held
    press.menu_to("Back to the table")
    assert app.screen is t and "app.level10.say" not in sys.modules
    if not app.p.mono:
        assert t.view.idle(t).startswith("You said: ")
    # the bots' lines are unchanged by it, and the bots hear it: after the player's move
    # what they said is forgotten (the bots move on with the rest)
    m = greedy(t.game)
    while t.game.played == 0:
        press(key_toward(t, m))
    assert not t.talk.said_anything(0)


# -- pass and play ---------------------------------------------------------------------


def frame(hh):
    return hh.screen()[2]


@pytest.mark.parametrize("board", BOARDS)
def test_pass_and_play_hides_every_hand_between_turns(board, tmp_path):
    """Three people on one handheld: after each move that gives the turn to another seat
    the pass screen is up; it shows no hand (its frame is the same whatever the hands
    hold), and after OK the table shows the hand of the seat on turn."""
    checks = {"pass": 0, "shown": 0}
    hh_box = []

    def look(app, t):
        # the table shows the hand of the seat on turn
        seat = t.game.to_move()
        assert t.seat() == seat
        hn = rules.hand_count(t.game.state, seat)
        assert [t.card_at(i) for i in range(hn)] == list(rules.hand(t.game.state, seat))
        assert [t.view.tiles[i] & 63 for i in range(hn)] == list(rules.hand(t.game.state, seat))
        checks["shown"] += 1
        return True

    player = Player(3, saves.PASS, deal=4, say_at=(1, 2), look=look, stop=lambda t: t.game.played >= 14)
    inner = player.__call__
    last = {}

    def plan(app):
        t = app.screen
        if is_team(t) and t.hidden and last.get("pass") != t.game.played and t.game.played:
            last["pass"] = t.game.played
            hh = hh_box[0]
            before = frame(hh)
            s = t.game.state
            # the same screen whatever the hands hold: give every hand other cards
            saved = bytes(s)
            at = rules.AT_HANDS
            for i in range(at, at + 3 * s[rules.AT_HSIZE]):
                s[i] = (s[i] + 7) % 40
            app.full = True
            app.render()
            assert frame(hh) == before, "the pass screen shows something of a hand"
            s[:] = saved
            assert t.message.startswith("Player ") and ": " in t.message  # the last move, public anyway
            assert t.name(t.seat()) == "Player %d" % (t.game.to_move() + 1)
            checks["pass"] += 1
        return inner(app)

    hh = sim.Handheld(board, str(tmp_path))
    hh_box.append(hh)
    hh.run(Clock(hh, plan))
    assert checks["pass"] >= 8 and checks["shown"] >= 10
    assert player.said == {1, 2}
    t = hh.apps[0].screen
    # what people said is in the talk until they move, and on the others' lines
    assert player.ref.talk.encode() == t.talk.encode()


# -- five players --------------------------------------------------------------------


def test_five_players_with_bots_to_the_end_and_who_completes_a_column_plays_again(tmp_path):
    player = Player(5, saves.BOTS, deal=3, say_at=(0,))
    watch = Watcher(player)
    player.look = watch
    run("pico_lcd_114", player, str(tmp_path))
    ref = player.ref
    assert ref.game.over() and player.ended is not None and "5 players" in " ".join(player.ended.info)
    movers = ref.movers
    # ruling L10-10: the seat that fills a column's fifth slot also makes the next move
    doubled = [k for k in range(5, len(movers), 5) if movers[k] == movers[k - 1]]
    assert doubled == list(range(5, len(movers), 5)) and doubled
    assert ref.bot_moves > len(movers) // 2 and watch.turns >= 2


def test_new_game_offers_the_last_games_players_and_teammates_after_a_power_cycle(tmp_path):
    """Start keeps the players and the teammates (app/level10/choices.py): after a game of three
    passing the handheld, New game (powered up again) offers three, pass and play; the
    solo autoplayer then takes it back to one."""
    root = str(tmp_path)
    player = Player(3, saves.PASS, deal=2, stop=lambda t: t.game.played >= 3)
    run("pico_display", player, root)
    assert restore.resume(Store(root).read("game"))[1] & saves.MODE == saves.PASS
    Store(root).remove("game")  # that game given up: power-up shows the title menu
    seen = []

    def plan(app):
        t = app.screen
        if type(t).__name__ == "NewGame":
            seen.append((t.players, t.mode, [t.label(i) for i in range(len(t.items))]))
            return STOP
        want = "Level 10" if t.title == "Games" else "New game"
        return "ok" if t.label(t.focus) == want else "down"

    run("pico_display", plan, root)
    assert seen and seen[0][:2] == (3, saves.PASS)
    assert "Players: 3" in seen[0][2] and "Teammates: pass and play" in seen[0][2]
    ap = Autoplayer(2, 5, greedy)
    run("pico_display", lambda app: STOP if ap.ended else ap.next_key(app) or STOP, root)
    assert ap.ended is not None and len(ap.played) > 5
    last = choices.decode(Store(root).read(choices.FILE))
    assert last.players == 1 and not last.pass_play


# -- power cuts ------------------------------------------------------------------------


@pytest.mark.parametrize("mode", [saves.BOTS, saves.PASS], ids=["bots", "pass"])
def test_power_off_after_every_move_resumes_at_that_move_in_the_same_mode(mode, tmp_path):
    """A game played to its end with the power going off after every move (the bots' too):
    each power-up resumes at that move, in the same mode, with what was said; the moves are
    the protocol's all along (a bot on turn at power-off chooses the same move again)."""
    root = str(tmp_path)
    off = {}

    def stop(t):
        if t.game.played >= off["at"]:
            off["talk"] = t.talk.encode()
            return True
        return False

    player = Player(3, mode, deal=2, say_at=(0, 1, 4, 5), stop=stop)
    off["at"] = 1
    run("oled_128x64", player, root)
    cuts = 0
    while player.ended is None:
        n = off["at"]
        game, flags, said = restore.resume(Store(root).read("game"))
        assert (game.played, flags & saves.MODE, said) == (n, mode, off["talk"])
        off["at"] = n + 1
        player.first = None
        hh = run("oled_128x64", player, root)
        assert player.first == n, "power-up did not resume at move %d" % n
        t = player.tables[-1] if player.ended is None else None
        assert t is None or (is_team(t) and t.mode == mode)
        cuts += 1
    assert cuts >= 20 and player.ref.game.over()
    assert hh.apps[0].store.read("game") is None
    assert player.said  # something was said, and kept across the power cuts


def test_pass_and_play_resumes_behind_the_pass_screen(tmp_path):
    """Power-up on a pass-and-play save: the pass screen for the seat on turn, then its
    hand, and what another seat said on that seat's line."""
    g = Game(3, 1, seed=8)
    for _ in range(4):
        g.apply(greedy(g))
    q = (g.to_move() + 1) % 3  # the next seat said where it would like to play
    talk = TALK.Talk()
    talk.say_play(q, 3)
    app = powered_on("pico_display", str(tmp_path), g, saves.PASS, talk.encode())
    t = app.screen
    assert t.hidden and t.mode == saves.PASS and t.talk.encode() == talk.encode()
    assert t.seat() == g.to_move()
    Keys(app)("ok")
    assert not t.hidden and t.others()[0] == q
    assert t.view.said[0] == colour_line(talk, g.state, q) and t.view.said[0][6 - 1] == 3


@pytest.mark.parametrize("hidden", [False, True], ids=["hand-shown", "pass-screen"])
def test_how_to_play_from_the_pause_menu_keeps_pass_and_plays_hand_as_it_was(hidden, tmp_path):
    """On the OLED, How to play from the pause menu lets the table go and comes back from
    the save (app/level10/pause.py): in pass and play the seat that paused with its hand in
    view sees it again, not the pass screen; paused behind the pass screen, it stays
    behind it. What was said comes back with the save."""
    g = Game(3, 1, seed=8)
    for _ in range(4):
        g.apply(greedy(g))
    talk = TALK.Talk()
    talk.say_play((g.to_move() + 1) % 3, 3)
    app = powered_on("oled_128x64", str(tmp_path), g, saves.PASS, talk.encode())
    keys = Keys(app)
    if not hidden:
        keys("ok")  # the pass screen's OK: the hand in view
    assert app.screen.hidden == hidden
    for k in ("back", "down", "ok"):
        keys(k)
    assert app.screen.title == "How to play" and "app.level10.team" not in sys.modules
    keys("ok")
    t = app.screen
    assert is_team(t) and t.mode == saves.PASS and t.hidden == hidden
    assert t.game.moves() == g.moves() and t.talk.encode() == talk.encode()


def test_how_to_play_from_the_pause_menu_keeps_a_bots_move_on_show(tmp_path):
    """On the OLED, paused while a bot's chosen move is on show ("Bot 2: ..."), How to play
    and back: the table made again from the save shows the same move again for its time,
    rather than the bot thinking it over (about a second on a Pico)."""
    g = Game(3, 1, seed=8)
    g.apply(greedy(g))  # the bots' turn
    app = powered_on("oled_128x64", str(tmp_path), g, saves.BOTS)
    t = app.screen
    t.due = app.last
    app.tick(app.last)  # the bot on turn chooses its move
    pending, told = t.pending, t.message
    assert pending and told.startswith("Bot 2: ")
    for k in ("back", "down", "ok", "ok"):
        app.key(k, app.last)
    back = app.screen
    assert is_team(back) and back is not t and back.game.moves() == g.moves()
    assert (back.pending, back.message, back.fresh) == (pending, told, True)


def test_version_1_saves_still_load(tmp_path):
    """Saves from before teammates: a solo game resumes as it was; a game of several
    players (the old app played every seat itself) as pass and play."""
    solo = Game(1, 2, seed=3)
    for _ in range(5):
        solo.apply(greedy(solo))
    old = bytearray(saves.encode(solo, saves.ASSISTED))
    assert old[2] == saves.VERSION == 2
    old[2] = 1  # version 1 had the same bytes for a solo game
    store = Store(str(tmp_path / "a"))
    store.write("game", bytes(old))
    hh = sim.Handheld("oled_128x64", str(tmp_path / "a"))
    app = App(hh.device.display, Store(str(tmp_path / "a")), labels(hh.profile), hh.device, 0)
    t = app.screen
    assert type(t).__name__ == "Play" and t.game.moves() == solo.moves() and t.assisted
    # three players, version 1: no mode, no talk
    trio = Game(3, 2, seed=4)
    for _ in range(3):
        trio.apply(greedy(trio))
    head = bytes((ord("L"), ord("G"), 1, 3, 2, 0, 0, trio.played)) + (4).to_bytes(4, "little")
    data = head + b"".join(m.to_bytes(2, "little") for m in trio.moves())
    store = Store(str(tmp_path / "b"))
    store.write("game", data)
    hh = sim.Handheld("pico_display", str(tmp_path / "b"))
    app = App(hh.device.display, Store(str(tmp_path / "b")), labels(hh.profile), hh.device, 0)
    t = app.screen
    assert is_team(t) and t.mode == saves.PASS and t.hidden and t.game.moves() == trio.moves()
    assert not any(t.talk.said_anything(q) for q in range(3))
    Keys(app)("ok")  # the pass screen, then a move: saved in the new version
    m = greedy(t.game)
    while t.game.played == 3:
        Keys(app)(key_toward(t, m))
    assert app.store.read("game")[2] == 2


# -- undo ------------------------------------------------------------------------------


def protocol_game(players, mode, deal, upto):
    """A game played by the protocol (the person greedily) until `upto` moves, or later,
    until it is seat 0's turn again (bots) ; its reference."""
    ref = Ref(players, 2, deal, mode)
    while not ref.game.over() and (ref.game.played < upto or (mode == saves.BOTS and ref.game.to_move())):
        g = ref.game
        mover = g.to_move()
        if ref.bot(mover):
            ref.before(mover)
            m = HINT.suggest(seat_view(g.clone(), TALK.Talk(ref.talk.encode())), seed=g.played)
        else:
            m = greedy(g)
        ref.follow(m)
    return ref


@pytest.mark.parametrize("board", ["oled_128x64", "pico_lcd_114"])
def test_undo_with_bots_takes_back_the_players_move_and_the_bots_after_it(board, tmp_path):
    ref = protocol_game(3, saves.BOTS, 6, 7)
    g = ref.game
    assert g.to_move() == 0 and ref.movers[-1] != 0
    last = max(i for i, q in enumerate(ref.movers) if q == 0)  # the player's last move
    ref.before(0)
    app = powered_on(board, str(tmp_path), g, saves.BOTS, ref.talk.encode())
    press = Keys(app)
    t = app.screen
    assert t.talk.encode() == ref.talk.encode()
    from app.level10 import play as T

    press.to(T.UNDO)
    press("ok")
    assert t.game.moves() == g.moves()[:last] and t.game.to_move() == 0
    assert t.assisted and t.message.startswith("Undone")
    assert restore.decode(app.store.read("game"))[1] & saves.ASSISTED
    back = Ref(3, 2, 6, saves.BOTS)
    for m in g.moves()[:last]:
        back.follow(m)
    back.before(0)
    assert t.talk.encode() == back.talk.encode()  # the bots said their piece for this position again
    press.wait(5000)
    assert t.game.played == last  # nobody moves before the player
    assert not engine_loaded()


@pytest.mark.parametrize("board", ["pico_display", "oled_128x64"])
def test_undo_in_pass_and_play_takes_back_the_last_move_then_the_pass_screen(board, tmp_path):
    ref = protocol_game(3, saves.PASS, 9, 5)
    g = ref.game
    app = powered_on(board, str(tmp_path), g, saves.PASS, ref.talk.encode())
    press = Keys(app)
    t = app.screen
    press("ok")
    from app.level10 import play as T

    press.to(T.UNDO)
    press("ok")
    assert t.game.moves() == g.moves()[:-1]
    assert t.hidden and t.seat() == ref.movers[-1] and t.assisted
    press("ok")
    assert not t.hidden and t.seat() == ref.movers[-1]


# -- under the real MicroPython ----------------------------------------------------------

BOTS_RUN_TAIL = r"""
t = apps[-1].screen
print(repr((len(apps), type(t).__name__, t.game.seed, t.game.moves(), t.talk.encode(), t.my_turn(), t.view.msg)))
"""


def test_a_game_with_bots_runs_under_micropython(micropython, tmp_path):
    """The firmware's own loop from the deployed .mpy: New game, 3 players with bots, the
    player places a reset, then time passes: the two bots have played the engine's moves
    for their seats with what was said, and it is the player's turn; CPython alike."""
    from tools import apprun

    apprun.stage("oled_128x64", tmp_path)
    # New game; down to Players; 2, 3; up to Start; Start; up to Rst; the reset, its row, Done
    names = "OK OK DOWN DOWN DOWN OK OK UP OK UP UP UP UP OK OK OK"  # Level 10 first
    out = micropython.run(
        program(names, BOTS_RUN_TAIL, wait=6000),
        firmware_dir=tmp_path,
        lib_dirs=[micropython.HOST_SIM / "machine.py"],
    )
    last = out.strip().splitlines()[-1]
    flash = tmp_path / "cpython-flash"  # the runner's file system is its own; CPython's is this folder
    flash.mkdir()
    code = program(names, BOTS_RUN_TAIL, wait=6000, root=str(flash))
    cpy = micropython.run_cpython(code, lib_dirs=[micropython.HOST_SIM, _board_dir(tmp_path)])
    assert cpy.strip().splitlines()[-1] == last
    apps, kind, deal, played, said, my_turn, bottom = ast.literal_eval(last)
    assert (apps, kind, my_turn, len(played)) == (1, "Team", True, 3)
    ref = Ref(3, 2, deal, saves.BOTS)
    for m in played:
        ref.follow(m)  # the bots' two moves are the engine's
    assert played[0] & 8 and ref.bot_moves == 2
    ref.before(0)
    assert said == ref.talk.encode()
    # the last bot's move was on the bottom line a while; now it shows a bot's line
    assert bottom in {summary(ref.talk, saves.BOTS, q, 0, 6) for q in (1, 2)}


def _board_dir(tmp_path):
    """A folder holding board.py for the OLED board (as deploy writes it), for CPython."""
    import boards

    d = tmp_path / "cpython-lib"
    d.mkdir(exist_ok=True)
    with open(boards.load("oled_128x64").__file__) as f:
        (d / "board.py").write_text(f.read())
    return d
