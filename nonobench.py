"""Reading the benchmark results that the lessons and the appendix plot.

A library module, not a lesson. The benchmark scripts in `benchmarks/` write CSV files to
`benchmarks/results/`; a lesson that shows a measurement reads them with `read_rows` (so its
output changes only when a benchmark is run again) and draws them itself.
"""

import csv
from pathlib import Path

RESULTS = Path(__file__).resolve().parent / 'benchmarks' / 'results'


def read_rows(name: str, folder: Path | str | None = None) -> list[dict]:
    """The rows of a results CSV (`benchmarks/results/NAME` unless `folder` says) as dicts of
    strings, one per row, keyed by the header."""
    path = Path(folder or RESULTS) / name
    if not path.is_file():
        raise FileNotFoundError(f'no benchmark results {path}: run the benchmark in benchmarks/ '
                                'that writes it')
    with open(path, newline='', encoding='utf-8') as file:
        return list(csv.DictReader(file))


# --- Ranking measured ideas (lesson 9, nonoengine) -----------------------------------------------
# Plumbing for lesson 9's one table of what each idea buys: totals per configuration, and the
# chart. The lesson chooses which configurations to compare; these only add up and draw.

def totals(rows: list[dict], cap: float = 10.0) -> dict[str, tuple[float, list[str]]]:
    """Per configuration of a results table (rows with 'config', 'puzzle', 'seconds' and
    'verdict'), in the order of first appearance: (total seconds over its puzzles, each run
    counted at most `cap` seconds; the puzzles whose run ran out of time, verdict 'limit')."""
    result = {}
    for row in rows:
        seconds, over = result.setdefault(row['config'], (0.0, []))
        if row['verdict'] == 'limit':
            over.append(row['puzzle'])
        result[row['config']] = (seconds + min(float(row['seconds']), cap), over)
    return result


def ranked(measured: dict) -> list[tuple[str, float, tuple]]:
    """The ideas of `measured`, {idea: (lesson, kept, without, with)} where without and with are
    (seconds, puzzles over the limit) as `totals` gives them, as (idea, factor, entry), factor =
    seconds without / seconds with, the largest factor first."""
    rows = [(idea, entry[2][0] / entry[3][0], entry) for idea, entry in measured.items()]
    return sorted(rows, key=lambda row: -row[1])


def draw_factors(measured: dict, title: str):
    """A horizontal bar per idea of `measured` (as for `ranked`), from 1 to its factor on a log
    scale: green if the idea is in the default engine, grey if it is a variant that is off by
    default; each labelled with its factor and any runs over the time limit. Returns the Figure."""
    import matplotlib.pyplot as plt
    from matplotlib.patches import Patch

    rows = ranked(measured)[::-1]  # the largest at the top
    fig, ax = plt.subplots(figsize=(8.5, 0.9 + 0.34 * len(rows)))
    ax.barh([f'{idea} (lesson {entry[0]})' for idea, _, entry in rows],
            [factor - 1 for _, factor, _ in rows], left=1,
            color=['tab:green' if entry[1] else 'tab:grey' for _, _, entry in rows])
    ax.set_xscale('log')
    ax.axvline(1, color='black', linewidth=0.8)
    for y, (_, factor, (_, _, without, with_)) in enumerate(rows):
        late = [f'{len(over)} run{"s" * (len(over) > 1)} over the limit {when} it'
                for over, when in ((without[1], 'without'), (with_[1], 'with')) if over]
        ax.text(max(factor, 1), y, f' {factor:.2f}' + (f' ({", ".join(late)})' if late else ''),
                va='center', fontsize=8)
    factors = [factor for _, factor, _ in rows]
    ax.set_xlim(min(factors) / 1.3, max(factors) * 8)
    ax.set_xlabel('total time without the idea / total time with it (log scale; above 1: it pays)')
    ax.set_title(title)
    ax.legend(handles=[Patch(color='tab:green', label='in the default engine'),
                       Patch(color='tab:grey', label='a variant, off by default')],
              loc='lower right', bbox_to_anchor=(1, 0.1), fontsize=8)
    plt.tight_layout()
    return fig
