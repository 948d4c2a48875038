"""Moves as text: the record token (`F5`, `P>W+W3`, `R>D-S3-P`) and a player's sentence.

Kept apart from `moves` (the packing) so the handheld's table loads no text code it
does not use; records, the replay tool and the tests use this.
"""

from level10 import cards
from level10.moves import RESET, card, extra, kind, play, reset, row
from level10.rules import NONE


def token(m):
    """The record token of a move: `F5`, `P>W`, `P>W+W3`, `R>D`, `R>D-S3-P`."""
    r = cards.WORLDS[row(m)]
    a = card(m)
    b = extra(m)
    if kind(m) == RESET:
        t = "R>" + r
        if a != NONE:
            t += "-" + cards.token(a)
            if b != NONE:
                t += "-" + cards.token(b)
        return t
    if a != cards.PAUSE:
        return cards.token(a)
    t = "P>" + r
    if b != NONE:
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
        under = [NONE, NONE]
        for i in range(1, len(parts)):
            under[i - 1] = cards.parse(parts[i])
        return reset(w, under[0], under[1])
    if tok.startswith("P>"):
        body = tok[2:]
        plus = body.find("+")
        bury = NONE
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
    r = cards.WORLD_NAMES[row(m)]
    a = card(m)
    b = extra(m)
    if kind(m) == RESET:
        t = r + " reset"
        if a != NONE:
            t += ", " + cards.name(a)
            if b != NONE:
                t += " then " + cards.name(b)
            t += " under the deck"
        return t
    if a != cards.PAUSE:
        return cards.name(a)
    t = "pause in " + r
    if b != NONE:
        t += ", burying " + cards.name(b)
    return t
