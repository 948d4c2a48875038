"""LEVEL 8's slowest keys under the real MicroPython, by parts, with a Pico estimate.

    .venv/bin/python -m tools.l8round parts BOARD   # the OK at the first round's end, by parts
    .venv/bin/python -m tools.l8round keys BOARD    # the slowest keys of a whole game
    .venv/bin/python -m tools.l8round key BOARD --at K   # key K of that game, by parts

Both play the 6-player game `tools.apprun.keys_for_level8` finds (you and 5 bots) from the
deployed .mpy files, as `tools.bench app` does.

`parts` stops at the first round's end (the table says who went out; OK deals the next
round) and times, each in a loop: the whole OK key, with the stand-in `machine` bus and
with the bus as C functions that send nothing (`apprun.c_bus`); then its parts: the
modules it loads, the deal (`Game.apply` of K_NEXT), the save, the new round's table
drawn whole, and the flush (the Python of hw/st7789.py's show with the bus as C; its
FrameBuffer.blit loop alone; the same with the stand-in bus).

`keys` plays the whole game RUNS times with the bus as C and lists the keys slowest to
their last frame on a Pico, bus included (the least of the runs for each: what the player
waits for, a move's save and a tick's frame coming after it), with the screens before and
after each and the whole key's time; first, how many of the keys that send a whole frame
are on the screen within 100 ms.

`key` plays the game up to key K (its index in the `keys` list) and presses it PRESSES
times more from the same position (the state, the screen drawn whole, the modules loaded
and the fields of the Seat a chooser holds put back each time), with the bus as C: each
part's own time, the parts inside it apart (each top-level import with the modules it
loads, `Game.list_moves` and the rest of `Game.apply`, a round's deal, the table's
drawing, the save's encoding and `store.write`, the display's show), least and median,
and the first press's (the game's own press is the first such press only when the key
loads nothing new), and apart the time from the key until its last frame was on the screen, which is what the
player waits for (a move's save comes after it), and how much of that went on imports
(each top-level import that loaded a module, whole, ended before that frame): the part of
the wait that comes from loading code from .mpy files, which a firmware image with the
modules frozen into it would mostly not spend (docs/benchmarks.md). The hooks cost a
little of their own, in "the key (other)".

Timing: the process's CPU time, user and system (node's, through the WebAssembly port's `js` module: µs,
not the runner's whole-ms clock), since other jobs share the machine. Every figure comes
with its Pico estimate: the time × 15.4 µs / the reference loop's time an iteration
(docs/device.md), the loop timed right before (a part's rounds, a key's presses) or, for
`keys`, right before and after each key (the faster of the two: the machine's speed
drifts within a game, by half at times, and the runner collects garbage only between
keys). `keys` gives the runner a heap it never has to grow inside a key (HEAP): the
WebAssembly port grows its heap where a Pico would collect, a cost of the runner's own.
A key's bus time on a Pico (C: the caller waits while it sends) is apart: its bytes at
`tools.bench.bus_us_per_byte`.
"""

import argparse
import ast
import json
import sys
import tempfile

from tools import apprun
from tools import micropython as mpy

COMMON = r"""
import js


def cpu_us():
    u = js.process.cpuUsage()
    return u.user + u.system  # their sum is exact; Linux splits it by sampling


def _f(n):
    a = bytearray(50)
    s = 0
    for i in range(n):
        j = i % 50
        a[j] = (a[j] + i) & 255
        s += a[j]
    return s


def _loop_us(n=20000):
    t0 = cpu_us()
    _f(n)
    return (cpu_us() - t0) / n


_f(400000)  # warms the runner: Node compiles MicroPython's hottest code as it runs
_c0 = cpu_us()
for _ in range(100):
    cpu_us()
READ = (cpu_us() - _c0) / 101  # what a reading costs, taken off a key's time
LOOPS = [_loop_us(100000) for _ in range(3)]
LOOP_N = 1000  # a short loop beside each key: about 0.5-1 ms of the runner
"""

PARTS = r"""
def _time(fn, n, rounds=5):
    # each round beside a run of the reference loop: the least runner time, and the least
    # of the rounds' Pico estimates (time x 15.4 / the loop's), so the load cancels
    best = pico = None
    for _ in range(rounds):
        gc.collect()
        loop = _loop_us()
        t0 = cpu_us()
        for _ in range(n):
            fn()
        ms = (cpu_us() - t0) / n / 1000
        best = ms if best is None or ms < best else best
        p = ms * 15.4 / loop
        pico = p if pico is None or p < pico else pico
    return (best, pico)


def _swap_bus(d, kept):
    # kept None: the bus as C (kept: the stand-in's objects, returned); else those back
    if kept is None:
        kept = (getattr(d, "spi", None), getattr(d, "dc", None), getattr(d, "cs", None), getattr(d, "i2c", None))
        c_bus(d)
        return kept
    if kept[0] is not None:
        d.spi, d.dc, d.cs = kept[0], kept[1], kept[2]
    else:
        d.i2c = kept[3]


def ROUND_END(app, d):
    t = app.screen
    if type(t).__name__ != "Table" or t.hidden:
        return False
    from level8 import layout

    s = t.state
    if layout.phase(s) != layout.OVER:
        return False
    from app.app import forget

    out = [("round", layout.round_no(s)), ("ratio", 15.4 / min(LOOPS))]
    s0 = bytes(s)
    p = app.p
    v = t.view
    engine = ("level8.game", "level8.rules", "level8.referee", "prng", "app.level8.turn", "app.level8.saves")

    def restore():
        s[:] = s0
        t._game = None
        forget(*engine)
        t.message = None
        t.focus = 0
        app.full = True
        app.render()
        gc.collect()

    def whole_key(label, presses=25):
        ms = []
        pico = []
        for _ in range(presses):
            restore()
            loop = _loop_us()
            a = cpu_us()
            app.key("ok", S["now"])
            us = cpu_us() - a - READ
            ms.append(us / 1000)
            pico.append(us / 1000 * 15.4 / loop)
        ms.sort()
        pico.sort()
        out.append((label + ", least", (ms[0], pico[0])))
        out.append((label + ", median", (ms[len(ms) // 2], pico[len(pico) // 2])))

    import builtins

    loaded = []
    real = builtins.__import__

    def hook(name, *a):
        if name not in sys.modules:
            loaded.append(name)
        return real(name, *a)

    restore()
    builtins.__import__ = hook
    b0 = d.bytes_sent
    app.key("ok", S["now"])
    builtins.__import__ = real
    out.append(("modules the key loads", " ".join(n for n in loaded if n != "array")))
    out.append(("bytes the key sends", d.bytes_sent - b0))
    whole_key("the key, stand-in bus")
    kept = _swap_bus(d, None)
    whole_key("the key, bus as C")
    _swap_bus(d, kept)

    restore()
    forget(*engine)

    def imp(names):
        def one():
            for n in names:
                __import__(n)
            forget(*names)

        return one

    out.append(("  import app.level8.turn", _time(imp(["app.level8.turn"]), 20)))
    out.append(("  import level8.game (with level8.rules)", _time(imp(["level8.game", "level8.rules"]), 20)))
    out.append(("  import app.level8.saves", _time(imp(["app.level8.saves"]), 20)))
    out.append(("  import level8.sides (the draw's)", _time(imp(["level8.sides"]), 20)))
    from level8 import rules
    from level8.game import Game

    g = Game(state=s)
    m = rules.move(rules.K_NEXT)

    def deal():
        s[:] = s0
        g.listed = -1
        g.apply(m)

    out.append(("  the deal (Game.apply of K_NEXT)", _time(deal, 50)))
    from app.level8 import turn

    out.append(("  the save (Table.save)", _time(lambda: t.save(app), 50)))
    turn.settle(t, app)
    turn.survey(t)
    turn.begin(t)

    def draw():
        v.draw(p, t, True)
        p.n = 0

    from level8 import sides  # noqa: F401  (loaded, as the loop draws again and again)

    out.append(("  the table drawn whole (no flush)", _time(draw, 50)))

    def flush():
        p.mark(0, 0, p.w, p.h)
        p.flush()

    out.append(("  the flush, stand-in bus", _time(flush, 30)))
    kept = _swap_bus(d, None)
    out.append(("  the flush, bus as C (its Python and C)", _time(flush, 50)))
    if hasattr(d, "_strips"):
        strip = d._strips[-1]
        pal = d._pal
        rows = d._rows

        def blits():
            y = 0
            while y < d.height:
                strip.blit(d, 0, -y, -1, pal)
                y += rows

        out.append(("    of which FrameBuffer.blit through the palette", _time(blits, 50)))
    _swap_bus(d, kept)
    b0 = d.bytes_sent
    flush()
    out.append(("bytes a whole flush sends", d.bytes_sent - b0))
    print("ROUND_END", repr(out))
    return True
"""


ONE_KEY = r"""
def _seat_kept():
    # the Seat a chooser opened on (the last one a screen over the table let rest), to put
    # its fields back before each press: a key may take some (Seat.chosen takes `legal`)
    m = sys.modules.get("app.level8.seat")
    if m is None or getattr(m.Seat, "_kept", False):
        return
    real = m.Seat.rest

    def rest(self):
        if type(self) is m.Seat:
            S["seat"] = self
        return real(self)

    m.Seat.rest = rest
    m.Seat._kept = True


def ONE_KEY(app, d):
    '''Key AT pressed PRESSES times from the same position, by parts (exclusive CPU µs).'''
    import builtins
    from app.app import forget

    kept = _swap_bus(d, None)
    before = app.screen
    s = S.get("st")
    s0 = bytes(s) if s is not None else None
    mods0 = list(sys.modules)
    seat = S.get("seat")
    fields = [(k, v) for k, v in seat.__dict__.items()] if seat is not None else ()
    k = KEYS[S["i"]]
    real_imp = builtins.__import__
    stack = []  # [label, start, children's time]
    parts = {}

    def enter(label):
        stack.append([label, cpu_us(), 0])

    def leave():
        label, t0, kids = stack.pop()
        dt = cpu_us() - t0
        if stack:
            stack[-1][2] += dt
        parts[label] = parts.get(label, 0) + dt - kids

    def timed(label, fn):
        def w(*a):
            enter(label)
            try:
                return fn(*a)
            finally:
                leave()
        return w

    wrapped = []

    def wrap_new():
        # wrap the functions of interest of modules the key loaded just now
        m = sys.modules.get("level8.game")
        if m is not None and "level8.game" not in wrapped:
            wrapped.append("level8.game")
            m.Game.apply = timed("  Game.apply (but list_moves)", m.Game.apply)
            m.Game.list_moves = timed("  Game.list_moves", m.Game.list_moves)
        m = sys.modules.get("ui.level8.mono")
        if m is not None and "ui.level8.mono" not in wrapped:
            wrapped.append("ui.level8.mono")
            m.Table.draw = timed("  mono.Table.draw", m.Table.draw)
        m = sys.modules.get("level8.rules")
        if m is not None and "level8.rules" not in wrapped:
            wrapped.append("level8.rules")
            m._deal = timed("  rules._deal", m._deal)  # a round's deal: Start, a round's end
        m = sys.modules.get("app.level8.saves")
        if m is not None and "app.level8.saves" not in wrapped:
            wrapped.append("app.level8.saves")
            m.encode = timed("  saves.encode", m.encode)

    deep = [0]
    ends = []  # each top-level import that loaded a module: when it ended, its whole time

    def hook(name, *a):
        # a key's top-level import, timed with what it loads (the modules it imports in turn)
        if deep[0]:
            return real_imp(name, *a)
        have = list(sys.modules)
        deep[0] = 1
        enter("import")
        t0 = cpu_us()
        try:
            return real_imp(name, *a)
        finally:
            deep[0] = 0
            if len(sys.modules) != len(have):
                t1 = cpu_us()
                ends.append((t1 - shown[0], t1 - t0))
            new = [n for n in sys.modules if n not in have] if len(sys.modules) != len(have) else ()
            stack[-1][0] = "import " + " ".join(new) if new else "import (loaded already)"
            leave()
            wrap_new()

    write = app.store.write
    show = d.show
    render = app.render
    runs = []
    ratios = []
    for n in range(PRESSES + 1):
        # back to the position before the key, its screen drawn whole
        if s is not None:
            s[:] = s0
        for name in list(sys.modules):
            if name not in mods0:
                forget(name)
        for name in mods0:
            if name not in sys.modules:
                __import__(name)
        del wrapped[:]
        for f, v in fields:
            setattr(seat, f, v)
        app.screen = before
        app.full = True
        app.render()
        gc.collect()
        parts.clear()
        del ends[:]
        loop = _loop_us()
        app.store.write = timed("  store.write", write)
        shown = [0, 0]  # the key's start, then when its last frame was on the screen
        show_t = timed("  d.show (bus as C)", show)

        def show_w(*a):
            r = show_t(*a)
            shown[1] = cpu_us() - shown[0]
            return r

        d.show = show_w
        app.render = timed("render (other)", render)
        builtins.__import__ = hook
        b0 = d.bytes_sent
        shown[0] = cpu_us()
        enter("the key (other)")
        app.key(k, S["now"] + 1)
        leave()
        builtins.__import__ = real_imp
        sent = d.bytes_sent - b0
        del app.render
        app.store.write = write
        d.show = show
        total = sum(parts.values())
        framed = {
            "to its frame shown (hooks too)": shown[1],
            "  of which imports before it": sum(dt for end, dt in ends if end <= shown[1]),
        }
        if n:  # the first press warms (it may intern names the game had not yet)
            runs.append(dict(parts, total=total, **framed))
            ratios.append(15.4 / loop)
        else:
            first = dict(parts, total=total, **framed)
    _swap_bus(d, kept)
    top = ("total", "to its frame shown (hooks too)", "  of which imports before it")
    labels = list(top) + sorted((l for l in runs[0] if l not in top), key=lambda l: -runs[0][l])
    out = [("key", S["i"], k, type(before).__name__ + " > " + type(app.screen).__name__, sent),
           ("ratio", min(ratios), max(ratios))]
    for l in labels:
        v = sorted(r.get(l, 0) / 1000 for r in runs)
        pico = sorted(r.get(l, 0) / 1000 * q for r, q in zip(runs, ratios))
        out.append((l, v[0], v[len(v) // 2], pico[0], pico[len(pico) // 2], first.get(l, 0) / 1000))
    print("ONE_KEY", repr(out))
    return True
"""


def _frame_bytes(board):
    """The bytes of a whole frame on board `board`'s display: 1 bit a pixel on the OLED,
    RGB565 on the colour boards."""
    import boards as board_profiles

    d = board_profiles.load(board).DISPLAY
    return d["width"] * d["height"] * (1 if d["driver"] == "ssd1306" else 16) // 8


def _keys(board, keys_file):
    if keys_file:
        try:
            with open(keys_file) as f:
                return json.load(f)
        except FileNotFoundError:
            pass
    import host_sim  # noqa: F401  (it puts firmware/ on the path, where the app is)

    keys = apprun.keys_for_level8(board, players=6)
    if keys_file:
        with open(keys_file, "w") as f:
            json.dump(keys, f)
    return keys


def _run(board, keys, program, heap=None):
    with tempfile.TemporaryDirectory() as tmp:
        apprun.stage(board, tmp)
        return mpy.run(program, firmware_dir=tmp, lib_dirs=[mpy.HOST_SIM / "machine.py"], timeout=1200, heap=heap)


def parts(board, keys):
    """[(label, value or (runner ms, Pico ms))] for the OK at the first round's end."""
    p = apprun.program(keys, board, ticks=True)
    p = p.replace("\ndef STEP():", COMMON + PARTS + "\n\ndef STEP():", 1)
    p = p.replace(
        '    S["room"] = 0\n', '    S["room"] = 0\n    if ROUND_END(app, d):\n        return False\n', 1
    )
    for line in _run(board, keys, p).splitlines():
        if line.startswith("ROUND_END "):
            return ast.literal_eval(line[len("ROUND_END ") :])
    raise RuntimeError("the game had no round's end")


def one_key(board, keys, at, presses=8):
    """[(label, least ms, median ms, least Pico ms, median Pico ms, first press ms)] for key
    `at` of the game pressed `presses` times (after one more that warms) from the position
    before it, by parts: each top-level import with the modules it loads, Game.apply, the
    save's encoding and store.write, the table's drawing, the display's show (bus as C), and
    the rest of the key and of the frame's render; each part's own time, without the parts
    inside it. The first item names the key, its screens and its bytes; the second the
    presses' Pico-to-runner ratios. A row apart gives the time from the key until its last
    frame was on the screen (what the player waits for: a save comes after it)."""
    p = apprun.program(keys, board, ticks=True)
    p = p.replace(
        "\ndef STEP():",
        COMMON + PARTS + ONE_KEY + "\nPRESSES = %d\nAT = %d\n\ndef STEP():" % (presses, at),
        1,
    )
    p = p.replace(
        '    S["room"] = 0\n',
        '    S["room"] = 0\n'
        '    if getattr(app.screen, "state", None) is not None:\n'
        '        S["st"] = app.screen.state  # the game\'s state, for a screen over the table too\n'
        "    _seat_kept()\n"
        "    if i == AT and ONE_KEY(app, d):\n"
        "        return False\n",
        1,
    )
    for line in _run(board, keys, p).splitlines():
        if line.startswith("ONE_KEY "):
            return ast.literal_eval(line[len("ONE_KEY ") :])
    raise RuntimeError("the game has no key %d" % at)


SHOWN = r"""
SCREENS = []
SHOWN = [0, None, 0]  # when the key's last frame was sent; the display's own show; its bytes sent then
FRAME_US = []
FRAME_B = []  # the bytes a key sent until its last frame (a tick's after it are not waited for)
LOOP_US = []  # the reference loop's time an iteration, the less of right before and after each key


def _shown(*a):
    SHOWN[1](*a)
    SHOWN[0] = cpu_us()
    SHOWN[2] = S["d"].bytes_sent
"""


HEAP = 8 << 20  # the runner's heap for `keys`: large enough never to grow inside a key


def slowest(board, keys, runs=3):
    """(ratio, [(key index, key, kind, screens, least runner µs, bytes sent until its last
    frame, least runner µs until that frame was sent, least Pico µs until then)]) over
    `runs` games.

    The machine's speed drifts (other jobs, its clock) within a game, so a key's Pico
    estimate scales its time by the reference loop timed right before and right after it;
    `ratio`, the fastest loop of the games, is for the figures given in the runner's time."""
    p = apprun.program(keys, board, ticks=True, c_bus=True)
    old = '    t0 = ticks_us()\n    app.key(KEYS[i], S["now"])\n    KEY_US[i] = ticks_diff(ticks_us(), t0)'
    assert old in p
    p = p.replace(
        old,
        "    SHOWN[0] = 0\n"
        "    if not SHOWN[1]:  # the display's show, noting when the last frame was sent\n"
        "        SHOWN[1] = d.show\n"
        "        d.show = _shown\n"
        "    l0 = _loop_us(LOOP_N)\n"
        '    t0 = cpu_us()\n    app.key(KEYS[i], S["now"])\n    t1 = cpu_us()\n'
        "    LOOP_US.append(min(l0, _loop_us(LOOP_N)))\n"
        "    KEY_US[i] = max(0, int(t1 - t0 - READ))\n"
        "    FRAME_US.append(max(0, int((SHOWN[0] or t1) - t0 - READ)))\n"
        "    FRAME_B.append((SHOWN[2] - sent) & 0x3FFFFFFF if SHOWN[0] else 0)",
    )
    p = p.replace("\ndef STEP():", COMMON + SHOWN + "\n\ndef STEP():", 1)
    p = p.replace(
        "    t = app.screen\n    playing",
        '    t = app.screen\n    SCREENS.append(type(before).__name__ + " > " + type(t).__name__)\n    playing',
        1,
    )
    p = p.replace(
        '    R["kind"] = list(KIND)',
        '    R["kind"] = list(KIND)\n    R["screens"] = SCREENS\n    R["frame_us"] = FRAME_US\n'
        '    R["cpuloop"] = min(LOOPS + LOOP_US)\n    R["loop_us"] = LOOP_US\n    R["frame_b"] = FRAME_B',
        1,
    )
    best = frame = pico = loop = None
    for _ in range(runs):
        r = apprun._result(_run(board, keys, p, HEAP))
        us = r["key_us_each"]
        best = us if best is None else [min(a, b) for a, b in zip(best, us)]
        fr = r["frame_us"]
        frame = fr if frame is None else [min(a, b) for a, b in zip(frame, fr)]
        pi = [f * 15.4 / lu for f, lu in zip(fr, r["loop_us"])]
        pico = pi if pico is None else [min(a, b) for a, b in zip(pico, pi)]
        loop = r["cpuloop"] if loop is None else min(loop, r["cpuloop"])
    rows = [
        (i, keys[i], r["kind"][i], r["screens"][i], best[i], r["frame_b"][i], frame[i], pico[i])
        for i in range(len(keys))
    ]
    return 15.4 / loop, rows


def main(argv=None):
    from tools import bench

    ap = argparse.ArgumentParser(prog="python -m tools.l8round", description=__doc__.splitlines()[0])
    ap.add_argument("what", choices=("parts", "keys", "key"))
    ap.add_argument("board")
    ap.add_argument(
        "--runs", type=int, default=3, help="keys: games played, the least time of each key counts"
    )
    ap.add_argument("--top", type=int, default=12, help="keys: how many of the slowest to list")
    ap.add_argument("--at", type=int, help="key: the index of the key to time by parts")
    ap.add_argument("--presses", type=int, default=8, help="key: times it is pressed")
    ap.add_argument("--keys-file", help="a JSON file of the game's keys (written the first time)")
    args = ap.parse_args(argv)
    keys = _keys(args.board, args.keys_file)
    per_byte = bench.bus_us_per_byte(args.board)
    if args.what == "parts":
        for label, v in parts(args.board, keys):
            if isinstance(v, tuple):
                print(f"{label:<52} {v[0]:7.3f} ms runner  {v[1]:6.1f} ms Pico (est.)")
            elif isinstance(v, float):
                print(f"{label:<52} {v:.1f}")
            else:
                print(f"{label:<52} {v}")
        print(f"{'the bus on a Pico, a whole frame (est.)':<52} {per_byte:.3g} µs a byte")
        return 0
    if args.what == "key":
        rows = one_key(args.board, keys, args.at, args.presses)
        (_, i, k, screens, sent), (_, lo, hi) = rows[:2]
        print(
            f"key {i} {k} {screens}: {sent:,} B (bus {sent * per_byte / 1000:.1f} ms); ratio {lo:.1f}-{hi:.1f}"
        )
        print(
            f"{'part (its own time)':<52} {'least':>7} {'median':>7} ms runner {'least':>6} {'median':>6} ms Pico  first"
        )
        for label, a, b, c, e, f in rows[2:]:
            print(f"{label[:52]:<52} {a:7.3f} {b:7.3f}           {c:6.1f} {e:6.1f}       {f:6.3f}")
        return 0
    ratio, rows = slowest(args.board, keys, args.runs)
    print(f"{args.board}: {len(keys)} keys, the least of {args.runs} games each; fastest ratio {ratio:.1f}")
    frame = _frame_bytes(args.board)
    whole = [r for r in rows if r[5] >= frame]
    over = [r for r in whole if r[7] / 1000 + r[5] * per_byte / 1000 > 100]
    print(f"  keys sending a whole frame: {len(whole)}; within 100 ms on a Pico with the bus: {len(whole) - len(over)}")
    for i, k, kind, screens, us, b, fr, pico in sorted(rows, key=lambda r: -(r[7] + r[5] * per_byte))[: args.top]:
        print(
            f"  key {i:3d} {k:<5} {screens:<20} to its frame {fr / 1000:6.2f} ms runner; on a Pico {pico / 1000:6.1f}"
            f" + bus {b * per_byte / 1000:5.1f} ({b:,} B) = {(pico + b * per_byte) / 1000:6.1f} ms;"
            f" whole key {us / 1000:6.2f} ms runner"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
