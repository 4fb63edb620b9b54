"""The order of a page's checks in test_pages.py: those on a phone first (the shared load is
made on a phone), then the light scheme on a desktop, then the dark one, then the external
links (which focus and hover links, so they come after every read-only check). Switching
the shared load's size or scheme restyles and lays out the whole page and waits for its
transitions, about half a second a switch: in the order of the file a page switched six
times, in this order three."""

from __future__ import annotations

from typing import Any

import pytest

PAGES_MODULE = "tests/site/test_pages.py"
#: The last of a page's checks: it leaves links focused and hovered.
LAST = "test_external_links_are_not_fetched_before_a_click"


def params(item: pytest.Item) -> dict[str, Any]:
    """The item's parameters (none for a test that is not parametrized)."""
    return dict(getattr(getattr(item, "callspec", None), "params", {}))


def view_order(item: pytest.Item) -> int:
    fixtures = getattr(item, "fixturenames", ())
    if getattr(item, "originalname", item.name) == LAST:
        return 3
    if "phone_view" in fixtures:
        return 0
    if "dark_view" in fixtures or params(item).get("view") == "dark":
        return 2
    return 1  # the light scheme on a desktop, or no view at all


@pytest.hookimpl(trylast=True)  # after tests/conftest.py has put each page in its group
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    slots = [i for i, item in enumerate(items) if item.nodeid.startswith(PAGES_MODULE)
             and "site_page" in params(item)]
    if slots and not hasattr(getattr(items[slots[0]], "module", None), LAST):
        # renamed or gone: it would no longer be kept after the read-only checks
        raise pytest.UsageError(f"{PAGES_MODULE} has no {LAST}: update tests/site/conftest.py")
    pages: dict[str, int] = {}
    for i in slots:
        pages.setdefault(params(items[i])["site_page"], len(pages))
    ordered = sorted((items[i] for i in slots), key=lambda item: (
        pages[params(item)["site_page"]], view_order(item)))  # stable: else file order
    for i, item in zip(slots, ordered, strict=True):
        items[i] = item
