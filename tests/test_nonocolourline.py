"""Tests of lesson 13 (nonocolourline): colour clues, pictures as text, and the three colour line
solvers (by listing layouts, by the before/after tables, on bitmasks), which must agree."""
import random
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import nonocolourline
import nonodraw
from nonocheck import PuzzleError, random_colour_lines, solver_answers
from nonocolourline import (MUSHROOM, cells_to_masks, colour_clue, colour_clues, colour_layouts,
                            fast_cells_to_masks, fast_masks_to_cells, masks_to_cells, show_cells,
                            solve_colour_line, solve_colour_line_fast, solve_line_by_layouts,
                            text_picture)
from nonovector import Contradiction


def answer(solver, clue, cells):
    """A solver's answer as a tuple of cell sets, or 'contradiction'."""
    try:
        return tuple(solver(clue, cells))
    except Contradiction:
        return "contradiction"


def every_clue(cells, colours):
    """Every clue of a line of `cells` cells in `colours` colours (the background not counted)."""
    return sorted({tuple(colour_clue(line)) for line in product(range(colours + 1), repeat=cells)})


# --- clues and pictures ----------------------------------------------------------------------

def test_colour_clue_counts_runs_and_lets_different_colours_touch():
    assert colour_clue([0, 1, 1, 2, 0, 2, 2, 1]) == [(2, 1), (1, 2), (2, 2), (1, 1)]
    assert colour_clue([0, 0]) == [] and colour_clue([]) == []


def test_colour_clues_of_a_picture_and_its_columns():
    rows, cols = colour_clues([[1, 2], [0, 2]])
    assert rows == [[(1, 1), (1, 2)], [(1, 2)]] and cols == [[(1, 1)], [(2, 2)]]
    with pytest.raises(PuzzleError, match="row 1 of the picture has 1 cells"):
        colour_clues([[1, 2], [0]])


def test_text_picture_reads_characters_as_colour_numbers():
    assert text_picture("\n  .r\n\n  kr  \n", ".rk") == [[0, 1], [2, 1]]
    with pytest.raises(PuzzleError, match="row 1 of the picture has 'x'"):
        text_picture(".r\nxr", ".rk")
    with pytest.raises(PuzzleError, match="distinct characters"):
        text_picture(".r", ".rr")


def test_the_mushroom_is_the_picture_the_lesson_describes():
    assert len(MUSHROOM) == 7 and all(len(row) == 8 for row in MUSHROOM)
    rows, _ = colour_clues(MUSHROOM)
    assert rows[1] == [(2, 1), (1, 3), (3, 1)]  # red and the white spot touch
    assert len(nonocolourline.MUSHROOM_RGB) == 1 + max(max(row) for row in MUSHROOM)


def test_show_cells_prints_decided_unknown_and_partial_cells():
    assert show_cells([0b010, 0b111, 0b101], ".rb") == "r?[.b]"
    assert nonocolourline.show_cells is nonodraw.show_cells  # (it lives in nonodraw)


# --- the line solvers --------------------------------------------------------------------------

def test_layouts_are_exactly_the_lines_with_the_clue():
    for cells in range(6):
        for clue in every_clue(cells, 2):
            layouts = list(colour_layouts(list(clue), cells))
            expected = [list(line) for line in product(range(3), repeat=cells)
                        if tuple(colour_clue(line)) == clue]
            assert sorted(layouts) == sorted(expected)


def test_the_lesson_s_examples_learn_what_it_says():
    unknown = 0b111
    assert show_cells(solve_line_by_layouts([(1, 1), (1, 2)], [unknown] * 4), ".rb") == "[.r]??[.b]"
    assert show_cells(solve_line_by_layouts([(1, 1), (1, 2)], [0b101] + [unknown] * 3),
                      ".rb") == ".[.r]?[.b]"
    assert show_cells(solve_line_by_layouts([(2, 1)], [unknown, 0b110, unknown, unknown]),
                      ".rb") == "[.r]r[.r]."


@pytest.mark.parametrize("cells,colours", [(0, 1), (1, 3), (2, 3), (3, 3), (4, 2)])
def test_the_three_line_solvers_agree_on_every_small_line(cells, colours):
    """Exhaustive: every clue that fits, every combination of cell sets (contradictions too)."""
    states = list(product(range(1, 1 << (colours + 1)), repeat=cells))
    for clue in every_clue(cells, colours):
        for state in states:
            expected = answer(solve_line_by_layouts, list(clue), list(state))
            assert answer(solve_colour_line, list(clue), list(state)) == expected, (clue, state)
            assert answer(solve_colour_line_fast, clue, list(state)) == expected, (clue, state)


@st.composite
def colour_lines(draw):
    colours = draw(st.integers(1, 9))
    cells = draw(st.integers(0, 14))
    picture = draw(st.lists(st.integers(0, colours), min_size=cells, max_size=cells))
    state = [draw(st.integers(1, (1 << (colours + 1)) - 1)) | (1 << colour) * draw(st.booleans())
             for colour in picture]
    return colour_clue(picture), state


@settings(max_examples=400, deadline=None)
@given(colour_lines())
def test_the_solvers_agree_on_random_lines(line):
    clue, cells = line
    expected = answer(solve_line_by_layouts, clue, cells)
    assert answer(solve_colour_line, clue, cells) == expected
    assert answer(solve_colour_line_fast, tuple(clue), cells) == expected


def test_a_line_that_holds_its_picture_keeps_it_possible():
    rng = random.Random(3)
    for _ in range(300):
        picture = [rng.randrange(4) for _ in range(rng.randint(1, 30))]
        cells = [rng.randrange(1, 16) | 1 << colour for colour in picture]
        result = solve_colour_line_fast(tuple(colour_clue(picture)), cells)
        assert all(cell >> colour & 1 for cell, colour in zip(result, picture))
        assert all(new & ~old == 0 for new, old in zip(result, cells))  # only ever narrows


def test_the_byte_tables_convert_as_the_plain_conversions():
    lines = [list(cells) for cells in product(range(1, 8), repeat=4)]  # every line of 4 cells
    for cells in lines:
        masks = cells_to_masks(cells, 3)
        assert fast_cells_to_masks(cells, 3) == masks
        assert fast_masks_to_cells(masks, 4) == masks_to_cells(masks, 4) == tuple(cells)
    assert cells_to_masks([0b010, 0b111, 0b101], 3) == [0b110, 0b011, 0b110]  # the lesson's line
    assert fast_cells_to_masks([], 2) == [0, 0] and fast_masks_to_cells([0, 0], 0) == ()


def test_the_lesson_s_random_check_finds_agreement_and_contradictions():
    samples = [(colour_clue(picture), cells) for picture, cells in random_colour_lines(300, seed=8)]
    expected = solver_answers(solve_line_by_layouts, samples)
    assert 0 < expected.count("contradiction") < len(samples)
    assert solver_answers(solve_colour_line, samples) == expected
    assert solver_answers(solve_colour_line_fast, [(tuple(c), s) for c, s in samples]) == expected
    with pytest.raises(PuzzleError):  # a malformed line is not a contradiction
        solver_answers(solve_colour_line, [([(1, 1), (1, 1)], [1, 3])])


def test_the_speed_the_lesson_reads_is_of_lines_of_100_cells():
    from nonobench import read_rows
    rows = read_rows("colour-lines.csv")[-3:]
    assert [row["cells"] for row in rows] == ["100"] * 3
    assert all(int(row["bitmask_lines_per_second"]) > int(row["dp_lines_per_second"])
               for row in rows)


def test_more_than_eight_colours_take_the_slow_conversions():
    picture = [9, 9, 0, 3, 10, 10, 1]
    clue, cells = tuple(colour_clue(picture)), [(1 << 11) - 1] * len(picture)
    assert solve_colour_line_fast(clue, cells) == tuple(solve_line_by_layouts(list(clue), cells))


def test_the_fast_solver_remembers_contradictions_and_empties_its_cache(monkeypatch):
    monkeypatch.setattr(nonocolourline, "CACHE_LIMIT", 2)
    nonocolourline._cache.clear()
    with pytest.raises(Contradiction):
        solve_colour_line_fast(((2, 1),), [0b11, 0b01, 0b11])
    [remembered] = nonocolourline._cache.values()
    assert isinstance(remembered, str)  # a contradiction is remembered as its message
    with pytest.raises(Contradiction, match="no layout"):  # and raised again from the cache
        solve_colour_line_fast(((2, 1),), [0b11, 0b01, 0b11])
    assert solve_colour_line_fast(((1, 1),), [0b11, 0b10]) == (1, 2)
    assert len(nonocolourline._cache) == 2
    solve_colour_line_fast(((1, 1),), [0b11, 0b11, 0b11])  # a third line: the cache is emptied
    assert len(nonocolourline._cache) == 1


def test_malformed_lines_are_named_by_the_checked_solvers():
    for solver in (solve_line_by_layouts, solve_colour_line):
        with pytest.raises(PuzzleError, match="needs 3 cells"):
            solver([(1, 1), (1, 1)], [1, 3])
        with pytest.raises(PuzzleError, match="bitmasks at least 1"):
            solver([(1, 1)], [0, 3])
