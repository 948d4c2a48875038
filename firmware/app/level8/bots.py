"""The bots' turns on the table and the hint for a person, loaded only while a bot or the
hint decides: the table (play.py) holds none of this between moves.
"""

from level8 import layout

from app.level8 import BOT_CODE, WORDS_CODE, drop


def step(t, app):
    """The next step of the bot on turn: its whole turn is decided at its first step and
    shown a step at a time (`Table.tick`)."""
    s = t.state
    if layout.game(s) == 2:
        from app.level8 import bstep  # the board game's bots

        return bstep.step(t, app, steps)
    q = layout.turn(s)
    if not t.steps:
        from level8 import bot, view

        ms = bot.play(view.see(s, q), t.strength)
        if not ms:  # a bot with nothing to say: the first legal move keeps the game going
            ms = [t.game.legal_moves()[0]]
        t.steps = steps(ms)
    now = t.steps.pop(0)
    drop(*BOT_CODE)  # the bot's code (about 27 KB) only while it decides: back for its next turn
    from app.level8 import say

    said = say.step(s, q, now, t.name, app.p.mono)
    drop(*WORDS_CODE)
    t.commit(app, now, said)


def hint(t, app):
    """What the strongest bot would do now, in words; the game counts as assisted."""
    t.message = "Thinking..."
    app.render()
    from level8 import bot, view

    v = view.see(t.state, t.me)
    h = getattr(bot, "hint", None)
    ms = h(v) if h else bot.play(v, 2)
    if isinstance(ms, int):
        ms = [ms]
    from app.level8 import say

    t.message = say.hint(t.state, t.me, steps(ms), t.name, app.p.mono)
    drop(*BOT_CODE)
    drop(*WORDS_CODE)
    t.rest()
    if not t.hinted:
        t.hinted = True
        t.save(app)


def steps(ms):
    """A turn's moves as the steps shown one at a time: a level laid out (its cards and
    LAY), the cards kept (and KEPT), each other move alone."""
    out = []
    cur = []
    for m in ms:
        k = layout.kind(m)
        cur.append(m)
        if k != layout.K_PUT and k != layout.K_KEEP:
            out.append(cur)
            cur = []
    if cur:
        out.append(cur)
    return out
