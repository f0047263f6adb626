"""Tests of the library module nonobench: reading benchmark results, and the totals, ranking and
chart that lesson 9 (nonoengine) uses for what each idea buys."""
import pytest

import nonobench
from nonobench import draw_factors, ranked, read_rows, totals

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
                'a variant': (9, False, sums['default'], sums['no memo'])}
    figure = draw_factors(measured, 'ideas')
    ax = figure.axes[0]
    assert ax.get_title() == 'ideas' and ax.get_xscale() == 'log'
    assert [label.get_text() for label in ax.get_yticklabels()] == ['a variant (lesson 9)',
                                                                      'memo (lesson 8)']
    texts = [text.get_text() for text in ax.texts]
    assert ' 4.33 (1 run over the limit without it)' in texts
    assert ' 0.23 (1 run over the limit with it)' in texts
    plt.close(figure)


def test_the_real_results_hold_what_lesson_9_compares():
    ablation, ideas = totals(read_rows('ablation.csv')), totals(read_rows('ideas.csv'))
    for config in ('default', 'no memo', 'nonofast with its cache', 'no probing',
                   'guess: no activity growth', 'guess: best last probe, no activity',
                   'probes: again where lines are unchanged', 'probes: skip implied values'):
        assert config in ablation
    assert {"... with lesson 7's line solver", '+ undo trail'} <= set(ideas)
    assert nonobench.RESULTS.name == 'results'
