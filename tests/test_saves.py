"""app.level10.saves: the game in progress as bytes, resumed by replaying its moves.

Covers: round trips at every move of the sample records and of seeded games (with Undo
history and flags), games with teammates (their mode and what was said), version 1 saves,
the app killed after every move and at every step of each save (through app.store on the
fake flash of test_store), crafted and mutated saves that must fail with ValueError and
nothing else, and the same bytes under MicroPython.
"""

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_store import KINDS, FakeFlash, PowerCut

from app.level10.restore import decode, resume
from app.level10.saves import ASSISTED, BOTS, HINTED, MODE, PASS, encode
from app.store import Damaged, Store
from level10 import record, rules
from level10.game import Game
from prng import Prng
from tools import micropython as mpy

RECORDS = sorted(Path(__file__).resolve().parent.parent.glob("records/*.l10"))


def record_games():
    """(name, starting Game, moves) of every sample record."""
    out = []
    for path in RECORDS:
        rec = record.parse(path.read_text())
        out.append((path.stem, rec.game(), list(rec.moves)))
    return out


def seeded_games(seeds=range(12)):
    """(name, starting Game, moves) of games dealt from seeds and played out with Prng;
    odd seeds prefer card plays, which makes longer games."""
    out = []
    for seed in seeds:
        for players in range(1, 6):
            for pauses in range(4):
                g = Game(players, pauses, seed=seed * 7919 + players, start=seed % players)
                start = g.clone()
                rng = Prng(seed)
                while not g.over():
                    legal = g.legal_moves()
                    if seed & 1 and any(not m & 8 for m in legal):
                        legal = [m for m in legal if not m & 8]
                    g.apply(legal[rng.below(len(legal))])
                out.append((f"seed{seed}-{players}p{pauses}", start, g.moves()))
    return out


ALL = record_games() + seeded_games()


def same_game(a, b):
    assert bytes(a.state) == bytes(b.state)
    assert a.moves() == b.moves()
    assert (a.seed, a.deck if a.seed is None else None) == (b.seed, b.deck if b.seed is None else None)


@pytest.mark.parametrize("name,start,moves", ALL, ids=[a[0] for a in ALL])
def test_round_trip_at_every_move(name, start, moves):
    g = start.clone()
    team = rules.players(g.state) > 1  # saved as pass and play unless told (35 bytes of talk)
    for i in range(len(moves) + 1):
        data = encode(g)
        assert len(data) == 8 + (35 if team else 0) + (4 if g.seed is not None else len(g.deck)) + 2 * i
        back, flags = decode(data)
        same_game(back, g)
        assert flags == (PASS if team else 0)
        assert encode(back) == data
        if i < len(moves):
            g.apply(moves[i])


def test_sizes():
    longest = max(ALL, key=lambda a: len(a[2]))
    assert len(longest[2]) == rules.SLOTS  # a won game: 50 moves
    g = longest[1].clone()
    for m in longest[2]:
        g.apply(m)
    talk = 35 if rules.players(g.state) > 1 else 0
    assert len(encode(g)) == talk + (112 if g.seed is not None else 8 + len(g.deck) + 100)
    assert len(encode(Game(1, 2, seed=5))) == 12
    assert len(encode(Game(3, 2, seed=5), BOTS)) == 47


def test_flags_round_trip():
    g = Game(2, 1, seed=99)
    g.apply(g.legal_moves()[0])
    for flags in (0, ASSISTED, HINTED, ASSISTED | HINTED):
        for mode in (BOTS, PASS):
            assert decode(encode(g, flags | mode))[1] == flags | mode
        assert decode(encode(g, flags))[1] == flags | PASS  # several players, no mode: pass and play
    assert decode(encode(g, 0xFF))[1] == ASSISTED | HINTED | PASS  # unknown flags are not written
    solo = Game(1, 1, seed=99)
    assert decode(encode(solo, ASSISTED | BOTS))[1] == ASSISTED  # a solo game has no mode


def test_teammates_mode_and_talk_round_trip():
    """What was said is saved with the game, 35 bytes after the header, at every move."""
    from level10.talk import Talk

    for players in (2, 3, 5):
        g = Game(players, 2, seed=players * 13)
        rng = Prng(players)
        talk = Talk()
        while not g.over():
            for mode in (BOTS, PASS):
                data = encode(g, mode | ASSISTED, talk.encode())
                assert len(data) == 8 + 35 + 4 + 2 * g.played
                assert data[8:43] == talk.encode()
                back, flags, said = resume(data)
                same_game(back, g)
                assert (flags, said) == (mode | ASSISTED, talk.encode())
                assert encode(back, flags, said) == data
            seat = g.to_move()
            talk.forget(seat)
            talk.say_count(seat, rng.below(5), rng.below(8))
            talk.say_play(seat, rng.below(5))
            legal = g.legal_moves()
            g.apply(legal[rng.below(len(legal))])
    assert resume(encode(Game(1, 2, seed=1)))[2] is None  # solo: nothing said, nothing saved


def test_talk_that_nobody_could_have_said_is_refused():
    from level10.talk import Talk

    g = Game(3, 2, seed=5)
    good = encode(g, BOTS, Talk().encode())
    for at, v in ((8, 11), (8 + 15, 0), (8 + 24, 1), (8 + 25, 5), (8 + 28, 0), (8 + 30, 7), (8 + 34, 2)):
        d = bytearray(good)
        d[at] = v  # a count above a hand, a seat not in a game of 3, a world past Desert
        assert check_decode(bytes(d)) == "saved game damaged", (at, v)
    for at, v in ((8, 10), (8 + 14, 3), (8 + 27, 4), (8 + 32, 0)):
        d = bytearray(good)
        d[at] = v
        assert check_decode(bytes(d)) is None, (at, v)


def test_version_1_saves_still_load():
    """Version 1 had no mode and no talk: a solo save is the same bytes but the version; a
    game of several players comes back as pass and play, nothing said."""
    for name, start, moves in ALL[:: len(ALL) // 12]:
        g = start.clone()
        for m in moves[:9]:
            g.apply(m)
        new = encode(g, ASSISTED)
        team = rules.players(g.state) > 1
        old = bytearray(new[:8] + (new[43:] if team else new[8:]))
        old[2] = 1
        old[6] &= ~MODE
        back, flags, said = resume(bytes(old))
        same_game(back, g)
        assert flags == ASSISTED | (PASS if team else 0)
        assert said == (b"\xff" * 35 if team else None)
        assert encode(back, flags, said) == new
    bad = bytearray(encode(Game(1, 2, seed=3)))
    bad[2] = 1
    bad[6] = 8  # version 1 knew no mode
    assert check_decode(bytes(bad)) == "saved game damaged"


def test_resume_keeps_undo_history():
    name, start, moves = next(a for a in ALL if a[0] == "won-solo")
    g = start.clone()
    for m in moves[:20]:
        g.apply(m)
    g.undo()
    g.undo()
    back, _ = decode(encode(g, ASSISTED))
    assert back.moves() == moves[:18]
    earlier = start.clone()
    for m in moves[:15]:
        earlier.apply(m)
    for _ in range(3):
        assert back.undo()
    assert bytes(back.state) == bytes(earlier.state)
    while back.undo():
        pass
    assert bytes(back.state) == bytes(start.state)


def test_seed_edges():
    for seed in (0, 1, 2**30 - 1, 2**30, 2**31, 2**32 - 1):
        g = Game(3, 3, seed=seed, start=2)
        back, _ = decode(encode(g))
        same_game(back, g)


def test_game_without_a_deal_cannot_be_saved():
    g = Game(1, 2, seed=4)
    with pytest.raises(ValueError):
        encode(Game.decode(g.encode()))


# -- power cuts through the store ---------------------------------------------------


@pytest.mark.parametrize("kind", KINDS)
def test_killed_after_every_move_and_at_every_step_of_each_save(kind):
    """The app saves after every move. Kill it at every step of every save of every
    sample record (and of some seeded games): at power-up it resumes the last saved move
    or the one being saved, and playing on from there ends exactly as the record does."""
    games = record_games() + [a for a in seeded_games(range(1, 4)) if len(a[2]) > 12][:4]
    checked = 0
    for name, start, moves in games:
        final = start.clone()
        for m in moves:
            final.apply(m)
        flash = FakeFlash(kind)
        resumed = {}  # payload -> moves it resumes at (decoding is the slow part)
        g = start.clone()
        for i in range(len(moves)):
            g.apply(moves[i])
            data = encode(g)
            snap = dict(flash.files)
            for k in range(10**6):
                flash.files = dict(snap)
                flash.reboot()
                app = Store("/", flash)
                app.read("game")
                flash.cut_at = flash.steps + k
                try:
                    app.write("game", data)
                    done = True
                except PowerCut:
                    done = False
                flash.reboot()
                try:
                    got = Store("/", flash).read("game")
                except Damaged:
                    # only the first save on a flash that garbles the byte it is cut at
                    assert kind == "junk" and i == 0, (name, i, k)
                    continue
                if got not in resumed:
                    back = decode(got)[0] if got is not None else start.clone()
                    at = back.played
                    for m in moves[at:]:
                        back.apply(m)
                    same_game(back, final)
                    resumed[got] = at
                assert resumed[got] in (i, i + 1), (name, i, k)
                checked += 1
                if done:
                    assert resumed[got] == i + 1
                    break
    assert checked > 10_000


def test_store_cost_per_move():
    """Bytes handed to the flash over a whole won game, one save per move."""
    name, start, moves = next(a for a in ALL if a[0] == "won-solo")
    flash = FakeFlash()
    app = Store("/", flash)
    g = start.clone()
    for m in moves:
        g.apply(m)
        app.write("game", encode(g))
    # 20 + 2 per move: 8 store header + 12 save header and seed + the moves
    assert app.written == sum(20 + 2 * i for i in range(1, 51)) == 3550
    app.remove("game")
    assert app.written == 3558 and Store("/", flash).read("game") is None


# -- bad saves ------------------------------------------------------------------------


def check_decode(data):
    """decode() either works (and the bytes are then exactly a save, or, from version 1,
    the same game again) or raises a ValueError with a short message: nothing else."""
    try:
        g, flags, said = resume(data)
    except ValueError as e:
        assert type(e) is ValueError
        assert 0 < len(str(e)) <= 32, str(e)
        return str(e)
    assert decode(data)[1] == flags
    again = encode(g, flags, said)
    if data[2] == 1:
        back = resume(again)
        same_game(back[0], g)
        assert back[1:] == (flags, said)
    else:
        assert again == bytes(data)
    return None


def a_save(which="won-solo", upto=30):
    name, start, moves = next(a for a in ALL if a[0] == which)
    g = start.clone()
    for m in moves[:upto]:
        g.apply(m)
    return encode(g)


def test_crafted_headers():
    good = bytearray(a_save())
    cases = {
        "not a saved game": [b"", b"LG", b"XX\x01\x01\x02\x00\x00\x00\x00\x00\x00\x00", b"\x00" * 12],
        "saved by another version": [good[:2] + b"\x03" + good[3:], good[:2] + b"\x00" + good[3:]],
    }
    for why, datas in cases.items():
        for d in datas:
            assert check_decode(d) == why
    damaged = []
    for at, v in ((3, 0), (3, 6), (4, 4), (5, 1), (6, 8), (6, 0x80), (7, 51), (7, 255)):
        d = bytearray(good)
        d[at] = v
        damaged.append(check_decode(d))
    assert damaged[:4] == ["saved game damaged"] * 4
    assert all(damaged)
    assert check_decode(good + b"\x00") == "saved game damaged"
    assert check_decode(good[:-1]) == "saved game cut short"


def test_crafted_decks():
    _, start, moves = next(a for a in ALL if a[0] == "lost-solo")
    good = bytearray(encode(start))
    assert good[6] & 4  # a deck
    for at, v in ((8, good[9]), (8, 40), (8, 41), (8, 63), (8, 255), (47, good[8])):
        d = bytearray(good)
        d[at] = v
        assert check_decode(d) == "saved game has a bad deal"
    d = bytearray(good)
    d[4] = 1  # says one pause but the deck holds two
    assert check_decode(d) in ("saved game has a bad deal", "saved game cut short", "saved game damaged")


def test_move_values_are_checked():
    """16-bit values as the next move (every low 10 bits under telling high 6 bits,
    random ones, every legal one): accepted exactly when the rules allow them."""
    g = Game(2, 2, seed=77)
    g.apply(g.legal_moves()[3])
    legal = set(g.legal_moves())
    rng = random.Random(5)
    values = {hi << 10 | lo for hi in (0, 1, 7, 39, 40, 41, 62, 63) for lo in range(1024)}
    values |= {rng.randrange(0x10000) for _ in range(3000)} | legal
    head = bytearray(encode(g))
    head[7] += 1
    accepted = set()
    for m in values:
        why = check_decode(bytes(head) + bytes([m & 0xFF, m >> 8]))
        if why is None:
            accepted.add(m)
        else:
            assert why == "move 2 of the save is illegal"
    assert accepted == legal


def test_mutations_and_truncations():
    rng = random.Random(3)
    for which, upto in (("won-solo", 50), ("lost-solo", 9), ("five-players", 25), ("won-burial", 44)):
        good = a_save(which, upto)
        for n in range(len(good)):
            assert check_decode(good[:n])
        for at in range(len(good)):
            for v in {0, 1, 0xFF, good[at] ^ 1, good[at] ^ 0x80, rng.randrange(256)}:
                d = bytearray(good)
                d[at] = v
                check_decode(bytes(d))


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=160))
def test_random_bytes(data):
    check_decode(data)


@settings(max_examples=300, deadline=None)
@given(st.binary(min_size=0, max_size=40), st.integers(0, 3), st.integers(1, 5))
def test_random_moves_after_a_good_header(tail, pauses, players):
    head = bytearray(encode(Game(players, pauses, seed=len(tail))))
    head[7] = len(tail) // 2
    check_decode(bytes(head) + tail)


# -- MicroPython ---------------------------------------------------------------------

PARITY = r"""
from level10.game import Game
from level10 import record
from prng import Prng
from app.level10.restore import decode
from app.level10.saves import encode, ASSISTED

def hx(b):
    return "".join("%02x" % c for c in b)

for text in RECORDS:
    rec = record.parse(text)
    g = rec.game()
    for m in rec.moves:
        g.apply(m)
        data = encode(g, ASSISTED)
        back, flags = decode(data)
        print(hx(data), flags, hx(back.state), back.played)
for seed in (0, 5, 2**30 + 3, 2**32 - 1):
    g = Game(1 + seed % 5, seed % 4, seed=seed, start=0)
    rng = Prng(seed & 0xFFFF)
    while not g.over():
        legal = g.legal_moves()
        g.apply(legal[rng.below(len(legal))])
        print(hx(encode(g)))
    g.undo()
    print(hx(encode(g)), hx(decode(encode(g))[0].state))
for bad in (b"", b"LG\x01", b"LG\x01\x01\x02\x00\x00\x01\x05\x00\x00\x00\xff\xff"):
    try:
        decode(bad)
    except ValueError as e:
        print("bad:", e)
"""


def test_same_bytes_under_micropython():
    code = PARITY.replace("RECORDS", repr([p.read_text() for p in RECORDS]))
    cp = mpy.run_cpython(code)
    assert len(cp.splitlines()) > 150 and "bad: move 1 of the save is illegal" in cp
    assert mpy.run(code) == cp
