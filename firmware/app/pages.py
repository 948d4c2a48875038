"""A long text as a Pager's lines (app/screen.py) without a string object a line: the text
once and where each line starts, cut out only for the lines on screen. How to play's
pages hold some 90 to 150 lines on the OLED, about 48 B each as strings of their own; as
one text and its line starts they take about half. Loaded with those pages only."""

from array import array


class Lines:
    """The lines of `text` wrapped at `width` characters, as app.screen.wrap wraps them;
    `len()`, `[i]` and iteration as a list of them."""

    def __init__(self, text, width):
        starts = []  # type: list[int]  # each line's start and end in the text, in pairs
        at = 0  # where the paragraph starts
        for para in text.split("\n"):
            start = end = word_at = at
            for word in para.split(" "):
                n = len(word)
                if end == start:  # an empty line starts at the word
                    start = word_at
                    end = word_at + n
                elif end - start + 1 + n <= width:
                    end = word_at + n  # the space before the word and the word
                else:
                    starts += (start, end)
                    start = word_at
                    end = word_at + n
                while end - start > width:
                    starts += (start, start + width)
                    start += width
                word_at += n + 1
            starts += (start, end)
            at += len(para) + 1
        self.text = text
        self.at = array("H", starts)

    def __len__(self):
        return len(self.at) // 2

    def __getitem__(self, i):
        if i < 0:
            i += len(self)
        if not 0 <= i < len(self):
            raise IndexError(i)
        return self.text[self.at[2 * i] : self.at[2 * i + 1]]

    def __iter__(self):
        for i in range(len(self)):
            yield self[i]
