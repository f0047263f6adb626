"""Tests of chapter 4: the bit-parallel line solver and its cache."""
from itertools import combinations, product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import nonofast
import nonoline
import nonovector
from nonovector import ClueError, Contradiction, line2blocks

def outcome(solver, *args, **kwargs):
    try:
        return solver(*args, **kwargs)
    except Contradiction:
        return "contradiction"


def brute_force(blocks, line):
    """Independent reference: try every layout (gap sizes by stars and bars), keep what all share."""
    blocks, cells = nonovector.normalize_clue(blocks), len(line)
    free = cells - nonovector.min_length(blocks)
    agreed = None
    for bars in combinations(range(free + len(blocks)), len(blocks)):
        # bars[i] - i spare empty cells lie before block i, so it starts at bars[i] + sum(blocks[:i])
        picture = [0] * cells
        for i, length in enumerate(blocks):
            start = bars[i] + sum(blocks[:i])
            picture[start:start + length] = [1] * length
        if any(known is not None and known != cell for known, cell in zip(line, picture)):
            continue
        agreed = picture if agreed is None else [a if a == c else None for a, c in zip(agreed, picture)]
    return "contradiction" if agreed is None else agreed


def bits_outcome(blocks, line):
    """nonofast.solve_line_bits on the line's masks, as a line (or 'contradiction')."""
    cells = len(line)
    result = outcome(nonofast.solve_line_bits, tuple(nonovector.normalize_clue(blocks)), cells,
                     *nonofast.line_to_bits(line))
    return result if result == "contradiction" else nonofast.bits_to_line(cells, *result)


@st.composite
def clue_and_line(draw, max_cells=20):
    """A clue from a random picture and a line whose known cells are drawn independently."""
    cells = draw(st.integers(0, max_cells))
    picture = draw(st.lists(st.sampled_from([0, 1]), min_size=cells, max_size=cells))
    line = draw(st.lists(st.sampled_from([None, None, None, 0, 1]), min_size=cells, max_size=cells))
    return line2blocks(picture), line


@st.composite
def clue_and_consistent_line(draw, max_cells=20):
    """A clue from a random picture, with some of the picture's own cells known."""
    cells = draw(st.integers(0, max_cells))
    picture = draw(st.lists(st.sampled_from([0, 1]), min_size=cells, max_size=cells))
    known = draw(st.lists(st.booleans(), min_size=cells, max_size=cells))
    return line2blocks(picture), picture, [c if k else None for c, k in zip(picture, known)]


# --- agreement with chapter 1 and with brute force -------------------------------------------

def test_brute_force_reference_is_right_on_small_cases():
    for cells in range(0, 7):
        for bits in product("01", repeat=cells):
            blocks = line2blocks("".join(bits))
            for line in product([None, 0, 1], repeat=cells):
                assert brute_force(blocks, list(line)) == outcome(nonoline.solve_line, blocks, list(line))


@settings(max_examples=500, deadline=None)
@given(clue_and_line())
def test_agrees_with_chapter1_and_brute_force(case):
    blocks, line = case
    expected = outcome(nonoline.solve_line, blocks, line)
    assert brute_force(blocks, line) == expected
    assert outcome(nonofast.solve_line, blocks, line, cache=False) == expected
    assert outcome(nonofast.solve_line, blocks, line) == expected  # cache miss or hit
    assert outcome(nonofast.solve_line, blocks, line) == expected  # certainly a hit
    assert bits_outcome(blocks, line) == expected
    checked = outcome(nonofast.solve_checked, nonofast.checked_clue(blocks, len(line)), tuple(line))
    assert checked == (expected if expected == "contradiction" else tuple(expected))


@settings(max_examples=300, deadline=None)
@given(clue_and_consistent_line())
def test_consistent_lines_keep_their_picture(case):
    blocks, picture, line = case
    expected = nonoline.solve_line(blocks, line)
    assert nonofast.solve_line(blocks, line) == expected == brute_force(blocks, line)
    assert nonofast.solve_line(blocks, picture) == picture


def test_exhaustive_small_lines():
    for cells in range(0, 6):
        clues = {tuple(line2blocks("".join(bits))) for bits in product("01", repeat=cells)}
        for clue in clues:
            for line in product([None, 0, 1], repeat=cells):
                expected = outcome(nonoline.solve_line, list(clue), list(line))
                assert outcome(nonofast.solve_line, list(clue), list(line), cache=False) == expected


@pytest.mark.parametrize("technique, blocks, known, deduced", nonovector.WIKIPEDIA_EXAMPLES)
def test_wikipedia_examples(technique, blocks, known, deduced):
    solved = nonofast.solve_line(blocks, nonovector.parse_line(known))
    assert nonovector.show_line(solved) == deduced


# --- edge cases --------------------------------------------------------------------------------

@pytest.mark.parametrize("blocks, line, expected", [
    ([], [], []),
    ([0], [], []),
    ([], [None, None, None], [0, 0, 0]),
    ([0], [None, None, None], [0, 0, 0]),
    ([0], [0, None, 0], [0, 0, 0]),
    ([1], [None], [1]),
    ([], [None], [0]),
    ([0], [0], [0]),
    ([1], [1], [1]),
    ([5], [None] * 5, [1] * 5),                 # a full line
    ([5], [1, None, None, None, 1], [1] * 5),
    ([2, 2], [None] * 5, [1, 1, 0, 1, 1]),       # full up to the one gap
    ([2], [None, None, None], [None, 1, None]),
    ((1,), (None, 1, None), [0, 1, 0]),          # tuples are accepted, as in chapter 1
    ([3, 1], [None, None, None, 1, None, None, None, None, 1, None],
     [0, None, None, 1, None, None, 0, 0, 1, 0]),
])
def test_edge_cases(blocks, line, expected):
    for use_cache in (False, True, True):
        assert nonofast.solve_line(blocks, line, cache=use_cache) == expected
    assert nonoline.solve_line(blocks, line) == expected


@pytest.mark.parametrize("blocks, line", [
    ([1], [0]), ([], [None, 1]), ([0], [1]), ([1, 1], [1, 1, None]), ([5], [None, None, 0, None, None]),
    ([2], [1, 0, 1]),
])
def test_contradictions(blocks, line):
    for use_cache in (False, True, True):
        with pytest.raises(Contradiction, match="no layout of"):
            nonofast.solve_line(blocks, line, cache=use_cache)


def test_result_is_a_new_list_and_the_cache_is_not_shared():
    line = [None] * 5
    first = nonofast.solve_line([5], line)
    assert first == [1] * 5 and line == [None] * 5
    first[0] = 0                                   # the caller owns its copy
    assert nonofast.solve_line([5], line) == [1] * 5


def test_generator_line_is_accepted_like_chapter1():
    assert nonofast.solve_line([1], iter([None, 1, None])) == [0, 1, 0]


# --- bad input: chapter 1's errors and messages ------------------------------------------------

@pytest.mark.parametrize("blocks, line", [
    ([1], [None, 2]), ([1], [0, "1"]), ([1], [True]), ([1], [False, None]), ([1], "0101"), ([1], 5),
    ([3, -1], [None] * 6), ([2, 0], [None] * 6), ([1.5], [None] * 3), (["2"], [None] * 3),
    ([True], [None] * 3), ("3 1", [None] * 6), (5, [None] * 6), ([5, 5], [None] * 10),
    ([-1], [None]), ([0, 0], [None]),
])
def test_bad_input_same_error_as_chapter1(blocks, line):
    with pytest.raises(ClueError) as expected:
        nonoline.solve_line(blocks, line)
    for use_cache in (False, True):
        with pytest.raises(ClueError) as error:
            nonofast.solve_line(blocks, line, cache=use_cache)
        assert str(error.value) == str(expected.value)


def test_bools_are_rejected_even_after_a_cache_hit():
    assert nonofast.solve_line([1], [1]) == [1]
    assert nonofast.solve_line([1], [1]) == [1]
    with pytest.raises(ClueError, match="cell 0"):
        nonofast.solve_line([1], [True])
    with pytest.raises(ClueError, match="not a whole number"):
        nonofast.solve_line([True], [1])


@pytest.mark.parametrize("clue, cells, filled, empty, words", [
    ((1,), -1, 0, 0, "line length"),
    ((1,), 3, 8, 0, "filled mask 8"),
    ((1,), 3, 0, -1, "empty mask -1"),
    ((1,), 3, 1, 1, "both filled and empty"),
    ((3, 1), 4, 0, 0, "needs at least 5 cells"),
    ((0, 1), 4, 0, 0, "block 1 of 2 is 0"),
])
def test_bits_door_checks_its_input(clue, cells, filled, empty, words):
    nonofast.cache_clear()
    with pytest.raises(ClueError, match=words):
        nonofast.solve_line_bits(clue, cells, filled, empty)


def test_bits_door():
    assert nonofast.solve_line_bits((2, 1), 5, 0, 0) == (0b00010, 0)
    assert nonofast.solve_line_bits([2, 1], 5, 0, 0) == (0b00010, 0)     # a list clue works too
    assert nonofast.solve_line_bits((0,), 3, 0, 0) == (0, 0b111)
    assert nonofast.solve_line_bits((), 0, 0, 0) == (0, 0)
    for _ in range(2):
        with pytest.raises(Contradiction, match=r"no layout of \[3\] fits the line \?\.\?\?"):
            nonofast.solve_line_bits((3,), 4, 0, 0b0010)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from([None, 0, 1]), max_size=40))
def test_bits_round_trip(line):
    filled, empty = nonofast.line_to_bits(line)
    assert filled & empty == 0
    assert all((filled >> i & 1) == (cell == 1) and (empty >> i & 1) == (cell == 0)
               for i, cell in enumerate(line))
    assert nonofast.bits_to_line(len(line), filled, empty) == line


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2 ** 20 - 1), st.integers(0, 2 ** 20 - 1))
def test_reach_equals_a_loop(seeds, step):
    step &= ~1  # position 0 has no predecessor
    expected = 0
    for position in range(21):
        if seeds >> position & 1 or (position and expected >> (position - 1) & 1 and step >> position & 1):
            expected |= 1 << position
    assert nonofast.reach(seeds, step) == expected


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2 ** 20 - 1), st.integers(1, 8))
def test_runs_of_equals_a_loop(mask, length):
    expected = sum(1 << s for s in range(20) if all(mask >> (s + t) & 1 for t in range(length)))
    assert nonofast.runs_of(mask, length) == expected


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2 ** 20 - 1), st.integers(1, 8))
def test_spread_equals_a_loop(starts, length):
    expected = 0
    for s in range(20):
        if starts >> s & 1:
            for t in range(length):
                expected |= 1 << (s + t)
    assert nonofast.spread(starts, length) == expected


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 40).flatmap(lambda w: st.tuples(st.just(w), st.integers(0, 2 ** w - 1))))
def test_reverse_bits(case):
    width, mask = case
    expected = sum(1 << (width - 1 - i) for i in range(width) if mask >> i & 1)
    assert nonofast.reverse_bits(mask, width) == expected


@settings(max_examples=400, deadline=None)
@given(clue_and_line(max_cells=30))
def test_line_bits_fast_equals_line_bits(case):
    blocks, line = case
    clue = tuple(nonovector.normalize_clue(blocks))
    masks = nonofast.line_to_bits(line)
    assert (outcome(nonofast.line_bits_fast, clue, len(line), *masks)
            == outcome(nonofast.line_bits, clue, len(line), *masks))


def test_line_to_bits_checks_its_input():
    with pytest.raises(ClueError, match="cell 0"):
        nonofast.line_to_bits([True, None, 1])
    assert nonofast.line_to_bits([1.0, None, 0]) == (1, 4)  # chapter 1 accepts 1.0 as 1


def test_bits_door_checks_its_input_on_a_cache_hit():
    nonofast.cache_clear()
    assert nonofast.solve_line_bits((1,), 2, 0, 0) == (0, 0)
    with pytest.raises(ClueError):
        nonofast.solve_line_bits((True,), 2, 0, 0)
    with pytest.raises(ClueError):
        nonofast.solve_line_bits((1,), 2, 0, 0b100)


def test_checked_clue_takes_the_fast_path_only_for_plain_clues():
    assert nonofast.checked_clue([2, 1], 5) == (2, 1)
    assert nonofast.checked_clue([0], 3) == ()
    assert nonofast.checked_clue((), 0) == ()
    with pytest.raises(ClueError):
        nonofast.checked_clue([2, 2], 4)
    with pytest.raises(ClueError):
        nonofast.checked_clue([1, True], 5)


def test_cache_is_bounded(monkeypatch):
    monkeypatch.setattr(nonofast, "CACHE_LIMIT", 3)
    nonofast.cache_clear()
    for cells in range(1, 10):
        nonofast.solve_line([1], [None] * cells)
        nonofast.solve_line_bits((1,), cells, 0, 0)
    assert nonofast.cache_info()["lines"] <= 3 and nonofast.cache_info()["bits"] <= 3
    nonofast.cache_clear()
    assert nonofast.cache_info() == {"bits": 0, "lines": 0}
