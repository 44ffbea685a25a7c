"""loopy grid trimming: `grid._trim_once` (which skips the hole search when every face is
kept and, otherwise, walks only the faces not kept) against the plain statement of the
trimming below (the faces touching the largest connected set of interior dots, enclosed
faces put back, V − E + F = 1), on patches with random faces taken away."""
import random

from generator.errors import TilepressError
from generator.loopy import grid as G


def _trim_once(all_faces, chosen, n):
    """The trimming, stated plainly: every edge and every face looked at."""
    chosen = list(chosen)
    sides = G._sides(all_faces, chosen, n)
    present = set()
    for c in chosen:
        present.update(all_faces[c][1])
    rim = set()
    links = []
    for k, users in sides.items():
        if len(users) == 2:
            links.append(k)
        elif len(users) == 1:
            rim.update(divmod(k, n))
        else:
            raise TilepressError("tiles overlap: an edge has more than two faces")
    inner = present - rim
    nbrs = {}
    for k in links:
        a, b = divmod(k, n)
        if a in inner and b in inner:
            nbrs.setdefault(a, []).append(b)
            nbrs.setdefault(b, []).append(a)
    best = []
    seen = set()
    for c in chosen:
        for start in all_faces[c][1]:
            if start in seen or start not in inner:
                continue
            comp, stack = [], [start]
            seen.add(start)
            while stack:
                d = stack.pop()
                comp.append(d)
                for e in nbrs.get(d, ()):
                    if e not in seen:
                        seen.add(e)
                        stack.append(e)
            if len(comp) > len(best):
                best = comp
    if not best:
        raise TilepressError("no interior dot")
    kept = [any(d in best for d in all_faces[c][1]) for c in chosen]
    free = _holes(sides, kept)
    for f in free:
        kept[f] = True
    keep = [c for f, c in enumerate(chosen) if kept[f]]
    used = {d for c in keep for d in all_faces[c][1]}
    edges = sum(1 for users in sides.values() if any(kept[u] for u in users))
    return sorted(keep), len(used) - edges + len(keep) == 1


def _holes(sides, kept):
    """Faces not kept that cannot reach the outside through faces not kept, stated plainly."""
    free = {f for f in range(len(kept)) if not kept[f]}
    adj = {f: set() for f in free}
    out = set()
    for users in sides.values():
        if len(users) == 1 and users[0] in free:
            out.add(users[0])
        elif len(users) == 2 and users[0] in free and users[1] in free:
            adj[users[0]].add(users[1])
            adj[users[1]].add(users[0])
    stack = list(out)
    while stack:
        for g in adj[stack.pop()]:
            if g not in out:
                out.add(g)
                stack.append(g)
    return sorted(free - out)


def _patches():
    from generator.loopy import tiling_source
    yield G._raw_faces([G.Cell("s", p, p) for p in (
        ((x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1)) for x in range(7) for y in range(7))])
    for tiling, w, h in (("p3", "6", "5"), ("p2", "5", "4"), ("hat", "18", "14")):
        yield G._raw_faces(tiling_source.patch(tiling, w, h, 2)[1])


def test_trim_once_is_the_plain_trimming():
    rng = random.Random(5)
    whole = partial = holed = 0
    for keys, _where, faces in _patches():
        n = len(keys)
        for trial in range(60):
            chosen = [f for f in range(len(faces)) if trial == 0 or rng.random() > 0.12]
            try:
                want = _trim_once(faces, chosen, n)
            except TilepressError:
                continue
            assert G._trim_once(faces, chosen, n) == want
            whole += want[0] == chosen
            partial += len(want[0]) < len(chosen)
            holed += not want[1]
    assert whole > 0 and partial > 50 and holed > 10


def test_holes_are_the_enclosed_faces_not_kept():
    """`grid._holes` walks only the faces not kept; the plain search looks at every edge."""
    rng = random.Random(8)
    enclosed = 0
    for keys, _where, faces in _patches():
        n, chosen = len(keys), range(len(faces))
        sides = G._sides(faces, chosen, n)
        rows = [faces[c][1] for c in chosen]
        for trial in range(40):
            kept = bytearray(rng.random() < 0.3 + trial / 60 for _ in chosen)
            want = _holes(sides, kept)
            assert G._holes(sides, kept, rows, n) == want
            enclosed += len(want)
    assert enclosed > 100
