"""A long text as a Pager's lines (app/screen.py) without a string object a line: the text
once and where each line starts, cut out only for the lines on screen. How to play's
pages hold some 90 to 170 lines on the OLED, about 48 B each as strings of their own; as
one text and 2 bytes a line they take about half. Loaded with those pages only."""


class Lines:
    """The lines of `text` wrapped at `width` characters (at most 255), as app.screen.wrap
    wraps them; `len()`, `[i]` and iteration as a list of them. Each line is 2 bytes: how
    far it starts after the line before it and its length. A line's start is found from
    the line asked for last, which a pager keeps near."""

    def __init__(self, text, width):
        self.text = text
        self.step = bytearray()  # each line's start less the line before's
        self.size = bytearray()  # each line's length
        self.a = 0  # the start of line k, the last one found
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
                    self._put(start, end)
                    start = word_at
                    end = word_at + n
                while end - start > width:
                    self._put(start, start + width)
                    start += width
                word_at += n + 1
            self._put(start, end)
            where += len(para) + 1
        self.k = 0
        self.a = self.step[0]

    def _put(self, start, end):
        self.step.append(start - self.a)
        self.size.append(end - start)
        self.a = start

    def __len__(self):
        return len(self.size)

    def __getitem__(self, i):
        if i < 0:
            i += len(self)
        if not 0 <= i < len(self):
            raise IndexError(i)
        k = self.k
        a = self.a
        while k < i:
            k += 1
            a += self.step[k]
        while k > i:
            a -= self.step[k]
            k -= 1
        self.k = k
        self.a = a
        return self.text[a : a + self.size[i]]

    def __iter__(self):
        for i in range(len(self)):
            yield self[i]
