"""Pictures of grids, for the lessons and the command: black and white, and colour.

A library module, not a lesson. Matplotlib is imported inside the functions, so importing this
module stays light; a lesson imports it in its demonstration cells.

- `draw_grid` draws a grid of 1/0/None as a puzzle book does (filled black, empty white, unknown
  grey, the clues beside it), with optional marks: cells just decided, given cells, row and
  column numbers; `draw_steps` draws a sequence of grids side by side, each highlighting what
  changed since the one before.
- `Colour` and `name_colours` name a puzzle's colours; `draw_colour_grid` and
  `draw_colour_steps` draw colour grids (cells as sets of colours, bitmasks) with their clues.
- `qr_pixels`, `draw_qr` and `decode_qr` turn a solved grid into a QR code's pixels, draw it,
  and read it back (zxing-cpp, the `[qr]` extra); `qr_error_correction` reads its level.
"""

import math
import unicodedata
from dataclasses import dataclass

from nonocheck import (MOST_CELLS, check_has, check_list, check_rgb, check_table, check_text,
                       check_whole)

Grid = list[list[int | None]]  # rows of 1 (filled), 0 (empty), None (unknown)


def changed_cells(before: Grid, after: Grid) -> list[tuple[int, int]]:
    """Cells unknown in `before` and known in `after`, as a list of (row, column)."""
    before, after = check_table('before', before), check_table('after', after)
    return [(r, c) for r, (old_row, new_row) in enumerate(zip(before, after))
            for c, (old, new) in enumerate(zip(old_row, new_row)) if old is None and new is not None]


UNKNOWN_GREY, NEW_FILLED, NEW_EMPTY, GIVEN_ORANGE = '#b9b9b9', '#c1121f', '#f7c6c4', '#ff9f1c'
MARKS = {1: (NEW_FILLED, 'black', 'newly filled'), 0: (NEW_EMPTY, 'black', 'newly empty'),
         None: ('none', NEW_FILLED, 'the cell tried'), 'given': (GIVEN_ORANGE, 'black', 'given')}


def grid_lines(ax, height: int, width: int, left: int, top: int, thick: float, thin: float):
    """The lines of a grid as on paper: thicker every five cells and at the edges; the outer
    lines run on through the clues (`left` squares of row clues, `top` of column clues)."""
    check_has('ax', ax, 'plot')
    for name, value in (('height', height), ('width', width), ('left', left), ('top', top)):
        check_whole(name, value, most=MOST_CELLS)
    for i in range(height + 1):
        ax.plot([-left if i in (0, height) else 0, width], [i, i], color='black',
                linewidth=thick if i % 5 == 0 or i == height else thin)
    for j in range(width + 1):
        ax.plot([j, j], [-top if j in (0, width) else 0, height], color='black',
                linewidth=thick if j % 5 == 0 or j == width else thin)


def draw_grid(grid: Grid, rows=None, cols=None, ax=None, changed=None, title=None, givens=None,
              numbers=False, legend=True, labels=None):
    """Draw a grid of 1/0/None with its clues (if given) as on paper; return the matplotlib Axes.

    changed: cells (row, column) to highlight in red (filled) or pale red (empty), or to outline
    in red if unknown; givens: cells to mark with an orange dot; numbers: write row and column
    numbers beside the grid; legend: explain the marks used, under the grid (True), or also
    the marks of these cell values (a set: draw_steps gives one legend for all its panels);
    labels: words for the marks instead of 'newly filled' etc., as {1: ..., 0: ..., None: ...}.
    """
    grid = check_table('grid', grid, cells='grid')
    import matplotlib.pyplot as plt
    from matplotlib.colors import to_rgb
    from matplotlib.patches import Circle, Patch, Rectangle

    height, width = len(grid), len(grid[0])
    row_clues = [list(clue) or [0] for clue in rows] if rows else [[]] * height
    col_clues = [list(clue) or [0] for clue in cols] if cols else [[]] * width
    left, top = max(map(len, row_clues)), max(map(len, col_clues))  # squares for the clues
    if ax is None:
        inch = min(0.32, 6.5 / (width + left), 6.5 / (height + top))
        _, ax = plt.subplots(figsize=((width + left + numbers) * inch + 0.3,
                                      (height + top + numbers) * inch + (0.6 if title else 0.3)))
    changed = set(changed or ())
    colour = {1: 'black', 0: 'white', None: UNKNOWN_GREY}
    new_colour = {1: NEW_FILLED, 0: NEW_EMPTY, None: UNKNOWN_GREY}  # (unknown: outlined below)
    ax.imshow([[to_rgb((new_colour if (r, c) in changed else colour)[cell])
                for c, cell in enumerate(row)] for r, row in enumerate(grid)],
              extent=(0, width, height, 0), interpolation='nearest')
    for r, c in changed:
        if grid[r][c] is None:  # a highlighted cell that is still unknown: outline it in red
            ax.add_patch(Rectangle((c + 0.1, r + 0.1), 0.8, 0.8, fill=False, zorder=4,
                                   edgecolor=NEW_FILLED, linewidth=1.5))
    grid_lines(ax, height, width, left, top, thick=1.4, thin=0.5)
    box = ax.get_window_extent()  # the side of a square in points, at 0.6 of it for the text
    size = min(box.width / (width + left + numbers),
               box.height / (height + top + numbers)) * 72 / ax.figure.dpi * 0.6
    texts = [(-0.5 - k, r + 0.5, n, 'black') for r, clue in enumerate(row_clues)
             for k, n in enumerate(reversed(clue))]
    texts += [(c + 0.5, -0.5 - k, n, 'black') for c, clue in enumerate(col_clues)
              for k, n in enumerate(reversed(clue))]
    if numbers:  # row numbers on the right, column numbers below, in blue
        texts += [(width + 0.5, r + 0.5, r, 'tab:blue') for r in range(height)]
        texts += [(c + 0.5, height + 0.5, c, 'tab:blue') for c in range(width)]
    for x, y, text, ink in texts:
        ax.text(x, y, str(text), ha='center', va='center', fontsize=size, color=ink)
    for r, c in givens or ():
        ax.add_patch(Circle((c + 0.5, r + 0.5), 0.2, color=GIVEN_ORANGE, zorder=3))
    values = {grid[r][c] for r, c in changed} | ({'given'} if givens else set())
    values |= set() if isinstance(legend, bool) else set(legend)  # marks of other panels
    handles = [Patch(facecolor=face, edgecolor=edge, label=(labels or {}).get(value, label))
               for value, (face, edge, label) in MARKS.items() if value in values]
    if legend and handles:
        ax.legend(handles=handles, loc='upper center', bbox_to_anchor=(0.5, 0.0),
                  ncol=min(len(handles), max(1, (width + left) // 4)), fontsize=7,
                  frameon=False, handlelength=1)
    ax.set_xlim(-left - 0.05, width + numbers + 0.05)
    ax.set_ylim(height + numbers + 0.05, -top - 0.05)
    ax.set_aspect('equal')
    ax.axis('off')
    if title:
        ax.set_title(title_text(title), fontsize=min(12, max(8, size * 1.2)),
                     parse_math=False)
    return ax


def draw_steps(grids: list[Grid], rows=None, cols=None, titles=None, columns=4, size=2.6,
               changed=None, numbers=False, labels=None):
    """Draw a sequence of grids side by side, highlighting in each what was decided since the
    previous one (or, if given, changed[k] in grid k); return the matplotlib Figure.
    numbers, labels: as for draw_grid."""
    grids = [check_table('grids', grid) for grid in check_list('grids', grids, least=1)]
    import matplotlib.pyplot as plt

    count, columns = len(grids), min(columns, len(grids))
    lines = math.ceil(count / columns)
    fig, axes = plt.subplots(lines, columns, figsize=(size * columns, size * lines + 0.4),
                             squeeze=False)
    for ax in axes.flat[count:]:
        ax.axis('off')
    highlights = [changed_cells(grids[k - 1], grid) if k else []
                  for k, grid in enumerate(grids)] if changed is None else changed
    shown = {grid[r][c] for grid, cells in zip(grids, highlights) for r, c in cells}
    for k, (ax, grid) in enumerate(zip(axes.flat, grids)):  # one legend, for every panel's marks
        draw_grid(grid, rows, cols, ax=ax, changed=highlights[k], numbers=numbers, labels=labels,
                  legend=shown if k == count - 1 else (), title=titles[k] if titles else f'step {k}')
    return fig


# --- colour ---------------------------------------------------------------------------------

def colour_number(cell: int) -> int:
    """The colour of a decided cell (a one-colour set)."""
    check_whole('cell', cell, least=1)
    return cell.bit_length() - 1


@dataclass
class Colour:
    """A colour of a puzzle: its name, the character that stands for it, its RGB as 6 hex digits."""
    name: str
    char: str
    rgb: str


COLOUR_NAMES = {'white': 'ffffff', 'black': '000000', 'red': 'd62728', 'green': '2ca02c',
                'blue': '1f5fbf', 'yellow': 'ffd21f', 'orange': 'ff7f0e', 'brown': '6b4a2b',
                'grey': '808080', 'purple': '9467bd', 'pink': 'f4a6c6', 'sky': 'bfe3ff'}


MOST_TITLE_CHARS = 100  # a drawing's title is cut to this many characters (and one line)


def title_text(title) -> str:
    """A title as drawn: its first two lines, each at most MOST_TITLE_CHARS characters ('...'
    when cut). Titles come from files, so they are drawn as plain text (no $...$ mathematics),
    and short: laying out a very long one takes the drawing library seconds."""
    lines = str(title).strip().splitlines()[:2] if title is not None else []
    return '\n'.join(line if len(line) <= MOST_TITLE_CHARS else line[:MOST_TITLE_CHARS - 3] + '...'
                     for line in lines)


SPARE_CHARS = 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'
# each named colour's own character, the same everywhere (the picture library's inks too):
COLOUR_CHARS = {'black': 'k', 'red': 'r', 'green': 'g', 'blue': 'b', 'yellow': 'y', 'orange': 'o',
                'brown': 'n', 'grey': 'e', 'pink': 'p', 'purple': 'u', 'sky': 's'}


def visible_char(char) -> bool:
    """Is `char` one visible character of one column (no space, control or combining mark)?"""
    check_text('char', char)
    return (len(char) == 1 and unicodedata.category(char)[0] in 'LNPS'
            and unicodedata.east_asian_width(char) not in 'WF')


def name_colours(rgbs: list[str]) -> list[Colour]:
    """Colours for RGB values (the first is the background, '.'): each named after the nearest
    of COLOUR_NAMES (numbered if taken), with its own character (COLOUR_CHARS: 'k' for black,
    as in the picture library) if not yet used, else the first letter of its name not yet
    used."""
    rgbs = [check_rgb('rgbs', rgb) for rgb in check_list('rgbs', rgbs)]
    def distance(a, b):
        return sum((int(a[i:i + 2], 16) - int(b[i:i + 2], 16)) ** 2 for i in (0, 2, 4))

    colours, chars = [], {'.'}
    for k, rgb in enumerate(rgbs):
        base = min(COLOUR_NAMES, key=lambda name: distance(rgb, COLOUR_NAMES[name]))
        name, n = base, 1
        while any(colour.name == name for colour in colours):
            n += 1
            name = f'{base} {n}'
        own = COLOUR_CHARS.get(name, '')
        spare = [ch for ch in own + name.replace(' ', '') + SPARE_CHARS if ch not in chars]
        if not spare:
            raise ValueError(f'no character left for colour {k} ({len(rgbs)} colours)')
        char = '.' if k == 0 else spare[0]
        chars.add(char)
        colours.append(Colour(name, char, rgb))
    return colours


DEFAULT_RGB = ['ffffff', '000000', 'd62728', '1f77b4', '2ca02c', 'ff7f0e', '9467bd', 'e5c100',
               '8c564b', 'e377c2', '17becf', '7f7f7f']
OPEN_GREY, CHANGED_MAGENTA = '#9a9a9a', '#ff00ff'


def palette_of(colours, count: int) -> list[str]:
    """'#rrggbb' for colours 0 .. count - 1: the puzzle's Colours, else a default palette."""
    count = check_whole('count', count, most=MOST_CELLS)
    if not colours:
        return ['#' + DEFAULT_RGB[k % len(DEFAULT_RGB)] for k in range(count)]
    palette = []
    for colour in colours:
        rgb = str(getattr(colour, 'rgb', colour)).lstrip('#').lower()
        if len(rgb) == 3:
            rgb = ''.join(digit * 2 for digit in rgb)
        if len(rgb) != 6 or any(digit not in '0123456789abcdef' for digit in rgb):
            raise ValueError(f'colour {colour!r} is not an RGB value like "ff0000"')
        palette.append('#' + rgb)
    if len(palette) < count:
        raise ValueError(f'the grid and clues use {count} colours, but {len(palette)} are given')
    return palette


def readable_ink(rgb: str) -> str:
    """Black or white, whichever reads better on the colour '#rrggbb'."""
    check_rgb('rgb', rgb, hash_sign=True)
    red, green, blue = (int(rgb[i:i + 2], 16) for i in (1, 3, 5))
    return 'black' if 0.299 * red + 0.587 * green + 0.114 * blue > 140 else 'white'


def print_ink(rgb: str) -> str:
    """Black or white, whichever has the higher contrast ratio (WCAG's, from the relative
    luminance of sRGB) on the colour '#rrggbb': it stays readable however a printer or viewer
    turns the colour grey (a bright green can print as a pale grey)."""
    check_rgb('rgb', rgb, hash_sign=True)
    def linear(channel: int) -> float:
        value = channel / 255
        return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4

    red, green, blue = (linear(int(rgb[i:i + 2], 16)) for i in (1, 3, 5))
    luminance = 0.2126 * red + 0.7152 * green + 0.0722 * blue
    return 'black' if (luminance + 0.05) / 0.05 >= 1.05 / (luminance + 0.05) else 'white'


def draw_colour_grid(cells, rows=None, cols=None, colours=None, ax=None, changed=(),
                     title=None, sets=True, letters=None):
    """Draw a colour grid with its clues (if given); return the matplotlib Axes. `cells`: rows
    of cell sets (bitmasks) if `sets`, else of colour numbers (None for open). `colours`: the
    puzzle's Colours (or '#rrggbb' strings), colour 0 the background; `changed`: cells to outline;
    `letters`: a character for each colour number, written small in each clue box beside its
    number (so that clues stay apart in grey, printed in black and white), both in print_ink."""
    cells = check_table('cells', cells, cells='colour' if sets else 'open colour')
    import matplotlib.pyplot as plt
    from matplotlib.colors import to_rgb
    from matplotlib.patches import Rectangle

    if not cells or not cells[0] or any(len(row) != len(cells[0]) for row in cells):
        raise ValueError('draw_colour_grid needs a non-empty grid of rows of equal length')
    if not sets:
        cells = [[-1 if colour is None else 1 << colour for colour in row] for row in cells]
    height, width = len(cells), len(cells[0])
    count = max(max(row) for row in cells).bit_length()
    if rows:
        count = max(count, 1 + max((c for clue in rows for _, c in clue), default=0))
    palette = palette_of(colours, count)
    left = max([len(clue) for clue in rows or []] + [0])
    top = max([len(clue) for clue in cols or []] + [0])
    if ax is None:
        inch = min(0.32, 6.5 / (width + left), 6.5 / (height + top))
        _, ax = plt.subplots(figsize=((width + left) * inch + 0.3,
                                      (height + top) * inch + (0.6 if title else 0.3)))
    decided = [[cell > 0 and not cell & (cell - 1) for cell in row] for row in cells]
    ax.imshow([[to_rgb(palette[colour_number(cell)] if known else OPEN_GREY)
                for cell, known in zip(row, known_row)] for row, known_row in zip(cells, decided)],
              extent=(0, width, height, 0), interpolation='nearest')
    for r, row in enumerate(cells):
        for c, cell in enumerate(row):
            if decided[r][c]:
                continue
            left_over = [k for k in range(len(palette)) if cell >> k & 1] if cell > 0 else []
            side = 0.7 / max(1, len(left_over))
            for i, k in enumerate(left_over):  # a stripe for each colour still possible
                ax.add_patch(Rectangle((c + 0.15 + i * side, r + 0.15), side, 0.7,
                                       facecolor=palette[k], edgecolor='none'))
    for r, c in changed:
        ax.add_patch(Rectangle((c + 0.04, r + 0.04), 0.92, 0.92, fill=False, zorder=4,
                               edgecolor=CHANGED_MAGENTA, linewidth=2))
    grid_lines(ax, height, width, left, top, thick=1.2, thin=0.4)
    box = ax.get_window_extent()
    size = min(box.width / (width + left), box.height / (height + top)) * 72 / ax.figure.dpi * 0.55
    squares = [(-1 - k, r, block) for r, clue in enumerate(rows or [])
               for k, block in enumerate(reversed(clue))]
    squares += [(c, -1 - k, block) for c, clue in enumerate(cols or [])
                for k, block in enumerate(reversed(clue))]
    for x, y, (length, colour) in squares:
        ax.add_patch(Rectangle((x + 0.05, y + 0.05), 0.9, 0.9, facecolor=palette[colour],
                               edgecolor='#999999', linewidth=0.3))
        ink = (print_ink if letters else readable_ink)(palette[colour])
        if letters:
            clue_letter(ax, x, y, str(length), letters[colour], size, ink)
        else:
            ax.text(x + 0.5, y + 0.5, str(length), ha='center', va='center', fontsize=size,
                    color=ink)
    ax.set_xlim(-left - 0.05, width + 0.05)
    ax.set_ylim(height + 0.05, -top - 0.05)
    ax.set_aspect('equal')
    ax.axis('off')
    if title:
        ax.set_title(title_text(title), fontsize=min(12, max(8, size * 1.2)),
                     parse_math=False)
    return ax


def clue_letter(ax, x: float, y: float, number: str, letter: str, size: float, ink: str) -> None:
    """Write a clue's number and its colour's letter in the clue box of square (x, y): the
    number a little left of centre, the letter smaller at the lower right."""
    check_has('ax', ax, 'text')
    ax.text(x + 0.38, y + 0.48, number, ha='center', va='center', fontsize=size * 0.85,
            color=ink)
    ax.text(x + 0.93, y + 0.95, letter, ha='right', va='bottom', fontsize=size * 0.72,
            color=ink, fontweight='bold')


def draw_colour_steps(grids, rows=None, cols=None, colours=None, titles=None, columns=4,
                      size=2.6):
    """Draw grids of cell sets side by side, outlining in each the cells it has narrowed since
    the one before; return the matplotlib Figure."""
    grids = [check_table('grids', grid) for grid in check_list('grids', grids, least=1)]
    import matplotlib.pyplot as plt

    count = len(grids)
    shape = (count + columns - 1) // columns, min(count, columns)
    fig, axes = plt.subplots(*shape, figsize=(size * shape[1], size * shape[0]), squeeze=False)
    for k, ax in enumerate(axes.flat):
        if k >= count:
            ax.axis('off')
            continue
        before = grids[k - 1] if k else grids[0]
        changed = [(r, c) for r, row in enumerate(grids[k]) for c, cell in enumerate(row)
                   if cell != before[r][c]]
        if len(changed) == len(grids[k]) * len(grids[k][0]):
            changed = []  # every cell: outlines would say nothing
        draw_colour_grid(grids[k], rows, cols, colours, ax=ax, changed=changed,
                         title=titles[k] if titles else None)
    fig.tight_layout()
    return fig


# --- QR codes (lesson 5, gchq: the GCHQ puzzle's picture is a QR code) -----------------------
# A grid of 0/1 drawn as a QR reader expects it: several pixels per cell (a "module"), black 0
# and white 255 in a greyscale image, and a white "quiet zone" around it (the standard asks for
# four modules). Reading needs the optional packages zxing-cpp and Pillow, imported inside.

# The share of its codewords a QR code can repair, in percent, at each error-correction level
# (the QR standard, ISO/IEC 18004).
QR_REPAIR = {'L': 7, 'M': 15, 'Q': 25, 'H': 30}


def qr_pixels(grid: Grid, scale: int = 8, quiet: int = 4) -> list[list[int]]:
    """A greyscale image of a 0/1 grid as rows of pixel values: black 0, white 255.

    Each cell becomes a scale x scale square, inside a white border `quiet` cells wide.
    """
    grid = check_table('grid', grid)
    scale, quiet = check_whole('scale', scale, 1, 100), check_whole('quiet', quiet, 0, 100)
    width = (len(grid[0]) + 2 * quiet) * scale
    border = [[255] * width for _ in range(quiet * scale)]
    image = [row[:] for row in border]
    for row in grid:
        pixels = [255] * (quiet * scale)
        for cell in row:
            pixels += [0 if cell == 1 else 255] * scale
        pixels += [255] * (quiet * scale)
        image += [pixels[:] for _ in range(scale)]
    return image + border


def draw_qr(grid: Grid, title: str | None = None, scale: int = 8, quiet: int = 4):
    """Draw a 0/1 grid as a QR reader sees it (no clues, no grid lines, no axes: a thin frame
    marks the edge of the quiet zone); return the Axes."""
    grid = check_table('grid', grid)
    import matplotlib.pyplot as plt

    _, ax = plt.subplots(figsize=(4.2, 4.4))
    ax.imshow(qr_pixels(grid, scale, quiet), cmap='gray', vmin=0, vmax=255)
    size = f'({scale} pixels per cell, {quiet}-cell quiet zone)'
    ax.set_title(f'{title_text(title)}\n{size}' if title else size, parse_math=False)
    ax.set_xticks([])
    ax.set_yticks([])
    return ax


def _read_qr(grid: Grid, scale: int, quiet: int):
    """(zxing-cpp's reading of the grid's QR code, None) or (None, a sentence saying why not)."""
    try:
        import zxingcpp
        from PIL import Image
    except ImportError as error:
        return None, f'cannot decode here: {error.name} is not installed (pip install zxing-cpp)'
    pixels = qr_pixels(grid, scale, quiet)
    image = Image.new('L', (len(pixels[0]), len(pixels)))
    image.putdata([value for row in pixels for value in row])
    found = zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)
    if not found:
        return None, 'zxing-cpp found no QR code in the picture'
    return found[0], None


def decode_qr(grid: Grid, scale: int = 8, quiet: int = 4) -> tuple[str | None, str | None]:
    """Read the QR code drawn by a 0/1 grid with zxing-cpp: (text, None) on success, or
    (None, a sentence saying why not) if zxing-cpp or Pillow is missing or finds no code."""
    grid = check_table('grid', grid)
    code, problem = _read_qr(grid, scale, quiet)
    return (code.text, None) if code else (None, problem)


def qr_error_correction(grid: Grid, scale: int = 8, quiet: int = 4) -> tuple[str, int] | None:
    """The error-correction level of the QR code drawn by a 0/1 grid ('L', 'M', 'Q' or 'H') and
    the percent of its codewords that level repairs; None if zxing-cpp cannot read the code."""
    grid = check_table('grid', grid)
    code, _ = _read_qr(grid, scale, quiet)
    return (code.ec_level, QR_REPAIR[code.ec_level]) if code else None


# --- colour line logic, round by round (lesson 14, nonocolour) -------------------------------

def draw_colour_rounds(history, rows=None, cols=None, colours=None, columns=3, size=4.0):
    """Draw the grids of lesson 14's `colour_rounds` (the start, then the grid after every
    half-round: the rows, the columns, the rows, ...) side by side, each titled, with the cells
    each half-round narrowed outlined, and a key to the stripes and outlines under them. Returns
    the matplotlib Figure."""
    history = [check_table('history', grid) for grid in check_list('history', history, least=1)]
    from matplotlib.patches import Patch

    titles = ['start'] + [f'after the {["rows", "columns"][(k - 1) % 2]}, round {(k + 1) // 2}'
                          for k in range(1, len(history))]
    fig = draw_colour_steps(history, rows, cols, colours, titles, columns=columns, size=size)
    key = [Patch(facecolor=OPEN_GREY, edgecolor='black', linewidth=0.4,
                 label='unknown: a stripe for each colour it may still take'),
           Patch(facecolor='white', edgecolor=CHANGED_MAGENTA, linewidth=2,
                 label='narrowed by this half-round (no outlines when it narrowed every cell)')]
    fig.legend(handles=key, loc='upper center', bbox_to_anchor=(0.5, 0.02), ncol=2, frameon=False)
    return fig


# --- lesson 14's gallery (nonocolour): colour solutions side by side ---------------------------

def draw_colour_solutions(grids, colours, titles, height=4.0):
    """Draw grids of colour numbers side by side without clues, each with its own colours (one
    list per grid, as draw_colour_grid takes) and title, widths in proportion to their columns;
    return the matplotlib Figure."""
    grids = [check_table('grids', grid) for grid in check_list('grids', grids, least=1)]
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, len(grids), figsize=(3 * height, height), squeeze=False,
                             width_ratios=[len(grid[0]) for grid in grids])
    for grid, grid_colours, title, ax in zip(grids, colours, titles, axes[0]):
        draw_colour_grid(grid, colours=grid_colours, ax=ax, sets=False, title=title)
    fig.tight_layout()
    return fig


# --- lesson 15's figures (nonotools): the puzzle-maker's proposal, and good random puzzles -----

def draw_proposal_grids(picture, rows, cols, before, givens, verdict, title=''):
    """Draw `before` next to `picture` with its `givens` (cells (row, col, ...) marked with orange
    dots), as lesson 15's draw_proposal does. `before` is either a solution of the clues alone
    that is not the picture (the cells where it differs in dark red or pink) or what line logic
    decides (None for unknown, grey); `verdict` (with status and method) is the puzzle's with
    the givens. Returns the matplotlib Figure."""
    picture = check_table('picture', picture, cells='picture')
    import matplotlib.pyplot as plt

    differ = [(i, j) for i, row in enumerate(before) for j, cell in enumerate(row)
              if cell is not None and cell != picture[i][j]]
    caption = 'clues alone: ' + ('another solution fits' if differ else 'line logic stalls')
    cells = [(given[0], given[1]) for given in givens]
    count = f'{len(cells)} given' + ('' if len(cells) == 1 else 's')
    side = min(6.5, 0.2 * (len(cols) + len(rows)) + 2.5)
    fig, (left, right) = plt.subplots(1, 2, figsize=(2 * side, side + 0.6), layout='constrained')
    draw_grid(before, rows, cols, ax=left, changed=differ, title=caption, numbers=True,
              labels={1: 'filled here, empty in the picture', 0: 'empty here, filled in the picture'})
    draw_grid(picture, rows, cols, ax=right, givens=cells, numbers=True,
              title=f'with {count}: {verdict.status}, {verdict.method}')
    fig.suptitle(title_text(title), fontsize=13, parse_math=False)
    return fig


def draw_goodness(densities, results, samples):
    """Plot lesson 15's goodness: `results` maps a label (a size) to one (fraction unique,
    fraction unique and line-solvable) per density; solid lines the first, dashed the second.
    Returns the matplotlib Axes."""
    densities, samples = check_list('densities', densities), check_whole('samples', samples, 1)
    check_has('results', results, 'items')
    import matplotlib.pyplot as plt

    _, ax = plt.subplots(figsize=(7, 4))
    for k, (label, fractions) in enumerate(results.items()):
        ax.plot(densities, [unique for unique, _ in fractions], marker='o', color=f'C{k}',
                label=f'{label}: unique')
        ax.plot(densities, [line for _, line in fractions], marker='s', linestyle='--',
                color=f'C{k}', label=f'{label}: unique and line-solvable')
    ax.set_xlabel('density (fraction of filled cells)')
    ax.set_ylabel(f'fraction of {samples} random pictures')
    ax.set_title('Random pictures make good puzzles only when dense enough')
    ax.legend()
    ax.grid(alpha=0.3)
    return ax


# --- lesson 4's probe up close (nonoprobe): a cell supposed filled, then empty -------------------

def draw_probe(engine, grid: Grid, cell: tuple[int, int]):
    """Two pictures of a probe of `cell` by lesson 4's `engine`: the cell supposed filled, then
    empty, each with what propagation decided in red, up to the line that failed (named in the
    title) or to the end. `grid` is left as it was. Returns the matplotlib Figure."""
    check_has('engine', engine, 'deduce', 'rows', 'cols')
    grid = check_table('grid', grid)
    import matplotlib.pyplot as plt

    from nonocheck import NonogramError  # (lesson 1's Contradiction is one)

    fig, axes = plt.subplots(1, 2, figsize=(9, 5.4))
    for ax, value in zip(axes, (1, 0)):
        trial, outcome = [row[:] for row in grid], 'no contradiction'
        try:
            engine.propagate(trial, engine.set_cells(trial, {cell: value}))
        except NonogramError as error:  # propagation stops at the line that fails: name it
            outcome = f"{str(error).split(' cannot')[0]} fails"
        draw_grid(trial, engine.rows, engine.cols, ax=ax, numbers=True,
                  changed=changed_cells(grid, trial),
                  title=f'suppose {cell} {"filled" if value else "empty"}: {outcome}')
    return fig


# --- lesson 13's colour lines as text (nonocolourline) -------------------------------------------

def show_cells(cells: list[int], alphabet: str) -> str:
    """A line of cell sets (bitmasks: bit c for colour c) as text: a decided cell as its colour's
    character in `alphabet`, an unknown one (any colour of `alphabet`) as '?', else the set of
    characters it may be, in brackets.

    >>> show_cells([0b010, 0b111, 0b101], '.rb')
    'r?[.b]'
    """
    cells, alphabet = check_list('cells', cells), check_text('alphabet', alphabet)
    sets = [''.join(char for c, char in enumerate(alphabet) if cell >> c & 1) for cell in cells]
    return ''.join(s if len(s) == 1 else '?' if s == alphabet else f'[{s}]' for s in sets)
