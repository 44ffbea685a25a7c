"""The one permalink grammar: `<prefix>.v<N>.<payload>`, its limits, its messages, its cost rule.

Every permalink has the shape ``<prefix>.v<N>.<payload>``: a family prefix (lower-case
letters and digits), a format version (1–9999) and a payload of URL- and filename-safe
characters ``[A-Za-z0-9_~.-]``.  A family describes its own formats as `Grammar` values
(prefix, versions, payload pattern, an example, a length limit) and reads every link
through `Grammar.parse`, so a bad link gets the same kind of one-line message whichever
family it names: too long, not a permalink, another family's, an unknown version, a
malformed payload, a number out of range, too many levels, not canonical, too costly.

The cost rule.  A permalink says in its text what it will cost — the area of its region
(so about how many tiles), the side of a puzzle, the number of faces or levels — and the
family's parser states that cost and compares it with its budget (`check_cost`) before any
work is done.  The command line, the site build and the page all regenerate through the
parser, so all three refuse an over-budget link alike, in the time it takes to read it.

This module imports nothing from the families (they and `generator.families` import it).
"""

from __future__ import annotations

import functools
import hashlib
import re
from dataclasses import dataclass, field
from fractions import Fraction

from generator.errors import PermalinkError

# The longest string we even look at as a permalink (families set lower limits).
MAX_PERMALINK_LENGTH = 65536
PERMALINK_RE = re.compile(r"^([a-z][a-z0-9]*)\.v([1-9][0-9]{0,3})\.([A-Za-z0-9_~.\-]*)$")


def decimal_re(digits: int) -> str:
    """A canonical decimal with at most `digits` integer digits and 3 decimals, as a regex."""
    return rf"(?:0|[1-9][0-9]{{0,{digits - 1}}})(?:\.[0-9]{{0,2}}[1-9])?"


def shown(text: str, width: int = 40) -> str:
    """The start of a string as a message quotes it."""
    return repr(text if len(text) <= width else text[:width - 3] + "...")


def short_id(permalink: str) -> str:
    """A short printable ID of an item: permalink prefix and 6 hex digits of its SHA-256."""
    prefix = permalink.split(".", 1)[0]
    return f"{prefix}-{hashlib.sha256(permalink.encode('utf-8')).hexdigest()[:6]}"


# An item's page name (its file name stem on a site): the permalink itself, or when longer than
# MAX_PAGE_NAME its first characters, `~` and 16 hex digits of its SHA-256 (stable URLs).
MAX_PAGE_NAME = 96
SHORTENED_PAGE_NAME = re.compile(r"~[0-9a-f]{16}$")


def page_name(permalink: str) -> str:
    """The file name stem of an item's page, derived from its permalink alone."""
    if len(permalink) <= MAX_PAGE_NAME:
        return permalink
    digest = hashlib.sha256(permalink.encode("utf-8")).hexdigest()[:16]
    return f"{permalink[:MAX_PAGE_NAME - 17]}~{digest}"


def split(text) -> tuple[str, int, str]:
    """(prefix, version, payload) of anything shaped like a permalink, or PermalinkError."""
    if not isinstance(text, str):
        raise PermalinkError("permalink must be a string")
    if len(text) > MAX_PERMALINK_LENGTH:
        raise PermalinkError(f"permalink too long ({len(text)} characters, limit {MAX_PERMALINK_LENGTH})")
    m = PERMALINK_RE.match(text.strip())
    if not m:
        raise PermalinkError(f"not a tilepress permalink: {shown(text)} "
                             "(expected <family>.v<N>.<payload>, e.g. p2.v1....)")
    return m.group(1), int(m.group(2)), m.group(3)


@dataclass(frozen=True, eq=False)
class Link:
    """A permalink read once: its text, prefix, version and payload — the value every door
    (the command line, the site build, the page, the Markdown extension) makes with `parse`
    and passes on, so nothing below reads the text again.

    A family's reading of the payload (its own value: a region and coordinates, a puzzle's
    clues and tiling link) is made once per link and kept with it (`reading`), so the cost
    check and the regeneration share it.
    """

    text: str
    prefix: str
    version: int
    payload: str
    _readings: dict = field(default_factory=dict, repr=False)

    def __str__(self) -> str:
        return self.text

    def __len__(self) -> int:
        return len(self.text)

    def __eq__(self, other) -> bool:       # one link per text: memos keyed by links hit across requests
        return isinstance(other, Link) and other.text == self.text

    def __hash__(self) -> int:
        return hash(self.text)

    def __reduce__(self):                  # to another process: the link, not what was read from it
        return Link, (self.text, self.prefix, self.version, self.payload)

    def reading(self, key, read):
        """read(self), made the first time `key` is asked for and kept."""
        if key not in self._readings:
            self._readings[key] = read(self)
        return self._readings[key]


def parse(text) -> Link:
    """The one reading of a permalink's text: a `Link`, or PermalinkError with the reason."""
    prefix, version, payload = split(text)
    return Link(text.strip(), prefix, version, payload)


def as_link(value) -> Link:
    """A Link as it is; a text parsed (for callers that hold only the text: tests, old code)."""
    return value if isinstance(value, Link) else parse(value)


def reads(read):
    """A family's reading of a payload, `read(link)`, made once per Link and kept with it: the
    decorated function takes a Link (or a text, parsed first) and returns the kept reading."""
    @functools.wraps(read)
    def once(link):
        return as_link(link).reading(read, read)
    return once


def text_of(value) -> str:
    """The permalink text of a Link or a text."""
    return value.text if isinstance(value, Link) else value


@dataclass(frozen=True)
class Grammar:
    """One family's permalink format(s): what `parse` accepts before the family's own checks.

    label      the family as messages name it ("hat", "spectre", "p2", "calisson")
    prefixes   the prefixes it reads (Penrose reads p2 and p3 with one grammar)
    versions   the format versions it reads
    payload    the payload's shape (a compiled regex, matched from the start)
    shape      the payload's shape in words, shown when it does not match
    example    a valid permalink, shown with the shape
    max_length the longest permalink of this format (the whole text)
    """

    label: str
    prefixes: tuple
    versions: tuple
    payload: re.Pattern
    shape: str
    example: str
    max_length: int = MAX_PERMALINK_LENGTH

    def split(self, text) -> tuple[str, int, str]:
        """(prefix, version, payload): the length, prefix and version checked."""
        if isinstance(text, str) and len(text) > self.max_length:
            raise PermalinkError(f"{self.label} permalink too long ({len(text)} characters, "
                                 f"limit {self.max_length})")
        prefix, version, payload = split(text)
        if prefix not in self.prefixes:
            raise PermalinkError(f"not a {self.label} permalink (family {prefix!r})")
        if version not in self.versions:
            reads = ", ".join(f"v{v}" for v in self.versions)
            raise PermalinkError(f"unknown {self.label} permalink version v{version} (this build reads {reads})")
        return prefix, version, payload

    def match(self, payload: str) -> re.Match:
        """The payload's match, or PermalinkError showing the expected shape."""
        m = self.payload.match(payload)
        if not m:
            raise PermalinkError(f"malformed {self.label} permalink payload: expected {self.shape}, "
                                 f"e.g. {self.example}")
        return m

    def parse(self, text) -> tuple[str, int, re.Match]:
        """(prefix, version, payload match) of a permalink of this grammar: a Link read (`read`),
        a text split first."""
        if isinstance(text, Link):
            return text.prefix, text.version, self.read(text)
        prefix, version, payload = self.split(text)
        return prefix, version, self.match(payload)

    def read(self, link: Link) -> re.Match:
        """The payload's match of a Link already split: the length, prefix and version checked."""
        if len(link.text) > self.max_length:
            raise PermalinkError(f"{self.label} permalink too long ({len(link.text)} characters, "
                                 f"limit {self.max_length})")
        if link.prefix not in self.prefixes:
            raise PermalinkError(f"not a {self.label} permalink (family {link.prefix!r})")
        if link.version not in self.versions:
            reads = ", ".join(f"v{v}" for v in self.versions)
            raise PermalinkError(f"unknown {self.label} permalink version v{link.version} "
                                 f"(this build reads {reads})")
        return self.match(link.payload)

    def canonical(self, rebuilt: str, text) -> None:
        """Raise unless the text (or a Link's) is the canonical spelling `rebuilt` (one link per object)."""
        if rebuilt != text_of(text).strip():
            raise PermalinkError(f"{self.label} permalink is not in canonical form (numbers without "
                                 "leading zeros or trailing decimal zeros)")

    # ---- limits on fields -----------------------------------------------------------

    def check_side(self, value: Fraction, name: str, limit) -> None:
        """Raise unless 0 < value ≤ limit (a region's width or height)."""
        if not 0 < value <= limit:
            raise PermalinkError(f"{self.label} region {name} must be in (0, {limit}], not {float(value):g}")

    def check_count(self, count: int, what: str, limit: int) -> None:
        """Raise if a list in the payload (levels, labels) is longer than its limit."""
        if count > limit:
            raise PermalinkError(f"{self.label} permalink too long: {count} {what} (limit {limit})")

    def check_range(self, value: int, what: str, low: int, high: int) -> None:
        """Raise unless low ≤ value ≤ high (a size, a seed)."""
        if not low <= value <= high:
            raise PermalinkError(f"{self.label} permalink {what} {value} out of range {low}..{high}")

    def check_cost(self, amount: float, unit: str, limit: float,
                   fix: str = "choose a smaller region") -> None:
        """The cost rule: refuse a link whose stated cost is over budget, before any work."""
        check_cost(f"{self.label} permalink", amount, unit, limit, fix)


def check_cost(what: str, amount: float, unit: str, limit: float,
               fix: str = "choose a smaller region", error=PermalinkError) -> None:
    """Raise `error` when what is asked (its cost stated from its text) is over the budget."""
    if amount > limit:
        raise error(f"{what} is too large: about {amount:,.0f} {unit} (limit {limit:,.0f}); {fix}")
