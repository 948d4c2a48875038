"""A person's step of the board game over the table, played (`go`), and their next step
opened by itself (`follow`): the track screen (app/level8/track.py) or an action's chooser,
which actions.py builds and lets go once it is up. What a screen over the table holds
while it is up is this module, small, not the choosers' builder nor the table's roll.py.
"""

from level8 import cards, layout

from app.level8 import drop, forget
from app.level8.seat import Seat
from compat import const

_ROLL = const(5)  # level8.board's phases
_GO = const(6)
_PICK = const(8)
_ASK = const(10)


def go(app, t, m):
    """Play move `m` chosen over the table (a Seat `t`): the table again, the move played,
    said (in pass and play the next person reads it) and saved; then this person's next
    choice of the turn, if any, opens by itself."""
    from app.level8 import bstep

    said = bstep.said(t, m, app.p.mono)
    # an Ask answered at once: who gave the card (a bot's choice among several is its step)
    g = bstep.giving(t.state, m)[0] if layout.phase(t.state) == _ASK else layout.NO_SEAT
    at = getattr(app.screen, "focus", 0)  # the chooser's cursor (the track has none)
    tb = t.close(app)
    s = tb.state
    me = tb.me
    ph = layout.phase(s)
    before = layout.hand(s, me)
    tb.commit(app, [m], said)
    if tb.me == me and not tb.hidden:
        # the one card the step brought in, said: a pile's, a joker, a card stolen or given
        new = list(layout.hand(s, me))
        for c in before:
            if c in new:
                new.remove(c)
        if len(new) == 1:
            tb.message = ("You took %s" if g == layout.NO_SEAT else tb.name(g) + " gave you %s") % cards.name(new[0], cards.BOARD)
    follow(tb, app)
    c = app.screen
    if c is not tb and layout.phase(s) == ph != _PICK and getattr(c, "items", None):
        # the same step goes on (Show, Swap): where it was; not a pile's second pick, whose
        # rows' cards have changed (the draw pile first)
        c.focus = min(at, len(c.items) - 1)
    import sys

    if app.screen is tb and sys.implementation.name == "micropython":
        # the table is back and no screen holds this module's code: let go emptied, as
        # app.level8.drop lets go what nothing runs again (the copy loaded, if any, too)
        forget(__name__)
        globals().clear()


def follow(t, app):
    """After a person's own step, or a bot's that asks them to act: their next choice
    opens by itself."""
    if app.screen is t and t.mine() and layout.phase(t.state) > _ROLL:
        open_step(t, app, layout.phase(t.state))


def open_step(t, app, ph):
    """The screen of step `ph` over the table `t` (the track for GO; -1: the track to look at)."""
    seat = Seat(t, app)
    if ph == _GO or ph < _ROLL:
        from app.level8.track import Track

        app.go(Track(seat, ph == _GO, go))
    else:
        chooser(app, seat, ph)
        # the chooser holds its moves and words: the rules it listed them by, and the
        # bot steps' words it named them in, come back for the move chosen
        forget("level8.board", "level8.board_referee", "app.level8.bstep")
    t.covered(app)


def chooser(app, t, ph, ask=None):
    """The chooser of board step `ph` for the person `t` (a Seat) acts as; with `ask`, an
    Ask's two moves, which way round it goes. Built by actions.py, let go once it is up:
    nothing it made runs its code."""
    from app.level8 import actions

    pick = lambda app: _picked(app, t)  # noqa: E731  (every item's action: one, not one each)
    if ask is None:
        actions.open(app, t, ph, pick)
    else:
        actions.ways(app, t, ask, pick, lambda a: chooser(a, t, _ASK))
    drop("app.level8.actions")


def _picked(app, t):
    """OK on a chooser's item: the move under the focus played, or for an Ask's value the
    question which way."""
    m = app.screen
    what = m.items[m.focus][2]
    if type(what) is tuple:
        chooser(app, t, _ASK, what)
    else:
        go(app, t, what)
