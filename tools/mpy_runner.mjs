#!/usr/bin/env node
// Run a Python program under the real MicroPython (the npm WebAssembly port), with the
// firmware importable, the way tests and benchmarks check code meant for the Pico.
//
//   node tools/mpy_runner.mjs [options] [PROGRAM.py | -]
//
//   PROGRAM.py        the program to run; "-" or nothing reads it from stdin
//   --firmware DIR    tree whose .py and .mpy files are copied to /fw (default: the repo's firmware/)
//   --mpy DIR         tree of compiled .mpy files (as `python -m tools.build DIR` writes) copied
//                     over /fw; a .py beside a .mpy of the same name is left out, since
//                     MicroPython's import would otherwise pick the .py
//   --heap SIZE       initial GC heap, bytes or with a k/m suffix (default 256k, about the
//                     Pico's free heap); this port grows the heap on demand, so it is not a
//                     limit as on the Pico. gc.mem_alloc() takes time in proportion to the heap.
//   --pystack WORDS   Python stack size in words (default 4096)
//   --low-heap        leave the GC heap where this port puts it, near the bottom of its
//                     memory, instead of at a Pico's addresses (see "The heap's addresses")
//   --lib PATH        make host modules importable: a directory's .py and .mpy files (with
//                     its subfolders) or one .py file are copied to /lib; repeatable. For
//                     example `--lib host_sim/machine.py` runs the hw/ drivers on the host's
//                     `machine` stand-in (this port has no machine module; its built-in
//                     framebuf wins over a framebuf.py in /lib)
//
// A program may define STEP(); see "Steps" below.
// sys.path is ["/fw", "/lib", ...], so `import level10.rules` works. The program's stdout goes to
// stdout. When it raises, the traceback goes to stderr and the exit status is 1
// (`sys.exit(n)` exits with n). Usage errors exit with 2.
//
// Needs `npm ci` (package.json pins @micropython/micropython-webassembly-pyscript).

import { readFileSync, readdirSync, statSync } from "node:fs";
import { basename, join, dirname, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";

const REPO = dirname(dirname(fileURLToPath(import.meta.url)));

function usage(msg) {
  process.stderr.write(`mpy_runner: ${msg}\n` +
    "usage: node tools/mpy_runner.mjs [--firmware DIR] [--mpy DIR] [--lib PATH]... [--heap SIZE] [--pystack WORDS] [--low-heap] [PROGRAM.py | -]\n");
  process.exit(2);
}

function parseSize(text) {
  const m = /^(\d+)([kKmM]?)$/.exec(text || "");
  if (!m) usage(`not a size: ${text}`);
  return Number(m[1]) * ({ "": 1, k: 1024, m: 1024 * 1024 }[m[2].toLowerCase()]);
}

const opts = { firmware: join(REPO, "firmware"), mpy: null, libs: [], heap: 256 * 1024, pystack: 4096, low: false, program: "-" };
const args = process.argv.slice(2);
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  const value = () => (i + 1 < args.length ? args[++i] : usage(`${a} needs a value`));
  if (a === "--firmware") opts.firmware = value();
  else if (a === "--mpy") opts.mpy = value();
  else if (a === "--lib") opts.libs.push(value());
  else if (a === "--heap") opts.heap = parseSize(value());
  else if (a === "--pystack") opts.pystack = parseSize(value());
  else if (a === "--low-heap") opts.low = true;
  else if (a === "-h" || a === "--help") usage("help");
  else if (a.startsWith("--")) usage(`unknown option ${a}`);
  else opts.program = a;
}

// Every .py / .mpy file under `root`, as paths relative to it (using "/").
function sources(root) {
  const found = [];
  const walk = (dir) => {
    for (const name of readdirSync(dir).sort()) {
      if (name === "__pycache__" || name.startsWith(".")) continue;
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name.endsWith(".py") || name.endsWith(".mpy")) found.push(relative(root, full).split(sep).join("/"));
    }
  };
  walk(root);
  return found;
}

// Relative path -> absolute host path; .mpy files shadow .py files of the same module.
const files = new Map();
for (const [root, list] of [[opts.firmware, sources(opts.firmware)], ...(opts.mpy ? [[opts.mpy, sources(opts.mpy)]] : [])]) {
  for (const rel of list) files.set(rel, join(root, rel));
}
for (const rel of [...files.keys()]) {
  if (rel.endsWith(".mpy")) files.delete(rel.slice(0, -4) + ".py");
}

// Relative path under /lib -> absolute host path, from each --lib in order (later ones win).
const libFiles = new Map();
for (const lib of opts.libs) {
  let st;
  try { st = statSync(lib); } catch { usage(`no such file or directory: ${lib}`); }
  if (st.isDirectory()) {
    for (const rel of sources(lib)) libFiles.set(rel, join(lib, rel));
  } else if (lib.endsWith(".py") || lib.endsWith(".mpy")) {
    libFiles.set(basename(lib), lib);
  } else usage(`--lib takes a directory or a .py/.mpy file: ${lib}`);
}

const program = opts.program === "-" ? readFileSync(0, "utf8") : readFileSync(opts.program, "utf8");

// Output is passed through byte by byte (no line buffering, so a last line without "\n"
// is kept) and written out in chunks.
let out = [];
const flush = () => {
  if (out.length) process.stdout.write(Buffer.from(out));
  out = [];
};
const errBytes = [];

let loadMicroPython;
try {
  ({ loadMicroPython } = await import("@micropython/micropython-webassembly-pyscript"));
} catch (e) {
  process.stderr.write(`mpy_runner: cannot load @micropython/micropython-webassembly-pyscript (${e.message}); run \`npm ci\` in ${REPO}\n`);
  process.exit(3);
}
// The heap's addresses. MicroPython's collector is conservative: a word in a live block
// that equals the address of an allocation keeps that allocation. A Pico's heap lies in
// its RAM, at 0x2000xxxx, so a word keeps a block there only if its top byte is 0x20.
// This port mallocs its heap near the bottom of WebAssembly memory (about 0x33000), where
// small numbers spell addresses: four bytes of a game state such as 00 01 06 00 kept a
// module's code alive in the runner that no Pico would keep. The port mallocs the Python
// stack first and the heap right after it (mp_js_init), so a Python stack larger by
// SPACER words puts the heap where a Pico's is. The spacer is only reserved: nothing
// touches it (the collector scans the stack's used part only), so it takes no RAM.
const SPACER = 134181888; // words: 0x33000 + 4 * SPACER is about 0x20010000
const PICO_RAM = [0x20000000, 0x20080000]; // where the heap must then start (the RP2040's RAM is 0x20000000-0x20042000)
const mp = await loadMicroPython({
  heapsize: opts.heap,
  pystack: opts.pystack + (opts.low ? 0 : SPACER),
  linebuffer: false,
  stdout: (bytes) => {
    for (const b of bytes) out.push(b);
    if (out.length > 65536) flush();
  },
  stderr: (bytes) => { for (const b of bytes) errBytes.push(b); },
});

const made = new Set();
const mkdirs = (path) => {
  let at = "";
  for (const part of path.split("/").filter(Boolean)) {
    at += "/" + part;
    if (!made.has(at)) {
      try { mp.FS.mkdir(at); } catch { /* exists */ }
      made.add(at);
    }
  }
};
for (const [prefix, map] of [["/fw/", files], ["/lib/", libFiles]]) {
  for (const [rel, host] of map) {
    const target = prefix + rel;
    mkdirs(dirname(target));
    mp.FS.writeFile(target, readFileSync(host));
  }
}

let status = 0;
try {
  if (!opts.low) {
    mp.runPython("_heap_at = id(bytearray(1))");
    const at = Number(mp.globals.get("_heap_at"));
    mp.runPython("del _heap_at");
    if (!(at >= PICO_RAM[0] && at < PICO_RAM[1])) {
      process.stderr.write(`mpy_runner: the heap is at 0x${at.toString(16)}, not at a Pico's addresses: this version of the npm package allocates differently (see "The heap's addresses")\n`);
      process.exit(3);
    }
  }
  mp.runPython("import sys\nif '/lib' in sys.path: sys.path.remove('/lib')\nsys.path[0:0] = ['/fw', '/lib']\ndel sys");
  mp.runPython(program);
  // Steps: MicroPython's WebAssembly port collects garbage only when control is back in
  // JavaScript (gc.collect() inside Python just asks for it), so a program that wants the
  // live heap after a collection defines STEP(): the runner calls it again and again, each
  // time from the top level right after a collection, until it returns False.
  if (mp.globals.get("STEP") !== undefined) {
    for (;;) {
      mp.runPython("import gc\ngc.collect()");
      mp.runPython("_step_more = STEP()");
      if (!mp.globals.get("_step_more")) break;
    }
  }
} catch (e) {
  if (e && e.name === "PythonError") {
    const last = e.message.trimEnd().split("\n").pop();
    const exit = /^SystemExit(?:: (-?\d+))?$/.exec(last);
    if (exit) status = exit[1] ? Number(exit[1]) : 0;
    else {
      process.stderr.write(e.message);
      status = 1;
    }
  } else {
    process.stderr.write(`mpy_runner: ${e && e.stack ? e.stack : e}\n`);
    status = 1;
  }
}
flush();
if (errBytes.length) process.stderr.write(Buffer.from(errBytes));
process.exitCode = status;
