"""The site side of a family, as the tests call it: validate + plan, generate + page."""
from generator import families
from generator.pipeline.generate import site_item
from generator.pipeline.plan import family_plan


class SiteSide:
    """plan(table) and item(descriptor) of one registered family, through the pipeline's code."""

    def __init__(self, name: str):
        self.family = families.get(name)

    def plan(self, table: dict, site: dict | None = None) -> list[dict]:
        return family_plan(self.family, table, site or {})

    def item(self, descriptor: dict) -> dict:
        """The site fields of a planned descriptor ({"params"} or {"permalink", "params"})."""
        return site_item(self.family, descriptor.get("params", {}), descriptor.get("permalink"))

    def figures(self) -> dict:
        return self.family.figures()
