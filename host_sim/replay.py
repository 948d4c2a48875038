"""`python -m host_sim replay FILE`: play a `.l10` record and print the result as JSON.

Output and exit codes follow docs/record-format.md (the `.l10` format): one JSON object
on stdout and status 0, or one line on stderr and status 2.
"""

import json
import sys

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


def read_text(path):
    if path == "-":
        data = sys.stdin.buffer.read()
    else:
        with open(path, "rb") as f:
            data = f.read()
    return data.decode("utf-8")


def main(path):
    """Replay the record at `path` (`-` for stdin); return the exit status."""
    try:
        text = read_text(path)
    except OSError as e:
        print("cannot read " + path + ": " + (e.strerror or str(e)), file=sys.stderr)
        return 2
    except UnicodeDecodeError as e:
        print("cannot read " + path + ": not UTF-8 text (byte " + str(e.start) + ")", file=sys.stderr)
        return 2
    try:
        game = parse(text).replay()
    except RecordError as e:
        print(str(e), file=sys.stderr)
        return 2
    print(to_json(summary(game)))
    return 0


def to_json(obj):
    """JSON with one top-level key a line, as in the spec's example."""
    rows = ["  " + json.dumps(k) + ": " + json.dumps(v) for k, v in obj.items()]
    return "{\n" + ",\n".join(rows) + "\n}"
