"""What a person's key or a bot's step does to the table (play.py), loaded only then:
the moves played, checked and saved, whose hand shows next (the pass screen in pass and
play), the hand's order and the items on offer, where the cursor starts a turn, and what
OK does on each item or card.
"""

from level8 import cards, layout
from level8.layout import DRAW, KEEP, NO_SEAT, OVER, PLAY, WON

from app.level8 import drop, forget, unload
from app.level8.seat import Seat
from compat import const
from ui.level8 import DONE, HINT, LAY, MENU, SORT, TABLE, tokens
from ui.level8 import DRAW as DRAW_IT

_P_ROLL = const(5)  # level8.board's phase ROLL: the board steps after it are choices


def setup(t, app, game, flags, people, strength, message):
    """A new table `t`'s fields (play.Table), on `game` (a level8.game.Game) with the saved
    game's `flags` (app/level8/saves.py), whose hand shows and where the cursor starts."""
    from app.level8 import BY_COLOUR, HINTED  # here: two names fewer held by this module

    t.state = game.state
    t._game = game
    t.people = people
    t.strength = strength
    t.hinted = bool(flags & HINTED)
    t.by_colour = flags // BY_COLOUR & 63  # a bit a seat: each person sorts their own hand
    t.message = message
    t.focus = 0
    t.hn = 0
    t.items = []
    t.steps = []
    t.me = 0 if people == 1 else NO_SEAT  # the seat whose hand is shown
    t.hidden = False  # the pass screen is up
    t.view = None
    t.began = None  # (round, seat, phase) of the start of the person's turn under way
    t.ending = None  # on show until `due`, then what follows (Seat.ending)
    if people > 1:  # pass and play's own fields: a table for one person holds none of them
        t.said = message or None  # "Welcome back": the pass screen's first words
        t.top = 0
        t.shown = NO_SEAT  # the person whose hand showed last (settle)
        t.before = [None] * 6  # each person's hand (its round first) as it was when it stopped showing
    settle(t, app)
    survey(t)
    begin(t, app)
    fit(t, app)
    if t.mine() and layout.phase(t.state) > _P_ROLL:
        # resumed in a board step the person must answer: its chooser opens by itself once
        # the table has been seen, as after a bot's step that asks (Table.tick)
        t.ending = levels(t.state)


def levels(s):
    """The seats' levels, as `ending` keeps them (ui.level8.begin)."""
    return bytes([layout.level(s, p) for p in range(layout.players(s))])


def fit(t, app):
    """On the OLED a message past its one line takes the items' line too. Where the person
    must act with the cursor on an item (a turn's start: Draw, Roll), it is made to fit
    that line, so that the item lit shows: without its last clauses after a comma ("Bot 4
    asked for blue, clockwise"), else cut."""
    m = t.message
    if app.p.mono and m and len(m) > 21 and t.mine() and t.focus >= t.hn:
        while len(m) > 21 and ", " in m:
            m = m[: m.rfind(", ")]
        t.message = m if len(m) <= 21 else m[:19] + ".."


def settle(t, app):
    """Whose hand shows now: with one person, always theirs; in pass and play, as
    app/level8/hand.py says (loaded only then)."""
    if t.people > 1:
        from app.level8 import hand

        hand.settle(t, app)
        forget("app.level8.hand")


def survey(t):
    """The hand's display order and the ring's items, for this position."""
    s = t.state
    me = t.me
    hn = t.hn = layout.hand_count(s, me) if me != NO_SEAT else 0
    order = t.order = bytearray(hn)  # display position -> hand index
    if hn:
        h = layout.hand(s, me)
        key = []
        for i in range(hn):
            c = h[i]
            if c >= cards.N_NUMBER_CARDS:
                k = 2000 + c
            elif t.by_colour >> me & 1:
                k = c
            else:
                k = cards.number(c) * 8 + cards.colour(c)
            key.append(k * 128 + i)  # a hand holds fewer than 128 cards
        key.sort()
        for i in range(hn):
            order[i] = key[i] & 127
    ph = layout.phase(s)
    if layout.game(s) == 2:  # the board game's (its own module, loaded for it only)
        from app.level8.roll import items

        items(t, ph)
    elif t.mine() and ph == DRAW:
        t.items = [DRAW_IT, TABLE, HINT, SORT, MENU]
    elif t.mine() and ph == PLAY:
        t.items = ([] if layout.laid(s, me) else [LAY]) + [TABLE, HINT, SORT, MENU]
    elif t.mine() and ph == KEEP:
        t.items = [DONE, TABLE, SORT, MENU]
    else:
        t.items = [TABLE, SORT, MENU]
    if t.focus >= t.ring():
        t.focus = 0


def choose(t, app, it):
    # a chooser's, kept after Back: not needed now. Set to None rather than deleted: a
    # MicroPython dict keeps a deleted entry's value in its slot, and so in the heap
    t.listed = None
    s = t.state
    ph = layout.phase(s)
    if it == MENU:
        t.open_menu(app)
    elif it == SORT:
        t.by_colour ^= 1 << t.me
        colour = t.by_colour >> t.me & 1
        t.message = "Sorted by " + ("colour" if colour else "number")
        survey(t)
        t.save(app)
        # and the game's next New game deals sorted the same way
        from app.level8 import choices

        game = layout.game(s)
        c = choices.load(app, game)
        c.colour = colour
        choices.save(app, game, c)
        forget("app.level8.choices")
    elif it == DONE:
        commit(t, app, [layout.move(layout.K_KEPT)], "")
    elif it == HINT:
        from app.level8 import bots

        bots.hint(t, app)
        forget("app.level8.bots")
    elif it < 100 and ph == KEEP:
        n = layout.kept(s, t.me)
        c = t.card(it)
        mono = app.p.mono  # there in one line ("Kept R7, 2 of 4"): Done stays in sight
        what = tokens([c]) if mono else cards.name(c, layout.game(s))
        if it < n:  # a card kept: taken back (the kept cards all back, the others kept again)
            h = layout.hand(s, t.me)
            commit(t, app, [layout.move(layout.K_CANCEL)] + [layout.move(layout.K_KEEP, 0, h[i]) for i in range(n) if i != it], "")
            t.message = "Took back %s, %d of 4" % (what, n - 1) if mono else "Took back %s. Up to 4, then Done" % what
        elif n >= layout.KEEP_MAX:
            t.message = "You keep 4 cards at most"
        else:
            ms = [layout.move(layout.K_KEEP, 0, c)]
            if n == layout.KEEP_MAX - 1:
                ms.append(layout.move(layout.K_KEPT))  # four kept: nothing more to choose
            me = t.me
            commit(t, app, ms, "")
            if layout.phase(s) == KEEP and layout.turn(s) == me == t.me and not t.hidden:
                t.message = "Kept %s, %d of 4" % (what, n + 1) if mono else "Kept %s. Keep up to 4, then Done" % what
    elif it < 100 and ph == DRAW:
        t.message = "Skipped: Draw to pass" if layout.skipped(s, t.me) else "Draw first: choose Draw"
    elif it > DONE or ph > WON and it < 100:  # the board game's items and steps
        from app.level8 import roll

        roll.choose(t, app, it)
    else:
        seat = Seat(t, app)
        # laying out and browsing the laid combinations: screens of their own, without the
        # choosers' code (act.py); the layouts' chooser opens on the best one at once
        if it == LAY:
            from app.level8 import lay

            lay.lay(app, seat)
        elif it == TABLE:
            from app.level8 import browse

            browse.browse(app, seat)
        else:
            from app.level8 import act  # the choosers, loaded only while one is open

            g = seat.game  # a chooser of moves: they are listed
            act.open(app, seat, it)
            drop("app.level8.act")  # the chooser up holds none of it (its items play by the Seat)
            if g.listed > 0 and app.screen is not t:
                # the moves listed, kept for the one chosen (commit): by the table a colour
                # board keeps; the OLED's comes back as a copy of the Seat, with them
                (seat.table or seat).listed = g.buf[: g.listed]
            # a card game's chooser of moves (which pile, what a card does) keeps the
            # drawing's code: the board game's table, with its track, has no room for it
            t.covered(app, layout.game(s) != 2)
            return
        seat.rest()
        t.covered(app, False)


def begin(t, app):
    """When a person's turn (its draw, or its keeping) begins: the cursor's start. In pass
    and play, when a person's hand shows again (past the pass screen, or back to the person
    shown last): what came into it or went out of it on others' turns, said to them alone
    (app/level8/hand.py), once."""
    if t.people > 1 and not t.hidden and t.me != NO_SEAT and t.before[t.me]:
        from app.level8 import hand

        t.message = hand.changed(t, t.me, app.p.mono) or t.message
        forget("app.level8.hand")
        t.before[t.me] = None  # told: the person's own moves are not news
    if not t.mine():  # another's turn, or a round's end: the person's next turn is new
        t.began = None
        return
    s = t.state
    ph = layout.phase(s)
    now = (layout.round_no(s), layout.turn(s), ph)
    if ph != PLAY and now != t.began:
        t.began = now
        start_turn(t, app)


def start_turn(t, app):
    """Where the cursor starts when a person's turn (or part of it) begins."""
    s = t.state
    ph = layout.phase(s)
    if ph == DRAW:
        t.to_item(DRAW_IT)
        if layout.skipped(s, layout.turn(s)):  # said before the person presses anything
            said = t.message
            if said and said.endswith("you"):  # the bot just before gave it: named ("Bot 3 skipped you")
                t.message = said if app.p.mono else said + ". Skipped: Draw to pass"
            else:
                t.message = "Skipped: Draw to pass"
    elif ph == KEEP:  # on the hand's first card: Done at once would keep none
        t.focus = 0
        said = t.message  # a bot's step before (its own keeping): still said, before the ask
        if app.p.mono:  # two lines at most, the second the ask, so that Done is named
            t.message = (said + ". " if said else "") + "Keep 0-4, then Done"
        else:
            t.message = (said + ". " if said else "") + "Keep up to 4 cards for the next round, then Done"
    else:  # the board game's steps: its first item (roll.items)
        t.focus = t.hn


def after_change(t, app, bot=NO_SEAT, was=None):
    """The table after a move; `bot`: the bot whose step it was, `was` the seats' levels
    before it. A bot's step that ends the round or the game stays on show for a bot's
    step's time (`Table.tick`) before the round's end or the standings cover it, otherwise
    its last discard would never be seen; with the levels it was played at (`ending`, for
    ui.level8.begin), as the round's end has moved the seats up already. So does a bot's
    board step before the chooser of the person it asks to act."""
    s = t.state
    ph = layout.phase(s)
    t.ending = was if bot != NO_SEAT and ph in (OVER, WON) else None
    if t.ending and t.message and layout.ender(s) == bot:
        t.message += " and went out"
    if ph == WON and not t.ending:
        app.game().finish(app, t)  # the menus: reached through the app, not imported
        return
    settle(t, app)
    survey(t)
    begin(t, app)
    if t.mine() and ph == PLAY and t.focus >= t.hn:
        t.focus = 0
    fit(t, app)
    if bot != NO_SEAT and t.mine() and ph > _P_ROLL:
        # a bot's board step that asks the person (to give or show a card, to steal one of
        # those shown): on show for its time, then their chooser opens by itself (Table.tick)
        t.ending = was
    if not t.bot(layout.actor(s)) or ph in (OVER, WON):
        unload()
    # the move on the screen first (the rules' code still loaded, which its drawing may
    # read: the card games' levels), then its save, which lets the rules go; then, in the
    # card games, on a hand that may lay out, the best layout is looked for (ahead.py)
    mine = t.mine() and ph == PLAY and not layout.laid(s, t.me)
    if ph == WON:  # no save: a power cut before the standings plays the bot's step again
        app.later(lambda app: t.rest())
    elif layout.game(s) != 2 and (mine or getattr(t, "ahead", None)):
        from app.level8 import ahead

        app.later(ahead.after(t))
        forget("app.level8.ahead")  # its code kept by what runs later, until it has run
    else:
        app.later(t.save)


def commit(t, app, ms, said):
    """Play moves `ms` for the seat on turn (checked by Game.apply), `said` in words. The
    first may be one of the moves the chooser it comes from listed for this position
    (`listed`, kept by `choose`: no name of its own, as names are never freed), played
    then without listing them again."""
    legal = getattr(t, "listed", None)
    t.listed = None
    q = layout.actor(t.state)
    bot = q if t.bot(q) else NO_SEAT
    was = levels(t.state) if bot != NO_SEAT else None
    k = layout.kind(ms[0])
    words = None  # the card that comes into the person's hand, said: "You drew %s"
    if t.mine() and k == layout.K_DRAW:
        words = t.name(t.me) + " drew %s"
    elif k == layout.K_GIVE and layout.game(t.state) == 2 and t.people == 1 and layout.target(ms[0]) == t.me:
        words = t.name(q) + " gave you %s"  # a bot answers your Ask (pass and play: not said)
    took = words or t.mine() and k == layout.K_TAKE
    if t.people > 1:  # pass and play: said for the next pass screen, before it is played
        from app.level8 import WORDS_CODE, say

        say.log(t, ms, q, bot != NO_SEAT, said, app.p.mono)
        drop(*WORDS_CODE)
    before = bytes(layout.hand(t.state, t.me)) if took else None
    for m in ms:
        g = t.game
        known = False
        if legal is not None:
            for x in legal:  # MicroPython's array has no `in`
                if x == m:
                    known = True
                    break
            legal = None
        if known:
            from level8.game import apply

            apply(g.state, m)
            g.listed = -1
        else:
            g.apply(m)
    if t.people > 1 and t.said and layout.phase(t.state) in (OVER, WON) and layout.ender(t.state) == q:
        t.said += " and went out"  # the round's last move: what follows is the next round's
    t.message = said or None
    after_change(t, app, bot, was)
    if bot == NO_SEAT and layout.kind(ms[-1]) == layout.K_DISCARD and layout.phase(t.state) == _P_ROLL and t.mine():
        t.message = "Your turn again: Roll"  # Card and again: the turn ended, the same person's next
    if before is not None and t.mine():
        drawn(t, before, words)


def drawn(t, before, words):
    """The cursor on the card that just came into the person's hand, found where the hand
    `before` and the hand now first differ (a card is put in, the others keep their
    order); said in `words` when it came face down ("You drew %s", a bot's answer to an
    Ask), a pile's top being the person's own choice."""
    h = layout.hand(t.state, t.me)
    i = 0
    while i < len(before) and h[i] == before[i]:
        i += 1
    for pos in range(t.hn):
        if t.order[pos] == i:
            t.focus = pos
    if words:
        t.message = words % cards.name(h[i], layout.game(t.state))
