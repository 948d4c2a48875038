"""A long text as a Pager's lines (app/screen.py) without a string object a line: the text
once and where each line starts, cut out only for the lines on screen. How to play's
pages hold some 90 to 170 lines on the OLED, about 48 B each as strings of their own; as
one text and 3 bytes a line they take about half. Loaded with those pages only."""

from array import array


class Lines:
    """The lines of `text` wrapped at `width` characters (at most 255), as app.screen.wrap
    wraps them; `len()`, `[i]` and iteration as a list of them. Each line is its start in
    the text (2 bytes) and its length (1 byte)."""

    def __init__(self, text, width):
        at = array("H")  # each line's start in the text
        size = bytearray()  # and its length
        where = 0  # where the paragraph starts
        for para in text.split("\n"):
            start = end = word_at = where
            for word in para.split(" "):
                n = len(word)
                if end == start:  # an empty line starts at the word
                    start = word_at
                    end = word_at + n
                elif end - start + 1 + n <= width:
                    end = word_at + n  # the space before the word and the word
                else:
                    at.append(start)
                    size.append(end - start)
                    start = word_at
                    end = word_at + n
                while end - start > width:
                    at.append(start)
                    size.append(width)
                    start += width
                word_at += n + 1
            at.append(start)
            size.append(end - start)
            where += len(para) + 1
        self.text = text
        self.at = at
        self.size = size

    def __len__(self):
        return len(self.at)

    def __getitem__(self, i):
        if i < 0:
            i += len(self)
        if not 0 <= i < len(self):
            raise IndexError(i)
        a = self.at[i]
        return self.text[a : a + self.size[i]]

    def __iter__(self):
        for i in range(len(self)):
            yield self[i]
