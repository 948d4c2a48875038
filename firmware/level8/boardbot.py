"""The board game's bots ("Level 8: Das Brettspiel", `level8.board`) in bot.py's three
strengths, from a seat's view alone.

`play(v, strength)` takes the view of the seat that must act (`board.actor`: the seat on
turn, or a seat asked for a card or showing cards for a Steal) and returns the moves it
makes now. The card game's steps are bot.py's own code: the pile a card is taken from
(+1, +2, again, an empty joker stack, an ask nobody answered), laying out, adding, the
discard and the cards kept at a round's end. Here: which of the two reached spaces (and
after a star, which action), what to discard in a swap, what to ask and which way, which
card to give, which three to show, which shown card to take, the joker a full run still
takes and the two discards of LB-6. Like bot.py it draws no random numbers: the same view
gives the same moves. docs/level8-bots.md says how the strengths were measured.

An action is worth what it brings the seat in cards of progress (`_ONE` each): before
laying out, a card less lacking for its level (`need`); laid out, or able to, a card it
can shed, less the card it takes in. The chances come from the cards the seat does not
see, counted as bot.py counts them; every card taken in costs a little, a laid-out seat
a whole card.
"""

from compat import const
from level8 import board, bot, cards, need, rules, track
from level8.board import (
    ASK,
    AT_BOARD,
    B_ASKED,
    B_COUNT,
    B_POS,
    B_SHOWN,
    COLOUR_ASK,
    GIVE,
    GO,
    K_ASK,
    K_GO,
    K_ROLL,
    K_SHOW,
    PICK,
    ROLL,
    SECOND,
    SHOW,
    SHOW_MAX,
    STAR,
    STEAL,
    SWAP,
)
from level8.rules import K_ADD, K_DISCARD, K_GIVE, K_KEPT, K_NEXT, K_TAKE, KEEP, NONE, OVER, PLAY, move

# What each strength does here (bits of _FEATURES[strength]); bot.py's features come too.
_VALUE = const(1)  # a space by what its action is worth (else a fixed order of the actions)
_ODDS = const(2)  # ask for what most likely comes and helps; swap every useless card (up to three)
_RIVALS = const(4)  # weigh what an action gives the others; ask and steal toward the nearest to winning
_FEATURES = (0, _VALUE | _ODDS, _VALUE | _ODDS | _RIVALS)

_W = cards.WILD
_NC = cards.N_NUMBER_CARDS
_ONE = const(1000)  # one card of progress
_CARD = const(150)  # a card taken in before laying out (it must go later)
_EXTRA = const(200)  # another turn's choice of two spaces, beyond its expected card
_FEED = const(400)  # a laid-out opponent made to take a card the table does not take (ALL)
_HELP = const(100)  # an opponent not laid out given a card (ALL)
# Easy's order of the actions by kind (track.STAR .. track.STEAL); a joker ranks first
# while the stack has one.
_EASY = const(b"\x00\x03\x05\x06\x02\x01\x07\x04\x04")

_ctx = [0, 0, 0, 0, 0, 0, 0]  # shed, p, best, second, unseen, hidden in other hands, fit


def play(v, strength=0):
    """The moves the seat that must act makes now, from its view `v`."""
    f = bot._FEATURES[strength]
    g = _FEATURES[strength]
    ph = rules.phase(v)
    seat = board.actor(v)
    if ph == ROLL:
        return [K_ROLL << 12]
    if ph in (GO, STAR):
        return [_go(v, seat, f, g, ph)]
    if ph == PICK:
        return [bot._draw(v, seat, f)]
    if ph == SWAP:
        return _swap(v, seat, f, g)
    if ph == ASK:
        return [_ask(v, seat, f, g)]
    if ph == GIVE:
        return [_give(v, seat, f)]
    if ph == SHOW:
        return _show(v, seat, f)
    if ph == STEAL:
        return [_steal(v, seat, f, g)]
    if ph == SECOND:
        return [bot._end(bytearray(v), seat, f)]
    if ph == PLAY:
        return _turn(bytearray(v), seat, f)
    if ph == OVER:
        return [move(K_NEXT)]
    if ph == KEEP:
        return bot._keep(v, seat, f)
    return []


# -- what the seat has, and what a card does for it ---------------------------------


def _shed(v, seat):
    """Load what a card is measured by; True when it counts cards shed (laid out, or able
    to lay out: the table's combinations, its own layout included), False when it counts
    cards lacking (need's profile and gaps, with marks)."""
    hand = rules.hand(v, seat)
    rq = rules.reqs(v, seat)
    w = need.load(hand)
    laid = rules.laid(v, seat)
    if not laid and need.short(rq, True) > w:
        return False
    lay = None
    if not laid:
        lay = bot._layout(hand, rq, 0)
    bot._load_model(v, bot._laid_slots(v), lay, rq)
    return True


def _fits(c):
    """Number card c goes onto the light model of the table (bot._load_model)."""
    n = c % 15 + 1
    if bot._model[1] >> n & 1 or bot._model[2] >> (c // 15) & 1:
        return True
    for r in range(bot._model[0]):
        if n == bot._lo[r] - 1 or n == bot._hi[r] + 1:
            return True
    return False


def _gain(v, seat, shed, hand, c):
    """What taking card c is worth, in `_ONE`s (before what taking a card costs)."""
    if c == NONE:
        return -1
    if cards.is_wild(c):
        return _ONE
    if c >= _NC:
        return 0
    if shed:
        g = bot._shed(hand, c) - bot._shed(hand, NONE)
        return (g if g < 2 else 2) * _ONE
    rq = rules.reqs(v, seat)
    w = need.load(hand)
    lack = need.short(rq) - w
    need.add(c, 1)
    now = need.short(rq) - w
    need.add(c, -1)
    return _ONE if now < lack else 0


def _useless(v, seat, shed, hand, c):
    """True when the hand loses nothing by discarding card c: not a card the table takes
    (measured by shedding), nor one whose loss leaves more lacking (not laid out)."""
    if c >= _NC or (shed and _fits(c)):
        return False
    if rules.laid(v, seat):
        return True
    rq = rules.reqs(v, seat)
    w = need.load(hand)
    lack = need.short(rq)
    need.add(c, -1)
    now = need.short(rq)
    need.add(c, 1)
    return now <= lack or now <= w


def _chance(count, total, tries):
    """Per mille: at least one of `tries` picks among `total` cards finds one of `count`."""
    if total <= 0 or count <= 0:
        return 0
    q = _ONE
    for _ in range(tries):
        q = q * (total - count) // total
        if not q:
            break
    return _ONE - q


def _context(v, seat, g):
    """_ctx: measured by shedding, the chance a card from the draw pile helps, the best
    and the second best discard top, the cards unseen, those in other hands, and the
    chance a card from the draw pile goes onto the table (what a laid-out seat made to
    take one loses nothing by: with many seats laid out, most cards)."""
    spare = bot._scan(v, seat)
    unseen = spare
    for n in range(1, 16):
        unseen += bot._unseen[n]
    hidden = 0
    for p in range(rules.players(v)):
        if p != seat:
            hidden += rules.hand_count(v, p) - rules.known(v, p)
    shed = _shed(v, seat)
    if shed:
        good = spare
        for c in range(_NC):
            if not bot._vis[c] and _fits(c):
                good += 1
        fit = good
    else:
        good = bot._outs(spare)
        fit = 0
        if g & _RIVALS:
            bot._load_model(v, bot._laid_slots(v), None, None)
            fit = spare
            for c in range(_NC):
                if not bot._vis[c] and _fits(c):
                    fit += 1
    _ctx[6] = fit * _ONE // unseen if unseen else 0
    p = good * _ONE // unseen if unseen else 0
    hand = rules.hand(v, seat)
    best = second = 0
    for q in range(rules.players(v)):
        x = _gain(v, seat, shed, hand, bot._top(v, q))
        if x > best:
            second = best
            best = x
        elif x > second:
            second = x
    if not shed:
        _shed(v, seat)  # _gain loaded the profile again: the gaps for what to ask
    _ctx[0] = shed
    _ctx[1] = p
    _ctx[2] = best
    _ctx[3] = second
    _ctx[4] = unseen
    _ctx[5] = hidden


# -- choosing the space ---------------------------------------------------------------


def _threat(v, p):
    """How near seat p is to winning (bot.py's Skip target)."""
    return rules.level(v, p) * 4 + (60 - 4 * rules.hand_count(v, p) if rules.laid(v, p) else 0)


def _worth(v, seat, kind, g):
    """What the action `kind` is worth to the seat now (_context loaded)."""
    shed = _ctx[0]
    p = _ctx[1]
    best = _ctx[2] if _ctx[2] > p else p
    cost = _ONE if shed else _CARD
    if kind == track.ONE:
        return best - cost
    if kind == track.TWO:
        return best + (_ctx[3] if _ctx[3] > p else p) - 2 * cost
    if kind == track.AGAIN:
        return best - cost + p + _EXTRA
    if kind == track.JOKER:
        return (_ONE if board.jokers_left(v) else best) - cost
    if kind == track.SWAP:
        hand = rules.hand(v, seat)
        k = 0
        for c in hand:
            if _useless(v, seat, shed, hand, c):
                k += 1
        loss = 0 if k else _ONE
        if k < 1:
            k = 1
        if k > 3:
            k = 3
        if not shed:
            _shed(v, seat)
        return (k + 1) * p - cost - loss
    if kind == track.ALL:
        x = p - cost
        if g & _RIVALS:
            for q in range(rules.players(v)):
                if q != seat:
                    x += (_FEED * (_ONE - _ctx[6]) // _ONE) if rules.laid(v, q) else -_HELP
        return x
    if kind == track.ASK:
        a = _ask_value(v, seat, shed, g)
        chance = a >> 8
        return chance + (_ONE - chance) * best // _ONE - cost
    if kind == track.STEAL:
        m = 0
        for q in range(rules.players(v)):
            if q != seat:
                h = rules.hand_count(v, q)
                m += h if h < SHOW_MAX else SHOW_MAX
        return _chance(p, _ONE, m) - cost if m else 0
    return -10 * _ONE


def _star_best(v, seat, space, g):
    """The best action a star on `space` chooses: (worth, space it moves to)."""
    t = bytearray(v)
    t[AT_BOARD + B_POS + seat] = space
    best = -100 * _ONE
    at = NONE
    for kd in range(1, track.N_KINDS):
        q = board.next_free(t, seat, kd)
        if q == NONE:
            continue
        x = _worth(t, seat, kd, g) if g & _VALUE else _EASY[kd] * _ONE
        if kd == track.JOKER and not g & _VALUE and not board.jokers_left(t):
            x = _EASY[track.ONE] * _ONE
        if x > best:
            best = x
            at = q
    return best, at


def _go(v, seat, f, g, ph):
    if g & _VALUE:
        _context(v, seat, g)
    if ph == STAR:
        return move(K_GO, _star_best(v, seat, v[AT_BOARD + B_POS + seat], g)[1])
    a, b = board.reached(v)
    best = -100 * _ONE
    pick = a
    for space in (a, b):
        kd = board.KINDS[space]
        if kd == track.STAR:
            x = _star_best(v, seat, space, g)[0]
        elif g & _VALUE:
            x = _worth(v, seat, kd, g)
        else:
            x = _EASY[kd] * _ONE
            if kd == track.JOKER and not board.jokers_left(v):
                x = _EASY[track.ONE] * _ONE
        if x > best:
            best = x
            pick = space
    return move(K_GO, pick)


# -- the actions' choices ---------------------------------------------------------------


def _swap(v, seat, f, g):
    """Discard the card bot.py would, then (_ODDS) every other card the hand loses nothing
    by, up to three in all (a swap resumed after a power cut may have some already); then
    done (after the third the rules draw by themselves)."""
    shed = _shed(v, seat)
    t = bytearray(v)
    hand = list(rules.hand(v, seat))
    done = v[AT_BOARD + B_COUNT]
    out = []  # type: list[int]
    while done + len(out) < 3 and hand:
        c = bot._discard(t, seat, bytes(hand), f)
        if (out or done) and (not g & _ODDS or not _useless(v, seat, shed, bytes(hand), c)):
            break
        out.append(move(K_DISCARD, 0, c))
        hand.remove(c)
    if done + len(out) < 3 and hand:
        out.append(move(K_KEPT))
    return out


def _ask_value(v, seat, shed, g):
    """The value to ask for, and its chance per mille, as chance << 8 | value: a number or
    colour that helps (lowers the lack, or fits the table) and most likely held by another
    seat (a card seen taken: surely). Without _ODDS the first that helps."""
    unseen = _ctx[4]
    hidden = _ctx[5]
    gaps_n = need.gaps[0]
    gaps_c = need.gaps[1]
    best = -1
    pick = 0
    for a in range(1, COLOUR_ASK + cards.N_COLOURS):
        if 15 < a < COLOUR_ASK:
            continue
        if shed:
            ok = False
            if a < COLOUR_ASK:
                for col in range(cards.N_COLOURS):
                    if _fits(col * 15 + a - 1):
                        ok = True
            else:
                ok = bool(bot._model[2] >> (a - COLOUR_ASK) & 1)
        else:
            ok = bool(gaps_n >> a & 1) if a < COLOUR_ASK else bool(gaps_c >> (a - COLOUR_ASK) & 1)
        if not ok:
            continue
        count = 0
        sure = False
        for c in range(_NC):
            if board.matches(c, a) and not bot._vis[c]:
                count += 1
        for q in range(rules.players(v)):
            if q == seat:
                continue
            h = rules.hand(v, q)
            for i in range(rules.known(v, q)):
                if board.matches(h[i], a):
                    sure = True
        x = _ONE if sure else _chance(hidden, unseen, count)
        if not g & _ODDS:
            return x << 8 | a
        if x > best:
            best = x
            pick = a
    if best < 0:  # nothing helps: the colour most cards of which are unseen
        best = 0
        pick = COLOUR_ASK
        for col in range(cards.N_COLOURS):
            count = 0
            for c in range(col * 15, col * 15 + 15):
                count += 1 - bot._vis[c]
            if count > best:
                best = count
                pick = COLOUR_ASK + col
        best = 0
    return best << 8 | pick


def _ask(v, seat, f, g):
    _context(v, seat, g)
    a = _ask_value(v, seat, _ctx[0], g) & 255
    d = 0
    n = rules.players(v)
    # _RIVALS: toward the nearest to winning (what it gives, it lacks)
    if g & _RIVALS and n > 2 and _threat(v, (seat + n - 1) % n) > _threat(v, (seat + 1) % n):
        d = 1
    return move(K_ASK, d, a)


def _give(v, seat, f):
    """The asked seat's least useful card of those asked for."""
    hand = rules.hand(v, seat)
    a = v[AT_BOARD + B_ASKED]
    among = [c for c in hand if board.matches(c, a)]
    c = bot._discard(bytearray(v), seat, hand, f, among)
    return move(K_GIVE, rules.turn(v), c)


def _show(v, seat, f):
    """The three cards the seat would discard first, one after another."""
    t = bytearray(v)
    hand = list(rules.hand(v, seat))
    out = []  # type: list[int]
    for c in board.shown(v, seat):
        hand.remove(c)
    while len(out) + len(board.shown(v, seat)) < SHOW_MAX:
        c = bot._discard(t, seat, bytes(hand), f)
        out.append(move(K_SHOW, 0, c))
        hand.remove(c)
    return out


def _steal(v, seat, f, g):
    """The shown card worth most to the seat (_RIVALS: from the seat nearest to winning
    when worth the same)."""
    shed = _shed(v, seat)
    hand = rules.hand(v, seat)
    best = -1
    pick = 0
    for p in range(rules.players(v)):
        at = AT_BOARD + B_SHOWN + p * SHOW_MAX
        for i in range(at, at + SHOW_MAX):
            c = v[i]
            if c == NONE:
                continue
            x = _gain(v, seat, shed, hand, c) * 100
            if g & _RIVALS:
                x += _threat(v, p)
            if x > best:
                best = x
                pick = move(K_TAKE, p, c)
    return pick


# -- step 2 and 3 ------------------------------------------------------------------------


def _turn(t, seat, f):
    """bot.py's turn on the copy `t`; then LB-6: a joker onto a full run when nothing
    else takes it, and two discards when only full combinations lie."""
    out = bot._turn(t, seat, f)
    if rules.phase(t) != PLAY or not rules.laid(t, seat):
        return out
    last = out.pop()
    joker = False
    while rules.hand_count(t, seat) > 1 and rules.holds(t, seat, _W):
        dead = 0
        for c in rules.hand(t, seat):
            if c != _W:
                dead += 1
        if f & bot.WILDS and dead > 1:
            break
        m = _full_run(t)
        if m < 0:
            break
        out.append(m)
        rules.apply(t, m)
        joker = True
    if joker:
        last = bot._end(t, seat, f)
    if rules.hand_count(t, seat) >= 2 and board.only_full(t):
        last = move(K_DISCARD, 1, rules.card(last))
    out.append(last)
    return out


def _full_run(t):
    """A joker onto a full laid run (LB-6), or -1."""
    for slot in range(rules.players(t) * rules.GROUPS_PER_SEAT):
        if (
            rules.group_count(t, slot)
            and rules.laid(t, slot // rules.GROUPS_PER_SEAT)
            and bot._kind(t, slot) == 0
            and board.full(t, slot)
        ):
            return move(K_ADD, slot, cards.wild_as_number(cards.N_NUMBERS))
    return -1
