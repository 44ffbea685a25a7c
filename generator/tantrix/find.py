"""A pattern for any of Szobonya's five methods ("Infinite Tantrix patterns", 2004).

Four boards are solved by the randomised exact search with restarts (`search.py`); the
plain 8 × 7 board gets the dedicated attack of `attack.py` (row order, symmetry check).
This module only chooses between them, so that `search.py` (the engine) and `attack.py`
(built on it) import downward only.
"""

from __future__ import annotations

from generator.tantrix import attack
from generator.tantrix.search import restarts


def search(method: str, seed: int = 0, seconds: float | None = 120.0,
           max_nodes: int | None = None, progress: bool = False) -> tuple[dict | None, int]:
    """A pattern for a method (randomised by seed) and the nodes visited, or (None, nodes).

    Depth-first search times are heavy-tailed in the tile order, so we restart: attempt
    a uses the tile order of `random.Random(f"{seed}:{a}")` and a node budget of
    search.FIRST_BUDGET · 1.5^a.  Deterministic for a seed (the budgets count nodes, not time);
    `seconds` and `max_nodes` only bound the total work (then the answer is None).
    """
    if method == "upright-8x7":
        return attack.search(seed=seed, seconds=seconds, max_nodes=max_nodes, progress=progress)
    return restarts(method, seed, seconds, max_nodes, progress=progress)
