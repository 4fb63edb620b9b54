"""Math typeset once, at build time, with KaTeX's own renderer.

The pages' HTML carries the typeset formulas (KaTeX's HTML for the eye, its MathML for screen
readers), so no page runs a math script. The MathML loses the TeX source KaTeX keeps in it
(``<annotation encoding="application/x-tex">``): screen readers speak the MathML, not the
annotation, and it was 5-10 % of a formula-heavy page's compressed bytes. ``Typesetter`` keeps one Node.js process
(``katex_render.mjs``, KaTeX from node_modules) for a whole build and caches every result on disk
by content, so a rebuild under ``mkdocs serve`` typesets only formulas it has not seen.

``typeset_html`` typesets the TeX in the text of a finished page, as KaTeX's auto-render did
in the browser: what pymdownx.arithmatex leaves (generic output: ``\\(..\\)``, ``\\[..\\]``),
``$$..$$`` in a notebook's Markdown cells, headings repeated in the navigation. It runs on the
finished page, after Material's search plugin has indexed the text with the TeX in it.
``katex_stylesheet`` gives KaTeX's stylesheet with only the font faces the formulas use, as
woff2 only (every browser the site supports reads it).

A formula KaTeX cannot typeset raises :class:`MathError` naming the formula and KaTeX's reason.
"""

from __future__ import annotations

import functools
import hashlib
import html
import io
import json
import re
import subprocess
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
KATEX_DIR = ROOT / "node_modules" / "katex"
NODE_SCRIPT = Path(__file__).resolve().parent / "katex_render.mjs"
#: Bump when katex_render.mjs changes its options: the cache keys include it.
RENDER_OPTIONS = "htmlAndMathml;strict=error;v1"


class MathError(ValueError):
    """KaTeX could not typeset a formula (the message names it)."""


@dataclass(frozen=True)
class Formula:
    tex: str
    display: bool


def katex_version() -> str:
    try:
        return str(json.loads((KATEX_DIR / "package.json").read_text(encoding="utf-8"))["version"])
    except (OSError, ValueError, KeyError):
        raise MathError(f"{KATEX_DIR} is missing: run ./dev serve or `npm ci` first") from None


class Typesetter:
    """KaTeX in one long-lived Node.js process, with a content-addressed cache on disk."""

    def __init__(self, cache_file: Path | None = None, node: str = "node") -> None:
        self.version = katex_version()
        self.cache_file = cache_file
        self.node = node
        self._proc: subprocess.Popen[str] | None = None
        self._cache: dict[str, str] = {}
        self._used: set[str] = set()
        if cache_file is not None and cache_file.is_file():
            try:
                self._cache = dict(json.loads(cache_file.read_text(encoding="utf-8")))
            except (OSError, ValueError):
                self._cache = {}  # a damaged cache is only slower

    def _key(self, formula: Formula) -> str:
        text = f"{self.version}\0{RENDER_OPTIONS}\0{int(formula.display)}\0{formula.tex}"
        return hashlib.sha256(text.encode()).hexdigest()

    def _process(self) -> subprocess.Popen[str]:
        if self._proc is None or self._proc.poll() is not None:
            try:
                self._proc = subprocess.Popen(
                    [self.node, str(NODE_SCRIPT)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                    text=True, encoding="utf-8", cwd=ROOT)
            except OSError as exc:
                raise MathError(f"cannot start Node.js ({self.node}) to typeset maths: {exc}"
                                ) from None
        return self._proc

    def render(self, formulas: list[Formula]) -> list[str]:
        """KaTeX's HTML for each formula, in order; raises MathError for the first bad one."""
        keys = [self._key(f) for f in formulas]
        self._used.update(keys)
        todo = {k: f for k, f in zip(keys, formulas, strict=True) if k not in self._cache}
        if todo:
            proc = self._process()
            assert proc.stdin is not None and proc.stdout is not None
            # One batch per page: all requests, then all answers (the script answers in order).
            proc.stdin.write("".join(json.dumps({"tex": f.tex, "display": f.display}) + "\n"
                                     for f in todo.values()))
            proc.stdin.flush()
            for key, formula in todo.items():
                line = proc.stdout.readline()
                if not line:
                    raise MathError("the KaTeX process (scripts/site/katex_render.mjs) stopped")
                answer = json.loads(line)
                if "error" in answer:
                    kind = "display" if formula.display else "inline"
                    raise MathError(f"{kind} formula {formula.tex.strip()!r}: {answer['error']}")
                self._cache[key] = answer["html"]
        return [self._cache[k] for k in keys]

    def save(self) -> None:
        """Write the cache, keeping only what this build used (so it never grows stale)."""
        if self.cache_file is None:
            return
        kept = {k: v for k, v in self._cache.items() if k in self._used}
        self.cache_file.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.cache_file.with_suffix(".tmp")
        tmp.write_text(json.dumps(kept, sort_keys=True), encoding="utf-8")
        tmp.replace(self.cache_file)

    def close(self) -> None:
        if self._proc is not None:
            if self._proc.stdin is not None:
                self._proc.stdin.close()
            self._proc.wait(timeout=10)
            self._proc = None


# ---------------------------------------------------------------- pages

#: TeX between the delimiters pymdownx.arithmatex (generic output) writes, or a notebook's
#: Markdown cell holds, in the text of a page (the same ones auto-render looked for).
_TEXT_MATH = re.compile(r"\$\$(?P<d1>.+?)\$\$|\\\[(?P<d2>.+?)\\\]|\\\((?P<i1>.+?)\\\)", re.DOTALL)
#: What is not running text: code (which may show TeX on purpose), scripts, and tags.
_NOT_TEXT = re.compile(r"<(pre|code|script|style|textarea|kbd|samp)\b.*?</\1>|<[^>]+>",
                       re.DOTALL | re.IGNORECASE)


def text_formulas(page_html: str) -> list[tuple[int, int, Formula]]:
    """(start, end, formula) of the delimited TeX in the text of a page's <body>."""
    body = page_html.find("<body")
    at = max(body, 0)
    found = []
    for m in [*_NOT_TEXT.finditer(page_html, at), None]:
        start = m.start() if m else len(page_html)
        for t in _TEXT_MATH.finditer(page_html, at, start):
            display = t.group("i1") is None
            tex = next(g for g in t.group("d1", "d2", "i1") if g is not None)
            found.append((t.start(), t.end(), Formula(html.unescape(tex), display)))
        at = m.end() if m else at
    return found


@dataclass
class Typeset:
    """What a page's formulas use: KaTeX's class names (for the font faces) and characters
    (for the glyphs each font keeps)."""

    classes: set[str]
    chars: set[str]


_ANNOTATION = re.compile(r"<annotation\b.*?</annotation>", re.DOTALL)


def _glyphs(rendered: str) -> set[str]:
    return set(html.unescape(re.sub(r"<[^>]+>", "", _ANNOTATION.sub("", rendered))))


def typeset_html(page_html: str, render: Callable[[list[Formula]], list[str]]
                 ) -> tuple[str, Typeset]:
    """The page with its maths typeset, and what its formulas use."""
    spans = text_formulas(page_html)
    if not spans:
        return page_html, Typeset(set(), set())
    rendered = [_ANNOTATION.sub("", r) for r in render([f for _, _, f in spans])]
    used = Typeset({c for r in rendered for attr in re.findall(r'class="([^"]*)"', r)
                    for c in attr.split()}, set().union(*map(_glyphs, rendered)))
    out, at = [], 0
    for (start, end, _), typeset in zip(spans, rendered, strict=True):
        out += [page_html[at:start], typeset]
        at = end
    return "".join([*out, page_html[at:]]), used


# ---------------------------------------------------------------- stylesheet and fonts

_RULE = re.compile(r"([^{}]+)\{([^{}]*)\}")
_FONT_FACE = re.compile(r"@font-face\{([^{}]*)\}")


def _declarations(body: str) -> dict[str, str]:
    out = {}
    for part in body.split(";"):
        name, _, value = part.partition(":")
        if value:
            out[name.strip()] = value.strip()
    return out


@dataclass(frozen=True)
class FontFace:
    family: str
    weight: str
    style: str
    woff2: str  # path relative to KaTeX's dist folder, e.g. fonts/KaTeX_Main-Regular.woff2


@functools.cache
def katex_css() -> str:
    """KaTeX's own minified stylesheet, read once per process."""
    return (KATEX_DIR / "dist" / "katex.min.css").read_text(encoding="utf-8")


def _woff2(declarations: dict[str, str]) -> str | None:
    """The woff2 file a @font-face's ``src`` names, if any."""
    match = re.search(r"url\(([^)]+\.woff2)\)", declarations.get("src", ""))
    return match.group(1) if match else None


def font_faces(css: str) -> list[FontFace]:
    faces = []
    for body in _FONT_FACE.findall(css):
        d = _declarations(body)
        woff2 = _woff2(d)
        if woff2:
            faces.append(FontFace(d["font-family"], d.get("font-weight", "400"),
                                  d.get("font-style", "normal"), woff2))
    return faces


def used_faces(css: str, classes: Iterable[str]) -> list[FontFace]:
    """The font faces that formulas with these class names use: .katex's own face, and for
    every rule whose selector matches those classes, the face it sets (what it leaves out is
    inherited from .katex: KaTeX_Main, normal weight and style)."""
    classes = set(classes)
    if not classes:
        return []
    wanted = {("KaTeX_Main", "400", "normal")}
    for selectors, body in _RULE.findall(_FONT_FACE.sub("", css)):
        if not any(set(re.findall(r"\.([\w-]+)", sel)) <= classes
                   for sel in selectors.split(",")):
            continue
        d = _declarations(body)
        if not ({"font-family", "font-weight", "font-style"} & d.keys()):
            continue
        family = d.get("font-family", "KaTeX_Main").split(",")[0].strip()
        weight = {"bold": "700", "normal": "400"}.get(d.get("font-weight", "400"),
                                                      d.get("font-weight", "400"))
        wanted.add((family, weight, d.get("font-style", "normal")))
    return [f for f in font_faces(css) if (f.family, f.weight, f.style) in wanted]


def katex_stylesheet(classes: Iterable[str]) -> tuple[str, list[FontFace]]:
    """KaTeX's minified stylesheet with only the used font faces, each as woff2 only and
    ``font-display: optional`` (no re-flow when a font comes late)."""
    css = katex_css()
    keep = {f.woff2 for f in used_faces(css, classes)}

    def face(match: re.Match[str]) -> str:
        d = _declarations(match.group(1))
        woff2 = _woff2(d)
        if woff2 not in keep:
            return ""
        d["src"] = f'url({woff2}) format("woff2")'
        # Each page preloads the faces it uses, and Chromium holds the first paint (about
        # 100 ms) for preloaded optional fonts: text is laid out once, with KaTeX's font
        # when it came in time, else with the fallback for that visit. KaTeX's own "block"
        # lays the lines around inline maths out with the fallback's widths, then re-flows
        # them when the font arrives (a layout shift on a slow network or a busy machine).
        d["font-display"] = "optional"
        return "@font-face{" + ";".join(f"{k}:{v}" for k, v in d.items()) + "}"

    faces = [f for f in font_faces(css) if f.woff2 in keep]
    return _FONT_FACE.sub(face, css), faces


def subset_font(woff2: Path, chars: Iterable[str]) -> bytes:
    """The font with only the glyphs for ``chars`` (and what they need), as woff2.

    A KaTeX font holds every glyph KaTeX may use; a page uses a few dozen, so the subset is
    a fraction of the size. The TrueType hinting goes too (a third of what is left): macOS,
    iOS and Android ignore it, and Chrome and Firefox on Windows draw these sizes with
    smoothing that needs none. The name table keeps fontTools' default records (family,
    style, version). Same font and characters, same bytes."""
    from fontTools import subset
    from fontTools.ttLib import TTFont

    options = subset.Options()
    options.flavor = "woff2"
    options.layout_features = ["*"]
    options.hinting = False
    options.notdef_outline = True
    # Saving would stamp the font with the current time (head.modified): same input, same bytes.
    font = TTFont(str(woff2), recalcTimestamp=False)
    subsetter = subset.Subsetter(options)
    subsetter.populate(text="".join(sorted(set(chars))))
    subsetter.subset(font)
    out = io.BytesIO()
    font.flavor = "woff2"
    font.save(out)
    return out.getvalue()
