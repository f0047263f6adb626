"""Tests of lesson 5 (gchq): the GCHQ 2015 puzzle's data, the layout-list solver, the givens that matter.

The QR plumbing (qr_pixels, decode_qr, ...) lives in nonodraw: tests/test_nonodraw_qr.py. The check
of the givens (nonocheck.check_givens) is tested here, through grid_with_givens and directly."""
from functools import lru_cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gchq
import nonocheck
import nonogram2d
import nonoline
import nonoprobe
import nonovector
from gchq import COLS, GIVENS, ROWS, SOLUTION

# The card's solution, pinned here independently of the module (which computes gchq.SOLUTION).
PICTURE = """\
#######.###...#.#.#######
#.....#.##.##.....#.....#
#.###.#.....###.#.#.###.#
#.###.#.#..######.#.###.#
#.###.#..#####.##.#.###.#
#.....#..##.......#.....#
#######.#.#.#.#.#.#######
........###...###........
#.##.###..#.#.###.#..#.##
#.#......###.##....#...#.
.####.#.####.##.#....##..
.#.#...#...#.#.####.#.###
..##..#.#.#......##.#####
...###.##.##.######.###.#
#.#########.#.#..##....#.
.##.#..##...##.###.....#.
###.#.#.#..#....#####.#..
........#...##.##...#####
#######.#..##...#.#.#.###
#.....#.##..#..##...##.#.
#.###.#...####..#####..#.
#.###.#.###.##########.##
#.###.#.#..######.######.
#.....#..##......#.#.##..
#######.##...#.##...#####"""


def picture(grid):
    return "\n".join("".join("#" if cell == 1 else "." for cell in row) for row in grid)


# --- the data --------------------------------------------------------------------------------

def test_shape_and_givens():
    assert len(ROWS) == len(COLS) == 25
    assert len(GIVENS) == len(set(GIVENS)) == 22
    assert all(0 <= r < 25 and 0 <= c < 25 for r, c in GIVENS)
    assert sorted({r for r, _ in GIVENS}) == [3, 8, 16, 21]


def test_clues_fit_and_totals_agree():
    for clue in ROWS + COLS:
        assert nonovector.normalize_clue(clue, 25) == clue
        assert nonovector.min_length(clue) <= 25
    assert sum(map(sum, ROWS)) == sum(map(sum, COLS)) == 339


def test_clue_text_is_parsed_into_lists():
    assert gchq.parse_clues("\n7 3 | 1\n2 2 |1 1 1\n") == [[7, 3], [1], [2, 2], [1, 1, 1]]
    assert ROWS[0] == [7, 3, 1, 1, 7] and ROWS[21] == [1, 3, 1, 3, 10, 2] and COLS[-1] == [7, 1, 3, 2, 1, 1]
    assert all(type(clue) is list and all(type(n) is int for n in clue) for clue in ROWS + COLS)


def test_solution_matches_clues_and_givens():
    assert picture(SOLUTION) == PICTURE
    assert [nonovector.line2blocks(row) for row in SOLUTION] == ROWS
    assert [nonovector.line2blocks(col) for col in zip(*SOLUTION)] == COLS
    assert all(SOLUTION[r][c] == 1 for r, c in GIVENS)


def test_data_agrees_with_the_puzzle_file():
    """The module's copy of the card and the repo's puzzles/gchq2015.non."""
    import nonofiles
    puzzle = nonofiles.read_puzzle(Path(__file__).parent.parent / "puzzles" / "gchq2015.non")
    assert puzzle.rows == ROWS and puzzle.cols == COLS
    assert puzzle.givens == gchq.grid_with_givens()


def test_grid_with_givens():
    grid = gchq.grid_with_givens()
    assert len(grid) == 25 and all(len(row) == 25 for row in grid)
    assert {(r, c) for r in range(25) for c in range(25) if grid[r][c] == 1} == set(GIVENS)
    assert sum(row.count(None) for row in grid) == 625 - 22
    assert gchq.grid_with_givens([]) == [[None] * 25 for _ in range(25)]


@pytest.mark.parametrize("bad, words", [
    ([(25, 0)], r"given 0 is \(25, 0\), not a cell of the 25x25 grid"),
    ([(0, 0), (-1, 3)], r"given 1 is \(-1, 3\), not a cell"),
    ([(1, 2, 3)], r"given 0 is \(1, 2, 3\), not a cell"),
    ([7], r"given 0 is 7, not a cell"),
    ([(1.0, 2)], r"given 0 is \(1.0, 2\), not a cell"),
])
def test_bad_givens_are_named(bad, words):
    with pytest.raises(nonocheck.PuzzleError, match=words):
        gchq.grid_with_givens(bad)
    assert issubclass(nonocheck.PuzzleError, ValueError)


def test_check_givens_normalises_pairs():
    assert nonocheck.check_givens([(0, 1), [2, 0]], 3, 2) == [(0, 1), (2, 0)]
    assert nonocheck.check_givens(iter([(1, 1)]), 2, 2) == [(1, 1)]
    assert nonocheck.check_givens([], 0, 0) == []
    with pytest.raises(nonocheck.PuzzleError, match=r"given 1 is \(0, 2\), not a cell of the 3x2"):
        nonocheck.check_givens([(0, 1), (0, 2)], 3, 2)


def test_grid_with_givens_of_another_size():
    assert gchq.grid_with_givens([(2, 4)], 3, 5) == [[None] * 5, [None] * 5, [None] * 4 + [1]]
    with pytest.raises(nonocheck.PuzzleError, match=r"given 0 is \(0, 5\), not a cell of the 3x5 grid"):
        gchq.grid_with_givens([(0, 5)], 3, 5)


# --- the layout-list method (yangs) ---------------------------------------------------------

def test_line_layouts_small_examples():
    assert gchq.line_layouts([2, 1], 5) == [(0, 1, 1, 0, 1), (1, 1, 0, 0, 1), (1, 1, 0, 1, 0)]
    assert gchq.line_layouts([], 3) == [(0, 0, 0)]
    assert gchq.line_layouts([0], 2) == [(0, 0)]
    assert gchq.line_layouts([3], 3) == [(1, 1, 1)]
    assert gchq.line_layouts([1], 3) == [(0, 0, 1), (0, 1, 0), (1, 0, 0)]
    with pytest.raises(nonovector.ClueError, match="needs at least 11 cells"):
        gchq.line_layouts([5, 5], 10)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(1, 4), max_size=4), st.integers(0, 14))
def test_line_layouts_are_lesson_1s_layouts(blocks, cells):
    if nonovector.min_length(blocks) > cells:
        return
    layouts = gchq.line_layouts(blocks, cells)
    assert len(layouts) == len(set(layouts)) == nonovector.count_layouts(blocks, cells)
    expected = {nonovector.vexpand(layout, cells) for layout in nonovector.nonoblocks(blocks, cells)}
    assert {nonovector.show_line(layout) for layout in layouts} == expected


@lru_cache(maxsize=None)
def row_layouts(r):
    return gchq.line_layouts(ROWS[r], 25)


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_eliminate_deduce_equals_solve_line(data):
    r = data.draw(st.integers(0, 24), label="row")
    hidden = data.draw(st.lists(st.booleans(), min_size=25, max_size=25), label="hidden")
    line = [None if hide else cell for cell, hide in zip(SOLUTION[r], hidden)]
    layouts = gchq.eliminate(row_layouts(r), line)
    assert all(layout[i] == cell for layout in layouts for i, cell in enumerate(line)
               if cell is not None)
    assert gchq.deduce(layouts) == nonoline.solve_line(ROWS[r], line)


def test_deduce_with_no_layouts_is_a_contradiction():
    with pytest.raises(nonovector.Contradiction):
        gchq.deduce([])
    with pytest.raises(nonovector.Contradiction):
        gchq.solve_by_layouts([[1]], [[1], []], [[0, None]])


def test_layout_method_names_bad_input():
    with pytest.raises(nonocheck.PuzzleError, match=r"column 1: clue \[2\] needs at least 2 cells"):
        gchq.solve_by_layouts([[1]], [[1], [2]])
    with pytest.raises(nonocheck.PuzzleError, match="grid row 0 has 1 cells, expected 2"):
        gchq.solve_by_layouts([[1]], [[1], []], [[None]])
    with pytest.raises(nonovector.ClueError, match="cell 1"):
        gchq.solve_by_layouts([[1]], [[1], []], [[None, 2]])


def test_layout_method_does_not_change_the_callers_grid():
    start = gchq.grid_with_givens()
    gchq.solve_by_layouts(ROWS, COLS, start)
    assert start == gchq.grid_with_givens()


def test_layout_counts():
    counts = [len(gchq.line_layouts(clue, 25)) for clue in ROWS + COLS]
    assert sum(counts) == 167_190 and max(counts) == 27_132


def test_layout_method_solves_the_card_by_line_logic():
    run = gchq.solve_by_layouts(ROWS, COLS, gchq.grid_with_givens())
    assert picture(run.grid) == PICTURE
    assert run.unknowns == [603, 317, 58, 10, 0]
    assert run.checks == [167_190, 96_059, 431, 67]  # the first pass checks every layout listed


@pytest.mark.parametrize("givens", [GIVENS, []])
def test_layout_method_passes_through_lesson_3s_sweeps(givens):
    """Each full pass (rows, then columns) leaves as many unknown cells as a round of lesson 3's
    loop, and both end on the same grid (without givens, the layout method's last pass is the
    one that decided nothing)."""
    run = gchq.solve_by_layouts(ROWS, COLS, gchq.grid_with_givens(givens))
    history = nonogram2d.sweep_history(ROWS, COLS, gchq.grid_with_givens(givens))
    assert [gchq.count_unknowns(grid) for grid in history] == run.unknowns[:len(history)]
    assert run.unknowns[len(history):] in ([], [run.unknowns[-2]])
    assert history[-1] == run.grid


def test_layout_method_without_givens_stops_with_12_unknown():
    run = gchq.solve_by_layouts(ROWS, COLS)
    assert gchq.count_unknowns(run.grid) == 12
    assert run.unknowns[-1] == run.unknowns[-2] == 12  # the last pass decided nothing
    assert run.grid == nonogram2d.propagate(ROWS, COLS)


def test_a_full_grid_given_is_checked_once():
    run = gchq.solve_by_layouts(ROWS, COLS, SOLUTION)
    assert run.grid == SOLUTION and len(run.checks) == 1 and run.unknowns == [0, 0]


# --- lesson 4's engine on the card ----------------------------------------------------------------

def test_lesson_4s_engine_solves_the_card():
    assert picture(nonoprobe.solve(ROWS, COLS, gchq.grid_with_givens())) == PICTURE


def test_four_solutions_without_givens():
    found = list(nonoprobe.solutions(ROWS, COLS))
    assert len(found) == 4
    assert SOLUTION in found
    assert len({picture(grid) for grid in found}) == 4
    differ = gchq.differing_cells(found)
    assert len(differ) == 12
    assert set(differ) == {(r, c) for r in (8, 9) for c in (18, 19)} | {
        (r, c) for r in range(15, 19) for c in (11, 13)}


def test_two_givens_suffice():
    found = list(nonoprobe.solutions(ROWS, COLS))
    needed = gchq.smallest_sufficient_givens(GIVENS, found, SOLUTION)
    assert needed == [((8, 18), (16, 11))]
    verdict = nonoprobe.analyse(ROWS, COLS, gchq.grid_with_givens(needed[0]))
    assert verdict.status == "unique" and verdict.solutions[0] == SOLUTION


def test_smallest_sufficient_givens_edge_cases():
    a, b = [[1, 0]], [[0, 1]]
    assert gchq.smallest_sufficient_givens([(0, 0), (0, 1)], [a], a) == [()]
    assert gchq.smallest_sufficient_givens([(0, 0), (0, 1)], [a, b], a) == [((0, 0),)]
    assert gchq.smallest_sufficient_givens([(0, 1)], [a, b], a) == []


# --- edge cases ------------------------------------------------------------------------------

def test_layout_method_never_returns_a_grid_that_breaks_a_clue():
    # the last column sweep fills the grid; row 0 (clue [1]) would end up with two cells
    with pytest.raises(nonovector.Contradiction):
        gchq.solve_by_layouts([[1], [1], [2]], [[], [1, 1], [1, 1]])
    full_but_wrong = [[0, 1, 1], [0, 0, 0], [0, 1, 1]]
    with pytest.raises(nonovector.Contradiction):
        gchq.solve_by_layouts([[1], [1], [2]], [[], [1, 1], [1, 1]], full_but_wrong)


def test_smallest_sufficient_givens_says_when_no_subset_works():
    one_row = [g for g in GIVENS if g[0] == 21]
    solutions = sorted(nonoprobe.solutions(ROWS, COLS))
    wrong = [grid for grid in solutions if grid != SOLUTION]
    assert not any(grid[r][c] == 0 for grid in wrong for r, c in one_row)  # black in all four
    assert gchq.smallest_sufficient_givens(one_row, solutions, SOLUTION) == []
    assert gchq.smallest_sufficient_givens([], solutions, SOLUTION) == []
    assert gchq.smallest_sufficient_givens([], [SOLUTION], SOLUTION) == [()]  # nothing to rule out


def test_the_reveal_is_importable_from_gchq():
    import nonodraw
    assert gchq.decode_qr is nonodraw.decode_qr


def test_deduce_reads_off_what_all_layouts_agree_on():
    assert gchq.deduce([(1, 1, 0), (1, 0, 0), (1, 0, 1)]) == [1, None, None]
    assert gchq.deduce([(0, 1)]) == [0, 1]
    assert gchq.deduce([()]) == []
