# %% [markdown]
# # Chapter 8. Colour
#
# Many published nonograms are in colour. Each block of a clue has a length *and* a colour, and
# the background (usually white) is a colour of its own. One rule changes: two consecutive
# blocks of the same colour need at least one background cell between them, but blocks of
# different colours may touch. A row `2 red, 1 blue` can therefore be `rrb..` as well as
# `rr.b.`. Black and white is the case of one colour.
#
# Everything built so far carries over, and this chapter shows how little has to change:
#
# 1. colour clues, and lines solved by listing their layouts (the obviously right version);
# 2. chapter 1's before/after tables in colour: a complete line solver, and a fast one on
#    bitmasks built from chapter 4's pieces;
# 3. chapter 2's engine, unchanged: only what a cell may be, and what probes make certain, are
#    new;
# 4. chapter 6's SAT solver and race, with a colour formula;
# 5. drawings in colour, and the verdicts of colour puzzles.
#
# This notebook is also the module `nonocolour`. The next chapter reads colour puzzle files and
# makes colour puzzles from pictures; the last one solves them with the `nonogram` command.

# %%
"""Colour nonograms: clues, line solvers, the engine, SAT, files and pictures in colour.

Chapter 8 of the nonogram tutorial (notebooks/nonocolour.ipynb is the readable version).
A colour clue is a list of blocks (length, colour), colours numbered from 1 (0 is the
background); a solved grid is a list of rows of colour numbers. While solving, a cell is the set
of colours it may still take, as a bitmask (bit c for colour c).
Lines: colour_clue, colour_layouts, solve_line_by_layouts, solve_colour_line (the DP),
solve_colour_line_fast (bitmasks). Puzzles: colour_clues, text_picture, ColourEngine,
solutions, solve, analyse (chapter 2's Verdict), colour_sat_solutions, find_solutions (chapter
6's race). Colours and drawings: Colour, name_colours, draw_colour_grid,
draw_colour_steps. (Colour files and pictures: chapter 9, nonocolourfiles.) Errors:
nonocheck.PuzzleError (a malformed puzzle), nonovector.Contradiction (no layout fits).
"""

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import islice

import nonosat
from nonoengine import first_in_first_out_on_time
from nonofast import reach, reverse_bits, runs_of, spread
from nonocheck import PuzzleError
from nonodraw import Colour, SPARE_CHARS, colour_number, name_colours, visible_char  # noqa: F401
from nonoprobe import Engine, Verdict, best_probe
from nonovector import Contradiction

# %% [markdown]
# ## Colour clues
#
# A finished line is a list of colour numbers: `0` for the background, `1, 2, ...` for the
# colours. Its clue lists its runs of one colour, each as a block `(length, colour)`. The
# shortest line that holds a clue has the blocks' cells plus one background cell between each
# two neighbours of the same colour.

# %%
ColourClue = list[tuple[int, int]]  # blocks (length, colour); [] is an empty line
Cells = list[int]                   # while solving: per cell, the bitmask of colours it may take


def colour_clue(line) -> ColourClue:
    """The clue of a finished line of colour numbers (0 = background)."""
    clue, previous = [], 0
    for colour in line:
        if colour and colour == previous:
            clue[-1] = (clue[-1][0] + 1, colour)
        elif colour:
            clue.append((1, colour))
        previous = colour
    return clue


def shortest_line(clue: ColourClue) -> int:
    """The fewest cells that hold the clue: its blocks, and a gap between same-coloured ones."""
    gaps = sum(1 for (_, a), (_, b) in zip(clue, clue[1:]) if a == b)
    return sum(length for length, _ in clue) + gaps


def check_colour_clue(clue, kind: str, index: int, cells: int) -> tuple:
    """A colour clue as a tuple of (length, colour) pairs that fit `cells` cells, or PuzzleError."""
    where = f'{kind} {index}'.strip()
    if isinstance(clue, (str, bytes)) or not hasattr(clue, '__iter__'):
        raise PuzzleError(f'{where}: a colour clue is a list of (length, colour) blocks, '
                          f'not {clue!r}')
    blocks = []
    for block in clue:
        if not (isinstance(block, (tuple, list)) and len(block) == 2 and all(
                isinstance(n, int) and not isinstance(n, bool) and n > 0 for n in block)):
            raise PuzzleError(f'{where}: block {block!r} is not a (length, colour) pair '
                              'of whole numbers at least 1')
        blocks.append(tuple(block))
    if shortest_line(blocks) > cells:
        raise PuzzleError(f'{where}: the clue needs {shortest_line(blocks)} cells, '
                          f'the line has {cells}')
    return tuple(blocks)


def colour_clues(picture) -> tuple[list[ColourClue], list[ColourClue]]:
    """(row clues, column clues) of a picture given as rows of colour numbers."""
    grid = check_colour_picture(picture)
    return [colour_clue(row) for row in grid], [colour_clue(col) for col in zip(*grid)]


def check_colour_picture(picture) -> list[list[int]]:
    """A picture as a fresh list of rows of colour numbers, or PuzzleError naming the fault."""
    if isinstance(picture, (str, bytes)) or not picture or not all(
            isinstance(row, (list, tuple)) and row for row in picture):
        raise PuzzleError('a colour picture is a non-empty list of non-empty rows of colour numbers')
    width = len(picture[0])
    for r, row in enumerate(picture):
        if len(row) != width:
            raise PuzzleError(f'row {r} of the picture has {len(row)} cells, row 0 has {width}')
        for c, colour in enumerate(row):
            if isinstance(colour, bool) or not isinstance(colour, int) or colour < 0:
                raise PuzzleError(f'cell ({r}, {c}) of the picture is {colour!r}, not a colour '
                                  'number (0 for the background)')
    return [list(row) for row in picture]


# %% [markdown]
# Pictures are easiest to type as text, one character per cell. `text_picture` reads them with
# an alphabet whose first character is the background. A small example: a red mushroom with
# white (`w`) spots and stem and two black (`k`) gills, on the background `.`. The first rows'
# clues, in words:

# %%
def text_picture(text: str, alphabet: str) -> list[list[int]]:
    """Rows of colour numbers from text: the k-th character of `alphabet` is colour k (the first,
    colour 0, is the background). Blank lines and surrounding spaces are ignored."""
    if not isinstance(text, str) or not isinstance(alphabet, str) or len(set(alphabet)) != len(
            alphabet):
        raise PuzzleError(f'text_picture needs text and an alphabet of distinct characters, '
                          f'not {text!r} and {alphabet!r}')
    rows = [line.strip() for line in text.strip().splitlines() if line.strip()]
    for r, row in enumerate(rows):
        for char in row:
            if char not in alphabet:
                raise PuzzleError(f'row {r} of the picture has {char!r}, not one of {alphabet!r}')
    return check_colour_picture([[alphabet.index(char) for char in row] for row in rows])


# %% tags=["active-ipynb"]
# mushroom_text = '''
# ..rrrr..
# .rrwrrr.
# rrrrrwrr
# rwrrrrrr
# ..kwwk..
# ..wwww..
# ..wwww..
# '''
# mushroom = text_picture(mushroom_text, '.rkw')
# mushroom_rows, mushroom_cols = colour_clues(mushroom)
# names = {1: 'red', 2: 'black', 3: 'white'}
# for r, clue in enumerate(mushroom_rows[:3]):
#     print(f'row {r}:', ', '.join(f'{length} {names[colour]}' for length, colour in clue))

# %% [markdown]
# The white of the spots is a colour like any other, distinct from the background: a puzzle may
# well have a pale blue background and white cells. In row 1 the red cells and the white spot
# touch, with no background between them: the clue is `2 red, 1 white, 3 red`, three blocks.
#
# ## Drawing in colour
#
# A colour of a puzzle has a name, a character that stands for it in text, and an RGB value
# (`Colour`); `name_colours` names RGB values after the nearest of a few named colours. Then
# `draw_colour_grid` draws a grid of cell sets in the puzzle's own colours: a decided cell in its
# colour, an open cell grey with a stripe of each colour it may still take. Clues are
# drawn as on webpbn: each block's number on a square of its colour, in black or white,
# whichever reads better on it. `draw_colour_steps` draws a sequence of grids side by side, the
# cells each step narrowed outlined in magenta (unless the step narrowed every cell).

# %% tags=["active-ipynb"]
# import matplotlib.pyplot as plt
# from nonodraw import draw_colour_grid, draw_colour_steps
#
# mushroom_colours = name_colours(['bfe3ff', 'd62728', '000000', 'ffffff'])
# print('the colours, named:', [colour.name for colour in mushroom_colours])
# draw_colour_grid(mushroom, mushroom_rows, mushroom_cols, mushroom_colours, sets=False,
#                  title='the mushroom and its clues')
# plt.show()

# %% [markdown]
# ## Lines, the obviously right way
#
# While a puzzle is being solved, a cell is no longer "filled, empty or unknown" but a *set* of
# colours it may still take. A set of colours is a bitmask: bit `c` stands for colour `c`, so a
# cell that may be background or colour 2 is `0b101 = 5`, and an unknown cell of a puzzle with
# colours 0 to 3 is `0b1111 = 15`. A cell is decided when one bit is left.
#
# The obviously right line solver lists every layout of the clue (each block, in order, at each
# place where it still fits), keeps those that every cell allows, and gives each cell the set
# of colours that the kept layouts put there. `show_cells` prints a line with one character per
# cell: the colour's character when decided, else `?` for a cell that may still be anything, or
# the set in brackets.

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


def check_colour_line(clue, cells) -> tuple:
    """The clue checked against the line (PuzzleError if malformed or too long); the cells must
    be sets of colours, positive whole numbers."""
    if isinstance(cells, (str, bytes)) or not hasattr(cells, '__len__') or any(
            isinstance(cell, bool) or not isinstance(cell, int) or cell < 1 for cell in cells):
        raise PuzzleError(f'a line is a list of colour sets (bitmasks at least 1), not {cells!r}')
    return check_colour_clue(clue, 'the line', '', len(cells))


def solve_line_by_layouts(clue: ColourClue, cells: Cells) -> Cells:
    """Each cell's colours that some layout fitting the line puts there (by listing layouts);
    raises Contradiction if no layout fits."""
    clue = list(check_colour_line(clue, cells))
    possible, found = [0] * len(cells), False
    for layout in colour_layouts(clue, len(cells)):
        if all(cell >> colour & 1 for cell, colour in zip(cells, layout)):
            found = True
            for i, colour in enumerate(layout):
                possible[i] |= 1 << colour
    if not found:
        raise Contradiction(f'no layout of {clue} fits the line')
    return possible


def show_cells(cells: Cells, alphabet: str) -> str:
    """A line as text: a decided cell as its colour's character, an open one as '?' if it may
    be any colour of `alphabet`, else as the set of characters it may be, in brackets."""
    everything = (1 << len(alphabet)) - 1
    out = []
    for cell in cells:
        chars = ''.join(char for c, char in enumerate(alphabet) if cell >> c & 1)
        out.append(chars if len(chars) == 1 else '?' if cell == everything else f'[{chars}]')
    return ''.join(out)


# %% [markdown]
# ## Why colour makes lines easier
#
# Three small lines show what colour adds, with `.` for the background, `r` red and `b` blue.
#
# - The clue `1 red, 1 blue` on four open cells. In black and white, `1 1` on four cells decides
#   nothing, and there is nothing else it could say: each cell is filled in some layout and
#   empty in another. In colour no cell is decided either, but the line learns a lot: the first
#   cell cannot be blue and the last cannot be red, since red comes first.
# - The same line, when its column has told cell 0 that it is not red (`[.b]`): then cell 0 is
#   background, since a blue cell cannot come first.
# - The clue `2 red` on four cells, when the column has said that cell 1 is not background
#   (`[rb]`). Cell 1 is red: its colour is decided, although the block may still start at cell
#   0 or at cell 1.
#
# Colour knowledge comes in pieces smaller than a decided cell, and the crossing lines pass
# those pieces to each other: black and white has no way to say "not blue". (Two different
# colours may also touch, so a line holds more blocks; the solver below has to get that rule
# right.)

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
# ## The before/after tables in colour
#
# Listing layouts is exact but explodes with the line's length, exactly as in chapter 1. The
# cure is the same: for each block count `j` and position `p`, decide once whether the first
# `j` blocks fit in the cells before `p`. Two things change from chapter 1:
#
# - a block of colour `c` fits at `s` if cells `s .. s + L - 1` all allow `c`: for each block,
#   one pass from the right end counts how many cells in a row from each cell allow its colour;
# - block `j` may start right after block `j - 1` if their colours differ; if they are the
#   same, cell `s - 1` must be background.
#
# `fits_before` computes two tables: `before[j][p]` says that the first `j` blocks fit in the
# cells before position `p` (the cells after the last of them being background), and
# `placed[j][s]` that block `j` fits at cell `s` with the first `j` blocks fitting on its left. The right side is the same
# computation on the mirror image, as in chapter 1. Then:
#
# - block `j` can sit at `s` if it can be placed there from the left, and its mirror image can
#   be placed from the right: every cell it covers may take its colour (a difference array marks
#   the covered cells in one pass);
# - cell `p` may be background if it allows background and, for some `j`, the first `j` blocks
#   fit before `p` and the rest fit after it.

# %%
def fits_before(clue: ColourClue, cells: Cells) -> tuple[list[list[bool]], list[list[bool]]]:
    """The forward tables (before, placed) described above, for a line of cell bitmasks."""
    n = len(cells)
    background = [cell & 1 for cell in cells]
    before = [[False] * (n + 1) for _ in range(len(clue) + 1)]
    before[0][0] = True
    for p in range(1, n + 1):
        before[0][p] = before[0][p - 1] and background[p - 1]
    placed = []
    for j, (length, colour) in enumerate(clue):
        same = j > 0 and clue[j - 1][1] == colour
        run = [0] * (n + 1)  # run[i]: how many cells from i on allow this colour
        for i in reversed(range(n)):
            run[i] = run[i + 1] + 1 if cells[i] >> colour & 1 else 0
        here = [False] * (n + 1)
        for s in range(n - length + 1):
            left = (s > 0 and before[j][s - 1] and background[s - 1]) if same else before[j][s]
            here[s] = bool(left) and run[s] >= length
        placed.append(here)
        row = before[j + 1]
        for p in range(1, n + 1):
            row[p] = (p >= length and here[p - length]) or (row[p - 1] and bool(background[p - 1]))
    return before, placed


def solve_colour_line(clue: ColourClue, cells: Cells) -> Cells:
    """Each cell's colours that some layout fitting the line puts there, by the before/after
    tables in O(cells x blocks) steps; raises Contradiction if no layout fits."""
    clue = list(check_colour_line(clue, cells))
    n, k = len(cells), len(clue)
    before, placed = fits_before(clue, cells)
    if not before[k][n]:
        raise Contradiction(f'no layout of {clue} fits the line')
    after, placed_mirror = fits_before(clue[::-1], cells[::-1])
    possible = [0] * n
    for p in range(n):
        if cells[p] & 1 and any(before[j][p] and after[k - j][n - p - 1] for j in range(k + 1)):
            possible[p] = 1
    for j, (length, colour) in enumerate(clue):
        covered = [0] * (n + 1)  # a difference array: +1 where a placement starts, -1 after it
        for s in range(n - length + 1):
            if placed[j][s] and placed_mirror[k - 1 - j][n - s - length]:
                covered[s] += 1
                covered[s + length] -= 1
        running = 0
        for i in range(n):
            running += covered[i]
            if running:
                possible[i] |= 1 << colour
    return possible


# %% [markdown]
# The two solvers must agree. The test suite compares them on every clue that fits and every
# combination of cell sets, for lines of up to three cells in three colours and of four cells in
# two (with the background), and on random lines of up to fourteen cells in up to nine colours;
# here, a sample of random lines, some of which no layout fits:

# %% tags=["active-ipynb"]
# import random
#
#
# def random_colour_line(rng, cells, colours):
#     """A random clue that fits `cells` cells, and a random line state that may or may not fit."""
#     picture = [rng.choice(range(colours + 1)) for _ in range(cells)]
#     state = [rng.choice(range(1, 1 << (colours + 1))) | (1 << c) * (rng.random() < 0.7)
#              for c in picture]
#     return colour_clue(picture), state
#
#
# def agree(clue, cells):
#     """Do the two solvers give the same answer (the same sets, or both a contradiction)?"""
#     answers = []
#     for solver in (solve_line_by_layouts, solve_colour_line):
#         try:
#             answers.append(solver(clue, cells))
#         except Contradiction:
#             answers.append('contradiction')
#     return answers[0] == answers[1]
#
#
# rng = random.Random(8)
# samples = [random_colour_line(rng, rng.randint(1, 12), rng.randint(1, 4)) for _ in range(2000)]
# def fits(clue, cells):
#     """Does some layout fit the line?"""
#     try:
#         return bool(solve_line_by_layouts(clue, cells))
#     except Contradiction:
#         return False
#
#
# print(sum(agree(*sample) for sample in samples), 'of', len(samples), 'random lines agree;',
#       sum(not fits(*sample) for sample in samples), 'of them have no layout that fits')

# %% [markdown]
# ## The fast solver: bitmasks again
#
# Chapter 4 turned chapter 1's tables into a few operations on Python integers: a set of
# positions is one integer, `reach` walks through background cells with one addition,
# `runs_of` finds where a block fits and `spread` marks the cells a set of starts covers. The
# colour tables are the same tables with one set of "may be colour `c`" cells per colour, so
# the same pieces do the work. The forward sweep over the blocks:
#
# - `step` allows a walk from position `p - 1` to `p` when cell `p - 1` may be background;
# - the starts allowed on the left are the reachable positions (a different colour before, or
#   the first block), or those just after a background cell (`(reached << 1) & step`, same
#   colour before);
# - `& runs_of(allowed[colour], L)` keeps the starts where the block fits; shifted by `L` and
#   walked on, they are the next `before`.
#
# The answer is read as in chapter 4, one integer per colour, and turned back into cell sets.
# Those two conversions would cost a Python loop over every cell and colour; `bytes.translate`
# does them in C for up to eight colours.

# %%
def colour_sweep(clue, allowed: list[int]) -> tuple[list[int], list[int]]:
    """Forward sweep on bitmasks: allowed[c] holds the cells that may take colour c. Returns
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
    before, placed = colour_sweep(clue, allowed)
    if not before[k] >> n & 1:
        raise Contradiction(f'no layout of {list(clue)} fits the line')
    after, placed_mirror = colour_sweep(clue[::-1], [reverse_bits(mask, n) for mask in allowed])
    possible = [0] * len(allowed)
    for j in range(k + 1):  # background: j blocks before p, the rest after it
        possible[0] |= before[j] & (reverse_bits(after[k - j], n + 1) >> 1)
    possible[0] &= allowed[0]
    for j, (length, colour) in enumerate(clue):
        good = placed[j] & (reverse_bits(placed_mirror[k - 1 - j], n) >> (length - 1))
        possible[colour] |= spread(good, length)
    return possible


TO_BITS = [bytes(ord('1') if byte >> c & 1 else ord('0') for byte in range(256)) for c in range(8)]
ONES = bytes(range(256)).maketrans(b'01', b'\x00\x01')


def cells_to_masks(cells, colours: int) -> list[int]:
    """For each colour, the mask of cells that allow it (bit i for cell i)."""
    if colours <= 8:
        text = bytes(reversed(cells))
        return [int(text.translate(TO_BITS[c]) or b'0', 2) for c in range(colours)]
    return [sum(1 << i for i, cell in enumerate(cells) if cell >> c & 1) for c in range(colours)]


def masks_to_cells(possible: list[int], n: int) -> tuple:
    """The cell sets (a tuple of bitmasks) from one mask of cells per colour."""
    if len(possible) <= 8:
        packed = 0  # byte i of `packed` is cell i's set: each colour's bits placed byte-wise
        for c, mask in enumerate(possible):
            packed |= int.from_bytes(format(mask, f'0{n}b').encode().translate(ONES), 'big') << c
        return tuple(packed.to_bytes(n, 'little'))
    return tuple(sum(1 << c for c, mask in enumerate(possible) if mask >> i & 1)
                 for i in range(n))


def solve_colour_line_fast(clue, cells: Cells) -> tuple:
    """As solve_colour_line (a tuple of cell sets), on bitmasks, for an engine that has checked
    its puzzle: unchecked, `clue` a tuple of (length, colour) tuples as check_colour_clue returns
    it. Results are remembered (up to CACHE_LIMIT lines)."""
    key = (clue, tuple(cells))
    answer = _cache.get(key)
    if answer is None:
        colours = max(max(cells, default=1).bit_length(), max((c for _, c in clue), default=0) + 1)
        try:
            possible = colour_line_bits(clue, cells_to_masks(cells, colours), len(cells))
            answer = masks_to_cells(possible, len(cells))
        except Contradiction as error:
            answer = str(error)
        if len(_cache) >= CACHE_LIMIT:
            _cache.clear()
        _cache[key] = answer
    if isinstance(answer, str):
        raise Contradiction(answer)
    return answer


CACHE_LIMIT = 200_000
_cache = {}


# %% [markdown]
# The same check as before, and then the speed, in lines per second, on lines of 30 and 100
# cells (random pictures in three colours and background, every cell open), for the DP and
# the bitmask solver, with the caches emptied before each run so that they do not flatter. For
# scale, chapter 4's black-and-white solver on the same pictures seen in black and white (a cell
# filled if it has any colour). Timings vary from run to run; `benchmarks/speed.py --parts
# colour` measures them on more lines, and the appendix prints one run.

# %% tags=["active-ipynb"]
# def agree_fast(clue, cells):
#     """Does the bitmask solver give the DP's answer (or a contradiction with it)?"""
#     try:
#         return tuple(solve_colour_line(clue, cells)) == solve_colour_line_fast(tuple(clue), cells)
#     except Contradiction:
#         try:
#             solve_colour_line_fast(tuple(clue), cells)
#         except Contradiction:
#             return True
#         return False
#
#
# print(sum(agree_fast(*sample) for sample in samples), 'of', len(samples), 'agree with the DP')

# %% tags=["active-ipynb", "nbval-ignore-output"]
# import time
#
# import nonofast
#
#
# def lines_per_second(solve, lines, repeats=3):
#     """The best of `repeats` timings of solving every line, as lines per second."""
#     best = float('inf')
#     for _ in range(repeats):
#         _cache.clear()
#         nonofast.cache_clear()
#         start = time.perf_counter()
#         for clue, cells in lines:
#             solve(clue, cells)
#         best = min(best, time.perf_counter() - start)
#     return len(lines) / best
#
#
# speed_rng = random.Random(4)
# for cells in (30, 100):
#     pictures = [[speed_rng.choice([0, 0, 1, 2, 3]) for _ in range(cells)] for _ in range(300)]
#     colour_lines = [(tuple(colour_clue(p)), [0b1111] * cells) for p in pictures]
#     bw_lines = [(tuple(nonofast.checked_clue([n for n, _ in colour_clue([int(c > 0) for c in p])],
#                                              cells)), (None,) * cells) for p in pictures]
#     dp = lines_per_second(lambda clue, cells: solve_colour_line(list(clue), cells), colour_lines)
#     fast = lines_per_second(solve_colour_line_fast, colour_lines)
#     bw = lines_per_second(nonofast.solve_checked, bw_lines)
#     print(f'{cells} cells: DP {dp:,.0f} lines/s, bitmasks {fast:,.0f} lines/s '
#           f'({fast / dp:.0f}x), chapter 4 on the same lines in black and white {bw:,.0f} lines/s')

# %% [markdown]
# The bitmask solver is several times faster than the DP, and more so on longer lines. It stays
# slower than chapter 4's solver, which keeps one pair of masks where colour keeps one mask per
# colour, and which sees fewer blocks on these pictures (neighbouring colours merge into one
# black block).
#
# ## The engine, in colour
#
# Chapter 2's engine never looks inside a cell. It asks its line solver what a line allows,
# writes every change into the grid, and for probing and search it asks two methods:
# `choices`, the values a cell may still take, and `certain`, what the probes of a cell make
# certain. In black and white, `choices` of an unknown cell is `(1, 0)`, and a probe's cells are
# certain if both values agree on them. In colour, `choices` is the colours left in the cell's
# set, each as a one-colour set; and what the probes make certain is the *union*: a cell can
# only end up with a colour that some surviving probe left it. If probing red leaves a cell
# `{red}` and probing blue leaves it `{blue, background}`, the cell is not green, whatever
# happens. With one colour the union is chapter 2's rule again.
#
# `ColourEngine` is chapter 2's `Engine` with these two methods, a check of colour puzzles, the
# colour line solver, and three strategies: probe first the cells with fewest colours left;
# when probing is off, guess there too; and chapter 5's `first_in_first_out_on_time`, which
# takes lines as chapter 2 does but checks the time limit every few dozen lines (a big puzzle's
# first propagation would otherwise run past the limit).

# %%
def colour_totals(clues) -> Counter:
    """How many cells of each colour a list of clues asks for."""
    totals = Counter()
    for clue in clues:
        for length, colour in clue:
            totals[colour] += length
    return totals


def check_colour_puzzle(rows, cols, grid=None) -> tuple[list, list, list[list[int]]]:
    """Check a colour puzzle; return (rows, cols, grid of cell sets). Every cell starts with the
    background and all the colours the clues use, or the one its `grid` entry (a colour number,
    None for open) gives."""
    for name, clues in (('rows', rows), ('columns', cols)):
        if isinstance(clues, (str, bytes)) or not hasattr(clues, '__len__') or not clues:
            raise PuzzleError(f'{name} must be a non-empty list of colour clues, not {clues!r}')
    height, width = len(rows), len(cols)
    rows = [check_colour_clue(clue, 'row', r, width) for r, clue in enumerate(rows)]
    cols = [check_colour_clue(clue, 'column', c, height) for c, clue in enumerate(cols)]
    by_rows, by_cols = colour_totals(rows), colour_totals(cols)
    for colour in sorted(set(by_rows) | set(by_cols)):
        if by_rows[colour] != by_cols[colour]:
            raise PuzzleError(f'colour {colour}: the rows need {by_rows[colour]} cells of it, '
                              f'the columns {by_cols[colour]}')
    everything = 1 + sum(1 << colour for colour in by_rows)  # the background, and every colour used
    cells = [[everything] * width for _ in range(height)]
    if grid is not None:
        if isinstance(grid, (str, bytes)) or not hasattr(grid, '__len__') or len(grid) != height \
                or any(not hasattr(row, '__len__') or len(row) != width for row in grid):
            raise PuzzleError(f'the grid must have {height} rows of {width} cells')
        for r, row in enumerate(grid):
            for c, colour in enumerate(row):
                if colour is not None:
                    if isinstance(colour, bool) or not isinstance(colour, int) or colour < 0 \
                            or not everything >> colour & 1:
                        raise PuzzleError(f'grid cell ({r}, {c}) is {colour!r}, not None or a '
                                          'colour number that the clues use')
                    cells[r][c] = 1 << colour
    return rows, cols, cells


def fewest_colours(engine: Engine, grid) -> list[tuple[int, int]]:
    """Strategy for the order of probes: open cells with fewest colours left first, then in
    reading order (the colour default)."""
    open_cells = [(bin(cell).count('1'), r, c) for r, row in enumerate(grid)
                  for c, cell in enumerate(row) if cell & (cell - 1)]
    return [(r, c) for _, r, c in sorted(open_cells)]


def guess_by_probes(engine: Engine, grid) -> tuple[int, int]:
    """Strategy for the cell to guess: lesson 4's best_probe; without probes, the first cell
    of fewest_colours (the colour default)."""
    return best_probe(engine, grid) if engine.last_probes else fewest_colours(engine, grid)[0]


class ColourEngine(Engine):
    """Chapter 2's engine for colour puzzles: cells are sets of colours (bitmasks). Options are
    Engine's; solutions are grids of colour numbers."""
    check_puzzle = staticmethod(check_colour_puzzle)

    def __init__(self, rows, cols, grid=None, *, line_solver=solve_colour_line_fast,
                 next_line=first_in_first_out_on_time, probe_order=fewest_colours,
                 choose_guess=guess_by_probes, **options):
        super().__init__(rows, cols, grid, line_solver=line_solver, next_line=next_line,
                         probe_order=probe_order, choose_guess=choose_guess, **options)

    def choices(self, cell: int) -> tuple:
        """The colours (as one-colour sets) an open cell may take; none if it is decided."""
        if not cell & (cell - 1):
            return ()
        return tuple(1 << c for c in range(cell.bit_length()) if cell >> c & 1)

    def certain(self, grid, outcomes: list) -> dict:
        """What the probes of one cell (one per colour) make certain: for each cell that every
        surviving probe narrowed, the union of their sets, where it is narrower than now."""
        surviving = [outcome for outcome in outcomes if outcome is not None]
        if not surviving:
            raise Contradiction('a cell can take none of its colours')
        sure = {}
        for (r, c), union in surviving[0].items():
            for other in surviving[1:]:
                if (r, c) not in other:
                    break
                union |= other[r, c]
            else:
                if union != grid[r][c]:
                    sure[r, c] = union
        return sure

    def solutions(self) -> Iterator[list[list[int]]]:
        """Every solution, each once, as rows of colour numbers."""
        for solution in super().solutions():
            colours = [[colour_number(cell) for cell in row] for row in solution]
            self.found[-1] = [row[:] for row in colours]
            yield colours


def solutions(rows, cols, grid=None, **options) -> Iterator[list[list[int]]]:
    """Every solution of a colour puzzle (rows of colour numbers), each once. `grid`: known
    cells (colour numbers, None for open). Options as nonoprobe.solutions."""
    return ColourEngine(rows, cols, grid, **options).solutions()


def solve(rows, cols, grid=None, **options) -> list[list[int]]:
    """The first solution found; raises Contradiction if there is none."""
    for solution in solutions(rows, cols, grid, **options):
        return solution
    raise Contradiction('the puzzle has no solution')


def analyse(rows, cols, grid=None, **options) -> Verdict:
    """Chapter 2's verdict for a colour puzzle: none, unique or multiple; line, probing or search."""
    engine = ColourEngine(rows, cols, grid, **options)
    found = list(islice(engine.solutions(), 2))
    return Verdict(['none', 'unique', 'multiple'][len(found)], engine.method, found,
                   engine.nodes, engine.line_solves, engine.probes, engine.seconds())


# %% [markdown]
# The mushroom, solved: one solution, and line logic alone finds it. To watch line logic work in
# colour, here it is in rounds, as chapter 2 first showed it: every row once, then every
# column, again and again, each picture after one round, with the cells that round narrowed
# outlined in magenta. Open cells are grey, with a stripe for each colour still possible.

# %% tags=["active-ipynb"]
# verdict = analyse(mushroom_rows, mushroom_cols)
# print(verdict.describe(), '| the picture:', verdict.solutions == [mushroom])
#
#
# def colour_rounds(rows, cols):
#     """The grid after each round of solving every row, then every column, until it stops changing."""
#     engine = ColourEngine(rows, cols)
#     grid = engine.grid
#     history = [[row[:] for row in grid]]
#     while True:
#         for lines in (range(engine.height), range(engine.height, engine.height + engine.width)):
#             for line in lines:
#                 new = engine.line_solver(engine.clues[line], engine.line_cells(grid, line))
#                 for i, cell in enumerate(new):
#                     r, c = (line, i) if line < engine.height else (i, line - engine.height)
#                     grid[r][c] = cell
#             if grid == history[-1]:
#                 return history
#             history.append([row[:] for row in grid])
#
#
# history = colour_rounds(mushroom_rows, mushroom_cols)
# for k, grid in enumerate(history[1:], 1):
#     print(f'after pass {k}:', sum(cell & (cell - 1) == 0 for row in grid for cell in row),
#           'cells decided,', sum(cell != 0b1111 for row in grid for cell in row), 'narrowed, of 56')
# draw_colour_steps(history, mushroom_rows, mushroom_cols, mushroom_colours, columns=3, size=4,
#                   titles=['start'] + [f'after the {"rows" if k % 2 else "columns"}, round '
#                                       f'{(k + 1) // 2}' for k in range(1, len(history))])
# plt.show()

# %% [markdown]
# After the first pass over the rows, 17 cells are decided (rows 2 and 3, and one more), yet all
# 56 have lost colours, and the columns finish the picture from that. Random noise is another matter. Ten random 20x20
# pictures for each number of colours (each cell equally likely to be the background or any
# colour), with their verdicts:

# %% tags=["active-ipynb"]
# noise_rng = random.Random(20)
# for colours in (1, 2, 3, 4):
#     verdicts = Counter()
#     for _ in range(10):
#         noise = [[noise_rng.randrange(colours + 1) for _ in range(20)] for _ in range(20)]
#         verdict = analyse(*colour_clues(noise), time_limit=60)
#         verdicts[f'{verdict.status} by {verdict.method}'] += 1
#     print(f'{colours} colour{"s" if colours > 1 else " "}:', dict(sorted(verdicts.items())))

# %% [markdown]
# Noise makes poor puzzles in any number of colours: many have several solutions, since noise
# is full of small patches whose colours can be swapped without changing a clue (two cells of a
# row and two of a column, in a square, exchanging colours diagonally). The benchmark's
# `colour` part times such verdicts (the appendix prints them). Pictures with areas of colour,
# as people draw them, are different: the two public colour puzzles that chapter 9 reads
# (*Apples* and the *Union Flag*) and its lighthouse picture are all settled by line logic.

# %% [markdown]
# ## SAT in colour
#
# Chapter 6 wrote a black-and-white puzzle as one Boolean formula: a variable per cell, and for
# each line an automaton whose states say how much of the clue has been matched. Colour needs
# two changes. A cell now has one variable per colour, *one-hot*: exactly one of them is true
# (one clause "at least one", and a clause "not both" for each pair). And the automaton reads
# colours: its tokens are the clue's cells, each its block's colour, with a background token
# `0` between two blocks of the same colour. On a cell of colour `v` it moves on if `v` is the
# next token; it stays put on a background cell before the first block, after the last, after a
# gap token, or between two blocks of different colours (where a gap is allowed but not
# needed). Chapter 6's `automaton_clauses` turns any such automaton into clauses.

# %%
def colour_tokens(clue) -> list[int]:
    """The clue as tokens: its blocks' colours, one per cell, with 0 between same-coloured blocks."""
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


def colour_cnf(rows, cols, grid=None, max_bytes=None) -> tuple[list[list[int]], list[list[list[int]]], int]:
    """The colour puzzle as clauses. Returns (clauses, cell_vars, variables): cell_vars[r][c][v]
    is the variable "cell (r, c) has colour v"; known cells of `grid` become unit clauses. With
    `max_bytes`, a formula estimated to need more memory raises nonosat.EncodingTooBig first."""
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
    states = nonosat.states_within(automata, max_bytes if max_bytes is not None else float('inf'))
    for (clue, line), live in zip(lines, states):
        clauses += nonosat.automaton_clauses(
            colour_tokens(clue), colour_move, colours, lambda t, v, line=line: line[t][v],
            len(line), counter.__next__, states=live)
    return clauses, cell_vars, next(counter) - 1


def colour_sat_solutions(rows, cols, grid=None, *, solver='cadical153',
                         max_bytes=None) -> Iterator[list]:
    """Every solution (rows of colour numbers) of a colour puzzle, each once, by SAT (needs
    python-sat). Raises PuzzleError on a malformed puzzle; with `max_bytes`,
    nonosat.EncodingTooBig if the formula would need more memory."""
    try:
        from pysat.solvers import Solver
    except ImportError:
        raise ImportError(nonosat.SAT_MISSING) from None
    clauses, cell_vars, _ = colour_cnf(rows, cols, grid, max_bytes)
    everything = [var for row in cell_vars for ones in row for var in ones]
    with Solver(name=solver, bootstrap_with=clauses) as sat:
        while sat.solve():
            true = {var for var in sat.get_model() if var > 0}
            yield [[next(v for v, var in enumerate(ones) if var in true) for ones in row]
                   for row in cell_vars]
            sat.add_clause([-var for var in everything if var in true])


def find_solutions(rows, cols, grid=None, **options) -> nonosat.Answer:
    """Chapter 6's race for a colour puzzle: the colour engine, and colour SAT joining it. Options
    as nonosat.find_solutions (count, timeout, engine_seconds, use_engine, use_sat, sat_memory)."""
    return nonosat.find_solutions(rows, cols, grid, engine=ColourEngine,
                                  sat=colour_sat_solutions, **options)


# %% [markdown]
# The clues `1 red, 1 blue` and `2 red, 1 red` as tokens (the second with its background token
# between the two red blocks), and the automaton of the first run on two lines (`None` marks
# the dead end); then the mushroom as a formula, and SAT's solutions against the engine's on it and
# on fifty small random pictures, each of which must have the same set of solutions both ways:

# %% tags=["active-ipynb"]
# tokens = colour_tokens([(1, 1), (1, 2)])
# print('tokens of 1r 1b:', tokens, '| of 2r 1r:', colour_tokens([(2, 1), (1, 1)]))
# for line in ([0, 1, 0, 2], [0, 2, 1, 0]):
#     states = [0]
#     for colour in line:
#         states.append(None if states[-1] is None else colour_move(tokens, states[-1], colour))
#     print(line, '->', states)
# clauses, cell_vars, variables = colour_cnf(mushroom_rows, mushroom_cols)
# cells = len(mushroom) * len(mushroom[0])
# print(f'the mushroom: {variables:,} variables ({cells} cells x 4 colours = {cells * 4} for the '
#       f'cells, the rest for the automata\'s states), {len(clauses):,} clauses')
# print('SAT finds the mushroom:', list(colour_sat_solutions(mushroom_rows, mushroom_cols)) == [mushroom])
# sat_rng = random.Random(6)
# small = [[[sat_rng.randrange(3) for _ in range(4)] for _ in range(4)] for _ in range(50)]
# print(sum(sorted(colour_sat_solutions(*colour_clues(p))) == sorted(solutions(*colour_clues(p)))
#           for p in small), 'of 50 small random pictures: the same solutions by SAT and the engine')

# %% [markdown]
# `find_solutions` is chapter 6's race with the colour engine and the colour formula passed
# in: SAT joins the engine after its head start, and the first answer wins. With SAT alone
# (`use_engine=False`), and, asking for up to ten solutions, on a red 2x2 diagonal (both
# diagonals fit its clues):

# %% tags=["active-ipynb"]
# def show_answer(answer):
#     """The facts of an Answer, without its timings."""
#     return (f'status {answer.status}, {len(answer.solutions)} solution(s), by {answer.part}'
#             + (f', method {answer.method}' if answer.method else ''))
#
#
# print(show_answer(find_solutions(mushroom_rows, mushroom_cols)))
# print(show_answer(find_solutions(mushroom_rows, mushroom_cols, use_engine=False)))
# print(show_answer(find_solutions(*colour_clues([[1, 0], [0, 1]]), count=10)))

# %% [markdown]
# ## What we have
#
# - Colour clues (`colour_clue`, `colour_clues`, `text_picture`) and three line solvers that agree:
#   `solve_line_by_layouts` (the obviously right one), `solve_colour_line` (chapter 1's tables in
#   colour) and `solve_colour_line_fast` (chapter 4's bitmasks, with a cache).
# - `ColourEngine`: chapter 2's engine with colour's `choices` and `certain`; `solutions`,
#   `solve` and `analyse` give chapter 2's answers and verdicts for colour puzzles.
# - `colour_cnf` and `colour_sat_solutions`: SAT in colour; `find_solutions`: chapter 6's
#   race with both passed in.
# - Drawings in colour (`draw_colour_grid`, `draw_colour_steps`). The next chapter reads and
#   writes colour files and makes colour puzzles from pictures; the last solves them from the
#   terminal.
#
# Not done: the colour version of chapter 5's engineering (trail, memo, skipped probes): the
# puzzles people draw in colour have not needed it (the benchmark's `colour` part times them).
