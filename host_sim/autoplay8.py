"""Playing LEVEL 8 or Level Up on the handheld app by its keys, for tests and benchmarks:
from the games menu, a new game with the chosen seats, then every person's move chosen by
the bot (level8.bot at `strength`, from the seat's view) and pressed through the table and
its choosers; the bots' steps are hurried by OK. `next_key(app)` gives one logical key, or
None once the game's end screen is up."""

from level8 import bot, rules, view

import host_sim  # noqa: F401  (firmware/ on sys.path)
from ui import level8 as T


class Autoplayer8:
    def __init__(self, row="LEVEL 8", players=4, people=1, strength=0, keep=False, plan_strength=0, stop=None):
        self.row = row
        self.players = players
        self.people = people
        self.strength = strength
        self.keep = keep
        self.plan_strength = plan_strength
        self.stop = stop  # stop(app) -> True: give None there (a test's place to look)
        self.plan = []  # the person's next moves, as the bot chose them
        self.planned_for = None
        self.ended = None
        self.keys = 0

    def next_key(self, app):
        if self.stop and self.stop(app):
            return None
        k = self._key(app)
        if k is not None:
            self.keys += 1
            if self.keys > 200000:
                raise AssertionError("the game does not end")
        return k

    def _key(self, app):
        s = app.screen
        kind = type(s).__name__
        if kind == "Menu":
            return self.menu_key(s)
        if kind == "NewGame":
            return self.new_game_key(s)
        if kind == "Table":
            return self.table_key(s)
        if kind == "Layouts":
            want = sorted(tuple(sorted(g)) for g in self.plan_layout())
            have = sorted(tuple(sorted(g)) for g in s.groups(s.i))
            every = [s.groups(i) for i in range(len(s.found))]
            if have == want or not any(sorted(tuple(sorted(g)) for g in f) == want for f in every):
                return "ok"
            return "down"
        if kind == "Pager":
            return "ok"
        raise AssertionError("unexpected screen %r" % s)

    def menu_key(self, s):
        t = s.title
        if t.endswith("won!") or " won" in t or t.startswith("Game given up") or t.startswith("You won"):
            self.ended = s
            return None
        labels = [s.label(i) for i in range(len(s.items))]
        if len(s.items[0]) > 2:  # a chooser: pick what the plan wants
            want = self.plan[0] if self.plan else None
            for i, it in enumerate(s.items):
                what = it[2]
                if isinstance(what, list):
                    if sorted(what) == sorted(self.group_wanted(len(what))):
                        return "ok" if s.focus == i else "down"
                elif what == want:
                    return "ok" if s.focus == i else "down"
            return "ok" if s.focus == 0 else "down"  # a wild's value the plan left open
        if t == "Games":
            want = self.row
        elif "New game" in labels:
            want = "New game"
        else:
            raise AssertionError("unexpected menu %r %r" % (t, labels))
        return "ok" if labels[s.focus] == want else "down"

    def new_game_key(self, s):
        c = s.c
        if c.players != self.players:
            return "ok" if s.focus == 1 else "down"
        if c.people != self.people:
            return "ok" if s.focus == 2 else "down"
        if c.people < c.players and c.strength != self.strength:
            return "ok" if s.focus == 3 else "down"
        if s.game == 1 and c.keep != self.keep:
            return "ok" if s.kinds[s.focus] == "K" else "down"
        return "ok" if s.focus == 0 else "up"

    # the table

    def table_key(self, t):
        st = t.game.state
        if t.hidden or rules.phase(st) == rules.OVER or not t.mine():
            self.plan = []
            return "ok"
        key = (bytes(st), t.me)
        if key != self.planned_for and self.plan:
            # a step of the plan was played: the rest of it follows (as the bot meant it)
            n = 1
            while n < len(self.plan) and rules.kind(self.plan[n - 1]) == rules.K_PUT:
                n += 1
            self.plan = self.plan[n:]
        self.planned_for = key
        if self.plan and self.plan[0] not in t.game.legal_moves():
            self.plan = []  # the table did more than the plan's step (four kept: done at once)
        if not self.plan:
            v = view.see(st, t.me)
            self.plan = bot.play(v, self.plan_strength)
        m = self.plan[0]
        k = rules.kind(m)
        if k in (rules.K_DRAW, rules.K_TAKE, rules.K_SKIPPED):
            return self.toward(t, T.DRAW)
        if k == rules.K_PUT:
            return self.toward(t, T.LAY)
        if k == rules.K_KEPT:
            return self.toward(t, T.DONE)
        if k == rules.K_GIVE:
            return self.toward_card(t, 91)
        return self.toward_card(t, rules.card(m))

    def toward(self, t, item):
        if t.focus >= t.hn and t.item(t.focus) == item:
            return "ok"
        return "down"

    def toward_card(self, t, c):
        from level8 import cards

        want = cards.WILD if cards.is_wild(c) else c
        h = rules.hand(t.game.state, t.me)
        if t.focus < t.hn and h[t.item(t.focus)] == want:
            return "ok"
        return "down"

    def plan_layout(self):
        groups = {}
        for m in self.plan:
            if rules.kind(m) == rules.K_PUT:
                groups.setdefault(rules.target(m), []).append(rules.card(m))
        return [groups[r] for r in sorted(groups)]

    def group_wanted(self, n):
        for g in self.plan_layout():
            if len(g) == n:
                return g
        return []


def play_keys(board, ap):
    """Drive a fresh handheld on `board` with autoplayer `ap`; (handheld, keys pressed)."""
    from host_sim import sim
    from host_sim.autoplay import drive

    hh = sim.Handheld(board)
    keys = drive(hh, ap.next_key)
    return hh, keys
