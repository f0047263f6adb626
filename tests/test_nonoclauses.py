"""Tests of lesson 11 (nonoclauses): a line as an automaton, the puzzle as clauses, and SAT's
solutions against brute force."""
import importlib.util
import sys
from itertools import product
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import nonoclauses
import nonoengine
import nonovector
import nonoprocess
from nonocheck import PuzzleError
from nonofiles import read_clues
from nonovector import line2blocks

requires_sat = pytest.mark.skipif(importlib.util.find_spec("pysat") is None,
                                  reason="the optional package python-sat is not installed")
PUZZLES = Path(__file__).resolve().parent.parent / "puzzles"


def test_the_tokens_of_a_clue():
    assert nonoclauses.clue_tokens([2, 1]) == [1, 1, 0, 1]
    assert nonoclauses.clue_tokens([3]) == [1, 1, 1]
    assert nonoclauses.clue_tokens([]) == []


def test_automaton_accepts_exactly_the_lines_of_the_clue():
    def accepts(clue, finished):
        tokens, state = nonoclauses.clue_tokens(clue), 0
        for cell in finished:
            state = nonoclauses.next_state(tokens, state, cell)
            if state is None:
                return False
        return state == len(tokens)

    for cells in range(0, 9):
        for bits in product([0, 1], repeat=cells):
            for other in product([0, 1], repeat=cells):
                clue = line2blocks(other)
                assert accepts(clue, bits) == (line2blocks(bits) == clue)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from([0, 1]), max_size=9), st.data())
def test_live_states_are_those_of_the_accepted_runs(picture, data):
    """A state is live at t exactly when some line that fits the known cells and the clue passes
    through it after t cells (checked by running the automaton on every such line)."""
    cells = len(picture)
    clue = line2blocks(picture)
    known = data.draw(st.lists(st.sampled_from([None, None, 0, 1]), min_size=cells,
                               max_size=cells))
    tokens = nonoclauses.clue_tokens(clue)
    visited = [set() for _ in range(cells + 1)]
    for line in product([0, 1], repeat=cells):
        if line2blocks(line) != clue or any(k is not None and k != v for k, v in zip(known, line)):
            continue
        state = 0
        visited[0].add(state)
        for t, cell in enumerate(line):
            state = nonoclauses.next_state(tokens, state, cell)
            visited[t + 1].add(state)
    live = nonoclauses.live_states(tokens, nonoclauses.next_state,
                                   nonoclauses.allowed_values(known))
    assert live == [sorted(states) for states in visited]


def test_the_worked_example_of_2_1():
    """The lesson's counts for [2, 1] on 5 cells: 10 live states, 60 clauses, 41 without helpers;
    with the second cell filled and the fourth empty, 9 states and 40 clauses."""
    def formula(known, helpers=True):
        numbers = iter(range(6, 100))
        return nonoclauses.line_clauses([2, 1], [1, 2, 3, 4, 5], numbers.__next__, known,
                                        helpers=helpers)
    live = nonoclauses.live_states([1, 1, 0, 1], nonoclauses.next_state, [(1, 0)] * 5)
    assert live == [[0], [0, 1], [1, 2], [2, 3], [3, 4], [4]]
    assert len(formula([None] * 5)) == 60 and len(formula([None] * 5, helpers=False)) == 41
    assert formula([None] * 5)[:41] == formula([None] * 5, helpers=False)
    known = [None, 1, None, 0, None]
    assert len(formula(known)) == 40
    assert not {2, 4} & {abs(literal) for clause in formula(known) for literal in clause}


def test_a_decided_line_is_checked_not_encoded():
    numbers = iter(range(10, 20))
    assert nonoclauses.line_clauses([2], [1, 2, 3], numbers.__next__, [1, 1, 0]) == []
    impossible = nonoclauses.line_clauses([2], [1, 2, 3], numbers.__next__, [1, 0, 1])
    assert impossible == [[10], [-10]]  # a formula with no model


def test_puzzle_cnf_names_the_line_at_fault():
    with pytest.raises(PuzzleError, match="row 1: clue \\[5\\] needs at least 5 cells"):
        nonoclauses.puzzle_cnf([[1], [5]], [[1], [1], [1], [1]])
    with pytest.raises(PuzzleError, match="column 0"):
        nonoclauses.puzzle_cnf([[1]], [[2]])
    with pytest.raises(PuzzleError, match="grid has 1 rows, expected 2"):
        nonoclauses.puzzle_cnf([[1], [1]], [[1], [1]], grid=[[None, None]])
    with pytest.raises(PuzzleError, match="grid row 0"):
        nonoclauses.puzzle_cnf([[1]], [[1]], grid=[[2]])
    with pytest.raises(PuzzleError, match="rows need 2 filled cells but columns need 1"):
        nonoclauses.puzzle_cnf([[1], [1]], [[1], []])  # as lesson 3 says: not "no solution"
    with pytest.raises(PuzzleError, match="at least one row"):
        nonoclauses.puzzle_cnf([], [])


def test_puzzle_lines_are_puzzle_cnf_one_line_at_a_time():
    rows, cols = read_clues(PUZZLES / "webpbn-00001.non")
    clauses, cell_var, variables = nonoclauses.puzzle_cnf(rows, cols)
    lines_var, lines, numbers = nonoclauses.puzzle_lines(rows, cols)
    assert [clause for line in lines for clause in line] == clauses
    assert lines_var == cell_var and next(numbers) == variables + 1
    assert len(cell_var) == len(rows) and len(cell_var[0]) == len(cols)


def test_missing_python_sat_is_a_clear_error(monkeypatch):
    monkeypatch.setitem(sys.modules, "pysat", None)
    monkeypatch.setitem(sys.modules, "pysat.solvers", None)
    with pytest.raises(ImportError, match="pip install python-sat"):
        next(nonoclauses.sat_solutions([[1]], [[1]]))


def brute_force_solutions(rows, cols, grid=None):
    """Every grid made of row layouts whose columns have the column clues (and fit `grid`)."""
    width = len(cols)
    options = []
    for r, clue in enumerate(rows):
        lines = []
        for layout in nonovector.nonoblocks(clue, width):
            line = [0] * width
            for position, length in layout:
                line[position:position + length] = [1] * length
            if grid is None or all(g is None or g == c for g, c in zip(grid[r], line)):
                lines.append(line)
        options.append(lines)
    return sorted([list(map(list, rows_)) for rows_ in product(*options)
                   if all(line2blocks(col) == nonovector.normalize_clue(clue)
                          for col, clue in zip(zip(*rows_), cols))])


@st.composite
def small_puzzle(draw):
    """Rows and columns of a random picture up to 5x5; sometimes columns of another picture."""
    height, width = draw(st.integers(1, 5)), draw(st.integers(1, 5))
    cells = st.lists(st.lists(st.sampled_from([0, 1]), min_size=width, max_size=width),
                     min_size=height, max_size=height)
    picture, other = draw(cells), draw(cells)
    rows = [line2blocks(row) for row in picture]
    cols = [line2blocks(col) for col in zip(*(other if draw(st.booleans()) else picture))]
    known = draw(st.lists(st.lists(st.sampled_from([None, None, None, 0, 1]), min_size=width,
                                   max_size=width), min_size=height, max_size=height))
    return rows, cols, known if draw(st.booleans()) else None


@requires_sat
@settings(max_examples=150, deadline=None)
@given(small_puzzle())
def test_sat_solutions_agree_with_brute_force(puzzle):
    rows, cols, grid = puzzle
    if sum(map(sum, rows)) != sum(map(sum, cols)):
        with pytest.raises(PuzzleError, match="rows need"):
            nonoclauses.sat_solutions(rows, cols, grid).__next__()
        return
    expected = brute_force_solutions(rows, cols, grid)
    for propagate in (True, False):  # on what line logic leaves open, and on the whole grid
        found = list(nonoclauses.sat_solutions(rows, cols, grid, propagate=propagate))
        assert len(found) == len({str(g) for g in found})          # each solution once
        assert sorted(found) == expected


def test_known_cells_shrink_the_formula():
    rows, cols = read_clues(PUZZLES / "webpbn-06574.non")
    whole, cell_var, variables = nonoclauses.puzzle_cnf(rows, cols)
    known = nonoengine.propagate(rows, cols)
    shrunk, open_var, open_variables = nonoclauses.puzzle_cnf(rows, cols, known)
    assert sum(var is None for row in open_var for var in row) == sum(
        cell is not None for row in known for cell in row)
    assert open_variables < variables and len(shrunk) < len(whole)


def test_states_within_counts_each_line_and_refuses_early():
    clue, cells = [1], 4
    args = (nonoclauses.clue_tokens(clue), nonoclauses.next_state, [(1, 0)] * cells)
    one = nonoclauses.live_states(*args)
    assert nonoclauses.states_within([args, None], float("inf")) == [one, None]
    fits = nonoprocess.formula_bytes(sum(map(len, one)))
    assert nonoclauses.states_within([args], fits) == [one]
    asked = []

    def lines():
        for _ in range(5):
            asked.append(1)
            yield args
    with pytest.raises(nonoprocess.EncodingTooBig):
        nonoclauses.states_within(lines(), fits)
    assert len(asked) == 2  # refused at the second line: the others were never computed


def test_puzzle_lines_with_a_budget_counts_first_and_gives_the_same_clauses():
    rows, cols = read_clues(PUZZLES / "webpbn-06574.non")
    _, lines, _ = nonoclauses.puzzle_lines(rows, cols)
    _, budgeted, _ = nonoclauses.puzzle_lines(rows, cols, max_bytes=2 ** 30)
    assert list(budgeted) == list(lines)
    with pytest.raises(nonoprocess.EncodingTooBig):  # at the call: before any clause is built
        nonoclauses.puzzle_lines(rows, cols, max_bytes=2 ** 20)


@requires_sat
def test_a_formula_too_big_for_its_memory_is_not_built():
    rows, cols = read_clues(PUZZLES / "webpbn-06574.non")
    with pytest.raises(nonoprocess.EncodingTooBig, match="more than the 1 MB SAT may use"):
        next(nonoclauses.sat_solutions(rows, cols, max_bytes=2 ** 20))
    assert next(nonoclauses.sat_solutions(rows, cols, max_bytes=2 ** 30))  # room enough: it solves


@requires_sat
def test_sat_two_solutions_and_none():
    assert sorted(nonoclauses.sat_solutions([[1], [1]], [[1], [1]])) == [
        [[0, 1], [1, 0]], [[1, 0], [0, 1]]]
    assert list(nonoclauses.sat_solutions([[2], [0]], [[2], [0]])) == []  # well formed, impossible
    assert list(nonoclauses.sat_solutions([[1], [1]], [[1], [1]],
                                          grid=[[1, None], [None, None]])) == [[[1, 0], [0, 1]]]


@requires_sat
def test_a_puzzle_line_logic_settles_leaves_sat_nothing_to_search():
    rows, cols = read_clues(PUZZLES / "webpbn-00001.non")
    solved = nonoengine.solve(rows, cols)
    assert list(nonoclauses.sat_solutions(rows, cols)) == [solved]


# --- the lesson's printouts (nonoprocess's section for lesson 11) ---------------------------------

def test_the_worked_example_prints_each_kind_and_the_helpers_from_t_1(capsys):
    """start + forward + backward + helpers from t = 1 are all the clauses but the helpers of
    t = 0 (three on an unknown first cell: they repeat the start clause)."""
    for known, sizes in (([None] * 5, (1, 18, 22, 16)), ([None, 1, None, 0, None], (1, 12, 13, 11))):
        live = nonoclauses.live_states([1, 1, 0, 1], nonoclauses.next_state,
                                       nonoclauses.allowed_values(known))
        nonoprocess.show_line_formula([2, 1], known, nonoclauses.line_clauses, live, shown=100)
        lines = capsys.readouterr().out.splitlines()
        header, kinds = lines[0], [line for line in lines[1:] if not line.startswith("    ")]
        total = len(nonoclauses.line_clauses([2, 1], [1, 2, 3, 4, 5], iter(range(6, 99)).__next__,
                                             known))
        assert f"{sum(map(len, live))} state variables, {total} clauses" in header
        counts = [int(kind.split(": ")[1]) for kind in kinds]
        assert counts == list(sizes) and sum(counts) == total - 3
        assert kinds[-1].startswith("helpers from t = 1")
        helpers = lines[len(lines) - sizes[3]:]
        assert not any("S(0," in line for line in helpers)
    live = nonoclauses.live_states([1, 1, 0, 1], nonoclauses.next_state, [(1, 0)] * 5)
    nonoprocess.show_line_formula([2, 1], [None] * 5, nonoclauses.line_clauses, live, shown=100)
    assert "    x1" in capsys.readouterr().out.splitlines()  # no live state reads cell 1 empty


def test_the_engine_against_sat_table_says_unknown(capsys):
    rows = nonoprocess.engine_against_sat()
    nonoprocess.print_engine_against_sat(rows, {"webpbn-06574": "Forever"})
    out = capsys.readouterr().out
    header, forever = out.splitlines()[1:]
    assert out.startswith(f"{len(rows)} puzzles, of which (after line logic)")
    assert "unknown cells" in header and "open" not in out
    assert forever.split()[:5] == ["Forever", "25x25", "573", "of", "625"]


def test_sat_is_faster_exactly_where_the_engine_needs_over_half_a_second():
    """The lesson's reading of validate.csv: the puzzles SAT is faster on (times as drawn) are
    those the engine settles in over 0.5 s."""
    rows = nonoprocess.engine_against_sat()
    faster = {row["puzzle"] for row in rows if row["sat_shown"] < row["engine_shown"]}
    slow = {row["puzzle"] for row in rows
            if row["verdict"] != "limit" and float(row["seconds"]) > 0.5}
    assert faster == slow == {"webpbn-08098", "LalaFrogKK", "webpbn-00803", "webpbn-06574"}
