"""The New game menu of the board game (Das Brettspiel): the card games' menu (newgame.py)
with no keep-four option (the board game keeps four by its own rule, LB-4) and with the
level side each seat plays (LB-5): one star, the easier levels, or two stars. Each person
chooses theirs, a row each; the bots play one side, chosen in one row. Left/right or OK
turn a side over.

Loaded only for the board game (the card games' menu stays as it was); its choices are
kept in the board game's own file (app/level8/choices.py, `sides`).
"""

from app.level8 import newgame
from compat import const

_BOTS = const(6)  # the bit of Choices.sides for the bots' side (app/level8/choices.py)
_SIDE = const("0123456")  # kinds of row (NewGame.kinds): the side of the person at seat q, or the bots'


class NewGame(newgame.NewGame):
    def __init__(self, app, game, start, back):
        super().__init__(app, game, start, back)
        self.c.keep = False
        self.title = "New board game"  # "Das Brettspiel: new game" is wider than any board's title

    def fill(self):
        focus = self.focus  # the card games' rows come first; a side row keeps its place
        super().fill()
        c = self.c
        for q in range(c.people):
            self.items.append([lambda q=q: self.side_label(q), self.change])
            self.kinds += _SIDE[q]
        if c.people < c.players:
            self.items.append([lambda: self.side_label(_BOTS), self.change])
            self.kinds += _SIDE[_BOTS]
        self.focus = min(focus, len(self.items) - 1)

    def side_label(self, q):
        c = self.c
        stars = "2 stars" if c.sides >> q & 1 else "1 star"
        if q == _BOTS:
            return ("Bots' side: " if c.players - c.people > 1 else "Bot's side: ") + stars
        if c.people == 1:
            return "Your side: " + stars
        return ("Player %d's side: %s" if self.wide else "P%d side: %s") % (q + 1, stars)

    def seat_sides(self):
        """Each seat's level side, 1 (one star) or 2 (two stars): the people's own, the bots' one."""
        c = self.c
        return tuple([2 if c.sides >> (q if q < c.people else _BOTS) & 1 else 1 for q in range(c.players)])

    def change(self, app, d=1):
        k = self.kinds[self.focus]
        if k in _SIDE:
            self.c.sides ^= 1 << _SIDE.index(k)
            self.fill()
        else:
            super().change(app, d)

    def go(self, app):
        self.start(app, self.game, self.c, self.seat_sides())  # which keeps the choices too
