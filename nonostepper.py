"""A stepper for the classroom: drive a solve one line, probe or guess at a time.

A library module, not a lesson. A `Stepper` holds a solve as data: lesson 3's engine (lesson 4's,
with probing), its `Step`s, the puzzle's verdict and a message about the last move. Each move
returns a new `Stepper`: `next`, `back`, `fixpoint`, `probe` and `guess` a cell, and
`with_clues`, which reads clues typed as text and judges the new puzzle. A move that cannot be
made says why. `stepper_widget(rows, cols)` shows one in a notebook (with ipywidgets): press
*next* and the solved line's clue turns yellow, the cells it decided red; a click on a cell
probes or guesses it; edit a clue and press Enter to see the new puzzle's verdict.
"""

import re
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass, replace
from html import escape
from typing import NamedTuple

from nonocheck import Grid, PuzzleError, check_has, plural
from nonodraw import NEW_EMPTY, NEW_FILLED, UNKNOWN_GREY
from nonoprobe import Engine, Verdict, analyse
from nonovector import Contradiction


class Step(NamedTuple):
    """One step of a solve: the line solved (None for a guess or a probe), the cells it
    decided, the grid after it and the lines still queued."""
    line: int | None
    changed: list
    grid: Grid
    queue: tuple


def first_step(engine: Engine) -> Step:
    """The start of a solve: a copy of the engine's grid, every line queued."""
    check_has('engine', engine, 'grid', 'height', 'width')
    return Step(None, [], [row[:] for row in engine.grid],
                tuple(range(engine.height + engine.width)))


def line_steps(engine: Engine, step: Step | None = None) -> Iterator[Step]:
    """Propagation from `step` (the start if None) to the fixpoint, a Step per line solved, by
    the engine's own solve_next_line (lesson 3) on new grids. Raises Contradiction as
    propagate does."""
    check_has('engine', engine, 'grid', 'height', 'width')
    step = step or first_step(engine)
    while step.queue:
        grid, queue = [row[:] for row in step.grid], deque(step.queue)
        line, changed = engine.solve_next_line(grid, queue)
        step = Step(line, changed, grid, tuple(queue))
        yield step


@dataclass(frozen=True)
class Stepper:
    """A solve to step through: the engine, the Steps so far (the last is shown), the puzzle's
    Verdict and a message on the last move. Moves return a new Stepper."""
    engine: Engine
    steps: tuple
    verdict: Verdict
    message: str = 'every line is queued'

    def then(self, message: str, *steps: Step) -> 'Stepper':
        return replace(self, message=message, steps=self.steps + steps)

    def next(self) -> 'Stepper':
        """Solve the next queued line."""
        try:
            step = next(line_steps(self.engine, self.steps[-1]), None)
        except Contradiction as error:
            return self.then(f'{error}: go back')
        if step is None:
            return self.then('the queue is empty: line logic can decide no more')
        return self.then(f'{self.engine.line_name(step.line)}: '
                         f'{plural(len(step.changed), "cell")} decided', step)

    def back(self) -> 'Stepper':
        """Undo the last step."""
        if len(self.steps) == 1:
            return self.then('this is the start')
        return replace(self, steps=self.steps[:-1], message='one step back')

    def fixpoint(self) -> 'Stepper':
        """Solve queued lines until none is left (or one has no layout)."""
        before, after = self, self.next()
        while len(after.steps) > len(before.steps):
            before, after = after, after.next()
        return after

    def setting(self, cells: dict, message: str) -> 'Stepper':
        """One more step: `cells`, {(row, column): value}, set and their lines queued."""
        last, grid = self.steps[-1], [row[:] for row in self.steps[-1].grid]
        lines = [line for line in self.engine.set_cells(grid, cells) if line not in last.queue]
        return self.then(message, Step(None, sorted(cells), grid, last.queue + tuple(lines)))

    def guess(self, r: int, c: int, value: int) -> 'Stepper':
        """Set unknown cell (r, c) to `value`, 1 or 0."""
        if self.steps[-1].grid[r][c] is not None:
            return self.then(f'cell ({r}, {c}) is known')
        return self.setting({(r, c): value}, f'guess: ({r}, {c}) {("empty", "filled")[value]}')

    def probe(self, r: int, c: int) -> 'Stepper':
        """Probe unknown cell (r, c) both ways, as probe_all does, and set what is certain."""
        grid = self.steps[-1].grid
        if grid[r][c] is not None:
            return self.then(f'cell ({r}, {c}) is known')
        outcomes = [self.engine.probe(grid, r, c, value) for value in (1, 0)]
        said = f'probe ({r}, {c}): ' + ', '.join(
            f'{name} {"fails" if found is None else "decides " + plural(len(found), "cell")}'
            for name, found in zip(('filled', 'empty'), outcomes))
        try:
            sure = self.engine.certain(grid, outcomes)
        except Contradiction:
            return self.then(f'{said}; no solution from here: go back')
        if not sure:
            return self.then(f'{said}; nothing is certain')
        return self.setting(sure, f'{said}; {plural(len(sure), "cell")} certain')

    def with_clues(self, texts: list[str]) -> 'Stepper':
        """A new Stepper for clues typed as text, the rows' then the columns' ('3 1' or '3, 1';
        '0' or nothing for an empty line); if they are not a puzzle, this one saying why."""
        try:
            for line, text in enumerate(texts):
                if not re.fullmatch(r'[\d\s,]*', text):
                    raise PuzzleError(f'{self.engine.line_name(line)}: a clue is numbers, such as '
                                      f'3 1, not {text.strip()!r}')
            clues = [[int(number) for number in re.findall(r'\d+', text)] for text in texts]
            return replace(stepper(clues[:self.engine.height], clues[self.engine.height:]),
                           message='new clues: every line is queued')
        except PuzzleError as error:
            return self.then(f'clues not changed: {error}')


def stepper(rows, cols) -> Stepper:
    """A Stepper at the start of a puzzle, with analyse's verdict. Raises PuzzleError."""
    engine = Engine(rows, cols)
    return Stepper(engine, (first_step(engine),), analyse(rows, cols))


def stepper_widget(rows, cols, cell_px=56):
    """A live Stepper (an ipywidgets box): buttons back, next and fixpoint; a click on a cell
    probes or guesses it; the clues are text boxes (Enter, or a click elsewhere, re-checks the
    puzzle)."""
    import ipywidgets as widgets

    now, height, width = stepper(rows, cols), len(rows), len(cols)
    boxes = [widgets.Text(' '.join(map(str, clue)), layout={'width': '130px'}) for clue in rows]
    boxes += [widgets.Textarea('\n'.join(map(str, clue)), rows=max(map(len, cols)),
                               layout={'width': f'{cell_px}px'}) for clue in cols]
    cells = [[widgets.Button(layout={'width': f'{cell_px}px', 'height': f'{cell_px}px'})
              for c in range(width)] for r in range(height)]
    board = widgets.GridBox([widgets.Label()] + boxes[height:] + sum(
        ([boxes[r]] + cells[r] for r in range(height)), []), layout={'grid_gap': '2px',
        'grid_template_columns': f'max-content repeat({width}, {cell_px}px)'})
    moves = [widgets.Button(description=name) for name in ('back', 'next', 'fixpoint')]
    click = widgets.ToggleButtons(options=['probe', 'fill', 'empty'], description='a click:')
    news, verdict = widgets.HTML(), widgets.HTML()

    def show(moved):
        nonlocal now
        now, step = moved, moved.steps[-1]
        for r, row in enumerate(step.grid):
            for c, cell in enumerate(row):
                new = (r, c) in step.changed
                cells[r][c].style.button_color = {1: NEW_FILLED if new else 'black',
                    0: NEW_EMPTY if new else 'white', None: UNKNOWN_GREY}[cell]
                cells[r][c].layout.border = ('4px solid #ffbf00' if step.line in (r, height + c)
                                             else '1px solid #777')
        for line, box in enumerate(boxes):
            box.style.background = '#ffd60a' if line == step.line else 'white'
            (box.add_class if line == step.line else box.remove_class)('solved-line')
        news.value = (f'<span style="font-size:22px"><b class="step-counter">step '
                      f'{len(now.steps) - 1}</b> &nbsp; {escape(now.message)}</span>')
        verdict.value = f'<span style="font-size:18px">verdict: {now.verdict.describe()}</span>'

    for line, box in enumerate(boxes):
        box.style.font_size, box.continuous_update = '22px', False
        box.add_class(now.engine.line_name(line).replace(' ', '-'))
        box.observe(lambda _: show(now.with_clues([box.value for box in boxes])), 'value')
    for button, move in zip(moves, (Stepper.back, Stepper.next, Stepper.fixpoint)):
        button.style.font_size = '18px'
        button.on_click(lambda _, move=move: show(move(now)))
    for r in range(height):
        for c in range(width):
            cells[r][c].on_click(lambda _, r=r, c=c: show(now.probe(r, c) if click.value ==
                                 'probe' else now.guess(r, c, int(click.value == 'fill'))))
    show(now)
    return widgets.VBox([news, click, board, widgets.HBox(moves), verdict]).add_class('stepper')
