"""Stand-in for MicroPython's `machine` module (rp2 port), for running the firmware off the Pico.

Runs under CPython and under MicroPython (the headless runner imports it from /lib), so it
uses nothing but builtins. It keeps no clock: time belongs to the app's clock object.

Pin levels live in module tables keyed by pin id, so every `Pin(id)` object for one id sees
the same pad, and the simulator presses a button with `drive(id, 0)`. Bus traffic goes to
emulated devices the simulator attaches (see host_sim/panels.py):

    attach_spi(0, panel, dc=16, cs=17, rst=None)   # panel.spi_write(buf, dc_level, cs_level)
                                                   # panel.reset() when rst is driven low
    attach_i2c(0, 0x3C, panel)                     # panel.i2c_start(), .i2c_write(buf), .i2c_stop()

and `spi_bytes(id)` / `i2c_bytes(id)` count the bytes each bus carried. `reset_all()` forgets
every pin, device, counter and clock setting (for tests).
"""

_levels = {}  # pin id -> level an output drives
_driven = {}  # pin id -> level driven from outside (the simulator's buttons)
_modes = {}  # pin id -> mode
_pulls = {}  # pin id -> pull
_watchers = {}  # pin id -> [function(level)], called when an output changes level
_pwms = {}  # pin id -> PWM
_spi_devices = {}  # bus id -> [device, dc pin id, cs pin id]
_i2c_devices = {}  # bus id -> {addr: device}
_spi_bytes = {}  # bus id -> bytes written
_i2c_bytes = {}
_clocks = [125_000_000, 48_000_000]  # cpu, peripheral (MicroPython's rp2 default)
_objects = {}  # (kind, id) -> the one Pin/PWM/SPI/I2C object for it


def _one(cls, kind, id):
    # The rp2 port keeps pins, PWM channels and buses in static tables: Pin(5) is Pin(5),
    # and they cost no heap. The stand-in does the same, so a program that creates them
    # early (tools/apprun.py does, before its heap baseline) is measured as on a Pico.
    o = _objects.get((kind, id))
    if o is None:
        o = object.__new__(cls)
        _objects[(kind, id)] = o
    return o
_EMPTY = {}  # a default that costs no allocation per call (show() must allocate nothing)


def reset_all():
    """Forget every pin level, attached device, PWM, byte counter and clock setting."""
    for table in (_levels, _driven, _modes, _pulls, _watchers, _pwms, _spi_devices, _i2c_devices, _objects):
        table.clear()
    _spi_bytes.clear()
    _i2c_bytes.clear()
    _clocks[0] = 125_000_000
    _clocks[1] = 48_000_000


# -- the simulator's side ---------------------------------------------------------------


def drive(id, level):
    """Drive pin `id` from outside (1, 0, or None to let go, back to its pull)."""
    if level is None:
        _driven.pop(id, None)
    else:
        _driven[id] = 1 if level else 0


def level(id):
    """What pin `id` reads now: its output level, else the outside drive, else its pull."""
    mode = _modes.get(id)
    if (mode == 1 or mode == 2) and id in _levels:  # OUT, OPEN_DRAIN (no tuple: no allocation)
        return _levels[id]
    if id in _driven:
        return _driven[id]
    return 1 if _pulls.get(id) == Pin.PULL_UP else 0


def watch(id, fn):
    """Also call fn(level) whenever the firmware changes the output level of pin `id`
    (fn None: stop every watcher of that pin)."""
    if fn is None:
        _watchers.pop(id, None)
    elif id in _watchers:
        _watchers[id].append(fn)
    else:
        _watchers[id] = [fn]


def pwm(id):
    """The PWM driving pin `id`, or None (the simulator reads backlight duty from it)."""
    return _pwms.get(id)


def attach_spi(id, device, dc=None, cs=None, rst=None):
    """Connect `device` to SPI bus `id`: each write calls device.spi_write(buf, dc, cs)
    with the levels of pins `dc` and `cs` (0 when not given), and driving `rst` low calls
    device.reset()."""
    _spi_devices[id] = [device, dc, cs]
    if rst is not None:
        watch(rst, lambda v: v or device.reset())


def attach_i2c(id, addr, device):
    """Connect `device` at address `addr` on I2C bus `id`: each transaction calls
    device.i2c_start(), device.i2c_write(buf) for each buffer, device.i2c_stop()."""
    if id not in _i2c_devices:
        _i2c_devices[id] = {}
    _i2c_devices[id][addr] = device


class Sink:
    """A device that takes whatever a bus sends it and does nothing: for runs that only
    count the bytes (the emulators in panels.py turn them into pictures instead)."""

    def spi_write(self, buf, dc, cs):
        pass

    def reset(self):
        pass

    def i2c_start(self):
        pass

    def i2c_write(self, buf):
        pass

    def i2c_stop(self):
        pass


def spi_bytes(id=0):
    """Bytes written on SPI bus `id` since the last reset_all()."""
    return _spi_bytes.get(id, 0)


def i2c_bytes(id=0):
    """Bytes written on I2C bus `id` (payload, not the address byte) since reset_all()."""
    return _i2c_bytes.get(id, 0)


def _pin_id(pin):
    return pin.id if isinstance(pin, Pin) else pin


# -- the firmware's side ----------------------------------------------------------------


class Pin:
    IN = 0
    OUT = 1
    OPEN_DRAIN = 2
    ALT = 3
    PULL_UP = 1
    PULL_DOWN = 2
    IRQ_FALLING = 4
    IRQ_RISING = 8

    def __new__(cls, id, mode=-1, pull=-1, value=None):
        return _one(cls, 0, id)

    def __init__(self, id, mode=-1, pull=-1, value=None):
        self.id = id
        self.init(mode, pull, value)

    def init(self, mode=-1, pull=-1, value=None):
        id = self.id
        if value is not None:
            self._set(value)
        if mode != -1:
            _modes[id] = mode
        if pull != -1:
            if pull is None:
                _pulls.pop(id, None)
            else:
                _pulls[id] = pull

    def value(self, v=None):
        if v is None:
            return level(self.id)
        self._set(v)

    def __call__(self, v=None):
        if v is None:
            return level(self.id)
        self._set(v)

    def on(self):
        self._set(1)

    def off(self):
        self._set(0)

    def toggle(self):
        self._set(1 - _levels.get(self.id, 0))

    def _set(self, v):
        v = 1 if v else 0
        id = self.id
        old = _levels.get(id)
        _levels[id] = v
        if old != v and id in _watchers:
            for fn in _watchers[id]:
                fn(v)

    def __repr__(self):
        return "Pin(%r, mode=%s)" % (self.id, ("IN", "OUT", "OPEN_DRAIN", "ALT")[_modes.get(self.id, 0)])


class PWM:
    def __new__(cls, pin, freq=None, duty_u16=None, duty_ns=None, invert=False):
        return _one(cls, 1, _pin_id(pin))

    def __init__(self, pin, freq=None, duty_u16=None, duty_ns=None, invert=False):
        self.pin = _pin_id(pin)
        self._freq = 0
        self._duty = 0
        self.invert = invert
        self.init(freq, duty_u16)
        _pwms[self.pin] = self

    def init(self, freq=None, duty_u16=None, duty_ns=None, invert=None):
        if freq is not None:
            self._freq = freq
        if duty_u16 is not None:
            self._duty = duty_u16
        if invert is not None:
            self.invert = invert

    def freq(self, f=None):
        if f is None:
            return self._freq
        self._freq = f

    def duty_u16(self, d=None):
        if d is None:
            return self._duty
        if not 0 <= d <= 65535:
            raise ValueError("duty_u16 must be 0-65535")
        self._duty = d

    def deinit(self):
        self._duty = 0
        if _pwms.get(self.pin) is self:
            del _pwms[self.pin]


def _spi_rate(want):
    # The rate the RP2040's SPI block really runs at: the peripheral clock divided by an
    # even prescaler (2..254) times a post-divider (1..256), never above what was asked.
    clk = _clocks[1]
    pre = 2
    while pre < 254 and clk >= (pre + 2) * 256 * want:
        pre += 2
    post = 256
    while post > 1 and clk // (pre * (post - 1)) <= want:
        post -= 1
    return clk // (pre * post)


class SPI:
    MSB = 0
    LSB = 1

    def __new__(cls, id, *args, **kwargs):
        return _one(cls, 2, id)

    def __init__(self, id, baudrate=1_000_000, polarity=0, phase=0, bits=8, firstbit=0, sck=None,
                 mosi=None, miso=None):
        self.id = id
        self.sck = _pin_id(sck)
        self.mosi = _pin_id(mosi)
        self.miso = _pin_id(miso)
        self.init(baudrate, polarity, phase, bits, firstbit)

    def init(self, baudrate=None, polarity=None, phase=None, bits=None, firstbit=None, sck=None,
             mosi=None, miso=None):
        if baudrate is not None:
            self.baudrate = _spi_rate(baudrate)
        if polarity is not None:
            self.polarity = polarity
        if phase is not None:
            self.phase = phase
        if bits is not None:
            self.bits = bits
        if firstbit is not None:
            self.firstbit = firstbit

    def deinit(self):
        pass

    def write(self, buf):
        n = len(buf)
        _spi_bytes[self.id] = _spi_bytes.get(self.id, 0) + n
        dev = _spi_devices.get(self.id)
        if dev is not None:
            dc = 0 if dev[1] is None else level(dev[1])
            cs = 0 if dev[2] is None else level(dev[2])
            dev[0].spi_write(buf, dc, cs)

    def read(self, n, write=0):
        return bytes([0xFF] * n)

    def readinto(self, buf, write=0):
        for i in range(len(buf)):
            buf[i] = 0xFF

    def write_readinto(self, wbuf, rbuf):
        self.write(wbuf)
        self.readinto(rbuf)

    def __repr__(self):
        return "SPI(%d, baudrate=%d, polarity=%d, phase=%d, bits=%d, sck=%s, mosi=%s, miso=%s)" % (
            self.id, self.baudrate, self.polarity, self.phase, self.bits, self.sck, self.mosi, self.miso)


class I2C:
    def __new__(cls, id, *args, **kwargs):
        return _one(cls, 3, id)

    def __init__(self, id, scl=None, sda=None, freq=400_000, timeout=50000):
        self.id = id
        self.scl = _pin_id(scl)
        self.sda = _pin_id(sda)
        self.freq = freq

    def init(self, scl=None, sda=None, freq=None):
        if freq is not None:
            self.freq = freq

    def scan(self):
        return sorted(_i2c_devices.get(self.id, _EMPTY))

    def _device(self, addr):
        dev = _i2c_devices.get(self.id, _EMPTY).get(addr)
        if dev is None:
            raise OSError(5)  # EIO: nobody acknowledged the address, as on the rp2 port
        return dev

    def writeto(self, addr, buf, stop=True):
        dev = self._device(addr)
        _i2c_bytes[self.id] = _i2c_bytes.get(self.id, 0) + len(buf)
        dev.i2c_start()
        dev.i2c_write(buf)
        if stop:
            dev.i2c_stop()
        return len(buf)

    def writevto(self, addr, vector, stop=True):
        dev = self._device(addr)
        dev.i2c_start()
        n = 0
        for buf in vector:
            n += len(buf)
            dev.i2c_write(buf)
        if stop:
            dev.i2c_stop()
        _i2c_bytes[self.id] = _i2c_bytes.get(self.id, 0) + n
        return n

    def readfrom(self, addr, n, stop=True):
        self._device(addr)
        return bytes(n)

    def readfrom_into(self, addr, buf, stop=True):
        self._device(addr)
        for i in range(len(buf)):
            buf[i] = 0


SoftI2C = I2C


def freq(*a):
    """freq() -> CPU Hz; freq(cpu) or freq(cpu, peripheral) sets them. SPI rates follow
    the peripheral clock (48 MHz until raised), as on the rp2 port."""
    if not a:
        return _clocks[0]
    _clocks[0] = a[0]
    if len(a) > 1:
        _clocks[1] = a[1]


def reset():
    raise SystemExit("machine.reset()")


def soft_reset():
    raise SystemExit("machine.soft_reset()")


def unique_id():
    return b"\xe6\x60\x58\x38\x83\x1c\x23\x2a"


def idle():
    pass


def disable_irq():
    return 0


def enable_irq(state=0):
    pass
