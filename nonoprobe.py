# %% [markdown]
# # Lesson 4. Probing, better guesses, and a verdict
#
# Lesson 3's search finishes every puzzle, but it guesses blindly: when line logic stalls, it
# fills the first unknown cell and hopes. By the end of this lesson you will be able to
#
# - *probe* a cell: suppose it filled, then empty, and keep whatever both suppositions agree on
#   (or everything the only survivor decides);
# - guess where probing says a guess teaches most, and bound a search by nodes or seconds;
# - judge a puzzle as a teacher needs to: no solution, exactly one, or several, and whether it
#   needs line logic alone, probing, or guessing.
#
# The engine is lesson 3's, extended the way lesson 3 promised: a new `deduce` (line logic, then
# probing) and a new strategy for the cell to guess, passed in. This notebook is the module
# `nonoprobe`.

# %%
"""Lesson 4: probing, guesses chosen by probes, search budgets, and a verdict for a puzzle.

Start with solutions, solve and analyse; Engine extends lesson 3's engine."""

import random
import time
from collections.abc import Iterator
from dataclasses import dataclass, field

import nonogram2d
from nonocheck import SearchLimit, checked_budget, plural
from nonogram2d import pic2gram, propagate, transpose  # noqa: F401 (the puzzles' vocabulary)
from nonovector import Contradiction, Grid

# %% [markdown]
# ## Probing: what if this cell were filled?
#
# Pick an unknown cell and *suppose* it is filled; propagate. If that leads to a contradiction,
# the supposition was wrong and the cell must be empty: every solution has the cell filled or
# empty, and none has it filled. Try the other value too. Three things can happen:
#
# - one value contradicts: the cell takes the other value, with everything that value decided;
# - both contradict: the puzzle, in its present state, has no solution;
# - both survive: a cell that came out the *same* both ways is certain. Otherwise nothing is
#   certain, but we know how much each value would decide, which will tell search where to guess.
#
# Repeat over all unknown cells while a round of probes decides something. The order is another
# strategy; the default tries first the cells next to known cells (or to the edge), on the idea
# that their lines are the most constrained (exercise 2 puts the idea to the test). A probe works on a copy of the grid. Two methods, `choices` (lesson 3's:
# what a cell may still be) and `certain`, are all the engine knows of values.

# %%
def most_known_neighbours(engine: nonogram2d.Engine, grid: Grid) -> list[tuple[int, int]]:
    """Strategy for the order of probes: the unknown cells, those with more known neighbours
    first (the edge of the grid counts as known), then in reading order (the default)."""
    height, width = len(grid), len(grid[0])

    def known_neighbours(r, c):
        return sum(1 for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                   if not (0 <= rr < height and 0 <= cc < width) or grid[rr][cc] is not None)
    unknown = [(r, c) for r in range(height) for c in range(width) if grid[r][c] is None]
    return sorted(unknown, key=lambda cell: -known_neighbours(*cell))


# %%
class Engine(nonogram2d.Engine):
    """Lesson 3's engine, and probing."""

    def __init__(self, rows, cols, grid=None, *, probe_order=most_known_neighbours, **options):
        super().__init__(rows, cols, grid, **options)
        self.probe_order, self.probes = probe_order, 0

    def certain(self, grid: Grid, outcomes: list) -> dict:
        """What the probes of one cell (filled, empty) make certain: all a lone survivor decides."""
        if_filled, if_empty = outcomes
        if if_filled is None and if_empty is None:
            raise Contradiction('a cell can be neither filled nor empty')
        if if_filled is None or if_empty is None:
            return if_empty if if_filled is None else if_filled
        return {cell: value for cell, value in if_filled.items() if if_empty.get(cell) == value}

    def probe(self, grid: Grid, r: int, c: int, value: int) -> dict | None:
        """Suppose cell (r, c) has `value` and propagate, on a copy of the grid. Return what that
        decides, {(row, column): value} (the cell itself included), or None on a contradiction."""
        self.probes += 1
        trial = [row[:] for row in grid]
        try:
            self.propagate(trial, self.set_cells(trial, {(r, c): value}))
        except Contradiction:
            return None
        return {(i, j): trial[i][j] for i, row in enumerate(grid)
                for j, cell in enumerate(row) if trial[i][j] != cell}

    def probe_all(self, grid: Grid, stop=lambda: None) -> dict:
        """Probe every unknown cell both ways, writing what is certain into `grid`, until a
        whole round decides nothing. Returns that round's probes, {cell: (if filled, if empty)};
        raises Contradiction if some cell can be neither. `stop()` is called before each probe
        (the search uses it to enforce its budgets)."""
        while True:
            probes, progress = {}, False
            for r, c in self.probe_order(self, grid):
                if not self.choices(grid[r][c]):  # decided by an earlier probe of this round
                    continue
                stop()
                outcomes = [self.probe(grid, r, c, value) for value in self.choices(grid[r][c])]
                sure = self.certain(grid, outcomes)
                if sure:
                    self.propagate(grid, self.set_cells(grid, sure))
                    progress = True
                else:
                    probes[r, c] = outcomes
            if not progress:
                return probes


# %% [markdown]
# Before running it, look at probing up close, on lesson 3's *Edge* (webpbn #23, 10 columns by
# 11 rows), where line logic decides nothing. Take the cell whose probe decides most: one of its
# values contradicts and the other decides many cells (cells are named (row, column)). The left
# picture supposes the cell filled
# and shows in red what follows until a line has no layout left (named in the title; propagation
# stops there); the right one supposes it empty and shows everything that follows. So the cell is
# empty, and everything red on the right is certain.

# %% tags=["active-ipynb"]
# from pathlib import Path
# import matplotlib.pyplot as plt
# from nonodraw import changed_cells, draw_grid, draw_steps
# from nonofiles import read_puzzle
#
# PUZZLES = Path('..') / 'puzzles'   # the notebooks run in notebooks/
# edge_puzzle = read_puzzle(PUZZLES / 'webpbn-00023.non')
# edge = Engine(edge_puzzle.rows, edge_puzzle.cols)
# edge.propagate(edge.grid)
#
#
# def decides_alone(cell):
#     """How much the one surviving value of `cell` decides (0 unless exactly one survives)."""
#     outcomes = [edge.probe(edge.grid, *cell, value) for value in (1, 0)]
#     return len(outcomes[0] or outcomes[1]) if outcomes.count(None) == 1 else 0
#
#
# cell = max(edge.probe_order(edge, edge.grid), key=decides_alone)
# fig, axes = plt.subplots(1, 2, figsize=(9, 5.4))
# for ax, value in zip(axes, (1, 0)):
#     grid, failed = [row[:] for row in edge.grid], None
#     try:
#         edge.propagate(grid, edge.set_cells(grid, {cell: value}))
#     except Contradiction as error:  # propagation stops at the line that fails: name it
#         failed = str(error).split(' cannot')[0]
#     draw_grid(grid, edge.rows, edge.cols, ax=ax, numbers=True,
#               changed=changed_cells(edge.grid, grid), title=f'suppose {cell} '
#               f'{"filled" if value else "empty"}: {f"{failed} fails" if failed else "no contradiction"}')
# plt.show()

# %% [markdown]
# Now the whole of probing, on the whole of *Edge*. To see it work, a small subclass keeps a copy
# of the grid each time it propagates something a probe made certain. The first decisions each
# settle a single cell near the edge (the cells next to the border are tried first); they add up,
# until single probes decide whole regions at the end. Shown: the first four pictures and the last
# four, each with what its own decision settled in red.

# %% tags=["active-ipynb"]
# class RecordingEngine(Engine):
#     """An Engine that keeps a snapshot of its own grid each time it propagates on it."""
#     def propagate(self, grid, lines=None):
#         super().propagate(grid, lines)
#         if grid is self.grid:  # not a probe's trial copy: probing decided something
#             self.snapshots.append([row[:] for row in grid])
#         return grid
#
#
# edge = RecordingEngine(edge_puzzle.rows, edge_puzzle.cols)
# edge.snapshots = []
# edge.probe_all(edge.propagate(edge.grid))
# last = len(edge.snapshots) - 1
# print(f'Edge: {sum(r.count(None) for r in edge.snapshots[0])} unknown after line logic,',
#       f'{sum(r.count(None) for r in edge.grid)} after {last} decisions by probing;',
#       f'{edge.probes} probes, {edge.line_solves} line solves')
# shown = [0, 1, 2, 3] + list(range(last - 3, last + 1))
# draw_steps([edge.snapshots[k] for k in shown], edge.rows, edge.cols,
#            titles=['after line logic'] + [f'decision {k} of {last}' for k in shown[1:]],
#            changed=[changed_cells(edge.snapshots[max(k - 1, 0)], edge.snapshots[k]) for k in shown])
# plt.show()

# %% [markdown]
# Probing finishes *Edge* without a single guess, at a price in line solves: lesson 3's plain
# search needed none of these probes, only its guesses.

# %% tags=["active-ipynb"]
# plain = nonogram2d.Engine(edge_puzzle.rows, edge_puzzle.cols)
# list(plain.solutions())
# print(f'lesson 3, plain search: {plain.nodes} nodes, {plain.line_solves} line solves;',
#       f'probing: 1 node, {edge.probes} probes, {edge.line_solves} line solves')

# %% [markdown]
# On Edge the plain search is the cheaper: probing is not free, and on a small puzzle guessing
# costs little. Probing pays where guesses are expensive: on big puzzles, where one wrong guess
# can mean a deep search below it.
#
# ## Better guesses, and a budget
#
# Some puzzles defeat probing, and some have several solutions, which no sound deduction can pick
# between: the search must still guess. But probing knows how much each value of each cell
# decides, so the default guess, `best_probe`, takes the cell whose weaker value decides the
# most: whichever way the guess goes, much follows. The engine's `deduce` now runs line logic,
# then probing (unless `probing=False`), and keeps the last round of probes for `best_probe`.
#
# Search can take a very long time on a hard puzzle, and a program serving a user must not hang.
# `max_nodes` bounds the number of search nodes and `time_limit` the seconds; when either runs out
# the search raises `SearchLimit` (a `RuntimeError`), whose message says how far it got and whose
# attributes keep the solutions found so far. The engine also records how far a solve had to go,
# `method`: `'line'`, `'probing'` or `'search'`.

# %%
def best_probe(engine: 'Engine', grid: Grid) -> tuple[int, int]:
    """Strategy for the cell to guess: the one whose weaker value decides most, by the node's
    last round of probes; without probes (probing=False), the first unknown cell (the default)."""
    probes = engine.last_probes
    if not probes:
        return nonogram2d.first_unknown(engine, grid)
    return max(probes, key=lambda cell: min(len(decided) for decided in probes[cell]))


# %%
class Engine(Engine):
    """The engine, finished: probing at every node, guesses by probes, budgets."""

    def __init__(self, rows, cols, grid=None, *, choose_guess=best_probe, probing=True,
                 max_nodes=None, time_limit=None, **options):
        super().__init__(rows, cols, grid, choose_guess=choose_guess, **options)
        self.probing, self.last_probes = probing, {}
        self.max_nodes = checked_budget('max_nodes', max_nodes, int)
        self.time_limit = checked_budget('time_limit', time_limit, (int, float))
        self.found, self.start = [], time.perf_counter()

    def deduce(self, grid: Grid, lines=None):
        """Line logic, then (if `probing`) probing, within the budgets."""
        self.check_budget()
        self.last_probes = {}
        super().deduce(grid, lines)
        if self.probing and not self.solved(grid):
            self.method = 'probing' if self.method == 'line' else self.method
            self.last_probes = self.probe_all(grid, stop=self.check_budget)

    def solutions(self) -> Iterator[Grid]:
        """Every solution, each once, kept in `found` as well (for SearchLimit)."""
        for solution in super().solutions():
            self.found.append([row[:] for row in solution])
            yield solution

    def seconds(self) -> float:
        return time.perf_counter() - self.start

    def check_budget(self):
        """Raise SearchLimit if the node or time budget has run out."""
        over = []
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            over.append(f'max_nodes={self.max_nodes}')
        if self.time_limit is not None and self.seconds() > self.time_limit:
            over.append(f'time_limit={self.time_limit} s')
        if over:
            seconds = self.seconds()
            raise SearchLimit(f'search stopped by {" and ".join(over)} after {self.nodes} nodes, '
                              f'{self.probes} probes and {seconds:.1f} s, with '
                              f'{len(self.found)} solution(s) found so far',
                              self.nodes, seconds, [row[:] for row in self.found])


# %% [markdown]
# The public functions are lesson 3's, with this engine; `probing` and the strategies change the
# order of the work, and so which solution comes first and how much work it takes, never the set
# of solutions (the tests check this against brute force).

# %%
def solutions(rows, cols, grid=None, **options) -> Iterator[Grid]:
    """Every solution of the puzzle, each once, as a generator of grids (lists of rows of 0/1).
    Options are Engine's: line_solver, next_line, probe_order, choose_guess, probing, trace, and
    the budgets max_nodes (search nodes) and time_limit (seconds), which raise SearchLimit."""
    return Engine(rows, cols, grid, **options).solutions()


# %%
def solve(rows, cols, grid=None, **options) -> Grid:
    """The first solution found (a list of rows of 0/1), or Contradiction; options: `solutions`."""
    for solution in solutions(rows, cols, grid, **options):
        return solution
    raise Contradiction('the puzzle has no solution')


# %% [markdown]
# Lesson 3's 4x4 puzzle, with two solutions, needed five nodes of blind search; with probing and
# better guesses it needs fewer nodes, and more line solves (probing trades guesses for line
# solves):

# %% tags=["active-ipynb"]
# trace_rows, trace_cols = [[1, 1], [2], [1], [3]], [[1, 1], [1, 1], [1, 1], [1, 1]]
# for probing in (False, True):
#     engine = Engine(trace_rows, trace_cols, probing=probing)
#     found = list(engine.solutions())
#     print(f'probing={probing}: {len(found)} solutions, {engine.nodes} nodes,',
#           f'{engine.probes} probes, {engine.line_solves} line solves')

# %% [markdown]
# ## A verdict for a puzzle
#
# A teacher who makes a puzzle for a class wants to know three things before printing it. Does it
# have a solution at all? Exactly one (so the picture the pupils find is the one intended)? And
# how hard is it: can it be finished line by line, does it need "what if" reasoning (probing),
# or does it need guessing? `analyse` answers by asking the search for two solutions and
# reporting what it took. A `Verdict` holds the answer as data: `status` is `'none'`, `'unique'`
# or `'multiple'`; `method` is how far the solver had to go; `solutions` holds the (up to two)
# solutions found; and the counters say how much work it was. `describe` turns it into words.

# %%
@dataclass
class Verdict:
    """What analyse found: status 'none' | 'unique' | 'multiple'; method 'line' | 'probing' |
    'search' (how far the solver had to go); up to two solutions; and the work it took."""
    status: str
    method: str
    solutions: list = field(repr=False)
    nodes: int
    line_solves: int
    probes: int
    seconds: float

    def describe(self) -> str:
        """One line for people, without the timing (which varies from run to run)."""
        how = {'line': 'line logic alone', 'probing': 'line logic and probing',
               'search': 'search'}[self.method]
        what = {'none': 'no solution', 'unique': 'a unique solution',
                'multiple': 'more than one solution'}[self.status]
        return (f'{what}, found by {how} ({plural(self.nodes, "node")}, '
                f'{plural(self.probes, "probe")}, {plural(self.line_solves, "line solve")})')


# %%
def analyse(rows, cols, grid=None, **options) -> Verdict:
    """Judge a puzzle: no solution, one, or several? Found by line logic, probing or search?
    Returns a Verdict. Options are those of `solutions`."""
    engine = Engine(rows, cols, grid, **options)
    found = []
    for solution in engine.solutions():
        found.append(solution)
        if len(found) == 2:
            break
    return Verdict(['none', 'unique', 'multiple'][len(found)], engine.method, found,
                   engine.nodes, engine.line_solves, engine.probes, engine.seconds())


# %% [markdown]
# The verdicts of the puzzles so far: lesson 1's small 5x5 picture, the Cat and Edge, the 4x4
# and the 2x2 diagonal puzzle of lesson 3, a 2x2 puzzle that no picture fits, and Jan Wolter's
# Dancer (webpbn #1, 5 columns by 10 rows, a stick figure dancing, in `puzzles/`):

# %% tags=["active-ipynb"]
# small = pic2gram('01110\n11010\n01110\n00110\n00111')
# impossible = ([[2], []], [[2], []])  # well formed (two filled cells each way), no picture fits
# examples = {'small 5x5': small, 'Dancer (#1)': read_puzzle(PUZZLES / 'webpbn-00001.non'),
#             'Cat (#6)': read_puzzle(PUZZLES / 'webpbn-00006.non'), 'Edge (#23)': edge_puzzle,
#             'the 4x4': (trace_rows, trace_cols), 'diagonal 2x2': ([[1], [1]], [[1], [1]]),
#             'impossible 2x2': impossible}
# for name, puzzle in examples.items():
#     rows, cols = (puzzle.rows, puzzle.cols) if hasattr(puzzle, 'rows') else puzzle
#     print(f'{name:>16}: {analyse(rows, cols).describe()}')

# %% [markdown]
# To check a puzzle of your own, draw it in the picture below and run the cell again. The cell
# prints the verdict and draws the first solutions found next to the picture. Is this round ring
# a good puzzle? Then try a square frame (the whole border filled).

# %% tags=["active-ipynb"]
# my_picture = '''
# 01110
# 10001
# 10001
# 10001
# 01110
# '''
# my_rows, my_cols = pic2gram(my_picture)
# my_verdict = analyse(my_rows, my_cols)
# mine = [[int(ch) for ch in line] for line in my_picture.split()]
# print(my_verdict.describe(), '| the picture is among the solutions found:',
#       mine in my_verdict.solutions)
# draw_steps([mine] + my_verdict.solutions, my_rows, my_cols, changed=[[]] * 3,
#            titles=['the picture'] + [f'solution {k}' for k in (1, 2)][:len(my_verdict.solutions)])
# plt.show()

# %% [markdown]
# The ring is a poor puzzle: its clues fit other pictures, and the search meets two of them
# before the ring itself. A square frame has clues that only the frame fits.
#
# ## Random pictures
#
# Random pictures make endless test puzzles. At a density of one half, the puzzle of a random
# picture is rarely line-solvable and rarely unique: its many short blocks can be shuffled in
# more than one way. The generator takes a seed, so every run makes the same pictures.

# %%
def random_picture(height: int, width: int, density=0.5, seed=None) -> Grid:
    """A random picture (a list of rows of 0/1): each cell filled with probability `density`."""
    rng = random.Random(seed)
    return [[int(rng.random() < density) for _ in range(width)] for _ in range(height)]


# %% tags=["active-ipynb"]
# from collections import Counter
# verdicts = [analyse(*pic2gram(random_picture(20, 20, 0.5, seed))) for seed in range(10)]
# print('ten random 20x20 pictures at density 0.5:',
#       Counter(f'{verdict.status} by {verdict.method}' for verdict in verdicts))

# %% [markdown]
# A random 25x25 picture, which has very many solutions, with a budget of ten nodes: the search
# stops as it enters the eleventh.

# %% tags=["active-ipynb"]
# import re
# try:
#     list(solutions(*pic2gram(random_picture(25, 25, 0.5, seed=1)), max_nodes=10))
# except SearchLimit as error:
#     print('nodes:', error.nodes, '| solutions found so far:', len(error.solutions),
#           '\nmessage:', re.sub(r'[0-9.]+ s,', '... s,', str(error)))  # (the time varies)

# %% [markdown]
# Two limits of this engine: its pace (every probe copies the grid, and every node probes every
# unknown cell), and its depth (each guess is one more level of recursion, and Python stops a
# recursion at `sys.getrecursionlimit()` levels, a thousand unless a program raises it). Both are
# matters of engineering, not of the ideas.
#
# For a class, the library module `nonostepper` drives a solve live. Run the cell below, then
# press *next* to solve one line (its clue turns yellow, the cells it decided red), *back* to
# undo, or click a cell to probe or guess it; edit a clue and press Enter for the new puzzle's
# verdict. Try it on Edge: `stepper_widget(edge.rows, edge.cols)`.

# %% tags=["active-ipynb", "nbval-ignore-output"]
# from nonostepper import stepper_widget
# stepper_widget(*small)

# %% [markdown]
# ## What we have learned, and what comes next
#
# - A probe supposes a cell filled, then empty; what both agree on, or all that the only
#   survivor decides, is certain. `probe_all` repeats probes until a round decides nothing.
# - `best_probe` guesses where probing says most will follow; budgets (`max_nodes`,
#   `time_limit`) stop a search that takes too long, with `SearchLimit`.
# - `analyse` gives a `Verdict`: no solution, unique, or several, and whether line logic,
#   probing or search was needed.
#
# Next, lesson 5 meets a famous puzzle that comes with given cells, and a method that lists whole
# lines, which this lesson's engine beats.
#
# ## Exercises
#
# 1. *Predict, then run.* Does a plus sign (the middle row and the middle column of a 5x5 grid
#    filled) make a good puzzle? Does a 5x5 grid with only its four corners filled? Predict, then
#    run `analyse` on both.
# 2. Count the probes and nodes of `analyse` on Edge with `probe_order` set to reading order
#    (`lambda engine, grid: [(r, c) for r, row in enumerate(grid) for c, cell in enumerate(row)
#    if cell is None]`). Which order is cheaper, and why might that be?
# 3. *Prove it.* Show that when both values of a probed cell survive, a cell that came out the
#    same both ways is the same in every solution.
# 4. *Extend.* Write a verdict for ten random 10x10 pictures at densities 0.3, 0.5 and 0.7. At
#    which density are unique puzzles most common?
