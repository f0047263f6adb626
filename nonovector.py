# %% [markdown]
# # Lesson 1. One line, by listing its layouts
#
# A *nonogram* (paint-by-numbers, griddlers, picross) is a picture hidden in a grid of cells, each
# filled or empty. Beside each row and above each column is a **clue**: the lengths of the line's
# **blocks** (runs of filled cells), in order. You recover the picture from the clues. A 5x5
# one (rows x columns), `#` filled and `.` empty, row clues beside it, column clues below it,
# read downwards (the middle column reads `1 3`):
#
# ```
# .###.  3
# ##.#.  2 1
# .###.  3
# ..##.  2
# ..###  3
#
# 13151
#   3
# ```
#
# The second row has a block of two, a gap, then a block of one: `2 1`. The order matters; the
# size of a gap does not. Given one line's clue and the cells already known, which other cells are
# certain? By the end of this lesson you will be able to
#
# - turn a line into its clue, and list every **layout** of a clue in a line (a layout is one way
#   of placing the blocks: each block's position);
# - keep only the layouts that agree with the known cells, and read off the cells they all agree
#   on: a complete line solver;
# - count the layouts, and see why listing them cannot scale.
#
# A clue (type `Clue`) is a list such as `[2, 1]`; an empty line's is `[]` (or `[0]`). A **line**
# (type `Line`) is a list of cells, counted from 0: `1` filled, `0` empty, `None` **unknown**
# (printed `#`, `.`, `?`); a picture (type `Grid`) is a list of rows. We retell Paddy3118's blog
# post "Nonogram puzzle solver (part 1)" (2014; *the post*), keeping its function names. This
# notebook is also the module `nonovector`; its demonstrations run here only.

# %%
"""Lesson 1: one nonogram line solved by listing the layouts of its clue."""
from collections.abc import Iterable, Iterator, Sequence
from math import comb
from string import ascii_lowercase, ascii_uppercase

from nonocheck import (MOST_CELLS, MOST_LISTED_CELLS, Clue, ClueError, Grid,  # noqa: F401
                       Line, NonogramError, check_forces, check_iterable, check_layout,
                       check_line, check_list, check_text, check_whole, enumerable_clue,
                       min_length, normalize_clue)

Layout = list[tuple[int, int]]  # one (position, length) pair per block


class Contradiction(NonogramError):
    """No layout of the blocks fits the cells that are already known (a ValueError)."""

# %% [markdown]
# ## Clues from lines
#
# The easy way round first: from a finished line to its clue, counting the cells of each block
# along the line. A finished line may also be typed as a string of `0`/`1` or `#`/`.`.

# %%
def line2blocks(line: Sequence) -> Clue:
    """The clue of a finished line of 0/1 (or '0'/'1', '#'/'.'); ClueError on any other cell."""
    line = check_list('line', line, text=True)
    blocks, run = [], 0
    for i, cell in enumerate(line):
        if isinstance(cell, bool) or cell not in (1, '1', '#', 0, '0', '.'):
            raise ClueError(f'cell {i} of a finished line is {cell!r}; use 1/0 or "#"/"."')
        if cell in (1, '1', '#'):
            run += 1
        elif run:  # an empty cell ends the current block
            blocks.append(run)
            run = 0
    if run:  # a block that touches the right-hand edge
        blocks.append(run)
    return blocks


# %% tags=["active-ipynb"]
# picture = ['01110', '11010', '01110', '00110', '00111']
# [line2blocks(row) for row in picture]

# %% [markdown]
# Two kinds of error are kept apart. A `ClueError` means *the question is malformed* (say, a clue
# longer than its line); the library module `nonocheck` checks every input and names the fault. A
# `Contradiction` means *the question has no answer*: no layout agrees with the known cells.

# %% [markdown]
# ## Every layout of the blocks
#
# The post's way to solve a line: list every layout, drop those that disagree with the known cells,
# and see which cells all the survivors agree on.
#
# `nonoblocks(blocks, cells)` produces every layout as a list of `(position, length)` pairs,
# recursively: put the first block at each position that leaves room for the others (each needs
# its length and a gap before it), and for each one lay out the other blocks the same way, from
# one cell after its end. (`enumerable_clue`, from `nonocheck`, refuses a clue of more than 400
# blocks: Python stops at `sys.getrecursionlimit()` nested calls, a thousand by default.) `pblocks` and `vexpand` draw a layout.

# %%
def nonoblocks(blocks: Clue, cells: int) -> Iterator[Layout]:
    """Every layout of `blocks` in `cells` cells, leftmost first. The empty clue has one, []."""
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


# %%
def pblocks(layout: Layout, cells: int) -> str:
    """Draw a layout: block 0 as 'A's, block 1 as 'B's, ... ('*' after 'z'), empty cells '.'."""
    layout = check_layout(layout, cells)
    text, letters = ['.'] * cells, ascii_uppercase + ascii_lowercase
    for b, (position, length) in enumerate(layout):
        text[position:position + length] = (letters[b] if b < len(letters) else '*') * length
    return ''.join(text)


def vexpand(layout: Layout, cells: int) -> str:
    """Draw the line a layout makes: '#' filled, '.' empty."""
    layout = check_layout(layout, cells)
    text = ['.'] * cells
    for position, length in layout:
        text[position:position + length] = '#' * length
    return ''.join(text)


# %% tags=["active-ipynb"]
# for layout in nonoblocks([2, 1], 5):
#     print(layout, pblocks(layout, 5), vexpand(layout, 5))

# %% [markdown]
# ## Layouts that respect the known cells
#
# In a puzzle some cells of a line are known from the crossing lines. The post calls them
# *forces*, two lists of cell indices: `force0` known empty, `force1` known filled. We say *known
# cells*, keeping *force* in the post's names. Converters move between the two forms, and between a
# line and its text.

# %%
def line_to_forces(line: Line) -> tuple[list[int], list[int]]:
    """The post's (force0, force1) lists for a line of 1/0/None."""
    line = check_line(line)
    return ([i for i, cell in enumerate(line) if cell == 0],
            [i for i, cell in enumerate(line) if cell == 1])


def forces_to_line(cells: int, force0: Iterable[int], force1: Iterable[int]) -> Line:
    """A line of `cells` cells: 0 at force0, 1 at force1, None elsewhere."""
    empty, filled = check_forces(force0, force1, cells)
    return [1 if i in filled else 0 if i in empty else None for i in range(cells)]


# %%
SYMBOLS = {1: '#', 0: '.', None: '?'}


def show_line(line: Line) -> str:
    """Draw a line as text: '#' filled, '.' empty, '?' unknown."""
    line = check_line(line)
    return ''.join(SYMBOLS[cell] for cell in line)


def parse_line(text: str) -> Line:
    """The line drawn by `text` ('#' filled, '.' empty, '?' unknown), as a list of 1/0/None."""
    check_text('text', text)
    cells = {symbol: cell for cell, symbol in SYMBOLS.items()}
    for i, symbol in enumerate(text):
        if symbol not in cells:
            raise ClueError(f'line {text!r}: character {i} is {symbol!r}; use "#", "." or "?"')
    return [cells[symbol] for symbol in text]


# %% [markdown]
# `nonovector(blocks, cells, force0, force1)` generates only the layouts that agree with the known
# cells (`check_forces`, from `nonocheck`, rejects an index outside the line). It checks each block
# as it is placed: a block may not cover a known-empty cell; a known-filled cell may not lie in
# the gap before the block, nor right after it; and after the last block no known-filled cell may
# remain. (The post forgot that last check for a one-block clue, so `nonovector([1], 3, [], [2])`
# offered `#..`; it also failed on an overfull clue and on an empty line. All are fixed here.)

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
# The post's `pvector` draws a layout with the known cells: lower case where a block covers a
# known-filled cell, `_` a known-empty cell, `!` a known cell the layout contradicts. Below: the
# post's bug case, fixed, then the layouts of `[2, 1]` that fit `?#.??`.

# %%
def pvector(layout: Layout, cells: int, force0: Iterable[int] = (),
            force1: Iterable[int] = ()) -> str:
    """Draw a layout with the known cells: 'A'.. blocks ('a'.. over a known-filled cell), '_' a
    known-empty cell, '!' a known cell the layout contradicts."""
    layout, (force0, force1) = check_layout(layout, cells), check_forces(force0, force1, cells)
    text, line = list(pblocks(layout, cells)), vexpand(layout, cells)
    for i in force1:
        text[i] = text[i].lower() if line[i] == '#' else '!'
    for i in force0:
        text[i] = '_' if line[i] == '.' else '!'
    return ''.join(text)


# %% tags=["active-ipynb"]
# print([vexpand(layout, 3) for layout in nonovector([1], 3, [], [2])])
# for layout in nonovector([2, 1], 5, [2], [1]):
#     print(pvector(layout, 5, [2], [1]))

# %% [markdown]
# Both layouts fill cells 0 and 1 and leave cell 2 empty. That is the whole idea of line solving:
# a cell is decided when **every** layout that fits agrees on it. `newforces` returns the lists
# `(force0, force1)` of every decided cell, or raises `Contradiction` if no layout fits;
# `solve_line_by_enumeration` wraps it all up, a line in and a line out.

# %%
def newforces(layouts: Iterable[Layout], cells: int) -> tuple[list[int], list[int]]:
    """(always0, always1): the cells empty in every layout, and those filled in every one, of any
    iterable of layouts (such as nonovector's). Raises Contradiction if there are none."""
    cells = check_whole('cells', cells, most=MOST_CELLS)
    layouts = check_iterable('layouts', layouts)
    always0, always1, found = set(range(cells)), set(range(cells)), False
    for layout in layouts:
        layout = check_layout(layout, cells)
        filled = {i for position, length in layout for i in range(position, position + length)}
        always0 -= filled
        always1 &= filled
        found = True
    if not found:
        raise Contradiction('no layout of the blocks fits the known cells')
    return sorted(always0), sorted(always1)


def solve_line_by_enumeration(blocks: Clue, line: Line) -> Line:
    """The obviously right line solver: list every layout that fits, keep what they all share."""
    line = check_line(line)
    cells = len(line)
    return forces_to_line(cells, *newforces(nonovector(blocks, cells, *line_to_forces(line)), cells))


# %% tags=["active-ipynb"]
# print(newforces(nonovector([2, 1], 5, [2], [1]), 5))
# show_line(solve_line_by_enumeration([2, 1], parse_line('?#.??')))

# %% [markdown]
# ## The line-solving techniques, by brute force
#
# Wikipedia's article on nonograms teaches techniques for a single line (*simple boxes*, *simple
# spaces*, *forcing*, *glue*, *joining and splitting*), each with its own argument. Enumeration
# needs none: whatever such an argument proves, it proves by ruling layouts out. `explain_line`
# prints the reasoning for one line; below, the *glue* example (a known-filled cell near an edge
# pulls its block towards it), then a check of all seven of the article's examples.

# %%
def explain_line(blocks: Clue, line: Line | str) -> Line:
    """Print the known cells (a line or its text), every layout that fits and the cells they
    agree on; return the deduced line."""
    line = parse_line(line) if isinstance(line, str) else check_line(line)
    cells, (force0, force1) = len(line), line_to_forces(line)
    print(f'  clue     {blocks}')
    print(f'  known    {show_line(line)}')
    for layout in nonovector(blocks, cells, force0, force1):
        print(f'  layout   {pvector(layout, cells, force0, force1)}')
    deduced = solve_line_by_enumeration(blocks, line)
    print(f'  deduced  {show_line(deduced)}')
    return deduced


WIKIPEDIA_EXAMPLES = [  # (technique, clue, what is known, what the article deduces)
    ('simple boxes', [8], '??????????', '??######??'),
    ('simple boxes', [4, 3], '??????????', '??##???#??'),
    ('simple spaces', [3, 1], '???#????#?', '.??#??..#.'),
    ('forcing', [3, 2], '????.?.???', '?##?...?#?'),
    ('glue', [5], '??#???????', '??###??...'),
    ('glue', [1, 3], '#?.?#?????', '#..?##?...'),
    ('joining and splitting', [5, 2, 2], '??##?##???#?#??', '..#####..##.##.'),
]


# %% tags=["active-ipynb"]
# assert show_line(explain_line([1, 3], '#?.?#?????')) == '#..?##?...'
# assert all(show_line(solve_line_by_enumeration(b, parse_line(k))) == e
#            for _, b, k, e in WIKIPEDIA_EXAMPLES)
# print(f'all {len(WIKIPEDIA_EXAMPLES)} examples give the article\'s answers')

# %% [markdown]
# Block A must sit on cell 0, so cell 1 is empty; block B must cover cell 4, so cell 5 is filled
# and cells 7 to 9 are empty. No rule was needed.
#
# ## How many layouts are there?
#
# Is listing fast enough? Count the layouts. The fewest cells a clue of `k` blocks needs,
# `min_length(blocks)`, is its blocks plus one gap between each two; the other `free = cells -
# min_length(blocks)` empty cells can go into any of the `k + 1` gaps (before, between and after
# the blocks). Sharing `free` identical cells among `k + 1` gaps is the "stars and bars" count:
#
# $$\text{layouts} = \binom{\text{free} + k}{k}.$$

# %%
def count_layouts(blocks: Clue, cells: int) -> int:
    """The number of layouts of `blocks` in a line of `cells` cells (stars and bars)."""
    blocks = normalize_clue(blocks, check_whole('cells', cells, most=MOST_CELLS))
    free = cells - min_length(blocks)
    return comb(free + len(blocks), len(blocks))


def all_clues(cells: int) -> list[tuple[int, ...]]:
    """Every clue that fits in a line of `cells` cells (the clues of all 2**cells lines)."""
    check_whole('cells', cells, most=MOST_LISTED_CELLS)  # 2 ** cells lines
    return sorted({tuple(line2blocks(format(n, f'0{cells}b'))) for n in range(2 ** cells)})


# %% tags=["active-ipynb"]
# small = [(blocks, cells) for cells in range(0, 11) for blocks in all_clues(cells)]
# assert all(count_layouts(b, n) == len(list(nonoblocks(b, n))) for b, n in small)
# print(f'formula = enumeration for all {len(small)} clues of lines up to 10 cells')

# %% [markdown]
# With a fixed number of blocks `k` the count grows like a polynomial (of degree `k`) in the line's
# length; in a picture the number of blocks grows with the line, and the growth is exponential:

# %%
def half_full(k: int, cells: int) -> Clue:
    """A clue of k blocks, as equal as possible, filling half of a line of `cells` cells."""
    check_whole('k', k, least=1, most=MOST_CELLS), check_whole('cells', cells, most=MOST_CELLS)
    share, extra = divmod(cells // 2, k)
    return [share + 1] * extra + [share] * (k - extra)


def growing_clue(cells: int) -> Clue:
    """One block of 2 for every 5 cells: 40% filled, and more blocks in a longer line."""
    check_whole('cells', cells, most=MOST_CELLS)
    return [2] * (cells // 5)


# %% tags=["active-ipynb"]
# print('cells   4 blocks, half filled   a block of 2 per 5 cells')
# for n in (20, 40, 60, 80, 100):
#     print(f'{n:5} {count_layouts(half_full(4, n), n):23,} {count_layouts(growing_clue(n), n):28,}')
# years = count_layouts(growing_clue(100), 100) / 1e6 / (365.25 * 24 * 3600)
# print(f'the last line, listed at a million layouts a second: {years:.0f} years')

# %% [markdown]
# The last column multiplies by over a thousand at every step, and a 100x100 picture has lines
# like it. The author of an unsigned literate Python 2 program ("Initial, probably buggy, load
# of a literate python program") reports that his first solver, which listed every layout of
# every line before solving, used several gigabytes of memory within minutes on a 100x100
# puzzle, having listed only two rows. Listing layouts is the right *definition* of line
# solving and the wrong *algorithm*.
#
# ## What we have learned, and what comes next
#
# - A clue lists a line's block lengths.
# - Keeping what all the layouts that fit share is a complete line solver.
# - Long lines with many blocks have too many layouts to list.
#
# Next, lesson 2 answers the same question without listing layouts, in time proportional to cells
# times blocks.
#
# ## Exercises
#
# 1. *Predict, then run.* How many layouts have `[3]` and `[1, 1, 1]` in 7 cells? Check with
#    `count_layouts` and `len(list(nonoblocks(...)))`.
# 2. Run `explain_line([4], '???#????')`. Why can no layout reach the last cell? What more is
#    decided with cell 1 known empty (`'?.?#????'`), and why?
# 3. *Prove it.* If `min_length(blocks) == cells`, the clue has one layout, and
#    `solve_line_by_enumeration` decides every cell when the known cells agree with it (else it
#    raises `Contradiction`).
# 4. *Extend.* Write `count_filled(blocks, cells, i)`: in how many layouts is cell `i` filled?
#    (Hint: `vexpand` each layout.) Which cells of `[3]` in 7 cells are filled in every layout
#    (possibly none)?
