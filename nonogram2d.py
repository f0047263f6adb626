# %% [markdown]
# # Lesson 3. Two dimensions: lines that talk to each other
#
# Lessons 1 and 2 solved one line. In a puzzle each cell belongs to two lines, its row and its
# column: what a row learns about a cell is news for the column. By the end of this lesson you
# will be able to
#
# - turn a picture into its puzzle, and print or draw a grid with its clues;
# - run the blog post's loop (every row, then every column, until nothing changes) and a better
#   one that solves again only the lines that have just learned something;
# - see where solving line by line stalls, and finish any puzzle by a small search that guesses a
#   cell both ways and lists **every** solution, each once.
#
# Solving lines one at a time with lesson 2's `solve_line` is called *line logic*. A grid is a
# list of rows of cells `1`, `0` or `None`; rows and columns are numbered from 0. We follow
# Paddy3118's blog post "Nonogram puzzle solver in 2D" (2014; *the post*) and keep its function
# names. This notebook is also the module `nonogram2d`.

# %%
"""Lesson 3: whole puzzles by propagation of line logic, and a plain search for every solution.

Start with solutions, solve and propagate; Engine does the work."""

from collections import deque
from collections.abc import Callable, Iterator
from itertools import zip_longest

from nonocheck import PuzzleError, check_picture, check_puzzle  # noqa: F401 (PuzzleError: API)
from nonoline import solve_line
from nonovector import Clue, Contradiction, Grid, Line, line2blocks

# %% [markdown]
# ## From pictures to puzzles
#
# The post's `pic2gram` goes from a picture to its clues: the clue of each row, and the clue of
# each column (the rows of the *transposed* picture, its columns turned into rows). A picture can
# be typed as text, one line of `0`s and `1`s per row, or given as a list of rows; the library's
# `check_picture` reads it and names any row or cell that is not right.

# %%
def transpose(grid: Grid) -> Grid:
    """The columns of a grid, as a list of rows."""
    return [list(column) for column in zip(*grid)]


# %%
def pic2gram(pic) -> tuple[list[Clue], list[Clue]]:
    """The clues of a picture: (row clues, column clues). Empty lines get the clue []."""
    picture = check_picture(pic)
    return ([line2blocks(row) for row in picture],
            [line2blocks(column) for column in transpose(picture)])


# %% tags=["active-ipynb"]
# smallex = '''
# 01110
# 11010
# 01110
# 00110
# 00111
# '''
# rows, cols = pic2gram(smallex)
# print('row clues:   ', rows, '\ncolumn clues:', cols)

# %% [markdown]
# Those are the clues of lesson 1's picture. The post's `parrayclues` prints a grid between bars,
# `#` for filled and `_` for empty (and here `?` for a cell not known yet), with the row clues on
# the right and each column's clue downwards under its column. `show_grid` is the compact form.

# %%
def parrayclues(grid: Grid, clues: tuple[list[Clue], list[Clue]]):
    """Print a grid between bars ('#' filled, '_' empty, '?' unknown) with its row clues on the
    right and its column clues below, as the post did."""
    rows, cols = clues
    out = ['|' + '|'.join({1: '#', 0: '_', None: '?'}[cell] for cell in row) + '| '
           + ' '.join(map(str, clue or [0])) for row, clue in zip(grid, rows)]
    for numbers in zip_longest(*[clue or [0] for clue in cols], fillvalue=''):
        out.append(''.join(f'{number:>2}' for number in numbers))
    print('\n'.join(out))


# %%
def show_grid(grid: Grid) -> str:
    """A grid as text: '#' filled, '.' empty, '?' unknown, one line per row."""
    return '\n'.join(''.join({1: '#', 0: '.', None: '?'}[cell] for cell in row) for row in grid)


# %% tags=["active-ipynb"]
# picture = check_picture(smallex)
# parrayclues(picture, (rows, cols))
# print('\n' + show_grid(picture))

# %% [markdown]
# Text is exact; a picture is quicker to read. The library module `nonodraw` draws a grid as a
# puzzle book does: filled cells black, empty white, unknown grey, the clues to the left and
# above; with `numbers=True`, row and column numbers too. Its `draw_steps` draws a whole solve
# at a glance, one small grid per step, the cells each step decided in red.

# %% tags=["active-ipynb"]
# import matplotlib.pyplot as plt
# from nonodraw import draw_grid, draw_steps
#
# fig, (left, right) = plt.subplots(1, 2, figsize=(7, 3.8))
# draw_grid([[None] * 5 for _ in range(5)], rows, cols, ax=left, title='the puzzle', numbers=True)
# draw_grid(picture, rows, cols, ax=right, title='its solution', numbers=True)
# plt.show()

# %% [markdown]
# ## The post's loop: rows, then columns, until nothing changes
#
# The post's strategy: solve every row with the line solver, writing what it decides into the
# grid. Then turn the grid on its side (transpose it), so that the columns become rows, and solve
# them the same way. Turn it back and repeat until a whole round decides nothing new, or nothing
# is left to decide. If any line has no layout that fits, `solve_line` raises `Contradiction`,
# and so does the loop. The line solver is a parameter, so that another can be plugged in (and
# the library's `check_puzzle` checks the puzzle first).

# %%
LineSolver = Callable[[Clue, Line], Line]


def solve_lines(clues: list[Clue], grid: Grid, line_solver: LineSolver = solve_line) -> Grid:
    """Solve every row of `grid` against its clue; return the new grid (a new list of rows)."""
    return [list(line_solver(clue, row)) for clue, row in zip(clues, grid)]


# %%
def sweep(rows: list[Clue], cols: list[Clue], grid: Grid,
          line_solver: LineSolver = solve_line) -> Grid:
    """One round of the post's loop: every row, then (on the transposed grid) every column."""
    grid = solve_lines(rows, grid, line_solver)
    return transpose(solve_lines(cols, transpose(grid), line_solver))


# %%
def sweep_history(rows, cols, grid=None, line_solver: LineSolver = solve_line) -> list[Grid]:
    """The grids after each round of `sweep`, starting with the given grid, until a round changes
    nothing or no cell is left unknown. Each round solves len(rows) + len(cols) lines."""
    rows, cols, grid = check_puzzle(rows, cols, grid)
    history = [grid]
    while any(None in row for row in grid):
        grid = sweep(rows, cols, grid, line_solver)
        if grid == history[-1]:
            break
        history.append(grid)
    return history


# %% [markdown]
# Our five-by-five run, printed the post's way after each round:

# %% tags=["active-ipynb"]
# def print_run(history, clues):
#     """Print each round of a run as the post did: a count, then the grid with its clues."""
#     for iteration, grid in enumerate(history[1:], start=1):
#         print(f'Iteration {iteration} has {sum(row.count(None) for row in grid)} unknown cells')
#         parrayclues(grid, clues)
#
# history = sweep_history(rows, cols)
# print_run(history, (rows, cols))

# %% [markdown]
# Twelve unknown cells after the first round, as in the post; but our loop finishes in the second
# round, where the post needed a third. The difference is in the line solver: lesson 1 found that
# the post's `nonovector` forgot to check, for a single block, that no filled cell is left after
# it. In the second round the rows fill the bottom cell of column 4 (clue `1`); solving the
# columns next, the post's solver still lets that column's block sit in the top cell, which stays
# unknown for another round. A stand-in for the post's solver, bug included (written from its
# description; like the post's, it never forgets a known cell) replays its run:

# %% tags=["active-ipynb"]
# def post_solve_line(blocks, line):
#     """A line solver with the post's bug: a lone block ignores filled cells after it."""
#     if len(blocks) != 1:
#         return solve_line(blocks, line)
#     n, length = len(line), blocks[0]
#     layouts = [[0] * start + [1] * length + [0] * (n - start - length)
#                for start in range(n - length + 1)  # (the bug: cells after the next one unchecked)
#                if 0 not in line[start:start + length] and 1 not in line[:start]
#                and not (start + length < n and line[start + length] == 1)]
#     if not layouts:
#         raise Contradiction(f'no layout of {blocks} fits')
#     agreed = [column[0] if len(set(column)) == 1 else None for column in zip(*layouts)]
#     return [old if old is not None else new for old, new in zip(line, agreed)]  # flags only add
#
# post_history = sweep_history(rows, cols, line_solver=post_solve_line)
# print_run(post_history, (rows, cols))

# %% [markdown]
# Both runs in pictures, each round's newly decided cells in red (filled) and pale red (empty).
# The post's solver, top, decides the last cell, top right, one round late:

# %% tags=["active-ipynb"]
# for run, name in ((post_history, "the post's line solver"), (history, "lesson 2's line solver")):
#     fig = draw_steps(run, rows, cols, numbers=True,
#                      titles=['start'] + [f'round {k}' for k in range(1, len(run))])
#     fig.suptitle(f"The post's loop with {name}", fontsize=11)
#     plt.show()

# %% [markdown]
# ## Solving again only what changed
#
# The post's loop wastes work: each round solves *every* line, even one in which nothing has
# changed since it was last solved. A better loop keeps a queue of *dirty* lines, the ones that
# may have something to learn. At the start every line is dirty. Take a line from the queue and
# solve it; for each cell it decides, the line crossing that cell becomes dirty and joins the
# queue, unless it is already waiting there. When the queue is empty, no line can learn anything
# more.
#
# Does the queue reach the same grid as the post's loop, in another order? It does, because
# deductions only ever *add* knowledge: a line solver never unsets a cell, and what it deduces
# from a line stays true when more of the line is known. So a deduction that one order makes,
# every order makes sooner or later (the line stays dirty until it is solved again), and both
# loops stop at the same grid: the *fixpoint* of line logic, which solving any line again leaves
# as it is. The order changes how many solves it takes, never where it ends.
#
# Which dirty line to take next is therefore a free choice: a function, a *strategy*, passed to
# the engine (the default: the line that has waited longest). The engine is one small class,
# `Engine`, holding the clues, the line solver, the strategy and a count of line solves; row `r`
# is line `r` and column `c` is line `height + c`. The search section below extends it with
# `class Engine(Engine):`, a class of the same name that inherits everything so far.

# %%
def first_in_first_out(engine: 'Engine', queue: deque) -> int:
    """Strategy for the next line to solve: the one that has waited longest (the default)."""
    return queue.popleft()


# %%
class Engine:
    """One solve of one puzzle: its clues, the line solver, the strategy for the next line, and a
    count of line solves. Methods change the grid passed in. (The search adds to it.)"""
    check_puzzle = staticmethod(check_puzzle)  # (a subclass may check another kind of puzzle)

    def __init__(self, rows, cols, grid=None, *, line_solver: LineSolver = solve_line,
                 next_line=first_in_first_out):
        self.rows, self.cols, self.grid = self.check_puzzle(rows, cols, grid)
        self.height, self.width = len(self.rows), len(self.cols)
        self.clues = self.rows + self.cols
        self.line_solver, self.next_line = line_solver, next_line
        self.line_solves = 0

    def line_cells(self, grid: Grid, line: int) -> Line:
        """A copy of the cells of a line."""
        return list(grid[line]) if line < self.height else [row[line - self.height] for row in grid]

    def propagate(self, grid: Grid, lines=None) -> Grid:
        """Solve lines (all, or the given ones) until none can learn more, writing what they
        decide into `grid`; only a line crossing a newly decided cell is solved again.
        Raises Contradiction, naming the line, if some line has no layout that fits."""
        queue = deque(range(self.height + self.width) if lines is None else lines)
        while queue:
            self.solve_next_line(grid, queue)
        return grid

    def solve_next_line(self, grid: Grid, queue: deque) -> tuple[int, list[tuple[int, int]]]:
        """Solve the line the strategy takes from `queue`, write what it decides into `grid` and
        queue the lines crossing those cells; return (the line, the cells it decided)."""
        line = self.next_line(self, queue)
        old = self.line_cells(grid, line)
        self.line_solves += 1
        try:
            new = self.line_solver(self.clues[line], old)
        except Contradiction:
            raise Contradiction(f'{self.line_name(line)} cannot hold its clue') from None
        decided = {((line, i) if line < self.height else (i, line - self.height)): after
                   for i, (before, after) in enumerate(zip(old, new)) if after != before}
        queue.extend([crossing for crossing in self.set_cells(grid, decided)
                      if crossing != line and crossing not in queue])
        return line, list(decided)

    def line_name(self, line: int) -> str:
        """'row r' or 'column c'."""
        return f'row {line}' if line < self.height else f'column {line - self.height}'

    def set_cells(self, grid: Grid, cells: dict) -> list[int]:
        """Write `cells`, {(row, column): value}, into `grid`; return their rows and columns."""
        for (r, c), value in cells.items():
            grid[r][c] = value
        return sorted({line for r, c in cells for line in (r, self.height + c)})


# %%
def propagate(rows, cols, grid=None, **options) -> Grid:
    """The grid at the line-logic fixpoint (a new list of rows of 1/0/None), or Contradiction."""
    engine = Engine(rows, cols, grid, **options)
    return engine.propagate(engine.grid)


# %% [markdown]
# Both loops reach the same grid; count the lines each solved. Our run of the post's loop above
# took two rounds of ten lines each. On a puzzle this small the queue saves little:

# %% tags=["active-ipynb"]
# engine = Engine(rows, cols)
# assert engine.propagate(engine.grid) == history[-1] == picture
# print(f"post's loop: {(len(history) - 1) * (len(rows) + len(cols))} line solves;",
#       f'queue: {engine.line_solves} line solves')

# %% [markdown]
# The saving grows with the puzzle. A bigger test: Jan Wolter's *Cat*, a 20x20 cat sitting on a
# fence, puzzle #6 of his web paint-by-number site (webpbn) and of his survey of solvers. It is in
# this project's `puzzles/` folder (`puzzles/SOURCES.md` gives each puzzle's author and licence),
# in the common `.non` format: a `width` and a `height` line, then one clue per row under a line
# `rows` and one per column under a line `columns`. The library module `nonofiles` reads it.

# %% tags=["active-ipynb"]
# from pathlib import Path
# from nonofiles import read_puzzle
#
# PUZZLES = Path('..') / 'puzzles'   # the notebooks run in notebooks/
# cat = read_puzzle(PUZZLES / 'webpbn-00006.non')
# cat_history = sweep_history(cat.rows, cat.cols)
# cat_engine = Engine(cat.rows, cat.cols)
# cat_engine.propagate(cat_engine.grid)
# assert cat_engine.grid == cat_history[-1] and None not in sum(cat_engine.grid, [])
# sweep_solves = (len(cat_history) - 1) * (cat.height + cat.width)
# print(f"Cat, {cat.height}x{cat.width}: post's loop {len(cat_history) - 1} rounds =",
#       f'{sweep_solves} line solves; queue {cat_engine.line_solves} line solves',
#       f'({sweep_solves / cat_engine.line_solves:.1f} times fewer)')

# %% [markdown]
# ## When the lines stop learning
#
# The post ends with an honest question: is that it? Not always. Line logic uses one line at a
# time, and some puzzles need reasoning that combines lines. Wolter's *Edge* (webpbn #23, 11x10,
# rows x columns, in `puzzles/`) is one: line logic does not decide a single cell. No clue is long
# enough to overlap with itself, and nothing else gets started.

# %% tags=["active-ipynb"]
# edge = read_puzzle(PUZZLES / 'webpbn-00023.non')
# edge_stalled = propagate(edge.rows, edge.cols)
# print(sum(row.count(None) for row in edge_stalled), 'of', edge.height * edge.width,
#       'cells still unknown after line logic')
# draw_grid(edge_stalled, edge.rows, edge.cols, title='Edge (webpbn #23): where line logic stalls')
# plt.show()

# %% [markdown]
# ## Search: guess a cell, both ways
#
# When line logic stalls, *guess*: choose an unknown cell, fill it and solve on; then try it
# empty. That is a depth-first search, written like Peter Norvig's Sudoku solver ("Solving Every
# Sudoku Puzzle", norvig.com/sudoku.html): a function that deduces what it can and, if that is not
# the end, calls itself once for each value of one cell. It finds **every solution exactly
# once**: the two branches of a guess differ in that cell, so no solution is found twice; every
# solution has the cell filled or empty and every deduction is certain, so none is missed; and a
# full grid is accepted only if the (exact) line solver found every line consistent with its
# clue, so nothing else is found. As a generator it is **lazy**: it hands over each solution as
# soon as it finds it. Each call has its own copy of the grid, so going back is simply returning.
#
# Each call is a *node* of the search; the first is the *root*. `deduce` is what a node works out
# before it guesses (here, line logic); `choices` lists the values a cell may still take; the
# cell to guess is a strategy, by default the first unknown cell in reading order. `trace`, if
# given, is called at every node.

# %%
def first_unknown(engine: Engine, grid: Grid) -> tuple[int, int]:
    """Strategy for the cell to guess: the first unknown cell in reading order (the default);
    `engine.choices(cell)`, defined below, lists the values a cell may still take."""
    return next((r, c) for r, row in enumerate(grid) for c, cell in enumerate(row)
                if engine.choices(cell))


# %%
class Engine(Engine):
    """The engine, finished: a search for every solution. `method` says how far it had to go:
    'line' (line logic alone) or 'search' (it guessed)."""

    def __init__(self, rows, cols, grid=None, *, choose_guess=first_unknown, trace=None,
                 **options):
        super().__init__(rows, cols, grid, **options)
        self.choose_guess = choose_guess
        self.trace = trace or (lambda engine, depth, grid, what: None)
        self.nodes, self.method = 0, 'line'

    def choices(self, cell) -> tuple:
        """The values a cell may still take: both if unknown, none if known."""
        return (1, 0) if cell is None else ()

    def solved(self, grid: Grid) -> bool:
        """Is every cell known?"""
        return not any(self.choices(cell) for row in grid for cell in row)

    def deduce(self, grid: Grid, lines=None):
        """What a node works out before it guesses: line logic, from `lines` (all if None)."""
        self.propagate(grid, lines)

    def search(self, grid: Grid, lines=None, depth=0) -> Iterator[Grid]:
        """Every solution that `grid` can still become, each once (a generator). `lines`: the
        lines to propagate from (all if None)."""
        self.nodes += 1
        try:
            self.deduce(grid, lines)
        except Contradiction:
            self.trace(self, depth, grid, 'dead end')
            return
        if self.solved(grid):
            self.trace(self, depth, grid, 'solution')
            yield grid
            return
        r, c = self.choose_guess(self, grid)
        self.trace(self, depth, grid, f'guess ({r}, {c})')
        self.method = 'search'
        for value in self.choices(grid[r][c]):
            child = [row[:] for row in grid]
            yield from self.search(child, self.set_cells(child, {(r, c): value}), depth + 1)

    def solutions(self) -> Iterator[Grid]:
        """Every solution of the puzzle (new lists of rows of 0/1), each once, depth first."""
        for solution in self.search([row[:] for row in self.grid]):
            yield [row[:] for row in solution]


# %% [markdown]
# A worked example first. This little 4x4 puzzle has two solutions and needs two levels of
# guesses. The trace prints each node, indented by its depth: what line logic left of the grid,
# and what happened there.

# %% tags=["active-ipynb"]
# def print_node(engine, depth, grid, what):
#     """A trace function: the node's number, its grid and what happened, indented by depth."""
#     print('    ' * depth + f'node {engine.nodes}: {what}')
#     for row in show_grid(grid).splitlines():
#         print('    ' * depth + '  ' + row)
#
# trace_rows, trace_cols = [[1, 1], [2], [1], [3]], [[1, 1], [1, 1], [1, 1], [1, 1]]
# traced = Engine(trace_rows, trace_cols, trace=print_node)
# trace_solutions = list(traced.solutions())
# print(f'{len(trace_solutions)} solutions, {traced.nodes} nodes')

# %% [markdown]
# At the root, line logic leaves most of the grid open; the search fills the first unknown cell
# and goes one level deeper. A node reaches a solution, runs into a line with no layout (a dead
# end), or guesses again; when a child returns, its parent tries the other value.
#
# The public functions wrap the engine. `solutions` checks the puzzle at once (a malformed puzzle
# raises `PuzzleError` when `solutions` is called, not when the first solution is asked for);
# `solve` returns the first solution. `grid` carries cells known in advance. The strategies change
# the order of the work, and so which solution comes first, but never the set of solutions (the
# tests check this against brute force).

# %%
def solutions(rows, cols, grid=None, **options) -> Iterator[Grid]:
    """Every solution of the puzzle, each once, as a generator of grids (lists of rows of 0/1).
    Options are Engine's: line_solver, next_line, choose_guess, trace."""
    return Engine(rows, cols, grid, **options).solutions()


# %%
def solve(rows, cols, grid=None, **options) -> Grid:
    """The first solution found (a list of rows of 0/1), or Contradiction; options: `solutions`."""
    for solution in solutions(rows, cols, grid, **options):
        return solution
    raise Contradiction('the puzzle has no solution')


# %% [markdown]
# The search finishes Edge, and finds both pictures of the 2x2 puzzle whose clues are all `1`:
# either diagonal fits.

# %% tags=["active-ipynb"]
# edge_search = Engine(edge.rows, edge.cols)
# edge_solutions = list(edge_search.solutions())
# print(f'Edge: {len(edge_solutions)} solution, {edge_search.nodes} nodes')
# draw_grid(edge_solutions[0], edge.rows, edge.cols, title='Edge, finished by the search')
# plt.show()
# diagonal_rows = diagonal_cols = [[1], [1]]
# draw_steps([[[None, None], [None, None]]] + list(solutions(diagonal_rows, diagonal_cols)),
#            diagonal_rows, diagonal_cols, titles=['puzzle', 'solution 1', 'solution 2'],
#            changed=[[]] * 3)
# plt.show()

# %% [markdown]
# ## What we have learned, and what comes next
#
# - `pic2gram` turns a picture into its puzzle; `parrayclues` and `show_grid` print a grid.
# - `sweep_history` is the post's loop; `Engine.propagate` reaches the same fixpoint, solving
#   again only the lines that crossed a new cell.
# - Where line logic stalls, `Engine.search` guesses a cell both ways and finds every solution
#   exactly once (`solutions`, `solve`); the line solver and two strategies are parameters.
#
# Blind guessing is expensive: every guess doubles the work below it. Next, lesson 4 makes each
# node smarter (it *probes* cells before guessing) and judges a puzzle: no solution, one, or
# several, and how hard.
#
# ## Exercises
#
# 1. *Predict, then run.* How many rounds of the post's loop does the picture `'111\n101\n111'`
#    (a ring) need, and how many solutions does `solutions` find? Check with `sweep_history` and
#    `solutions`.
# 2. Pass `next_line=lambda engine, queue: queue.pop()` (take the newest line first) to `Engine`
#    for the Cat. Does it reach the same grid? With more or fewer line solves?
# 3. *Prove it.* `propagate` returns the same grid whatever strategy `next_line` is. Does
#    `solutions` return the same solutions, in the same order, whatever `choose_guess` is?
#    Argue both halves, then check on the 4x4 puzzle with the strategy of exercise 4.
# 4. *Extend.* Write a `choose_guess` strategy that guesses in the row with the fewest unknown
#    cells (ties: the first such row). Count the nodes it needs on the 4x4 puzzle, against
#    `first_unknown`. Why might it help?
