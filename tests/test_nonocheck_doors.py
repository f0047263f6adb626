"""Tests of nonocheck's door checks (issue 26, part 7): each names the parameter at fault."""
import pytest

from nonocheck import (MOST_COLOURS, MOST_GRID_CELLS, ClueError, PuzzleError, check_clue_text,
                       check_colour_clue, check_fraction, check_has, check_layout, check_list,
                       check_rgb, check_size, check_table, check_tabled_line, check_tables,
                       check_whole, normalize_clue)


@pytest.mark.parametrize('value, error, words', [
    (2.5, TypeError, 'cells must be a whole number'),
    (True, TypeError, 'cells must be a whole number'),
    ('3', TypeError, 'cells must be a whole number'),
    (-1, ValueError, 'cells must be from 0 to 10'),
    (10 ** 100, ValueError, 'cells must be from 0 to 10'),
])
def test_check_whole_names_the_parameter(value, error, words):
    with pytest.raises(error, match=words):
        check_whole('cells', value, most=10)


def test_check_whole_takes_ints():
    assert check_whole('count', 0) == 0 and check_whole('count', 7, least=1, most=7) == 7


@pytest.mark.parametrize('cells', ['3', [5], 2.5])
def test_a_clue_with_a_bad_line_length_names_cells(cells):
    """normalize_clue([1], cells) once compared a list with an int: a TypeError naming nothing."""
    with pytest.raises((TypeError, ValueError), match='cells'):
        normalize_clue([1], cells)


@pytest.mark.parametrize('value, kind, words', [
    (None, 'grid', 'grid must be a list'),
    ([], 'grid', 'grid must have at least 1'),
    ([5], 'grid', 'row 0 is 5'),
    (['#.'], 'grid', 'row 0 is'),
    ([[1, 2]], 'grid', r'grid row 0, column 1 is 2, not 1, 0 or None'),
    ([[None]], 'picture', 'not 1 or 0'),
    ([[-1]], 'colour', 'not a whole number at least 0'),
])
def test_check_table_names_the_table_and_the_cell(value, kind, words):
    with pytest.raises((TypeError, ValueError), match=words):
        check_table('grid', value, kind)


def test_check_table_returns_fresh_lists():
    rows = ((1, 0), (None, 1))
    assert check_table('grid', rows, 'grid') == [[1, 0], [None, 1]]
    assert check_table('layouts', [], least=0) == []
    assert check_list('line', '#.', text=True) == ['#', '.']


def test_sizes_are_bounded_in_all():
    assert check_size(1000, 1000) == (1000, 1000)
    with pytest.raises(ValueError, match='height x width'):
        check_size(2000, MOST_GRID_CELLS // 1000)
    with pytest.raises(TypeError, match='height'):
        check_size(2.5, 2)


def test_a_line_too_big_for_tables_is_refused_by_its_clue():
    with pytest.raises(ClueError, match='a clue of 2,000 blocks in a line of 3,999 cells'):
        check_tabled_line([1] * 2000, [None] * 3999)
    assert check_tabled_line([500] * 2, [None] * 1001)[0] == [500, 500]


def test_tables_must_fit_their_line():
    line = [None, None]
    table = [[True] * 3, [True] * 3]
    assert check_tables(line, table, table, [1])[0] == [1]
    with pytest.raises(ValueError, match='before must be a table'):
        check_tables(line, [[True] * 2], table)


def test_layouts_must_lie_in_their_line():
    assert check_layout([(0, 2), [3, 1]], 5) == [(0, 2), (3, 1)]
    with pytest.raises(ValueError, match='layout block'):
        check_layout([(4, 2)], 5)


def test_colour_numbers_are_bounded():
    assert check_colour_clue([(1, MOST_COLOURS)], 'row', 0, 1) == ((1, MOST_COLOURS),)
    with pytest.raises(PuzzleError, match='row 0: .*colour 1000000'):
        check_colour_clue([(1, 10 ** 6)], 'row', 0, 1)


def test_small_checks():
    assert check_fraction('density', 0.5) == 0.5
    with pytest.raises(ValueError, match='density'):
        check_fraction('density', 1.5)
    assert check_rgb('rgb', '#A0b0c0', hash_sign=True) == '#A0b0c0'
    with pytest.raises(ValueError, match='rgb must be a colour as rrggbb'):
        check_rgb('rgb', '#a0b0c0')
    with pytest.raises(TypeError, match=r'engine must have \.grid'):
        check_has('engine', None, 'grid')
    assert check_clue_text('1 2 | 3\n4') == '1 2 | 3\n4'
    with pytest.raises(ValueError, match='text of clues: character 0'):
        check_clue_text('a')
