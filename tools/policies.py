"""The players of the AI bench (tools/aibench.py) and its deal loop, for both runtimes.

`RandomPolicy(seed)` and `Greedy()` are the baselines; `Rule()` is the hint engine's
rule-of-thumb player alone (level10.heuristic), without its search; `Hint(budget, seed)`
is the hint engine (level10.hint) as a player. Each is called as `policy(game) -> move`
for the seat on turn of a level10.game.Game and returns one of its legal moves, reading
only that seat's hand and the table. `play_out` plays a game to its end with one of them.

Plain Python that runs unchanged under MicroPython (the bench times these very players in
the runner, where this file is importable as `policies`), so: no `random` (the project's
own prng.Prng gives the same numbers on every runtime), no floats, and nothing allocated
per call beyond small ints. The legal moves are listed into the game's own buffer
(`game.list_moves()`).
"""

from level10 import heuristic, hint, moves, rules
from level10.view import View, seat_view
from prng import Prng


class RandomPolicy:
    """Any legal move, each as likely: `Prng(seed).below(count)` over `game.list_moves()`.

    Most legal moves are resets putting cards under the deck (a reset has up to 101
    ways), so this player resets far more often than a person would: a floor, not a
    style of play."""

    def __init__(self, seed):
        self.rng = Prng(seed)

    def __call__(self, game):
        return game.buf[self.rng.below(game.list_moves())]


class Greedy:
    """A one-rule player, looking at this move only:

    1. play the level card that raises its row's value least (a card equal to the
       row's value raises it by 0);
    2. else place a reset, putting nothing under the deck, in the row whose value is
       highest (the row most in need of one);
    3. else play a pause: burying the lowest card it can when the deck is empty,
       otherwise into the row whose value is highest.

    Resets come before pauses because a pause played while the deck has cards gives up
    the full win (ruling L10-7), and an unused pause adds to the score. Ties go to the
    first move listed (worlds top to bottom, low numbers first)."""

    def __call__(self, game):
        s = game.state
        buf = game.buf
        n = game.list_moves()
        best = buf[0]
        key = 1000
        for i in range(n):
            m = buf[i]
            r = moves.row(m)
            c = moves.card(m)
            if moves.kind(m) == moves.RESET:
                if c != rules.NONE:
                    continue  # rule 2 puts nothing under
                k = 100 - rules.row_value(s, r)
            elif c == rules.PAUSE:
                b = moves.extra(m)
                k = 200 + (b & 7) if b != rules.NONE else 300 - rules.row_value(s, r)
            else:  # a level card: its number (1..8) less the value it must reach
                k = (c & 7) + 1 - rules.row_value(s, r)
            if k < key:
                key = k
                best = m
        return best


class Rule:
    """The rule-of-thumb player the hint engine searches around and plays its imagined
    games with (`heuristic.choose` for the seat on turn): its row shows what the search
    adds. It reads the seat's own hand and the table only, and thinks in microseconds."""

    def __init__(self):
        self.view = None  # the seat's view, made at the first decision and looked through again

    def __call__(self, game):
        v = self.view
        if v is None or len(v.state) != len(game.state):
            v = self.view = View(game.state)
        else:
            v.see(game.state)
        return heuristic.choose(v)


class Hint:
    """The hint engine as a player: `hint.suggest(seat_view(game), budget, seed)` for the
    seat on turn, which sees only its own hand. `sims` adds up `hint.last_sims` over the calls.

    `talking`: the seats talk as bots do in the app (ruling L10-11): before each move
    every other seat announces its world counts and wishes (`talk.announce`), and the
    seat on turn decides knowing them. Silent, each seat knows only its own hand."""

    def __init__(self, budget, seed, talking=False):
        self.budget = budget
        self.seed = seed
        self.sims = 0
        self.talk = None
        if talking:
            from level10 import talk

            self.talk = talk.Talk()
            self.announce = talk.announce

    def __call__(self, game):
        said = self.talk
        if said is not None:
            seat = game.to_move()
            for q in range(rules.players(game.state)):
                if q != seat:
                    self.announce(View(game.state, q), said)
        m = hint.suggest(seat_view(game, said), budget=self.budget, seed=self.seed, buf=game.buf)
        self.sims += hint.last_sims
        return m


def play_out(game, policy, now, since):
    """Play `game` to its end, every seat by `policy`; return (decisions, time inside
    the policy, simulated moves). `now()` reads a clock, `since(later, earlier)` is the
    time between two readings: ticks_us on MicroPython, nanoseconds on CPython.

    Each move is checked: the legal moves are listed again (a policy may have used the
    game's buffer for its own search) and `game.apply` refuses a move not among them."""
    decisions = 0
    spent = 0
    while game.status() == rules.PLAYING:
        t0 = now()
        m = policy(game)
        spent += since(now(), t0)
        game.list_moves()
        game.apply(m)
        decisions += 1
    return decisions, spent, getattr(policy, "sims", 0)
