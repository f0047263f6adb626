"""The machinery that keeps the chapters honest.

- each notebook's paired module is exactly what jupytext writes from it under the repo's config;
- each notebook is stored executed, top to bottom, in one fresh kernel (nbval compares only
  executed cells, so an unexecuted notebook would pass it vacuously);
- importing a chapter module prints nothing and loads no plotting library;
- environment.yml installs the same packages as pyproject.toml.
"""
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
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
MODULES = [notebook.stem for notebook in NOTEBOOKS]


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


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=MODULES)
def test_notebook_executed_top_to_bottom(notebook):
    cells = json.loads(notebook.read_text())["cells"]
    code_cells = [cell for cell in cells if cell["cell_type"] == "code"]
    counts = [cell.get("execution_count") for cell in code_cells]
    assert counts == list(range(1, len(code_cells) + 1)), (
        f"{notebook.name} is not stored as one clean run (Restart & Run All): counts {counts}")
    demo_cells = [cell for cell in code_cells
                  if "active-ipynb" in cell.get("metadata", {}).get("tags", [])]
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
