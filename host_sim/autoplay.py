"""Playing the handheld app by its keys, for tests and benchmarks: an autoplayer that
looks at the screen the app is on and presses the key that gets a chosen move played."""

import host_sim  # noqa: F401  (firmware/ on sys.path)
from app.level10 import play as T
from level10 import moves, rules

NONE = rules.NONE


def button(profile, logical):
    """The first button of a board giving logical key `logical`."""
    for name, _ in profile.BUTTONS:
        if profile.KEYS.get(name) == logical:
            return name
    raise KeyError(logical)


def key_toward(t, m):
    """One logical key that brings the table `t` (a Play screen) closer to playing move `m`.
    (The step constants are the same in every load of app.level10.play.)"""
    hn = t.hand_size()
    row = moves.row(m)
    a = moves.card(m)
    b = moves.extra(m)
    is_reset = moves.kind(m) == moves.RESET
    if t.step == T.PICK:
        # the Reset item follows the hand
        want = hn if is_reset else [t.card_at(i) for i in range(hn)].index(a)
        if t.focus != want:
            return "down"
        return "ok"
    if t.step == T.ROW:
        return "ok" if t.item(t.focus) == row else "down"
    if t.step == T.UNDER:
        chosen = [t.card_at(t.chosen[k]) for k in range(t.n_chosen)]
        need = [c for c in (a, b) if c != NONE]
        if chosen != need[: len(chosen)]:
            raise AssertionError("cards put under in the wrong order: %r for %r" % (chosen, need))
        if len(chosen) == len(need):
            want = hn  # Done
        else:
            taken = [t.chosen[k] for k in range(t.n_chosen)]
            want = [i for i in range(hn) if t.card_at(i) == need[len(chosen)] and i not in taken][0]
        return "ok" if t.focus == want else "down"
    if t.step == T.BURY:
        want = hn if b == NONE else [t.card_at(i) for i in range(hn)].index(b)
        return "ok" if t.focus == want else "down"
    raise AssertionError("unknown step")


class Autoplayer:
    """From the title menu: New game at `pauses` with deal `deal`, then `plan(game)` -> the
    next move, until the end screen. `next_key(app)` gives one logical key, or None at the end."""

    def __init__(self, pauses, deal, plan):
        self.pauses = pauses
        self.deal = deal
        self.plan = plan
        self.move = None
        self.played = []
        self.ended = None

    def next_key(self, app):
        s = app.screen
        kind = type(s).__name__  # by name: the app unloads and reloads screen modules
        if kind == "Play":
            if s.message and s.message.startswith("Undone"):
                raise AssertionError("autoplayer never undoes")
            if self.move is None or s.game.played != len(self.played):
                if s.game.played != len(self.played):
                    self.played.append(self.move)
                self.move = self.plan(s.game)
            return key_toward(s, self.move)
        if kind == "NewGame":
            if s.players != 1:  # New game offers the last game's players: back to solo
                return "ok" if s.focus == 3 else "down"
            return self.new_game_key(s)
        if kind == "Menu":
            if s.title.startswith("You won!") or s.title.startswith("Game over"):
                if self.move is not None and len(self.played) < 50 and self.ended is None:
                    self.played.append(self.move)
                self.ended = s
                return None
            want = "Level 10" if s.title == "Games" else "New game"  # the games menu first
            return "ok" if s.label(s.focus) == want else "down"
        raise AssertionError("unexpected screen %r" % s)

    def new_game_key(self, s):
        if s.digit >= 0:
            want = "%05d" % self.deal
            have = "%05d" % s.deal
            d = s.digit
            return "ok" if want[d] == have[d] else "up"
        if s.pauses != self.pauses:
            return "ok" if s.focus == 0 else "up"
        if s.deal != self.deal:
            return "ok" if s.focus == 1 else "down"
        return "ok" if s.focus == 2 else "down"


def drive(hh, next_key):
    """Run the handheld `hh`'s firmware (host_sim.sim.Handheld), pressing on its buttons
    the logical key next_key(app) gives for the app on show, until it gives None; returns
    the logical keys pressed."""
    from host_sim import sim

    pressed = []

    def more(hh):
        k = next_key(hh.apps[-1])
        if k is None:
            return None
        pressed.append(k)
        return button(hh.profile, k)

    hh.run(sim.Script(hh, [], more=more))
    return pressed


PAUSE = ("back", "down", "ok", "down", "down", "ok")  # the pause menu, How to play read two lines down, back


def pausing(next_key, at_rest, after):
    """`next_key`, but once, at the first key after the first `after` keys where
    `at_rest(app)` holds (a table where Back pauses), the keys of PAUSE first: the pause
    menu, How to play, two lines read, back to the game, so that a whole game by the keys
    also opens the screens a player opens mid-game."""
    pressed = [0]
    queue = []
    paused = [after < 0]  # never, or not yet

    def key(app):
        pressed[0] += 1
        if queue:
            return queue.pop(0)
        if not paused[0] and pressed[0] > after and at_rest(app):
            paused[0] = True
            queue.extend(PAUSE[1:])
            return PAUSE[0]
        return next_key(app)

    return key


def table_at_rest(app):
    """Level 10's table waiting for a card to be chosen (Back there is the pause menu)."""
    s = app.screen
    return type(s).__name__ == "Play" and s.step == T.PICK


def keys_for_record(board, rec, pause_after=-1):
    """The logical keys that play record `rec` (solo, from a seed) from the title menu to
    the end screen on `board`, found by playing it in the headless simulator; with
    `pause_after` >= 0, pausing once after that many keys (see `pausing`)."""
    from host_sim import sim

    ap = Autoplayer(rec.pauses, rec.seed, lambda g: rec.moves[g.played])
    keys = drive(sim.Handheld(board), pausing(ap.next_key, table_at_rest, pause_after))
    if ap.played != list(rec.moves):
        raise RuntimeError("the autoplayer did not play the record through")
    return keys
