# %% [markdown]
# # Lesson 14. The puzzle-maker
#
# The earlier lessons solve puzzles that someone else made. This one makes them. A teacher has a
# picture and wants a puzzle worth printing: one solution, and perhaps one that line logic alone
# can solve, for a class of beginners. By the end of this lesson you will be able to
#
# - turn a picture, typed or from a picture file, into its puzzle;
# - judge whether the puzzle is good: unique, and solvable by line logic alone;
# - choose a few *givens* (cells printed on the puzzle) that make a picture's puzzle unique, or
#   line-solvable, by adding givens and then dropping those that are not needed;
# - make good random puzzles reproducibly, and measure how often a random picture makes one.
#
# The judge is lesson 9's `analyse` (the fast engine, with lesson 4's `Verdict`). This notebook
# is also the module `nonotools`.

# %%
"""The puzzle-maker: givens that make a picture's puzzle unique, and good random puzzles.

Lesson 14 of the nonogram tutorial (notebooks/nonotools.ipynb is the readable version).
make_unique (with given_cells, givens_grid, good_enough, next_given) proposes givens for a
picture; make_puzzle returns a Puzzle with them; draw_proposal draws the proposal;
random_puzzles and goodness make and measure random puzzles. Pictures become puzzles with the
library's nonofiles.picture_puzzle and nonofiles.read_image. Worksheets are in the library module
nonosheets, the `nonogram` command in nonocommand.
"""

from collections.abc import Iterator

import nonoengine
from nonocheck import SearchLimit, plural
from nonofiles import Puzzle, picture_puzzle
from nonoprobe import Verdict, random_picture
from nonovector import Grid

# %% [markdown]
# ## From a picture to a puzzle
#
# A picture is a grid of 1 (filled) and 0 (empty). Its puzzle is the clue of each row and each
# column, as lesson 3's `pic2gram` computes them; the library's `picture_puzzle` wraps them in a
# `Puzzle` (the data of a puzzle file) whose `goal` is the picture. A drawing made in a paint
# program becomes a picture in one more step, `read_image(path, size)`: scale the image down so
# its longer side has `size` cells, each cell the average grey of its pixels, then fill the
# cells darker than half grey.
#
# The pictures of this lesson (the heart typed in a puzzle file's picture format, read by the
# library's `parse_puzzles`: `#` a filled cell, `.` an empty one; the library's `draw_steps`
# draws grids side by side):
#
# | name | size (rows x columns) | source | why |
# |---|---|---|---|
# | heart | 6x7 | typed below | line logic solves it |
# | diagonal | 2x2 | typed below | two solutions |
# | hard | 5x5 | typed below | unique, but line logic stalls |
# | face | 9x9 | typed below | its head can lean: several solutions |
# | boat | 25x25 | `puzzles/boat.png`, a drawing made for this project, at 25 cells | waves that slide |
# | GCHQ | 25x25 | the solution of GCHQ's 2015 Christmas card (lesson 5) | four solutions without its givens |

# %% tags=["active-ipynb"]
# import matplotlib.pyplot as plt
#
# import gchq
# import nonodraw
# from nonofiles import parse_puzzles, read_image
#
# [heart] = parse_puzzles('''
# .##.##.
# #######
# #######
# .#####.
# ..###..
# ...#...
# ''')
# face = [[int(char) for char in row] for row in '''
# 000000000 001111100 010000010 100101001 100000001 101000101 100111001 010000010 001111100
# '''.split()]
# pictures = {'heart': heart.goal, 'diagonal': [[1, 0], [0, 1]],
#             'hard': [[0, 0, 0, 1, 1], [0, 0, 1, 1, 1], [0, 1, 1, 0, 0], [1, 0, 0, 0, 1],
#                      [0, 1, 1, 1, 0]],
#             'face': face, 'boat': read_image('../puzzles/boat.png', size=25),
#             'GCHQ': gchq.SOLUTION}
# print('heart:', heart.rows, heart.cols)
# fig = nonodraw.draw_steps(list(pictures.values()), columns=6, size=2.2,
#                           titles=[f'{name}, {len(p)}x{len(p[0])}' for name, p in pictures.items()])
# fig.suptitle('The pictures of this lesson (rows x columns)')
# plt.show()

# %% [markdown]
# The size given to `read_image` is a choice. At 12 cells a side (printed by the library's
# `picture_of`, `#` for filled), the boat keeps its hull, its sails and the sun, but its mast and
# its waves are thinner than a cell and vanish:

# %% tags=["active-ipynb"]
# from nonofiles import picture_of
#
# print(picture_of(read_image('../puzzles/boat.png', size=12)))

# %% [markdown]
# ## Good clues
#
# A picture always gives a puzzle, but not always a good one. Two things can go wrong:
#
# - the clues may have **several solutions**, so a solver (or a pupil) cannot know which picture
#   was meant;
# - the solution may be unique yet **need guessing**: line logic alone stalls, and a class of
#   beginners should get puzzles that line logic solves.
#
# `analyse` answers both in one call: its verdict's `status` is `'none'`, `'unique'` or
# `'multiple'`, and its `method` is `'line'` when line logic alone finished, `'probing'` or
# `'search'` when it needed more (for several solutions, it took search to find the second).

# %% tags=["active-ipynb"]
# for name, picture in pictures.items():
#     puzzle = picture_puzzle(picture)
#     verdict = nonoengine.analyse(puzzle.rows, puzzle.cols)
#     print(f'{name:9} {verdict.status:9} {verdict.method}')

# %% [markdown]
# ## Givens that make a puzzle unique
#
# GCHQ's card printed givens, black cells, to rule out the solutions it did not mean; lesson 5
# found which of them were needed. Here we choose givens for any picture, in two phases.
#
# 1. **Add** givens until the puzzle is good. Ask `analyse` for two solutions; if there are two,
#    one of them is not our picture, so some cell differs: print that cell as a given (with the
#    picture's value, preferring a filled cell, as GCHQ did) and ask again. Each given rules out
#    at least the wrong solution just found, so this ends.
# 2. **Drop** givens that are not needed. Early givens were chosen when little else was known,
#    and later ones may make them redundant: try removing each, in the order they were added, and
#    keep it out if the puzzle stays good.
#
# For a line-solvable puzzle, the target is stricter: when the puzzle is unique but line logic
# stalls, the next given is a cell that line logic left unknown, as lesson 9's `propagate` (line
# logic alone, with the fast engine) finds them. Givens are a grid, as in a
# puzzle file (the picture's value at a given cell, `None` elsewhere); while working, a dict
# `{(row, column): value}` is handier.

# %%
def givens_grid(givens: dict, height: int, width: int) -> Grid:
    """A grid of 1/0/None from a dict {(row, col): value}."""
    grid = [[None] * width for _ in range(height)]
    for (i, j), value in givens.items():
        grid[i][j] = value
    return grid


def given_cells(grid: Grid) -> list[tuple[int, int, int]]:
    """The given cells of a 1/0/None grid as a sorted list of (row, col, value)."""
    return [(i, j, cell) for i, row in enumerate(grid) for j, cell in enumerate(row)
            if cell is not None]


def good_enough(verdict: Verdict, line_solvable: bool) -> bool:
    """Is the verdict what the maker wants: unique, and solved by line logic if asked?"""
    return verdict.status == 'unique' and (verdict.method == 'line' or not line_solvable)


# %%
def next_given(verdict: Verdict, picture: Grid, rows, cols, grid: Grid) -> tuple[int, int]:
    """The cell to give next: where a wrong solution differs from the picture, or (for a unique
    puzzle that line logic cannot finish) a cell that line logic leaves unknown in `grid`.
    A filled cell if there is one, else the first candidate in reading order."""
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
    """A small set of givens that makes the puzzle of `picture` unique (and line-solvable, if
    asked), as a grid: the picture's value at each given, None elsewhere (all None when the
    clues alone are enough). trace(step, cell, verdict) is told each step. limits (max_nodes,
    time_limit) bound each analyse call; SearchLimit is raised if one runs out."""
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
# The face's clues alone have several solutions: the outline of the head can lean to one side
# and still fit every clue. Cells are (row, column), counted from 0.

# %% tags=["active-ipynb"]
# def show_step(step, cell, verdict):
#     print(f'{step:4} {cell}: {verdict.status}, {verdict.method}')
#
#
# face_puzzle = picture_puzzle(face)
# print('solutions of the clues alone:', len(list(nonoengine.solutions(face_puzzle.rows,
#                                                                      face_puzzle.cols))))
# face_givens = make_unique(face, trace=show_step)
# print('givens (row, column, value):', given_cells(face_givens))

# %% [markdown]
# Two givens, at the top of the head. The first rules out the wrong solution `analyse` found,
# and others with it; the second rules out the rest; and neither can go. `draw_proposal` draws
# what goes wrong with the clues alone, next to the picture with the proposed givens (orange
# dots): either a solution that is not the picture, with the cells where it differs in dark red
# (filled there, empty in the picture) or pink (the other way round); or, for a unique puzzle
# beyond line logic, what line logic decides, its unknown cells grey. The library's `draw_grid`
# (module `nonodraw`) draws each half, and `plural` writes "2 givens".

# %%
def draw_proposal(picture, givens: Grid, title=''):
    """A figure of the maker's proposal for a picture whose clues alone are not good enough:
    what goes wrong with the clues alone, then the picture with its givens. Returns the Figure."""
    import matplotlib.pyplot as plt

    from nonodraw import draw_grid

    puzzle = picture_puzzle(picture)
    rows, cols = puzzle.rows, puzzle.cols
    wrong = [grid for grid in nonoengine.analyse(rows, cols).solutions if grid != puzzle.goal]
    if wrong:
        first, caption = wrong[0], 'clues alone: another solution fits'
        differ = [(i, j) for i, row in enumerate(first) for j, cell in enumerate(row)
                  if cell != puzzle.goal[i][j]]
    else:
        first, caption, differ = nonoengine.propagate(rows, cols), 'clues alone: line logic stalls', []
    after = nonoengine.analyse(rows, cols, givens)
    cells = [(i, j) for i, j, _ in given_cells(givens)]
    side = min(6.5, 0.2 * (puzzle.width + puzzle.height) + 2.5)
    fig, (left, right) = plt.subplots(1, 2, figsize=(2 * side, side + 0.6), layout='constrained')
    draw_grid(first, rows, cols, ax=left, changed=differ, title=caption, numbers=True,
              labels={1: 'filled here, empty in the picture', 0: 'empty here, filled in the picture'})
    draw_grid(puzzle.goal, rows, cols, ax=right, givens=cells, numbers=True,
              title=f'with {plural(len(cells), "given")}: {after.status}, {after.method}')
    fig.suptitle(title, fontsize=13)
    return fig


# %% tags=["active-ipynb"]
# draw_proposal(face, face_givens, 'The face (9x9): givens that make it unique')
# plt.show()

# %% [markdown]
# ### Add, then drop: a puzzle for line logic
#
# With the two givens, the face is unique but needs probing. Asking for a line-solvable puzzle
# shows both phases at work: after the two givens for uniqueness, each new given is a cell that
# line logic left unknown, until line logic finishes; then the drop phase finds that the last
# givens make the first ones redundant.

# %% tags=["active-ipynb"]
# face_for_line = make_unique(face, line_solvable=True, trace=show_step)
# print('givens:', given_cells(face_for_line))

# %% [markdown]
# Three givens stay, and none of them is one of the two added first: the drop phase is not a
# detail. The set is *minimal* (no given can go on its own, as each `keep` line shows), though
# not always the smallest possible: that would be a much harder search.
#
# The boat, at 25 cells, asked to be line-solvable. The trouble is in the waves: their zigzag
# rows can slide sideways and still fit every clue.

# %% tags=["active-ipynb"]
# boat = pictures['boat']
# boat_givens = make_unique(boat, line_solvable=True)
# print('givens:', given_cells(boat_givens))
# draw_proposal(boat, boat_givens, 'The boat (25x25): givens for line logic')
# plt.show()

# %% [markdown]
# One given on the tip of each wave pins the waves, and then line logic alone finishes the whole
# picture. The hard picture is unique already; to be line-solvable it needs a given where line
# logic stalls, one of the grey cells on the left:

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
# For the teacher, the whole recipe is one call: `make_puzzle` takes a picture and returns a
# `Puzzle` whose givens make it unique (or line-solvable), ready for a printer or for the
# library's `write_puzzle`, which writes a puzzle file.

# %%
def make_puzzle(picture, title='', line_solvable=False, **limits) -> Puzzle:
    """A Puzzle from a picture, with the givens (if any) that make it unique (or line-solvable)."""
    puzzle = picture_puzzle(picture, title=title)
    givens = make_unique(puzzle.goal, line_solvable=line_solvable, **limits)
    if given_cells(givens):
        puzzle.givens = givens
    return puzzle


# %% tags=["active-ipynb"]
# boat_for_class = make_puzzle(boat, 'Boat (for beginners)', line_solvable=True)
# verdict = nonoengine.analyse(boat_for_class.rows, boat_for_class.cols, boat_for_class.givens)
# print(boat_for_class.title, '|', verdict.status, verdict.method, '|',
#       len(given_cells(boat_for_class.givens)), 'givens')

# %% [markdown]
# ## Random puzzles, reproducibly
#
# For practice sheets, tests and benchmarks we want many puzzles of a chosen size and density
# (the fraction of filled cells), and only good ones. `random_puzzles` draws seeded random
# pictures with lesson 4's `random_picture`, so the same seed gives the same puzzles on every
# machine, and keeps those whose verdict is good. Picture number `k` (from 1) of seed `s` is
# `random_picture(height, width, density, seed=f'{s}/{k}')`, so any one puzzle can be made again
# on its own from the title it carries. Each analysis has a node budget; a picture that exhausts
# it is skipped, never waited for. (A node budget, unlike a time limit, gives the same answer on a
# fast and a slow machine.)

# %%
def random_puzzles(height, width, density=0.5, *, seed=0, line_solvable=False,
                   max_nodes=2000, max_tries=1000) -> Iterator[Puzzle]:
    """Random puzzles with a unique solution (and line-solvable, if asked), reproducibly: the
    same arguments give the same puzzles. Each puzzle's goal is its picture; its title names its
    size (rows x columns), density, seed and picture number; metadata['method'] is its verdict's.
    Stops after `max_tries` random pictures (so an impossible request cannot loop forever)."""
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
# How likely is a random picture to make a good puzzle? `goodness` counts, among the first
# pictures that `random_puzzles` draws (pictures 1, 2, ... of seed 0), the fraction that give a
# unique puzzle, and the fraction that line logic solves. A picture whose analysis runs out of
# its node budget counts as neither.

# %%
def goodness(height, width, density, samples, seed=0, max_nodes=2000) -> tuple[float, float]:
    """(fraction unique, fraction unique and line-solvable) of `samples` random pictures:
    pictures 1 to `samples` of `seed`, as random_puzzles draws them."""
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
# fig, ax = plt.subplots(figsize=(7, 4))
# print('fraction unique / fraction line-solvable, of 40 pictures at each density')
# print('size ', ''.join(f'{density:>10}' for density in densities))
# for size, colour in ((5, 'tab:blue'), (10, 'tab:orange')):
#     results = [goodness(size, size, density, 40) for density in densities]
#     print(f'{size}x{size}'.ljust(5), ''.join(f'{u:.2f}/{l:.2f}'.rjust(10) for u, l in results))
#     ax.plot(densities, [u for u, _ in results], marker='o', color=colour,
#             label=f'{size}x{size}: unique')
#     ax.plot(densities, [l for _, l in results], marker='s', linestyle='--', color=colour,
#             label=f'{size}x{size}: unique and line-solvable')
# ax.set_xlabel('density (fraction of filled cells)')
# ax.set_ylabel('fraction of 40 random pictures')
# ax.set_title('Random pictures make good puzzles only when dense enough')
# ax.legend()
# ax.grid(alpha=0.3)
# plt.show()

# %% [markdown]
# Sparse pictures are rarely unique: their short blocks can slide past each other. Dense ones almost
# always are, because long blocks pin themselves down. Size matters where pictures are sparse: up to
# density 0.6 the 10x10 pictures are unique less often than the 5x5 ones (none of the 40 at 0.2),
# since a bigger sparse picture has more room for another solution. And most unique random puzzles
# are also line-solvable: the dashed lines lie on or just under the solid ones.

# %% [markdown]
# ## What we have learned, and what comes next
#
# - A picture gives a puzzle (`picture_puzzle`, `read_image`), but a good puzzle is unique, and
#   for beginners solvable by line logic alone; `analyse` says which.
# - `make_unique` adds givens where a wrong solution differs from the picture (or where line
#   logic stalls) until the puzzle is good, then drops those that later givens made redundant;
#   `make_puzzle` does it all in one call.
# - `random_puzzles` makes good puzzles from seeded random pictures, the same on every machine;
#   dense pictures make good puzzles far more often than sparse ones.
#
# This is the last lesson. The library puts its puzzles to work: the `nonogram` command (library
# module `nonocommand`) solves a puzzle file from a terminal with lesson 11's race, and
# worksheets (`nonosheets`) turn puzzles into sheets for a class, with an answer key. The
# README shows the command's options.
#
# ## Exercises
#
# 1. *Predict, then run.* Which givens does `make_unique` propose for the diagonal, and for the
#    hard picture without `line_solvable`? Write down your guess, then run it with
#    `trace=show_step`.
# 2. *Change a strategy.* `next_given` prefers filled cells. Make it prefer empty ones (printed as
#    dots), and compare the number of givens it proposes for the face and the boat, with
#    `line_solvable=True` as above.
# 3. *Prove it.* Show that after the drop phase no single given can be removed: a given kept
#    when it was tried is still needed at the end, although more givens were dropped after it.
#    (Hint: can removing givens ever remove a solution, or help line logic?)
# 4. *Extend.* Give `random_puzzles` a `method` argument, so that it yields only puzzles whose
#    verdict's method is `'probing'`. How many of the first 200 random 8x8 pictures at density
#    0.5 (`seed=0, max_tries=200`) does it keep?
