"""The family's front door: seed or permalink → patch → JSON object / SVG text.

    from_seed(family, seed, width, height)  a new random patch (start label, orientation and
                                            parents drawn with random.Random(f"{family}:{seed}"))
    from_spec(spec)                         regenerate a permalink's patch (permalink.Spec)
    to_json_obj(result), to_svg(result)     the machine and picture outputs

The returned permalink records every label the run used, so regenerating it repeats the
run exactly, and any smaller region centred on the same point gives the sub-patch.  One
exception keeps every printed permalink within the parser's MAX_LABELS: when regenerating
a permalink needed levels beyond it and the extended chain would be longer than that, the
permalink given is printed as it was; it names the same patch, because the missing levels
are invented again, identically, from the SHA-256 of its labels.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, replace
from fractions import Fraction

from generator.errors import TilepressError
from generator.penrose import algebra as Z, walk
from generator.penrose import coords, render
from generator.penrose import permalink as PL
from generator.penrose.permalink import MAX_TRIANGLES, MEAN_TILE_AREA  # noqa: F401 (re-exported)
from generator.penrose.region import Region
from generator.output import Document, Stream, progress
from generator import output


@dataclass
class Result:
    """A generated patch and the permalink that regenerates it."""

    spec: PL.Spec
    patch: coords.Patch
    recorded: str | None = None      # the labels of the permalink regenerated (None: from a seed)

    @property
    def permalink(self) -> str:
        """The permalink naming this patch (never longer than the parser accepts)."""
        labels = self.spec.labels
        if len(labels) > PL.MAX_LABELS:
            if self.recorded is None:
                raise TilepressError(f"this patch needs {len(labels)} levels, more than a permalink "
                                     f"holds ({PL.MAX_LABELS}); choose another seed")
            labels = self.recorded
        return PL.encode(replace(self.spec, labels=labels))

    def region(self):
        return tuple(float(v) for v in self.spec.region())



def _run(spec: PL.Spec, rng: random.Random, max_triangles: int | None, progress=None,
         recorded: str | None = None) -> Result:
    """Generate the patch of a spec; `recorded` = the labels of a permalink being regenerated."""
    PL.check_area(spec.family, spec.width, spec.height, max_triangles, TilepressError)
    x0, y0, x1, y1 = spec.region()
    region = Region(x0, y0, x1, y1, coords.DENOM)
    patch = coords.generate(spec.family, spec.labels, spec.orientation, region, rng,
                            max_triangles=max_triangles, progress=progress)
    return Result(replace(spec, labels=patch.top), patch, recorded)


def from_seed(family: str, seed: int, width: Fraction, height: Fraction,
              max_triangles: int | None = MAX_TRIANGLES, progress=None) -> Result:
    """A random patch of the region width × height for this seed."""
    if family not in ("p2", "p3"):
        raise TilepressError(f"unknown Penrose family {family!r}")
    PL.check_size(Fraction(width), "width")
    PL.check_size(Fraction(height), "height")
    rng = random.Random(f"{family}:{seed}")
    ch, orientation = coords.random_start(family, rng)
    spec = PL.Spec(family, Fraction(width), Fraction(height), orientation, ch)
    return _run(spec, rng, max_triangles, progress)


def from_spec(spec: PL.Spec, max_triangles: int | None = MAX_TRIANGLES, progress=None) -> Result:
    """Regenerate the patch a permalink names (levels beyond its labels: deterministic)."""
    return _run(spec, spec.extension_rng(), max_triangles, progress, recorded=spec.labels)


def from_permalink(text: str, width: Fraction | None = None, height: Fraction | None = None,
                   max_triangles: int | None = MAX_TRIANGLES, progress=None) -> Result:
    """Parse a permalink, optionally change its region, and regenerate."""
    spec = PL.decode(text)
    if width is not None:
        PL.check_size(Fraction(width), "width")
        spec = replace(spec, width=Fraction(width))
    if height is not None:
        PL.check_size(Fraction(height), "height")
        spec = replace(spec, height=Fraction(height))
    return from_spec(spec, max_triangles, progress)


def to_json_obj(result: Result) -> dict:
    """The documented JSON shape: permalink, family, region, tiles [{kind, points}]."""
    x0, y0, x1, y1 = result.region()
    tiles = [{"kind": kind, "points": [[round(x, 12) + 0.0, round(y, 12) + 0.0] for x, y in pts]}
             for kind, pts in result.patch.float_tiles()]
    return {"permalink": result.permalink, "family": result.spec.family,
            "region": {"x0": x0, "y0": y0, "x1": x1, "y1": y1}, "tiles": tiles}


JSON_STREAM_FROM = 2_000      # tiles above which the JSON is streamed (strip by strip, no object tree)


def estimated_tiles(result: Result) -> int:
    """About how many tiles the patch has (from the region's area; nothing is walked)."""
    return int(result.spec.width * result.spec.height / Fraction(str(MEAN_TILE_AREA[result.spec.family])))


def sorted_rows(result: Result):
    """Rows (x0, y0, …, x3, y3, kind) of every tile in float units, in the JSON's order.

    The same floats as `Patch.float_tiles` (same arithmetic) and the same order: its sort
    key (list of points, kind) compares like the flat row because every tile has four
    vertices.  Made strip by strip (`coords.Patch.sorted_rows`): flat memory.
    """
    return result.patch.sorted_rows()


def _json_vertex(x: float, y: float) -> str:
    """A vertex as JSON text, rounded like `to_json_obj`."""
    return f"[{round(x, 12) + 0.0!r},{round(y, 12) + 0.0!r}]"


def tile_texts(result: Result):
    """The canonical JSON text of each tile, in order (the same text as `to_json_obj`'s tiles)."""
    head = {}
    rows = result.patch.sorted_rows(vertex_text=_json_vertex)
    for r in progress(rows, estimated_tiles(result), "tile"):
        kind = r[8]
        h = head.get(kind)
        if h is None:
            h = head[kind] = '{"kind":' + json.dumps(kind, ensure_ascii=True) + ',"points":['
        yield h + ",".join(r[9]) + "]}"


def to_json_stream(result: Result) -> dict:
    """`to_json_obj` with the tiles as a text Stream: the same bytes, in flat memory."""
    x0, y0, x1, y1 = result.region()
    return {"permalink": result.permalink, "family": result.spec.family,
            "region": {"x0": x0, "y0": y0, "x1": x1, "y1": y1},
            "tiles": Stream(lambda: tile_texts(result), text=True)}


def to_json_any(result: Result) -> dict:
    """The JSON object of a result: streamed tiles for big patches."""
    if estimated_tiles(result) > JSON_STREAM_FROM:
        return to_json_stream(result)
    return to_json_obj(result)


SVG_STREAM_FROM = 20_000     # tiles above which the command line's picture is a streamed Document
PDF_WHOLE_TILES = 200_000    # a streamed picture up to this size may still become one PDF


def to_svg(result: Result, arcs: bool = False, px_per_unit: float = 24.0, title: str | None = None):
    """The picture: tiles coloured by kind, clipped to the region.

    On the command line (`output.STREAMING`) a big patch gives an `output.Document`:
    the SVG written as the tiles come, and a PNG drawn in horizontal bands.
    """
    if title is None:
        title = result.permalink
    if output.STREAMING and estimated_tiles(result) > SVG_STREAM_FROM:
        return to_document(result, arcs, px_per_unit, title)
    return render.svg_patch(result.spec.family, result.patch.float_tiles(), result.region(),
                            title=title, arcs=arcs, px_per_unit=px_per_unit)


def band_rows(result: Result, top: float, bottom: float):
    """Rows (unsorted) of the tiles that may show between model heights bottom < y < top."""
    den = coords.DENOM
    a1, a2, a3, b1, b2, b3 = Z._C1, Z._C2, Z._C3, Z._S1, Z._S2, Z._S3
    rows = []

    def sink(kind, pts):
        flat = []
        for a, b, c, d in pts:
            flat.append((a + b * a1 + c * a2 + d * a3) / den)
            flat.append((b * b1 + c * b2 + d * b3) / den)
        flat.append(kind)
        rows.append(tuple(flat))
    coarse, region, _max = result.patch.source
    pad = walk.MARGIN + 1.0
    walk.walk_tiles(result.spec.family, coarse, region, sink,
                    (-float("inf"), float("inf"), bottom * den - pad, top * den + pad))
    return rows


def to_document(result: Result, arcs: bool = False, px_per_unit: float = 24.0, title: str | None = None):
    """The picture as an `output.Document` (streamed SVG, banded PNG)."""
    family = result.spec.family
    region = result.region()
    x0, y0, x1, y1 = region
    size = (max(1, round((x1 - x0) * px_per_unit)), max(1, round((y1 - y0) * px_per_unit)))

    def rows():
        return progress(result.patch.sorted_rows(vertex_text=render.vertex_text), estimated_tiles(result),
                        "tile")

    def pieces():
        return render.svg_pieces(family, rows, region, title=title, arcs=arcs, px_per_unit=px_per_unit)

    def band(top: int, bottom: int) -> str:
        scale = px_per_unit
        rows = band_rows(result, y1 - top / scale + 0.1, y1 - bottom / scale - 0.1)
        return render.band_svg(family, rows, region, top, bottom, size, arcs=arcs, px_per_unit=px_per_unit)
    return Document(pieces, band=band, size=size, name=f"a {size[0]} × {size[1]} pixel picture",
                    whole_ok=estimated_tiles(result) <= PDF_WHOLE_TILES)
