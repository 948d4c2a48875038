"""A move packed into one small int, and its record token.

    bits 0-2  row (0..4, Sky..Desert)
    bit  3    kind: 0 plays a hand card (action A), 1 places a reset (action B)
    bits 4-9  play: the card played; reset: first card put under the deck
    bits 10-15  play: the card buried under a pause; reset: second card put under

Unused card fields hold `cards.NONE`. Moves stay below 2**16, so a history of
them fits an array('H').
"""

from compat import const

from level10 import cards

PLAY = const(0)
RESET = const(1)
_NONE = const(63)


def play(card, row=-1, bury=_NONE):
    """Play a level card (its row is its world) or a pause into `row`."""
    if row < 0:
        row = card >> 3
    return row | (card << 4) | (bury << 10)


def reset(row, first=_NONE, second=_NONE):
    """Place a reset in `row`, putting up to two hand cards under the deck, first named first."""
    return row | 8 | (first << 4) | (second << 10)


def row(m):
    return m & 7


def kind(m):
    return (m >> 3) & 1


def card(m):
    return (m >> 4) & 63


def extra(m):
    return (m >> 10) & 63


def token(m):
    """The record token of a move: `F5`, `P>W`, `P>W+W3`, `R>D`, `R>D-S3-P`."""
    r = cards.WORLDS[m & 7]
    a = (m >> 4) & 63
    b = (m >> 10) & 63
    if m & 8:
        t = "R>" + r
        if a != _NONE:
            t += "-" + cards.token(a)
            if b != _NONE:
                t += "-" + cards.token(b)
        return t
    if a != cards.PAUSE:
        return cards.token(a)
    t = "P>" + r
    if b != _NONE:
        t += "+" + cards.token(b)
    return t


def _row_letter(text):
    w = cards.world_of_letter(text)
    if w < 0:
        raise ValueError("not a move: rows are S F W V D")
    return w


def parse(tok):
    """The move of a record token; raise ValueError naming what is wrong."""
    if tok.startswith("R>"):
        parts = tok[2:].split("-")
        if len(parts) > 3:
            raise ValueError("not a move: at most two cards go under the deck")
        w = _row_letter(parts[0])
        under = [_NONE, _NONE]
        for i in range(1, len(parts)):
            under[i - 1] = cards.parse(parts[i])
        return reset(w, under[0], under[1])
    if tok.startswith("P>"):
        body = tok[2:]
        plus = body.find("+")
        bury = _NONE
        if plus >= 0:
            bury = cards.parse(body[plus + 1 :])
            if bury == cards.PAUSE:
                raise ValueError("not a move: only a level card can go under a pause")
            body = body[:plus]
        return play(cards.PAUSE, _row_letter(body), bury)
    if len(tok) != 2 and tok != "P":
        raise ValueError("not a move")
    c = cards.parse(tok)
    if c == cards.PAUSE:
        raise ValueError("not a move: a pause needs its row, as in P>W")
    return play(c)


def describe(m):
    """A player's sentence for a move: `Forest 5`, `Desert reset, Sky 3 under the deck`."""
    r = cards.WORLD_NAMES[m & 7]
    a = (m >> 4) & 63
    b = (m >> 10) & 63
    if m & 8:
        t = r + " reset"
        if a != _NONE:
            t += ", " + cards.name(a)
            if b != _NONE:
                t += " then " + cards.name(b)
            t += " under the deck"
        return t
    if a != cards.PAUSE:
        return cards.name(a)
    t = "pause in " + r
    if b != _NONE:
        t += ", burying " + cards.name(b)
    return t
