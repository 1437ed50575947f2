"""The folders draw the layers (docs/architecture.md), and the imports keep to them.

A module may import from its own layer and the layers below it, never from one
above: the base does not know the devices, a game does not know the cabinet's
menu, nothing but the tools knows the command line. A game imports no other
game. Imports under `if TYPE_CHECKING:` are annotations only and load nothing,
so they are not counted.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import handheld

ROOT = Path(handheld.__file__).parent

# lowest first; a module belongs to the layer of its longest matching prefix
LAYERS: list[tuple[str, tuple[str, ...]]] = [
    ("base", ("handheld", "handheld.base")),
    ("devices", ("handheld.display", "handheld.input", "handheld.audio", "handheld.system")),
    ("ui", ("handheld.ui",)),
    ("runtime", ("handheld.runtime",)),
    ("games", ("handheld.games",)),
    ("services", ("handheld.fleet", "handheld.link")),
    ("cabinet", ("handheld.cabinet",)),
    ("tools", ("handheld.tools", "handheld.__main__")),
]


def layer_of(module: str) -> int:
    best, best_len = None, -1
    for rank, (_name, prefixes) in enumerate(LAYERS):
        for prefix in prefixes:
            if (module == prefix or module.startswith(prefix + ".")) and len(prefix) > best_len:
                best, best_len = rank, len(prefix)
    if best is None:
        raise AssertionError(f"{module} is in no layer: add its package to LAYERS and docs/architecture.md")
    return best


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def imports_of(path: Path, module: str) -> list[tuple[int, str]]:
    """(line, imported module) for every handheld import in the file, at any depth
    (a function's lazy import counts), but not under `if TYPE_CHECKING:`."""
    found: list[tuple[int, str]] = []
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _is_type_checking(child):
                for sub in child.orelse:
                    visit(sub)
                continue
            if isinstance(child, ast.Import):
                found.extend((child.lineno, a.name) for a in child.names)
            elif isinstance(child, ast.ImportFrom):
                if child.level:
                    base = package.split(".")[: len(package.split(".")) - (child.level - 1)]
                    target = ".".join(base + ([child.module] if child.module else []))
                else:
                    target = child.module or ""
                found.append((child.lineno, target))
                # `from handheld.games import registry` names a module: judge that one
                found.extend((child.lineno, f"{target}.{a.name}") for a in child.names
                             if _is_module(f"{target}.{a.name}"))
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    return [(line, name) for line, name in found if name == "handheld" or name.startswith("handheld.")]


def _is_module(name: str) -> bool:
    rel = Path(*name.split("."))
    return (ROOT.parent / rel.with_suffix(".py")).exists() or (ROOT.parent / rel / "__init__.py").exists()


def _game_of(module: str) -> str | None:
    """The game a module belongs to: a package under handheld/games/ (its loose
    modules, base.py, levels.py, registry.py, are every game's)."""
    parts = module.split(".")
    if len(parts) >= 3 and parts[1] == "games" and (ROOT / "games" / parts[2]).is_dir():
        return parts[2]
    return None


def all_modules() -> list[tuple[Path, str]]:
    return sorted((p, module_name(p)) for p in ROOT.rglob("*.py") if "__pycache__" not in p.parts)


def violations(extra: tuple[tuple[Path, str], ...] = ()) -> list[str]:
    """Every upward import in the package, and in `extra` files read as the modules named."""
    found = []
    for path, module in [*all_modules(), *extra]:
        mine = layer_of(module)
        for line, target in imports_of(path, module):
            shown = path.relative_to(ROOT.parent) if path.is_relative_to(ROOT.parent) else module.replace(".", "/") + ".py"
            where = f"{shown}:{line}"
            if layer_of(target) > mine:
                found.append(f"{where}: {LAYERS[mine][0]} module {module} imports {target} "
                             f"from the {LAYERS[layer_of(target)][0]} layer above it")
            theirs, own = _game_of(target), _game_of(module)
            if own and theirs and theirs != own:
                found.append(f"{where}: game {own} imports game {theirs} ({target})")
    return found


def test_no_module_imports_from_a_layer_above_it():
    assert violations() == []


def test_every_package_has_a_layer():
    for _path, module in all_modules():
        layer_of(module)


def test_top_of_the_package_holds_only_the_layers():
    """`ls handheld/` shows the layers: packages, and no loose modules but the
    package's own constants and `python -m handheld`."""
    loose = sorted(p.name for p in ROOT.glob("*.py"))
    assert loose == ["__init__.py", "__main__.py"]


@pytest.mark.parametrize("source, expected", [
    ("from handheld.cabinet.app import Cabinet\n", "imports handheld.cabinet.app"),
    ("def f():\n    from handheld.tools import cli\n", "imports handheld.tools.cli"),
    ("from handheld.games import registry\n", "imports handheld.games.registry"),
])
def test_an_upward_import_is_found_even_inside_a_function(tmp_path, source, expected):
    path = tmp_path / "_layer_probe.py"             # read as a ui module; the package is not touched
    path.write_text(source, encoding="utf-8")
    found = violations(((path, "handheld.ui._layer_probe"),))
    assert any(expected in v and "ui/_layer_probe.py" in v for v in found)


def test_an_annotation_only_import_is_not_counted(tmp_path):
    path = tmp_path / "_layer_probe.py"
    path.write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                    "    from handheld.cabinet.app import Cabinet\n", encoding="utf-8")
    assert not any("_layer_probe" in v for v in violations(((path, "handheld.base._layer_probe"),)))
