# %% [markdown]
# # Chapter 10. The puzzle-maker and the `nonogram` command
#
# Everything is in place: clues and line solving (chapter 1), the engine and its verdicts
# (chapters 2 and 5), a fast line solver (chapter 4), SAT for the hardest puzzles (chapter 6),
# files and pictures (chapter 7), and colour (chapters 8 and 9). This last chapter puts them to work
# for two kinds of user:
#
# - a **teacher**, who has a picture and wants a puzzle worth printing: one solution, and
#   perhaps one that line logic alone can solve. The *puzzle-maker* says whether a picture's
#   clues are good and, if they are not, which few cells to print as givens to make them good, as
#   GCHQ did on its 2015 Christmas card; a seeded generator makes good random puzzles on demand;
#   and a *worksheet maker* prints puzzles, with an answer key, for a class to shade in pencil;
# - anyone at a **terminal**: the `nonogram` command solves a puzzle file, in black and white or
#   in colour, checks that its solution is unique, and answers with exit codes a script can test.
#
# This notebook is also the module `nonotools`; the demonstrations run here but not on import.

# %%
"""The puzzle-maker and the `nonogram` command.

Chapter 10 of the nonogram tutorial (notebooks/nonotools.ipynb is the readable version).
Puzzle-maker: describe, make_unique, make_puzzle, given_cells, givens_grid, draw_proposal,
random_puzzles. Worksheets: judge_for_sheet, draw_worksheet, worksheet_pages, class_set.
Command: main (also `python -m nonotools FILE` and the `nonogram` console script), command_parser,
solve_command. The file readers and writers of chapter 7 are re-exported here
(read_puzzles, read_puzzle, write_puzzle, Puzzle, PuzzleFileError, ...) for convenience.
"""

import sys
import time
from pathlib import Path

import nonoengine
import nonosat
from nonofiles import (COLOUR_ERROR, IMAGE_SIGNATURES, MAX_SIDE, Puzzle,  # noqa: F401
                       PuzzleFileError, file_bytes, format_nin, format_non, format_rosetta,
                       format_xml, parse_puzzles, picture_of, picture_puzzle, read_image,
                       read_puzzle, read_puzzles, write_puzzle)
from nonocheck import SearchLimit, plural
import nonodraw
from nonodraw import draw_grid
from nonoprobe import random_picture
from nonovector import NonogramError


def is_colour(puzzle) -> bool:
    """Is `puzzle` chapter 9's ColourPuzzle? Asked without importing chapters 8 and 9, which only
    colour puzzles need (and a colour puzzle exists only once they are imported)."""
    colour_files = sys.modules.get('nonocolourfiles')
    return colour_files is not None and isinstance(puzzle, colour_files.ColourPuzzle)

# %% [markdown]
# ## The puzzle-maker
#
# A picture always gives a puzzle, but not always a *good* one. Two things can go wrong:
#
# - the clues may have **several solutions**, so a solver (or a pupil) cannot know which picture
#   was meant;
# - the solution may be unique yet **need guessing**: line logic alone (`propagate`)
#   stalls, and only trial and error finishes it. Many puzzle books print only puzzles that line logic
#   solves; a class of beginners should get those too.
#
# `analyse` answers both questions in one call (chapter 5's `nonoengine.analyse`, which keeps
# chapter 2's contract). It looks for two solutions and reports how it found them: `status` is
# `'none'`, `'unique'` or `'multiple'`, and `method` is `'line'` when line logic alone finished,
# `'probing'` or `'search'` when it needed more. `describe` turns a verdict into one line of
# plain words (the `nonogram` command prints it), and with `stats=True` adds the work it took.
# (Chapter 2's `Verdict.describe` is written for reading; this one is also written for scripts.)
# Its wording is careful: the word "unique" appears only for unique puzzles, and "line" only
# when line logic alone solved the puzzle, so a script can search the text for them.

# %%
def describe(verdict, stats=False):
    """One line of words for a nonoengine.analyse verdict (with its work counts if `stats`)."""
    if verdict.status == 'none':
        words = 'no solution: the clues contradict each other'
    elif verdict.status == 'multiple':
        words = 'multiple solutions'
    else:
        words = 'unique solution, ' + {'line': 'solved by line logic alone',
                                       'probing': 'needs probing',
                                       'search': 'needs search'}[verdict.method]
    if stats:
        words += (f' ({plural(verdict.line_solves, "row/column solve")}, '
                  f'{plural(verdict.probes, "probe")}, {plural(verdict.nodes, "search node")}, '
                  f'{verdict.seconds:.2f} s)')
    return words


# %% [markdown]
# Three small examples: a heart (line logic is enough), the 2x2 diagonal (two solutions), and a
# 5x5 picture that is unique but beyond line logic. The heart is typed as a picture, which
# chapter 7's `parse_puzzles` reads.

# %% tags=["active-ipynb"]
# import matplotlib.pyplot as plt
#
# PUZZLES = Path('..') / 'puzzles'   # the notebooks run in notebooks/
# [heart] = parse_puzzles('''
# .##.##.
# #######
# #######
# .#####.
# ..###..
# ...#...
# ''')
# examples = {'heart': heart.goal, 'diagonal': [[1, 0], [0, 1]],
#             'hard 5x5': [[0, 0, 0, 1, 1], [0, 0, 1, 1, 1], [0, 1, 1, 0, 0], [1, 0, 0, 0, 1],
#                          [0, 1, 1, 1, 0]]}
# for name, picture in examples.items():
#     puzzle = picture_puzzle(picture)
#     print(f'{name:10}', describe(nonoengine.analyse(puzzle.rows, puzzle.cols)))

# %% [markdown]
# ### Givens that make a puzzle unique
#
# GCHQ's 2015 Christmas card has clues with four solutions; the card printed 22 black cells to
# rule out three of them. The puzzle-maker does the same for any picture, in two phases.
#
# 1. **Add** givens until the puzzle is unique. Ask `analyse` for two solutions; if there are two,
#    one of them is not our picture, so some cell differs: print that cell as a given (with the
#    picture's value, preferring a filled cell, as GCHQ did) and ask again. Each given rules out
#    at least the wrong solution just found, so this ends.
# 2. **Drop** givens that are not needed. Early givens were chosen when little else was known and
#    later ones may make them redundant: try removing each, in the order they were added, and
#    keep it out if the puzzle stays unique.
#
# The result is *small* (no given can be removed on its own) though not always the smallest
# possible (that is a much harder search). With `line_solvable=True` the target is stricter:
# givens are added until line logic alone solves the puzzle, chosen among the cells line logic
# left unknown.

# %%
def givens_grid(givens, height, width):
    """A grid of 1/0/None from a dict {(row, col): value}."""
    grid = [[None] * width for _ in range(height)]
    for (i, j), value in givens.items():
        grid[i][j] = value
    return grid


def given_cells(grid):
    """The given cells of a 1/0/None grid as a sorted list of (row, col, value)."""
    return [(i, j, cell) for i, row in enumerate(grid) for j, cell in enumerate(row)
            if cell is not None]


def good_enough(verdict, line_solvable):
    """Is the verdict what the maker wants: unique, and solved by line logic if asked?"""
    return verdict.status == 'unique' and (verdict.method == 'line' or not line_solvable)


def next_given(verdict, picture, rows, cols, grid):
    """Choose the cell to give next: where a wrong solution differs from the picture, or
    (for a unique puzzle that line logic cannot finish) a cell line logic leaves unknown."""
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


def make_unique(picture, *, line_solvable=False, max_nodes=None, time_limit=None):
    """Propose a small set of given cells that makes the puzzle of `picture` unique.

    Returns the givens as a grid (picture values at given cells, None elsewhere); an empty
    dict's grid (all None) when the clues alone are enough. With line_solvable=True the givens
    also let line logic alone solve the puzzle. max_nodes/time_limit bound each analyse call
    (SearchLimit is raised if one runs out).
    """
    puzzle = picture_puzzle(picture)
    picture, rows, cols = puzzle.goal, puzzle.rows, puzzle.cols
    height, width = puzzle.height, puzzle.width
    limits = {'max_nodes': max_nodes, 'time_limit': time_limit}

    def verdict(givens):
        return nonoengine.analyse(rows, cols, givens_grid(givens, height, width), **limits)

    givens = {}
    current = verdict(givens)
    while not good_enough(current, line_solvable):
        i, j = next_given(current, picture, rows, cols, givens_grid(givens, height, width))
        givens[i, j] = picture[i][j]
        current = verdict(givens)
    for cell in list(givens):
        trial = {other: value for other, value in givens.items() if other != cell}
        if good_enough(verdict(trial), line_solvable):
            givens = trial
    return givens_grid(givens, height, width)


# %% [markdown]
# Pictures, please. `draw_proposal` shows what goes wrong with the clues alone (a solution that is
# not the picture, with the cells where it differs outlined in red; or, for a unique puzzle beyond
# line logic, the grey cells where line logic stalls), next to the picture with the proposed
# givens (an orange dot on each), all drawn by chapter 2's `draw_grid`.

# %%
def draw_proposal(picture, givens, title=''):
    """A figure of the maker's proposal: what goes wrong with the clues alone (a solution that
    is not the picture, the cells where it differs outlined; or where line logic stalls, unknown
    cells grey), then the picture with the proposed givens (orange dots). Returns the Figure."""
    import matplotlib.pyplot as plt

    puzzle = picture_puzzle(picture)
    rows, cols = puzzle.rows, puzzle.cols
    before = nonoengine.analyse(rows, cols)
    after = nonoengine.analyse(rows, cols, givens)
    panels = []  # (grid, changed cells, title)
    if before.status == 'multiple':
        wrong = next(solution for solution in before.solutions if solution != puzzle.goal)
        differ = [(i, j) for i, row in enumerate(wrong) for j, cell in enumerate(row)
                  if puzzle.goal[i][j] != cell]
        panels.append((wrong, differ, 'clues alone: another solution fits'))
    elif before.method != 'line':
        panels.append((nonoengine.propagate(rows, cols), None, 'clues alone: line logic stalls'))
    count = len(given_cells(givens))
    panels.append((puzzle.goal, None, f'with {count} given{"" if count == 1 else "s"}: '
                                      f'{describe(after)}'))
    clue_room = max(len(clue) for clue in rows) + max(len(clue) for clue in cols)
    side = min(7.0, 15.0 / len(panels), max(4.2, 0.25 * (max(puzzle.width, puzzle.height) + clue_room)))
    fig, axes = plt.subplots(1, len(panels), figsize=(side * len(panels), side + 0.5),
                             squeeze=False, layout='constrained')
    cells = [(i, j) for i, j, _ in given_cells(givens)]
    for k, (ax, (grid, changed, caption)) in enumerate(zip(axes[0], panels)):
        last = k == len(panels) - 1
        draw_grid(grid, rows, cols, ax=ax, changed=changed, title=caption,
                  givens=cells if last else None,
                  labels={1: 'filled here, empty in the picture',
                          0: 'empty here, filled in the picture'})
    if title:
        fig.suptitle(title, fontsize=13)
    return fig


# %% [markdown]
# A 9x9 picture of a smiling face. Its clues alone allow more than one picture: the outline of the
# head can lean to one side and still fit every clue. In the figure below, the left panel is that
# other solution, with the cells where it differs from the face in red: dark red where it fills a
# cell the face leaves empty, pale red where it leaves empty a cell the face fills.

# %% tags=["active-ipynb"]
# face = [[int(char) for char in row] for row in '''
# 000000000
# 001111100
# 010000010
# 100101001
# 100000001
# 101000101
# 100111001
# 010000010
# 001111100'''.split()]
# face_puzzle = picture_puzzle(face)
# print(describe(nonoengine.analyse(face_puzzle.rows, face_puzzle.cols)))
# face_givens = make_unique(face)
# print('proposed givens (row, column, value; counted from 0):', given_cells(face_givens))
# print(describe(nonoengine.analyse(face_puzzle.rows, face_puzzle.cols, face_givens)))

# %% tags=["active-ipynb"]
# draw_proposal(face, face_givens, 'The puzzle-maker: givens that make the face unique')
# plt.show()

# %% [markdown]
# Now the boat, scaled to 25 cells, and this time we ask for a puzzle that line logic alone can
# solve, as a class of beginners would need. Its clues alone have several solutions:

# %% tags=["active-ipynb"]
# boat = read_image(PUZZLES / 'boat.png', size=25)
# boat_puzzle = picture_puzzle(boat)
# print('clues alone:  ', describe(nonoengine.analyse(boat_puzzle.rows, boat_puzzle.cols)))
# boat_givens = make_unique(boat, line_solvable=True)
# print('with givens:  ', describe(nonoengine.analyse(boat_puzzle.rows, boat_puzzle.cols,
#                                                     boat_givens)))
# print('givens:', given_cells(boat_givens))

# %% tags=["active-ipynb"]
# draw_proposal(boat, boat_givens, 'boat.png at 25 cells, with givens for line logic')
# plt.show()

# %% [markdown]
# The trouble is in the waves: their zigzag rows can slide sideways and still fit every clue.
# One given on the tip of each wave pins them, and then line logic alone finishes the whole
# picture. (Here the givens for uniqueness happen to be the same as those for line logic; on the
# face they differ, as the next cell shows.)

# %% tags=["active-ipynb"]
# for line_solvable in (False, True):
#     print(f'the face, line_solvable={line_solvable}:',
#           given_cells(make_unique(face, line_solvable=line_solvable)))

# %% [markdown]
# And the picture of GCHQ's card (chapter 3): its clues alone have four solutions, which differ in
# two separate patches, and the maker proposes one given in each.

# %% tags=["active-ipynb"]
# import gchq
#
# print('GCHQ, givens for uniqueness:', given_cells(make_unique(gchq.SOLUTION)))

# %% [markdown]
# For the teacher, the whole recipe is one call: `make_puzzle` takes a picture (from `read_image`
# or typed as rows) and returns a `Puzzle` whose givens make it unique (or line-solvable), ready
# for `write_puzzle`, the `nonogram` command, or a printer.

# %%
def make_puzzle(picture, title='', line_solvable=False, **limits):
    """A Puzzle from a picture, with the givens (if any) that make it unique (or line-solvable)."""
    puzzle = picture_puzzle(picture, title=title)
    givens = make_unique(puzzle.goal, line_solvable=line_solvable, **limits)
    if given_cells(givens):
        puzzle.givens = givens
    return puzzle


# %% tags=["active-ipynb"]
# boat_for_class = make_puzzle(boat, 'Boat (for beginners)', line_solvable=True)
# print(format_non(boat_for_class).splitlines()[-1][:70] + '...')
#
# import tempfile
# with tempfile.TemporaryDirectory() as folder:
#     back = read_puzzle(write_puzzle(boat_for_class, Path(folder) / 'boat.non'))
# print('read back the same:', back == boat_for_class)
# print(describe(nonoengine.analyse(back.rows, back.cols, back.givens)))

# %% [markdown]
# ### Random puzzles, reproducibly
#
# For practice sheets, tests and benchmarks we want many puzzles of a chosen size and density (the
# fraction of filled cells), and only good ones. `random_puzzles` draws seeded random pictures,
# so the same seed gives the same puzzles on every machine, and keeps those whose verdict is
# unique (and, if asked, solved by line logic alone). Picture number `k` of seed `s` is chapter
# 2's `random_picture(height, width, density, seed=f'{s}/{k}')`, so any one puzzle can be made
# again on its own from the title it carries. Each analysis has a node budget; a picture that
# exhausts it is skipped, never waited for. (A node budget, unlike a time limit, gives the same
# answer on a fast and a slow machine.)

# %%
def random_puzzles(height, width, density=0.5, *, seed=0, line_solvable=False,
                   max_nodes=2000, max_tries=1000):
    """Generate random puzzles with a unique solution (and line-solvable, if asked).

    Reproducible: the same arguments give the same puzzles. Each puzzle's goal is its picture,
    and its title gives the size as width x height, as puzzle files do. Stops after `max_tries`
    random pictures (so an impossible request cannot loop forever).
    """
    for attempt in range(1, max_tries + 1):
        picture = random_picture(height, width, density, seed=f'{seed}/{attempt}')
        puzzle = picture_puzzle(picture)
        try:
            verdict = nonoengine.analyse(puzzle.rows, puzzle.cols, max_nodes=max_nodes)
        except SearchLimit:
            continue
        if good_enough(verdict, line_solvable):
            puzzle.metadata.update(title=f'random {width}x{height} at density {density}, '
                                         f'seed {seed}, picture {attempt}',
                                   method=verdict.method)
            yield puzzle


# %% tags=["active-ipynb"]
# from itertools import islice
#
# for puzzle in islice(random_puzzles(6, 6, 0.5, seed=2024), 3):
#     print(puzzle.title, '|', puzzle.metadata['method'])
#     print(picture_of(puzzle.goal), end='\n\n')

# %% [markdown]
# How likely is a random picture to make a good puzzle? Count, for a few sizes and densities,
# how many of 40 random pictures give a unique puzzle, and how many of those line logic solves.
# Sparse pictures are rarely unique (small blocks can slide past each other), dense ones almost
# always are, because long blocks pin themselves down; and at any density a bigger picture has
# more room for another solution (chapter 2's random 20x20 pictures at one half were never
# unique). A picture whose analysis runs out of its node budget counts as not good.

# %% tags=["active-ipynb"]
# def goodness(height, width, density, samples):
#     """(fraction unique, fraction line-solvable) of `samples` random pictures."""
#     unique = line = 0
#     for k in range(samples):
#         puzzle = picture_puzzle(random_picture(height, width, density, seed=k))
#         try:
#             verdict = nonoengine.analyse(puzzle.rows, puzzle.cols, max_nodes=2000)
#         except SearchLimit:
#             continue
#         unique += verdict.status == 'unique'
#         line += verdict.status == 'unique' and verdict.method == 'line'
#     return unique / samples, line / samples
#
#
# densities = [0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8]
# fig, ax = plt.subplots(figsize=(7, 4))
# for size, colour in ((5, 'tab:blue'), (10, 'tab:orange')):
#     results = [goodness(size, size, density, 40) for density in densities]
#     ax.plot(densities, [u for u, _ in results], marker='o', color=colour,
#             label=f'{size}x{size}: unique')
#     ax.plot(densities, [l for _, l in results], marker='s', linestyle='--', color=colour,
#             label=f'{size}x{size}: unique and line-solvable')
#     print(f'{size}x{size}', ' '.join(f'{d}:{u:.2f}/{l:.2f}' for d, (u, l) in
#                                     zip(densities, results)))
# ax.set_xlabel('density (fraction of filled cells)')
# ax.set_ylabel('fraction of 40 random pictures')
# ax.set_title('Random pictures make good puzzles only when dense enough')
# ax.legend()
# ax.grid(alpha=0.3)
# plt.show()


# %% [markdown]
# ## Worksheets for a class
#
# A class on constraint propagation works on paper: a sheet of empty grids with their clues, big
# enough to shade with a pencil, and a key for the teacher. Three steps make one.
#
# 1. **Judge** each puzzle with chapter 6's `find_solutions` (the engine, and SAT if the engine
#    is slow). A worksheet whose key is ambiguous is useless, so a puzzle with no solution or
#    several is refused, by name. The verdict's method says how hard the puzzle is: line logic
#    alone, probing, or search. (A puzzle that SAT had to finish counts as needing search: the
#    engine's line logic and probing had not finished it.) The judged puzzle carries its key as
#    its `goal` and the method in its metadata, as `random_puzzles` does.
# 2. **Lay out** the pages (A4, portrait): each puzzle as large as fits, with cells of at most
#    1 cm, and several small puzzles on a page as long as their cells stay big enough for a pencil
#    (6 mm). The key's pictures may be smaller.
# 3. **Draw** each puzzle with chapter 2's `draw_grid` (or chapter 8's `draw_colour_grid`) on
#    empty cells, givens printed: a given filled cell black (or in its colour), a given empty cell
#    with a dot. Then the key, in colour for colour puzzles.

# %%
DIFFICULTY = {'line': 'line logic alone', 'probing': 'needs probing', 'search': 'needs search'}


def judge_for_sheet(puzzle, name='the puzzle', timeout=None, **options):
    """A copy of the puzzle, its goal its one solution and metadata['method'] its verdict's:
    NonogramError naming it unless it has exactly one; SearchLimit if `timeout` runs out."""
    import dataclasses
    import nonocolour

    find = nonocolour.find_solutions if is_colour(puzzle) else nonosat.find_solutions
    answer = find(puzzle.rows, puzzle.cols, puzzle.givens, count=2, timeout=timeout, **options)
    if not answer.finished:
        raise SearchLimit(f'{name}: no verdict in time', answer.nodes, answer.seconds, [])
    if answer.status != 'unique':
        raise NonogramError(f'{name}: {"several" if answer.solutions else "no"} solutions; a '
                            'worksheet needs puzzles with exactly one')
    return dataclasses.replace(puzzle, goal=answer.solutions[0],
                               metadata={**puzzle.metadata, 'method': answer.method or 'search'})


# %% [markdown]
# The layout is plain arithmetic in inches. A drawing's *extent* is its size in squares (the
# grid, and the clues' squares to its left and above); a *layout* cuts the page into columns x
# rows of slots, and a drawing gets the largest cell that fits its slot, at most 1 cm.

# %%
A4, MARGIN, HEADER, CAPTION, GAP = (8.27, 11.69), 0.6, 0.6, 0.5, 0.3  # inches
LARGEST_CELL, PENCIL_CELL, KEY_CELL = 0.39, 0.24, 0.08  # inches: 1 cm, 6 mm, 2 mm
SHEET_LAYOUTS = [(2, 3), (2, 2), (1, 2), (1, 1)]  # slots on a page: columns x rows
KEY_LAYOUTS = [(3, 4)] + SHEET_LAYOUTS


def extent(puzzle, clues=True) -> tuple[int, int]:
    """A puzzle's drawing size in squares: its grid and (if `clues`) its clues' squares."""
    return (puzzle.width + clues * max([len(clue) for clue in puzzle.rows] + [1]),
            puzzle.height + clues * max([len(clue) for clue in puzzle.cols] + [1]))


# %% [markdown]
# A slot is what a page holds, less its margins, header and gaps, shared among the slots; a
# caption takes the top of each.

# %%
def slot_size(layout) -> tuple[float, float]:
    """(width, height) in inches that a drawing may use in a slot of `layout`."""
    return ((A4[0] - 2 * MARGIN + GAP) / layout[0] - GAP,
            (A4[1] - 2 * MARGIN - HEADER + GAP) / layout[1] - GAP - CAPTION)


def cell_inches(extent, layout) -> float:
    """The side of a cell for a drawing of `extent` (columns, rows of squares) in a slot."""
    width, height = slot_size(layout)
    return min(LARGEST_CELL, width / extent[0], height / extent[1])


# %% [markdown]
# `pages_of` puts on each page as many drawings, in order, as keep their cells at least
# `smallest` in some layout, then takes the layout of fewest slots that holds them, so that a
# short page gets bigger cells. A puzzle too big even for a page at 6 mm gets a page of its own.

# %%
def pages_of(extents, layouts, smallest) -> list[tuple[tuple, range]]:
    """Share drawings among pages, in order: (layout, drawing numbers) for each page."""
    pages, start = [], 0
    while start < len(extents):
        def fitting(layout):  # how many of the next drawings fit the slots of `layout`
            room = min(len(extents) - start, layout[0] * layout[1])
            return next((n for n in range(room)
                         if cell_inches(extents[start + n], layout) < smallest), room)
        count = max(1, *map(fitting, layouts))
        layout = [layout for layout in layouts if layout[0] * layout[1] >= count][-1]
        pages.append((layout, range(start, start + count)))
        start += count
    return pages


# %% [markdown]
# Drawing. Each slot gets an Axes of exactly the drawing's size, under a caption:

# %%
def slot_axes(fig, layout, slot, extent, caption):
    """An Axes for a drawing of `extent` in slot number `slot` of `layout`, under `caption`."""
    (width, height), cell = slot_size(layout), cell_inches(extent, layout)
    left = MARGIN + slot % layout[0] * (width + GAP)
    top = A4[1] - MARGIN - HEADER - slot // layout[0] * (height + CAPTION + GAP)
    fig.text((left + width / 2) / A4[0], top / A4[1], caption, ha='center', va='top',
             fontsize=9, linespacing=1.5)
    w, h = (extent[0] + 0.1) * cell, (extent[1] + 0.1) * cell
    return fig.add_axes(((left + (width - w) / 2) / A4[0], (top - CAPTION - h) / A4[1],
                         w / A4[0], h / A4[1]))


# %% [markdown]
# and in it the puzzle as printed, or, in the key, its solution alone:

# %%
def draw_sheet_puzzle(puzzle, ax, key=False):
    """Draw a judged puzzle as printed (givens filled, or dotted if empty), or for the key."""
    givens = puzzle.givens or [[None] * puzzle.width] * puzzle.height
    cells = puzzle.goal if key else [[cell or 0 for cell in row] for row in givens]
    rows, cols = (None, None) if key else (puzzle.rows, puzzle.cols)
    if is_colour(puzzle):
        import nonocolour

        palette = nonodraw.palette_of(puzzle.colours, len(puzzle.colours))
        palette[0] = palette[0] if key else '#ffffff'  # a blank sheet is white
        nonodraw.draw_colour_grid(cells, rows, cols, palette, ax=ax, sets=False)
    else:
        draw_grid(cells, rows, cols, ax=ax, legend=False)
    dots = [(i, j) for i, j, value in given_cells(givens) if value == 0 and not key]
    ax.scatter([j + 0.5 for _, j in dots], [i + 0.5 for i, _ in dots], s=16, color='black')


# %% [markdown]
# A page has a header (the worksheet's title, and a line for the pupil's name), a caption over
# each puzzle (its number and title, its difficulty and its givens), and its number at the
# foot.

# %%
def sheet_caption(number, puzzle, key=False) -> str:
    """A puzzle's number and title, then (not in the key) its difficulty and givens."""
    title = f'{number}. {(puzzle.title or "puzzle")[:60]}'
    given = [value for _, _, value in given_cells(puzzle.givens or [])]
    note = f'; {plural(len(given), "cell")} given' + ' (dot: empty)' * (0 in given) if given else ''
    return title if key else f'{title}\n{DIFFICULTY[puzzle.metadata["method"]]}{note}'


# %% [markdown]
# The pages, puzzles first, then the key, each page filled by `pages_of`:

# %%
def worksheet_pages(puzzles, title='Nonograms'):
    """The pages of a worksheet of judged puzzles, as matplotlib Figures: puzzles, then key."""
    from matplotlib.figure import Figure
    sizes = [[extent(puzzle, clues=not key) for puzzle in puzzles] for key in (0, 1)]
    pages = [(False, *page) for page in pages_of(sizes[0], SHEET_LAYOUTS, PENCIL_CELL)]
    pages += [(True, *page) for page in pages_of(sizes[1], KEY_LAYOUTS, KEY_CELL)]
    for number, (key, layout, group) in enumerate(pages, 1):
        fig = Figure(figsize=A4)
        fig.text(MARGIN / A4[0], 1 - MARGIN / A4[1], title + (': answer key' if key else ''),
                 fontsize=15, va='top')
        fig.text(1 - MARGIN / A4[0], 1 - MARGIN / A4[1], '' if key else 'Name: ' + '_' * 20,
                 fontsize=11, ha='right', va='top')
        fig.text(0.5, MARGIN / 2 / A4[1], f'page {number} of {len(pages)}', fontsize=8,
                 ha='center')
        for slot, k in enumerate(group):
            caption = sheet_caption(k + 1, puzzles[k], key)
            draw_sheet_puzzle(puzzles[k], slot_axes(fig, layout, slot, sizes[key][k], caption), key)
        yield fig


# %% [markdown]
# The pages go into one PDF, whose text is real text (`pdf.fonttype` 42 embeds the fonts as
# TrueType), so the titles and clues can be searched and copied, and the tests read them back.

# %%
def draw_worksheet(puzzles, path, title='Nonograms') -> int:
    """Write the worksheet_pages of judged puzzles to `path` as a PDF; return its page count."""
    from matplotlib import rc_context
    from matplotlib.backends.backend_pdf import PdfPages
    with rc_context({'pdf.fonttype': 42}), PdfPages(path, metadata={'Title': title}) as pdf:
        for fig in worksheet_pages(puzzles, title):
            pdf.savefig(fig)
        return pdf.get_pagecount()


# %% [markdown]
# A worksheet of five puzzles: Dancer and the smile from chapter 7's files, the apples in colour
# (chapter 9's reader), and the face and the boat from the puzzle-maker, with their givens. The
# key is the solution the judge found, which must be the engine's; then the first page, as the
# printer gets it.

# %% tags=["active-ipynb"]
# import nonocolour
# from nonocolourfiles import read_colour_puzzles
#
# week1 = [read_puzzle(PUZZLES / name) for name in ('webpbn-00001.non', 'pynogram-smile.non')]
# week1 += read_colour_puzzles(PUZZLES / 'pynogram-apples.xml') + [make_puzzle(face, 'A face'),
#                                                                 boat_for_class]
# week1 = [judge_for_sheet(puzzle, puzzle.title) for puzzle in week1]
# for puzzle in week1:
#     solve = nonocolour.solve if is_colour(puzzle) else nonoengine.solve
#     print(f'{puzzle.title:28} {DIFFICULTY[puzzle.metadata["method"]]:17} key = engine:',
#           puzzle.goal == solve(puzzle.rows, puzzle.cols, puzzle.givens))
# with tempfile.TemporaryDirectory() as folder:
#     print(draw_worksheet(week1, Path(folder) / 'week1.pdf', 'Nonograms, week 1'), 'pages')

# %% tags=["active-ipynb"]
# next(worksheet_pages(week1, 'Nonograms, week 1'))

# %% [markdown]
# ### A class set
#
# A teacher who wants ten fresh puzzles of one size and one difficulty should not have to hunt
# for them. `class_set` makes them from pictures: seeded random ones (picture `k` of seed `s` is
# chapter 2's `random_picture` with the seed `f'{s}/{k}'`), or the picture files of a folder
# (PNG, JPEG, 0/1 text, read by chapter 7's `read_puzzles` at the size asked), taken in an order
# the seed shuffles.

# %%
def class_pictures(size, seed=0, folder=None, density=0.4):
    """(title, picture) pairs: seeded random pictures without end, or a folder's, shuffled."""
    import itertools
    import random
    if folder is None:
        for k in itertools.count(1):
            yield f'random picture {seed}/{k}', random_picture(size, size, density, f'{seed}/{k}')
    files = sorted(path for path in Path(folder).iterdir()
                   if path.suffix.lower() in ('.png', '.jpg', '.jpeg', '.gif', '.bmp', '.txt'))
    random.Random(seed).shuffle(files)
    for path in files:
        for puzzle in read_puzzles(path, picture_size=size):
            if puzzle.goal is None:
                raise PuzzleFileError(path, None, 'not a picture (it has clues, not cells)')
            yield path.stem, puzzle.goal


# %% [markdown]
# Each picture is made unique by the puzzle-maker's givens (for the target "line", givens that
# let line logic alone finish), and kept only if its verdict's method is the one asked for and
# the picture is new to the set. Two budgets keep it honest. Each analysis has a node budget, as
# in `random_puzzles`, so the same seed gives the same puzzles on any machine (a picture that
# needs more is skipped); and the whole set has a time limit: what cannot be made in time is
# refused with an error that says how many puzzles were made, never a hang, and never a smaller
# set than asked for.

# %%
NEEDS = {'line': 'line logic alone solves', 'probing': 'need probing', 'search': 'need search'}


def class_set(count, size=10, difficulty='line', *, seed=0, folder=None, density=0.4,
              seconds=20.0, max_nodes=2000) -> list:
    """`count` distinct puzzles with one solution whose method is `difficulty`: SearchLimit if
    `seconds` run out first (its `solutions`: the puzzles made), NonogramError if pictures do."""
    if difficulty not in NEEDS:
        raise ValueError(f'difficulty must be one of {", ".join(NEEDS)}, not {difficulty!r}')
    if folder is not None and not Path(folder).is_dir():
        raise NonogramError(f'{folder}: not a folder of pictures')
    deadline, made, seen = time.monotonic() + seconds, [], set()
    for title, picture in class_pictures(size, seed, folder, density):
        left = deadline - time.monotonic()
        if left <= 0:
            break
        limits = {'max_nodes': max_nodes, 'time_limit': left}
        try:
            puzzle = make_puzzle(picture, title, difficulty == 'line', **limits)
            verdict = nonoengine.analyse(puzzle.rows, puzzle.cols, puzzle.givens, **limits)
        except SearchLimit:  # too many nodes (skip the picture), or out of time (stop)
            continue
        if verdict.method == difficulty and str(picture) not in seen and any(map(any, picture)):
            seen.add(str(picture))
            made.append(puzzle)
            if len(made) == count:
                return made
    what = (f'could make only {len(made)} of {count} puzzles of {"at most " * bool(folder)}'
            f'{size}x{size} that {NEEDS[difficulty]}')
    if folder is None or time.monotonic() >= deadline:
        raise SearchLimit(f'{what} in {seconds:.3g} s', 0, seconds, made)
    raise NonogramError(f'{what} from the pictures in {folder}')


# %% [markdown]
# Four 8x8 puzzles that need probing, from seed 1; and a request that cannot be met, refused at
# its time limit: among small pictures, the engine's probing leaves almost nothing to search.

# %% tags=["active-ipynb"]
# print([puzzle.title for puzzle in class_set(4, 8, 'probing', seed=1)])
# try:
#     class_set(3, 5, 'search', seed=1, seconds=2)
# except SearchLimit as error:
#     print(error)


# %% [markdown]
# ## The `nonogram` command
#
# Finally the tool for the terminal. `nonogram FILE` reads a puzzle file in any format of chapter
# 7 (or a picture), solves it, and prints the solution as text, one line per row, `#` filled and
# `.` empty and nothing else on those lines, so other programs can read it. Then one verdict line
# (from `describe`). Like a validator, it always looks for a second solution: a puzzle with two
# is reported as such, never silently half-solved.
#
# Scripts test the **exit code**: `0` solved, `1` no solution, `2` bad input (a malformed file,
# a clue longer than its line, row and column totals that differ, a missing file...: one line on
# standard error naming the file and line, never a traceback), `3` gave up (the time limit ran out).
#
# Options: `--all` prints every solution (up to `--max-solutions`, 100 unless told), `--png OUT`
# saves a picture of the solution with its clues, `--timeout SECONDS` gives up cleanly,
# `--clues` prints the clues around the grid, `--size N` scales a picture file to at most N cells a side,
# `--stats` adds the solver's work to the verdict line. The search is chapter 6's race: the
# engine starts, and SAT (if python-sat is installed) joins it after `--engine-seconds` (a tenth
# of a second unless told); `--sat` uses SAT alone and `--no-sat` the engine alone.
#
# First the two text layouts: the bare grid, and the grid with its clues as on paper (column
# clues stacked above, row clues to the right).

# %%
EXIT_SOLVED, EXIT_NO_SOLUTION, EXIT_BAD_INPUT, EXIT_GAVE_UP = 0, 1, 2, 3


def grid_lines(grid):
    """The solution as text lines: '#' filled, '.' empty."""
    return [''.join('#' if cell else '.' for cell in row) for row in grid]


def grid_with_clues(grid, rows, cols, cell_text=lambda value: '#' if value else '.',
                    block_text=str):
    """The grid as text with column clues stacked above it and row clues to its right.
    cell_text and block_text write a cell and a block (colour puzzles pass their own)."""
    cell = max([len(block_text(block)) for clue in cols for block in clue] + [1]) + 1
    depth = max(len(clue) for clue in cols) or 1
    lines = []
    for k in range(depth):
        line = ''
        for clue in cols:
            padded = [''] * (depth - len(clue)) + [block_text(block) for block in clue]
            line += padded[k].rjust(cell)
        lines.append(line.rstrip())
    for row, clue in zip(grid, rows):
        cells = ''.join(cell_text(value).rjust(cell) for value in row)
        lines.append(cells + '   ' + (' '.join(map(block_text, clue)) or '0'))
    return lines


# %% tags=["active-ipynb"]
# print('\n'.join(grid_with_clues(heart.goal, heart.rows, heart.cols)))

# %% [markdown]
# The search itself is one call to chapter 6's `find_solutions`, which returns an `Answer`: the
# solutions found, whether the search finished, which part answered, and the engine's method and
# work. The command asks for two solutions (or, with `--all`, one more than `--max-solutions`,
# to know whether there are more), and turns the answer into words only here, at the very edge:
# the exit code, the solutions to show, and the verdict line. When a puzzle has several solutions
# and `--all` was not asked for, the verdict line says that the grid shown is one of them: a
# reader should not take it for *the* answer. What SAT cannot say is *how* a person would solve
# the puzzle, so when SAT answers, the verdict line names SAT and never contains the word "line".

# %%
ONE_OF_SEVERAL = '; one of them shown, --all lists them'


def command_answer(puzzle, args, timeout=None) -> nonosat.Answer:
    """The race's answer for one puzzle, as the command's options ask. Colour puzzles go to
    chapter 8's engine and SAT, except those of a single ink: black and white in another
    colour, they are solved as such (and get the verdict of their black-and-white twin)."""
    options = dict(count=args.max_solutions + 1 if args.all else 2, timeout=timeout,
                   engine_seconds=args.engine_seconds, use_engine=not args.sat,
                   use_sat=not args.no_sat, sat_memory=sat_megabytes(args) * 2 ** 20 or None)
    if not is_colour(puzzle):
        return nonosat.find_solutions(puzzle.rows, puzzle.cols, puzzle.givens, **options)
    import nonocolour
    from nonocolourfiles import bw_puzzle_clues
    bw = bw_puzzle_clues(puzzle)
    if bw is None:
        return nonocolour.find_solutions(puzzle.rows, puzzle.cols, puzzle.givens, **options)
    ink = max([colour for clue in puzzle.rows for _, colour in clue] + [1])
    givens = puzzle.givens and [[None if cell is None else int(cell == ink) for cell in row]
                                for row in puzzle.givens]
    answer = nonosat.find_solutions(*bw, givens, **options)
    answer.solutions = [[[ink * cell for cell in row] for row in grid] for grid in answer.solutions]
    return answer


def answer_words(answer, args):
    """(exit code, solutions to show, verdict line) for an Answer."""
    found = answer.solutions
    if not answer.finished:
        line = gave_up_line(answer.seconds, args, answer)
        if answer.part == 'engine' and not args.no_sat and not nonosat.sat_available():
            line += '; with python-sat installed, a SAT solver would race the engine'
        return EXIT_GAVE_UP, found if args.all else found[:1], line
    if answer.part == 'SAT':
        how = 'SAT' if answer.sat_joined is None else 'SAT, racing the engine'
        if answer.status == 'none':
            return EXIT_NO_SOLUTION, [], f'no solution: the clues contradict each other ({how})'
        words = f'{answer.status} solution{"s" if len(found) > 1 else ""}, found by {how}'
        words += f' ({answer.seconds:.2f} s)' if args.stats else ''
    else:
        if answer.status == 'none':
            return EXIT_NO_SOLUTION, [], describe(answer)
        words = describe(answer, args.stats)
    if answer.status == 'unique':
        return EXIT_SOLVED, found[:1], words
    if not args.all:
        return EXIT_SOLVED, found[:1], words + ONE_OF_SEVERAL
    return EXIT_SOLVED, found[:args.max_solutions], all_solutions_line(found, args.max_solutions)


def all_solutions_line(found, cap):
    """The verdict line of --all: how many solutions, or that there are more than the cap."""
    if len(found) > cap:
        return f'multiple solutions: more than {cap} (listing stopped at --max-solutions {cap})'
    return f'multiple solutions: {len(found)} in all'


def gave_up_line(seconds, args, answer=None):
    """The last line when the time limit ran out (exit code 3), saying what each part that ran
    had done: the engine's search nodes, what became of SAT."""
    work = []
    if answer is not None and answer.nodes is not None:
        nodes = plural(answer.nodes, 'search node')
        work.append(f'engine: {nodes}' if answer.part == 'engine and SAT' else nodes)
    if answer is not None and answer.part in ('SAT', 'engine and SAT'):
        work.append(f'SAT: {answer.sat_note or "out of time"}')
        if 'memory' in answer.sat_note or answer.sat_note.startswith('not started'):
            # In a race SAT's share is capped (chapter 6), so only --sat gives it more memory.
            work.append('--memory sets the budget in MB' if args.sat
                        else '--sat runs SAT alone, with more of the memory')
    if answer is not None and answer.solutions:
        work.append(f'{plural(len(answer.solutions), "solution")} found so far')
    if args.timeout is not None:
        work.append(f'--timeout {args.timeout:g}')
    return f'gave up after {seconds:.1f} s ({"; ".join(work)})'


# %% [markdown]
# Printing, and the picture for `--png`:

# %%
def solve_command(puzzle, args, png=None, timeout=None):
    """Solve one puzzle for the command line: print grid(s) and verdict; return an exit code.
    A colour puzzle prints its colours' characters, unless it has a single ink: then it prints
    as black and white, exactly as its black-and-white twin would."""
    if args.clues and puzzle.title:
        print(puzzle.title)
    start = time.monotonic()
    code, shown, summary = answer_words(command_answer(puzzle, args, timeout), args)
    one_ink = sys.modules['nonocolourfiles'].bw_puzzle_clues(puzzle) if is_colour(puzzle) else None
    colour = is_colour(puzzle) and one_ink is None
    rows, cols = one_ink or (puzzle.rows, puzzle.cols)
    for k, solution in enumerate(shown):
        if k:
            print()
        if colour:
            lines = colour_grid_lines(solution, puzzle, args.clues)
        else:
            lines = grid_with_clues(solution, rows, cols) if args.clues else grid_lines(solution)
        print(*lines, sep='\n')
    print(summary)
    if png and shown and code == EXIT_SOLVED:
        left = None if timeout is None else timeout - (time.monotonic() - start)
        if left is not None and left < drawing_seconds(puzzle):
            print(f'gave up before drawing {png}: --timeout {args.timeout:g} leaves too little time')
            return EXIT_GAVE_UP
        save_png(puzzle, shown[0], png)
    return code


def colour_grid_lines(grid, puzzle, clues=False):
    """A colour solution as text, a cell as its colour's character, with the clues if asked
    (each block as its length and its colour's character: '3r')."""
    chars = ['.'] + [colour.char for colour in puzzle.colours[1:]]  # the background is '.'
    if clues:
        return grid_with_clues(grid, puzzle.rows, puzzle.cols, chars.__getitem__,
                               lambda block: f'{block[0]}{chars[block[1]]}')
    return [''.join(chars[colour] for colour in row) for row in grid]


MOST_CELLS_WITH_CLUES = 80 * 80  # bigger pictures are drawn without their clues (too small)


def drawing_seconds(puzzle):
    """A generous estimate of the seconds save_png takes (measured: 80x80 with clues 1.7 s,
    300x300 without 1.1 s), to give up before drawing rather than overrun --timeout."""
    cells = puzzle.width * puzzle.height
    return 0.5 + (cells / 3_000 if cells <= MOST_CELLS_WITH_CLUES else cells / 60_000)


def save_png(puzzle, solution, path):
    """Draw the solution with its clues (givens dotted; colour puzzles in their colours; no clues
    beyond MOST_CELLS_WITH_CLUES cells) and save it as a PNG file."""
    from matplotlib.figure import Figure
    size = min(12, max(4, 0.3 * max(puzzle.width, puzzle.height) + 2))
    fig = Figure(figsize=(size, size))
    ax = fig.subplots()
    rows, cols = puzzle.rows, puzzle.cols
    if puzzle.width * puzzle.height > MOST_CELLS_WITH_CLUES:
        rows = cols = None
    if is_colour(puzzle):
        import nonocolour

        nonodraw.draw_colour_grid(solution, rows, cols, puzzle.colours, ax=ax,
                                    title=puzzle.title or None, sets=False)
    else:
        givens = [(i, j) for i, j, _ in given_cells(puzzle.givens or [])]
        draw_grid(solution, rows, cols, ax=ax, givens=givens, title=puzzle.title or None)
    fig.tight_layout()
    try:
        fig.savefig(path, dpi=100)
    except OSError as error:
        raise OutputError(f'cannot write {path}: {error.strerror or error}') from None


class OutputError(NonogramError):
    """The command could not write its output file (--png)."""


# %% [markdown]
# The argument parser, and `main`. Besides the input errors of the readers, `main` checks what it
# can before the work starts (python-sat for `--sat`, the folder for `--png`), and it stops
# quietly when the program reading its output goes away (as `nonogram big.non | head` does),
# instead of reporting a broken pipe as if the puzzle were at fault.

# %%
SAT_MISSING = '--sat needs the optional package python-sat (python -m pip install python-sat)'


def command_parser():
    """The argparse parser of the `nonogram` command."""
    import argparse  # here, so that importers of the module do not pay for it

    parser = argparse.ArgumentParser(
        prog='nonogram',
        description='Solve a nonogram file (.non, .nin, webpbn .xml in black and white or '
                    'colour, Rosetta Code letters, 0/1 picture text, or a PNG/JPEG picture) and '
                    'check its solution is unique. Prints the solution (# filled, . empty; in '
                    'colour, each colour\'s character), then a verdict line.',
        epilog='exit codes: 0 solved, 1 no solution, 2 bad input, 3 gave up (time or memory '
               'limit), 4 internal error (please report it); 130 interrupted (Ctrl-C), 141 the '
               'reader of the output went away')
    parser.add_argument('file', nargs='*', metavar='FILE',
                        help='the puzzle file (several with --worksheet)')
    parser.add_argument('--all', action='store_true',
                        help='print every solution (up to --max-solutions)')
    parser.add_argument('--max-solutions', type=int, default=100, metavar='N',
                        help='the most solutions --all prints (default 100)')
    parser.add_argument('--png', metavar='OUT',
                        help='save a picture of the solution with clues to OUT, a .png file (a '
                             'file of several puzzles saves OUT-1.png, OUT-2.png, ...)')
    parser.add_argument('--timeout', type=float, metavar='SECONDS',
                        help='give up after this many seconds in all, reading and every puzzle '
                             'of the file included (exit code 3)')
    parser.add_argument('--clues', action='store_true', help='print the clues with the grid')
    parser.add_argument('--stats', action='store_true',
                        help='add the work done (line solves, probes, nodes, seconds) to the verdict')
    parser.add_argument('--size', type=int, metavar='N',
                        help='for picture files: scale to at most N cells a side (with '
                             '--class-set: the puzzles\' side, 10 unless told)')
    parser.add_argument('--colours', '--colors', type=int, metavar='K',
                        help='for picture files: make a colour puzzle of K colours, the '
                             'background included (default: black and white)')
    solver = parser.add_mutually_exclusive_group()
    solver.add_argument('--sat', action='store_true',
                        help='search with a SAT solver from the start (needs python-sat)')
    solver.add_argument('--no-sat', action='store_true',
                        help='the engine alone, without SAT')
    parser.add_argument('--memory', type=int, default=MEMORY_MB, metavar='MB',
                        help=f'the most memory the command may use, its SAT process included '
                             f'(default {MEMORY_MB}; SAT gets at most '
                             f'{nonosat.RACE_SAT_BYTES // 2 ** 20} of it in a race); beyond it, '
                             'it gives up (exit code 3)')
    parser.add_argument('--engine-seconds', type=float, default=nonosat.ENGINE_SECONDS,
                        metavar='S', help='the engine\'s head start: seconds before a SAT solver '
                        'joins the race, if python-sat is installed (default '
                        f'{nonosat.ENGINE_SECONDS:g})')
    sheets = parser.add_argument_group('worksheets: puzzles, each with one solution, on A4 pages')
    sheets.add_argument('--worksheet', metavar='OUT.pdf',
                        help='write the puzzles of the FILEs, with an answer key, to OUT.pdf')
    sheets.add_argument('--class-set', type=int, metavar='N',
                        help='make N puzzles of --size cells, from random pictures or those in '
                             f'the folder FILE, within --timeout (else {CLASS_SET_SECONDS:g} s)')
    sheets.add_argument('--difficulty', choices=NEEDS, help='what --class-set puzzles need: line '
                        'logic alone, probing or search (default line)')
    sheets.add_argument('--seed', type=int, metavar='S', help='the seed of --class-set (default 0)')
    return parser


EXIT_INTERNAL, EXIT_INTERRUPTED = 4, 130
MEMORY_MB = 1024  # the command's memory budget unless --memory says otherwise


def main(argv=None, *, own_process=False):
    """The `nonogram` command (and `python -m nonotools`): returns the exit code. Every outcome
    is mapped to its code here: 0 solved, 1 no solution, 2 bad input, 3 gave up (time or memory),
    4 an internal error (a bug: please report it), 130 interrupted, 141 output closed.
    own_process: the command runs in a process of its own (the console script, python -m), so
    --memory caps this process too; called from other code, it caps only the SAT process."""
    start = time.monotonic()
    try:
        return run_command(argv, start, own_process)
    except KeyboardInterrupt:
        print('nonogram: interrupted', file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        return stop_quietly()
    except MemoryError as error:
        print(f'gave up after {time.monotonic() - start:.1f} s (memory: '
              f'{str(error) or "more than the budget"}; --memory sets the budget in MB)')
        return EXIT_GAVE_UP
    except Exception as error:  # a bug: say so in one line, with its own exit code
        print(f'nonogram: internal error ({type(error).__name__}: {error}); please report it '
              'with the command line that caused it', file=sys.stderr)
        return EXIT_INTERNAL


def writable(path):
    """Could we write the file `path` (a regular file we may change, or a new one in a folder we
    may write in)?"""
    import os
    if path.exists():
        return path.is_file() and os.access(path, os.W_OK)
    return os.access(path.resolve().parent, os.W_OK)


def sat_megabytes(args) -> int:
    """SAT's share of --memory in MB (this process gets the rest): in a race, chapter 6's share
    (RACE_SAT_BYTES) or half, if less; with --sat, three quarters; with --no-sat, none."""
    if args.no_sat:
        return 0
    if args.sat:
        return args.memory * 3 // 4
    return min(nonosat.RACE_SAT_BYTES // 2 ** 20, args.memory // 2)


def run_command(argv, start, own_process=False):
    """The command's work (see main), from `start` (time.monotonic()) on."""
    parser = command_parser()
    args = parser.parse_args(argv)
    if args.max_solutions < 1:
        parser.error('--max-solutions must be at least 1')
    if args.timeout is not None and not args.timeout > 0:
        parser.error('--timeout must be a positive number of seconds')
    if args.size is not None and args.size < 1:
        parser.error('--size must be at least 1')
    if args.colours is not None and not 2 <= args.colours <= 32:
        parser.error('--colours must be from 2 to 32')
    if args.colours is not None and args.size is not None and args.size > MAX_SIDE:
        parser.error(f'--size must be at most {MAX_SIDE} with --colours')
    if not args.engine_seconds > 0:
        parser.error('--engine-seconds must be a positive number of seconds')
    if not args.memory >= 100:
        parser.error('--memory must be at least 100 (megabytes)')
    worksheet_usage(parser, args)
    if own_process:
        nonosat.cap_address_space((args.memory - sat_megabytes(args)) * 2 ** 20)
    if args.sat and not nonosat.sat_available():
        print(f'nonogram: {SAT_MISSING}', file=sys.stderr)
        return EXIT_BAD_INPUT
    sheet = args.worksheet is not None
    output = (args.worksheet, '.pdf', '--worksheet') if sheet else (args.png, '.png', '--png')
    problem = output[0] is not None and output_problem(*output)
    if problem:
        print(f'nonogram: {problem}', file=sys.stderr)
        return EXIT_BAD_INPUT
    if sheet:
        return worksheet_command(args, start)
    try:
        puzzles = read_any_puzzles(args.file, args.size, args.colours)
    except NonogramError as error:
        print(f'nonogram: {error}', file=sys.stderr)
        return EXIT_BAD_INPUT
    code = EXIT_SOLVED
    try:
        for k, puzzle in enumerate(puzzles):
            if k:
                print()
            png = args.png
            if png and len(puzzles) > 1:
                png = Path(png).with_stem(f'{Path(png).stem}-{k + 1}')
            left = None if args.timeout is None else args.timeout - (time.monotonic() - start)
            if left is not None and left <= 0:  # one deadline for the whole file
                print(gave_up_line(time.monotonic() - start, args)
                      + f'; puzzles {k + 1} to {len(puzzles)} not tried')
                return EXIT_GAVE_UP
            code = max(code, solve_command(puzzle, args, png, left))
    except OutputError as error:
        print(f'nonogram: {error}', file=sys.stderr)
        return EXIT_BAD_INPUT
    except NonogramError as error:
        print(f'nonogram: {args.file}: {error}', file=sys.stderr)
        return EXIT_BAD_INPUT
    except (OSError, ImportError) as error:  # e.g. --png without matplotlib
        if isinstance(error, BrokenPipeError):
            raise
        print(f'nonogram: {error}', file=sys.stderr)
        return EXIT_BAD_INPUT
    return code


def read_any_puzzles(path, size=None, colours=None) -> list:
    """The puzzles of a file by chapter 7's readers, or, if it is webpbn XML in colour, by
    chapter 9's; a picture file as a colour puzzle of `colours` colours if that is given."""
    data = file_bytes(path)  # (chapter 7's checks: no directory, pipe or huge file)
    if colours is not None and data.startswith(IMAGE_SIGNATURES):
        from nonocolourfiles import image_puzzle

        return [image_puzzle(path, size or 20, colours, Path(path).stem)]
    try:
        return read_puzzles(path, picture_size=size)
    except PuzzleFileError as error:
        xml = data.lstrip(b'\xef\xbb\xbf \t\r\n').startswith(b'<')
        if error.message != COLOUR_ERROR or not xml:  # (a colour .non file: the error stands)
            raise
    from nonocolourfiles import read_colour_puzzles
    return read_colour_puzzles(path)


def stop_quietly():
    """The reader of our output went away: silence stdout (so Python's exit does not complain
    about it) and exit as Unix tools do when a pipe closes, with 128 + SIGPIPE."""
    import os
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    return 141


# %% [markdown]
# Worksheets from the terminal: `nonogram --worksheet OUT.pdf FILE...` judges every puzzle of the
# files (in any format the command reads, colour too), prints one line for each, its title and
# difficulty, and writes the worksheet; with `--class-set N` (and `--size`, `--difficulty`,
# `--seed`, and a folder of pictures if wanted) it makes the puzzles first. Options of the other
# mode (`--png` with `--worksheet`, `--seed` without it) are usage errors.

# %%
def worksheet_usage(parser, args):
    """parser.error (exit code 2) for options of the other mode; one FILE without --worksheet."""
    if args.class_set is None and (args.difficulty or args.seed is not None):
        parser.error('--difficulty and --seed go with --class-set')
    if args.worksheet is None and (len(args.file) > 1 or args.class_set is not None):
        parser.error('several FILEs, and --class-set, need --worksheet OUT.pdf')
    if not args.file and args.class_set is None:
        parser.error('the following arguments are required: file')
    if args.class_set is not None and (args.class_set < 1 or len(args.file) > 1 or args.colours):
        parser.error('--class-set takes N at least 1, one FILE at most (a folder), no --colours')
    if args.worksheet is not None and (args.all or args.png or args.clues or args.stats):
        parser.error('--all, --png, --clues and --stats do not go with --worksheet')
    args.file = args.file if args.worksheet else args.file[0]


# %% [markdown]
# A bad file, a puzzle without exactly one solution or an output that cannot be written is one
# line on standard error and exit code 2. `--timeout` bounds the whole run (a class set without
# it gets `CLASS_SET_SECONDS`), and when it runs out, the last line says what was left undone
# (exit code 3).

# %%
CLASS_SET_SECONDS = 60.0  # a class set's time limit unless --timeout sets one


def worksheet_command(args, start):
    """`nonogram --worksheet OUT.pdf`: make or read puzzles, judge, print; the exit code."""
    def left():
        return None if args.timeout is None else max(0.0, start + args.timeout - time.monotonic())
    try:
        if args.class_set:
            puzzles = [(puzzle.title, puzzle) for puzzle in class_set(
                args.class_set, args.size or 10, args.difficulty or 'line', seed=args.seed or 0,
                folder=(args.file or [None])[0],
                seconds=CLASS_SET_SECONDS if args.timeout is None else left())]
        else:
            puzzles = [(f'{file}, puzzle {k}' + (f' ({puzzle.title})' if puzzle.title else ''),
                        puzzle) for file in args.file for k, puzzle in
                       enumerate(read_any_puzzles(file, args.size, args.colours), 1)]
        sheet = []
        for name, puzzle in puzzles:
            sheet.append(judge_for_sheet(puzzle, name, left(), engine_seconds=args.engine_seconds,
                                         use_engine=not args.sat, use_sat=not args.no_sat))
            method = sheet[-1].metadata['method']
            print(f'{len(sheet)}. {puzzle.title or name}: {DIFFICULTY[method]}')
        if left() is not None and left() < 1.5 + 0.3 * len(sheet):  # about the drawing's time
            raise SearchLimit('too little time left to draw', 0, 0, [])
        pages = draw_worksheet(sheet, args.worksheet)
    except SearchLimit as error:
        print(f'gave up after {time.monotonic() - start:.1f} s: {error}; {args.worksheet} '
              'not written')
        return EXIT_GAVE_UP
    except (NonogramError, OSError, ImportError) as error:  # (OSError: a full disk, say)
        print(f'nonogram: {error}', file=sys.stderr)
        return EXIT_BAD_INPUT
    print(f'worksheet: {args.worksheet} ({plural(pages, "page")}, the answer key included)')
    return EXIT_SOLVED


# %% [markdown]
# The checks of an output file, shared with `--png`:

# %%
def output_problem(path, suffix, option):
    """Why `path` cannot be the output file of `option` (a file named *suffix), or None."""
    if Path(path).suffix.lower() != suffix or Path(path).is_dir():
        return f'{option} needs the name of a {suffix} file to write, not {str(path)!r}'
    if not Path(path).resolve().parent.is_dir():
        return f'cannot write {path}: no folder {Path(path).parent}'
    if not writable(Path(path)):
        return f'cannot write {path}: not a file we may write'


# %% [markdown]
# In the notebook, `main` runs like the command (its output is what a terminal would show):

# %% tags=["active-ipynb"]
# print('exit code', main([str(PUZZLES / 'webpbn-00001.non')]))

# %% tags=["active-ipynb"]
# print('exit code', main([str(PUZZLES / 'pynogram-smile.non'), '--clues']))

# %% [markdown]
# Colour files work the same way (chapter 8 reads and solves them): each cell is printed as its
# colour's character from the file, and `--clues` writes each block as its length and that
# character. With `--colours K`, a picture file becomes a colour puzzle of `K` colours, the
# background included, as chapter 9's `image_puzzle` makes it:

# %% tags=["active-ipynb"]
# print('exit code', main([str(PUZZLES / 'pynogram-apples.xml'), '--clues']))
# print('exit code', main([str(PUZZLES / 'lighthouse.png'), '--colours', '6', '--size', '16']))

# %% tags=["active-ipynb"]
# import contextlib, io
#
# errors = io.StringIO()
# with contextlib.redirect_stderr(errors):
#     codes = [main([str(PUZZLES / 'no-such-puzzle.non')]), main([str(PUZZLES)]),
#              main([str(PUZZLES / 'SOURCES.md')]), main([str(PUZZLES / 'boat.png')])]
# print(codes)
# print(errors.getvalue().replace(str(PUZZLES), 'puzzles'))

# %% [markdown]
# A puzzle with two solutions, the 2x2 diagonal, shows the verdict lines for several solutions,
# and `--sat` gives the same answers as the default search (the tests compare the two on many
# more puzzles):

# %% tags=["active-ipynb"]
# import tempfile
#
# with tempfile.TemporaryDirectory() as folder:
#     diagonal_file = write_puzzle(picture_puzzle([[1, 0], [0, 1]]), Path(folder) / 'diagonal.non')
#     for options in ([], ['--all'], ['--sat'], ['--sat', '--all']):
#         print('$ nonogram diagonal.non', *options)
#         print('exit code', main([str(diagonal_file), *options]), end='\n\n')
# print('$ nonogram pynogram-smile.non --sat --clues')
# print('exit code', main([str(PUZZLES / 'pynogram-smile.non'), '--sat', '--clues']))

# %% [markdown]
# Each part on its own, shown on Forever (#6574), and the race on a puzzle that line logic settles
# before SAT joins (only the verdict lines are printed, not the pictures). Which part wins a real
# race depends on the machine; the verdict line always names it ("found by SAT, racing the engine").

# %% tags=["active-ipynb"]
# for name, options in (('webpbn-00001.non', []), ('webpbn-06574.non', ['--no-sat']),
#                       ('webpbn-06574.non', ['--sat'])):
#     with contextlib.redirect_stdout(io.StringIO()) as output:
#         code = main([str(PUZZLES / name), *options])
#     print('$ nonogram', name, *options)
#     print(output.getvalue().splitlines()[-1], '| exit code', code)

# %% [markdown]
# The same runs from a terminal as `nonogram puzzles/webpbn-00001.non` once the project is
# installed (`pip install -e .` adds the console command), or as
# `python -m nonotools puzzles/webpbn-00001.non` in any environment that can import the module.
# Both run `command`, which is `main` in a process of its own: only then does `--memory` cap the
# whole process (called from other code, as in this notebook, it caps only the SAT process). The
# cell after it is the hook for `python -m`: live in the module, inert in the notebook.

# %%
def command():
    """The console script `nonogram`: main in a process of its own."""
    sys.exit(main(own_process=True))


# %% tags=["active-py"]
if __name__ == '__main__':
    command()

# %% [markdown]
# ## What we have
#
# - `describe`, `make_unique` and `draw_proposal` tell a puzzle-maker whether a puzzle is good and
#   which givens make it good, `make_puzzle` does it all in one call, and `random_puzzles` makes
#   good puzzles on demand, reproducibly.
# - `judge_for_sheet` and `draw_worksheet` print puzzles with exactly one solution on A4 pages,
#   each with its difficulty, and an answer key; `class_set` makes a reproducible set of
#   puzzles of a chosen size and difficulty, or refuses in time.
# - `nonogram FILE` (or `python -m nonotools FILE`) solves from the terminal, with chapter 6's
#   race behind it, in black and white or in colour, and answers with exit codes;
#   `nonogram --worksheet OUT.pdf` prints worksheets.
#
# Not done: the smallest possible set of givens (the maker's set is minimal, each given needed,
# but not always minimum), and givens for colour puzzles in the maker.

