"""`python -m generator supertile hat ...`, `tiling hat ...` and `regen hat.v…` — dispatch only.

Part 1 (exact supertiles) lives in `supertile_cli.py`; part 2 (random patches by
combinatorial coordinates) in `patch_cli.py`.
"""

from __future__ import annotations

import importlib

from generator.errors import TilepressError


def _part(name: str):
    try:
        return importlib.import_module(f"generator.hat.{name}")
    except ModuleNotFoundError as exc:
        if exc.name == f"generator.hat.{name}":
            raise TilepressError(f"this build of tilepress has no hat {name.split('_')[0]} command yet") from None
        raise


def main(argv: list[str]) -> int:
    """argv[0] is the command word ('supertile' or 'tiling'), argv[1] is 'hat'."""
    if argv[0] == "supertile":
        return _part("supertile_cli").main(argv[2:])
    return _part("patch_cli").main(argv[2:])


def regen(permalink: str, argv: list[str]) -> int:
    """Regenerate a hat patch from its permalink."""
    return _part("patch_cli").regen(permalink, argv)
