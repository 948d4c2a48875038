"""After a crash (app/run.py): the error screen, what the player sees instead of a dead
screen, and the saves set aside when they would crash every start. Loaded only then."""

import sys


def error_screen(device, e, log, at_start=False):
    """Say what went wrong, where the details are, and what became of the game (at_start:
    the app failed before the player's first key, so the saves were set aside)."""
    try:
        from ui.paint import Painter

        p = Painter(device.display)
        p.clear()
        y = 0 if p.mono else 4
        from app.screen import wrap

        lines = ["Something went wrong:"] + wrap(str(e) or e.__class__.__name__, p.cols)[:2]
        lines.append("Details: " + log)
        lines.append("Saved game removed." if at_start else "Your game is saved.")
        lines.append("Press a button.")
        for s in lines:
            p.text(s[: p.cols], 0, y)
            y += 8 if p.mono else 12
        p.flush()
        device.backlight(100)
    except Exception:  # noqa: BLE001 - the display itself may be what failed
        pass


def set_aside_saves(store):
    """Every game's saved game put aside, as a damaged file is, so the next start is fresh
    (which one crashed is not known). A game's package names its save `SAVE` (a
    tuple of names when it has several)."""
    from app.games import GAMES

    for _title, entry, _save in GAMES:
        package = entry[: entry.rfind(".")]
        try:
            __import__(package)
            names = sys.modules[package].SAVE
            for name in names if isinstance(names, tuple) else (names,):
                store.clear_damaged(name)
        except Exception:  # noqa: BLE001 - the error screen must still come up
            pass
