"""How to play states the rules the way the project's rulings read them (rulings L10-7,
L10-8, L10-9 of docs/rules.md), on every board, as the player reads it: the pages the app puts up.

The help is read from the How to play screen opened by the keys (its lines as the Pager
shows them, wrapped for that board), its paragraphs put back together, and each fact
looked for in the sentence that states it.
"""

import re

import pytest
from keyclock import Keys

from app.app import App
from app.run import labels
from app.store import Store
from host_sim import sim

BOARDS = ["pico_display", "pico_lcd_114", "oled_128x64"]


def help_screen(board, root):
    """The How to play screen, opened from the title menu by its keys."""
    hh = sim.Handheld(board, root)
    app = App(hh.device.display, Store(root), labels(hh.profile), hh.device, 0)
    press = Keys(app)
    if app.screen.title == "Games":
        press("ok")  # Level 10, the first row
    m = app.screen
    while m.label(m.focus) != "How to play":
        press("down")
    press("ok")
    assert type(app.screen).__name__ == "Pager"
    return app, app.screen


def paragraphs(lines):
    """The help's paragraphs, each one string again (the Pager's lines broke it at spaces;
    a blank line parts two paragraphs)."""
    out = [[]]
    for line in lines:
        if line:
            out[-1].append(line)
        else:
            out.append([])
    return [" ".join(p) for p in out if p]


def sentences(lines):
    """Every sentence of the help, a clause after a semicolon or colon counting as one."""
    out = []
    for para in paragraphs(lines):
        out += [s.strip() for s in re.split(r"(?<=[.;:])\s+", para) if s.strip()]
    return out


def stating(lines, *words):
    """The one sentence holding all of `words` (it fails when none or several do)."""
    found = [s for s in sentences(lines) if all(w in s for w in words)]
    assert len(found) == 1, "one sentence should say %r; found %r" % (words, found)
    return found[0]


@pytest.fixture(scope="module", params=BOARDS)
def pages(request, tmp_path_factory):
    app, pager = help_screen(request.param, str(tmp_path_factory.mktemp(request.param)))
    return app, pager.lines


def test_every_line_fits_the_screen(pages):
    app, lines = pages
    assert lines and max(len(line) for line in lines) < app.p.cols


def test_L10_7_a_buried_card_counts_as_placed(pages):
    """L10-7: the win needs all 40 level cards (in a slot or buried) and all 10 resets."""
    _, lines = pages
    stating(lines, "win", "40 level cards", "10 resets", "placed")
    stating(lines, "buried card counts as placed")


def test_L10_7_a_pause_played_while_the_deck_has_cards_costs_the_full_win(pages):
    """L10-7: such a pause takes a slot a level card needed, so the game can no longer be
    fully won: a later pause that buries a card takes a slot of its own, so it never makes
    up for it (tests/test_rules.py plays that case to a loss). The game goes on and scores."""
    _, lines = pages
    stating(lines, "pause played while the deck still has cards", "slot a level card needed")
    s = stating(lines, "can no longer be fully won")
    assert "no later pause makes up for it" in s
    assert "goes on" in s and "still scores" in s


def test_L10_8_the_end_of_the_game_and_the_skipped_turn(pages):
    """L10-8: the game ends when the player on turn holds cards and can take neither
    action; a player with an empty hand may still place a reset, else is skipped."""
    _, lines = pages
    s = stating(lines, "game ends when the player on turn holds cards")
    assert "neither" in s and "place a reset" in s
    stating(lines, "no cards may still place a reset")
    assert "skipped" in stating(lines, "if they can't")
    s = stating(lines, "nobody can act")
    assert "ends" in s and "won if" in s
    # the old rule, wrong with an empty hand, is gone
    assert not any("You lose when" in p for p in paragraphs(lines))


def test_L10_9_the_score_and_the_six_bonus_values(pages):
    """L10-9: level cards placed (buried ones too) + resets placed + the bonus for pauses
    never placed: 1/2/3 unused give +10/+30/+50 after a full win, +5/+20/+40 otherwise;
    100 at most."""
    _, lines = pages
    score = [p for p in paragraphs(lines) if p.startswith("Score:")]
    assert len(score) == 1
    s = score[0]
    assert "level cards placed (buried ones too)" in s and "resets placed" in s
    assert "pauses never placed" in s and "100" in s
    m = re.search(r"1, 2 or 3 unused give (.*) after a full win, (.*) otherwise", s)
    assert m, s
    assert re.findall(r"\+(\d+)", m.group(1)) == ["10", "30", "50"]
    assert re.findall(r"\+(\d+)", m.group(2)) == ["5", "20", "40"]
