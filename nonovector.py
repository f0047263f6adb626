# %% [markdown]
# # Lesson 1. One line, by listing its layouts
#
# A *nonogram* (paint-by-numbers, griddlers, picross) is a picture hidden in a grid of cells, each
# filled (black) or empty (white). Beside each row and above each column is a **clue**: the lengths
# of the runs of filled cells in that line, in order. Your job is to recover the picture from the
# clues. A small one, `#` filled and `.` empty, each row's clue beside it and each column's clue
# below it, read downwards (the middle column reads `1 3`):
#
# ```
# . # # # .    3
# # # . # .    2 1
# . # # # .    3
# . . # # .    2
# . . # # #    3
#
# 1 3 1 5 1
#     3
# ```
#
# The second row has a run of two, a gap, then a run of one: its clue is `2 1`. The order matters;
# the size of a gap does not. This lesson answers a question about **one line**: given its clue and
# whatever we already know of some cells, which other cells are certain? By the end of it you will
# be able to
#
# - turn a line into its clue, and list every **layout** of a clue in a line (a layout is one
#   way of placing the blocks: each block's position);
# - keep only the layouts that agree with the known cells, and read off the cells they all agree
#   on: a complete line solver;
# - count the layouts, and see why listing them cannot scale.
#
# A **clue** is a list of block lengths such as `[2, 1]` (an empty line's clue is `[]`, which many
# files write `[0]`), and a **line** is a list of cells, `1` filled, `0` empty or `None` not known
# yet (printed `#`, `.` and `?`); the signatures call them `Clue` and `Line`. We retell Paddy3118's
# blog post "Nonogram puzzle solver (part 1)" (2014; *the post*) and keep its function names. This
# notebook is also the module `nonovector`: its definitions are the module; its demonstrations
# run here only.

# %%
"""Lesson 1: one nonogram line solved by listing the layouts of its clue.

Errors: Contradiction (no layout fits the known cells) and nonocheck.ClueError (malformed
input), both ValueErrors."""

from collections.abc import Iterable, Iterator, Sequence
from itertools import chain, repeat
from math import comb
from string import ascii_lowercase, ascii_uppercase

from nonocheck import (Clue, ClueError, Grid, Line, NonogramError, check_forces,  # noqa: F401
                       check_line, enumerable_clue, min_length, normalize_clue)

Layout = list[tuple[int, int]]  # one (position, length) pair per block


class Contradiction(NonogramError):
    """No layout of the blocks fits the cells that are already known (a ValueError)."""

# %% [markdown]
# ## Clues from lines
#
# The first function goes the easy way round: from a finished line to its clue. It walks along the
# line, counting the current run of filled cells and writing the count down whenever the run ends
# (at an empty cell or at the end of the line). A line can be a list of `0`/`1`, or a string of
# `0`/`1` or `#`/`.`, so that pictures can be typed as text.

# %%
FILLED_MARKS, EMPTY_MARKS = (1, '1', '#'), (0, '0', '.')


def line2blocks(line: Sequence) -> Clue:
    """Return the clue of a finished line: the lengths of its runs of filled cells, in order.

    `line` is a sequence of 0/1 (ints, or the characters '0'/'1' or '#'/'.'). An empty line
    gives []. Any other cell raises ClueError.

    >>> line2blocks('11010')
    [2, 1]
    """
    blocks, run = [], 0
    for i, cell in enumerate(line):
        if isinstance(cell, bool) or cell not in FILLED_MARKS + EMPTY_MARKS:
            raise ClueError(f'cell {i} of a finished line is {cell!r}; use 1/0 or "#"/"."')
        if cell in FILLED_MARKS:
            run += 1
        elif run:  # an empty cell ends the current run
            blocks.append(run)
            run = 0
    if run:  # a run that touches the right-hand edge
        blocks.append(run)
    return blocks


# %% tags=["active-ipynb"]
# picture = ['01110',
#            '11010',
#            '01110',
#            '00110',
#            '00111']
# for row in picture:
#     print(row, line2blocks(row))
# print('00000', line2blocks('00000'))

# %% [markdown]
# Two kinds of error are kept apart on purpose. A `ClueError` means *the question is malformed*
# (a negative block, a clue longer than its line, a cell that is neither 0, 1 nor None); the
# library module `nonocheck` checks every clue and line at the door (`normalize_clue`, which also
# turns `[0]` into `[]`, `check_line`, and `enumerable_clue`, which also refuses a clue too long to
# list) and names the fault. A `Contradiction` means *the question is fine but has no answer*: no
# layout agrees with the cells we know. A solver of whole puzzles meets contradictions all the
# time and learns from them; it should never meet a `ClueError`.

# %% tags=["active-ipynb"]
# try:
#     normalize_clue([5, 5], cells=10)
# except ClueError as error:
#     print('ClueError:', error)

# %% [markdown]
# ## Every layout of the blocks
#
# The most direct way to solve a line: list every layout of its blocks, throw away those that
# disagree with what we know, and see which cells all the survivors agree on. This is how the
# post starts, and how most people first think about the problem.
#
# `nonoblocks(blocks, cells)` produces every layout as a list of `(position, length)` pairs, one
# per block. It is recursive: put the first block at each position that still leaves room for the
# others (each needs its length and a gap before it), and for each such position lay out the
# remaining blocks, by the same method, in the cells to its right, one cell further on.

# %%
def nonoblocks(blocks: Clue, cells: int) -> Iterator[Layout]:
    """Every layout of `blocks` in `cells` cells, leftmost first, as lists of (position, length)
    pairs, one per block. The empty clue has one layout, []."""
    blocks = enumerable_clue(blocks, cells)
    yield from _layouts(blocks, cells, 0)


def _layouts(blocks, cells, start):
    """Layouts of `blocks` in cells start .. cells - 1 (positions counted from the line's start)."""
    if not blocks:
        yield []
        return
    first, rest = blocks[0], blocks[1:]
    room_for_rest = sum(1 + block for block in rest)  # each later block needs a gap before it
    for position in range(start, cells - room_for_rest - first + 1):
        for layout in _layouts(rest, cells, position + first + 1):
            yield [(position, first)] + layout


# %% tags=["active-ipynb"]
# for layout in nonoblocks([2, 1], 5):
#     print(layout)

# %% [markdown]
# Lists of pairs are hard to read. `pblocks` draws a layout with a different letter for each
# block, and `vexpand` turns a layout into the plain picture of the line (`#` filled, `.` empty).

# %%
def pblocks(layout: Layout, cells: int) -> str:
    """Draw a layout as text: block 0 as 'A's, block 1 as 'B's, ..., empty cells as '.'."""
    text = ['.'] * cells
    for letter, (position, length) in zip(block_letters(), layout):
        for i in range(position, position + length):
            text[i] = letter
    return ''.join(text)


def block_letters():
    """Block names A..Z, then a..z, then '*' for every block after the 52nd."""
    return chain(ascii_uppercase + ascii_lowercase, repeat('*'))


def vexpand(layout: Layout, cells: int) -> str:
    """Draw a layout as the line it makes: '#' filled, '.' empty ('?' if two blocks overlap)."""
    text = ['.'] * cells
    for position, length in layout:
        for i in range(position, position + length):
            text[i] = '#' if text[i] == '.' else '?'
    return ''.join(text)


# %% tags=["active-ipynb"]
# for layout in nonoblocks([2, 1], 5):
#     print(pblocks(layout, 5), vexpand(layout, 5))

# %% [markdown]
# ## Layouts that respect what we know
#
# In a puzzle some cells of a line are already decided by the crossing lines. The post calls them
# *forces*, kept as two lists of cell indices: `force0`, the cells known empty, and `force1`, the
# cells known filled. Two small converters move between that and our line of `1`/`0`/`None`, and
# `show_line` and `parse_line` between a line and its text (`#`, `.`, `?`), handy for examples.

# %%
def line_to_forces(line: Line) -> tuple[list[int], list[int]]:
    """The post's (force0, force1) lists for a line of 1/0/None."""
    return ([i for i, cell in enumerate(line) if cell == 0],
            [i for i, cell in enumerate(line) if cell == 1])


def forces_to_line(cells: int, force0: Iterable[int], force1: Iterable[int]) -> Line:
    """A line of `cells` cells: 0 at force0, 1 at force1, None elsewhere."""
    line = [None] * cells
    for i in force0:
        line[i] = 0
    for i in force1:
        line[i] = 1
    return line


SYMBOLS = {1: '#', 0: '.', None: '?'}


def show_line(line: Line) -> str:
    """Draw a line as text: '#' filled, '.' empty, '?' unknown."""
    return ''.join(SYMBOLS[cell] for cell in line)


def parse_line(text: str) -> Line:
    """The line drawn by `text` ('#' filled, '.' empty, '?' unknown), as a list of 1/0/None."""
    cells = {symbol: cell for cell, symbol in SYMBOLS.items()}
    for i, symbol in enumerate(text):
        if symbol not in cells:
            raise ClueError(f'character {i} of {text!r} is {symbol!r}; use "#", "." or "?"')
    return [cells[symbol] for symbol in text]


# %% tags=["active-ipynb"]
# line = parse_line('?#.??')
# print(line, line_to_forces(line), show_line(forces_to_line(5, [2], [1])))

# %% [markdown]
# `nonovector(blocks, cells, force0, force1)` generates only the layouts that agree with the
# forces. It checks each block as it is placed, so whole families of hopeless layouts are never
# built: a block may not cover a forced-empty cell; a forced-filled cell may not lie in the gap
# before the block, nor right after it (the block would be too long); and after the last block
# no forced-filled cell may remain.
#
# (The post's version forgot that last check when a clue has a single block, so
# `nonovector([1], 3, [], [2])` wrongly offered `#..`; it also stopped with an `assert` on an
# overfull clue and could not handle an empty line. All three are fixed here: the cell below
# shows the first.)

# %%
def nonovector(blocks: Clue, cells: int, force0: Iterable[int] = (),
               force1: Iterable[int] = ()) -> Iterator[Layout]:
    """Every layout of `blocks` in `cells` cells (as nonoblocks gives them) in which the cells
    `force0` are empty and the cells `force1` filled."""
    blocks = enumerable_clue(blocks, cells)
    empty, filled = check_forces(force0, force1, cells)
    yield from _forced_layouts(blocks, cells, 0, empty, filled)


def _forced_layouts(blocks, cells, start, empty, filled):
    """Layouts of `blocks` in cells start .. cells - 1 that respect the sets `empty` and `filled`."""
    if not blocks:
        if not any(i >= start for i in filled):  # no filled cell may be left uncovered
            yield []
        return
    first, rest = blocks[0], blocks[1:]
    room_for_rest = sum(1 + block for block in rest)
    for position in range(start, cells - room_for_rest - first + 1):
        end = position + first  # the cell just after the block
        if any(start <= i < position for i in filled):
            break  # a filled cell was left in the gap; moving further right only leaves more
        if any(position <= i < end for i in empty) or end in filled:
            continue  # the block covers an empty cell, or would run on into a filled one
        for layout in _forced_layouts(rest, cells, end + 1, empty, filled):
            yield [(position, first)] + layout


# %% [markdown]
# The post's `pvector` prints such a layout together with the forces: blocks as letters (lower
# case where a block covers a forced-filled cell), `_` for a forced-empty cell, and `!` for a force
# the layout breaks. Other empty cells are `.`, as before.

# %%
def pvector(layout: Layout, cells: int, force0: Iterable[int] = (),
            force1: Iterable[int] = ()) -> str:
    """Draw a layout with its forces: 'A'.. blocks ('a'.. where a block covers a forced-filled
    cell), '_' a forced-empty cell, '!' a force the layout breaks."""
    text, line = list(pblocks(layout, cells)), vexpand(layout, cells)
    for i in force1:
        text[i] = text[i].lower() if line[i] == '#' else '!'
    for i in force0:
        text[i] = '_' if line[i] == '.' else '!'
    return ''.join(text)


# %% tags=["active-ipynb"]
# print('[1] in 3 cells, cell 2 filled:', [vexpand(layout, 3) for layout in nonovector([1], 3, [], [2])])
# blocks, cells, force0, force1 = [2, 1], 5, [2], [1]
# print('known   ', show_line(forces_to_line(cells, force0, force1)))
# for layout in nonovector(blocks, cells, force0, force1):
#     print('layout  ', pvector(layout, cells, force0, force1))

# %% [markdown]
# Both surviving layouts fill cells 0 and 1 and leave cell 2 empty. That is the whole idea of
# line solving: a cell is decided when **every** layout that fits agrees on it. `newforces` reads
# the agreement off a collection of layouts and returns the lists `(force0, force1)` of every
# decided cell, the ones we knew before and the new ones. If no layout fits at all, there is
# nothing to agree on: the known cells contradict the clue, and `newforces` raises
# `Contradiction`.

# %%
def newforces(layouts: Iterable[Layout], cells: int) -> tuple[list[int], list[int]]:
    """(always0, always1): the cells empty in every layout, and those filled in every one, of any
    iterable of layouts (such as nonovector's). Raises Contradiction if there are none."""
    always0, always1 = set(range(cells)), set(range(cells))
    count = 0
    for layout in layouts:
        count += 1
        filled = {i for position, length in layout for i in range(position, position + length)}
        always0 -= filled
        always1 &= filled
    if count == 0:
        raise Contradiction('no layout of the blocks fits the forced cells')
    return sorted(always0), sorted(always1)


# %% tags=["active-ipynb"]
# newforces(nonovector([2, 1], 5, [2], [1]), 5)

# %% [markdown]
# Cell 1 was known filled and cell 2 known empty; cell 0 is new. Wrapped up as one function that
# takes a line and returns the line with everything the layouts agree on, this is our first
# complete line solver: obviously right, and (as we will see) hopelessly slow.

# %%
def solve_line_by_enumeration(blocks: Clue, line: Line) -> Line:
    """The obviously right line solver: list every layout that fits, keep what they all share."""
    line = check_line(line)
    cells = len(line)
    always0, always1 = newforces(nonovector(blocks, cells, *line_to_forces(line)), cells)
    return forces_to_line(cells, always0, always1)


# %% tags=["active-ipynb"]
# show_line(solve_line_by_enumeration([2, 1], parse_line('?#.??')))

# %% [markdown]
# ## The line-solving techniques, by brute force
#
# Wikipedia's article on nonograms teaches people techniques for a single line, among them
# *simple boxes* (blocks so long that all their positions overlap), *simple spaces* (cells no block
# can reach), *forcing* (a gap too small for any block), *glue* (a filled cell near an edge pulls
# its block towards it) and *joining and splitting*. Each needs its own argument when a person
# applies it. Listing every layout needs none of them: whatever such an argument proves about a
# line, it proves by ruling layouts out, and enumeration looks at every layout.
#
# `explain_line` shows the whole reasoning for one line: what is known, every layout that fits,
# and what they all agree on. Try it on a line of your own.

# %%
def explain_line(blocks: Clue, line: Line | str) -> Line:
    """Print what is known of a line (1/0/None, or its text), every layout that fits, and the
    cells they agree on; return the deduced line."""
    line = parse_line(line) if isinstance(line, str) else check_line(line)
    blocks = enumerable_clue(blocks, len(line))
    cells, (force0, force1) = len(line), line_to_forces(line)
    print(f'  clue     {blocks}')
    print(f'  known    {show_line(line)}')
    for layout in nonovector(blocks, cells, force0, force1):
        print(f'  layout   {pvector(layout, cells, force0, force1)}')
    deduced = solve_line_by_enumeration(blocks, line)
    print(f'  deduced  {show_line(deduced)}')
    return deduced


WIKIPEDIA_EXAMPLES = [
    # (technique, clue, what is known, what the article deduces)
    ('simple boxes', [8], '??????????', '??######??'),
    ('simple boxes', [4, 3], '??????????', '??##???#??'),
    ('simple spaces', [3, 1], '???#????#?', '.??#??..#.'),
    ('forcing', [3, 2], '????.?.???', '?##?...?#?'),
    ('glue', [5], '??#???????', '??###??...'),
    ('glue', [1, 3], '#?.?#?????', '#..?##?...'),
    ('joining and splitting', [5, 2, 2], '??##?##???#?#??', '..#####..##.##.'),
]


# %% tags=["active-ipynb"]
# for technique, blocks, known, expected in WIKIPEDIA_EXAMPLES:
#     print(technique)
#     assert show_line(explain_line(blocks, known)) == expected
# print(f'All {len(WIKIPEDIA_EXAMPLES)} examples give the article\'s answers.')

# %% [markdown]
# ## How many layouts are there?
#
# Listing layouts is obviously right. Is it fast enough? Count them. A clue of `k` blocks needs
# `min_length` cells; the other `free = cells - min_length` empty cells can go into any of the
# `k + 1` gaps (before the first block, between blocks, after the last). Sharing `free` identical
# cells among `k + 1` gaps is the classic "stars and bars" count, a binomial coefficient:
#
# $$\text{layouts} = \binom{\text{free} + k}{k}.$$

# %%
def count_layouts(blocks: Clue, cells: int) -> int:
    """The number of layouts of `blocks` in a line of `cells` cells (stars and bars)."""
    blocks = normalize_clue(blocks, cells)
    free = cells - min_length(blocks)
    return comb(free + len(blocks), len(blocks))


def all_clues(cells: int) -> list[tuple[int, ...]]:
    """Every clue that fits in a line of `cells` cells (the clues of all 2**cells lines)."""
    return sorted({tuple(line2blocks(format(n, f'0{cells}b'))) for n in range(2 ** cells)})


# %% [markdown]
# The formula should agree with the enumeration on every small case. It does:

# %% tags=["active-ipynb"]
# small = [(blocks, cells) for cells in range(0, 11) for blocks in all_clues(cells)]
# assert all(count_layouts(b, n) == len(list(nonoblocks(b, n))) for b, n in small)
# print(f'formula = enumeration for all {len(small)} clues of lines up to 10 cells')

# %% [markdown]
# Now the bad news. With a fixed number of blocks `k` the count grows like a polynomial of degree
# `k` in the line's length; but in a picture the number of blocks grows with the line too, and
# then the growth is exponential. The plot shows both: lines half filled by 2, 4, 8 or 16 blocks
# (solid), and lines with one block of 2 for every 5 cells, so that a longer line has more blocks
# (dashed).

# %%
def half_full(k: int, cells: int) -> Clue:
    """A clue of k blocks, as equal as possible, filling half of a line of `cells` cells."""
    share, extra = divmod(cells // 2, k)
    return [share + 1] * extra + [share] * (k - extra)


def growing_clue(cells: int) -> Clue:
    """One block of 2 for every 5 cells: 40% filled, and more blocks in a longer line."""
    return [2] * (cells // 5)


# %% tags=["active-ipynb"]
# import matplotlib.pyplot as plt
#
# lengths = range(10, 101, 5)
# fig, ax = plt.subplots(figsize=(7, 4))
# for k in (2, 4, 8, 16):
#     fitting = [n for n in lengths if n // 2 >= k and min_length(half_full(k, n)) <= n]
#     counts = [count_layouts(half_full(k, n), n) for n in fitting]
#     ax.plot(fitting, counts, marker='o', markersize=3, label=f'{k} blocks, half filled')
#     print(f'{k:2} blocks: the curve starts at {fitting[0]} cells with {counts[0]:,} layouts')
# ax.plot(lengths, [count_layouts(growing_clue(n), n) for n in lengths], 'k--',
#         label='a block of 2 per 5 cells')
# ax.set_yscale('log')
# ax.set_xlabel('cells in the line')
# ax.set_ylabel('number of layouts (log scale)')
# ax.set_title('Layouts multiply with the length of a line and its number of blocks')
# ax.legend()
# ax.grid(True, which='major', alpha=0.3)
# plt.show()

# %% [markdown]
# More blocks need a longer line before they fit at all (the 8- and 16-block curves start further
# right, as printed above); from where it starts, the more blocks, the steeper a curve climbs. A
# line of 100 cells half filled by 16 blocks has trillions of layouts, and a line of 100 cells with
# 20 blocks of 2, far from unusual in a 100x100 puzzle, has hundreds of times more. Listing a
# million layouts a second, they take:

# %% tags=["active-ipynb"]
# SECONDS_PER_YEAR = 365.25 * 24 * 3600
# for blocks in (half_full(16, 100), growing_clue(100)):
#     layouts = count_layouts(blocks, 100)
#     print(f'{layouts:.2e} layouts of {blocks} in 100 cells:'
#           f' {layouts / 1e6 / SECONDS_PER_YEAR:,.1f} years at a million a second')
# ratio = count_layouts(growing_clue(100), 100) / count_layouts(half_full(16, 100), 100)
# print(f'the second has {ratio:.0f} times as many')

# %% [markdown]
# Programs that list layouts do run into this wall. One that finds every solution of a puzzle
# (a literate Python 2 program, "recursive all-solutions", one of the sources this course retells)
# listed every layout of every line up front; on a 100x100 puzzle, its author reports, it ran out
# of memory after two rows. Listing layouts is the right *definition* of line solving and the
# wrong *algorithm*.
#
# ## What we have learned, and what comes next
#
# - A clue is a list of block lengths; `line2blocks` reads it off a finished line.
# - `nonoblocks` lists every layout of a clue; `nonovector` lists only those that agree with the
#   known cells (the post's *forces*), and `newforces` keeps the cells they all agree on. Together
#   they are a complete line solver, `solve_line_by_enumeration`, which reproduces the Wikipedia
#   techniques without knowing any of them.
# - `count_layouts` shows why listing cannot scale: the layouts of a long line with many blocks
#   are too many to list in a lifetime.
#
# Next, lesson 2 answers the same question without listing a single layout, in time proportional
# to cells times blocks, and checks that it gives the same answers.
#
# ## Exercises
#
# 1. *Predict, then run.* How many layouts has the clue `[3]` in 7 cells? And `[1, 1, 1]` in 7
#    cells? Check with `count_layouts` and with `len(list(nonoblocks(...)))`.
# 2. Use `explain_line` on the clue `[4]` with the line `'???#????'`. Which cells are decided,
#    and why can no layout reach the last cell? Now make cell 1 known empty (`'?.?#????'`): what
#    more is decided, and why?
# 3. *Prove it.* Show that a clue whose `min_length` equals the line's length has exactly one
#    layout, and that `solve_line_by_enumeration` then decides every cell.
# 4. *Extend.* Write `count_filled(blocks, cells, i)`: in how many layouts is cell `i` filled?
#    (Hint: `vexpand` each layout of `nonoblocks`.) Which cells of `[3]` in 7 cells are filled in
#    every layout?
