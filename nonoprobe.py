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
# The engine is lesson 3's, extended: a new `deduce` (line logic, then probing) and a new
# strategy for the cell to guess. This notebook is the module `nonoprobe`.

# %%
"""Lesson 4: probing, guesses chosen by probes, search budgets, and a verdict for a puzzle."""

import random
import time
from collections.abc import Iterator
from dataclasses import dataclass, field

import nonogram2d
from nonocheck import (check_fraction, check_has, check_seed, check_size, check_table,
                       checked_budget, plural, search_limit)
from nonogram2d import pic2gram
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
#   certain, but we know how much each value would decide.
#
# `probe_all` probes every unknown cell (each probe works on a copy of the grid), and repeats
# while a round of probes decides something. The order of the probes is one more strategy. The default tries first
# the cells next to known cells (or to the edge of the grid), on the idea that their lines are
# the most constrained; that is a bet about puzzles, not a rule.

# %%
def most_known_neighbours(engine: nonogram2d.Engine, grid: Grid) -> list[tuple[int, int]]:
    """Strategy for the order of probes: the unknown cells, those with more known neighbours
    first (the edge of the grid counts as known), then in reading order (the default)."""
    grid = check_table('grid', grid)
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
        """Probe every unknown cell both ways (calling `stop()` first), writing what is certain into
        `grid`, until a round decides nothing; return its probes, {cell: (if filled, if empty)}."""
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
# Look at one probe up close, on lesson 3's *Edge*, where line logic decides nothing. Take the
# cell whose probe decides most. The left picture supposes it filled and shows in red what
# follows, up to the line that has no layout left (named in the title; propagation stops there);
# the right one supposes it empty. So the cell is empty, and everything marked on the right is
# certain. (The library's `draw_probe` draws the two pictures.)

# %% tags=["active-ipynb"]
# import matplotlib.pyplot as plt
# from nonocheck import SearchLimit, check_picture
# from nonodraw import draw_probe, draw_steps
# from nonofiles import read_puzzle
#
# edge_puzzle = read_puzzle('../puzzles/webpbn-00023.non')  # (the notebooks run in notebooks/)
# edge = Engine(edge_puzzle.rows, edge_puzzle.cols)  # line logic decides nothing here
# def decides_alone(cell):  # how much the one surviving value decides (0 unless just one survives)
#     outcomes = [edge.probe(edge.grid, *cell, value) for value in (1, 0)]
#     return len(outcomes[0] or outcomes[1]) if outcomes.count(None) == 1 else 0
#
# draw_probe(edge, edge.grid, max(edge.probe_order(edge, edge.grid), key=decides_alone))
# plt.show()

# %% [markdown]
# Now `probe_all` on the whole of Edge, against lesson 3's plain search:

# %% tags=["active-ipynb"]
# edge = Engine(edge_puzzle.rows, edge_puzzle.cols)
# edge.probe_all(edge.propagate(edge.grid))
# plain = nonogram2d.Engine(edge_puzzle.rows, edge_puzzle.cols)
# list(plain.solutions())
# print(f'probing: solved {edge.solved(edge.grid)}, {edge.probes} probes, {edge.line_solves}',
#       f'line solves; plain search: {plain.nodes} nodes, {plain.line_solves} line solves')

# %% [markdown]
# Probing finishes Edge without a guess, but on this small puzzle guessing is cheaper.
#
# ## Better guesses, and a budget
#
# Some puzzles defeat probing, and some have several solutions, which no sound deduction can pick
# between: the search must still guess. Probing knows how much each value of each cell decides,
# so the default strategy for the cell to *guess*, `best_probe`, takes the cell whose weaker value
# decides most: whichever way the guess goes, much follows. The engine's `deduce` now runs line
# logic, then probing (unless `probing=False`); lesson 3's `method` gains a value, `'probing'`.
#
# A program serving a user must not hang on a hard puzzle. `max_nodes` bounds the nodes and
# `time_limit` the seconds; when either runs out the search raises `SearchLimit`, which says how
# far it got and keeps the solutions found so far. (The library's `checked_budget` rejects a
# budget that is not a number of at least 0; its `search_limit` words the error.)

# %%
def best_probe(engine: 'Engine', grid: Grid) -> tuple[int, int]:
    """Strategy for the cell to guess (the default): the one whose weaker value decides most, by
    the node's last round of probes; without probes (probing=False), the first unknown cell."""
    check_has('engine', engine, 'last_probes'), check_table('grid', grid)
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
            raise search_limit(over, self.nodes, self.probes, self.seconds(), self.found)


# %% [markdown]
# `solutions` and `solve` are lesson 3's, with this engine.

# %%
def solutions(rows, cols, grid=None, **options) -> Iterator[Grid]:
    """Every solution, each once, as a generator of grids. Options are Engine's: lesson 3's, and
    probe_order, probing, and the budgets max_nodes and time_limit (seconds)."""
    return Engine(rows, cols, grid, **options).solutions()


# %%
def solve(rows, cols, grid=None, **options) -> Grid:
    """The first solution found (a list of rows of 0/1), or Contradiction; options: `solutions`."""
    for solution in solutions(rows, cols, grid, **options):
        return solution
    raise Contradiction('the puzzle has no solution')


# %% [markdown]
# Probing pays where guesses are expensive. Jan Wolter's *Petro* (webpbn #436, 35x40, a stone
# face, in `puzzles/`) needs no guess with probing; lesson 3's plain search (`probing=False`),
# given a budget of 500 nodes, has spent more line solves than probing's whole solve and still
# has no solution:

# %% tags=["active-ipynb"]
# petro = read_puzzle('../puzzles/webpbn-00436.non')
# with_probing = Engine(petro.rows, petro.cols)
# print(f'probing: {len(list(with_probing.solutions()))} solution, {with_probing.nodes} node,',
#       f'{with_probing.line_solves:,} line solves')
# plain = Engine(petro.rows, petro.cols, probing=False, max_nodes=500)
# try:
#     list(plain.solutions())
# except SearchLimit as error:
#     print(f'plain search: stopped after {error.nodes} nodes and {plain.line_solves:,} line',
#           f'solves, {len(error.solutions)} solutions')

# %% [markdown]
# ## A verdict for a puzzle
#
# A teacher who makes a puzzle for a class wants to know three things before printing it. Does it
# have a solution? Exactly one (so the picture the pupils find is the one intended)? How hard is
# it: line logic alone, "what if" reasoning (probing), or guessing? `analyse` asks the search for
# two solutions. Its `Verdict` holds the `status` (`'none'`, `'unique'` or `'multiple'`), the
# `method`, the (up to two) `solutions` found, and the work it took; `describe` says it in words.

# %%
@dataclass
class Verdict:
    """What analyse found: a status, a method, up to two solutions, and the work it took."""
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
    """Judge a puzzle (a Verdict); options are those of `solutions`."""
    engine = Engine(rows, cols, grid, **options)
    found = []
    for solution in engine.solutions():
        found.append(solution)
        if len(found) == 2:
            break
    return Verdict(['none', 'unique', 'multiple'][len(found)], engine.method, found,
                   engine.nodes, engine.line_solves, engine.probes, engine.seconds())


# %% [markdown]
# The verdicts of lesson 1's 5x5 picture, Edge, lesson 3's 4x4 puzzle (with probing, and then
# with `probing=False`: fewer nodes with probing, more line solves) and a 2x2 puzzle that no
# picture fits:

# %% tags=["active-ipynb"]
# small = pic2gram('01110\n11010\n01110\n00110\n00111')
# examples = {'small 5x5': small, 'Edge': (edge.rows, edge.cols),
#             'the 4x4': ([[1, 1], [2], [1], [3]], [[1, 1]] * 4),
#             'impossible 2x2': ([[2], []], [[2], []])}  # well formed, but no picture fits
# for name, (rows, cols) in examples.items():
#     print(f'{name:>14}: {analyse(rows, cols).describe()}')
# print(f'{"4x4, no probing":>14}: {analyse(*examples["the 4x4"], probing=False).describe()}')

# %% [markdown]
# To check a puzzle of your own, draw it in the picture below and run the cell again. The cell
# prints the verdict and draws the picture next to the first solutions found. Is this ring a good
# puzzle? Then try a square frame (the whole border filled).

# %% tags=["active-ipynb"]
# my_picture = check_picture('''01110
# 10001
# 10001
# 10001
# 01110''')
# my_verdict = analyse(*pic2gram(my_picture))
# print(f'{my_verdict.describe()} | the picture among them: {my_picture in my_verdict.solutions}')
# draw_steps([my_picture] + my_verdict.solutions, *pic2gram(my_picture), changed=[[]] * 3,
#            titles=['the picture', 'solution 1', 'solution 2'])  # (changed: no red marks)
# plt.show()

# %% [markdown]
# The ring is a poor puzzle: its clues fit other pictures, and the search meets two of them
# before the ring itself. A square frame has clues that only the frame fits.
#
# ## Random pictures
#
# Random pictures make endless test puzzles. A random 20x20 picture at a density of one half is
# rarely line-solvable and rarely unique: its many short blocks can be shuffled in more than one
# way. The generator takes a seed, so every run makes the same pictures.

# %%
def random_picture(height: int, width: int, density=0.5, seed=None) -> Grid:
    """A random picture (a list of rows of 0/1): each cell filled with probability `density`."""
    check_size(height, width), check_fraction('density', density), check_seed(seed)
    rng = random.Random(seed)
    return [[int(rng.random() < density) for _ in range(width)] for _ in range(height)]


# %% tags=["active-ipynb"]
# from collections import Counter
# verdicts = [analyse(*pic2gram(random_picture(20, 20, 0.5, seed))) for seed in range(10)]
# print('ten random 20x20 pictures:', Counter(f'{v.status} by {v.method}' for v in verdicts))

# %% [markdown]
# Two limits of this engine: its pace (every probe copies the grid, and every node probes every
# unknown cell), and its depth (each guess is one more level of recursion, which Python bounds by
# `sys.getrecursionlimit()`). Both are matters of engineering, not of ideas.
#
# For a class, the library module `nonostepper` drives a solve live. When the notebook runs in
# Jupyter, the cell below shows a stepper (a page of the book shows only a note): press *next* to
# solve one line (its clue turns yellow, the cells it decided red), *back* to undo, or click a
# cell to probe or guess it; edit a clue and press Enter for the new puzzle's verdict. Try it on
# Edge: `stepper_widget(edge.rows, edge.cols)`.

# %% tags=["active-ipynb", "nbval-ignore-output"]
# from nonostepper import stepper_widget
# stepper_widget(*small)

# %% [markdown]
# ## What we have learned, and what comes next
#
# - A probe supposes a cell filled, then empty; what both agree on, or all that the only
#   survivor decides, is certain.
# - `best_probe` guesses where probing says most will follow; budgets stop a long search.
# - `analyse` gives a `Verdict`: no solution, unique, or several, and whether line logic,
#   probing or search was needed.
#
# Next, lesson 5 meets a famous puzzle that comes with given cells.
#
# ## Exercises
#
# 1. *Predict, then run.* Is a plus sign (the middle row and the middle column of a 5x5 grid
#    filled) a good puzzle? And a 5x5 grid with only its four corners filled? Check with
#    `analyse`.
# 2. Count the probes and line solves of `analyse` on Edge and on Wolter's *Mum*
#    (`puzzles/webpbn-00065.non`, 40x34), with the default `probe_order` and with reading order
#    (`lambda engine, grid: [(r, c) for r, row in enumerate(grid) for c, cell in enumerate(row)
#    if cell is None]`). Which order is cheaper on each?
# 3. *Prove it.* Show that when both values of a probed cell survive, a cell that came out the
#    same both ways is the same in every solution.
# 4. *Extend.* Analyse ten random 10x10 pictures per density, at densities 0.3, 0.5 and 0.7. At
#    which density are unique puzzles most common?
