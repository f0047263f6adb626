# %% [markdown]
# # Lesson 11. When lines are not enough: SAT
#
# Lesson 10's engine settles most published puzzles in well under a second. On a few, no line and
# no probe tells much, and the search finds the same facts again and again. By the end of this
# lesson you will be able to
#
# - write a line's clue as an *automaton*, and the automaton as *clauses*;
# - list a puzzle's solutions with a SAT solver, and check them against brute force;
# - read one measurement of the engine against SAT, and say where each wins.
#
# SAT needs the optional package `python-sat`; the library module `nonoprocess` prints and
# plots. This notebook is the module `nonoclauses`.

# %%
"""The puzzle as clauses, an automaton per line (line_clauses, puzzle_cnf), and its solutions by
SAT (sat_solutions, needs python-sat). Lesson 11 of the nonogram tutorial."""

from collections.abc import Iterator
from functools import partial
from itertools import count as numbering, product

import nonoengine
import nonoprocess
from nonocheck import (MOST_CELLS, check_callable, check_has, check_line, check_list, check_puzzle,
                       check_table, check_whole)
from nonogram2d import transpose
from nonovector import Clue, Contradiction, Grid, line2blocks, normalize_clue

# %% [markdown]
# ## The puzzle as clauses
#
# *SAT* (satisfiability): can a formula of true/false variables be made true? A SAT solver takes
# it in *conjunctive normal form* (CNF): a list of *clauses*, all of which must hold, each an OR of
# *literals* (a variable or its negation); values making every clause hold are a *model*.
# Variable `k` is the number `k`, its negation `-k`.
#
# The solver propagates (*unit propagation*: a clause whose literals are all false but one forces
# that one) and guesses. At a *conflict* (every literal of a clause false) it *learns* a clause
# that rules out the decisions that caused it, everywhere in the search. Such a clause may join
# cells of many lines: a fact line logic cannot see, which a depth-first search rediscovers in
# every subtree.
#
# ### One line as an automaton
#
# Write the clue as *tokens*: a `1` per filled cell of a block, a `0` per gap between blocks;
# `[2, 1]` becomes `1 1 0 1`. An automaton reading a line is in state `q`, the number of tokens
# matched so far. On the next cell it matches the next token (moving to `q + 1`), or stays on an
# empty cell before, between or after the blocks; anything else is a dead end. The line fits if
# the automaton ends in the *accepting state* `len(tokens)`.

# %%
def clue_tokens(clue: Clue) -> list[int]:
    """The clue as tokens: 1 for each filled cell of a block, 0 for each gap between blocks."""
    clue = normalize_clue(clue)
    tokens = []
    for i, length in enumerate(clue):
        tokens += [0] * (i > 0) + [1] * length  # a gap before every block but the first
    return tokens


def next_state(tokens: list[int], state: int, cell: int) -> int | None:
    """The automaton's move from `state` on a cell (1 filled, 0 empty), or None at a dead end."""
    if state < len(tokens) and tokens[state] == cell:
        return state + 1
    if cell == 0 and (state == 0 or state == len(tokens) or tokens[state - 1] == 0):
        return state  # extra empty cells: before the first block, in a gap, after the last
    return None


# %% tags=["active-ipynb"]
# tokens = clue_tokens([2, 1])
# print('tokens of [2, 1]:', tokens, '(accepting state 4); the states visited, None a dead end:')
# for cells in ([1, 1, 0, 1, 0], [0, 1, 1, 0, 0, 1], [1, 0, 1, 1, 0], [0, 1, 1, 1, 0]):
#     states = [0]
#     for cell in cells:
#         states.append(None if states[-1] is None else next_state(tokens, states[-1], cell))
#     print(cells, '->', states)

# %% [markdown]
# ### The automaton as clauses
#
# For each line, a variable `S(t, q)` says "after `t` cells, the automaton is in state `q`", and
# `x_t` says "cell `t` is filled" (cells counted from 0). Only the *live* states get a variable:
# those on some run to the accepting state, which `live_states` finds in a sweep forward and one
# backward. A known cell cuts the live states and needs no variable.

# %%
def live_states(tokens, move, allowed) -> list[list[int]]:
    """For each t, the automaton's states after t cells on some run that reads only allowed
    values (allowed[t] for cell t) and ends having matched every token (sorted lists)."""
    check_list('tokens', tokens), check_callable('move', move)
    allowed = check_table('allowed', allowed, least=0)
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
    known = check_line(known)
    return [(1, 0) if cell is None else (cell,) for cell in known]

# %% [markdown]
# Writing `x_t = v` for the literal `x_t` if `v` is 1, `not x_t` if it is 0:
#
# - *start*: `S(0, 0)`;
# - *forward*: for each live `S(t, q)` and value `v`, `not S(t, q) or not (x_t = v) or S(t + 1,
#   q')` if the move on `v` leads to a live `q'`, else `not S(t, q) or not (x_t = v)`;
# - *backward*: a state `S` holds only if a predecessor led to it. It has at most two, `A` by the
#   literal `a` and `B` by `b`: "`S` implies (`A` and `a`) or (`B` and `b`)" becomes `not S or A
#   or B`, `not S or A or b`, `not S or a or B`, `not S or a or b`.
#
# The forward clauses alone make every model a correct line; the backward ones let the solver
# deduce early. `automaton_clauses` takes the move, the cell values and the literals as
# arguments, for other kinds of line to reuse; `line_clauses` calls it for a black-and-white
# line.

# %%
def automaton_clauses(tokens, move, values, literal, cells, new_var, allowed=None,
                      states=None, helpers=True) -> list[list[int]]:
    """The clauses of an automaton (`move`) run on `cells` cells of `values`: `literal(t, value)`
    is "cell t has this value" (True if known); `allowed[t]`, cell t's values; `states`, live."""
    check_list('tokens', tokens), check_callable('move', move), check_list('values', values)
    check_callable('literal', literal), check_callable('new_var', new_var)
    cells = check_whole('cells', cells, most=MOST_CELLS)
    allowed = allowed or [values] * cells
    live = states or live_states(tokens, move, allowed)
    state = {(t, q): new_var() for t in range(cells + 1) for q in live[t]}
    if (0, 0) not in state:  # no run fits what is known: a formula with no model
        impossible = new_var()
        return [[impossible], [-impossible]]
    clauses = [[state[0, 0]]]
    predecessors = {key: [] for key in state if key[0]}  # of each state after 1 cell or more
    for (t, q), here in state.items():
        for value in allowed[t] if t < cells else ():  # (no cell after the last)
            target, known = (t + 1, move(tokens, q, value)), literal(t, value)
            condition = [] if known is True else [-known]  # a known cell needs no literal
            if target in state:
                clauses.append([-here, *condition, state[target]])
                predecessors[target].append((here,) if known is True else (here, known))
            else:
                clauses.append([-here, *condition])
    for key, choices in predecessors.items():
        # the state holds only if one of its predecessors (a state, and the cell's value) led to it
        for choice in product(*choices):
            clauses.append([-state[key], *dict.fromkeys(choice)])
    if helpers:
        clauses += helper_clauses(tokens, move, literal, cells, allowed, live, state)
    return clauses


def line_clauses(clue: Clue, cell_vars: list[int], new_var, known=None, states=None,
                 helpers=True) -> list[list[int]]:
    """Clauses saying the cells (`cell_vars`, true = filled) spell a line with `clue`; new_var()
    gives a fresh variable; `known`: the cells decided (1, 0 or None)."""
    cell_vars, _ = check_list('cell_vars', cell_vars), check_callable('new_var', new_var)
    clue = normalize_clue(clue)  # (a clue too long for its line gets a formula with no model)
    known = known or [None] * len(cell_vars)
    if None not in known:  # a decided line is a fact to check, not a formula
        if line2blocks(known) == normalize_clue(clue):
            return []
        impossible = new_var()
        return [[impossible], [-impossible]]

    def literal(t, value):  # "cell t has this value" (True if that is known)
        return True if known[t] is not None else cell_vars[t] if value else -cell_vars[t]
    return automaton_clauses(clue_tokens(clue), next_state, (1, 0), literal, len(cell_vars),
                             new_var, allowed_values(known), states, helpers)

# %% [markdown]
# *Helper clauses*, true in every model (a line has one run), give unit propagation more to act
# on: after `t` cells at least one state holds, and at most one (where at most `HELPER_STATES` are
# live); a cell has a value only if a live state can read it.

# %%
HELPER_STATES = 8  # "at most one state" where at most this many are live (sat-helpers.csv)


def helper_clauses(tokens, move, literal, cells, allowed, live, state,
                   most_pairs=HELPER_STATES) -> list[list[int]]:
    """Clauses every model satisfies, which help unit propagation: after t cells at least one
    state holds, and at most one (if `most_pairs` or fewer); a value needs a state to read it."""
    check_callable('literal', literal), check_whole('cells', cells, most=MOST_CELLS)
    check_table('live', live, least=0), check_has('state', state, 'keys')
    clauses = []
    for t in range(cells):
        here = [state[t, q] for q in live[t]]
        clauses.append(here)
        if len(here) <= most_pairs:
            clauses += [[-a, -b] for i, a in enumerate(here) for b in here[i + 1:]]
        for value in allowed[t]:
            if (known := literal(t, value)) is not True:  # a value needs a live state to read it
                clauses.append([-known, *(state[t, q] for q in live[t]
                                          if (t + 1, move(tokens, q, value)) in state)])
    return clauses

# %% [markdown]
# ### The clauses of `[2, 1]`, worked out
#
# The clue `[2, 1]` on 5 unknown cells (`~` for not; helpers from `t = 1`: after 0 cells they
# repeat the start clause):

# %% tags=["active-ipynb"]
# def show_formula(clue, known, shown=6):  # its live states, then its clauses by name
#     live = live_states(clue_tokens(clue), next_state, allowed_values(known))
#     nonoprocess.show_line_formula(clue, known, line_clauses, live, shown)
#
#
# show_formula([2, 1], [None] * 5)

# %% [markdown]
# Read the forward clauses as rules: a filled first cell matches the first token (`S(1,1)`), an
# empty one stays before the first block (`S(1,0)`). `~S(1,0) or x1`: still before the first block
# after one cell, the run must fill the second cell; were it empty, three cells would be left for
# `1 1 0 1`. Backward, `S(1,1)` holds only if the start did and `x0` is filled. The helper `x1`:
# no live state reads an empty second cell.
#
# With the second cell known filled and the fourth empty, the formula shrinks; `x1` and `x3`
# appear in no clause:

# %% tags=["active-ipynb"]
# show_formula([2, 1], [None, 1, None, 0, None], shown=3)

# %% [markdown]
# Every row and every column gets its own automaton over the same cell variables: `puzzle_lines`
# gives each line's clauses one at a time, `puzzle_cnf` all at once.

# %%
states_within = partial(nonoprocess.states_within, live_states=live_states)  # per line, lazily


def puzzle_lines(rows, cols, grid=None, max_bytes=None):
    """(cell_var, lines, numbers): the cells' variables, a generator of each line's clauses, and
    the variable counter. `max_bytes`: a formula estimated to need more raises EncodingTooBig."""
    rows, cols, known = check_puzzle(rows, cols, grid)
    numbers = numbering(1)
    cell_var = [[next(numbers) if cell is None else None for cell in row] for row in known]
    lines = list(zip(rows + cols, cell_var + transpose(cell_var), known + transpose(known)))
    states = states_within(((clue_tokens(clue), next_state, allowed_values(line))
                            if None in line else None for clue, _, line in lines), max_bytes)
    clauses = (line_clauses(clue, line_vars, numbers.__next__, line, live)
               for (clue, line_vars, line), live in zip(lines, states))
    return cell_var, clauses, numbers


def puzzle_cnf(rows, cols, grid=None) -> tuple[list[list[int]], list[list[int]], int]:
    """The puzzle as clauses: (clauses, cell_var, variables); cell_var[r][c] is None if known."""
    cell_var, lines, numbers = puzzle_lines(rows, cols, grid)
    clauses = [clause for line in lines for clause in line]
    return clauses, cell_var, next(numbers) - 1


# %% [markdown]
# ## Enumerating solutions
#
# `sat_solutions` hands the clauses to a SAT solver (CaDiCaL, from `python-sat`). At each model it
# reads off the grid, adds a *blocking clause* ("at least one unknown cell differs from this
# grid") and asks again, until no model is left. Validating a puzzle means asking for two. Line
# logic (`nonoengine.propagate`) first decides what it can: only the cells left unknown get
# variables.

# %%
def sat_solutions(rows, cols, grid=None, *, solver='cadical153', propagate=True,
                  max_bytes=None) -> Iterator[Grid]:
    """Every solution grid of the puzzle, each once, by SAT (`solver`: one of python-sat's).
    `propagate`: line logic first. `max_bytes`: as for puzzle_lines."""
    known = check_puzzle(rows, cols, grid)[2]
    if propagate:
        try:
            known = nonoengine.propagate(rows, cols, known)
        except Contradiction:
            return
    cell_var, lines, _ = puzzle_lines(rows, cols, known, max_bytes)
    unknown_cells = [var for row in cell_var for var in row if var is not None]
    with nonoprocess.new_solver(solver) as sat:  # python-sat's Solver(name=solver)
        for clauses in lines:  # one line at a time: the clauses are never all in Python at once
            sat.append_formula(clauses)
        while sat.solve():
            filled = {var for var in sat.get_model() if var > 0}
            yield [[cell if var is None else int(var in filled) for var, cell in zip(vars_, cells)]
                   for vars_, cells in zip(cell_var, known)]
            if not unknown_cells:
                return
            sat.add_clause([-var if var in filled else var for var in unknown_cells])

# %% [markdown]
# Against brute force (every grid of 0s and 1s: a small puzzle only), a 3x4 puzzle, with line
# logic first and without:

# %% tags=["active-ipynb"]
# import nonogram2d
#
# def brute_force_solutions(rows, cols):
#     """Every 0/1 grid whose rows and columns have the clues (as pic2gram gives them)."""
#     grids = ([list(cells[r:r + len(cols)]) for r in range(0, len(cells), len(cols))]
#              for cells in product([0, 1], repeat=len(rows) * len(cols)))
#     return [grid for grid in grids if nonogram2d.pic2gram(grid) == (rows, cols)]
#
#
# small = nonogram2d.pic2gram([[0, 1, 0, 1], [1, 1, 1, 1], [1, 0, 0, 1]])   # (rows, columns)
# for propagate in (True, False):
#     found = sorted(sat_solutions(*small, propagate=propagate))
#     print(f'propagate={propagate}: {len(found)} solutions, as brute force finds:',
#           found == brute_force_solutions(*small))

# %% [markdown]
# Lesson 10's *Forever* (25x25), which the engine settles only by search, solved by SAT; its
# formula, whole and after line logic:

# %% tags=["active-ipynb"]
# import nonofiles
#
# forever = nonofiles.read_clues('../puzzles/webpbn-06574.non')   # (rows, columns)
# found = list(sat_solutions(*forever))
# print(len(found), "solution by SAT, the engine's:", found == [nonoengine.solve(*forever)])
# for how, grid in (('the whole grid', None), ('after line logic', nonoengine.propagate(*forever))):
#     clauses, cell_var, variables = puzzle_cnf(*forever, grid)
#     print(f'  {how}: {sum(var is not None for row in cell_var for var in row)} unknown cells, '
#           f'{variables:,} variables, {len(clauses):,} clauses')

# %% [markdown]
# ## The engine against SAT
#
# `benchmarks/speed.py` validated a collection of published puzzles with both, at most 10 s each
# (`benchmarks/results/validate.csv`; formula sizes in `encoding.csv`). Besides Forever, in
# `puzzles/`: *Light* (webpbn #803 by Robert Kummerfeldt); *Knotty* (by Joe Cooke) and
# *Faase* (by Kerrin Mansfield), very hard, from Jan Wolter's survey of solvers. Not shipped:
# *9-Dom* (webpbn #8098 by Josh Greifer); *LalaFrogKK* and *MLP*, examples of pynogram, an
# open-source solver by Tsionyx. Below, `engine_shown` and `sat_shown` are the times as drawn
# (runs over the limit tie at 10 s); `seconds` is the engine's own.

# %% tags=["active-ipynb"]
# validated = nonoprocess.engine_against_sat()   # validate.csv's rows, with encoding.csv's sizes
# GALLERY = {'webpbn-06574': 'Forever', 'webpbn-08098': '9-Dom', 'LalaFrogKK': 'LalaFrogKK',
#            'webpbn-00803': 'Light', 'MLP': 'MLP', 'knotty': 'Knotty', 'faase': 'Faase'}
# nonoprocess.print_engine_against_sat(validated, GALLERY)
# nonoprocess.draw_engine_against_sat(validated, GALLERY)
# faster = [r['puzzle'] for r in validated if r['sat_shown'] < r['engine_shown']]
# slow = [r['puzzle'] for r in validated if r['verdict'] != 'limit' and float(r['seconds']) > 0.5]
# print('SAT faster:', ', '.join(GALLERY.get(p, p) for p in faster),
#       '| the engine settles in over 0.5 s:', ', '.join(GALLERY.get(p, p) for p in slow))

# %% [markdown]
# SAT is faster on four puzzles, all of which the engine needs over half a second for, to search
# (9-Dom, LalaFrogKK, Forever) or to probe (Light) grids that line logic leaves almost all unknown
# (9-Dom and LalaFrogKK: every cell). There SAT's learned clauses cut across lines. Where probing
# is quick, as on MLP, the engine wins even with every cell unknown: each of its line solves
# decides a whole line at once, while SAT must build a formula of hundreds of thousands of
# clauses (the table counts them) and then search it. Where line logic
# suffices (green), SAT only adds a solver's start. Knotty and Faase beat both.
#
# ## What we have learned, and what comes next
#
# - A clue is an automaton; a line is a run of it, as clauses over the live states.
# - `sat_solutions` lists every solution once, blocking each model it finds.
# - SAT wins where the engine must search or probe long.
#
# Next, lesson 12 races the two; the first answer wins.
#
# ## Exercises
#
# 1. *Predict, then run.* Which states are live after 2 cells for the clue `[3]` on 5 unknown
#    cells, and when the first cell is known empty? Check with `live_states`.
# 2. *Prove it.* With every cell's value fixed, the start and forward clauses can be satisfied
#    exactly when the cells spell a line of the clue. (Follow the run the cells force: which
#    clause fails at a dead end?)
# 3. *Extend* (about an hour). Encode a line with a variable per position of each block: one
#    position per block, each block after the one before, a cell filled exactly when a block
#    covers it. Check it against brute force; compare its size on Forever.
