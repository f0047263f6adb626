"""Tests of chapter 8 (colour clues, the three colour line solvers, the colour engine, SAT in
colour) and of chapter 9's colour files, pictures and command."""
import random
from itertools import islice, product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import nonocolour
import nonocolourfiles
import nonodraw
from nonocolour import (ColourEngine, analyse, colour_clue, colour_clues, colour_layouts,
                        colour_sat_solutions, find_solutions, solutions, solve, solve_colour_line,
                        solve_colour_line_fast, solve_line_by_layouts)
from nonocolour import Colour
from nonocolourfiles import ColourPuzzle, format_colour_xml, parse_colour_xml
from nonofiles import PuzzleFileError
from nonocheck import PuzzleError, SearchLimit
from nonovector import Contradiction

from nonotools_helpers import PUZZLES, ROOT, run


def answer(solver, clue, cells):
    """A solver's answer as a tuple of cell sets, or 'contradiction'."""
    try:
        return tuple(solver(clue, cells))
    except Contradiction:
        return "contradiction"


def every_clue(cells, colours):
    """Every clue of a line of `cells` cells in `colours` colours (the background not counted)."""
    return sorted({tuple(colour_clue(line)) for line in product(range(colours + 1), repeat=cells)})


# --- lines -----------------------------------------------------------------------------------

def test_colour_clue_counts_runs_and_lets_different_colours_touch():
    assert colour_clue([0, 1, 1, 2, 0, 2, 2, 1]) == [(2, 1), (1, 2), (2, 2), (1, 1)]
    assert colour_clue([0, 0]) == [] and colour_clue([]) == []
    assert nonocolour.shortest_line([(2, 1), (1, 2), (2, 2)]) == 6  # a gap only between the 2s


def test_layouts_are_exactly_the_lines_with_the_clue():
    for cells in range(6):
        for clue in every_clue(cells, 2):
            layouts = list(colour_layouts(list(clue), cells))
            expected = [list(line) for line in product(range(3), repeat=cells)
                        if tuple(colour_clue(line)) == clue]
            assert sorted(layouts) == sorted(expected)


@pytest.mark.parametrize("cells,colours", [(0, 1), (1, 3), (2, 3), (3, 3), (4, 2)])
def test_the_three_line_solvers_agree_on_every_small_line(cells, colours):
    """Exhaustive: every clue that fits, every combination of cell sets (contradictions too)."""
    states = list(product(range(1, 1 << (colours + 1)), repeat=cells))
    for clue in every_clue(cells, colours):
        for state in states:
            expected = answer(solve_line_by_layouts, list(clue), list(state))
            assert answer(solve_colour_line, list(clue), list(state)) == expected, (clue, state)
            assert answer(solve_colour_line_fast, clue, list(state)) == expected, (clue, state)


@st.composite
def colour_lines(draw):
    colours = draw(st.integers(1, 9))
    cells = draw(st.integers(0, 14))
    picture = draw(st.lists(st.integers(0, colours), min_size=cells, max_size=cells))
    state = [draw(st.integers(1, (1 << (colours + 1)) - 1)) | (1 << colour) * draw(st.booleans())
             for colour in picture]
    return colour_clue(picture), state


@settings(max_examples=400, deadline=None)
@given(colour_lines())
def test_the_solvers_agree_on_random_lines(line):
    clue, cells = line
    expected = answer(solve_line_by_layouts, clue, cells)
    assert answer(solve_colour_line, clue, cells) == expected
    assert answer(solve_colour_line_fast, tuple(clue), cells) == expected


def test_a_line_that_holds_its_picture_keeps_it_possible():
    rng = random.Random(3)
    for _ in range(300):
        picture = [rng.randrange(4) for _ in range(rng.randint(1, 30))]
        cells = [rng.randrange(1, 16) | 1 << colour for colour in picture]
        result = solve_colour_line_fast(tuple(colour_clue(picture)), cells)
        assert all(cell >> colour & 1 for cell, colour in zip(result, picture))
        assert all(new & ~old == 0 for new, old in zip(result, cells))  # only ever narrows


# --- puzzles -----------------------------------------------------------------------------------

def brute_force(rows, cols):
    """Every grid whose rows have layouts of their clues and whose columns match theirs."""
    width = len(cols)
    return [list(map(list, grid)) for grid in product(*(colour_layouts(clue, width) for clue in rows))
            if all(colour_clue(column) == list(clue) for column, clue in zip(zip(*grid), cols))]


def test_solutions_match_brute_force_on_tiny_puzzles():
    rng = random.Random(11)
    counts = set()
    for _ in range(150):
        height, width, colours = rng.randint(1, 4), rng.randint(1, 4), rng.randint(1, 3)
        picture = [[rng.randrange(colours + 1) for _ in range(width)] for _ in range(height)]
        rows, cols = colour_clues(picture)
        expected = sorted(brute_force(rows, cols))
        counts.add(len(expected))
        assert picture in expected
        assert sorted(solutions(rows, cols)) == expected
        assert sorted(solutions(rows, cols, probing=False)) == expected
        assert sorted(colour_sat_solutions(rows, cols)) == expected
    assert max(counts) > 1  # puzzles with several solutions were among them


def test_random_pictures_are_among_the_solutions_and_every_solution_fits():
    rng = random.Random(12)
    for _ in range(20):
        size, colours = rng.randint(5, 15), rng.randint(2, 5)
        picture = [[rng.randrange(colours + 1) for _ in range(size)] for _ in range(size)]
        rows, cols = colour_clues(picture)
        found = list(islice(solutions(rows, cols, max_nodes=10_000), 5))
        assert found and all(colour_clues(solution) == (rows, cols) for solution in found)
        verdict = analyse(rows, cols)
        assert verdict.status in ("unique", "multiple")
        assert (verdict.status == "unique") == (verdict.solutions == [picture])


def test_one_colour_is_black_and_white():
    import nonoengine
    rng = random.Random(13)
    for _ in range(20):
        picture = [[rng.randrange(2) for _ in range(6)] for _ in range(6)]
        rows, cols = colour_clues(picture)
        bw_rows = [[length for length, _ in clue] for clue in rows]
        bw_cols = [[length for length, _ in clue] for clue in cols]
        assert sorted(solutions(rows, cols)) == sorted(nonoengine.solutions(bw_rows, bw_cols))


def test_known_cells_and_verdicts():
    rows, cols = colour_clues([[1, 0], [0, 1]])
    assert analyse(rows, cols).status == "multiple"
    assert solve(rows, cols, [[None, 1], [None, None]]) == [[0, 1], [1, 0]]
    with pytest.raises(Contradiction):
        solve(rows, cols, [[0, 0], [None, None]])
    verdict = analyse([[(1, 1)], [(1, 2)]], [[(1, 1), (1, 2)]])
    assert verdict.status == "unique" and verdict.method == "line"
    # well formed (equal totals per colour), but no picture fits
    assert analyse([[(1, 1), (1, 2)], []], [[(1, 2)], [(1, 1)]]).status == "none"


def test_budgets_stop_the_colour_search():
    rng = random.Random(5)
    picture = [[rng.choice([0, 0, 0, 1, 2]) for _ in range(40)] for _ in range(40)]
    with pytest.raises(SearchLimit):
        list(solutions(*colour_clues(picture), max_nodes=2))


@pytest.mark.parametrize("rows,cols,grid,words", [
    ([[(1, 1)]], [[(1, 2)]], None, "colour 1"),
    ([[(2, 1)]], [[(1, 1)]], None, "needs 2 cells"),
    ([[(0, 1)]], [[]], None, "whole numbers at least 1"),
    ([[1]], [[1]], None, "not a (length, colour) pair"),
    ("ab", [[(1, 1)]], None, "rows must be"),
    ([[(1, 1)]], [[(1, 1)]], [[5]], "grid cell (0, 0)"),
    ([[(1, 1)]], [[(1, 1)]], [[1, 0]], "1 rows of 1 cells"),
])
def test_malformed_colour_puzzles_are_named(rows, cols, grid, words):
    with pytest.raises(PuzzleError, match=words.replace("(", r"\(").replace(")", r"\)")):
        solve(rows, cols, grid)


def test_the_hand_over_in_colour():
    rows, cols = colour_clues([[1, 0], [0, 1]])
    by_engine = find_solutions(rows, cols, count=10)
    assert by_engine.part == "engine" and by_engine.complete and len(by_engine.solutions) == 2
    by_sat = find_solutions(rows, cols, count=10, use_engine=False)
    assert by_sat.part == "SAT" and sorted(by_sat.solutions) == sorted(by_engine.solutions)
    rng = random.Random(5)
    hard = colour_clues([[rng.choice([0, 0, 0, 1, 2]) for _ in range(40)] for _ in range(40)])
    raced = find_solutions(*hard, engine_seconds=0.01, timeout=1)  # beyond both in a second
    assert raced.part == "engine and SAT" and raced.sat_joined >= 0.01 and not raced.finished
    assert raced.sat_note  # what became of SAT: out of time, or of memory


# --- files and pictures --------------------------------------------------------------------------

def random_colour_puzzle(rng, goal=True):
    size = rng.randint(1, 8), rng.randint(1, 8)
    colours = rng.randint(1, 4)
    picture = [[rng.randrange(colours + 1) for _ in range(size[1])] for _ in range(size[0])]
    palette = [Colour("white", ".", "ffffff")] + [
        Colour(name, name[0], rgb) for name, rgb in
        [("red", "ff0000"), ("blue", "0000ff"), ("green", "00aa00"), ("khaki", "c3b091")][:colours]]
    rows, cols = colour_clues(picture)
    return ColourPuzzle(rows, cols, palette, {"title": "a <test> & more"},
                        picture if goal else None)


def test_the_xml_writer_and_reader_round_trip():
    rng = random.Random(21)
    puzzles = [random_colour_puzzle(rng, goal=k % 2 == 0) for k in range(30)]
    assert parse_colour_xml(format_colour_xml(puzzles)) == puzzles
    for puzzle in puzzles[:5]:
        assert parse_colour_xml(format_colour_xml(puzzle)) == [puzzle]


def test_characters_are_assigned_when_the_file_has_none():
    text = ('<puzzle defaultcolor="red"><color name="white">fff</color><color name="red">f00'
            '</color><color name="rose">f0a</color><clues type="rows"><line><count>1</count>'
            '<count color="rose">1</count></line></clues><clues type="columns"><line><count>1'
            '</count></line><line><count color="rose">1</count></line></clues></puzzle>')
    [puzzle] = parse_colour_xml(text)
    assert [colour.char for colour in puzzle.colours] == [".", "r", "o"]
    assert [colour.rgb for colour in puzzle.colours] == ["ffffff", "ff0000", "ff00aa"]
    assert puzzle.rows == [[(1, 1), (1, 2)]]


SHIPPED = (PUZZLES / "pynogram-uk.xml").read_text()


@pytest.mark.parametrize("old,new,words,at", [
    ('<count color="red">1</count>', '<count color="green">1</count>', "not defined", None),
    ('<count color="red">1</count>', '<count color="white">1</count>', "the background", None),
    ('char="r"', 'char="b"', "the character 'b' of another colour", 'name="red"'),
    ('<count color="red">1</count>', '<count color="red">0</count>', "at least 1", None),
    ('<count color="red">1</count>', '<count color="red">-1</count>', "whole number", None),
    ('<count color="red">1</count>', '<count color="red">x</count>', "whole number", None),
    ('<count color="blue">5</count>', '<count color="blue">4</count>', "blue cells", "<puzzle "),
    ('>ff0000<', '>red<', "not an RGB value", None),
])
def test_bad_colour_files_name_the_line(old, new, words, at):
    text = SHIPPED.replace(old, new, 1)
    line = 1 + text[:text.index(at or new)].count("\n")  # the line of the change, or of `at`
    with pytest.raises(PuzzleFileError) as error:
        parse_colour_xml(text, "uk.xml")
    assert error.value.line == line and words in str(error.value)
    assert str(error.value).startswith(f"uk.xml, line {line}: ")


def test_image_puzzle_reads_back_a_drawn_picture(tmp_path):
    from PIL import Image
    picture = [[0, 0, 1, 1], [2, 2, 1, 0], [0, 3, 3, 3]]
    rgb = [(255, 255, 255), (200, 20, 20), (20, 20, 200), (250, 210, 30)]
    image = Image.new("RGB", (40, 30))
    image.putdata([rgb[picture[y // 10][x // 10]] for y in range(30) for x in range(40)])
    image.save(tmp_path / "p.png")
    puzzle = nonocolourfiles.image_puzzle(tmp_path / "p.png", size=4, colours=4)
    names = [[puzzle.colours[k].name for k in row] for row in puzzle.goal]
    expected = ["white", "red", "blue", "yellow"]
    assert names == [[expected[k] for k in row] for row in picture]
    assert puzzle.colours[0].name == "white" and puzzle.colours[0].char == "."
    with pytest.raises(ValueError, match="colours"):
        nonocolourfiles.image_puzzle(tmp_path / "p.png", colours=1)
    with pytest.raises(PuzzleFileError):
        nonocolourfiles.image_puzzle(ROOT / "README.md")


def test_drawings_are_made(tmp_path):
    import matplotlib
    matplotlib.use("Agg")
    [puzzle] = nonocolourfiles.read_colour_puzzles(PUZZLES / "pynogram-apples.xml")
    engine = ColourEngine(puzzle.rows, puzzle.cols)
    start = [row[:] for row in engine.grid]
    engine.propagate(engine.grid, range(engine.height))
    fig = nonodraw.draw_colour_steps([start, engine.grid], puzzle.rows, puzzle.cols,
                                       puzzle.colours)
    fig.savefig(tmp_path / "steps.png")
    assert (tmp_path / "steps.png").stat().st_size > 1000


# --- the command -----------------------------------------------------------------------------

def test_the_command_prints_colour_characters():
    code, out, err = run("puzzles/pynogram-apples.xml")
    lines = out.splitlines()
    assert code == 0 and err == "" and len(lines) == 16
    assert set("".join(lines[:15])) == {".", "k", "g", "r"}
    assert "unique" in lines[15] and "line" in lines[15]


def test_the_command_options_in_colour(tmp_path):
    code, out, _ = run("puzzles/pynogram-uk.xml", "--clues", "--stats")
    assert code == 0 and "   3r 11b 3r 11b 3r\n" in out and "row/column solves" in out
    code, out, _ = run("puzzles/pynogram-uk.xml", "--sat")
    assert code == 0 and out.splitlines()[-1] == "unique solution, found by SAT"
    picture = tmp_path / "flag.png"
    code, _, err = run("puzzles/pynogram-uk.xml", "--png", picture)
    assert code == 0 and err == "" and picture.stat().st_size > 1000
    diagonal = tmp_path / "diagonal.xml"
    nonocolourfiles.write_colour_puzzle(ColourPuzzle(*colour_clues([[1, 0], [0, 2]]), [
        Colour("white", ".", "ffffff"), Colour("red", "r", "ff0000"),
        Colour("blue", "b", "0000ff")]), diagonal)
    assert run(diagonal)[1].splitlines() == ["r.", ".b", "unique solution, solved by line logic alone"]
    two = tmp_path / "two.xml"
    nonocolourfiles.write_colour_puzzle(ColourPuzzle(*colour_clues([[1, 0], [0, 1]]), [
        Colour("white", ".", "ffffff"), Colour("red", "r", "ff0000"),
        Colour("blue", "b", "0000ff")]), two)
    code, out, _ = run(two, "--all")  # one ink: printed as black and white
    assert code == 0 and out.split("\n\n")[0] == "#.\n.#" and "2 in all" in out
    assert "more than 1" in run(two, "--all", "--max-solutions", "1")[1]


def test_the_command_exit_codes_in_colour(tmp_path):
    impossible = tmp_path / "impossible.xml"
    nonocolourfiles.write_colour_puzzle(ColourPuzzle(
        [[(1, 1), (1, 2)], []], [[(1, 2)], [(1, 1)]],
        [Colour("white", ".", "fff000"), Colour("red", "r", "ff0000"),
         Colour("blue", "b", "0000ff")]), impossible)
    code, out, err = run(impossible)
    assert code == 1 and "no solution" in out and err == ""
    bad = tmp_path / "bad.xml"
    bad.write_text(SHIPPED.replace('<count color="red">1</count>', '<count color="pink">1</count>', 1))
    code, out, err = run(bad)
    assert code == 2 and out == "" and len(err.splitlines()) == 1
    assert "bad.xml, line 10" in err and "'pink'" in err
    rng = random.Random(5)
    hard = colour_clues([[rng.choice([0, 0, 0, 1, 2]) for _ in range(40)] for _ in range(40)])
    slow = tmp_path / "slow.xml"
    nonocolourfiles.write_colour_puzzle(ColourPuzzle(*hard, [
        Colour("white", ".", "ffffff"), Colour("red", "r", "ff0000"),
        Colour("blue", "b", "0000ff")]), slow)
    code, out, err = run(slow, "--timeout", "0.5", "--no-sat")
    assert code == 3 and "gave up" in out and err == ""


def test_a_one_colour_xml_file_gets_the_verdict_of_its_non_twin(tmp_path):
    import nonofiles
    [dancer] = nonofiles.read_puzzles(PUZZLES / "webpbn-00001.non")
    rows = [[(length, 1) for length in clue] for clue in dancer.rows]
    cols = [[(length, 1) for length in clue] for clue in dancer.cols]
    twin = tmp_path / "dancer.xml"
    nonocolourfiles.write_colour_puzzle(ColourPuzzle(rows, cols, [
        Colour("white", ".", "ffffff"), Colour("navy", "n", "000080")]), twin)
    assert run(twin)[:2] == run(PUZZLES / "webpbn-00001.non")[:2]  # printed the same, too
    mixed = tmp_path / "mixed.xml"
    nonocolourfiles.write_colour_puzzle([parse_colour_xml(twin.read_text())[0],
                                    nonocolourfiles.read_colour_puzzles(PUZZLES / "pynogram-uk.xml")[0]],
                                   mixed)
    code, out, _ = run(mixed)
    assert code == 0 and "#" in out.split("\n\n")[0] and "b" in out.split("\n\n")[1]


def test_a_colour_picture_file_becomes_a_colour_puzzle():
    code, out, err = run("puzzles/lighthouse.png", "--colours", "6", "--size", "20")
    assert code == 0 and err == ""
    assert out.splitlines()[:-1] == [
        "".join(c.char for c in [puzzle.colours[k] for k in row])
        for puzzle in nonocolourfiles.read_colour_puzzles(PUZZLES / "lighthouse.xml") for row in puzzle.goal]


def test_colour_edge_cases_of_the_command(tmp_path):
    """Found by a hostile tester: each once gave a traceback or a wrong answer."""
    names = "".join(f'<color name="c{k}">{k:06x}</color>' for k in range(1, 70))
    many = tmp_path / "many.xml"
    many.write_text(f'<puzzle defaultcolor="c1"><color name="white">fff</color>{names}'
                    '<clues type="rows"><line><count>1</count></line></clues>'
                    '<clues type="columns"><line><count>1</count></line></clues></puzzle>')
    code, _, err = run(many)
    assert code == 2 and "no spare character" in err and len(err.splitlines()) == 1
    pipe = tmp_path / "pipe.xml"
    pipe.write_text('<puzzle defaultcolor="r"><color name="white" char=".">fff</color>'
                    '<color name="r" char="|">f00</color><color name="b" char="b">00f</color>'
                    '<clues type="rows"><line><count>1</count><count color="b">1</count></line>'
                    '</clues><clues type="columns"><line><count>1</count></line><line>'
                    '<count color="b">1</count></line></clues><solution><image>||b|</image>'
                    '</solution></puzzle>')
    assert run(pipe)[:2] == (0, "|b\nunique solution, solved by line logic alone\n")
    dot = tmp_path / "dot.xml"
    dot.write_text(pipe.read_text().replace('char="|"', 'char="."', 1).replace(
        'char=".">fff', '>fff', 1))
    code, _, err = run(dot)
    assert code == 2 and "background" in err
    for bad in ("out", str(tmp_path), str(tmp_path / "out.xyz"), ""):
        code, out, err = run("puzzles/pynogram-uk.xml", "--png", bad)
        assert code == 2 and out == "" and ".png" in err
    code, out, _ = run("puzzles/lighthouse.png", "--colours", "3", "--size", "1000")
    assert code == 0 and len(out.splitlines()[0]) == 240  # never enlarged: 240 pixels wide


def test_the_time_limit_holds_during_colour_propagation():
    rng = random.Random(9)
    big = [[rng.randrange(6) for _ in range(250)] for _ in range(250)]
    rows, cols = colour_clues(big)
    with pytest.raises(SearchLimit):
        list(solutions(rows, cols, time_limit=0.2))
