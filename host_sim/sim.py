"""The simulated handheld: the firmware of one board running on stand-in hardware.

The firmware runs unchanged: `machine` and (under CPython) `framebuf` are the
stand-ins of this package, the display driver's bus traffic goes to an
emulated panel (host_sim/panels.py), buttons are pins driven from outside,
and the flash is a folder. Only the clock belongs to the simulator: headless
runs use virtual time, so a scripted press takes no real time.
"""

import contextlib
import os
import tempfile
import time

import host_sim  # noqa: F401  (puts firmware/ on sys.path)
from compat import ticks_add, ticks_diff
from host_sim import png


class Stop(BaseException):
    """Ends the simulated run (a BaseException, so the firmware's error screen does not catch it)."""


# keyboard keys for the logical keys, given to the first button that has each
LOGICAL_KEYS = {
    "up": ("up",),
    "down": ("down",),
    "left": ("left",),
    "right": ("right",),
    "ok": ("return", "space"),
    "back": ("escape", "backspace"),
}


class Handheld:
    """One board: its profile, the opened device, the emulated panel and the flash folder."""

    def __init__(self, board, save_dir=None):
        import boards
        from host_sim import machine, panels

        self.profile = p = boards.load(board)
        machine.reset_all()
        d = p.DISPLAY
        if d["driver"] == "st7789":
            self.panel = panels.ST7789Panel(madctl=d["madctl"], invert=d["invert"])
            machine.attach_spi(d["spi"], self.panel, dc=d["dc"], cs=d["cs"], rst=d.get("rst"))
        else:
            self.panel = panels.SSD1306Panel()
            machine.attach_i2c(d["i2c"], d["addr"], self.panel)
        self.machine = machine
        self.pins = dict(p.BUTTONS)
        self.active = 0 if p.BUTTON_ACTIVE_LOW else 1
        for gpio in self.pins.values():
            machine.drive(gpio, 1 - self.active)
        if save_dir:
            os.makedirs(save_dir, exist_ok=True)
            self.root = save_dir
        else:
            self.root = tempfile.mkdtemp(prefix="level10-flash-")
        from hw import device

        self.device = device.open(p)

    def button_names(self):
        return [name for name, _ in self.profile.BUTTONS]

    def hold(self, name, down):
        if name not in self.pins:
            raise ValueError(
                "board %s has no button %r; its buttons are %s"
                % (self.profile.NAME, name, " ".join(self.button_names()))
            )
        self.machine.drive(self.pins[name], self.active if down else 1 - self.active)

    def screen(self):
        """(width, height, rgb bytes) of what the panel shows now."""
        d = self.profile.DISPLAY
        if d["driver"] == "st7789":
            rgb = self.panel.rgb888(d["x_offset"], d["y_offset"], d["width"], d["height"])
        else:
            rgb = self.panel.rgb888()
        return d["width"], d["height"], rgb

    def screenshot(self, path):
        w, h, rgb = self.screen()
        with open(path, "wb") as f:
            f.write(png.encode(w, h, rgb))

    def run(self, clock):
        """Run the firmware's own main loop until the clock raises Stop."""
        from app.run import main

        self.apps = []  # each App the firmware started (more than one after an error screen)
        self.restarts = 0  # soft resets (a switch to another game)
        with contextlib.suppress(Stop):
            while True:
                try:
                    main(
                        self.profile,
                        clock=clock,
                        root=self.root,
                        device=self.device,
                        on_start=self.apps.append,
                    )
                except SystemExit:  # machine.soft_reset: the firmware starts again, as main.py would
                    self.restarts += 1


class VirtualClock:
    """MicroPython's ticks functions over virtual time; `sleep_ms` lets `step` act."""

    def __init__(self):
        self.t = 0

    def ticks_ms(self):
        return ticks_add(0, self.t)

    def ticks_diff(self, a, b):
        return ticks_diff(a, b)

    def ticks_add(self, a, b):
        return ticks_add(a, b)

    def sleep_ms(self, ms):
        self.t += ms
        self.step()

    def step(self):
        pass


class Script(VirtualClock):
    """Presses the named buttons in order (held `hold` ms, then `gap` ms apart), then stops.
    With `more`, when the presses run out it calls more(handheld) for the next button
    name (None: stop), so a test can play by looking at the screen it is on."""

    def __init__(self, handheld, presses, hold=60, gap=90, settle=300, more=None):
        super().__init__()
        self.hh = handheld
        self.hold_ms = hold
        self.gap = gap
        self.more = more
        for name in presses:
            handheld.hold(name, False)  # a bad name fails here, before anything runs
        self.events = []
        self.end = settle
        for name in presses:
            self.add(name)
        self.end += settle - gap
        self.next = 0

    def add(self, name):
        t = self.end
        self.events.append((t, name, True))
        self.events.append((t + self.hold_ms, name, False))
        self.end = t + self.hold_ms + self.gap

    def step(self):
        ev = self.events
        while self.next < len(ev) and ev[self.next][0] <= self.t:
            _, name, down = ev[self.next]
            self.hh.hold(name, down)
            self.next += 1
        if self.t >= self.end:
            name = self.more(self.hh) if self.more else None
            if name is None:
                raise Stop
            self.add(name)


def headless(board, presses, screenshot=None, save_dir=None):
    hh = Handheld(board, save_dir)
    hh.run(Script(hh, presses))
    if screenshot:
        hh.screenshot(screenshot)
    return hh


def key_bindings(profile):
    """keyboard key name -> button name, and a line saying so for the window title."""
    binds = {}
    for name, _ in profile.BUTTONS:
        if len(name) == 1:
            binds[name.lower()] = name
    for logical, keys in LOGICAL_KEYS.items():
        for name, _ in profile.BUTTONS:
            if profile.KEYS.get(name) == logical:
                for k in keys:
                    binds.setdefault(k, name)
                break
    by_button = {}
    for k, name in binds.items():
        by_button.setdefault(name, []).append(k)
    text = "  ".join(name + "=" + "/".join(ks) for name, ks in by_button.items())
    return binds, text


class NoDisplay(Exception):
    """There is no screen to open a window on; str() says why."""


# SDL's drivers that draw into memory: a window there would run unseen until killed
INVISIBLE_DRIVERS = ("dummy", "offscreen")


def no_display(environ, platform):
    """Why a window cannot be seen here, judged from the environment before SDL starts
    (SDL would fall back to an invisible driver and the simulator run unseen), or None."""
    driver = environ.get("SDL_VIDEODRIVER", "")
    if driver in INVISIBLE_DRIVERS:
        return "SDL_VIDEODRIVER=%s draws nowhere" % driver
    if driver or not platform.startswith(("linux", "freebsd", "openbsd", "netbsd")):
        return None  # a driver chosen by hand, or a desktop that needs no variable
    if not environ.get("DISPLAY") and not environ.get("WAYLAND_DISPLAY"):
        return "neither DISPLAY nor WAYLAND_DISPLAY is set"
    return None


class Window(VirtualClock):
    """Real time in a pygame window: keys press the board's buttons, the panel is drawn scaled."""

    def __init__(self, handheld, scale=None):
        super().__init__()
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        import pygame

        self.pg = pygame
        self.hh = handheld
        w, h, _ = handheld.screen()
        self.scale = scale or (3 if w > 128 else 5)
        pygame.display.init()  # only the display: no sound, so no audio device needed
        self.surface = pygame.display.set_mode((w * self.scale, h * self.scale))
        self.binds, text = key_bindings(handheld.profile)
        pygame.display.set_caption("Level 10 - %s - keys: %s" % (handheld.profile.TITLE, text))
        self.start = time.monotonic()
        self.shown = None

    def sleep_ms(self, ms):
        time.sleep(ms / 1000)
        self.t = int((time.monotonic() - self.start) * 1000)
        pg = self.pg
        for ev in pg.event.get():
            if ev.type == pg.QUIT:
                raise Stop
            if ev.type in (pg.KEYDOWN, pg.KEYUP):
                name = self.binds.get(pg.key.name(ev.key))
                if name:
                    self.hh.hold(name, ev.type == pg.KEYDOWN)
        w, h, rgb = self.hh.screen()
        if rgb != self.shown:
            self.shown = rgb
            img = pg.image.frombuffer(bytes(rgb), (w, h), "RGB")
            self.surface.blit(pg.transform.scale(img, (w * self.scale, h * self.scale)), (0, 0))
            pg.display.flip()


def window(board, save_dir=None, scale=None):
    """Play in a window until it is closed; NoDisplay when SDL finds no screen to show it on."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    pygame.display.init()
    driver = pygame.display.get_driver()
    if driver in INVISIBLE_DRIVERS:
        pygame.display.quit()
        raise NoDisplay("SDL found no screen and chose its %r driver" % driver)
    hh = Handheld(board, save_dir or default_save_dir(board))
    hh.run(Window(hh, scale))


def default_save_dir(board):
    """Where the windowed simulator keeps a board's flash between runs."""
    base = os.environ.get("XDG_STATE_HOME") or os.path.join(os.path.expanduser("~"), ".local", "state")
    return os.path.join(base, "level10-sim", board)
