# %% [markdown]
# # Chapter 1. Nonograms in one dimension
#
# A *nonogram* (also sold as paint-by-numbers, griddlers or picross) is a picture hidden in a grid.
# Every cell of the grid is either filled (black) or empty (white). You are not shown the picture;
# you are shown, beside each row and above each column, a **clue**: the lengths of the runs of
# filled cells in that line, in order. Your job is to recover the picture from the clues.
#
# Here is a small picture, drawn with `#` for a filled cell and `.` for an empty one, with the
# clue of each row beside it and the clue of each column below it (read downwards):
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
# The second row has a run of two filled cells, a gap, then a run of one: its clue is `2 1`.
# The order matters (`1 2` is a different clue) and the size of the gaps does not (any gap of at
# least one empty cell separates two runs). The middle column reads `1 3`.
#
# A whole puzzle is too much to start with. This chapter solves **one line**: given a clue, the
# length of the line and whatever we already know about some of its cells, which other cells are
# certain? Chapter 2 then solves whole grids by asking that question of every row and column in
# turn, over and over. Everything here is a small pure function over plain data:
#
# - a **clue** is a list of block lengths, such as `[2, 1]`; an empty line has the clue `[]`
#   (many puzzle files write it `[0]`, and every function here accepts that too);
# - a **line** is a list of cells, each `1` (filled), `0` (empty) or `None` (not known yet).
#   Printed, a line uses the same symbols as the picture, plus `?` for a cell not known yet.
#
# The code names these kinds of data once, as type aliases, and uses the names in its functions'
# signatures: `Clue` and `Line` as above, and `Grid`, a list of rows (lines) for the whole
# puzzles to come. `Layout`, a way of placing a clue's blocks in a line, appears below.
#
# This notebook is also the Python module `nonovector`: the markdown you are reading is the
# module's prose, the code cells are its definitions, and the demonstrations (each cell that prints
# something) carry the cell tag `active-ipynb`, so they run here but not when another program does
# `import nonovector`.
#
# The chapter retells, in its own words and code, Paddy3118's 2014 blog post "Nonogram puzzle
# solver (part 1)" (*the post* from here on), keeping its function names so that readers of both
# can find their way: `nonoblocks` (all block layouts), `pblocks` and `pvector` (print them),
# `vexpand` (a layout as a line), `nonovector` (layouts that respect known cells) and `newforces`
# (the cells all those layouts agree on). Then it goes further than the post did.

# %%
"""Solving a single nonogram line: clues, arrangements and a complete line solver.

Chapter 1 of the nonogram tutorial (notebooks/nonovector.ipynb is the readable version).
Public functions: line2blocks, normalize_clue, nonoblocks, pblocks, vexpand, pvector,
nonovector, newforces, count_arrangements, solve_line, and the helpers min_length, check_line,
show_line, parse_line, line_to_forces, forces_to_line, solve_line_by_enumeration,
explain_line.
Errors: ClueError (bad input) and Contradiction (no arrangement fits); both are ValueErrors,
subclasses of NonogramError.
"""

from collections.abc import Iterable, Iterator, Sequence
from math import comb
from numbers import Integral

Clue = list[int]                # block lengths, such as [2, 1]; [] (or [0]) is an empty line
Line = list[int | None]         # cells: 1 filled, 0 empty, None not known yet
Grid = list[Line]               # a picture, or a puzzle being solved: a list of rows
Layout = list[tuple[int, int]]  # one (position, length) pair per block


class NonogramError(ValueError):
    """Base class of this project's errors about puzzles (both are ValueErrors)."""


class ClueError(NonogramError):
    """A clue or a line is malformed: not a list of positive whole numbers, too long, bad cells."""


class Contradiction(NonogramError):
    """No arrangement of the blocks fits the cells that are already known."""

# %% [markdown]
# ## Clues from lines
#
# The first function goes the easy way round: from a finished line to its clue. It walks along the
# line, counting the length of the current run of filled cells and writing the count down whenever
# the run ends (at an empty cell or at the end of the line). A line can be a list of `0`/`1`, or a
# string of `0`/`1` or `#`/`.` characters, so that pictures can be typed as text. Anything else
# (including `None`: an unfinished line has no clue yet) is an error.

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
# print('##.#.', line2blocks('##.#.'))

# %% [markdown]
# The blog post this chapter retells gave an empty line the clue `[0]`, "one block of
# length zero". That is how many puzzle files write it too, but it makes every later function
# treat the empty line as a special case. Here `[]` is the clue of an empty line, and
# `normalize_clue` turns `[0]` into `[]` at the door. It is also the place that checks a clue is a
# clue at all: a list of positive whole numbers. Bad input raises `ClueError`, a kind of
# `ValueError` whose message names the clue and the block at fault, rather than a bare
# `assert` deep inside a recursion.
#
# Two errors (defined at the top of the module) are kept apart on purpose. `ClueError` means
# *the question is malformed* (a negative block, a clue longer than its line, a cell that is
# neither 0, 1 nor None). `Contradiction` means *the question is fine but has no answer*: no
# arrangement of the blocks agrees with the cells we know. A solver searching a 2D puzzle meets
# contradictions all the time and uses them; it should never meet a `ClueError`.
#
# Lines get the same treatment as clues: `check_line` accepts only cells that are `1`, `0` or
# `None`, and names the first cell that is not.

# %%
def normalize_clue(blocks: Iterable[int], cells: int | None = None) -> Clue:
    """Return `blocks` as a list of positive ints, with [0] read as [] (the empty line).

    Raises ClueError naming the fault when a block is not a positive whole number or, if the line
    length `cells` is given, when the blocks cannot fit in that many cells.
    """
    if isinstance(blocks, (str, bytes)) or not hasattr(blocks, '__iter__'):
        raise ClueError(f'clue {blocks!r} is not a list of block lengths')
    clue = list(blocks)
    if clue == [0]:
        clue = []
    for number, block in enumerate(clue, start=1):
        def where():  # (built only for an error: building it for every block would be quadratic)
            return f'clue {clue!r}: block {number} of {len(clue)} is {block!r}'
        if isinstance(block, bool) or not isinstance(block, Integral):
            raise ClueError(f'{where()}, not a whole number')
        if block <= 0:
            raise ClueError(f'{where()}; blocks must be at least 1 (write an empty line as [] or [0])')
    clue = [int(block) for block in clue]
    if cells is not None and min_length(clue) > cells:
        raise ClueError(f'clue {clue!r} needs at least {min_length(clue)} cells '
                        f'but the line has only {cells}')
    return clue


def min_length(blocks: Clue) -> int:
    """The fewest cells that hold `blocks`: the blocks themselves plus one gap between each pair."""
    return sum(blocks) + max(len(blocks) - 1, 0)


def check_line(line: Iterable) -> Line:
    """Return `line` as a list, raising ClueError if a cell is not 1, 0 or None."""
    if isinstance(line, (str, bytes)) or not hasattr(line, '__iter__'):
        raise ClueError(f'line {line!r} is not a list of cells (1, 0 or None)')
    cells = list(line)
    for i, cell in enumerate(cells):
        if cell is not None and (isinstance(cell, bool) or cell not in (0, 1)):
            raise ClueError(f'cell {i} of the line is {cell!r}; cells must be 1, 0 or None')
    return [None if cell is None else int(cell) for cell in cells]


# %% tags=["active-ipynb"]
# print(normalize_clue([0]), normalize_clue((3, 1)), min_length([3, 1]))
# for bad in ([3, -1], [2, 1.5], [5, 5]):
#     try:
#         normalize_clue(bad, cells=10)
#     except ClueError as error:
#         print('ClueError:', error)
# try:
#     check_line([1, None, 'x'])
# except ClueError as error:
#     print('ClueError:', error)

# %% [markdown]
# ## Every arrangement of the blocks
#
# The most direct way to solve a line is to list every way its blocks can be laid out, throw away
# the layouts that disagree with what we know, and see which cells all the survivors agree on.
# This is how the post starts, and it is how most people first think about the problem.
#
# `nonoblocks(blocks, cells)` produces every layout as a list of `(position, length)` pairs, one
# per block. It is recursive: put the first block at each position from the left edge up to the
# last one that still leaves room for the others, and for each such position lay out the remaining
# blocks, by the same method, in the cells to the right of it (one cell further on, to keep a gap).

# %%
def nonoblocks(blocks: Clue, cells: int) -> Iterator[Layout]:
    """Generate every layout of `blocks` in a line of `cells` cells, leftmost first.

    Each layout is a list of (position, length) pairs, one per block: the block of that length
    fills cells position .. position + length - 1. The empty clue has one layout, [].
    """
    blocks = enumerable_clue(blocks, cells)
    yield from _layouts(blocks, cells, 0)


MOST_BLOCKS_LISTED = 400  # listing goes one nested call deeper per block; Python stops near 1000


def enumerable_clue(blocks, cells):
    """The clue normalised, or ClueError if it has too many blocks to list layouts one call per
    block (solve_line has no such limit)."""
    if isinstance(cells, bool) or not isinstance(cells, Integral) or cells < 0:
        raise ClueError(f'cells must be a whole number at least 0, not {cells!r}')
    clue = normalize_clue(blocks, cells)
    if len(clue) > MOST_BLOCKS_LISTED:
        raise ClueError(f'a clue of {len(clue)} blocks is too long to list its layouts (at most '
                        f'{MOST_BLOCKS_LISTED}); solve_line handles it')
    return clue


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
    for letter, (position, length) in zip(_letters(), layout):
        for i in range(position, position + length):
            text[i] = letter
    return ''.join(text)


def _letters():
    """Block names A..Z, then a..z, then '*' for every block after the 52nd."""
    yield from 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
    while True:
        yield '*'


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
# In a real puzzle some cells of a line are already decided by the crossing lines. The post calls
# them *forces* and keeps them as two lists of cell indices: `force0`, the cells known to be
# empty, and `force1`, the cells known to be filled. That is the same information as our line of
# `1`/`0`/`None`, so two small converters move between the two descriptions, and `show_line` and
# `parse_line` move between a line and its text (`#` filled, `.` empty, `?` unknown), which is
# handy for typing examples.

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
# forces. Rather than generate everything and filter at the end, it checks each block as it is
# placed, so whole families of hopeless layouts are never built. A block may not cover a
# forced-empty cell; a forced-filled cell may not lie in the gap before the block, nor right after
# it (the block would then be longer than its clue says), and after the last block no
# forced-filled cell may remain.
#
# (The post's version forgot that last check when a clue has a single block, so
# `nonovector([1], 3, [], [2])` wrongly offered `#..`; it also stopped with an `assert` on an
# overfull clue and could not handle an empty line. All three are fixed here.)

# %%
def nonovector(blocks: Clue, cells: int, force0: Iterable[int] = (),
               force1: Iterable[int] = ()) -> Iterator[Layout]:
    """Generate every layout of `blocks` in `cells` cells that agrees with the forced cells.

    force0: indices of cells that must be empty; force1: indices of cells that must be filled.
    Layouts are lists of (position, length) pairs, as from nonoblocks.
    """
    blocks = enumerable_clue(blocks, cells)
    empty, filled = set(force0), set(force1)
    for i in empty | filled:
        if isinstance(i, bool) or not isinstance(i, Integral) or not 0 <= i < cells:
            raise ClueError(f'forced cell {i!r} is not a cell index of a line of {cells} cells')
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
# The post's `pvector` prints such a layout together with the forces: blocks as letters, a block
# letter in lower case where it covers a forced-filled cell, `_` for a forced-empty cell (which a
# layout leaves empty), `1` for a forced-filled cell that no block covers, and `!` for a force the
# layout breaks. Other empty cells are `.`, as before.

# %%
def pvector(layout: Layout, cells: int, force0: Iterable[int] = (),
            force1: Iterable[int] = ()) -> str:
    """Draw a layout with its forces: 'A'.. blocks, 'a'.. blocks on forced-filled cells,
    '_' forced empty, '1' forced filled but not covered, '!' a force the layout breaks."""
    text = ['.'] * cells
    for i in force0:
        text[i] = '_'
    for i in force1:
        text[i] = '1' if text[i] == '.' else '!'
    for letter, (position, length) in zip(_letters(), layout):
        for i in range(position, position + length):
            if text[i] == '.':
                text[i] = letter
            elif text[i] == '1':
                text[i] = letter.lower()
            else:
                text[i] = '!'
    return ''.join(text)


# %% tags=["active-ipynb"]
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
    """Return (always0, always1): the cells empty in every layout, and those filled in every one.

    `layouts` is any iterable of layouts (for example a nonovector generator).
    Raises Contradiction if there are no layouts at all.
    """
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
    """Print what is known of a line, every layout that fits, and the cells they agree on.

    `line` is a list of 1/0/None or its text ('#', '.', '?'). Returns the deduced line.
    """
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
def count_arrangements(blocks: Clue, cells: int) -> int:
    """The number of layouts of `blocks` in a line of `cells` cells (stars and bars)."""
    blocks = normalize_clue(blocks, cells)
    free = cells - min_length(blocks)
    return comb(free + len(blocks), len(blocks))


# %% [markdown]
# The formula should agree with the enumeration on every small case. It does:

# %% tags=["active-ipynb"]
# def all_clues(cells):
#     """Every clue that fits in a line of `cells` cells (the clues of all 2**cells lines)."""
#     return sorted({tuple(line2blocks(format(n, f'0{cells}b'))) for n in range(2 ** cells)})
#
# checked = 0
# for cells in range(0, 11):
#     for blocks in all_clues(cells):
#         assert count_arrangements(blocks, cells) == sum(1 for _ in nonoblocks(blocks, cells))
#         checked += 1
# print(f'formula = enumeration for all {checked} clues of lines up to 10 cells')

# %% [markdown]
# Now the bad news. With a fixed number of blocks `k` the count grows like a polynomial of degree
# `k` in the line's length; but in a picture the number of blocks grows with the line too, and
# then the growth is exponential. The plot shows both: lines half filled by 2, 4, 8 or 16 blocks
# (solid), and lines with one block of 2 for every 5 cells, so that a longer line has more blocks
# (dashed). Where a solid curve starts, its blocks only just fit, so there are few layouts; that
# is why the 16-block curve starts below the others.

# %% tags=["active-ipynb"]
# import matplotlib.pyplot as plt
#
#
# def half_full(k, cells):
#     """A clue of k blocks, as equal as possible, filling half of a line of `cells` cells."""
#     filled = cells // 2
#     share, extra = divmod(filled, k)
#     return [share + 1] * extra + [share] * (k - extra)
#
#
# def growing_clue(cells):
#     """One block of 2 for every 5 cells: 40% filled, and more blocks in a longer line."""
#     return [2] * (cells // 5)
#
#
# lengths = range(10, 101, 5)
# fig, ax = plt.subplots(figsize=(7, 4))
# for k in (2, 4, 8, 16):
#     fitting = [n for n in lengths if n // 2 >= k and min_length(half_full(k, n)) <= n]
#     ax.plot(fitting, [count_arrangements(half_full(k, n), n) for n in fitting],
#             marker='o', markersize=3, label=f'{k} blocks, half filled')
# ax.plot(lengths, [count_arrangements(growing_clue(n), n) for n in lengths], 'k--',
#         label='a block of 2 per 5 cells')
# ax.set_yscale('log')
# ax.set_xlabel('cells in the line')
# ax.set_ylabel('number of layouts (log scale)')
# ax.set_title('Layouts multiply with the length of a line and its number of blocks')
# ax.legend()
# ax.grid(True, which='major', alpha=0.3)
# plt.show()

# %% [markdown]
# A line of 100 cells half filled by 16 blocks has more layouts than the galaxy has stars; a line
# of 100 cells with 20 blocks of 2, far from unusual in a 100x100 puzzle, has about a thousand
# times more, some six thousand million million. Listing a million layouts a second, they take:

# %% tags=["active-ipynb"]
# SECONDS_PER_YEAR = 365.25 * 24 * 3600
# for blocks in (growing_clue(100), half_full(16, 100)):
#     layouts = count_arrangements(blocks, 100)
#     print(f'{layouts:.2e} layouts of {blocks} in 100 cells:'
#           f' {layouts / 1e6 / SECONDS_PER_YEAR:,.1f} years at a million a second')

# %% [markdown]
# Programs that list layouts do run into this wall. A literate Python program that finds every
# solution of a puzzle, one of the solvers this series started from, listed every layout of every
# line up front; on a 100x100 puzzle it ran out of memory, several gigabytes in, after just two
# rows. Listing layouts is the right *definition* of line solving and the wrong *algorithm*.
#
# ## A line solver that never lists layouts
#
# We do not need the layouts themselves, only two facts per cell: *can* it be empty in some layout
# that fits, and *can* it be filled in some layout that fits? Both follow from two tables of
# True/False that *dynamic programming* (DP for short: filling a table whose entries follow from
# entries already filled) computes in `O(cells x blocks)` steps. Call the number of cells `n` and
# the number of blocks `k`.
#
# - `before[j][i]` is True when the first `i` cells (cells `0 .. i - 1`) can hold exactly the
#   first `j` blocks, agreeing with every known cell among them.
# - `after[j][i]` is True when the cells from `i` to the end can hold exactly the blocks that
#   come after the first `j`, agreeing with every known cell among them.
#
# Here `j` always counts blocks, from `0` to `k`. The blocks themselves are `blocks[0]` to
# `blocks[k - 1]` in Python's numbering, so the last of the first `j` blocks is `blocks[j - 1]`
# and the first block after them is `blocks[j]`.
#
# Each entry of `before` follows from entries to its left. The first `i` cells hold the first `j`
# blocks if
#
# - cell `i - 1` can be empty and the first `i - 1` cells hold the first `j` blocks, **or**
# - the last of those blocks, `blocks[j - 1]`, ends exactly at cell `i - 1`: it starts at
#   `start = i - blocks[j - 1]`, its cells can all be filled, the cell before it can be empty (or
#   is the left edge), and the cells before that hold the first `j - 1` blocks. (A block that
#   starts at cell 0 has nothing before it, so it must be the first block: `j == 1`.)
#
# `after` is the same table computed from the right-hand end. With both tables, for each cell `c`:
#
# - `c` can be **empty** if it is not known filled and, for some `j`, the cells before it hold the
#   first `j` blocks and the cells after it hold the rest: `before[j][c] and after[j][c + 1]`;
# - `c` can be **filled** if some block can be placed over it. Take the block `blocks[j]`, the one
#   with `j` blocks before it, placed from some `start` to `stop = start + blocks[j]`: its cells
#   can all be filled, a cell that can be empty (or an edge) lies on each side, the `j` blocks
#   before it fit in the cells before that gap (`before[j][start - 1]`), and the rest fit after
#   the gap on its right (`after[j + 1][stop + 1]`). At the edges there is no gap: a block that
#   starts at cell 0 must be the first (`j == 0`), and one that ends at the last cell the last
#   (`j == k - 1`).
#
# A cell that can only be empty is decided empty, one that can only be filled is decided filled,
# and if the whole line cannot hold all its blocks (`before[k][n]` is False) we have a
# contradiction.
#
# Two small questions come up again and again. `may_clear(line, i)`: can cell `i` be empty? (The
# positions just outside the line count as empty: they are the edges.) `may_fill(runs, start,
# stop)`: can cells `start .. stop - 1` all be filled? Asked naively that costs a loop over the
# block; instead `open_runs` counts, once per line, the length of the run of not-known-empty cells
# that ends just before each position, and the question becomes a single comparison.

# %%
def open_runs(line: Line) -> list[int]:
    """runs[i]: the number of consecutive cells, ending at cell i - 1, not known to be empty.

    With it, "can cells start .. stop - 1 all be filled?" is one comparison (see may_fill).
    """
    runs = [0]
    for cell in line:
        runs.append(runs[-1] + 1 if cell != 0 else 0)
    return runs


def may_fill(runs: list[int], start: int, stop: int) -> bool:
    """True if cells start .. stop - 1 can all be filled, given runs = open_runs(line)."""
    return runs[stop] >= stop - start


def may_clear(line: Line, i: int) -> bool:
    """True if cell i can be empty; positions just outside the line always can (the edges)."""
    return not 0 <= i < len(line) or line[i] != 1


def prefix_table(blocks: Clue, line: Line) -> list[list[bool]]:
    """before[j][i]: can cells 0 .. i - 1 hold exactly the first j blocks, agreeing with `line`?"""
    n, k = len(line), len(blocks)
    runs = open_runs(line)
    before = [[False] * (n + 1) for _ in range(k + 1)]
    before[0][0] = True
    for i in range(1, n + 1):
        for j in range(k + 1):
            if may_clear(line, i - 1) and before[j][i - 1]:  # cell i - 1 is empty
                before[j][i] = True
            elif j > 0:  # or block j - 1 ends at cell i - 1
                start = i - blocks[j - 1]
                if start >= 0 and may_fill(runs, start, i) and may_clear(line, start - 1):
                    before[j][i] = before[j - 1][start - 1] if start > 0 else j == 1
    return before


def suffix_table(blocks: Clue, line: Line) -> list[list[bool]]:
    """after[j][i]: can cells i .. end hold exactly blocks j .. k - 1, agreeing with `line`?

    Computed as the prefix table of the reversed line and reversed clue, read backwards.
    """
    n, k = len(line), len(blocks)
    mirror = prefix_table(blocks[::-1], line[::-1])
    return [[mirror[k - j][n - i] for i in range(n + 1)] for j in range(k + 1)]


# %% [markdown]
# A worked example: the clue `[2, 1]` on five cells where cell 1 is known filled and cell 2 known
# empty, the post's example from above. Each row of a table is one value of `j` (a number of
# blocks), each column one value of `i` (a position); `T` is True.

# %% tags=["active-ipynb"]
# def show_table(table, name):
#     """Print a DP table: one row per block count j, one column per position i ('T' true)."""
#     print(f'{name + "[j][i]":>13}  i=' + ' '.join(str(i) for i in range(len(table[0]))))
#     for j, row in enumerate(table):
#         print(f'{"j=" + str(j):>13}    ' + ' '.join('T' if x else '.' for x in row))
#
# example = parse_line('?#.??')
# show_table(prefix_table([2, 1], example), 'before')
# print()
# show_table(suffix_table([2, 1], example), 'after')

# %% [markdown]
# Read it: `before[1][2]` is True because the first two cells can hold the block of 2, and
# `before[2][5]` is True, so the whole line can hold both blocks: there is at least one solution.
# Cell 0 could be empty only if cells 1 onwards held both blocks, `after[0][1]`, which is False;
# so cell 0 must be filled. Each cell is decided the same way.
#
# Now the whole solver. Marking "can be filled" on every cell of every placement would cost the
# block's length again, so each placement instead adds 1 at its start and subtracts 1 just after
# its end in a *difference array*; a running total over that array then counts, for each cell, the
# placements that cover it, and the work stays at `O(cells x blocks)`. The solver returns a
# **new** line with every cell that all layouts agree on filled in, and raises `Contradiction`
# when no layout fits.

# %%
def solve_line(blocks: Clue, line: Line) -> Line:
    """Decide every cell of `line` that all layouts of `blocks` agree on.

    blocks: the clue, a list of block lengths ([] or [0] for an empty line).
    line:   a list of 1 (filled), 0 (empty) or None (unknown).
    Returns a new list; raises Contradiction if no layout fits, ClueError on malformed input.
    Runs in O(cells x blocks) time by dynamic programming, without listing layouts.
    """
    line = check_line(line)
    blocks = normalize_clue(blocks, len(line))
    n, k = len(line), len(blocks)
    before, after = prefix_table(blocks, line), suffix_table(blocks, line)
    runs = open_runs(line)
    if not before[k][n]:
        raise Contradiction(f'no layout of {blocks} fits the line {show_line(line)}')
    can_clear = [False] * n
    for c in range(n):
        if line[c] != 1:
            can_clear[c] = any(before[j][c] and after[j][c + 1] for j in range(k + 1))
    cover = [0] * (n + 1)  # difference array: +1 where a placed block starts, -1 just after it
    for j, length in enumerate(blocks):
        for start in range(n - length + 1):
            stop = start + length
            left_ok = before[j][start - 1] if start > 0 else j == 0
            right_ok = after[j + 1][stop + 1] if stop < n else j == k - 1
            if (left_ok and right_ok and may_fill(runs, start, stop)
                    and may_clear(line, start - 1) and may_clear(line, stop)):
                cover[start] += 1
                cover[stop] -= 1
    result, covering = [], 0
    for c in range(n):
        covering += cover[c]  # how many possible block placements cover cell c
        can_fill = covering > 0
        result.append(None if can_fill and can_clear[c] else int(can_fill))
    return result

# %% [markdown]
# The "can be filled" half on the same example. The cell below repeats the solver's loop over the
# placements, printing each one that passes all the tests and the difference array it builds; the
# running total of that array counts, for each cell, the placements that cover it.

# %% tags=["active-ipynb"]
# before, after = prefix_table([2, 1], example), suffix_table([2, 1], example)
# runs = open_runs(example)
# cover = [0] * 6
# for j, length in enumerate([2, 1]):
#     for start in range(5 - length + 1):
#         stop = start + length
#         left_ok = before[j][start - 1] if start > 0 else j == 0
#         right_ok = after[j + 1][stop + 1] if stop < 5 else j == 1
#         if (left_ok and right_ok and may_fill(runs, start, stop)
#                 and may_clear(example, start - 1) and may_clear(example, stop)):
#             cover[start] += 1
#             cover[stop] -= 1
#             print(f'block {j} (length {length}) fits at cells {start}..{stop - 1}:'
#                   f' cover[{start}] += 1, cover[{stop}] -= 1')
# totals = [sum(cover[:c + 1]) for c in range(5)]
# print('difference array', cover[:5], '-> placements covering each cell', totals)

# %% [markdown]
# Block 0 has a single placement, cells 0 and 1 (cell 1 is filled and must belong to it), and
# block 1 has two, cell 3 or cell 4. So cells 0, 1, 3 and 4 *can* be filled and cell 2 cannot.
# Combined with the "can be empty" half (cells 0 and 1 cannot be empty; cells 3 and 4 can, when
# the other one holds the block), cells 0 and 1 are filled, cell 2 is empty, and cells 3 and 4
# stay unknown:

# %% tags=["active-ipynb"]
# print(show_line(example), '->', show_line(solve_line([2, 1], example)))
# try:
#     solve_line([3], parse_line('?.?.?'))
# except Contradiction as error:
#     print('Contradiction:', error)

# %% [markdown]
# ## Checking that the two solvers agree
#
# The fast solver is only worth having if it gives exactly the answers of the obviously right one,
# `solve_line_by_enumeration`. Rather than argue it, check it: every clue against every partially
# known line of up to 7 cells (each cell known empty, known filled or unknown: `3 ** cells` lines
# per clue). Both solvers must return the same line, or both must find a contradiction. Most such
# lines are contradictions (random known cells rarely fit a clue), so the check counts the cases
# with an answer separately. The test suite adds random longer lines.

# %% tags=["active-ipynb"]
# from itertools import product
#
#
# def outcome(solver, blocks, line):
#     """The solver's answer, or the word 'contradiction'."""
#     try:
#         return solver(blocks, line)
#     except Contradiction:
#         return 'contradiction'
#
#
# cases = answered = 0
# for cells in range(0, 8):
#     for blocks in all_clues(cells):
#         for line in product([None, 0, 1], repeat=cells):
#             fast = outcome(solve_line, blocks, list(line))
#             assert fast == outcome(solve_line_by_enumeration, blocks, list(line)), (blocks, line)
#             cases += 1
#             answered += fast != 'contradiction'
# print(f'solve_line = enumeration on all {cases:,} cases:'
#       f' {answered:,} with an answer, {cases - answered:,} contradictions')

# %% [markdown]
# ## How much faster?
#
# Time is noisy, so first count steps, using a simple cost model of each solver: the enumerating
# solver builds every layout and looks at each of its cells, about `layouts x cells` steps, while
# the DP fills two tables of `(blocks + 1) x (cells + 1)` entries and scans the starts of each
# block once, about `3 x cells x blocks` steps. Take the line with nothing known and one block of 2
# for every 5 cells, and let it grow:

# %% tags=["active-ipynb"]
# def enumeration_work(blocks, cells):
#     """Steps of the enumerating solver (cost model): every cell of every layout."""
#     return count_arrangements(blocks, cells) * cells
#
#
# def dp_work(blocks, cells):
#     """Steps of solve_line (cost model): two tables plus one scan of starts per block."""
#     return 2 * (len(blocks) + 1) * (cells + 1) + len(blocks) * cells
#
#
# print(f'{"cells":>5} {"blocks of 2":>11} {"enumeration steps":>26} {"DP steps":>9}')
# for n in [10, 15, 20, 25, 30, 40, 60, 80, 100]:
#     blocks = growing_clue(n)
#     print(f'{n:5} {len(blocks):11} {enumeration_work(blocks, n):26,} {dp_work(blocks, n):9,}')
# growth = enumeration_work(growing_clue(35), 35) / enumeration_work(growing_clue(30), 30)
# print(f'from 30 to 35 cells, enumeration steps grow {growth:.1f} times')

# %% [markdown]
# And the clock, on the sizes where enumeration still finishes quickly. (Timings vary from machine
# to machine and run to run, so the tests do not check this cell's output.) Beware of adding
# bigger sizes in class: each five cells more multiply enumeration's work several times over, as
# the step counts above show (the factor printed under them); the measured times follow them
# roughly.

# %% tags=["active-ipynb", "nbval-ignore-output"]
# from timeit import timeit
#
# timed_sizes = [10, 15, 20, 25, 30]
# enum_seconds, dp_seconds = [], []
# for n in timed_sizes:
#     blocks, line = growing_clue(n), [None] * n
#     enum_seconds.append(timeit(lambda: solve_line_by_enumeration(blocks, line), number=3) / 3)
#     dp_seconds.append(timeit(lambda: solve_line(blocks, line), number=3) / 3)
#     print(f'{n:3} cells: enumeration {enum_seconds[-1] * 1000:9.2f} ms,'
#           f' DP {dp_seconds[-1] * 1000:6.3f} ms, ratio {enum_seconds[-1] / dp_seconds[-1]:6.0f}x')
#
# fig, ax = plt.subplots(figsize=(7, 4))
# ax.plot(timed_sizes, enum_seconds, marker='o', label='enumerate layouts (nonovector + newforces)')
# ax.plot(timed_sizes, dp_seconds, marker='s', label='dynamic programming (solve_line)')
# ax.set_yscale('log')
# ax.set_xticks(timed_sizes)
# ax.set_xlabel('cells in the line (a block of 2 per 5 cells, nothing known)')
# ax.set_ylabel('seconds per line (log scale)')
# ax.set_title('Enumeration time multiplies with each 5 cells; the DP barely grows')
# ax.legend()
# plt.show()

# %% [markdown]
# ## What we have, and what comes next
#
# - `line2blocks` and `normalize_clue` turn lines into clues and check clues; `check_line`,
#   `show_line` and `parse_line` check, draw and read lines.
# - `nonoblocks`, `nonovector` and `newforces` solve a line the obvious way, by listing layouts
#   (`solve_line_by_enumeration`); `pblocks`, `vexpand`, `pvector` and `explain_line` show them.
#   Without knowing any technique, they reproduce the Wikipedia examples of five techniques.
# - `count_arrangements` shows why listing cannot scale, and `solve_line` answers the same question
#   in `O(cells x blocks)`, checked equal to enumeration on every line of up to 7 cells.
#
# A line solver alone cannot solve a picture, because most rows know little until the columns
# tell them something, and the other way round. Chapter 2 (`nonogram2d`) passes what each line
# learns to the lines that cross it, until the picture appears or the lines stop learning.
