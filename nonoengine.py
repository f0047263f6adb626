# %% [markdown]
# # Lesson 9. The engine engineered: guesses, a search with its own stack
#
# Lesson 8 rebuilt lesson 4's propagation and probing on an undo trail. What is left of lesson
# 4's engine is its search, which calls itself once per guess, each call with a copy of the grid.
# By the end of this lesson you will be able to
#
# - guess where contradictions cluster, and say when that helps;
# - write a depth-first search that keeps its own stack of guesses on an undo trail, and trace it;
# - call the fast entry points `solutions`, `solve`, `analyse` and `propagate`;
# - rank the ideas of lessons 8 and 9 by what each buys, and say what a measurement does not show.
#
# This notebook is the module `nonoengine`, the library's fast engine, with lesson 4's contract.

# %%
"""Lesson 9 (notebooks/nonoengine.ipynb): Searcher (lesson 8's Prober with activity and a search
on its own stack), its strategies, and the entry points solutions, solve, analyse, propagate."""

import time
from collections import deque
from collections.abc import Iterator
from itertools import islice

import nonoprobe
from nonocheck import checked_budget, first_in_first_out_on_time, report_unknown_cells
from nonotrail import MEMO_BYTES, Prober, Propagator, bits_door  # noqa: F401 (names of the engine)
from nonovector import Contradiction, Grid

# %% [markdown]
# ## Guessing where the trouble is
#
# Lesson 4's guess, the cell whose weaker value decides most, can make a search wander: a guess
# that decides much need not lead to the part that is hard. Lesson 8's *Forever* (webpbn #6574,
# 25x25, a bell in a frame of short blocks) is such a puzzle.
#
# *SAT solvers*, programs that decide whether a formula of logic can be made true, let the
# trouble choose. Each time a line turns out to have no layout (in propagation, in a probe,
# anywhere), add to that line's *activity*; guess the cell whose row and column have the most
# activity together, breaking ties by lesson 4's rule. The amount added grows by 10% at every
# node, so old activity fades against new (SAT solvers call this VSIDS, Variable State
# Independent Decaying Sum). Contradictions happen where the difficulty is, so the search goes
# there.
#
# A guess strategy takes the engine, the grid and lesson 8's candidates. Two variants ignore
# activity: lesson 4's rule, and the first candidate in reading order.

# %%
def busiest_lines(engine, grid: Grid, candidates: dict) -> tuple[int, int]:
    """Strategy for the cell to guess: the one whose row and column have failed most (recent
    failures weighing more), then the one whose weaker value decided most (the default)."""
    def score(cell):
        return (engine.activity[cell[0]] + engine.activity[engine.height + cell[1]],
                engine.fruitless[cell][1])
    return max(candidates, key=score)


def best_last_probe(engine, grid: Grid, candidates: dict) -> tuple[int, int]:
    """Strategy for the cell to guess: lesson 4's, the weaker value that decided most."""
    return max(candidates, key=lambda cell: engine.fruitless[cell][1])


def first_candidate(engine, grid: Grid, candidates: dict) -> tuple[int, int]:
    """Strategy for the cell to guess: the first candidate in reading order."""
    return min(candidates)


# %% [markdown]
# ## More strategies, for comparison
#
# Every other choice is a function too, for the next line to solve and the order of probes:

# %%
def last_in_first_out(engine, queue: deque) -> int:
    """Strategy for the next line to solve: the one queued last."""
    return queue.pop()


def most_changed(engine, queue: deque) -> int:
    """Strategy for the next line: the one with the most cells decided since it was last taken."""
    line = max(queue, key=engine.changes.__getitem__)
    queue.remove(line)
    engine.changes[line] = 0
    return line


def nearly_solved_lines(engine, grid: Grid) -> list[tuple[int, int]]:
    """Strategy for the order of probes: cells whose lines have the fewest unknown cells first."""
    row_unknown = [row.count(None) for row in grid]
    col_unknown = [sum(1 for row in grid if row[c] is None) for c in range(len(grid[0]))]
    unknown = [(r, c) for r, row in enumerate(grid) for c, cell in enumerate(row) if cell is None]
    return sorted(unknown, key=lambda cell: row_unknown[cell[0]] + col_unknown[cell[1]])


def reading_order(engine, grid: Grid) -> list[tuple[int, int]]:
    """Strategy for the order of probes: the unknown cells in reading order."""
    return [(r, c) for r, row in enumerate(grid) for c, cell in enumerate(row) if cell is None]


# %% [markdown]
# ## A search that keeps its own stack
#
# With a trail there is one grid, and going back from a guess means undoing to the mark taken
# before it. So the search keeps its own stack of open guesses instead of calling itself (which
# also frees it from Python's limit on nested calls). Each entry is `(mark, branch)`: the trail's
# length before the guess, and the branch still to try (the cell, the value 0, and what its probe
# said that value decides), or `None` once both branches have been entered.
#
# `node` propagates, probes and returns `'dead'`, `'solved'`, or the guess to make. The loop in
# `solutions` does what recursion did: on a guess, push the empty branch and enter the filled
# one; on a solution, hand it out; then, or on a dead end, pop entries (undoing to each mark)
# until one has a branch left, and enter it. An empty stack means every branch has been tried.
#
# A line that fails in `propagate` gains `bump` activity; `bump` grows by `activity_growth` at
# every node. Lesson 4's budgets are checked at every node, before every probe, and every 64 line
# solves (`first_in_first_out_on_time`, from `nonocheck`, the default queue strategy).

# %%
class Searcher(Prober):
    """A Prober that searches depth first, propagating and probing at every node and guessing
    by the choose_guess strategy; it yields every solution exactly once."""

    def __init__(self, rows, cols, grid=None, *, choose_guess=busiest_lines, probing=True,
                 activity_growth=1.1, max_nodes=None, time_limit=None,
                 next_line=first_in_first_out_on_time, **options):
        super().__init__(rows, cols, grid, next_line=next_line, **options)
        self.choose_guess, self.probing = choose_guess, probing
        self.activity = [0.0] * (self.height + self.width)  # failures, recent ones weigh more
        self.bump, self.activity_growth = 1.0, activity_growth
        self.max_nodes = checked_budget('max_nodes', max_nodes, int)
        self.time_limit = checked_budget('time_limit', time_limit, (int, float))
        self.nodes, self.found, self.stack = 0, [], []
        self.method = 'line'  # how far the search had to go: 'line', 'probing' or 'search'
        self.start = time.perf_counter()

    seconds = nonoprobe.Engine.seconds  # lesson 4's clock

    def check_budget(self):
        """Lesson 4's budgets; a SearchLimit also says how much of the grid was unknown."""
        report_unknown_cells(nonoprobe.Engine.check_budget, self)

    def failed(self, line: int):
        """Lesson 8's hook, called when a line fails: add `bump` to its activity."""
        self.activity[line] += self.bump

    def node(self, lines):
        """Visit a search node: propagate from `lines`, then probe. Return 'dead' (no solution
        here), 'solved', or the guess to make: (cell, decided if filled, decided if empty)."""
        self.nodes += 1
        self.bump *= self.activity_growth
        if self.bump > 1e100:  # scale all down before they overflow: only their order matters
            self.activity, self.bump = [a / self.bump for a in self.activity], 1.0
        self.check_budget()
        candidates = {}
        try:
            self.propagate(lines)
            if self.probing and self.unknown():
                if self.nodes == 1:
                    self.method = 'probing'
                candidates = self.probe_all(stop=self.check_budget)
        except Contradiction:
            return 'dead'
        if self.unknown() == 0:
            return 'solved'
        if not candidates:  # probing off, or every cell left skipped: guess in probe order
            return self.probe_order(self, self.grid)[0], None, None
        cell = self.choose_guess(self, self.grid, candidates)
        return (cell, *candidates[cell])

    def guess(self, cell, value, decided):
        """Enter the child node where `cell` has `value` (with what that decides, if known)."""
        if decided:
            for (r, c), v in decided.items():  # a probe's result: already a fixpoint
                self.set_cell(r, c, v)
            return self.node(())
        self.set_cell(*cell, value)
        return self.node((cell[0], self.height + cell[1]))

    def solutions(self) -> Iterator[Grid]:
        """Generate every solution (a new list of rows of 0/1) exactly once, depth first."""
        self.stack = []  # per open guess: (trail mark, the empty branch still to try, or None)
        state = self.node(None)
        while True:
            if state == 'solved':
                solution = [row[:] for row in self.grid]
                self.found.append(solution)
                yield [row[:] for row in solution]
            if state in ('solved', 'dead'):  # go back to the latest guess with a branch left
                while self.stack and self.stack[-1][1] is None:
                    self.undo(self.stack.pop()[0])
                if not self.stack:
                    return
                mark, empty_branch = self.stack[-1]
                self.undo(mark)
                self.stack[-1] = (mark, None)
                state = self.guess(*empty_branch)
            else:
                self.method = 'search'
                cell, if_filled, if_empty = state
                self.stack.append((len(self.trail), (cell, 0, if_empty)))
                state = self.guess(cell, 1, if_filled)


# %% [markdown]
# The worked example: lesson 3's 4x4 puzzle with two solutions, probing off, guesses in reading
# order. A subclass prints each node (what it found, the grid, the trail's length, the stack
# before its own guess is pushed) and each undo. A stack entry shows its mark and the cell of its
# pending empty branch; `-` means both branches were entered.

# %% tags=["active-ipynb"]
# from nonogram2d import show_grid
#
#
# class TracingSearcher(Searcher):
#     """A Searcher that prints what each node found, and the grid after every undo."""
#     def node(self, lines):
#         state = super().node(lines)
#         what = state if isinstance(state, str) else f'guess {state[0]}'
#         stack = ' '.join(f'[{mark}: {"-" if branch is None else branch[0]}]'
#                          for mark, branch in self.stack)
#         print(f'node {self.nodes}: {what:<13} | grid {show_grid(self.grid).replace(chr(10), "/")}'
#               f' | trail {len(self.trail):2} | stack {stack or "(empty)"}')
#         return state
#
#     def undo(self, mark):
#         super().undo(mark)
#         print(f'    undo to {mark:2}:        | grid {show_grid(self.grid).replace(chr(10), "/")}')
#
#
# traced = TracingSearcher([[1, 1], [2], [1], [3]], [[1, 1], [1, 1], [1, 1], [1, 1]],
#                          probing=False, probe_order=reading_order)
# print(f'{len(list(traced.solutions()))} solutions, {traced.nodes} nodes')

# %% [markdown]
# Line logic at the root decides 4 cells; the root guesses (0, 0), pushes mark 4 and enters the
# filled branch. There the trail grows to 12 and the node guesses (2, 0), pushing mark 12. Its
# filled branch is a solution; the loop undoes to 12, marks that entry `-` and enters the empty
# branch: the second solution. It pops the entry at 12, undoes to 4 and enters the root's empty
# branch, a dead end; the stack empties. Every undo restores the grid in which its mark was taken.
#
# ## The fast entry points
#
# The public functions are lesson 4's, with this engine behind them and its options (strategies,
# skips, budgets) as keywords; `analyse` returns lesson 4's `Verdict`.

# %%
def solutions(rows, cols, grid=None, **options) -> Iterator[Grid]:
    """Every solution, each once, as a generator of grids (nonoprobe.solutions, faster)."""
    return Searcher(rows, cols, grid, **options).solutions()


def solve(rows, cols, grid=None, **options) -> Grid:
    """The first solution found; raises Contradiction if there is none."""
    for solution in solutions(rows, cols, grid, **options):
        return solution
    raise Contradiction('the puzzle has no solution')


def analyse(rows, cols, grid=None, **options) -> nonoprobe.Verdict:
    """A Verdict as nonoprobe.analyse gives it: none, unique or multiple; line, probing, search."""
    searcher = Searcher(rows, cols, grid, **options)
    found = list(islice(searcher.solutions(), 2))
    return nonoprobe.Verdict(['none', 'unique', 'multiple'][len(found)], searcher.method, found,
                             searcher.nodes, searcher.line_solves, searcher.probes,
                             searcher.seconds())


def propagate(rows, cols, grid=None, **options) -> Grid:
    """The grid at the line-logic fixpoint (a new grid), as nonogram2d.propagate gives it."""
    return [row[:] for row in Propagator(rows, cols, grid, **options).propagate()]


# %% [markdown]
# ## The engine on Forever
#
# The whole search on Forever, asking for two solutions (is the first the only one?): with lesson
# 4's choices (every probe made; `best_last_probe`, lesson 4's guess, never reads the activity),
# then skipping unchanged lines, then with activity (the default), and the default changed in one
# way each.

# %% tags=["active-ipynb"]
# import nonofiles
#
# forever_rows, forever_cols = nonofiles.read_clues('../puzzles/webpbn-06574.non')
# forever_runs = {"lesson 4's choices": dict(choose_guess=best_last_probe, skip_unchanged=False),
#                 '+ skip unchanged lines': dict(choose_guess=best_last_probe),
#                 '+ activity (the default)': {},
#                 '(unchanged lines again)': dict(skip_unchanged=False),
#                 '(activity not growing)': dict(activity_growth=1.0),
#                 '(+ skip implied values)': dict(skip_implied=True)}
# forever_verdicts = {name: analyse(forever_rows, forever_cols, **options)
#                     for name, options in forever_runs.items()}
# for name, verdict in forever_verdicts.items():
#     print(f'{name:>24}: {verdict.status}, {verdict.nodes:3} nodes, {verdict.probes:7,} probes,',
#           f'{verdict.line_solves:9,} line solves')
# assert len({str(v.solutions) for v in forever_verdicts.values()}) == 1  # the same answer

# %% [markdown]
# Lesson 4's choices take a few hundred nodes. Skipping unchanged lines keeps the nodes nearly as
# they were and cuts the probes, and the line solves, to less than half. Activity then cuts the
# nodes to about a fifth. With activity, though, the skip costs nodes: probing unchanged lines
# again takes fewer nodes than the default, for nearly twice the probes. Activity that does not
# grow, and skipping implied values, take more nodes. Where did the contradictions happen? The
# busiest lines at the end of the default search, in red on the solution, and where its guesses
# went:

# %% tags=["active-ipynb"]
# import matplotlib.pyplot as plt
# from nonodraw import draw_grid
#
#
# guesses = []
#
#
# def recorded(engine, grid, candidates):
#     """The default guess strategy, busiest_lines, keeping each cell it chooses in `guesses`."""
#     guesses.append(busiest_lines(engine, grid, candidates))
#     return guesses[-1]
#
#
# forever = Searcher(forever_rows, forever_cols, choose_guess=recorded)
# found = list(islice(forever.solutions(), 2))
# busiest = sorted(range(50), key=lambda line: -forever.activity[line])[:8]
# print('the eight lines with the most activity:', ', '.join(map(forever.line_name, busiest)))
# frame = (0, 1, 23, 24)
# print(sum(1 for r, c in guesses if r in frame or c in frame), 'of', len(guesses),
#       'guesses in the frame (the two outermost rows or columns of a side)')
# draw_grid(found[0], forever_rows, forever_cols, numbers=True,
#           changed=[(r, c) for r in range(25) for c in range(25)
#                    if r in busiest or 25 + c in busiest],
#           labels={1: 'filled, on a busy line', 0: 'empty, on a busy line'},
#           title='Forever (webpbn #6574, by Gator): the busiest lines in red')
# plt.show()

# %% [markdown]
# Four of the eight busiest lines are outer columns of the frame (0, 1, 23, 24) and one is its
# top row; three are rows across the middle. Nearly all guesses went to the frame.
#
# ## What each idea buys
#
# `benchmarks/speed.py` times sixteen puzzles on one machine and writes `benchmarks/results/`,
# which the library module `nonobench` reads and draws: lesson 8's five; eight random 30x30
# pictures (each cell filled with probability 0.5, fixed seed); and three examples of the
# pynogram solver, **not shipped** in `puzzles/` (pynogram's licence covers its code, not the
# pictures it collected). *LalaFrogKK* (25x25, from CGI-LAB's list of puzzles its solver could
# not solve, with several solutions) is used all the same for its search, the set's longest;
# *MLP* (50x59, from habrahabr.ru post 151819) and *football* (20x20, from Jasper Van der
# Jeugt's blog) are drawings that probing settles.
#
# An idea is measured by switching it (on, for a variant off by default): the factor is the total
# time without it over the total with it; above 1, it pays. Runs stop at 10 s and count as 10 s,
# so capped runs without the idea make its factor a lower bound. The trail cannot be switched
# off: its row compares two slow engines (lesson 8's first pair, some 27 s each against the
# default's 3 s), drawn below a dashed line and printed apart.

# %% tags=["active-ipynb"]
# from nonobench import draw_factors, idea_measurements, print_factors, read_rows, totals
#
# measured = idea_measurements()  # benchmarks/results/ablation.csv and ideas.csv, totals
# print_factors(measured)
# runs = {(row['puzzle'], row['config']): row for row in read_rows('ablation.csv')}
# for config in ('default', 'guess: best last probe, no activity', 'guess: no activity growth',
#                'probes: again where lines are unchanged'):
#     print(f'{config:>39}:', '; '.join(f"{name} {runs[puzzle, config]['seconds']} s, "
#                                       f"{runs[puzzle, config]['nodes']} nodes"
#                                       for name, puzzle in (('Forever', 'webpbn-06574'),
#                                                            ('LalaFrogKK', 'LalaFrogKK'))))
# print(f"the default engine's total, measured in both files: {measured['memo'][3][0]:.2f} s and",
#       f"{totals(read_rows('ideas.csv'))['+ activity (the default)'][0]:.2f} s")
# draw_factors(measured, 'What each idea buys: time without it / time with it, 16 puzzles')
# plt.show()

# %% [markdown]
# Without probing, half the set runs out of time. Guessing where contradictions cluster is the
# largest idea of these lessons, mostly thanks to one puzzle: with lesson 4's guess LalaFrogKK
# runs out of time, against under a second by default. The memo and the direct solver come next;
# no variant off by default pays. Three rows need a second look:
#
# 1. *The trail* says almost nothing here: capped runs on Forever and LalaFrogKK dominate both
#    totals. Its gain like with like, measured in lesson 8, is inside every other row.
# 2. *Skipping unchanged lines* buys little: a skipped probe can be a missed deduction, and with
#    the skip the default search takes more nodes on Forever and LalaFrogKK.
# 3. *Activity that grows* measures faster when **off**, beyond noise (the default, measured
#    twice, differs far less): growth costs nodes on LalaFrogKK and saves some on Forever. It is
#    meant for long searches, to leave behind a part they have finished with; SAT solvers'
#    searches run to millions of guesses, ours to tens.
#
# ## What we have learned, and what comes next
#
# - Guessing where lines failed most sends the search where the puzzle is hard.
# - A search on an undo trail keeps its own stack of `(mark, branch still to try)`, and goes back
#   by undoing to the latest mark with a branch left.
# - The entry points are lesson 4's, on the engine of lessons 8 and 9; strategies are functions.
# - One table ranks the ideas by measured time: what each buys on this set, not why.
#
# Some published puzzles remain out of reach: they need reasoning across many lines at once.
# Next, lesson 10 turns a puzzle into a logic formula and hands it to a SAT solver.
#
# ## Exercises
#
# 1. *Predict, then run.* Trace the 2x2 diagonal (`[[1], [1]]` both ways) with `TracingSearcher`
#    and probing off. How many nodes, and how many stack entries at most?
# 2. Analyse Forever with `choose_guess=first_candidate` and with `best_last_probe`. How many
#    nodes does each take, and where do their first guesses lie?
# 3. Is growing activity worth keeping? Compare the nodes with `activity_growth` at `1.0`, `1.1`
#    and `1.5`: of `analyse` on Forever, and of a `Searcher` listing all solutions of
#    `nonoprobe.random_picture(30, 30, 0.5, seed=1)` (clues by `nonogram2d.pic2gram`). Why can
#    growth change nothing where no line ever fails?
# 4. *Extend.* Give `Searcher` a count of the deepest stack it reaches. How deep does Forever's
#    search go?
