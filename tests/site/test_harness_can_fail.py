"""The site checks can fail: tiny fake pages with one known fault each, served and opened by the
same code (helpers/site_harness.py) the real page tests use, must be caught; a clean page must not.
"""

from __future__ import annotations

import textwrap
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from helpers.site_harness import (
    COLOUR_RULES,
    LinkChecker,
    LoadedPage,
    SiteBuildError,
    SiteServer,
    axe_violations,
    build_site,
    follow_link,
    format_axe_violations,
    image_problems,
    image_size_problems,
    layout_shift_problems,
    math_problems,
    math_script_problems,
    maths_markup_problems,
    open_site_page,
    overflow_problems,
    page_transfer,
    pages_from_sitemap,
    raw_math_problems,
    repeated_shift_problems,
    require_chromium,
    scoped_request_problems,
    touch_external_links,
    wide_formula_problems,
)

SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10"><rect width="20" height="10"/></svg>'


def html(body: str, title: str = "Fake page") -> str:
    return (
        f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{title}</title>'
        '<meta name="viewport" content="width=device-width, initial-scale=1"></head>'
        f"<body><main><h1>{title}</h1>{body}</main></body></html>"
    )


FAKE_FILES: dict[str, str] = {
    "index.html": html("<p>Home.</p>", title="Fake home"),
    "clean.html": html(
        '<p>Plain text.</p><img src="ok.svg" alt="A black bar">'
        '<pre><code>print("\\\\(not math\\\\)", "$$")</code></pre>'
        '<p><span class="arithmatex"><span class="katex">x</span></span></p>'
        '<p><a href="other.html">Other page</a></p>'
    ),
    "other.html": html("<p>Another page.</p>"),
    "ok.svg": SVG,
    "foreign.html": html('<img src="http://example.invalid/x.png" alt="Remote picture">'),
    "no-alt.html": html('<img src="ok.svg"><img src="ok.svg" alt="  ">'),
    "faint.html": html('<img src="ok.svg"><p style="color: #bbb; background: #fff">Faint.</p>'),
    "broken-img.html": html('<img src="missing.png" alt="Missing picture">'),
    "raw-tex.html": html(
        '<p>Let \\(x\\) be $$y$$.</p><div class="arithmatex">\\[z\\]</div>'
        "<p>Swallowed delimiters: \\frac{1}{2}</p><p>and x^{2}.</p>"
        "<pre><code>\\[fine in code\\]</code></pre>"
    ),
    "errors.html": html(
        '<script>console.error("boom")</script><script>throw new Error("kaput")</script>'
    ),
    "maths.html": html(
        '<p>Text <span class="katex"><span class="katex-mathml">x</span>'
        '<span class="katex-html" aria-hidden="true"><span class="mord">x</span></span></span></p>'
        '<p style="color: #333">Text <span class="katex"><span class="katex-html">'
        '<span class="mord" style="color: #ccc">y</span><a href="#">z</a></span></span></p>'
    ),
    "wide.html": html('<div style="width: 1200px">A box wider than a phone.</div>'),
    "shifting.html": html(
        '<p id="late"></p>' + "<p>Text that a late banner pushes down the page.</p>" * 12
        + "<script>setTimeout(() => { const b = document.getElementById('late');"
        " b.style.height = '400px'; }, 200)</script>"
    ),
    "links.html": html(
        '<p id="here">Links: <a href="clean.html">fine</a>, <a href="#here">fine</a>, '
        '<a href="http://example.invalid/">elsewhere, fine</a>, <a href="nowhere.html">missing page</a>, '
        '<a href="clean.html#nope">missing anchor</a>, <a href="#gone">missing local anchor</a>, '
        '<a href="/elsewhere/">outside the sub-path</a>, <a href="folder/">folder without index</a></p>'
    ),
    "folder/readme.txt": "no index.html here",
    "widget.html": html('<p>A widget.</p><script type="module" src="js/widget/main.js"></script>'),
    "js/widget/main.js": 'import "./part.js";\n',
    "js/widget/part.js": "export {};\n",
    "404.html": html("<p>Nothing here.</p>", title="404 - Not found"),
    "asset.svg": SVG,
    "asset.woff2": "",
    "asset.js": "",
    "asset.mjs": "",
    "asset.json": "{}",
    "asset.webp": "",
    "katex.min.js": "window.typeset = true;",
    "wide-math.html": html(
        '<div class="arithmatex" style="overflow-x: auto"><span style="display: inline-block;'
        ' width: 900px"><annotation>a + b</annotation></span></div>'
        '<div class="arithmatex" style="overflow-x: auto" tabindex="0" role="group"'
        ' aria-label="Wide formula"><span class="mtable" style="display: inline-block;'
        ' width: 900px"><annotation>M</annotation></span></div>'
    ),
    "math-script.html": html('<script src="katex.min.js"></script><p>Typeset here.</p>'),
    # A request a little after the load event (as Material's bundle is started) and one
    # that follows it when it answers, as a script loading the next one would.
    "late.html": html(
        "<script>addEventListener('load', () => setTimeout(() => fetch('asset.json')"
        ".then(() => fetch('missing-late.json')), 100))</script><p>Late.</p>"
    ),
    # A citation that prefetches its target when it takes the focus, below the fold.
    "prefetch.html": html(
        '<article><div style="height: 3000px"></div><a href="http://example.invalid/paper"'
        ' onfocus="fetch(this.href).catch(() => {})">a paper</a></article>'
    ),
}


@pytest.fixture(scope="module")
def fake_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root = tmp_path_factory.mktemp("fake-site")
    for name, text in FAKE_FILES.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    with SiteServer(root) as server:
        yield server.base_url


@pytest.fixture
def open_fake(browser: Any, fake_site: str) -> Iterator[Callable[..., LoadedPage]]:
    opened: list[LoadedPage] = []

    def _open(path: str, **options: Any) -> LoadedPage:
        loaded = open_site_page(browser, fake_site, path, math_timeout_ms=300, **options)
        opened.append(loaded)
        return loaded

    yield _open
    for loaded in opened:
        loaded.context.close()


# --------------------------------------------------------------------------- browser checks


@pytest.mark.browser
def test_clean_page_passes_every_check(open_fake: Callable[..., LoadedPage]) -> None:
    loaded = open_fake("clean.html", wait_for_network_idle=True)
    assert loaded.status == 200
    assert loaded.request_problems() == []
    assert image_problems(loaded.page) == []
    assert math_problems(loaded.page) == []
    assert axe_violations(loaded.page) == []
    phone = open_fake("clean.html", viewport={"width": 390, "height": 844})
    assert overflow_problems(phone.page) == []


@pytest.mark.browser
def test_request_to_another_origin_is_caught_and_not_sent(
    open_fake: Callable[..., LoadedPage],
) -> None:
    loaded = open_fake("foreign.html", wait_for_network_idle=True)
    assert loaded.foreign_requests == ["GET http://example.invalid/x.png"]
    assert loaded.failed_requests == []  # reported once, as foreign
    assert any("another origin" in p for p in loaded.request_problems())


@pytest.mark.browser
def test_a_page_counts_as_loaded_once_its_late_requests_are_answered(
    open_fake: Callable[..., LoadedPage],
) -> None:
    loaded = open_fake("late.html", wait_for_network_idle=True)
    assert [u.rsplit("/", 1)[-1] for u in loaded.requested[-2:]] == [
        "asset.json", "missing-late.json"]
    assert any("missing-late.json: HTTP 404" in p for p in loaded.request_problems())


@pytest.mark.browser
def test_a_link_that_prefetches_when_focused_is_caught(
    open_fake: Callable[..., LoadedPage], fake_site: str,
) -> None:
    loaded = open_fake("prefetch.html", wait_for_network_idle=True)
    assert loaded.foreign_requests == []
    assert touch_external_links(loaded, fake_site) == 1
    assert loaded.foreign_requests == ["GET http://example.invalid/paper"]


@pytest.mark.browser
def test_image_without_alt_text_is_caught(open_fake: Callable[..., LoadedPage]) -> None:
    loaded = open_fake("no-alt.html")
    problems = image_problems(loaded.page)
    assert problems == [
        "<img src='ok.svg'> has no alt attribute",
        "<img src='ok.svg'> has empty alt text",
    ]
    assert "image-alt" in {v["id"] for v in axe_violations(loaded.page)}


@pytest.mark.browser
def test_image_that_does_not_load_is_caught(open_fake: Callable[..., LoadedPage]) -> None:
    loaded = open_fake("broken-img.html", wait_for_network_idle=True)
    problems = image_problems(loaded.page)
    assert len(problems) == 1 and "did not load and decode" in problems[0], problems
    assert [p for p in loaded.failed_requests if "missing.png: HTTP 404" in p], (
        loaded.failed_requests
    )


@pytest.mark.browser
def test_raw_tex_and_untypeset_math_are_caught(open_fake: Callable[..., LoadedPage]) -> None:
    problems = math_problems(open_fake("raw-tex.html").page)
    text = "\n".join(problems)
    for delimiter in ("\\(", "\\)", "$$", "\\[", "\\]"):
        assert f"delimiter {delimiter} " in text, text
    assert 'math not typeset by KaTeX: "\\[z\\]"' in text
    assert "raw TeX command \\frac " in text and "raw TeX command ^{ " in text, text
    assert "fine in code" not in text  # code blocks may show TeX


@pytest.mark.browser
def test_console_errors_and_exceptions_are_caught(open_fake: Callable[..., LoadedPage]) -> None:
    loaded = open_fake("errors.html")
    assert [e.split(" (")[0] for e in loaded.console_errors] == ["boom"]
    assert len(loaded.page_errors) == 1 and "kaput" in loaded.page_errors[0]


@pytest.mark.browser
def test_wide_formula_without_matrix_or_keyboard_access_is_caught(
    open_fake: Callable[..., LoadedPage],
) -> None:
    page = open_fake("wide-math.html", viewport={"width": 390, "height": 844}).page
    problems = wide_formula_problems(page)
    assert len(problems) == 3 and all("'a + b'" in p for p in problems), problems
    assert "holds no matrix" in problems[0] and "tabindex=0" in problems[1], problems
    assert "role and name" in problems[2], problems
    assert wide_formula_problems(open_fake("clean.html").page) == []


@pytest.mark.browser
def test_horizontal_overflow_on_a_phone_is_caught(open_fake: Callable[..., LoadedPage]) -> None:
    problems = overflow_problems(
        open_fake("wide.html", viewport={"width": 390, "height": 844}).page
    )
    assert problems and "in a 390 px viewport" in problems[0], problems
    assert any(p.strip().startswith("sticks out: div") for p in problems[1:]), problems


@pytest.mark.browser
def test_the_colour_rules_alone_still_catch_faint_text(
    open_fake: Callable[..., LoadedPage],
) -> None:
    page = open_fake("faint.html").page
    assert {v["id"] for v in axe_violations(page)} >= {"color-contrast", "image-alt"}
    # What the dark scheme's run checks: the colours, not the markup (the same in both).
    assert {v["id"] for v in axe_violations(page, COLOUR_RULES)} == {"color-contrast"}


def test_formula_boxes_axe_leaves_out_are_checked(
    open_fake: Callable[..., LoadedPage],
) -> None:
    problems = maths_markup_problems(open_fake("maths.html").page)
    assert [p for p in problems if "not hidden" in p] == [
        "span.katex-html is not hidden from screen readers"]
    assert any("span.mord is drawn in rgb(204, 204, 204), its text in rgb(51, 51, 51)" == p
               for p in problems), problems
    assert any(p.startswith("a. can take the focus") for p in problems), problems
    assert not [p for p in problems if "rgb(0, 0, 0)" in p], "the first formula is fine"


def test_axe_violations_are_reported_readably(open_fake: Callable[..., LoadedPage]) -> None:
    report = format_axe_violations(axe_violations(open_fake("no-alt.html").page))
    assert "image-alt" in report and "at img:nth-child(2)" in report, report


@pytest.mark.browser
def test_broken_links_are_caught(open_fake: Callable[..., LoadedPage], fake_site: str) -> None:
    checker = LinkChecker(fake_site)
    origin = fake_site.removesuffix("/pe-site/")
    assert checker.problems(open_fake("links.html").page) == [
        "link '#gone': no element with that id on this page",
        f"link '/elsewhere/' -> {origin}/elsewhere/: HTTP 404",
        f"link 'clean.html#nope': {fake_site}clean.html has no id 'nope'",
        f"link 'folder/' -> {fake_site}folder/: HTTP 404",
        f"link 'nowhere.html' -> {fake_site}nowhere.html: HTTP 404",
    ]
    assert checker.problems(open_fake("clean.html").page) == []


@pytest.mark.browser
def test_content_moving_after_paint_is_caught(open_fake: Callable[..., LoadedPage]) -> None:
    page = open_fake("shifting.html").page
    assert layout_shift_problems(open_fake("clean.html").page) == []
    page.wait_for_timeout(400)  # the page's own timer moves the text after 200 ms
    problems = layout_shift_problems(page)
    assert problems and "layout shift" in problems[0], problems
    assert any("p " in p and "->" in p for p in problems[1:]), problems


@pytest.mark.browser
def test_a_shift_counts_only_if_a_second_load_moves_too(
        open_fake: Callable[..., LoadedPage]) -> None:
    """A page that moves on every load is a problem; one that moved once and not on a
    second load is named as a warning only."""
    def settled(name: str) -> LoadedPage:
        loaded = open_fake(name)
        loaded.page.wait_for_timeout(400)  # past shifting.html's own timer
        return loaded

    with pytest.warns(UserWarning, match="and again on a second load"):
        assert repeated_shift_problems(settled("shifting.html"),
                                       lambda: settled("shifting.html"))
    with pytest.warns(UserWarning, match="not on a second load"):
        assert repeated_shift_problems(settled("shifting.html"),
                                       lambda: settled("clean.html")) == []
    assert repeated_shift_problems(settled("clean.html"),
                                   lambda: settled("shifting.html")) == []


@pytest.mark.browser
def test_following_a_missing_link_is_caught(
    open_fake: Callable[..., LoadedPage], fake_site: str
) -> None:
    page = open_fake("clean.html").page
    assert follow_link(page, fake_site + "other.html") == []
    problems = follow_link(page, fake_site + "clean.html")  # other.html has no such link
    assert problems == [f"no link to {fake_site}clean.html on {fake_site}other.html"]


@pytest.mark.browser
def test_scripts_requested_by_the_wrong_page_are_caught(
    open_fake: Callable[..., LoadedPage], fake_site: str
) -> None:
    prefix = fake_site + "js/widget/"
    widget = open_fake("widget.html", wait_for_network_idle=True)
    assert scoped_request_problems(widget, prefix, expected=False) == [
        f"{fake_site}widget.html requested {prefix}main.js",
        f"{fake_site}widget.html requested {prefix}part.js",  # modules it imports count too
    ]
    assert scoped_request_problems(widget, prefix, expected=True) == []
    clean = open_fake("clean.html", wait_for_network_idle=True)
    assert scoped_request_problems(clean, prefix, expected=False) == []
    assert scoped_request_problems(clean, prefix, expected=True) == [
        f"{fake_site}clean.html requested nothing under {prefix}"
    ]


# --------------------------------------------------------------------------- server, sitemap, build


def fetch(url: str) -> tuple[int, str, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, response.headers["Content-Type"], response.read()
    except urllib.error.HTTPError as err:
        return err.code, err.headers["Content-Type"], err.read()


def test_server_serves_only_under_the_sub_path(fake_site: str) -> None:
    origin = fake_site.removesuffix("/pe-site/")
    assert fake_site.endswith("/pe-site/")
    assert fetch(fake_site + "clean.html")[0] == 200
    assert fetch(origin + "/clean.html")[0] == 404
    assert fetch(origin + "/")[0] == 404
    status, _, body = fetch(origin + "/pe-site")  # redirected to /pe-site/
    assert status == 200 and b"Fake home" in body
    status, _, body = fetch(fake_site + "no/such/page/")
    assert status == 404 and b"404 - Not found" in body  # the site's own 404 page


@pytest.mark.parametrize(
    ("name", "mime"),
    [
        ("asset.svg", "image/svg+xml"),
        ("asset.woff2", "font/woff2"),
        ("asset.js", "text/javascript"),
        ("asset.mjs", "text/javascript"),
        ("asset.json", "application/json"),
        ("asset.webp", "image/webp"),
    ],
)
def test_server_mime_types(fake_site: str, name: str, mime: str) -> None:
    status, content_type, _ = fetch(fake_site + name)
    assert (status, content_type.split(";")[0]) == (200, mime)


def test_sitemap_outside_site_url_is_an_error() -> None:
    xml = (
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
        "<url><loc>http://elsewhere/a/</loc></url></urlset>"
    )
    with pytest.raises(ValueError, match="not under the configured site_url"):
        pages_from_sitemap(xml, "http://127.0.0.1:1/pe-site/")
    with pytest.raises(ValueError, match="no <loc>"):
        pages_from_sitemap('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"/>', "x")


def test_failed_build_reports_the_build_log(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text("[broken](missing.md)\n", encoding="utf-8")
    config = tmp_path / "mkdocs.yml"
    config.write_text(
        textwrap.dedent("""\
        site_name: broken
        strict: true
        docs_dir: docs
        """),
        encoding="utf-8",
    )
    with pytest.raises(SiteBuildError, match="(?s)failed.*missing.md"):
        build_site(tmp_path / "site", "http://127.0.0.1:1/pe-site/", config_file=config)


def test_missing_chromium_fails_with_install_hint() -> None:
    with pytest.raises(pytest.fail.Exception, match="apt-get install -y chromium"):
        require_chromium("/nonexistent/chromium")


# --------------------------------------------------------------------------- served HTML, no browser

TYPESET = (
    '<span class="arithmatex"><span class="katex"><span class="katex-mathml"><math>'
    "<semantics><mi>x</mi><annotation>\\frac{x}{2}</annotation></semantics></math>"
    '</span><span class="katex-html" aria-hidden="true">x</span></span></span>'
)


def test_raw_html_math_check_passes_typeset_maths_and_catches_raw_tex() -> None:
    clean = html(f"<p>Let {TYPESET} be.</p><pre><code>\\(fine in code\\) $$</code></pre>")
    assert raw_math_problems(clean) == []
    raw = html(
        '<p>Let <span class="arithmatex">\\(x\\)</span> be.</p>'
        '<div class="arithmatex">\\[\\frac{1}{2}\\]</div><p>and x^{2}, $$y$$</p>'
    )
    text = "\n".join(raw_math_problems(raw))
    for found in ("'\\\\('", "'\\\\['", "'\\\\frac'", "'^{'", "'$$'"):
        assert f"raw TeX {found}" in text, (found, text)
    assert text.count("math not typeset in the served HTML") == 2, text


def test_image_without_width_or_height_is_caught() -> None:
    page = html(
        '<img src="a.svg" alt="A" width="20" height="10">'
        '<img src="b.svg" alt="B" width="20"><img alt="C" src="c.svg">'
    )
    assert image_size_problems(page) == [
        "<img src='b.svg'> has no height (its box is not reserved)",
        "<img src='c.svg'> has no width (its box is not reserved)",
        "<img src='c.svg'> has no height (its box is not reserved)",
    ]


def test_math_script_request_is_caught(open_fake: Callable[..., LoadedPage]) -> None:
    loaded = open_fake("math-script.html", wait_for_network_idle=True)
    problems = math_script_problems(loaded.requested)
    assert len(problems) == 1 and problems[0].endswith("/pe-site/katex.min.js"), problems
    assert math_script_problems(open_fake("clean.html").requested) == []


def test_page_transfer_counts_what_a_page_references(tmp_path: Path) -> None:
    import gzip

    big = bytes(range(256)) * 400  # incompressible-ish: counted as it is
    (tmp_path / "p").mkdir()
    (tmp_path / "p" / "index.html").write_text(
        html(
            '<link rel="stylesheet" href="../s.css"><script type="module" src="../m.js"></script>'
            '<img src="../f-light.bin#only-light" alt="L" width="1" height="1">'
            '<img src="../f-dark.bin#only-dark" alt="D" width="1" height="1">'
            '<img src="../gone.png" alt="G" width="1" height="1">'
        ),
        encoding="utf-8",
    )
    (tmp_path / "s.css").write_text("body { color: red; }" * 50, encoding="utf-8")
    (tmp_path / "m.js").write_text('import { x } from "./n.js";', encoding="utf-8")
    (tmp_path / "n.js").write_text("export const x = 1;", encoding="utf-8")
    (tmp_path / "f-light.bin").write_bytes(big)
    (tmp_path / "f-dark.bin").write_bytes(big + b"more")
    files = page_transfer(tmp_path, "p/")
    assert set(files) == {"p/index.html", "s.css", "m.js", "n.js", "f-dark.bin", "gone.png"}
    assert files["gone.png"] == -1  # reported as missing
    assert files["f-dark.bin"] == len(big) + 4  # the larger of the pair, not compressed
    css = (tmp_path / "s.css").read_bytes()
    assert files["s.css"] == len(gzip.compress(css, compresslevel=6, mtime=0)) < len(css)
