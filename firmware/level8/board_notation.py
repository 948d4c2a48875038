"""The board game's moves as a `.l8` record writes them (docs/record-format-l8.md, "The
board game"): the card game's words for the steps they share (`draw`, `take 2`, `lay …`,
`add …`, `discard …`, `keep …`, `next`) and words of its own for the rest:

    roll 3 5                  the dice (both written, so no generator is needed to check)
    go 14 ask                 the tower to space 14; the action's name is for the reader
    done                      a swap: done discarding, draw one more than discarded
    ask 7 clockwise           ask for a number, or a colour (`ask R counterclockwise`)
    give R7 to 1              the asked seat gives a card to the seat on turn
    show R7                   a seat shows a card for a Steal
    steal R7 from 3           the seat on turn takes a card player 3 shows
    discard R5 and            the first of two discards instead of one (LB-6); the
                              second is the next line, `discard R9` (a reader may write
                              both as `discard R5 and R9`)

A roll is kept in a record as move(K_ROLL, die 1, die 2): the engine's roll carries no
dice (the state's generator throws them), so `roll_dice` splits them off. Loaded only for
a board-game record.
"""

from level8 import board, cards, notation, track
from level8.rules import (
    K_DISCARD,
    K_GIVE,
    K_KEEP,
    K_KEPT,
    K_LAY,
    K_PUT,
    K_TAKE,
    card,
    kind,
    move,
    target,
)

# the actions' names in a `go` line, by track kind
ACTIONS = ("star", "one", "two", "again", "swap", "all", "joker", "ask", "steal")
DIRECTIONS = ("clockwise", "counterclockwise")
WORDS = (
    "roll",
    "go",
    "draw",
    "take",
    "done",
    "ask",
    "give",
    "show",
    "steal",
    "put",
    "lay",
    "cancel",
    "add",
    "discard",
    "keep",
    "keeping",
    "next",
)
_CARD_GAMES_ONLY = ("skip", "skipped")
_DIE = ("1", "2", "3", "4", "5", "6")


def _space(text):
    """0..27 for `0` .. `27`, -1 for anything else."""
    if not 1 <= len(text) <= 2 or (len(text) == 2 and text[0] == "0"):
        return -1
    for ch in text:
        if not "0" <= ch <= "9":
            return -1
    v = int(text)
    return v if v < track.N_SPACES else -1


def _player(word, text):
    if len(text) != 1 or not "1" <= text <= "6":
        raise ValueError(word + " needs a player from 1 to 6")
    return int(text) - 1


def _asked(text):
    """The asked value (1..15 a number, 16.. a colour) of `7` or `R`; 0 when neither."""
    t = text.upper()
    if len(t) == 1 and cards.COLOURS.find(t) >= 0:
        return board.COLOUR_ASK + cards.COLOURS.find(t)
    if 1 <= len(t) <= 2 and t[0] != "0":
        for ch in t:
            if not "0" <= ch <= "9":
                return 0
        v = int(t)
        return v if v <= cards.N_NUMBERS else 0
    return 0


def parse(text):
    """The moves of a board-game move line (its player prefix cut off); ValueError saying
    what is wrong with its words. A roll comes back as move(K_ROLL, die 1, die 2)."""
    words = text.split()
    if not words:
        raise ValueError("not a move")
    w = words[0]
    rest = words[1:]
    if w == "roll":
        if len(rest) != 2 or rest[0] not in _DIE or rest[1] not in _DIE:
            raise ValueError("roll needs the two dice, 1 to 6 each, as in roll 3 5")
        return [move(board.K_ROLL, int(rest[0]), int(rest[1]))]
    if w == "go":
        p = _space(rest[0]) if rest else -1
        if p < 0 or len(rest) > 2:
            raise ValueError("go needs a space from 0 to 27 and may name its action, as in go 14 ask")
        if len(rest) == 2 and rest[1] != ACTIONS[track.kind(p)]:
            raise ValueError("space " + rest[0] + " is " + ACTIONS[track.kind(p)] + ", not " + rest[1])
        return [move(board.K_GO, p)]
    if w == "done":
        if rest:
            raise ValueError("done takes nothing after it")
        return [move(K_KEPT)]
    if w == "ask":
        v = _asked(rest[0]) if rest else 0
        if len(rest) != 2 or not v or rest[1] not in DIRECTIONS:
            raise ValueError(
                "ask needs a number 1 to 15 or a colour R O Y G B V, then clockwise or"
                " counterclockwise, as in ask 7 clockwise"
            )
        return [move(board.K_ASK, DIRECTIONS.index(rest[1]), v)]
    if w == "give":
        if len(rest) != 3 or rest[1] != "to":
            raise ValueError("give needs a card and the player asking, as in give R7 to 1")
        c = notation.parse_card(rest[0])
        return [move(K_GIVE, _player(w, rest[2]), c)]
    if w == "show":
        if len(rest) != 1:
            raise ValueError("show needs one card, as in show R7")
        return [move(board.K_SHOW, 0, notation.parse_card(rest[0]))]
    if w == "steal":
        if len(rest) != 3 or rest[1] != "from":
            raise ValueError("steal needs a card and the player showing it, as in steal R7 from 3")
        c = notation.parse_card(rest[0])
        return [move(K_TAKE, _player(w, rest[2]), c)]
    if w == "discard" and len(rest) in (2, 3) and rest[1] == "and":
        out = [move(K_DISCARD, 1, notation.parse_card(rest[0]))]
        if len(rest) == 3:
            out.append(move(K_DISCARD, 0, notation.parse_card(rest[2])))
        return out
    if w in _CARD_GAMES_ONLY:
        raise ValueError(w + " is the card games' move: the board game has no Skips")
    if w not in WORDS:
        raise ValueError("not a move: a board-game move line starts with " + ", ".join(WORDS))
    return notation.parse(text)


def words(s, moves, i):
    """(the words, how many moves they stand for) of the line that starts at moves[i],
    played from position `s` (its phase tells a swap's `done` from keeping none, a
    Steal's take from a pile's)."""
    m = moves[i]
    k = kind(m)
    ph = s[board.AT_PHASE]
    if k == board.K_ROLL:
        return "roll " + str(target(m)) + " " + str(card(m)), 1
    if k == board.K_GO:
        return "go " + str(target(m)) + " " + ACTIONS[track.kind(target(m))], 1
    if k == board.K_ASK:
        v = card(m)
        what = str(v) if v < board.COLOUR_ASK else cards.COLOURS[v - board.COLOUR_ASK]
        return "ask " + what + " " + DIRECTIONS[target(m)], 1
    if k == board.K_SHOW:
        return "show " + cards.token(card(m)), 1
    if k == K_GIVE:
        return "give " + cards.token(card(m)) + " to " + str(target(m) + 1), 1
    if k == K_TAKE and ph == board.STEAL:
        return "steal " + cards.token(card(m)) + " from " + str(target(m) + 1), 1
    if k == K_KEPT and ph == board.SWAP:
        return "done", 1
    if k == K_DISCARD and target(m) == 1:  # a line of its own: it may rebuild the draw pile
        return "discard " + cards.token(card(m)) + " and", 1
    # the card game's words, for the run of moves one of its lines may stand for
    j = i + 1
    if k in (K_PUT, K_KEEP):
        while j < len(moves) and kind(moves[j]) == k:
            j += 1
        if j < len(moves) and kind(moves[j]) == (K_LAY if k == K_PUT else K_KEPT):
            j += 1
    return notation.lines(moves[i:j])[0]
