# %% [markdown]
# # Lesson 14. Colour puzzles: the engine and SAT in colour
#
# Lesson 13 solved single colour lines. This lesson solves whole colour puzzles, and shows how
# little has to change: lesson 4's engine never looks inside a cell, and lesson 11's automaton
# reads any alphabet. By the end of this lesson you will be able to
#
# - run lesson 4's engine on colour puzzles by changing two methods: what a cell may still be
#   (`choices`) and what the probes of a cell make certain (`certain`);
# - judge a colour puzzle with lesson 4's verdict, and watch line logic work in colour, round by
#   round;
# - write a colour puzzle as a SAT formula, and race the engine and SAT as lesson 12 does.
#
# This notebook is the module `nonocolour`.

# %%
"""Lesson 14 of the nonogram tutorial, colour puzzles: lesson 4's engine and verdicts, SAT and
lesson 12's race, in colour (notebooks/nonocolour.ipynb is the readable version)."""
from collections.abc import Iterator
from itertools import islice

import nonosat
from nonocheck import MOST_CELLS, check_colour_clue, check_colour_puzzle, check_has, check_table
from nonoclauses import automaton_clauses, states_within
from nonocolourline import colour_clues, solve_colour_line_fast
from nonodraw import colour_number, name_colours
from nonoengine import first_in_first_out_on_time
from nonogram2d import solve_lines, transpose
from nonoprobe import Engine, Verdict, best_probe
from nonoprocess import new_solver
from nonovector import Contradiction
# Not used in this lesson: names that tests and benchmarks import from this module.
from nonocheck import colour_totals, shortest_line
from nonocolourline import _cache, colour_clue, colour_layouts, solve_colour_line
from nonocolourline import solve_line_by_layouts
from nonodraw import SPARE_CHARS, Colour, visible_char

# %% [markdown]
# ## The puzzles of this lesson
#
# A colour puzzle's colours are its background and its *inks*, the colours of its blocks. Besides
# lesson 13's mushroom (7x8: red, black and white inks on pale blue), three puzzles in the XML
# format of webpbn.com (Jan Wolter's nonogram website), read by the library module
# `nonocolourfiles`:
#
# - *Apples*, 15x15, black, green and red on white: an apple tree, webpbn #898, from the examples
#   of pynogram (an open-source solver);
# - *Union Flag*, 15x31, blue and red, also pynogram's: no cell is background;
# - *Lighthouse*, 20x20, five inks on sky, made for this project from `puzzles/lighthouse.png`.

# %% tags=["active-ipynb"]
# import random
# from collections import Counter
# import matplotlib.pyplot as plt
# from nonocolourfiles import read_colour_puzzles
# from nonocolourline import MUSHROOM, MUSHROOM_RGB
# from nonodraw import draw_colour_rounds, draw_colour_solutions
#
# gallery = [read_colour_puzzles(f'../puzzles/{name}.xml')[0]  # the notebooks run in notebooks/
#            for name in ('pynogram-apples', 'pynogram-uk', 'lighthouse')]

# %% [markdown]
# ## The engine, in colour
#
# Lesson 4's engine never looks inside a cell: it asks its line solver what a line allows, and for
# probing and search it asks two methods. `choices` gives the values an unknown cell may still
# take: `(1, 0)` in black and white; in colour, each colour left in its set, as a one-colour set.
# `certain` reads the *outcomes* of probing one cell, as in lesson 4 one per value tried: `None`
# after a contradiction, else a dict `{(row, column): new value}` of the cells it changed. In black
# and white, what both outcomes agree on is certain. In colour it is the *union*: a cell can only
# end up with a colour that some surviving probe left it. If probing red leaves a cell `{red}` and
# probing blue leaves it `{blue, background}`, it is not green. With one ink the union is lesson
# 4's rule again.
#
# `ColourEngine` is lesson 4's `Engine` with these two methods, lesson 13's fast line solver, and
# three strategies: probe first the cells with fewest colours left; guess by `best_probe` (or, with
# `probing=False`, where fewest colours are left); take lines first in, first out (lesson 10's
# `first_in_first_out_on_time`, which also watches the time limit). Its solutions are rows of
# colour numbers.

# %%
def fewest_colours(engine: Engine, grid) -> list[tuple[int, int]]:
    """Strategy for the order of probes: unknown cells with fewest colours left first."""
    grid = check_table('grid', grid, 'colour')
    undecided = [(bin(cell).count('1'), r, c) for r, row in enumerate(grid)
                 for c, cell in enumerate(row) if cell & (cell - 1)]
    return [(r, c) for _, r, c in sorted(undecided)]


def guess_by_probes(engine: Engine, grid) -> tuple[int, int]:
    """Strategy for the cell to guess: best_probe; without probes, fewest colours left."""
    check_has('engine', engine, 'last_probes')
    return best_probe(engine, grid) if engine.last_probes else fewest_colours(engine, grid)[0]


# %%
class ColourEngine(Engine):
    """Lesson 4's engine for colour puzzles: cells are sets of colours (bitmasks)."""
    check_puzzle = staticmethod(check_colour_puzzle)

    def __init__(self, rows, cols, grid=None, *, line_solver=solve_colour_line_fast,
                 next_line=first_in_first_out_on_time, probe_order=fewest_colours,
                 choose_guess=guess_by_probes, **options):
        super().__init__(rows, cols, grid, line_solver=line_solver, next_line=next_line,
                         probe_order=probe_order, choose_guess=choose_guess, **options)

    def choices(self, cell: int) -> tuple:
        """The colours (as one-colour sets) an unknown cell may take; none if it is decided."""
        return tuple(1 << c for c in range(cell.bit_length()) if cell >> c & 1) \
            if cell & (cell - 1) else ()

    def certain(self, grid, outcomes: list) -> dict:
        """For each cell that every surviving probe narrowed, the union of their sets."""
        surviving = [outcome for outcome in outcomes if outcome is not None]
        if not surviving:
            raise Contradiction('a cell can take none of its colours')
        unions = {cell: 0 for cell in surviving[0] if all(cell in other for other in surviving)}
        for outcome in surviving:
            for cell in unions:
                unions[cell] |= outcome[cell]
        return {(r, c): union for (r, c), union in unions.items() if union != grid[r][c]}

    def solutions(self) -> Iterator[list[list[int]]]:
        """Every solution, each once, as rows of colour numbers (kept in `found` too)."""
        for solution in super().solutions():
            colours = [[colour_number(cell) for cell in row] for row in solution]
            self.found[-1] = [row[:] for row in colours]
            yield colours


# %% [markdown]
# The public functions are lesson 4's, with this engine. A grid of known cells, if given, holds
# colour numbers (`None` for unknown).

# %%
def solutions(rows, cols, grid=None, **options) -> Iterator[list[list[int]]]:
    """Every solution (rows of colour numbers), each once; options as nonoprobe.solutions."""
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
# To watch line logic work in colour, `colour_rounds` runs lesson 3's loop (`solve_lines`) with
# lesson 13's fast line solver: every row once, then every column, again and again until a
# half-round changes nothing.

# %%
def colour_rounds(rows, cols) -> list:
    """The grids of cell sets at the start and after each half-round (the rows, the columns, ...),
    until a whole round changes nothing; without the half-rounds at the end that change nothing."""
    engine = ColourEngine(rows, cols)  # (checks the puzzle: clues as tuples, cells as sets)
    history = [engine.grid]
    while len(history) < 3 or history[-1] != history[-3]:  # the rows and the columns both idle
        if len(history) % 2:  # the rows' turn
            history.append(solve_lines(engine.rows, history[-1], solve_colour_line_fast))
        else:
            columns = solve_lines(engine.cols, transpose(history[-1]), solve_colour_line_fast)
            history.append(transpose(columns))
    while len(history) > 1 and history[-1] == history[-2]:
        history.pop()
    return history


# %% [markdown]
# `draw_colour_rounds` (library module `nonodraw`) draws each grid of the history: an unknown cell
# is grey with a stripe for each colour it may still take; magenta outlines the cells a half-round
# narrowed. Its fourth argument is the puzzle's colours: for the mushroom, lesson 13's
# `name_colours` of its RGB values. The mushroom's verdict, and its rounds:

# %% tags=["active-ipynb"]
# mushroom_rows, mushroom_cols = colour_clues(MUSHROOM)
# verdict = analyse(mushroom_rows, mushroom_cols)
# print(verdict.describe(), '| the picture:', verdict.solutions == [MUSHROOM])
# history = colour_rounds(mushroom_rows, mushroom_cols)
# for k, grid in enumerate(history[1:], 1):
#     print(f'half-round {k}:', sum(c & (c - 1) == 0 for row in grid for c in row), 'of 56 decided')
# draw_colour_rounds(history, mushroom_rows, mushroom_cols, name_colours(MUSHROOM_RGB))
# plt.show()

# %% [markdown]
# The rows narrow every cell (so the middle picture has no outlines), yet decide only 17: rows 2
# and 3, counting rows from 0 at the top, and one red cell in row 1. The columns finish the
# picture from those pieces.
#
# The gallery's verdicts, and its pictures as the engine solves them, drawn by the library's
# `draw_colour_solutions` without their clues (too small to read):

# %% tags=["active-ipynb"]
# verdicts = [analyse(puzzle.rows, puzzle.cols) for puzzle in gallery]
# for puzzle, verdict in zip(gallery, verdicts):
#     print(f'{puzzle.title}, {puzzle.height}x{puzzle.width}: {verdict.describe()}')
# draw_colour_solutions([verdict.solutions[0] for verdict in verdicts], [p.colours for p in gallery],
#                       [p.title for p in gallery])
# plt.show()

# %% [markdown]
# Noise is another matter: twenty random 20x20 pictures for each of 1, 2, 4 and 6 inks, each cell
# equally likely to be the background or any ink (kept in `noise`), and their verdicts:

# %% tags=["active-ipynb"]
# noise_rng = random.Random(20)
# noise = {inks: [[[noise_rng.randrange(inks + 1) for _ in range(20)] for _ in range(20)]
#                 for _ in range(20)] for inks in (1, 2, 4, 6)}
# for inks, pictures in noise.items():
#     verdicts = Counter(f'{verdict.status} by {verdict.method}' for verdict in
#                        (analyse(*colour_clues(picture), time_limit=60) for picture in pictures))
#     print(f'{inks} ink(s):', dict(sorted(verdicts.items())))

# %% [markdown]
# More inks help noise only from four on, and even with six, 8 of the 20 pictures have several
# solutions. Noise is full of small patches whose colours can be exchanged without changing a
# clue; the smallest is a red diagonal in a 2x2 grid, whose rows and columns each hold one red
# cell either way. Its two solutions:

# %% tags=["active-ipynb"]
# diagonal = [[1, 0], [0, 1]]
# print(list(solutions(*colour_clues(diagonal))))

# %% [markdown]
# ## SAT in colour
#
# Lesson 11 wrote a black-and-white puzzle as one formula: a variable per cell, and for each line an
# automaton whose states count how much of the clue has been matched. Colour needs two changes. A
# cell has one variable per colour, *one-hot*: exactly one is true (a clause "at least one", and
# "not both" for each pair). And the automaton reads colours: its tokens are the clue's cells, each
# its block's colour, with a background token `0` between two blocks of the same colour. In state
# `s`, a cell of the next token's colour moves it to `s + 1`. Otherwise a background cell keeps it
# in `s` where a gap is allowed but not needed (before the first block, after the last, after a gap
# token, or between blocks of different colours); anything else is a dead end. Lesson 11's
# `automaton_clauses` turns the automaton into clauses, `states_within` refuses a formula too big
# for SAT's memory, and solutions are read as in lesson 11: solve, block the solution with a
# clause, solve again.

# %%
def colour_tokens(clue) -> list[int]:
    """The clue as tokens: its blocks' colours, one per cell, 0 between same-coloured blocks."""
    clue = check_colour_clue(clue, 'the clue', '', MOST_CELLS)
    tokens = []
    for j, (length, colour) in enumerate(clue):
        if j and clue[j - 1][1] == colour:
            tokens.append(0)
        tokens += [colour] * length
    return tokens


# %%
def colour_move(tokens: list[int], state: int, colour: int) -> int | None:
    """The automaton's move from `state` on a cell of `colour`, or None at a dead end."""
    if state < len(tokens) and tokens[state] == colour:
        return state + 1
    if colour == 0 and (state == 0 or state == len(tokens) or tokens[state - 1] == 0
                        or (tokens[state] != 0 and tokens[state] != tokens[state - 1])):
        return state
    return None


# %%
def colour_cnf(rows, cols, grid=None, max_bytes=None) -> tuple[list[list[int]], list, int]:
    """(clauses, cell_vars, variables): cell_vars[r][c][v] is "cell (r, c) has colour v". With
    `max_bytes`, a formula estimated to need more raises nonoprocess.EncodingTooBig."""
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


# %%
def colour_sat_solutions(rows, cols, grid=None, *, solver='cadical153',
                         max_bytes=None) -> Iterator[list]:
    """Every solution (rows of colour numbers) of a colour puzzle, each once, by SAT (needs
    python-sat); `max_bytes` as colour_cnf's."""
    clauses, cell_vars, _ = colour_cnf(rows, cols, grid, max_bytes)
    everything = [var for row in cell_vars for ones in row for var in ones]
    with new_solver(solver) as sat:  # python-sat's Solver(name=solver), as in lesson 11
        sat.append_formula(clauses)
        while sat.solve():
            true = {var for var in sat.get_model() if var > 0}
            yield [[next(v for v, var in enumerate(ones) if var in true) for ones in row]
                   for row in cell_vars]
            sat.add_clause([-var for var in everything if var in true])


def find_solutions(rows, cols, grid=None, *, engine=ColourEngine, **options) -> nonosat.Answer:
    """Lesson 12's race for a colour puzzle; options as nonosat.find_solutions (`engine`: a
    class like ColourEngine)."""
    return nonosat.find_solutions(rows, cols, grid, engine=engine, sat=colour_sat_solutions,
                                  **options)


# %% [markdown]
# The automaton reading a line of `2 red, 1 red` (tokens `1 1 0 1`): background keeps states 0, 3
# and 4, moves state 2 on (the gap token), and is a dead end in state 1. Then the mushroom as a
# formula (a variable for each of its 56 cells and 4 colours, more for the automata's states),
# and SAT's solutions checked against the engine's on it and on fifty random 4x4 pictures in two
# inks:

# %% tags=["active-ipynb"]
# tokens, states = colour_tokens([(2, 1), (1, 1)]), [0]
# for colour in [0, 1, 1, 0, 0, 1, 0]:
#     states.append(colour_move(tokens, states[-1], colour))
# print(f'tokens {tokens}, states {states}')
# assert colour_move(tokens, 1, 0) is None  # background inside the first block: a dead end
# clauses, cell_vars, variables = colour_cnf(mushroom_rows, mushroom_cols)
# print(f'the mushroom: {variables:,} variables, {len(clauses):,} clauses')
# assert list(colour_sat_solutions(mushroom_rows, mushroom_cols)) == [MUSHROOM]
# sat_rng = random.Random(6)
# for _ in range(50):
#     rows, cols = colour_clues([[sat_rng.randrange(3) for _ in range(4)] for _ in range(4)])
#     assert sorted(colour_sat_solutions(rows, cols)) == sorted(solutions(rows, cols))

# %% [markdown]
# `find_solutions` is lesson 12's race, with the colour engine and colour SAT passed in. Up to ten
# solutions of the mushroom and of the red diagonal (without timings):

# %% tags=["active-ipynb"]
# for name, rows, cols in [('mushroom', mushroom_rows, mushroom_cols),
#                          ('red diagonal', *colour_clues(diagonal))]:
#     answer = find_solutions(rows, cols, count=10)
#     print(f'{name}: {answer.status}, {len(answer.solutions)} solution(s), by {answer.part},',
#           f'method {answer.method}')

# %% [markdown]
# ## What we have learned, and what comes next
#
# - `ColourEngine` is lesson 4's engine with colour's `choices` and `certain` (the union of what
#   the surviving probes leave); `solutions`, `solve` and `analyse` work as in lesson 4.
# - The gallery's pictures are settled by line logic alone; of twenty noise pictures, 2 are unique
#   with one or two inks, 6 with four, 12 with six.
# - `colour_cnf` writes a colour puzzle for SAT, with one-hot cells and an automaton that reads
#   colours; `find_solutions` races it against the engine.
#
# Next, lesson 15 makes puzzles: from a picture to a puzzle with one solution, with givens
# (cells printed on the puzzle) where the clues alone are not enough.
#
# ## Exercises
#
# 1. *Predict, then run.* Is a red 2x2 square on a 3x3 background a unique puzzle? And a red and
#    a blue cell on a diagonal of a 2x2 grid? Check with `analyse`.
# 2. *Predict, then run.* Analyse the one-ink pictures of `noise` with `probing=False`. Which
#    parts of the verdicts change: the status, the solutions found, the nodes?
# 3. *Prove it.* Show that with one ink, `certain`'s union rule makes certain exactly what
#    lesson 4's rule does.
# 4. *Extend.* Draw the rounds of *Apples* (`apples = gallery[0]`) with
#    `draw_colour_rounds(colour_rounds(apples.rows, apples.cols), apples.rows, apples.cols,
#    apples.colours)`. How many half-rounds change something, and which decides most cells?
