"""`python -m host_sim level8 check|extend ...`: the Level 8 family's combination checker.

Arguments, JSON and exit codes follow docs/level8-check.md: one JSON object on stdout and
status 0 whether the cards are valid or not; one line on stderr, nothing on stdout and
status 2 for a malformed call.
"""

import json
import sys

from level8 import cards, combos, levels, notation, sides

USAGE = ("usage: python -m host_sim level8 check [--game level8|levelup|board] [--side 1|2] --level N GROUP...\n"
         "       python -m host_sim level8 extend [--game level8|levelup|board] run|set|colour GROUP CARD...")
KINDS = {"run": levels.RUN, "set": levels.SET, "colour": levels.COLOUR}


class Malformed(ValueError):
    """A call the checker cannot judge; its message is the one line for stderr."""


def split_options(args, allowed):
    """({option: value}, positionals); `--opt value` and `--opt=value` both work."""
    opts = {}
    rest = []
    i = 0
    while i < len(args):
        a = args[i]
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
    result, why = combos.extend(kind, group, added, game == cards.BOARD)  # LB-6: full runs take jokers
    out = {"valid": why is None, "kind": rest[0], "cards": [cards.token(c) for c in result]}
    if why is not None:
        out["reason"] = why
    return out


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
        if "-h" in argv[1:] or "--help" in argv[1:]:
            print(USAGE)
            return 0
        out = commands[argv[0]](argv[1:])
    except Malformed as e:
        print("level8: " + str(e).replace("\n", " "), file=sys.stderr)
        return 2
    print(json.dumps(out))
    return 0
