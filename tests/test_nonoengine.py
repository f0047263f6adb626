"""Tests of chapter 5: the engineered engine (trail, memo, probing less, activity, stack search),
its strategies against brute force, and its agreement with chapter 2's engine."""
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
import nonovector
from nonoengine import (Prober, Propagator, Searcher, analyse, best_last_probe, busiest_lines,
                        first_candidate, last_in_first_out, most_changed, nearly_solved_lines,
                        reading_order, solutions, solve)
from nonocheck import PuzzleError, SearchLimit
from nonofiles import read_clues
from nonogram2d import first_in_first_out, pic2gram
from nonoprobe import Verdict, most_known_neighbours, random_picture
from nonovector import Contradiction

from test_nonogram2d import DIAGONAL, IMPOSSIBLE, PICTURE, ROWS, COLS, brute_force, satisfies

PUZZLES = Path(__file__).resolve().parent.parent / "puzzles"


def clues_of(name):
    return read_clues(PUZZLES / name)


# --- the propagator: trail, memo, queue ---------------------------------------------------------

def test_propagate_solves_the_small_example():
    engine = Propagator(ROWS, COLS)
    assert engine.propagate() == PICTURE
    assert engine.line_solves < 20 and engine.unknown() == 0
    assert nonoengine.propagate(ROWS, COLS) == PICTURE == nonogram2d.propagate(ROWS, COLS)


def masks_of(engine):
    """Each line's (filled, empty) masks, computed afresh from the engine's grid."""
    lines = engine.grid + nonogram2d.transpose(engine.grid)
    return [nonofast.cells_to_bits(line) for line in lines]


def test_undo_restores_the_grid_and_the_bitmasks():
    grid = [[None] * 5 for _ in range(5)]
    grid[1][2], grid[3][0] = PICTURE[1][2], PICTURE[3][0]  # two givens
    engine = Propagator(ROWS, COLS, grid)
    assert list(zip(engine.filled, engine.empty)) == masks_of(engine)  # givens are in the masks
    mark = len(engine.trail)
    engine.propagate()
    assert engine.unknown() == 0 and list(zip(engine.filled, engine.empty)) == masks_of(engine)
    engine.undo(mark)
    assert engine.grid == grid and engine.trail == []
    assert list(zip(engine.filled, engine.empty)) == masks_of(engine)


def test_bits_door_turns_a_cells_solver_into_a_bitmask_one():
    door = nonoengine.bits_door(nonoline.solve_line)
    for clue, line in [((3, 1), [None, None, None, 1, None, None, None, None, 1, None]),
                       ((2,), [None, 1, None, None]), ((), [None, None])]:
        masks = nonofast.cells_to_bits(line)
        assert door(clue, len(line), *masks) == nonofast.line_bits_fast(clue, len(line), *masks)
    with pytest.raises(Contradiction):
        door((3,), 4, 0, 0b0100)


def test_propagate_uses_any_line_solver_and_the_memo():
    calls = []

    def spy(blocks, line):
        calls.append(1)
        return nonoline.solve_line(blocks, line)
    engine = Propagator(ROWS, COLS, line_solver=spy)
    engine.propagate()
    assert engine.solver_calls == len(calls) <= engine.line_solves
    engine.propagate()  # everything is in the memo now
    assert engine.solver_calls == len(calls)


def test_contradictions_name_the_line_and_count_as_activity():
    wrong = [row[:] for row in PICTURE]
    wrong[0][0] = 1
    engine = Propagator(ROWS, COLS, wrong)
    with pytest.raises(Contradiction, match="cannot hold its clue"):
        engine.propagate()
    assert sum(engine.activity) == 1


def test_memo_is_emptied_at_its_size_bound():
    rows, cols = pic2gram(random_picture(40, 40, 0.5, seed=3))
    engine = Searcher(rows, cols, memo_bytes=2_000)
    first = next(engine.solutions())
    assert satisfies(first, rows, cols)
    assert engine.memo_size < 2_000 + 1_000 and len(engine.memo) < engine.solver_calls


def test_no_memo_still_finds_the_same_and_stores_nothing():
    rows, cols = clues_of("webpbn-00023.non")
    assert analyse(rows, cols, memo_bytes=0).solutions == analyse(rows, cols).solutions
    engine = Propagator(rows, cols, memo_bytes=0)
    engine.propagate()
    assert engine.memo == {} and engine.solver_calls == engine.line_solves


def test_queue_strategies():
    engine = Propagator(ROWS, COLS)
    assert last_in_first_out(engine, deque([0, 1, 2])) == 2
    engine.changes[:3] = [1, 5, 2]
    queue = deque([0, 1, 2])
    assert [most_changed(engine, queue) for _ in range(3)] == [1, 2, 0]
    assert engine.changes[:3] == [0, 0, 0]


# --- probing --------------------------------------------------------------------------------------

def test_probe_leaves_the_grid_unchanged():
    engine = Prober(*DIAGONAL)
    decided = engine.probe(0, 0, 1)
    assert decided == {(0, 0): 1, (0, 1): 0, (1, 0): 0, (1, 1): 1}
    assert engine.grid == [[None, None], [None, None]] and engine.trail == []
    assert engine.probes == 1


def test_probe_contradiction_returns_none():
    engine = Prober([[1], [0]], [[1], [0]])  # a single filled cell at (0, 0)
    assert engine.probe(0, 1, 1) is None


def test_probing_solves_edge():
    rows, cols = clues_of("webpbn-00023.non")
    engine = Prober(rows, cols)
    engine.propagate()
    assert engine.probe_all() == {}
    assert engine.unknown() == 0 and satisfies(engine.grid, rows, cols)


def test_probe_all_reports_two_way_cells_when_stuck():
    engine = Prober(*DIAGONAL)
    both_ways = engine.probe_all()
    assert set(both_ways) == {(0, 0), (0, 1), (1, 0), (1, 1)}
    if_filled, if_empty = both_ways[0, 0]
    assert if_filled[0, 0] == 1 and if_empty[0, 0] == 0
    implied = Prober(*DIAGONAL, skip_implied=True).probe_all()
    assert set(implied) == {(0, 0)}  # the other cells' probes are implied by these two


@pytest.mark.parametrize("name", ["webpbn-00023.non", "webpbn-00436.non", "webpbn-00803.non"])
def test_without_the_skips_probing_is_chapter_2s(name):
    """With both skips off, the trail engine makes exactly chapter 2's probes, in its order."""
    rows, cols = clues_of(name)
    copying = nonoprobe.Engine(rows, cols, line_solver=nonofast.solve_line)
    copying.propagate(copying.grid)
    copying.probe_all(copying.grid)
    trailing = Prober(rows, cols, skip_implied=False, skip_unchanged=False)
    trailing.propagate()
    trailing.probe_all()
    assert trailing.grid == copying.grid and trailing.probes == copying.probes


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
    both_ways = {(0, 1): (None, None), (0, 0): ({}, {}), (1, 0): ({}, {})}
    assert best_last_probe(engine, engine.grid, both_ways) == (0, 1)
    assert first_candidate(engine, engine.grid, both_ways) == (0, 0)
    engine.activity = [0.0, 2.0, 0.0, 0.0]  # row 1 failed most: (1, 0) wins despite its probe
    assert busiest_lines(engine, engine.grid, both_ways) == (1, 0)


# --- search, answers, strategies against brute force -----------------------------------------------

def test_the_fast_entry_points_keep_chapter_2s_contract():
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
def test_same_solutions_and_statuses_as_chapter_2(height, width, density, seed):
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


# --- budgets and options ------------------------------------------------------------------------------

def test_node_budget_raises_search_limit_with_progress():
    with pytest.raises(SearchLimit, match=r"max_nodes=1 after 2 nodes") as caught:
        analyse(*DIAGONAL, max_nodes=1)
    assert caught.value.nodes == 2 and caught.value.solutions == []


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
