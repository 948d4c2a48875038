"""`python -m host_sim replay FILE`: play a game record and print the result as JSON.

A `.l10` record (docs/record-format.md) or, recognised by its header, a LEVEL 8, Level
Up or board-game record (`.l8`, docs/record-format-l8.md). Either way: one JSON object on stdout and
status 0, or one line on stderr and status 2.
"""

import json
import sys

from host_sim import one_line
from level10 import cards, rules
from level10.record import RecordError, parse

_STATUS = {rules.PLAYING: "playing", rules.WON: "won", rules.LOST: "lost"}


def cell_token(v):
    if v == rules.EMPTY:
        return "."
    if v == rules.RESET_CELL:
        return "R"
    if v == rules.PAUSE_CELL:
        return "P"
    if v > rules.PAUSE_CELL:
        return "P+" + cards.token(v - rules.PAUSE_CELL - 1)
    return cards.token(v - 1)


def summary(game):
    """The spec's JSON object (as a dict) for a game's current position."""
    s = game.state
    level, resets, _ = rules.tally(s)
    seat = rules.to_move(s)
    col = rules.column(s)
    return {
        "status": _STATUS[rules.status(s)],
        "score": rules.score(s),
        "placed": level + resets,
        "turn": rules.moves_played(s) + 1,
        "to_move": None if seat == rules.NO_SEAT else seat + 1,
        "column": None if col < 0 else col + 1,
        "grid": [
            " ".join(cell_token(rules.cell(s, r, c)) for c in range(rules.COLUMNS)) for r in range(rules.ROWS)
        ],
        "hands": [[cards.token(c) for c in rules.hand(s, p)] for p in range(rules.players(s))],
        "deck": rules.deck_count(s),
        "resets": {cards.WORLDS[r]: rules.supply(s, r) for r in range(rules.ROWS)},
    }


def read_bytes(path):
    if path == "-":
        return sys.stdin.buffer.read()
    with open(path, "rb") as f:
        return f.read()


def main(path):
    """Replay the record at `path` (`-` for stdin); return the exit status."""
    try:
        data = read_bytes(path)
    except OSError as e:
        print(one_line("cannot read " + path + ": " + (e.strerror or str(e))), file=sys.stderr)
        return 2
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        print("line %d: not UTF-8 text (its byte %d)" % (line, e.start - data.rfind(b"\n", 0, e.start)), file=sys.stderr)
        return 2
    try:
        return main_text(text)
    except BrokenPipeError:  # a reader that stopped early (`| head`): nothing more to say
        sys.stdout = None
        return 0


def main_text(text):
    """Replay the text of a record: the JSON on stdout and 0, or one line on stderr and 2."""
    from level8 import record as l8record

    if "\r" in text and "\n" not in text:  # read whole as one line, a comment or an empty record
        print("line 1: its lines end with \\r alone: a record's lines end with \\n (or \\r\\n)", file=sys.stderr)
        return 2

    if l8record.is_record(text):
        try:
            game8 = l8record.load(text)
        except l8record.RecordError as e:
            print(one_line(str(e)), file=sys.stderr)
            return 2
        print(to_json(summary_l8(game8)))
        return 0
    other = _other_game(text)
    if other:
        print(one_line(other), file=sys.stderr)
        return 2
    try:
        game = parse(text).replay()
    except RecordError as e:
        print(one_line(str(e)), file=sys.stderr)
        return 2
    print(to_json(summary(game)))
    return 0


def _other_game(text):
    """The error for a record whose first line names a game neither format reads (the
    `.l10` parser would only say it is not Level 10), with the spelling meant where the
    name differs from one only in case; None for any other text."""
    from level8 import record as l8record

    n, line = l8record.first_line(text)
    if not line.startswith('[Game "'):
        # a .l8 game's Game line further down: it must come first, as `.l10` says too
        for m, raw in enumerate(text.split("\n")):
            if l8record.is_record(raw) and m + 1 > n > 0:
                return "line %d: a record starts with its Game line (%s is line %d)" % (n, raw.strip(), m + 1)
        return None
    if not line.endswith('"]'):
        return None
    value = line[7:-2]
    known = ("Level 10",) + tuple(l8record.GAMES)
    if value in known:
        return None
    hint = ""
    for name in known:
        if name.lower() == value.lower():
            hint = ' (did you mean "%s"?)' % name
    return "line %d: this is a record of %s%s; replay reads records of %s" % (
        n, value, hint, ", ".join(known[:-1]) + " and " + known[-1])


_PHASES = ("draw", "play", "round over", "keep", "won")
# the board game's steps past the card games' phases (level8.board ROLL .. SECOND, from 5)
_BOARD_PHASES = ("roll", "go", "star", "pick", "swap", "ask", "give", "show", "steal", "second discard")


def _seat_l8(s, p):
    """One seat of a LEVEL 8 position, as the `.l8` spec's JSON shows it."""
    from level8 import cards as c8
    from level8 import rules as r8

    groups = [[c8.token(c) for c in r8.group(s, p, r)] for r in range(r8.GROUPS_PER_SEAT)]
    while groups and not groups[-1]:
        groups.pop()
    top = r8.pile_top(s, p)
    return {
        "seat": p + 1,
        "level": r8.level(s, p),
        "laid": r8.laid(s, p),
        "hand": [c8.token(c) for c in sorted(r8.hand(s, p))],
        "kept": [c8.token(c) for c in r8.hand(s, p)[: r8.kept(s, p)]],
        "discard": None if top == r8.NONE else c8.token(top),
        "discards": r8.pile_count(s, p),
        "skip": r8.skipped(s, p) if r8.game(s) != 2 else False,  # the board's jokers lie there
        "groups": groups,
    }


def _seat_board(s, p):
    """One seat of a board game: the card game's keys, then its level side, the space its
    tower stands on, and the cards it shows for a Steal under way."""
    from level8 import board
    from level8 import cards as c8

    out = _seat_l8(s, p)
    out["side"] = board.side(s, p)
    out["space"] = board.tower(s, p)
    out["shown"] = [c8.token(c) for c in board.shown(s, p)]
    return out


def _summary_board(s, out):
    """The board game's keys after the card game's (see docs/record-format-l8.md)."""
    from level8 import board
    from level8 import cards as c8
    from level8 import rules as r8
    from level8.board_notation import ACTIONS, DIRECTIONS

    ph = r8.phase(s)
    d = board.dice(s)
    a = board.action(s)
    asked = None
    if ph == board.GIVE:
        v = s[board.AT_BOARD + board.B_ASKED]
        what = str(v) if v < board.COLOUR_ASK else c8.COLOURS[v - board.COLOUR_ASK]
        asked = {"value": what, "direction": DIRECTIONS[s[board.AT_BOARD + board.B_ASKED + 1]]}
    over = ph in (r8.OVER, r8.WON)
    out["acting"] = None if over else board.actor(s) + 1
    out["dice"] = list(d) if d[0] else None
    out["reached"] = list(board.reached(s)) if ph == board.GO else None
    out["action"] = None if a == r8.NONE else ACTIONS[a]
    out["asked"] = asked
    out["again"] = board.again(s)
    out["jokers"] = board.jokers_left(s)
    del out["seats"]  # to the end again, after the board's keys
    out["seats"] = [_seat_board(s, p) for p in range(r8.players(s))]
    return out


def summary_l8(game):
    """The `.l8` spec's JSON object (as a dict) for a LEVEL 8 or Level Up position."""
    from level8 import rules as r8
    from level8.record import GAMES

    s = game.state
    ph = r8.phase(s)
    ender = r8.ender(s)
    win = r8.winner(s)
    out = {
        "game": GAMES[r8.game(s)],
        "round": r8.round_no(s),
        "dealer": r8.dealer(s) + 1,
        "phase": _PHASES[ph] if ph < len(_PHASES) else _BOARD_PHASES[ph - len(_PHASES)],
        "to_move": None if ph in (r8.OVER, r8.WON) else r8.turn(s) + 1,
        "went_out": None if ender == r8.NO_SEAT else ender + 1,
        "winner": None if win == r8.NO_SEAT else win + 1,
        "draw_pile": r8.draw_count(s),
        "skips_under": r8.under(s),
        "seats": [_seat_l8(s, p) for p in range(r8.players(s))],
    }
    if r8.game(s) == 2:  # cards.BOARD
        return _summary_board(s, out)
    return out


def to_json(obj):
    """JSON with one top-level key a line, as in the spec's example; a `.l8` position's
    seats one a line."""
    rows = []
    for k, v in obj.items():
        if k == "seats":
            v = "[\n" + ",\n".join(["    " + json.dumps(x) for x in v]) + "\n  ]"
        else:
            v = json.dumps(v)
        rows.append("  " + json.dumps(k) + ": " + v)
    return "{\n" + ",\n".join(rows) + "\n}"
