"""Reading the site's Markdown pages for the docs tests: code fences, includes and prose numbers.

Kept free of pytest so the scanner itself can be tested on made-up pages.
"""

from __future__ import annotations

import functools
import re
import subprocess
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from helpers.script_runner import run_script

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
EXAMPLES = DOCS / "examples"
GENERATED = ROOT / "generated"

_FENCE_OPEN = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})[ \t]*(?P<info>[^`]*?)[ \t]*$")
_INCLUDE = re.compile(r"""^[ \t]*--8<--[ \t]+(?P<q>["']?)(?P<path>[^"'\s]+)(?P=q)[ \t]*$""")


@dataclass
class Fence:
    """One fenced code block of a page."""

    page: Path
    line: int  # 1-based line of the opening fence
    lang: str
    body: list[str] = field(default_factory=list)  # dedented content lines

    @property
    def where(self) -> str:
        page = self.page.relative_to(ROOT) if self.page.is_relative_to(ROOT) else self.page.name
        return f"{page}:{self.line}"

    @property
    def includes(self) -> list[str] | None:
        """The included paths if the block is nothing but snippet includes, else None."""
        lines = [line for line in self.body if line.strip()]
        matches = [_INCLUDE.match(line) for line in lines]
        if not lines or not all(matches):
            return None
        return [m.group("path") for m in matches if m]

    @property
    def source(self) -> str:
        return "\n".join(self.body) + "\n"


def example_scripts() -> list[Path]:
    """The scripts the pipeline runs: ``docs/examples/<page>/<stem>.py`` (not the
    ``frameworks/`` ones, which need PyTorch or Keras)."""
    return sorted(p for p in EXAMPLES.glob("*/*.py") if not p.name.startswith("_"))


def framework_scripts() -> list[Path]:
    """``docs/examples/<page>/frameworks/*.py``: run by the tests against stand-ins."""
    return sorted(EXAMPLES.glob("*/frameworks/*.py"))


def example_path(name: str) -> Path:
    """A script by its stem (``formula_agree``; stems are unique across pages) or by its path
    under docs/examples without ``.py`` (``formula/formula_agree``)."""
    if "/" in name:
        return EXAMPLES / f"{name}.py"
    found = [p for p in example_scripts() if p.stem == name]
    if len(found) != 1:
        raise LookupError(f"{len(found)} scripts named {name}.py under {EXAMPLES}")
    return found[0]


@functools.cache
def run_example(name: str) -> subprocess.CompletedProcess[str]:
    """An example script (see :func:`example_path`) run as a reader would, once per test
    process."""
    return run_script(example_path(name), cwd=ROOT)


def pages(docs: Path = DOCS) -> list[Path]:
    """Every Markdown page of the site (generated fragments live elsewhere)."""
    return sorted(p for p in docs.rglob("*.md") if "examples" not in p.relative_to(docs).parts)


def _lang(info: str) -> str:
    info = info.strip()
    if info.startswith("{"):
        info = info[1:].lstrip(".")
    return re.split(r"[\s{}]", info, maxsplit=1)[0].lower() if info else ""


def split_fences(page: Path, text: str | None = None) -> tuple[list[Fence], list[str]]:
    """The page's fenced blocks, and its lines with every fenced block blanked out."""
    lines = (page.read_text(encoding="utf-8") if text is None else text).split("\n")
    fences: list[Fence] = []
    outside: list[str] = []
    open_fence: Fence | None = None
    marker, indent = "", 0
    for number, line in enumerate(lines, start=1):
        if open_fence is None:
            m = _FENCE_OPEN.match(line)
            if m:
                marker, indent = m.group("fence"), len(m.group("indent").expandtabs())
                open_fence = Fence(page, number, _lang(m.group("info")))
                outside.append("")
            else:
                outside.append(line)
            continue
        stripped = line.strip()
        if stripped and set(stripped) == {marker[0]} and len(stripped) >= len(marker):
            fences.append(open_fence)
            open_fence = None
        else:
            cut = len(line) - len(line.lstrip())
            open_fence.body.append(line[min(indent, cut) :])
        outside.append("")
    if open_fence is not None:
        raise ValueError(f"{open_fence.where}: code fence never closed")
    return fences, outside


# --- numbers in prose ------------------------------------------------------------------

_PLACEHOLDER = re.compile(r"\{\{\s*pe:[A-Za-z0-9_]+\s*\}\}")
_COMMENT = re.compile(r"<!--.*?-->", re.DOTALL)
_LINK_TARGET = re.compile(r"\]\([^)]*\)")
_REF_DEFINITION = re.compile(r"^\s*\[[^\]]+\]:\s*\S.*$", re.MULTILINE)
_ATTR_LIST = re.compile(r"\{:?[ \t]*(?:[#.][\w-]+|[\w-]+=)[^}\n]*\}")
_HTML_TAG = re.compile(r"</?[A-Za-z][^>\n]*>")
#: "Section 3.5", "Sections 3.4 and 3.5", "Table 3": where a cited source says something,
#: not a result. Blanked like link targets.
_CITATION = re.compile(r"\b(?:Sections?|Table)\s+\d+(?:\.\d+)*(?:(?:,|\s+and)\s+\d+(?:\.\d+)*)*")
#: A page's closing "## References" section lists sources (authors, venues, years,
#: addresses): bibliography, not results, so the scanner stops there.
_REFERENCES = re.compile(r"^##\s+References\b", re.MULTILINE)
_NUMBER = re.compile(
    r"(?<![\w.])(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?:[eE][+-]?\d+)?"  # 12, 10,000, 1.5, 1e4
    r"|(?<![\w.])\.\d+"  # .5
)


@dataclass(frozen=True)
class Literal:
    page: str
    line: int
    text: str
    context: str

    @property
    def is_integer(self) -> bool:
        return re.fullmatch(r"\d{1,3}(?:,\d{3})+|\d+", self.text) is not None

    @property
    def value(self) -> int:
        return int(self.text.replace(",", ""))

    def __str__(self) -> str:
        return f"{self.page}:{self.line}: {self.text!r} in {self.context.strip()!r}"


def prose_lines(page: Path, text: str | None = None) -> list[str]:
    """The page's lines as a reader sees the prose: no code, includes, placeholders or markup."""
    _, lines = split_fences(page, text)
    joined = "\n".join("" if _INCLUDE.match(line) else line for line in lines)
    refs = _REFERENCES.search(joined)
    if refs:
        joined = joined[: refs.start()] + "\n" * joined[refs.start() :].count("\n")
    # Blank out, keeping line breaks so line numbers stay right.
    for pattern in (_COMMENT, _REF_DEFINITION):
        joined = pattern.sub(lambda m: "\n" * m.group(0).count("\n"), joined)
    for pattern in (_PLACEHOLDER, _LINK_TARGET, _ATTR_LIST, _HTML_TAG, _CITATION):
        joined = pattern.sub(lambda m: "]" if m.group(0).startswith("](") else " ", joined)
    return joined.split("\n")


def numeric_literals(
    page: Path, text: str | None = None, name: str | None = None
) -> Iterator[Literal]:
    label = name or page.name
    for number, line in enumerate(prose_lines(page, text), start=1):
        for m in _NUMBER.finditer(line):
            yield Literal(label, number, m.group(0), line)


@dataclass(frozen=True)
class Allowed:
    value: int
    pages: frozenset[str]  # {"*"} for every page
    reason: str
    where: str  # the page module that declares it

    def covers(self, page: str) -> bool:
        return "*" in self.pages or page in self.pages


def reasoned_lines(path: Path) -> Iterator[tuple[int, list[str], str]]:
    """``field field  # why`` lines of an allowlist file: (line number, fields, reason).

    Blank lines and comments are skipped; a line without a reason yields an empty one, for
    the caller to reject with the form it expects.
    """
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        body, _, reason = line.partition("#")
        yield number, body.split(), reason.strip()


def load_allowlist() -> list[Allowed]:
    """The integers pages may type in prose: ``SITE_ALLOWED_NUMBERS`` of
    scripts/artifacts/pages/__init__.py (every page) and each page module's
    ``ALLOWED_NUMBERS`` (its page), each with its reason."""
    from scripts.artifacts import pages as page_modules

    entries = [Allowed(value, frozenset({"*"}), reason, "scripts/artifacts/pages/__init__.py")
               for value, reason in page_modules.SITE_ALLOWED_NUMBERS.items()]
    for module in page_modules.MODULES:
        for value, reason in getattr(module, "ALLOWED_NUMBERS", {}).items():
            entries.append(Allowed(value, frozenset({module.PAGE}), reason,
                                   page_modules.source(module)))
    return entries


def allowlist_of(page: str) -> str:
    """Where ``page``'s allowed integers are declared, for messages."""
    from scripts.artifacts import pages as page_modules

    module = page_modules.module_for(page)
    return (f"ALLOWED_NUMBERS of {page_modules.source(module)}" if module
            else f"a page module for {page} (scripts/artifacts/pages/)")


def violations(literals: Iterable[Literal], allowlist: list[Allowed]) -> list[str]:
    """Every literal that is not an integer allowed on its page, with the reason it fails."""
    problems = []
    for lit in literals:
        if not lit.is_integer:
            problems.append(
                f"{lit} - a non-integer number typed in prose; use a placeholder "
                "{{ pe:NAME }} or show it in an example's output"
            )
        elif not any(a.value == lit.value and a.covers(lit.page) for a in allowlist):
            problems.append(f"{lit} - integer not in {allowlist_of(lit.page)}")
    return problems
