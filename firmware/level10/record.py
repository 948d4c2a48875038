"""Level 10 game records (`.l10`): read, write, and replay them.

The format is described in docs/record-format.md. A record holds
the setup (players, pauses, seed or deck, starting seat) and the moves, so it
replays exactly on any runtime. The device can use it as its save file.
"""

from compat import const
from level10 import cards, notation, rules
from level10.game import Game

_TAGS = const(("Game", "Players", "Pauses", "Seed", "Deck", "Start"))
_LIMITS = {"Players": (1, 5), "Pauses": (0, 3), "Start": (1, 5)}
_MOVES_PER_LINE = const(10)


class RecordError(ValueError):
    """A record that cannot be read or replayed; str() names the line or move."""


class Record:
    """The setup and moves of one game. `start` is 1-based as in the file."""

    def __init__(self, players=1, pauses=2, seed=None, deck=None, start=1, moves=None):
        self.players = players
        self.pauses = pauses
        self.seed = seed
        self.deck = deck
        self.start = start
        self.moves = moves if moves is not None else []
        self.tokens = None  # the move tokens as written, when parsed from text

    def game(self):
        """A new Game at the record's start (no moves played)."""
        return Game(self.players, self.pauses, self.seed, self.deck, self.start - 1)

    def replay(self):
        """The Game after every move; RecordError naming the first illegal move."""
        g = self.game()
        for i in range(len(self.moves)):
            try:
                g.apply(self.moves[i])  # checks the move once, raising IllegalMove
            except rules.IllegalMove as e:
                raise RecordError("move " + str(i + 1) + " (" + self._token(i) + "): " + str(e))
        return g

    def _token(self, i):
        return self.tokens[i] if self.tokens else notation.token(self.moves[i])


def of_game(game):
    """The record of a Game played from its deal (seed or deck)."""
    s = game.state
    if game.seed is None and game.deck is None:
        raise ValueError("this game was not played from a deal, so it has no record")
    return Record(
        rules.players(s),
        rules.pauses(s),
        game.seed,
        None if game.seed is not None else game.deck,
        rules.start_seat(s) + 1,
        game.moves(),
    )


def write(rec):
    """The text of a record, header then numbered moves."""
    out = ['[Game "Level 10"]']
    out.append('[Players "' + str(rec.players) + '"]')
    out.append('[Pauses "' + str(rec.pauses) + '"]')
    if rec.seed is not None:
        out.append('[Seed "' + str(rec.seed) + '"]')
    else:
        out.append('[Deck "' + " ".join(cards.token(c) for c in rec.deck) + '"]')
    out.append('[Start "' + str(rec.start) + '"]')
    line = []
    for i in range(len(rec.moves)):
        line.append(str(i + 1) + ". " + notation.token(rec.moves[i]))
        if len(line) == _MOVES_PER_LINE:
            out.append(" ".join(line))
            line = []
    if line:
        out.append(" ".join(line))
    return "\n".join(out) + "\n"


def _fail(n, why):
    raise RecordError("line " + str(n) + ": " + why)


def _header(line, n):
    """(tag, value) of a `[Name "value"]` line."""
    if not line.endswith("]"):
        _fail(n, 'a header line looks like [Name "value"]')
    body = line[1:-1]
    sp = body.find(" ")
    if sp <= 0 or len(body) < sp + 3 or body[sp + 1] != '"' or body[-1] != '"':
        _fail(n, 'a header line looks like [Name "value"]')
    value = body[sp + 2 : -1]
    if '"' in value:
        _fail(n, 'a header line looks like [Name "value"]')
    return body[:sp], value


def _digits(text):
    """Only 0-9: CPython's str.isdigit also takes other scripts' digits, MicroPython's
    does not, and a record must read the same on both."""
    if not text:
        return False
    for ch in text:
        if not "0" <= ch <= "9":
            return False
    return True


def _number(value, tag, n, low, high):
    if not _digits(value) or len(value.lstrip("0")) > 10:  # leading zeros are allowed
        _fail(n, tag + " must be a whole number from " + str(low) + " to " + str(high))
    v = int(value)
    if not low <= v <= high:
        _fail(n, tag + " must be " + str(low) + " to " + str(high) + ", not " + value)
    return v


def _is_move_number(tok):
    return len(tok) > 1 and tok[-1] == "." and _digits(tok[:-1])


def parse(text):
    """A Record from the text of a `.l10` file; RecordError names the line or move."""
    rec = Record()
    rec.tokens = []
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
                _fail(n, 'a record starts with [Game "Level 10"]')
            if tag not in _TAGS:
                _fail(n, "unknown tag " + tag + " (known: " + ", ".join(_TAGS) + ")")
            if tag in seen:
                _fail(n, tag + " is given twice")
            seen[tag] = n
            if tag == "Game":
                if value != "Level 10":
                    _fail(n, "this is a record of " + value + ", not Level 10")
            elif tag == "Seed":
                rec.seed = _number(value, tag, n, 0, 4294967295)
            elif tag == "Deck":
                deck = bytearray()
                for tok in value.split():
                    try:
                        deck.append(cards.parse(tok))
                    except ValueError as e:
                        _fail(n, "Deck: " + str(e))
                rec.deck = bytes(deck)
            else:
                low, high = _LIMITS[tag]
                setattr(rec, tag.lower(), _number(value, tag, n, low, high))
            continue
        if not seen:
            _fail(n, 'a record starts with [Game "Level 10"]')
        in_moves = True
        for tok in line.split():
            if _is_move_number(tok):
                continue
            rec.tokens.append(tok)
            try:
                rec.moves.append(notation.parse(tok))
            except ValueError as e:
                raise RecordError("move " + str(len(rec.tokens)) + " (" + tok + "): " + str(e))
    if not seen:
        raise RecordError('empty record: it needs at least [Game "Level 10"] and a Seed or Deck')
    if ("Seed" in seen) == ("Deck" in seen):
        _fail(seen["Game"], "a record gives exactly one of Seed and Deck")
    if rec.start > rec.players:
        _fail(seen["Start"], "Start must be a seat from 1 to " + str(rec.players))
    if rec.deck is not None:
        reason = cards.deck_problem(rec.deck, rec.pauses)
        if reason:
            _fail(seen["Deck"], reason)
    return rec


def load(text):
    """Parse and replay: the Game a record describes, or RecordError."""
    return parse(text).replay()
