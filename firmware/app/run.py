"""The device's main loop: buttons in, app out, and a safety net.

An unexpected exception never leaves a dead screen: it is written to
error.log, an error screen asks for a button, and the app starts again from
the last saved move. If it fails before the player's first key (starting,
or a resumed game's own first steps: a save that crashes the app on resume),
the saves are set aside so the next start is a fresh one: no crash loop,
even across a power cycle.
"""

import sys


def labels(board):
    """Logical key -> the name of the first button giving it ("ok" -> "A")."""
    out = {}
    for name, _pin in board.BUTTONS:
        k = board.KEYS.get(name)
        if k and k not in out:
            out[k] = name
    return out


def main(board, clock=None, root="/", device=None, on_start=None):
    """Run the app on `board` (a profile module) until power-off. The simulator
    passes its own clock; `device` is hw.device's Device (opened here by default);
    `on_start(app)` lets the simulator and tests see each App as it starts."""
    if clock is None:
        from hw import clock
    if device is None:
        from hw import device as hw_device

        device = hw_device.open(board)
    from app.app import Flash

    store = Flash(root, keep=not device.display.mono)
    names = labels(board)
    again = False  # after an error screen: the start before interned names of its own
    while True:
        app = None
        try:
            from app.app import App

            first = not again
            again = True
            started = clock.ticks_ms()
            app = App(device.display, store, names, device, started)
            if not first:  # so any game opened now starts the firmware again (app/title.py)
                app.opened = ""
            if on_start:
                on_start(app)
            loop(app, device, clock)
        except Exception as e:  # noqa: BLE001 - anything at all: show it, log it, go on
            # a key since this start (App.last, the time of the last key, moved on): the
            # player had a say, so starting again is no loop
            pressed = app is not None and app.last != started
            app = None  # let it go: the error screen may need the memory
            log = "error.log"  # a local, not a module name: names are interned for good
            try:
                with open(root.rstrip("/") + "/" + log, "w") as f:
                    sys.print_exception(e, f)  # the simulator gives CPython's sys one too
            except Exception:  # noqa: BLE001 - a full flash must not hide the error screen
                pass
            try:
                from app import crash  # only ever needed here

                if not pressed:
                    crash.set_aside_saves(store)  # it would fail again at every start: do not resume
                crash.error_screen(device, e, log, not pressed)
            except Exception:  # noqa: BLE001 - no memory even for that: still wait below
                pass
            b = device.buttons  # wait for a button: never a tight loop, whatever failed
            while not b.poll(clock.ticks_ms()):
                clock.sleep_ms(20)


def loop(app, device, clock):
    buttons = device.buttons
    keys = device.keys
    while True:
        now = clock.ticks_ms()
        for name in buttons.poll(now):
            k = keys.get(name)
            if k:
                app.key(k, now)
        app.tick(now)
        clock.sleep_ms(10)
