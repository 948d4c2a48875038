"""Write the `.l8` sample records in records/ and the JSON the replay tool prints for each.

    .venv/bin/python -m tools.l8_samples          # rewrite records/*.l8 and their .json
    .venv/bin/python -m tools.l8_samples --check  # only say which files would change
    .venv/bin/python -m tools.l8_samples --time   # how long each sample takes to replay
    .venv/bin/python -m tools.l8_samples --only board-   # only the samples named so

The bot games are played by firmware/level8/bot.py (Easy) at every seat, and the board
game's whole game by `board_moves` here (a plain deterministic player, not one of the board
game's bots), which lays out the meld finder's first layout. A stronger bot, or
a finder that ranks layouts otherwise, plays other games from the same seeds, so after such
a change this rewrites those samples (and their JSON): look at the difference, and at the
story each sample's opening comment tells, before committing. The rest are written move by
move here, their lay lines too, so that such a change leaves them as they are.
tests/test_records_l8.py checks every sample against its JSON, its story and this tool.
"""

import argparse
import io
import sys
from contextlib import redirect_stdout
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "firmware"))

from level8 import board, board_notation, bot, cards, meld, notation, record, rules, track, view  # noqa: E402
from level8.levels import COLOUR, RUN, SET  # noqa: E402

RECORDS = REPO / "records"
FORMAT = "# Format: docs/record-format-l8.md\n"


def bot_game(game, players, seed, keep=False, explicit=False):
    """A Recorder after the bots played from `seed` (the first dealer: seed % players)
    until the game is won."""
    r = record.Recorder(game, players, seed, seed % players, keep, explicit)
    g = r.game
    while not g.over():
        for m in bot.play(view.see(g.state, rules.turn(g.state))):
            r.apply(m)
    return r


def scripted(game, players, dealer, lines, seed=0, keep=False, deck=None):
    """A Recorder after the move lines given (record notation, without the player)."""
    r = record.Recorder(game, players, seed, dealer, keep, deck is not None, deck)
    for line in lines:
        for m in notation.parse(line):
            r.apply(m)
    return r


def crafted_deck(hands, up, draws, game=cards.LEVEL8, dealer=0):
    """A first deal (top first) giving each seat its hand, `up` onto the dealer's discard
    pile and `draws` on top of the draw pile, the other cards under them in code order."""
    n = len(hands)
    order = bytearray()
    for i in range(rules.HAND):
        for k in range(1, n + 1):
            order.append(notation.parse_card(hands[(dealer + k) % n][i]))
    order.append(notation.parse_card(up))
    for t in draws:
        order.append(notation.parse_card(t))
    rest = list(cards.deck(game))
    for c in order:
        rest.remove(c)
    return bytes(order + bytes(rest))


# -- the board game -----------------------------------------------------------------

# a star's or a roll's spaces: the action liked best first
BOARD_LIKES = (
    track.JOKER,
    track.TWO,
    track.AGAIN,
    track.ASK,
    track.STEAL,
    track.ONE,
    track.ALL,
    track.SWAP,
    track.STAR,
)


def _worth(s, seat, c, hand):
    """How much card c helps the seat's level: its partners in the hand, by the level's kinds."""
    if cards.is_wild(c):
        return 100
    w = 0
    for kind, _ in rules.reqs(s, seat):
        for x in hand:
            if x == c or cards.is_wild(x):
                continue
            if kind == SET and cards.number(x) == cards.number(c):
                w += 3
            elif kind == RUN:
                w += 0 < abs(cards.number(x) - cards.number(c)) <= 2
            elif kind == COLOUR:
                w += cards.colour(x) == cards.colour(c)
    return w


def _worst(s, seat, ms, kind):
    """The move of that kind whose card the seat needs least (the first among equals)."""
    hand = list(rules.hand(s, seat))
    best = None
    for m in ms:
        if rules.kind(m) == kind:
            w = _worth(s, seat, rules.card(m), hand)
            if best is None or w < best[0]:
                best = (w, m)
    return best[1]


def board_moves(g):
    """The moves a plain deterministic player makes now in board game g: the liked action,
    the draw pile, laying out as soon as it can, every add, the card it needs least."""
    s = g.state
    ms = g.legal_moves()
    ph = rules.phase(s)
    seat = g.to_move()
    if ph in (board.GO, board.STAR):
        for kd in BOARD_LIKES:
            for m in ms:
                if board.KINDS[rules.target(m)] == kd:
                    return [m]
    if ph == board.PICK:
        return [rules.move(rules.K_DRAW)] if rules.move(rules.K_DRAW) in ms else [ms[0]]
    if ph == board.SWAP:
        if rules.move(rules.K_KEPT) in ms and s[board.AT_BOARD + board.B_COUNT] >= 2:
            return [rules.move(rules.K_KEPT)]
        return [_worst(s, seat, ms, rules.K_DISCARD)]
    if ph == board.ASK:
        hand = list(rules.hand(s, seat))
        counts = [
            (sum(1 for x in hand if x < cards.N_NUMBER_CARDS and cards.number(x) == v), -v)
            for v in range(1, 16)
        ]
        return [rules.move(board.K_ASK, 0, -max(counts)[1])]
    if ph in (board.GIVE, board.SHOW, board.SECOND):
        return [_worst(s, seat, ms, rules.kind(ms[0]))]
    if ph == board.STEAL:
        hand = list(rules.hand(s, seat))
        return [max(ms, key=lambda m: (_worth(s, seat, rules.card(m), hand + [rules.card(m)]), -m))]
    if ph == rules.KEEP:  # the two cards it needs most, jokers first
        keeps = [m for m in ms if rules.kind(m) == rules.K_KEEP]
        if rules.kept(s, seat) < 2 and keeps:
            hand = list(rules.hand(s, seat))
            return [max(keeps, key=lambda m: (_worth(s, seat, rules.card(m), hand), -m))]
        return [rules.move(rules.K_KEPT)]
    if ph == rules.PLAY:
        if not rules.laid(s, seat) and not rules.pending(s, seat):
            found, _ = meld.layouts(list(rules.hand(s, seat))[-14:], rules.reqs(s, seat), 1)
            if found:
                size = sum(len(grp) for grp in found[0])
                if size < rules.hand_count(s, seat) or rules.level(s, seat) == 8:
                    out = [rules.move(rules.K_PUT, r, x) for r in range(len(found[0])) for x in found[0][r]]
                    return out + [rules.move(rules.K_LAY)]
        adds = [m for m in ms if rules.kind(m) == rules.K_ADD]
        if adds and rules.hand_count(s, seat) > 1:
            return [adds[0]]
        two = [m for m in ms if rules.kind(m) == rules.K_DISCARD and rules.target(m) == 1]
        if two and rules.hand_count(s, seat) > 2:
            return [two[0]]
        one = [m for m in ms if rules.kind(m) == rules.K_DISCARD and rules.target(m) == 0]
        return [_worst(s, seat, one, rules.K_DISCARD)]
    return [ms[0]]


def board_game(players, seed, sides):
    """A Recorder after `board_moves` played a seeded board game to its victory."""
    r = record.Recorder(cards.BOARD, players, seed, seed % players, sides=sides)
    g = r.game
    while not g.over():
        for m in board_moves(g):
            r.apply(m)
    return r


def scripted_board(players, dealer, deck, sides, lines):
    """A Recorder after the board-game move lines given (without the player), every
    shuffle and roll explicit."""
    r = record.Recorder(cards.BOARD, players, 0, dealer, explicit=True, deck=deck, sides=sides)
    for line in lines:
        for m in board_notation.parse(line):
            r.apply(m)
    return r


def samples():
    """{file name: text} of every sample record."""
    out = {}
    r = bot_game(cards.LEVEL8, 3, 5)
    out["l8-bots-three.l8"] = (
        "# LEVEL 8, three bots (level8/bot.py, Easy) from seed 5 until one of them wins (L8-8).\n"
        + FORMAT
        + record.write(r.record)
    )
    r = bot_game(cards.LEVELUP, 2, 2, keep=True)
    out["levelup-keep.l8"] = (
        "# Level Up with the keep-four option (L8-9), two bots from seed 2 to the end: a seat\n"
        "# on level 5 or more that did not lay out keeps cards for the next round.\n"
        + FORMAT
        + record.write(r.record)
    )
    r = bot_game(cards.LEVEL8, 6, 54, explicit=True)
    text = record.write(r.record)
    # the round of the first rebuild, from the round comment above its pile line, so that
    # the opening comment stays true when the bots play otherwise
    at = text.rindex("# round ", 0, text.index("\npile "))
    rebuilt = text[at + len("# round ") : text.index(":", at)]
    out["l8-six-explicit.l8"] = (
        "# LEVEL 8, six bots, every shuffle written out card by card (no Seed): the deal of each\n"
        "# round, and in round %s the draw pile rebuilt from the discard piles (L8-6). Played\n"
        "# from seed 54, which this record does not need.\n" % rebuilt + FORMAT + text
    )

    # written out, not played by the bots: the story below must not change when the bots
    # or the meld finder's ranking do (the moves are what the first bots played)
    r = scripted(
        cards.LEVEL8,
        3,
        2,
        [
            "draw",  # player 1
            "discard V15",
            "draw",  # player 2
            "lay R6 B7 W=8 / V10 G11 W=12",
            "skip 1",
            "draw",  # player 3
            "put 2 B3 G4",
            "cancel",
            "lay B13 O14 G15 / B3 G4 B5",
            "add W=5 > 2.1",
            "skip 2",
            "skipped",  # player 1
            "skipped",  # player 2
            "draw",  # player 3
            "discard Y11",
            "draw",  # player 1
            "discard R11",
            "draw",  # player 2
            "add G6 > 3.2",
            "discard R15",
        ],
        seed=2,
    )
    out["l8-skips-and-adds.l8"] = (
        "# LEVEL 8, three players from seed 2, the first round cut short: a Skip given (L8-5),\n"
        "# two players skipped in a row, cards added to other players' runs, a wild as 5 (L8-4),\n"
        "# and a level begun with put, taken back with cancel, then laid.\n" + FORMAT + record.write(r.record)
    )
    deck = crafted_deck(
        [
            ["B1", "B3", "G5", "G9", "Y2", "Y4", "Y6", "V8", "V11", "O13"],
            ["R1", "R2", "R3", "O7", "O8", "O9", "R4", "R5", "O10", "S"],
        ],
        "G12",
        ["R6"],
    )
    r = scripted(
        cards.LEVEL8,
        2,
        0,
        [
            "draw",
            "lay R1 R2 R3 / O7 O8 O9",
            "add R4 > 2.1",
            "add R5 > 2.1",
            "add R6 > 2.1",
            "add O10 > 2.2",
            "skip 1",
            "next",
            "draw",
        ],
        deck=deck,
    )
    out["l8-skip-last.l8"] = (
        "# LEVEL 8, two players, a made-up first deal: player 2 lays out level 1, adds to its\n"
        "# own runs and goes out by giving a Skip as its last card, which has no effect (L8-5):\n"
        "# player 1 plays round 2 normally. Player 2 went up two levels (L8-7).\n"
        + FORMAT
        + record.write(r.record)
    )
    r = board_game(3, 1, (1, 2, 1))
    out["board-three-seeded.l8"] = (
        "# Level 8: Das Brettspiel, three players (player 2 on the two-star side, LB-5) played\n"
        "# by tools/l8_samples.py's plain player from seed 1 until one wins; at a round's end a\n"
        "# player who did not lay out keeps cards (LB-4).\n" + FORMAT + record.write(r.record)
    )
    deck = crafted_deck(
        [
            ["R1", "R2", "O3", "Y5", "Y6", "G9", "G10", "B12", "V14", "V15"],
            ["R4", "O4", "Y4", "G3", "B8", "B9", "V1", "V2", "O12", "Y13"],
            ["R7", "O7", "G7", "Y8", "B3", "V5", "V6", "O10", "R14", "G15"],
        ],
        "B15",
        ["V13", "V12", "V11", "V10", "V9", "V8"],
        cards.BOARD,
        2,
    )
    r = scripted_board(
        3,
        2,
        deck,
        (1, 2, 1),
        [
            "roll 2 4",
            "go 4 joker",
            "discard V15",
            "roll 1 1",
            "go 2 ask",
            "ask 7 clockwise",
            "give R7 to 2",
            "discard Y13",
            "roll 5 2",
            "go 7 steal",
            "show G9",
            "show G10",
            "show B12",
            "show Y4",
            "show V1",
            "show V2",
            "steal Y4 from 2",
            "discard R14",
            "roll 1 3",
            "go 5 swap",
            "discard V14",
            "discard B12",
            "done",
            "discard R1",
            "roll 6 5",
            "go 10 again",
            "draw",
            "discard O12",
            "roll 2 2",
            "go 14 star",
            "go 21 joker",
            "discard V2",
        ],
    )
    out["board-explicit.l8"] = (
        "# Level 8: Das Brettspiel, three players, a made-up deal and every roll written out (no\n"
        "# Seed): a joker from the stack, an ask player 3 answers with one of its three 7s, a\n"
        "# Steal (players 1 and 2 show three cards each), a swap of two for three, a card and\n"
        "# another turn, doubles (2 2: one piece 2, the other 4) reaching the star, which\n"
        "# chooses the next free joker space.\n" + FORMAT + record.write(r.record)
    )
    return out


TIMING = r"""
from time import ticks_diff, ticks_us
from level8 import record

for name, text in TEXTS:
    best = None
    for _ in range(3):
        t0 = ticks_us()
        g = record.load(text)
        t = ticks_diff(ticks_us(), t0)
        best = t if best is None or t < best else best
    print(name, len(record.parse(text).moves), best)
"""

# CPython's time has no ticks_us: give it MicroPython's two, so TIMING runs on both
CPYTHON_TICKS = r"""
import time
time.ticks_us = lambda: time.perf_counter_ns() // 1000
time.ticks_diff = lambda a, b: a - b
"""


def time_samples():
    """Print each sample's replay time (parse + replay, best of 3) under CPython, under the
    MicroPython runner, and as a Pico estimate by docs/device.md's reference loop."""
    sys.path.insert(0, str(REPO))
    from tools import bench
    from tools import micropython as mpy

    texts = [(p.name, p.read_text()) for p in sorted(RECORDS.glob("*.l8"))]
    code = "TEXTS = " + repr(texts) + "\n" + TIMING
    cp = bench.parse(mpy.run_cpython(CPYTHON_TICKS + code))
    mp = bench.parse(mpy.run(code, timeout=600))
    slow = bench.reference_slowdown()
    print("sample | engine moves | CPython | runner | Pico, estimated (x %.1f)" % slow)
    for name, _ in texts:
        moves, c = cp[name]
        m = mp[name][1]
        print("%s | %d | %.1f ms | %.0f ms | %.1f s" % (name, moves, c / 1000, m / 1000, m * slow / 1e6))


def changes(only=""):
    """[(path, text)] of each sample file (record or JSON) whose text in records/ is not what
    this tool writes now, for the samples whose names start with `only`."""
    sys.path.insert(0, str(REPO))
    from host_sim import replay

    changed = []
    for name, text in samples().items():
        if not name.startswith(only):
            continue
        buf = io.StringIO()
        with redirect_stdout(buf):
            status = replay.main_text(text)
        if status:
            raise SystemExit(name + " does not replay")
        for path, body in ((RECORDS / name, text), (RECORDS / (name[:-3] + ".json"), buf.getvalue())):
            if not path.exists() or path.read_text() != body:
                changed.append((path, body))
    return changed


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.l8_samples", description=__doc__.split("\n")[0])
    ap.add_argument("--check", action="store_true", help="write nothing; list the files that would change")
    ap.add_argument("--time", action="store_true", help="write nothing; time each sample's replay")
    ap.add_argument("--only", default="", help="only the samples whose names start with this")
    args = ap.parse_args(argv)
    if args.time:
        time_samples()
        return 0
    changed = changes(args.only)
    if not args.check:
        for path, body in changed:
            path.write_text(body)
    names = " ".join(path.name for path, _ in changed)
    print(("would change: " if args.check else "written: ") + (names or "nothing"))
    return 1 if args.check and changed else 0


if __name__ == "__main__":
    sys.exit(main())
