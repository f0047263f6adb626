"""Tests of lesson 4 (nonoprobe): probing, guesses chosen by probes, budgets and verdicts."""
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nonocheck import SearchLimit
from nonogram2d import first_in_first_out, pic2gram, propagate
from nonoprobe import (Engine, Verdict, analyse, best_probe, most_known_neighbours,
                       random_picture, solutions)
from nonovector import Contradiction

from test_nonogram2d import COLS, DIAGONAL, IMPOSSIBLE, ROWS, brute_force, clues_of, satisfies

# --- probing -----------------------------------------------------------------------------------

def test_probe_works_on_a_copy():
    engine = Engine(*DIAGONAL)
    decided = engine.probe(engine.grid, 0, 0, 1)
    assert decided == {(0, 0): 1, (0, 1): 0, (1, 0): 0, (1, 1): 1}
    assert engine.grid == [[None, None], [None, None]] and engine.probes == 1

def test_probe_contradiction_returns_none():
    engine = Engine([[1], [0]], [[1], [0]])  # a single filled cell at (0, 0)
    assert engine.probe([[None, None], [None, None]], 0, 1, 1) is None

def test_probing_solves_edge():
    rows, cols = clues_of("webpbn-00023.non")
    engine = Engine(rows, cols)
    engine.propagate(engine.grid)
    assert engine.probe_all(engine.grid) == {}
    assert None not in sum(engine.grid, []) and satisfies(engine.grid, rows, cols)

def test_probe_all_reports_two_way_cells_when_stuck():
    engine = Engine(*DIAGONAL)
    probes = engine.probe_all(engine.grid)
    assert set(probes) == {(0, 0), (0, 1), (1, 0), (1, 1)}
    if_filled, if_empty = probes[0, 0]
    assert if_filled[0, 0] == 1 and if_empty[0, 0] == 0

def test_certain_keeps_what_both_values_agree_on():
    certain = Engine([[1]], [[1]]).certain
    assert certain(None, [{(0, 0): 1, (0, 1): 0}, {(0, 0): 0, (0, 1): 0}]) == {(0, 1): 0}
    assert certain(None, [None, {(0, 0): 0}]) == {(0, 0): 0}
    assert certain(None, [{(0, 0): 1}, None]) == {(0, 0): 1}
    with pytest.raises(Contradiction):
        certain(None, [None, None])

def test_most_known_neighbours_prefers_cells_next_to_known_ones():
    grid = [[None] * 3 for _ in range(3)]
    assert most_known_neighbours(None, grid)[:4] == [(0, 0), (0, 2), (2, 0), (2, 2)]  # corners
    grid[1][1] = 1
    assert most_known_neighbours(None, grid)[:4] == [(0, 0), (0, 1), (0, 2), (1, 0)]  # all 2
    assert (1, 1) not in most_known_neighbours(None, grid)

def test_best_probe_takes_the_cell_whose_weaker_value_decides_most():
    probes = {(0, 0): ({1: 1}, {1: 1, 2: 2, 3: 3}), (0, 1): ({1: 1, 2: 2}, {1: 1, 2: 2})}
    engine = Engine([[1]], [[1]])
    engine.last_probes = probes
    assert best_probe(engine, [[None, None]]) == (0, 1)
    engine.last_probes = {}
    assert best_probe(engine, [[1, None]]) == (0, 1)  # without probes: the first unknown cell

@pytest.mark.parametrize("probing", [True, False])
def test_search_with_and_without_probing_finds_all(probing):
    rows, cols = pic2gram(random_picture(8, 9, 0.3, seed=3))
    found = list(solutions(rows, cols, probing=probing))
    assert len(found) > 1 and sorted(found) == sorted(brute_force(rows, cols))

def last_in_first_out(engine, queue):
    return queue.pop()

def reading_order(engine, grid):
    return [(r, c) for r, row in enumerate(grid) for c, cell in enumerate(row) if cell is None]

def reversed_neighbours(engine, grid):
    return most_known_neighbours(engine, grid)[::-1]

def random_guess(engine, grid):
    cells = sorted(engine.last_probes) or reading_order(engine, grid)
    return random.Random(len(cells)).choice(cells)

STRATEGIES = st.fixed_dictionaries({
    "next_line": st.sampled_from([first_in_first_out, last_in_first_out]),
    "probe_order": st.sampled_from([most_known_neighbours, reading_order, reversed_neighbours]),
    "choose_guess": st.sampled_from([best_probe, random_guess]),
    "probing": st.booleans(),
})

@settings(max_examples=150, deadline=None)
@given(st.integers(1, 5), st.integers(1, 5), st.floats(0.2, 0.8), st.integers(0, 10 ** 6),
       STRATEGIES)
def test_every_strategy_finds_exactly_the_solutions(height, width, density, seed, strategies):
    """Strategies change the order of the work, never its result: the defaults and any other
    functions with the same arguments."""
    rows, cols = pic2gram(random_picture(height, width, density, seed))
    found = list(solutions(rows, cols, **strategies))
    assert sorted(found) == sorted(brute_force(rows, cols))

def test_unknown_options_are_not_ignored():
    with pytest.raises(TypeError):
        analyse(ROWS, COLS, queue_order="fifo")  # an option of an older version

@pytest.mark.parametrize("options, error, words", [
    ({"max_nodes": "x"}, TypeError, "max_nodes must be a number or None, not 'x'"),
    ({"max_nodes": -1}, ValueError, "max_nodes must be at least 0, not -1"),
    ({"time_limit": float("nan")}, ValueError, "time_limit must be at least 0"),
    ({"time_limit": True}, TypeError, "time_limit must be a number"),
])
def test_bad_budgets_are_named(options, error, words):
    with pytest.raises(error, match=words):
        analyse(ROWS, COLS, **options)

def test_trace_reports_every_node():
    seen = []
    engine = Engine([[1, 1], [2], [1], [3]], [[1, 1]] * 4, probing=False,
                    trace=lambda engine, depth, grid, what: seen.append((depth, what)))
    found = list(engine.solutions())
    assert len(found) == 2 and len(seen) == engine.nodes
    assert [what for _, what in seen].count("solution") == 2
    assert seen[0] == (0, "guess (0, 0)") and max(depth for depth, _ in seen) == 2

@pytest.mark.parametrize("rows, cols, status, method", [
    (ROWS, COLS, "unique", "line"),
    (*DIAGONAL, "multiple", "search"),
    (*IMPOSSIBLE, "none", "line"),
    ([[1], [0]], [[1], [0]], "unique", "line"),
])
def test_analyse_small_verdicts(rows, cols, status, method):
    verdict = analyse(rows, cols)
    assert (verdict.status, verdict.method) == (status, method)
    assert len(verdict.solutions) == {"none": 0, "unique": 1, "multiple": 2}[status]
    assert isinstance(verdict, Verdict) and verdict.seconds >= 0 and verdict.nodes >= 1

def test_analyse_a_contradiction_found_by_probing():
    # well formed and line logic finds nothing wrong; probing shows that no picture fits
    rows, cols = [[1, 2], [1, 1], [1, 1], [1, 1]], [[1, 1], [1, 1], [2], [1, 1], [1]]
    assert any(None in row for row in propagate(rows, cols))
    verdict = analyse(rows, cols)
    assert (verdict.status, verdict.method, verdict.solutions) == ("none", "probing", [])
    assert brute_force(rows, cols) == []

@pytest.mark.parametrize("name, status, method", [
    ("webpbn-00001.non", "unique", "line"),      # Dancer
    ("webpbn-00023.non", "unique", "probing"),   # Edge
    ("pynogram-smile.non", "unique", "probing"),
    ("rosetta1.non", "unique", "line"),
])
def test_shipped_puzzle_verdicts(name, status, method):
    rows, cols = clues_of(name)
    verdict = analyse(rows, cols, time_limit=60)
    assert (verdict.status, verdict.method) == (status, method)
    assert satisfies(verdict.solutions[0], rows, cols)

def test_search_proves_a_unique_solution():
    rows, cols = clues_of("webpbn-00023.non")  # Edge, without probing: only search settles it
    verdict = analyse(rows, cols, probing=False)
    assert (verdict.status, verdict.method, verdict.probes) == ("unique", "search", 0)
    assert verdict.nodes > 1 and satisfies(verdict.solutions[0], rows, cols)
    assert verdict.solutions == analyse(rows, cols).solutions

def test_verdict_describe():
    assert analyse(ROWS, COLS).describe().startswith("a unique solution, found by line logic alone")
    assert "1 node," in analyse(ROWS, COLS).describe()
    assert analyse(*DIAGONAL).describe().startswith("more than one solution, found by search")

def test_other_line_solvers_can_be_plugged_in():
    nonofast = pytest.importorskip("nonofast")
    rows, cols = clues_of("webpbn-00023.non")
    fast, teaching = analyse(rows, cols, line_solver=nonofast.solve_line), analyse(rows, cols)
    assert fast.solutions == teaching.solutions
    assert (fast.nodes, fast.probes, fast.line_solves) == (
        teaching.nodes, teaching.probes, teaching.line_solves)

# --- budgets ---------------------------------------------------------------------------------

def test_node_budget_raises_search_limit_with_progress():
    with pytest.raises(SearchLimit, match=r"max_nodes=1 after 2 nodes") as caught:
        analyse(*DIAGONAL, max_nodes=1)
    assert caught.value.nodes == 2 and caught.value.solutions == []
    assert caught.value.seconds >= 0

def test_solutions_found_before_the_budget_are_kept():
    found = solutions(*DIAGONAL, max_nodes=2)
    first = next(found)
    with pytest.raises(SearchLimit) as caught:
        next(found)
    assert caught.value.solutions == [first]
    assert "1 solution(s) found so far" in str(caught.value)

def test_time_budget():
    rows, cols = clues_of("survey-knotty.non")  # far beyond reach: no solver of the survey did it
    with pytest.raises(SearchLimit, match=r"time_limit=0.2 s") as caught:
        analyse(rows, cols, time_limit=0.2)
    assert caught.value.seconds < 5

def test_budgets_that_suffice_change_nothing():
    assert analyse(*DIAGONAL, max_nodes=100, time_limit=60).status == "multiple"

def test_random_picture_is_reproducible():
    assert random_picture(4, 5, 0.5, seed=7) == random_picture(4, 5, 0.5, seed=7)
    assert random_picture(3, 3, 0) == [[0] * 3] * 3 and random_picture(3, 3, 1) == [[1] * 3] * 3

# --- drawings ----------------------------------------------------------------------------------

def test_draw_probe_names_the_line_that_fails():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from nonodraw import draw_probe
    engine = Engine(*clues_of("webpbn-00023.non"))  # Edge, as lesson 4 draws it
    fig = draw_probe(engine, engine.grid, (10, 3))
    assert [ax.get_title() for ax in fig.axes[:2]] == [
        "suppose (10, 3) filled: row 10 fails", "suppose (10, 3) empty: no contradiction"]
    assert engine.grid == [[None] * 10] * 11  # the probes drew on copies
    plt.close(fig)

# --- properties --------------------------------------------------------------------------------

@settings(max_examples=60, deadline=None)
@given(st.integers(2, 7), st.integers(2, 7), st.floats(0.2, 0.8), st.integers(0, 10 ** 6))
def test_searcher_counts_and_method_are_consistent(height, width, density, seed):
    rows, cols = pic2gram(random_picture(height, width, density, seed))
    searcher = Engine(rows, cols)
    found = list(searcher.solutions())
    assert sorted(found) == sorted(brute_force(rows, cols))
    assert searcher.method in ("line", "probing", "search")
    if len(found) > 1:
        assert searcher.method == "search" and searcher.nodes >= 3
    if searcher.method == "line":
        assert searcher.probes == 0 and searcher.nodes == 1
