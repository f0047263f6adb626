"""Tests of lesson 7: the inlined bit solver (line_bits_fast), its cache and its entry points."""
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import nonobits
import nonofast
import nonoline
import nonovector
from nonocheck import ClueError
from nonovector import Contradiction
from test_nonobits import CONTRADICTIONS, EDGE_CASES, clue_and_consistent_line, clue_and_line, outcome


def bits_outcome(blocks, line):
    """nonofast.solve_line_bits on the line's masks, as a line (or 'contradiction')."""
    cells = len(line)
    result = outcome(nonofast.solve_line_bits, tuple(nonovector.normalize_clue(blocks)), cells,
                     *nonofast.line_to_bits(line))
    return result if result == "contradiction" else nonofast.bits_to_line(cells, *result)


def test_the_names_other_modules_use_are_still_here():
    """Lesson 6's pieces stay importable from nonofast, as they were before the split."""
    for name in ("line_to_bits", "cells_to_bits", "bits_to_line", "reach", "runs_of", "spread",
                 "reverse_bits", "line_bits"):
        assert getattr(nonofast, name) is getattr(nonobits, name)
    for name in ("solve_line", "solve_line_bits", "solve_checked", "checked_clue", "line_bits_fast",
                 "cache_clear", "cache_info"):
        assert callable(getattr(nonofast, name))


# --- agreement: every entry point, lesson 2, and lesson 6's line_bits ------------------------------------

@settings(max_examples=500, deadline=None)
@given(clue_and_line())
def test_every_entry_point_agrees_with_lesson2(case):
    blocks, line = case
    expected = outcome(nonoline.solve_line, blocks, line)
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
    assert nonofast.solve_line(blocks, line) == nonoline.solve_line(blocks, line)
    assert nonofast.solve_line(blocks, picture) == picture


@settings(max_examples=400, deadline=None)
@given(clue_and_line(max_cells=30))
def test_line_bits_fast_equals_line_bits(case):
    blocks, line = case
    clue = tuple(nonovector.normalize_clue(blocks))
    masks = nonofast.line_to_bits(line)
    assert (outcome(nonofast.line_bits_fast, clue, len(line), *masks)
            == outcome(nonobits.line_bits, clue, len(line), *masks))


@pytest.mark.parametrize("cells", [7, 8, 9, 15, 16, 17, 31, 32, 33, 100])
def test_line_bits_fast_across_byte_boundaries(cells):
    """The byte-wise mirror pads to whole bytes: lines of every remainder mod 8 agree."""
    alternate = [None, 0] * (cells // 2) + [None] * (cells % 2)
    for known in ([None] * cells, [1] + [None] * (cells - 2) + [0], alternate):
        for clue in ((1,), (2, 1), (cells // 3,), (1,) * ((cells + 1) // 2)):
            masks = nonofast.line_to_bits(known)
            assert (outcome(nonofast.line_bits_fast, clue, cells, *masks)
                    == outcome(nonobits.line_bits, clue, cells, *masks))


def test_exhaustive_small_lines():
    for cells in range(0, 6):
        for clue in nonovector.all_clues(cells):
            for line in product([None, 0, 1], repeat=cells):
                expected = outcome(nonoline.solve_line, list(clue), list(line))
                assert outcome(nonofast.solve_line, list(clue), list(line), cache=False) == expected


@pytest.mark.parametrize("technique, blocks, known, deduced", nonovector.WIKIPEDIA_EXAMPLES)
def test_wikipedia_examples(technique, blocks, known, deduced):
    solved = nonofast.solve_line(blocks, nonovector.parse_line(known))
    assert nonovector.show_line(solved) == deduced


# --- edge cases --------------------------------------------------------------------------------

@pytest.mark.parametrize("blocks, line, expected", EDGE_CASES)
def test_edge_cases(blocks, line, expected):
    for use_cache in (False, True, True):
        assert nonofast.solve_line(blocks, line, cache=use_cache) == expected
    assert nonoline.solve_line(blocks, line) == expected


@pytest.mark.parametrize("blocks, line", CONTRADICTIONS)
def test_contradictions(blocks, line):
    with pytest.raises(Contradiction) as expected:
        nonoline.solve_line(blocks, line)
    for use_cache in (False, True, True):
        with pytest.raises(Contradiction, match="no layout of") as error:
            nonofast.solve_line(blocks, line, cache=use_cache)
        assert str(error.value) == str(expected.value)


def test_result_is_a_new_list_and_the_cache_is_not_shared():
    line = [None] * 5
    first = nonofast.solve_line([5], line)
    assert first == [1] * 5 and line == [None] * 5
    first[0] = 0                                   # the caller owns its copy
    assert nonofast.solve_line([5], line) == [1] * 5


def test_generator_line_is_accepted_like_lesson2():
    assert nonofast.solve_line([1], iter([None, 1, None])) == [0, 1, 0]


# --- bad input: lesson 2's errors and messages -------------------------------------------------

@pytest.mark.parametrize("blocks, line", [
    ([1], [None, 2]), ([1], [0, "1"]), ([1], [True]), ([1], [False, None]), ([1], "0101"), ([1], 5),
    ([3, -1], [None] * 6), ([2, 0], [None] * 6), ([1.5], [None] * 3), (["2"], [None] * 3),
    ([True], [None] * 3), ("3 1", [None] * 6), (5, [None] * 6), ([5, 5], [None] * 10),
    ([-1], [None]), ([0, 0], [None]),
])
def test_bad_input_same_error_as_lesson2(blocks, line):
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
def test_the_bits_entry_point_checks_its_input(clue, cells, filled, empty, words):
    nonofast.cache_clear()
    with pytest.raises(ClueError, match=words):
        nonofast.solve_line_bits(clue, cells, filled, empty)


def test_the_bits_entry_point():
    assert nonofast.solve_line_bits((2, 1), 5, 0, 0) == (0b00010, 0)
    assert nonofast.solve_line_bits([2, 1], 5, 0, 0) == (0b00010, 0)     # a list clue works too
    assert nonofast.solve_line_bits((0,), 3, 0, 0) == (0, 0b111)
    assert nonofast.solve_line_bits((), 0, 0, 0) == (0, 0)
    for _ in range(2):
        with pytest.raises(Contradiction, match=r"no layout of \[3\] fits the line \?\.\?\?"):
            nonofast.solve_line_bits((3,), 4, 0, 0b0010)


def test_the_bits_entry_point_checks_its_input_on_a_cache_hit():
    nonofast.cache_clear()
    assert nonofast.solve_line_bits((1,), 2, 0, 0) == (0, 0)
    with pytest.raises(ClueError):
        nonofast.solve_line_bits((True,), 2, 0, 0)
    with pytest.raises(ClueError):
        nonofast.solve_line_bits((1,), 2, 0, 0b100)


def test_byte_table_reverses_every_byte():
    assert len(nonofast.REVERSED_BYTE) == 256
    assert all(nonofast.REVERSED_BYTE[b] == nonobits.reverse_bits(b, 8) for b in range(256))


@pytest.mark.parametrize("clue", [(), (1,), (2, 1)])
def test_an_empty_line_needs_no_special_case(clue):
    """line_bits_fast on a line of 0 cells: no blocks fit it, any block is a contradiction with
    lesson 6's message."""
    expected = "contradiction" if clue else (0, 0)
    assert outcome(nonofast.line_bits_fast, clue, 0, 0, 0) == expected
    if clue:
        with pytest.raises(Contradiction) as fast:
            nonofast.line_bits_fast(clue, 0, 0, 0)
        with pytest.raises(Contradiction) as readable:
            nonobits.line_bits(clue, 0, 0, 0)
        assert str(fast.value) == str(readable.value) == f"no layout of {list(clue)} fits the line "


# --- the cache ---------------------------------------------------------------------------------

def test_the_cache_answers_a_question_asked_before():
    nonofast.cache_clear()
    nonofast.solve_line([2], [None] * 3)
    nonofast.solve_line([2], [None] * 3)
    nonofast.solve_line([2], [None, None, 1])
    nonofast.solve_line_bits((2,), 3, 0, 0)
    assert nonofast.cache_info() == {"bits": 1, "lines": 2}
    with pytest.raises(Contradiction):
        nonofast.solve_line([3], [None, 0, None])
    assert nonofast.cache_info() == {"bits": 1, "lines": 3}    # contradictions are remembered too
    nonofast.solve_line([2], [None] * 4, cache=False)
    assert nonofast.cache_info() == {"bits": 1, "lines": 3}    # cache=False leaves it alone


def test_cache_is_bounded(monkeypatch):
    monkeypatch.setattr(nonofast, "CACHE_LIMIT", 3)
    nonofast.cache_clear()
    for cells in range(1, 10):
        nonofast.solve_line([1], [None] * cells)
        nonofast.solve_line_bits((1,), cells, 0, 0)
    assert nonofast.cache_info()["lines"] <= 3 and nonofast.cache_info()["bits"] <= 3
    nonofast.cache_clear()
    assert nonofast.cache_info() == {"bits": 0, "lines": 0}


# --- lesson 7's stored table (nonobench) -------------------------------------------------------

def test_the_stored_line_speeds_table(tmp_path, capsys):
    """print_line_speeds prints the rows of LINE_SPEEDS that speed.csv holds, in its order, with
    each rate over lesson 2's, and returns the rates by the lesson's names."""
    import nonobench
    (tmp_path / "speed.csv").write_text(
        "solver,lines,seconds,lines_per_second,ratio\n"
        "enumeration: newforces(nonovector(...)),1,1,50,1\n"
        "lesson 2 DP: nonoline.solve_line,1,1,100,2\n"
        "\"nonofast.solve_line, no cache\",1,1,800,16\n"
        "\"nonofast.line_bits_fast (bitmasks), no cache\",1,1,1500,30\n")
    rates = nonobench.print_line_speeds(tmp_path)
    assert rates == {"solve_line (lesson 2)": 100.0, "solve_line, no cache": 800.0,
                     "line_bits_fast": 1500.0}
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["solver", "lines/s", "x", "lesson", "2"]
    assert lines[2].split()[-2:] == ["800", "8.0"] and lines[3].split()[-1] == "15.0"
    assert set(nonobench.LINE_SPEEDS) <= {row["solver"] for row in nonobench.read_rows("speed.csv")}
