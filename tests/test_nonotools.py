"""Tests of lesson 15, the puzzle-maker: givens that make a picture's puzzle unique (or
line-solvable), and good random puzzles."""
from itertools import islice

import pytest

import nonoengine
from nonofiles import picture_puzzle, read_puzzle, write_puzzle
from nonotools import (given_cells, givens_grid, good_enough, goodness, make_puzzle,
                       make_unique, next_given, random_puzzles)

from nonotools_helpers import PUZZLES, picture


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
    return nonoengine.analyse(puzzle.rows, puzzle.cols, givens)


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
    goal = nonoengine.solve(smile.rows, smile.cols)
    assert given_cells(make_unique(goal)) == []  # already unique
    givens = make_unique(goal, line_solvable=True)
    verdict = verdict_of(goal, givens)
    assert given_cells(givens) and verdict.status == "unique" and verdict.method == "line"


def test_make_puzzle_is_ready_to_write_and_solve(tmp_path):
    puzzle = make_puzzle(FACE, "face")
    assert puzzle.title == "face" and puzzle.goal == FACE and given_cells(puzzle.givens)
    back = read_puzzle(write_puzzle(puzzle, tmp_path / "face.non"))
    assert back == puzzle
    assert nonoengine.analyse(back.rows, back.cols, back.givens).status == "unique"
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




def test_random_puzzles_name_their_size_rows_by_columns():
    [puzzle] = islice(random_puzzles(3, 5, 0.6, seed=1), 1)
    assert (puzzle.height, puzzle.width) == (3, 5)
    assert puzzle.title.startswith("random 3x5 at density 0.6, seed 1, picture ")
    assert puzzle.metadata["method"] == verdict_of(puzzle.goal).method


# --- the pieces of make_unique -----------------------------------------------------------------

def test_givens_grid_and_given_cells_are_inverse():
    grid = givens_grid({(0, 1): 1, (2, 0): 0}, 3, 2)
    assert grid == [[None, 1], [None, None], [0, None]]
    assert given_cells(grid) == [(0, 1, 1), (2, 0, 0)]
    assert givens_grid({}, 1, 2) == [[None, None]] and given_cells([[None, None]]) == []


def test_good_enough_asks_for_uniqueness_and_line_logic_if_asked():
    heart = verdict_of(picture(".##.##.\n#######\n.#####.\n..###..\n...#..."))
    hard = verdict_of(HARD)
    diagonal = verdict_of([[1, 0], [0, 1]])
    assert (heart.method, hard.method) == ("line", "probing")
    assert good_enough(heart, True) and good_enough(heart, False)
    assert good_enough(hard, False) and not good_enough(hard, True)
    assert not good_enough(diagonal, False) and not good_enough(diagonal, True)


HARD = [[0, 0, 0, 1, 1], [0, 0, 1, 1, 1], [0, 1, 1, 0, 0], [1, 0, 0, 0, 1], [0, 1, 1, 1, 0]]


def test_next_given_is_a_filled_cell_where_a_wrong_solution_differs():
    puzzle = picture_puzzle(FACE)
    verdict = verdict_of(FACE)
    wrong = next(grid for grid in verdict.solutions if grid != FACE)
    i, j = next_given(verdict, FACE, puzzle.rows, puzzle.cols, givens_grid({}, 9, 9))
    assert wrong[i][j] != FACE[i][j] and FACE[i][j] == 1
    # the diagonal: every cell differs in the other solution; the first filled one is chosen
    diagonal = [[0, 1], [1, 0]]
    d = picture_puzzle(diagonal)
    assert next_given(verdict_of(diagonal), diagonal, d.rows, d.cols,
                      givens_grid({}, 2, 2)) == (0, 1)


def test_next_given_for_line_logic_is_a_cell_line_logic_leaves_unknown():
    puzzle = picture_puzzle(HARD)
    verdict = verdict_of(HARD)
    assert verdict.status == "unique"
    i, j = next_given(verdict, HARD, puzzle.rows, puzzle.cols, givens_grid({}, 5, 5))
    assert nonoengine.propagate(puzzle.rows, puzzle.cols)[i][j] is None and HARD[i][j] == 1


def test_make_unique_adds_then_drops_and_traces_each_step():
    steps = []
    givens = make_unique(FACE, line_solvable=True,
                         trace=lambda step, cell, verdict: steps.append((step, cell, verdict)))
    added = [cell for step, cell, _ in steps if step == "add"]
    tried = [(step, cell) for step, cell, _ in steps if step != "add"]
    assert [step for step, _, _ in steps] == ["add"] * len(added) + [s for s, _ in tried]
    assert [cell for _, cell in tried] == added  # each given tried once, in the order added
    kept = sorted(cell for step, cell in tried if step == "keep")
    assert [(i, j) for i, j, _ in given_cells(givens)] == kept
    assert "drop" in [step for step, _ in tried]  # the face's first givens become redundant
    assert good_enough(steps[len(added) - 1][2], True)  # the last add made it good
    for step, _, verdict in steps[len(added):]:  # the verdict without the given tried
        assert good_enough(verdict, True) == (step == "drop")


def test_make_unique_passes_its_limits_to_each_analysis():
    from nonocheck import SearchLimit
    with pytest.raises(SearchLimit):
        make_unique(FACE, max_nodes=0)


def test_goodness_counts_unique_and_line_solvable_pictures():
    assert goodness(3, 3, 1.0, 4) == (1.0, 1.0)  # a full picture: line logic alone
    assert goodness(2, 2, 0.0, 3) == (1.0, 1.0)  # an empty one too
    from nonoprobe import random_picture
    unique = line = 0
    for k in range(1, 11):  # pictures 1 to 10 of seed 3, as random_puzzles draws them
        verdict = verdict_of(random_picture(4, 4, 0.5, seed=f"3/{k}"))
        unique += verdict.status == "unique"
        line += verdict.status == "unique" and verdict.method == "line"
    assert goodness(4, 4, 0.5, 10, seed=3) == (unique / 10, line / 10)
    assert 0 < unique < 10  # a sample that tells the pictures apart


def test_draw_proposal_shows_the_wrong_solution_and_the_givens():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from nonotools import draw_proposal
    fig = draw_proposal(FACE, make_unique(FACE), "face")
    titles = [ax.get_title() for ax in fig.axes]
    assert titles == ["clues alone: another solution fits", "with 2 givens: unique, probing"]
    plt.close(fig)
    fig = draw_proposal(HARD, make_unique(HARD, line_solvable=True))
    assert fig.axes[0].get_title() == "clues alone: line logic stalls"
    assert fig.axes[1].get_title().endswith(": unique, line")
    plt.close(fig)


def test_draw_goodness_plots_a_solid_and_a_dashed_line_per_size():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    import nonodraw
    densities = [0.3, 0.6]
    results = {"4x4": [goodness(4, 4, d, 5, seed=3) for d in densities],
               "5x5": [(0.5, 0.25), (1.0, 1.0)]}
    ax = nonodraw.draw_goodness(densities, results, samples=5)
    lines = ax.get_lines()
    assert [line.get_label() for line in lines] == [
        "4x4: unique", "4x4: unique and line-solvable", "5x5: unique",
        "5x5: unique and line-solvable"]
    assert [line.get_linestyle() for line in lines] == ["-", "--", "-", "--"]
    assert list(lines[2].get_ydata()) == [0.5, 1.0] and list(lines[3].get_ydata()) == [0.25, 1.0]
    assert ax.get_ylabel() == "fraction of 5 random pictures"
    plt.close(ax.figure)


def test_the_lesson_imports_neither_the_command_nor_the_worksheets():
    import ast
    from nonotools_helpers import ROOT
    tree = ast.parse((ROOT / "nonotools.py").read_text())
    names = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import)
             for alias in node.names}
    names |= {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert not names & {"nonosheets", "nonocommand"}
