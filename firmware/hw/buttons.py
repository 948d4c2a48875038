"""Debounced buttons with auto-repeat, polled from the app loop.

Buttons(pins) takes (name, pin) pairs; a pin is anything with value() (machine.Pin on the
device, a fake in tests). poll(now_ms) returns the names pressed since the last poll, plus
auto-repeats of held buttons. A level counts only once it has been read unchanged for
debounce_ms, so contact bounce and glitches shorter than that are ignored. A held button
repeats first after delay_ms, then every repeat_ms. Times are ticks_ms values compared with
ticks_diff, so the ticks wrap does not disturb a press or a repeat.

poll() allocates nothing: it returns the same list each time (read it before the next
poll), and holds at most four names, the room a new MicroPython list starts with, so it
never grows. A fifth press or repeat in the same poll comes with the next poll.
"""

from compat import const
from hw.clock import ticks_add, ticks_diff

_MAX_EVENTS = const(4)


class Buttons:
    def __init__(self, pins, active_low=True, debounce_ms=20, delay_ms=400, repeat_ms=120, repeat=None):
        """pins: sequence of (name, pin). repeat: names that auto-repeat (None = all, () = none;
        a repeat_ms of 0 also turns repeats off)."""
        self._names = tuple(p[0] for p in pins)
        self._pins = tuple(p[1] for p in pins)
        n = len(self._pins)
        self._flip = 1 if active_low else 0
        self._debounce = debounce_ms
        self._delay = delay_ms
        self._every = repeat_ms
        self._repeats = bytearray(
            1 if repeat_ms > 0 and (repeat is None or name in repeat) else 0 for name in self._names
        )
        # Start from the levels now, so a button held at power-up is pressed() but only
        # reported by poll() once released and pressed again.
        self._raw = bytearray(self._read(i) for i in range(n))  # last reading, 1 = pressed
        self._state = bytearray(self._raw)  # debounced level
        self._since = [0] * n  # ticks when the reading last changed
        self._due = [0] * n  # ticks of the next auto-repeat
        self._armed = bytearray(n)  # 1 while a repeat is scheduled (pressed after startup)
        self._events = []

    def _read(self, i):
        return (self._pins[i].value() ^ self._flip) & 1

    def poll(self, now):
        """Names newly pressed (debounced) or auto-repeating at ticks `now`; the list is
        reused by the next call."""
        ev = self._events
        ev.clear()
        raw = self._raw
        state = self._state
        for i in range(len(raw)):
            v = self._read(i)
            if v != raw[i]:
                raw[i] = v
                self._since[i] = now
            if v != state[i]:
                if ticks_diff(now, self._since[i]) >= self._debounce:
                    if v:
                        if len(ev) == _MAX_EVENTS:
                            continue  # counts at the next poll
                        ev.append(self._names[i])
                        self._due[i] = ticks_add(now, self._delay)
                        self._armed[i] = self._repeats[i]
                    else:
                        self._armed[i] = 0
                    state[i] = v
            elif v and self._armed[i] and len(ev) < _MAX_EVENTS:
                late = ticks_diff(now, self._due[i])
                if late >= 0:
                    ev.append(self._names[i])
                    # Next due one period after this one was due, keeping the rhythm when
                    # polled often; after a long stall, one period from now instead of a
                    # burst of catch-up repeats.
                    if late >= self._every:
                        late = 0
                    self._due[i] = ticks_add(now, self._every - late)
        return ev

    def pressed(self, name):
        """True while the named button is held (debounced)."""
        names = self._names
        for i in range(len(names)):
            if names[i] == name:
                return self._state[i] == 1
        return False
