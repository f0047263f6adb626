# %% [markdown]
# # Lesson 3. Two dimensions: lines that talk to each other
#
# In a puzzle each cell belongs to two lines, its row and its column: what a row learns about a
# cell is news for the column. By the end of this lesson you will be able to
#
# - turn a picture into its puzzle, and print or draw a grid with its clues;
# - run the blog post's loop (every row, then every column, until nothing changes) and a better
#   one that solves again only the lines that have learned something;
# - finish a puzzle where that stalls, by a search that lists **every** solution, each once.
#
# Solving lines one at a time with lesson 2's `solve_line` is *line logic*. A grid is a list of
# rows of cells `1`, `0` or `None` (unknown); cell (r, c) is in row r and column c, both counted
# from 0. We follow part 2 of Paddy3118's blog post, "Nonogram puzzle solver in 2D" (*the post*;
# lesson 1 retold part 1), and keep its names. This notebook is also the module `nonogram2d`.

# %%
"""Lesson 3: whole puzzles by propagation of line logic, and a plain search for every solution."""

from collections import deque
from collections.abc import Callable, Iterator
from itertools import zip_longest

from nonocheck import (check_callable, check_clue_pair, check_has, check_list, check_picture,
                       check_puzzle, check_table)
from nonoline import solve_line
from nonovector import Clue, Contradiction, Grid, Line, line2blocks

# %% [markdown]
# ## From pictures to puzzles
#
# The post's `pic2gram` turns a picture into its clues: each row's, and each column's (the rows
# of the *transposed* picture, its columns turned into rows). A picture is text, one line of `0`s
# and `1`s per row, or a list of rows; the library's `check_picture` names any row or cell that
# is wrong.

# %%
def transpose(grid: Grid) -> Grid:
    """The columns of a grid, as a list of rows."""
    grid = check_table('grid', grid)
    return [list(column) for column in zip(*grid)]


# %%
def pic2gram(pic) -> tuple[list[Clue], list[Clue]]:
    """The clues of a picture: (row clues, column clues). Empty lines get the clue []."""
    picture = check_picture(pic)
    return ([line2blocks(row) for row in picture],
            [line2blocks(column) for column in transpose(picture)])


# %% tags=["active-ipynb"]
# smallex = '01110\n11010\n01110\n00110\n00111'  # lesson 1's picture, a line of text per row
# rows, cols = pic2gram(smallex)
# print('row clues:   ', rows, '\ncolumn clues:', cols)

# %% [markdown]
# The post's `parrayclues` prints a grid between bars, `#` for filled and `_` for empty (and here
# `?` for unknown), the row clues on the right and each column's clue downwards under its column.
# `show_grid` is the compact form.

# %%
def parrayclues(grid: Grid, clues: tuple[list[Clue], list[Clue]]):
    """Print a grid between bars ('#' filled, '_' empty, '?' unknown) with its row clues on the
    right and its column clues below, as the post did."""
    grid, clues = check_table('grid', grid, cells='grid'), check_clue_pair(clues)
    rows, cols = clues
    out = ['|' + '|'.join({1: '#', 0: '_', None: '?'}[cell] for cell in row) + '| '
           + ' '.join(map(str, clue or [0])) for row, clue in zip(grid, rows)]
    for numbers in zip_longest(*[clue or [0] for clue in cols], fillvalue=''):
        out.append(''.join(f'{number:>2}' for number in numbers))
    print('\n'.join(out))


# %%
def show_grid(grid: Grid) -> str:
    """A grid as text: '#' filled, '.' empty, '?' unknown, one line per row."""
    grid = check_table('grid', grid, cells='grid')
    return '\n'.join(''.join({1: '#', 0: '.', None: '?'}[cell] for cell in row) for row in grid)


# %% tags=["active-ipynb"]
# picture = check_picture(smallex)
# parrayclues(picture, (rows, cols))
# print('\n' + show_grid(picture))

# %% [markdown]
# ## The post's loop: rows, then columns, until nothing changes
#
# The post's strategy: solve every row, writing what the line solver decides into the grid; then
# transpose the grid, so that the columns become rows, and solve them the same way. Repeat until
# a round decides nothing new or nothing is left to decide. A line that no layout fits raises
# `Contradiction`. The line solver is a parameter, so that another can be plugged in.

# %%
LineSolver = Callable[[Clue, Line], Line]


def solve_lines(clues: list[Clue], grid: Grid, line_solver: LineSolver = solve_line) -> Grid:
    """Solve every row of `grid` against its clue; return the new grid (a new list of rows)."""
    clues, grid = check_list('clues', clues), check_table('grid', grid, least=0)
    check_callable('line_solver', line_solver)
    return [list(line_solver(clue, row)) for clue, row in zip(clues, grid)]


# %%
def sweep(rows: list[Clue], cols: list[Clue], grid: Grid,
          line_solver: LineSolver = solve_line) -> Grid:
    """One round of the post's loop: every row, then (on the transposed grid) every column."""
    rows, cols, grid = check_puzzle(rows, cols, grid)
    grid = solve_lines(rows, grid, line_solver)
    return transpose(solve_lines(cols, transpose(grid), line_solver))


# %%
def sweep_history(rows, cols, grid=None, line_solver: LineSolver = solve_line) -> list[Grid]:
    """The grids after each round of `sweep`, starting with the given grid (checked first), until
    a round changes nothing or no cell is unknown. A round solves len(rows) + len(cols) lines."""
    rows, cols, grid = check_puzzle(rows, cols, grid)
    history = [grid]
    while any(None in row for row in grid):
        grid = sweep(rows, cols, grid, line_solver)
        if grid == history[-1]:
            break
        history.append(grid)
    return history


# %% [markdown]
# Our 5x5 run. The library module `nonodraw` draws grids as a puzzle book does (unknown cells
# grey); `draw_steps` draws one grid per step, what each step decided in red and pale red:

# %% tags=["active-ipynb"]
# import matplotlib.pyplot as plt
# from nonodraw import draw_grid, draw_steps
# history = sweep_history(rows, cols)
# print('unknown cells at the start and after each round:',
#       [sum(row.count(None) for row in g) for g in history])
# draw_steps(history, rows, cols, numbers=True, titles=['start', 'round 1', 'round 2'])
# plt.show()

# %% [markdown]
# Our loop finishes in round 2; the post's needed a third. Part 1 of the post forgot to check,
# for a clue of one block, that no filled cell lies after the block (lesson 1). In round 2 the
# rows fill the bottom cell of column 4 (clue `1`); the post's solver still lets that column's
# block sit in its top cell, which stays unknown a round longer. A stand-in for the post's line
# solver, bug included, replays its run:

# %% tags=["active-ipynb"]
# def post_solve_line(blocks, line):
#     """Lesson 2's solver, but a lone block only checks the cell right after it (the post's bug)."""
#     if len(blocks) != 1:
#         return solve_line(blocks, line)
#     n, length = len(line), blocks[0]
#     fits = [[0] * start + [1] * length + [0] * (n - start - length)
#             for start in range(n - length + 1) if 0 not in line[start:start + length]
#             and 1 not in line[:start] and (start + length == n or line[start + length] != 1)]
#     agreed = [cells[0] if len(set(cells)) == 1 else None for cells in zip(*fits)]
#     return [old if old is not None else new for old, new in zip(line, agreed)]
#
#
# post_history = sweep_history(rows, cols, line_solver=post_solve_line)
# draw_steps(post_history, rows, cols, numbers=True,
#            titles=['start'] + [f"post's round {k}" for k in range(1, len(post_history))])
# plt.show()

# %% [markdown]
#
# ## Solving again only what changed
#
# The post's loop solves *every* line in each round, even one that has not changed since it was
# last solved. A better loop keeps a queue of *dirty* lines, the ones that may have something to
# learn; at the start, all of them. Take a line from the queue and solve it; for each cell it
# decides, the line crossing that cell joins the queue, unless it is waiting there already. When
# the queue is empty, no line can learn more.
#
# Both loops stop at the same grid, because deductions only *add* knowledge: a line solver never
# unsets a cell, and what it deduces stays true when more of the line is known. So what one order
# deduces, every order deduces sooner or later. That grid is the *fixpoint* of line logic:
# solving any line again leaves it as it is.
#
# The next line to take is a free choice, a *strategy*: a function passed to the engine (by
# default, the line that has waited longest). `Engine` holds the clues, the line solver, the
# strategy and a count of line solves; row `r` is line `r`, column `c` is line `height + c`. The
# search below extends it as `class Engine(Engine):`, a new class of the same name.

# %%
def first_in_first_out(engine: 'Engine', queue: deque) -> int:
    """Strategy for the next line to solve: the one that has waited longest (the default)."""
    check_has('queue', queue, 'popleft')
    return queue.popleft()


# %%
class Engine:
    """One solve of one puzzle. Its methods change the grid they are given."""
    check_puzzle = staticmethod(check_puzzle)  # the check __init__ applies to the clues

    def __init__(self, rows, cols, grid=None, *, line_solver: LineSolver = solve_line,
                 next_line=first_in_first_out):
        self.rows, self.cols, self.grid = self.check_puzzle(rows, cols, grid)
        self.height, self.width = len(self.rows), len(self.cols)
        self.clues = self.rows + self.cols
        self.line_solver, self.next_line, self.line_solves = line_solver, next_line, 0

    def line_cells(self, grid: Grid, line: int) -> Line:
        """A copy of the cells of a line."""
        return list(grid[line]) if line < self.height else [row[line - self.height] for row in grid]

    def propagate(self, grid: Grid, lines=None) -> Grid:
        """Solve lines (all, or the given ones) until none can learn more, writing into `grid`.
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
# The queue pays on a bigger puzzle: Jan Wolter's *Cat* (webpbn #6, 20x20, from his web
# paint-by-number site; line logic alone solves it), in `puzzles/` (`SOURCES.md` there gives authors and licences). The
# library module `nonofiles` reads its `.non` file (a `width` and a `height`, then the clues
# under `rows` and `columns`):

# %% tags=["active-ipynb"]
# from nonofiles import read_puzzle
# cat = read_puzzle('../puzzles/webpbn-00006.non')  # (the notebooks run in notebooks/)
# cat_history, cat_engine = sweep_history(cat.rows, cat.cols), Engine(cat.rows, cat.cols)
# assert cat_engine.propagate(cat_engine.grid) == cat_history[-1]
# print(f"Cat: post's loop {(len(cat_history) - 1) * (cat.height + cat.width)} line solves,",
#       f'queue {cat_engine.line_solves}; unknown cells left: {sum(r.count(None) for r in cat_engine.grid)}')
# draw_grid(cat_engine.grid, cat.rows, cat.cols, ax=plt.subplots(figsize=(4, 4.2))[1], title='Cat')
# plt.show()

# %% [markdown]
# ## When the lines stop learning
#
# The post ends with an honest question: is that it? Not always. Some puzzles need reasoning that
# combines lines. On Wolter's *Edge* (webpbn #23, 11x10) no clue is long enough to overlap with
# itself, so line logic decides nothing:

# %% tags=["active-ipynb"]
# edge = read_puzzle('../puzzles/webpbn-00023.non')
# print(sum(row.count(None) for row in propagate(edge.rows, edge.cols)), 'of 110 cells unknown')

# %% [markdown]
# ## Search: guess a cell, both ways
#
# When line logic stalls, *guess*: fill an unknown cell and solve on; then try it empty. As in
# Peter Norvig's Sudoku solver (norvig.com/sudoku.html), a function deduces what it can and, if
# not finished, calls itself once for each value of one cell. Each call is a *node*; the first is
# the *root*. It finds **every solution exactly once**: the two branches of a guess differ in that
# cell, so none is found twice; deductions are certain and the cell is filled or empty in every
# solution, so none is missed; a full grid has passed the exact line solver on every line. A
# generator, it hands over each solution as soon as it finds it; each node has its own copy of
# the grid, so going back is simply returning.
#
# `deduce` is what a node works out before it guesses (here, line logic); `choices`, the values a
# cell may still take; the cell to guess is a strategy (by default the first unknown one). `trace`
# is called at every node; `method` says whether the search had to guess.

# %%
def first_unknown(engine: Engine, grid: Grid) -> tuple[int, int]:
    """Strategy for the cell to guess: the first unknown cell in reading order (the default)."""
    check_has('engine', engine, 'choices'), check_table('grid', grid)
    return next((r, c) for r, row in enumerate(grid) for c, cell in enumerate(row)
                if engine.choices(cell))


# %%
class Engine(Engine):
    """The engine, finished: a search for every solution."""

    def __init__(self, rows, cols, grid=None, *, choose_guess=first_unknown, trace=None,
                 **options):
        super().__init__(rows, cols, grid, **options)
        self.choose_guess = choose_guess
        self.trace = trace or (lambda engine, depth, grid, what: None)
        self.nodes, self.method = 0, 'line'  # 'search' once it has guessed

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
        """Every solution `grid` can still become, each once; propagate from `lines` first."""
        self.nodes += 1
        try:
            self.deduce(grid, lines)
        except Contradiction as error:
            self.trace(self, depth, grid, f'dead end: {error}')
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
# A worked example: a 4x4 puzzle with two solutions. The trace prints each node, indented by its
# depth: what happened there, and the grid as line logic left it.

# %% tags=["active-ipynb"]
# def print_node(engine, depth, grid, what):
#     print('    ' * depth + f'node {engine.nodes}: {what}')
#     for row in show_grid(grid).splitlines():
#         print('    ' * depth + '  ' + row)
#
# trace_rows, trace_cols = [[1, 1], [2], [1], [3]], [[1, 1], [1, 1], [1, 1], [1, 1]]
# traced = Engine(trace_rows, trace_cols, trace=print_node)
# print(len(list(traced.solutions())), 'solutions,', traced.nodes, 'nodes')

# %% [markdown]
# A node reaches a solution, guesses again, or meets a *dead end*: a line that no layout fits,
# shown with the cells propagation had written when it failed. When a child returns, its parent
# tries the other value.
#
# `solutions` checks the puzzle as soon as it is called (a malformed one raises `PuzzleError`);
# `solve` returns the first solution; `grid` carries cells known in advance.

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
# The search finishes Edge, and lists both solutions of the 2x2 puzzle whose clues are all `1`
# (either diagonal fits):

# %% tags=["active-ipynb"]
# edge_search = Engine(edge.rows, edge.cols)
# edge_solutions = list(edge_search.solutions())
# print(f'Edge: {len(edge_solutions)} solution, {edge_search.nodes} nodes, {edge_search.method}')
# draw_grid(edge_solutions[0], edge.rows, edge.cols, title='Edge, finished by the search')
# plt.show()
# print(*(show_grid(grid) for grid in solutions([[1], [1]], [[1], [1]])), sep='\n\n')

# %% [markdown]
# ## What we have learned, and what comes next
#
# - `pic2gram` turns a picture into its puzzle; `parrayclues` and `show_grid` print a grid.
# - The post's loop and a queue of dirty lines reach the same fixpoint; the queue works less.
# - Where line logic stalls, a search guesses a cell both ways and finds every solution once.
#
# Next, lesson 4 guesses less blindly (it *probes* cells first) and judges a puzzle: no
# solution, one, or several, and how hard.
#
# ## Exercises
#
# 1. *Predict, then run.* How many rounds of the post's loop, and how many solutions, has the
#    ring `'111\n101\n111'`? Check with `pic2gram`, `sweep_history` and `solutions`.
# 2. Pass `next_line=lambda engine, queue: queue.pop()` (newest line first) to `Engine` for the
#    Cat. The same grid? More or fewer line solves?
# 3. *Prove it.* Does `solutions` give the same solutions, in the same order, whatever
#    `choose_guess` is? Argue why or why not, then check on the 2x2 puzzle above with a strategy
#    that guesses cell (0, 1) first.
# 4. *Extend.* Write a `choose_guess` that guesses the first unknown cell of the row with the
#    fewest unknown cells (ties: the first such row). Count its nodes on the 4x4 puzzle against
#    `first_unknown`'s. Why might it help?
