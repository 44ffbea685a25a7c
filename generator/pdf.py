"""PDFs with pinned dates (same SVG, same bytes): one page from an SVG, or pages joined.

cairosvg and pypdf are imported where they are used: optional dependencies of PDF output
alone, not of the engines.
"""
from __future__ import annotations

import io
import os
import time

FIXED_PDF_EPOCH = 946684800   # 2000-01-01T00:00:00Z: the PDF date when SOURCE_DATE_EPOCH is unset


def pdf_date() -> str:
    """The pinned PDF date (`D:YYYYMMDDHHMMSSZ`): SOURCE_DATE_EPOCH if set, else 2000-01-01."""
    raw = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    epoch = int(raw) if raw.isdigit() else FIXED_PDF_EPOCH
    return time.strftime("D:%Y%m%d%H%M%SZ", time.gmtime(epoch))


def join_pdfs(pdfs: list[bytes], title: str = "") -> bytes:
    """Join PDFs page by page with pypdf and pin the document information (deterministic bytes)."""
    from pypdf import PdfReader, PdfWriter   # (lazy: optional, see the module)
    writer = PdfWriter()
    for pdf in pdfs:
        for page in PdfReader(io.BytesIO(pdf)).pages:
            writer.add_page(page)
    try:
        writer.compress_identical_objects(remove_duplicates=True, remove_unreferenced=True)
    except (AttributeError, TypeError):   # other pypdf versions: bigger file, same determinism
        pass
    date = pdf_date()
    info = {"/Producer": "tilepress", "/Creator": "tilepress", "/CreationDate": date, "/ModDate": date}
    if title:
        info["/Title"] = title
    writer.add_metadata(info)
    buf = io.BytesIO()
    writer.write(buf)
    return buf.getvalue()


def svg_to_pdf(svg: str) -> bytes:
    """Convert an SVG document to a one-page PDF with cairosvg (dates pinned: same SVG, same bytes)."""
    import cairosvg   # (lazy: optional, see the module)
    return join_pdfs([cairosvg.svg2pdf(bytestring=svg.encode("utf-8"))])
