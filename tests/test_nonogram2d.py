"""Tests of lesson 3 (nonogram2d): pictures, printers, propagation, line steps and the plain search.

The helpers here (brute_force, satisfies, the small puzzles) are shared by the tests of later
lessons."""
from collections import deque
from itertools import islice
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import nonoline
import nonovector
from nonocheck import PuzzleError
from nonodraw import changed_cells
from nonofiles import read_clues
from nonogram2d import (Engine, first_in_first_out, first_unknown, parrayclues, pic2gram,
                        propagate, show_grid, solutions, solve, sweep, sweep_history, transpose)
from nonovector import Contradiction, line2blocks

PUZZLES = Path(__file__).resolve().parent.parent / "puzzles"

SMALLEX = """
01110
11010
01110
00110
00111
"""
ROWS = [[3], [2, 1], [3], [2], [3]]
COLS = [[1], [3], [1, 3], [5], [1]]
PICTURE = [[0, 1, 1, 1, 0], [1, 1, 0, 1, 0], [0, 1, 1, 1, 0], [0, 0, 1, 1, 0], [0, 0, 1, 1, 1]]
DIAGONAL = ([[1], [1]], [[1], [1]])
IMPOSSIBLE = ([[2], []], [[2], []])  # well formed, same totals, no picture fits


def clues_of(name):
    """(rows, cols) of a shipped puzzles/*.non file."""
    return read_clues(PUZZLES / name)


def satisfies(grid, rows, cols):
    """True if a complete grid has exactly the clues (rows, cols)."""
    return ([line2blocks(row) for row in grid] == [nonovector.normalize_clue(c) for c in rows]
            and [line2blocks(col) for col in transpose(grid)]
            == [nonovector.normalize_clue(c) for c in cols])


def brute_force(rows, cols):
    """Every solution of a small puzzle, found without the engine: try each row's layouts in turn,
    dropping a partial grid as soon as some column (top cells known, the rest unknown) has no
    layout left by lesson 2's line solver."""
    height, width = len(rows), len(cols)
    choices = [[[int(ch == "#") for ch in nonovector.vexpand(layout, width)]
                for layout in nonovector.nonoblocks(clue, width)] for clue in rows]
    found = []

    def extend(grid):
        for c, clue in enumerate(cols):
            column = [row[c] for row in grid] + [None] * (height - len(grid))
            try:
                nonoline.solve_line(clue, column)
            except Contradiction:
                return
        if len(grid) == height:
            found.append([row[:] for row in grid])
            return
        for row in choices[len(grid)]:
            extend(grid + [row])
    extend([])
    return found


pictures = st.integers(1, 12).flatmap(lambda h: st.integers(1, 12).flatmap(
    lambda w: st.floats(0, 1).flatmap(lambda density: st.lists(
        st.lists(st.floats(0, 1).map(lambda x, d=density: int(x < d)), min_size=w, max_size=w),
        min_size=h, max_size=h))))


def test_pic2gram_gives_the_seed_clues():
    assert pic2gram(SMALLEX) == (ROWS, COLS)
    assert pic2gram(PICTURE) == (ROWS, COLS)
    assert pic2gram(["01110", "11010", "01110", "00110", "00111"]) == (ROWS, COLS)
    assert pic2gram(show_grid(PICTURE)) == (ROWS, COLS)  # '#' and '.' are accepted too

def test_pic2gram_empty_lines_have_empty_clues():
    assert pic2gram("000\n010") == ([[], [1]], [[], [1], []])

@pytest.mark.parametrize("pic, words", [
    ("011\n01", "picture row 1 has 2 cells, expected 3"),
    ([[0, 1], [1, 2]], r"picture row 1, column 1 is 2, not 0 or 1"),
    ("01x", "column 2 is 'x'"),
    ([[True]], "column 0 is True"),
    ("", "empty"),
    (5, "not 5|text or a list"),
])
def test_bad_pictures_are_named(pic, words):
    with pytest.raises(PuzzleError, match=words):
        pic2gram(pic)

def test_parrayclues(capsys):
    parrayclues([[1, 0, None]], ([[1]], [[1], [], []]))
    assert capsys.readouterr().out.splitlines()[0] == "|#|_|?| 1"
    parrayclues(PICTURE, (ROWS, COLS))
    lines = capsys.readouterr().out.splitlines()
    assert lines[1] == "|#|#|_|#|_| 2 1"
    assert lines[5:] == [" 1 3 1 5 1", "     3    "]

def test_parrayclues_keeps_two_digit_numbers_together(capsys):
    parrayclues([[1] * 12], ([[12]], [[1]] * 12))
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].endswith("| 12")
    parrayclues([[1]] * 12, ([[1]] * 12, [[12]]))
    assert capsys.readouterr().out.splitlines()[-1] == "12"

def test_show_grid():
    assert show_grid([[1, 0, None], [0, 0, 1]]) == "#.?\n..#"

def test_transpose_and_changed_cells():
    assert transpose([[1, 2, 3], [4, 5, 6]]) == [[1, 4], [2, 5], [3, 6]]
    assert changed_cells([[None, 1], [None, None]], [[0, 1], [None, 1]]) == [(0, 0), (1, 1)]

def test_sweep_history_on_the_seed_example():
    history = sweep_history(ROWS, COLS)
    assert [sum(row.count(None) for row in grid) for grid in history] == [25, 12, 0]
    assert history[-1] == PICTURE

def test_sweep_uses_the_given_line_solver():
    calls = []

    def spy(blocks, line):
        calls.append(list(blocks))
        return nonoline.solve_line(blocks, line)
    sweep(ROWS, COLS, [[None] * 5 for _ in range(5)], spy)
    assert len(calls) == 10

def test_propagate_solves_the_seed_example_with_fewer_solves():
    engine = Engine(ROWS, COLS)
    assert engine.propagate(engine.grid) == PICTURE and engine.grid == PICTURE
    assert engine.line_solves < 20
    assert propagate(ROWS, COLS) == PICTURE

def test_propagate_keeps_givens_and_does_not_change_them():
    given = [[None] * 5 for _ in range(5)]
    given[0][0] = 0
    assert propagate(ROWS, COLS, given) == PICTURE
    assert given[0] == [0, None, None, None, None]

def test_propagate_contradictions_name_the_line():
    with pytest.raises(Contradiction):
        propagate(*IMPOSSIBLE)
    wrong = [row[:] for row in PICTURE]
    wrong[0][0] = 1
    with pytest.raises(Contradiction, match="(row|column) 0 cannot hold its clue"):
        propagate(ROWS, COLS, wrong)

def test_propagate_uses_the_given_line_solver_and_queue_strategy():
    calls, taken = [], []

    def spy(blocks, line):
        calls.append(list(blocks))
        return nonoline.solve_line(blocks, line)

    def last_in_first_out(engine, queue):
        taken.append(queue[-1])
        return queue.pop()
    engine = Engine(ROWS, COLS, line_solver=spy, next_line=last_in_first_out)
    assert engine.propagate(engine.grid) == PICTURE
    assert len(calls) == engine.line_solves == len(taken) and taken[0] == len(ROWS) + len(COLS) - 1

def test_first_in_first_out_takes_the_oldest_line():
    assert first_in_first_out(None, deque([3, 1, 2])) == 3

def test_propagate_on_a_stalled_puzzle_is_the_sweep_fixpoint():
    rows, cols = clues_of("webpbn-00023.non")  # Edge: line logic decides nothing
    assert propagate(rows, cols) == sweep_history(rows, cols)[-1] == [[None] * 10] * 11

def test_diagonal_has_two_solutions():
    found = list(solutions(*DIAGONAL))
    assert sorted(found) == [[[0, 1], [1, 0]], [[1, 0], [0, 1]]]
    assert list(solutions(*DIAGONAL, [[1, None], [None, None]])) == [[[1, 0], [0, 1]]]

def test_impossible_puzzle_yields_nothing_and_solve_raises():
    assert list(solutions(*IMPOSSIBLE)) == []
    with pytest.raises(Contradiction):
        solve(*IMPOSSIBLE)
    assert list(solutions(*DIAGONAL, [[1, 1], [None, None]])) == []

def test_solve_returns_the_first_solution():
    assert solve(ROWS, COLS) == PICTURE
    assert solve(*DIAGONAL) in ([[1, 0], [0, 1]], [[0, 1], [1, 0]])

def test_solutions_are_fresh_lists():
    found = solutions(*DIAGONAL)
    first = next(found)
    first[0][0] = "changed"
    second = next(found)
    assert "changed" not in second[0]

def test_solutions_checks_input_before_the_first_solution_is_asked_for():
    with pytest.raises(PuzzleError):
        solutions([[5]], [[1]])  # no next() needed

def test_the_seed_ring_against_brute_force():
    ring = [[3], [2, 2], [2, 2], [1, 1], [2, 2], [2, 2], [3]]
    found = list(solutions(ring, ring))
    assert sorted(found) == sorted(brute_force(ring, ring))

@pytest.mark.parametrize("picture", [
    [[1]], [[0]], [[0] * 4] * 3, [[1] * 4] * 3, [[1, 0, 1, 1, 0, 1]], [[1], [0], [1], [1]],
    [[0, 0, 0, 0, 0]], [[1], [1], [1]], [[1, 1, 1], [0, 1, 0]],
])
def test_edge_cases(picture):
    rows, cols = pic2gram(picture)
    assert list(solutions(rows, cols)) == [picture]
    assert propagate(rows, cols) == picture  # all these are line-solvable
    engine = Engine(rows, cols)
    assert list(engine.solutions()) == [picture] and (engine.method, engine.nodes) == ("line", 1)

def test_empty_clue_spellings():
    assert solve([[0], []], [[0], []]) == solve([[], []], [[], []]) == [[0, 0], [0, 0]]

MAX_LISTED = 200  # random sparse pictures can have very many solutions: list at most this many

@settings(max_examples=150, deadline=None)
@given(pictures)
def test_random_pictures_solutions(picture):
    rows, cols = pic2gram(picture)
    found = list(islice(solutions(rows, cols), MAX_LISTED))
    assert found and all(satisfies(grid, rows, cols) for grid in found)
    assert len({show_grid(grid) for grid in found}) == len(found)  # no repeats
    if len(found) < MAX_LISTED:
        assert picture in found
    else:  # too many to list: the picture must still be found once enough cells are given
        given = [row[:] for row in picture]
        given[0] = [None] * len(picture[0])
        assert picture in solutions(rows, cols, given)

@settings(max_examples=150, deadline=None)
@given(pictures)
def test_propagation_never_contradicts_a_solvable_puzzle(picture):
    rows, cols = pic2gram(picture)
    grid = propagate(rows, cols)
    for known_row, picture_row in zip(grid, picture):
        for known, cell in zip(known_row, picture_row):
            assert known is None or known == cell  # what is decided holds in every solution
    assert grid == sweep_history(rows, cols)[-1]  # the same fixpoint as the seed's loop

def clues_of_length(cells):
    """Every clue of a line of `cells` cells."""
    return sorted({tuple(line2blocks(format(n, f"0{cells}b"))) for n in range(2 ** cells)})

@settings(max_examples=150, deadline=None)
@given(st.data())
def test_one_clue_changed(data):
    """Change one clue of a small picture's puzzle, keeping the totals equal (a change of total
    is a PuzzleError, tested above). The search must find exactly what brute force finds:
    in particular nothing at all when the change made the puzzle impossible."""
    height, width = data.draw(st.integers(1, 5)), data.draw(st.integers(1, 5))
    picture = data.draw(st.lists(st.lists(st.integers(0, 1), min_size=width, max_size=width),
                                 min_size=height, max_size=height))
    rows, cols = pic2gram(picture)
    changeable = []  # (clues, index, other clues of the same total) for lines that have some
    for clues, cells in ((rows, width), (cols, height)):
        for index, clue in enumerate(clues):
            others = [list(c) for c in clues_of_length(cells)
                      if sum(c) == sum(clue) and list(c) != clue]
            if others:
                changeable.append((clues, index, others))
    assume(changeable)  # only pictures such as all-empty have no line to change
    clues, index, others = data.draw(st.sampled_from(changeable))
    clues[index] = data.draw(st.sampled_from(others))
    expected = brute_force(rows, cols)
    found = list(solutions(rows, cols))
    assert sorted(found) == sorted(expected)

def test_some_changed_clue_is_impossible():
    """The property above does meet impossible puzzles: e.g. the seed picture with one row
    clue changed from [2, 1] to [1, 2]."""
    rows = [list(c) for c in ROWS]
    rows[1] = [1, 2]
    assert brute_force(rows, COLS) == [] and list(solutions(rows, COLS)) == []

def test_break_the_total_is_a_puzzle_error():
    rows = [list(c) for c in ROWS]
    rows[1] = [2, 2]
    with pytest.raises(PuzzleError, match="rows need 15 filled cells but columns need 14"):
        list(solutions(rows, COLS))


# --- the plain search of lesson 3 --------------------------------------------------------------

def test_the_plain_search_guesses_the_first_unknown_cell():
    seen = []
    engine = Engine([[1, 1], [2], [1], [3]], [[1, 1]] * 4,
                    trace=lambda engine, depth, grid, what: seen.append((depth, what)))
    found = list(engine.solutions())
    assert len(found) == 2 and len(seen) == engine.nodes == 5
    assert [what for _, what in seen].count("solution") == 2
    assert seen[0] == (0, "guess (0, 0)") and max(depth for depth, _ in seen) == 2
    assert seen[-1] == (1, "dead end: row 1 cannot hold its clue")  # the trace names the line
    assert engine.method == "search"
    assert first_unknown(engine, [[1, 0], [None, None]]) == (1, 0)


def test_the_plain_search_finishes_edge_with_its_one_solution():
    rows, cols = clues_of("webpbn-00023.non")  # line logic decides nothing here
    engine = Engine(rows, cols)
    found = list(engine.solutions())
    assert len(found) == 1 and satisfies(found[0], rows, cols) and engine.method == "search"


def test_a_guess_strategy_can_be_passed_in():
    def last_unknown(engine, grid):
        return max((r, c) for r, row in enumerate(grid) for c, cell in enumerate(row)
                   if cell is None)
    rows, cols = [[1, 1], [2], [1], [3]], [[1, 1]] * 4
    assert sorted(solutions(rows, cols, choose_guess=last_unknown)) == sorted(brute_force(rows, cols))
