"""Imports in generator/ run downward only: the import graph (module-level AND function-level
imports, read with ast) has no cycle, and no module imports from a floor above its own
(`generator.FLOORS`: shared ground, the protocol, the engines, the CLI, the page's API, the build)."""
import ast
from pathlib import Path

from generator import FLOORS

ROOT = Path(__file__).resolve().parents[1]
PKG = ROOT / "generator"


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph() -> dict[str, set[str]]:
    """module -> the generator modules it imports anywhere in its body."""
    modules = {module_name(p): p for p in PKG.rglob("*.py")}
    graph = {m: set() for m in modules}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            targets = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = package.split(".")[:len(package.split(".")) - node.level + 1]
                    base = ".".join(up + ([base] if base else []))
                targets = [f"{base}.{a.name}" for a in node.names] + [base]
            for t in targets:
                while t and t not in modules:          # `from a.b import c`: c may be a name
                    t = t.rpartition(".")[0]
                if t and t != name and not name.startswith(t + "."):
                    graph[name].add(t)
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle as [a, b, ..., a], or None (iterative depth-first search)."""
    state = {}
    for start in sorted(graph):
        if start in state:
            continue
        stack = [(start, iter(sorted(graph[start])))]
        state[start] = "open"
        path = [start]
        while stack:
            node, it = stack[-1]
            nxt = next(it, None)
            if nxt is None:
                state[node] = "done"
                stack.pop()
                path.pop()
            elif state.get(nxt) == "open":
                return path[path.index(nxt):] + [nxt]
            elif nxt not in state:
                state[nxt] = "open"
                stack.append((nxt, iter(sorted(graph[nxt]))))
                path.append(nxt)
    return None


def test_the_graph_sees_function_level_imports():
    graph = import_graph()
    assert "generator.tantrix.find" in graph["generator.tantrix.family"]   # imported inside functions
    assert "generator.families" in graph["generator.cli"]


def test_finder_finds_a_planted_cycle():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def test_no_import_cycles():
    cycle = find_cycle(import_graph())
    assert cycle is None, "import cycle: " + " -> ".join(cycle)


def floor(module: str) -> int:
    """The floor of a module (generator.FLOORS; an unlisted package is an engine)."""
    top = ".".join(module.split(".")[:2])
    for i, names in enumerate(FLOORS):
        if top in names:
            return i
    return next(i for i, names in enumerate(FLOORS) if "*" in names)


def upward(graph: dict[str, set[str]]) -> list[str]:
    """Every import from a lower floor to a higher one, as "a -> b"."""
    return sorted(f"{a} -> {b}" for a, targets in graph.items() for b in targets if floor(b) > floor(a))


def test_floors_are_known():
    assert floor("generator.loopy.solver") == floor("generator.hat") == floor("generator.newfamily.family")
    assert floor("generator.svg") < floor("generator.families") < floor("generator.loopy") < floor("generator.cli")
    assert floor("generator.cli") < floor("generator.webapi") < floor("generator.pipeline.build")


def test_the_check_sees_a_planted_upward_import():
    graph = {"generator.loopy.hints": {"generator.pipeline.sheets", "generator.svg"},
             "generator.hints": {"generator.webapi"}, "generator.pipeline.sheets": {"generator.loopy.hints"}}
    assert upward(graph) == ["generator.hints -> generator.webapi",
                             "generator.loopy.hints -> generator.pipeline.sheets"]


def test_imports_run_downward_only():
    bad = upward(import_graph())
    assert not bad, "imports from a lower floor to a higher one: " + ", ".join(bad)


def test_ezdxf_only_in_the_output_layer_and_lazily():
    """ezdxf (the `dxf` extra) is imported by generator.dxf alone, on the ground floor, inside a
    function: the engines stay standard-library Python (they run under Pyodide) and `import
    generator.<anything>` works without the extra."""
    where = []
    for path in PKG.rglob("*.py"):
        tree = ast.parse(path.read_text(), str(path))
        top = set(map(id, tree.body))
        for node in ast.walk(tree):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import) else
                     [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            if any(n == "ezdxf" or n.startswith("ezdxf.") for n in names):
                where.append((module_name(path), id(node) in top))
    assert where and {m for m, _ in where} == {"generator.dxf"}, where
    assert not any(at_top for _, at_top in where), "ezdxf imported at module level"
    assert floor("generator.dxf") == 0
