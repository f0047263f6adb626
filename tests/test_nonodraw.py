"""Tests of the library module nonodraw: grids drawn with their clues, numbers and marks."""
from nonodraw import draw_grid, draw_steps
from nonogram2d import sweep_history

from test_nonogram2d import COLS, ROWS

def test_draw_grid_and_steps():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    ax = draw_grid([[1, 0, None]] * 2, [[1], [1]], [[2], [], [0]], changed=[(0, 0), (0, 2)],
                   title="t", givens=[(1, 0)])
    numbers = sorted(text.get_text() for text in ax.texts)
    assert numbers == ["0", "0", "1", "1", "2"]
    assert ax.get_title() == "t"
    plt.close(ax.figure)
    fig = draw_steps(sweep_history(ROWS, COLS), ROWS, COLS, columns=2)
    assert len(fig.axes) == 4 and fig.axes[3].get_title() == ""  # 3 steps, one blank panel
    assert fig.axes[2].get_legend() is not None and fig.axes[0].get_legend() is None
    plt.close(fig)
    ax = draw_grid([[1, 0, None]] * 2, numbers=True, changed=[(0, 0), (0, 1), (0, 2)])
    assert sorted(text.get_text() for text in ax.texts) == ["0", "0", "1", "1", "2"]  # numbers
    legend = [text.get_text() for text in ax.get_legend().get_texts()]
    assert legend == ["newly filled", "newly empty", "the cell tried"]
    plt.close(ax.figure)
