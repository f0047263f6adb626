"""Tests of lesson 8: the undo trail, lines as bitmasks, the memo, probing on the trail and the
skips, and their agreement with lesson 4's engine."""
import gc
import tracemalloc
from pathlib import Path

import pytest

import nonofast
import nonogram2d
import nonoline
import nonoprobe
import nonotrail
from nonocheck import PuzzleError
from nonofiles import read_clues
from nonogram2d import pic2gram
from nonoprobe import random_picture
from nonotrail import Prober, Propagator, bits_door
from nonovector import Contradiction

from test_nonogram2d import COLS, DIAGONAL, PICTURE, ROWS, satisfies

PUZZLES = Path(__file__).resolve().parent.parent / "puzzles"


def clues_of(name):
    return read_clues(PUZZLES / name)


def masks_of(engine):
    """Each line's (filled, empty) masks, computed afresh from the engine's grid."""
    lines = engine.grid + nonogram2d.transpose(engine.grid)
    return [nonofast.cells_to_bits(line) for line in lines]


def root(engine):
    """Line logic and probing at the root of a Prober; returns the engine."""
    engine.propagate()
    engine.probe_all()
    return engine


# --- the propagator: trail, bitmasks, memo, queue ------------------------------------------------

def test_propagate_solves_the_small_example():
    engine = Propagator(ROWS, COLS)
    assert engine.propagate() == PICTURE == nonogram2d.propagate(ROWS, COLS)
    assert engine.line_solves < 20 and engine.unknown() == 0
    assert len(engine.trail) == 25 == sum(engine.changes)  # each counts in the crossing line


def test_a_malformed_puzzle_is_refused():
    with pytest.raises(PuzzleError):
        Propagator([[5]], [[1]])


def test_undo_restores_the_grid_and_the_bitmasks():
    grid = [[None] * 5 for _ in range(5)]
    grid[1][2], grid[3][0] = PICTURE[1][2], PICTURE[3][0]  # two givens
    engine = Propagator(ROWS, COLS, grid)
    assert list(zip(engine.filled, engine.empty)) == masks_of(engine)  # givens are in the masks
    assert engine.trail == []  # ... and not on the trail: no undo can take them back
    mark = len(engine.trail)
    engine.propagate()
    assert engine.unknown() == 0 and list(zip(engine.filled, engine.empty)) == masks_of(engine)
    engine.undo(mark)
    assert engine.grid == grid and engine.trail == []
    assert list(zip(engine.filled, engine.empty)) == masks_of(engine)


def test_undo_to_a_mark_keeps_what_came_before():
    engine = Propagator(*DIAGONAL)
    engine.set_cell(0, 0, 1)
    mark = len(engine.trail)
    engine.propagate([0, 2])
    assert engine.trail == [(0, 0), (0, 1), (1, 0), (1, 1)]
    engine.undo(mark)
    assert engine.grid == [[1, None], [None, None]] and engine.trail == [(0, 0)]
    assert (engine.filled[0], engine.empty[0], engine.filled[2]) == (0b01, 0, 0b01)


def test_bits_door_turns_a_cells_solver_into_a_bitmask_one():
    door = bits_door(nonoline.solve_line)
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
    assert engine.solver_calls == len(calls) < engine.line_solves


def test_a_contradiction_names_its_line_and_calls_failed_first():
    wrong = [row[:] for row in PICTURE]
    wrong[0][0] = 1  # row 0 is [3]: now four filled cells
    failures = []

    class Watched(Propagator):
        def failed(self, line):
            failures.append(line)
    engine = Watched(ROWS, COLS, wrong)
    with pytest.raises(Contradiction, match="cannot hold its clue") as caught:
        engine.propagate()
    assert len(failures) == 1 and engine.line_name(failures[0]) in str(caught.value)


def test_memo_is_emptied_at_its_size_bound():
    rows, cols = pic2gram(random_picture(30, 30, 0.5, seed=3))
    small = root(Prober(rows, cols, memo_bytes=2_000))
    assert small.memo_size < 2_000 + 1_000 and len(small.memo) < small.solver_calls
    assert small.grid == root(Prober(rows, cols)).grid


def test_no_memo_stores_nothing_and_changes_nothing_but_the_calls():
    rows, cols = clues_of("webpbn-00023.non")
    without, with_memo = root(Prober(rows, cols, memo_bytes=0)), root(Prober(rows, cols))
    assert without.memo == {} and without.solver_calls == without.line_solves
    assert with_memo.solver_calls < with_memo.line_solves == without.line_solves
    assert without.grid == with_memo.grid and without.probes == with_memo.probes


@pytest.mark.parametrize("memo_bytes", [-5, "x"])
def test_a_bad_memo_size_is_named(memo_bytes):
    with pytest.raises((TypeError, ValueError), match="memo_bytes"):
        Propagator(ROWS, COLS, memo_bytes=memo_bytes)


# --- probing -----------------------------------------------------------------------------------

def test_probe_leaves_the_grid_unchanged():
    engine = Prober(*DIAGONAL)
    decided = engine.probe(0, 0, 1)
    assert decided == {(0, 0): 1, (0, 1): 0, (1, 0): 0, (1, 1): 1}
    assert engine.grid == [[None, None], [None, None]] and engine.trail == []
    assert engine.filled == engine.empty == [0, 0, 0, 0] and engine.probes == 1


def test_probe_contradiction_returns_none():
    engine = Prober([[1], [0]], [[1], [0]])  # a single filled cell at (0, 0)
    assert engine.probe(0, 1, 1) is None
    assert engine.grid == [[None, None], [None, None]] and engine.trail == []


def test_probing_solves_edge():
    rows, cols = clues_of("webpbn-00023.non")
    engine = Prober(rows, cols)
    engine.propagate()
    assert engine.unknown() == 110
    assert engine.probe_all() == {}
    assert engine.unknown() == 0 and satisfies(engine.grid, rows, cols)


def test_probe_all_reports_two_way_cells_when_stuck():
    engine = Prober(*DIAGONAL)
    candidates = engine.probe_all()
    assert set(candidates) == {(0, 0), (0, 1), (1, 0), (1, 1)}
    if_filled, if_empty = candidates[0, 0]
    assert if_filled[0, 0] == 1 and if_empty[0, 0] == 0
    assert engine.fruitless[0, 0][1] == 4  # each value decides all four cells
    implied = Prober(*DIAGONAL, skip_implied=True).probe_all()
    assert set(implied) == {(0, 0)}  # the other cells' probes are implied by these two


def test_probe_all_raises_when_a_cell_can_be_neither():
    rows, cols = [[1], [1, 2], [1, 2], [1, 1], [1]], [[1, 1], [2], [1, 1], [2], [1, 1]]
    engine = Prober(rows, cols)
    engine.propagate()  # line logic sees no contradiction in this puzzle without a solution
    with pytest.raises(Contradiction, match="can be neither filled nor empty"):
        engine.probe_all()


def test_probe_all_calls_stop_before_each_probe():
    engine = Prober(*DIAGONAL)
    stops = []
    engine.probe_all(stop=lambda: stops.append(engine.probes))
    assert stops == [0, 2, 4, 6]  # before each cell's pair of probes


@pytest.mark.parametrize("name", ["webpbn-00023.non", "webpbn-00436.non", "webpbn-00803.non",
                                  "webpbn-06574.non"])
def test_without_the_skips_probing_is_lesson_4s(name):
    """With both skips off, the trail engine makes exactly lesson 4's probes, in its order."""
    rows, cols = clues_of(name)
    copying = nonoprobe.Engine(rows, cols, line_solver=nonofast.solve_line)
    copying.probe_all(copying.propagate(copying.grid))
    trailing = root(Prober(rows, cols, skip_implied=False, skip_unchanged=False))
    assert trailing.grid == copying.grid and trailing.probes == copying.probes


def test_the_skips_probe_less_and_decide_the_same_on_forever():
    rows, cols = clues_of("webpbn-06574.non")
    every, unchanged, implied = (root(Prober(rows, cols, **options)) for options in
                                 (dict(skip_unchanged=False), {}, dict(skip_implied=True)))
    assert every.probes > unchanged.probes > implied.probes
    assert every.grid == unchanged.grid == implied.grid and every.unknown() == 440


def test_the_masks_follow_the_grid_after_probing():
    """propagate writes a solved line's masks at once and the crossing lines' bits one by one:
    after line logic and probing (with undo after every probe) they still match the grid."""
    rows, cols = clues_of("webpbn-06574.non")
    for options in ({}, dict(line_solver=nonoline.solve_line)):
        engine = root(Prober(rows, cols, **options))
        assert engine.unknown() == 440
        assert list(zip(engine.filled, engine.empty)) == masks_of(engine)


def test_the_memo_estimate_errs_on_the_safe_side():
    """A memo entry counts ENTRY_BYTES plus its four masks: at least what emptying the memo frees
    (as tracemalloc counts it), and at most twice that."""
    rows, cols = clues_of("webpbn-06574.non")
    tracemalloc.start()
    try:
        engine = root(Prober(rows, cols))
        gc.collect()
        before = tracemalloc.get_traced_memory()[0]
        engine.memo.clear()
        gc.collect()
        freed = before - tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    assert engine.memo_size > 1_000_000 and freed <= engine.memo_size <= 2 * freed


def test_the_module_names():
    assert nonotrail.MEMO_BYTES > 0 and nonotrail.ENTRY_BYTES > 0
    assert Prober(*DIAGONAL).probe_order is nonoprobe.most_known_neighbours
