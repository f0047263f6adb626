"""Tests of chapter 2: pictures, printers, checks, propagation, probing, search and verdicts."""
from itertools import islice, product
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import nonogram2d
import nonovector
from nonovector import ClueError, Contradiction, line2blocks
from nonogram2d import (Propagator, Prober, PuzzleError, SearchLimit, Searcher, Verdict, analyse,
                        changed_cells, check_picture, check_puzzle, draw_grid, draw_steps,
                        grid2forces, parray, parrayclues, pforces, pic2gram, propagate,
                        random_picture, show_grid, solutions, solve, sweep, sweep_history,
                        transpose)

PUZZLES = Path(__file__).resolve().parent.parent / "puzzles"

SMALLEX = """
01110
11010
01110
00110
00111
"""
ROWS = [[3], [2, 1], [3], [2], [3]]
COLS = [[1], [3], [1, 3], [5], [1]]
PICTURE = [[0, 1, 1, 1, 0], [1, 1, 0, 1, 0], [0, 1, 1, 1, 0], [0, 0, 1, 1, 0], [0, 0, 1, 1, 1]]
DIAGONAL = ([[1], [1]], [[1], [1]])
IMPOSSIBLE = ([[2], []], [[2], []])  # well formed, same totals, no picture fits


def read_clues(name):
    """(rows, cols) of a shipped puzzles/*.non file (a minimal reader for these tests)."""
    lines = (PUZZLES / name).read_text().splitlines()
    size, start = {}, {}
    for i, line in enumerate(lines):
        words = line.split()
        if words and words[0] in ("width", "height"):
            size[words[0]] = int(words[1])
        if line.strip() in ("rows", "columns"):
            start[line.strip()] = i + 1

    def clues(section, count):
        return [[int(n) for n in line.split(",") if n.strip()]
                for line in lines[start[section]:start[section] + count]]
    return clues("rows", size["height"]), clues("columns", size["width"])


def satisfies(grid, rows, cols):
    """True if a complete grid has exactly the clues (rows, cols)."""
    return ([line2blocks(row) for row in grid] == [nonovector.normalize_clue(c) for c in rows]
            and [line2blocks(col) for col in transpose(grid)]
            == [nonovector.normalize_clue(c) for c in cols])


def brute_force(rows, cols):
    """Every solution of a small puzzle, found without chapter 2: try each row's layouts in turn,
    dropping a partial grid as soon as some column (top cells known, the rest unknown) has no
    layout left by chapter 1's line solver."""
    height, width = len(rows), len(cols)
    choices = [[[int(ch == "#") for ch in nonovector.vexpand(layout, width)]
                for layout in nonovector.nonoblocks(clue, width)] for clue in rows]
    found = []

    def extend(grid):
        for c, clue in enumerate(cols):
            column = [row[c] for row in grid] + [None] * (height - len(grid))
            try:
                nonovector.solve_line(clue, column)
            except Contradiction:
                return
        if len(grid) == height:
            found.append([row[:] for row in grid])
            return
        for row in choices[len(grid)]:
            extend(grid + [row])
    extend([])
    return found


pictures = st.integers(1, 12).flatmap(lambda h: st.integers(1, 12).flatmap(
    lambda w: st.floats(0, 1).flatmap(lambda density: st.lists(
        st.lists(st.floats(0, 1).map(lambda x, d=density: int(x < d)), min_size=w, max_size=w),
        min_size=h, max_size=h))))


# --- pictures and printers ------------------------------------------------------------------

def test_pic2gram_gives_the_seed_clues():
    assert pic2gram(SMALLEX) == (ROWS, COLS)
    assert pic2gram(PICTURE) == (ROWS, COLS)
    assert pic2gram(["01110", "11010", "01110", "00110", "00111"]) == (ROWS, COLS)
    assert pic2gram(show_grid(PICTURE)) == (ROWS, COLS)  # '#' and '.' are accepted too


def test_pic2gram_empty_lines_have_empty_clues():
    assert pic2gram("000\n010") == ([[], [1]], [[], [1], []])


@pytest.mark.parametrize("pic, words", [
    ("011\n01", "picture row 1 has 2 cells, expected 3"),
    ([[0, 1], [1, 2]], r"picture row 1, column 1 is 2, not 0 or 1"),
    ("01x", "column 2 is 'x'"),
    ([[True]], "column 0 is True"),
    ("", "empty"),
    (5, "not 5|text or a list"),
])
def test_bad_pictures_are_named(pic, words):
    with pytest.raises(PuzzleError, match=words):
        pic2gram(pic)


def test_check_picture_returns_ints():
    assert check_picture("#.\n.#") == [[1, 0], [0, 1]]


def test_parray_and_parrayclues(capsys):
    parray([[1, 0, None]])
    assert capsys.readouterr().out == "|#|_|?|\n"
    parrayclues(PICTURE, (ROWS, COLS))
    lines = capsys.readouterr().out.splitlines()
    assert lines[1] == "|#|#|_|#|_| 2 1"
    assert lines[5:] == [" 1 3 1 5 1", "     3    "]


def test_parrayclues_keeps_two_digit_numbers_together(capsys):
    parrayclues([[1] * 12], ([[12]], [[1]] * 12))
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].endswith("| 12")
    parrayclues([[1]] * 12, ([[1]] * 12, [[12]]))
    assert capsys.readouterr().out.splitlines()[-1] == "12"


def test_pforces_counts_conflicts_and_unknowns():
    fix0, fix1 = grid2forces([[1, 0, None]])
    assert (fix0, fix1) == ([[0, 1, 0]], [[1, 0, 0]])
    fix0[0][0] = 1
    text, conflicts, unknowns = pforces(fix0, fix1, ([[1]], [[1], [], []]))
    assert (conflicts, unknowns) == (1, 1)
    assert text.splitlines()[0] == "|!|_|?| 1"


def test_show_grid():
    assert show_grid([[1, 0, None], [0, 0, 1]]) == "#.?\n..#"


def test_transpose_and_changed_cells():
    assert transpose([[1, 2, 3], [4, 5, 6]]) == [[1, 4], [2, 5], [3, 6]]
    assert changed_cells([[None, 1], [None, None]], [[0, 1], [None, 1]]) == [(0, 0), (1, 1)]


# --- checking puzzles -------------------------------------------------------------------------

@pytest.mark.parametrize("rows, cols, grid, words", [
    ([[1]] * 3 + [[5, 5]], [[1]] * 10, None,
     r"row 3: clue \[5, 5\] needs at least 11 cells but the line has only 10"),
    ([[1], [1]], [[3], [1]], None, r"column 0: clue \[3\] needs at least 3 cells"),
    ([[1], [-1]], [[1], [1]], None, r"row 1: clue \[-1\]"),
    ([[1.5]], [[1]], None, "row 0: .*not a whole number"),
    ([[2], [2]], [[1], [1]], None, "rows need 4 filled cells but columns need 2"),
    (ROWS, COLS, [[None] * 5] * 4, "grid has 4 rows, expected 5"),
    (ROWS, COLS, [[None] * 5] * 4 + [[None] * 4], "grid row 4 has 4 cells, expected 5"),
    (ROWS, COLS, [[None] * 5] * 4 + [[None, 2, None, None, None]], "grid row 4: cell 1"),
    (ROWS, COLS, "#####", "grid must be a list of rows"),
    ("3 1", COLS, None, "rows must be a list of clues"),
    ([], [], None, "at least one row and one column"),
])
def test_bad_puzzles_are_named(rows, cols, grid, words):
    for call in (check_puzzle, propagate, solutions, solve, analyse):
        with pytest.raises(PuzzleError, match=words):
            call(rows, cols, grid)


def test_puzzle_error_is_a_clue_error_and_value_error():
    assert issubclass(PuzzleError, ClueError) and issubclass(PuzzleError, ValueError)
    assert not issubclass(PuzzleError, Contradiction)
    assert issubclass(SearchLimit, RuntimeError)


def test_check_puzzle_normalises_and_copies():
    given = [[None] * 2, [None] * 2]
    rows, cols, grid = check_puzzle(([0], (1,)), [[1], []], given)
    assert rows == [[], [1]] and cols == [[1], []] and grid == given and grid is not given
    assert grid[0] is not given[0]


# --- the seed's loop and propagation ---------------------------------------------------------

def test_sweep_history_on_the_seed_example():
    history = sweep_history(ROWS, COLS)
    assert [sum(row.count(None) for row in grid) for grid in history] == [25, 12, 0]
    assert history[-1] == PICTURE


def test_sweep_uses_the_given_line_solver():
    calls = []

    def spy(blocks, line):
        calls.append(list(blocks))
        return nonovector.solve_line(blocks, line)
    sweep(ROWS, COLS, [[None] * 5 for _ in range(5)], spy)
    assert len(calls) == 10


def test_propagate_solves_the_seed_example_with_fewer_solves():
    engine = Propagator(ROWS, COLS)
    assert engine.propagate() == PICTURE
    assert engine.line_solves < 20 and engine.unknown() == 0
    assert propagate(ROWS, COLS) == PICTURE


def test_propagate_keeps_givens_and_does_not_change_them():
    given = [[None] * 5 for _ in range(5)]
    given[0][0] = 0
    assert propagate(ROWS, COLS, given) == PICTURE
    assert given[0] == [0, None, None, None, None]


def test_propagate_contradictions():
    with pytest.raises(Contradiction):
        propagate(*IMPOSSIBLE)
    wrong = [row[:] for row in PICTURE]
    wrong[0][0] = 1
    with pytest.raises(Contradiction, match="row 0|column 0"):
        propagate(ROWS, COLS, wrong)


def test_propagate_uses_the_line_solver_and_memo():
    calls = []

    def spy(blocks, line):
        calls.append(1)
        return nonovector.solve_line(blocks, line)
    engine = Propagator(ROWS, COLS, line_solver=spy)
    engine.propagate()
    assert engine.solver_calls == len(calls) <= engine.line_solves
    engine.propagate()  # everything is in the memo now
    assert engine.solver_calls == len(calls)


def test_pack_round_trips_short_and_long_lines():
    for cells in [(), (1, 0, None), tuple([None, 1, 0] * 20)]:
        assert nonogram2d.unpack(nonogram2d.pack(cells)) == cells
    assert isinstance(nonogram2d.pack(tuple([0] * 100)), bytes)  # long lines are packed


def test_memo_is_emptied_at_its_size_bound(monkeypatch):
    monkeypatch.setattr(nonogram2d, "MEMO_BYTES", 2_000)
    rows, cols = pic2gram(random_picture(40, 40, 0.5, seed=3))
    engine = Searcher(rows, cols)
    first = next(engine.solutions())
    assert satisfies(first, rows, cols)
    assert engine.memo_bytes < 2_000 + 1_000 and len(engine.memo) < engine.solver_calls


def test_undo_restores_the_grid():
    engine = Propagator(ROWS, COLS)
    mark = len(engine.trail)
    engine.propagate()
    engine.undo(mark)
    assert engine.grid == [[None] * 5 for _ in range(5)] and engine.trail == []


def test_propagate_on_a_stalled_puzzle_is_the_sweep_fixpoint():
    rows, cols = read_clues("webpbn-00023.non")  # Edge: line logic decides nothing
    assert propagate(rows, cols) == sweep_history(rows, cols)[-1] == [[None] * 10] * 11


# --- probing -----------------------------------------------------------------------------------

def test_probe_leaves_the_grid_unchanged():
    engine = Prober(*DIAGONAL)
    decided = engine.probe(0, 0, 1)
    assert decided == {(0, 0): 1, (0, 1): 0, (1, 0): 0, (1, 1): 1}
    assert engine.grid == [[None, None], [None, None]] and engine.trail == []
    assert engine.probes == 1


def test_probe_contradiction_returns_none():
    engine = Prober([[1], [0]], [[1], [0]])  # a single filled cell at (0, 0)
    engine.grid[1][1] = None
    assert engine.probe(0, 1, 1) is None


def test_probing_solves_edge():
    rows, cols = read_clues("webpbn-00023.non")
    engine = Prober(rows, cols)
    engine.propagate()
    assert engine.probe_all() == {}
    assert engine.unknown() == 0 and satisfies(engine.grid, rows, cols)


def test_probe_all_reports_two_way_cells_when_stuck():
    engine = Prober(*DIAGONAL)
    both_ways = engine.probe_all()
    assert set(both_ways) == {(0, 0)}  # the other cells' probes are implied by these two
    if_filled, if_empty = both_ways[0, 0]
    assert if_filled[0, 0] == 1 and if_empty[0, 0] == 0


def test_candidates_prefer_cells_next_to_known_ones():
    engine = Prober([[3]] * 3, [[3]] * 3)
    engine.grid = [[None] * 3 for _ in range(3)]
    assert engine.candidates()[:4] == [(0, 0), (0, 2), (2, 0), (2, 2)]  # corners: 2 edges


# --- search, solutions and verdicts ---------------------------------------------------------

def test_diagonal_has_two_solutions():
    found = list(solutions(*DIAGONAL))
    assert sorted(found) == [[[0, 1], [1, 0]], [[1, 0], [0, 1]]]
    assert list(solutions(*DIAGONAL, [[1, None], [None, None]])) == [[[1, 0], [0, 1]]]


def test_impossible_puzzle_yields_nothing_and_solve_raises():
    assert list(solutions(*IMPOSSIBLE)) == []
    with pytest.raises(Contradiction):
        solve(*IMPOSSIBLE)
    assert list(solutions(*DIAGONAL, [[1, 1], [None, None]])) == []


def test_solve_returns_the_first_solution():
    assert solve(ROWS, COLS) == PICTURE
    assert solve(*DIAGONAL) in ([[1, 0], [0, 1]], [[0, 1], [1, 0]])


def test_solutions_are_fresh_lists():
    found = solutions(*DIAGONAL)
    first = next(found)
    first[0][0] = "changed"
    second = next(found)
    assert "changed" not in second[0]


def test_solutions_checks_input_before_the_first_solution_is_asked_for():
    with pytest.raises(PuzzleError):
        solutions([[5]], [[1]])  # no next() needed


def test_the_seed_ring_against_brute_force():
    ring = [[3], [2, 2], [2, 2], [1, 1], [2, 2], [2, 2], [3]]
    found = list(solutions(ring, ring))
    assert sorted(found) == sorted(brute_force(ring, ring))


@pytest.mark.parametrize("probing", [True, False])
def test_search_with_and_without_probing_finds_all(probing):
    rows, cols = pic2gram(random_picture(8, 9, 0.3, seed=3))
    found = list(solutions(rows, cols, probing=probing))
    assert len(found) > 1 and sorted(found) == sorted(brute_force(rows, cols))


ENGINE_OPTIONS = st.fixed_dictionaries({
    "queue_order": st.sampled_from(Searcher.QUEUE_ORDERS),
    "probe_order": st.sampled_from(Searcher.PROBE_ORDERS),
    "branching": st.sampled_from(Searcher.BRANCHINGS),
    "probing": st.booleans(),
})


@settings(max_examples=150, deadline=None)
@given(st.integers(1, 5), st.integers(1, 5), st.floats(0.2, 0.8), st.integers(0, 10 ** 6),
       ENGINE_OPTIONS)
def test_every_engine_option_finds_exactly_the_solutions(height, width, density, seed, options):
    """The options change the order of the work, never its result."""
    rows, cols = pic2gram(random_picture(height, width, density, seed))
    found = list(solutions(rows, cols, **options))
    assert sorted(found) == sorted(brute_force(rows, cols))


@pytest.mark.parametrize("options", [
    {"queue_order": "lifo"}, {"queue_order": "most-changed"}, {"probe_order": "nearly-solved"},
    {"probe_order": "reading"}, {"branching": "probe"}, {"branching": "reading"}])
def test_engine_options_on_a_puzzle_that_needs_search(options):
    rows, cols = pic2gram(random_picture(8, 9, 0.3, seed=3))
    assert sorted(solutions(rows, cols, **options)) == sorted(brute_force(rows, cols))
    verdict = analyse(*read_clues("webpbn-00023.non"), **options)  # Edge: probing settles it
    assert (verdict.status, verdict.method) == ("unique", "probing")


@pytest.mark.parametrize("option", ["queue_order", "probe_order", "branching"])
def test_unknown_engine_option_values_are_named(option):
    with pytest.raises(ValueError, match=f"{option} must be one of .*, not 'sideways'"):
        analyse(ROWS, COLS, **{option: "sideways"})
    with pytest.raises(TypeError):
        analyse(ROWS, COLS, queue="fifo")  # a misspelt option name is not ignored


def test_most_changed_queue_takes_the_busiest_line():
    engine = Propagator(ROWS, COLS, queue_order="most-changed")
    queue = __import__("collections").deque([0, 1, 2])
    engine.changes[:3] = [1, 5, 2]
    take = engine.queue_taker(queue)
    assert [take(), take(), take()] == [1, 2, 0] and engine.changes[:3] == [0, 0, 0]


def test_candidates_in_other_orders():
    engine = Prober([[3], [1], [1]], [[1], [1], [3]], probe_order="reading")
    engine.grid = [[None] * 3 for _ in range(3)]
    assert engine.candidates()[:3] == [(0, 0), (0, 1), (0, 2)]
    engine = Prober([[3], [1], [1]], [[1], [1], [3]], probe_order="nearly-solved")
    engine.grid = [[1, 1, 1], [None, None, None], [None, None, 1]]
    # unknown cells in the row + in the column: (1, 2) 3+1, (2, 0) 2+2, (2, 1) 2+2, (1, 0) 3+2
    assert engine.candidates()[:3] == [(1, 2), (2, 0), (2, 1)]


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
    rows, cols = read_clues(name)
    verdict = analyse(rows, cols, time_limit=60)
    assert (verdict.status, verdict.method) == (status, method)
    assert satisfies(verdict.solutions[0], rows, cols)


def test_forever_needs_search_and_is_unique():
    rows, cols = read_clues("webpbn-06574.non")
    verdict = analyse(rows, cols, time_limit=60)
    assert (verdict.status, verdict.method) == ("unique", "search")
    assert 1 < verdict.nodes < 2000 and satisfies(verdict.solutions[0], rows, cols)


def test_verdict_describe():
    assert analyse(ROWS, COLS).describe().startswith("a unique solution, found by line logic alone")
    assert "1 node," in analyse(ROWS, COLS).describe()
    assert analyse(*DIAGONAL).describe().startswith("more than one solution, found by search")


def test_other_line_solvers_can_be_plugged_in():
    nonofast = pytest.importorskip("nonofast")
    rows, cols = read_clues("webpbn-00023.non")
    assert analyse(rows, cols, line_solver=nonofast.solve_line).solutions == \
        analyse(rows, cols).solutions


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
    rows, cols = read_clues("webpbn-06574.non")
    with pytest.raises(SearchLimit, match=r"time_limit=0.2 s"):
        analyse(rows, cols, time_limit=0.2)


def test_budgets_that_suffice_change_nothing():
    assert analyse(*DIAGONAL, max_nodes=100, time_limit=60).status == "multiple"


# --- edge cases ------------------------------------------------------------------------------

@pytest.mark.parametrize("picture", [
    [[1]], [[0]], [[0] * 4] * 3, [[1] * 4] * 3, [[1, 0, 1, 1, 0, 1]], [[1], [0], [1], [1]],
    [[0, 0, 0, 0, 0]], [[1], [1], [1]], [[1, 1, 1], [0, 1, 0]],
])
def test_edge_cases(picture):
    rows, cols = pic2gram(picture)
    assert list(solutions(rows, cols)) == [picture]
    assert propagate(rows, cols) == picture  # all these are line-solvable
    verdict = analyse(rows, cols)
    assert (verdict.status, verdict.method) == ("unique", "line")


def test_empty_clue_spellings():
    assert solve([[0], []], [[0], []]) == solve([[], []], [[], []]) == [[0, 0], [0, 0]]


def test_random_picture_is_reproducible():
    assert random_picture(4, 5, 0.5, seed=7) == random_picture(4, 5, 0.5, seed=7)
    assert random_picture(3, 3, 0) == [[0] * 3] * 3 and random_picture(3, 3, 1) == [[1] * 3] * 3


# --- drawings ----------------------------------------------------------------------------------

def test_draw_grid_and_steps():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    ax = draw_grid([[1, 0, None]] * 2, [[1], [1]], [[2], [], [0]], changed=[(0, 0), (0, 2)],
                   title="t", givens=[(1, 0)])
    numbers = sorted(text.get_text() for text in ax.texts)
    assert numbers == ["0", "0", "1", "1", "2"]
    assert ax.get_title() == "t"
    plt.close(ax.figure)
    fig = draw_steps(sweep_history(ROWS, COLS), ROWS, COLS, columns=2)
    assert len(fig.axes) == 4 and fig.axes[3].get_title() == ""  # 3 steps, one blank panel
    plt.close(fig)


# --- properties --------------------------------------------------------------------------------

MAX_LISTED = 200  # random sparse pictures can have very many solutions: list at most this many


@settings(max_examples=150, deadline=None)
@given(pictures)
def test_random_pictures_solutions(picture):
    rows, cols = pic2gram(picture)
    found = list(islice(solutions(rows, cols), MAX_LISTED))
    assert found and all(satisfies(grid, rows, cols) for grid in found)
    assert len({show_grid(grid) for grid in found}) == len(found)  # no repeats
    if len(found) < MAX_LISTED:
        assert picture in found
    else:  # too many to list: the picture must still be found once enough cells are given
        given = [row[:] for row in picture]
        given[0] = [None] * len(picture[0])
        assert picture in solutions(rows, cols, given)


@settings(max_examples=150, deadline=None)
@given(pictures)
def test_propagation_never_contradicts_a_solvable_puzzle(picture):
    rows, cols = pic2gram(picture)
    grid = propagate(rows, cols)
    for known_row, picture_row in zip(grid, picture):
        for known, cell in zip(known_row, picture_row):
            assert known is None or known == cell  # what is decided holds in every solution
    assert grid == sweep_history(rows, cols)[-1]  # the same fixpoint as the seed's loop


def clues_of_length(cells):
    """Every clue of a line of `cells` cells."""
    return sorted({tuple(line2blocks(format(n, f"0{cells}b"))) for n in range(2 ** cells)})


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_one_clue_changed(data):
    """Change one clue of a small picture's puzzle, keeping the totals equal (a change of total
    is a PuzzleError, tested above). The search must find exactly what brute force finds:
    in particular nothing at all when the change made the puzzle impossible."""
    height, width = data.draw(st.integers(1, 5)), data.draw(st.integers(1, 5))
    picture = data.draw(st.lists(st.lists(st.integers(0, 1), min_size=width, max_size=width),
                                 min_size=height, max_size=height))
    rows, cols = pic2gram(picture)
    changeable = []  # (clues, index, other clues of the same total) for lines that have some
    for clues, cells in ((rows, width), (cols, height)):
        for index, clue in enumerate(clues):
            others = [list(c) for c in clues_of_length(cells)
                      if sum(c) == sum(clue) and list(c) != clue]
            if others:
                changeable.append((clues, index, others))
    assume(changeable)  # only pictures such as all-empty have no line to change
    clues, index, others = data.draw(st.sampled_from(changeable))
    clues[index] = data.draw(st.sampled_from(others))
    expected = brute_force(rows, cols)
    found = list(solutions(rows, cols))
    assert sorted(found) == sorted(expected)
    assert analyse(rows, cols).status == ["none", "unique", "multiple"][min(len(expected), 2)]


def test_some_changed_clue_is_impossible():
    """The property above does meet impossible puzzles: e.g. the seed picture with one row
    clue changed from [2, 1] to [1, 2]."""
    rows = [list(c) for c in ROWS]
    rows[1] = [1, 2]
    assert brute_force(rows, COLS) == [] and list(solutions(rows, COLS)) == []


def test_break_the_total_is_a_puzzle_error():
    rows = [list(c) for c in ROWS]
    rows[1] = [2, 2]
    with pytest.raises(PuzzleError, match="rows need 15 filled cells but columns need 14"):
        list(solutions(rows, COLS))


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 7), st.integers(2, 7), st.floats(0.2, 0.8), st.integers(0, 10 ** 6))
def test_searcher_counts_and_method_are_consistent(height, width, density, seed):
    rows, cols = pic2gram(random_picture(height, width, density, seed))
    searcher = Searcher(rows, cols)
    found = list(searcher.solutions())
    assert sorted(found) == sorted(brute_force(rows, cols))
    assert searcher.method in ("line", "probing", "search")
    if len(found) > 1:
        assert searcher.method == "search" and searcher.nodes >= 3
    if searcher.method == "line":
        assert searcher.probes == 0 and searcher.nodes == 1
