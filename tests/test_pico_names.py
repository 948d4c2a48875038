"""tools/research/pico_names.py: the name pools' sizes as MicroPython makes them, and the
names a compiled module interns when it loads."""

from tools import micropython as mpy
from tools.build import compile_file
from tools.research.pico_names import _last_pool_from, mpy_names, paths_longer, pools_bytes


def test_pools_grow_from_20_names_each_twice_the_last():
    # the runner's qstr_info sizes its pools of 20, 40, 80 ... names: 176, 304, 592, 1,152,
    # 2,272, 4,512, 8,992 B (docs/benchmarks.md); a pool is made whole at its first name
    sizes = [176, 304, 592, 1152, 2272, 4512, 8992]
    total = 0
    first = 1
    cap = 20
    for size in sizes:
        assert pools_bytes(first) == total + size  # its first name makes it
        assert pools_bytes(first + cap - 1) == total + size  # its last still fits
        assert _last_pool_from(first) == first and _last_pool_from(first + cap - 1) == first
        total += size
        first += cap
        cap *= 2
    assert pools_bytes(0) == 0


def test_a_modules_names_are_its_own_not_the_built_in_ones(tmp_path):
    src = tmp_path / "m.py"
    src.write_text(
        "import sys\n\nwaffle_count = 3\n\n\ndef grill(batter):\n    return len(batter) + waffle_count\n"
    )
    names = mpy_names(compile_file(src, tmp_path / "m.mpy", "m").read_bytes())
    assert {"waffle_count", "grill", "batter"} <= set(names)
    assert "len" not in names  # marked in the file as a name every MicroPython has built in


def test_a_modules_path_is_interned_and_longer_in_the_runner_than_on_a_pico(tmp_path):
    """MicroPython interns each module's `__file__`: the runner's `/fw/level8/cards.mpy`
    is 4 bytes longer than a Pico's `level8/cards.mpy`, which the estimate takes off."""
    compile_file(mpy.FIRMWARE / "compat.py", tmp_path / "compat.mpy", "compat")
    out = mpy.run("import compat\nprint(compat.__file__)\n", firmware_dir=tmp_path)
    assert out.strip() == "/fw/compat.mpy"
    assert paths_longer(["/fw/compat.mpy", "/fw/level8/cards.mpy", "compat", "fw"]) == 8
