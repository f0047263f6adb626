"""Tests of nonodraw's QR section (used by lesson 5, gchq): a grid as a QR image, drawn and read."""
import builtins

import pytest

import nonodraw
from nonodraw import QR_REPAIR, decode_qr, draw_qr, qr_error_correction, qr_pixels


def test_qr_pixels_geometry():
    pixels = qr_pixels([[1, 0], [0, 1]], scale=3, quiet=1)
    assert len(pixels) == len(pixels[0]) == 12  # (2 cells + 2 x 1 quiet) x 3 pixels
    assert pixels[0] == pixels[2] == pixels[9] == pixels[11] == [255] * 12  # the quiet zone
    assert pixels[3][3:9] == pixels[5][3:9] == [0, 0, 0, 255, 255, 255]
    assert pixels[6][3:9] == pixels[8][3:9] == [255, 255, 255, 0, 0, 0]
    assert pixels[3][:3] == pixels[3][9:] == [255] * 3


def test_qr_pixels_rows_are_independent():
    pixels = qr_pixels([[1]], scale=2, quiet=1)
    assert len({id(row) for row in pixels}) == len(pixels) == 6
    pixels[0][0] = 0
    assert pixels[-1][0] == 255 and pixels[1][0] == 255


def test_qr_pixels_defaults():
    pixels = qr_pixels([[1] * 25] * 25)
    assert len(pixels) == len(pixels[0]) == (25 + 8) * 8
    assert pixels[32][31:33] == [255, 0]


def test_draw_qr():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    ax = draw_qr([[1, 0], [0, 1]], scale=2, quiet=1)
    assert ax.get_title() == "(2 pixels per cell, 1-cell quiet zone)"
    assert list(ax.get_xticks()) == list(ax.get_yticks()) == []  # no pixel axes: a frame only
    assert ax.get_xlabel() == ax.get_ylabel() == ""
    assert ax.images[0].get_array().shape == (8, 8)
    plt.close(ax.figure)
    ax = draw_qr([[1]], title="t")
    assert ax.get_title() == "t\n(8 pixels per cell, 4-cell quiet zone)"
    plt.close(ax.figure)


def test_decode_the_gchq_card():
    pytest.importorskip("zxingcpp")
    pytest.importorskip("PIL")
    import gchq
    assert decode_qr(gchq.SOLUTION) == ("www.gchq.gov.uk/puzz", None)
    text, problem = decode_qr([[0] * 25 for _ in range(25)])
    assert text is None and "no QR code" in problem
    assert qr_error_correction(gchq.SOLUTION) == ("M", 15)
    assert qr_error_correction([[0] * 25 for _ in range(25)]) is None


def test_qr_repair_levels():
    assert list(QR_REPAIR) == ["L", "M", "Q", "H"]
    assert list(QR_REPAIR.values()) == sorted(QR_REPAIR.values()) == [7, 15, 25, 30]


def test_decode_says_when_zxing_is_missing(monkeypatch):
    real_import = builtins.__import__

    def no_zxing(name, *args, **kwargs):
        if name == "zxingcpp":
            raise ImportError("No module named 'zxingcpp'", name="zxingcpp")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_zxing)
    assert decode_qr([[1]]) == (
        None, "cannot decode here: zxingcpp is not installed (pip install zxing-cpp)")
    assert qr_error_correction([[1]]) is None


def test_importing_nonodraw_loads_no_qr_library():
    import subprocess
    import sys
    code = "import sys, nonodraw; print([m for m in ('zxingcpp', 'PIL') if m in sys.modules])"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.stdout.strip() == "[]"
    assert nonodraw.decode_qr.__module__ == "nonodraw"
