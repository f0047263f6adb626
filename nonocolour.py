# %% [markdown]
# # Lesson 13. Colour puzzles: the engine and SAT in colour
#
# Lesson 12 solved single colour lines. This lesson solves whole colour puzzles, and shows how
# little has to change: lesson 4's engine never looks inside a cell, and lesson 10's automaton
# reads any alphabet. By the end of this lesson you will be able to
#
# - run lesson 4's engine on colour puzzles by changing two methods: what a cell may still be
#   (`choices`) and what the probes of a cell make certain (`certain`);
# - judge a colour puzzle with lesson 4's verdict, and watch line logic work in colour, round by
#   round;
# - write a colour puzzle as a SAT formula, and race the engine and SAT as lesson 11 does.
#
# This notebook is the module `nonocolour`.

# %%
"""Lesson 13 of the nonogram tutorial, colour puzzles: lesson 4's engine and verdicts, SAT and
lesson 11's race, in colour (notebooks/nonocolour.ipynb is the readable version)."""

from collections.abc import Iterator
from itertools import islice

import nonosat
from nonoclauses import automaton_clauses, states_within
from nonoengine import first_in_first_out_on_time
from nonogram2d import solve_lines, transpose
from nonoprobe import Engine, Verdict, best_probe
from nonoprocess import new_solver
from nonovector import Contradiction
# and names that other modules import from here (F401: not all used here)
from nonocheck import check_colour_puzzle, colour_totals, shortest_line  # noqa: F401
from nonocolourline import (_cache, colour_clue, colour_clues, colour_layouts,  # noqa: F401
                            solve_colour_line, solve_colour_line_fast, solve_line_by_layouts)
from nonodraw import SPARE_CHARS, Colour, colour_number, name_colours, visible_char  # noqa: F401

# %% [markdown]
# ## The puzzles of this lesson
#
# Besides lesson 12's mushroom (7x8), three colour puzzles from `puzzles/`, read by the library
# module `nonocolourfiles` (webpbn's XML format):
#
# - *Apples*, 15x15 in black, green and red: an apple tree, from the examples of pynogram
#   (Tsionyx's open-source nonogram solver), first published as webpbn #898. A picture as people
#   draw them, with areas of colour.
# - *Union Flag*, 15x31 in blue and red, also pynogram's. No cell is background: its lines are
#   blocks of different colours without gaps.
# - *Lighthouse*, 20x20 in six colours (a sky background and five inks): made by this project
#   from the picture `puzzles/lighthouse.png`.
#
# And noise: random 20x20 pictures, each cell equally likely to be the background or any colour.

# %% tags=["active-ipynb"]
# import random
# from collections import Counter
# from pathlib import Path
# import matplotlib.pyplot as plt
# from nonocolourfiles import read_colour_puzzles
# from nonocolourline import MUSHROOM, MUSHROOM_RGB
# from nonodraw import draw_colour_grid, draw_colour_rounds
#
# PUZZLES = Path('..') / 'puzzles'   # the notebooks run in notebooks/
# gallery = [read_colour_puzzles(PUZZLES / f'{name}.xml')[0]
#            for name in ('pynogram-apples', 'pynogram-uk', 'lighthouse')]
# for puzzle in gallery:
#     print(f'{puzzle.title}: {puzzle.height}x{puzzle.width},',
#           ', '.join(colour.name for colour in puzzle.colours[1:]), 'on', puzzle.colours[0].name)

# %% [markdown]
# ## The engine, in colour
#
# Lesson 4's engine never looks inside a cell. It asks its line solver what a line allows, writes
# every change into the grid, and for probing and search asks two methods. `choices` gives the
# values a cell may still take: `(1, 0)` for an unknown cell in black and white; in colour, the
# colours left in its set, each as a one-colour set. `certain` says what the probes of a cell make
# certain, from their *outcomes*: as in lesson 4, one per value tried, `None` after a contradiction,
# else a dict `{(row, column): new value}` of the cells it changed. In black and white, what both
# outcomes agree on is certain. In colour it is the *union*: a cell can only end up with a colour
# that some surviving probe left it. If probing red leaves a cell `{red}` and probing blue leaves it
# `{blue, background}`, it is not green. With one colour the union is lesson 4's rule again.
#
# `ColourEngine` is lesson 4's `Engine` with these two methods, the library's check of colour
# puzzles, lesson 12's fast line solver, and three strategies: probe first the cells with fewest
# colours left; guess by lesson 4's `best_probe` (which reads the last round's outcomes,
# `last_probes`), or without probes (`probing=False`) where there are fewest colours; and take lines
# by lesson 9's `first_in_first_out_on_time`, which checks the time limit every 64 line solves. Its
# `solutions` are rows of colour numbers (`colour_number`, from `nonodraw`, reads a one-colour set),
# kept also in `found`, lesson 4's list of the solutions so far.

# %%
def fewest_colours(engine: Engine, grid) -> list[tuple[int, int]]:
    """Strategy for the order of probes: undecided cells with fewest colours left first, then in
    reading order (the colour default)."""
    undecided = [(bin(cell).count('1'), r, c) for r, row in enumerate(grid)
                 for c, cell in enumerate(row) if cell & (cell - 1)]
    return [(r, c) for _, r, c in sorted(undecided)]


def guess_by_probes(engine: Engine, grid) -> tuple[int, int]:
    """Strategy for the cell to guess: lesson 4's best_probe; without probes, the first cell
    of fewest_colours (the colour default)."""
    return best_probe(engine, grid) if engine.last_probes else fewest_colours(engine, grid)[0]


class ColourEngine(Engine):
    """Lesson 4's engine for colour puzzles: cells are sets of colours (bitmasks). Options are
    Engine's; solutions are grids of colour numbers."""
    check_puzzle = staticmethod(check_colour_puzzle)

    def __init__(self, rows, cols, grid=None, *, line_solver=solve_colour_line_fast,
                 next_line=first_in_first_out_on_time, probe_order=fewest_colours,
                 choose_guess=guess_by_probes, **options):
        super().__init__(rows, cols, grid, line_solver=line_solver, next_line=next_line,
                         probe_order=probe_order, choose_guess=choose_guess, **options)

    def choices(self, cell: int) -> tuple:
        """The colours (as one-colour sets) an undecided cell may take; none if it is decided."""
        return tuple(1 << c for c in range(cell.bit_length()) if cell >> c & 1) \
            if cell & (cell - 1) else ()

    def certain(self, grid, outcomes: list) -> dict:
        """What the probes of one cell (one per colour) make certain: for each cell that every
        surviving probe narrowed, the union of their sets, where it is narrower than now."""
        surviving = [outcome for outcome in outcomes if outcome is not None]
        if not surviving:
            raise Contradiction('a cell can take none of its colours')
        unions = {cell: 0 for cell in surviving[0] if all(cell in other for other in surviving)}
        for outcome in surviving:
            for cell in unions:
                unions[cell] |= outcome[cell]
        return {(r, c): union for (r, c), union in unions.items() if union != grid[r][c]}

    def solutions(self) -> Iterator[list[list[int]]]:
        """Every solution, each once, as rows of colour numbers."""
        for solution in super().solutions():
            colours = [[colour_number(cell) for cell in row] for row in solution]
            self.found[-1] = [row[:] for row in colours]
            yield colours


# %% [markdown]
# The public functions are lesson 4's, with this engine. A grid of known cells, if given, holds
# colour numbers (`None` for unknown).

# %%
def solutions(rows, cols, grid=None, **options) -> Iterator[list[list[int]]]:
    """Every solution of a colour puzzle (rows of colour numbers), each once. `grid`: known
    cells (colour numbers, None for unknown). Options as nonoprobe.solutions."""
    return ColourEngine(rows, cols, grid, **options).solutions()


def solve(rows, cols, grid=None, **options) -> list[list[int]]:
    """The first solution found; raises Contradiction if there is none."""
    for solution in solutions(rows, cols, grid, **options):
        return solution
    raise Contradiction('the puzzle has no solution')


def analyse(rows, cols, grid=None, **options) -> Verdict:
    """Lesson 4's verdict for a colour puzzle: none, unique or multiple; line, probing or search."""
    engine = ColourEngine(rows, cols, grid, **options)
    found = list(islice(engine.solutions(), 2))
    return Verdict(['none', 'unique', 'multiple'][len(found)], engine.method, found,
                   engine.nodes, engine.line_solves, engine.probes, engine.seconds())


# %% [markdown]
# ## Line logic in colour, round by round
#
# The mushroom has one solution, and line logic alone finds it. To watch line logic work in
# colour, `colour_rounds` runs lesson 3's loop (`solve_lines`) with lesson 12's fast line
# solver: every row once, then every column, again and again until nothing changes.

# %%
def colour_rounds(rows, cols) -> list:
    """Lesson 3's loop in colour: the grids of cell sets after every row, then every column, and
    so on, until a half-round changes nothing (the start first)."""
    engine = ColourEngine(rows, cols)  # (checks the puzzle: clues as tuples, cells as sets)
    history = [engine.grid]
    while len(history) < 2 or history[-1] != history[-2]:
        if len(history) % 2:  # the rows' turn
            history.append(solve_lines(engine.rows, history[-1], solve_colour_line_fast))
        else:
            columns = solve_lines(engine.cols, transpose(history[-1]), solve_colour_line_fast)
            history.append(transpose(columns))
    return history[:-1]


# %% [markdown]
# The library's `draw_colour_rounds` (module `nonodraw`) draws the grid after each half-round,
# with a key: an undecided cell is grey, with a stripe for each colour still possible; magenta
# outlines the cells the half-round narrowed.

# %% tags=["active-ipynb"]
# mushroom_rows, mushroom_cols = colour_clues(MUSHROOM)
# verdict = analyse(mushroom_rows, mushroom_cols)
# print(verdict.describe(), '| the picture:', verdict.solutions == [MUSHROOM])
# history = colour_rounds(mushroom_rows, mushroom_cols)
# for k in range(1, len(history)):
#     narrowed = sum(new != old for new_row, old_row in zip(history[k], history[k - 1])
#                    for new, old in zip(new_row, old_row))
#     decided = sum(cell & (cell - 1) == 0 for row in history[k] for cell in row)
#     print(f'after the {["rows", "columns"][(k - 1) % 2]} of round {(k + 1) // 2}:',
#           f'{narrowed} cells narrowed, {decided} of 56 decided')
# draw_colour_rounds(history, mushroom_rows, mushroom_cols, name_colours(MUSHROOM_RGB))
# plt.show()

# %% [markdown]
# The rows narrow all 56 cells (so the middle picture has no outlines), yet decide only 17 (rows 2
# and 3, and one more): every other cell has only lost colours. The columns finish the picture
# from those pieces.
#
# The verdicts of the gallery, and the three pictures as the engine finds them (drawn without
# their clues, which would be too small to read):

# %% tags=["active-ipynb"]
# fig, axes = plt.subplots(1, 3, figsize=(12, 4), width_ratios=[15, 31, 20])
# for puzzle, ax in zip(gallery, axes):
#     verdict = analyse(puzzle.rows, puzzle.cols)
#     print(f'{puzzle.title}: {verdict.describe()}')
#     draw_colour_grid(verdict.solutions[0], colours=puzzle.colours, ax=ax, sets=False,
#                      title=f'{puzzle.title}, {puzzle.height}x{puzzle.width}')
# fig.tight_layout()
# plt.show()

# %% [markdown]
# Noise is another matter. Twenty random 20x20 pictures for each of 1, 2, 4 and 6 colours (kept
# in `noise`), and their verdicts:

# %% tags=["active-ipynb"]
# noise_rng = random.Random(20)
# noise = {colours: [[[noise_rng.randrange(colours + 1) for _ in range(20)] for _ in range(20)]
#                    for _ in range(20)] for colours in (1, 2, 4, 6)}
# for colours, pictures in noise.items():
#     verdicts = Counter(f'{verdict.status} by {verdict.method}' for verdict in
#                        (analyse(*colour_clues(picture), time_limit=60) for picture in pictures))
#     print(f'{colours} colour(s):', dict(sorted(verdicts.items())))

# %% [markdown]
# In one colour, 18 of 20 noise pictures have several solutions. More colours help: with six,
# 12 of 20 are unique, all by line logic alone. Noise is full of small patches whose colours can
# be exchanged without changing a clue; the smallest is a red diagonal in a 2x2 square, whose
# rows and columns each hold one red cell either way. Its two solutions:

# %% tags=["active-ipynb"]
# diagonal = [[1, 0], [0, 1]]
# fig, axes = plt.subplots(1, 2, figsize=(4, 2.2))
# for k, (solution, ax) in enumerate(zip(solutions(*colour_clues(diagonal)), axes)):
#     draw_colour_grid(solution, *colour_clues(diagonal), ['ffffff', 'd62728'], ax=ax, sets=False,
#                      title=f'solution {k + 1}')
# plt.show()

# %% [markdown]
# Pictures drawn with areas of colour are different: the gallery's three are all settled by line
# logic.
#
# ## SAT in colour
#
# Lesson 10 wrote a black-and-white puzzle as one Boolean formula: a variable per cell, and for each
# line an automaton whose states count how much of the clue has been matched. Colour needs two
# changes. A cell has one variable per colour, *one-hot*: exactly one is true (a clause "at least
# one", and "not both" for each pair). And the automaton reads colours: its tokens are the clue's
# cells, each its block's colour, with a background token `0` between two blocks of the same colour.
# In state `s`, a cell of colour `v` moves it to `s + 1` if `v` is the next token. Otherwise a
# background cell keeps it in `s` before the first block, after the last, after a gap token, or
# between blocks of different colours (a gap allowed but not needed); anything else is a dead end.
# For `2 red, 1 red` (tokens `1 1 0 1`), background keeps states 0, 3 and 4, moves state 2 on (the
# gap token), and is a dead end in state 1, inside the first block. Lesson 10's `automaton_clauses`
# turns any such automaton into clauses, `states_within` refuses a formula too big for SAT's memory,
# and solutions are read off as in lesson 10: solve, block the solution with a clause, solve again.

# %%
def colour_tokens(clue) -> list[int]:
    """The clue as tokens: its blocks' colours, one per cell, 0 between same-coloured blocks."""
    tokens = []
    for j, (length, colour) in enumerate(clue):
        if j and clue[j - 1][1] == colour:
            tokens.append(0)
        tokens += [colour] * length
    return tokens


def colour_move(tokens: list[int], state: int, colour: int) -> int | None:
    """The automaton's move from `state` on a cell of `colour`, or None at a dead end."""
    if state < len(tokens) and tokens[state] == colour:
        return state + 1
    if colour == 0 and (state == 0 or state == len(tokens) or tokens[state - 1] == 0
                        or (tokens[state] != 0 and tokens[state] != tokens[state - 1])):
        return state
    return None


def colour_cnf(rows, cols, grid=None, max_bytes=None) -> tuple[list[list[int]], list, int]:
    """The colour puzzle as clauses. Returns (clauses, cell_vars, variables): cell_vars[r][c][v]
    is the variable "cell (r, c) has colour v"; known cells of `grid` become unit clauses. With
    `max_bytes`, a formula estimated to need more raises nonoprocess.EncodingTooBig first."""
    rows, cols, cells = check_colour_puzzle(rows, cols, grid)
    colours = range(max(cell for row in cells for cell in row).bit_length())
    counter = iter(range(1, 1 << 62))
    cell_vars = [[[next(counter) for _ in colours] for _ in cols] for _ in rows]
    clauses = []
    for r, row in enumerate(cell_vars):
        for c, ones in enumerate(row):
            clauses.append([var for v, var in enumerate(ones) if cells[r][c] >> v & 1])
            clauses += [[-a, -b] for i, a in enumerate(ones) for b in ones[i + 1:]]
    lines = [(clue, cell_vars[r]) for r, clue in enumerate(rows)]
    lines += [(clue, [row[c] for row in cell_vars]) for c, clue in enumerate(cols)]
    automata = [(colour_tokens(clue), colour_move, [colours] * len(line)) for clue, line in lines]
    states = states_within(automata, max_bytes if max_bytes is not None else float('inf'))
    for (clue, line), live in zip(lines, states):
        clauses += automaton_clauses(
            colour_tokens(clue), colour_move, colours, lambda t, v, line=line: line[t][v],
            len(line), counter.__next__, states=live)
    return clauses, cell_vars, next(counter) - 1


def colour_sat_solutions(rows, cols, grid=None, *, solver='cadical153',
                         max_bytes=None) -> Iterator[list]:
    """Every solution (rows of colour numbers) of a colour puzzle, each once, by SAT (needs
    python-sat). Raises PuzzleError on a malformed puzzle; with `max_bytes`,
    nonoprocess.EncodingTooBig if the formula would need more memory."""
    clauses, cell_vars, _ = colour_cnf(rows, cols, grid, max_bytes)
    everything = [var for row in cell_vars for ones in row for var in ones]
    with new_solver(solver) as sat:  # python-sat's Solver(name=solver), as in lesson 10
        sat.append_formula(clauses)
        while sat.solve():
            true = {var for var in sat.get_model() if var > 0}
            yield [[next(v for v, var in enumerate(ones) if var in true) for ones in row]
                   for row in cell_vars]
            sat.add_clause([-var for var in everything if var in true])


def find_solutions(rows, cols, grid=None, **options) -> nonosat.Answer:
    """Lesson 11's race for a colour puzzle: the colour engine, and colour SAT joining it. Options
    as nonosat.find_solutions (count, timeout, engine_seconds, use_engine, use_sat, sat_memory)."""
    return nonosat.find_solutions(rows, cols, grid, engine=ColourEngine,
                                  sat=colour_sat_solutions, **options)


# %% [markdown]
# The automaton on three lines (`None` marks the dead end); then the mushroom as a formula, and
# SAT's solutions against the engine's on it and on fifty small random pictures (4x4, two colours
# and the background), each of which must have the same solutions both ways:

# %% tags=["active-ipynb"]
# for clue, line in [([(1, 1), (1, 2)], [0, 1, 0, 2]), ([(2, 1), (1, 1)], [0, 1, 1, 0, 0, 1, 0]),
#                    ([(2, 1), (1, 1)], [1, 0, 1, 1, 0, 0, 0])]:
#     tokens, states = colour_tokens(clue), [0]
#     for colour in line:
#         states.append(None if states[-1] is None else colour_move(tokens, states[-1], colour))
#     print(f'tokens {tokens}, line {line}: states {states}')
# clauses, cell_vars, variables = colour_cnf(mushroom_rows, mushroom_cols)
# cells = len(MUSHROOM) * len(MUSHROOM[0])
# print(f'the mushroom: {variables:,} variables ({cells} cells x 4 colours = {cells * 4} for the '
#       f'cells, the rest for the automata\'s states), {len(clauses):,} clauses')
# print('SAT finds the mushroom:',
#       list(colour_sat_solutions(mushroom_rows, mushroom_cols)) == [MUSHROOM])
# sat_rng = random.Random(6)
# small = [[[sat_rng.randrange(3) for _ in range(4)] for _ in range(4)] for _ in range(50)]
# same = [sorted(colour_sat_solutions(*colour_clues(p))) == sorted(solutions(*colour_clues(p)))
#         for p in small]
# print(sum(same), 'of 50 small random pictures: the same solutions by SAT and the engine')

# %% [markdown]
# `find_solutions` is lesson 11's race with the colour engine and the colour formula passed in:
# SAT joins the engine after its head start, and the first answer wins. On the mushroom, on it
# with SAT alone (`use_engine=False`), and on the red diagonal, asking for up to ten solutions;
# the answers' facts, without their timings:

# %% tags=["active-ipynb"]
# races = {'mushroom': (mushroom_rows, mushroom_cols, {}),
#          'mushroom, SAT alone': (mushroom_rows, mushroom_cols, {'use_engine': False}),
#          'red diagonal': (*colour_clues(diagonal), {'count': 10})}
# for name, (rows, cols, options) in races.items():
#     answer = find_solutions(rows, cols, **options)
#     print(f'{name}: {answer.status}, {len(answer.solutions)} solution(s), by {answer.part}'
#           + (f', method {answer.method}' if answer.method else ''))

# %% [markdown]
# ## What we have learned, and what comes next
#
# - `ColourEngine` is lesson 4's engine with colour's `choices` and `certain`: a cell is a set of
#   colours, and probes make certain the union of what survives; `solutions`, `solve` and
#   `analyse` work as in lesson 4.
# - Line logic passes pieces of colour knowledge between rows and columns. Pictures drawn with
#   areas of colour are settled by line logic; noise seldom has one solution, more often in more
#   colours.
# - `colour_cnf` and `colour_sat_solutions`: SAT in colour, with one-hot cells and an automaton
#   that reads colours; `find_solutions`: lesson 11's race with both passed in.
#
# Not done: lesson 8's engineering (a trail, a memo, fewer probes) in colour; the gallery's
# puzzles have not needed it.
#
# Next, lesson 14 makes puzzles: from a picture to a puzzle with one solution, with givens
# (cells printed on the puzzle) where the clues alone are not enough.
#
# ## Exercises
#
# 1. *Predict, then run.* Is a red 2x2 square on a 3x3 background a unique puzzle? And a red and
#    a blue cell on a diagonal of a 2x2 grid? Predict, then run `analyse` on both.
# 2. *Predict, then run.* Analyse the one-colour pictures of `noise` with `probing=False`. Which
#    parts of the verdicts change: the status, the solutions found, the nodes? Which cannot?
# 3. *Prove it.* Show that with one colour, `certain`'s union rule makes certain exactly what
#    lesson 4's rule does (the cells on which both probes agree, or all that a lone survivor
#    decides).
# 4. *Extend.* Run `colour_rounds` on the gallery's *Apples* and draw its rounds with
#    `draw_colour_rounds`. How many half-rounds does line logic need, and which decides most cells?
