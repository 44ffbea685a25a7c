"""Penrose permalinks: `p2.v1.<W>_<H>_<r>_<labels>` and `p3.v1.…` (version 1).

    W, H     width and height of the region (a rectangle centred on the start point, the
             centroid of the start triangle), canonical decimals: no sign, no leading or
             trailing zeros, at most 3 decimals, 0 < W, H ≤ MAX_SIDE.
    r        orientation of the start triangle: its base points at r·36°, 0 ≤ r ≤ 9.
    labels   the start triangle's combinatorial coordinates, lowest level first, in the
             family's letters (P2: A B U V; P3: C D X Y); each label must be a possible
             parent of the one before it; 1 ≤ length ≤ MAX_LABELS.

Example: `p2.v1.20_12_3_BAAUBBAV`.  Every character is in [A-Za-z0-9_.], so the string
is safe in URLs and file names.

The limits (one set, stated in the README, enforced here and by the generator alike):
at most MAX_LABELS = 100 labels, sides at most MAX_SIDE = 1000 and an area that the
generator accepts (about MAX_TRIANGLES / 2 tiles), so at most 114 characters.  Every
permalink the program prints passes `decode`, and every one `decode` accepts regenerates.

Regeneration uses exactly these labels.  If a (larger) region needs more levels than
recorded, the missing parents are invented deterministically from a generator seeded
with the SHA-256 of the labels, so a permalink always names one tiling; any region
smaller than the one recorded uses only the recorded labels and yields exactly the tiles
of the recorded patch that meet it (the sub-patch property).
"""

from __future__ import annotations

import hashlib
import random
import re
from dataclasses import dataclass
from fractions import Fraction

from generator.errors import PermalinkError
from generator.params import format_decimal
from generator.permalinks import Grammar, check_cost, decimal_re, reads
from generator.penrose import geometry as G
from generator.penrose import tables as TB

VERSION = 1
MAX_LABELS = 100
MAX_SIDE = 1000
MAX_PAYLOAD = 200
# The largest number of half-tile triangles one run may visit (about 1.5 million tiles, ~1 GB).
MAX_TRIANGLES = 3_000_000
# Limiting mean tile area (kite sin36°·φ/(φ+1) + dart …; thick sin72°·φ/(φ+1) + thin …).
MEAN_TILE_AREA = {"p2": 0.502, "p3": 0.812}
_DECIMAL = decimal_re(4)
PAYLOAD_RE = re.compile(rf"^({_DECIMAL})_({_DECIMAL})_([0-9])_([A-Z]+)$")
GRAMMAR = Grammar("Penrose", ("p2", "p3"), (VERSION,), PAYLOAD_RE, "W_H_r_LABELS",
                  "p2.v1.8_8_3_A", len("p2.v1.") + MAX_PAYLOAD)


@dataclass(frozen=True)
class Spec:
    """Everything a permalink holds."""

    family: str
    width: Fraction
    height: Fraction
    orientation: int
    labels: str

    def region(self):
        """(x0, y0, x1, y1) as Fractions."""
        return (-self.width / 2, -self.height / 2, self.width / 2, self.height / 2)

    def extension_rng(self) -> random.Random:
        """The generator for levels beyond the recorded labels (deterministic)."""
        digest = hashlib.sha256(f"{self.family}:{self.labels}".encode()).digest()
        return random.Random(int.from_bytes(digest[:16], "big"))



def check_size(value: Fraction, what: str) -> None:
    """Raise unless 0 < value ≤ MAX_SIDE."""
    GRAMMAR.check_side(value, what, MAX_SIDE)


def estimated_triangles(family: str, width: Fraction, height: Fraction) -> float:
    """About how many half-tile triangles a region holds."""
    return 2 * float(width * height) / MEAN_TILE_AREA[family]


def check_area(family: str, width: Fraction, height: Fraction, limit: int | None = MAX_TRIANGLES,
               error=PermalinkError) -> None:
    """Raise unless the region is small enough to generate."""
    if limit is not None:
        check_cost(f"{family} region {float(width):g} × {float(height):g}",
                   estimated_triangles(family, width, height) / 2, "tiles", limit // 2, error=error)


def check_labels(family: str, labels: str) -> None:
    """Raise PermalinkError unless labels is a legal coordinate chain of the family."""
    letters = G.FAMILY_LETTERS[family]
    if not labels:
        raise PermalinkError("coordinates are empty (need at least the start triangle's label)")
    GRAMMAR.check_count(len(labels), "labels", MAX_LABELS)
    for i, ch in enumerate(labels):
        if ch not in letters:
            raise PermalinkError(f"label {ch!r} at level {i} is not a {family} label "
                                 f"(use {', '.join(letters)})")
    for i in range(len(labels) - 1):
        if not TB.valid_parent(labels[i], labels[i + 1]):
            raise PermalinkError(f"impossible coordinates: {labels[i]!r} (level {i}) cannot be "
                                 f"a child of {labels[i + 1]!r} (level {i + 1})")


def cost(text: str) -> float:
    """The cost a permalink states: about how many tiles its region holds (parsed, in budget)."""
    spec = decode(text)
    return estimated_triangles(spec.family, spec.width, spec.height) / 2


def encode(spec: Spec) -> str:
    """The canonical permalink text."""
    check_labels(spec.family, spec.labels)
    check_size(spec.width, "width")
    check_size(spec.height, "height")
    payload = (f"{format_decimal(spec.width)}_{format_decimal(spec.height)}_"
               f"{spec.orientation}_{spec.labels}")
    return f"{spec.family}.v{VERSION}.{payload}"


@reads
def decode(text) -> Spec:
    """Parse and validate a permalink (raise PermalinkError with a one-line reason)."""
    family, _version, m = GRAMMAR.parse(text)
    w, h = Fraction(m.group(1)), Fraction(m.group(2))
    check_size(w, "width")
    check_size(h, "height")
    check_area(family, w, h)
    labels = m.group(4)
    check_labels(family, labels)
    spec = Spec(family, w, h, int(m.group(3)), labels)
    return spec
