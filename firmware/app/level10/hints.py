"""Hints on the handheld: the hint engine's move for the table, shown without playing it,
and any move in words.

Loaded only while needed: the table imports it to show a hint, and it unloads itself and
the engine right after. Watch a game and the bots (app/level10/team.py) use it too.
"""

import sys

from app.app import forget
from level10 import moves, rules
from level10.rules import NONE

_ENGINE = []  # type: list[str]  # the modules loading the engine brought in (it, and what it imports)


def suggest(game, talk=None):
    """The hint engine's move for the seat on turn, knowing what teammates said (`talk`, a
    level10.talk.Talk, with teammates); seeded by the move number, so the same position
    gets the same hint every time. The modules the engine loads are noted in _ENGINE, for
    unload() to let go: on every call, since some load only when first needed (the
    outlook's table, by the first search that forecasts, maybe not the first hint)."""
    had = list(sys.modules)
    from level10 import hint as engine
    from level10.view import seat_view

    m = engine.suggest(seat_view(game, talk), seed=game.played, buf=game.buf)
    for name in sys.modules:
        if name not in had and name not in _ENGINE:
            _ENGINE.append(name)
    return m


def unload(*others):
    """Let the engine's code go, and `others`."""
    forget(*_ENGINE)
    forget(*others)


def hint(app, t):
    """Show on table `t` the hint engine's move for its position, without playing it; from
    now on the game counts as assisted (kept in the save, so resuming does not drop it)."""
    t.message = "Thinking..."
    app.render()  # the engine takes about a second on a Pico: say so first
    make_room(app, t)
    m = suggest(t.game, getattr(t, "talk", None))  # a table with teammates has what they said
    unload()  # the engine's code goes before the words load cards
    t.survey()  # this position's moves again: the engine may have used the game's buffer
    point(t, m)
    t.message = say(m, "Hint: ", app.p.mono, 2)
    forget("app.level10.hints", "level10.cards")
    if not t.hinted:
        t.hinted = True
        t.save(app)


def make_room(app, t):
    """Let table `t`'s drawing code go while the engine thinks: the view object holds its
    class, and through it its module; Play.draw makes it again. (tools/apprun.py calls this
    too, to weigh what stays in memory while a hint is computed.)"""
    t.view = None
    forget("ui.level10.mono" if app.p.mono else "ui.level10.colour")


def point(t, m):
    """Put table `t`'s cursor on what move `m` plays (its card, or Reset) and keep `m` there,
    so the table shows its row and a row step starts on it."""
    hn = t.hand_size()
    pos = hn  # Reset
    if moves.kind(m) == moves.PLAY:
        c = moves.card(m)
        for i in range(hn):
            if t.card_at(i) == c:
                pos = i
                break
    t.focus = t.hint_at = pos
    t.hint = m


# a move in words


def _card(c, level):
    if level == 0:
        from level10.cards import name

        return name(c)
    return "\x06" if c == rules.PAUSE else chr(1 + (c >> 3)) + str((c & 7) + 1)  # as the hand shows it


def words(m, level=0):
    """Move `m` in words: level 0 names every card ("reset Swamp, Desert 8 then Sky 7
    under"), level 1 shows cards as their world's icon and number, level 2 rows as icons too.
    Loads level10.cards (the callers unload it): never while the engine thinks."""
    from level10 import cards

    row = chr(1 + moves.row(m)) if level > 1 else cards.WORLD_NAMES[moves.row(m)]
    a = moves.card(m)
    b = moves.extra(m)
    if moves.kind(m) == moves.RESET:
        t = "reset " + row
        if a != NONE:
            t += ", " + _card(a, level)
            if b != NONE:
                t += (" " if level > 1 else " then ") + _card(b, level)
            t += " under"
        return t
    if a != rules.PAUSE:
        return _card(a, level)
    t = "pause on " + row
    if b != NONE:
        t += ", bury " + _card(b, level)
    return t


def say(m, prefix, mono, lines=1):
    """`prefix` and move `m`, in the plainest words that fit the table's message line: 40
    columns in colour; 21 on the OLED, over `lines` lines broken as its view breaks them."""
    for level in range(3):
        t = prefix + words(m, level)
        if _fits(t, mono, lines):
            break
    return t[0].upper() + t[1:]


def _fits(t, mono, lines):
    if not mono:
        return len(t) <= 40
    if len(t) <= 21:
        return True
    cut = t.rfind(" ", 0, 22)
    return lines > 1 and cut > 0 and len(t) - cut - 1 <= 21
