"""The README's map of `firmware/` names every module a newcomer will meet there.

Each package's row (`app/level8/`, `level8/`, ...) lists its modules, as `play.py` or as
`cards`. Left out on purpose: each package's `__init__.py`, `hw/` (its row says what kinds
of driver it holds) and Level 10's generated outlook tables (named as `outlook_p0`..`p3`).
"""

import re
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
PACKAGES = ("app", "app/level10", "app/level8", "ui", "ui/level10", "ui/level8", "level10", "level8")


def rows():
    """{package: its row's text} from the README's table of `firmware/`."""
    out = {}
    for line in (REPO / "README.md").read_text().splitlines():
        m = re.match(r"\| `([a-z0-9/]+)/` \| (.*)\|$", line)
        if m:
            out[m.group(1)] = m.group(2)
    return out


def test_the_readme_names_every_firmware_module():
    found = rows()
    missing = []
    for package in PACKAGES:
        row = found[package]
        for path in sorted((REPO / "firmware" / package).glob("*.py")):
            stem = path.stem
            if stem == "__init__" or re.fullmatch(r"outlook_p\d", stem):
                continue
            if "`%s.py`" % stem not in row and "`%s`" % stem not in row:
                missing.append("%s/%s" % (package, path.name))
    assert not missing, "README's map of firmware/ leaves out: %s" % missing
