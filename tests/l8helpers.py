"""Building LEVEL 8 positions for tests: hands dealt as asked, levels set, moves by token."""

from level8 import cards, notation, rules, view
from level8.game import Game
from level8.rules import K_ADD, K_DISCARD, K_GIVE, K_LAY, K_PUT, K_TAKE, move


def number_card(colour, num):
    """The code of the number card `num` (1..15) of colour `colour` (0..5: R O Y G B V)."""
    return colour * cards.N_NUMBERS + num - 1


def is_number_card(card):
    return card < cards.N_NUMBER_CARDS


def c(text):
    """Card codes for tokens: `R1 W S`."""
    return [notation.parse_card(t) for t in text.split()]


def deck_for(game, hands, pile, draw, dealer=0):
    """The whole deck (top first) that deals `hands` (token strings, one per seat, ten
    cards each) from `dealer`, turns `pile` onto the dealer's discard pile and leaves
    `draw` (tokens, top first) on top of the draw pile; the rest follows in code order."""
    n = len(hands)
    want = [c(h) for h in hands]
    deck = []
    for j in range(rules.HAND):
        for k in range(n):
            deck.append(want[(dealer + 1 + k) % n][j])
    deck += c(pile) + c(draw)
    rest = list(cards.deck(game))
    for x in deck:
        rest.remove(x)
    return deck + rest


def game_with(hands, pile="B15", draw="", game=cards.LEVEL8, dealer=None, levels=None, keep=False):
    """A Game dealt `hands` (seat 0 first); the dealer is the last seat unless given, so
    seat 0 plays first; `levels` sets each seat's level before play."""
    if dealer is None:
        dealer = len(hands) - 1
    g = Game(game, len(hands), 0, dealer, keep, deck_for(game, hands, pile, draw, dealer))
    if levels:
        for seat, lv in enumerate(levels):
            g.state[rules.AT_SEATS + seat * rules.SEAT_BYTES + rules.S_LEVEL] = lv
    return g


def lay(g, groups):
    """Lay the level from token groups (`R1 R2 R3 / B4 B5 B6`), requirement by requirement."""
    for r, text in enumerate(groups.split("/")):
        for x in c(text):
            g.apply(move(K_PUT, r, x))
    g.apply(move(K_LAY))


def discard(g, token):
    g.apply(move(K_DISCARD, 0, notation.parse_card(token)))


def take(g, seat):
    g.apply(move(K_TAKE, seat))


def add(g, token, owner, r):
    g.apply(move(K_ADD, owner * rules.GROUPS_PER_SEAT + r, notation.parse_card(token)))


def give(g, seat):
    g.apply(move(K_GIVE, seat))


def tokens(codes):
    return " ".join(cards.token(x) for x in codes)


# -- what a seat cannot see (the bots' honesty tests) ---------------------------------


def hidden_places(s, seat):
    """Area bytes the seat cannot see, by section: the face-down draw pile, the cards
    under each discard top, each other hand beyond its seen cards."""
    v = view.see(s, seat)
    return [i for i in range(rules.AT_AREA, rules.AT_AREA + s[rules.AT_CARDS]) if v[i] == view.UNSEEN]


def sort_hidden_hands(s, seat):
    """Keep each other hand's unseen part as the rules keep it: in code order, a wild as a
    free wild (one laid in an earlier round may have moved in from under a top)."""
    for p in range(s[rules.AT_PLAYERS]):
        if p == seat:
            continue
        lo = rules.begin(s, rules.HAND_OF + p) + s[rules.AT_SEATS + p * rules.SEAT_BYTES + rules.S_KNOWN]
        hi = rules.end(s, rules.HAND_OF + p)
        s[lo:hi] = bytes(sorted(cards.WILD if cards.is_wild(c) else c for c in s[lo:hi]))


# -- the board game's dead end (the project's reading, docs/level8-rules.md) ------------------


def ref_dead_end(s):
    """The slow reference for level8.board.dead_end (the bench's former `stuck`): every
    seat laid out, not only full combinations laid (LB-6), and no card off the table is a
    joker or fits any laid combination by rules.fits."""
    from level8 import board

    n = rules.players(s)
    if not all(rules.laid(s, p) for p in range(n)):
        return False
    if board.only_full(s):
        return False
    for k in range(rules.GROUP):
        for x in rules.section(s, k):
            if cards.is_wild(x):
                return False
            for slot in range(n * rules.GROUPS_PER_SEAT):
                if rules.group_count(s, slot) and rules.fits(s, slot, x):
                    return False
    return True


def board_bots_until(s, apply, stop, steps=5000):
    """Let the board game's bots play at position `s` (each move through `apply`: a Game's
    or a Recorder's) until stop(s) holds or the game is won; whether stop(s) holds."""
    from level8 import boardbot
    from level8 import game as l8game

    for _ in range(steps):
        if stop(s):
            return True
        if rules.phase(s) == rules.WON:
            return False
        for m in boardbot.play(view.see(s, l8game.actor(s)), 1):
            apply(m)
    return stop(s)
