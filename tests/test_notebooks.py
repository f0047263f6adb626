"""The machinery that keeps the lessons honest.

- the README's lesson table is the reading order: one row per lesson, naming notebooks/NAME.ipynb;
  library modules and reference notebooks are listed apart;
- each lesson's notebook is paired with the module NAME.py, exactly as jupytext writes it under
  the repo's config, and opens with its title "# Lesson N. ..." (N its place in the table);
- each notebook is stored executed, top to bottom, in one fresh kernel (nbval compares only
  executed cells, so an unexecuted notebook would pass it vacuously);
- each notebook fits a 45-minute class: at most 2,000 words of prose and 320 lines of code;
- importing a module prints nothing and loads no plotting library;
- a lesson module's top level holds only definitions, imports and constant assignments: a cell
  added to a lesson without the active-ipynb tag (scratch work saved by mistake) is caught;
- scratch work has a home: a notebook in scratch/ is paired with no module, and git ignores it;
- every lesson ends with 2-4 exercises, and teacher/lessonNN-NAME.ipynb solves each of them;
- reading order is dependency order: a lesson (its module and its notebook's demonstrations)
  imports only earlier lessons and library modules, and only library modules whose own imports
  are earlier lessons; no module of the project imports in a cycle;
- environment.yml installs the same packages as pyproject.toml, which installs every module;
- the modules' doctest examples and the README's Python examples run and pass.
A reference notebook (notebook metadata jupytext.formats = "ipynb") is not paired with a module.
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
README = (ROOT / "README.md").read_text(encoding="utf-8")
ALL_NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
MOST_WORDS, MOST_CODE_LINES = 2000, 320  # a 45-minute class: never raise these to fit a feature


def is_reference(notebook):
    """An unpaired notebook: its own metadata says it is stored as .ipynb only."""
    metadata = json.loads(notebook.read_text(encoding="utf-8"))["metadata"]
    return metadata.get("jupytext", {}).get("formats") == "ipynb"


def readme_section(words):
    """The README's text under the first '## ' heading containing `words`, up to the next one."""
    match = re.search(rf"^## [^\n]*{words}[^\n]*\n(.*?)(?=^## |\Z)", README, re.M | re.S)
    assert match, f"the README has no heading with {words!r}"
    return match.group(1)


def table_notebooks(section):
    """The notebooks/NAME.ipynb that the rows of a markdown table name, in order."""
    rows = [line for line in section.splitlines() if line.startswith("|")]
    return [match.group(1) for row in rows
            for match in [re.search(r"`notebooks/([\w-]+)\.ipynb`", row)] if match]


LESSONS = table_notebooks(readme_section("Lessons"))  # the reading order
REFERENCES = [notebook.stem for notebook in ALL_NOTEBOOKS if is_reference(notebook)]
ROOT_MODULES = sorted(path.stem for path in ROOT.glob("*.py") if path.stem != "conftest")
LIBRARY = [module for module in ROOT_MODULES if module not in LESSONS]


def test_the_readme_lists_every_lesson_once():
    assert LESSONS, "the README's Lessons table names no notebook"
    assert len(LESSONS) == len(set(LESSONS))
    paired = {notebook.stem for notebook in ALL_NOTEBOOKS if not is_reference(notebook)}
    assert set(LESSONS) == paired, "every paired notebook is a lesson in the README's table"


def test_the_readme_lists_library_modules_and_references_apart():
    library = readme_section("Library")
    for module in LIBRARY:
        assert f"`{module}`" in library, f"library module {module} is not in the README's list"
    for name in REFERENCES:
        assert f"`notebooks/{name}.ipynb`" in README and name not in LESSONS


def test_every_module_is_installed_by_pyproject():
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert sorted(pyproject["tool"]["setuptools"]["py-modules"]) == ROOT_MODULES


@pytest.mark.parametrize("module", LESSONS)
def test_lesson_is_paired_and_titled_in_order(module):
    assert (ROOT / f"{module}.py").exists(), f"lesson {module} has no paired {module}.py"
    number = LESSONS.index(module) + 1
    first_markdown = next(cell for cell in notebook_cells(module) if cell["cell_type"] == "markdown")
    title = "".join(first_markdown["source"]).strip().splitlines()[0]
    assert title.startswith(f"# Lesson {number}. "), f"{module}: title {title!r}, lesson {number}"


@pytest.mark.parametrize("module", LESSONS)
def test_module_in_sync_with_notebook(module):
    config = load_jupytext_configuration_file(find_jupytext_configuration_file(str(ROOT)))
    notebook = ROOT / "notebooks" / f"{module}.ipynb"
    expected = jupytext.writes(jupytext.read(notebook), fmt="py:percent", config=config)
    actual = (ROOT / f"{module}.py").read_text()
    assert actual == expected, (
        f"{module}.py differs from notebooks/{notebook.name}: run `jupytext --sync` "
        "from the repo root, then re-execute the notebook")


@pytest.mark.parametrize("notebook", ALL_NOTEBOOKS, ids=[n.stem for n in ALL_NOTEBOOKS])
def test_notebook_executed_top_to_bottom(notebook):
    cells = json.loads(notebook.read_text())["cells"]
    code_cells = [cell for cell in cells if cell["cell_type"] == "code"]
    counts = [cell.get("execution_count") for cell in code_cells]
    assert counts == list(range(1, len(code_cells) + 1)), (
        f"{notebook.name} is not stored as one clean run (Restart & Run All): counts {counts}")
    demo_cells = [cell for cell in code_cells
                  if is_reference(notebook) or "active-ipynb" in cell.get("metadata", {}).get("tags", [])]
    assert any(cell["outputs"] for cell in demo_cells), f"{notebook.name} has no stored outputs"


def notebook_cells(name):
    return json.loads((ROOT / "notebooks" / f"{name}.ipynb").read_text(encoding="utf-8"))["cells"]


def notebook_size(name):
    """(words of prose, lines of code) of a notebook, as a reader meets them (demos count)."""
    cells = notebook_cells(name)
    words = sum(len("".join(cell["source"]).split()) for cell in cells
                if cell["cell_type"] == "markdown")
    lines = sum(len("".join(cell["source"]).splitlines()) for cell in cells
                if cell["cell_type"] == "code")
    return words, lines


@pytest.mark.parametrize("name", [notebook.stem for notebook in ALL_NOTEBOOKS])
def test_a_notebook_fits_a_class_session(name):
    words, lines = notebook_size(name)
    assert words <= MOST_WORDS, f"{name}: {words} words of prose (at most {MOST_WORDS})"
    assert lines <= MOST_CODE_LINES, f"{name}: {lines} lines of code (at most {MOST_CODE_LINES})"


def test_the_size_is_measured_as_a_reader_meets_it():
    """The counter counts markdown words and code lines, demonstration cells included."""
    assert notebook_size(LESSONS[0])[0] > 100 and notebook_size(LESSONS[0])[1] > 20


@pytest.mark.parametrize("module", ROOT_MODULES)
def test_import_is_silent_and_light(module):
    code = (f"import sys, {module}; "
            "heavy = [m for m in ('matplotlib', 'IPython', 'numpy', 'PIL', 'pysat') "
            "if m in sys.modules]; "
            "print(heavy if heavy else '', end='')")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT / "tests",
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout == "", f"import {module} printed or loaded: {result.stdout!r}"
    assert result.stderr == ""


CONSTANT = re.compile(r"_?[A-Z][A-Z0-9_]*$|[A-Z][A-Za-z0-9]*$|_[a-z0-9_]+$|__all__$")


def is_definition(statement):
    """Whether a top-level statement only defines: an import, a def or class, a docstring, an
    assignment to a CONSTANT, a TypeAlias or a _private name, or a function made by partial."""
    if isinstance(statement, (ast.Import, ast.ImportFrom, ast.FunctionDef, ast.AsyncFunctionDef,
                              ast.ClassDef)):
        return True
    if isinstance(statement, ast.Expr):
        return isinstance(statement.value, ast.Constant) and isinstance(statement.value.value, str)
    if isinstance(statement, (ast.Assign, ast.AnnAssign)):
        targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
        names = [node for target in targets for node in ast.walk(target)
                 if isinstance(node, ast.Name)]
        structure_only = all(isinstance(node, (ast.Name, ast.Tuple, ast.Store))
                             for target in targets for node in ast.walk(target))
        value = statement.value
        makes_function = (isinstance(value, ast.Lambda) or isinstance(value, ast.Call)
                          and ast.unparse(value.func) in ("partial", "functools.partial"))
        return structure_only and names != [] and (
            makes_function or all(CONSTANT.match(node.id) for node in names))
    if isinstance(statement, ast.If):     # if __name__ == "__main__": ...
        return ast.unparse(statement.test) in ("__name__ == '__main__'", '__name__ == "__main__"')
    return False


def leaked_statements(source):
    """(line, code) of each top-level statement of a module's source that does more than define."""
    return [(statement.lineno, ast.unparse(statement).splitlines()[0])
            for statement in ast.parse(source).body if not is_definition(statement)]


@pytest.mark.parametrize("module", LESSONS)
def test_a_lesson_module_only_defines(module):
    leaks = leaked_statements((ROOT / f"{module}.py").read_text(encoding="utf-8"))
    assert not leaks, (
        f"{module}.py runs code when imported, at " + "; ".join(
            f"line {line}: {code}" for line, code in leaks)
        + ". A demonstration cell needs the tag active-ipynb; scratch work belongs in scratch/.")


def test_a_leaked_cell_is_caught():
    """The check on a module as jupytext writes it: tagged demos are comments, an untagged
    scratch cell is code."""
    notebook = jupytext.reads(
        "# %%\nSIZE = 3\nLayout = list[int]\n_cache = {}\n\n\ndef f(x):\n    return x\n\n\n"
        "# %% tags=[\"active-ipynb\"]\nf(SIZE)\n", fmt="py:percent")
    assert leaked_statements(jupytext.writes(notebook, fmt="py:percent")) == []
    notebook.cells.append(jupytext.reads("# %%\ngrid = f(SIZE)\nprint(grid)\n",
                                         fmt="py:percent").cells[0])
    assert [code for _, code in leaked_statements(jupytext.writes(notebook, fmt="py:percent"))] == [
        "grid = f(SIZE)", "print(grid)"]
    for scratch in ("for row in range(3):\n    f(row)", "f(1)", "x, Y = 1, 2", "rows[0] = 1"):
        assert leaked_statements(scratch), scratch


def test_scratch_work_has_a_home():
    """scratch/ (README: 'Scratch work belongs in ... scratch/') exists in a clone, pairs nothing,
    and keeps the user's notebooks out of git."""
    assert (ROOT / "scratch" / "README.md").is_file()
    assert "scratch/" in README
    config = load_jupytext_configuration_file(find_jupytext_configuration_file(str(ROOT)))
    assert config.default_formats(str(ROOT / "scratch" / "mine.ipynb")) is None
    assert config.default_formats(str(ROOT / "notebooks" / "nonovector.ipynb"))
    if not (ROOT / ".git").exists():
        pytest.skip("not a git clone: the .gitignore rule is not checked")
    ignored = subprocess.run(["git", "check-ignore", "--no-index", "scratch/mine.ipynb",
                              "scratch/sub/x.py", "scratch/README.md"],
                             cwd=ROOT, capture_output=True, text=True)
    assert ignored.stdout.split() == ["scratch/mine.ipynb", "scratch/sub/x.py"]


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

def imported_modules(source):
    """The top-level names of every module imported anywhere in `source` (functions included)."""
    names = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def test_the_rule_is_checked_on_real_imports():
    """The reader of imports finds imports inside functions too (the tests below rely on it)."""
    source = "import a\nfrom b.c import d\ndef f():\n    import e\n    from . import g\n"
    assert imported_modules(source) == {"a", "b", "e"}


def project_imports(module):
    """The project's modules that `module`.py imports (anywhere in it)."""
    source = (ROOT / f"{module}.py").read_text(encoding="utf-8")
    return imported_modules(source) & set(ROOT_MODULES) - {module}


IMPORTS = {module: project_imports(module) for module in ROOT_MODULES}


def reachable(module):
    """Every project module that importing `module` can import, directly or not."""
    seen, todo = set(), [module]
    while todo:
        for name in IMPORTS[todo.pop()]:
            if name not in seen:
                seen.add(name)
                todo.append(name)
    return seen


def test_no_module_imports_in_a_cycle():
    for module in ROOT_MODULES:
        assert module not in reachable(module), f"{module} imports itself through {IMPORTS[module]}"


def demonstration_source(module):
    """The code of the module's notebook cells (demonstrations included), for reading imports."""
    code = ["".join(cell["source"]) for cell in notebook_cells(module) if cell["cell_type"] == "code"]
    return "\n".join(line for line in "\n".join(code).splitlines()
                     if not line.lstrip().startswith(("%", "!")))


@pytest.mark.parametrize("module", LESSONS)
def test_a_lesson_imports_only_earlier_lessons(module):
    earlier = set(LESSONS[:LESSONS.index(module)])
    for where, names, allowed in (
            ("module", IMPORTS[module], earlier),
            ("notebook", imported_modules(demonstration_source(module)) & set(ROOT_MODULES),
             earlier | {module})):
        for name in names - {module}:
            assert name in earlier or name in LIBRARY, f"{module} ({where}) imports lesson {name}"
            later = (reachable(name) | {name}) & set(LESSONS) - allowed
            assert not later, f"{module} ({where}) imports {name}, which needs {sorted(later)}"


def test_the_readme_lessons_are_in_dependency_order():
    """The table is a reading order: a lesson's module never needs a later lesson."""
    for number, module in enumerate(LESSONS):
        assert not reachable(module) & set(LESSONS[number:]), module


@pytest.mark.parametrize("module", ROOT_MODULES)
def test_doctest_examples_pass(module):
    results = doctest.testmod(importlib.import_module(module))
    assert results.failed == 0


def test_the_readme_examples_run(monkeypatch):
    """Every Python example of the README runs, and a '# -> value' comment is what it gives."""
    monkeypatch.chdir(ROOT)
    blocks = re.findall(r"```python\n(.*?)```", README, re.DOTALL)
    assert blocks
    namespace = {}
    for block in blocks:
        exec(compile(block, "README.md", "exec"), namespace)
        for expression, expected in re.findall(r"^(.+?)\n# -> (.+)$", block, re.MULTILINE):
            assert repr(eval(expression, namespace)) == expected


def markdown_of(notebook: Path) -> str:
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    return "\n".join("".join(cell["source"]) for cell in cells if cell["cell_type"] == "markdown")


def lesson_exercises(name: str) -> list[int]:
    """The numbers of the exercises that end a lesson (its '## Exercises' list: '1. ...')."""
    text = markdown_of(ROOT / "notebooks" / f"{name}.ipynb").split("## Exercises", 1)
    assert len(text) == 2, f"lesson {name} has no '## Exercises' section"
    return [int(number) for number in re.findall(r"^(\d+)\. ", text[1], re.M)]


@pytest.mark.parametrize("number,name", list(enumerate(LESSONS, 1)))
def test_every_exercise_has_a_teachers_solution(number, name):
    """teacher/lessonNN-NAME.ipynb holds a section '## Exercise K. ...' for each of the lesson's
    2-4 exercises (nbval runs it: its asserts check the answers), outside the book."""
    exercises = lesson_exercises(name)
    assert exercises == list(range(1, len(exercises) + 1)) and 2 <= len(exercises) <= 4, (
        f"lesson {number} ({name}) has exercises {exercises}: 2 to 4, numbered from 1")
    solutions = ROOT / "teacher" / f"lesson{number:02d}-{name}.ipynb"
    assert solutions.is_file(), f"no teacher's solutions for lesson {number}: {solutions.name}"
    sections = [int(k) for k in re.findall(r"^## Exercise (\d+)\b", markdown_of(solutions), re.M)]
    assert sections == exercises, f"{solutions.name} solves exercises {sections}, not {exercises}"
    assert markdown_of(solutions).startswith(f"# Lesson {number}. ")
