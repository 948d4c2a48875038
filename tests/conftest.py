"""Every test runs with the simulator's stand-ins importable as `machine` and `framebuf`
(as firmware code expects on the Pico), and with firmware/ on sys.path."""

import sys

import pytest

import host_sim  # noqa: F401
from tools import micropython as mpy

# The app unloads screen modules it does not need and imports them again later (memory on
# the Pico); let CPython keep their bytecode so each re-import does not compile again.
sys.dont_write_bytecode = False


@pytest.fixture(scope="session")
def micropython():
    """The runner (tools.micropython); fails, never skips, when node or the npm package is
    missing: the MicroPython checks are the point of these tests."""
    why = mpy.missing()
    if why:
        pytest.fail("MicroPython is needed for these tests: " + why, pytrace=False)
    return mpy
