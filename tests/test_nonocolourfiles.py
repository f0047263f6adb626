"""Tests of the library module nonocolourfiles: colour puzzles in webpbn XML, read and written,
and colour pictures made into puzzles. (More tests of these files, through the colour solver
and the command, are in test_nonocolour.py.)"""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import nonocolourfiles
from nonocolour import colour_clues
from nonocolourfiles import (ColourPuzzle, bw_puzzle_clues, format_colour_xml, image_puzzle,
                             parse_colour_xml, read_colour_puzzles, write_colour_puzzle)
from nonodraw import Colour
from nonofiles import PuzzleFileError, read_puzzle

from nonotools_helpers import PUZZLES

WHITE, RED, BLUE = Colour("white", ".", "ffffff"), Colour("red", "r", "ff0000"), Colour(
    "blue", "b", "0000ff")


def puzzle_of(goal, colours=(WHITE, RED, BLUE), **fields):
    """The ColourPuzzle whose solution is `goal` (rows of colour numbers)."""
    return ColourPuzzle(*colour_clues(goal), list(colours), goal=goal, **fields)


# --- the shipped colour files ------------------------------------------------------------------

@pytest.mark.parametrize("name, size, chars", [
    ("pynogram-apples.xml", (15, 15), ".kgr"),
    ("pynogram-uk.xml", (15, 31), ".br"),
    ("lighthouse.xml", (20, 20), ".wybrn"),
])
def test_the_shipped_colour_files_read(name, size, chars):
    [puzzle] = read_colour_puzzles(PUZZLES / name)
    assert (puzzle.height, puzzle.width) == size  # rows x columns
    assert "".join(colour.char for colour in puzzle.colours) == chars
    assert puzzle.goal is None or colour_clues(puzzle.goal) == (puzzle.rows, puzzle.cols)
    assert puzzle.title and puzzle.givens is None


def test_the_lighthouse_file_is_the_lighthouse_picture():
    made = image_puzzle(PUZZLES / "lighthouse.png", size=20, colours=6, title="Lighthouse")
    [shipped] = read_colour_puzzles(PUZZLES / "lighthouse.xml")
    assert (made.rows, made.cols, made.colours, made.goal) == (
        shipped.rows, shipped.cols, shipped.colours, shipped.goal)
    assert made.metadata == {"title": "Lighthouse"} and made.colours[0].char == "."


# --- reading -------------------------------------------------------------------------------------

def puzzle_xml(body, attributes=""):
    return f"<puzzle{attributes}>\n{body}\n</puzzle>"


ONE_RED = ('<color name="red" char="r">f00</color>\n'
           '<clues type="rows"><line><count color="red">1</count></line></clues>\n'
           '<clues type="columns"><line><count color="red">1</count></line></clues>')


def test_defaults_three_digit_rgb_and_metadata():
    [puzzle] = parse_colour_xml(puzzle_xml("<title> A  title </title>\n<author>Me</author>\n"
                                           + ONE_RED))
    assert puzzle.colours == [Colour("white", ".", "ffffff"), Colour("red", "r", "ff0000")]
    assert puzzle.rows == puzzle.cols == [[(1, 1)]]
    assert puzzle.metadata == {"title": "A title", "by": "Me"} and puzzle.title == "A title"
    assert puzzle.goal is None


def test_a_black_and_white_file_is_a_one_ink_colour_puzzle():
    [dancer] = parse_colour_xml(nonofiles_xml("webpbn-00001.non"))
    assert [colour.name for colour in dancer.colours] == ["white", "black"]
    assert bw_puzzle_clues(dancer) == (read_puzzle(PUZZLES / "webpbn-00001.non").rows,
                                       read_puzzle(PUZZLES / "webpbn-00001.non").cols)
    [flag] = read_colour_puzzles(PUZZLES / "pynogram-uk.xml")
    assert bw_puzzle_clues(flag) is None


def nonofiles_xml(name):
    import nonofiles
    return nonofiles.format_xml(read_puzzle(PUZZLES / name))


@pytest.mark.parametrize("text, line, words", [
    (puzzle_xml(ONE_RED, ' type="triddler"'), 1, "only \"grid\""),
    (puzzle_xml(ONE_RED.replace('char="r"', 'char="."')), 2, '"." is the background\'s'),
    (puzzle_xml(ONE_RED.replace('char="r"', 'char="rr"')), 2, "not one visible character"),
    (puzzle_xml(ONE_RED.replace('name="red"', '')), 2, "needs a name of its own"),
    (puzzle_xml(ONE_RED, ' backgroundcolor="sky"'), 1, "colour 'sky' is used but not defined"),
    (puzzle_xml(ONE_RED.split("\n", 1)[1]), 2, "count colour 'red' is not defined by a <color>"),
    (puzzle_xml(ONE_RED.replace(' color="red"', ''), ' defaultcolor="ink"'), 1,
     "colour 'ink' is used but not defined"),
    (puzzle_xml(ONE_RED.replace('color="red">1', 'color="white">1', 1)), 3,
     "count colour 'white' is the background"),
    (puzzle_xml(ONE_RED.replace("<line><count", '<line><count color="red">1</count><count', 1)), 3,
     "this clue needs 3 cells, the line has 1"),
    (puzzle_xml(ONE_RED.replace('<clues type="columns"><line><count color="red">1</count>'
                                '</line></clues>', '<clues type="columns"></clues>')), 4,
     '<clues type="columns"> needs 1 to'),  # (at the empty <clues>)
    (puzzle_xml(ONE_RED + "\n<solution><image>|r|\n|r|</image></solution>"), 5,
     "the solution image is not 1 rows of 1 cells"),
    (puzzle_xml(ONE_RED + "\n<solution><image>|q|</image></solution>"), 5,
     "'q', which is no colour's character"),
    (puzzle_xml(ONE_RED + "\n<solution><image>|.|</image></solution>"), 5,
     "does not match the clues"),
    ("<html/>", 1, "expected <puzzleset> of <puzzle> elements"),
    ("<puzzleset>\n</puzzleset>", 1, "expected <puzzleset> of <puzzle> elements"),
])
def test_faults_are_named_at_their_line(text, line, words):
    with pytest.raises(PuzzleFileError) as error:
        parse_colour_xml(text, "c.xml")
    assert error.value.line == line and words in error.value.message
    assert str(error.value).startswith(f"c.xml, line {line}: ")


def test_colours_without_a_char_get_a_free_letter_until_none_is_left():
    names = "".join(f'<color name="x{k}">{k:06x}</color>' for k in range(1, 8))
    counts = '<count color="x1">1</count>'
    text = puzzle_xml(f'{names}<clues type="rows"><line>{counts}</line></clues>'
                      f'<clues type="columns"><line>{counts}</line></clues>')
    [puzzle] = parse_colour_xml(text)
    assert [colour.char for colour in puzzle.colours][:4] == [".", "x", "2", "3"]  # name's chars
    many = "".join(f'<color name="c{k}">{k:06x}</color>' for k in range(1, 70))
    with pytest.raises(PuzzleFileError, match="no spare character is left"):
        parse_colour_xml(text.replace(names, many).replace('"x1"', '"c1"'))


def test_the_reader_wants_text_and_files_are_checked_as_for_black_and_white(tmp_path):
    with pytest.raises(TypeError, match="text must be a str of XML, not bytes"):
        parse_colour_xml(b"<puzzle/>")
    with pytest.raises(PuzzleFileError, match="No such file"):
        read_colour_puzzles(tmp_path / "missing.xml")
    (tmp_path / "binary.xml").write_bytes(b"<\0>")
    with pytest.raises(PuzzleFileError, match="binary data"):
        read_colour_puzzles(tmp_path / "binary.xml")
    (tmp_path / "bomb.xml").write_text('<!DOCTYPE p [<!ENTITY a "aa">]><puzzle/>')
    with pytest.raises(PuzzleFileError, match="entity declarations are not allowed"):
        read_colour_puzzles(tmp_path / "bomb.xml")


# --- writing -------------------------------------------------------------------------------------

goals = st.integers(1, 6).flatmap(lambda width: st.lists(
    st.lists(st.integers(0, 2), min_size=width, max_size=width), min_size=1, max_size=6))


@settings(max_examples=100, deadline=None)
@given(goals, st.booleans())
def test_writing_and_reading_back_gives_the_same_puzzles(goal, with_goal):
    puzzle = puzzle_of(goal, metadata={"title": "a <title> & \"more\"", "by": "é"})
    if not with_goal:
        puzzle.goal = None
    assert parse_colour_xml(format_colour_xml(puzzle)) == [puzzle]
    assert parse_colour_xml(format_colour_xml([puzzle, puzzle])) == [puzzle, puzzle]


def test_write_colour_puzzle_writes_a_file(tmp_path):
    puzzle = puzzle_of([[1, 0], [0, 2]])
    path = write_colour_puzzle([puzzle], tmp_path / "p.xml")
    assert path == tmp_path / "p.xml" and read_colour_puzzles(path) == [puzzle]


@pytest.mark.parametrize("change, error, words", [
    (lambda p: setattr(p, "givens", [[1, None], [None, None]]), ValueError, "no place for givens"),
    (lambda p: setattr(p, "colours", [WHITE, RED, Colour("blue", "r", "0000ff")]), ValueError,
     "same char"),
    (lambda p: setattr(p, "colours", [WHITE, RED, Colour("blue", "b", "00F")]), ValueError,
     "6 lower-case hex digits"),
    (lambda p: setattr(p, "colours", [WHITE, RED]), ValueError, "beyond its 2 colours"),
    (lambda p: setattr(p, "colours", ["ffffff", "ff0000", "0000ff"]), TypeError, "list of Colour"),
])
def test_what_the_format_cannot_hold_is_refused(change, error, words):
    puzzle = puzzle_of([[1, 0], [0, 2]])
    change(puzzle)
    with pytest.raises(error, match=words):
        format_colour_xml(puzzle)
    with pytest.raises(TypeError, match="puzzle must be a ColourPuzzle .format_colour_xml "
                                        "writes them., not Puzzle"):
        format_colour_xml([read_puzzle(PUZZLES / "pynogram-smile.non")])


# --- colour pictures ---------------------------------------------------------------------------

def save_picture(path, goal, rgbs, scale=10, mode="RGB"):
    """Save rows of colour numbers as a picture, each cell scale x scale pixels of rgbs[number]."""
    from PIL import Image
    height, width = len(goal) * scale, len(goal[0]) * scale
    image = Image.new(mode, (width, height))
    image.putdata([rgbs[goal[y // scale][x // scale]] for y in range(height) for x in range(width)])
    image.save(path)
    return path


def test_image_puzzle_finds_the_background_on_the_border_and_never_enlarges(tmp_path):
    goal = [[0, 0, 0, 0], [0, 1, 2, 0], [0, 2, 1, 0], [0, 0, 0, 0]]
    path = save_picture(tmp_path / "p.png", goal, [(20, 20, 20), (250, 250, 250), (200, 0, 0)])
    puzzle = image_puzzle(path, size=4, colours=3, title="t")
    assert puzzle.goal == [[0, 0, 0, 0], [0, 1, 2, 0], [0, 2, 1, 0], [0, 0, 0, 0]]
    assert puzzle.colours[0].name == "black" and puzzle.colours[0].char == "."
    assert (puzzle.rows, puzzle.cols) == colour_clues(puzzle.goal) and puzzle.title == "t"
    assert len(image_puzzle(path, size=1000, colours=3).goal) == 40  # 40 pixels: never enlarged
    assert len(image_puzzle(path, size=2, colours=3).goal) == 2


def test_image_puzzle_draws_transparency_on_white(tmp_path):
    goal = [[0, 1], [1, 0]]
    path = save_picture(tmp_path / "t.png", goal, [(0, 0, 0, 0), (0, 0, 200, 255)], mode="RGBA")
    puzzle = image_puzzle(path, size=2, colours=2)
    assert [colour.rgb for colour in puzzle.colours][0] == "ffffff"
    assert puzzle.goal == goal


@pytest.mark.parametrize("options, words", [
    ({"size": 0}, "size must be a whole number from 1 to 1000"),
    ({"size": 2.5}, "size must be"), ({"size": True}, "size must be"),
    ({"colours": 1}, "colours must be a whole number from 2 to 32"), ({"colours": 33}, "colours"),
])
def test_image_puzzle_arguments_are_checked(tmp_path, options, words):
    path = save_picture(tmp_path / "p.png", [[0, 1]], [(255, 255, 255), (0, 0, 0)])
    with pytest.raises(ValueError, match=words):
        image_puzzle(path, **options)


def test_image_puzzle_refuses_what_is_not_a_picture(tmp_path):
    (tmp_path / "x.png").write_text("not a picture")
    with pytest.raises(PuzzleFileError, match="not a picture this reader can open"):
        image_puzzle(tmp_path / "x.png")
    with pytest.raises(PuzzleFileError, match="not a picture"):
        image_puzzle(PUZZLES / "SOURCES.md")


def test_the_colours_are_nonodraws():
    assert nonocolourfiles.Colour is Colour  # one Colour class for files, solvers and drawings


def test_wrong_types_are_named():
    import dataclasses

    puzzle = read_colour_puzzles(PUZZLES / "lighthouse.xml")[0]
    with pytest.raises(TypeError, match="puzzle must be a ColourPuzzle, not NoneType"):
        nonocolourfiles.bw_puzzle_clues(None)
    with pytest.raises(TypeError, match="metadata is a dict"):
        nonocolourfiles.format_colour_xml(dataclasses.replace(puzzle, metadata=None))


# --- issue 26: deadlines, pictures of any size, lesser messages -------------------------------

ONE_RED_XML = ('<puzzle><color name="red" char="r">f00</color>'
               '<clues type="rows"><line><count color="red">1</count></line></clues>'
               '<clues type="columns"><line><count color="red">1</count></line></clues></puzzle>')


def test_the_colour_readers_stop_at_a_deadline_that_has_passed(tmp_path):
    import time

    from nonocheck import SearchLimit
    from PIL import Image

    Image.new("RGB", (40, 30), (200, 0, 0)).save(tmp_path / "red.png")
    (tmp_path / "one.xml").write_text(ONE_RED_XML)
    past = time.monotonic() - 1
    for call in (lambda: parse_colour_xml(ONE_RED_XML, deadline=past),
                 lambda: read_colour_puzzles(tmp_path / "one.xml", deadline=past),
                 lambda: image_puzzle(tmp_path / "red.png", 10, 2, deadline=past)):
        with pytest.raises(SearchLimit, match="ran out of time"):
            call()
    assert image_puzzle(tmp_path / "red.png", 10, 2, deadline=time.monotonic() + 60).height == 8


def test_a_large_picture_is_sampled_before_its_colours_are_chosen(tmp_path, monkeypatch):
    import time

    from nonocheck import SearchLimit
    from PIL import Image, ImageDraw

    image = Image.new("RGB", (3000, 2000), (255, 255, 255))
    ImageDraw.Draw(image).ellipse([500, 500, 2500, 1500], fill=(200, 0, 0))
    image.save(tmp_path / "big.png")
    quantised = []
    quantize = Image.Image.quantize

    def counting(self, *args, **kwargs):
        quantised.append(self.width * self.height)
        return quantize(self, *args, **kwargs)
    monkeypatch.setattr(Image.Image, "quantize", counting)
    puzzle = image_puzzle(tmp_path / "big.png", 30, 3)
    assert (puzzle.height, puzzle.width) == (20, 30) and len(puzzle.colours) == 2
    assert puzzle.goal[10][15] == 1 and puzzle.goal[0][0] == 0
    assert quantised and max(quantised) <= nonocolourfiles.SAMPLE_PIXELS  # (not 6 million)
    start = time.monotonic()
    with pytest.raises(SearchLimit):
        image_puzzle(tmp_path / "big.png", 1000, 4, deadline=start + 0.02)
    assert time.monotonic() - start < 1.5


def test_a_cjk_character_is_a_colour_character_and_undefined_colours_are_named():
    text = ONE_RED_XML.replace('char="r"', 'char="紅"')
    puzzle = parse_colour_xml(text)[0]
    assert puzzle.colours[1].char == "紅"
    assert parse_colour_xml(format_colour_xml(puzzle))[0] == puzzle
    with pytest.raises(PuzzleFileError) as error:
        parse_colour_xml(ONE_RED_XML.replace("<puzzle>", '<puzzle backgroundcolor="sky">'))
    assert "colour 'sky' is used but not defined (the puzzle's backgroundcolor)" in str(
        error.value)


def test_colour_totals_that_differ_are_a_puzzle_without_solution():
    from nonocheck import TotalsDiffer

    text = ONE_RED_XML.replace('<line><count color="red">1</count></line></clues></puzzle>',
                               '<line></line></clues></puzzle>')
    with pytest.raises(TotalsDiffer, match="the rows need 1 red cells, the columns 0"):
        parse_colour_xml(text)
