"""Talk: what the seat on turn may tell its teammates (ruling L10-11), as a menu.

Only three kinds of thing may be said: how many cards of a world one holds (counted from
the real hand, so nobody can get it wrong), the world one would like to play in, and the
reset of a world one would like to place (worlds with a reset left). Each choice goes
into the table's talk (level10.talk) for that seat at once, is saved with the game and
shows on the table; a tick marks what stands. It is forgotten once the seat has moved.
Back (or "Back to the table") returns to the table. Loaded only while open.
"""

from app.app import forget
from app.screen import Menu
from level10 import cards, rules


def menu(app, t):
    """The Talk menu for table `t` (an app.level10.team.Team), for the seat whose hand it shows."""
    seat = t.seat()
    s = t.game.state
    talk = t.talk
    held = bytearray(5)
    for i in range(rules.hand_count(s, seat)):
        c = rules.hand_card(s, seat, i)
        if c != rules.PAUSE:
            held[c >> 3] += 1
    wide = not app.p.mono
    items = [["Back to the table", lambda a: _back(a, t)], ["Say all my counts", lambda a: _all(a, t, held)]]
    for w in range(5):
        items.append([_count(talk, seat, w, held[w], wide), _say(t, talk.say_count, seat, w, held[w])])
    for w in range(5):
        items.append([_wish(talk.play_wish, seat, w, "play", wide), _say(t, talk.say_play, seat, w)])
    for w in range(5):
        if rules.supply(s, w):
            items.append([_wish(talk.reset_wish, seat, w, "reset", wide), _say(t, talk.say_reset, seat, w)])
    app.go(Menu("Tell the team" if wide else "Talk", items, back=lambda a: _back(a, t)))


def _tick(on):
    return " \x14" if on else ""


def _count(talk, seat, w, n, wide):
    name = cards.WORLD_NAMES[w]
    text = ("I hold %d %s card%s" % (n, name, "" if n == 1 else "s")) if wide else "I hold %d %s" % (n, name)
    return lambda: text + _tick(talk.count(seat, w) == n)


def _wish(wish, seat, w, what, wide):
    text = ("I'd like to %s " if wide else "I'd %s ") % what + cards.WORLD_NAMES[w]
    return lambda: text + _tick(wish(seat) == w)


def _say(t, say, seat, *what):
    def act(app):
        say(seat, *what)
        t.save(app)  # what was said stays said after a power cut

    return act


def _all(app, t, held):
    seat = t.seat()
    for w in range(5):
        t.talk.say_count(seat, w, held[w])
    t.save(app)


def _back(app, t):
    app.go(t)
    forget("app.level10.say", "app.screen", "level10.cards")
