"""Tests of nonocheck's section for the bit solver's doors: checked_clue and check_bits."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nonocheck import ClueError, check_bits, checked_clue, normalize_clue


def test_checked_clue_takes_the_fast_path_only_for_plain_clues():
    assert checked_clue([2, 1], 5) == (2, 1)
    assert checked_clue((2, 1), 4) == (2, 1)
    assert checked_clue([0], 3) == ()
    assert checked_clue((), 0) == ()
    assert checked_clue(iter([1, 1]), 3) == (1, 1)   # not a list: normalize_clue's way
    with pytest.raises(ClueError, match="needs at least 5 cells"):
        checked_clue([2, 2], 4)
    with pytest.raises(ClueError, match="not a whole number"):
        checked_clue([1, True], 5)


@pytest.mark.parametrize("blocks, cells", [
    ([3, -1], 6), ([2, 0], 6), ([1.5], 3), (["2"], 3), ([True], 3), ("3 1", 6), (5, 6), ([5, 5], 10),
    ([-1], 1), ([0, 0], 1),
])
def test_checked_clue_fails_as_normalize_clue_does(blocks, cells):
    with pytest.raises(ClueError) as expected:
        normalize_clue(blocks, cells)
    with pytest.raises(ClueError) as error:
        checked_clue(blocks, cells)
    assert str(error.value) == str(expected.value)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 6), max_size=5), st.integers(0, 20))
def test_checked_clue_is_normalize_clue_as_a_tuple(blocks, cells):
    try:
        expected = tuple(normalize_clue(blocks, cells))
    except ClueError:
        with pytest.raises(ClueError):
            checked_clue(blocks, cells)
    else:
        assert checked_clue(blocks, cells) == expected


@pytest.mark.parametrize("clue, cells, filled, empty, words", [
    ((1,), -1, 0, 0, "line length -1"),
    ((1,), True, 0, 0, "line length True"),
    ((1,), 2.0, 0, 0, "line length 2.0"),
    ((1,), 3, 8, 0, "filled mask 8"),
    ((1,), 3, 0, -1, "empty mask -1"),
    ((1,), 3, False, 0, "filled mask False"),
    ((1,), 3, 0, 1.0, "empty mask 1.0"),
    ((1,), 3, 0b101, 0b100, r"cells \[2\] are marked both filled and empty"),
    ((1,), 4, 0b1011, 0b1010, r"cells \[1, 3\] are marked both filled and empty"),
    ((3, 1), 4, 0, 0, "needs at least 5 cells"),
    ((0, 1), 4, 0, 0, "block 1 of 2 is 0"),
])
def test_check_bits_names_the_fault(clue, cells, filled, empty, words):
    with pytest.raises(ClueError, match=words):
        check_bits(clue, cells, filled, empty)


def test_check_bits_returns_the_clue():
    assert check_bits([2, 1], 5, 0b00010, 0b00100) == (2, 1)
    assert check_bits((0,), 3, 0, 0b111) == ()
    assert check_bits((), 0, 0, 0) == ()
