"""tools/research/frozen.py: the heap a game would take with the firmware frozen, weighed
module by module under the real MicroPython."""

from level10 import outlook_p0
from tools.research import frozen


def test_a_modules_code_is_weighed_apart_from_what_its_body_makes(micropython):
    e = frozen.estimate("oled_128x64", "level8", keys=["down", "up", "ok"])
    load = e["load"]
    # Level 10's outlook table is two bytes constants and almost nothing else: its code is
    # their bytes (a frozen image keeps them in flash) and its body makes next to nothing
    tables = len(outlook_p0.WIN) + len(outlook_p0.SCORE)
    code = load["level10.outlook_p0"][0] - load["level10.outlook_p0"][1]
    assert tables <= code <= tables * 1.05
    assert load["level10.outlook_p0"][1] < 128
    # every module of the firmware weighed, and none makes more than its import does
    assert {"app.app", "level8.rules", "ui.font", "hw.ssd1306"} <= set(load)
    assert all(0 <= body <= whole for whole, body in load.values())
    # the estimate keeps what the game itself holds (the OLED's 1 KB frame at least) and
    # takes off the code it had loaded
    assert 1024 < e["frozen"] < e["peak"] - e["code"] // 2
    assert e["code"] > 10_000


def test_a_modules_body_alone_runs_in_less_time_than_its_import(micropython):
    rows, ratio = frozen.import_times("oled_128x64", ("app.level8.play", "level8.rules"))
    assert [r[0] for r in rows] == ["app.level8.play", "level8.rules"]
    assert all(0 < body < whole for _, whole, body in rows)
    assert 5 < ratio < 100  # the reference loop's Pico time over the runner's
