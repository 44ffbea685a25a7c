"""A patch of one monotile as a family's item: what the hat and the Spectre families share.

Both make a patch the same way — every tile meeting an open rectangle, walked from a seeded
or permalinked start — and publish it the same way: the permalink is complete once the walk
has invented every level it needs; JSON and pictures are built in memory up to a size, and
above it JSON is streamed (one walk, the tiles spooled while the walk completes the
permalink, which is written first) and, on the command line (`output.STREAMING`), pictures
too (an `output.Document`: SVG in one walk, PNG in bands); elsewhere a picture that large is
refused with one line.

A family subclasses `MonotilePatch`, says what differs (its tile's name, its patch and
permalink modules, its renderer) and takes generate, regen, cost, permalink, to_json, to_svg
and tiles from it for its `Family` value.
"""

from __future__ import annotations

from fractions import Fraction

from generator import output
from generator.errors import TilepressError
from generator.families import Tile


class MonotilePatch:
    """A patch and (once walked) its tiles.

    A subclass sets `noun` and `nouns` (the tile's name in progress bars and messages), the
    caps `picture_cap` (tiles above which a picture is streamed or refused) and `stream_from`
    (tiles above which JSON is streamed), and gives the methods marked "the family's"."""

    noun, nouns = "tile", "tiles"
    picture_cap = 100_000
    stream_from = 20_000

    def __init__(self, patch, seed: int | None = None):
        self.patch = patch
        self.seed = seed           # None for a regenerated permalink
        self._walked = None
        self._streamed = False     # a streamed walk (`shapes`) completed the permalink

    # ---- the family's ----------------------------------------------------------------------
    @staticmethod
    def patch_module():
        """The module with from_seed(W, H, seed), from_permalink(link, W, H) and the estimate."""
        raise NotImplementedError

    @staticmethod
    def permalink_module():
        """The module with cost(link) and `region_count(W, H)` (see `cost`)."""
        raise NotImplementedError

    region_count = "region_tiles"  # the permalink module's estimate for a fresh W × H region

    def walk(self):
        """The patch's tiles, in walk order (each walk invents the levels it needs)."""
        raise NotImplementedError

    def estimated(self) -> int:
        """About how many tiles meet the region."""
        raise NotImplementedError

    def json_texts(self):
        """The JSON text of each tile, from one walk with a progress bar (streamed JSON: the
        same bytes as in memory)."""
        raise NotImplementedError

    def render_json(self, tiles) -> dict:
        """The documented JSON object of these tiles (the permalink complete)."""
        raise NotImplementedError

    def render_svg(self, tiles, options: dict) -> str:
        raise NotImplementedError

    def render_document(self, walk, options: dict):
        """The streamed picture (`output.Document`) of the tiles `walk()` gives."""
        raise NotImplementedError

    @staticmethod
    def to_xy():
        """The function that gives an exact vertex its float position (x, y)."""
        raise NotImplementedError

    def shape(self, tile) -> tuple:
        """A tile for the maker's exports: (kind, exact vertices, float vertices, {facts})."""
        raise NotImplementedError

    # ---- shared ----------------------------------------------------------------------------
    @classmethod
    def generate(cls, params: dict) -> "MonotilePatch":
        """A random patch for (width, height, seed)."""
        P = cls.patch_module()
        return cls(P.from_seed(Fraction(params["width"]), Fraction(params["height"]), params["seed"]),
                   params["seed"])

    @classmethod
    def regen(cls, link: str, overrides: dict) -> "MonotilePatch":
        """The patch a permalink names, optionally over another region."""
        w, h = overrides.get("width"), overrides.get("height")
        return cls(cls.patch_module().from_permalink(link, None if w is None else Fraction(w),
                                                     None if h is None else Fraction(h)))

    @classmethod
    def cost(cls, link: str | None, params: dict | None = None) -> float:
        """About how many tiles a permalink (or generate's width and height) asks for, from the text."""
        permalink = cls.permalink_module()
        if link is None:
            return getattr(permalink, cls.region_count)(Fraction(params["width"]), Fraction(params["height"]))
        return permalink.cost(link)

    @property
    def estimate(self) -> int:
        return self.estimated()

    def walked(self) -> list:
        """Every tile meeting the region (walked once, with a progress bar on a terminal)."""
        if self._walked is None:
            self._walked = list(output.progress(self.walk(), self.estimate, self.noun))
        return self._walked

    def permalink(self) -> str:
        """The permalink (walks the patch first if needed; a large one without keeping the tiles)."""
        if self._streamed:
            return self.patch.permalink()
        if self._walked is None and self.estimate > self.stream_from:
            for _ in output.progress(self.walk(), self.estimate, self.noun):   # invent every level
                pass
        else:
            self.walked()
        return self.patch.permalink()

    def to_json(self) -> dict:
        """The documented JSON object (tiles streamed for big regions)."""
        if self._walked is None and self.estimate > self.stream_from:
            # one walk: the tiles go to a spool while it completes the permalink (written first)
            tiles = output.spooled_array(self.json_texts())
            obj = self.render_json([])
            obj["tiles"] = tiles
            return obj
        return self.render_json(self.walked())

    def to_svg(self, options: dict):
        """The picture; above `picture_cap` an `output.Document` made in flat memory as the walk
        goes (SVG streamed, PNG in bands) on the command line, else refused."""
        options = options or {}
        if self._walked is None and self.estimate > self.picture_cap:
            if output.STREAMING:
                return self.render_document(lambda: output.progress(self.walk(), self.estimate, self.noun),
                                            options)
            raise TilepressError(f"region too large for a picture (about {self.estimate:,} {self.nouns}, "
                                 f"limit {self.picture_cap:,}); choose a smaller --width/--height")
        return self.render_svg(self.walked(), options)

    def exact(self, tile) -> Tile:
        """A tile as the protocol's Tile: its exact vertex keys and their float positions."""
        xy = self.to_xy()
        return Tile(self.noun, tuple(tile.points), tuple(map(xy, tile.points)))

    def tiles(self) -> list[Tile]:
        """Every tile with its exact vertex keys and their float positions."""
        xy, noun = self.to_xy(), self.noun
        return [Tile(noun, tuple(t.points), tuple(map(xy, t.points))) for t in self.walked()]

    def shapes(self):
        """Every tile as `shape` gives it (generator/maker/): the walk streamed for big patches
        (completing the permalink), the kept list otherwise."""
        if self._walked is None and self.estimate > self.stream_from:
            def walk():
                yield from self.walk()
                self._streamed = True
            source = walk()
        else:
            source = self.walked()
        return (self.shape(t) for t in source)
