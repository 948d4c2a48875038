"""The handheld app played headless by a script of keys, under the real MicroPython
(from the .mpy files deploy makes) or under CPython, with what it cost.

One program serves both runtimes: it opens the board's device on the `machine` stand-in
(host_sim/machine.py; MicroPython's own framebuf, or host_sim's under CPython), starts
the app on an empty flash and presses the keys, a key every 200 ms of made-up time. It
prints a dict literal: the game's moves and result, a hash of the frame, bytes sent to
the display per move, full-screen pushes, and the peak live heap after gc.collect() (the
stand-in `machine`, and `os` and `time`, are imported before the baseline: on a Pico they
are built in).

Hints: `keys_with_hints` plays the same record but asks the table for a hint at some moves,
and names the keys that ask. The runner collects garbage only between steps (one key
each), so for those keys the program notes the live heap before the key (`hint_before`,
the largest), weighed in a step of its own once the table has let go what a hint lets go
before the engine thinks (app/level10/hints.py's make_room: the table's drawing code; the
key's first frame is then drawn whole), and that plus everything the key allocated, with nothing freed
(`hint_peak`): the engine's throw-away allocations included, a bound the peak cannot
exceed. After the game it weighs a hint by its parts (MicroPython only): the code a hint
loads (app/level10/hints.py, the engine and what the engine imports), collected (`hint_code`);
and the engine's working memory, all it allocates thinking about the deal's first position
with a budget of 1, one round of play-outs (`hint_work`). The live heap while a hint is
computed is then about hint_before + hint_code + hint_work.
"""

import ast
import tempfile
from pathlib import Path

from tools import deploy
from tools import micropython as mpy

PROGRAM = r"""
import gc
import sys
import machine
import os  # built into the Pico's firmware (no heap there); Python-level in the runner
import time

MICRO = sys.implementation.name == "micropython"
try:
    from time import ticks_us, ticks_diff
except ImportError:
    from time import perf_counter_ns
    ticks_us = lambda: perf_counter_ns() // 1000
    ticks_diff = lambda a, b: a - b


# Pins, PWM channels and buses: on a Pico these are static objects in ROM, no heap; the
# stand-in keeps one object per id too, made here before the baseline (see machine._one).
for gpio in PINS:
    machine.Pin(gpio)
for gpio in PWMS:
    machine.PWM(machine.Pin(gpio))
if BUS[0] == "spi":
    machine.SPI(BUS[1])
else:
    machine.I2C(BUS[1])

# The harness's own bookkeeping is made before the baseline too, so the figures are the
# firmware's: results, state, the bytes of each move, and the panel at the end of the bus.
from array import array
R = {"peak": 0, "peak_at": 0, "at_start": 0, "changes": 0, "frame_bytes": 0, "key_us": 0, "shows": 0, "full": 0, "moves": 0, "screen": None,
     "info": None, "stats": None, "frame": 0, "bytes_sent": 0, "keys": 0, "hint_peak": 0, "hint_before": 0, "hints": 0,
     "hint_code": 0, "hint_work": 0, "tick_us_max": 0, "tick_peak": 0}
S = {"phase": 0, "i": 0, "now": 0, "played": 0, "base": 0, "sent": 0, "app": None, "d": None, "room": 0, "show": None}
PER_MOVE = array("L", [0] * 64)
PER_KEY = array("L", [0] * len(KEYS))  # bytes sent for each key
KEY_US = array("L", [0] * len(KEYS))  # time each key took (its drawing included)
KIND = bytearray(len(KEYS))  # 0 a menu, 1 the cursor on the table, 2 a move played, 3 a new screen
SINK = machine.Sink()  # the panel at the end of the bus: only the bytes count here


def reference(n):
    # docs/device.md's reference loop (tools/bench.py's REFERENCE): µs an iteration in this
    # run, before the game and after it, for the Pico estimate of this run's times. The
    # first also warms the runner (Node compiles MicroPython's hottest code as it runs).
    a = bytearray(50)
    s = 0
    t0 = ticks_us()
    for i in range(n):
        j = i % 50
        a[j] = (a[j] + i) & 255
        s += a[j]
    return ticks_diff(ticks_us(), t0) / n


R["loop"] = [reference(200000), 0]


def live():
    # Under the runner each STEP starts right after a collection (see tools/mpy_runner.mjs)
    return gc.mem_alloc() - S["base"] if MICRO else 0


class Bus:
    pass


# The display's bus as C functions that send nothing, for runs that time the firmware
# without the stand-in `machine`'s Python (C_BUS): a Pico's bus and pins are C, and its
# bus's own time (the caller waits while it sends) is estimated from the bytes sent
# (tools/bench.py). Made before the baseline, as the Pico's static bus objects.
C_SPI = Bus()
C_SPI.write = len
C_I2C = Bus()
C_I2C.writeto = C_I2C.writevto = {}.get


def c_bus(d):
    if hasattr(d, "spi"):
        d.spi = C_SPI
        d.dc = abs
        if d.cs is not None:
            d.cs = abs
    else:
        d.i2c = C_I2C


def start():
    import board
    from hw import device
    from app.app import App, Flash
    from app.run import labels

    D = board.DISPLAY
    if D["bus"] == "spi":
        machine.attach_spi(D["spi"], SINK, dc=D["dc"], cs=D["cs"])
    else:
        machine.attach_i2c(D["i2c"], D["addr"], SINK)
    dev = device.open(board)
    d = dev.display
    if C_BUS:
        c_bus(d)
    show = d.show

    def counted(x=0, y=0, w=None, h=None):
        R["shows"] += 1
        if x <= 0 and y <= 0 and (w is None or w >= d.width) and (h is None or h >= d.height):
            R["full"] += 1
        show(x, y, w, h)

    d.show = counted
    S["show"] = show
    if MICRO:
        import os
        try:
            os.mkdir("/flash")
        except OSError:
            pass
        root = "/flash"
    else:
        import tempfile
        root = tempfile.mkdtemp()
    S["app"] = App(d, Flash(root, keep=not d.mono), labels(board), dev, 0)  # as app/run.py
    if SETUP:  # a screen put up directly (a game the menus do not offer yet)
        exec(SETUP, {"app": S["app"]})
    S["d"] = d
    S["sent"] = d.bytes_sent


def STEP():
    if S["phase"] == 0:
        if NAMES and "named" not in S:  # made-up names first, in a step of their own (see program())
            exec("".join(["zq%d=0\n" % n for n in range(NAMES)]), {})
            S["named"] = 1
            return True
        if MICRO:  # the names interned before the baseline (see _result)
            import micropython

            micropython.qstr_info()
        gc.collect()
        S["base"] = gc.mem_alloc() if MICRO else 0
        S["phase"] = 1
        start()
        return True
    now_live = live()
    app = S["app"]
    d = S["d"]
    if S["phase"] >= 3:  # after the game: weighing the hint (see finish)
        return finish(app, d)
    if now_live > R["peak"]:
        R["peak"] = now_live
        R["peak_at"] = S["i"]  # keys pressed when the peak was seen
        if DEBUG:
            R["mods"] = [n for n in sys.modules]
    if S["phase"] == 1:
        R["at_start"] = live()
        S["phase"] = 2
    i = S["i"]
    if i == len(KEYS):
        return finish(app, d)
    hint = i in HINTS
    if hint and not S["room"]:
        # A step first: the table lets go what a hint lets go before the engine thinks
        # (hints.make_room, the firmware's own), so the next step's collection weighs
        # what stays in memory while it does (hint_before).
        import app.level10.hints as h

        h.make_room(app, app.screen)
        del sys.modules["app.level10.hints"]
        delattr(sys.modules["app.level10"], "hints")
        S["room"] = 1
        return True
    S["room"] = 0
    S["now"] += 200
    before = app.screen
    sent = d.bytes_sent
    if hint:
        gc.disable()  # nothing is freed while the hint key runs (the runner collects only between steps anyway)
    t0 = ticks_us()
    app.key(KEYS[i], S["now"])
    KEY_US[i] = ticks_diff(ticks_us(), t0)
    R["key_us"] += KEY_US[i]
    if TICKS:  # a game whose bots play in App.tick (LEVEL 8): a tick after every key
        # nothing is freed while it runs, so the live heap after it bounds its peak: a bot's
        # code and everything it allocated deciding, on top of what stays (`tick_peak`)
        gc.collect()
        gc.disable()
        t0 = ticks_us()
        app.tick(S["now"] + 10)
        R["tick_us_max"] = max(R["tick_us_max"], ticks_diff(ticks_us(), t0))
        R["tick_peak"] = max(R["tick_peak"], live())
        gc.enable()
    if hint:
        if live() > R["hint_peak"]:
            R["hint_peak"] = live()
            R["hint_before"] = now_live
        R["hints"] += 1
        gc.enable()
    PER_KEY[i] = d.bytes_sent - sent
    S["i"] = i + 1
    # A move ends when the table's move count changes, or (the last one) when the end
    # screen replaces the table (not the pause menu); its bytes are all those sent since
    # the previous move.
    t = app.screen
    playing = type(t).__name__ == "Play"
    if TICKS and type(t).__name__ == "Table" and app.screen is before:
        # LEVEL 8's table: 1 a key that only moves the cursor, 2 any other (a move, a bot hurried)
        KIND[i] = 1 if KEYS[i] in ("up", "down", "left", "right") else 2
    ended = not playing and str(getattr(t, "title", "")).startswith(("You won!", "Team won!", "Game over"))
    n = t.game.played if playing else (S["played"] + 1 if S["played"] > 0 and ended else S["played"])
    if app.screen is not before:
        KIND[i] = 3
        R["changes"] += 1
    elif playing:
        KIND[i] = 2 if n != S["played"] else 1
    if n != S["played"] and n > 0:
        PER_MOVE[R["moves"]] = d.bytes_sent - S["sent"]
        R["moves"] += 1
        S["sent"] = d.bytes_sent
        S["played"] = n if playing else -1
    return True


def finish(app, d):
    # With hints, three more steps weigh a hint by its parts, after the game: the code a
    # hint loads (app.level10.hints with the engine and what it imports), collected and measured;
    # then the engine's working memory: all it allocates, gc off, thinking with a budget
    # of 1 (one round of play-outs) about HINT_DEAL's first position.
    if S["phase"] == 2 and MICRO and HINTS:
        S["phase"] = 3
        if HINT_DEAL:
            from level10.game import Game
            S["game"] = Game(1, HINT_DEAL[0], seed=HINT_DEAL[1])
        return True
    if S["phase"] == 3:
        S["phase"] = 4
        S["was"] = live()
        S["had"] = list(sys.modules)
        import app.level10.hints
        import level10.hint
        import level10.view
        return True
    if S["phase"] == 4:
        R["hint_code"] = live() - S["was"]
        if HINT_DEAL:
            gc.disable()
            a0 = gc.mem_alloc()
            g = S["game"]
            sys.modules["level10.hint"].suggest(sys.modules["level10.view"].seat_view(g), budget=1, buf=g.buf)
            R["hint_work"] = gc.mem_alloc() - a0
            gc.enable()
        for name in list(sys.modules):
            if name not in S["had"]:
                del sys.modules[name]
    h = 0
    for b in d.buffer:
        h = (h * 31 + b) & 0xFFFFFF
    R["screen"] = getattr(app.screen, "title", type(app.screen).__name__)
    R["info"] = list(getattr(app.screen, "info", ()))
    from app.level10 import stats

    R["stats"] = stats.load(app).rows
    R["frame"] = h
    R["loop"][1] = reference(200000)
    R["bytes_sent"] = d.bytes_sent
    S["show"]()  # a whole frame, after the game: its bytes (the bus's time for it)
    R["frame_bus"] = d.bytes_sent - R["bytes_sent"]
    R["keys"] = len(KEYS)
    R["per_move"] = list(PER_MOVE[: R["moves"]])
    R["per_key"] = list(PER_KEY)
    R["key_us_each"] = list(KEY_US)
    R["kind"] = list(KIND)
    R["frame_bytes"] = len(d.buffer)
    if MICRO:  # the interned names (qstrs) so far: never freed, so part of every later figure
        import micropython

        micropython.qstr_info()
    print(repr(R))
    return False


if not MICRO:  # CPython has no runner calling STEP
    while STEP():
        pass
"""


def program(keys, board, hints=(), deal=None, pad=0, ticks=False, c_bus=False, setup=None, names=0):
    """The program for `keys` on the board named `board`; `hints`: the indices of the keys
    that ask for a hint (their heap is measured as they run); `deal`: (pauses, seed) of a
    deal whose first position the engine's working memory is weighed on (with hints); `pad`:
    bytes allocated before the baseline, which move the app's objects to other addresses.
    MicroPython's collector is conservative (a word in a live block that looks like a
    pointer into the heap keeps that block), so a few hundred bytes of garbage stay or go
    with the layout: runs with a few pads give the figures' spread. `c_bus`: the display's
    bus and pins are C functions that send nothing (see c_bus in the program), for times
    without the stand-in bus's Python. `setup`: code run once the app is up, with the app
    as `app` (board_setup: a board game's table put up directly). `names`: that many
    made-up names interned before the baseline, so that the pools MicroPython keeps its
    names in (the first of 20 entries, each next one twice the last, never freed) are
    made before it and the figures leave them out: the firmware's code and data without
    the pools its names take (docs/benchmarks.md: the harness's own names fill the
    first pools before the baseline, which a Pico's firmware fills itself)."""
    import boards

    p = boards.load(board)
    d = p.DISPLAY
    pins = [gpio for _, gpio in p.BUTTONS]
    pins += [d[k] for k in ("sck", "mosi", "cs", "dc", "rst", "sda", "scl") if d.get(k) is not None]
    pwms = [g for g in ([p.BACKLIGHT] if p.BACKLIGHT is not None else []) + list(p.LED or ())]
    bus = ("spi", d["spi"]) if d["bus"] == "spi" else ("i2c", d["i2c"])
    import os

    head = "C_BUS = %r\n" % bool(c_bus)
    head += "SETUP = %r\n" % setup
    head += "NAMES = %d\n" % names
    head += "DEBUG = %d\nTICKS = %r\nKEYS = %r\nHINTS = %r\nHINT_DEAL = %r\nPINS = %r\nPWMS = %r\nBUS = %r\n" % (
        os.environ.get("APPRUN_DEBUG") == "1",  # the modules loaded at the peak, in the result
        ticks,
        list(keys),
        set(hints),
        tuple(deal) if deal else None,
        pins + pwms,
        pwms,
        bus,
    )
    # Padding made before the baseline moves every later object to another address.
    return head + "PAD = bytes(%d)\n" % pad + PROGRAM


def stage(board, out_dir):
    """The board's files as deploy builds them (.mpy, main.py, board.mpy) in out_dir."""
    _, files = deploy.stage(board, out_dir)
    return files


def run_micropython(
    board, keys, heap=None, hints=(), deal=None, pad=0, ticks=False, c_bus=False, setup=None, names=0
):
    """Run the keys under MicroPython from the deployed .mpy files; the result dict and
    the staged file list. `hints`, `deal`, `c_bus`, `setup` and `names` as for program()."""
    with tempfile.TemporaryDirectory() as tmp:
        files = stage(board, tmp)
        out = mpy.run(
            program(keys, board, hints, deal, pad, ticks, c_bus, setup, names),
            firmware_dir=tmp,
            lib_dirs=[mpy.HOST_SIM / "machine.py"],
            heap=heap,
            timeout=600,
        )
    return _result(out), files


def run_cpython(board, keys, hints=(), deal=None, ticks=False, setup=None):
    """The same program under CPython from the source files (the stand-in framebuf)."""
    import boards

    with tempfile.TemporaryDirectory() as tmp:
        lib = Path(tmp)
        (lib / "board.py").write_text(Path(boards.load(board).__file__).read_text())
        prog = program(keys, board, hints, deal, ticks=ticks, setup=setup)
        out = mpy.run_cpython(prog, lib_dirs=[mpy.HOST_SIM, lib])
    return _result(out)


def _result(out):
    lines = out.strip().splitlines()
    r = ast.literal_eval(lines[-1])
    # MicroPython's qstr_info() before the baseline and after the game: "qstr pool: n_pool=..,
    # n_qstr=.., n_str_data_bytes=.., n_total_bytes=..". The firmware's interned names (its
    # identifiers and short strings, never freed) are the difference.
    pools = []
    for line in lines:
        if line.startswith("qstr pool:"):
            pools.append(dict(f.strip().split("=") for f in line[len("qstr pool:"):].split(",")))
    if len(pools) >= 2:
        r["qstrs"] = int(pools[-1]["n_qstr"]) - int(pools[0]["n_qstr"])
        r["qstr_bytes"] = int(pools[-1]["n_total_bytes"]) - int(pools[0]["n_total_bytes"])
    return r


HINT_AT = (0, 10, 20, 30, 40)  # moves of the scripted game at which keys_with_hints asks


def keys_with_hints(board, rec, at=HINT_AT):
    """(keys, hints): the logical keys that play record `rec` (solo, from a seed) from the
    title menu to the end screen on `board`, asking the table for a hint (cursor down to
    Hint, OK) before each move numbered in `at`, and the indices of those OK keys."""
    from app.level10.play import HINT, PICK
    from host_sim import sim
    from host_sim.autoplay import Autoplayer, drive

    ap = Autoplayer(rec.pauses, rec.seed, lambda g: rec.moves[g.played])
    asked = set()
    hints = []
    count = [0]

    def next_key(app):
        t = app.screen
        k = None
        if type(t).__name__ == "Play" and t.game.played in at and t.game.played not in asked:
            if t.step != PICK or t.item(t.focus) != HINT:
                k = "up" if t.step == PICK else "back"
            else:
                asked.add(t.game.played)
                hints.append(count[0])
                k = "ok"
        k = k or ap.next_key(app)
        if k is not None:
            count[0] += 1
        return k

    keys = drive(sim.Handheld(board), next_key)
    if ap.played != list(rec.moves) or len(hints) != len(at):
        raise RuntimeError("the autoplayer did not play the record through with its hints")
    return keys, hints


BOARD_ROW = "Das Brettspiel"  # the board game's row of the games menu (app/games.py)


def keys_for_level8(board, players=6, people=1, row="LEVEL 8", keep=False, strength=1, pause_after=-1):
    """The logical keys that play a whole game of `row` from the games menu to its end
    screen on `board`, you against bots (host_sim/autoplay8.py chooses your moves;
    host_sim/autoplay8b.py on BOARD_ROW, the board game, with its sides as New game
    first offers them: one star each), found
    by playing it under CPython as the program above presses them: a key every 200 ms of
    app time and App.tick 10 ms after each (the bots' steps play there). The deal comes
    from the times of the keys, so the same keys deal the same game on both runtimes.
    With `pause_after` >= 0 the game is paused once, after that many keys, to read How
    to play (host_sim.autoplay.pausing)."""
    import tempfile as _tmp

    from app.app import App
    from app.run import labels
    from app.store import Store
    from host_sim import sim
    from host_sim.autoplay8 import Autoplayer8
    from host_sim.autoplay8b import AutoplayerBoard

    with _tmp.TemporaryDirectory() as root:
        hh = sim.Handheld(board, root)
        app = App(hh.device.display, Store(root), labels(hh.profile), hh.device, 0)
        if row == BOARD_ROW:
            ap = AutoplayerBoard()
            ap.row, ap.players, ap.people, ap.strength = row, players, people, strength
        else:
            ap = Autoplayer8(row=row, players=players, people=people, keep=keep, strength=strength)
        if pause_after >= 0:
            from host_sim.autoplay import pausing

            ap.next_key = pausing(ap.next_key, _level8_table, pause_after)
        return _pressed(app, ap)


def _level8_table(app):
    """A card game's or the board game's table on show (Back there is the pause menu)."""
    return type(app.screen).__name__ == "Table"


def _pressed(app, ap):
    """The keys autoplayer `ap` presses on `app` to its end, a key every 200 ms of app
    time with App.tick 10 ms after each, as the program under MicroPython presses them."""
    keys = []
    now = 0
    while True:
        k = ap.next_key(app)
        if k is None:
            return keys
        keys.append(k)
        now += 200
        app.key(k, now)
        app.tick(now + 10)


# A board game's table put up directly on the app, without its menus:
# `players` seats, the first `people` of them people, seeded, level
# sides 1 and 2 in turn, as the games menu's row 3 (app/games.py) would start it.
BOARD_SETUP = """
from level8.game import Game
from app.level8 import play
app.playing = 3
g = Game(2, %(players)d, %(seed)d, %(seed)d %% %(players)d, sides=[1 + q %% 2 for q in range(%(players)d)])
t = play.Table(app, g, 0, %(people)d, 1, "")
app.go(t)
t.save(app)
t.rest()
app.render()
"""


def board_setup(players=4, people=1, seed=1):
    return BOARD_SETUP % {"players": players, "people": people, "seed": seed}


def keys_for_board(board, players=4, people=1, seed=1):
    """The logical keys that play a whole board game at a table put up directly
    (`board_setup`) to its end screen on `board` (host_sim/autoplay8b.py chooses the
    people's moves), found under CPython as the program presses them (see keys_for_level8)."""
    import tempfile as _tmp

    from app.app import App
    from app.run import labels
    from app.store import Store
    from host_sim import sim
    from host_sim.autoplay8b import AutoplayerBoard

    with _tmp.TemporaryDirectory() as root:
        hh = sim.Handheld(board, root)
        app = App(hh.device.display, Store(root), labels(hh.profile), hh.device, 0)
        exec(board_setup(players, people, seed), {"app": app})
        ap = AutoplayerBoard()
        return _pressed(app, ap)
