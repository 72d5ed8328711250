"""The public names, their docstrings and the type stubs agree."""

import ast
import os

import dlx
from dlx import sudoku


def stub_names(module):
    path = os.path.splitext(module.__file__)[0] + ".pyi"
    tree = ast.parse(open(path).read())
    names = {node.name for node in tree.body if isinstance(node, (ast.ClassDef, ast.FunctionDef))}
    # An alias (VariantSolutionIterator = SolutionIterator) declares its name too.
    aliases = [node for node in tree.body if isinstance(node, ast.Assign)]
    return names | {t.id for node in aliases for t in node.targets if isinstance(t, ast.Name)}


def public(module):
    return {name for name in module.__all__ if name != "sudoku"}


def test_stubs_declare_every_public_name():
    assert public(dlx) <= stub_names(dlx)
    assert public(sudoku) <= stub_names(sudoku)


def test_everything_has_a_docstring():
    for module in (dlx, sudoku):
        assert module.__doc__
        for name in public(module):
            obj = getattr(module, name)
            assert obj.__doc__, name
            for attr, member in vars(obj).items() if isinstance(obj, type) else []:
                if not attr.startswith("_") and callable(member):
                    assert member.__doc__, f"{name}.{attr}"
    assert "lazy" in dlx.Solver.solutions.__doc__
