"""Tests of the library module nonobench: reading benchmark results, and the totals, ranking and
chart that lesson 10 (nonoengine) uses for what each idea buys."""
from pathlib import Path

import pytest

import nonobench
import nonofast
import nonoprobe
from nonobench import (at_the_root, copying_prober, draw_factors, ranked, read_rows, time_table,
                       totals)
from nonofiles import read_clues
from nonoprober import Prober

PUZZLES = Path(__file__).resolve().parent.parent / "puzzles"

ROWS = [
    {'config': 'default', 'puzzle': 'a', 'verdict': 'unique', 'seconds': '1.0'},
    {'config': 'default', 'puzzle': 'b', 'verdict': 'unique', 'seconds': '2.0'},
    {'config': 'no memo', 'puzzle': 'a', 'verdict': 'unique', 'seconds': '3.0'},
    {'config': 'no memo', 'puzzle': 'b', 'verdict': 'limit', 'seconds': '10.2'},
]


def test_read_rows_reads_a_results_file_and_names_a_missing_one(tmp_path):
    (tmp_path / 'x.csv').write_text('config,seconds\ndefault,1.5\n', encoding='utf-8')
    assert read_rows('x.csv', tmp_path) == [{'config': 'default', 'seconds': '1.5'}]
    with pytest.raises(FileNotFoundError, match='run the benchmark'):
        read_rows('missing.csv', tmp_path)


def test_totals_cap_each_run_and_list_the_runs_over_the_limit():
    assert totals(ROWS) == {'default': (3.0, []), 'no memo': (13.0, ['b'])}
    assert totals(ROWS, cap=2.5)['no memo'] == (5.0, ['b'])
    assert list(totals(ROWS)) == ['default', 'no memo']  # in the order of the file


def test_ranked_puts_the_largest_factor_first():
    sums = totals(ROWS)
    measured = {'memo': (8, True, sums['no memo'], sums['default']),
                'a variant': (9, False, sums['default'], sums['no memo'])}
    (first, factor, entry), (second, small, _) = ranked(measured)
    assert (first, second) == ('memo', 'a variant') and entry[0] == 8
    assert factor == pytest.approx(13 / 3) and small == pytest.approx(3 / 13)


def test_draw_factors_draws_a_bar_per_idea_with_its_factor():
    import matplotlib
    matplotlib.use('Agg')
    import matplotlib.pyplot as plt
    sums = totals(ROWS)
    measured = {'memo': (8, True, sums['no memo'], sums['default']),
                'a variant': (10, False, sums['default'], sums['no memo'])}
    figure = draw_factors(measured, 'ideas', apart=())
    ax = figure.axes[0]
    assert ax.get_title() == 'ideas' and ax.get_xscale() == 'log'
    assert [label.get_text() for label in ax.get_yticklabels()] == ['a variant (lesson 10)',
                                                                      'memo (lesson 8)']
    texts = [text.get_text() for text in ax.texts]
    assert ' 4.33 (1 run over the limit without it)' in texts
    assert ' 0.23 (1 run over the limit with it)' in texts
    plt.close(figure)


def test_draw_factors_puts_another_baseline_below_a_line():
    import matplotlib
    matplotlib.use('Agg')
    import matplotlib.pyplot as plt
    sums = totals(ROWS)
    measured = {'memo': (8, True, sums['no memo'], sums['default']),
                'trail': (8, True, sums['default'], sums['no memo'])}
    figure = draw_factors(measured, 'ideas', apart={'trail'})
    labels = [label.get_text() for label in figure.axes[0].get_yticklabels()]
    assert labels == ['trail (lesson 8; another baseline)', 'memo (lesson 8)']  # bottom first
    assert any(line.get_linestyle() == '--' for line in figure.axes[0].lines)
    plt.close(figure)


def test_the_ideas_table():
    measured = nonobench.idea_measurements()
    assert set(measured) == {entry[0] for entry in nonobench.IDEAS}
    assert nonobench.OTHER_BASELINE == {'undo trail (lines as lists)'}
    lesson, kept, without, with_ = measured['memo']
    assert (lesson, kept) == (8, True) and without[0] > with_[0] > 0
    lessons = {idea: lesson for idea, lesson, *_ in nonobench.IDEAS}  # where each idea is taught
    assert lessons['undo trail (lines as lists)'] == lessons['memo'] == 8
    assert lessons['skip probes on unchanged lines'] == lessons['skip implied values'] == 9
    assert lessons['guess where contradictions cluster'] == lessons['queue: most changed first'] == 10


def test_the_real_results_hold_what_lesson_10_compares():
    ablation, ideas = totals(read_rows('ablation.csv')), totals(read_rows('ideas.csv'))
    for config in ('default', 'no memo', 'nonofast with its cache', 'no probing',
                   'guess: no activity growth', 'guess: best last probe, no activity',
                   'probes: again where lines are unchanged', 'probes: skip implied values'):
        assert config in ablation
    assert {"... with lesson 7's line solver", '+ undo trail'} <= set(ideas)
    assert nonobench.RESULTS.name == 'results'


# --- lesson 9's comparison: the copying variant, the root, the table ------------------------------

def test_the_copying_prober_probes_as_lesson_9s_and_leaves_no_trail():
    rows, cols = read_clues(PUZZLES / "webpbn-06574.non")  # Forever: probing stalls
    copying, trailing = copying_prober(Prober)(rows, cols), Prober(rows, cols)
    assert copying_prober(Prober).__name__ == "CopyingProber"
    for engine in (copying, trailing):
        engine.propagate()
    assert copying.probe(5, 5, 1) == trailing.probe(5, 5, 1) and copying.probes == 1
    assert copying.grid == trailing.grid and copying.filled == trailing.filled
    assert len(copying.trail) == len(trailing.trail)  # the probe's cells are gone again
    at_the_root(copying), at_the_root(trailing)
    assert (copying.probes, copying.grid) == (trailing.probes, trailing.grid)


def test_the_copying_prober_reports_a_contradiction():
    engine = copying_prober(Prober)([[1], [0]], [[1], [0]])  # a single filled cell at (0, 0)
    assert engine.probe(0, 1, 1) is None
    assert engine.grid == [[None, None], [None, None]] and engine.trail == []


def test_at_the_root_runs_lesson_4s_engine_and_lesson_9s_alike():
    rows, cols = read_clues(PUZZLES / "webpbn-00023.non")  # Edge: probing finishes it
    lesson_4 = at_the_root(nonoprobe.Engine(rows, cols, line_solver=nonofast.solve_line))
    lesson_9 = at_the_root(Prober(rows, cols, skip_unchanged=False))
    assert lesson_4.grid == lesson_9.grid and lesson_4.probes == lesson_9.probes == 68


def test_time_table_times_every_pair_and_prints_the_ratios(capsys):
    calls = []
    results = time_table({'p': (1, 2), 'q': (3, 4)},
                         {'plus': lambda a, b: a + b, 'times': lambda a, b: a * b},
                         run=lambda value: -value, ratios={'plus/times': ('plus', 'times')},
                         before=lambda: calls.append(1))
    assert results == {('p', 'plus'): -3, ('p', 'times'): -2, ('q', 'plus'): -7,
                       ('q', 'times'): -12}
    assert len(calls) == 4
    header, *rows = capsys.readouterr().out.splitlines()
    assert header.split() == ['CPU', 's', 'plus', 'times', 'plus/times']
    assert [row.split()[0] for row in rows] == ['p', 'q'] and len(rows[0].split()) == 4


# --- the strategies lesson 10 measures against its defaults ----------------------------------------

def test_the_measured_strategy_variants_are_nonoengines_names_too():
    import nonoengine

    for name in ("last_in_first_out", "most_changed", "nearly_solved_lines"):
        assert getattr(nonoengine, name) is getattr(nonobench, name)
