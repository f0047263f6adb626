"""Reading the benchmark results that the lessons and the appendix plot.

A library module, not a lesson. The benchmark scripts in `benchmarks/` write CSV files to
`benchmarks/results/`; a lesson that shows a measurement reads them with `read_rows` (so its
output changes only when a benchmark is run again). The sections below hold the plumbing of the
lessons' measurements: the single-line speed table (lesson 7), timing engines side by side
(lesson 9), ranking the engine's ideas and the queue strategies it measures (lesson 10).
"""

import csv
from pathlib import Path

from nonocheck import (check_callable, check_has, check_list, check_table, check_text,
                       checked_budget)

RESULTS = Path(__file__).resolve().parent / 'benchmarks' / 'results'


def read_rows(name: str, folder: Path | str | None = None) -> list[dict]:
    """The rows of a results CSV (`benchmarks/results/NAME` unless `folder` says) as dicts of
    strings, one per row, keyed by the header."""
    check_text('name', name)
    if folder is not None and not isinstance(folder, (str, Path)):
        raise TypeError(f'folder must be a path or None, not {folder!r:.40}')
    path = Path(folder or RESULTS) / name
    if not path.is_file():
        raise FileNotFoundError(f'no benchmark results {path}: run the benchmark in benchmarks/ '
                                'that writes it')
    with open(path, newline='', encoding='utf-8') as file:
        return list(csv.DictReader(file))


# --- Ranking measured ideas (lesson 10, nonoengine) -----------------------------------------------
# Plumbing for lesson 10's one table of what each idea buys: which configurations of
# benchmarks/speed.py measure which idea, their totals, the printed ranking and the chart.

NICKNAMES = {'webpbn-00023': 'Edge', 'webpbn-00436': 'Petro', 'webpbn-00803': 'Light',
             'webpbn-01611': 'Merka', 'webpbn-06574': 'Forever'}  # lesson 9's names

IDEAS = [  # (idea, lesson, in the default engine?, results file, configuration without, with it)
    ('undo trail (lines as lists)', 8, True, 'ideas.csv', "... with lesson 7's line solver",
     '+ undo trail'),
    ('memo', 8, True, 'ablation.csv', 'no memo', 'default'),
    ('lines as masks, solver called directly', 8, True, 'ablation.csv', 'nonofast with its cache',
     'default'),
    ('skip probes on unchanged lines', 9, True, 'ablation.csv',
     'probes: again where lines are unchanged', 'default'),
    ('skip implied values', 9, False, 'ablation.csv', 'default', 'probes: skip implied values'),
    ('guess where contradictions cluster', 10, True, 'ablation.csv',
     'guess: best last probe, no activity', 'default'),
    ('activity that grows', 10, True, 'ablation.csv', 'guess: no activity growth', 'default'),
    ('guess: first candidate', 10, False, 'ablation.csv', 'default', 'guess: reading order'),
    ('queue: last in, first out', 10, False, 'ablation.csv', 'default',
     'queue: last in, first out'),
    ('queue: most changed first', 10, False, 'ablation.csv', 'default',
     'queue: most changed first'),
    ('probes: nearly solved lines first', 10, False, 'ablation.csv', 'default',
     'probes: nearly solved lines first'),
    ('probes: reading order', 10, False, 'ablation.csv', 'default', 'probes: reading order'),
    ('probing, for scale', 4, True, 'ablation.csv', 'no probing', 'default'),
]
# The ideas whose two configurations do not include the default engine: another baseline.
OTHER_BASELINE = {idea for idea, *_, without, with_ in IDEAS if 'default' not in (without, with_)}


def totals(rows: list[dict], cap: float = 10.0) -> dict[str, tuple[float, list[str]]]:
    """Per configuration of a results table (rows with 'config', 'puzzle', 'seconds' and
    'verdict'), in the order of first appearance: (total seconds over its puzzles, each run
    counted at most `cap` seconds; the puzzles whose run ran out of time, verdict 'limit')."""
    rows = [check_has('rows', row, 'get') for row in check_list('rows', rows)]
    cap = checked_budget('cap', cap, (int, float))
    result = {}
    for row in rows:
        seconds, over = result.setdefault(row['config'], (0.0, []))
        if row['verdict'] == 'limit':
            over.append(row['puzzle'])
        result[row['config']] = (seconds + min(float(row['seconds']), cap), over)
    return result


def idea_measurements(folder: Path | str | None = None) -> dict:
    """{idea: (lesson, kept, without, with)} for each of IDEAS, read from the results files (in
    `folder`, by default benchmarks/results): without and with are (total seconds, puzzles over
    the limit) of the two configurations, as `totals` gives them."""
    files = {name: totals(read_rows(name, folder)) for name in {entry[3] for entry in IDEAS}}
    return {idea: (lesson, kept, files[name][without], files[name][with_])
            for idea, lesson, kept, name, without, with_ in IDEAS}


def ranked(measured: dict) -> list[tuple[str, float, tuple]]:
    """The ideas of `measured`, {idea: (lesson, kept, without, with)} where without and with are
    (seconds, puzzles over the limit) as `totals` gives them, as (idea, factor, entry), factor =
    seconds without / seconds with, the largest factor first."""
    check_has('measured', measured, 'items')
    rows = [(idea, entry[2][0] / entry[3][0], entry) for idea, entry in measured.items()]
    return sorted(rows, key=lambda row: -row[1])


def draw_factors(measured: dict, title: str, apart=None):
    """A horizontal bar per idea of `measured` (as for `ranked`), from 1 to its factor on a log
    scale: green if the idea is in the default engine, grey if it is a variant that is off by
    default; each labelled with its factor and any runs over the time limit. The ideas of `apart`
    (by default OTHER_BASELINE: measured against another engine) are drawn last, below a dashed
    line. Returns the Figure."""
    check_has('measured', measured, 'items'), check_text('title', title)
    import matplotlib.pyplot as plt
    from matplotlib.patches import Patch

    apart = OTHER_BASELINE if apart is None else apart
    ordered = ranked(measured)
    rows = ([row for row in ordered if row[0] in apart][::-1]  # from the bottom up
            + [row for row in ordered if row[0] not in apart][::-1])
    fig, ax = plt.subplots(figsize=(10, 0.9 + 0.34 * len(rows)))
    ax.barh([f'{idea} (lesson {entry[0]}{"; another baseline" if idea in apart else ""})'
             for idea, _, entry in rows],
            [factor - 1 for _, factor, _ in rows], left=1,
            color=['tab:green' if entry[1] else 'tab:grey' for _, _, entry in rows])
    below = sum(1 for idea, _, _ in rows if idea in apart)
    if below:
        ax.axhline(below - 0.5, color='black', linestyle='--', linewidth=0.8)
    ax.set_xscale('log')
    ax.axvline(1, color='black', linewidth=0.8)
    for y, (_, factor, (_, _, without, with_)) in enumerate(rows):
        late = [f'{len(over)} run{"s" * (len(over) > 1)} over the limit {when} it'
                for over, when in ((without[1], 'without'), (with_[1], 'with')) if over]
        if len(late) == 2:
            late[1] = late[1].split(' ')[0] + ' with it'  # '2 runs ... without it, 2 with it'
        ax.text(max(factor, 1), y, f' {factor:.2f}' + (f' ({", ".join(late)})' if late else ''),
                va='center', fontsize=8)
    factors = [factor for _, factor, _ in rows]
    ax.set_xlim(min(factors) / 1.3, max(factors) * 8)
    ax.set_xlabel('total time without the idea / total time with it (log scale; above 1: it pays)')
    ax.set_title(title)
    ax.legend(handles=[Patch(color='tab:green', label='in the default engine'),
                       Patch(color='tab:grey', label='a variant, off by default')],
              loc='lower right', bbox_to_anchor=(1, 0.15), fontsize=8)
    plt.tight_layout()
    return fig


# --- Timing engines side by side (lesson 9, nonoprober) ------------------------------------------
# Lesson 9 times its engines against lesson 4's way of probing, at the root of a few puzzles: the
# copying variant, the calls that differ between lesson 4's Engine and lesson 9's Prober, the
# clock and the table's layout are here.

def copying_prober(prober: type) -> type:
    """A subclass of `prober` (lesson 9's Prober, passed in: this module imports no later lesson)
    that probes as lesson 4 does: it copies the grid and the masks, propagates, compares the grid
    with the copy to learn what the probe decided, and puts the copies back. The trail still
    records the cells (propagate writes it), but nothing reads it or undoes with it."""
    check_has('prober', prober, 'probe', 'probe_all')
    from nonovector import Contradiction

    class CopyingProber(prober):
        def probe(self, r: int, c: int, value: int) -> dict | None:
            self.probes += 1
            grid, filled, empty = [row[:] for row in self.grid], self.filled[:], self.empty[:]
            mark = len(self.trail)
            self.set_cell(r, c, value)
            try:
                self.propagate((r, self.height + c))
                decided = {(i, j): now for i, row in enumerate(self.grid)
                           for j, now in enumerate(row) if now != grid[i][j]}
            except Contradiction:
                decided = None
            self.grid, self.filled, self.empty = grid, filled, empty
            del self.trail[mark:]
            return decided

    CopyingProber.__qualname__ = CopyingProber.__name__ = f'Copying{prober.__name__}'
    return CopyingProber


def at_the_root(engine):
    """Line logic, then probing until a round decides nothing, at the root of lesson 4's Engine
    or of lesson 9's Prober (which keeps its grid, masks and trail itself); returns the engine."""
    check_has('engine', engine, 'probe_all')
    if hasattr(engine, 'trail'):
        engine.propagate()
        engine.probe_all()
    else:
        engine.probe_all(engine.propagate(engine.grid))
    return engine


def time_table(puzzles: dict, engines: dict, run, ratios: dict | None = None,
               before=lambda: None) -> dict:
    """For each puzzle {name: clues} and each engine {name: make}, call before() (e.g. to empty a
    cache), then time run(make(*clues)) in seconds of processor time. Print a table, a row per
    puzzle: each engine's seconds, then for each ratio {label: (a, b)} engine a's time over
    engine b's. Return {(puzzle, engine): what run returned}."""
    check_has('puzzles', puzzles, 'items'), check_has('engines', engines, 'items')
    check_callable('run', run)
    import time

    ratios = ratios or {}
    widths = {name: max(len(name), 6) + 2 for name in [*engines, *ratios]}
    print(f'{"CPU s":>8}' + ''.join(f'{name:>{width}}' for name, width in widths.items()))
    results = {}
    for puzzle, clues in puzzles.items():
        seconds = {}
        for name, make in engines.items():
            before()
            start = time.process_time()
            results[puzzle, name] = run(make(*clues))
            seconds[name] = time.process_time() - start
        print(f'{puzzle:>8}' + ''.join(f'{seconds[name]:{widths[name]}.3f}' for name in engines)
              + ''.join(f'{seconds[a] / max(seconds[b], 1e-9):{widths[label]}.2f}'
                        for label, (a, b) in ratios.items()))
    return results


# --- Strategies measured against lesson 10's defaults (nonoengine) --------------------------------
# Variants of the engine's choices that benchmarks/speed.py switches on one at a time (ablation.csv)
# and lesson 10 ranks; none pays. nonoengine imports them, so they stay nonoengine's names too. A
# queue strategy takes the engine and its queue of lines; a probe order, the engine and the grid.

def last_in_first_out(engine, queue) -> int:
    """Strategy for the next line to solve: the one queued last."""
    check_has('queue', queue, 'pop')
    return queue.pop()


def most_changed(engine, queue) -> int:
    """Strategy for the next line: the one with the most cells decided since it was last taken."""
    check_has('engine', engine, 'changes'), check_has('queue', queue, 'remove')
    line = max(queue, key=engine.changes.__getitem__)
    queue.remove(line)
    engine.changes[line] = 0
    return line


def nearly_solved_lines(engine, grid) -> list[tuple[int, int]]:
    """Strategy for the order of probes: cells whose lines have the fewest unknown cells first."""
    grid = check_table('grid', grid)
    row_unknown = [row.count(None) for row in grid]
    col_unknown = [sum(1 for row in grid if row[c] is None) for c in range(len(grid[0]))]
    unknown = [(r, c) for r, row in enumerate(grid) for c, cell in enumerate(row) if cell is None]
    return sorted(unknown, key=lambda cell: row_unknown[cell[0]] + col_unknown[cell[1]])


# --- Single-line speeds, stored (lesson 7, nonofast) ---------------------------------------------
# Lesson 7 shows the stored speeds of its line solvers (benchmarks/speed.py, part lines): which
# rows of speed.csv, their names in the lesson, and the printed table.

LINE_SPEEDS = {  # the label of a row of speed.csv -> its name in lesson 7's table
    'lesson 2 DP: nonoline.solve_line': 'solve_line (lesson 2)',
    'nonofast.solve_line, no cache': 'solve_line, no cache',
    'nonofast.line_bits (bitmasks), no cache': 'line_bits (lesson 6)',
    'nonofast.line_bits_fast (bitmasks), no cache': 'line_bits_fast',
    'nonofast.solve_line, cache warm (all hits)': 'solve_line, cache warm'}


def print_line_speeds(folder: Path | str | None = None) -> dict[str, float]:
    """Print lesson 7's table of stored single-line speeds (speed.csv, in `folder` if given): for
    each solver of LINE_SPEEDS, lines per second and the ratio to lesson 2's solver. Returns
    {name: lines per second}."""
    rates = {LINE_SPEEDS[row['solver']]: float(row['lines_per_second'])
             for row in read_rows('speed.csv', folder) if row['solver'] in LINE_SPEEDS}
    lesson_2 = rates['solve_line (lesson 2)']
    print(f'{"solver":<24} {"lines/s":>8} {"x lesson 2":>10}')
    for name, rate in rates.items():
        print(f'{name:<24} {rate:>8,.0f} {rate / lesson_2:>10.1f}')
    return rates
