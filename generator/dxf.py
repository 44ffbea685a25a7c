"""DXF drawings through ezdxf (Manfred Moitzi's DXF library), an optional extra: `pip install
ezdxf` (the extra `dxf` of a checkout: `pip install '.[dxf]'`).

ezdxf is imported here only, inside the functions that use it: it is a dependency of DXF output
alone, not of the engines, which stay standard-library Python (they run in the browser page under
Pyodide, where ezdxf is not installed).  Without it, `available()` is False and `require()` raises
a one-line TilepressError saying how to install it (the command line exits 2 before any work).

The file: DXF R2000 (AC1015) ASCII, drawing units millimetres (`$INSUNITS` 4), y up; ezdxf's
metadata pinned (its "fixed metadata" option: dates 2000-01-01, constant GUIDs), so the same
drawing gives the same bytes.
"""

from __future__ import annotations

import importlib.util
import io

from generator.errors import TilepressError

DXF_VERSION = "R2000"
INSTALL = "pip install ezdxf (in a tilepress checkout: pip install '.[dxf]')"


def available() -> bool:
    """Is ezdxf installed?"""
    return importlib.util.find_spec("ezdxf") is not None


def require(what: str = "--format dxf") -> None:
    """Refuse (one line, exit 2) when ezdxf is missing."""
    if not available():
        raise TilepressError(f"{what} needs the ezdxf package, an optional extra: {INSTALL}")


def drawing_text(lines, texts=None, line_layer: str = "CUT", text_layer: str = "COLOUR") -> str:
    """The DXF text of a drawing in millimetres: `lines` yields ((x1, y1), (x2, y2)), each one LINE
    entity on `line_layer`; `texts` yields (x, y, height, words, aci), each one TEXT entity on
    `text_layer` in AutoCAD colour `aci`, placed at its left baseline point."""
    require()

    import ezdxf   # (lazy: an optional extra of DXF output alone, never of the engines; see above)
    from ezdxf import units
    options = ezdxf.options
    fixed = options.write_fixed_meta_data_for_testing
    options.write_fixed_meta_data_for_testing = True    # pinned dates and GUIDs: same drawing, same bytes
    try:
        doc = ezdxf.new(DXF_VERSION, units=units.MM)
        doc.layers.add(line_layer)
        msp = doc.modelspace()
        add_text, add_line = msp.add_text, msp.add_line
        if texts is not None:
            doc.layers.add(text_layer)
            for x, y, height, words, aci in texts:
                add_text(words, height=height, dxfattribs={"layer": text_layer, "color": aci, "insert": (x, y)})
        line_attrs = {"layer": line_layer}
        xmin = ymin = float("inf")
        xmax = ymax = float("-inf")
        for a, b in lines:
            add_line(a, b, dxfattribs=line_attrs)
            for x, y in (a, b):
                xmin, xmax, ymin, ymax = min(xmin, x), max(xmax, x), min(ymin, y), max(ymax, y)
        if xmin <= xmax:                                # the drawing's extents, for viewers' "zoom all"
            msp.dxf.extmin, msp.dxf.extmax = (xmin, ymin, 0), (xmax, ymax, 0)
        buf = io.StringIO()
        doc.write(buf)
    finally:
        options.write_fixed_meta_data_for_testing = fixed
    return buf.getvalue()

