"""The handheld app: which screen is up, keys in, frames out, and idle sleep.

`App` knows no pins and no clock: the run loop (app/run.py) or the simulator
hands it logical keys and the time in milliseconds. Saves, statistics and
settings go through the flash store given to it.

Memory is the Pico's scarcest resource: a loaded module's code lives in the
heap. So screens import what they need when they open, and `forget` unloads
what the screen now showing does not use (menus while playing, the table
while in menus, statistics code except while counting or showing them).
"""

import sys

from app.games import GAMES
from compat import const, ticks_diff
from ui.paint import Painter

_MINUTE = const(60000)


def forget(*names):
    """Unload modules (their code is freed once nothing uses it)."""
    for name in names:
        if name in sys.modules:
            del sys.modules[name]
            cut = name.rfind(".")
            parent = sys.modules.get(name[:cut]) if cut > 0 else None
            if parent is not None and hasattr(parent, name[cut + 1 :]):
                delattr(parent, name[cut + 1 :])


def drop(*names):
    """`forget` for modules whose code nothing will run again, emptied first on
    MicroPython. Its collector is conservative: a word that only looks like the address of
    one of a module's functions (a game state's bytes can) keeps that function, and
    through the module's globals all of its code; an emptied module keeps nothing else.
    On the host the simulator and the tests share these modules with the app, so they
    are only unloaded there."""
    gone = [sys.modules.get(name) for name in names] if sys.implementation.name == "micropython" else ()
    forget(*names)
    for m in gone:
        if m is not None:
            m.__dict__.clear()


def _load(store, name, decode, fallback):
    """Read one stored file and `decode` it; a damaged one gives the fallback and a note
    for the player."""
    try:
        data = store.read(name)
        return (decode(data) if data is not None else fallback()), None
    except ValueError as e:  # Damaged too
        store.clear_damaged(name)
        return fallback(), str(e)


class Flash:
    """The flash store (app/store.py) as the App keeps it: what the store knows of the
    files (the newest copy of each name, the folder made) is kept here, and its code is
    loaded for each call and let go after it, so that no screen at rest holds it (2.7 KB).
    With `keep` (a board with heap to spare) the code stays: a save then loads nothing.
    Its names are the store's own or built in: Level 10 on a Pico is a few names short
    of a 4.4 KB name pool (docs/device.md)."""

    def __init__(self, root="/", keep=False):
        self.root = root
        self.keep = keep  # then the Store itself, once made
        self.copies = {}
        self.made = False

    def __call__(self, what, *args):
        """The store's method `what` called with `args`."""
        s = self.keep
        if s is True or s is False:
            from app.store import Store

            s = Store(self.root, None, self.copies, self.made)
            if self.keep:
                self.keep = s
        try:
            return getattr(s, what)(*args)
        finally:
            self.made = s.made
            if not self.keep:
                drop("app.store")

    def read(self, name):
        return self("read", name)

    def write(self, name, data):
        self("write", name, data)

    def remove(self, name):
        self("remove", name)

    def clear_damaged(self, name):
        self("clear_damaged", name)


class App:
    def __init__(self, display, store, labels=None, device=None, now=0):
        self.p = Painter(display)
        self.store = store
        self.labels = labels or {}  # logical key -> this board's button name ("ok" -> "A")
        self.device = device  # hw.device.Device: backlight and panel power (None in some tests)
        from app import settings

        # the note (a damaged file's) is told once
        self.settings, self.note = settings.load(store)
        forget("app.settings")  # the values stay (their class is app.prefs')
        self.entropy = now & 0x3FFFFFFF
        self.last = now
        self.awake = True
        self.screen = None
        self.full = True
        self.changed = False  # a screen's tick changed what it shows; not drawn yet
        self.due = None  # what waits for the frame to be shown (`later`)
        self.playing = 0  # the game (its row of GAMES) whose screens are up
        self.opened = None  # the entry module of the game opened since power-up (app/title.py)
        self.apply_settings()
        self.home(resume=True)
        self.render()

    # screens

    def go(self, screen):
        self.screen = screen
        self.full = True

    def render(self):
        self.screen.draw(self, self.full)
        self.full = self.changed = False
        self.p.flush()
        self.settle()

    def later(self, fn):
        """Call `fn(app)` once the frame being made is on the screen, before the next key:
        a move's save, which the player need not wait for to see the move. A power cut in
        between loses that move, as one during its save would."""
        self.due = fn

    def settle(self):
        fn = self.due
        if fn is not None:
            self.due = None
            fn(self)

    def game(self, i=None):
        """The entry module of game `i` of the GAMES table (default: the one being played),
        imported when first needed. A game's screens go back to its menus through this:
        the menus import the screens, never the other way."""
        if i is None:
            i = self.playing
        name = GAMES[i][1]
        __import__(name)
        return sys.modules[name]

    def home(self, resume=False):
        """The title menu; on power-up, straight back into a saved game if there is one."""
        if len(GAMES) == 1:
            g = self.game()
            if not (resume and g.resume(self)):
                self.go(g.menu(self))
            return
        from app import title  # the games menu: its code only while it is up

        title.home(self, resume, forget)
        forget("app.title")

    def button(self, k):
        """What the player presses for logical key `k` on this board."""
        return self.labels.get(k, k)

    # input and time

    def key(self, k, now):
        self.entropy = (self.entropy * 33 + now + 1) & 0x3FFFFFFF
        self.last = now
        if not self.awake:  # the press that wakes the screen does nothing else
            self.awake = True
            (self.device or self.p.d).power(True)
            self.apply_settings()
            return
        self.screen.key(self, k)
        self.render()

    def tick(self, now):
        """Called often by the run loop: puts the screen to sleep when idle, and hands the
        time to a screen that moves by itself (Watch a game, the bots' turns). What changes
        without a key is drawn here, as `key` draws what a key changed: another screen put
        up (`go`), or a screen whose tick returns True. Nothing else is drawn: a whole
        frame costs the Pico dearly, and a screen asleep is drawn once it wakes."""
        after = self.settings.sleep_after
        if self.awake and after and ticks_diff(now, self.last) >= after * _MINUTE:
            self.sleep()
        t = getattr(self.screen, "tick", None)
        if t and t(self, now):
            self.changed = True
        if self.awake and (self.changed or self.full):
            self.render()
        self.settle()  # asleep, nothing is drawn: what waited for the frame waits no more

    def sleep(self):
        self.awake = False
        (self.device or self.p.d).power(False)  # the device also dims the backlight

    def apply_settings(self):
        if self.device:
            self.device.backlight(self.settings.brightness)

    # persistence

    def save_settings(self):
        from app import settings

        self.store.write(settings.FILE, settings.encode(self.settings))
        forget("app.settings")

    def load(self, name, decode, fallback):
        """Stored file `name` decoded by `decode`, or `fallback()` when there is none; a
        damaged one is removed and the player told once (a game's statistics, say)."""
        value, note = _load(self.store, name, decode, fallback)
        self.note = self.note or note
        return value
