"""Tests of lesson 10: activity and the guess strategies, the search with its own stack, the fast
entry points, the strategies against brute force, and agreement with lesson 4's engine."""
from collections import deque
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import nonoengine
import nonofast
import nonogram2d
import nonoline
import nonoprobe
import nonoprober
import nonotrail
from nonocheck import PuzzleError, SearchLimit
from nonoengine import (Prober, Propagator, Searcher, analyse, best_last_probe, busiest_lines,
                        first_candidate, first_in_first_out_on_time, last_in_first_out,
                        most_changed, nearly_solved_lines, reading_order, solutions, solve)
from nonofiles import read_clues
from nonogram2d import first_in_first_out, pic2gram
from nonoprobe import Verdict, most_known_neighbours, random_picture
from nonovector import Contradiction

from test_nonogram2d import COLS, DIAGONAL, IMPOSSIBLE, PICTURE, ROWS, brute_force, satisfies

PUZZLES = Path(__file__).resolve().parent.parent / "puzzles"


def clues_of(name):
    return read_clues(PUZZLES / name)


def test_the_names_other_files_use_are_importable():
    """The split into lessons 8, 9 and 10 kept every public name importable from nonoengine."""
    names = ["analyse", "propagate", "solve", "solutions", "Searcher", "best_last_probe",
             "reading_order", "nearly_solved_lines", "most_changed", "last_in_first_out",
             "first_in_first_out_on_time", "first_candidate", "bits_door", "MEMO_BYTES",
             "Prober", "Propagator", "busiest_lines"]
    assert all(hasattr(nonoengine, name) for name in names)
    assert nonoengine.Prober is nonoprober.Prober and nonoengine.MEMO_BYTES == nonotrail.MEMO_BYTES
    assert nonoengine.Propagator is nonotrail.Propagator and nonoengine.bits_door is nonotrail.bits_door


# --- strategies ----------------------------------------------------------------------------------

def test_queue_strategies():
    engine = Propagator(ROWS, COLS)
    assert last_in_first_out(engine, deque([0, 1, 2])) == 2
    engine.changes[:3] = [1, 5, 2]
    queue = deque([0, 1, 2])
    assert [most_changed(engine, queue) for _ in range(3)] == [1, 2, 0]
    assert engine.changes[:3] == [0, 0, 0]


@pytest.mark.parametrize("next_line", [first_in_first_out, last_in_first_out, most_changed])
def test_every_queue_strategy_reaches_the_same_fixpoint(next_line):
    rows, cols = clues_of("webpbn-00436.non")
    expected = nonogram2d.propagate(rows, cols)
    assert nonoengine.propagate(rows, cols, next_line=next_line) == expected


def test_the_budget_checking_queue_strategy_stops_a_long_propagation():
    engine = Searcher(ROWS, COLS, max_nodes=0)
    engine.nodes = 1  # as if a node had been entered: the budget of 0 nodes is spent
    engine.line_solves = 64
    with pytest.raises(SearchLimit):
        first_in_first_out_on_time(engine, deque([0]))
    engine.line_solves = 65  # checked only every 64 line solves
    assert first_in_first_out_on_time(engine, deque([3, 4])) == 3


def test_probe_orders():
    engine = Prober([[3], [1], [1]], [[1], [1], [3]])
    blank = [[None] * 3 for _ in range(3)]
    assert reading_order(engine, blank)[:3] == [(0, 0), (0, 1), (0, 2)]
    grid = [[1, 1, 1], [None, None, None], [None, None, 1]]
    # unknown cells in the row + in the column: (1, 2) 3+1, (2, 0) 2+2, (2, 1) 2+2, (1, 0) 3+2
    assert nearly_solved_lines(engine, grid)[:3] == [(1, 2), (2, 0), (2, 1)]
    assert most_known_neighbours(engine, blank)[:4] == [(0, 0), (0, 2), (2, 0), (2, 2)]


def test_guess_strategies():
    engine = Searcher(*DIAGONAL)
    engine.fruitless = {(0, 0): (0, 3), (0, 1): (0, 5), (1, 0): (0, 1)}
    candidates = {(0, 1): (None, None), (0, 0): ({}, {}), (1, 0): ({}, {})}
    assert best_last_probe(engine, engine.grid, candidates) == (0, 1)
    assert first_candidate(engine, engine.grid, candidates) == (0, 0)
    engine.activity = [0.0, 2.0, 0.0, 0.0]  # row 1 failed most: (1, 0) wins despite its probe
    assert busiest_lines(engine, engine.grid, candidates) == (1, 0)


def test_contradictions_count_as_activity_in_a_search():
    wrong = [row[:] for row in PICTURE]
    wrong[0][0] = 1
    engine = Searcher(ROWS, COLS, wrong)
    with pytest.raises(Contradiction, match="row 0 cannot hold its clue"):
        engine.propagate()
    assert engine.activity[0] == 1 and sum(engine.activity) == 1
    plain = Prober(ROWS, COLS, wrong)  # lesson 9's engines keep no activity
    with pytest.raises(Contradiction):
        plain.propagate()
    assert not hasattr(plain, "activity")


def test_activity_grows_at_every_node_and_is_rescaled_before_it_overflows():
    engine = Searcher(*DIAGONAL, activity_growth=2.0)
    list(engine.solutions())
    assert engine.bump == 2.0 ** engine.nodes
    engine.bump, engine.activity = 1e101, [1e101, 0.0, 0.0, 0.0]
    engine.node(())
    assert engine.bump == 1.0 and engine.activity[0] == 0.5  # divided by the grown bump


# --- search, answers, strategies against brute force ---------------------------------------------

def test_the_fast_entry_points_keep_lesson_4s_contract():
    assert sorted(solutions(*DIAGONAL)) == [[[0, 1], [1, 0]], [[1, 0], [0, 1]]]
    assert list(solutions(*IMPOSSIBLE)) == []
    with pytest.raises(Contradiction):
        solve(*IMPOSSIBLE)
    with pytest.raises(PuzzleError):
        solutions([[5]], [[1]])  # checked at once, before the first solution is asked for
    verdict = analyse(ROWS, COLS)
    assert isinstance(verdict, Verdict) and (verdict.status, verdict.method) == ("unique", "line")
    found = solutions(*DIAGONAL)
    first = next(found)
    first[0][0] = "changed"
    assert "changed" not in next(found)[0]
    assert nonoengine.propagate(ROWS, COLS) == PICTURE == nonogram2d.propagate(ROWS, COLS)


def test_the_worked_trace():
    """Lesson 3's 4x4 puzzle with two solutions, probing off, guesses in reading order: the
    nodes and undos that the notebook's trace prints."""
    undos = []

    class Recording(Searcher):
        def undo(self, mark):
            undos.append(mark)
            super().undo(mark)
    engine = Recording([[1, 1], [2], [1], [3]], [[1, 1], [1, 1], [1, 1], [1, 1]],
                       probing=False, probe_order=reading_order)
    assert len(list(engine.solutions())) == 2
    assert (engine.nodes, undos, engine.stack) == (5, [12, 12, 4, 4], [])


NEXT_LINE = [first_in_first_out, last_in_first_out, most_changed]
PROBE_ORDER = [most_known_neighbours, nearly_solved_lines, reading_order]
CHOOSE_GUESS = [busiest_lines, best_last_probe, first_candidate]
OPTIONS = st.fixed_dictionaries({
    "next_line": st.sampled_from(NEXT_LINE),
    "probe_order": st.sampled_from(PROBE_ORDER),
    "choose_guess": st.sampled_from(CHOOSE_GUESS),
    "probing": st.booleans(),
    "skip_implied": st.booleans(),
    "skip_unchanged": st.booleans(),
    "memo_bytes": st.sampled_from([0, 500, nonoengine.MEMO_BYTES]),
    "activity_growth": st.sampled_from([1.0, 1.1]),
    "line_solver": st.sampled_from([None, nonofast.solve_checked, nonoline.solve_line]),
})


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 5), st.integers(1, 5), st.floats(0.2, 0.8), st.integers(0, 10 ** 6), OPTIONS)
def test_every_combination_finds_exactly_the_solutions(height, width, density, seed, options):
    """The options change the order of the work, never its result."""
    rows, cols = pic2gram(random_picture(height, width, density, seed))
    found = list(solutions(rows, cols, **options))
    assert sorted(found) == sorted(brute_force(rows, cols))


@pytest.mark.parametrize("options", [
    {"next_line": last_in_first_out}, {"next_line": most_changed},
    {"probe_order": nearly_solved_lines}, {"probe_order": reading_order},
    {"choose_guess": best_last_probe}, {"choose_guess": first_candidate},
    {"skip_unchanged": False}, {"skip_implied": True}, {"activity_growth": 1.0}])
def test_each_strategy_on_a_puzzle_that_needs_search(options):
    rows, cols = pic2gram(random_picture(8, 9, 0.3, seed=3))
    assert sorted(solutions(rows, cols, **options)) == sorted(brute_force(rows, cols))
    verdict = analyse(*clues_of("webpbn-00023.non"), **options)  # Edge: probing settles it
    assert (verdict.status, verdict.method) == ("unique", "probing")


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 7), st.integers(2, 7), st.floats(0.2, 0.8), st.integers(0, 10 ** 6))
def test_same_solutions_and_statuses_as_lesson_4(height, width, density, seed):
    rows, cols = pic2gram(random_picture(height, width, density, seed))
    assert sorted(solutions(rows, cols)) == sorted(nonoprobe.solutions(rows, cols))
    assert analyse(rows, cols).status == nonoprobe.analyse(rows, cols).status


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 7), st.integers(2, 7), st.floats(0.2, 0.8), st.integers(0, 10 ** 6))
def test_searcher_counts_and_method_are_consistent(height, width, density, seed):
    rows, cols = pic2gram(random_picture(height, width, density, seed))
    searcher = Searcher(rows, cols)
    found = list(searcher.solutions())
    assert sorted(found) == sorted(brute_force(rows, cols))
    assert searcher.method in ("line", "probing", "search") and searcher.stack == []
    if len(found) > 1:
        assert searcher.method == "search" and searcher.nodes >= 3
    if searcher.method == "line":
        assert searcher.probes == 0 and searcher.nodes == 1


def test_forever_needs_search_and_is_unique():
    rows, cols = clues_of("webpbn-06574.non")
    verdict = analyse(rows, cols, time_limit=60)
    assert (verdict.status, verdict.method) == ("unique", "search")
    assert 1 < verdict.nodes < 2000 and satisfies(verdict.solutions[0], rows, cols)


def test_on_forever_activity_cuts_the_nodes_of_lesson_4s_choices():
    rows, cols = clues_of("webpbn-06574.non")
    default = analyse(rows, cols)
    lesson_4 = analyse(rows, cols, choose_guess=best_last_probe, activity_growth=1.0,
                       skip_unchanged=False)
    assert default.solutions == lesson_4.solutions and default.nodes * 3 < lesson_4.nodes


def test_no_memo_still_finds_the_same():
    rows, cols = clues_of("webpbn-00023.non")
    assert analyse(rows, cols, memo_bytes=0).solutions == analyse(rows, cols).solutions


# --- budgets and options -------------------------------------------------------------------------

def test_node_budget_raises_search_limit_with_progress():
    with pytest.raises(SearchLimit, match=r"max_nodes=1 after 2 nodes") as caught:
        analyse(*DIAGONAL, max_nodes=1)
    assert caught.value.nodes == 2 and caught.value.solutions == []
    assert "cells unknown at the node it stopped in" in str(caught.value)


def test_solutions_found_before_the_budget_are_kept():
    found = solutions(*DIAGONAL, max_nodes=2)
    first = next(found)
    with pytest.raises(SearchLimit) as caught:
        next(found)
    assert caught.value.solutions == [first]


def test_time_budget_on_a_puzzle_far_beyond_reach():
    rows, cols = clues_of("survey-knotty.non")
    with pytest.raises(SearchLimit, match=r"time_limit=0.3 s") as caught:
        analyse(rows, cols, time_limit=0.3)
    assert caught.value.seconds < 5


@pytest.mark.parametrize("options, error, words", [
    ({"max_nodes": "x"}, TypeError, "max_nodes must be a number"),
    ({"time_limit": -1}, ValueError, "time_limit must be at least 0"),
    ({"memo_bytes": -5}, ValueError, "memo_bytes must be at least 0"),
    ({"queue_order": "fifo"}, TypeError, "queue_order"),
])
def test_bad_options_are_named(options, error, words):
    with pytest.raises(error, match=words):
        analyse(ROWS, COLS, **options)
