"""Tests of lesson 8: the undo trail, lines as bitmasks, the memo, and trying cells on the trail."""
import gc
import tracemalloc
from pathlib import Path

import pytest

import nonofast
import nonogram2d
import nonoline
import nonotrail
from nonocheck import PuzzleError
from nonofiles import read_clues
from nonogram2d import pic2gram
from nonoprobe import random_picture
from nonotrail import Propagator, bits_door
from nonovector import Contradiction

from test_nonogram2d import COLS, DIAGONAL, PICTURE, ROWS

PUZZLES = Path(__file__).resolve().parent.parent / "puzzles"


def clues_of(name):
    return read_clues(PUZZLES / name)


def masks_of(engine):
    """Each line's (filled, empty) masks, computed afresh from the engine's grid."""
    lines = engine.grid + nonogram2d.transpose(engine.grid)
    return [nonofast.cells_to_bits(line) for line in lines]


def try_each_unknown(engine):
    """Lesson 8's demonstration: line logic, then suppose each unknown cell filled, propagate and
    undo; returns the engine, its grid as line logic left it, and the number of contradictions."""
    engine.propagate()
    after_line_logic, decided = [row[:] for row in engine.grid], len(engine.trail)
    contradictions = 0
    unknown = [(r, c) for r, row in enumerate(engine.grid) for c, v in enumerate(row) if v is None]
    for r, c in unknown:
        mark = len(engine.trail)
        engine.set_cell(r, c, 1)
        try:
            engine.propagate((r, engine.height + c))
        except Contradiction:
            contradictions += 1
        engine.undo(mark)
    assert engine.grid == after_line_logic and len(engine.trail) == decided
    return engine, contradictions


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
    small, small_contradictions = try_each_unknown(Propagator(rows, cols, memo_bytes=2_000))
    assert small.memo_size < 2_000 + 1_000 and len(small.memo) < small.solver_calls
    full, full_contradictions = try_each_unknown(Propagator(rows, cols))
    assert small.grid == full.grid and small_contradictions == full_contradictions
    assert small.line_solves == full.line_solves and small.solver_calls > full.solver_calls


def test_no_memo_stores_nothing_and_changes_nothing_but_the_calls():
    rows, cols = clues_of("webpbn-00023.non")
    without, without_contradictions = try_each_unknown(Propagator(rows, cols, memo_bytes=0))
    with_memo, contradictions = try_each_unknown(Propagator(rows, cols))
    assert without.memo == {} and without.solver_calls == without.line_solves
    assert with_memo.solver_calls < with_memo.line_solves == without.line_solves
    assert without.grid == with_memo.grid and without_contradictions == contradictions == 65


def test_trying_every_cell_of_light_is_what_lesson_8_prints():
    light, contradictions = try_each_unknown(Propagator(*clues_of("webpbn-00803.non")))
    assert (light.unknown(), contradictions) == (2_200, 306)
    assert light.solver_calls * 23 < light.line_solves < light.solver_calls * 24
    assert list(zip(light.filled, light.empty)) == masks_of(light)  # the masks follow the grid


def test_the_masks_follow_the_grid_after_every_undo():
    """propagate writes a solved line's masks at once and the crossing lines' bits one by one:
    after line logic and a try at every cell (undone each time) they still match the grid."""
    rows, cols = clues_of("webpbn-06574.non")
    for options in ({}, dict(line_solver=nonoline.solve_line)):
        engine, _ = try_each_unknown(Propagator(rows, cols, **options))
        assert engine.unknown() == 573
        assert list(zip(engine.filled, engine.empty)) == masks_of(engine)


def test_the_memo_estimate_errs_on_the_safe_side():
    """A memo entry counts ENTRY_BYTES plus its four masks: at least what emptying the memo frees
    (as tracemalloc counts it), and at most twice that."""
    rows, cols = clues_of("webpbn-00803.non")
    tracemalloc.start()
    try:
        engine, _ = try_each_unknown(Propagator(rows, cols))
        gc.collect()
        before = tracemalloc.get_traced_memory()[0]
        engine.memo.clear()
        gc.collect()
        freed = before - tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    assert engine.memo_size > 1_000_000 and freed <= engine.memo_size <= 2 * freed


@pytest.mark.parametrize("memo_bytes", [-5, "x"])
def test_a_bad_memo_size_is_named(memo_bytes):
    with pytest.raises((TypeError, ValueError), match="memo_bytes"):
        Propagator(ROWS, COLS, memo_bytes=memo_bytes)


def test_the_module_names():
    assert nonotrail.MEMO_BYTES == 16_000_000 and nonotrail.ENTRY_BYTES > 0
    assert Propagator(*DIAGONAL).next_line is nonogram2d.first_in_first_out
