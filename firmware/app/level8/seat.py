"""The table as the screens over it keep it (a chooser, laying out, the pause menu): its
fields, whom each seat is, and its game for a move, without the table's own code or
drawing, which go while such a screen is up. `close` puts the table back as it was.

The table (play.py) is a Seat too, with its keys, turns and drawing on top.
"""

from app.level8 import drop, forget

# the engine that plays moves: loaded for a move (`game`), let go once it is saved (`rest`)
_RULES = ("level8.game", "level8.rules", "level8.referee", "prng", "level8.levels")  # type: tuple[str, ...]
# the code of the screens over the table, let go when it comes back
COVER_CODE = (
    "app.level8.act",
    "app.level8.browse",
    "app.level8.lay",
    "app.level8.pause",
    "app.level8.wilds",
    "app.level8.words",
    "app.screen",
    "level8.meld",
    "level8.combos",
    "level8.sides",
    "level8.track",  # the board game's choosers' words
)


class Seat:
    # the fields turn.setup gives a new table, for the type checker: an annotation alone
    # makes nothing at run time, on MicroPython as on CPython
    me: int  # the seat whose hand is shown
    hn: int  # cards in that hand
    order: bytearray  # display position -> hand index
    items: list  # the ring's items after the hand
    steps: list  # a bot's moves still to show, a step (a list of moves) each
    hidden: bool  # the pass screen is up
    said: str | None  # pass and play: the moves said since the last pass screen, a line a turn
    top: int  # the pass screen's first line shown, when its words are longer than the screen
    shown: int  # pass and play: the person whose hand showed last
    before: list  # pass and play: each person's hand (its round first) when it stopped showing
    # something on show until `due`, then what follows: a bot's step that ended the round or
    # the game (the standings, the round's end), or a board step asked of the person (their
    # chooser: after a bot's step, on resuming, past the pass screen); the seats' levels as
    # it was played, which ui.level8.begin draws (turn.after_change)
    ending: bytes | None
    listed: object  # while a chooser is up, the moves it listed (turn.choose); then None
    ahead: object  # (hand, the best layout packed, capped) found before Lay out (ahead.py), or None

    def __init__(self, t, app):
        """A Seat keeping table `t`'s fields (the table itself holds them as a Seat too).
        Only the OLED needs the room: a colour board keeps the table itself, which comes
        back at once (`close`)."""
        self.state = t.state  # type: bytearray
        self.people = t.people  # type: int
        self.message = t.message  # type: str | None
        for k, v in t.__dict__.items():
            setattr(self, k, v)
        self.view = None
        self._game = None
        self.table = None if app.p.mono else t

    @property
    def game(self):
        """The Game on the state. The rules' code is loaded for a move and let go once the
        move is saved (`rest`): between moves the table only reads the state."""
        g = self._game
        if g is None:
            from level8.game import Game

            g = self._game = Game(state=self.state)
        return g

    def rest(self):
        self._game = None
        drop(*_RULES)

    def name(self, q):
        if self.people == 1:
            return "You" if q == 0 else "Bot %d" % (q + 1)
        return ("Player %d" if q < self.people else "Bot %d") % (q + 1)

    def bot(self, q):
        return q >= self.people

    def close(self, app):
        """The table again, as it was (on the OLED through the game's entry, which imports
        the table: never the other way); the code of the screen over it goes. The table is
        returned."""
        t = self.table
        if t is None:
            return app.game().table_again(app, self)
        t.message = self.message  # the one field a screen over the table sets
        app.go(t)
        forget("app.level8.entry", *COVER_CODE)  # the entry: the pause menu's way in
        return t

    def pick(self, app):
        """A chooser's action (app/level8/act.py's): the move of the item under the focus."""
        m = app.screen
        self.chosen(app, [m.items[m.focus][2]])

    def chosen(self, app, ms, said=""):
        """The table again, playing the moves `ms` chosen on the screen over it."""
        self.close(app).commit(app, ms, said)
