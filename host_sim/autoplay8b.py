"""Playing the board game ("Level 8: Das Brettspiel") at the LEVEL 8 table by its keys, for
tests and benchmarks: each person's move is chosen by level8.boardbot from that seat's view
and pressed through the table, the track screen and the choosers (app/level8/roll.py,
step.py, actions.py); the card game's step 2 and 3 go as host_sim/autoplay8.py presses them; the
bots' steps are hurried by OK. The table is put up directly (a test builds it), or reached
through a menu whose row the test names.
"""

from level8 import boardbot, game, rules, view

import host_sim  # noqa: F401  (firmware/ on sys.path)
from app.level8 import roll
from host_sim.autoplay8 import Autoplayer8
from ui import level8 as T

_BOARD_STEPS = {5: roll.ROLL, 6: roll.TRACK}  # level8.board's ROLL, GO: the item that opens them


class AutoplayerBoard(Autoplayer8):
    def __init__(self, strength=0, stop=None, via_cards=False):
        Autoplayer8.__init__(self, stop=stop)
        self.plan_strength = strength
        self.via_cards = via_cards  # a swap's, a give's, a show's card chosen on the hand
        self.state = None  # the game's state (one bytearray the whole game)
        self.board_key = None

    def fresh(self):
        """Over the table in a board step (a chooser opened by itself after the last one):
        the plan for this position."""
        st = self.state
        if st is None or rules.phase(st) <= rules.WON:
            return
        key = bytes(st)
        if key != self.board_key:
            self.board_key = key
            self.plan = boardbot.play(view.see(st, game.actor(st)), self.plan_strength)

    def _key(self, app):
        s = app.screen
        if type(s).__name__ == "Table":
            self.state = s.game.state
        else:
            self.fresh()
        if type(s).__name__ == "Track":
            if not s.choosing:
                return "back"
            want = rules.target(self.plan[0]) if self.plan else None
            return "ok" if s.reach()[s.chosen] == want else "right"
        return Autoplayer8._key(self, app)

    def menu_key(self, s):
        if len(s.items) and len(s.items[0]) > 2:
            want = self.plan[0] if self.plan else None
            for i, it in enumerate(s.items):
                what = it[2]
                if isinstance(what, tuple) and want in what:
                    return "ok" if s.focus == i else "down"
        return Autoplayer8.menu_key(self, s)

    def table_key(self, t):
        st = t.game.state
        ph = rules.phase(st)
        if t.hidden or ph == rules.OVER or not t.mine():
            self.plan = []
            return "ok"
        key = (bytes(st), t.me)
        if key != self.planned_for and self.plan:
            n = 1
            while n < len(self.plan) and rules.kind(self.plan[n - 1]) == rules.K_PUT:
                n += 1
            self.plan = self.plan[n:]
        self.planned_for = key
        if self.plan and self.plan[0] not in t.game.legal_moves():
            self.plan = []
        if not self.plan or ph > rules.WON:
            self.plan = boardbot.play(view.see(st, t.me), self.plan_strength)
            self.board_key = bytes(st)
        m = self.plan[0]
        if ph in _BOARD_STEPS:
            return self.toward(t, _BOARD_STEPS[ph])
        if ph > rules.WON:
            k = rules.kind(m)
            if self.via_cards and k in (rules.K_DISCARD, rules.K_GIVE, 15):
                return self.toward_card(t, rules.card(m))
            return self.toward(t, roll.ACT)
        k = rules.kind(m)
        if k == rules.K_PUT:
            return self.toward(t, T.LAY)
        if k == rules.K_KEPT:
            return self.toward(t, T.DONE)
        if k == rules.K_KEEP:  # a card not kept yet (two jokers are alike)
            h = rules.hand(st, t.me)
            kept = rules.kept(st, t.me)
            if t.focus < t.hn and t.item(t.focus) >= kept and h[t.item(t.focus)] == rules.card(m):
                return "ok"
            return "down"
        return self.toward_card(t, rules.card(m))
