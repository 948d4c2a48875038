"""Every test runs with the simulator's stand-ins importable as `machine` and `framebuf`
(as firmware code expects on the Pico), and with firmware/ on sys.path."""

import sys

import host_sim  # noqa: F401

# The app unloads screen modules it does not need and imports them again later (memory on
# the Pico); let CPython keep their bytecode so each re-import does not compile again.
sys.dont_write_bytecode = False
