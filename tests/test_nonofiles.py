"""Tests of the library module nonofiles: puzzle files (.non, .nin, webpbn XML, Rosetta Code,
picture text) and pictures into puzzles."""
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import nonofiles
from nonofiles import (Puzzle, PuzzleFileError, format_nin, format_non, format_rosetta, format_xml,
                       parse_nin, parse_non, parse_picture, parse_puzzles, parse_rosetta, parse_xml,
                       picture_puzzle, read_image, read_puzzle, read_puzzles, sniff_format,
                       write_puzzle)

from nonotools_helpers import PUZZLES, clue_totals_agree, picture


# --- the shipped puzzles ---------------------------------------------------------------------

SHIPPED = sorted(path for path in PUZZLES.iterdir() if path.name != "SOURCES.md")


COLOUR_FILES = {"lighthouse.xml", "pynogram-apples.xml", "pynogram-uk.xml"}  # nonocolourfiles reads them


@pytest.mark.parametrize("path", SHIPPED, ids=[path.name for path in SHIPPED])
def test_every_shipped_puzzle_reads(path):
    if path.name in COLOUR_FILES:  # refused by name
        with pytest.raises(PuzzleFileError, match="colour puzzles are not supported"):
            read_puzzles(path)
        return
    puzzles = read_puzzles(path, picture_size=20)
    assert puzzles and all(clue_totals_agree(puzzle) for puzzle in puzzles)


def test_every_shipped_file_is_attributed_and_none_is_personal_use():
    sources = (PUZZLES / "SOURCES.md").read_text()
    for path in SHIPPED:
        assert f"`{path.name}`" in sources or path.name.startswith("rosetta"), path.name
    for number in ("03541", "08098", "12548", "18297", "22336", "26167"):
        assert not list(PUZZLES.glob(f"*{number}*")), f"webpbn #{number} is personal-use only"


def test_dancer_is_read_exactly():
    dancer = read_puzzle(PUZZLES / "webpbn-00001.non")
    assert (dancer.width, dancer.height) == (5, 10)
    assert dancer.rows == [[2], [2, 1], [1, 1], [3], [1, 1], [1, 1], [2], [1, 1], [1, 2], [2]]
    assert dancer.cols == [[2, 1], [2, 1, 3], [7], [1, 3], [2, 1]]
    assert dancer.title == "Demo Puzzle from Front Page"
    assert dancer.metadata["by"] == "Jan Wolter"
    assert dancer.goal is None and dancer.givens is None


def test_gchq_has_its_22_givens():
    gchq = read_puzzle(PUZZLES / "gchq2015.non")
    cells = [(i, j, cell) for i, row in enumerate(gchq.givens) for j, cell in enumerate(row)
             if cell is not None]
    assert len(cells) == 22 and all(value == 1 for _, _, value in cells)
    assert (3, 3, 1) in cells and (21, 21, 1) in cells
    assert gchq.rows[0] == [7, 3, 1, 1, 7]


def test_rosetta_letters_match_the_converted_files():
    letters = read_puzzles(PUZZLES / "rosetta-nonogram-problems.txt")
    assert len(letters) == 4
    for k, puzzle in enumerate(letters, 1):
        converted = read_puzzle(PUZZLES / f"rosetta{k}.non")
        assert (puzzle.rows, puzzle.cols) == (converted.rows, converted.cols)


# --- .non --------------------------------------------------------------------------------

SMALL_NON = """catalogue "test #1"
title "A &quot;small&quot; test, caf&eacute;"
by Someone
width 3
height 2

rows
1,1
0

columns
1
0
1
"""


def test_non_properties_quotes_and_entities():
    [puzzle] = parse_non(SMALL_NON)
    assert puzzle.rows == [[1, 1], []] and puzzle.cols == [[1], [], [1]]
    assert puzzle.metadata == {"catalogue": "test #1", "title": 'A "small" test, café',
                               "by": "Someone"}


def test_non_blank_lines_are_spacing_or_empty_clues():
    spaced = "width 2\nheight 2\nrows\n\n1\n\n1\n\ncolumns\n\n2\n0\n\n"
    assert parse_non(spaced)[0].rows == [[1], [1]]
    blank_means_empty = "width 2\nheight 3\nrows\n1\n\n1\ncolumns\n1,1\n0\n"
    assert parse_non(blank_means_empty)[0].rows == [[1], [], [1]]
    trailing_empty = "width 2\nheight 2\nrows\n2\n\ncolumns\n1\n1\n"
    assert parse_non(trailing_empty)[0].rows == [[2], []]


def test_non_old_size_keywords_spaces_comments_and_unknown_lines():
    text = "# a comment\ncolumns 3\nrows 2\nfrobnicate 7\nrows\n1 1\n0\ncolumns\n1\n0\n1\n"
    [puzzle] = parse_non(text)
    assert puzzle.rows == [[1, 1], []] and puzzle.metadata == {"frobnicate": "7"}


def test_non_goal_and_givens():
    text = "width 2\nheight 2\nrows\n1\n1\ncolumns\n1\n1\ngoal \"1001\"\ngivens \"1???\"\n"
    [puzzle] = parse_non(text)
    assert puzzle.goal == [[1, 0], [0, 1]]
    assert puzzle.givens == [[1, None], [None, None]]


@pytest.mark.parametrize("text, line, words", [
    ("width 3\nheight 2\nrows\n1,2\n1\ncolumns\n1\n1\n1\n", 4, "row 1: clue [1, 2] needs at least 4"),
    ("width 2\nheight 2\nrows\n2\n1\ncolumns\n1\n1\n", 7, "rows need 3 filled cells but columns need 2"),
    ("width 2\nheight 3\nrows\n1\n1\ncolumns\n1\n1\n", 3, "the rows section has 2 clues but the height is 3"),
    ("width 2\nheight 1\nrows\n1,x\ncolumns\n1\n0\n", 4, "should be a whole number"),
    ("width 2\nheight 1\nrows\n1,-1\ncolumns\n1\n0\n", 4, "should be a whole number"),
    ("width 2\nheight 1\nrows\n1a\ncolumns\n1a\n0\n", 4, "colour puzzles are not supported"),
    ("color a #ff0000\nwidth 1\nheight 1\nrows\n1\ncolumns\n1\n", 1, "colour puzzles are not supported"),
    ("width x\n", 1, "width should be a whole number"),
    ("width 1\nwidth 2\n", 2, "the width is given twice"),
    ("width 0\nheight 1\nrows\n0\ncolumns\n", 1, "between 1 and"),
    ("width 99999999\n", 1, "whole number"),
    ("width 2\nheight 1\nrows\n1\ncolumns\n1\n0\ngoal \"10x\"\n", 8, "the goal has 3 cells"),
    ("width 2\nheight 1\nrows\n1\ncolumns\n1\n0\ngoal \"01\"\n", 8, "the goal does not fit column 1"),
    ("width 2\nheight 1\nrows\n1\ncolumns\n1\n0\ngoal \"1a\"\n", 8, "colour puzzles"),
    ("width 2\nheight 1\nrows\n1\ncolumns\n1\n0\ngoal \"10\"\ngivens \"?1\"\n", 9, "disagrees with the goal"),
    ("width 1\nheight 1\nrows\n1\nrows\n1\n", 5, "a second 'rows' section"),
])
def test_non_errors_name_the_line(text, line, words):
    with pytest.raises(PuzzleFileError, match=re.escape(words)) as caught:
        parse_non(text, "bad.non")
    assert caught.value.line == line
    assert str(caught.value).startswith(f"bad.non, line {line}: ")


@pytest.mark.parametrize("text, words", [
    ("", "the file is empty"), ("title x\n", "no 'rows' section"), ("title x\nwidth 1\nheight 1\nrows\n1\n", "no 'columns' section"),
])
def test_non_errors_without_a_line(text, words):
    with pytest.raises(PuzzleFileError, match=words):
        parse_non(text, "bad.non")


def test_error_is_a_value_error_with_parts():
    assert issubclass(PuzzleFileError, ValueError)
    error = PuzzleFileError("puzzles/x.non", 7, "something")
    assert str(error) == "puzzles/x.non, line 7: something"
    assert (error.source, error.line, error.message) == ("puzzles/x.non", 7, "something")
    assert str(PuzzleFileError("f", None, "m")) == "f: m"


# --- .nin, XML, Rosetta, picture text --------------------------------------------------------

def test_nin_reads_and_rejects():
    [puzzle] = parse_nin("3 2\n1 1\n0\n1\n0\n1\n")
    assert puzzle.rows == [[1, 1], []] and puzzle.cols == [[1], [], [1]]
    with pytest.raises(PuzzleFileError, match="line 1: the first line should be"):
        parse_nin("3\n1\n", "x.nin")
    with pytest.raises(PuzzleFileError, match=r"expected 2 row clues and 3 column clues"):
        parse_nin("3 2\n1 1\n0\n1\n", "x.nin")
    with pytest.raises(PuzzleFileError, match=r"x.nin, line 3: row 2: clue \[4\]"):
        parse_nin("3 2\n1 1\n4\n1\n0\n1\n", "x.nin")


WEBPBN_XML = """<?xml version="1.0"?>
<!DOCTYPE pbn SYSTEM "https://webpbn.com/pbn-0.3.dtd">
<puzzleset>
<source>webpbn.com</source>
<puzzle type="grid" defaultcolor="black">
<source>test</source>
<id>#42</id>
<title>Two by three</title>
<author>Tester</author>
<copyright>&#169; nobody</copyright>
<color name="white" char=".">fff</color>
<color name="black" char="X">000</color>
<clues type="columns">
<line><count>1</count></line>
<line/>
<line><count>1</count></line>
</clues>
<clues type="rows">
<line><count>1</count><count>1</count></line>
<line></line>
</clues>
<solution type="goal" id="s1">
<image>
|X.X|
|...|
</image>
</solution>
</puzzle>
</puzzleset>
"""


def test_webpbn_xml_reads_clues_metadata_and_goal():
    [puzzle] = parse_xml(WEBPBN_XML)
    assert puzzle.rows == [[1, 1], []] and puzzle.cols == [[1], [], [1]]
    assert puzzle.goal == [[1, 0, 1], [0, 0, 0]]
    assert puzzle.metadata == {"title": "Two by three", "by": "Tester", "copyright": "© nobody",
                               "id": "#42"}
    assert sniff_format(WEBPBN_XML) == "xml"


@pytest.mark.parametrize("text, line, words", [
    ('<?xml version="1.0"?>\n<!DOCTYPE x [\n<!ENTITY a "aaaa">\n]>\n<x>&a;</x>', 3,
     "entity declarations are not allowed"),
    ("<puzzleset>\n<puzzle>\n<clues type=\"rows\">\n</puzzle>", 4, "not well-formed XML"),
    ("<puzzleset>\n</puzzleset>", 1, "no <puzzle>"),
    ("<html/>", 1, "expected <puzzleset> or <puzzle>"),
    (WEBPBN_XML.replace('<line><count>1</count></line>\n<line/>',
                        '<line><count color="red">1</count></line>\n<line/>'), 14, "colour puzzles"),
    (WEBPBN_XML.replace('<color name="black" char="X">000</color>',
                        '<color name="black" char="X">000</color>\n<color name="red" char="r">f00</color>'),
     5, "colour puzzles are not supported"),
    (WEBPBN_XML.replace('type="grid"', 'type="triddler"'), 5, "not supported"),
    (WEBPBN_XML.replace("<count>1</count><count>1</count>", "<count>one</count>"), 19, "whole number"),
    (WEBPBN_XML.replace("|X.X|", "|XX.|"), 23, "the goal does not fit row 1"),
    (WEBPBN_XML.replace("<line/>", "<line><count>9</count></line>"), 15, "column 2: clue [9]"),
])
def test_webpbn_xml_errors_name_the_line(text, line, words):
    with pytest.raises(PuzzleFileError, match=re.escape(words)) as caught:
        parse_xml(text, "bad.xml")
    assert caught.value.line == line


def test_rosetta_reads_and_rejects():
    puzzles = parse_rosetta("C B\nB B A\n\nA\nA\n")
    assert [(p.rows, p.cols) for p in puzzles] == [([[3], [2]], [[2], [2], [1]]),
                                                   ([[1]], [[1]])]
    with pytest.raises(PuzzleFileError, match="x.txt, line 1: clue 'c1'"):
        parse_rosetta("c1 A\nA\n", "x.txt")
    with pytest.raises(PuzzleFileError, match="line 1: a puzzle is two lines"):
        parse_rosetta("A\n", "x.txt")


def test_picture_text():
    [puzzle] = parse_picture(".#.\n###\n")
    assert puzzle.rows == [[1], [3]] and puzzle.cols == [[1], [2], [1]]
    assert puzzle.goal == [[0, 1, 0], [1, 1, 1]]
    assert parse_picture("010\n111\n")[0] == puzzle
    with pytest.raises(PuzzleFileError, match="x.txt, line 2: this row has 2 cells"):
        parse_picture("010\n11\n", "x.txt")
    with pytest.raises(PuzzleFileError, match="line 1: a picture row is"):
        parse_picture("0a0\n", "x.txt")


@pytest.mark.parametrize("text, fmt", [
    ("<puzzleset/>", "xml"), ("3 2\n1\n", "nin"), ("AB C\nA\n", "rosetta"), ("01\n10\n", "picture"),
    ("#.\n.#\n", "picture"), ("width 3\n", "non"), ("# comment\nwidth 3\n", "non"), ("", "non"),
])
def test_sniffing(text, fmt):
    assert sniff_format(text) == fmt


# --- round trips -----------------------------------------------------------------------------

pictures = st.integers(1, 9).flatmap(lambda width: st.lists(
    st.lists(st.integers(0, 1), min_size=width, max_size=width), min_size=1, max_size=9))


@settings(max_examples=150, deadline=None)
@given(pictures, st.data())
def test_non_round_trip(picture_rows, data):
    puzzle = picture_puzzle(picture_rows)
    puzzle.givens = [[data.draw(st.sampled_from([None, cell])) for cell in row]
                     for row in picture_rows]
    puzzle.metadata = data.draw(st.dictionaries(
        st.from_regex(r"[a-z][a-z0-9_]{0,8}", fullmatch=True).filter(
            lambda key: key not in ("width", "height", "rows", "columns", "goal", "givens",
                                    "color", "colour", "maxrule")),
        st.text(st.characters(blacklist_categories=("Cs", "Cc")), max_size=20).map(
            lambda text: " ".join(text.split())), max_size=3))
    assert parse_non(format_non(puzzle)) == [puzzle]


@settings(max_examples=100, deadline=None)
@given(pictures)
def test_nin_xml_rosetta_round_trips(picture_rows):
    puzzle = picture_puzzle(picture_rows, title="a <test> & more")
    [back] = parse_nin(format_nin(puzzle))
    assert (back.rows, back.cols) == (puzzle.rows, puzzle.cols)
    assert parse_xml(format_xml(puzzle)) == [puzzle]
    if all(puzzle.rows) and all(puzzle.cols):
        [back] = parse_rosetta(format_rosetta([puzzle]))
        assert (back.rows, back.cols) == (puzzle.rows, puzzle.cols)
    else:
        with pytest.raises(ValueError):
            format_rosetta([puzzle])


def test_write_puzzle_by_extension(tmp_path):
    puzzle = picture_puzzle(picture("##.\n.##"), title="t")
    for name in ("p.non", "p.nin", "p.xml", "p.txt"):
        back = read_puzzle(write_puzzle(puzzle, tmp_path / name))
        assert (back.rows, back.cols) == (puzzle.rows, puzzle.cols)


# --- hostile text never raises anything but PuzzleFileError ------------------------------------

FORMATS = [None, "non", "nin", "xml", "rosetta", "picture"]
TOKENS = ["width 3", "height 2", "rows", "columns", "1,1", "0", "", "2", "3 2", "1 1", "goal \"101000\"",
          "givens \"1?????\"", "color a #fff", "title \"x\"", "<puzzleset>", "<puzzle>", "</puzzle>",
          "<clues type=\"rows\">", "<line><count>1</count></line>", "</clues>", "A B", "AB", "01",
          "#.", "1a", "99999999", "rows 2", "columns 3", "&amp;", "<!ENTITY x 'y'>", "\x00"]


def parses_or_reports(text, fmt):
    try:
        puzzles = parse_puzzles(text, fmt, "fuzz")
    except PuzzleFileError as error:
        assert str(error).startswith("fuzz")
        return
    assert puzzles and all(isinstance(puzzle, Puzzle) for puzzle in puzzles)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(), st.sampled_from(FORMATS))
def test_arbitrary_text_only_raises_the_readers_error(text, fmt):
    parses_or_reports(text, fmt)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(TOKENS), max_size=20), st.sampled_from(FORMATS))
def test_puzzle_like_text_only_raises_the_readers_error(lines, fmt):
    parses_or_reports("\n".join(lines), fmt)


# --- files on disk -----------------------------------------------------------------------------

def test_hostile_files_are_reported(tmp_path, monkeypatch):
    (tmp_path / "garbage.non").write_bytes(bytes(range(256)) * 4)
    (tmp_path / "latin1.non").write_bytes("title caf\xe9\n".encode("latin-1"))
    (tmp_path / "fake.png").write_bytes(b"\x89PNG\r\n\x1a\nnot really")
    cases = {tmp_path / "missing.non": "No such file", tmp_path: "is a directory",
             tmp_path / "garbage.non": "binary data", tmp_path / "latin1.non": "line 1: not UTF-8",
             tmp_path / "fake.png": "not a picture"}
    for path, words in cases.items():
        with pytest.raises(PuzzleFileError, match=words):
            read_puzzles(path)
    monkeypatch.setattr(nonofiles, "MAX_FILE_BYTES", 10)
    with pytest.raises(PuzzleFileError, match="larger than 10 bytes"):
        read_puzzles(PUZZLES / "webpbn-00001.non")


def test_format_by_extension_then_content(tmp_path):
    (tmp_path / "puzzle.txt").write_text("3 2\n1 1\n0\n1\n0\n1\n")  # .txt: sniffed as .nin
    assert read_puzzle(tmp_path / "puzzle.txt").rows == [[1, 1], []]
    (tmp_path / "puzzle.non").write_text("3 2\n1 1\n0\n1\n0\n1\n")  # .non: read as .non
    with pytest.raises(PuzzleFileError, match="line 1: a clue line outside a 'rows' or 'columns' "
                                              "section \\(no line saying just 'rows'"):
        read_puzzle(tmp_path / "puzzle.non")
    assert read_puzzle(tmp_path / "puzzle.non", fmt="nin").rows == [[1, 1], []]


# --- pictures --------------------------------------------------------------------------------

def save_image(path, rows, mode="L", scale=1):
    """Save a picture of 0/1 rows (1 = black) as an image file, each cell scale x scale pixels."""
    from PIL import Image

    height, width = len(rows) * scale, len(rows[0]) * scale
    image = Image.new(mode, (width, height), "white")
    for i in range(height):
        for j in range(width):
            if rows[i // scale][j // scale]:
                image.putpixel((j, i), (0, 0, 0, 255) if mode == "RGBA" else 0)
    image.save(path)
    return path


def test_read_image_threshold_scale_invert(tmp_path):
    cells = picture("#..#\n.##.\n#..#")
    path = save_image(tmp_path / "x.png", cells, scale=5)
    assert read_image(path, size=4) == cells
    assert read_image(path, size=(4, 3)) == cells
    assert read_image(path, size=4, invert=True) == [[1 - c for c in row] for row in cells]
    assert len(read_image(path, size=8)) == 6  # longer side 8 cells
    assert read_puzzle(path, picture_size=4).goal == cells
    with pytest.raises(PuzzleFileError, match="give a size"):
        read_image(save_image(tmp_path / "big.png", [[1] * 101]))


def test_read_image_transparency_and_jpeg(tmp_path):
    from PIL import Image

    image = Image.new("RGBA", (3, 1), (0, 0, 0, 0))  # transparent black: should read as white
    image.putpixel((1, 0), (0, 0, 0, 255))
    image.save(tmp_path / "t.png")
    assert read_image(tmp_path / "t.png") == [[0, 1, 0]]
    cells = picture("##..\n##..\n..##\n..##")
    save_image(tmp_path / "x.jpg", cells, mode="RGB", scale=8)
    assert read_image(tmp_path / "x.jpg", size=4) == cells


# --- faults named at their line (issue: every limit holds) ------------------------------------

@pytest.mark.parametrize("newline", ["\n", "\r\n", "\r"])
def test_line_numbers_follow_editors_for_each_line_break(newline):
    text = newline.join(["width 2", "height 2", "rows", "1", "1", "columns", "1", "x1"]) + newline
    with pytest.raises(PuzzleFileError) as error:
        parse_puzzles(text, source="t.non")
    assert error.value.line == 8


@pytest.mark.parametrize("inside", ["\x0c", "\x85", "\u2028", "\x1c"])
def test_characters_that_editors_show_inside_a_line_do_not_break_it(inside):
    text = f"width 2\nheight 2{inside}\nrows\n1\n1\ncolumns\n1\nx1\n"
    with pytest.raises(PuzzleFileError) as error:
        parse_puzzles(text, source="t.non")
    assert error.value.line == 8


@pytest.mark.parametrize("text,line,words", [
    ("width 2\nheight 2\nrows\n1\n-1\ncolumns\n1\n1\n", 5, "whole numbers"),
    ("rows\n1\n+1\ncolumns\n1\n1\nwidth 2\nheight 2\n", 3, "whole numbers"),
    ("width 2\nheight 2\nrows\n1\nfoo\n1\ncolumns\n1\n1\n", 5, "not one: 'foo'"),
    ("rows\n1\nfoo\n1\ncolumns\n1\n1\nwidth 2\nheight 2\n", 3, "not one: 'foo'"),
])
def test_negative_numbers_and_words_in_clue_sections_are_errors(text, line, words):
    with pytest.raises(PuzzleFileError) as error:
        parse_puzzles(text, source="t.non")
    assert error.value.line == line and words in str(error.value)


@pytest.mark.parametrize("text,line,words", [
    # without width and height a word ended the rows section and later clues became properties
    ("rows\n1\nfoo bar\n1\ncolumns\n1\n1\n", 3, "clues after this line (line 4)"),
    ("rows\n1\ntitle x\n1\ncolumns\n1\n1\n", 4, "a clue line outside"),
    ("title x\n1\nrows\n1\n1\ncolumns\n1\n1\n", 2, "no line saying just 'rows'"),
])
def test_a_clue_outside_the_clue_sections_is_an_error_at_its_cause(text, line, words):
    with pytest.raises(PuzzleFileError) as error:
        parse_puzzles(text, source="t.non")
    assert error.value.line == line and words in str(error.value)


@pytest.mark.parametrize("sizes", ["", "width 2\nheight 2\n"])
def test_a_comment_inside_a_clue_section_keeps_the_section(sizes):
    text = f"{sizes}rows\n# first row\n1\n# second row\n1\ncolumns\n2\n# none\n0\n"
    puzzle = parse_puzzles(text, source="t.non")[0]
    assert (puzzle.rows, puzzle.cols) == ([[1], [1]], [[2], []])


@pytest.mark.parametrize("inside,line,words", [
    ("<line>1</line>", 2, "<line> holds <count> elements, not text ('1')"),
    ("<line><cnt>1</cnt></line>", 2, "unexpected <cnt> inside <line>"),
    ("<line><count>1</count> 2</line>", 2, "not text ('2')"),
    ("1<line><count>1</count></line>", 1, "<clues> holds <line> elements, not text"),
    ("<row><count>1</count></row>", 2, "unexpected <row> inside <clues>"),
])
def test_xml_clues_refuse_what_they_do_not_understand(inside, line, words):
    """A count typed as text, or a misspelt element, used to read as an empty line."""
    text = (f'<puzzle><clues type="rows">\n{inside}</clues>'
            '<clues type="columns"><line><count>1</count></line></clues></puzzle>')
    with pytest.raises(PuzzleFileError) as error:
        parse_puzzles(text, source="x.xml")
    assert error.value.line == line and words in str(error.value), str(error.value)


def test_a_count_holds_one_number_and_nothing_else():
    text = ('<puzzle><clues type="rows">\n<line><count>1<b/>2</count></line></clues>'
            '<clues type="columns"><line><count>1</count></line></clues></puzzle>')
    with pytest.raises(PuzzleFileError, match="one number and nothing else") as error:
        parse_puzzles(text, source="x.xml")
    assert error.value.line == 2


def test_readers_want_text_and_name_lowercase_rosetta_letters():
    for reader in (nonofiles.parse_non, nonofiles.parse_nin, nonofiles.parse_xml,
                   nonofiles.parse_rosetta, nonofiles.parse_picture, parse_puzzles):
        with pytest.raises(TypeError, match="must be a str"):
            reader(None)
    with pytest.raises(PuzzleFileError, match="capital letters"):
        parse_puzzles("ABc DE\nAB C\n", source="r.txt")


def test_a_fifo_is_refused_by_name(tmp_path):
    import os
    fifo = tmp_path / "pipe.non"
    os.mkfifo(fifo)
    with pytest.raises(PuzzleFileError, match="not a regular file"):
        read_puzzles(fifo)


# --- the rest of the library's promises --------------------------------------------------------

def test_colour_refusals_point_to_the_colour_reader():
    with pytest.raises(PuzzleFileError) as error:
        read_puzzles(PUZZLES / "pynogram-uk.xml")
    assert error.value.message == nonofiles.COLOUR_ERROR
    assert "nonocolourfiles reads colour webpbn XML" in nonofiles.COLOUR_ERROR


def test_sizes_in_messages_are_rows_x_columns(tmp_path):
    with pytest.raises(PuzzleFileError, match=r"expected 1x2 = 2"):
        parse_non('width 2\nheight 1\nrows\n1\ncolumns\n1\n0\ngoal "1"\n')
    with pytest.raises(PuzzleFileError, match=r"the givens are not a 1x2 grid"):
        nonofiles.check_puzzle("x", [[1]], [[1], []], givens=[[1]])
    tall = save_image(tmp_path / "tall.png", [[1]] * 101)  # 101 rows of 1 pixel
    with pytest.raises(PuzzleFileError, match=r"is 101x1 pixels \(height x width\); give a size"):
        read_image(tall)


def test_picture_bombs_and_huge_pictures_are_refused(tmp_path, monkeypatch):
    path = save_image(tmp_path / "wide.png", [[1, 0, 1]], scale=2)  # 2x6 pixels
    monkeypatch.setattr(nonofiles, "MAX_PIXELS", 11)
    with pytest.raises(PuzzleFileError, match=r"2x6 pixels \(height x width\) is more than 11"):
        read_image(path, size=3)
    monkeypatch.setattr(nonofiles, "MAX_PIXELS", 12)
    monkeypatch.setattr(nonofiles, "MAX_SIDE", 5)
    with pytest.raises(PuzzleFileError, match="2x6 cells is more than the 5 a side"):
        read_image(path, size=6)
    assert read_image(path, size=3) == [[1, 0, 1]]


def test_scaled_size_never_enlarges():
    assert nonofiles.scaled_size((240, 120), 20) == (20, 10)
    assert nonofiles.scaled_size((10, 5), 20) == (10, 5)
    assert nonofiles.scaled_size((10, 5), (4, 9)) == (4, 5)
    assert nonofiles.scaled_size((1000, 1), 10) == (10, 1)  # never a side of 0


def test_read_clues_picture_of_and_the_record():
    rows, cols = nonofiles.read_clues(PUZZLES / "pynogram-smile.non")
    puzzle = read_puzzle(PUZZLES / "pynogram-smile.non")
    assert (rows, cols) == (puzzle.rows, puzzle.cols)
    assert (puzzle.height, puzzle.width) == (len(rows), len(cols)) == (4, 5)
    assert Puzzle([[1]], [[1]]).title == "" and Puzzle([[1]], [[1]]).metadata == {}
    assert nonofiles.picture_of([[1, 0, None], [0, 1, 1]]) == "#.?\n.##"


def test_writers_refuse_what_the_format_cannot_hold(tmp_path):
    puzzle = picture_puzzle(picture("#."))
    for key in ("rows", "Bad Key", "goal"):
        with pytest.raises(ValueError, match="cannot be written to a .non file"):
            format_non(Puzzle(puzzle.rows, puzzle.cols, {key: "x"}))
    with pytest.raises(ValueError, match="unknown puzzle format 'pdf'"):
        parse_puzzles("width 1\n", "pdf")
    path = write_puzzle(puzzle, tmp_path / "p.nin", fmt="non")  # fmt wins over the extension
    assert path == tmp_path / "p.nin" and path.read_text().startswith("width 2\n")


def test_a_byte_order_mark_and_crlf_are_read(tmp_path):
    path = tmp_path / "bom.non"
    path.write_bytes(b"\xef\xbb\xbfwidth 1\r\nheight 1\r\nrows\r\n1\r\ncolumns\r\n1\r\n")
    assert read_puzzle(path).rows == [[1]]


def test_importing_the_module_loads_no_picture_or_xml_library():
    import subprocess
    import sys
    code = ("import sys, nonofiles; print([m for m in ('PIL', 'matplotlib', 'numpy', "
            "'xml.etree.ElementTree') if m in sys.modules])")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            timeout=60)
    assert result.stdout.strip() == "[]", result.stderr


@pytest.mark.parametrize("size,error,words", [
    (0, ValueError, "size must be at least 1"), (-5, ValueError, "size must be at least 1"),
    ((5,), TypeError, "size must be None"), (2.5, TypeError, "size must be None"),
    ((5, 0), ValueError, "at least 1"), (True, TypeError, "size must be None")])
def test_a_picture_size_is_checked_at_the_door(size, error, words):
    """Sizes 0 and -5 used to give a 1x1 puzzle; the others an IndexError or a TypeError."""
    with pytest.raises(error, match=words):
        nonofiles.read_image(PUZZLES / "boat.png", size=size)
    with pytest.raises(error, match="picture_size"):
        read_puzzles(PUZZLES / "boat.png", picture_size=size)


def test_writing_names_what_it_cannot_write(tmp_path):
    import nonocolourfiles

    colour = nonocolourfiles.read_colour_puzzles(PUZZLES / "lighthouse.xml")[0]
    with pytest.raises(TypeError, match="write_colour_puzzle"):
        nonofiles.write_puzzle(colour, tmp_path / "x.non")
    with pytest.raises(ValueError, match="fmt must be one of .* not 'bogus'"):
        nonofiles.write_puzzle(read_puzzle(PUZZLES / "webpbn-00001.non"), tmp_path / "y.non",
                               fmt="bogus")
    assert not list(tmp_path.iterdir())


def test_a_pipe_is_not_opened_as_a_picture(tmp_path):
    import os

    import nonocolourfiles

    fifo = tmp_path / "pipe.png"
    os.mkfifo(fifo)
    for read in (nonofiles.read_image, nonocolourfiles.image_puzzle):
        with pytest.raises(PuzzleFileError, match="not a regular file"):
            read(fifo)


# --- issue 26: deadlines, --size for every picture kind, lesser messages -----------------------

def big_non_text(side=1000):
    """A side x side .non of about 2 MB: a checkerboard, every clue side/2 blocks of 1."""
    clue = ",".join(["1"] * (side // 2))
    return (f"width {side}\nheight {side}\nrows\n" + "\n".join([clue] * side)
            + "\ncolumns\n" + "\n".join([clue] * side) + "\n")


def test_every_reader_stops_at_a_deadline_that_has_passed(tmp_path):
    import time

    from nonocheck import SearchLimit
    from PIL import Image

    Image.new("L", (30, 20), 0).save(tmp_path / "black.png")
    (tmp_path / "x.non").write_text("width 1\nheight 1\nrows\n1\ncolumns\n1\n")
    past = time.monotonic() - 1
    calls = [lambda: parse_non("rows\n1\ncolumns\n1\n", deadline=past),
             lambda: parse_nin("1 1\n1\n1\n", deadline=past),
             lambda: parse_xml(XML_ONE, deadline=past),
             lambda: parse_rosetta("A\nA\n", deadline=past),
             lambda: parse_picture("1\n", deadline=past),
             lambda: parse_puzzles("rows\n1\ncolumns\n1\n", deadline=past),
             lambda: read_puzzles(tmp_path / "x.non", deadline=past),
             lambda: read_puzzle(tmp_path / "black.png", picture_size=10, deadline=past),
             lambda: read_image(tmp_path / "black.png", deadline=past),
             lambda: nonofiles.read_clues(tmp_path / "x.non", deadline=past),
             lambda: picture_puzzle([[1]], deadline=past)]
    for call in calls:
        with pytest.raises(SearchLimit, match="ran out of time"):
            call()
    assert parse_non("rows\n1\ncolumns\n1\n", deadline=time.monotonic() + 60)[0].rows == [[1]]
    for wrong in ("soon", True, [1.0]):
        with pytest.raises(TypeError, match="deadline"):
            parse_non("rows\n1\ncolumns\n1\n", deadline=wrong)


XML_ONE = ('<puzzle><clues type="rows"><line><count>1</count></line></clues>'
           '<clues type="columns"><line><count>1</count></line></clues></puzzle>')


def test_a_2_mb_file_is_read_quickly_and_stops_at_its_deadline(tmp_path):
    import time

    from nonocheck import SearchLimit

    path = tmp_path / "big.non"
    path.write_text(big_non_text())
    start = time.monotonic()
    with pytest.raises(SearchLimit):
        read_puzzles(path, deadline=start + 0.1)
    assert time.monotonic() - start < 2.0  # (before: the whole file read, 5 to 11 s)
    checkerboard = picture_puzzle([[1, 0] * 50, [0, 1] * 50] * 50)
    for text in (path.read_text(), format_rosetta([checkerboard]), format_xml(checkerboard)):
        start = time.monotonic()
        with pytest.raises(SearchLimit):
            parse_puzzles(text, deadline=start)
        assert time.monotonic() - start < 2.0


def test_many_rosetta_puzzles_stop_at_the_deadline():
    import time

    from nonocheck import SearchLimit

    text = "\n\n".join(["A B\nA B"] * 30000)  # 30,000 puzzles: seconds to read them all
    start = time.monotonic()
    with pytest.raises(SearchLimit):
        parse_rosetta(text, deadline=start + 0.2)
    assert time.monotonic() - start < 2.0


def test_a_picture_too_large_is_refused_before_it_is_decoded(tmp_path, monkeypatch):
    from PIL import Image, ImageFile

    Image.new("L", (300, 200), 255).save(tmp_path / "wide.png")
    Image.new("L", (1500, 10), 255).save(tmp_path / "long.png")

    def no_decoding(self):
        raise AssertionError("decoded")
    monkeypatch.setattr(ImageFile.ImageFile, "load", no_decoding)
    with pytest.raises(PuzzleFileError, match="give a size"):
        read_image(tmp_path / "wide.png")
    with pytest.raises(PuzzleFileError, match="more than the 1000 a side"):
        read_image(tmp_path / "long.png", size=(1200, 10))


def test_a_picture_is_decoded_with_the_clock_in_view(tmp_path):
    import time

    from nonocheck import SearchLimit
    from PIL import Image, ImageDraw

    image = Image.new("L", (4000, 4000), 255)
    ImageDraw.Draw(image).ellipse([500, 500, 3500, 3500], fill=0)
    image.save(tmp_path / "big.png")
    assert len(read_image(tmp_path / "big.png", size=8)) == 8
    start = time.monotonic()
    with pytest.raises(SearchLimit):
        read_image(tmp_path / "big.png", size=500, deadline=start + 0.05)
    assert time.monotonic() - start < 1.5  # (decoding 16 million pixels takes longer)


def test_size_scales_a_picture_typed_as_text(tmp_path):
    text = "\n".join("".join("1" if (i // 3 + j // 3) % 2 else "0" for j in range(30))
                     for i in range(30))
    (tmp_path / "checks.txt").write_text(text)
    for puzzle in (read_puzzle(tmp_path / "checks.txt", picture_size=10),
                   parse_puzzles(text, picture_size=10)[0], parse_picture(text, size=10)[0]):
        assert (puzzle.height, puzzle.width) == (10, 10)
        assert puzzle.goal == [[(i + j) % 2 for j in range(10)] for i in range(10)]
    assert read_puzzle(tmp_path / "checks.txt").height == 30
    assert read_puzzle(tmp_path / "checks.txt", picture_size=50).height == 30  # never enlarged
    assert nonofiles.scale_picture([[1, 1], [1, 0]], 1) == [[1]]


def test_the_puzzle_without_rows_or_columns_is_named_at_its_line():
    for text, line, words in (("title x\nrows\n\ncolumns\n1\n", 2, "no rows"),
                              ("rows\n1\ncolumns\n", 3, "no columns")):
        with pytest.raises(PuzzleFileError, match=words) as error:
            parse_non(text)
        assert error.value.line == line
    with pytest.raises(PuzzleFileError, match="no rows") as error:
        parse_xml('<puzzle>\n<clues type="rows">\n</clues>\n<clues type="columns">'
                  '<line><count>1</count></line></clues></puzzle>')
    assert error.value.line == 2


def test_totals_that_differ_are_a_puzzle_without_solution():
    from nonocheck import TotalsDiffer

    with pytest.raises(TotalsDiffer) as error:
        parse_non("rows\n1\n1\ncolumns\n1\n0\n")
    assert isinstance(error.value, PuzzleFileError) and error.value.line == 5
    assert "rows need 2 filled cells but columns need 1" in str(error.value)


def test_an_undefined_background_or_ink_is_named_as_such():
    for attributes, words in ((' backgroundcolor="sky"', "'sky' is used but not defined (the "
                               "puzzle's backgroundcolor)"),
                              (' defaultcolor="ink"', "'ink' is used but not defined (the "
                               "puzzle's defaultcolor)")):
        with pytest.raises(PuzzleFileError) as error:
            parse_xml(XML_ONE.replace("<puzzle>", f"<puzzle{attributes}>"))
        assert words in str(error.value) and "white" not in str(error.value)


def test_a_picture_with_a_typo_or_spaced_cells_is_read_as_a_picture(tmp_path):
    (tmp_path / "typo.txt").write_text("0110\n01x10\n0110\n1111\n")
    with pytest.raises(PuzzleFileError, match="a picture row is 0s and 1s") as error:
        read_puzzles(tmp_path / "typo.txt")
    assert error.value.line == 2
    (tmp_path / "spaced.txt").write_text("0 1 1 0\n1 0 0 1\n1 1 1 1\n")
    assert read_puzzle(tmp_path / "spaced.txt").goal == [[0, 1, 1, 0], [1, 0, 0, 1], [1, 1, 1, 1]]
    assert parse_puzzles("#..#\n.##.\n")[0].rows == [[1, 1], [2]]
    assert sniff_format("1 1\n1\n1\n") == "nin"
    assert sniff_format("rows\n1\n0\ncolumns\n1\n0\n") == "non"


def test_whole_file_leaves_the_file_whole_or_not_at_all(tmp_path):
    from nonofiles import whole_file
    target = tmp_path / "out.txt"
    with whole_file(target) as part:
        part.write_text("done")
        assert not target.exists()
    assert target.read_text() == "done"
    with pytest.raises(KeyboardInterrupt):
        with whole_file(target) as part:
            part.write_text("half")
            raise KeyboardInterrupt
    assert target.read_text() == "done" and sorted(p.name for p in tmp_path.iterdir()) == ["out.txt"]
    with pytest.raises(TypeError, match="path"):
        with whole_file(3):
            pass


def test_a_picture_file_keeps_its_subject_light_colours_thin_lines_and_margins(tmp_path):
    """From a teacher's tryout: a photograph in light colours came out blank (a fixed threshold
    at mid-grey), thin lines vanished when scaled down, and blank margins became empty rows."""
    from PIL import Image, ImageDraw
    from nonofiles import otsu_level, read_image, read_puzzle
    pale = Image.new("RGB", (200, 200), (255, 255, 255))
    ImageDraw.Draw(pale).ellipse((50, 50, 150, 150), fill=(255, 225, 120))  # a pale sun
    pale.save(tmp_path / "pale.png")
    assert not any(map(any, read_image(tmp_path / "pale.png", size=10)))  # (mid-grey: blank)
    sun = read_image(tmp_path / "pale.png", size=10, threshold="auto", crop=True)
    assert sum(map(sum, sun)) > 50 and all(any(row) for row in sun)  # the disc fills the grid
    ring = Image.new("L", (400, 300), 255)
    ImageDraw.Draw(ring).ellipse((150, 100, 250, 200), outline=0, width=8)
    ring.save(tmp_path / "ring.png")
    puzzle = read_puzzle(tmp_path / "ring.png", picture_size=12)  # (files: auto and crop)
    assert (puzzle.height, puzzle.width) == (12, 12)
    assert puzzle.goal[0][0] == 0 and puzzle.goal[0][5] == 1 and puzzle.goal[6][6] == 0
    assert otsu_level([0] * 256) == 127 and otsu_level([5] + [0] * 255) == 127
    with pytest.raises(ValueError, match="threshold"):
        read_image(tmp_path / "ring.png", threshold="bright")
