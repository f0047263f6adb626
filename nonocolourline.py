# %% [markdown]
# # Lesson 13. Colour lines
#
# Many nonograms are in colour. Each block of a clue has a length *and* a colour; the
# background (usually white) is a colour of its own. One rule changes: neighbouring blocks of the
# same colour need a background cell between them, but blocks of different colours may touch, so
# `2 red, 1 blue` on five cells can be `rrb..`. Black and white is the case of one colour.
#
# By the end of this lesson you will be able to
#
# - write the clue of a colour line, and type a colour picture as text;
# - solve a colour line by listing its layouts, and say what it can learn that a black-and-white
#   line cannot;
# - solve it with lesson 2's tables and with lesson 6's bitmasks, and check that the three agree.
#
# This notebook is the module `nonocolourline`.

# %%
"""Lesson 13 of the nonogram tutorial: colour clues, and three colour line solvers that agree."""

from collections.abc import Iterator
from itertools import accumulate, groupby

from nonobits import reach, reverse_bits, runs_of, spread
from nonocheck import (MOST_CELLS, MOST_COLOURS, check_colour_clue, check_colour_line,
                       check_colour_picture, check_colour_text, check_list, check_table,
                       check_whole, shortest_line)
from nonodraw import show_cells
from nonovector import Contradiction

# %% [markdown]
# ## Colour clues
#
# A finished line is a list of colour numbers: `0` the background, `1, 2, ...` the colours. Its
# clue lists its runs of one colour, each a block `(length, colour)`. While solving, a cell is the
# *set* of colours it may still take, a bitmask: bit `c` for colour `c`, so "background or colour
# 2" is `0b101`. It is decided when one bit is left, and unknown while it may be any colour.
# (`check_colour_...`: input checks, from `nonocheck`.)

# %%
ColourClue = list[tuple[int, int]]  # blocks (length, colour); [] is an empty line
Cells = list[int]                   # while solving: per cell, the bitmask of colours it may take


def colour_clue(line) -> ColourClue:
    """The clue of a finished line of colour numbers (0 = background)."""
    line = check_table('line', [check_list('line', line)], 'colour')[0]
    return [(len(list(run)), colour) for colour, run in groupby(line) if colour]


def colour_clues(picture) -> tuple[list[ColourClue], list[ColourClue]]:
    """(row clues, column clues) of a picture given as rows of colour numbers."""
    grid = check_colour_picture(picture)
    return [colour_clue(row) for row in grid], [colour_clue(col) for col in zip(*grid)]


def text_picture(text: str, alphabet: str) -> list[list[int]]:
    """Rows of colour numbers from text, one character per cell: `alphabet[k]` is colour k."""
    return [[alphabet.index(char) for char in row] for row in check_colour_text(text, alphabet)]


# %% [markdown]
# Our first colour picture, a mushroom drawn for this lesson, 7 rows x 8 columns (counted from 0),
# typed as text (`.` the background, `r` red, `k` black, `w` white), with its colours as RGB
# values. `shortest_line` (in `nonocheck`) counts a clue's cells and a background cell between
# neighbours of the same colour:

# %%
MUSHROOM = text_picture('''
    ..rrrr..
    .rrwrrr.
    rrrrrwrr
    rwrrrrrr
    ..kwwk..
    ..wwww..
    ..wwww..
    ''', '.rkw')
MUSHROOM_RGB = ['bfe3ff', 'd62728', '000000', 'ffffff']  # pale blue, red, black, white

# %% tags=["active-ipynb"]
# mushroom_rows, mushroom_cols = colour_clues(MUSHROOM)
# print('row 1:', mushroom_rows[1], '| shortest line:', shortest_line(mushroom_rows[1]), 'of 8')

# %% [markdown]
# In row 1, red (colour 1) and the white spot (colour 3) touch: three blocks in six cells. The
# library module `nonodraw` draws a picture with its clues, each number on a square of its
# block's colour (`sets=False`: the grid holds colour numbers, not sets):

# %% tags=["active-ipynb"]
# from nonodraw import draw_colour_grid
# axes = draw_colour_grid(MUSHROOM, mushroom_rows, mushroom_cols, MUSHROOM_RGB, sets=False,
#                         title='The mushroom, 7x8, and its clues')

# %% [markdown]
# ## Lines, the obviously right way
#
# As in lesson 1: list every layout of the clue, keep those that every cell allows, and give each
# cell the set of colours that the kept layouts put there.

# %%
def colour_layouts(clue: ColourClue, cells: int) -> Iterator[list[int]]:
    """Every finished line of `cells` cells whose clue is `clue`, in order (a generator)."""
    clue, cells = check_colour_clue(clue, 'the clue', '', MOST_CELLS), check_whole('cells', cells)
    if not clue:
        yield [0] * cells
        return
    (length, colour), rest = clue[0], clue[1:]
    gap = 1 if rest and rest[0][1] == colour else 0
    for start in range(cells - shortest_line(clue) + 1):
        head = [0] * start + [colour] * length + [0] * gap
        for tail in colour_layouts(rest, cells - len(head)):
            yield head + tail


def solve_line_by_layouts(clue: ColourClue, cells: Cells) -> Cells:
    """Each cell's colours that some layout fitting the line puts there (by listing layouts);
    raises Contradiction if no layout fits."""
    clue = list(check_colour_line(clue, cells))
    fitting = [layout for layout in colour_layouts(clue, len(cells))
               if all(cell >> colour & 1 for cell, colour in zip(cells, layout))]
    if not fitting:
        raise Contradiction(f'no layout of {clue} fits the line')
    return [sum({1 << colour for colour in column}) for column in zip(*fitting)]


# %% [markdown]
# ## What a colour line learns
#
# `show_cells` (from `nonodraw`) prints a line: a decided cell as its colour's character, `?`
# when unknown, else its set in brackets. Three small lines (`.` background, `r` red, `b` blue):
#
# - `1 red, 1 blue` on four unknown cells. In black and white, `1 1` on four cells learns nothing.
#   In colour, cell 0 cannot be blue and cell 3 cannot be red.
# - The same line, when its column has said that cell 0 is not red (`[.b]`): cell 0 is
#   background, since blue cannot come first.
# - `2 red` on four cells, when its column has said that cell 1 is not background (`[rb]`): cell
#   1 is red, wherever the block starts.

# %% tags=["active-ipynb"]
# alphabet, unknown = '.rb', 0b111
# examples = [([(1, 1), (1, 2)], [unknown] * 4),
#             ([(1, 1), (1, 2)], [0b101, unknown, unknown, unknown]),
#             ([(2, 1)], [unknown, 0b110, unknown, unknown])]
# for clue, cells in examples:
#     print(f'{str(clue):>16} on {show_cells(cells, alphabet):<10} ->',
#           show_cells(solve_line_by_layouts(clue, cells), alphabet))

# %% [markdown]
# A colour line learns pieces of a cell, such as "not blue", and passes them to its crossing lines.
#
# ## The before/after tables in colour
#
# Listing layouts explodes with the line's length, as in lesson 1; the cure is lesson 2's tables
# `before` and `after`, with two changes. A block of colour `c` and length `L` fits at `s` if
# cells `s .. s + L - 1` all allow `c`. And block `j` may start right after block `j - 1` only if
# their colours differ; else cell `s - 1` must be background.
#
# `fits_before` also keeps `placed[j][s]`: block `j` fits at `s`, the first `j` blocks on its
# left. `after` is the mirror image's `before`, read backwards. Cell `p` may be background if it
# allows it and, for some `j`, `before[j][p]` and `after[j][p + 1]`. Block `j` may sit at `s` if
# `placed[j][s]` and the next blocks fit from its end on (past a background cell if the next
# block has its colour); a difference array marks the cells it covers.

# %%
def fits_before(clue: ColourClue, cells: Cells) -> tuple[list[list[bool]], list[list[bool]]]:
    """The forward tables (before, placed) described above, for a line of cell bitmasks."""
    clue = list(check_colour_line(clue, cells))
    n = len(cells)

    def walk(seeds):  # the positions reached from `seeds` through cells that may be background
        row = [False] * (n + 1)
        for p in range(n + 1):
            row[p] = seeds[p] or (p > 0 and row[p - 1] and bool(cells[p - 1] & 1))
        return row

    before, placed = [walk([True] + [False] * n)], []
    for j, (length, colour) in enumerate(clue):
        same = j > 0 and clue[j - 1][1] == colour
        run = [0] * (n + 1)  # run[i]: how many cells from i on allow this colour
        for i in reversed(range(n)):
            run[i] = run[i + 1] + 1 if cells[i] >> colour & 1 else 0
        here = [False] * (n + 1)
        for s in range(n - length + 1):
            left = s > 0 and before[j][s - 1] and cells[s - 1] & 1 if same else before[j][s]
            here[s] = bool(left) and run[s] >= length
        placed.append(here)
        before.append(walk([p >= length and here[p - length] for p in range(n + 1)]))
    return before, placed


def solve_colour_line(clue: ColourClue, cells: Cells) -> Cells:
    """Each cell's colours that some layout fitting the line puts there, by the before/after
    tables in O(cells x blocks) steps; raises Contradiction if no layout fits."""
    clue = list(check_colour_line(clue, cells))
    n, k = len(cells), len(clue)
    before, placed = fits_before(clue, cells)
    if not before[k][n]:
        raise Contradiction(f'no layout of {clue} fits the line')
    mirror, _ = fits_before(clue[::-1], cells[::-1])
    after = [[mirror[k - j][n - p] for p in range(n + 1)] for j in range(k + 1)]
    possible = [int(cells[p] & 1 and any(before[j][p] and after[j][p + 1] for j in range(k + 1)))
                for p in range(n)]  # the background (bit 0): j blocks before cell p, the rest after
    for j, (length, colour) in enumerate(clue):
        gap = int(j + 1 < k and clue[j + 1][1] == colour)  # the same colour next: a background cell
        covered = [0] * (n + 1)  # a difference array: +1 where a layout's block starts, -1 after it
        for s in range(n - length + 1 - gap):
            end = s + length
            if placed[j][s] and after[j + 1][end + gap] and (not gap or cells[end] & 1):
                covered[s] += 1
                covered[end] -= 1
        for i, running in enumerate(accumulate(covered[:n])):
            if running:
                possible[i] |= 1 << colour
    return possible


# %% [markdown]
# The two solvers must agree, here on 2,000 random lines (`nonocheck.random_colour_lines`): each
# a random finished line, whose clue we take, with cell sets that often miss its colours, so that
# some have no layout that fits. `nonocheck.solver_answers` lists a solver's answers:

# %% tags=["active-ipynb"]
# from nonocheck import random_colour_lines, solver_answers
# samples = [(colour_clue(picture), cells) for picture, cells in random_colour_lines(2000, seed=8)]
# expected = solver_answers(solve_line_by_layouts, samples)
# print(expected.count('contradiction'), 'of', len(samples), 'with no layout that fits; the tables'
#       ' agree with listing layouts:', solver_answers(solve_colour_line, samples) == expected)

# %% [markdown]
# ## The fast solver: bitmasks again
#
# Lesson 6 turned lesson 2's tables into operations on integers, each a set of cells or positions
# (`reach`, `runs_of`, `spread`, `reverse_bits`). Beware: "bitmask" now means two things. A cell
# is a set of colours (bit `c`: colour `c`); for this solver, a colour is a set of cells (bit `i`:
# cell `i`), one mask per colour. One line both ways (bit 0 is the rightmost digit):

# %%
def cells_to_masks(cells, colours: int) -> list[int]:
    """For each colour, the mask of cells that allow it (bit i for cell i)."""
    cells = check_table('cells', [check_list('cells', cells)], 'colour')[0]
    colours = check_whole('colours', colours, most=MOST_COLOURS + 1)
    return [sum(1 << i for i, cell in enumerate(cells) if cell >> c & 1) for c in range(colours)]


def masks_to_cells(possible: list[int], n: int) -> tuple:
    """The cell sets (a tuple of bitmasks) from one mask of cells per colour."""
    possible = check_table('possible', [check_list('possible', possible)], 'colour')[0]
    n = check_whole('n', n, most=MOST_CELLS)
    return tuple(sum(1 << c for c, mask in enumerate(possible) if mask >> i & 1) for i in range(n))


# %% tags=["active-ipynb"]
# line = [0b010, 0b111, 0b101]
# print(show_cells(line, '.rb'), '| cells:', *(f'{cell:03b}' for cell in line), '| colours:',
#       ', '.join(f'{char} {mask:03b}' for char, mask in zip('.rb', cells_to_masks(line, 3))))

# %% [markdown]
# Cell 1 may be any colour (`111`); red is allowed in cells 0 and 1 (`011`). A loop per cell and
# colour is slow in Python, so for up to eight colours the fast solver converts by byte tables:
# one `bytes.translate` turns all cells into one colour's mask, and one `int.from_bytes` per
# colour turns the masks back into cells.

# %%
TO_BITS = [bytes(ord('1') if byte >> c & 1 else ord('0') for byte in range(256)) for c in range(8)]
ONES = bytes(range(256)).maketrans(b'01', b'\x00\x01')


def fast_cells_to_masks(cells, colours: int) -> list[int]:
    """cells_to_masks, by a byte table when there are at most eight colours."""
    if colours > 8:
        return cells_to_masks(cells, colours)
    text = bytes(reversed(cells))
    return [int(text.translate(TO_BITS[c]) or b'0', 2) for c in range(colours)]


def fast_masks_to_cells(possible: list[int], n: int) -> tuple:
    """masks_to_cells, by bytes when there are at most eight colours."""
    if len(possible) > 8:
        return masks_to_cells(possible, n)
    packed = 0  # byte i of `packed` is cell i's set: each colour's bits placed byte-wise
    for c, mask in enumerate(possible):
        packed |= int.from_bytes(format(mask, f'0{n}b').encode().translate(ONES), 'big') << c
    return tuple(packed.to_bytes(n, 'little'))


# %% [markdown]
# With the mask of cells that allow colour `c` in place of lesson 6's "may be filled", the forward
# pass is lesson 6's: `step` allows a walk from position `p - 1` to `p` when cell `p - 1` may be
# background; after a block of the same colour, a block may start only past a background cell
# (`(reached << 1) & step`). The answer is read off with lesson 6's formulas, `after` from the
# mirror image: a cell may be background where `before[j] & (after[j] >> 1)`; block `j` may start
# where `placed[j]` holds and the next blocks fit from its end on (`right >> L`).

# %%
def colour_forward(clue, allowed: list[int]) -> tuple[list[int], list[int]]:
    """fits_before's tables (before, placed) as position masks; allowed[c]: the cells that may
    take colour c."""
    step = allowed[0] << 1
    reached = reach(1, step)
    before, placed = [reached], []
    for j, (length, colour) in enumerate(clue):
        left = (reached << 1) & step if j and clue[j - 1][1] == colour else reached
        here = left & runs_of(allowed[colour], length)
        placed.append(here)
        reached = reach(here << length, step)
        before.append(reached)
    return before, placed


def colour_line_bits(clue, allowed: list[int], n: int) -> list[int]:
    """The bitmask line solver: for each colour, the mask of cells that may take it."""
    k = len(clue)
    before, placed = colour_forward(clue, allowed)
    if not before[k] >> n & 1:
        raise Contradiction(f'no layout of {list(clue)} fits the line')
    mirror, _ = colour_forward(clue[::-1], [reverse_bits(mask, n) for mask in allowed])
    after = [reverse_bits(mirror[k - j], n + 1) for j in range(k + 1)]
    possible = [0] * len(allowed)
    for j in range(k + 1):  # background: j blocks before the cell, the rest after it
        possible[0] |= before[j] & (after[j] >> 1)
    possible[0] &= allowed[0]
    for j, (length, colour) in enumerate(clue):
        right = after[j + 1]  # where the blocks after block j may begin
        if j + 1 < k and clue[j + 1][1] == colour:  # the same colour next: a background cell first
            right = (right >> 1) & allowed[0]
        possible[colour] |= spread(placed[j] & (right >> length), length)
    return possible


# %% [markdown]
# `solve_colour_line_fast` converts, solves and converts back, remembering each answer as in
# lesson 7. It does not check its input: whoever calls it checks the clue once. The clue is a
# tuple of `(length, colour)` tuples, to be a key of the cache.

# %%
def solve_colour_line_fast(clue: tuple, cells: Cells) -> tuple:
    """As solve_colour_line (a tuple of cell sets), on bitmasks, unchecked: `clue` a tuple of
    (length, colour) tuples. Answers are remembered (up to CACHE_LIMIT lines)."""
    key = (clue, tuple(cells))
    if key not in _cache:
        if len(_cache) >= CACHE_LIMIT:
            _cache.clear()
        colours = max(max(cells, default=1).bit_length(), max((c for _, c in clue), default=0) + 1)
        try:
            _cache[key] = fast_masks_to_cells(
                colour_line_bits(clue, fast_cells_to_masks(cells, colours), len(cells)), len(cells))
        except Contradiction as error:
            _cache[key] = str(error)
    if isinstance(_cache[key], str):
        raise Contradiction(_cache[key])
    return _cache[key]


CACHE_LIMIT = 200_000
_cache = {}


# %% [markdown]
# The same check; then the speed that `benchmarks/speed.py` measured on random lines of 100
# cells, every cell unknown (the bitmask solver's cache emptied before each line):

# %% tags=["active-ipynb"]
# by_bits = solver_answers(solve_colour_line_fast, [(tuple(c), cells) for c, cells in samples])
# print('the bitmasks agree with listing layouts:', by_bits == expected)
# from nonobench import read_rows
# for row in read_rows('colour-lines.csv')[-3:]:   # the lines of 100 cells
#     print(f"{row['colours']} colour(s): tables {int(row['dp_lines_per_second']):,} lines/s, "
#           f"bitmasks {int(row['bitmask_lines_per_second']):,} lines/s")

# %% [markdown]
# Per block, the bitmasks do a few operations on whole integers, where the tables visit every cell.
#
# ## What we have learned, and what comes next
#
# - A colour clue is a list of `(length, colour)` blocks; blocks of the same colour need a
#   background cell between them, others may touch.
# - A cell is a set of colours, so a line can pass on "not blue" without deciding the cell.
# - Three line solvers agree: by listing layouts, by lesson 2's tables, by lesson 6's bitmasks.
#
# Next, lesson 14 solves whole colour puzzles.
#
# ## Exercises
#
# 1. *Predict, then run.* What does `solve_line_by_layouts` make of `1 red, 1 red` on three unknown
#    cells, and of `1 red, 1 blue` on two? Write them as `show_cells` would, then run both.
# 2. Type a picture of your own with `text_picture` (a flag, a fruit) and print its row clues.
#    Which row has the least room to move, its length minus its `shortest_line`? Show with
#    `solve_colour_line` that a row with no room is decided by its clue alone.
# 3. *Prove it.* On `n` cells, `1 red, 1 blue` has `n (n - 1) / 2` layouts and `1 red, 1 red` has
#    `(n - 1) (n - 2) / 2`. Prove both; check them with `colour_layouts` for `n` up to 10.
# 4. *Extend.* Solve a lesson 2 line (cells 1, 0 or `None`) with `solve_colour_line`, as a colour
#    line with one colour, and check it against lesson 2's `solve_line` on random lines.
