"""LEVEL 8, Level Up and board-game records (`.l8`): read, write, replay, and record a
game as it is played.

A record holds the setup (game, players, first dealer, Level Up's keep-four option, the
board game's level sides) and the moves, one line each. Its shuffles come either from a
seed (the project's PRNG, as the handheld deals) or, written out card by card, from
`deal` and `pile` lines, so another program can check a record without our generator;
the board game's rolls write their two dice (`roll 3 5`) for the same reason. The format
is docs/record-format-l8.md; the board game's own words are board_notation.py.
"""

from level8 import cards, notation, rules
from level8.game import Game, apply
from level8.rules import HAND, K_DRAW, K_NEXT, K_SKIPPED

GAMES = ("LEVEL 8", "Level Up", "Level 8: Das Brettspiel")  # the Game tag's values, by cards' game
_TAGS = ("Game", "Players", "Dealer", "Keep", "Seed")
_BOARD_TAGS = ("Game", "Players", "Dealer", "Sides", "Seed")
_START = '[Game "LEVEL 8"] or [Game "Level Up"]'
DEAL = 1  # what a move shuffled: the cards of a new round
PILE = 2  # ... or a rebuilt draw pile (L8-6)
_WORD = ("", "deal", "pile")  # the line that gives a DEAL's or a PILE's order


class RecordError(ValueError):
    """A record that cannot be read or replayed; str() names the line."""


class Record:
    """The setup and moves of one game. `dealer` is 1-based as in the file; `seed` is None
    when the shuffles are explicit: then `deal` is the first round's order (top first) and
    `orders` maps the index of each later move that shuffled to (DEAL or PILE, order)."""

    def __init__(self, game=cards.LEVEL8, players=2, dealer=1, keep=False, seed=None, deal=None, sides=None):
        self.game = game
        self.players = players
        self.dealer = dealer
        self.keep = keep
        self.seed = seed
        self.deal = deal
        self.sides = sides  # the board game's level side per seat (1 or 2), None: all 1
        self.moves = []  # type: list[int]
        self.orders = {}  # type: dict[int, tuple[int, bytes]]
        # when parsed from text: per move the line number, its text and the seat its prefix
        # names (-1: none); per order its line number; the first deal's line
        self.where = None  # type: list[tuple[int, str, int]] | None
        self.order_lines = {}  # type: dict[int, int]
        self.deal_line = 0

    def start(self):
        """A new Game at the record's first deal (no moves played)."""
        if self.game == cards.BOARD:
            sides = self.sides or (1,) * self.players
            return Game(
                self.game, self.players, self.seed or 0, self.dealer - 1, False, self.deal, sides=sides
            )
        return Game(self.game, self.players, self.seed or 0, self.dealer - 1, self.keep, self.deal)

    def replay(self):
        """The Game after every move; RecordError naming the first line that fails."""
        if self.seed is None:
            if self.deal is None:
                raise RecordError("a record gives a Seed or the first round's deal")
            why = _same_cards(sorted(cards.deck(self.game)), self.deal)
            if why:
                raise RecordError("line " + str(self.deal_line) + ": deal: " + why)
        g = self.start()
        if self.game == cards.BOARD:
            return self._replay_board(g)
        s = g.state
        for i in range(len(self.moves)):
            m = self.moves[i]
            if self.where and self.where[i][2] >= 0:
                self._check_seat(i, s)
            n = g.list_moves()
            legal = False
            for x in range(n):
                if g.buf[x] == m:
                    legal = True
            if not legal:
                self._fail(i, g.check(m) or "not a move")
            order = self.orders.get(i)
            if self.seed is not None and order is None:
                g.apply(m)
                continue
            pre = _before(s)
            t = bytearray(s)
            apply(t, m)  # what the move does with the game's own shuffle
            done = _shuffled(pre, m, t)
            if order is None:
                if done:
                    why = ": the next line must give its order (" + _WORD[done] + " and the cards, top first)"
                    self._fail(i, "this move " + _what(done, t) + why)
            else:
                self._check_order(i, order, done, s, t)
            g.apply(m, None if order is None else order[1])
        return g

    def _check_seat(self, i, s, acting=None):
        seat = self.where[i][2]
        ph = rules.phase(s)
        if self.moves[i] == rules.move(K_NEXT):
            self._fail(i, "next is nobody's move: write it without a player")
        on = rules.turn(s) if acting is None else acting
        if ph not in (rules.OVER, rules.WON) and seat != on:
            if on != rules.turn(s):
                self._fail(i, "player " + str(on + 1) + " acts now, not player " + str(seat + 1))
            self._fail(i, "it is player " + str(on + 1) + "'s turn, not player " + str(seat + 1) + "'s")

    def _replay_board(self, g):
        """replay() for a board-game record: a roll's dice checked against the seed or,
        without one, put in place of the generator's; a shuffle found by asking the
        engine for the order it would use (rules._order's capture)."""
        from level8 import board

        s = g.state
        roll = rules.move(board.K_ROLL)
        for i in range(len(self.moves)):
            m = self.moves[i]
            if self.where and self.where[i][2] >= 0:
                self._check_seat(i, s, g.to_move())
            k = rules.kind(m)
            em = roll if k == board.K_ROLL else m
            n = g.list_moves()
            legal = False
            for x in range(n):
                if g.buf[x] == em:
                    legal = True
            if not legal:
                self._fail(i, g.check(em) or "not a move")
            if k == board.K_ROLL:
                g.apply(em)
                d = (rules.target(m), rules.card(m))
                if self.seed is None:
                    place_dice(s, d[0], d[1])
                elif board.dice(s) != d:
                    got = board.dice(s)
                    self._fail(
                        i, "the seed rolls " + str(got[0]) + " " + str(got[1]) + " here, not " + _dice_text(d)
                    )
                continue
            order = self.orders.get(i)
            if self.seed is not None:
                g.apply(m)
                continue
            t = bytearray(s)
            captured = bytearray()
            apply(t, m, captured)
            done = DEAL if rules.round_no(t) != rules.round_no(s) else PILE if captured else 0
            if order is None:
                if done:
                    why = ": the next line must give its order (" + _WORD[done] + " and the cards, top first)"
                    self._fail(i, "this move " + _what(done, t) + why)
            else:
                self._check_order(i, order, done, s, t, sorted(captured))
            g.apply(m, None if order is None else order[1])
        return g

    def _check_order(self, i, order, done, s, t, expected=None):
        line = "line " + str(self.order_lines.get(i, 0)) + ": "
        word = _WORD[order[0]]
        if done != order[0]:
            if not done:
                if order[0] == DEAL:
                    why = "no round was dealt here: a deal line follows the move that deals a round"
                else:
                    why = "no draw pile was rebuilt here: a pile line follows the move that rebuilt the draw pile"
                raise RecordError(line + why)
            raise RecordError(
                line + "this move " + _what(done, t) + ": write " + _WORD[done] + ", not " + word
            )
        if expected is None and done == DEAL:  # the board game's come from the engine
            expected = list(cards.deck(self.game))
            for p in range(rules.players(s)):
                for c in rules.hand(s, p)[: rules.kept(s, p)]:
                    expected.remove(c)
            expected.sort()
        elif expected is None:
            expected = sorted(rules.section(t, rules.DRAW_PILE))
        why = _same_cards(expected, order[1])
        if why:
            raise RecordError(line + word + ": " + why)

    def _fail(self, i, why):
        if self.where:
            raise RecordError("line " + str(self.where[i][0]) + " (" + self.where[i][1] + "): " + why)
        raise RecordError("move " + str(i + 1) + ": " + why)


def _dice_text(d):
    return str(d[0]) + " " + str(d[1])


def place_dice(s, d1, d2):
    """A board game just rolled: dice d1, d2 instead of the generator's, and the two spaces
    they reach (LB-2: doubles move one piece by the single, the other by the double)."""
    from level8 import board

    b = board.AT_BOARD
    seat = rules.turn(s)
    s[b + board.B_DICE] = d1
    s[b + board.B_DICE + 1] = d2
    s[b + board.B_REACH] = board.step(s, seat, d1)
    s[b + board.B_REACH + 1] = board.step(s, seat, d2 if d2 != d1 else d1 + d1)


def _what(done, t):
    if done == DEAL:
        return "deals round " + str(rules.round_no(t))
    return "rebuilds the draw pile"


def _same_cards(expected, given):
    """None when `given` holds exactly the cards of the sorted list `expected`, else the
    first difference in a player's words."""
    have = {}  # type: dict[int, int]
    for c in expected:
        have[c] = have.get(c, 0) + 1
    got = {}  # type: dict[int, int]
    for c in given:
        got[c] = got.get(c, 0) + 1
        if got[c] > have.get(c, 0):
            if not have.get(c, 0):
                return cards.name(c) + " is not among the " + str(len(expected)) + " cards to shuffle"
            if have[c] == 1:
                return cards.name(c) + " is given twice"
            return cards.name(c) + " is given " + str(got[c]) + " times, but there are " + str(have[c])
    for c in expected:
        if got.get(c, 0) < have[c]:
            return cards.name(c) + " is missing"
    return None


def _before(s):
    return rules.round_no(s), rules.draw_count(s) + rules.under(s), rules.under(s)


def _shuffled(pre, m, post):
    """DEAL or PILE when move m, played from a position summed up by `_before` as `pre`,
    shuffled cards to reach `post`; 0 when it did not. A rebuild (L8-6) is seen by the
    draw pile's size, or its Skips underneath (which join it), differing from what the
    move alone does to them."""
    if rules.round_no(post) != pre[0]:
        return DEAL
    k = rules.kind(m)
    size = pre[1] + (-1 if k == K_DRAW else 1 if k == K_SKIPPED else 0)
    under = pre[2] + (1 if k == K_SKIPPED else 0)
    if rules.draw_count(post) + rules.under(post) != size or rules.under(post) != under:
        return PILE
    return 0


def _kept(s):
    return [list(rules.hand(s, p)[: rules.kept(s, p)]) for p in range(rules.players(s))]


def _deal_order(s, kept):
    """An order (top first) that deals the round just dealt in `s`, given the cards each
    seat `kept` from the last round (L8-9). Hands are held sorted, so any order of a seat's
    dealt cards gives the same position: this one deals each seat's in code order."""
    n = rules.players(s)
    d = rules.dealer(s)
    dealt = []
    for p in range(n):
        h = list(rules.hand(s, p))
        for c in kept[p]:
            h.remove(c)
        dealt.append(h)
    out = bytearray()
    for i in range(HAND):
        for k in range(1, n + 1):
            p = (d + k) % n
            if i < len(dealt[p]):
                out.append(dealt[p][i])
    out.append(rules.pile_top(s, d))
    return out + _pile_order(s)


def _pile_order(s):
    """The draw pile of `s`, top first."""
    pile = rules.section(s, rules.DRAW_PILE)
    return bytes([pile[len(pile) - 1 - i] for i in range(len(pile))])


class Recorder:
    """A game played move by move that keeps its record. With `explicit`, the record
    writes every shuffle out card by card (the game itself still shuffles by its seed,
    after the first deal from `deck` when one is given)."""

    def __init__(
        self,
        game=cards.LEVEL8,
        players=2,
        seed=0,
        dealer=0,
        keep=False,
        explicit=False,
        deck=None,
        sides=None,
    ):
        if game == cards.BOARD and sides is None:
            sides = (1,) * players
        self.game = Game(game, players, seed, dealer, keep, deck, sides=sides)
        if deck is not None and not explicit:
            raise ValueError("a record deals by its seed or explicitly: a deck needs explicit")
        self.record = Record(game, players, dealer + 1, keep, None if explicit else seed)
        if sides is not None:
            self.record.sides = tuple(sides)
        if explicit and deck is not None:
            self.record.deal = bytes(deck)
        elif explicit:
            self.record.deal = bytes(_deal_order(self.game.state, [[] for _ in range(players)]))

    def apply(self, m):
        """Play m (IllegalMove when it is not legal) and record it. The board game's roll
        is recorded with its dice; given as move(K_ROLL, die 1, die 2) in an explicit
        record, those dice are rolled instead of the generator's."""
        s = self.game.state
        rec = self.record
        if rec.game == cards.BOARD:
            self._apply_board(m)
            return
        if rec.seed is None:
            pre = _before(s)
            kept = _kept(s)
        self.game.apply(m)
        if rec.seed is None:
            done = _shuffled(pre, m, s)
            if done == DEAL:
                rec.orders[len(rec.moves)] = (DEAL, bytes(_deal_order(s, kept)))
            elif done:
                rec.orders[len(rec.moves)] = (PILE, _pile_order(s))
        rec.moves.append(m)

    def _apply_board(self, m):
        from level8 import board

        s = self.game.state
        rec = self.record
        if rules.kind(m) == board.K_ROLL:
            d1 = rules.target(m)  # 0: the generator's dice
            d2 = rules.card(m)
            if d1 and rec.seed is not None:
                raise ValueError("a record with a seed rolls the seed's dice")
            if d1 and not (d1 <= 6 and 0 < d2 <= 6):
                raise ValueError("a die shows 1 to 6")
            self.game.apply(rules.move(board.K_ROLL))
            if d1:
                place_dice(s, d1, d2)
            d = board.dice(s)
            rec.moves.append(rules.move(board.K_ROLL, d[0], d[1]))
            return
        if rec.seed is not None:
            self.game.apply(m)
        else:
            r = rules.round_no(s)
            captured = bytearray()
            self.game.apply(m, captured)
            if captured:
                rec.orders[len(rec.moves)] = (DEAL if rules.round_no(s) != r else PILE, bytes(captured))
        rec.moves.append(m)


def write(rec):
    """The text of a record: its header, then a line a move (`2: draw`), each shuffle's
    `deal` or `pile` line after the move that made it, and a comment where a round begins."""
    out = [
        '[Game "' + GAMES[rec.game] + '"]',
        '[Players "' + str(rec.players) + '"]',
        '[Dealer "' + str(rec.dealer) + '"]',
    ]
    if rec.game == cards.LEVELUP:
        out.append('[Keep "' + ("yes" if rec.keep else "no") + '"]')
    if rec.game == cards.BOARD:
        out.append('[Sides "' + " ".join([str(x) for x in rec.sides or (1,) * rec.players]) + '"]')
    if rec.seed is not None:
        out.append('[Seed "' + str(rec.seed) + '"]')
    g = rec.start()
    s = g.state
    out.append(_round_comment(s))
    if rec.seed is None:
        out.append("deal " + _cards_text(rec.deal))
    if rec.game == cards.BOARD:
        return _write_board(rec, g, out)
    i = 0
    for words, count in notation.lines(rec.moves):
        if rules.phase(s) == rules.OVER:
            out.append(words)
        else:
            out.append(str(rules.turn(s) + 1) + ": " + words)
        r = rules.round_no(s)
        order = None
        for x in range(i, i + count):
            order = rec.orders.get(x)
            g.apply(rec.moves[x], None if order is None else order[1])
        i += count
        if order is not None:
            out.append(_WORD[order[0]] + " " + _cards_text(order[1]))
        if rules.round_no(s) != r:
            out.append(_round_comment(s))
    return "\n".join(out) + "\n"


def _write_board(rec, g, out):
    """write()'s moves for a board game: a line a move (a lay and a keep whole), with the
    seat that acts (the asked seat gives, each seat shows), a roll with its dice."""
    from level8 import board, board_notation

    s = g.state
    roll = rules.move(board.K_ROLL)
    i = 0
    while i < len(rec.moves):
        words, count = board_notation.words(s, rec.moves, i)
        if rules.phase(s) == rules.OVER:
            out.append(words)
        else:
            out.append(str(g.to_move() + 1) + ": " + words)
        r = rules.round_no(s)
        order = None
        for x in range(i, i + count):
            m = rec.moves[x]
            if rules.kind(m) == board.K_ROLL:
                g.apply(roll)
                if rec.seed is None:
                    place_dice(s, rules.target(m), rules.card(m))
                continue
            order = rec.orders.get(x)
            g.apply(m, None if order is None else order[1])
        i += count
        if order is not None:
            out.append(_WORD[order[0]] + " " + _cards_text(order[1]))
        if rules.round_no(s) != r:
            out.append(_round_comment(s))
    return "\n".join(out) + "\n"


def _round_comment(s):
    return "# round " + str(rules.round_no(s)) + ": player " + str(rules.dealer(s) + 1) + " deals"


def _cards_text(order):
    return " ".join([cards.token(c) for c in order])


def _fail(n, why):
    raise RecordError("line " + str(n) + ": " + why)


def _header(line, n):
    """(tag, value) of a `[Name "value"]` line."""
    body = line[1:-1]
    sp = body.find(" ")
    if not line.endswith("]") or sp <= 0 or len(body) < sp + 3 or body[sp + 1] != '"' or body[-1] != '"':
        _fail(n, 'a header line looks like [Name "value"]')
    value = body[sp + 2 : -1]
    if '"' in value:
        _fail(n, 'a header line looks like [Name "value"]')
    return body[:sp], value


def _number(value, tag, n, low, high):
    ok = value != "" and len(value.lstrip("0")) <= 10  # leading zeros are allowed
    for ch in value:
        if not "0" <= ch <= "9":  # not isdigit: CPython's takes other scripts' digits too
            ok = False
    if not ok:
        _fail(n, tag + " must be a whole number from " + str(low) + " to " + str(high))
    v = int(value)
    if not low <= v <= high:
        _fail(n, tag + " must be " + str(low) + " to " + str(high) + ", not " + value)
    return v


def first_line(text):
    """(number, line) of the text's first line that is not blank or a comment, stripped;
    (0, "") for none."""
    for n, raw in enumerate(text.split("\n")):
        line = raw.strip()
        if line and line[0] != "#":
            return n + 1, line
    return 0, ""


def is_record(text):
    """True when the text's first line that is not blank or a comment opens a `.l8`
    record ([Game "LEVEL 8"], [Game "Level Up"] or [Game "Level 8: Das Brettspiel"])."""
    return first_line(text)[1] in ('[Game "LEVEL 8"]', '[Game "Level Up"]', '[Game "Level 8: Das Brettspiel"]')


def _order_line(rec, word, toks, n, seen):
    if "Seed" in seen:
        _fail(n, "a record with a Seed has no deal or pile lines: the seed shuffles")
    order = bytearray()
    for t in toks:
        try:
            order.append(notation.parse_card(t))
        except ValueError as e:
            _fail(n, word + ": " + str(e))
    if word == "deal" and rec.deal is None and not rec.moves:
        rec.deal = bytes(order)
        rec.deal_line = n
        return
    if not rec.moves and word == "deal":
        _fail(n, "the first round's deal is given twice")
    if not rec.moves:
        _fail(n, "the first line after the header is the first round's deal")
    i = len(rec.moves) - 1
    if i in rec.orders:
        _fail(n, "a move shuffles once: one deal or pile line after it")
    rec.orders[i] = (DEAL if word == "deal" else PILE, bytes(order))
    rec.order_lines[i] = n


def _move_line(rec, line, n):
    seat = -1
    body = line
    colon = line.find(":")
    if colon >= 0:
        head = line[:colon].strip()
        if len(head) != 1 or not "1" <= head <= "6":
            why = "before the colon comes the player on turn, 1 to 6"
            raise RecordError("line " + str(n) + " (" + line + "): " + why)
        seat = int(head) - 1
        body = line[colon + 1 :]
    try:
        if rec.game == cards.BOARD:
            from level8 import board_notation

            ms = board_notation.parse(body)
        else:
            ms = notation.parse(body)
    except ValueError as e:
        raise RecordError("line " + str(n) + " (" + line + "): " + str(e))
    for m in ms:
        rec.moves.append(m)
        rec.where.append((n, line, seat))


def parse(text):
    """A Record from the text of a `.l8` file; RecordError names the line."""
    rec = Record()
    rec.where = []
    seen = {}  # type: dict[str, int]
    in_moves = False
    n = 0
    for raw in text.split("\n"):
        n += 1
        line = raw.strip()
        if not line or line[0] == "#":
            continue
        if line[0] == "[":
            if in_moves:
                _fail(n, "header lines come before the moves")
            tag, value = _header(line, n)
            if not seen and tag != "Game":
                _fail(n, "a record starts with " + _START)
            known = _BOARD_TAGS if rec.game == cards.BOARD else _TAGS
            if tag not in known:
                _fail(n, "unknown tag " + tag + " (known: " + ", ".join(known) + ")")
            if tag in seen:
                _fail(n, tag + " is given twice")
            seen[tag] = n
            if tag == "Game":
                if value not in GAMES:
                    _fail(
                        n,
                        "this is a record of "
                        + value
                        + ", not of LEVEL 8, Level Up or Level 8: Das Brettspiel",
                    )
                rec.game = GAMES.index(value)
            elif tag == "Players":
                rec.players = _number(value, tag, n, 2, 6)
            elif tag == "Dealer":
                rec.dealer = _number(value, tag, n, 1, 6)
            elif tag == "Keep":
                if value not in ("yes", "no"):
                    _fail(n, "Keep must be yes or no")
                rec.keep = value == "yes"
            elif tag == "Sides":
                rec.sides = _sides(value, n)
            else:
                rec.seed = _number(value, tag, n, 0, 4294967295)
            continue
        if not seen:
            _fail(n, "a record starts with " + _START)
        in_moves = True
        words = line.split()
        if words[0] in ("deal", "pile"):
            _order_line(rec, words[0], words[1:], n, seen)
            continue
        if "Seed" not in seen and rec.deal is None:
            _fail(n, "a record without a Seed gives the first round's deal before the first move")
        _move_line(rec, line, n)
    if not seen:
        raise RecordError(
            "empty record: it needs at least " + _START + " and a Seed or the first round's deal"
        )
    # the setup as a whole, once every line's form and words are read (as for .l10)
    _check_header(rec, seen)
    if not in_moves and "Seed" not in seen:
        _fail(seen["Game"], "a record gives a Seed or the first round's deal")
    return rec


def _sides(value, n):
    """The board game's level sides, one a player: `1 2 1`."""
    out = []
    for w in value.split():
        if w not in ("1", "2"):
            _fail(n, "Sides gives each player's level side, 1 or 2, as in 1 2 1")
        out.append(int(w))
    return tuple(out)


def _check_header(rec, seen):
    if rec.dealer > rec.players:
        _fail(seen["Dealer"], "Dealer must be a seat from 1 to " + str(rec.players))
    if rec.sides is not None and len(rec.sides) != rec.players:
        why = (
            "Sides gives one side for each of the "
            + str(rec.players)
            + " players, not "
            + str(len(rec.sides))
        )
        _fail(seen["Sides"], why)
    if rec.keep and rec.game != cards.LEVELUP:
        _fail(seen["Keep"], "keeping four cards is Level Up's option")


def load(text):
    """Parse and replay: the Game a record describes, or RecordError."""
    return parse(text).replay()
