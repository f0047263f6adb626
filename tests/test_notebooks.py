"""The machinery that keeps the chapters honest.

- each notebook's paired module is exactly what jupytext writes from it under the repo's config;
- each notebook is stored executed, top to bottom, in one fresh kernel (nbval compares only
  executed cells, so an unexecuted notebook would pass it vacuously);
- importing a chapter module prints nothing and loads no plotting library;
- environment.yml installs the same packages as pyproject.toml;
- the chapters read in order: each module imports only earlier chapters (its code and its
  notebook's demonstrations alike), each chapter fits a class session, and the README lists them;
- the modules' doctest examples run and pass.
An appendix notebook (notebook metadata jupytext.formats = "ipynb") is not paired with a module.
"""
import ast
import doctest
import importlib
import json
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import jupytext
import pytest
from jupytext.config import find_jupytext_configuration_file, load_jupytext_configuration_file

ROOT = Path(__file__).resolve().parent.parent
ALL_NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))


def is_appendix(notebook):
    """An unpaired notebook: its own metadata says it is stored as .ipynb only."""
    metadata = json.loads(notebook.read_text())["metadata"]
    return metadata.get("jupytext", {}).get("formats") == "ipynb"


NOTEBOOKS = [notebook for notebook in ALL_NOTEBOOKS if not is_appendix(notebook)]
APPENDICES = [notebook for notebook in ALL_NOTEBOOKS if is_appendix(notebook)]
MODULES = [notebook.stem for notebook in NOTEBOOKS]


def chapter_number(module):
    """N from the title '# Chapter N. ...' that opens the module's first markdown cell."""
    match = re.search(r"^# # Chapter (\d+)\. ", (ROOT / f"{module}.py").read_text(), re.MULTILINE)
    assert match, f"{module}.py has no '# Chapter N.' title"
    return int(match.group(1))


CHAPTERS = sorted(MODULES, key=chapter_number)  # the reading order


def test_every_chapter_is_here():
    assert "nonovector" in MODULES
    for module in MODULES:
        assert (ROOT / f"{module}.py").exists(), f"{module}.ipynb has no paired {module}.py"


def test_every_module_is_installed_by_pyproject():
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert sorted(pyproject["tool"]["setuptools"]["py-modules"]) == sorted(MODULES)


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=MODULES)
def test_module_in_sync_with_notebook(notebook):
    config = load_jupytext_configuration_file(find_jupytext_configuration_file(str(ROOT)))
    expected = jupytext.writes(jupytext.read(notebook), fmt="py:percent", config=config)
    actual = (ROOT / f"{notebook.stem}.py").read_text()
    assert actual == expected, (
        f"{notebook.stem}.py differs from notebooks/{notebook.name}: run `jupytext --sync` "
        "from the repo root, then re-execute the notebook")


@pytest.mark.parametrize("notebook", ALL_NOTEBOOKS, ids=[n.stem for n in ALL_NOTEBOOKS])
def test_notebook_executed_top_to_bottom(notebook):
    cells = json.loads(notebook.read_text())["cells"]
    code_cells = [cell for cell in cells if cell["cell_type"] == "code"]
    counts = [cell.get("execution_count") for cell in code_cells]
    assert counts == list(range(1, len(code_cells) + 1)), (
        f"{notebook.name} is not stored as one clean run (Restart & Run All): counts {counts}")
    demo_cells = [cell for cell in code_cells
                  if is_appendix(notebook) or "active-ipynb" in cell.get("metadata", {}).get("tags", [])]
    assert any(cell["outputs"] for cell in demo_cells), f"{notebook.name} has no stored outputs"


@pytest.mark.parametrize("module", MODULES)
def test_import_is_silent_and_light(module):
    code = (f"import sys, {module}; "
            "heavy = [m for m in ('matplotlib', 'IPython', 'numpy') if m in sys.modules]; "
            "print(heavy if heavy else '', end='')")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT / "tests",
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout == "", f"import {module} printed or loaded: {result.stdout!r}"
    assert result.stderr == ""


def requirement_names(requirements):
    """Package names from requirement strings such as 'jupytext==1.19.6' (lower case)."""
    return {re.split(r"[ <>=!~\[;]", requirement.strip(), maxsplit=1)[0].lower()
            for requirement in requirements}


def test_environment_yml_matches_pyproject():
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    wanted = requirement_names(pyproject["project"]["dependencies"])
    for extra in pyproject["project"]["optional-dependencies"].values():
        wanted |= requirement_names(extra)
    text = (ROOT / "environment.yml").read_text()
    dependencies = text.split("dependencies:", 1)[1]
    listed = requirement_names(line.strip()[2:] for line in dependencies.splitlines()
                               if re.match(r"\s+- [A-Za-z]", line)
                               and not line.strip().startswith("- pip:"))
    listed -= {"python", "pip", "-e"}
    assert "-e .[test]" in text or '-e ".[test]"' in text, "environment.yml must install the project"
    assert wanted <= listed, f"missing from environment.yml: {sorted(wanted - listed)}"
    assert listed <= wanted, f"in environment.yml but not pyproject.toml: {sorted(listed - wanted)}"


# --- the reading order -----------------------------------------------------------------------------

def test_chapters_are_numbered_one_to_n():
    assert [chapter_number(module) for module in CHAPTERS] == list(range(1, len(CHAPTERS) + 1))


def test_appendices_are_not_modules():
    for notebook in APPENDICES:
        assert not (ROOT / f"{notebook.stem}.py").exists(), f"{notebook.name} should not be paired"


def imported_modules(source):
    """The top-level names of every module imported anywhere in `source` (functions included)."""
    names = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def demonstration_source(module):
    """The code of the module's notebook cells (demonstrations included), for reading imports."""
    cells = json.loads((ROOT / "notebooks" / f"{module}.ipynb").read_text())["cells"]
    code = ["".join(cell["source"]) for cell in cells if cell["cell_type"] == "code"]
    return "\n".join(line for line in "\n".join(code).splitlines()
                     if not line.lstrip().startswith(("%", "!")))


@pytest.mark.parametrize("module", CHAPTERS)
def test_a_chapter_imports_only_earlier_chapters(module):
    earlier = set(CHAPTERS[:CHAPTERS.index(module)])
    later = set(CHAPTERS) - earlier - {module}
    for where, source in (("module", (ROOT / f"{module}.py").read_text()),
                          ("notebook", demonstration_source(module))):
        wrong = imported_modules(source) & later
        assert not wrong, f"{module} ({where}) imports later chapters: {sorted(wrong)}"


def test_the_rule_is_checked_on_real_imports():
    """The reader of imports finds imports inside functions too (the test above relies on it)."""
    source = "import a\nfrom b.c import d\ndef f():\n    import e\n    from . import g\n"
    assert imported_modules(source) == {"a", "b", "e"}


def chapter_size(module):
    """(words of prose, lines of code) of a chapter's notebook, as a reader meets them."""
    cells = json.loads((ROOT / "notebooks" / f"{module}.ipynb").read_text())["cells"]
    words = sum(len("".join(cell["source"]).split()) for cell in cells
                if cell["cell_type"] == "markdown")
    lines = sum(len("".join(cell["source"]).splitlines()) for cell in cells
                if cell["cell_type"] == "code")
    return words, lines


@pytest.mark.parametrize("module", CHAPTERS)
def test_a_chapter_fits_a_class_session(module):
    words, lines = chapter_size(module)
    # chapter 2: 650 lines for the lesson, 162 more for its classroom stepper (the step records,
    # the Stepper and its widget cell)
    most_words, most_lines = (3000, 812) if chapter_number(module) == 2 else (4000, 900)
    assert words <= most_words, f"{module}: {words} words of prose (at most {most_words})"
    assert lines <= most_lines, f"{module}: {lines} lines of code (at most {most_lines})"


def test_the_readme_lists_the_chapters_in_order():
    readme = (ROOT / "README.md").read_text()
    places = [readme.find(f"`notebooks/{module}.ipynb`") for module in CHAPTERS]
    assert -1 not in places, "every chapter's notebook is named in the README"
    assert places == sorted(places), "the README lists the chapters in reading order"


@pytest.mark.parametrize("module", MODULES)
def test_doctest_examples_pass(module):
    results = doctest.testmod(importlib.import_module(module))
    assert results.failed == 0


def test_the_readme_examples_run(monkeypatch):
    """Every Python example of the README runs, and a '# -> value' comment is what it gives."""
    monkeypatch.chdir(ROOT)
    readme = (ROOT / "README.md").read_text()
    blocks = re.findall(r"```python\n(.*?)```", readme, re.DOTALL)
    assert blocks
    namespace = {}
    for block in blocks:
        exec(compile(block, "README.md", "exec"), namespace)
        for expression, expected in re.findall(r"^(.+?)\n# -> (.+)$", block, re.MULTILINE):
            assert repr(eval(expression, namespace)) == expected
