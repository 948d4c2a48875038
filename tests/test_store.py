"""app.store: two slots per name, and a power cut at every instant of a write.

The fake flash below counts every step that changes the flash (opening a file for
writing, each byte written, flush, close, sync, remove, mkdir) and can die at any one of
them. It models three kinds of flash: "eager" (each byte lands at once and opening for
writing empties the file at once, like FAT), "atomic" (a file changes only when it is
closed, like LittleFS) and "junk" (eager, and the byte where the cut falls is left
garbled, as on a NOR flash interrupted mid-program). The same fake runs under the real
MicroPython too (its source is sent along, between the two marker lines).
"""

import binascii
import os
import random
from pathlib import Path

import pytest

from app import store as store_mod
from app.store import _MAX_SIZE as MAX_SIZE
from app.store import Damaged, Store, crc16
from tools import micropython as mpy

# --- fake flash (runs under MicroPython too) ---


class PowerCut(Exception):
    """The power went off: the flash keeps what it had, the program stops."""


class FakeFile:
    def __init__(self, flash, path, mode):
        self.flash = flash
        self.path = path
        self.writing = "w" in mode
        self.buf = bytearray()
        self.pos = 0
        if self.writing:
            flash.step()
            if not flash.atomic:
                flash.files[path] = b""  # opening for writing empties the file at once
        elif path not in flash.files:
            raise OSError(2)
        else:
            self.buf = bytearray(flash.files[path])

    def read(self, n=-1):
        self.flash.alive()
        end = len(self.buf) if n < 0 else min(len(self.buf), self.pos + n)
        out = bytes(self.buf[self.pos : end])
        self.pos = end
        return out

    def write(self, data):
        flash = self.flash
        flash.alive()
        room = len(data) if flash.cut_at is None else flash.cut_at - flash.steps
        if room >= len(data):
            self.buf += data
            flash.steps += len(data)
            flash.bytes += len(data)
            if not flash.atomic:
                flash.files[self.path] = bytes(self.buf)
            return len(data)
        self.buf += data[:room]
        flash.steps += room
        flash.bytes += room
        if not flash.atomic:
            if flash.junk is not None:
                self.buf.append(flash.junk ^ data[room])
            flash.files[self.path] = bytes(self.buf)
        flash.dead = True
        raise PowerCut()

    def flush(self):
        if self.writing:
            self.flash.step()

    def close(self):
        if self.writing:
            self.flash.step()
            self.writing = False
            if self.flash.atomic:
                self.flash.files[self.path] = bytes(self.buf)


class FakeFlash:
    """Files by path that survive a PowerCut; `cut_at` is the step that never happens."""

    def __init__(self, kind="eager"):
        self.files = {}
        self.atomic = kind == "atomic"
        self.junk = 0x5A if kind == "junk" else None  # XORed into the byte being cut
        self.steps = 0
        self.bytes = 0
        self.cut_at = None
        self.dead = False

    def alive(self):
        if self.dead:
            raise PowerCut()

    def step(self):
        self.alive()
        if self.cut_at is not None and self.steps >= self.cut_at:
            self.dead = True
            raise PowerCut()
        self.steps += 1

    def reboot(self):
        self.dead = False
        self.cut_at = None

    def snapshot(self):
        return dict(self.files)

    def open(self, path, mode):
        self.alive()
        return FakeFile(self, path, mode)

    def remove(self, path):
        if path not in self.files:
            self.alive()
            raise OSError(2)
        self.step()
        del self.files[path]

    def mkdir(self, path):
        self.step()

    def sync(self):
        self.step()


def cut_write(flash, snap, do, k):
    """Put the flash back to `snap`, run do(Store on it) dying at step k from there,
    reboot, and return what a fresh Store reads (or the Damaged)."""
    flash.files = dict(snap)
    flash.reboot()
    st = Store("/", flash)
    st.read("game")  # what the app does at power-up, before it writes
    flash.cut_at = flash.steps + k
    completed = True
    try:
        do(st)
    except PowerCut:
        completed = False
    flash.reboot()
    try:
        got = Store("/", flash).read("game")
    except Damaged as e:
        got = e
    return got, completed


# --- end fake flash ---

KINDS = ("eager", "atomic", "junk")


def slot(name, seq, payload, length=None):
    """A slot file built from the documented format, independently of the store."""
    n = len(payload) if length is None else length
    head = b"L\x10" + bytes([seq & 0xFF, seq >> 8, n & 0xFF, n >> 8])
    crc = binascii.crc_hqx(name.encode() + head + payload, 0xFFFF)
    return head + bytes([crc & 0xFF, crc >> 8]) + payload


def payloads(n, seed=7):
    rng = random.Random(seed)
    sizes = [0, 1, 13, 112, 7, 40]
    return [bytes(rng.randrange(256) for _ in range(sizes[i % len(sizes)])) for i in range(n)]


# -- the checksum and the format --------------------------------------------


def test_crc16_is_ccitt():
    assert crc16(b"123456789") == 0x29B1  # the CRC-16/CCITT-FALSE check value
    rng = random.Random(1)
    for n in range(0, 300, 7):
        data = bytes(rng.randrange(256) for _ in range(n))
        assert crc16(data) == binascii.crc_hqx(data, 0xFFFF)
        assert crc16(data[n // 2 :], crc16(data[: n // 2])) == crc16(data)


def test_slot_format_is_as_documented():
    flash = FakeFlash()
    st = Store("/", flash)
    st.write("game", b"hello")
    assert flash.files == {"/game.a": slot("game", 1, b"hello")}
    st.write("game", b"world!")
    assert flash.files["/game.b"] == slot("game", 2, b"world!")
    st.remove("game")
    assert flash.files["/game.a"] == slot("game", 3, b"", 0xFFFF)


# -- plain use --------------------------------------------------------------


def test_absent_is_none_and_round_trip():
    flash = FakeFlash()
    st = Store("/", flash)
    assert st.read("game") is None
    for p in payloads(12):
        st.write("game", p)
        assert st.read("game") == p
        assert Store("/", flash).read("game") == p  # after a reboot too
    st.write("stats", b"s")
    assert st.read("stats") == b"s" and st.read("game") == p


def test_writes_alternate_slots_and_cost_payload_plus_8():
    flash = FakeFlash()
    st = Store("/", flash)
    used = []
    for i, p in enumerate(payloads(6)):
        before = dict(flash.files)
        st.write("game", p)
        changed = [k for k in flash.files if flash.files[k] != before.get(k)]
        assert len(changed) == 1
        used.append(changed[0])
        assert flash.files[changed[0]] == slot("game", i + 1, p)
    assert used == ["/game.a", "/game.b"] * 3
    assert st.written == flash.bytes == sum(len(p) + 8 for p in payloads(6))


def test_rebooted_store_keeps_alternating():
    flash = FakeFlash()
    Store("/", flash).write("game", b"one")
    Store("/", flash).write("game", b"two")  # each a fresh Store: it reads before writing
    Store("/", flash).write("game", b"three")
    assert flash.files["/game.a"] == slot("game", 3, b"three")
    assert flash.files["/game.b"] == slot("game", 2, b"two")


def test_sequence_numbers_wrap():
    flash = FakeFlash()
    flash.files["/game.a"] = slot("game", 0xFFFF, b"old")
    flash.files["/game.b"] = slot("game", 0xFFFE, b"older")
    st = Store("/", flash)
    assert st.read("game") == b"old"
    st.write("game", b"new")  # goes to b as sequence 0, which is newer than 0xFFFF
    assert flash.files["/game.b"] == slot("game", 0, b"new")
    assert Store("/", flash).read("game") == b"new"
    st.write("game", b"newer")
    assert flash.files["/game.a"] == slot("game", 1, b"newer")
    assert Store("/", flash).read("game") == b"newer"


def test_remove_then_read_none_then_write_again():
    flash = FakeFlash()
    st = Store("/", flash)
    st.remove("game")  # nothing there: nothing written
    assert flash.files == {} and st.written == 0
    st.write("game", b"x")
    st.remove("game")
    assert st.read("game") is None and Store("/", flash).read("game") is None
    st.write("game", b"y")
    assert Store("/", flash).read("game") == b"y"


def test_too_big_is_refused():
    st = Store("/", FakeFlash())
    st.write("game", bytes(MAX_SIZE))
    with pytest.raises(ValueError):
        st.write("game", bytes(MAX_SIZE + 1))
    assert st.read("game") == bytes(MAX_SIZE)


def test_folder_root_is_made_once():
    flash = FakeFlash()
    st = Store("/data", flash)
    st.write("game", b"1")
    st.write("game", b"2")
    assert sorted(flash.files) == ["/data/game.a", "/data/game.b"]
    assert flash.steps == 1 + 2 * (1 + 9 + 3)  # mkdir, then open + bytes + flush/close/sync


# -- power cuts ---------------------------------------------------------------


def steps_of(do, snap, kind):
    """How many steps `do` takes on a flash holding `snap`."""
    flash = FakeFlash(kind)
    flash.files = dict(snap)
    st = Store("/", flash)
    st.read("game")
    start = flash.steps
    do(st)
    return flash.steps - start


@pytest.mark.parametrize("kind", KINDS)
def test_power_cut_at_every_step_of_every_write(kind):
    """Die at every step of each of a run of writes (and of a remove): a fresh Store
    then reads the previous payload or the new one, never Damaged, never anything else."""
    flash = FakeFlash(kind)
    before = None
    ops = [(p, lambda s, p=p: s.write("game", p)) for p in payloads(7)]
    ops.append((None, lambda s: s.remove("game")))
    ops.append((b"after", lambda s: s.write("game", b"after")))
    cuts = 0
    for i, (new, do) in enumerate(ops):
        snap = flash.snapshot()
        total = steps_of(do, snap, kind)
        for k in range(total + 1):
            got, completed = cut_write(flash, snap, do, k)
            if kind == "junk" and i == 0 and k == total - 4:
                # the very first write garbled at its last byte: indistinguishable from
                # a damaged file (documented in app.store)
                assert isinstance(got, Damaged)
                continue
            assert not isinstance(got, Damaged), (kind, new, k, got)
            assert got in (before, new), (kind, new, k)
            if completed:
                assert got == new and k == total
            cuts += 1
        flash.files = snap
        flash.reboot()
        do(Store("/", flash))
        before = new
    assert cuts > 250


@pytest.mark.parametrize("kind", KINDS)
def test_a_second_cut_after_reboot(kind):
    """Die during a write, reboot, then die at every step of the next write: still the
    last complete payload or the new one."""
    flash = FakeFlash(kind)
    Store("/", flash).write("game", b"first")
    Store("/", flash).write("game", b"second")
    base = flash.snapshot()
    first = lambda s: s.write("game", b"third!")
    second = lambda s: s.write("game", b"fourth")
    n1 = steps_of(first, base, kind)
    for k1 in range(n1):
        got, _ = cut_write(flash, base, first, k1)
        assert got in (b"second", b"third!")
        snap = flash.snapshot()
        n2 = steps_of(second, snap, kind)
        for k2 in range(n2 + 1):
            got2, _ = cut_write(flash, snap, second, k2)
            assert got2 in (got, b"fourth"), (k1, k2, got2)


def test_cut_between_writing_and_closing():
    """All bytes written, the cut falls at flush, close or sync."""
    for kind in KINDS:
        flash = FakeFlash(kind)
        Store("/", flash).write("game", b"old")
        snap = flash.snapshot()
        do = lambda s: s.write("game", b"new one")
        total = steps_of(do, snap, kind)
        assert total == 1 + 15 + 3
        for k in (total - 3, total - 2, total - 1):
            got, completed = cut_write(flash, snap, do, k)
            assert not completed
            # the bytes are down on an eager flash; an atomic one has them once closed
            landed = kind != "atomic" or k == total - 1
            assert got == (b"new one" if landed else b"old"), (kind, k)


# -- damage -----------------------------------------------------------------


def two_copies():
    flash = FakeFlash()
    st = Store("/", flash)
    st.write("game", b"older copy")
    st.write("game", b"newest copy")
    return flash


def test_flipped_byte_in_newest_falls_back_to_older():
    for i in range(len(slot("game", 2, b"newest copy"))):
        flash = two_copies()
        data = bytearray(flash.files["/game.b"])
        data[i] ^= 0x01
        flash.files["/game.b"] = bytes(data)
        got = Store("/", flash).read("game")
        assert got == b"older copy", i


def test_truncated_newest_falls_back_to_older():
    flash = two_copies()
    whole = flash.files["/game.b"]
    for n in range(len(whole)):
        flash.files["/game.b"] = whole[:n]
        assert Store("/", flash).read("game") == b"older copy"


@pytest.mark.parametrize(
    "spoil",
    [
        lambda d: d[:5] + bytes([d[5] ^ 0x10]) + d[6:],  # a flipped bit
        lambda d: d[: len(d) - 3],  # truncated
        lambda d: d + b"\x00",  # a byte too many
        lambda d: b"",  # emptied
        lambda d: b"print('hello')\n",  # a foreign file
        lambda d: bytes(len(d)),  # zeroed
        lambda d: b"\xff" * len(d),  # erased flash
        lambda d: b"L\x10\x01\x00\xff\x7f\x00\x00",  # our magic, absurd length
    ],
)
def test_both_slots_bad_is_damaged(spoil):
    flash = two_copies()
    for path in ("/game.a", "/game.b"):
        flash.files[path] = spoil(flash.files[path])
    st = Store("/", flash)
    with pytest.raises(Damaged) as e:
        st.read("game")
    assert isinstance(e.value, ValueError)
    assert 0 < len(str(e.value)) <= 24
    st.clear_damaged("game")
    assert st.read("game") is None and flash.files == {}
    st.write("game", b"fresh")
    assert Store("/", flash).read("game") == b"fresh"


def test_lone_damaged_or_foreign_file_is_damaged():
    for data in (slot("game", 1, b"abc")[:-1] + b"\x00", b"#!/bin/sh\necho hi\n", slot("stats", 1, b"abc")):
        flash = FakeFlash()
        flash.files["/game.b"] = data
        with pytest.raises(Damaged):
            Store("/", flash).read("game")


def test_lone_cut_short_first_write_reads_as_nothing():
    whole = slot("game", 1, b"payload")
    for n in range(len(whole)):
        flash = FakeFlash()
        flash.files["/game.a"] = whole[:n]
        assert Store("/", flash).read("game") is None


def test_writing_over_damage_works():
    flash = two_copies()
    flash.files["/game.a"] = b"junk"
    flash.files["/game.b"] = b"more junk"
    st = Store("/", flash)
    st.write("game", b"new")  # no valid copy: goes to slot a
    assert Store("/", flash).read("game") == b"new"
    st.write("game", b"newer")
    assert Store("/", flash).read("game") == b"newer"


# -- the real file system -------------------------------------------------------


def test_real_files(tmp_path):
    root = str(tmp_path / "data")
    st = Store(root)
    assert st.read("game") is None
    for p in payloads(5):
        st.write("game", p)
        assert Store(root).read("game") == p
    assert sorted(os.listdir(root)) == ["game.a", "game.b"]
    Path(root, "game.a").write_bytes(b"junk")
    Path(root, "game.b").write_bytes(b"junk")
    with pytest.raises(Damaged):
        Store(root).read("game")
    Store(root).clear_damaged("game")
    assert os.listdir(root) == []


def test_no_sync_on_cpython():
    assert store_mod._sync is None


# -- the same bytes under the real MicroPython ------------------------------------

PARITY = r"""
from app.store import Store, Damaged, crc16

def hx(b):
    return "".join("%02x" % c for c in b)

def dump(root, name):
    out = []
    for ext in (".a", ".b"):
        try:
            with open(root + name + ext, "rb") as f:
                out.append(hx(f.read()))
        except OSError:
            out.append("-")
    return " ".join(out)

st = Store(ROOT)
print(st.read("game"))
for i in range(6):
    st.write("game", bytes(range(i * 9)))
    print(dump(ROOT + "/", "game"), hx(st.read("game")))
st.remove("game")
print(dump(ROOT + "/", "game"), Store(ROOT).read("game"))
st.write("stats", b"\x00\xff" * 20)
st.write("stats", b"\x01" * 7)
print(dump(ROOT + "/", "stats"), st.written)
with open(ROOT + "/stats.a", "wb") as f:
    f.write(b"junk")
print(hx(Store(ROOT).read("stats")))
with open(ROOT + "/stats.b", "wb") as f:
    f.write(b"junk")
try:
    Store(ROOT).read("stats")
except Damaged as e:
    print("damaged", e, isinstance(e, ValueError))
print(crc16(b"123456789"), crc16(bytes(range(256))))

# the fake flash: die at every step of a write, read back after the reboot
flash = FakeFlash(KIND)
Store("/", flash).write("game", b"before")
snap = flash.snapshot()
do = lambda s: s.write("game", b"after it")
seen = []
for k in range(30):
    got, done = cut_write(flash, snap, do, k)
    seen.append((got.decode() if isinstance(got, bytes) else repr(got)) + ("!" if done else ""))
print(KIND, " ".join(seen))
"""


def fake_source():
    text = Path(__file__).read_text()
    return text.split("# --- fake flash (runs under MicroPython too) ---")[1].split(
        "# --- end fake flash ---"
    )[0]


@pytest.mark.parametrize("kind", KINDS)
def test_same_bytes_under_micropython(tmp_path, kind):
    body = "from app.store import Store, Damaged\n" + fake_source() + PARITY.replace("KIND", repr(kind))
    cp = mpy.run_cpython(body.replace("ROOT", repr(str(tmp_path / "s"))))
    mp = mpy.run(body.replace("ROOT", repr("/tmp/s")))
    assert mp == cp
    lines = cp.splitlines()
    assert lines[0] == "None" and "damaged" in cp and "after it!" in lines[-1]


# --- the App's store: its code loaded for each call (app.app.Flash) ---


def test_the_apps_store_loads_the_stores_code_for_each_call_and_keeps_what_it_knows(tmp_path):
    """app.app.Flash, the store as the App keeps it on the OLED: each call loads app/store.py
    and lets it go, so no screen at rest holds its code; what the store knows stays, so a
    write after a write goes to the other slot, and a damaged file is told as before."""
    import sys

    from app.app import Flash

    root = str(tmp_path / "data")
    f = Flash(root)
    assert f.read("game") is None and "app.store" not in sys.modules
    f.write("game", b"one")
    f.write("game", b"two")
    assert "app.store" not in sys.modules and f.made and f.copies == {"game": (1, 2)}
    assert sorted(os.listdir(root)) == ["game.a", "game.b"] and Store(root).read("game") == b"two"
    Path(root, "game.b").write_bytes(b"junk" * 3)  # the newest spoilt: the older copy is read
    assert Flash(root).read("game") == b"one"
    Path(root, "game.a").write_bytes(b"junk" * 3)
    with pytest.raises(ValueError, match="not a save file"):
        Flash(root).read("game")
    f.clear_damaged("game")
    f.remove("stats")
    assert os.listdir(root) == [] and f.read("game") is None


def test_the_apps_store_with_room_keeps_the_stores_code(tmp_path):
    import sys

    from app.app import Flash

    f = Flash(str(tmp_path), keep=True)
    f.write("game", b"one")
    kept = f.keep
    assert isinstance(kept, sys.modules["app.store"].Store)
    assert f.read("game") == b"one" and f.keep is kept and "app.store" in sys.modules
