"""Benchmark: how long the explorer page takes to update after a control change.

Builds the site (or, with --reuse, serves an existing site/), serves it under /pe-site/ on
127.0.0.1, opens explorer/ in headless Chromium at d_model = 1024 and length = 1024, and
drives the real controls -- keys on the sliders and radios, values typed into the boxes --
through a fixed sequence of changes. After each one it reads the page's own measurement
(window.peExplorer.lastUpdateMs: performance.now() around the recompute and redraw of
every view on screen and of the controls) and prints the median and the worst update, and
their ratio to the 16 ms frame budget. Every view is loaded first (below the fold they
otherwise load when scrolled near). Views off screen catch up one per idle period or when
they scroll into view; those redraws are timed too and printed apart. The last part
of the sequence changes base and d_model with each costly view in the middle of the window.

The same sequence then runs again with window.peExplorer.debug.naive = true (every update
recomputes and redraws every view, on screen or not, every heatmap cell with its own
sin/cos at full resolution, no caches): the baseline, measured in the same run, and the
speed-up against it.

Each mode runs the sequence --rounds times from a fresh page. Besides the pooled numbers
it prints, per change, the fastest of its rounds: on a machine shared with other work
(the load average is printed) a single time can include waiting for a CPU, while the
fastest of a few runs of the same change is the cost of the change itself.

    .venv/bin/python scripts/bench/explorer.py [--reuse] [--size 1024] [--rounds 3]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
from scripts.site.browser import (
    SiteServer,
    build_site,
    chromium_path,
    start_chromium,
)

BUDGET_MS = 16.0

# (label, control, keys or text, view). Keys are pressed with the control focused (which
# scrolls it, and the view it belongs to, into sight); text is typed into a box and
# confirmed with Enter. With a view named, that view is scrolled to the middle of the
# window first and the control focused without scrolling: the costliest views on screen
# while the size controls change. Sizes stay at 1023/1024.
Step = tuple[str, str, str, str]
HEAVY_VIEWS = ["heatmap", "waves", "compare", "frequencies", "rotation"]
Result = tuple[str, float, dict[str, float]]  # (control, update ms, ms per part of the update)


def sequence() -> list[Step]:
    steps: list[tuple[str, str, str]] = []
    steps += [("position", "#pe-x-pos-range", "ArrowRight")] * 70
    steps += [("position", "#pe-x-pos-range", "ArrowLeft")] * 30
    steps += [
        ("base", "#pe-x-base-range", "ArrowRight" if i % 3 else "ArrowLeft") for i in range(30)
    ]
    steps += [
        ("d_model", "#pe-x-d-range", "ArrowLeft" if i % 2 == 0 else "ArrowRight") for i in range(20)
    ]
    steps += [
        ("length", "#pe-x-len-range", "ArrowLeft" if i % 2 == 0 else "ArrowRight")
        for i in range(10)
    ]
    steps += [
        (
            "layout",
            "#pe-x-layout-interleaved" if i % 2 == 0 else "#pe-x-layout-split",
            "ArrowDown" if i % 2 == 0 else "ArrowUp",
        )
        for i in range(10)
    ]
    steps += [("position A", "#pe-x-a-range", "ArrowRight")] * 10
    steps += [("position B", "#pe-x-b-range", "ArrowRight")] * 10
    steps += [("shift", "#pe-x-shift-range", "ArrowRight")] * 5
    steps += [("offset k", "#pe-x-k-range", "ArrowRight")] * 15
    steps += [("dimension", "#pe-x-j-range", "ArrowRight")] * 10
    steps += [
        ("dims", "#pe-x-dims", text)
        for text in ["0, 1", "0, 1, 500, 501", "2, 3, 1000", "7", "0, 1, 20, 21"]
    ]
    steps += [
        ("pairs", "#pe-x-pairs", text)
        for text in ["0, 100", "0, 8, 16, 32", "511", "1, 2, 3", "0, 8, 16, 32"]
    ]
    steps += [("position", "#pe-x-pos-range", "PageUp")] * 10
    out: list[Step] = [(*step, "") for step in steps]
    for view in HEAVY_VIEWS:
        out += [
            (
                f"base, {view} on screen",
                "#pe-x-base-range",
                "ArrowRight" if i % 2 else "ArrowLeft",
                view,
            )
            for i in range(6)
        ]
        out += [
            (
                f"d_model, {view} on screen",
                "#pe-x-d-range",
                "ArrowLeft" if i % 2 == 0 else "ArrowRight",
                view,
            )
            for i in range(4)
        ]
    return out


def run(page: Any, naive: bool) -> list[Result | None]:
    page.evaluate(f"() => {{ window.peExplorer.debug.naive = {'true' if naive else 'false'}; }}")
    out = []
    for label, selector, action, view in sequence():
        if view:
            page.evaluate(
                """([view, sel]) => {
                  document.querySelector(`[data-pe-x-slot="${view}"]`).scrollIntoView({block: "center"});
                  document.querySelector(sel).focus({preventScroll: true});
                }""",
                [view, selector],
            )
            page.wait_for_timeout(50)  # let the visibility observer report
            page.evaluate("() => window.peExplorer.flush()")  # start from an up-to-date page
        before = page.evaluate("() => window.peExplorer.updateCount")
        if view:
            page.keyboard.press(action)
        elif selector.endswith(("-range", "-interleaved", "-split")):
            page.focus(selector)
            page.keyboard.press(action)
        else:
            page.fill(selector, action)
            page.keyboard.press("Enter")
        count, ms, parts = page.evaluate(
            "() => [peExplorer.updateCount, peExplorer.lastUpdateMs, peExplorer.partTimes]"
        )
        # A key at a slider's end changes nothing: kept as None so rounds stay aligned.
        out.append((label, ms, parts) if count > before else None)
    return out


def fastest(runs: list[list[Result | None]]) -> list[Result]:
    """Per change (same index in every round), the round where it was fastest."""
    per_step = zip(*runs, strict=True)
    return [min(s, key=lambda x: x[1]) for s in per_step if all(x is not None for x in s)]


def summary(name: str, results: list[Result]) -> dict[str, float]:
    times = sorted(ms for _, ms, _ in results)
    med = statistics.median(times)
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
    worst = times[-1]
    print(f"\n{name}: {len(times)} updates")
    print(f"  median {med:7.2f} ms  ({med / BUDGET_MS:.2f} x the {BUDGET_MS:.0f} ms budget)")
    print(f"  p95    {p95:7.2f} ms  ({p95 / BUDGET_MS:.2f} x)")
    print(f"  worst  {worst:7.2f} ms  ({worst / BUDGET_MS:.2f} x)")
    by_label: dict[str, list[float]] = defaultdict(list)
    for label, ms, _ in results:
        by_label[label].append(ms)
    print("  by control (median / worst ms):")
    for label, ms_list in by_label.items():
        print(
            f"    {label:<11} {statistics.median(ms_list):7.2f} / {max(ms_list):7.2f}  ({len(ms_list)} changes)"
        )
    slowest = max(results, key=lambda r: r[1])
    parts = ", ".join(f"{k} {v:.1f}" for k, v in slowest[2].items() if v >= 0.05)
    print(f"  slowest update ({slowest[0]}): {parts}")
    return {"median": med, "worst": worst, "p95": p95}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--reuse", action="store_true", help="serve the existing site/ instead of building"
    )
    parser.add_argument("--size", type=int, default=1024, help="d_model and length (default 1024)")
    parser.add_argument(
        "--rounds", type=int, default=3, help="runs of the sequence per mode (default 3)"
    )
    args = parser.parse_args()

    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="pe-bench-") as tmp:
        if args.reuse and (ROOT / "site" / "explorer" / "index.html").is_file():
            site = ROOT / "site"
            print(f"serving the existing {site}")
        else:
            site = Path(tmp) / "site"
            print("building the site ...", flush=True)
        with SiteServer(site) as server:
            if site != ROOT / "site":
                build_site(site, server.base_url)
            server.start()
            with sync_playwright() as pw:
                browser = start_chromium(pw, chromium_path())
                context = browser.new_context(viewport={"width": 1280, "height": 900})
                page = context.new_page()
                errors: list[str] = []
                def console(message: Any) -> None:
                    if message.type == "error":
                        errors.append(message.text)

                page.on("console", console)
                page.on("pageerror", lambda e: errors.append(str(e)))
                url = f"{server.base_url}explorer/?len={args.size}&d={args.size}"
                load_before = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
                results: dict[bool, list[list[Result | None]]] = {}
                deferred: list[float] = []
                for naive in (False, True):
                    results[naive] = []
                    for _ in range(args.rounds):
                        page.goto(url)
                        page.wait_for_function(
                            "() => window.peExplorer && window.peExplorer.updateCount > 0"
                        )
                        # Views below the fold load when scrolled near: load them all first.
                        page.evaluate("() => window.peExplorer.flush()")
                        results[naive].append(run(page, naive))
                        if not naive:
                            deferred += page.evaluate("() => window.peExplorer.deferredTimes")
                browser.close()

    load = os.getloadavg() if hasattr(os, "getloadavg") else (float("nan"),) * 3
    print(
        f"\nexplorer update time at d_model = length = {args.size}, headless Chromium, "
        f"{os.cpu_count()} CPUs, load average {load_before:.2f} before and {load[0]:.2f} after"
    )
    rounds = args.rounds
    fast = summary(
        f"optimised (caches, recompute only what changed), {rounds} rounds pooled",
        [r for run_ in results[False] for r in run_ if r is not None],
    )
    slow = summary(
        f"baseline (debug.naive: full recompute and redraw, no caches), {rounds} rounds pooled",
        [r for run_ in results[True] for r in run_ if r is not None],
    )
    fast_min = summary("optimised, fastest of the rounds per change", fastest(results[False]))
    if deferred:
        deferred.sort()
        print(
            f"  (views off screen, redrawn later one per idle period: {len(deferred)} redraws,"
            f" median {statistics.median(deferred):.2f} ms, worst {deferred[-1]:.2f} ms)"
        )
    slow_min = summary("baseline, fastest of the rounds per change", fastest(results[True]))
    print("\nspeed-up against the baseline (median / worst):")
    print(
        f"  pooled:             {slow['median'] / fast['median']:5.1f}x / {slow['worst'] / fast['worst']:5.1f}x"
    )
    print(
        f"  fastest per change: {slow_min['median'] / fast_min['median']:5.1f}x / "
        f"{slow_min['worst'] / fast_min['worst']:5.1f}x"
    )
    for name, res in [("pooled", fast), ("fastest per change", fast_min)]:
        verdict = "within" if res["worst"] <= BUDGET_MS else "OVER"
        print(
            f"optimised worst / {BUDGET_MS:.0f} ms budget ({name}): {res['worst'] / BUDGET_MS:.2f}"
            f" ({verdict}); median / budget: {res['median'] / BUDGET_MS:.2f}"
        )
    if errors:
        print("console errors during the run:\n  " + "\n  ".join(errors))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
