"""Schedules: one puzzle (or a few) per day, from a `[families.NAME.daily]` table.

    [families.loopy.daily]
    from = 2027-01-01          # TOML dates, both days included
    to = 2027-12-31
    tilings = ["hat"]          # any other key is one of the family's own site keys,
    levels = ["easy"]          # validated by its schema like [families.loopy] itself
    sizes_hat = [[12, 10]]

Each day is planned by the family's own `plan()` with its table and `seeds = [YYYYMMDD]`:
the seed is the date written as a number, so a day's items — and their permalinks — are a
pure function of the date, the family and this table, whatever else the site holds and
whichever day the site is built.  Any family whose site schema has `seeds` can be
scheduled; the item ids are `<date>-<the family's id>`.  The pages (`pages.py`) give an
archive page per month, a "today" page and, with a base URL, the latest days in the feed.

The build date is `SOURCE_DATE_EPOCH` when set (reproducible builds), else the clock,
in UTC; the "today" page says which date it was built for.
"""

from __future__ import annotations

import datetime as dt
import os
import time

from generator import families
from generator.errors import ConfigError

MAX_DAYS = 3700             # about ten years of days in one schedule
FEED_DAYS = 30              # the feed holds the latest days up to the build date


def build_date() -> dt.date:
    """The build's date (UTC): SOURCE_DATE_EPOCH when set, else the clock."""
    raw = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    epoch = int(raw) if raw.isdigit() else int(time.time())
    return dt.datetime.fromtimestamp(epoch, dt.timezone.utc).date()


def date_seed(day: dt.date) -> int:
    """The seed of a day: its date as the number YYYYMMDD."""
    return day.year * 10000 + day.month * 100 + day.day


def days(table: dict, where: str) -> list[dt.date]:
    """The days of a daily table (from..to, both included), checked."""
    for key in ("from", "to"):
        value = table.get(key)
        if not isinstance(value, dt.date) or isinstance(value, dt.datetime):
            raise ConfigError(f"{where} {key} must be a TOML date such as 2027-01-01, "
                              f"not {type(value).__name__ if value is not None else 'missing'}")
    start, end = table["from"], table["to"]
    if end < start:
        raise ConfigError(f"{where} to ({end}) is before from ({start})")
    count = (end - start).days + 1
    if count > MAX_DAYS:
        raise ConfigError(f"{where} asks for {count} days (limit {MAX_DAYS})")
    return [start + dt.timedelta(days=n) for n in range(count)]


def plan_days(fam, table: dict, site: dict, where: str) -> list[dict]:
    """The descriptors of every day: the family's plan() with seeds = [YYYYMMDD], ids prefixed."""
    if not any(p.name == "seeds" and p.type == "ints" for p in fam.site):
        raise ConfigError(f"{where} family {fam.name!r} cannot be scheduled: its site table has no `seeds`")
    rest = {k: v for k, v in table.items() if k not in ("from", "to")}
    if "seeds" in rest:
        raise ConfigError(f"{where} seeds: a schedule's seeds are its dates (leave seeds out)")
    out = []
    for day in days(table, where):
        values = families.validate(fam.site, dict(rest, seeds=[date_seed(day)]), where, error=ConfigError)
        for d in fam.plan(values, dict(site)):
            if not isinstance(d, dict) or not isinstance(d.get("id"), str):
                raise ConfigError(f"{where} plan() must return items with an id")
            out.append(dict(d, id=f"{day.isoformat()}-{d['id']}", day=day.isoformat()))
    return out


def months(day_list: list[str]) -> list[dict]:
    """Archive pages [{"month": "YYYY-MM", "title", "url", "start", "stop"}] of items' days (in order)."""
    out: list[dict] = []
    for n, day in enumerate(day_list):
        month = day[:7]
        if not out or out[-1]["month"] != month:
            out.append({"month": month, "title": month_title(month), "url": f"daily-{month}.html",
                        "start": n, "stop": n})
        out[-1]["stop"] = n + 1
    return out


def month_title(month: str) -> str:
    """'2027-01' -> 'January 2027'."""
    year, mon = month.split("-")
    return f"{dt.date(int(year), int(mon), 1):%B} {year}"
