"""A Sphinx extension: formulas written as MathML when the book is built, by latex2mathml.

Browsers show MathML themselves, so the pages need no MathJax: no script fetched from a CDN, and
the book reads the same offline and from file://. Selected by `html_math_renderer: mathml`.
"""
from docutils import nodes
from latex2mathml.converter import convert


def visit_math(translator, node):
    """An inline formula, $...$."""
    translator.body.append(convert(node.astext()))
    raise nodes.SkipNode


def visit_displaymath(translator, node):
    """A displayed formula, $$...$$, centred on its own line."""
    translator.body.append(f'<div class="math-display">{convert(node.astext(), display="block")}</div>')
    raise nodes.SkipNode


def setup(app):
    app.add_html_math_renderer("mathml", (visit_math, None), (visit_displaymath, None))
    return {"parallel_read_safe": True, "parallel_write_safe": True}
