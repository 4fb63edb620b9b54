"""Benchmark: Lighthouse (mobile preset) on every page of the built site, next to a baseline.

Builds the site (or, with --reuse, serves an existing site/), serves it gzipped under
/pe-site/ on 127.0.0.1 as GitHub Pages serves it, and runs Lighthouse (pinned in
package.json) with the system Chromium on each page: one Chromium for all of them. The
baseline, measured in the same run, is a stock Material for MkDocs page (a heading and a
paragraph, default theme settings) built in a temporary folder: what a page costs with
nothing of ours in it, so the machine's noise shows in the table.

Prints, per page, the performance / accessibility / best-practices / SEO scores, the bytes
transferred (KiB), CLS, total blocking time and LCP, and the LCP as a multiple of the
baseline's; then which pages miss a target (every score 100,
CLS <= 0.02, TBT <= 100 ms, <= 300 KiB).

    ./dev bench pages [--reuse] [--pages "" formula/ ...] [--runs N]
    ./dev bench pages [--pages ...]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
from scripts.site.browser import (
    SUBPATH,
    SiteServer,
    build_site,
    chromium_path,
    pages_from_sitemap,
)

RUNNER = Path(__file__).resolve().parent / "lighthouse.mjs"
BASELINE_MKDOCS = "site_name: Baseline\ntheme:\n  name: material\n"
BASELINE_PAGE = "# A heading\n\nA paragraph of plain text, and nothing else on the page.\n"
TARGETS = {"perf": 100, "a11y": 100, "bp": 100, "seo": 100}
MAX_CLS, MAX_TBT_MS, MAX_KIB = 0.02, 100.0, 300.0
METRICS = ("perf", "a11y", "bp", "seo", "bytes", "cls", "tbt", "lcp")


def lighthouse(chrome: str, urls: list[str]) -> list[dict[str, Any]]:
    """One Lighthouse result per URL, from one Chromium."""
    if not (ROOT / "node_modules" / "lighthouse").is_dir():
        sys.exit("error: node_modules/lighthouse is missing: run ./dev bench (it runs npm ci)")
    proc = subprocess.run(["node", str(RUNNER), chrome, *urls], cwd=ROOT, text=True,
                          stdout=subprocess.PIPE, check=False)
    results = [json.loads(line) for line in proc.stdout.splitlines() if line.startswith("{")]
    if proc.returncode != 0 or len(results) != len(urls):
        sys.exit(f"error: Lighthouse failed (exit {proc.returncode}) after "
                 f"{len(results)} of {len(urls)} pages")
    return results


def median_result(runs: list[dict[str, Any]]) -> dict[str, Any]:
    out = dict(runs[0])
    for key in METRICS:
        values = [r[key] for r in runs if r[key] is not None]
        out[key] = statistics.median(values) if values else None
    out["failed"] = sorted({a for r in runs for a in r["failed"]})
    for key in ("heaviest", "busiest", "work", "long"):
        out[key] = runs[-1][key]
    return out


def site_pages(site_dir: Path) -> list[str]:
    """The pages in the sitemap, whatever URL the site was built for (site/ has its own)."""
    sitemap = (site_dir / "sitemap.xml").read_text(encoding="utf-8")
    first = re.search(r"<loc>\s*(.*?)\s*</loc>", sitemap)
    if first is None or SUBPATH not in first.group(1):
        sys.exit(f"error: {site_dir}/sitemap.xml lists no page under {SUBPATH}")
    return pages_from_sitemap(sitemap, first.group(1).split(SUBPATH)[0] + SUBPATH)


def build_baseline(dest: Path, url: str) -> None:
    src = dest.parent / "baseline-src"
    (src / "docs").mkdir(parents=True)
    (src / "mkdocs.yml").write_text(BASELINE_MKDOCS, encoding="utf-8")
    (src / "docs" / "index.md").write_text(BASELINE_PAGE, encoding="utf-8")
    build_site(dest, url, config_file=src / "mkdocs.yml")


def misses(r: dict[str, Any]) -> list[str]:
    out = [f"{k} {r[k]}" for k, floor in TARGETS.items() if r[k] < floor]
    if r["cls"] is not None and r["cls"] > MAX_CLS:
        out.append(f"CLS {r['cls']:.3f}")
    if r["tbt"] is not None and r["tbt"] > MAX_TBT_MS:
        out.append(f"TBT {r['tbt']:.0f} ms")
    if r["bytes"] is not None and r["bytes"] / 1024 > MAX_KIB:
        out.append(f"{r['bytes'] / 1024:.0f} KiB")
    return out


def table(rows: list[tuple[str, dict[str, Any]]], baseline_lcp: float) -> str:
    head = ("page", "perf", "a11y", "BP", "SEO", "KiB", "CLS", "TBT ms", "LCP ms", "LCP/base")
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for name, r in rows:
        ratio = f"{r['lcp'] / baseline_lcp:.2f}" if r["lcp"] and baseline_lcp else "-"
        cells = (name, r["perf"], r["a11y"], r["bp"], r["seo"], f"{r['bytes'] / 1024:.0f}",
                 f"{r['cls']:.3f}", f"{r['tbt']:.0f}", f"{r['lcp']:.0f}", ratio)
        lines.append("| " + " | ".join(str(c) for c in cells) + " |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--reuse", action="store_true", help="serve site/ as it is, no build")
    parser.add_argument("--pages", nargs="*", default=None,
                        help='page paths as in the sitemap ("" or home for the home page); '
                             "default: every page")
    parser.add_argument("--runs", type=int, default=3, help="Lighthouse runs per page (median)")
    args = parser.parse_args()
    chrome = chromium_path()
    if not os.access(chrome, os.X_OK):
        sys.exit(f"error: no Chromium at {chrome} (set PE_CHROMIUM); ./dev bench finds one")

    if args.reuse and not (ROOT / "site" / "sitemap.xml").is_file():
        sys.exit("bench pages: --reuse serves site/, which holds no built site: run ./dev build")
    tmp = Path(tempfile.mkdtemp(prefix="pe-bench-pages-"))
    try:
        site_dir = ROOT / "site" if args.reuse else tmp / "site"
        base_dir = tmp / "baseline" / "site"
        with SiteServer(site_dir, gzip=True) as server, \
                SiteServer(base_dir, gzip=True) as base_server:
            if not args.reuse:
                print(f"building the site into {site_dir} ...", file=sys.stderr)
                build_site(site_dir, server.base_url)
            build_baseline(base_dir, base_server.base_url)
            all_pages = site_pages(site_dir)
            pages = all_pages
            if args.pages is not None:
                wanted = ["" if p in ("home", "/") else p.strip("/") + "/" if p else ""
                          for p in args.pages]
                unknown = [p for p in wanted if p not in all_pages]
                if unknown:
                    sys.exit(f"error: no such page(s) {unknown}; the pages are {all_pages}")
                pages = wanted
            urls = [base_server.base_url] + [server.base_url + p for p in pages]
            print(f"Lighthouse on {len(urls)} pages x {args.runs} run(s), one Chromium "
                  f"({chrome}); load average {os.getloadavg()[0]:.1f} ...", file=sys.stderr)
            runs = [lighthouse(chrome, urls) for _ in range(args.runs)]
        results = [median_result([run[i] for run in runs]) for i in range(len(urls))]
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

    names = ["baseline (stock Material page)"] + [p or "home" for p in pages]
    rows = list(zip(names, results, strict=True))
    print(f"\nLighthouse mobile preset, median of {args.runs} run(s) per page; "
          f"load average now {os.getloadavg()[0]:.1f}\n")
    print(table(rows, results[0]["lcp"]))
    print()
    bad = [(n, r) for n, r in rows[1:] if misses(r) or r["error"]]
    for name, r in bad:
        print(f"misses a target: {name}: {', '.join(misses(r))} {r['error'] or ''}\n"
              f"    failed audits: {', '.join(r['failed']) or '-'}\n"
              f"    heaviest files: {'; '.join(r['heaviest'])}\n"
              f"    busiest scripts: {'; '.join(r['busiest'])}\n"
              f"    main thread: {'; '.join(r['work'])}\n"
              f"    long tasks: {'; '.join(r['long']) or '-'}")
    if not bad:
        print(f"every page meets the targets (perf >= {TARGETS['perf']}, a11y/BP/SEO 100, "
              f"CLS <= {MAX_CLS}, TBT <= {MAX_TBT_MS:.0f} ms, <= {MAX_KIB:.0f} KiB)")


if __name__ == "__main__":
    main()
