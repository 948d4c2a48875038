"""`python -m host_sim level8 check|extend ...`: the Level 8 family's combination checker.

Arguments, JSON and exit codes follow docs/level8-check.md: one JSON object on stdout and
status 0 whether the cards are valid or not; one line on stderr, nothing on stdout and
status 2 for a malformed call.
"""

import json
import sys

from level8 import cards, combos, levels, notation, sides

from host_sim import one_line

USAGE = ("usage: python -m host_sim level8 check [--game level8|levelup|board] [--side 1|2] --level N GROUP...\n"
         "       python -m host_sim level8 extend [--game level8|levelup|board] run|set|colour GROUP CARD...")
KINDS = {"run": levels.RUN, "set": levels.SET, "colour": levels.COLOUR}


class Malformed(ValueError):
    """A call the checker cannot judge; its message is the one line for stderr."""


class Help(Exception):
    """`-h` or `--help` where an option may stand: the usage, status 0. As an option's
    value or after `--` it is read as that value or a card, as any other word."""


def split_options(args, allowed):
    """({option: value}, positionals); `--opt value` and `--opt=value` both work, and `--`
    ends the options, as is usual on a command line."""
    opts = {}
    rest = []
    i = 0
    while i < len(args):
        a = args[i]
        if a == "--":
            rest.extend(args[i + 1 :])
            break
        if a in ("-h", "--help"):
            raise Help()
        if a.startswith("--"):
            key, eq, value = a.partition("=")
            if key not in allowed:
                raise Malformed("unknown option " + key)
            if not eq:
                i += 1
                if i == len(args):
                    raise Malformed(key + " needs a value")
                value = args[i]
            if key in opts:
                raise Malformed(key + " given twice")
            opts[key] = value
        else:
            rest.append(a)
        i += 1
    return opts, rest


def parse_game(opts):
    name = opts.get("--game", "level8")
    game = notation.game_of_name(name)
    if game < 0:
        raise Malformed("unknown game " + repr(name) + ": level8, levelup or board")
    return game


def parse_group(text):
    """The card codes of one GROUP argument (cards separated by spaces or commas)."""
    toks = text.replace(",", " ").split()
    if not toks:
        raise Malformed("an empty group: a group holds at least one card")
    out = []
    for t in toks:
        try:
            out.append(notation.parse_card(t))
        except ValueError as e:
            raise Malformed(str(e)) from None
    return out


def check_deck(game, all_cards):
    """Each number card at most once, and no more wilds than the game has."""
    seen = set()
    wilds = 0
    for c in all_cards:
        if c < cards.N_NUMBER_CARDS:
            if c in seen:
                raise Malformed(cards.token(c) + " is given twice: the deck has one of each card")
            seen.add(c)
        elif cards.is_wild(c):
            wilds += 1
    limit = cards.WILDS[game]
    if wilds > limit:
        raise Malformed("%d wilds given, and %s has %d" % (wilds, cards.GAME_NAMES[game], limit))


def check(args):
    opts, rest = split_options(args, ("--game", "--side", "--level"))
    game = parse_game(opts)
    side_text = opts.get("--side", "1")
    if side_text not in ("1", "2"):
        raise Malformed("--side is 1 (one star) or 2 (two stars), not " + repr(side_text))
    side = int(side_text)
    if "--level" not in opts:
        raise Malformed("--level N is missing")
    level_text = opts["--level"]
    if level_text not in ("1", "2", "3", "4", "5", "6", "7", "8"):
        raise Malformed("--level is 1 to 8, not " + repr(level_text))
    level = int(level_text)
    try:
        reqs = sides.level(game, side, level)
    except ValueError as e:
        raise Malformed(str(e)) from None
    if not rest:
        raise Malformed("no group: give each combination as one argument, e.g. \"R4 O5 W\"")
    groups = [parse_group(g) for g in rest]
    check_deck(game, [c for g in groups for c in g])
    out = {"valid": False, "game": cards.GAME_NAMES[game], "side": side, "level": level}
    taken = combos.match_level(groups, reqs)
    if taken is None:
        out["reason"] = combos.level_problem(groups, reqs)
        return out
    out["valid"] = True
    out["groups"] = []
    for g, j in zip(groups, taken):
        kind, size = reqs[j]
        out["groups"].append({"kind": levels.KIND_NAMES[kind], "need": size,
                              "cards": [cards.token(c) for c in combos.resolve(g, kind, size)]})
    return out


def extend(args):
    opts, rest = split_options(args, ("--game",))
    game = parse_game(opts)
    if not rest:
        raise Malformed("KIND is missing: run, set or colour")
    if rest[0] not in KINDS:
        raise Malformed("unknown kind " + repr(rest[0]) + ": run, set or colour")
    kind = KINDS[rest[0]]
    if len(rest) < 2:
        raise Malformed("GROUP is missing: the laid combination, e.g. \"R4 O5 W\"")
    group = parse_group(rest[1])
    if len(rest) < 3:
        raise Malformed("no CARD to add")
    added = []
    for t in rest[2:]:
        added.extend(parse_group(t))
    check_deck(game, group + added)
    why = combos.why_not(group, kind, 1)
    if why is not None:
        raise Malformed("GROUP is not a valid " + rest[0] + ": " + why)
    result, why = extend_cards(kind, group, added)
    out = {"valid": why is None, "kind": rest[0], "cards": [cards.token(c) for c in result]}
    if why is not None:
        out["reason"] = why
    return out


def extend_cards(kind, group, added):
    """Add the cards of `added` to the laid combination `group` one at a time. Returns
    (cards, None) with every wild valued when all fit, else (the combination before the
    card that did not fit, why not). The group's free wilds may have any values that agree
    with it, but one value each for the whole call: a run's cards go on at its ends, so
    `W W` then R5 is 3 4 5 or 5 6 7, and R7 then fits neither. A wild needs room at an end
    of a run in every game, as the checker's interface says: the board game's full run
    taking jokers (LB-6) is the engine's, in play, not the checker's."""
    if combos.resolve(group, kind, 1) is None:
        return None, "the laid cards are not a " + ("colour group" if kind == levels.COLOUR else levels.KIND_NAMES[kind])
    if kind == levels.RUN:
        return _extend_run(group, added)
    out = combos.resolve(group, kind, 1)
    current = list(group)
    for card in added:  # a set's or colour group's wilds all stand for the one value it has
        new, why = combos.extend_one(kind, current, card)
        if new is None:
            return out, why
        current.append(card)
        out = new
    return out, None


_ALL = 0xFFFE  # bits 1..15: every start of a run


def _run_starts(group):
    """Bit s for each start s (1..15) of the runs the valid run `group` can be."""
    n = len(group)
    lo, hi = 16, 0
    for c in group:
        if c != cards.WILD:
            lo = min(lo, cards.number(c))
            hi = max(hi, cards.number(c))
    return sum(1 << s for s in range(max(1, hi - n + 1), min(lo, 16 - n) + 1))


def _step(starts, length, card):
    """The starts of the run of `length` cards (at one of `starts`) with `card` added at
    its low or its high end."""
    if card == cards.WILD:
        return ((starts >> 1) & _ALL) | (starts & ((1 << (16 - length)) - 1))
    v = cards.number(card)
    out = 1 << v if starts >> (v + 1) & 1 else 0
    if v - length >= 1 and starts >> (v - length) & 1:
        out |= 1 << (v - length)
    return out


def _extend_run(group, added):
    starts = [_run_starts(group)]  # the starts each prefix of `added` leaves possible
    lengths = [len(group)]
    why = None
    for card in added:
        length = lengths[-1]
        if card == cards.SKIP:
            why = "a Skip never fits a combination"
        elif card != cards.WILD and cards.number(card) == 0:
            why = cards.token(card) + " stands for a colour and cannot join a run"
        elif length == 15:
            why = "no room for a wild: the run already reaches from 1 to 15" if cards.is_wild(card) else \
                "the run already has a %d" % cards.number(card)
        else:
            nxt = _step(starts[-1], length, card)
            if nxt:
                starts.append(nxt)
                lengths.append(length + 1)
                continue
            v = cards.number(card)
            held = [c for c in list(group) + added[: len(starts) - 1] if c != cards.WILD and cards.number(c) == v]
            why = "the run already has a %d" % v if held else cards.token(card) + " does not fit at either end of the run"
        break
    k = len(starts) - 1  # the cards that fit
    # from the end back: the starts from which the rest of those cards still fit
    able = [0] * k + [_ALL]
    for i in range(k - 1, -1, -1):
        card = added[i]
        for s in range(1, 16):
            if starts[i] >> s & 1:
                after = _step(1 << s, lengths[i], card)
                if after & able[i + 1]:
                    able[i] |= 1 << s
    # the group's own values as `check` gives them where the rest allows (combos.resolve)
    want = combos.resolve(group, levels.RUN, 1)
    want = min(cards.number(c) for c in want)
    ok = starts[0] & able[0]
    s = next((t for t in range(want, 16) if ok >> t & 1), 0) or max(t for t in range(1, 16) if ok >> t & 1)
    out = combos.resolve(group, levels.RUN, 1) if s == want else _valued(group, s)
    for i in range(k):
        card = added[i]
        length = lengths[i]
        if card == cards.WILD:  # on top where the rest allows, else below
            high = s + length <= 15 and able[i + 1] >> s & 1
            card = cards.wild_as_number(s + length if high else s - 1)
            if not high:
                s -= 1
        elif cards.number(card) == s - 1:
            s -= 1
        out.append(card)
    return out, why


def _valued(group, start):
    """The run `group` laid from `start`: its free wilds take the numbers its cards leave."""
    seen = {cards.number(c) for c in group if c != cards.WILD}
    free = iter(v for v in range(start, start + len(group)) if v not in seen)
    return [cards.wild_as_number(next(free)) if c == cards.WILD else c for c in group]


def main(argv):
    """Run `level8 check|extend` with `argv` (the words after `level8`); returns the exit status."""
    if argv[:1] in (["-h"], ["--help"]) or not argv:
        if argv:
            print(USAGE)
            return 0
        print("level8: check or extend is missing (python -m host_sim level8 --help)", file=sys.stderr)
        return 2
    commands = {"check": check, "extend": extend}
    try:
        if argv[0] not in commands:
            raise Malformed("unknown command " + repr(argv[0]) + ": check or extend")
        out = commands[argv[0]](argv[1:])
    except Help:
        print(USAGE)
        return 0
    except Malformed as e:
        print("level8: " + one_line(str(e)), file=sys.stderr)
        return 2
    print(json.dumps(out))
    return 0
