"""The plain 8 × 7 board (method 3): placeholder, replaced below."""
from generator.tantrix.search import restarts


def search(seed: int = 0, seconds: float | None = 120.0, max_nodes: int | None = None):
    """Seed-order search with restarts on the plain board."""
    return restarts("upright-8x7", seed, seconds, max_nodes)
