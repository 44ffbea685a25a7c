"""The Spectre (Smith, Myers, Kaplan, Goodman-Strauss, "A chiral aperiodic monotile", 2023) as a
`generator.families.Family` value.

An item is a random patch: every Spectre meeting the open rectangle W × H centred on the
start Spectre's vertex 0 (unit edges, y up), generated from combinatorial coordinates over
the nine hexagonal metatiles Γ Δ Θ Λ Ξ Π Σ Φ Ψ (letters G D J L X P S F Y), with parents
invented from the exact limiting distribution in Q(√15) (`patch.py`, `limits.py`).  The
permalink `spectre.v1.…` records the start Spectre's coordinates, so `regen` repeats the
patch exactly and another region shows the same tiling there.

Commands: `python -m generator supertile spectre --level K [--metatile G|D|J|L|X|P|S|F|Y]`
prints the level-K supertile built by substitution (`supertile.py`).

JSON of a patch: {"permalink", "family": "spectre", "region": {"x0","y0","x1","y1"},
"tiles": [{"kind": "spectre", "odd", "metatile", "points": [[x, y] × 14]}]}.  Pictures
up to 100,000 Spectres are built in memory; above that the command line streams them (SVG
in one walk with each colour spooled, PNG in bands of pixel rows; PDF refused).  JSON is
streamed in one walk too (the tiles are spooled while the walk completes the permalink,
which is written first).  `--style curved` draws every edge as an arc, alternating in
sense (the shape that forbids mirror images).

site.toml:

    [families.spectre]
    patch_seeds = [1, 2, 3]                  # one gallery item per seed and size
    patch_sizes = [[40, 30], [120, 90]]      # [width, height], unit edges, 0 < side ≤ 400
    curved = true                            # also publish the curved-edge picture

Exact tiles: Spectre vertices are 4-vectors over 1, ω, ω², ω³ (ω = e^{iπ/6}, `geometry.py`);
all 14 outline vertices are listed, the straight one (vertex 10) included.
"""

from __future__ import annotations

from generator import output
from generator.families import Command, Family, Param
from generator.maker.colour import SHOW, form_fields
from generator.maker.region import FORM_TILES, with_regions
from generator.monotile import MonotilePatch
from generator.params import MAX_SEED, format_decimal

MAX_CLI_SPECTRES = 100_000
JSON_STREAM_FROM = 20_000
MAX_SIDE = 4000            # spectre.permalink.MAX_SIDE
MAX_SITE_SIDE = 400
MAX_CLI_LEVEL = 5          # level 5: 34,649 Spectres
TYPES = ("G", "D", "J", "L", "X", "P", "S", "F", "Y")

PARAMS = (
    Param("width", "decimal", "region width (unit edges)", max=MAX_SIDE, metavar="W"),
    Param("height", "decimal", "region height", max=MAX_SIDE, metavar="H"),
    Param("seed", "int", "random seed (a non-negative integer)", min=0, max=MAX_SEED - 1),
)
REGEN_PARAMS = (
    Param("width", "decimal", "change the region width (same tiling)", default=None, max=MAX_SIDE,
          metavar="W"),
    Param("height", "decimal", "change the region height", default=None, max=MAX_SIDE, metavar="H"),
)
SVG_PARAMS = (Param("style", "choice", "edge style of pictures: straight or curved",
                    default="straight", choices=("straight", "curved")),)
SITE = (
    Param("patch_seeds", "ints", "one gallery item per seed and size", default=[1, 2, 3], min=0,
          max=MAX_SEED - 1, max_items=100),
    Param("patch_sizes", "sizes", "[width, height] of the patches (unit edges)",
          default=[[40, 30], [120, 90]], max=MAX_SITE_SIDE, max_items=50),
    Param("curved", "bool", "also publish the curved-edge picture of each item", default=True),
)


class SpectrePatch(MonotilePatch):
    """A Spectre patch and (once walked) its Spectres (`generator.monotile`).

    The engine and the renderer are imported when first used, not with this module: the
    registry imports every family module to read its `Family` value (a prefix, a form), and a
    call for another family should not load the Spectre's patch code or its renderer."""

    noun, nouns = "spectre", "Spectres"
    picture_cap = MAX_CLI_SPECTRES
    stream_from = JSON_STREAM_FROM
    region_count = "region_spectres"

    @staticmethod
    def patch_module():
        from generator.spectre import patch   # (lazy: see the class)
        return patch

    @staticmethod
    def permalink_module():
        from generator.spectre import permalink   # (lazy: see the class)
        return permalink

    def walk(self):
        return self.patch.spectres()

    def spectres(self) -> list:
        """Every Spectre meeting the region (walked once)."""
        return self.walked()

    def estimated(self) -> int:
        return self.patch_module().estimated_spectres(self.patch.region)

    def json_texts(self):
        from generator.spectre.render import tile_json   # (lazy: the renderer, see the class)
        return (output.to_json(tile_json(s))[:-1]
                for s in output.progress(self.walk(), self.estimate, self.noun))

    def render_json(self, spectres) -> dict:
        from generator.spectre.render import patch_json   # (lazy: the renderer, see the class)
        return patch_json(spectres, self.patch.permalink(), self.patch.region)

    def render_svg(self, spectres, options: dict) -> str:
        """Spectres filled by metatile, odd ones dark, clipped to the region."""
        from generator.spectre.render import patch_svg   # (lazy: the renderer, see the class)
        return patch_svg(spectres, self.patch.region, title=self.patch.permalink(),
                         style=options.get("style") or "straight")

    def render_document(self, walk, options: dict):
        from generator.spectre.render import patch_document   # (lazy: the renderer, see the class)
        return patch_document(walk, self.patch.region, self.patch.permalink, self.estimate,
                              style=options.get("style") or "straight")

    @staticmethod
    def to_xy():
        """A Spectre's 14 exact Z[ω] vertices as floats."""
        from generator.spectre.geometry import to_xy   # (lazy: the engine, see the class)
        return to_xy

    def shape(self, sp) -> tuple:
        tile = self.exact(sp)
        return (tile.kind, tile.exact, tile.points, {"metatile": sp.metatile, "odd": sp.odd})


generate, regen, cost = SpectrePatch.generate, SpectrePatch.regen, SpectrePatch.cost
to_json, to_svg, tiles, shapes = SpectrePatch.to_json, SpectrePatch.to_svg, SpectrePatch.tiles, SpectrePatch.shapes


def facts(item: SpectrePatch) -> list:
    """Spectre counts, odd Spectres, metatile counts, levels used, region."""
    sps = item.spectres()
    counts = {t: 0 for t in TYPES}
    for s in sps:
        counts[s.metatile] += 1
    odd = sum(1 for s in sps if s.odd)
    region = item.patch.region
    seed = [["seed", item.seed]] if item.seed is not None else []
    return [
        ["Spectres", len(sps)],
        ["odd Spectres (turned 30°)", odd],
        ["Spectres in Γ Δ Θ Λ Ξ Π Σ Φ Ψ", " / ".join(str(counts[t]) for t in TYPES)],
        ["metatile levels used", len(item.patch.tower.T)],
        ["region", f"{format_decimal(region.width)} × {format_decimal(region.height)} (unit edges)"],
    ] + seed


def plan(table: dict, site: dict) -> list[dict]:
    """One item per (size, seed)."""
    return [{"id": f"spectre-s{s}-{w}x{h}".replace(".", "_"), "params": {"seed": s, "width": w, "height": h,
                                                                 "curved": table["curved"]}}
            for w, h in table["patch_sizes"] for s in table["patch_seeds"]]


def page(item: SpectrePatch, params: dict) -> dict:
    """Title, gallery group, alt text and (optionally) the curved-edge picture."""
    sps = item.spectres()
    odd = sum(1 for s in sps if s.odd)
    out = {"title": f"Spectre patch {params['width']} × {params['height']}, seed {params['seed']}",
           "group": f"{params['width']} × {params['height']} (unit edges)",
           "alt": (f"A random patch of {len(sps)} Spectre tiles, coloured by metatile, "
                   f"the {odd} odd Spectres (turned 30° against the rest) dark.")}
    if params.get("curved"):
        out["extra_svgs"] = {"curved": to_svg(item, {"style": "curved"})}
    return out


def figures() -> dict[str, str]:
    """The article's figures: the Spectre, the Mystic, the metatiles' rings, supertiles."""
    from generator.spectre.article import figures as article_figures   # (lazy: figures import the renderer)
    return article_figures()


# ---- supertile command --------------------------------------------------------------------

def run_supertile(values: dict) -> int:
    """`supertile spectre --level K [--metatile X]`: the level-K supertile as Spectres."""
    from generator.spectre.render import cluster_json, cluster_svg   # (lazy: renderer and engine, see SpectrePatch)
    from generator.spectre.supertile import supertile
    level, metatile = values["level"], values["metatile"]
    sps = supertile(metatile, level)
    if values["format"] == "json":
        return output.emit_rendered("json", values["out"], json_obj=cluster_json(sps, level, metatile))
    title = f"Level-{level} {metatile} supertile of Spectres ({len(sps)} Spectres)"
    return output.emit_rendered(values["format"], values["out"],
                         svg=cluster_svg(sps, title, style=values.get("style") or "straight"))


SUPERTILE = Command(
    "supertile", "the level-K supertile of a metatile, as Spectres (Algorithm 1)",
    (Param("level", "int", f"substitution level 0..{MAX_CLI_LEVEL} (level 0 = one metatile: "
           "a Mystic for G, one Spectre otherwise)", min=0, max=MAX_CLI_LEVEL, metavar="K"),
     Param("metatile", "choice", "top metatile type (default D)", default="D", choices=TYPES),
     Param("style", "choice", "edge style of pictures", default="straight",
           choices=("straight", "curved"))),
    run_supertile, formats=("json", "svg", "png"),
    description="Level-K Spectre supertile built by substitution of the nine hexagonal "
                "metatiles.  JSON: {\"family\": \"spectre\", \"level\", \"metatile\", \"tiles\": "
                "[{\"kind\": \"spectre\", \"odd\", \"metatile\", \"points\"}]} with unit edges, y up, "
                "each Spectre's 14 vertices counter-clockwise.")

# The page's "make your own" form (docs/adding-a-family.md, `Family.form`).
FORM = {"title": "The Spectre (chiral monotile)",
        "fields": [{"name": "width", "label": "Width", "type": "number", "min": 4, "max": 60, "value": 20,
                    "help": "of the patch, in Spectre edges (a Spectre is about 3 across)"},
                   {"name": "height", "label": "Height", "type": "number", "min": 4, "max": 50, "value": 15,
                    "help": "of the patch, in Spectre edges"}] + [FORM_TILES] + form_fields(metatile=True, three=False),
        "show": SHOW, "exercise": {"tiles": "meet"},
        "count": {"unit": "Spectres", "per_area": 0.18},
        "argv": ["tiling", "spectre", "--width", "{width}", "--height", "{height}", "--seed", "{seed}",
                 "--tiles", "{tiles}", "--format", "json"]}


PAGE_CAP = cost(None, {"width": 3000, "height": 1})   # the page makes regions up to 3000 square units


FAMILY = with_regions(Family(
    name="spectre", title="The Spectre monotile", prefix="spectre", versions=(1,), version="1.0",
    kind="tiling", params=PARAMS, generate=generate, regen=regen, regen_params=REGEN_PARAMS,
    permalink=lambda item: item.permalink(), to_json=to_json, to_svg=to_svg, facts=facts,
    site=SITE, plan=plan, page=page, commands=(SUPERTILE,), figures=figures, tiles=tiles, shapes=shapes, cost=cost,
    cpu=0.0008,
    svg_params=SVG_PARAMS, page_cap=PAGE_CAP, form=FORM,
    exercise=(("--width", "4"), ("--style", "curved"), ("--colour", "metatile", "--palette", "bold")),
    description="A random patch: every Spectre meeting the open rectangle W × H centred on the "
                "start Spectre's vertex 0 (unit edges)."))
