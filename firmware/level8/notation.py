"""LEVEL 8 moves as a record writes them: one line of words stands for one or more engine
moves (`draw`, `take 3`, `lay R3 R4 W=5 / B7 B8 B9`, `add R6 > 2.1`, `skip 4`, ...).

`parse(text)` gives the engine moves of a move line (its player prefix already cut off);
`lines(moves)` groups engine moves into lines the way `record.write` writes them, so that
parsing the lines gives back exactly those moves. Kept apart from `rules` so that the
handheld's table loads no text code it does not use. The notation is specified in
docs/record-format-l8.md ("Moves").
"""

from level8 import cards
from level8.rules import (
    GROUPS_PER_SEAT,
    K_ADD,
    K_CANCEL,
    K_DISCARD,
    K_DRAW,
    K_GIVE,
    K_KEEP,
    K_KEPT,
    K_LAY,
    K_NEXT,
    K_PUT,
    K_SKIPPED,
    K_TAKE,
    card,
    kind,
    move,
    target,
)

WORDS = (
    "draw",
    "take",
    "skipped",
    "put",
    "lay",
    "cancel",
    "add",
    "discard",
    "skip",
    "keep",
    "keeping",
    "next",
)
_BARE = {"draw": K_DRAW, "skipped": K_SKIPPED, "cancel": K_CANCEL, "next": K_NEXT}


def _digit(text, low, high):
    """The number written as one digit from low to high, else 0."""
    if len(text) == 1 and str(low) <= text <= str(high):
        return int(text)
    return 0


def _seat(word, rest):
    if len(rest) != 1 or not _digit(rest[0], 1, 6):
        raise ValueError(word + " needs a player from 1 to 6, as in " + word + " 2")
    return int(rest[0]) - 1


def _cards(word, toks):
    out = []
    for t in toks:
        out.append(parse_card(t))
    if not out:
        raise ValueError(word + " needs cards")
    return out


def _slot(text):
    """Group slot of `P.R` (player P's R-th combination), or -1."""
    if len(text) == 3 and text[1] == "." and _digit(text[0], 1, 6) and _digit(text[2], 1, 4):
        return (int(text[0]) - 1) * GROUPS_PER_SEAT + int(text[2]) - 1
    return -1


def parse(text):
    """The engine moves of a move line; ValueError saying what is wrong with its words.
    Whether the moves are legal is for the rules to say when they are played."""
    words = text.split()
    if not words:
        raise ValueError("not a move")
    w = words[0]
    rest = words[1:]
    if w in _BARE:
        if rest:
            raise ValueError(w + " takes nothing after it")
        return [move(_BARE[w])]
    if w == "take":
        return [move(K_TAKE, _seat(w, rest))]
    if w == "skip":
        return [move(K_GIVE, _seat(w, rest))]
    if w == "discard":
        if len(rest) != 1:
            raise ValueError("discard needs one card, as in discard R12")
        return [move(K_DISCARD, 0, parse_card(rest[0]))]
    if w == "add":
        if len(rest) != 3 or rest[1] != ">":
            raise ValueError("add needs a card and a combination, as in add R6 > 2.1")
        slot = _slot(rest[2])
        if slot < 0:
            raise ValueError(
                "no combination "
                + rest[2]
                + ": write player.combination, as in 2.1 (players 1 to 6, combinations 1 to 4)"
            )
        return [move(K_ADD, slot, parse_card(rest[0]))]
    if w == "put":
        if not rest or not _digit(rest[0], 1, 4):
            raise ValueError("put needs a part of the level from 1 to 4 and cards, as in put 1 R3 R4")
        return [move(K_PUT, int(rest[0]) - 1, c) for c in _cards(w, rest[1:])]
    if w == "lay":
        if not rest:
            return [move(K_LAY)]
        groups = " ".join(rest).split("/")
        if len(groups) > GROUPS_PER_SEAT:
            raise ValueError("a level has at most four parts")
        out = []
        for r in range(len(groups)):
            toks = groups[r].split()
            if not toks:
                raise ValueError("lay: part " + str(r + 1) + " has no cards")
            for c in _cards(w, toks):
                out.append(move(K_PUT, r, c))
        out.append(move(K_LAY))
        return out
    if w == "keep" or w == "keeping":
        if w == "keeping" and not rest:
            raise ValueError("keeping needs cards (keep alone ends the choice)")
        out = []
        for t in rest:
            c = parse_card(t)
            if cards.is_wild(c) and c != cards.WILD:
                raise ValueError("a kept wild has no value: write W")
            out.append(move(K_KEEP, 0, c))
        if w == "keep":
            out.append(move(K_KEPT))
        return out
    if w in ("roll", "go", "done", "ask", "give", "show", "steal"):
        raise ValueError(w + " is the board game's move: the card games have no track")
    raise ValueError("not a move: a move line starts with " + ", ".join(WORDS))


def _run(moves, i, k, same_target):
    """The end of the run of moves of kind k from i (of one target with same_target)."""
    j = i
    while (
        j < len(moves) and kind(moves[j]) == k and (not same_target or target(moves[j]) == target(moves[i]))
    ):
        j += 1
    return j


def _tokens(moves, i, j):
    return " ".join([cards.token(card(moves[x])) for x in range(i, j)])


def _lay(moves, i, j):
    """The `lay` words for PUTs i..j-1 followed by a LAY, or None when the PUTs do not go
    part by part from the first (then they are written as put lines)."""
    if target(moves[i]) != 0:
        return None
    parts = []
    start = i
    for x in range(i + 1, j + 1):
        if x == j or target(moves[x]) != target(moves[x - 1]):
            parts.append(_tokens(moves, start, x))
            if x < j and target(moves[x]) != target(moves[x - 1]) + 1:
                return None
            start = x
    return "lay " + " / ".join(parts)


def lines(moves):
    """[(words, count)]: the move lines for a list of engine moves, each with how many
    moves it stands for. ValueError for a move no line can say."""
    out = []
    i = 0
    n = len(moves)
    while i < n:
        m = moves[i]
        k = kind(m)
        if k == K_PUT:
            j = _run(moves, i, K_PUT, False)
            words = _lay(moves, i, j) if j < n and kind(moves[j]) == K_LAY else None
            if words is not None:
                out.append((words, j - i + 1))
                i = j + 1
                continue
            while i < j:  # the whole run as put lines, so no lay line starts inside it
                e = _run(moves, i, K_PUT, True)
                out.append(("put " + str(target(moves[i]) + 1) + " " + _tokens(moves, i, e), e - i))
                i = e
            continue
        if k == K_KEEP:
            j = _run(moves, i, K_KEEP, False)
            if j < n and kind(moves[j]) == K_KEPT:
                out.append(("keep " + _tokens(moves, i, j), j - i + 1))
                i = j + 1
            else:
                out.append(("keeping " + _tokens(moves, i, j), j - i))
                i = j
            continue
        if k == K_KEPT:
            words = "keep"
        elif k == K_LAY:
            words = "lay"
        elif k == K_TAKE:
            words = "take " + str(target(m) + 1)
        elif k == K_GIVE:
            words = "skip " + str(target(m) + 1)
        elif k == K_DISCARD:
            words = "discard " + cards.token(card(m))
        elif k == K_ADD:
            t = target(m)
            words = (
                "add "
                + cards.token(card(m))
                + " > "
                + str(t // GROUPS_PER_SEAT + 1)
                + "."
                + str(t % GROUPS_PER_SEAT + 1)
            )
        else:
            words = None
            for w in _BARE:
                if _BARE[w] == k:
                    words = w
            if words is None:
                raise ValueError("no words for move " + str(m))
        out.append((words, 1))
        i += 1
    return out


# cards and games by name


def game_of_name(text):
    """LEVEL8, LEVELUP or BOARD for their names, -1 for anything else."""
    for i in range(len(cards.GAME_NAMES)):
        if cards.GAME_NAMES[i] == text:
            return i
    return -1


def _number_text(text):
    """1..15 for `1` .. `15` (no sign, no leading zero), 0 for anything else."""
    if not 1 <= len(text) <= 2 or text[0] == "0":
        return 0
    for ch in text:
        if not "0" <= ch <= "9":
            return 0
    n = int(text)
    return n if n <= cards.N_NUMBERS else 0


def parse_card(tok):
    """Card code for a token (case-insensitive); raise ValueError with a reason otherwise."""
    t = tok.upper()
    if len(tok.encode()) != len(tok):  # only ASCII letters: "ſ".upper() is "S" on CPython
        t = ""
    if t == "W":
        return cards.WILD
    if t == "S":
        return cards.SKIP
    if t[:2] == "W=":
        v = t[2:]
        if len(v) == 1 and cards.COLOURS.find(v) >= 0:
            return cards.WILD_COLOUR + cards.COLOURS.find(v)
        n = _number_text(v)
        if n:
            return cards.WILD_NUMBER + n - 1
        raise ValueError(
            "no wild value "
            + tok[2:]
            + " in "
            + tok
            + ": a wild stands for a number 1 to 15 or a colour R O Y G B V"
        )
    if len(t) >= 2 and cards.COLOURS.find(t[0]) >= 0:
        n = _number_text(t[1:])
        if n:
            return cards.COLOURS.find(t[0]) * cards.N_NUMBERS + n - 1
        raise ValueError("no card " + tok + ": numbers run from 1 to 15")
    raise ValueError("no card " + tok + ": a card is a colour R O Y G B V and a number, W, W=7, W=R or S")
