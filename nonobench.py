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
