"""Tests of lesson 1 (nonovector): clues, the seed's layout functions, forces and counting."""
from itertools import product

import pytest

from nonoline import solve_line
from nonovector import (ClueError, Contradiction, NonogramError, WIKIPEDIA_EXAMPLES,
                        count_layouts, explain_line, forces_to_line, line2blocks,
                        line_to_forces, newforces, nonoblocks, nonovector, normalize_clue,
                        parse_line, pblocks, pvector, show_line,
                        solve_line_by_enumeration, vexpand)


# --- clues ---------------------------------------------------------------------------------

@pytest.mark.parametrize("line, clue", [
    ("01110", [3]), ("11010", [2, 1]), ("00000", []), ("", []), ("1", [1]),
    ([1, 0, 1, 1], [1, 2]), ("10101", [1, 1, 1]), ("##.#.", [2, 1]), ("....", []),
])
def test_line2blocks(line, clue):
    assert line2blocks(line) == clue


@pytest.mark.parametrize("line, words", [
    ([1, None, 1], "cell 1"), ("10x", "cell 2"), ([True], "cell 0"), ([2], "cell 0"),
])
def test_line2blocks_rejects_unfinished_or_strange_cells(line, words):
    with pytest.raises(ClueError, match=words):
        line2blocks(line)


def test_empty_clue_spellings_are_the_same():
    assert normalize_clue([0]) == normalize_clue([]) == []
    assert list(nonoblocks([0], 3)) == list(nonoblocks([], 3)) == [[]]
    assert solve_line([0], [None] * 3) == solve_line([], [None] * 3) == [0, 0, 0]


@pytest.mark.parametrize("bad, words", [
    ([3, -1], "block 2 of 2 is -1"), ([2, 0], "block 2 of 2 is 0"), ([1.5], "not a whole number"),
    (["2"], "not a whole number"), ([True], "not a whole number"), ("3 1", "not a list"),
    (5, "not a list"),
])
def test_bad_clues_are_named(bad, words):
    with pytest.raises(ClueError, match=words):
        normalize_clue(bad)


def test_overfull_clue_is_a_clear_error_everywhere():
    for call in (lambda: list(nonoblocks([5, 5], 10)), lambda: list(nonovector([5, 5], 10)),
                 lambda: count_layouts([5, 5], 10), lambda: solve_line([5, 5], [None] * 10)):
        with pytest.raises(ClueError, match=r"needs at least 11 cells but the line has only 10"):
            call()


@pytest.mark.parametrize("line, words", [
    ([None, 2], "cell 1"), ([0, "1"], "cell 1"), ([True], "cell 0"), ("0101", "not a list"),
])
def test_bad_cells_are_named(line, words):
    with pytest.raises(ClueError, match=words):
        solve_line([1], line)


def test_errors_are_value_errors_and_distinct():
    assert issubclass(ClueError, ValueError) and issubclass(Contradiction, ValueError)
    assert issubclass(ClueError, NonogramError) and not issubclass(ClueError, Contradiction)


def test_forced_cells_out_of_range():
    with pytest.raises(ClueError, match="forced cell 7"):
        list(nonovector([1], 5, [7], []))


# --- the seed functions ----------------------------------------------------------------------

def test_seed_nonoblocks_example():
    assert list(nonoblocks([2, 1], 5)) == [[(0, 2), (3, 1)], [(0, 2), (4, 1)], [(1, 2), (4, 1)]]


def test_seed_printers():
    assert [pblocks(layout, 5) for layout in nonoblocks([2, 1], 5)] == ["AA.B.", "AA..B", ".AA.B"]
    assert vexpand([(0, 2), (3, 1)], 5) == "##.#."
    assert [pvector(layout, 5, [2], [1]) for layout in nonovector([2, 1], 5, [2], [1])] == [
        "Aa_B.", "Aa_.B"]
    assert pvector([(0, 3)], 4, [1], [3]) == "A!A!"
    many = pblocks([(2 * b, 1) for b in range(53)], 106)  # A..Z, a..z, then '*'
    assert many[0] == "A" and many[52] == "a" and many[102] == "z" and many[104] == "*"


def test_seed_newforces_example():
    assert newforces(nonovector([2, 1], 5, [2], [1]), 5) == ([2], [0, 1])


def test_newforces_with_no_layout_is_a_contradiction():
    with pytest.raises(Contradiction):
        newforces(nonovector([3], 5, [1, 3], []), 5)


def test_seed_single_block_bug_is_fixed():
    # The seed accepted a layout that leaves a forced-filled cell uncovered after the last block.
    assert [vexpand(layout, 3) for layout in nonovector([1], 3, [], [2])] == ["..#"]


def test_empty_clue_layouts_respect_forces():
    assert list(nonovector([], 4, [0], [])) == [[]]
    assert list(nonovector([], 4, [], [2])) == []


# The examples as the seed states them: (clue, cells, force0, force1) -> (new force0, new force1).
SEED_WIKIPEDIA = [
    ([8], 10, [], [], ([], [2, 3, 4, 5, 6, 7])),
    ([4, 3], 10, [], [], ([], [2, 3, 7])),
    ([3, 1], 10, [], [3, 8], ([0, 6, 7, 9], [3, 8])),
    ([3, 2], 10, [4, 6], [], ([4, 5, 6], [1, 2, 8])),
    ([5], 10, [], [2], ([7, 8, 9], [2, 3, 4])),
    ([1, 3], 10, [2], [0, 4], ([1, 2, 7, 8, 9], [0, 4, 5])),
    ([5, 2, 2], 15, [], [2, 3, 5, 6, 10, 12],
     ([0, 1, 7, 8, 11, 14], [2, 3, 4, 5, 6, 9, 10, 12, 13])),
]


@pytest.mark.parametrize("blocks, cells, force0, force1, expected", SEED_WIKIPEDIA)
def test_wikipedia_examples_as_forces(blocks, cells, force0, force1, expected):
    assert newforces(nonovector(blocks, cells, force0, force1), cells) == expected
    line = forces_to_line(cells, force0, force1)
    assert line_to_forces(solve_line(blocks, line)) == expected


@pytest.mark.parametrize("technique, blocks, known, expected", WIKIPEDIA_EXAMPLES)
def test_wikipedia_examples_as_text(technique, blocks, known, expected, capsys):
    assert show_line(solve_line(blocks, parse_line(known))) == expected
    assert show_line(explain_line(blocks, known)) == expected
    printed = capsys.readouterr().out
    assert f"known    {known}" in printed and f"deduced  {expected}" in printed


def test_examples_in_both_forms_agree():
    for (_, blocks, known, expected), (b, cells, f0, f1, new) in zip(WIKIPEDIA_EXAMPLES,
                                                                      SEED_WIKIPEDIA):
        assert blocks == b and parse_line(known) == forces_to_line(cells, f0, f1)
        assert parse_line(expected) == forces_to_line(cells, *new)


def test_parse_and_show_line():
    assert parse_line("#.?") == [1, 0, None]
    assert show_line(parse_line("??#..#")) == "??#..#"
    with pytest.raises(ClueError, match="character 1"):
        parse_line("#x")


# --- counting --------------------------------------------------------------------------------

@pytest.mark.parametrize("cells", range(0, 11))
def test_count_formula_matches_enumeration(cells):
    for bits in product("01", repeat=cells):
        blocks = line2blocks("".join(bits))
        assert count_layouts(blocks, cells) == sum(1 for _ in nonoblocks(blocks, cells))


def test_count_examples():
    assert count_layouts([], 7) == 1
    assert count_layouts([7, 3, 1, 1, 7], 25) == 21  # the GCHQ first row: C(6, 2)
    assert count_layouts([1] * 20, 100) == 4694436188839116720  # C(81, 20)


def test_enumeration_refuses_clues_too_long_to_list_and_explain_checks_its_line():
    import nonovector
    with pytest.raises(ClueError, match="too long to list"):
        list(nonovector.nonoblocks([1] * 600, 1300))
    with pytest.raises(ClueError, match="too long to list"):
        nonovector.solve_line_by_enumeration([1] * 600, [None] * 1300)
    with pytest.raises(ClueError, match="cell 0"):
        nonovector.explain_line([1], [2])
    long_clue = [1] * 50_000  # checked in one pass (its error text is built only for an error)
    assert nonovector.normalize_clue(long_clue, 100_000) == long_clue
