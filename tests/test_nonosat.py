"""Tests of chapter 6: the puzzle as clauses, SAT against brute force, and the hand-over."""
import importlib.util
import sys
import time
from itertools import product
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import psutil

import nonoengine
import nonogram2d
import nonosat
import nonovector
from nonocheck import PuzzleError
from nonofiles import read_clues
from nonosat import Answer, find_solutions
from nonovector import line2blocks

from nonotools_helpers import dying_sat, slow_sat

requires_sat = pytest.mark.skipif(importlib.util.find_spec("pysat") is None,
                                  reason="the optional package python-sat is not installed")
PUZZLES = Path(__file__).resolve().parent.parent / "puzzles"
DIAGONAL = ([[1], [1]], [[1], [1]])


# --- clauses ---------------------------------------------------------------------------------

def test_automaton_accepts_exactly_the_lines_of_the_clue():
    def accepts(clue, finished):
        tokens, state = nonosat.clue_tokens(clue), 0
        for cell in finished:
            state = nonosat.next_state(tokens, state, cell)
            if state is None:
                return False
        return state == len(tokens)

    for cells in range(0, 9):
        for bits in product([0, 1], repeat=cells):
            for other in product([0, 1], repeat=cells):
                clue = line2blocks(other)
                assert accepts(clue, bits) == (line2blocks(bits) == clue)


def test_puzzle_cnf_names_the_line_at_fault():
    with pytest.raises(PuzzleError, match="row 1: clue \\[5\\] needs at least 5 cells"):
        nonosat.puzzle_cnf([[1], [5]], [[1], [1], [1], [1]])
    with pytest.raises(PuzzleError, match="column 0"):
        nonosat.puzzle_cnf([[1]], [[2]])
    with pytest.raises(PuzzleError, match="grid has 1 rows, expected 2"):
        nonosat.puzzle_cnf([[1], [1]], [[1], [1]], grid=[[None, None]])
    with pytest.raises(PuzzleError, match="grid row 0"):
        nonosat.puzzle_cnf([[1]], [[1]], grid=[[2]])
    with pytest.raises(PuzzleError, match="rows need 2 filled cells but columns need 1"):
        nonosat.puzzle_cnf([[1], [1]], [[1], []])  # as chapter 2 says: not "no solution"
    with pytest.raises(PuzzleError, match="at least one row"):
        nonosat.puzzle_cnf([], [])


def test_missing_python_sat_is_a_clear_error(monkeypatch):
    monkeypatch.setitem(sys.modules, "pysat", None)
    monkeypatch.setitem(sys.modules, "pysat.solvers", None)
    with pytest.raises(ImportError, match="pip install python-sat"):
        next(nonosat.sat_solutions([[1]], [[1]]))


def brute_force_solutions(rows, cols, grid=None):
    """Every grid made of row layouts whose columns have the column clues (and fit `grid`)."""
    width = len(cols)
    options = []
    for r, clue in enumerate(rows):
        lines = []
        for layout in nonovector.nonoblocks(clue, width):
            line = [0] * width
            for position, length in layout:
                line[position:position + length] = [1] * length
            if grid is None or all(g is None or g == c for g, c in zip(grid[r], line)):
                lines.append(line)
        options.append(lines)
    return sorted([list(map(list, rows_)) for rows_ in product(*options)
                   if all(line2blocks(col) == nonovector.normalize_clue(clue)
                          for col, clue in zip(zip(*rows_), cols))])


@st.composite
def small_puzzle(draw):
    """Rows and columns of a random picture up to 5x5; sometimes columns of another picture."""
    height, width = draw(st.integers(1, 5)), draw(st.integers(1, 5))
    cells = st.lists(st.lists(st.sampled_from([0, 1]), min_size=width, max_size=width),
                     min_size=height, max_size=height)
    picture, other = draw(cells), draw(cells)
    rows = [line2blocks(row) for row in picture]
    cols = [line2blocks(col) for col in zip(*(other if draw(st.booleans()) else picture))]
    known = draw(st.lists(st.lists(st.sampled_from([None, None, None, 0, 1]), min_size=width,
                                   max_size=width), min_size=height, max_size=height))
    return rows, cols, known if draw(st.booleans()) else None


@requires_sat
@settings(max_examples=150, deadline=None)
@given(small_puzzle())
def test_sat_solutions_agree_with_brute_force(puzzle):
    rows, cols, grid = puzzle
    if sum(map(sum, rows)) != sum(map(sum, cols)):
        with pytest.raises(PuzzleError, match="rows need"):
            nonosat.sat_solutions(rows, cols, grid).__next__()
        return
    expected = brute_force_solutions(rows, cols, grid)
    for propagate in (True, False):  # on what line logic leaves open, and on the whole grid
        found = list(nonosat.sat_solutions(rows, cols, grid, propagate=propagate))
        assert len(found) == len({str(g) for g in found})          # each solution once
        assert sorted(found) == expected


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from([0, 1]), max_size=9), st.data())
def test_live_states_are_those_of_the_accepted_runs(picture, data):
    """A state is live at t exactly when some line that fits the known cells and the clue passes
    through it after t cells (checked by running the automaton on every such line)."""
    cells = len(picture)
    clue = line2blocks(picture)
    known = data.draw(st.lists(st.sampled_from([None, None, 0, 1]), min_size=cells,
                               max_size=cells))
    tokens = nonosat.clue_tokens(clue)
    visited = [set() for _ in range(cells + 1)]
    for line in product([0, 1], repeat=cells):
        if line2blocks(line) != clue or any(k is not None and k != v for k, v in zip(known, line)):
            continue
        state = 0
        visited[0].add(state)
        for t, cell in enumerate(line):
            state = nonosat.next_state(tokens, state, cell)
            visited[t + 1].add(state)
    live = nonosat.live_states(tokens, nonosat.next_state, nonosat.allowed_values(known))
    assert live == [sorted(states) for states in visited]


def test_known_cells_shrink_the_formula():
    rows, cols = read_clues(PUZZLES / "webpbn-06574.non")
    whole, cell_var, variables = nonosat.puzzle_cnf(rows, cols)
    known = nonoengine.propagate(rows, cols)
    shrunk, open_var, open_variables = nonosat.puzzle_cnf(rows, cols, known)
    assert sum(var is None for row in open_var for var in row) == sum(
        cell is not None for row in known for cell in row)
    assert open_variables < variables and len(shrunk) < len(whole)


@requires_sat
def test_a_formula_too_big_for_its_memory_is_not_built():
    rows, cols = read_clues(PUZZLES / "webpbn-06574.non")
    with pytest.raises(nonosat.EncodingTooBig, match="more than the 1 MB SAT may use"):
        next(nonosat.sat_solutions(rows, cols, max_bytes=2 ** 20))
    assert next(nonosat.sat_solutions(rows, cols, max_bytes=2 ** 30))  # room enough: it solves


@requires_sat
def test_sat_two_solutions_and_none():
    assert sorted(nonosat.sat_solutions([[1], [1]], [[1], [1]])) == [[[0, 1], [1, 0]], [[1, 0], [0, 1]]]
    assert list(nonosat.sat_solutions([[2], [0]], [[2], [0]])) == []  # well formed, impossible
    assert list(nonosat.sat_solutions([[1], [1]], [[1], [1]], grid=[[1, None], [None, None]])) == [
        [[1, 0], [0, 1]]]


# --- the race ------------------------------------------------------------------------------

def test_answer_status_says_only_what_is_known():
    def answer(found, finished, count=2):
        return Answer([[[1]]] * found, finished, "engine", 0.0, count)
    assert answer(0, True).status == "none" and answer(0, True).complete
    assert answer(1, True).status == "unique" and answer(1, True).complete
    assert answer(2, True).status == "multiple" and not answer(2, True).complete
    assert answer(2, False).status == "multiple"            # two are enough to know
    assert answer(1, False).status == "unknown" and answer(0, False).status == "unknown"
    assert answer(1, True, count=1).status == "unknown"     # one asked for, one found
    assert answer(3, True, count=5).complete


def test_the_engine_answers_before_sat_joins():
    rows, cols = read_clues(PUZZLES / "webpbn-00001.non")
    answer = find_solutions(rows, cols)
    assert (answer.status, answer.part, answer.method, answer.finished) == (
        "unique", "engine", "line", True)
    assert answer.sat_joined is None and answer.sat_note == "" and answer.complete


class SlowSearcher(nonoengine.Searcher):
    """Chapter 5's engine, slowed down: a hundredth of a second per line solve."""
    def solve_line(self, line):
        time.sleep(0.01)
        return super().solve_line(line)


def living_children():
    """The pids of this process's descendants that are alive (not zombies)."""
    return {child.pid for child in psutil.Process().children(recursive=True)
            if child.status() != psutil.STATUS_ZOMBIE}


@pytest.fixture
def no_child_left():
    """Checks, after the test, that it left no child process alive (those other tests started
    before it, such as a browser's driver, do not count)."""
    before = living_children()
    yield
    assert living_children() - before == set()


@requires_sat
def test_sat_wins_the_race_against_a_slow_engine(no_child_left):
    rows, cols = read_clues(PUZZLES / "webpbn-06574.non")
    answer = find_solutions(rows, cols, engine=SlowSearcher, engine_seconds=0.05, timeout=60)
    assert (answer.status, answer.part, answer.finished) == ("unique", "SAT", True)
    assert answer.solutions == [nonoengine.solve(rows, cols)]
    assert 0.05 <= answer.sat_joined < answer.seconds


@requires_sat
def test_the_engine_wins_the_race_and_sat_is_stopped(no_child_left):
    rows, cols = read_clues(PUZZLES / "webpbn-06574.non")  # about a second of search
    answer = find_solutions(rows, cols, sat=slow_sat, engine_seconds=0)
    assert (answer.status, answer.part, answer.method) == ("unique", "engine", "search")
    assert answer.sat_joined is not None and answer.sat_note == "the engine answered first"


@requires_sat
def test_a_sat_process_that_dies_is_a_part_that_lost(no_child_left):
    rows, cols = read_clues(PUZZLES / "webpbn-06574.non")
    answer = find_solutions(rows, cols, sat=dying_sat, engine_seconds=0)
    assert (answer.status, answer.part) == ("unique", "engine")
    assert answer.sat_note == "stopped unexpectedly (exit code -9)"
    rows, cols = read_clues(PUZZLES / "survey-knotty.non")  # beyond both in a second
    answer = find_solutions(rows, cols, sat=dying_sat, engine_seconds=0, timeout=1)
    assert (answer.status, answer.part) == ("unknown", "engine and SAT")
    assert answer.sat_note.startswith("stopped unexpectedly")
    alone = find_solutions(rows, cols, sat=dying_sat, use_engine=False, timeout=5)
    assert (alone.status, alone.finished, alone.sat_note) == (
        "unknown", False, "stopped unexpectedly (exit code -9)")


@requires_sat
def test_a_formula_that_would_not_fit_leaves_the_engine_alone():
    rows, cols = read_clues(PUZZLES / "webpbn-06574.non")
    answer = find_solutions(rows, cols, engine_seconds=0, sat_memory=8 * 2 ** 20)
    assert (answer.status, answer.part) == ("unique", "engine")
    assert answer.sat_note == "not started: the formula would need more than the 8 MB SAT may use"
    alone = find_solutions(rows, cols, use_engine=False, sat_memory=8 * 2 ** 20, timeout=30)
    assert (alone.status, alone.sat_note) == ("unknown", answer.sat_note)


@requires_sat
def test_sat_alone_and_the_count():
    answer = find_solutions(*DIAGONAL, count=10, use_engine=False)
    assert (answer.status, answer.part, answer.complete) == ("multiple", "SAT", True)
    assert sorted(answer.solutions) == [[[0, 1], [1, 0]], [[1, 0], [0, 1]]]
    assert find_solutions([[2], []], [[2], []], use_engine=False).status == "none"
    in_a_child = find_solutions(*DIAGONAL, count=10, use_engine=False, timeout=30)
    assert sorted(in_a_child.solutions) == sorted(answer.solutions) and in_a_child.complete


def test_engine_alone_with_a_timeout_gives_up_cleanly():
    rows, cols = read_clues(PUZZLES / "survey-knotty.non")
    answer = find_solutions(rows, cols, use_sat=False, timeout=0.3)
    assert (answer.status, answer.part, answer.finished) == ("unknown", "engine", False)
    assert answer.seconds < 5


@requires_sat
def test_the_timeout_bounds_the_race(no_child_left):
    rows, cols = read_clues(PUZZLES / "survey-knotty.non")
    start = time.perf_counter()
    answer = find_solutions(rows, cols, timeout=1.0, engine_seconds=0.1)
    assert time.perf_counter() - start < 3
    assert (answer.status, answer.part, answer.finished) == ("unknown", "engine and SAT", False)
    assert answer.sat_joined >= 0.1 and answer.sat_note


def test_without_python_sat_the_engine_works_alone(monkeypatch):
    monkeypatch.setattr(nonosat, "sat_available", lambda: False)
    rows, cols = read_clues(PUZZLES / "survey-knotty.non")
    answer = find_solutions(rows, cols, timeout=0.5, engine_seconds=0.1)
    assert answer.part == "engine" and answer.seconds >= 0.4  # the engine had the whole timeout
    assert answer.sat_joined is None
    with pytest.raises(ImportError, match="python-sat"):
        find_solutions(*DIAGONAL, use_engine=False)


@pytest.mark.parametrize("options, error, words", [
    ({"count": 0}, ValueError, "count must be a whole number at least 1"),
    ({"count": 2.5}, ValueError, "count must be"),
    ({"timeout": -1}, ValueError, "timeout must be at least 0"),
    ({"engine_seconds": "x"}, TypeError, "engine_seconds must be a number"),
    ({"sat_memory": 1.5}, TypeError, "sat_memory must be"),
    ({"use_engine": False, "use_sat": False}, ValueError, "cannot both be False"),
])
def test_bad_options_are_named(options, error, words):
    with pytest.raises(error, match=words):
        find_solutions(*DIAGONAL, **options)


def test_a_malformed_puzzle_is_a_puzzle_error_before_anything_runs():
    with pytest.raises(PuzzleError, match="rows need"):
        find_solutions([[1], [1]], [[1], []])


@requires_sat
def test_a_race_that_runs_out_keeps_every_solution_found():
    rows, cols = read_clues(PUZZLES / "survey-faase.non")  # two solutions, beyond both in 2 s
    answer = find_solutions(rows, cols, timeout=2, count=3)
    assert not answer.finished and answer.status in ("unknown", "multiple")
    assert all(solution_fits(rows, cols, grid) for grid in answer.solutions)


def solution_fits(rows, cols, grid):
    return ([line2blocks(row) for row in grid] == [nonovector.normalize_clue(c) for c in rows]
            and [line2blocks(col) for col in zip(*grid)] == [nonovector.normalize_clue(c) for c in cols])
