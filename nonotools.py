# %% [markdown]
# # Lesson 15. The puzzle-maker
#
# The earlier lessons solve puzzles that someone else made. This one makes them, for a teacher
# who has a picture and wants a puzzle worth printing. By the end of this lesson you will be able to
#
# - turn a picture into its puzzle, and judge whether it is good: unique, and for beginners
#   solvable by line logic alone;
# - choose a few *givens* (cells printed on the puzzle) that make a picture's puzzle unique, or
#   line-solvable, by adding givens and then dropping those that are not needed;
# - make good random puzzles reproducibly, and measure how often a random picture makes one.
#
# This notebook is also the module `nonotools`.

# %%
"""Lesson 15 of the nonogram tutorial, the puzzle-maker: givens that make a picture's puzzle
unique, and good random puzzles (notebooks/nonotools.ipynb is the readable version)."""
from collections.abc import Iterator

import nonoengine
from nonocheck import (SearchLimit, check_fraction, check_givens, check_has, check_size,
                       check_table, check_whole)
from nonofiles import Puzzle, picture_puzzle
from nonoprobe import Verdict, random_picture
from nonovector import Grid

# %% [markdown]
# ## From a picture to a puzzle
#
# A picture is a grid of 1 (filled) and 0 (empty). Its puzzle is the clue of each row and each
# column, as lesson 3's `pic2gram` computes them; the library's `picture_puzzle` wraps them in a
# `Puzzle` (the data of a puzzle file) whose `goal` is the picture. The library's
# `read_image(path, size)` turns a drawing into a picture with `size` cells on its longer side.
#
# The pictures of this lesson: a heart, a diagonal, a hard picture and a face, typed as rows of
# `#` (filled) and `.` (empty); a boat, drawn for this project (`puzzles/boat.png`); and the
# solution of GCHQ's card (lesson 5). The library's `draw_steps` draws them side by side, with
# their sizes (rows x columns).

# %% tags=["active-ipynb"]
# import matplotlib.pyplot as plt
# import gchq
# import nonodraw
# from nonofiles import picture_of, read_image
#
# def typed(text):  # rows of '#' and '.' separated by spaces
#     return [[int(char == '#') for char in row] for row in text.split()]
#
# face = typed('......... ..#####.. .#.....#. #..#.#..# #.......# #.#...#.# #..###..# '
#              '.#.....#. ..#####..')
# pictures = {'heart': typed('.##.##. ####### ####### .#####. ..###.. ...#...'),
#             'diagonal': typed('#. .#'), 'hard': typed('...## ..### .##.. #...# .###.'),
#             'face': face, 'boat': read_image('../puzzles/boat.png', size=25),
#             'GCHQ': gchq.SOLUTION}
# heart = picture_puzzle(pictures['heart'])
# print('heart:', heart.rows, heart.cols)
# fig = nonodraw.draw_steps(list(pictures.values()), columns=6, size=2.2,
#                           titles=[f'{name}, {len(p)}x{len(p[0])}' for name, p in pictures.items()])
# plt.show()

# %% [markdown]
# ## Good clues
#
# A picture always gives a puzzle, but not always a good one. The clues may have **several
# solutions**, so a pupil cannot know which picture was meant. Or the solution may be unique yet
# **beyond line logic**: it takes probing or search, too hard for beginners. Lesson 10's `analyse` answers both: its verdict's `status` is `'none'`, `'unique'` or
# `'multiple'`, and its `method` is `'line'` when line logic alone finished, else `'probing'` or
# `'search'`.

# %% tags=["active-ipynb"]
# for name, picture in pictures.items():
#     puzzle = picture_puzzle(picture)
#     verdict = nonoengine.analyse(puzzle.rows, puzzle.cols)
#     print(f'{name:9} {verdict.status:9} {verdict.method}')

# %% [markdown]
# ## Givens that make a puzzle unique
#
# GCHQ's card printed givens to rule out the solutions it did not mean (lesson 5). Here we choose
# givens for any picture, in two phases.
#
# 1. **Add** givens until the puzzle is good. If `analyse` finds two solutions, one is not our
#    picture: a cell where they differ becomes a given (with the picture's value, preferring a
#    filled cell, as GCHQ did), and we ask again. Each given rules out at least the wrong
#    solution just found, so this ends. If the puzzle is unique but must be line-solvable, the
#    next given is a cell that line logic (lesson 10's `propagate`) leaves unknown.
# 2. **Drop** givens that are not needed: later givens may make earlier ones redundant. Try
#    removing each, in the order they were added, and keep it out if the puzzle stays good.
#
# Givens are a grid, as in a puzzle file (the picture's value at a given cell, `None` elsewhere);
# while working, a dict `{(row, column): value}` is handier. Rows and columns count from 0.

# %%
def givens_grid(givens: dict, height: int, width: int) -> Grid:
    """A grid of 1/0/None from a dict {(row, col): value}."""
    height, width = check_size(height, width)
    check_givens(list(check_has('givens', givens, 'items')), height, width)
    grid = [[None] * width for _ in range(height)]
    for (i, j), value in givens.items():
        grid[i][j] = value
    return grid


def given_cells(grid: Grid) -> list[tuple[int, int, int]]:
    """The given cells of a grid of givens (1/0, or colour numbers, None where open) as a sorted
    list of (row, col, value); an empty grid has none."""
    grid = check_table('grid', grid, 'open colour', least=0)
    return [(i, j, cell) for i, row in enumerate(grid) for j, cell in enumerate(row)
            if cell is not None]


def good_enough(verdict: Verdict, line_solvable: bool) -> bool:
    """Is the verdict what the maker wants: unique, and solved by line logic if asked?"""
    check_has('verdict', verdict, 'status', 'method')
    return verdict.status == 'unique' and (verdict.method == 'line' or not line_solvable)


# %%
def next_given(verdict: Verdict, picture: Grid, rows, cols, grid: Grid) -> tuple[int, int]:
    """A cell where a wrong solution differs from the picture, or else one that line logic leaves
    unknown in `grid`: a filled one if there is one, else the first in reading order."""
    check_has('verdict', verdict, 'solutions'), check_table('picture', picture, 'picture')
    wrong = [solution for solution in verdict.solutions if solution != picture]
    if wrong:
        candidates = [(i, j) for i, row in enumerate(picture) for j, cell in enumerate(row)
                      if wrong[0][i][j] != cell]
    else:
        known = nonoengine.propagate(rows, cols, grid)
        candidates = [(i, j) for i, row in enumerate(known) for j, cell in enumerate(row)
                      if cell is None]
    filled = [(i, j) for i, j in candidates if picture[i][j] == 1]
    return (filled or candidates)[0]


# %% [markdown]
# `make_unique` is the two phases. A `trace` function, if given, is told each step: `'add'` with
# the verdict after adding, `'drop'` or `'keep'` with the verdict without the given tried.

# %%
def make_unique(picture, *, line_solvable=False, trace=None, **limits) -> Grid:
    """Givens that make the puzzle of `picture` unique (and line-solvable, if asked), as a grid
    (all None if the clues are enough). limits (lesson 4's max_nodes, time_limit) bound analyse."""
    puzzle = picture_puzzle(picture)
    picture, rows, cols = puzzle.goal, puzzle.rows, puzzle.cols

    def verdict(givens):
        grid = givens_grid(givens, puzzle.height, puzzle.width)
        return nonoengine.analyse(rows, cols, grid, **limits)

    givens = {}
    current = verdict(givens)
    while not good_enough(current, line_solvable):  # 1. add
        grid = givens_grid(givens, puzzle.height, puzzle.width)
        i, j = next_given(current, picture, rows, cols, grid)
        givens[i, j] = picture[i][j]
        current = verdict(givens)
        if trace:
            trace('add', (i, j), current)
    for cell in list(givens):  # 2. drop
        fewer = {other: value for other, value in givens.items() if other != cell}
        without = verdict(fewer)
        if good_enough(without, line_solvable):
            givens = fewer
        if trace:
            trace('drop' if givens is fewer else 'keep', cell, without)
    return givens_grid(givens, puzzle.height, puzzle.width)


# %% [markdown]
# `draw_proposal` shows what goes wrong with the clues alone (a wrong solution, or what line
# logic decides) next to the picture with its givens; the library's `draw_proposal_grids` draws.

# %%
def draw_proposal(picture, givens: Grid, title=''):
    """Draw the maker's proposal for a picture whose clues alone are not good enough."""
    givens = check_table('givens', givens, 'grid')
    from nonodraw import draw_proposal_grids

    puzzle = picture_puzzle(picture)
    rows, cols = puzzle.rows, puzzle.cols
    wrong = [grid for grid in nonoengine.analyse(rows, cols).solutions if grid != puzzle.goal]
    before = wrong[0] if wrong else nonoengine.propagate(rows, cols)
    after = nonoengine.analyse(rows, cols, givens)
    return draw_proposal_grids(puzzle.goal, rows, cols, before, given_cells(givens), after, title)


# %% [markdown]
# The face's clues alone have several solutions: the outline of the head can lean to one side
# and still fit every clue.

# %% tags=["active-ipynb"]
# face_puzzle = picture_puzzle(face)
# print('solutions of the clues alone:',
#       len(list(nonoengine.solutions(face_puzzle.rows, face_puzzle.cols))))
# face_givens = make_unique(face)
# print('givens (row, column, value):', given_cells(face_givens))
# draw_proposal(face, face_givens, 'The face (9x9): givens that make it unique')
# plt.show()

# %% [markdown]
# ### Add, then drop: a puzzle for line logic
#
# With its two givens the face is unique but needs probing. Asked for a line-solvable puzzle, the
# maker adds those two, then cells that line logic left unknown until line logic finishes; then
# the drop phase tries each given in turn:

# %% tags=["active-ipynb"]
# def show_step(step, cell, verdict):
#     print(f'{step:4} {cell}: {verdict.status}, {verdict.method}')
#
#
# face_for_line = make_unique(face, line_solvable=True, trace=show_step)
# print('givens:', given_cells(face_for_line))

# %% [markdown]
# Three givens stay, none of them one of the two added first. The set is *minimal* (no given can
# go on its own, as each `keep` line shows), though not always the smallest possible.
#
# The hard picture is unique already. To be line-solvable it needs a given where line logic
# stalls: one of the cells left grey in the left panel. The maker picks the first filled one in
# reading order:

# %% tags=["active-ipynb"]
# hard_givens = make_unique(pictures['hard'], line_solvable=True)
# print('givens:', given_cells(hard_givens))
# draw_proposal(pictures['hard'], hard_givens, 'The hard picture (5x5): givens for line logic')
# plt.show()

# %% [markdown]
# And GCHQ's card: lesson 5 showed that its clues alone have four solutions, and that two of the
# card's givens suffice. The maker, which never saw the card's givens, proposes two as well:

# %% tags=["active-ipynb"]
# print('the card printed', len(gchq.GIVENS), 'givens')
# print('the maker proposes:', given_cells(make_unique(gchq.SOLUTION)))

# %% [markdown]
# For the teacher, the whole recipe is one call: `make_puzzle` returns a `Puzzle` with its givens,
# ready for the library's `write_puzzle`, which writes a puzzle file. The boat, for beginners:

# %%
def make_puzzle(picture, title='', line_solvable=False, **limits) -> Puzzle:
    """A Puzzle from a picture, with the givens (if any) that make it unique (or line-solvable)."""
    puzzle = picture_puzzle(picture, title=title)
    givens = make_unique(puzzle.goal, line_solvable=line_solvable, **limits)
    if given_cells(givens):
        puzzle.givens = givens
    return puzzle


# %% tags=["active-ipynb"]
# boat = make_puzzle(pictures['boat'], 'Boat (for beginners)', line_solvable=True)
# assert nonoengine.analyse(boat.rows, boat.cols, boat.givens).method == 'line'
# print(f'{boat.title} | givens: {given_cells(boat.givens)}')

# %% [markdown]
# The boat's waves are zigzag rows that can slide sideways and still fit every clue. One given on
# the tip of each wave, all in row 22, pins them, and line logic does the rest.
#
# ## Random puzzles, reproducibly
#
# For practice sheets and tests we want many good puzzles of a chosen size and density (the
# fraction of filled cells). `random_puzzles` keeps the good ones among seeded pictures: picture
# `k` (from 1) of seed `s` is lesson 4's `random_picture(height, width, density, seed=f'{s}/{k}')`,
# the same on every machine. Each puzzle's title says which picture it is (a `Puzzle` keeps its
# title and other facts in the dict `metadata`, where `random_puzzles` also notes the verdict's
# `method`). Each analysis has lesson 4's node budget,
# `max_nodes`: a picture whose analysis runs out of it (`SearchLimit`) is skipped. A node budget,
# unlike a time limit, gives the same answer on a fast and a slow machine.

# %%
def random_puzzles(height, width, density=0.5, *, seed=0, line_solvable=False,
                   max_nodes=2000, max_tries=1000) -> Iterator[Puzzle]:
    """Random unique (and line-solvable, if asked) puzzles, the same for the same arguments; each
    one's goal is its picture, metadata['method'] its verdict's. At most `max_tries` pictures."""
    for attempt in range(1, max_tries + 1):
        picture = random_picture(height, width, density, seed=f'{seed}/{attempt}')
        puzzle = picture_puzzle(picture)
        try:
            verdict = nonoengine.analyse(puzzle.rows, puzzle.cols, max_nodes=max_nodes)
        except SearchLimit:
            continue
        if good_enough(verdict, line_solvable):
            puzzle.metadata.update(title=f'random {height}x{width} at density {density}, '
                                         f'seed {seed}, picture {attempt}',
                                   method=verdict.method)
            yield puzzle


# %% tags=["active-ipynb"]
# from itertools import islice
#
# for puzzle in islice(random_puzzles(6, 6, 0.5, seed=2024), 2):
#     print(puzzle.title, '|', puzzle.metadata['method'])
#     print(picture_of(puzzle.goal), end='\n\n')

# %% [markdown]
# How likely is a random picture to make a good puzzle? `goodness` counts, among pictures 1 to
# `samples` of a seed, the fraction that give a unique puzzle, and the fraction that line logic
# solves; the library's `draw_goodness` plots them.

# %%
def goodness(height, width, density, samples, seed=0, max_nodes=2000) -> tuple[float, float]:
    """(fraction unique, fraction unique and line-solvable) of random pictures 1 to `samples`."""
    check_size(height, width), check_fraction('density', density)
    check_whole('samples', samples, least=1, most=10_000)
    unique = line = 0
    for k in range(1, samples + 1):
        puzzle = picture_puzzle(random_picture(height, width, density, seed=f'{seed}/{k}'))
        try:
            verdict = nonoengine.analyse(puzzle.rows, puzzle.cols, max_nodes=max_nodes)
        except SearchLimit:
            continue
        unique += verdict.status == 'unique'
        line += good_enough(verdict, line_solvable=True)
    return unique / samples, line / samples


# %% tags=["active-ipynb"]
# densities = [0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8]
# results = {f'{n}x{n}': [goodness(n, n, density, 40) for density in densities] for n in (5, 10)}
# nonodraw.draw_goodness(densities, results, samples=40)
# plt.show()

# %% [markdown]
# Sparse pictures are rarely unique: their short blocks can slide past each other, and a bigger
# picture has more room for that (up to density 0.6 the 10x10 pictures are unique less often than
# the 5x5 ones). Dense pictures almost always are, and most unique random puzzles are also
# line-solvable: the dashed lines lie on or just under the solid ones.

# %% [markdown]
# ## What we have learned, and what comes next
#
# - A good puzzle is unique, and for beginners solvable by line logic alone; `analyse` says which.
# - `make_unique` adds givens where a wrong solution differs from the picture (or where line
#   logic stalls), then drops those that later givens made redundant.
# - `random_puzzles` keeps the good puzzles among seeded random pictures; dense pictures make
#   good puzzles far more often than sparse ones.
#
# This is the last lesson. The library puts puzzles to work: the `nonogram` command (module
# `nonocommand`) solves puzzle files, and `nonosheets` makes worksheets for a class; the README
# shows how.
#
# ## Exercises
#
# 1. *Predict, then run.* Which givens does `make_unique` propose for the diagonal, and for the
#    hard picture without `line_solvable`? Check with `trace=show_step`.
# 2. *Change a strategy.* Make `next_given` prefer empty cells. How many givens does it propose
#    for the face and the boat with `line_solvable=True`?
# 3. *Prove it.* Show that after the drop phase no single given can be removed, although givens
#    were dropped after it was kept. (Hint: can removing givens remove a solution, or help line
#    logic?)
# 4. *Extend.* Give `random_puzzles` a `method` argument, so that it yields only puzzles whose
#    verdict's method is `'probing'`. How many of the first 200 random 8x8 pictures at density
#    0.5 (`seed=0, max_tries=200`) does it keep?
