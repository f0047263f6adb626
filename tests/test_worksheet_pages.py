"""Tests of worksheets as a pupil meets them: the PDF's pages read back and rendered to PNG by
PyMuPDF. The first page tells how to play; every page says 'page k of n'; small puzzles share a
page; a colour puzzle has a legend, and its clue boxes carry their colours' letters, readable on
their colour even printed in grey."""
import io
import re
import time

import pytest

from nonocolourfiles import read_colour_puzzles
from nonofiles import read_puzzles
from nonosheets import (CAPTION, LARGEST_CELL, LEGEND, PENCIL_CELL, SHEET_LAYOUTS, cell_inches,
                        colour_legend, draw_worksheet, how_to_height, how_to_play,
                        judge_for_sheet, pages_of)

from nonotools_helpers import PUZZLES

pymupdf = pytest.importorskip("pymupdf")
Image = pytest.importorskip("PIL.Image")

SMALL = ["webpbn-00001.non", "pynogram-smile.non", "pynogram-p.non", "rosetta1.non",
         "webpbn-00023.non"]


def sheet_pdf(path, puzzles, title="Week 2"):
    """Judge `puzzles`, draw their worksheet at `path`; (judged puzzles, PyMuPDF document,
    seconds the drawing took)."""
    judged = [judge_for_sheet(puzzle) for puzzle in puzzles]
    start = time.monotonic()
    pages = draw_worksheet(judged, path, title=title)
    seconds = time.monotonic() - start
    document = pymupdf.open(path)
    assert len(document) == pages
    return judged, document, seconds


@pytest.fixture(scope="module")
def plain(tmp_path_factory):
    """A worksheet of five small black-and-white puzzles."""
    puzzles = [read_puzzles(PUZZLES / name)[0] for name in SMALL]
    return sheet_pdf(tmp_path_factory.mktemp("plain") / "plain.pdf", puzzles)


@pytest.fixture(scope="module")
def colour(tmp_path_factory):
    """A worksheet of one colour puzzle, Apples (black, green, red)."""
    puzzles = read_colour_puzzles(PUZZLES / "pynogram-apples.xml")
    return sheet_pdf(tmp_path_factory.mktemp("colour") / "colour.pdf", puzzles)


def flat(text):
    """Text with its line breaks and runs of spaces made single spaces."""
    return " ".join(text.split())


def grey_png(page, dpi=150):
    """The page rendered to a greyscale PNG, opened by Pillow."""
    png = page.get_pixmap(dpi=dpi, colorspace=pymupdf.csGRAY).tobytes("png")
    return Image.open(io.BytesIO(png)), dpi / 72  # pixels per PDF point


def spans(page):
    """(text, size in points, bbox in points) of each run of text on the page."""
    return [(span["text"], span["size"], span["bbox"])
            for block in page.get_text("dict")["blocks"] for line in block.get("lines", ())
            for span in line["spans"]]


def lone_letters(page, letters):
    """(letter, bbox in points) of each character of `letters` on the page that stands alone,
    not inside a word (a clue box's letter, a legend swatch's letter)."""
    found = []
    for block in page.get_text("rawdict")["blocks"]:
        for line in block.get("lines", ()):
            for span in line["spans"]:
                chars = [char["c"] for char in span["chars"]]
                for k, char in enumerate(span["chars"]):
                    beside = chars[max(0, k - 1):k] + chars[k + 1:k + 2]
                    if char["c"] in letters and not any(c.isalpha() for c in beside):
                        found.append((char["c"], char["bbox"]))
    return found


def test_how_to_play_is_plain_and_says_the_rules():
    plain_rules, colour_rules = flat(" ".join(how_to_play())), flat(" ".join(how_to_play(True)))
    assert 3 <= len(how_to_play()) <= 5 and 3 <= len(how_to_play(True)) <= 5
    for words in ("lengths of its blocks of filled cells, in order", "at least one empty cell",
                  "start with the big numbers", "dot in each cell you know is empty"):
        assert words in plain_rules and words in colour_rules
    assert "different colours may touch" in colour_rules and "colour" not in plain_rules
    assert "letter" in colour_rules
    assert not re.search(r"\d", plain_rules + colour_rules)  # no digits: clues are the digits
    assert how_to_height(True) > how_to_height()


def test_the_first_page_tells_how_to_play_and_every_page_is_numbered(plain):
    _, document, _ = plain
    first = flat(document[0].get_text())
    assert "How to play" in first and "Name:" in first
    for sentence in how_to_play():
        assert flat(sentence) in first
    for number, page in enumerate(document, 1):
        assert f"page {number} of {len(document)}" in page.get_text()
        assert ("How to play" in page.get_text()) == (number == 1)
    titles = [size for text, size, _ in spans(document[0]) if text == "Week 2"]
    assert titles and titles[0] >= 20  # a large heading


def test_small_puzzles_share_a_page(plain):
    judged, document, seconds = plain
    captions = [[k for k, puzzle in enumerate(judged, 1)
                 if f"{k}. {puzzle.title}" in page.get_text()] for page in document]
    sheet_pages = [found for found in captions if found and "answer key" not in found]
    assert sum(map(len, captions[:-1])) == len(judged)  # each puzzle once, then the key
    assert len(captions[0]) >= 2 and len(document) - 1 < len(judged)
    assert "answer key" in document[-1].get_text()
    assert sheet_pages and seconds < 10


def test_a_class_set_of_ten_fits_two_to_four_a_page():
    """Ten 10x10 puzzles (clues up to 4 or 5 numbers) take at most five pages, the first with
    the box of how to play; a 25x25 puzzle gets a page of its own, its cells 5 mm or more."""
    for colour in (False, True):
        for clue in (4, 5):
            pages = pages_of([(10 + clue, 10 + clue)] * 10, SHEET_LAYOUTS, PENCIL_CELL,
                             first=how_to_height(colour), caption=CAPTION + LEGEND * colour)
            assert all(2 <= len(group) <= 4 for _, group in pages) and len(pages) <= 5
    pages = pages_of([(33, 33), (15, 15)], SHEET_LAYOUTS, PENCIL_CELL, first=how_to_height())
    assert [len(group) for _, group in pages] == [1, 1]
    assert 0.2 < cell_inches((33, 33), pages[0][0], top=how_to_height()) < LARGEST_CELL


def test_a_colour_sheet_has_a_legend_and_lettered_clue_boxes(colour):
    """The legend names each ink with its letter; each clue box holds its colour's letter
    (text, not just ink), and rendered in grey, each letter stands out from its box."""
    (apples,), document, _ = colour
    page = document[0]
    text = page.get_text()
    assert "different colours may touch" in flat(text)
    legend = colour_legend(apples)
    assert [(char, name) for char, name, _ in legend] == [("k", "black"), ("g", "green"),
                                                         ("r", "red")]
    runs = spans(page)
    found = [text for text, _, _ in runs]
    for char, name, _ in legend:
        assert name in found
    blocks = {char: 0 for char, _, _ in legend}
    for clue in apples.rows + apples.cols:
        for _, colour_number in clue:
            blocks[apples.colours[colour_number].char] += 1
    letters = lone_letters(page, "".join(blocks))
    for char, count in blocks.items():  # every clue box, and the legend's swatch
        assert sum(text == char for text, _ in letters) == count + 1
    picture, scale = grey_png(page)
    for _, (x0, y0, x1, y1) in letters:  # the letter's ink against its box, in grey
        dx, dy = (x1 - x0) / 4, (y1 - y0) / 4  # the middle of the letter's box: inside the clue's
        box = picture.crop((round((x0 + dx) * scale), round((y0 + dy) * scale),
                            round((x1 - dx) * scale), round((y1 - dy) * scale)))
        darkest, lightest = box.getextrema()
        assert lightest - darkest > 100


def test_a_colour_sheet_in_grey_shows_apart_what_its_colours_do_not(colour):
    """Red and green print as close greys (their luminance); the letters keep them apart."""
    (apples,), _, _ = colour
    greys = {name: round(0.299 * int(rgb[1:3], 16) + 0.587 * int(rgb[3:5], 16)
                         + 0.114 * int(rgb[5:7], 16)) for _, name, rgb in colour_legend(apples)}
    assert abs(greys["red"] - greys["green"]) < 60  # close: the reason for the letters
    assert len({char for char, _, _ in colour_legend(apples)}) == len(apples.colours) - 1


def test_a_library_picture_is_a_mystery_until_the_key(tmp_path):
    """The picture is the reward: the pupil's page names only its kind; the key names it."""
    import nonopictures
    from nonosheets import class_set

    puzzles = class_set(4, seed=3)
    names = [puzzle.title for puzzle in puzzles]
    assert all(name in nonopictures.names() for name in names)
    _, document, _ = sheet_pdf(tmp_path / "mystery.pdf", puzzles)
    pupil = " ".join(page.get_text() for page in list(document)[:-1])
    key = document[-1].get_text()
    for number, name in enumerate(names, 1):
        assert f"{number}. Mystery {nonopictures.kind(name)}" in pupil
        assert name not in pupil and f"{number}. {name}" in key


def test_the_colour_key_letters_every_inked_cell(colour):
    """On a black-and-white printer the key's red and green would look alike: each inked cell
    of the answer also carries its colour's letter."""
    (apples,), document, _ = colour
    key = document[len(document) - 1]
    inked = {}
    for row in apples.goal:
        for colour_number in row:
            if colour_number:
                char = apples.colours[colour_number].char
                inked[char] = inked.get(char, 0) + 1
    letters = lone_letters(key, "".join(inked))
    assert {char: sum(text == char for text, _ in letters) for char in inked} == inked
