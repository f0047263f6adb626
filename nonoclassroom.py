"""The classroom stepper: a solve a teacher drives on a projector, without typing code.

A library module, not a lesson. `classroom()` returns an ipywidgets box: a puzzle chooser (the
shipped puzzles of `puzzles/`, found next to this module, and the picture library of module
`nonopictures` when it is installed), a grid with its row and column numbers (from 1, as in every
message), and buttons. *next* solves queued lines until one decides something, and says how many
lines it skipped because they decided nothing; a click on an unknown cell probes it and shows
what the probe makes certain as a preview (blue), which *apply* (or a second click on the same
cell) sets and *cancel* discards (with *a click: fill* or *empty*, a click guesses the cell
instead); a verdict line says, at the end, whether the puzzle is solved, has met a contradiction
(after a wrong guess, or in a puzzle without a solution), or needs a guess.

The moves are plain data, without widgets: `Lesson` holds a solve (lesson 4's engine and the
`nonostepper.Step`s so far) and each move returns a new `Lesson`. Importing this module loads no
ipywidgets.
"""

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import cached_property
from html import escape
from pathlib import Path

from nonocheck import Grid, NonogramError, check_list, check_whole, plural
from nonodraw import NEW_EMPTY, NEW_FILLED, UNKNOWN_GREY
from nonoprobe import Engine, most_known_neighbours
from nonostepper import Step, first_step
from nonovector import Contradiction

PUZZLES = Path(__file__).resolve().parent / 'puzzles'
MAX_SIDE = 40  # bigger puzzles are left out of the chooser: too many cells to click on a screen
PREVIEW_FILLED, PREVIEW_EMPTY, PROBED = '#1f5fbf', '#b8d4f5', '#0a8a3a'  # a probe, not yet applied
SOLVED_LINE = '#ffbf00'


# --- names, numbered from 1 -------------------------------------------------------------------

def line_label(height: int, line: int) -> str:
    """'row 3' or 'column 7' for line number `line` (rows first, then columns, from 0), numbered
    from 1 as the grid shows them.

    >>> line_label(10, 2), line_label(10, 16)
    ('row 3', 'column 7')
    """
    check_whole('height', height), check_whole('line', line)
    return f'row {line + 1}' if line < height else f'column {line - height + 1}'


def cell_label(r: int, c: int) -> str:
    """'row 3, column 7' for cell (2, 6).

    >>> cell_label(2, 6)
    'row 3, column 7'
    """
    check_whole('r', r), check_whole('c', c)
    return f'row {r + 1}, column {c + 1}'


def skipped_note(skipped: int) -> str:
    """' (skipped 5 lines that decided nothing)', or '' for none."""
    check_whole('skipped', skipped)
    if not skipped:
        return ''
    return f' (skipped {plural(skipped, "line")} that decided nothing)'


# --- a solve, move by move --------------------------------------------------------------------

@dataclass(frozen=True)
class Lesson:
    """A solve on the board: the engine (lesson 4's), the Steps so far (the last is shown), a
    message on the last move, a probe's preview (a Step not applied yet, and the cell probed) and
    the line that failed, if one did. Moves return a new Lesson."""
    engine: Engine
    steps: tuple
    message: str = 'every line is queued: press next'
    preview: Step | None = None
    probed: tuple | None = None
    failed: str | None = None

    @property
    def step(self) -> Step:
        """The step shown (the last applied one)."""
        return self.steps[-1]

    @property
    def grid(self) -> Grid:
        """The grid shown (without the preview)."""
        return self.step.grid

    def said(self, message: str, *steps: Step, **changes) -> 'Lesson':
        """This Lesson with a new message, more steps, and no preview (unless `changes` say)."""
        changes = {'preview': None, 'probed': None, **changes}
        return replace(self, message=message, steps=self.steps + steps, **changes)

    def next(self) -> 'Lesson':
        """Solve queued lines (first in, first out) until one decides a cell; lines that decide
        nothing are skipped and counted. A preview is discarded."""
        if self.failed:
            return self.said(f'{self.failed}: press back')
        grid, queue, skipped = [row[:] for row in self.grid], deque(self.step.queue), 0
        while queue:
            name = line_label(self.engine.height, queue[0])  # first in, first out
            try:
                line, changed = self.engine.solve_next_line(grid, queue)
            except Contradiction:
                failed = f'{name} cannot hold its clue'
                return self.said(f'{failed}{skipped_note(skipped)}', failed=failed)
            if changed:
                step = Step(line, changed, grid, tuple(queue))
                return self.said(f'{name} decides {plural(len(changed), "cell")}'
                                 f'{skipped_note(skipped)}', step)
            skipped += 1
        if skipped:  # the queue is used up: a step of its own, so next does not skip them again
            return self.said(f'no line decides anything more{skipped_note(skipped)}',
                             Step(None, [], grid, ()))
        return self.said('the queue is empty: line logic can decide no more')

    def to_the_end(self) -> 'Lesson':
        """Press next until it decides nothing more (or a line fails)."""
        before, after = self, self.next()
        while len(after.steps) > len(before.steps):
            before, after = after, after.next()
        return after

    def back(self) -> 'Lesson':
        """Discard a preview or a failure, else undo the last step."""
        if self.preview is not None:
            return self.cancel()
        if self.failed:
            return self.said('back to the last step, before the failure', failed=None)
        if len(self.steps) == 1:
            return self.said('this is the start')
        return replace(self.said('one step back'), steps=self.steps[:-1])

    def probe(self, r: int, c: int) -> 'Lesson':
        """Probe unknown cell (r, c) both ways (as lesson 4's probe_all does) and preview what is
        certain: the preview is applied by `apply` and discarded by `cancel`. Raises ValueError
        for a cell off the grid."""
        self.check_cell(r, c)
        where = cell_label(r, c)
        if self.failed:
            return self.said(f'{self.failed}: press back')
        if self.grid[r][c] is not None:
            return self.said(f'{where} is known: click an unknown (grey) cell')
        outcomes = [self.engine.probe(self.grid, r, c, value) for value in (1, 0)]
        said = f'probe {where}: ' + ', '.join(
            f'{name} {"fails" if found is None else "decides " + plural(len(found), "cell")}'
            for name, found in zip(('filled', 'empty'), outcomes))
        try:
            sure = self.engine.certain(self.grid, outcomes)
        except Contradiction:
            return self.said(f'{said}: no solution from here',
                             failed=f'{where} can be neither filled nor empty')
        if not sure:
            return self.said(f'{said}; nothing is certain')
        grid = [row[:] for row in self.grid]
        lines = [line for line in self.engine.set_cells(grid, sure) if line not in self.step.queue]
        preview = Step(None, sorted(sure), grid, self.step.queue + tuple(lines))
        return self.said(f'{said}; {plural(len(sure), "cell")} certain (blue): apply, or cancel',
                         preview=preview, probed=(r, c))

    def guess(self, r: int, c: int, value: int) -> 'Lesson':
        """Set unknown cell (r, c) to `value` (1 filled, 0 empty) as a step, and queue its row
        and column: a guess, which *next* may prove wrong (a contradiction: press back)."""
        self.check_cell(r, c)
        if value not in (0, 1):
            raise ValueError(f'value must be 1 (filled) or 0 (empty), not {value!r}')
        where = cell_label(r, c)
        if self.failed:
            return self.said(f'{self.failed}: press back')
        if self.grid[r][c] is not None:
            return self.said(f'{where} is known: click an unknown (grey) cell')
        grid = [row[:] for row in self.grid]
        lines = [line for line in self.engine.set_cells(grid, {(r, c): value})
                 if line not in self.step.queue]
        return self.said(f'guess: {where} {("empty", "filled")[value]}',
                         Step(None, [(r, c)], grid, self.step.queue + tuple(lines)))

    def check_cell(self, r: int, c: int) -> None:
        """Raise ValueError unless (r, c) is a cell of the grid (numbered from 0)."""
        for name, value, size in (('r', r, self.engine.height), ('c', c, self.engine.width)):
            if not isinstance(value, int) or not 0 <= value < size:
                raise ValueError(f'{name} must be a whole number from 0 to {size - 1}, '
                                 f'not {value!r}')

    def click(self, r: int, c: int) -> 'Lesson':
        """A click on cell (r, c): applies the preview if it probed this cell, else probes it."""
        if self.probed == (r, c):
            return self.apply()
        return self.probe(r, c)

    def apply(self) -> 'Lesson':
        """Apply the previewed probe: its certain cells become a step."""
        if self.preview is None:
            return self.said('nothing to apply: click a grey cell to probe it')
        r, c = self.probed
        value = ('empty', 'filled')[self.preview.grid[r][c]]
        return self.said(f'applied: {cell_label(r, c)} is {value}, '
                         f'{plural(len(self.preview.changed), "cell")} set', self.preview)

    def cancel(self) -> 'Lesson':
        """Discard the previewed probe."""
        if self.preview is None:
            return self.said('nothing to cancel')
        return self.said('probe cancelled')

    def unknown(self) -> int:
        """How many cells are still unknown."""
        return sum(cell is None for row in self.grid for cell in row)

    @cached_property
    def verdict(self) -> str:
        """One line: solved, a contradiction, needs a guess, or how the solve stands."""
        if self.failed:
            return f'contradiction: {self.failed}'
        unknown = self.unknown()
        if not unknown:
            return 'solved: every cell is decided'
        if self.step.queue:
            return (f'not finished: {plural(len(self.step.queue), "line")} queued, '
                    f'{plural(unknown, "cell")} unknown')
        cell = self.useful_probe()
        if cell is not None:
            return (f'line logic is stuck ({plural(unknown, "cell")} unknown): a probe decides '
                    f'more; try {cell_label(*cell)}')
        return (f'needs a guess: neither line logic nor a probe of any cell decides more '
                f'({plural(unknown, "cell")} unknown)')

    def useful_probe(self) -> tuple | None:
        """The first unknown cell (most known neighbours first) whose probe makes something
        certain, or finds a contradiction; None if there is none."""
        known = self.engine.__dict__.setdefault('classroom_useful_probes', {})  # a memo
        key = tuple(map(tuple, self.grid))
        if key not in known:
            known[key] = self.first_useful_probe()
        return known[key]

    def first_useful_probe(self) -> tuple | None:
        """useful_probe, not remembered."""
        for r, c in most_known_neighbours(self.engine, self.grid):
            outcomes = [self.engine.probe(self.grid, r, c, value) for value in (1, 0)]
            if None in outcomes or self.engine.certain(self.grid, outcomes):
                return r, c
        return None

    def colours(self) -> list[list[tuple[str, str]]]:
        """(fill colour, border) of each cell as drawn: black/white/grey; the cells the last step
        decided in red; the preview in blue, its probed cell outlined in green; the solved line
        outlined in amber."""
        step, shown = self.step, self.preview or self.step
        new = set(self.preview.changed if self.preview else step.changed)
        height = self.engine.height
        palette = ({1: PREVIEW_FILLED, 0: PREVIEW_EMPTY} if self.preview
                   else {1: NEW_FILLED, 0: NEW_EMPTY})
        drawn = []
        for r, row in enumerate(shown.grid):
            drawn.append([])
            for c, cell in enumerate(row):
                fill = (palette if (r, c) in new else {1: 'black', 0: 'white'}).get(
                    cell, UNKNOWN_GREY)
                border = '1px solid #777'
                if self.probed == (r, c):
                    border = f'5px solid {PROBED}'
                elif self.preview is None and step.line in (r, height + c):
                    border = f'3px solid {SOLVED_LINE}'
                drawn[-1].append((fill, border))
        return drawn


def lesson(rows, cols, givens: Grid | None = None) -> Lesson:
    """A Lesson at the start of a puzzle (givens: rows of 1/0/None printed on it, or None).
    Raises NonogramError (a ValueError) for clues that are not a puzzle."""
    engine = Engine(rows, cols, givens)
    return Lesson(engine, (first_step(engine),))


# --- the puzzle chooser ------------------------------------------------------------------------

@dataclass(frozen=True)
class Choice:
    """An entry of the chooser: its label and a function that loads (rows, cols, givens)."""
    label: str
    load: Callable = field(repr=False, compare=False)


def shipped_choices(folder: Path = PUZZLES, max_side: int = MAX_SIDE) -> list[Choice]:
    """The black-and-white puzzles of the files in `folder` (by file name; a colour file whose
    puzzle has a single ink counts), each once, at most `max_side` cells a side."""
    from nonocolourfiles import bw_puzzle_clues, read_colour_puzzles
    from nonofiles import read_puzzles

    choices, seen = [], set()
    for path in sorted(Path(folder).iterdir(), key=lambda path: (path.suffix == '.txt', path.name)):
        if path.suffix.lower() not in ('.non', '.xml', '.txt', '.nin'):
            continue
        try:
            found = [(p.title, p.rows, p.cols, p.givens) for p in read_puzzles(path)]
        except NonogramError:
            try:
                found = [(p.title, *clues, None) for p in read_colour_puzzles(path)
                         if (clues := bw_puzzle_clues(p)) is not None]
            except NonogramError:
                continue
        for index, (title, rows, cols, givens) in enumerate(found):
            key = repr((rows, cols, givens))
            if key in seen or max(len(rows), len(cols)) > max_side:
                continue
            seen.add(key)
            name = path.name + (f' #{index + 1}' if len(found) > 1 else '')
            label = f'{name}: {title} ({len(rows)}x{len(cols)})' if title and title != name else (
                f'{name} ({len(rows)}x{len(cols)})')
            choices.append(Choice(label, lambda rows=rows, cols=cols, givens=givens:
                                  (rows, cols, givens)))
    return choices


def library_choices() -> list[Choice]:
    """The black-and-white pictures of the picture library (module nonopictures), or [] when it
    is not installed."""
    try:
        import nonopictures
    except ImportError:
        return []

    def loader(name):
        def load():
            puzzle = nonopictures.puzzle(name)
            return puzzle.rows, puzzle.cols, getattr(puzzle, 'givens', None)
        return load

    choices = []
    for name in nonopictures.names(colour=False):
        try:
            picture = nonopictures.picture(name)
            size = f' ({len(picture)}x{len(picture[0])})'
        except Exception:  # noqa: BLE001 (the size is only a nicety of the label)
            size = ''
        choices.append(Choice(f'picture: {name}{size}', loader(name)))
    return choices


def puzzle_choices(folder: Path = PUZZLES) -> list[Choice]:
    """The chooser's entries: the shipped puzzles, then the picture library."""
    return shipped_choices(folder) + library_choices()


DEFAULT = 'webpbn-00001.non'  # the first puzzle shown: webpbn's small demo, if it is there


# --- the widget ---------------------------------------------------------------------------------

def clue_html(clue, vertical: bool, font_px: int, highlight: bool = False) -> str:
    """A clue as HTML: numbers side by side (a row's) or stacked (a column's); yellow if
    `highlight`."""
    clue, font_px = check_list('clue', clue), check_whole('font_px', font_px, 1, 1000)
    numbers = [str(n) for n in clue] or ['0']
    text = ('<br>' if vertical else '&nbsp;').join(numbers)
    background = '#ffd60a' if highlight else 'transparent'
    align = 'center' if vertical else 'right'
    return (f'<div style="font-size:{font_px}px;line-height:1.1;text-align:{align};'
            f'background:{background};padding:0 3px">{text}</div>')


def number_html(number: int, font_px: int) -> str:
    """A row or column number, in blue, bold."""
    return (f'<div style="font-size:{font_px}px;font-weight:bold;color:#1f5fbf;'
            f'text-align:center">{number}</div>')


def classroom(choice: str | None = None, screen_px: int = 720):
    """The classroom stepper (an ipywidgets VBox): choose a puzzle (`choice`: the start of a
    label, default webpbn's demo), press next, click a cell to probe (or guess) it. `screen_px`
    is about the grid's largest side in pixels."""
    if choice is not None and not isinstance(choice, str):
        raise TypeError(f'choice must be the start of a puzzle label (a str), not {choice!r}')
    if not isinstance(screen_px, int) or screen_px < 100:
        raise ValueError(f'screen_px must be a whole number of pixels, 100 or more, not '
                         f'{screen_px!r}')
    import ipywidgets as widgets

    choices = puzzle_choices()
    if not choices:
        raise ValueError(f'choice: no puzzles found in {PUZZLES}')
    wanted = choice or DEFAULT
    start = next((entry for entry in choices if entry.label.startswith(wanted)), None)
    if start is None:
        if choice is not None:
            raise ValueError(f'choice: no puzzle label starts with {choice!r}')
        start = choices[0]
    big = {'font_size': '20px'}
    chooser = widgets.Dropdown(options=[(entry.label, entry) for entry in choices], value=start,
                               layout={'width': '760px', 'height': '40px'})
    chooser.add_class('chooser')
    buttons = {name: widgets.Button(description=name, tooltip=tip, style=big,
                                    layout={'width': 'auto', 'height': '44px'})
               for name, tip in (('back', 'undo the last step'),
                                 ('next', 'solve the next line that decides something'),
                                 ('to the end', 'press next until nothing more is decided'),
                                 ('apply', "set the probe's certain cells"),
                                 ('cancel', 'discard the probe'))}
    for name, button in buttons.items():
        button.add_class(f'classroom-{name.replace(" ", "-")}')
    news, verdict, board = widgets.HTML(), widgets.HTML(), widgets.GridBox()
    news.add_class('classroom-news')
    verdict.add_class('classroom-verdict')
    hint = widgets.HTML('<span style="font-size:18px;color:#444">Click a grey cell to probe it: '
                        'what is certain shows in blue (dark: filled, light: empty); click it '
                        'again (or apply) to set it.</span>')
    mode = widgets.ToggleButtons(options=['probe', 'fill', 'empty'], value='probe', tooltips=[
                                     'probe the cell: preview what is certain',
                                     'guess the cell filled', 'guess the cell empty'],
                                 style={'font_weight': 'bold', 'button_width': '90px'})
    mode.add_class('classroom-click')
    state = {}

    def build(entry: Choice):
        """A new board for a chosen puzzle (or, if it cannot be read, a message saying why)."""
        try:
            rows, cols, givens = entry.load()
            now = lesson(rows, cols, givens)
        except (NonogramError, OSError) as error:
            news.value = (f'<div style="font-size:22px;color:#c1121f">{escape(entry.label)}: '
                          f'{escape(str(error))}</div>')
            return
        height, width = len(rows), len(cols)
        cell_px = max(16, min(48, screen_px // max(height, width)))
        font_px = max(12, min(22, int(cell_px * 0.55)))
        for old in board.children:  # the last puzzle's widgets, and their shared looks
            old.close()
        for look in list(state.get('looks', {}).values()):
            look.close()
        # Cells share their looks (a few Layouts and ButtonStyles, one per border and fill): a
        # 40x40 board is then 1,600 widgets, not 4,800, and a step sends one message per cell.
        looks = state['looks'] = {}

        def look(kind, value):
            if (kind, value) not in looks:
                looks[kind, value] = (widgets.ButtonStyle(button_color=value) if kind == 'fill'
                                      else widgets.Layout(width=f'{cell_px}px', padding='0',
                                                          height=f'{cell_px}px', margin='0',
                                                          border=value))
            return looks[kind, value]

        state['look'] = look
        fill, border = now.colours()[0][0]  # every cell's look at the start (then drawn)
        cells = [[widgets.Button(style=look('fill', fill), layout=look('border', border))
                  for c in range(width)] for r in range(height)]
        for r in range(height):
            for c in range(width):
                cells[r][c].add_class(f'cell-{r + 1}-{c + 1}')  # row, column from 1
                cells[r][c].on_click(lambda _, r=r, c=c: show(
                    state['now'].click(r, c) if mode.value == 'probe'
                    else state['now'].guess(r, c, int(mode.value == 'fill'))))
        clues = ([widgets.HTML(clue_html(clue, False, font_px)) for clue in rows]
                 + [widgets.HTML(clue_html(clue, True, font_px)) for clue in cols])
        for line, box in enumerate(clues):
            box.add_class(line_label(height, line).replace(' ', '-'))
            if line >= height:
                box.layout.align_self = 'flex-end'  # a column's clue sits on its column
        blank = [widgets.Label(), widgets.Label()]  # above the row numbers and row clues
        children = (blank + [widgets.HTML(number_html(c + 1, font_px)) for c in range(width)]
                    + [widgets.Label(), widgets.Label()] + clues[height:])
        for r in range(height):
            children += [widgets.HTML(number_html(r + 1, font_px)), clues[r]] + cells[r]
        board.children = children
        board.layout = widgets.Layout(grid_gap='1px', align_items='center',
                                      grid_template_columns=f'max-content max-content '
                                                            f'repeat({width}, {cell_px}px)')
        drawn = {(r, c): (fill, border) for r in range(height) for c in range(width)}
        state.update(now=now, cells=cells, clues=clues, font_px=font_px, drawn=drawn, lit=None)
        show(now)

    def show(now: Lesson):
        """Draw a Lesson: the cells that changed, the solved line's clue, messages."""
        state['now'] = now
        cells, drawn = state['cells'], state['drawn']
        for r, row in enumerate(now.colours()):
            for c, (fill, border) in enumerate(row):
                if drawn[r, c] != (fill, border):
                    if drawn[r, c][0] != fill:
                        cells[r][c].style = state['look']('fill', fill)
                    if drawn[r, c][1] != border:
                        cells[r][c].layout = state['look']('border', border)
                drawn[r, c] = fill, border
        height = now.engine.height
        lit = None if now.preview else now.step.line
        if lit != state['lit']:
            for line in (state['lit'], lit):
                if line is not None:
                    state['clues'][line].value = clue_html(now.engine.clues[line], line >= height,
                                                           state['font_px'], line == lit)
            state['lit'] = lit
        news.value = (f'<div style="font-size:26px;line-height:1.3"><b class="step-counter">'
                      f'step {len(now.steps) - 1}</b> &nbsp; {escape(now.message)}</div>')
        verdict.value = (f'<div style="font-size:24px;line-height:1.3">verdict: '
                         f'{escape(now.verdict)}</div>')
        buttons['apply'].disabled = buttons['cancel'].disabled = now.preview is None

    moves = {'back': Lesson.back, 'next': Lesson.next, 'to the end': Lesson.to_the_end,
             'apply': Lesson.apply, 'cancel': Lesson.cancel}
    for name, move in moves.items():
        buttons[name].on_click(lambda _, move=move: show(move(state['now'])))
    chooser.observe(lambda change: build(change['new']), 'value')
    build(start)
    top = widgets.HBox([widgets.HTML('<span style="font-size:22px">puzzle:&nbsp;</span>'
                                     '<style>.classroom .chooser select {font-size: 20px} '
                                     '.classroom .classroom-click button {font-size: 18px; '
                                     'height: 44px}</style>'),
                        chooser])
    clicks = widgets.HTML('<span style="font-size:18px;margin-left:24px">a click:&nbsp;</span>')
    controls = widgets.HBox(list(buttons.values()) + [clicks, mode],
                            layout={'align_items': 'center'})
    return widgets.VBox([top, news, hint, board, controls, verdict]).add_class('classroom')
