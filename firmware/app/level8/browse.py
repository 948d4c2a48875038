"""Every seat's laid combinations to browse (Table on the table's bar), loaded only while
they are on show."""

from level8 import layout
from level8.sides import describe_level

from app.level8 import words
from app.screen import Pager, wrap
from ui.level8 import tokens


def browse(app, t):
    s = t.state
    width = app.p.cols - 1
    lines = []
    for q in range(layout.players(s)):
        head = "%s: level %d" % (t.name(q), min(layout.level(s, q), 8))
        if not layout.laid(s, q):
            lines += wrap(head + ", " + describe_level(layout.reqs(s, q)), width)
            continue
        lines += wrap(head + ", laid out:", width)  # "Bot 3: level 1, laid out:" is 25
        for r in range(len(layout.reqs(s, q))):
            lines += wrap(
                "- %s: %s"
                % (words.group_name(s, q * layout.GROUPS_PER_SEAT + r), tokens(layout.group(s, q, r))),
                width,
            )
    lines.append("Draw pile: %d cards" % layout.draw_count(s))
    app.go(Pager("Table", lines, t.close))
