"""Tests of chapter 6: the puzzle as clauses, SAT against brute force, and the hand-over."""
import importlib.util
import sys
from itertools import product
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import nonogram2d
import nonosat
import nonovector
from nonogram2d import PuzzleError, read_clues
from nonosat import Answer, find_solutions
from nonovector import line2blocks

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
    found = list(nonosat.sat_solutions(rows, cols, grid))
    assert len(found) == len({str(g) for g in found})          # each solution once
    assert sorted(found) == brute_force_solutions(rows, cols, grid)


@requires_sat
def test_sat_two_solutions_and_none():
    assert sorted(nonosat.sat_solutions([[1], [1]], [[1], [1]])) == [[[0, 1], [1, 0]], [[1, 0], [0, 1]]]
    assert list(nonosat.sat_solutions([[2], [0]], [[2], [0]])) == []  # well formed, impossible
    assert list(nonosat.sat_solutions([[1], [1]], [[1], [1]], grid=[[1, None], [None, None]])) == [
        [[1, 0], [0, 1]]]


# --- the hand-over ------------------------------------------------------------------------------

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


def test_the_engine_answers_what_it_can():
    rows, cols = read_clues(PUZZLES / "webpbn-06574.non")
    answer = find_solutions(rows, cols)
    assert (answer.status, answer.part, answer.method, answer.finished) == (
        "unique", "engine", "search", True)
    assert answer.nodes > 1 and answer.handed_over_after is None
    assert len(answer.solutions) == 1 and answer.complete


@requires_sat
def test_sat_takes_over_when_the_engine_runs_out_of_seconds():
    rows, cols = read_clues(PUZZLES / "webpbn-06574.non")
    engine = find_solutions(rows, cols)
    answer = find_solutions(rows, cols, engine_seconds=0.001)
    assert (answer.status, answer.part, answer.handed_over_after) == ("unique", "SAT", 0.001)
    assert answer.solutions == engine.solutions and answer.method is None


@requires_sat
def test_sat_alone_and_the_count():
    answer = find_solutions(*DIAGONAL, count=10, use_engine=False)
    assert (answer.status, answer.part, answer.complete) == ("multiple", "SAT", True)
    assert sorted(answer.solutions) == [[[0, 1], [1, 0]], [[1, 0], [0, 1]]]
    assert find_solutions([[2], []], [[2], []], use_engine=False).status == "none"


def test_engine_alone_with_a_timeout_gives_up_cleanly():
    rows, cols = read_clues(PUZZLES / "survey-knotty.non")
    answer = find_solutions(rows, cols, use_sat=False, timeout=0.3)
    assert (answer.status, answer.part, answer.finished) == ("unknown", "engine", False)
    assert answer.seconds < 5


@requires_sat
def test_the_timeout_bounds_both_parts():
    rows, cols = read_clues(PUZZLES / "survey-knotty.non")
    answer = find_solutions(rows, cols, timeout=1.0, engine_seconds=0.3)
    assert (answer.status, answer.part, answer.finished) == ("unknown", "SAT", False)
    assert answer.handed_over_after == 0.3 and answer.seconds < 5


def test_without_python_sat_the_engine_works_alone(monkeypatch):
    monkeypatch.setattr(nonosat, "sat_available", lambda: False)
    rows, cols = read_clues(PUZZLES / "survey-knotty.non")
    answer = find_solutions(rows, cols, timeout=0.5, engine_seconds=0.1)
    assert answer.part == "engine" and answer.seconds >= 0.4  # the engine had the whole timeout
    with pytest.raises(ImportError, match="python-sat"):
        find_solutions(*DIAGONAL, use_engine=False)


@pytest.mark.parametrize("options, error, words", [
    ({"count": 0}, ValueError, "count must be a whole number at least 1"),
    ({"count": 2.5}, ValueError, "count must be"),
    ({"timeout": -1}, ValueError, "timeout must be at least 0"),
    ({"engine_seconds": "x"}, TypeError, "engine_seconds must be a number"),
    ({"use_engine": False, "use_sat": False}, ValueError, "cannot both be False"),
])
def test_bad_options_are_named(options, error, words):
    with pytest.raises(error, match=words):
        find_solutions(*DIAGONAL, **options)


def test_a_malformed_puzzle_is_a_puzzle_error_before_anything_runs():
    with pytest.raises(PuzzleError, match="rows need"):
        find_solutions([[1], [1]], [[1], []])


def test_a_hand_over_that_runs_out_keeps_the_engines_solutions(monkeypatch):
    rows, cols = [[1], [1]], [[1], [1]]
    engine = nonosat.Answer([[[1, 0], [0, 1]]], False, "engine", 0.1, 2, method="search")
    monkeypatch.setattr(nonosat, "engine_answer", lambda *args: engine)
    monkeypatch.setattr(nonosat, "sat_available", lambda: True)
    monkeypatch.setattr(nonosat, "sat_answer", lambda *args: nonosat.Answer(
        [], False, "SAT", 0.2, 2, 0.1))
    answer = find_solutions(rows, cols, timeout=1)
    assert (answer.part, answer.finished, answer.solutions) == ("SAT", False, [[[1, 0], [0, 1]]])
