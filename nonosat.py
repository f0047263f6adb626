# %% [markdown]
# # Chapter 6. When lines are not enough: a SAT solver, and the hand-over
#
# Chapter 5's engine settles almost every published puzzle in a second or less. Almost: a few
# puzzles are built so that no single line, and no single probe of a cell, tells anything, and
# the search then has to stumble on what they need by exhausting huge subtrees. This chapter
# brings a solver of a different kind for them, and then a rule for using both:
#
# 1. the puzzle as one Boolean formula: each line an automaton, the automaton as clauses;
# 2. a SAT solver (from the `python-sat` package) that lists the formula's solutions, checked
#    against brute force;
# 3. the engine against SAT, puzzle by puzzle, from the benchmark: each wins on puzzles where the other
#    struggles;
# 4. the *hand-over*: the engine first, for a couple of seconds, then SAT with the time that is
#    left, as one function with plain keyword arguments that returns its answer as data.
#
# This notebook is also the module `nonosat`. The SAT solver is an optional extra
# (`pip install python-sat`); `import nonosat` never needs it.

# %%
"""The puzzle as clauses for a SAT solver, and the hand-over from the engine to SAT.

Chapter 6 of the nonogram tutorial (notebooks/nonosat.ipynb is the readable version).
Clauses: clue_tokens, next_state, line_clauses, puzzle_cnf; solving: sat_available,
sat_solutions (needs the optional package python-sat), sat_solutions_within (with a time limit,
in a child process). The hand-over: find_solutions, returning an Answer; ENGINE_SECONDS.
Errors: nonogram2d.PuzzleError (a malformed puzzle), ImportError (python-sat missing where it is
needed), SolverStopped (a RuntimeError: the SAT process died or ran out of memory).
"""

import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import count as numbering, islice

import nonoengine
from nonogram2d import SearchLimit, check_puzzle, checked_budget
from nonovector import Clue, Grid


# %% [markdown]
# ## The puzzle as clauses
#
# Line solving, however fast, only ever looks at one line. A *SAT solver* takes a different route.
# SAT is short for satisfiability: given a formula of true/false variables, is there a way to
# make it true, and which? A SAT solver sees the whole puzzle as one such formula, in
# *conjunctive normal form*: a list of *clauses*, each an OR of *literals* (a variable or its
# negation), all of which must hold; an assignment of values that makes them all hold is a
# *model*. The solver too propagates (a clause with all literals false but one forces that one)
# and guesses; but when a guess leads to a *conflict* (a clause with every literal false) it
# traces the conflict back to the few decisions that caused it and *learns* a new clause that
# rules out that combination. The learned clause is kept: the same dead end is never explored again,
# anywhere in the search. It can mention cells of many lines at once, so it is exactly the kind
# of cross-line fact (such as "these three cells of different rows cannot all be empty") that
# line solving cannot see and that depth-first search rediscovers in every subtree. And the
# solver jumps back to the decision that the clause blames, not merely to the last guess.
#
# ### One line as an automaton
#
# The lines with clue `[2, 1]` are the words of the pattern `0* 11 0+ 1 0*`. Write the clue as a
# sequence of *tokens*, a `1` per filled cell and a `0` for each gap between blocks (`1 1 0 1`),
# and an automaton that has read `t` cells is in state `q` = the number of tokens matched so far.
# On the next cell, it either matches the next token (moving to `q + 1`) or, if the cell is empty
# and we are in a place where extra empty cells are allowed (before the first block, just after a
# gap token, or after the last block), stays where it is. Anything else is a dead end. The line
# fits the clue if the automaton ends in the last state, having matched every token.

# %%
def clue_tokens(clue: Clue) -> list[int]:
    """The clue as tokens: 1 for each filled cell of a block, 0 for each gap between blocks."""
    tokens = []
    for i, length in enumerate(clue):
        if i:
            tokens.append(0)
        tokens.extend([1] * length)
    return tokens


def next_state(tokens: list[int], state: int, cell: int) -> int | None:
    """The automaton's move from `state` on a cell (1 filled, 0 empty), or None at a dead end."""
    if state < len(tokens) and tokens[state] == cell:
        return state + 1
    if cell == 0 and (state == 0 or state == len(tokens) or tokens[state - 1] == 0):
        return state  # extra empty cells: before the first block, in a gap, after the last
    return None


# %% tags=["active-ipynb"]
# import nonovector
#
#
# def run_automaton(clue, finished):
#     """The states the automaton visits on a finished line; None marks a dead end."""
#     tokens, states = clue_tokens(clue), [0]
#     for cell in finished:
#         states.append(next_state(tokens, states[-1], cell) if states[-1] is not None else None)
#     return states
#
#
# print('tokens of [2, 1]:', clue_tokens([2, 1]), '(accepting state 4)')
# for finished in ([1, 1, 0, 1, 0], [0, 1, 1, 0, 0, 1], [1, 0, 1, 1, 0], [0, 1, 1, 1, 0]):
#     print(finished, '->', run_automaton([2, 1], finished))

# %% [markdown]
# ### The automaton as clauses
#
# For each line, one Boolean variable `S(t, q)` per *(cells read, state)* pair says "after `t`
# cells this line's automaton is in state `q`". Only pairs that can occur on the way to the
# accepting state get a variable: at least `q` cells are needed to match `q` tokens, and the
# remaining tokens need the remaining cells. With `x_t` the variable of cell `t` (true =
# filled), and "`x_t = v`" standing for the literal `x_t` when `v = 1` and `not x_t` when
# `v = 0`:
#
# - the start state holds: `S(0, 0)`;
# - forward: for each value `v`, if the move from `q` on `v` leads to a kept state `q'`,
#   `S(t, q) and x_t = v -> S(t + 1, q')`, the clause `not S(t, q) or not (x_t = v) or
#   S(t + 1, q')`; if it leads nowhere (a dead end, or a state that can no longer reach the
#   end), `not S(t, q) or not (x_t = v)`;
# - backward: a state holds only if a predecessor led to it. A state has at most two
#   predecessors (the previous state matching a token, or the same state staying on an empty
#   cell), so "`S(t + 1, q')` implies `(A and a) or (B and b)`" becomes four clauses
#   `not S or A or B`, `not S or A or b`, `not S or a or B`, `not S or a or b`; with one
#   predecessor, two clauses `not S or A` and `not S or a`; with none, the state is impossible:
#   `not S(t + 1, q')`.
#
# The forward clauses alone make every model a correct line (the run of the automaton is forced
# and cannot end anywhere but in the accepting state, the only one kept at `t = cells`); the
# backward clauses let the solver deduce things early. Every row and every column gets its own
# automaton over the same cell variables, and the SAT solver finds cell values that satisfy all
# of them at once.

# %%
def line_clauses(clue: Clue, cell_vars: list[int], new_var) -> list[list[int]]:
    """CNF clauses (lists of nonzero ints, as DIMACS) saying the cells spell a line with `clue`.

    cell_vars: the variable of each cell, in order (true = filled); new_var() returns a fresh
    variable number for each automaton state.
    """
    def literal(t, value):  # "cell t has this value"
        return cell_vars[t] if value else -cell_vars[t]
    return automaton_clauses(clue_tokens(clue), next_state, (1, 0), literal, len(cell_vars),
                             new_var)


def automaton_clauses(tokens, move, values, literal, cells, new_var) -> list[list[int]]:
    """The clauses of an automaton over `tokens` run on a line of `cells` cells: `move(tokens,
    state, value)` is its move (None at a dead end), `values` what a cell may be, and
    `literal(t, value)` the literal "cell t has this value". (Chapter 8 uses it for colour.)"""
    m = len(tokens)
    state = {}
    for t in range(cells + 1):  # only states that can still reach the end in time
        for q in range(max(0, m - (cells - t)), min(t, m) + 1):
            state[t, q] = new_var()
    clauses = [[state[0, 0]]]
    predecessors = {key: [] for key in state}
    for (t, q), here in state.items():
        if t == cells:
            continue
        for value in values:
            target = (t + 1, move(tokens, q, value))
            if target in state:
                clauses.append([-here, -literal(t, value), state[target]])
                predecessors[target].append((here, literal(t, value)))
            else:
                clauses.append([-here, -literal(t, value)])
    for key, there in state.items():
        if key[0] == 0:
            continue
        options = predecessors[key]
        if not options:
            clauses.append([-there])
        elif len(options) == 1:
            (before, literal_), = options
            clauses += [[-there, before], [-there, literal_]]
        else:
            (a_state, a_literal), (b_state, b_literal) = options
            for a in (a_state, a_literal):
                for b in (b_state, b_literal):
                    clauses.append([-there, a, b])
    return clauses


def puzzle_cnf(rows, cols, grid=None) -> tuple[list[list[int]], list[list[int]], int]:
    """The whole puzzle as clauses. Returns (clauses, cell_var, variables):

    cell_var[r][c] is the variable of cell (r, c) (true = filled); known cells of `grid`
    (a list of rows of 1/0/None) become one-literal clauses.
    """
    rows, cols, known = check_puzzle(rows, cols, grid)
    numbers = numbering(1)
    cell_var = [[next(numbers) for _ in cols] for _ in rows]
    clauses = []
    for r, clue in enumerate(rows):
        clauses += line_clauses(clue, cell_var[r], numbers.__next__)
    for c, clue in enumerate(cols):
        clauses += line_clauses(clue, [cell_var[r][c] for r in range(len(rows))], numbers.__next__)
    for r, row in enumerate(known):
        for c, cell in enumerate(row):
            if cell is not None:
                clauses.append([cell_var[r][c] if cell else -cell_var[r][c]])
    return clauses, cell_var, next(numbers) - 1


# %% [markdown]
# The clauses of the clue `[2, 1]` on a line of 5 cells, printed with names instead of numbers
# (`x0 .. x4` the cells, `S(t,q)` the states, `~` for not):

# %% tags=["active-ipynb"]
# def clause_text(clause, names):
#     """A clause as text: its literals by name, joined by 'or'."""
#     return ' or '.join(('~' if literal < 0 else '') + names[abs(literal)] for literal in clause)
#
#
# numbers = numbering(6)
# names = {i + 1: f'x{i}' for i in range(5)}
# one_line = line_clauses([2, 1], [1, 2, 3, 4, 5], numbers.__next__)
# tokens = clue_tokens([2, 1])
# states = [(t, q) for t in range(6) for q in range(max(0, len(tokens) - (5 - t)), min(t, len(tokens)) + 1)]
# names.update({6 + i: f'S({t},{q})' for i, (t, q) in enumerate(states)})
# print(f'clue [2, 1] on 5 cells: {len(states)} state variables, {len(one_line)} clauses; the first ten:')
# for clause in one_line[:10]:
#     print('  ', clause_text(clause, names))

# %% [markdown]
# And a small puzzle, the clues of a 3x4 picture:

# %% tags=["active-ipynb"]
# small_picture = [[1, 1, 0, 1], [0, 1, 0, 0], [1, 1, 1, 0]]
# small_rows = [nonovector.line2blocks(row) for row in small_picture]
# small_cols = [nonovector.line2blocks(list(col)) for col in zip(*small_picture)]
# clauses, cell_var, variables = puzzle_cnf(small_rows, small_cols)
# print(f'rows {small_rows}, columns {small_cols}')
# print(f'{variables} variables ({3 * 4} cells), {len(clauses)} clauses')

# %% [markdown]
# ### Enumerating solutions
#
# `sat_solutions` hands the clauses to a SAT solver (CaDiCaL) from the `python-sat` package (an
# optional extra: `pip install python-sat`; every other chapter works without it).
# Each time the solver finds a model, we read off the grid and add a *blocking clause*, "at
# least one cell differs from this grid", and ask again; when the formula becomes unsatisfiable
# every solution has been seen, each exactly once. Validating a puzzle means asking for two.

# %%
def sat_solutions(rows, cols, grid=None, *, solver='cadical153') -> Iterator[Grid]:
    """Generate every solution grid (lists of rows of 0/1) of the puzzle, each once, by SAT.

    Needs the optional package python-sat (imported here, so the rest of the module does not).
    `solver` names one of python-sat's solvers. Raises PuzzleError on a malformed puzzle.
    """
    try:
        from pysat.solvers import Solver
    except ImportError:
        raise ImportError('sat_solutions needs the optional package python-sat: '
                          'pip install python-sat') from None
    clauses, cell_var, _ = puzzle_cnf(rows, cols, grid)
    all_cells = [var for row in cell_var for var in row]
    with Solver(name=solver, bootstrap_with=clauses) as sat:
        while sat.solve():
            filled = {var for var in sat.get_model() if var > 0}
            yield [[int(var in filled) for var in row] for row in cell_var]
            sat.add_clause([-var if var in filled else var for var in all_cells])

# %% [markdown]
# A check on small puzzles (the test suite runs the same comparison on many random ones): the
# SAT solutions against brute force, which tries every combination of row layouts (chapter 1's
# `nonoblocks` lists them) and keeps the grids whose columns have the right clues.

# %% tags=["active-ipynb"]
# from itertools import product
#
#
# def brute_force_solutions(rows, cols):
#     """Every grid whose rows have layouts of their clues and whose columns match theirs."""
#     width = len(cols)
#     row_lines = []
#     for clue in rows:
#         lines = []
#         for layout in nonovector.nonoblocks(clue, width):
#             line = [0] * width
#             for start, length in layout:
#                 line[start:start + length] = [1] * length
#             lines.append(line)
#         row_lines.append(lines)
#     return [list(grid) for grid in product(*row_lines)
#             if all(nonovector.line2blocks(list(column)) == nonovector.normalize_clue(clue)
#                    for column, clue in zip(zip(*grid), cols))]
#
#
# diagonal_rows, diagonal_cols = [[1], [1]], [[1], [1]]   # either diagonal: 2 solutions
# for solution in sat_solutions(diagonal_rows, diagonal_cols):
#     print(solution)
# print(sorted(sat_solutions(diagonal_rows, diagonal_cols)) == sorted(brute_force_solutions(diagonal_rows, diagonal_cols)))
# print(list(sat_solutions(small_rows, small_cols)) == brute_force_solutions(small_rows, small_cols) == [small_picture])


# %% [markdown]
# Validation asks for two solutions and stops: `islice(sat_solutions(...), 2)`. On Wolter's
# *Lasts Forever* (webpbn #6574, by Gator; *Forever* for short), which chapter 5's engine settles
# by search:

# %% tags=["active-ipynb"]
# from pathlib import Path
#
# import nonogram2d
#
# PUZZLES = Path('..') / 'puzzles'   # the notebooks run in notebooks/
# forever_rows, forever_cols = nonogram2d.read_clues(PUZZLES / 'webpbn-06574.non')
# started = time.perf_counter()
# forever_sat = list(islice(sat_solutions(forever_rows, forever_cols), 2))
# sat_seconds = time.perf_counter() - started
# forever_verdict = nonoengine.analyse(forever_rows, forever_cols)
# print(f'Forever by SAT: {["none", "unique", "multiple"][len(forever_sat)]}, '
#       f'the same picture as the engine: {forever_sat == forever_verdict.solutions}')

# %% tags=["active-ipynb", "nbval-ignore-output"]
# print(f'SAT took {sat_seconds:.2f} s here, the engine {forever_verdict.seconds:.2f} s')

# %% [markdown]
# ## The engine against SAT
#
# `benchmarks/speed.py` validates every puzzle of a collection of about forty published puzzles
# (Jan Wolter's survey samples, webpbn puzzles, the examples of other solvers; kept beside this
# repository, and described in the appendix; a few are for personal use only, and only their
# timings appear here) with chapter 5's engine
# and with SAT, 10 s at most each, and writes the results to `benchmarks/results/validate.csv`.
# Each point is a puzzle:

# %% tags=["active-ipynb"]
# import csv
#
# import matplotlib.pyplot as plt
#
# RESULTS = Path('..') / 'benchmarks' / 'results'
#
#
# def read_rows(name):
#     """The rows of a results CSV as dicts."""
#     with open(RESULTS / name, newline='') as file:
#         return list(csv.DictReader(file))
#
#
# validated = read_rows('validate.csv')
# fig, ax = plt.subplots(figsize=(5.5, 5.5))
# engine_s = [min(max(float(r['seconds']), 1e-3), 10.0) for r in validated]
# sat_s = [min(max(float(r['sat_seconds']), 1e-3), 10.0) for r in validated]
# colours = {'line': 'tab:green', 'probing': 'tab:blue', 'search': 'tab:orange', '-': 'tab:red'}
# for method, colour in colours.items():
#     points = [(x, y) for r, x, y in zip(validated, engine_s, sat_s) if r['method'] == method]
#     ax.scatter([x for x, _ in points], [y for _, y in points], s=20, color=colour,
#                label={'-': 'engine over the limit'}.get(method, f'engine: {method}'))
# for row, x, y in zip(validated, engine_s, sat_s):
#     if (x >= 1 or y >= 5 or row['puzzle'] == 'webpbn-06574') and not x == y == 10.0:
#         ax.annotate(row['puzzle'], (x, y), fontsize=7, xytext=(4, 2), textcoords='offset points')
# ax.legend(fontsize=7, loc='upper left')
# ax.plot([1e-3, 10], [1e-3, 10], color='grey', linewidth=1, linestyle='--')
# ax.set_xscale('log')
# ax.set_yscale('log')
# ax.set_xlim(1e-3, 20)
# ax.set_ylim(1e-3, 20)
# ax.set_aspect('equal')
# ax.set_xlabel("chapter 5's engine: seconds (10 = over the limit; under 1 ms at 1 ms)")
# ax.set_ylabel('SAT: seconds (10 = over the limit; under 1 ms at 1 ms)')
# ax.text(12, 12, 'over both', fontsize=7, ha='right', va='bottom')
# ax.set_title('Validation: engine against SAT, per puzzle (below the diagonal: SAT faster)')
# plt.tight_layout()
# plt.show()
# print('over 10 s with the engine:', ', '.join(r['puzzle'] for r in validated
#                                                if r['verdict'] == 'limit') or 'none')
# print('over 10 s with SAT:', ', '.join(r['puzzle'] for r in validated
#                                        if r['sat_verdict'] == 'limit') or 'none')

# %% [markdown]
# Below the diagonal SAT is faster. It wins on several of the puzzles that make the engine work
# hardest (9-Dom above all), and loses on the big puzzles that line logic settles at once: it
# builds hundreds of thousands of clauses in Python before it starts, and its propagation works
# clause by clause where a line solver handles a whole line at once. The puzzles that took the engine more than a second, or went over the
# limit, with what each solver recorded:

# %% tags=["active-ipynb"]
# hard = [row for row in validated if 'limit' in (row['verdict'], row['sat_verdict'])
#         or float(row['seconds']) > 1]
# print(f'{"puzzle":<14} {"size":>6} {"engine":>8} {"nodes":>6} {"seconds":>8}   {"SAT":>8} {"seconds":>8}')
# for row in hard:
#     print(f'{row["puzzle"]:<14} {row["size"]:>6} {row["verdict"]:>8} {row["nodes"]:>6} '
#           f'{float(row["seconds"]):>8.1f}   {row["sat_verdict"]:>8} {float(row["sat_seconds"]):>8.1f}')

# %% [markdown]
# Two are beyond both within the limit: Knotty (40x40, from Jan Wolter's survey) and Faase
# (80x95, with two solutions, which no solver of that survey finished). 9-Dom (webpbn #8098,
# 19x19, a puzzle for personal use, not shipped here: its figures come from the benchmark only)
# is the clearest case for SAT: built so that line logic, and even probing one cell at a time,
# sees next to nothing, it needs reasoning across many lines at once. The engine's search
# rediscovers the same facts in every subtree; SAT's learned clauses keep them.
#
# ## The hand-over
#
# The two complement each other, so use both, one after the other: the engine first, for at
# most `engine_seconds` (2 s by default), because it is the faster on most puzzles (SAT's win on
# *Forever* is the exception, not the rule) and says how a puzzle can be solved (line by line,
# with "what if", or only by guessing), which SAT cannot; if it has not
# finished by then, SAT starts afresh with whatever is left of the time limit. `find_solutions`
# does that, and gives back an `Answer`: the solutions found (at most `count`), whether the
# search finished, which part answered, the engine's method and work when the engine answered,
# and the time. Its `status` is `'none'`, `'unique'` or `'multiple'` when the answer is known,
# and `'unknown'` when time ran out first (or `count` was reached before a second solution was
# needed). `use_engine=False` or `use_sat=False` keeps one part alone; without python-sat, the
# engine works alone.
#
# A call to CaDiCaL, the solver used here, cannot be interrupted from inside Python, and some
# puzzles take a SAT solver minutes, so with a time limit the solver runs in a child process that
# sends each solution back as it finds it, and is stopped when the time is up
# (`sat_solutions_within`). If SAT runs out of time too, the answer keeps whatever solutions either
# part found.

# %%
ENGINE_SECONDS = 2.0  # the engine's share of the time before SAT takes over


@dataclass
class Answer:
    """What find_solutions found: the solutions (at most `count`); `finished`, True if the search
    ended by itself or by reaching `count`, False if the time ran out; which part answered
    ('engine' or 'SAT'); the seconds in all; `handed_over_after`, the engine's time budget if SAT
    took over from it; and, when the engine answered, its method and work."""
    solutions: list = field(repr=False)
    finished: bool
    part: str
    seconds: float
    count: int
    handed_over_after: float | None = None
    method: str | None = None
    nodes: int | None = None
    line_solves: int | None = None
    probes: int | None = None

    @property
    def status(self) -> str:
        """'none', 'unique' or 'multiple' when known; 'unknown' when the time or the count ran
        out before the answer was known."""
        if len(self.solutions) >= 2:
            return 'multiple'
        if self.finished and len(self.solutions) < self.count:
            return ['none', 'unique'][len(self.solutions)]
        return 'unknown'

    @property
    def complete(self) -> bool:
        """Is every solution of the puzzle in `solutions`?"""
        return self.finished and len(self.solutions) < self.count


def find_solutions(rows, cols, grid=None, *, count=2, timeout=None,
                   engine_seconds=ENGINE_SECONDS, use_engine=True, use_sat=True,
                   engine=nonoengine.Searcher, sat=sat_solutions, sat_memory=None) -> Answer:
    """Look for up to `count` solutions: chapter 5's engine first, for at most `engine_seconds`;
    if it has not finished, SAT with what is left of `timeout` (all the time it needs without
    a timeout). With python-sat missing, or use_sat=False, the engine alone has the whole
    timeout; with use_engine=False, SAT alone. Returns an Answer. Other kinds of puzzle (colour,
    chapter 8) pass in their own `engine` (a class like Searcher) and `sat` (a generator of
    solutions like sat_solutions, defined at the top level of a module). `sat_memory`: bytes of
    memory the SAT process may use (it then always runs in a child process); more raises
    SolverStopped."""
    engine(rows, cols, grid)  # checks the puzzle: PuzzleError before any work
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise ValueError(f'count must be a whole number at least 1, not {count!r}')
    timeout = checked_budget('timeout', timeout, (int, float))
    engine_seconds = checked_budget('engine_seconds', engine_seconds, (int, float))
    if not (use_engine or use_sat):
        raise ValueError('use_engine and use_sat cannot both be False')
    start = time.perf_counter()
    if not use_engine:
        if not sat_available():
            raise ImportError(SAT_MISSING)
        return sat_answer(rows, cols, grid, count, timeout, 0.0, None, sat, sat_memory)
    hand_over = use_sat and sat_available()
    budget = timeout
    if hand_over:
        budget = engine_seconds if timeout is None else min(engine_seconds, timeout)
    answer = engine_answer(rows, cols, grid, count, budget, engine)
    spent = time.perf_counter() - start
    left = None if timeout is None else timeout - spent
    if answer.finished or not hand_over or (left is not None and left <= 0):
        return answer
    by_sat = sat_answer(rows, cols, grid, count, left, spent, budget, sat, sat_memory)
    if not by_sat.finished:  # keep what the engine found, too
        by_sat.solutions += [s for s in answer.solutions if s not in by_sat.solutions][:count]
        del by_sat.solutions[count:]
    return by_sat


def engine_answer(rows, cols, grid, count, time_limit, engine=nonoengine.Searcher) -> Answer:
    """Up to `count` solutions by the engine (chapter 5's) within `time_limit` seconds."""
    searcher = engine(rows, cols, grid, time_limit=time_limit)
    found, finished = [], True
    try:
        for solution in searcher.solutions():
            found.append(solution)
            if len(found) == count:
                break
    except SearchLimit:
        finished = False
    return Answer(found, finished, 'engine', searcher.seconds(), count, method=searcher.method,
                  nodes=searcher.nodes, line_solves=searcher.line_solves, probes=searcher.probes)


def sat_answer(rows, cols, grid, count, timeout, spent, handed_over_after,
               sat=sat_solutions, memory=None) -> Answer:
    """Up to `count` solutions by SAT within `timeout` seconds, after `spent` seconds of search."""
    start = time.perf_counter()
    found, finished = sat_solutions_within(rows, cols, grid, count, timeout, sat, memory)
    return Answer(found, finished, 'SAT', spent + time.perf_counter() - start, count,
                  handed_over_after)


SAT_MISSING = 'the SAT solver needs the optional package python-sat (python -m pip install python-sat)'


def sat_available() -> bool:
    """Is python-sat installed? (Found without importing its solvers, which takes longer than
    solving a small puzzle; they are imported when SAT runs.)"""
    import importlib.util

    try:
        return importlib.util.find_spec('pysat.solvers') is not None
    except ImportError:
        return False


class SolverStopped(RuntimeError):
    """The SAT solver's process stopped before it answered (out of memory, or killed)."""


def sat_solutions_within(rows, cols, grid, count, timeout=None, sat=sat_solutions,
                         memory=None) -> tuple[list, bool]:
    """Up to `count` solutions by `sat` (sat_solutions); returns (solutions, finished?).

    With a timeout or a memory limit (bytes) the solver runs in a child process, stopped when the
    time is up (finished is then False and the solutions are those found so far); SolverStopped
    if it dies or runs out of memory."""
    import multiprocessing

    if timeout is None and memory is None:
        return list(islice(sat(rows, cols, grid), count)), True
    receiver, sender = multiprocessing.Pipe(duplex=False)
    child = multiprocessing.Process(target=send_sat_solutions, daemon=True,
                                    args=(rows, cols, grid, count, sender, sat, memory))
    child.start()
    sender.close()
    deadline = None if timeout is None else time.perf_counter() + timeout
    found, finished = [], False
    try:
        while True:
            left = None if deadline is None else deadline - time.perf_counter()
            if (left is not None and left <= 0) or not receiver.poll(left):
                break
            solution = receiver.recv()
            if solution is None:
                finished = True
                break
            if solution == 'memory':
                raise SolverStopped('the SAT solver ran out of memory')
            found.append(solution)
    except EOFError:  # the child died without saying it had finished
        raise SolverStopped('the SAT solver stopped unexpectedly (out of memory?)') from None
    finally:
        child.terminate()
        child.join()
    return found, finished


def send_sat_solutions(rows, cols, grid, count, sender, sat=sat_solutions, memory=None):
    """In the child process: send up to `count` SAT solutions through `sender`, then None (or
    'memory' if it ran out of the `memory` bytes it may use)."""
    if memory is not None:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (memory, resource.getrlimit(resource.RLIMIT_AS)[1]))
    try:
        for solution in islice(sat(rows, cols, grid), count):
            sender.send(solution)
        sender.send(None)
    except MemoryError:
        sender.send('memory')
    sender.close()


# %% [markdown]
# On *Forever* with the defaults, the engine answers within its two seconds; given a thousandth
# of a second, it cannot, and SAT takes over. On the 2x2 diagonal, asking for up to ten
# solutions, the answer is complete with two. And the engine alone with a fifth of a second on
# *Forever* gives up: the status is unknown.

# %% tags=["active-ipynb"]
# def show_answer(answer):
#     """The facts of an Answer, without its timings."""
#     return (f'status {answer.status}, {len(answer.solutions)} solution(s) found, '
#             f'finished {answer.finished}, complete {answer.complete}, by {answer.part}'
#             + (f' after {answer.handed_over_after:g} s of the engine'
#                if answer.handed_over_after is not None else '')
#             + (f', method {answer.method}' if answer.method else ''))
#
#
# print(show_answer(find_solutions(forever_rows, forever_cols)))
# print(show_answer(find_solutions(forever_rows, forever_cols, engine_seconds=0.001)))
# print(show_answer(find_solutions([[1], [1]], [[1], [1]], count=10)))
# gave_up = find_solutions(forever_rows, forever_cols, use_sat=False, timeout=0.2)
# print(f'status {gave_up.status}, finished {gave_up.finished}, by {gave_up.part}')

# %% [markdown]
# How well does the hand-over do on the whole collection? The benchmark ran it too, as a third
# column, with the engine's 2 s and 10 s in all:

# %% tags=["active-ipynb"]
# by_sat = [r['puzzle'] for r in validated
#           if r['handover_by'] == 'SAT' and r['handover_verdict'] != 'limit']
# handover_late = [r['puzzle'] for r in validated if r['handover_verdict'] == 'limit']
# print(f'the collection: {len(validated) - len(handover_late)} of {len(validated)} within 10 s; '
#       f'finished by SAT after the hand-over: {", ".join(by_sat) or "none"}; '
#       f'over the limit: {", ".join(handover_late) or "none"}')

# %% [markdown]
# ## What we have
#
# - `clue_tokens`, `next_state` and `line_clauses`: a line's clue as an automaton, and the
#   automaton as clauses; `puzzle_cnf`, the whole puzzle as one formula.
# - `sat_solutions`: every solution by a SAT solver, checked against brute force;
#   `sat_solutions_within` the same with a time limit, in a child process.
# - `find_solutions`: the engine first, SAT for what the engine cannot finish, one answer as
#   data (`Answer`). The last chapter's `nonogram` command is built on it.
#
# Not done here: the puzzles beyond both solvers within the time limit, listed above.
