"""Tests of lesson 14 (nonocolour: the colour engine, verdicts, SAT in colour and the race), and
of the colour files, pictures and command that use it (nonocolourfiles, the `nonogram` command).
Lesson 13's line solvers are tested in test_nonocolourline.py, the colour checks in
test_nonocheck_colour.py."""
import random
from itertools import islice, product

import pytest

import nonocheck
import nonocolour
import nonocolourfiles
import nonocolourline
import nonodraw
from nonocolour import (ColourEngine, analyse, colour_clue, colour_clues, colour_layouts,
                        colour_sat_solutions, find_solutions, solutions, solve)
from nonocolour import Colour
from nonocolourfiles import ColourPuzzle, format_colour_xml, parse_colour_xml
from nonofiles import PuzzleFileError
from nonocheck import SearchLimit
from nonovector import Contradiction

from nonotools_helpers import PUZZLES, ROOT, run


# --- the names other modules import from nonocolour ----------------------------------------------

@pytest.mark.parametrize("name,home", [
    ("colour_clues", nonocolourline), ("solve_colour_line_fast", nonocolourline),
    ("solve_colour_line", nonocolourline), ("colour_clue", nonocolourline),
    ("shortest_line", nonocheck), ("_cache", nonocolourline), ("Colour", nonodraw),
    ("SPARE_CHARS", nonodraw), ("colour_totals", nonocheck), ("name_colours", nonodraw),
    ("visible_char", nonodraw), ("colour_layouts", nonocolourline),
    ("solve_line_by_layouts", nonocolourline),
])
def test_names_other_modules_use_stay_importable_from_nonocolour(name, home):
    assert getattr(nonocolour, name) is getattr(home, name)


def test_the_lesson_s_own_names():
    for name in ("find_solutions", "analyse", "solve", "colour_sat_solutions", "ColourEngine",
                 "solutions"):
        assert getattr(nonocolour, name).__module__ == "nonocolour"


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


def test_probes_make_certain_the_union_of_what_survives():
    engine = ColourEngine([[(1, 1)]], [[(1, 1)]])
    grid = [[0b1111, 0b1111]]
    # red leaves (0, 1) {red}, blue leaves it {blue, background}: it is not colour 3
    assert engine.certain(grid, [{(0, 1): 0b0010}, {(0, 1): 0b0101}, None]) == {(0, 1): 0b0111}
    # a cell only one probe narrowed is not certain; a lone survivor's cells all are
    assert engine.certain(grid, [{(0, 1): 0b0010}, {}]) == {}
    assert engine.certain(grid, [None, {(0, 0): 0b0100, (0, 1): 0b0001}]) == {
        (0, 0): 0b0100, (0, 1): 0b0001}
    with pytest.raises(Contradiction):
        engine.certain(grid, [None, None])


def test_choices_and_the_colour_strategies():
    engine = ColourEngine([[(1, 1)]], [[(1, 1)]])
    assert engine.choices(0b1011) == (0b0001, 0b0010, 0b1000) and engine.choices(0b0100) == ()
    grid = [[0b111, 0b011, 0b100], [0b001, 0b110, 0b111]]
    assert nonocolour.fewest_colours(engine, grid) == [(0, 1), (1, 1), (0, 0), (1, 2)]
    engine.last_probes = {}
    assert nonocolour.guess_by_probes(engine, grid) == (0, 1)
    engine.last_probes = {(1, 2): [{(0, 0): 1}, {(0, 0): 2, (0, 1): 1}], (0, 0): [{}, {}]}
    assert nonocolour.guess_by_probes(engine, grid) == (1, 2)


def test_the_lesson_s_puzzles_are_settled_by_line_logic():
    verdict = analyse(*colour_clues(nonocolourline.MUSHROOM))
    assert (verdict.status, verdict.method, verdict.solutions) == (
        "unique", "line", [nonocolourline.MUSHROOM])
    for name in ("pynogram-apples", "pynogram-uk", "lighthouse"):
        [puzzle] = nonocolourfiles.read_colour_puzzles(PUZZLES / f"{name}.xml")
        verdict = analyse(puzzle.rows, puzzle.cols)
        assert (verdict.status, verdict.method) == ("unique", "line"), name
        assert puzzle.goal is None or verdict.solutions == [puzzle.goal]


def test_the_colour_formula_is_one_hot_with_known_cells_as_units():
    rows, cols = colour_clues([[1, 2], [0, 2]])
    clauses, cell_vars, variables = nonocolour.colour_cnf(rows, cols, [[None, 2], [None, None]])
    assert [len(ones) for row in cell_vars for ones in row] == [3] * 4
    assert [cell_vars[0][1][2]] in clauses and max(abs(v) for c in clauses for v in c) == variables
    assert nonocolour.colour_tokens([(2, 1), (1, 1), (1, 2)]) == [1, 1, 0, 1, 2]


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
    history = nonocolour.colour_rounds(puzzle.rows, puzzle.cols)
    fig = nonodraw.draw_colour_rounds(history, puzzle.rows, puzzle.cols, puzzle.colours)
    titles = [ax.get_title() for ax in fig.axes if ax.get_title()]
    assert titles[:3] == ["start", "after the rows, round 1", "after the columns, round 1"]
    assert len(titles) == len(history) and len(fig.legends) == 1
    assert len(fig.legends[0].get_texts()) == 2  # the key: stripes, outlines


def test_the_gallery_draws_each_solution_in_its_own_colours():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    [apples] = nonocolourfiles.read_colour_puzzles(PUZZLES / "pynogram-apples.xml")
    diagonal = [[1, 0], [0, 2]]
    fig = nonodraw.draw_colour_solutions([solve(apples.rows, apples.cols), diagonal],
                                         [apples.colours, ["#ffffff", "#ff0000", "#0000ff"]],
                                         ["Apples", "diagonal"])
    assert [ax.get_title() for ax in fig.axes] == ["Apples", "diagonal"]
    pixels = fig.axes[1].images[0].get_array().tolist()
    assert pixels == [[[1, 0, 0], [1, 1, 1]], [[1, 1, 1], [0, 0, 1]]]  # in its own colours
    plt.close(fig)


def test_colour_rounds_are_lesson_3_s_loop_until_nothing_changes():
    rows, cols = colour_clues(nonocolourline.MUSHROOM)
    history = nonocolour.colour_rounds(rows, cols)
    assert len(history) == 3 and history[0] == ColourEngine(rows, cols).grid
    assert [[cell.bit_length() - 1 for cell in row] for row in history[-1]] == nonocolourline.MUSHROOM
    decided = [sum(cell & (cell - 1) == 0 for row in grid for cell in row) for grid in history]
    assert decided == [0, 17, 56]  # the numbers the lesson's prose gives
    [flag] = nonocolourfiles.read_colour_puzzles(PUZZLES / "pynogram-uk.xml")
    flag_rounds = nonocolour.colour_rounds(flag.rows, flag.cols)
    assert all(a != b for a, b in zip(flag_rounds, flag_rounds[1:]))  # each half-round changes something


# --- the command -----------------------------------------------------------------------------

def test_the_command_prints_colour_characters():
    code, out, err = run("puzzles/pynogram-apples.xml")
    lines = out.splitlines()
    assert code == 0 and err == "" and len(lines) == 17
    assert lines[0] == "key: . white (background), k black, g green, r red"
    assert set("".join(lines[1:16])) == {".", "k", "g", "r"}
    assert "unique" in lines[16] and "line" in lines[16]


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
    assert run(diagonal)[1].splitlines() == ["key: . white (background), r red, b blue", "r.", ".b",
                                             "unique solution, solved by line logic alone"]
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
    assert out.splitlines()[0].startswith("key: . sky (background), w white, y yellow")
    assert out.splitlines()[1:-1] == [
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
    assert run(pipe)[:2] == (0, "key: . white (background), | r, b b\n|b\n"
                                "unique solution, solved by line logic alone\n")
    dot = tmp_path / "dot.xml"
    dot.write_text(pipe.read_text().replace('char="|"', 'char="."', 1).replace(
        'char=".">fff', '>fff', 1))
    code, _, err = run(dot)
    assert code == 2 and "background" in err
    for bad in ("out", str(tmp_path), str(tmp_path / "out.xyz"), ""):
        code, out, err = run("puzzles/pynogram-uk.xml", "--png", bad)
        assert code == 2 and out == "" and ".png" in err
    code, out, _ = run("puzzles/lighthouse.png", "--colours", "3", "--size", "1000")
    assert code == 0 and len(out.splitlines()[1]) == 240  # never enlarged: 240 pixels wide


def test_the_time_limit_holds_during_colour_propagation():
    rng = random.Random(9)
    big = [[rng.randrange(6) for _ in range(250)] for _ in range(250)]
    rows, cols = colour_clues(big)
    with pytest.raises(SearchLimit):
        list(solutions(rows, cols, time_limit=0.2))
