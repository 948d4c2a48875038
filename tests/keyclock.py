"""Pressing the handheld's keys in tests.

KeyClock: virtual time for the firmware's own loop in the simulator
(host_sim.sim.Handheld.run): whenever no button is held it asks `plan(app, t)` for the
next logical key. None lets time pass, STOP ends the run. A key is held 60 ms, then
nothing is pressed for 90 ms. Keys: logical keys straight to an App, without the loop."""

from host_sim import sim
from host_sim.autoplay import button

STOP = object()


class KeyClock(sim.VirtualClock):
    """`limit`: virtual ms after which the run fails (a game that never ends)."""

    def __init__(self, hh, plan, limit=0):
        super().__init__()
        self.hh = hh
        self.plan = plan
        self.limit = limit
        self.held = None
        self.free = 300

    def step(self):
        if self.held and self.t >= self.held[0]:
            self.hh.hold(self.held[1], False)
            self.held = None
            self.free = self.t + 90
        if self.held or self.t < self.free:
            return
        if self.limit and self.t > self.limit:
            raise AssertionError("the game did not end in virtual time")
        k = self.plan(self.hh.apps[-1], self.t)
        if k is STOP:
            raise sim.Stop
        if k:
            name = button(self.hh.profile, k)
            self.hh.hold(name, True)
            self.held = (self.t + 60, name)


class Keys:
    """Logical keys straight to App.key, 200 ms of made-up time apart, for tests that
    drive an App without the main loop. `ticks`: the app's tick runs before each key (as
    the loop would call it), so screens that act on time (bots) get their turn."""

    ticks = True

    def __init__(self, app):
        self.app = app
        self.now = 0

    def __call__(self, *ks):
        for k in ks:
            self.now += 200
            if self.ticks:
                self.app.tick(self.now)
            self.app.key(k, self.now)

    def wait(self, ms):
        """Let `ms` of made-up time pass, ticking every 10 ms."""
        for _ in range(ms // 10):
            self.now += 10
            self.app.tick(self.now)
