"""Tests of lesson 2 (nonoline): the DP line solver, against lesson 1's enumeration."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nonoline import (can_be_empty, fitting_positions, prefix_table, show_table, solve_line,
                      suffix_table)
from nonovector import Contradiction, line2blocks, parse_line, solve_line_by_enumeration


# --- the DP line solver ----------------------------------------------------------------------

def test_solve_line_returns_new_list():
    line = [None] * 5
    result = solve_line([5], line)
    assert result == [1] * 5 and line == [None] * 5


def test_solve_line_edge_cases():
    assert solve_line([], []) == []
    assert solve_line([1], [None]) == [1]
    assert solve_line([], [None]) == [0]
    assert solve_line([2], [None, None, None]) == [None, 1, None]
    assert solve_line((1,), (None, 1, None)) == [0, 1, 0]
    with pytest.raises(Contradiction):
        solve_line([1], [0])
    with pytest.raises(Contradiction):
        solve_line([], [None, 1])
    with pytest.raises(Contradiction):
        solve_line([1, 1], [1, 1, None])


def test_the_worked_example_tables_and_positions(capsys):
    line = parse_line("?#.??")
    before, after = prefix_table([2, 1], line), suffix_table([2, 1], line)
    assert before[1][2] and before[2][5] and not after[0][1]
    assert can_be_empty(line, before, after) == [False, False, True, True, True]
    assert list(fitting_positions([2, 1], line, before, after)) == [(0, 0, 2), (1, 3, 4), (1, 4, 5)]
    show_table(before, "before")
    assert capsys.readouterr().out.splitlines() == [
        " before[j][i]  i=0 1 2 3 4 5",
        "          j=0    T T . . . .",
        "          j=1    . . T T T T",
        "          j=2    . . . . T T"]


def test_the_left_edge_rules():
    # before: a block that starts at cell 0 is the first (j == 1, the block counted);
    # fitting_positions: a block at cell 0 has no block before it (j == 0).
    line = [None] * 3
    before, after = prefix_table([1, 1], line), suffix_table([1, 1], line)
    assert before[1][1] and not before[2][1]
    assert [p for p in fitting_positions([1, 1], line, before, after) if p[1] == 0] == [(0, 0, 1)]


def outcome(solver, blocks, line):
    try:
        return solver(blocks, line)
    except Contradiction:
        return "contradiction"


@st.composite
def clue_and_line(draw):
    """A clue from a random picture of up to 14 cells, and a line with random known cells.

    Known cells are drawn independently of the picture, so many lines are contradictions.
    """
    cells = draw(st.integers(0, 14))
    picture = draw(st.lists(st.sampled_from("01"), min_size=cells, max_size=cells))
    line = draw(st.lists(st.sampled_from([None, None, 0, 1]), min_size=cells, max_size=cells))
    return line2blocks(picture), line


@st.composite
def clue_and_consistent_line(draw):
    """A clue from a random picture, with some of the picture's own cells known."""
    cells = draw(st.integers(0, 14))
    picture = draw(st.lists(st.sampled_from([0, 1]), min_size=cells, max_size=cells))
    known = draw(st.lists(st.booleans(), min_size=cells, max_size=cells))
    return line2blocks(picture), picture, [c if k else None for c, k in zip(picture, known)]


@settings(max_examples=400, deadline=None)
@given(clue_and_line())
def test_dp_agrees_with_enumeration(case):
    blocks, line = case
    assert outcome(solve_line, blocks, line) == outcome(solve_line_by_enumeration, blocks, line)


@settings(max_examples=300, deadline=None)
@given(clue_and_consistent_line())
def test_dp_keeps_the_picture_possible(case):
    blocks, picture, line = case
    result = solve_line(blocks, line)
    for known, solved, true in zip(line, result, picture):
        assert solved in (None, true)        # never contradicts the picture it came from
        assert known is None or solved == known  # never forgets what was known
    assert solve_line(blocks, picture) == picture


@settings(max_examples=200, deadline=None)
@given(clue_and_line())
def test_dp_is_idempotent(case):
    blocks, line = case
    once = outcome(solve_line, blocks, line)
    if once != "contradiction":
        assert solve_line(blocks, once) == once


