"""Tests of lesson 9: probing on the trail, the two skips, and their agreement with lesson 4's
engine; the memo and the masks under probing."""
import pytest

import nonofast
import nonoline
import nonoprobe
from nonogram2d import pic2gram
from nonoprobe import random_picture
from nonoprober import Prober
from nonovector import Contradiction

from test_nonogram2d import DIAGONAL, satisfies
from test_nonotrail import clues_of, masks_of


def root(engine):
    """Line logic and probing at the root of a Prober; returns the engine."""
    engine.propagate()
    engine.probe_all()
    return engine


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


def test_memo_is_emptied_at_its_size_bound_while_probing():
    rows, cols = pic2gram(random_picture(30, 30, 0.5, seed=3))
    small = root(Prober(rows, cols, memo_bytes=2_000))
    assert small.memo_size < 2_000 + 1_000 and len(small.memo) < small.solver_calls
    assert small.grid == root(Prober(rows, cols)).grid



def test_no_memo_changes_nothing_but_the_calls_while_probing():
    rows, cols = clues_of("webpbn-00023.non")
    without, with_memo = root(Prober(rows, cols, memo_bytes=0)), root(Prober(rows, cols))
    assert without.memo == {} and without.solver_calls == without.line_solves
    assert with_memo.solver_calls < with_memo.line_solves == without.line_solves
    assert without.grid == with_memo.grid and without.probes == with_memo.probes


def test_the_masks_follow_the_grid_after_probing():
    """propagate writes a solved line's masks at once and the crossing lines' bits one by one:
    after line logic and probing (with undo after every probe) they still match the grid."""
    rows, cols = clues_of("webpbn-06574.non")
    for options in ({}, dict(line_solver=nonoline.solve_line)):
        engine = root(Prober(rows, cols, **options))
        assert engine.unknown() == 440
        assert list(zip(engine.filled, engine.empty)) == masks_of(engine)


def test_the_module_names():
    assert Prober(*DIAGONAL).probe_order is nonoprobe.most_known_neighbours
    assert Prober(*DIAGONAL).skip_unchanged and not Prober(*DIAGONAL).skip_implied
