# %% [markdown]
# # Lesson 10. When lines are not enough: SAT
#
# Lesson 9's engine settles most published puzzles in well under a second. On a few, no line and
# no probe tells much, and the search finds the same facts again in subtree after subtree. By the
# end of this lesson you will be able to
#
# - write a line's clue as an *automaton*, and the automaton as *clauses*, with only the states
#   that can still matter once line logic has done its work;
# - list a puzzle's solutions with a SAT solver, and check them against brute force;
# - read one measurement of the engine against SAT, and say where each wins.
#
# SAT comes from the optional package `python-sat`. Plumbing a student may skip is in the library
# module `nonoprocess`. This notebook is the module `nonoclauses`.

# %%
"""The puzzle as clauses, an automaton per line (line_clauses, puzzle_cnf), and its solutions by
SAT (sat_solutions, needs python-sat). Lesson 10 of the nonogram tutorial."""

from collections.abc import Iterator
from functools import partial
from itertools import count as numbering, product

import nonoengine
import nonoprocess
from nonocheck import check_puzzle
from nonogram2d import transpose
from nonovector import Clue, Contradiction, Grid, line2blocks, normalize_clue

# %% [markdown]
# ## The puzzle as clauses
#
# *SAT* is short for satisfiability: can a formula of true/false variables be made true, and how?
# A SAT solver takes the formula in *conjunctive normal form* (CNF): a list of *clauses*, all of
# which must hold, each an OR of *literals* (a variable or its negation); values that make every
# clause hold are a *model*. We write clauses as in the DIMACS file format that SAT solvers read:
# variable `k` is the number `k`, its negation `-k`.
#
# The solver propagates (a clause whose literals are all false but one forces that one) and
# guesses. At a *conflict* (a clause with every literal false) it *learns* a clause that rules out
# the decisions that caused it, everywhere in the search. Such a clause may join cells of
# many lines: a fact that line logic cannot see, and that a depth-first search rediscovers in
# every subtree.
#
# ### One line as an automaton
#
# Write the clue as *tokens*: a `1` for each filled cell of a block, a `0` for each gap between
# blocks; `[2, 1]` becomes `1 1 0 1`. An automaton reading a line is in state `q`, the number of
# tokens matched so far. On the next cell it matches the next token (moving to `q + 1`), or, on an
# empty cell where extra empty cells are allowed (before, between or after the blocks), stays
# where it is. Anything else is a dead end. The line fits the clue if the automaton ends having
# matched every token.

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
# import nonofiles
# import nonogram2d
# import nonovector
#
# tokens = clue_tokens([2, 1])
# print('tokens of [2, 1]:', tokens, '(accepting state 4); the states visited, None a dead end:')
# for finished in ([1, 1, 0, 1, 0], [0, 1, 1, 0, 0, 1], [1, 0, 1, 1, 0], [0, 1, 1, 1, 0]):
#     states = [0]
#     for cell in finished:
#         states.append(None if states[-1] is None else next_state(tokens, states[-1], cell))
#     print(finished, '->', states)

# %% [markdown]
# ### The automaton as clauses
#
# For each line, a variable `S(t, q)` says "after `t` cells, this line's automaton is in state
# `q`", and `x_t` says "cell `t` is filled". Only the *live* states get a variable: those that some
# run passes through on its way to the accepting state. `live_states` finds them in two sweeps,
# forward from the start and backward from the end. A known cell, given or decided by line logic,
# is a fact the automaton reads: it cuts the live states, and needs no variable.

# %%
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


def allowed_values(known) -> list[tuple]:
    """The values each cell of a line may take: (1, 0) if unknown, else its own."""
    return [(1, 0) if cell is None else (cell,) for cell in known]

# %% [markdown]
# Writing "`x_t = v`" for the literal `x_t` when `v` is 1 and `not x_t` when `v` is 0:
#
# - *start*: `S(0, 0)`;
# - *forward*: for each live `S(t, q)` and value `v`, `not S(t, q) or not (x_t = v) or S(t + 1,
#   q')` if the move on `v` leads to a live `q'`, else `not S(t, q) or not (x_t = v)`;
# - *backward*: a state `S` holds only if a predecessor led to it. It has at most two: a state
#   `A` one cell earlier with `a`, the literal of the cell value that moves `A` to `S`, and
#   likewise `B` with `b`. "`S` implies (`A` and `a`) or (`B` and `b`)" becomes four clauses, `not S
#   or A or B`, `not S or A or b`, `not S or a or B`, `not S or a or b`.
#
# The forward clauses alone make every model a correct line; the backward ones let the solver
# deduce early. `automaton_clauses` writes them (and `helper_clauses`, below) for any automaton;
# `line_clauses` for a line of a black-and-white puzzle.

# %%
def automaton_clauses(tokens, move, values, literal, cells, new_var, allowed=None,
                      states=None, helpers=True) -> list[list[int]]:
    """The clauses of an automaton (`move`) run on `cells` cells of `values`: `literal(t, value)`
    is "cell t has this value" (True if known); `allowed[t]`, cell t's values; `states`, live."""
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


def line_clauses(clue: Clue, cell_vars: list[int], new_var, known=None, states=None,
                 helpers=True) -> list[list[int]]:
    """Clauses saying the cells (`cell_vars`, true = filled) spell a line with `clue`; new_var()
    gives a fresh variable; `known`: the cells decided (1, 0 or None)."""
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
                             new_var, allowed_values(known), states, helpers)

# %% [markdown]
# The solver's cheapest reasoning, *unit propagation*, acts only on a clause whose literals are all
# false but one. So we add *helper clauses* that every model satisfies anyway (the automaton is
# deterministic: a line has one run), but that hand unit propagation more: after `t` cells at least
# one state holds, and at most one (where at most `HELPER_STATES` are live); and a cell has a value
# only if some live state can read it. SAT's times with them off and on are in
# `benchmarks/results/sat-helpers.csv`.

# %%
HELPER_STATES = 8  # "at most one state" where at most this many are live (sat-helpers.csv)


def helper_clauses(tokens, move, literal, cells, allowed, live, state,
                   most_pairs=HELPER_STATES) -> list[list[int]]:
    """Clauses every model satisfies, which help unit propagation: after t cells at least one
    state holds, and at most one (if `most_pairs` or fewer); a value needs a state to read it."""
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

# %% [markdown]
# ### The clauses of `[2, 1]`, worked out
#
# The clue `[2, 1]` on 5 unknown cells, its clauses by name (`x0` to `x4` the cells, `S(t,q)`
# the states, `~` for not):

# %% tags=["active-ipynb"]
# def show_line_formula(clue, known, shown=6):
#     """A clue's live states on a line (`known`), and the first `shown` clauses of each kind."""
#     cells, allowed = len(known), allowed_values(known)
#     live = live_states(clue_tokens(clue), next_state, allowed)
#     plain, every = (line_clauses(clue, list(range(1, cells + 1)), numbering(cells + 1).__next__,
#                                  known, helpers=helpers) for helpers in (False, True))
#     forward = sum(len(allowed[t]) * len(live[t]) for t in range(cells))
#     print(f'clue {clue} on {nonovector.show_line(known)}: live states after t cells {live}; '
#           f'{sum(map(len, live))} state variables, {len(every)} clauses')
#     names = nonoprocess.formula_names(cells, live)
#     for kind, group in (('start', plain[:1]), ('forward', plain[1:1 + forward]),
#                         ('backward', plain[1 + forward:]), ('helpers', every[len(plain):])):
#         nonoprocess.show_clauses(kind, group, names, shown)
#
#
# show_line_formula([2, 1], [None] * 5)

# %% [markdown]
# Read the forward clauses as rules: a filled first cell matches the first token (`S(1,1)`), an
# empty one stays before the first block (`S(1,0)`). `~S(1,0) or x1`: still before the first block
# after one cell, the run must fill the second, or four cells would be too few for `1 1 0 1`. The
# backward clauses read the other way: `S(1,1)` holds only if the start did and `x0` is filled.
#
# With the second cell decided (filled) and the fourth (empty), the live states thin out, `x1` and
# `x3` appear in no clause, and the formula shrinks:

# %% tags=["active-ipynb"]
# show_line_formula([2, 1], [None, 1, None, 0, None], shown=3)

# %% [markdown]
# Every row and every column gets its own automaton over the same cell variables. `puzzle_lines`
# gives each line's clauses when asked for, one line at a time; `puzzle_cnf` all at once.

# %%
states_within = partial(nonoprocess.states_within, live_states=live_states)  # (memory: nonoprocess)


def puzzle_lines(rows, cols, grid=None, max_bytes=None):
    """(cell_var, lines, numbers): the cells' variables, a generator of each line's clauses, and
    the variable counter. `max_bytes`: a memory budget (see nonoprocess.states_within)."""
    rows, cols, known = check_puzzle(rows, cols, grid)
    numbers = numbering(1)
    cell_var = [[next(numbers) if cell is None else None for cell in row] for row in known]
    lines = list(zip(rows + cols, cell_var + transpose(cell_var), known + transpose(known)))
    states = states_within(((clue_tokens(clue), next_state, allowed_values(line))
                            if None in line else None for clue, _, line in lines), max_bytes)

    def clauses():
        for (clue, line_vars, line), live in zip(lines, states):
            yield line_clauses(clue, line_vars, numbers.__next__, line, live)
    return cell_var, clauses(), numbers


def puzzle_cnf(rows, cols, grid=None) -> tuple[list[list[int]], list[list[int]], int]:
    """The whole puzzle as clauses: (clauses, cell_var, variables). cell_var[r][c] is the
    variable of cell (r, c), or None for a cell that `grid` already knows."""
    cell_var, lines, numbers = puzzle_lines(rows, cols, grid)
    clauses = [clause for line in lines for clause in line]
    return clauses, cell_var, next(numbers) - 1


# %% [markdown]
# ## Enumerating solutions
#
# `sat_solutions` hands the clauses to a SAT solver (CaDiCaL, from `python-sat`). Each time it
# finds a model, we read off the grid, add a *blocking clause* ("at least one open cell differs
# from this grid") and ask again; when no model is left, every solution has been seen, each once.
# Validating a puzzle means asking for two. Line logic (`nonoengine.propagate`) first decides what
# it can, and only the cells it leaves open get variables: a smaller formula.

# %%
def sat_solutions(rows, cols, grid=None, *, solver='cadical153', propagate=True,
                  max_bytes=None) -> Iterator[Grid]:
    """Every solution grid of the puzzle, each once, by SAT (`solver`: one of python-sat's).
    `propagate`: line logic first. `max_bytes`: as puzzle_lines."""
    known = check_puzzle(rows, cols, grid)[2]
    if propagate:
        try:
            known = nonoengine.propagate(rows, cols, known)
        except Contradiction:
            return
    cell_var, lines, _ = puzzle_lines(rows, cols, known, max_bytes)
    open_cells = [var for row in cell_var for var in row if var is not None]
    with nonoprocess.new_solver(solver) as sat:  # python-sat's Solver(name=solver)
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
# A check against brute force, which tries every grid of 0s and 1s (few enough only on a small
# puzzle): the 2x2 diagonal (rows `[1], [1]`, columns `[1], [1]`, two solutions), then the clues
# of a 3x4 picture, with line logic first and without:

# %% tags=["active-ipynb"]
# def brute_force_solutions(rows, cols):
#     """Every 0/1 grid whose rows and columns have the clues (as pic2gram gives them)."""
#     width = len(cols)
#     grids = ([list(cells[r:r + width]) for r in range(0, len(cells), width)]
#              for cells in product([0, 1], repeat=len(rows) * width))
#     return [grid for grid in grids if nonogram2d.pic2gram(grid) == (rows, cols)]
#
# diagonal = [[1], [1]], [[1], [1]]   # (rows, columns)
# found = sorted(sat_solutions(*diagonal))
# print(found, 'the same as brute force:', found == brute_force_solutions(*diagonal))
# small_picture = [[1, 1, 0, 1], [0, 1, 0, 0], [1, 1, 1, 0]]
# small = nonogram2d.pic2gram(small_picture)   # (rows, columns)
# for propagate in (True, False):
#     found = list(sat_solutions(*small, propagate=propagate))
#     print(f'{small} (rows, columns), propagate={propagate}: SAT finds only the picture, as '
#           'brute force does:', found == brute_force_solutions(*small) == [small_picture])

# %% [markdown]
# Lesson 9's *Forever* (Lasts Forever, webpbn #6574 by Gator, 25x25), which the engine settles
# only by search, validated by SAT; and its formula, whole and after line logic:

# %% tags=["active-ipynb"]
# from itertools import islice
#
# forever_rows, forever_cols = nonofiles.read_clues('../puzzles/webpbn-06574.non')
# forever_sat = list(islice(sat_solutions(forever_rows, forever_cols), 2))
# print(f'Forever by SAT: {["none", "unique", "multiple"][len(forever_sat)]}, the same picture as'
#       f' the engine: {forever_sat == nonoengine.analyse(forever_rows, forever_cols).solutions}')
# after = nonoengine.propagate(forever_rows, forever_cols)
# for how, grid in (('the whole grid', None), ('after line logic', after)):
#     clauses, cell_var, variables = puzzle_cnf(forever_rows, forever_cols, grid)
#     print(f'  {how}: {sum(var is not None for row in cell_var for var in row)} open cells, '
#           f'{variables:,} variables, {len(clauses):,} clauses')

# %% [markdown]
# ## The engine against SAT
#
# Which is faster? `benchmarks/speed.py` validated a collection of published puzzles with lesson
# 9's engine and with SAT, at most 10 s each (`benchmarks/results/validate.csv`; the formula's
# size is in `encoding.csv`). Besides Forever, we name six. In `puzzles/`: *Light* (webpbn #803 by
# Robert Kummerfeldt); *Knotty* (by Joe Cooke) and *Faase* (by Kerrin Mansfield), from the sample
# set of Jan Wolter's survey of solvers, very hard, with two solutions each (`puzzles/SOURCES.md`).
# Not in `puzzles/`: *9-Dom* (webpbn #8098), and *LalaFrogKK* and *MLP*, pynogram's examples.
# The seven, then every puzzle as a point:

# %% tags=["active-ipynb"]
# validated = nonoprocess.engine_against_sat()   # validate.csv's rows, with encoding.csv's sizes
# GALLERY = {'webpbn-06574': 'Forever', 'webpbn-08098': '9-Dom', 'LalaFrogKK': 'LalaFrogKK',
#            'webpbn-00803': 'Light', 'MLP': 'MLP', 'knotty': 'Knotty', 'faase': 'Faase'}
# nonoprocess.show_engine_against_sat(validated, GALLERY)   # (a table of the named puzzles)
# nonoprocess.draw_engine_against_sat(validated, GALLERY)   # (matplotlib, in nonoprocess)
# faster = [GALLERY.get(r['puzzle'], r['puzzle']) for r in validated
#           if r['sat_shown'] < r['engine_shown']]
# slow = [GALLERY.get(r['puzzle'], r['puzzle']) for r in validated
#         if r['verdict'] != 'limit' and float(r['seconds']) > 0.5]
# print(f'SAT faster on {len(faster)} of {len(validated)}: {", ".join(faster)}; the engine '
#       f'settles in over 0.5 s: {", ".join(slow)}')

# %% [markdown]
# SAT is faster on four puzzles, which share one thing: the engine needs over half a second on them,
# to search (9-Dom, LalaFrogKK, Forever) or to probe (Light) grids that line logic leaves almost all
# open (9-Dom: every cell). There SAT's learned clauses cut across lines. Where probing is quick, as
# on MLP, the engine wins even on an open grid: SAT builds hundreds of thousands of clauses in
# Python and propagates them one by one, where a line solver takes a whole line at once. On the
# green points SAT repeats line logic, then starts a solver for nothing. Knotty and Faase beat both.
#
# ## What we have learned, and what comes next
#
# - A clue is an automaton over tokens; a line is its run, as clauses over the *live* states only
#   (`live_states`, `line_clauses`); a puzzle is one automaton per row and column (`puzzle_cnf`).
# - `sat_solutions` lists every solution once, blocking each model it finds.
# - SAT wins where the engine is slow (it must search, or probe long), and loses where line logic
#   or quick probing settles a puzzle.
#
# Neither wins everywhere, and a machine has more than one core. Next, lesson 11 races the two:
# the engine starts, SAT joins it, and the first answer wins.
#
# ## Exercises
#
# 1. *Predict, then run.* Which states are live after 2 cells for the clue `[3]` on 5 unknown
#    cells, and when the first cell is known empty? Check with `live_states`.
# 2. Time `sat_solutions` on Forever with `propagate=False` and with the default, several times
#    each (`%timeit`). Is the difference larger than the spread between repeats?
# 3. *Prove it.* The start and forward clauses have a model exactly when the cells spell a line
#    of the clue. (Follow the run the cells force: which clause fails at a dead end?)
# 4. *Extend* (a long one: about an hour). Encode a line another way: a variable per position of
#    each block, one position per block, block `j + 1` after block `j`, a cell filled exactly when
#    a block covers it. Check it against brute force; compare its size on Forever.
