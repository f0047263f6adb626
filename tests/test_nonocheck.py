"""Tests of the library module nonocheck: every malformed puzzle is named, at every door."""
import pytest

from nonocheck import ClueError, PuzzleError, SearchLimit, check_picture, check_puzzle
from nonogram2d import propagate, solutions, solve
from nonoprobe import analyse
from nonovector import Contradiction

from test_nonogram2d import COLS, ROWS

def test_check_picture_returns_ints():
    assert check_picture("#.\n.#") == [[1, 0], [0, 1]]

@pytest.mark.parametrize("rows, cols, grid, words", [
    ([[1]] * 3 + [[5, 5]], [[1]] * 10, None,
     r"row 3: clue \[5, 5\] needs at least 11 cells but the line has only 10"),
    ([[1], [1]], [[3], [1]], None, r"column 0: clue \[3\] needs at least 3 cells"),
    ([[1], [-1]], [[1], [1]], None, r"row 1: clue \[-1\]"),
    ([[1.5]], [[1]], None, "row 0: .*not a whole number"),
    ([[2], [2]], [[1], [1]], None, "rows need 4 filled cells but columns need 2"),
    (ROWS, COLS, [[None] * 5] * 4, "grid has 4 rows, expected 5"),
    (ROWS, COLS, [[None] * 5] * 4 + [[None] * 4], "grid row 4 has 4 cells, expected 5"),
    (ROWS, COLS, [[None] * 5] * 4 + [[None, 2, None, None, None]], "grid row 4: cell 1"),
    (ROWS, COLS, "#####", "grid must be a list of rows"),
    ("3 1", COLS, None, "rows must be a list of clues"),
    ([], [], None, "at least one row and one column"),
])
def test_bad_puzzles_are_named(rows, cols, grid, words):
    for call in (check_puzzle, propagate, solutions, solve, analyse):
        with pytest.raises(PuzzleError, match=words):
            call(rows, cols, grid)

def test_puzzle_error_is_a_clue_error_and_value_error():
    assert issubclass(PuzzleError, ClueError) and issubclass(PuzzleError, ValueError)
    assert not issubclass(PuzzleError, Contradiction)
    assert issubclass(SearchLimit, RuntimeError)

def test_check_puzzle_normalises_and_copies():
    given = [[None] * 2, [None] * 2]
    rows, cols, grid = check_puzzle(([0], (1,)), [[1], []], given)
    assert rows == [[], [1]] and cols == [[1], []] and grid == given and grid is not given
    assert grid[0] is not given[0]
