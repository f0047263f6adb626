"""Settings for `python -m pytest` run from the repo root.

The notebook kernels that nbval starts inherit this process's environment, so fixing the hash
seed here makes any printed set or dict of strings come out in the same order on every run.
"""
import os

os.environ["PYTHONHASHSEED"] = "0"
