"""Named blobs on the flash that a power cut at any instant cannot spoil.

The store does not trust the file system to write a file atomically (LittleFS on the
Pico does, FAT does not), so each name has two slot files, NAME.a and NAME.b, each
holding one copy behind an 8-byte header:

    0..1  magic b"L\\x10"
    2..3  sequence number, little-endian; +1 each write, wrapping at 2**16
    4..5  payload length (at most _MAX_SIZE), or 0xFFFF for "removed" with no payload
    6..7  CRC-16/CCITT (poly 0x1021, start 0xFFFF) over the name, bytes 0..5 and the payload

A write goes to the slot NOT holding the newest valid copy, so that copy stays intact
whatever happens to the write; a read returns the valid copy with the newer sequence
number. A write cut short leaves a slot that fails its length or its checksum, which
reads pass over: a cut loses at most the write under way. Each write costs its payload
plus 8 bytes, in one file. `remove` is such a write too (8 bytes, "removed"), so
removing is as safe as writing and the name keeps a valid copy from then on.

`read` returns None when nothing is stored, and also for a lone slot that is the
cut-short beginning of a copy (or any lone file shorter than a header): that is what a
cut during the very first write of a name leaves. Anything else with no readable copy raises Damaged (a ValueError with a short
message for the player); `clear_damaged` then removes the files. (One case of the first
write stays ambiguous: a flash that leaves a garbled byte where the cut fell, on the
very last byte, looks exactly like a damaged file, and is reported as one.)

The file system is reached through a tiny interface, `fs`, so tests can put a flash
that dies after any byte underneath: fs.open(path, mode) -> file with read(n),
write(b), flush(), close(); fs.remove(path); fs.mkdir(path); fs.sync().
"""

import os
import sys

from compat import const

_MAX_SIZE = const(1024)  # largest payload; a bigger length field means a foreign file
_HEAD = const(8)
_GONE = const(0xFFFF)  # the length field of a "removed" copy
_MAGIC = const(b"L\x10")

_VALID = const(0)
_ABSENT = const(1)
_TORN = const(2)  # the beginning of a copy, cut short
_BAD = const(3)


class Damaged(ValueError):
    """Something is stored under the name but no copy of it can be read; str() says why."""


def crc16(data, crc=0xFFFF):
    """CRC-16/CCITT of `data` (poly 0x1021, no reflection), continuing from `crc`."""
    for b in data:
        x = ((crc >> 8) ^ b) & 0xFF
        x ^= x >> 4
        crc = ((crc << 8) ^ (x << 12) ^ (x << 5) ^ x) & 0xFFFF
    return crc


# os.sync makes the flash write durable on MicroPython; on a desktop the OS takes care
# of that, and a system-wide sync after every move would only slow the simulator down.
_sync = getattr(os, "sync", None) if sys.implementation.name == "micropython" else None


class OsFs:
    """The real file system: MicroPython's VFS on the Pico, the OS under CPython."""

    def open(self, path, mode):
        return open(path, mode)

    def remove(self, path):
        os.remove(path)

    def mkdir(self, path):
        os.mkdir(path)

    def sync(self):
        if _sync:
            _sync()


class Store:
    """Blobs by name (a short file name without dots) in the folder `root`."""

    def __init__(self, root="/", fs=None, copies=None, made=False):
        """`copies` and `made`: what an earlier Store of the same folder learnt (the dict it
        kept the newest copies in, and whether it made the folder), for a caller that
        makes a Store for each call (app.app.Flash)."""
        if not root.endswith("/"):
            root += "/"
        self.root = root
        self.fs = fs if fs is not None else OsFs()
        self.written = 0  # bytes handed to the file system by write() and remove()
        # name -> (slot of the newest valid copy or -1, its sequence number)
        self._latest = copies if copies is not None else {}
        self.made = made or root == "/"

    def _path(self, name, slot):
        return self.root + name + ".a.b"[2 * slot : 2 * slot + 2]  # NAME.a or NAME.b

    def _load(self, name, slot):
        """(kind, sequence number, payload or the reason it is bad) of one slot file;
        the payload of a "removed" copy is None."""
        try:
            f = self.fs.open(self._path(name, slot), "rb")
        except OSError:
            return _ABSENT, 0, None
        try:
            head = f.read(_HEAD)
            if len(head) < _HEAD:
                return _TORN, 0, "save cut short"  # whatever it holds: a cut can garble it
            if head[:2] != _MAGIC:
                return _BAD, 0, "not a save file"
            n = head[4] | head[5] << 8
            payload = None
            if n != _GONE:
                if n > _MAX_SIZE:
                    return _BAD, 0, "not a save file"
                payload = f.read(n) if n else b""
                if len(payload) < n:
                    return _TORN, 0, "save cut short"
            if f.read(1):
                return _BAD, 0, "save damaged"
        except OSError:
            return _BAD, 0, "save unreadable"
        finally:
            f.close()
        crc = crc16(head[:6], crc16(name.encode()))
        if payload:
            crc = crc16(payload, crc)
        if crc != head[6] | head[7] << 8:
            return _BAD, 0, "save damaged"
        return _VALID, head[2] | head[3] << 8, payload

    def read(self, name):
        """The newest copy stored under `name`, None if there is none (or it was
        removed); Damaged when files are there but none can be read."""
        a = self._load(name, 0)
        b = self._load(name, 1)
        slot = -1
        if a[0] == _VALID:
            slot = 0
            if b[0] == _VALID and 0 < (b[1] - a[1]) & 0xFFFF < 0x8000:
                slot = 1
        elif b[0] == _VALID:
            slot = 1
        if slot >= 0:
            got = b if slot else a
            self._latest[name] = (slot, got[1])
            return got[2]
        self._latest[name] = (-1, 0)
        if a[0] != _BAD and b[0] != _BAD and (a[0] == _ABSENT or b[0] == _ABSENT):
            return None  # nothing, or only the beginning of a first write
        raise Damaged(a[2] if a[0] == _BAD or b[0] == _ABSENT else b[2])

    def _newest(self, name):
        latest = self._latest.get(name)
        if latest is None:
            try:
                self.read(name)
            except Damaged:
                pass  # written over: the new copy becomes the newest valid one
            latest = self._latest[name]
        return latest

    def write(self, name, data):
        """Store `data` (bytes, at most _MAX_SIZE) under `name`, keeping the previous copy
        intact until this one is complete. OSError from the file system goes through."""
        if len(data) > _MAX_SIZE:
            raise ValueError("too big to store")
        self._put(name, data, len(data))

    def remove(self, name):
        """Forget `name`: a read returns None from now on. Written as a copy saying
        "removed", so a cut leaves either the old copy or that one."""
        if self._newest(name)[0] < 0:
            self.clear_damaged(name)  # no valid copy to keep: just the files, if any
        else:
            self._put(name, b"", _GONE)

    def clear_damaged(self, name):
        """Remove both slot files of `name` whatever they hold (after Damaged)."""
        for slot in (0, 1):
            try:
                self.fs.remove(self._path(name, slot))
            except OSError:
                pass  # absent already
        self.fs.sync()
        self._latest[name] = (-1, 0)

    def _put(self, name, data, n):
        slot, seq = self._newest(name)
        seq = (seq + 1) & 0xFFFF
        buf = bytearray(_HEAD + len(data))
        buf[0:2] = _MAGIC
        buf[2] = seq & 0xFF
        buf[3] = seq >> 8
        buf[4] = n & 0xFF
        buf[5] = n >> 8
        buf[_HEAD:] = data
        crc = crc16(data, crc16(buf[:6], crc16(name.encode())))
        buf[6] = crc & 0xFF
        buf[7] = crc >> 8
        if not self.made:
            try:
                self.fs.mkdir(self.root[:-1])
            except OSError:
                pass  # there already
            self.made = True
        target = 0 if slot < 0 else 1 - slot
        f = self.fs.open(self._path(name, target), "wb")
        try:
            done = f.write(buf)
            if done is not None and done != len(buf):
                raise OSError(28)  # ENOSPC: a short write means the flash is full
            f.flush()
        finally:
            f.close()
        self.fs.sync()
        self.written += len(buf)
        # Only now is the new copy the newest: if anything above raised, the cache
        # still names the untouched older slot, and the next write goes to this one again.
        self._latest[name] = (target, seq)
