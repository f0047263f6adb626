# %% [markdown]
# # Chapter 6. When lines are not enough: a SAT solver, and a race
#
# Chapter 5's engine settles almost every published puzzle in a second or less. Almost: a few
# puzzles are built so that no single line, and no single probe of a cell, tells anything, and
# the search then has to stumble on what they need by exhausting huge subtrees. This chapter
# brings a solver of a different kind for them, and then a rule for using both:
#
# 1. the puzzle as one Boolean formula: each line an automaton, the automaton as clauses, with
#    only the states that can still matter, so that the formula stays small;
# 2. a SAT solver (from the `python-sat` package) that lists the formula's solutions, checked
#    against brute force;
# 3. the engine against SAT, puzzle by puzzle, from the benchmark: each wins on puzzles where the other
#    struggles;
# 4. a *race*: the engine starts, SAT joins it on the machine's other core, and the first answer
#    wins; one function with plain keyword arguments that returns its answer as data.
#
# This notebook is also the module `nonosat`. The SAT solver is an optional extra
# (`pip install python-sat`); `import nonosat` never needs it.

# %%
"""The puzzle as clauses for a SAT solver, and the race of the engine and SAT.

Chapter 6 of the nonogram tutorial (notebooks/nonosat.ipynb is the readable version).
Clauses: clue_tokens, next_state, live_states, line_clauses, puzzle_cnf, puzzle_lines; solving:
sat_available, sat_solutions (needs the optional package python-sat; line logic first, then only
the open cells; max_bytes refuses a formula too big, EncodingTooBig). The race: find_solutions,
returning an Answer; SatProcess (SAT in a child process); ENGINE_SECONDS, RACE_SAT_BYTES.
Errors: nonocheck.PuzzleError (a malformed puzzle), ImportError (python-sat missing where it is
needed). A SAT process that runs out of memory or dies is a part that did not answer (its
Answer says so), not an error.
"""

import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import count as numbering, islice, product

import nonoengine
from nonocheck import SearchLimit, check_puzzle, checked_budget
from nonogram2d import transpose
from nonovector import Clue, Contradiction, Grid, line2blocks, normalize_clue


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
# cells this line's automaton is in state `q`". Only pairs that some run can pass through on its
# way to the accepting state get a variable: the *live* states. On a line where nothing is known
# that is simple counting (at least `q` cells are needed to match `q` tokens, and the remaining
# tokens need the remaining cells), but cells already known (given, or decided by line logic) cut
# far more: a run must read them as they are. `live_states` finds the live states in two sweeps,
# forward from the start (the states some run reaches) and backward from the end (those of them
# from which a run can still finish); a known cell is then a fact the automaton reads, and needs
# no variable at all. With `x_t` the variable of cell `t` (true = filled), and "`x_t = v`"
# standing for the literal `x_t` when `v = 1` and `not x_t` when `v = 0` (and for nothing at all
# when cell `t` is known to be `v`):
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
# and cannot end anywhere but in the accepting state, the only one live at `t = cells`); the
# backward clauses let the solver deduce things early. Every row and every column gets its own
# automaton over the same cell variables, and the SAT solver finds cell values that satisfy all
# of them at once.
#
# Being right is not the same as being quick. A solver's cheapest reasoning, *unit propagation*,
# only acts on a clause whose literals are all false but one; facts that follow from several
# clauses together it finds only by searching. So we add *helper clauses* that every model of the
# clauses above satisfies anyway (the automaton's run is unique, so they change no solution), but
# which hand unit propagation more: after `t` cells at least one state holds; at most one holds
# (written as a clause per pair, so only where few states are live, `HELPER_STATES` of them at
# most: beyond that the pairs cost more than they save, measured); and a cell can have a value
# only if some live state at its place can read that value on the way to a live state. They do
# not make unit propagation as strong as chapter 1's line solver (that would need a variable per
# move of the automaton), but, measured on the benchmark's harder puzzles, they make SAT faster:
# over twice as fast in the geometric mean, several times on some.

# %%
def line_clauses(clue: Clue, cell_vars: list[int], new_var, known=None,
                 states=None) -> list[list[int]]:
    """CNF clauses (lists of nonzero ints, as DIMACS) saying the cells spell a line with `clue`.

    cell_vars: the variable of each cell, in order (true = filled); new_var() returns a fresh
    variable number for each automaton state. known: the line's cells already decided (1, 0 or
    None each; all None if not given): the automaton reads those as facts (their cell_vars are
    not used), and only the states some run can still pass through get a variable (`states`:
    those states, if already computed by line_states).
    """
    known = known or [None] * len(cell_vars)
    if None not in known:  # a decided line is a fact to check, not a formula
        if line2blocks(known) == normalize_clue(clue):
            return []
        impossible = new_var()
        return [[impossible], [-impossible]]

    def literal(t, value):  # "cell t has this value" (True if that is known)
        if known[t] is not None:
            return True
        return cell_vars[t] if value else -cell_vars[t]
    return automaton_clauses(clue_tokens(clue), next_state, (1, 0), literal, len(cell_vars),
                             new_var, allowed_values(known), states)


def allowed_values(known) -> list[tuple]:
    """The values each cell of a line may take: (1, 0) if unknown, else its own."""
    return [(1, 0) if cell is None else (cell,) for cell in known]


HELPER_STATES = 8  # measured: "at most one state" pays where at most this many are live


def automaton_clauses(tokens, move, values, literal, cells, new_var, allowed=None,
                      states=None, helpers=True) -> list[list[int]]:
    """The clauses of an automaton over `tokens` run on a line of `cells` cells: `move(tokens,
    state, value)` is its move (None at a dead end), `values` what a cell may be, and
    `literal(t, value)` the literal "cell t has this value", or True for a cell known to have
    it. `allowed[t]`: the values cell t may still take (all `values` if None); `states`: the
    live states, as live_states gives them (computed if None); `helpers`: add helper_clauses.
    (Chapter 8 uses it for colour.)"""
    allowed = allowed or [values] * cells
    live = states or live_states(tokens, move, allowed)
    state = {(t, q): new_var() for t in range(cells + 1) for q in live[t]}
    if (0, 0) not in state:  # no run fits what is known: a formula with no model
        impossible = new_var()
        return [[impossible], [-impossible]]
    clauses = [[state[0, 0]]]
    predecessors = {key: [] for key in state}
    for (t, q), here in state.items():
        if t == cells:
            continue
        for value in allowed[t]:
            target, known = (t + 1, move(tokens, q, value)), literal(t, value)
            condition = [] if known is True else [-known]  # a known cell needs no literal
            if target in state:
                clauses.append([-here, *condition, state[target]])
                predecessors[target].append((here,) if known is True else (here, known))
            else:
                clauses.append([-here, *condition])
    for key, there in state.items():
        if key[0] == 0:
            continue
        # "there" holds only if one of its predecessors (a state, and the cell's value) led to it
        for choice in product(*predecessors[key]):
            clauses.append([-there, *dict.fromkeys(choice)])
    if helpers:
        clauses += helper_clauses(tokens, move, literal, cells, allowed, live, state)
    return clauses


def helper_clauses(tokens, move, literal, cells, allowed, live, state,
                   most_pairs=HELPER_STATES) -> list[list[int]]:
    """Clauses that every model of the automaton's clauses already satisfies, but which let the
    solver's unit propagation see more: after t cells, at least one state holds, and (where at
    most `most_pairs` states are live) at most one; and a cell can have a value only if some
    state at its place can read that value on the way to the end."""
    clauses = []
    for t in range(cells):
        here = [state[t, q] for q in live[t]]
        clauses.append(here)
        if len(here) <= most_pairs:
            clauses += [[-a, -b] for i, a in enumerate(here) for b in here[i + 1:]]
        for value in allowed[t]:
            known = literal(t, value)
            if known is not True:
                readers = [state[t, q] for q in live[t] if (t + 1, move(tokens, q, value)) in state]
                clauses.append([-known, *readers])
    return clauses


def live_states(tokens, move, allowed) -> list[list[int]]:
    """For each t, the automaton's states after t cells on some run that reads only allowed
    values (allowed[t] for cell t) and ends having matched every token (sorted lists)."""
    cells = len(allowed)
    reached = [{0}]  # forward: the states some run reaches after t cells
    for t in range(cells):
        reached.append({move(tokens, q, v) for q in reached[t] for v in allowed[t]} - {None})
    live = [[] for _ in range(cells + 1)]
    ahead = {len(tokens)} & reached[cells]  # backward: the states that can still finish
    live[cells] = sorted(ahead)
    for t in range(cells - 1, -1, -1):
        ahead = {q for q in reached[t] if any(move(tokens, q, v) in ahead for v in allowed[t])}
        live[t] = sorted(ahead)
    return live


def puzzle_cnf(rows, cols, grid=None) -> tuple[list[list[int]], list[list[int]], int]:
    """The whole puzzle as clauses. Returns (clauses, cell_var, variables):

    cell_var[r][c] is the variable of cell (r, c) (true = filled), or None for a cell that
    `grid` (a list of rows of 1/0/None) already knows: the automata read those as facts.
    """
    cell_var, lines, numbers = puzzle_lines(rows, cols, grid)
    clauses = [clause for line in lines for clause in line]
    return clauses, cell_var, next(numbers) - 1


def puzzle_lines(rows, cols, grid=None, states=None):
    """(cell_var, lines, numbers): the cells' variables as puzzle_cnf gives them, a generator of
    each line's clauses (rows, then columns), built only when asked for, so that a solver can take
    them one line at a time; and the variable counter (its next value, once `lines` is used up,
    is the number of variables plus one). `states`: each line's live states, if computed."""
    rows, cols, known = check_puzzle(rows, cols, grid)
    numbers = numbering(1)
    cell_var = [[next(numbers) if cell is None else None for cell in row] for row in known]
    line_vars, line_known = lines_of(cell_var), lines_of(known)

    def lines():
        for k, clue in enumerate(rows + cols):
            yield line_clauses(clue, line_vars[k], numbers.__next__, line_known[k],
                               states and states[k])
    return cell_var, lines(), numbers


def lines_of(grid) -> list[list]:
    """The lines of a grid as the formula numbers them: its rows, then its columns."""
    return grid + transpose(grid)


# %% [markdown]
# The clauses of the clue `[2, 1]` on a line of 5 cells, printed with names instead of numbers
# (`x0 .. x4` the cells, `S(t,q)` the states, `~` for not):

# %% tags=["active-ipynb"]
# def clause_text(clause, names):
#     """A clause as text: its literals by name, joined by 'or'."""
#     return ' or '.join(('~' if literal < 0 else '') + names[abs(literal)] for literal in clause)
#
#
# def show_line_formula(clue, known, shown=10):
#     """The live states of a clue's automaton on a line (`known`: its cells, None if open),
#     and the first `shown` clauses, by name."""
#     cells = len(known)
#     names = {i + 1: f'x{i}' for i in range(cells)}
#     numbers = numbering(cells + 1)
#     clauses = line_clauses(clue, list(range(1, cells + 1)), numbers.__next__, known)
#     live = live_states(clue_tokens(clue), next_state, allowed_values(known))
#     states = [(t, q) for t in range(cells + 1) for q in live[t]]
#     names.update({cells + 1 + i: f'S({t},{q})' for i, (t, q) in enumerate(states)})
#     print(f'clue {clue} on {nonovector.show_line(known)}: live states after t cells '
#           f'{live}, {len(states)} state variables, {len(clauses)} clauses; the first {shown}:')
#     for clause in clauses[:shown]:
#         print('  ', clause_text(clause, names))
#
#
# show_line_formula([2, 1], [None] * 5)

# %% [markdown]
# When line logic has already decided the second cell (filled) and the fourth (empty), a run
# must read those two as they are: the live states thin out, the cells `x1` and `x3` appear in
# no clause, and the formula shrinks:

# %% tags=["active-ipynb"]
# show_line_formula([2, 1], [None, 1, None, 0, None], shown=5)

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
# least one open cell differs from this grid", and ask again; when the formula becomes
# unsatisfiable every solution has been seen, each exactly once. Validating a puzzle means asking
# for two.
#
# Two habits keep the formula small. First, chapter 5's line logic decides what it can (it is
# cheap, and sound: whatever it decides holds in every solution), and only the cells it leaves
# open get variables. Second, the solver takes the clauses one line at a time, so they are never
# all held as Python lists at once (a list of three numbers costs Python about a hundred bytes,
# several times what the solver needs for the same clause). With `max_bytes`, it also counts the
# live states before building anything, and refuses a formula that would need more memory (the
# race below uses that).

# %%
SAT_BASE_BYTES = 16 * 2 ** 20  # measured: the solver's library and set-up, before any clause
BYTES_PER_STATE = 1000  # measured: the solver's memory per automaton state, while solving


class EncodingTooBig(MemoryError):
    """SAT's formula would need more memory than SAT may use: it is not built."""


def states_within(lines, max_bytes: int) -> list:
    """The live states of each line, from `lines` (an iterable of arguments for live_states, or
    None for a line that needs no states), as long as the formula they make stays within max_bytes at BYTES_PER_STATE a state: counted
    as they come, so that a formula far too big is refused early (EncodingTooBig). The
    solver's own SAT_BASE_BYTES count too."""
    states, total = [], SAT_BASE_BYTES
    for args in lines:
        states.append(args and live_states(*args))  # (None: a line that needs none)
        total += BYTES_PER_STATE * sum(map(len, states[-1] or []))
        if total > max_bytes:
            raise EncodingTooBig(f'the formula would need more than the {max_bytes / 2 ** 20:.0f} '
                                 'MB SAT may use')
    return states


def sat_solutions(rows, cols, grid=None, *, solver='cadical153', propagate=True,
                  max_bytes=None) -> Iterator[Grid]:
    """Generate every solution grid (lists of rows of 0/1) of the puzzle, each once, by SAT.

    Needs the optional package python-sat (imported here, so the rest of the module does not).
    `solver` names one of python-sat's solvers. With `propagate` (the default), chapter 5's line
    logic decides what it can first, and only the cells it leaves open are encoded. With
    `max_bytes`, a formula estimated to need more memory raises EncodingTooBig (a MemoryError)
    before it is built. Raises PuzzleError on a malformed puzzle.
    """
    known = check_puzzle(rows, cols, grid)[2]
    if propagate:
        try:
            known = nonoengine.propagate(rows, cols, known)
        except Contradiction:
            return
    states = None
    if max_bytes is not None:  # count the states first: refuse a formula that would not fit
        states = states_within(((clue_tokens(clue), next_state, allowed_values(line))
                                if None in line else None
                                for clue, line in zip(rows + cols, lines_of(known))), max_bytes)
    try:
        from pysat.solvers import Solver
    except ImportError:
        raise ImportError('sat_solutions needs the optional package python-sat: '
                          'pip install python-sat') from None
    cell_var, lines, _ = puzzle_lines(rows, cols, known, states)
    open_cells = [var for row in cell_var for var in row if var is not None]
    with Solver(name=solver) as sat:
        for clauses in lines:  # one line at a time: the clauses are never all in Python at once
            sat.append_formula(clauses)
        while sat.solve():
            filled = {var for var in sat.get_model() if var > 0}
            yield [[cell if var is None else int(var in filled) for var, cell in zip(vars_, cells)]
                   for vars_, cells in zip(cell_var, known)]
            if not open_cells:
                return
            sat.add_clause([-var if var in filled else var for var in open_cells])

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
# print(list(sat_solutions(small_rows, small_cols, propagate=False)) == [small_picture])  # the whole grid


# %% [markdown]
# Validation asks for two solutions and stops: `islice(sat_solutions(...), 2)`. On Wolter's
# *Lasts Forever* (webpbn #6574, by Gator; *Forever* for short), which chapter 5's engine settles
# by search:

# %% tags=["active-ipynb"]
# from pathlib import Path
#
# import nonofiles
# import nonogram2d
# import nonoprobe
#
# PUZZLES = Path('..') / 'puzzles'   # the notebooks run in notebooks/
# forever_rows, forever_cols = nonofiles.read_clues(PUZZLES / 'webpbn-06574.non')
# started = time.perf_counter()
# forever_sat = list(islice(sat_solutions(forever_rows, forever_cols), 2))
# sat_seconds = time.perf_counter() - started
# forever_verdict = nonoengine.analyse(forever_rows, forever_cols)
# print(f'Forever by SAT: {["none", "unique", "multiple"][len(forever_sat)]}, '
#       f'the same picture as the engine: {forever_sat == forever_verdict.solutions}')

# %% tags=["active-ipynb", "nbval-ignore-output"]
# print(f'SAT took {sat_seconds:.2f} s here, the engine {forever_verdict.seconds:.2f} s')

# %% [markdown]
# How much does line logic save? The formula's size per cell, counted one line at a time, for
# the whole grid and for what line logic leaves open; on *Forever*, and on a random 100x100
# picture filled at 60% (a puzzle with several solutions):

# %% tags=["active-ipynb"]
# def formula_size(rows, cols, grid=None):
#     """(variables, clauses) of the puzzle's formula, counted one line at a time."""
#     _, lines, numbers = puzzle_lines(rows, cols, grid)
#     clauses = sum(len(line) for line in lines)
#     return next(numbers) - 1, clauses
#
#
# big_rows, big_cols = nonogram2d.pic2gram(nonoprobe.random_picture(100, 100, 0.6, seed=1))
# for name, rows, cols in (('Forever', forever_rows, forever_cols), ('random 100x100', big_rows, big_cols)):
#     cells = len(rows) * len(cols)
#     after = nonoengine.propagate(rows, cols)
#     print(f'{name}: line logic leaves {sum(row.count(None) for row in after)} of {cells} cells open')
#     for how, grid in (('the whole grid', None), ('after line logic', after)):
#         variables, clauses = formula_size(rows, cols, grid)
#         print(f'  {how:<17} {variables / cells:5.1f} variables and {clauses / cells:6.1f} clauses '
#               f'per cell ({clauses:,} clauses; the solver would need about '
#               f'{(SAT_BASE_BYTES + variables * BYTES_PER_STATE) / 2 ** 20:.0f} MB)')

# %% [markdown]
# On *Forever* line logic decides only a few cells, and the formula shrinks a little with them.
# On the random picture it decides almost nothing, and the formula stays at about thirty variables and
# well over a hundred clauses a cell, hundreds of megabytes in the solver (estimated with the
# memory per state measured by the benchmark, `BYTES_PER_STATE`). Such a puzzle is one where SAT is slow anyway
# (it has to search a wide-open grid clause by clause) and the engine's probing does well; we come
# back to it in the race.

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
# Below the diagonal SAT is faster. It wins on the puzzles that make the engine search (9-Dom
# above all), and loses on big puzzles that need probing, where line logic leaves much of a
# large grid open: the formula is then big, built in Python, and its propagation works clause by
# clause where a line solver handles a whole line at once. On the puzzles that line logic
# settles, SAT does the same line logic first and is left with nothing to solve, so it only
# loses the time it takes to start. The puzzles that took either solver more than a second, or
# went over the limit, with what each solver recorded:

# %% tags=["active-ipynb"]
# hard = [row for row in validated if 'limit' in (row['verdict'], row['sat_verdict'])
#         or max(float(row['seconds']), float(row['sat_seconds'])) > 1]
# print(f'{"puzzle":<14} {"size":>6} {"engine":>8} {"nodes":>6} {"seconds":>8}   {"SAT":>8} {"seconds":>8}')
# for row in hard:
#     print(f'{row["puzzle"]:<14} {row["size"]:>6} {row["verdict"]:>8} {row["nodes"]:>6} '
#           f'{float(row["seconds"]):>8.1f}   {row["sat_verdict"]:>8} {float(row["sat_seconds"]):>8.1f}')

# %% [markdown]
# The helper clauses have their share in SAT's wins. The benchmark also timed SAT (processor
# seconds, in a process of its own) without them and with them, letting "at most one" pairs in
# where up to 0, 4, 8 or 16 states are live; on the puzzles where SAT without them takes a fifth
# of a second or more:

# %% tags=["active-ipynb"]
# import statistics
#
# helped = [r for r in read_rows('sat-helpers.csv')
#           if r['seconds_off'] and float(r['seconds_off']) >= 0.2]
# print(f'{"puzzle":<30} {"without":>8}' + ''.join(f'{"pairs " + k:>10}' for k in ('0', '4', '8', '16')))
# for r in helped:
#     print(f'{r["puzzle"]:<30} {float(r["seconds_off"]):>8.2f}' + ''.join(
#         f'{float(r["seconds_" + k]):>10.2f}' if r['seconds_' + k] else f'{"-":>10}'
#         for k in ('0', '4', '8', '16')))
# for k in ('0', '4', '8', '16'):
#     ratios = [float(r['seconds_off']) / float(r['seconds_' + k]) for r in helped if r['seconds_' + k]]
#     print(f'pairs up to {k:>2} live states: geometric mean speed-up '
#           f'{statistics.geometric_mean(ratios):.2f} on {len(ratios)} puzzles')

# %% [markdown]
# Two are beyond both within the limit: Knotty (40x40, from Jan Wolter's survey) and Faase
# (80x95, with two solutions, which no solver of that survey finished). 9-Dom (webpbn #8098,
# 19x19, a puzzle for personal use, not shipped here: its figures come from the benchmark only)
# is the clearest case for SAT: built so that line logic, and even probing one cell at a time,
# sees next to nothing, it needs reasoning across many lines at once. The engine's search
# rediscovers the same facts in every subtree; SAT's learned clauses keep them.
#
# ## The race
#
# The two complement each other, and the machine has more than one core, so let them race:
# the engine starts, and if it has not finished after a head start of `engine_seconds` (a tenth
# of a second by default), SAT starts beside it in a process of its own. Whichever answers first
# wins, and the other is stopped. The head start keeps the many puzzles that the engine settles
# at once from paying for a second process; after it, a puzzle costs about the time of the
# faster of the two, not of the first and then the second. The engine's answer says more when it
# wins: how a puzzle can be solved (line by line, with "what if", or only by guessing), which SAT
# cannot tell.
#
# `find_solutions` runs the race, and gives back an `Answer`: the solutions found (at most
# `count`), whether the search finished, which part answered, when SAT joined and what became of
# it if it did not answer, the engine's method and work, and the time. Its `status` is `'none'`,
# `'unique'` or `'multiple'` when the answer is known, and `'unknown'` when time ran out first (or
# `count` was reached before a second solution was needed). `use_engine=False` or
# `use_sat=False` keeps one part alone; without python-sat, the engine works alone.
#
# Three practical matters:
#
# - **Stopping.** A call to CaDiCaL cannot be interrupted from inside Python, so SAT runs in a
#   child process (`SatProcess`) that sends back each solution as it finds it, and the engine
#   goes on meanwhile. The engine's queue strategy (chapter 5's, which already checks the clock
#   every 64 line solves) also reads, at those moments, what SAT has sent, without waiting; and
#   it stops the engine when SAT has answered. The child is killed when the race is over, when the time is up, or
#   when the user presses Ctrl-C, and it dies with us if we are killed.
# - **Memory.** SAT's formula can be big: about a thousand bytes per automaton state, measured, and
#   a wide-open 100x100 puzzle has about three hundred thousand states. So SAT gets a share of
#   memory (`sat_memory`; in a race by default `RACE_SAT_BYTES`, 56 MB; without a limit when it
#   runs alone): before building anything it counts its states, and if the formula would not
#   fit, it does not start, and the engine goes on alone. The share is also a hard limit on the
#   child's address space. It is sized so that the two processes together stay within 100 MB:
#   the share is what is left once the engine's process (an interpreter, the modules, and chapter
#   5's memo, at most `MEMO_BYTES`, 16 MB) and the child's own interpreter and modules are
#   counted. The benchmark at the end of this chapter checks the sum.
# - **Dying.** A SAT process that runs out of memory, or is killed, is a part that lost the race,
#   not an error: the engine goes on, and if it cannot finish either, the answer says what became
#   of both.

# %%
ENGINE_SECONDS = 0.1  # the engine's head start, in seconds, before SAT joins the race
RACE_SAT_BYTES = 56 * 2 ** 20  # the memory SAT may use in a race unless told otherwise


@dataclass
class Answer:
    """What find_solutions found: the solutions (at most `count`); `finished`, True if the search
    ended by itself or by reaching `count`, False if the time ran out; which part answered
    ('engine' or 'SAT'; when neither did, those that ran, as 'engine and SAT'); the seconds in all;
    `sat_joined`, the seconds after which SAT joined the race (None if it never ran beside the
    engine); `sat_note`, what became of SAT if it ran or was refused and did not answer; and the
    engine's method and work (when the engine ran)."""
    solutions: list = field(repr=False)
    finished: bool
    part: str
    seconds: float
    count: int
    sat_joined: float | None = None
    sat_note: str = ''
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
    """Look for up to `count` solutions, by a race: chapter 5's engine starts, and if it has not
    finished after `engine_seconds`, SAT starts beside it in a child process; the first to
    finish answers and the other is stopped. `timeout` bounds the whole. With python-sat
    missing, or use_sat=False, the engine runs alone; with use_engine=False, SAT alone. Returns
    an Answer. Other kinds of puzzle (colour, chapter 8) pass in their own `engine` (a class
    like Searcher) and `sat` (a generator of solutions like sat_solutions, defined at the top
    level of a module). `sat_memory`: bytes SAT may use (RACE_SAT_BYTES in a race if None; no
    limit for SAT alone if None); a formula that would need more is not built."""
    engine(rows, cols, grid)  # checks the puzzle: PuzzleError before any work
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise ValueError(f'count must be a whole number at least 1, not {count!r}')
    timeout = checked_budget('timeout', timeout, (int, float))
    engine_seconds = checked_budget('engine_seconds', engine_seconds, (int, float))
    sat_memory = checked_budget('sat_memory', sat_memory, int)
    if not (use_engine or use_sat):
        raise ValueError('use_engine and use_sat cannot both be False')
    start = time.perf_counter()
    if not use_engine:
        if not sat_available():
            raise ImportError(SAT_MISSING)
        return sat_answer(rows, cols, grid, count, timeout, sat, sat_memory)
    if not (use_sat and sat_available()):
        return engine_answer(rows, cols, grid, count, timeout, engine)
    rival = SatProcess(rows, cols, grid, count, sat, sat_memory or RACE_SAT_BYTES)
    try:
        return race(rows, cols, grid, count, timeout, engine, rival, start, engine_seconds)
    finally:
        rival.stop()


def race(rows, cols, grid, count, timeout, engine, rival, start, engine_seconds) -> Answer:
    """The engine in this process, with `rival` (a SatProcess) started after `engine_seconds`."""
    strategy = racing_strategy(rival, start, engine_seconds)
    try:
        answer = engine_answer(rows, cols, grid, count, timeout, engine, next_line=strategy)
    except MemoryError:  # the engine lost; SAT may still answer within the time
        answer = Answer([], False, 'engine', time.perf_counter() - start, count)
        if rival.process is None:
            raise
    if not answer.finished and rival.process is not None:
        left = None if timeout is None else timeout - (time.perf_counter() - start)
        rival.wait(left if left is None or left > 0 else 0)
    rival.poll()  # (what it has sent meanwhile)
    answer.sat_joined = rival.joined and rival.joined - start
    if answer.finished:
        answer.sat_note = rival.note('the engine answered first')
        return answer
    seconds = time.perf_counter() - start
    if rival.outcome == 'done':
        return Answer(rival.found, True, 'SAT', seconds, count, answer.sat_joined,
                      method=answer.method, nodes=answer.nodes, line_solves=answer.line_solves,
                      probes=answer.probes)
    answer.seconds = seconds
    answer.sat_note = rival.note('out of time')
    answer.part = 'engine' if rival.process is None else 'engine and SAT'
    answer.solutions += [s for s in rival.found if s not in answer.solutions]
    del answer.solutions[count:]
    return answer


def racing_strategy(rival, start, engine_seconds):
    """A queue strategy for the engine in a race: chapter 5's (which checks the budgets every
    64 line solves), which at those moments also starts SAT once the head start is over, and
    stops the engine (SearchLimit) when SAT has answered."""
    def next_line(engine, queue):
        if engine.line_solves % 64 == 0:
            if rival.process is None and time.perf_counter() - start >= engine_seconds:
                rival.start()
            if rival.poll() and rival.outcome == 'done':
                raise SearchLimit('SAT answered first', engine.nodes, engine.seconds(), [])
        return nonoengine.first_in_first_out_on_time(engine, queue)
    return next_line


def engine_answer(rows, cols, grid, count, time_limit, engine=nonoengine.Searcher,
                  **options) -> Answer:
    """Up to `count` solutions by the engine (chapter 5's) within `time_limit` seconds."""
    searcher = engine(rows, cols, grid, time_limit=time_limit, **options)
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


def sat_answer(rows, cols, grid, count, timeout, sat=sat_solutions, memory=None) -> Answer:
    """Up to `count` solutions by SAT alone within `timeout` seconds."""
    start = time.perf_counter()
    if timeout is None and memory is None:  # nothing to enforce: no child process needed
        found = list(islice(sat(rows, cols, grid), count))
        return Answer(found, True, 'SAT', time.perf_counter() - start, count)
    alone = SatProcess(rows, cols, grid, count, sat, memory)
    try:
        alone.start()
        alone.wait(timeout)
    finally:
        alone.stop()
    return Answer(alone.found, alone.outcome == 'done', 'SAT', time.perf_counter() - start,
                  count, sat_note=alone.note('out of time'))


SAT_MISSING = 'the SAT solver needs the optional package python-sat (python -m pip install python-sat)'


def sat_available() -> bool:
    """Is python-sat installed? (Found without importing its solvers, which takes longer than
    solving a small puzzle; they are imported when SAT runs.)"""
    import importlib.util

    try:
        return importlib.util.find_spec('pysat.solvers') is not None
    except ImportError:
        return False


# %% [markdown]
# The child process. It is a fresh Python (started with `subprocess`, in a session of its own, so
# that the terminal's Ctrl-C reaches only us, and we stop it; and asking the system to kill it if
# we die), reading its job from its standard input as a pickle and writing back messages, each a pickle after its length: `('solution',
# grid)` for each solution, then `('done', None)`; or `('too big', words)` if the formula would not
# fit its memory, `('memory', words)` if it ran out anyway. We read what has arrived whenever the
# engine's strategy asks (`poll`, which never waits), or wait for it (`wait`) when there is
# nothing else to do.

# %%
class SatProcess:
    """SAT in a child process: start() it, poll() or wait() for its messages, read `found` and
    `outcome` ('done', 'too big', 'memory', 'died', 'stopped'; None while it runs), stop() it at
    the end. `memory`: bytes the child may use (None: no limit)."""

    def __init__(self, rows, cols, grid, count, sat=sat_solutions, memory=None):
        self.job = (rows, cols, grid, count, sat, memory)
        self.process = self.joined = self.outcome = None
        self.detail = ''
        self.found = []
        self.received = bytearray()  # bytes read but not yet a whole message
        self.stopping = False

    def start(self):
        """Start the child and send it its job. (Ctrl-C waits until the child is ours to stop.)"""
        import os
        import pickle
        import signal
        import subprocess

        here = globals().get('__file__')  # (a notebook has none)
        path = ([os.path.dirname(os.path.abspath(here))] if here else []) + sys.path
        code = (f'import sys; sys.path[:0] = {path!r}; import nonosat; '
                f'nonosat.sat_process_main({os.getpid()})')
        blocking = hasattr(signal, 'pthread_sigmask')
        if blocking:
            signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        try:
            self.joined = time.perf_counter()
            self.process = subprocess.Popen([sys.executable, '-c', code],
                                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                            stderr=subprocess.PIPE, start_new_session=True)
        finally:
            if blocking:
                signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
        rows, cols, grid, count, sat, memory = self.job
        try:
            pickle.dump((rows, cols, grid, count, importable(sat), memory), self.process.stdin)
            self.process.stdin.close()
        except OSError:  # it died at once: poll() will find out why
            pass

    def poll(self, timeout=0.0) -> bool:
        """Read what the child has sent, waiting at most `timeout` seconds (None: no limit) for
        the first bytes; return True if it has ended."""
        import os
        import pickle
        import select

        if self.process is None or self.outcome is not None:
            return self.outcome is not None
        ready, _, _ = select.select([self.process.stdout], [], [], timeout)
        if ready:
            data = os.read(self.process.stdout.fileno(), 1 << 16)
            if not data:  # the end, without a last message
                self.outcome = 'stopped' if self.stopping else self.why_it_died()
            self.received += data
            while len(self.received) >= 4 and self.outcome is None:
                size = int.from_bytes(self.received[:4], 'big')
                if len(self.received) < 4 + size:
                    break
                kind, value = pickle.loads(self.received[4:4 + size])
                del self.received[:4 + size]
                if kind == 'solution':
                    self.found.append(value)
                else:
                    self.outcome, self.detail = kind, value
        return self.outcome is not None

    def wait(self, timeout=None) -> bool:
        """Read messages until the child ends or `timeout` seconds pass; True if it has ended."""
        deadline = None if timeout is None else time.perf_counter() + timeout
        while not self.poll(None if deadline is None else max(0.0, deadline - time.perf_counter())):
            if deadline is not None and time.perf_counter() >= deadline:
                return False
        return True

    def stop(self):
        """Kill the child if it still runs, and wait for it (no orphan, no zombie)."""
        import os
        import signal

        if self.process is None:
            return
        self.stopping = True
        if self.process.poll() is None:
            try:
                os.killpg(self.process.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        self.process.wait()
        if self.outcome is None:
            self.outcome = 'stopped'
        for pipe in (self.process.stdin, self.process.stdout, self.process.stderr):
            pipe.close()

    def why_it_died(self) -> str:
        """The outcome of a child that ended without its last message: 'memory' if the solver
        could not allocate (C++'s bad_alloc, or a MemoryError), else 'died'; `detail` says more."""
        self.process.wait()
        errors = self.process.stderr.read().decode(errors='replace').strip().splitlines()
        self.detail = errors[-1].strip() if errors else f'exit code {self.process.returncode}'
        if any('bad_alloc' in line or 'MemoryError' in line for line in errors):
            self.detail = 'the solver could not allocate more'
            return 'memory'
        return 'died'

    def note(self, otherwise) -> str:
        """What became of SAT, in words (`otherwise` if it was stopped or is still running)."""
        if self.process is None:
            return ''
        return {'too big': f'not started: {self.detail}',
                'memory': f'ran out of memory ({self.detail})',
                'died': f'stopped unexpectedly ({self.detail})',
                'done': 'answered'}.get(self.outcome, otherwise)


def importable(function):
    """`function`, or, if it was defined in a notebook (whose functions live in the module
    `__main__`, which another process cannot import), the function of the same name in the
    module `nonosat`, this notebook's twin."""
    main = sys.modules.get('__main__')
    if getattr(function, '__module__', None) == '__main__' and not hasattr(main, '__file__'):
        import importlib

        return getattr(importlib.import_module('nonosat'), function.__qualname__)
    return function


def sat_process_main(parent: int):
    """The SAT child's work (see SatProcess): read the job, solve, send the messages. `parent`:
    the process id of the parent, with which this process dies."""
    import os
    import pickle

    die_with_parent(parent)
    rows, cols, grid, count, sat, memory = pickle.load(sys.stdin.buffer)

    def send(kind, value):
        message = pickle.dumps((kind, value))
        sys.stdout.buffer.write(len(message).to_bytes(4, 'big') + message)
        sys.stdout.buffer.flush()
    try:
        if memory is not None:
            cap_address_space(memory, more=True)
            solutions = sat(rows, cols, grid, max_bytes=memory)
        else:
            solutions = sat(rows, cols, grid)
        for solution in islice(solutions, count):
            send('solution', solution)
        send('done', None)
    except EncodingTooBig as error:
        send('too big', str(error))
    except MemoryError:
        send('memory', f'more than the {memory / 2 ** 20:.0f} MB it may use')
    os._exit(0)  # (quickly: the solver's memory is the system's to free)


def die_with_parent(parent: int):
    """Ask the system to kill this process when its parent dies (Linux), and exit now if the
    parent is already gone."""
    import os
    import signal

    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # 1: PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass
    if os.getppid() != parent:
        os._exit(1)


def cap_address_space(limit: int, more=False):
    """Let this process map at most `limit` bytes (`more`: that many more than it maps now),
    where the system allows it (Linux, macOS); beyond it, allocations fail."""
    try:
        import resource
    except ImportError:
        return
    if more:
        try:
            with open('/proc/self/status') as status:
                limit += next(int(line.split()[1]) * 1024 for line in status
                              if line.startswith('VmSize'))
        except (OSError, StopIteration):
            return
    hard = resource.getrlimit(resource.RLIMIT_AS)[1]
    if hard == resource.RLIM_INFINITY or limit <= hard:
        resource.setrlimit(resource.RLIMIT_AS, (limit, hard))


# %% [markdown]
# The race, four ways. A puzzle that line logic settles at once is over before SAT's head start
# ends: SAT never runs. To see SAT win on *Forever*, we slow the engine down on purpose (a
# hundredth of a second per line solve, a subclass passed in as `engine`); the answer is SAT's,
# with the same picture as the engine's. On the random 100x100 picture above, SAT's formula
# would not fit its share, so in a race SAT does not start and the engine answers alone (shown
# here by the engine alone, and by SAT alone with a race's memory). And Knotty
# (40x40, from Jan Wolter's survey), which neither settles in a second, shows an answer that
# is still unknown when the time is up, naming both parts. (Which part wins an honest race
# depends on the machine, so these demonstrations are rigged to come out the same every time;
# the benchmark below shows honest races.)

# %% tags=["active-ipynb"]
# def show_answer(answer):
#     """The facts of an Answer, without its timings."""
#     if answer.sat_joined is not None:
#         joined = 'SAT joined'
#     else:
#         joined = 'SAT alone, no race' if answer.part == 'SAT' else 'SAT never joined'
#     return (f'status {answer.status}, {len(answer.solutions)} solution(s), finished '
#             f'{answer.finished}, answered by {answer.part}; {joined}'
#             + (f', {answer.sat_note.split(":")[0]}' if answer.sat_note else ''))
#
#
# class SlowSearcher(nonoengine.Searcher):
#     """Chapter 5's engine, slowed down: a hundredth of a second per line solve."""
#     def solve_line(self, line):
#         time.sleep(0.01)
#         return super().solve_line(line)
#
#
# first_rows, first_cols = nonofiles.read_clues(PUZZLES / 'webpbn-00001.non')
# print('webpbn #1:     ', show_answer(find_solutions(first_rows, first_cols)))
# slowed = find_solutions(forever_rows, forever_cols, engine=SlowSearcher)
# print('slowed Forever:', show_answer(slowed), '| the same picture:',
#       slowed.solutions == forever_verdict.solutions)
# print('random 100x100:', show_answer(find_solutions(big_rows, big_cols, use_sat=False)))
# big_by_sat = find_solutions(big_rows, big_cols, use_engine=False, sat_memory=RACE_SAT_BYTES)
# print('  by SAT alone, with the memory of a race:', big_by_sat.status, '-', big_by_sat.sat_note)
# knotty_rows, knotty_cols = nonofiles.read_clues(PUZZLES / 'survey-knotty.non')
# knotty = find_solutions(knotty_rows, knotty_cols, timeout=1)
# print('Knotty, 1 s:   ', f'status {knotty.status}, finished {knotty.finished}, by {knotty.part}')

# %% [markdown]
# On the 2x2 diagonal, asking for up to ten solutions, the answer is complete with two; and
# SAT alone gives the same two:

# %% tags=["active-ipynb"]
# print(show_answer(find_solutions(diagonal_rows, diagonal_cols, count=10)))
# print(show_answer(find_solutions(diagonal_rows, diagonal_cols, count=10, use_engine=False)))

# %% [markdown]
# How well does the race do on the whole collection? The benchmark ran it too, as a third
# column, with 10 s in all:

# %% tags=["active-ipynb"]
# by_sat = [r['puzzle'] for r in validated
#           if r['race_by'] == 'SAT' and r['race_verdict'] != 'limit']
# race_late = [r['puzzle'] for r in validated if r['race_verdict'] == 'limit']
# print(f'the collection: {len(validated) - len(race_late)} of {len(validated)} within 10 s; '
#       f'won by SAT: {", ".join(by_sat) or "none"}; '
#       f'over the limit: {", ".join(race_late) or "none"}')

# %% [markdown]
# The same puzzles, and random pictures from 10x10 to 100x100, as the `nonogram` command of the
# last chapter meets them: whole processes, each puzzle solved three ways (the engine alone, SAT
# alone, and the race), by `benchmarks/race.py`, which also follows the memory of the command and
# its SAT process together. On the left, each point is a puzzle that some way answered: the
# race's time against the faster of the two parts alone; below the dashed line the race is
# within 1.3 times the faster part plus 0.15 s (the price of a second process). On the right,
# the peak memory of the whole process tree (the command and its SAT process) for every puzzle,
# sorted, for the three ways:

# %% tags=["active-ipynb"]
# every_run = read_rows('race.csv')
# raced = [r for r in every_run if r['faster_seconds']]  # (some way answered: a time to compare)
# fig, (left, right) = plt.subplots(1, 2, figsize=(11, 5))
# for part, colour in (('engine', 'tab:blue'), ('SAT', 'tab:orange'), ('none', 'tab:red')):
#     points = [(float(r['faster_seconds']), float(r['race_seconds'])) for r in raced
#               if (r['race_part'].split()[0] if r['race_exit'] in ('0', '1') else 'none') == part]
#     left.scatter([x for x, _ in points], [y for _, y in points], s=18, color=colour,
#                  label={'none': 'race gave up'}.get(part, f'race won by {part}'))
# line = [0.05 * 1.2 ** k for k in range(40)]
# left.plot(line, [1.3 * x + 0.15 for x in line], color='grey', linestyle='--', linewidth=1,
#           label='1.3 x faster + 0.15 s')
# left.set_xscale('log')
# left.set_yscale('log')
# left.set_xlabel('the faster of the engine alone and SAT alone: seconds')
# left.set_ylabel('the race: seconds')
# left.set_title('The race against its parts (whole processes)')
# left.legend(fontsize=8)
# for mode, colour in (('no-sat', 'tab:blue'), ('sat', 'tab:orange'), ('race', 'black')):
#     peaks = sorted(float(r[f'{mode}_tree_peak_mb']) for r in every_run)
#     right.plot(range(1, len(peaks) + 1), peaks, color=colour, marker='.',
#                label={'no-sat': 'engine alone', 'sat': 'SAT alone', 'race': 'the race'}[mode])
# right.axhline(100, color='grey', linestyle='--', linewidth=1)
# right.set_yscale('log')
# right.set_yticks([20, 30, 50, 100, 200, 300], ['20', '30', '50', '100', '200', '300'])
# right.minorticks_off()
# right.set_xlabel('puzzles, sorted by peak memory')
# right.set_ylabel('peak memory of the process tree: MB')
# right.set_title('Memory, the command and its SAT process together')
# right.legend(fontsize=8)
# plt.tight_layout()
# plt.show()
# slow = [r['puzzle'] for r in raced if r['time_ok'] != 'True']
# big = [r['puzzle'] for r in every_run if r['memory_ok'] != 'True']
# print(f'{len(raced)} of {len(every_run)} puzzles some way answered; the race within 1.3 x + 0.15 s '
#       f'on {len(raced) - len(slow)} of those (not on: {", ".join(slow) or "none"})')
# print(f'its tree under 100 MB on {len(every_run) - len(big)} of all {len(every_run)} (not on: '
#       f'{", ".join(big) or "none"}); largest peak of the race '
#       f'{max(float(r["race_tree_peak_mb"]) for r in every_run):.0f} MB, of SAT alone '
#       f'{max(float(r["sat_tree_peak_mb"]) for r in every_run):.0f} MB')
# for r in read_rows('race.csv'):
#     if r['puzzle'] in slow:
#         print(f'  {r["puzzle"]}: SAT alone {float(r["sat_seconds"]):.1f} s with a tree of '
#               f'{float(r["sat_tree_peak_mb"]):.0f} MB; in the race, SAT: '
#               f'{r["race_verdict"].split("SAT: ")[-1].split(";")[0]}')

# %% [markdown]
# The race costs little where the engine wins: its head start means that most puzzles never
# start a second process, and those that do pay for it on the other core. Where SAT wins, the
# race pays for starting a second process, and the head start. Its misses are the price of the
# memory share: puzzles that SAT alone settles, but only with a process tree about as large as
# the whole 100 MB (printed above), so that in the race its formula does not fit its share, SAT
# is refused, and the engine cannot finish alone. (A race that gave up counts as a miss wherever
# its point falls in the figure: it reached the benchmark's time limit.) There the command's
# `--sat` (SAT alone, with three quarters of the command's memory budget) is the answer, and the
# verdict line of the race says what became of SAT, so a user knows to try it.
#
# ## What we have
#
# - `clue_tokens`, `next_state`, `live_states` and `line_clauses`: a line's clue as an
#   automaton, and the automaton as clauses over its live states only; `puzzle_cnf` and
#   `puzzle_lines`, the whole puzzle as one formula, at once or a line at a time.
# - `sat_solutions`: every solution by a SAT solver, after line logic, checked against brute
#   force; with `max_bytes`, it refuses a formula too big before building it.
# - `find_solutions`: the engine and SAT in a race (SAT in a child process, `SatProcess`), one
#   answer as data (`Answer`). The last chapter's `nonogram` command is built on it.
#
# Not done here: the puzzles beyond both solvers within the time limit, listed above.
