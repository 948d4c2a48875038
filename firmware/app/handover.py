"""The pass screen of pass and play, for any game: every hand hidden until the next
player has the handheld. Loaded only to draw it."""

from app.app import forget
from app.screen import title_bar, wrap
from ui import theme


def draw(app, who, message=None, doing=""):
    """Who is next, `message` (the last move, public anyway) and the keys; `doing`, what
    comes when it is no turn ("keeping": a choice of cards to keep, Level Up's L8-9)."""
    p = app.p
    p.clear()
    y = title_bar(p, who + (": " + doing if doing else "'s turn"))
    x = 0 if p.mono else 4
    text = "Pass the handheld to %s. Everyone else: look away." % who
    if message:
        text += "\n" + message
    step = 8 if p.mono else 11
    for line in wrap(text, p.cols - 1):
        if y + step > p.h - 8:
            break  # the keys' line stays
        p.text(line, x, y, theme.FG)
        y += step
    keys = "%s: show my hand  %s: menu" % (app.button("ok"), app.button("back"))
    p.text(keys if len(keys) < p.cols else "%s: show hand" % app.button("ok"), x, p.h - 8, theme.DIM)
    forget("app.screen", "app.handover")
