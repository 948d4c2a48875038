"""app/pages.py: a long text's lines for the Pager, as app.screen.wrap wraps them but kept
as one text and its line starts."""

from hypothesis import given, settings
from hypothesis import strategies as st

from app.pages import Lines
from app.screen import wrap


@settings(max_examples=2000, deadline=None)
@given(st.text(alphabet="ab \n", max_size=60), st.integers(1, 9))
def test_property_the_lines_are_wraps_lines(text, width):
    lines = Lines(text, width)
    want = wrap(text, width)
    assert len(lines) == len(want)
    assert list(lines) == want and [lines[i] for i in range(len(lines))] == want
    assert lines[-1] == want[-1]
    assert [lines[i] for i in reversed(range(len(lines)))] == want[::-1]  # found walking back too
    assert [lines[i] for i in range(0, len(lines), 3)] == want[::3] and lines[0] == want[0]


def test_every_help_text_wraps_alike_at_every_boards_width():
    import app.level8.boardhelp as board
    import app.level8.help as level8
    import app.level10.help as level10

    for text in (level8.TEXT + level8.UP, board.TEXT, level10.TEXT):
        for width in (20, 38):  # the OLED's 21 columns and the colour screens' 39, less one
            assert list(Lines(text, width)) == wrap(text, width)


def test_an_index_past_the_end_is_an_index_error():
    lines = Lines("one two", 3)
    assert list(lines) == ["one", "two"]
    for i in (2, -3):
        try:
            lines[i]
        except IndexError:
            continue
        raise AssertionError("no IndexError for %d" % i)


def test_the_same_lines_under_micropython(micropython):
    code = (
        "from app.pages import Lines\n"
        "import app.level8.boardhelp as b\n"
        "for w in (7, 20, 38):\n"
        "    print(list(Lines(b.TEXT, w)))\n"
        "print(list(Lines(' lead  two  spaces\\n\\nx' + 'y' * 30, 6)))\n"
    )
    assert micropython.run(code) == micropython.run_cpython(code, lib_dirs=[micropython.HOST_SIM])
