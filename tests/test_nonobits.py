"""Tests of lesson 6: the bitmask line solver (nonobits) and its pieces."""
from itertools import combinations, product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import nonobits
import nonoline
import nonovector
from nonocheck import ClueError
from nonovector import Contradiction, line2blocks


def outcome(solver, *args, **kwargs):
    """The solver's answer, or the word 'contradiction'."""
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


def bits_solve(blocks, line):
    """nonobits.line_bits on the line's masks, as a line (or 'contradiction')."""
    cells = len(line)
    result = outcome(nonobits.line_bits, tuple(nonovector.normalize_clue(blocks)), cells,
                     *nonobits.line_to_bits(line))
    return result if result == "contradiction" else nonobits.bits_to_line(cells, *result)


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


# Lines whose answers are known by heart: (blocks, line, solved).
EDGE_CASES = [
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
    ((1,), (None, 1, None), [0, 1, 0]),          # tuples are accepted, as in lesson 2
    ([3, 1], [None, None, None, 1, None, None, None, None, 1, None],
     [0, None, None, 1, None, None, 0, 0, 1, 0]),
]

# Lines that no layout fits: (blocks, line).
CONTRADICTIONS = [
    ([1], [0]), ([], [None, 1]), ([0], [1]), ([1, 1], [1, 1, None]), ([5], [None, None, 0, None, None]),
    ([2], [1, 0, 1]),
]


# --- agreement with lesson 2 and with brute force ---------------------------------------------

def test_brute_force_reference_is_right_on_small_cases():
    for cells in range(0, 7):
        for blocks in nonovector.all_clues(cells):
            for line in product([None, 0, 1], repeat=cells):
                assert brute_force(blocks, list(line)) == outcome(nonoline.solve_line, blocks, list(line))


@settings(max_examples=500, deadline=None)
@given(clue_and_line())
def test_line_bits_agrees_with_lesson2_and_brute_force(case):
    blocks, line = case
    expected = outcome(nonoline.solve_line, blocks, line)
    assert brute_force(blocks, line) == expected
    assert bits_solve(blocks, line) == expected


@settings(max_examples=300, deadline=None)
@given(clue_and_consistent_line())
def test_consistent_lines_keep_their_picture(case):
    blocks, picture, line = case
    assert bits_solve(blocks, line) == nonoline.solve_line(blocks, line) == brute_force(blocks, line)
    assert bits_solve(blocks, picture) == picture


def test_exhaustive_small_lines():
    for cells in range(0, 6):
        for clue in nonovector.all_clues(cells):
            for line in product([None, 0, 1], repeat=cells):
                assert bits_solve(clue, list(line)) == outcome(nonoline.solve_line, list(clue), list(line))


@pytest.mark.parametrize("technique, blocks, known, deduced", nonovector.WIKIPEDIA_EXAMPLES)
def test_wikipedia_examples(technique, blocks, known, deduced):
    assert nonovector.show_line(bits_solve(blocks, nonovector.parse_line(known))) == deduced


@pytest.mark.parametrize("blocks, line, expected", EDGE_CASES)
def test_edge_cases(blocks, line, expected):
    assert bits_solve(blocks, line) == expected


@pytest.mark.parametrize("blocks, line", CONTRADICTIONS)
def test_contradictions_have_lesson2s_message(blocks, line):
    clue = tuple(nonovector.normalize_clue(blocks))
    with pytest.raises(Contradiction) as expected:
        nonoline.solve_line(blocks, line)
    with pytest.raises(Contradiction, match="no layout of") as error:
        nonobits.line_bits(clue, len(line), *nonobits.line_to_bits(line))
    assert str(error.value) == str(expected.value)


# --- the pieces ---------------------------------------------------------------------------------

@settings(max_examples=200, deadline=None)
@given(clue_and_line(max_cells=12))
def test_forward_and_backward_are_lesson2s_tables(case):
    """Bit i of before[j] / after[j] is lesson 2's before[j][i] / after[j][i]."""
    blocks, line = case
    clue, cells = tuple(nonovector.normalize_clue(blocks)), len(line)
    masks = nonobits.line_to_bits(line)
    before, starts = nonobits.forward(clue, cells, *masks)
    after = nonobits.backward(clue, cells, *masks)
    prefix, suffix = nonoline.prefix_table(list(clue), line), nonoline.suffix_table(list(clue), line)
    assert len(before) == len(after) == len(starts) + 1 == len(clue) + 1
    for j in range(len(clue) + 1):
        assert [bool(before[j] >> i & 1) for i in range(cells + 1)] == prefix[j]
        assert [bool(after[j] >> i & 1) for i in range(cells + 1)] == suffix[j]


def test_forward_pass_of_the_lesson():
    line = nonovector.parse_line("?#.??#?")
    before, starts = nonobits.forward((2, 1), 7, *nonobits.line_to_bits(line))
    assert [nonobits.show_bits(b, 8) for b in before] == ["11000000", "00111100", "00001111"]
    assert [nonobits.show_bits(s, 7) for s in starts] == ["1000000", "0001110"]
    assert nonobits.bits_to_line(7, *nonobits.line_bits((2, 1), 7, *nonobits.line_to_bits(line))) \
        == nonovector.parse_line("##...#.")


def test_traces_print_the_lessons_masks(capsys):
    line = nonovector.parse_line("?#.??#?")
    nonobits.trace_forward([2, 1], line)
    rows = [row.rsplit(maxsplit=1) for row in capsys.readouterr().out.splitlines()[1:-1]]
    assert [(name.strip(), mask) for name, mask in rows] == [
        ("line", "?#.??#?"), ("before[0]", "11000000"), ("starts[0]", "1000000"),
        ("before[1]", "00111100"), ("starts[1]", "0001110"), ("before[2]", "00001111")]
    nonobits.trace_forward([3, 1], line)
    assert capsys.readouterr().out.splitlines()[-1] == "contradiction"
    nonobits.trace_backward((2, 1), line)
    rows = [row.rsplit(maxsplit=1) for row in capsys.readouterr().out.splitlines()[1:]]
    assert [(name.strip(), mask) for name, mask in rows] == [
        ("line", "?#.??#?"), ("after[0]", "10000000"), ("after[1]", "00111110"),
        ("after[2]", "00000011"), ("good starts[0]", "1000000"), ("good starts[1]", "0000010"),
        ("answer", "##...#.")]


def layouts(blocks, line):
    """Every layout of `blocks` that fits `line`, as the tuple of its blocks' starts (brute force)."""
    cells, found = len(line), []
    for starts in combinations(range(cells), len(blocks)):
        picture = [0] * cells
        for start, length in zip(starts, blocks):
            picture[start:start + length] = [1] * length
        if (len(picture) == cells and line2blocks(picture) == list(blocks)
                and all(known is None or known == cell for known, cell in zip(line, picture))):
            found.append(starts)
    return found


@settings(max_examples=200, deadline=None)
@given(clue_and_consistent_line(max_cells=12))
def test_good_starts_are_the_starts_of_some_layout(case):
    """Bit s of good_starts(...)[j] is set exactly when some layout that fits puts block j at s."""
    blocks, _, line = case
    clue, cells = tuple(b for b in blocks if b), len(line)
    filled, empty = nonobits.line_to_bits(line)
    _, starts = nonobits.forward(clue, cells, filled, empty)
    after = nonobits.backward(clue, cells, filled, empty)
    good = nonobits.good_starts(clue, starts, after, ((1 << cells) - 1) & ~filled)
    found = layouts(clue, line)
    assert found  # the line comes from a picture of the clue
    assert good == [sum(1 << s for s in {layout[j] for layout in found}) for j in range(len(clue))]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from([None, 0, 1]), max_size=40))
def test_bits_round_trip(line):
    filled, empty = nonobits.line_to_bits(line)
    assert filled & empty == 0
    assert all((filled >> i & 1) == (cell == 1) and (empty >> i & 1) == (cell == 0)
               for i, cell in enumerate(line))
    assert nonobits.bits_to_line(len(line), filled, empty) == line
    assert nonobits.cells_to_bits(tuple(line)) == (filled, empty)


def test_show_masks_numbers_as_many_columns_as_the_widest_mask(capsys):
    """Cell masks get a header of the cells (0..6); a position mask one more (0..7)."""
    line = nonovector.parse_line("?#.??#?")
    nonobits.show_masks(line, [("filled", 34, 7)])
    assert capsys.readouterr().out.splitlines() == [
        " " * 19 + "0123456", " " * 13 + "line  ?#.??#?", " " * 11 + "filled  0100010"]
    nonobits.show_masks(line, [("filled", 34, 7), ("step", 0b10111010, 8)])
    assert capsys.readouterr().out.splitlines()[0].split() == ["01234567"]
    nonobits.show_masks([None] * 3, [])
    assert capsys.readouterr().out.splitlines()[0].split() == ["012"]


def test_show_bits_is_in_line_order():
    assert nonobits.show_bits(0b0011, 6) == "110000"
    assert nonobits.show_bits(0, 0) == ""


def test_line_to_bits_checks_its_input():
    with pytest.raises(ClueError, match="cell 0"):
        nonobits.line_to_bits([True, None, 1])
    assert nonobits.line_to_bits([1.0, None, 0]) == (1, 4)  # lesson 2 accepts 1.0 as 1


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2 ** 20 - 1), st.integers(0, 2 ** 20 - 1))
def test_reach_equals_a_loop(seeds, step):
    step &= ~1  # position 0 has no predecessor
    expected = 0
    for position in range(21):
        if seeds >> position & 1 or (position and expected >> (position - 1) & 1 and step >> position & 1):
            expected |= 1 << position
    assert nonobits.reach(seeds, step) == expected


def test_reach_needs_its_repair_when_two_seeds_share_a_run():
    """The lesson's example: seeds 0, 3, 4 on ?#.??#? reach 0, 1, 3, 4 and 5."""
    step = 0b10111010  # positions 1, 3, 4, 5, 7 (cells 0, 2, 3, 4, 6 may be empty)
    assert nonobits.show_bits(nonobits.reach(0b11001, step), 8) == "11011100"


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2 ** 20 - 1), st.integers(1, 8))
def test_runs_of_equals_a_loop(mask, length):
    expected = sum(1 << s for s in range(20) if all(mask >> (s + t) & 1 for t in range(length)))
    assert nonobits.runs_of(mask, length) == expected


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2 ** 20 - 1), st.integers(1, 8))
def test_spread_equals_a_loop(starts, length):
    expected = 0
    for s in range(20):
        if starts >> s & 1:
            for t in range(length):
                expected |= 1 << (s + t)
    assert nonobits.spread(starts, length) == expected


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 40).flatmap(lambda w: st.tuples(st.just(w), st.integers(0, 2 ** w - 1))))
def test_reverse_bits(case):
    width, mask = case
    expected = sum(1 << (width - 1 - i) for i in range(width) if mask >> i & 1)
    assert nonobits.reverse_bits(mask, width) == expected
