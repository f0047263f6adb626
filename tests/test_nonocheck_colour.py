"""Tests of the colour section of the library module nonocheck: the checks of colour clues,
lines, pictures and puzzles, at their own doors and at the doors of the colour lessons."""
import pytest

from nonocheck import (PuzzleError, check_colour_clue, check_colour_line, check_colour_picture,
                       check_colour_puzzle, check_colour_text, colour_totals, shortest_line)
from nonocolour import analyse, colour_cnf, solutions, solve


def test_shortest_line_needs_a_gap_only_between_same_colours():
    assert shortest_line([(2, 1), (1, 2), (2, 2)]) == 6
    assert shortest_line([(1, 1), (1, 1), (1, 1)]) == 5
    assert shortest_line([]) == 0


def test_colour_totals_count_cells_per_colour():
    assert colour_totals([[(2, 1), (1, 2)], [], [(3, 1)]]) == {1: 5, 2: 1}


def test_a_colour_clue_is_normalised_to_tuples():
    assert check_colour_clue([[2, 1], (1, 2)], "row", 0, 3) == ((2, 1), (1, 2))
    assert check_colour_clue([], "row", 0, 0) == ()


@pytest.mark.parametrize("clue,cells,words", [
    ("2r", 5, "a colour clue is a list of (length, colour) blocks"),
    (5, 5, "a colour clue is a list"),
    ([(2, 1, 3)], 5, "is not a (length, colour) pair"),
    ([(True, 1)], 5, "is not a (length, colour) pair"),
    ([(2, 0)], 5, "whole numbers at least 1"),
    ([(2, 1), (2, 1)], 4, "the clue needs 5 cells, the line has 4"),
])
def test_bad_colour_clues_name_the_line(clue, cells, words):
    with pytest.raises(PuzzleError) as error:
        check_colour_clue(clue, "column", 3, cells)
    assert str(error.value).startswith("column 3: ") and words in str(error.value)


@pytest.mark.parametrize("cells", ["ab", [0, 1], [1, True], [1, 2.0], None])
def test_a_line_is_a_list_of_colour_sets(cells):
    with pytest.raises(PuzzleError, match="a line is a list of colour sets"):
        check_colour_line([(1, 1)], cells)


def test_a_good_line_returns_its_clue():
    assert check_colour_line([(1, 1)], [3, 3]) == ((1, 1),)
    with pytest.raises(PuzzleError, match="^the line: the clue needs 2 cells"):
        check_colour_line([(2, 1)], [3])


@pytest.mark.parametrize("picture,words", [
    ([], "non-empty list"),
    ("12", "non-empty list"),
    ([[1], []], "non-empty list"),
    ([[1, 2], [1]], "row 1 of the picture has 1 cells, row 0 has 2"),
    ([[1, -1]], "cell (0, 1) of the picture is -1"),
    ([[1, "r"]], "cell (0, 1) of the picture is 'r'"),
    ([[False]], "cell (0, 0) of the picture is False"),
])
def test_bad_colour_pictures_are_named(picture, words):
    with pytest.raises(PuzzleError) as error:
        check_colour_picture(picture)
    assert words in str(error.value)


def test_a_picture_is_copied():
    picture = [(0, 1)]
    checked = check_colour_picture(picture)
    assert checked == [[0, 1]] and checked[0] is not picture[0]


def test_text_pictures_are_checked():
    assert check_colour_text(" ab \n\n ba ", "ab") == ["ab", "ba"]
    for text, alphabet in ((["ab"], "ab"), ("ab", ["a", "b"]), ("ab", "aab")):
        with pytest.raises(PuzzleError, match="distinct characters"):
            check_colour_text(text, alphabet)
    with pytest.raises(PuzzleError, match="row 0 of the picture has 'c'"):
        check_colour_text("ac", "ab")


def test_a_puzzle_becomes_cell_sets_of_the_colours_its_clues_use():
    rows, cols, cells = check_colour_puzzle([[(1, 1)], [(1, 3)]], [[(1, 1), (1, 3)]])
    assert rows == [((1, 1),), ((1, 3),)] and cols == [((1, 1), (1, 3))]
    assert cells == [[0b1011], [0b1011]]  # background, colour 1 and colour 3 (not 2)
    _, _, cells = check_colour_puzzle([[(1, 1)], [(1, 3)]], [[(1, 1), (1, 3)]], [[None], [3]])
    assert cells == [[0b1011], [0b1000]]


@pytest.mark.parametrize("rows,cols,grid,words", [
    ([[(1, 1)]], [[(1, 2)]], None, "colour 1: the rows need 1 cells of it, the columns 0"),
    ([[(2, 1)]], [[(1, 1)]], None, "row 0: the clue needs 2 cells, the line has 1"),
    ([[(1, 1)]], [[(2, 1)]], None, "column 0: the clue needs 2 cells"),
    ([[(0, 1)]], [[]], None, "whole numbers at least 1"),
    ([[1]], [[1]], None, "not a (length, colour) pair"),
    ("ab", [[(1, 1)]], None, "rows must be a non-empty list of colour clues"),
    ([[(1, 1)]], [], None, "columns must be a non-empty list of colour clues"),
    ([[(1, 1)]], [[(1, 1)]], [[5]], "grid cell (0, 0) is 5"),
    ([[(1, 1)]], [[(1, 1)]], [[2]], "grid cell (0, 0) is 2"),  # a colour the clues do not use
    ([[(1, 1)]], [[(1, 1)]], [[True]], "grid cell (0, 0) is True"),
    ([[(1, 1)]], [[(1, 1)]], [[1, 0]], "the grid must have 1 rows of 1 cells"),
    ([[(1, 1)]], [[(1, 1)]], "1", "the grid must have 1 rows of 1 cells"),
])
def test_malformed_colour_puzzles_are_named_at_every_door(rows, cols, grid, words):
    for call in (check_colour_puzzle, solve, analyse, colour_cnf, lambda *a: list(solutions(*a))):
        with pytest.raises(PuzzleError) as error:
            call(rows, cols, grid)
        assert words in str(error.value)


def test_random_colour_lines_are_reproducible_and_some_do_not_fit():
    from nonocheck import random_colour_lines
    lines = random_colour_lines(300, seed=8)
    assert lines == random_colour_lines(300, seed=8) != random_colour_lines(300, seed=9)
    assert all(1 <= len(picture) == len(cells) <= 12 for picture, cells in lines)
    assert all(0 <= colour <= 4 and 1 <= cell < 1 << 5 for picture, cells in lines
               for colour, cell in zip(picture, cells))
    missing = [any(not cell >> colour & 1 for colour, cell in zip(picture, cells))
               for picture, cells in lines]
    assert 0 < sum(missing) < len(lines)  # some cells miss their picture's colour, not all
    assert {len(p) for p, _ in random_colour_lines(50, seed=1, most_cells=3)} <= {1, 2, 3}
