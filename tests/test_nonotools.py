"""Tests of chapter 4: puzzle files, pictures, the puzzle-maker and the `nonogram` command."""
import re
import subprocess
import sys
from itertools import islice
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import nonogram2d
import nonotools
from nonotools import (Puzzle, PuzzleFileError, describe, format_nin, format_non, format_rosetta,
                       format_xml, given_cells, grid_lines, main, make_puzzle, make_unique, parse_nin, parse_non,
                       parse_picture, parse_puzzles, parse_rosetta, parse_xml, picture_puzzle,
                       random_puzzles, read_image, read_puzzle, read_puzzles, sniff_format,
                       write_puzzle)

ROOT = Path(__file__).resolve().parent.parent
PUZZLES = ROOT / "puzzles"


def picture(text):
    """Rows of 0/1 from a picture typed with '#' and '.'."""
    return [[int(char == "#") for char in row] for row in text.split()]


def clue_totals_agree(puzzle):
    return sum(map(sum, puzzle.rows)) == sum(map(sum, puzzle.cols))


# --- the shipped puzzles ---------------------------------------------------------------------

SHIPPED = sorted(path for path in PUZZLES.iterdir() if path.name != "SOURCES.md")


@pytest.mark.parametrize("path", SHIPPED, ids=[path.name for path in SHIPPED])
def test_every_shipped_puzzle_reads(path):
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
    cells = given_cells(gchq.givens)
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
    import nonotools
    monkeypatch.setattr(nonotools, "MAX_FILE_BYTES", 10)
    with pytest.raises(PuzzleFileError, match="larger than 10 bytes"):
        read_puzzles(PUZZLES / "webpbn-00001.non")


def test_format_by_extension_then_content(tmp_path):
    (tmp_path / "puzzle.txt").write_text("3 2\n1 1\n0\n1\n0\n1\n")  # .txt: sniffed as .nin
    assert read_puzzle(tmp_path / "puzzle.txt").rows == [[1, 1], []]
    (tmp_path / "puzzle.non").write_text("3 2\n1 1\n0\n1\n0\n1\n")  # .non: read as .non
    with pytest.raises(PuzzleFileError, match="no 'rows' section"):
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


# --- the puzzle-maker --------------------------------------------------------------------------

FACE = picture("""
.........
..#####..
.#.....#.
#..#.#..#
#.......#
#.#...#.#
#..###..#
.#.....#.
..#####..""")


def verdict_of(picture_rows, givens=None):
    puzzle = picture_puzzle(picture_rows)
    return nonogram2d.analyse(puzzle.rows, puzzle.cols, givens)


def test_describe_uses_the_words_scripts_look_for():
    heart = verdict_of(picture(".##.##.\n#######\n.#####.\n..###..\n...#..."))
    assert "unique" in describe(heart) and "line" in describe(heart)
    diagonal = verdict_of([[1, 0], [0, 1]])
    assert "multiple" in describe(diagonal) and "unique" not in describe(diagonal)
    assert "line" not in describe(diagonal)
    smile = read_puzzle(PUZZLES / "pynogram-smile.non")
    hard = nonogram2d.analyse(smile.rows, smile.cols)
    assert hard.status == "unique" and "unique" in describe(hard) and "line" not in describe(hard)


def test_make_unique_gives_a_minimal_set_of_givens():
    assert verdict_of(FACE).status == "multiple"
    givens = make_unique(FACE)
    cells = given_cells(givens)
    assert cells and all(FACE[i][j] == value for i, j, value in cells)
    assert verdict_of(FACE, givens).status == "unique"
    for i, j, _ in cells:  # every given is needed
        fewer = [row[:] for row in givens]
        fewer[i][j] = None
        assert verdict_of(FACE, fewer).status == "multiple"


def test_make_unique_for_line_logic_and_when_nothing_is_needed():
    smile = read_puzzle(PUZZLES / "pynogram-smile.non")
    goal = nonogram2d.solve(smile.rows, smile.cols)
    assert given_cells(make_unique(goal)) == []  # already unique
    givens = make_unique(goal, line_solvable=True)
    verdict = verdict_of(goal, givens)
    assert given_cells(givens) and verdict.status == "unique" and verdict.method == "line"


def test_make_puzzle_is_ready_to_write_and_solve(tmp_path):
    puzzle = make_puzzle(FACE, "face")
    assert puzzle.title == "face" and puzzle.goal == FACE and given_cells(puzzle.givens)
    back = read_puzzle(write_puzzle(puzzle, tmp_path / "face.non"))
    assert back == puzzle
    assert nonogram2d.analyse(back.rows, back.cols, back.givens).status == "unique"
    assert make_puzzle([[1, 1], [1, 0]]).givens is None  # unique already: no givens


def test_random_puzzles_are_reproducible_and_good():
    first = list(islice(random_puzzles(6, 6, 0.5, seed=7), 3))
    again = list(islice(random_puzzles(6, 6, 0.5, seed=7), 3))
    assert first == again and len(first) == 3
    assert first != list(islice(random_puzzles(6, 6, 0.5, seed=8), 3))
    for puzzle in first:
        assert verdict_of(puzzle.goal).status == "unique"
    for puzzle in islice(random_puzzles(6, 6, 0.5, seed=7, line_solvable=True), 3):
        verdict = verdict_of(puzzle.goal)
        assert verdict.status == "unique" and verdict.method == "line"


def test_random_puzzles_stop_when_told():
    assert list(random_puzzles(2, 2, 0.5, seed=0, max_tries=0)) == []


# --- the command ---------------------------------------------------------------------------------

def run(*args, timeout=120):
    """Run `python -m nonotools ARGS` from the repo root; return (exit code, stdout, stderr)."""
    result = subprocess.run([sys.executable, "-m", "nonotools", *map(str, args)], cwd=ROOT,
                            capture_output=True, text=True, timeout=timeout)
    return result.returncode, result.stdout, result.stderr


def test_command_solves_a_line_puzzle():
    code, out, err = run("puzzles/webpbn-00001.non")
    lines = out.splitlines()
    assert code == 0 and err == ""
    assert len(lines) == 11 and all(re.fullmatch(r"[#.]{5}", line) for line in lines[:10])
    assert "unique" in lines[10] and "line" in lines[10]
    dancer = read_puzzle(PUZZLES / "webpbn-00001.non")
    grid = [[int(char == "#") for char in line] for line in lines[:10]]
    assert [nonogram2d_clue(row) for row in grid] == dancer.rows


def nonogram2d_clue(line):
    from nonovector import line2blocks
    return line2blocks(line)


def test_command_verdicts_search_multiple_none(tmp_path):
    code, out, _ = run("puzzles/pynogram-smile.non")
    assert code == 0 and "unique" in out.splitlines()[-1] and "line" not in out.splitlines()[-1]
    (tmp_path / "diagonal.non").write_text("width 2\nheight 2\nrows\n1\n1\ncolumns\n1\n1\n")
    code, out, _ = run(tmp_path / "diagonal.non")
    assert code == 0 and "multiple" in out.splitlines()[-1] and len(out.splitlines()) == 3
    code, out, _ = run(tmp_path / "diagonal.non", "--all")
    assert code == 0 and out.count("\n\n") == 1 and "2 in all" in out
    code, out, _ = run(tmp_path / "diagonal.non", "--all", "--max-solutions", "1")
    assert code == 0 and "more than 1" in out and len(out.splitlines()) == 3
    (tmp_path / "none.non").write_text("width 3\nheight 3\nrows\n1,1\n1\n1,1\ncolumns\n3\n0\n2\n")
    code, out, _ = run(tmp_path / "none.non")
    assert code == 1 and "no solution" in out


def test_command_with_givens_clues_png_and_several_puzzles(tmp_path):
    code, out, _ = run("puzzles/rosetta-nonogram-problems.txt")
    assert code == 0 and sum("unique" in line for line in out.splitlines()) == 4
    code, out, _ = run("puzzles/webpbn-00001.non", "--stats")
    assert code == 0 and re.search(r"line logic alone \([\d,]+ row/column solves?, .* s\)$", out)
    code, out, _ = run("puzzles/rosetta1.non", "--clues", "--png", tmp_path / "r1.png")
    assert code == 0 and "Rosetta Code" in out and "3" in out.splitlines()[1]
    assert (tmp_path / "r1.png").read_bytes().startswith(b"\x89PNG")
    (tmp_path / "g.non").write_text("width 2\nheight 2\nrows\n1\n1\ncolumns\n1\n1\ngivens \"1???\"\n")
    code, out, _ = run(tmp_path / "g.non")
    assert code == 0 and out.splitlines()[:2] == ["#.", ".#"] and "unique" in out


@pytest.mark.parametrize("name, content, words", [
    ("bad.non", None, "No such file"),
    ("bad.non", b"\x00\x01\x02garbage\xff", "binary data"),
    ("bad.png", b"\x00\x01\x02garbage\xff", "not a picture"),
    ("bad.non", b"width 3\nheight 2\nrows\n1,2\n1\ncolumns\n1\n1\n1\n", "line 4: row 1: clue [1, 2] needs"),
    ("bad.non", b"width 2\nheight 2\nrows\n2\n1\ncolumns\n1\n1\n", "line 7: rows need 3 filled cells"),
    ("bad.xml", b"<puzzleset><puzzle>", "not well-formed XML"),
    ("bad", b"<puzzleset><puzzle>", "not well-formed XML"),
])
def test_command_bad_input_is_one_line_on_stderr(tmp_path, name, content, words):
    path = tmp_path / name
    if content is not None:
        path.write_bytes(content)
    code, out, err = run(path)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert str(path) in err and words in err


def test_command_directory_and_usage_errors(tmp_path):
    code, _, err = run(tmp_path)
    assert code == 2 and "is a directory" in err and "Traceback" not in err
    code, _, err = run("puzzles/webpbn-00001.non", "--timeout", "-1")
    assert code == 2 and "--timeout" in err


def test_command_gives_up_cleanly():
    code, out, err = run("puzzles/survey-knotty.non", "--timeout", "1", timeout=300)
    assert code == 3 and "gave up" in out and "Traceback" not in err


def test_main_in_process(capsys):
    assert main(["puzzles/webpbn-00001.non"] if Path("puzzles").exists()
                else [str(PUZZLES / "webpbn-00001.non")]) == 0
    assert "unique" in capsys.readouterr().out


# --- the command with --sat, and its edge cases ----------------------------------------------------

DIAGONAL = "width 2\nheight 2\nrows\n1\n1\ncolumns\n1\n1\n"
NO_SOLUTION = "width 3\nheight 3\nrows\n1,1\n1\n1,1\ncolumns\n3\n0\n2\n"


@pytest.mark.parametrize("options", [[], ["--clues"], ["--all"], ["--all", "--max-solutions", "1"]])
def test_sat_prints_the_same_grids_and_exit_codes(tmp_path, options):
    pytest.importorskip("pysat.solvers")
    (tmp_path / "diagonal.non").write_text(DIAGONAL)
    (tmp_path / "none.non").write_text(NO_SOLUTION)
    for path in ("puzzles/webpbn-00001.non", "puzzles/pynogram-smile.non",
                 "puzzles/rosetta-nonogram-problems.txt", tmp_path / "diagonal.non",
                 tmp_path / "none.non"):
        code, out, err = run(path, *options)
        sat_code, sat_out, sat_err = run(path, "--sat", *options)
        assert (sat_code, sat_err) == (code, err) and "Traceback" not in sat_err
        grids = [line for line in out.splitlines() if "solution" not in line]
        sat_grids = [line for line in sat_out.splitlines() if "solution" not in line]
        assert sat_grids == grids
        verdicts = [line for line in sat_out.splitlines() if "solution" in line]
        for line, sat_line in zip([line for line in out.splitlines() if "solution" in line],
                                  verdicts):
            for word in ("unique", "multiple", "no solution", "in all", "more than"):
                assert (word in line) == (word in sat_line)
            assert "line" not in sat_line.replace("--all", "")


def test_sat_verdicts_and_stats(tmp_path):
    pytest.importorskip("pysat.solvers")
    code, out, _ = run("puzzles/webpbn-00065.non", "--sat", "--stats")
    assert code == 0 and re.fullmatch(r"unique solution, found by SAT \(\d+\.\d\d s\)",
                                      out.splitlines()[-1])
    (tmp_path / "diagonal.non").write_text(DIAGONAL)
    code, out, _ = run(tmp_path / "diagonal.non", "--sat")
    assert code == 0 and len(out.splitlines()) == 3 and "--all lists them" in out


def test_sat_without_python_sat_is_one_line_and_exit_2(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "pysat", None)
    monkeypatch.setitem(sys.modules, "pysat.solvers", None)
    assert main([str(PUZZLES / "webpbn-00001.non"), "--sat"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1
    assert "python-sat" in captured.err and "pip install" in captured.err


def test_several_solutions_say_one_is_shown(tmp_path):
    (tmp_path / "diagonal.non").write_text(DIAGONAL)
    code, out, _ = run(tmp_path / "diagonal.non")
    assert code == 0 and "one of them shown" in out.splitlines()[-1]


def test_png_into_a_missing_folder_is_bad_input(tmp_path):
    out_path = tmp_path / "no-such-folder" / "x.png"
    code, out, err = run("puzzles/webpbn-00001.non", "--png", out_path)
    assert code == 2 and out == "" and len(err.splitlines()) == 1
    assert str(out_path) in err and "Traceback" not in err


def test_empty_file_says_so(tmp_path):
    (tmp_path / "empty.non").write_text("")
    code, out, err = run(tmp_path / "empty.non")
    assert code == 2 and "empty.non: the file is empty" in err


def test_a_closed_pipe_stops_quietly():
    process = subprocess.Popen([sys.executable, "-m", "nonotools", "puzzles/webpbn-00006.non",
                                "--clues"], cwd=ROOT, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE)
    process.stdout.close()  # the reader goes away before reading anything, as `| head -0` would
    err = process.stderr.read().decode()
    assert process.wait(timeout=120) == 141 and err == ""


def test_sat_gives_up_cleanly_on_time():
    pytest.importorskip("pysat.solvers")
    code, out, err = run("puzzles/survey-knotty.non", "--sat", "--timeout", "1", timeout=120)
    assert code == 3 and "gave up" in out.splitlines()[-1] and err == ""


# --- the hand-over from chapter 2's search to SAT (the default) --------------------------------

def test_the_search_hands_over_to_sat_when_its_seconds_run_out():
    pytest.importorskip("pysat.solvers")
    # Forever needs search (about a second): a thousandth of a second cannot finish it
    code, out, err = run("puzzles/webpbn-06574.non", "--engine-seconds", "0.001")
    lines = out.splitlines()
    assert code == 0 and err == "" and len(lines) == 26
    assert lines[-1] == "unique solution, found by SAT, after 0.001 s of search"
    puzzle = read_puzzle(PUZZLES / "webpbn-06574.non")
    engine = nonogram2d.solve(puzzle.rows, puzzle.cols)
    assert lines[:25] == grid_lines(engine)  # the same picture as the engine's


def test_no_sat_keeps_the_engine_alone():
    code, out, _ = run("puzzles/webpbn-06574.non", "--no-sat", "--engine-seconds", "0.001")
    assert code == 0 and out.splitlines()[-1].startswith("unique solution, needs search")


def test_without_python_sat_the_engine_has_the_whole_timeout(monkeypatch, capsys):
    monkeypatch.setattr(nonotools, "sat_available", lambda: False)
    assert main([str(PUZZLES / "webpbn-06574.non"), "--engine-seconds", "0.001"]) == 0
    assert "needs search" in capsys.readouterr().out.splitlines()[-1]  # no hand-over
    assert main([str(PUZZLES / "survey-knotty.non"), "--timeout", "0.5"]) == 3
    last = capsys.readouterr().out.splitlines()[-1]
    assert last.startswith("gave up after") and "python-sat" in last


def test_a_hand_over_that_runs_out_of_time_says_what_ran():
    pytest.importorskip("pysat.solvers")
    code, out, err = run("puzzles/survey-knotty.non", "--timeout", "1.5", "--engine-seconds",
                         "0.5", timeout=120)
    assert code == 3 and err == ""
    assert re.fullmatch(r"gave up after \d+\.\d s \(0\.5 s of search, then SAT; --timeout 1\.5\)",
                        out.splitlines()[-1])


@pytest.mark.parametrize("options, words", [
    (["--sat", "--no-sat"], "not allowed with"),
    (["--engine-seconds", "0"], "--engine-seconds must be a positive number"),
])
def test_solver_option_errors(options, words, capsys):
    with pytest.raises(SystemExit) as stop:
        main([str(PUZZLES / "webpbn-00001.non"), *options])
    assert stop.value.code == 2 and words in capsys.readouterr().err
