"""The desktop side of the firmware: runs `firmware/` under CPython.

Importing this package puts `firmware/` on sys.path, exactly where the Pico
has it (the root of its flash), so firmware modules import the same way here.
"""

import os
import sys

FIRMWARE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "firmware")
if FIRMWARE not in sys.path:
    sys.path.insert(0, FIRMWARE)
