"""A Sphinx extension: a note where a notebook's output is an interactive widget.

A widget is drawn by a running Python kernel, and a page of the book has none behind it, so the
output would be blank. The note after it says where the widget can be used.
"""
from docutils import nodes
from sphinx.transforms.post_transforms import SphinxPostTransform

WIDGET_VIEW = '<script type="application/vnd.jupyter.widget-view+json">'
NOTE = ("An interactive widget shows here when the notebook runs in Jupyter; a page of the book "
        "has no Python behind it. To use the widget, run the notebook: the buttons at the top of "
        "the page download it, or launch it on Binder.")


class AddWidgetNotes(SphinxPostTransform):
    """After each widget output (myst-nb writes it as a raw script tag), a note."""

    default_priority = 400
    formats = ("html",)

    def run(self, **kwargs):
        for raw in list(self.document.findall(nodes.raw)):
            if raw.astext().startswith(WIDGET_VIEW):
                note = nodes.paragraph(text=NOTE, classes=["widget-note"])
                raw.parent.insert(raw.parent.index(raw) + 1, note)


def setup(app):
    app.add_post_transform(AddWidgetNotes)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
