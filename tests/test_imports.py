"""The firmware's imports, read from the source: no cycles, and every layer imports only
the layers below it.

    base    compat, prng
    hw      the handheld's drivers and pins (only hw touches `machine`)
    engine  the games' rules and players: level10 and any other top-level package
    ui      drawing
    app     screens, menus and the run loop, with main and board (the entry point and
            the board profile deploy writes)

Every import counts: at the top of a module, inside a function (the firmware imports
lazily to save heap, and such an import still makes a cycle), and `__import__` with a
literal name. A new game's engine package needs no entry here: anything that is not
one of the other layers is an engine.
"""

import ast
from pathlib import Path

import pytest

FIRMWARE = Path(__file__).resolve().parent.parent / "firmware"

ALLOWED = {  # layer -> the layers it may import
    "base": {"base"},
    "hw": {"hw", "base"},
    "engine": {"engine", "base"},
    "ui": {"ui", "engine", "base"},
    "app": {"app", "ui", "engine", "hw", "base"},
}

def layer(module):
    top = module.split(".")[0]
    if top in ("hw", "ui", "app"):
        return top
    if top in ("main", "board"):
        return "app"
    if top in ("compat", "prng"):
        return "base"
    return "engine"


def modules(root):
    """Dotted name -> path of every module under `root` (a package is its __init__)."""
    out = {}
    for path in sorted(root.rglob("*.py")):
        if "__pycache__" in path.parts:
            continue
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        if parts:
            out[".".join(parts)] = path
    return out


def imported_names(tree, module, is_package):
    """Every name `tree` imports, anywhere in it, as written (dotted; relative ones made
    absolute): `import a.b`, `from a import b` (both a and a.b: b may be a module),
    `__import__("a.b")`."""
    here = module.split(".") if is_package else module.split(".")[:-1]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                yield a.name
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = here[: len(here) - node.level + 1]
                base = ".".join(up + ([base] if base else []))
            if base:
                yield base
            for a in node.names:
                yield (base + "." if base else "") + a.name
        elif isinstance(node, ast.Call) and getattr(node.func, "id", None) == "__import__" and node.args:
            arg = node.args[0]
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                yield arg.value


def graph(root):
    """(module -> set of firmware modules it imports, module -> every name it imports)."""
    mods = modules(root)
    edges = {}
    raw = {}
    for name, path in mods.items():
        names = set(imported_names(ast.parse(path.read_text()), name, path.name == "__init__.py"))
        raw[name] = names
        targets = set()
        for n in names:
            while n and n not in mods:
                n = n.rpartition(".")[0]
            if n and n != name:
                targets.add(n)
        edges[name] = targets
    return edges, raw


def cycles(edges):
    """The strongly connected groups of more than one module (Tarjan), as frozensets."""
    index = {}
    low = {}
    stack = []
    on_stack = set()
    found = []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = set()
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.add(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(frozenset(group))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def layer_breaks(edges):
    return sorted((m, t) for m, ts in edges.items() for t in ts if layer(t) not in ALLOWED[layer(m)])


def machine_users(raw):
    """Modules outside hw that import `machine`."""
    return sorted(
        m for m, names in raw.items() if layer(m) != "hw" and any(n.split(".")[0] == "machine" for n in names)
    )


# the firmware


EDGES, RAW = graph(FIRMWARE)


def test_the_firmware_has_no_import_cycle():
    found = [sorted(c) for c in cycles(EDGES)]
    assert not found, "import cycles: %s" % found


def test_no_layer_imports_a_higher_one():
    assert layer_breaks(EDGES) == []


def test_only_hw_imports_machine():
    assert machine_users(RAW) == []
    assert "hw.boot" in [m for m, names in RAW.items() if "machine" in names]  # the check sees it


def game_imports_of_shared_code(edges):
    """(shared module, game module) pairs: the app's and the UI's own modules (app/*.py,
    ui/*.py) must know no game, neither its engine nor its screens (app/NAME/, ui/NAME/)."""
    games = {m.split(".")[1] for m in edges if m.split(".")[0] in ("app", "ui") and m.count(".") >= 2}
    out = []
    for m, ts in edges.items():
        top, _, rest = m.partition(".")
        if top not in ("app", "ui") or "." in rest or rest in games:
            continue
        for t in ts:
            parts = t.split(".")
            if layer(t) == "engine" or (parts[0] in ("app", "ui") and len(parts) > 1 and parts[1] in games):
                out.append((m, t))
    return sorted(out)


def test_shared_app_and_ui_code_knows_no_game():
    assert game_imports_of_shared_code(EDGES) == []


def test_function_level_imports_are_read():
    # app.level10.menu opens the table only when a game starts: a lazy import
    assert "app.level10.play" in EDGES["app.level10.menu"]
    assert "app.settings" in EDGES["app.app"]  # read only while settings are loaded or saved


def test_every_layer_is_present():
    assert {layer(m) for m in EDGES} == set(ALLOWED)


# the checks themselves, on small made-up graphs and sources


def test_a_cycle_is_found_and_a_chain_is_not():
    chain = {"a": {"b"}, "b": {"c"}, "c": set()}
    assert cycles(chain) == []
    ring = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(ring) == [frozenset("abc")]
    two = {"a": {"b"}, "b": {"a"}, "c": {"d"}, "d": {"c"}}
    assert sorted(sorted(c) for c in cycles(two)) == [["a", "b"], ["c", "d"]]


@pytest.fixture
def made_up(tmp_path):
    """A tiny firmware whose drawing imports the app inside a function, whose table goes
    back to its menu through __import__, and whose app touches `machine`."""
    files = {
        "compat.py": "",
        "ui/__init__.py": "",
        "ui/view.py": "def draw():\n    from app import table\n    return table.PICK\n",
        "app/__init__.py": "",
        "app/table.py": "import machine\nPICK = 0\n\ndef back():\n    __import__('app.menu')\n",
        "app/menu.py": "from app.table import PICK\nfrom ui import view\n",
        "game/__init__.py": "",
        "game/rules.py": "from compat import *\n",
    }
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return tmp_path


def test_the_checks_catch_what_they_are_for(made_up):
    edges, raw = graph(made_up)
    assert edges["ui.view"] == {"app", "app.table"}
    assert edges["app.table"] == {"app.menu"}
    assert layer("game.rules") == "engine"
    # menu -> view -> table -> menu: the view's lazy import closes the ring
    assert cycles(edges) == [frozenset({"app.menu", "app.table", "ui.view"})]
    assert layer_breaks(edges) == [("ui.view", "app"), ("ui.view", "app.table")]
    assert machine_users(raw) == ["app.table"]


def test_relative_imports_resolve(tmp_path):
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("from . import b\n")
    (tmp_path / "pkg" / "a.py").write_text("from .b import X\n")
    (tmp_path / "pkg" / "b.py").write_text("X = 1\n")
    edges, _ = graph(tmp_path)
    assert edges["pkg.a"] == {"pkg.b"}
    assert edges["pkg"] == {"pkg.b"}


def test_a_shared_module_importing_a_game_is_found():
    edges = {
        "app.app": {"app.screen"},
        "app.screen": {"level10.cards"},
        "app.run": {"app.level10.menu"},
        "ui.paint": {"ui.level10"},
        "app.level10": set(),
        "app.level10.menu": {"level10.rules", "app.screen"},
        "ui.level10": set(),
        "ui.level10.mono": {"level10.rules"},
        "level10.cards": set(),
        "level10.rules": set(),
    }
    assert game_imports_of_shared_code(edges) == [
        ("app.run", "app.level10.menu"),
        ("app.screen", "level10.cards"),
        ("ui.paint", "ui.level10"),
    ]
