"""Virtual time that presses the handheld's keys, for the tests that run the firmware's
own loop in the simulator (host_sim.sim.Handheld.run): whenever no button is held it asks
`plan(app, t)` for the next logical key. None lets time pass, STOP ends the run. A key is
held 60 ms, then nothing is pressed for 90 ms."""

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
