"""The pass screen of pass and play, for any game: every hand hidden until the next
player has the handheld. Loaded only to draw it."""

from app.app import forget
from app.screen import bar, title_bar, wrap
from ui import theme


def draw(app, who, message=None, doing="", top=0):
    """Who is next, `message` (the moves since the last pass screen, public anyway) and the
    keys; `doing`, what comes when it is no turn ("keeping": a choice of cards to keep,
    Level Up's L8-9). Words longer than the screen are shown from line `top`, with a scroll
    bar (the game's ↑↓ move it); returns that line, kept within the text."""
    p = app.p
    p.clear()
    y = title_bar(p, who + (": " + doing if doing else "'s turn"))
    x = 0 if p.mono else 4
    text = ("Pass to %s. Others: look away." if p.mono else "Pass the handheld to %s. Everyone else: look away.") % who
    if message:
        text += "\n" + message
    step = 8 if p.mono else 11
    lines = wrap(text, p.cols - 1)
    fit = (p.h - 8 - y) // step  # the keys' line stays
    top = max(0, min(top, len(lines) - fit))
    if len(lines) > fit:
        bar(p, y, top, fit, len(lines), 3 if p.mono else 2)  # on the OLED a bar to be seen
    for line in lines[top : top + fit]:
        p.text(line, x, y, theme.FG)
        y += step
    keys = "%s: show my hand  %s: menu" % (app.button("ok"), app.button("back"))
    p.text(keys if len(keys) < p.cols else "%s: show hand" % app.button("ok"), x, p.h - 8, theme.DIM)
    forget("app.screen", "app.handover")
    return top
