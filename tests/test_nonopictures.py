"""Tests of the library module nonopictures: the picture library of class sets (its size, kinds
and inks, every picture a puzzle with exactly one solution, the interface others rely on)."""
import doctest
import subprocess
import sys
from collections import Counter
from itertools import islice

import pytest

import nonocolour
import nonoengine
import nonopictures
from nonocolourfiles import ColourPuzzle
from nonofiles import Puzzle
from nonopictures import difficulty, inks, kind, names, picture, puzzle

from nonotools_helpers import ROOT


def test_the_library_has_forty_pictures_of_each_kind_and_eight_in_colour():
    assert len(names()) >= 40
    assert Counter(map(kind, names())).keys() == {"animal", "object", "symbol"}
    assert min(Counter(map(kind, names())).values()) >= 8
    coloured = names(colour=True)
    assert len(coloured) >= 8 and all(2 <= inks(name) <= 4 for name in coloured)
    assert all(inks(name) == 1 for name in names(colour=False))


def test_names_are_sorted_and_the_filters_share_them_out():
    assert names() == sorted(names()) == sorted(names(colour=True) + names(colour=False))
    assert not set(names(colour=True)) & set(names(colour=False))
    with pytest.raises(TypeError, match="colour"):
        names(colour="yes")


@pytest.mark.parametrize("name", names())
def test_each_picture_is_small_distinct_and_drawn_with_its_inks(name):
    grid = picture(name)
    assert 8 <= len(grid) <= 20 and all(8 <= len(row) <= 20 for row in grid)
    assert len({len(row) for row in grid}) == 1
    used = {cell for row in grid for cell in row}
    assert used == set(range(inks(name) + 1))  # the background and every ink, nothing else
    assert sum(cell != 0 for row in grid for cell in row) >= len(grid)  # not a near-empty picture
    assert [other for other in names() if picture(other) == grid] == [name]


@pytest.mark.parametrize("name", names())
def test_each_puzzle_has_exactly_one_solution_the_picture(name):
    made = puzzle(name)
    solutions = nonocolour.solutions if isinstance(made, ColourPuzzle) else nonoengine.solutions
    assert list(islice(solutions(made.rows, made.cols, made.givens), 2)) == [picture(name)]
    assert difficulty(name) in ("line", "probing", "search")
    if made.givens is not None:  # givens only where the clues alone are not enough
        assert len(list(islice(solutions(made.rows, made.cols), 2))) == 2
        assert all(cell is None or cell == goal for given, row in zip(made.givens, made.goal)
                   for cell, goal in zip(given, row))


def test_puzzles_are_files_puzzles_with_title_kind_goal_and_givens():
    heart = puzzle("Heart")
    assert type(heart) is Puzzle and heart.goal == picture("Heart") and heart.givens is None
    assert heart.metadata == {"title": "Heart", "kind": "symbol"} and heart.title == "Heart"
    assert heart.rows[-1] == [1] and (heart.height, heart.width) == (10, 11)
    given = next(name for name in names(colour=False) if puzzle(name).givens is not None)
    assert sum(cell is not None for row in puzzle(given).givens for cell in row) >= 1
    ladybird = puzzle("Ladybird")
    assert type(ladybird) is ColourPuzzle and ladybird.title == "Ladybird"
    assert [colour.name for colour in ladybird.colours] == ["white", "black", "red"]
    assert [colour.char for colour in ladybird.colours] == [".", "k", "r"]
    assert ladybird.goal == picture("Ladybird") and ladybird.rows[0] == [(2, 1)]


def test_difficulties_are_judged_by_the_engine():
    judged = Counter(map(difficulty, names(colour=False)))
    assert judged["line"] >= 10 and judged["probing"] >= 10
    assert Counter(map(difficulty, names(colour=True)))["line"] >= 10


@pytest.mark.parametrize("function", [picture, puzzle, kind, inks, difficulty])
def test_an_unknown_name_is_a_value_error_naming_it(function):
    with pytest.raises(ValueError, match="no picture called 'Unicorn'"):
        function("Unicorn")
    with pytest.raises(ValueError, match="no picture called"):
        function(["Heart"])


def test_docstring_examples():
    assert doctest.testmod(nonopictures).failed == 0


def test_importing_prints_nothing_and_loads_nothing_heavy():
    code = ("import sys, nonopictures; print(sorted(m for m in sys.modules if m.split('.')[0] in "
            "('matplotlib', 'numpy', 'PIL', 'pysat', 'IPython', 'ipywidgets', 'nonoengine', "
            "'nonocolour')))")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                            text=True, timeout=60)
    assert result.stdout == "[]\n" and result.stderr == ""


def test_a_colour_has_the_same_letter_in_the_library_and_in_a_picture_made_into_a_puzzle():
    """The picture library writes black as 'k'; a picture file made into a colour puzzle used to
    call it 'b' (and blue 'l'): one colour, one letter, everywhere."""
    import nonodraw
    import nonopictures
    assert {letter: name for name, letter in nonodraw.COLOUR_CHARS.items()} == nonopictures.INKS
    named = nonodraw.name_colours(["ffffff", "000000", "1f5fbf", "6b4a2b", "d62728"])
    assert [colour.char for colour in named] == [".", "k", "b", "n", "r"]
