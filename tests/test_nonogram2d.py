"""Tests of chapter 2: pictures, printers, checks, propagation, probing, search and verdicts."""
import random
from collections import deque
from itertools import islice
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import nonogram2d
import nonovector
from nonovector import ClueError, Contradiction, line2blocks
from nonogram2d import (Engine, PuzzleError, SearchLimit, Step, Stepper, Verdict, analyse,
                        best_probe, changed_cells, check_picture, check_puzzle, draw_grid,
                        draw_steps, first_in_first_out, first_step, line_steps,
                        most_known_neighbours, parrayclues, pic2gram, propagate, random_picture,
                        read_clues, show_grid, solutions, solve, stepper, sweep, sweep_history,
                        transpose)

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
    """(rows, cols) of a shipped puzzles/*.non file, read by the module's own reader."""
    return read_clues(PUZZLES / name)


def satisfies(grid, rows, cols):
    """True if a complete grid has exactly the clues (rows, cols)."""
    return ([line2blocks(row) for row in grid] == [nonovector.normalize_clue(c) for c in rows]
            and [line2blocks(col) for col in transpose(grid)]
            == [nonovector.normalize_clue(c) for c in cols])


def brute_force(rows, cols):
    """Every solution of a small puzzle, found without chapter 2: try each row's layouts in turn,
    dropping a partial grid as soon as some column (top cells known, the rest unknown) has no
    layout left by chapter 1's line solver."""
    height, width = len(rows), len(cols)
    choices = [[[int(ch == "#") for ch in nonovector.vexpand(layout, width)]
                for layout in nonovector.nonoblocks(clue, width)] for clue in rows]
    found = []

    def extend(grid):
        for c, clue in enumerate(cols):
            column = [row[c] for row in grid] + [None] * (height - len(grid))
            try:
                nonovector.solve_line(clue, column)
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


# --- pictures and printers ------------------------------------------------------------------

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


def test_check_picture_returns_ints():
    assert check_picture("#.\n.#") == [[1, 0], [0, 1]]


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


# --- checking puzzles -------------------------------------------------------------------------

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


# --- the seed's loop and propagation ---------------------------------------------------------

def test_sweep_history_on_the_seed_example():
    history = sweep_history(ROWS, COLS)
    assert [sum(row.count(None) for row in grid) for grid in history] == [25, 12, 0]
    assert history[-1] == PICTURE


def test_sweep_uses_the_given_line_solver():
    calls = []

    def spy(blocks, line):
        calls.append(list(blocks))
        return nonovector.solve_line(blocks, line)
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
        return nonovector.solve_line(blocks, line)

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


# --- step records and the classroom stepper ----------------------------------------------------

def all_lines(height, width):
    return tuple(range(height + width))


@settings(max_examples=60, deadline=None)
@given(pictures)
def test_line_steps_are_propagation_one_line_at_a_time(picture):
    rows, cols = pic2gram(picture)
    engine, counted = Engine(rows, cols), Engine(rows, cols)
    steps = [first_step(engine)] + list(line_steps(engine))
    assert steps[0] == Step(None, [], [[None] * len(cols) for _ in rows], all_lines(len(rows), len(cols)))
    assert steps[-1].grid == counted.propagate(counted.grid) and steps[-1].queue == ()
    assert len(steps) - 1 == counted.line_solves == engine.line_solves
    for before, step in zip(steps, steps[1:]):
        assert step.changed == changed_cells(before.grid, step.grid)
        assert all(step.line in (r, len(rows) + c) for r, c in step.changed)
        assert step.line == before.queue[0]  # first in, first out
    steps[1].grid[0][0] = "scribbled"  # each step has a grid of its own
    assert all(step.grid[0][0] != "scribbled" for step in steps[2:] + steps[:1])


def test_line_steps_name_the_line_that_fails():
    with pytest.raises(Contradiction, match="cannot hold its clue"):
        list(line_steps(Engine(*IMPOSSIBLE)))


def test_stepping_to_the_end_equals_propagate():
    for rows, cols in ((ROWS, COLS), clues_of("webpbn-00006.non"), clues_of("webpbn-00023.non")):
        start, presses = stepper(rows, cols), 0
        by_next = start
        while (pressed := by_next.next()).steps != by_next.steps:
            by_next, presses = pressed, presses + 1
        assert pressed.message == "the queue is empty: line logic can decide no more"
        assert by_next.steps == start.fixpoint().steps
        assert by_next.steps[-1].grid == propagate(rows, cols) and presses == len(by_next.steps) - 1
    assert start.steps == (first_step(Engine(rows, cols)),)  # moves never change a Stepper


def test_the_first_steps_and_their_messages():
    moved = stepper(ROWS, COLS).next().next()
    assert [step.line for step in moved.steps] == [None, 0, 1]
    assert moved.steps[-1].changed == [(1, 1)] and moved.message == "row 1: 1 cell decided"


def test_back_undoes_exactly_one_step():
    start = stepper(ROWS, COLS)
    assert start.back().steps == start.steps and start.back().message == "this is the start"
    moved = start.next().next().next()
    assert moved.back().steps == moved.steps[:-1] and moved.back().next().steps == moved.steps
    guessed = stepper(*DIAGONAL).guess(0, 1, 0)
    assert guessed.back().steps == stepper(*DIAGONAL).steps
    stalled = stepper(*clues_of("webpbn-00023.non")).fixpoint()
    probed = next(stalled.probe(r, c) for r in range(11) for c in range(10)
                  if len(stalled.probe(r, c).steps) > len(stalled.steps))
    assert probed.back().steps == stalled.steps


def test_a_guess_sets_the_cell_and_queues_its_lines():
    start = stepper(*DIAGONAL).fixpoint()
    assert start.steps[-1].grid == [[None, None], [None, None]]
    guessed = start.guess(1, 0, 1)
    assert guessed.steps[-1] == Step(None, [(1, 0)], [[None, None], [1, None]], (1, 2))
    assert guessed.message == "guess: (1, 0) filled"
    assert guessed.fixpoint().steps[-1].grid == [[0, 1], [1, 0]]
    assert guessed.guess(1, 0, 0).steps == guessed.steps  # a known cell is not guessed again
    assert guessed.guess(1, 0, 0).message == "cell (1, 0) is known"


def test_a_wrong_guess_stops_at_the_line_that_fails():
    wrong = stepper(ROWS, COLS).guess(0, 0, 1).fixpoint()  # the picture has (0, 0) empty
    assert wrong.message.endswith("cannot hold its clue: go back")
    assert wrong.next().steps == wrong.steps


def test_probing_cell_by_cell_reaches_probe_all():
    rows, cols = clues_of("webpbn-00023.non")  # Edge: line logic decides nothing
    engine = Engine(rows, cols)
    engine.probe_all(engine.propagate(engine.grid))
    current, progress = stepper(rows, cols).fixpoint(), True
    while progress:
        progress = False
        for r, c in most_known_neighbours(None, current.steps[-1].grid):
            probed = current.probe(r, c)
            if len(probed.steps) > len(current.steps):
                current, progress = probed.fixpoint(), True
    assert current.steps[-1].grid == engine.grid  # solved, as probe_all solves it


def test_a_probe_says_what_each_value_decides():
    probed = stepper([[1], [0]], [[1], [0]]).probe(0, 1)  # one filled cell, at (0, 0)
    assert probed.message == ("probe (0, 1): filled fails, empty decides 4 cells; 4 cells certain")
    assert probed.steps[-1].grid == [[1, 0], [0, 0]]
    undecided = stepper(*DIAGONAL).probe(0, 0)
    assert undecided.steps == stepper(*DIAGONAL).steps
    assert undecided.message.endswith("filled decides 4 cells, empty decides 4 cells; nothing is certain")
    # line logic finds nothing wrong here, probing finds no solution (as analyse does)
    dead = stepper([[1, 2], [1, 1], [1, 1], [1, 1]], [[1, 1], [1, 1], [2], [1, 1], [1]]).fixpoint()
    assert any(dead.probe(r, c).message.endswith("no solution from here: go back")
               for r in range(4) for c in range(5) if dead.steps[-1].grid[r][c] is None)
    assert dead.probe(*next((r, c) for r in range(4) for c in range(5)
                            if dead.steps[-1].grid[r][c] is not None)).message.endswith("is known")


def test_changed_clues_are_checked_and_judged_again():
    start = stepper(ROWS, COLS).next()
    texts = ["3", "2, 1", "3", "2", "3", "1", "3", "1 3", "5", "1"]
    same = start.with_clues(texts).verdict  # the same clues, typed
    assert same.describe() == analyse(ROWS, COLS).describe() and same.solutions == [PICTURE]
    texts[0], texts[5] = "1 1", "0"  # a row and a column changed together keep the totals
    changed = start.with_clues(texts)
    rows, cols = [[1, 1]] + ROWS[1:], [[]] + COLS[1:]
    assert (changed.engine.rows, changed.engine.cols) == (rows, cols)
    assert changed.steps == (first_step(Engine(rows, cols)),)
    assert changed.message == "new clues: every line is queued"
    verdict = analyse(rows, cols)
    assert changed.verdict.describe() == verdict.describe()
    assert changed.verdict.solutions == verdict.solutions


@pytest.mark.parametrize("change, words", [
    ((0, "3 x"), "clues not changed: row 0: a clue is numbers, such as 3 1, not '3 x'"),
    ((6, "[3]"), "clues not changed: column 1: a clue is numbers, such as 3 1, not '[3]'"),
    ((0, "2"), "clues not changed: rows need 13 filled cells but columns need 14"),
    ((1, "4 1"), "clues not changed: row 1: clue [4, 1] needs at least 6 cells but the line has only 5"),
])
def test_bad_clue_text_gives_a_message_not_an_error(change, words):
    start = stepper(ROWS, COLS).next()
    texts = ["3", "2 1", "3", "2", "3", "1", "3", "1 3", "5", "1"]
    texts[change[0]] = change[1]
    answer = start.with_clues(texts)
    assert answer.message == words
    assert answer.steps == start.steps and answer.engine is start.engine


# --- probing -----------------------------------------------------------------------------------

def test_probe_works_on_a_copy():
    engine = Engine(*DIAGONAL)
    decided = engine.probe(engine.grid, 0, 0, 1)
    assert decided == {(0, 0): 1, (0, 1): 0, (1, 0): 0, (1, 1): 1}
    assert engine.grid == [[None, None], [None, None]] and engine.probes == 1


def test_probe_contradiction_returns_none():
    engine = Engine([[1], [0]], [[1], [0]])  # a single filled cell at (0, 0)
    assert engine.probe([[None, None], [None, None]], 0, 1, 1) is None


def test_probing_solves_edge():
    rows, cols = clues_of("webpbn-00023.non")
    engine = Engine(rows, cols)
    engine.propagate(engine.grid)
    assert engine.probe_all(engine.grid) == {}
    assert None not in sum(engine.grid, []) and satisfies(engine.grid, rows, cols)


def test_probe_all_reports_two_way_cells_when_stuck():
    engine = Engine(*DIAGONAL)
    probes = engine.probe_all(engine.grid)
    assert set(probes) == {(0, 0), (0, 1), (1, 0), (1, 1)}
    if_filled, if_empty = probes[0, 0]
    assert if_filled[0, 0] == 1 and if_empty[0, 0] == 0


def test_certain_keeps_what_both_values_agree_on():
    certain = nonogram2d.Engine([[1]], [[1]]).certain
    assert certain(None, [{(0, 0): 1, (0, 1): 0}, {(0, 0): 0, (0, 1): 0}]) == {(0, 1): 0}
    assert certain(None, [None, {(0, 0): 0}]) == {(0, 0): 0}
    assert certain(None, [{(0, 0): 1}, None]) == {(0, 0): 1}
    with pytest.raises(Contradiction):
        certain(None, [None, None])


def test_most_known_neighbours_prefers_cells_next_to_known_ones():
    grid = [[None] * 3 for _ in range(3)]
    assert most_known_neighbours(None, grid)[:4] == [(0, 0), (0, 2), (2, 0), (2, 2)]  # corners
    grid[1][1] = 1
    assert most_known_neighbours(None, grid)[:4] == [(0, 0), (0, 1), (0, 2), (1, 0)]  # all 2
    assert (1, 1) not in most_known_neighbours(None, grid)


def test_best_probe_takes_the_cell_whose_weaker_value_decides_most():
    probes = {(0, 0): ({1: 1}, {1: 1, 2: 2, 3: 3}), (0, 1): ({1: 1, 2: 2}, {1: 1, 2: 2})}
    assert best_probe(None, [[None, None]], probes) == (0, 1)
    assert best_probe(None, [[1, None]], {}) == (0, 1)  # without probes: the first unknown cell


# --- search, solutions and verdicts ---------------------------------------------------------

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


@pytest.mark.parametrize("probing", [True, False])
def test_search_with_and_without_probing_finds_all(probing):
    rows, cols = pic2gram(random_picture(8, 9, 0.3, seed=3))
    found = list(solutions(rows, cols, probing=probing))
    assert len(found) > 1 and sorted(found) == sorted(brute_force(rows, cols))


def last_in_first_out(engine, queue):
    return queue.pop()


def reading_order(engine, grid):
    return [(r, c) for r, row in enumerate(grid) for c, cell in enumerate(row) if cell is None]


def reversed_neighbours(engine, grid):
    return most_known_neighbours(engine, grid)[::-1]


def random_guess(engine, grid, probes):
    cells = sorted(probes) or reading_order(engine, grid)
    return random.Random(len(cells)).choice(cells)


STRATEGIES = st.fixed_dictionaries({
    "next_line": st.sampled_from([first_in_first_out, last_in_first_out]),
    "probe_order": st.sampled_from([most_known_neighbours, reading_order, reversed_neighbours]),
    "choose_guess": st.sampled_from([best_probe, random_guess]),
    "probing": st.booleans(),
})


@settings(max_examples=150, deadline=None)
@given(st.integers(1, 5), st.integers(1, 5), st.floats(0.2, 0.8), st.integers(0, 10 ** 6),
       STRATEGIES)
def test_every_strategy_finds_exactly_the_solutions(height, width, density, seed, strategies):
    """Strategies change the order of the work, never its result: the defaults and any other
    functions with the same arguments."""
    rows, cols = pic2gram(random_picture(height, width, density, seed))
    found = list(solutions(rows, cols, **strategies))
    assert sorted(found) == sorted(brute_force(rows, cols))


def test_unknown_options_are_not_ignored():
    with pytest.raises(TypeError):
        analyse(ROWS, COLS, queue_order="fifo")  # an option of an older version


@pytest.mark.parametrize("options, error, words", [
    ({"max_nodes": "x"}, TypeError, "max_nodes must be a number or None, not 'x'"),
    ({"max_nodes": -1}, ValueError, "max_nodes must be at least 0, not -1"),
    ({"time_limit": float("nan")}, ValueError, "time_limit must be at least 0"),
    ({"time_limit": True}, TypeError, "time_limit must be a number"),
])
def test_bad_budgets_are_named(options, error, words):
    with pytest.raises(error, match=words):
        analyse(ROWS, COLS, **options)


def test_trace_reports_every_node():
    seen = []
    engine = Engine([[1, 1], [2], [1], [3]], [[1, 1]] * 4, probing=False,
                    trace=lambda engine, depth, grid, what: seen.append((depth, what)))
    found = list(engine.solutions())
    assert len(found) == 2 and len(seen) == engine.nodes
    assert [what for _, what in seen].count("solution") == 2
    assert seen[0] == (0, "guess (0, 0)") and max(depth for depth, _ in seen) == 2


@pytest.mark.parametrize("rows, cols, status, method", [
    (ROWS, COLS, "unique", "line"),
    (*DIAGONAL, "multiple", "search"),
    (*IMPOSSIBLE, "none", "line"),
    ([[1], [0]], [[1], [0]], "unique", "line"),
])
def test_analyse_small_verdicts(rows, cols, status, method):
    verdict = analyse(rows, cols)
    assert (verdict.status, verdict.method) == (status, method)
    assert len(verdict.solutions) == {"none": 0, "unique": 1, "multiple": 2}[status]
    assert isinstance(verdict, Verdict) and verdict.seconds >= 0 and verdict.nodes >= 1


def test_analyse_a_contradiction_found_by_probing():
    # well formed and line logic finds nothing wrong; probing shows that no picture fits
    rows, cols = [[1, 2], [1, 1], [1, 1], [1, 1]], [[1, 1], [1, 1], [2], [1, 1], [1]]
    assert any(None in row for row in propagate(rows, cols))
    verdict = analyse(rows, cols)
    assert (verdict.status, verdict.method, verdict.solutions) == ("none", "probing", [])
    assert brute_force(rows, cols) == []


@pytest.mark.parametrize("name, status, method", [
    ("webpbn-00001.non", "unique", "line"),      # Dancer
    ("webpbn-00023.non", "unique", "probing"),   # Edge
    ("pynogram-smile.non", "unique", "probing"),
    ("rosetta1.non", "unique", "line"),
])
def test_shipped_puzzle_verdicts(name, status, method):
    rows, cols = clues_of(name)
    verdict = analyse(rows, cols, time_limit=60)
    assert (verdict.status, verdict.method) == (status, method)
    assert satisfies(verdict.solutions[0], rows, cols)


def test_search_proves_a_unique_solution():
    rows, cols = clues_of("webpbn-00023.non")  # Edge, without probing: only search settles it
    verdict = analyse(rows, cols, probing=False)
    assert (verdict.status, verdict.method, verdict.probes) == ("unique", "search", 0)
    assert verdict.nodes > 1 and satisfies(verdict.solutions[0], rows, cols)
    assert verdict.solutions == analyse(rows, cols).solutions


def test_verdict_describe():
    assert analyse(ROWS, COLS).describe().startswith("a unique solution, found by line logic alone")
    assert "1 node," in analyse(ROWS, COLS).describe()
    assert analyse(*DIAGONAL).describe().startswith("more than one solution, found by search")


def test_other_line_solvers_can_be_plugged_in():
    nonofast = pytest.importorskip("nonofast")
    rows, cols = clues_of("webpbn-00023.non")
    fast, teaching = analyse(rows, cols, line_solver=nonofast.solve_line), analyse(rows, cols)
    assert fast.solutions == teaching.solutions
    assert (fast.nodes, fast.probes, fast.line_solves) == (
        teaching.nodes, teaching.probes, teaching.line_solves)


# --- budgets ---------------------------------------------------------------------------------

def test_node_budget_raises_search_limit_with_progress():
    with pytest.raises(SearchLimit, match=r"max_nodes=1 after 2 nodes") as caught:
        analyse(*DIAGONAL, max_nodes=1)
    assert caught.value.nodes == 2 and caught.value.solutions == []
    assert caught.value.seconds >= 0


def test_solutions_found_before_the_budget_are_kept():
    found = solutions(*DIAGONAL, max_nodes=2)
    first = next(found)
    with pytest.raises(SearchLimit) as caught:
        next(found)
    assert caught.value.solutions == [first]
    assert "1 solution(s) found so far" in str(caught.value)


def test_time_budget():
    rows, cols = clues_of("survey-knotty.non")  # far beyond reach: no solver of the survey did it
    with pytest.raises(SearchLimit, match=r"time_limit=0.2 s") as caught:
        analyse(rows, cols, time_limit=0.2)
    assert caught.value.seconds < 5


def test_budgets_that_suffice_change_nothing():
    assert analyse(*DIAGONAL, max_nodes=100, time_limit=60).status == "multiple"


# --- edge cases ------------------------------------------------------------------------------

@pytest.mark.parametrize("picture", [
    [[1]], [[0]], [[0] * 4] * 3, [[1] * 4] * 3, [[1, 0, 1, 1, 0, 1]], [[1], [0], [1], [1]],
    [[0, 0, 0, 0, 0]], [[1], [1], [1]], [[1, 1, 1], [0, 1, 0]],
])
def test_edge_cases(picture):
    rows, cols = pic2gram(picture)
    assert list(solutions(rows, cols)) == [picture]
    assert propagate(rows, cols) == picture  # all these are line-solvable
    verdict = analyse(rows, cols)
    assert (verdict.status, verdict.method) == ("unique", "line")


def test_empty_clue_spellings():
    assert solve([[0], []], [[0], []]) == solve([[], []], [[], []]) == [[0, 0], [0, 0]]


def test_random_picture_is_reproducible():
    assert random_picture(4, 5, 0.5, seed=7) == random_picture(4, 5, 0.5, seed=7)
    assert random_picture(3, 3, 0) == [[0] * 3] * 3 and random_picture(3, 3, 1) == [[1] * 3] * 3


# --- drawings ----------------------------------------------------------------------------------

def test_draw_grid_and_steps():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    ax = draw_grid([[1, 0, None]] * 2, [[1], [1]], [[2], [], [0]], changed=[(0, 0), (0, 2)],
                   title="t", givens=[(1, 0)])
    numbers = sorted(text.get_text() for text in ax.texts)
    assert numbers == ["0", "0", "1", "1", "2"]
    assert ax.get_title() == "t"
    plt.close(ax.figure)
    fig = draw_steps(sweep_history(ROWS, COLS), ROWS, COLS, columns=2)
    assert len(fig.axes) == 4 and fig.axes[3].get_title() == ""  # 3 steps, one blank panel
    assert fig.axes[2].get_legend() is not None and fig.axes[0].get_legend() is None
    plt.close(fig)
    ax = draw_grid([[1, 0, None]] * 2, numbers=True, changed=[(0, 0), (0, 1), (0, 2)])
    assert sorted(text.get_text() for text in ax.texts) == ["0", "0", "1", "1", "2"]  # numbers
    legend = [text.get_text() for text in ax.get_legend().get_texts()]
    assert legend == ["newly filled", "newly empty", "the cell tried"]
    plt.close(ax.figure)


# --- properties --------------------------------------------------------------------------------

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
    assert analyse(rows, cols).status == ["none", "unique", "multiple"][min(len(expected), 2)]


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


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 7), st.integers(2, 7), st.floats(0.2, 0.8), st.integers(0, 10 ** 6))
def test_searcher_counts_and_method_are_consistent(height, width, density, seed):
    rows, cols = pic2gram(random_picture(height, width, density, seed))
    searcher = Engine(rows, cols)
    found = list(searcher.solutions())
    assert sorted(found) == sorted(brute_force(rows, cols))
    assert searcher.method in ("line", "probing", "search")
    if len(found) > 1:
        assert searcher.method == "search" and searcher.nodes >= 3
    if searcher.method == "line":
        assert searcher.probes == 0 and searcher.nodes == 1


# --- reading the shipped files -------------------------------------------------------------------

def test_read_clues_reads_every_shipped_non_file_as_chapter_7_does():
    nonofiles = pytest.importorskip("nonofiles")
    for path in sorted(PUZZLES.glob("*.non")):
        puzzle = nonofiles.read_puzzle(path)
        assert read_clues(path) == (puzzle.rows, puzzle.cols), path.name


@pytest.mark.parametrize("text, words", [
    ("width 2\nheight 1\nrows\n1,x\ncolumns\n1\n0\n", r"bad.non, line 4: a clue is numbers"),
    ("width 2\nheight 1\nrows\n\ncolumns\n1\n0\n", r"bad.non, line 4: a clue is numbers"),
    ("width 2\nrows\n1\ncolumns\n1\n0\n", "expected a height line and that many rows clues"),
    ("width 2\nheight 2\nrows\n1\ncolumns\n1\n0\n", "expected a height line and that many rows"),
])
def test_read_clues_names_what_it_cannot_read(tmp_path, text, words):
    path = tmp_path / "bad.non"
    path.write_text(text)
    with pytest.raises(PuzzleError, match=words):
        read_clues(path)
