"""The board game's bots at the table, a step at a time (app/level8/bots.py hands the
board game's steps here), the hint for a person's board turn, and the board's moves in
words: the roll, the space gone to, each action's choices. The card game's steps (laying
out, adding, discarding, keeping) are said by say.py as in LEVEL 8. Loaded only while a
bot or the hint decides or a step is said.

A bot decides from its seat's view alone (level8.view, as level8.boardbot is built for);
it acts also when it is not its turn (giving a card asked for, showing cards for a
Steal), since the table follows the seat that must act (layout.actor).
"""

from level8 import cards, layout, track

from app.level8 import BOT_CODE, WORDS_CODE, drop
from compat import const
from ui.level8 import tokens

_BOT = ("level8.boardbot",) + BOT_CODE
_K_ROLL = const(12)  # level8.board's move kinds, phases and offsets
_K_GO = const(13)
_K_ASK = const(14)
_K_SHOW = const(15)
_STAR = const(7)
_PICK = const(8)
_SWAP = const(9)
_GIVE = const(11)
_STEAL = const(13)
_COUNT = const(209)
_COLOUR_ASK = const(16)


def _board_step(s):
    """True when the move to be played at `s` is one of the board's own steps."""
    return layout.phase(s) > layout.WON


def what(s, q, m, name, mono=False, hint=False):
    """Seat q's board move m (before it is played) in words, without the subject; on the
    OLED (`mono`) its cards as the table writes them ("showed V15"), so that the words fit
    a line beside the items. An Ask answered at once says who gave ("asked for 7s: Bot 4
    gave one"; "you gave O7", your own card), but in a `hint`, which knows no other hand."""
    k = layout.kind(m)
    ph = layout.phase(s)
    if k == _K_ROLL:
        return "rolled the dice"
    if k == _K_GO:
        a = track.ACTION_NAMES[track.kind(layout.target(m))]
        return ("chose " if ph == _STAR else "went to ") + a
    if k == _K_ASK:
        g, c = (layout.NO_SEAT, 0) if hint else giving(s, m)
        w = "asked for " + asked_words(layout.card(m))
        if g == layout.NO_SEAT:  # nobody holds one, or who does chooses which: a step of its own
            return w + (", clockwise" if not layout.target(m) else ", anticlockwise")
        if name(g) == "You":
            return w + ": you gave " + _card(c, mono)
        return w + ": %s gave one" % name(g)
    if k == _K_SHOW:
        return "showed " + _card(layout.card(m), mono)
    if ph == _GIVE:
        return "gave %s a card" % _obj(name(layout.turn(s)))
    if ph == _STEAL:
        return "took %s from %s" % (_card(layout.card(m), mono), _obj(name(layout.target(m))))
    if ph == _PICK:
        if k == layout.K_DRAW:
            return "drew a card"
        from app.level8.words import whose  # let go with the words (WORDS_CODE)

        p = layout.target(m)
        return "took %s from %s pile" % (_card(layout.pile_top(s, p), mono), whose(p, q, name))
    if ph == _SWAP and k == layout.K_KEPT:
        return "drew %d cards" % (s[_COUNT] + 1)
    if k == layout.K_DISCARD:
        w = "discarded " + _card(layout.card(m), mono)
        if ph == _SWAP and (s[_COUNT] == 2 or layout.hand_count(s, q) == 1):
            w += ", " + "drew %d cards" % (s[_COUNT] + 2)  # the third (or last card): the draw follows
        return w
    return ""


def _card(c, mono):
    """A card in a step's words: its name, or on the OLED as the table writes it."""
    return tokens([c]) if mono else cards.name(c, cards.BOARD)


def giving(s, m):
    """Who answers Ask `m` of the seat on turn at once, before it is played, and the card:
    the first seat that way holding a match (as level8.board rules), when it holds just the
    one; (NO_SEAT, 0) when none holds one or the first holds several and chooses."""
    n = layout.players(s)
    q = layout.turn(s)
    d = n - 1 if layout.target(m) else 1
    v = layout.card(m)
    p = (q + d) % n
    while p != q:
        found = [c for c in layout.hand(s, p) if c < cards.N_NUMBER_CARDS and (
            c % cards.N_NUMBERS + 1 == v if v < _COLOUR_ASK else c // cards.N_NUMBERS == v - _COLOUR_ASK)]
        if found:
            return (p, found[0]) if len(found) == 1 else (layout.NO_SEAT, 0)
        p = (p + d) % n
    return layout.NO_SEAT, 0


def asked_words(v):
    """An asked value in words: `7s` or `red`."""
    return "%ds" % v if v < _COLOUR_ASK else cards.COLOUR_NAMES[v - _COLOUR_ASK]


def _obj(n):
    return "you" if n == "You" else n


def said(t, m, mono=False):
    """A person's board move in words for the others (pass and play: the next person reads
    it on the pass screen; on the OLED its cards as the table writes them); nothing with
    one person, who saw it happen."""
    if t.people == 1:
        return ""
    s = t.state
    q = layout.actor(s)
    if not _board_step(s) or layout.kind(m) == _K_ROLL:
        return ""
    w = what(s, q, m, t.name, mono)
    drop(*WORDS_CODE)
    return t.name(q) + " " + w if w else ""


def step(t, app, steps):
    """The next step of the bot that must act: each decision (a step of the board, or the
    card game's whole step 2 and 3) is made at its first step and shown a step at a time."""
    s = t.state
    q = layout.actor(s)
    if not t.steps:
        # the rules loaded afresh for the bot: the board game's call into the card games',
        # which may have gone since (Seat.rest, emptied on MicroPython); rest empties both
        t.rest()
        from level8 import boardbot, view

        ms = boardbot.play(view.see(s, q), t.strength)
        if not ms:  # a bot with nothing to say: the first legal move keeps the game going
            ms = [t.game.legal_moves()[0]]
        t.steps = steps(ms)
        # and let go emptied: the move's Game imports its board afresh (level8/game.py),
        # which would leave the bot's unemptied
        t.rest()
    drop(*_BOT)
    now = t.steps.pop(0)
    m = now[0]
    if _board_step(s):
        w = what(s, q, m, t.name, app.p.mono)
        said = t.name(q) + " " + w if w else ""
    else:
        from app.level8 import say

        said = say.step(s, q, now, t.name, app.p.mono)
    drop(*WORDS_CODE)
    rolled = layout.kind(m) == _K_ROLL
    t.commit(app, now, said)
    if rolled:
        t.message = "%s rolled %d and %d" % (t.name(q), s[204], s[205])


def hint(t, app, steps):
    """What the strongest bot would do now, in words; the game counts as assisted."""
    t.message = "Thinking..."
    app.render()
    s = t.state
    t.rest()
    from level8 import boardbot, view

    ms = boardbot.play(view.see(s, t.me), 2)
    drop(*_BOT)
    if not ms:
        t.message = "No hint here"
    elif _board_step(s):
        w = what(s, t.me, ms[0], t.name, False, True)
        for a, b in (
            ("went to", "go to"),
            ("chose", "choose"),
            ("took", "take"),
            ("drew", "draw"),
            ("discarded", "discard"),
            ("asked", "ask"),
            ("gave", "give"),
            ("showed", "show"),
            ("their own", "your"),
        ):
            w = w.replace(a, b)
        if layout.phase(s) == _SWAP and layout.kind(ms[0]) == layout.K_KEPT:
            w = "say done, %s" % w  # a whole message: a short one would be a name for good
        t.message = "Hint: " + w
    else:
        from app.level8 import say

        t.message = say.hint(s, t.me, steps(ms), t.name, app.p.mono)
        drop(*WORDS_CODE)
    t.rest()
    if not t.hinted:
        t.hinted = True
        t.save(app)
