# %% [markdown]
# # Lesson 12. Colour lines
#
# Many published nonograms are in colour. Each block of a clue has a length *and* a colour; the
# background (usually white) is a colour of its own. One rule changes: neighbouring blocks of the
# same colour need a background cell between them, but blocks of different colours may touch, so `2
# red, 1 blue` on five cells can be `rrb..`. Black and white is the case of one colour.
#
# By the end of this lesson you will be able to
#
# - write the clue of a colour line, and type a colour picture as text;
# - solve a colour line by listing its layouts, and say what it can learn that a black-and-white
#   line cannot;
# - solve it with lesson 2's tables and with lesson 6's bitmasks, in colour, and check that the
#   three solvers agree.
#
# This notebook is the module `nonocolourline`.

# %%
"""Lesson 12 of the nonogram tutorial, colour lines: colour clues, and three colour line solvers
that agree (notebooks/nonocolourline.ipynb is the readable version)."""

from collections.abc import Iterator
from itertools import accumulate, groupby

from nonocheck import check_colour_line, check_colour_picture, check_colour_text, shortest_line
from nonobits import reach, reverse_bits, runs_of, spread
from nonovector import Contradiction

# %% [markdown]
# ## Colour clues
#
# A finished line is a list of colour numbers: `0` the background, `1, 2, ...` the colours. Its clue
# lists its runs of one colour, each a block `(length, colour)`. While solving, a cell is the *set*
# of colours it may still take, a bitmask: bit `c` for colour `c`, so "background or colour 2" is
# `0b101`. It is decided when one bit is left, and unknown (as in lessons 1 to 4) while it may be
# any colour. The `check_colour_...` functions are the library's input checks (module `nonocheck`):
# each returns its input cleaned up or raises `PuzzleError`.

# %%
ColourClue = list[tuple[int, int]]  # blocks (length, colour); [] is an empty line
Cells = list[int]                   # while solving: per cell, the bitmask of colours it may take


def colour_clue(line) -> ColourClue:
    """The clue of a finished line of colour numbers (0 = background)."""
    return [(len(list(run)), colour) for colour, run in groupby(line) if colour]


def colour_clues(picture) -> tuple[list[ColourClue], list[ColourClue]]:
    """(row clues, column clues) of a picture given as rows of colour numbers."""
    grid = check_colour_picture(picture)
    return [colour_clue(row) for row in grid], [colour_clue(col) for col in zip(*grid)]


def text_picture(text: str, alphabet: str) -> list[list[int]]:
    """Rows of colour numbers from text, one character per cell: the k-th character of
    `alphabet` is colour k (the first, colour 0, is the background)."""
    return [[alphabet.index(char) for char in row] for row in check_colour_text(text, alphabet)]


# %% [markdown]
# `shortest_line` (in `nonocheck`, with the checks that need it) counts the blocks' cells and a
# background cell between neighbours of the same colour.
#
# Our first colour picture, drawn for this lesson: a mushroom, 7 rows x 8 columns, red with white
# spots and stem and two black gills, on pale blue. Typed as text (`.` the background, `r` red, `k`
# black, `w` white), with its colours as RGB values, and its first rows' clues:

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
# names = {1: 'red', 2: 'black', 3: 'white'}
# for r, clue in enumerate(mushroom_rows[:3]):
#     print(f'row {r}:', ', '.join(f'{length} {names[colour]}' for length, colour in clue))
# print('shortest line of row 1:', shortest_line(mushroom_rows[1]), 'cells of', len(MUSHROOM[1]))

# %% [markdown]
# In row 1, red and the white spot touch: three blocks in six cells. The library module `nonodraw`
# draws a picture with its clues as webpbn does, each number on a square of its block's colour, with
# a thick line every five cells to help counting. `name_colours` names the RGB values after the
# nearest common colours; `sets=False` says the grid holds colour numbers, not sets:

# %% tags=["active-ipynb"]
# import matplotlib.pyplot as plt
# from nonodraw import draw_colour_grid, name_colours
# draw_colour_grid(MUSHROOM, mushroom_rows, mushroom_cols, name_colours(MUSHROOM_RGB), sets=False,
#                  title='the mushroom, 7x8, and its clues')
# plt.show()

# %% [markdown]
# ## Lines, the obviously right way
#
# The obviously right solver is lesson 1's: list every layout of the clue, keep those that every
# cell allows, and give each cell the set of colours that the kept layouts put there. `show_cells`
# prints a line: a decided cell as its colour's character, `?` when unknown, else the set in
# brackets.

# %%
def colour_layouts(clue: ColourClue, cells: int) -> Iterator[list[int]]:
    """Every finished line of `cells` cells whose clue is `clue`, in order (a generator)."""
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


def show_cells(cells: Cells, alphabet: str) -> str:
    """A line as text: a decided cell as its colour's character, an unknown one (any colour of
    `alphabet`) as '?', else the set of characters it may be, in brackets."""
    sets = [''.join(char for c, char in enumerate(alphabet) if cell >> c & 1) for cell in cells]
    return ''.join(s if len(s) == 1 else '?' if s == alphabet else f'[{s}]' for s in sets)


# %% [markdown]
# ## What a colour line learns
#
# Three small lines (`.` background, `r` red, `b` blue):
#
# - `1 red, 1 blue` on four unknown cells. In black and white, `1 1` on four cells learns nothing.
#   In colour no cell is decided either, but the first cell cannot be blue and the last cannot be
#   red.
# - The same line, when its column has said that cell 0 is not red (`[.b]`): cell 0 is background,
#   since blue cannot come first.
# - `2 red` on four cells, when its column has said that cell 1 is not background (`[rb]`): cell 1
#   is red, wherever the block starts.

# %% tags=["active-ipynb"]
# alphabet, unknown = '.rb', 0b111
# print('layouts of 1r 1b in 4 cells:', ' '.join(
#     show_cells([1 << colour for colour in layout], alphabet)
#     for layout in colour_layouts([(1, 1), (1, 2)], 4)))
# examples = [([(1, 1), (1, 2)], [unknown] * 4),
#             ([(1, 1), (1, 2)], [0b101, unknown, unknown, unknown]),
#             ([(2, 1)], [unknown, 0b110, unknown, unknown])]
# for clue, cells in examples:
#     print(f'{str(clue):>16} on {show_cells(cells, alphabet):<10} ->',
#           show_cells(solve_line_by_layouts(clue, cells), alphabet))

# %% [markdown]
# A colour line learns pieces smaller than a decided cell, such as "not blue", and passes them to
# its crossing lines; black and white cannot say "not blue".
#
# ## The before/after tables in colour
#
# Listing layouts explodes with the line's length, as in lesson 1; the cure is lesson 2's tables,
# with two changes. A block of colour `c` fits at `s` if cells `s .. s + L - 1` all allow `c` (a
# pass from the right counts, for each cell, how many cells in a row from it allow `c`). And block
# `j` may start right after block `j - 1` only if their colours differ, else cell `s - 1` must be
# background.
#
# `fits_before` computes `before[j][p]` (the first `j` blocks fit in cells `0 .. p - 1`, the rest
# background) and `placed[j][s]` (block `j` fits at `s`, the first `j` blocks on its left).
# `after[j][p]` (blocks `j` onwards fit in cells `p` onwards) is the mirror image's `before`, read
# backwards, as in lesson 2. Cell `p` may be background if it allows it and, for some `j`,
# `before[j][p]` and `after[j][p + 1]`. Block `j` may sit at `s` if `placed[j][s]` and the next
# blocks fit from its end on (one cell later, past a background cell, if the next block has its
# colour); a difference array marks the cells it covers.

# %%
def fits_before(clue: ColourClue, cells: Cells) -> tuple[list[list[bool]], list[list[bool]]]:
    """The forward tables (before, placed) described above, for a line of cell bitmasks."""
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
    possible = [0] * n
    for p in range(n):
        if cells[p] & 1 and any(before[j][p] and after[j][p + 1] for j in range(k + 1)):
            possible[p] = 1
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
# The two solvers must agree. The test suite compares them on every small line (up to four cells, up
# to three colours) and on random lines of up to fourteen cells in nine colours. Here, 2,000 random
# lines from the library's `random_colour_lines`, whose cell sets often miss the picture's colours,
# so that some lines have no layout that fits. `answer` makes results comparable:

# %% tags=["active-ipynb"]
# from nonocheck import random_colour_lines
# def answer(solver, clue, cells):
#     """A solver's answer as a tuple of cell sets, or 'contradiction'."""
#     try:
#         return tuple(solver(clue, cells))
#     except Contradiction:
#         return 'contradiction'
#
# samples = [(colour_clue(picture), cells) for picture, cells in random_colour_lines(2000, seed=8)]
# expected = [answer(solve_line_by_layouts, clue, cells) for clue, cells in samples]
# print(sum(answer(solve_colour_line, clue, cells) == want
#           for (clue, cells), want in zip(samples, expected)), 'of', len(samples),
#       'random lines agree;', expected.count('contradiction'), 'of them have no layout that fits')

# %% [markdown]
# ## The fast solver: bitmasks again
#
# Lesson 6 turned lesson 2's tables into operations on integers, each a set of cells or positions:
# `reach` walks through cells that may be empty, `runs_of` finds where a block fits, `spread` marks
# the cells that starts cover, `reverse_bits` mirrors a mask. Beware: "bitmask" now means two
# things. For the engine, a cell is a set of colours (bit `c`: colour `c`); for this solver, a
# colour is a set of cells (bit `i`: cell `i`), one mask per colour. One line both ways (bit 0 is
# the rightmost digit):

# %%
def cells_to_masks(cells, colours: int) -> list[int]:
    """For each colour, the mask of cells that allow it (bit i for cell i)."""
    return [sum(1 << i for i, cell in enumerate(cells) if cell >> c & 1) for c in range(colours)]


def masks_to_cells(possible: list[int], n: int) -> tuple:
    """The cell sets (a tuple of bitmasks) from one mask of cells per colour."""
    return tuple(sum(1 << c for c, mask in enumerate(possible) if mask >> i & 1) for i in range(n))


# %% tags=["active-ipynb"]
# line = [0b010, 0b111, 0b101]
# print(show_cells(line, '.rb'), '| cells:', ' '.join(f'{cell:03b}' for cell in line),
#       '| colours:', ', '.join(f'{char} {mask:03b}'
#                               for char, mask in zip('.rb', cells_to_masks(line, 3))))

# %% [markdown]
# Both conversions run on every line the fast solver meets, and a loop per cell and colour is what
# Python does slowly. Where a cell's set fits a byte (up to eight colours), a table of the 256
# bytes turns all cells into one colour's mask in one `bytes.translate`, and back in one
# `int.from_bytes`: the same answers (checked below on every line of four cells in three
# colours), several times faster.

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


# %% tags=["active-ipynb"]
# from itertools import product
# lines = [list(cells) for cells in product(range(1, 8), repeat=4)]
# assert all(fast_cells_to_masks(cells, 3) == cells_to_masks(cells, 3) and
#            fast_masks_to_cells(cells_to_masks(cells, 3), 4) == tuple(cells) for cells in lines)
# print(f'the byte tables agree with the plain conversions on all {len(lines)} lines')

# %% [markdown]
# In the example above, cell 1 may be anything (`111`); red is allowed in cells 0 and 1 (`011`). With the mask of cells
# that allow colour `c` in place of lesson 6's "may be filled", the forward pass is lesson 6's: `step`
# allows a walk from position `p - 1` to `p` when cell `p - 1` may be background; after a block of
# the same colour, a block may start only past a background cell (`(reached << 1) & step`). The
# answer is read with lesson 6's formulas: `after[j]` is the mirror's `before[k - j]` reversed over
# `n + 1` positions; a cell may be background where `before[j] & (after[j] >> 1)`; block `j` may
# start where `placed[j]` holds and the next blocks fit from its end on (`right >> L`).

# %%
def colour_forward(clue, allowed: list[int]) -> tuple[list[int], list[int]]:
    """The forward pass on bitmasks: allowed[c] holds the cells that may take colour c. Returns
    (before, placed), each a list of position masks, as fits_before's tables."""
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
# `solve_colour_line_fast` is what an engine calls: cell sets to masks, solve, and back, each answer
# remembered as in lesson 7, since an engine asks the same lines again and again. It trusts the
# engine, which checks its puzzle once, and takes the clue as a tuple of `(length, colour)` tuples,
# to be a key of the cache.

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
# The same check; then the lines solved per second on lines of 30 and 100 cells (random pictures in
# three colours, every cell unknown), by the library's `lines_per_second` (module `nonobench`),
# which empties the cache before each run. Timings vary.

# %% tags=["active-ipynb"]
# print(sum(answer(lambda clue, cells: solve_colour_line_fast(tuple(clue), cells), clue, cells)
#           == want for (clue, cells), want in zip(samples, expected)), 'of', len(samples),
#       'random lines: the bitmask solver agrees with listing layouts')

# %% tags=["active-ipynb", "nbval-ignore-output"]
# import random
# from nonobench import lines_per_second
#
# speed_rng = random.Random(4)
# for n in (30, 100):
#     pictures = [[speed_rng.choice([0, 0, 1, 2, 3]) for _ in range(n)] for _ in range(300)]
#     lines = [(tuple(colour_clue(picture)), [0b1111] * n) for picture in pictures]
#     dp = lines_per_second(solve_colour_line, lines)
#     fast = lines_per_second(solve_colour_line_fast, lines, setup=_cache.clear)
#     print(f'{n} cells: tables {dp:,.0f} lines/s, bitmasks {fast:,.0f} lines/s ({fast / dp:.0f}x)')

# %% [markdown]
# The bitmask solver is several times faster, more so on longer lines: per block it does a few
# operations on whole integers, where the tables visit every cell.
#
# ## What we have learned, and what comes next
#
# - A colour clue is a list of `(length, colour)` blocks; blocks of the same colour need a
#   background cell between them, others may touch.
# - While solving, a cell is a set of colours, so a line can pass on "not blue" without deciding a
#   cell.
# - Three line solvers agree: `solve_line_by_layouts` (the obviously right one), `solve_colour_line`
#   (lesson 2's tables) and `solve_colour_line_fast` (lesson 6's bitmasks, with a cache).
#
# Next, lesson 13 hands the fast solver to lesson 4's engine and to SAT, and solves whole colour
# puzzles.
#
# ## Exercises
#
# 1. *Predict, then run.* What does `solve_line_by_layouts` make of `1 red, 1 red` on three unknown
#    cells, and of `1 red, 1 blue` on two? Write your answers as `show_cells` would, then run both.
# 2. Type a picture of your own with `text_picture` (a flag, a fruit) and print its clues. Which row
#    has the most blocks for its length (compare `shortest_line` with the row's length)?
# 3. *Prove it.* On `n` cells, `1 red, 1 blue` has `n (n - 1) / 2` layouts and `1 red, 1 red` has
#    `(n - 1) (n - 2) / 2`. Prove both; check them with `colour_layouts` for `n` up to 10.
# 4. *Extend.* A black-and-white line is a colour line with one colour. Write a function that
#    solves a lesson 2 line (cells 1, 0 or `None`) with `solve_colour_line`, converting the clue,
#    the cells and the answer, and check it against lesson 2's `solve_line` on random lines.
