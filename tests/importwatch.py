"""The imports the app makes during part of a test. The firmware loads a screen's code for a
key and lets it go after (app.app.forget), so whether a key loaded a module shows only in
the imports themselves."""

import builtins
import sys


def watch(monkeypatch, note):
    """Until the returned function is called, call `note(name, loaded)` for each module an
    import statement names: `import a.b` names a.b, `from a import b` names a and a.b (b a
    module or not); `loaded` is True when the statement loaded it (it was not in
    sys.modules before). Nested imports are noted before the statement around them."""
    real = builtins.__import__

    def noted(name, globals=None, locals=None, fromlist=(), level=0):
        names = [name] + [name + "." + x for x in fromlist or ()]
        fresh = [n for n in names if n not in sys.modules]
        module = real(name, globals, locals, fromlist, level)
        for n in names:
            note(n, n in fresh and n in sys.modules)
        return module

    monkeypatch.setattr(builtins, "__import__", noted)
    return lambda: monkeypatch.setattr(builtins, "__import__", real)
