"""The board game's track screen (opened by app/level8/step.py's open_step), loaded only
while it is up: the track with every seat's tower, the dice and, when choosing, the two
spaces reached (`strip` on the OLED, `oval` on colour; left and right choose, OK goes,
Back goes to the table to look at the hand). A module of its own so that the choosers'
code does not hold it, nor it theirs: the move chosen is played by the `go` it is given.
"""

from level8 import layout

from app.level8 import drop, forget
from app.screen import Screen
from compat import const

_P_ROLL = const(5)  # level8.board's phase ROLL, move kind GO and offsets
_K_GO = const(13)
_POS = const(192)
_DICE = const(204)
_REACH = const(206)


class Track(Screen):
    """The track, every seat's tower, the dice; when `choosing`, the two spaces reached,
    one under the cursor, OK moving the tower there (`go(app, t, move)`)."""

    def __init__(self, t, choosing, go):
        self.t = t  # a Seat keeping the table
        self.choosing = choosing
        self.go = go
        self.chosen = 0
        self.title = "Track"  # for the tests and the autoplayer, as a Menu's

    def reach(self):
        s = self.t.state
        if not self.choosing:
            return b""
        a, b = s[_REACH], s[_REACH + 1]
        return bytes((a,)) if a == b else bytes((a, b))

    def key(self, app, k):
        t = self.t
        if k == "ok" and self.choosing:
            self.go(app, t, layout.move(_K_GO, self.reach()[self.chosen]))
        elif k == "ok" or k == "back":
            t.close(app)
            # no move, so no survey to let the track's code go (roll.items): it goes now,
            # the drawing emptied as the survey empties it
            drop("ui.level8.track", "ui.level8.oval")
            forget("app.level8.step", "level8.track", __name__)
        elif self.choosing:
            self.chosen = (self.chosen + 1) % len(self.reach())

    def draw(self, app, full):
        p = app.p
        s = self.t.state
        n = layout.players(s)
        towers = bytes(s[_POS : _POS + n])
        reach = self.reach()
        d1, d2 = s[_DICE], s[_DICE + 1]
        dice = bytes((d1, d2)) if d1 and (self.choosing or layout.phase(s) != _P_ROLL) else b""
        steps = bytes((d1, d1 + d1)) if reach and d1 == d2 else None
        me = layout.turn(s)
        chosen = self.chosen if self.choosing else -1
        from ui import theme

        if self.choosing:
            keys = "%s:go %s:hand" % (app.button("ok"), app.button("back"))
        else:
            keys = "%s: back" % app.button("back")
        if p.mono:
            from ui.level8.track import strip

            strip(p.d, 0, 0, p.w, 56, towers, me, reach, chosen, dice, steps)
            p.mark(0, 0, p.w, 56)
            p.fill(0, 56, p.w, 8, theme.BG)
            p.text(keys, 0, 56, theme.DIM)
        else:
            from ui.level8.oval import oval

            oval(p.d, 0, 0, p.w, p.h, towers, me, reach, chosen, dice, steps)
            # the keys inside the oval, under the choices (two at most, lit down to y 93),
            # above the towers of the bottom row's spaces (from y 104)
            p.text(keys, (p.w - 6 * len(keys)) // 2, p.h // 2 + 29, theme.DIM)
            p.mark(0, 0, p.w, p.h)
