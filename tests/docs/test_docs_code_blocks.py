"""Every code block on every page runs.

A fenced block on a page is allowed in exactly four forms:

- a ``python`` block that only includes example scripts (``--8<-- "docs/examples/x.py"``):
  the scripts run in test_docs_examples.py;
- a ``text`` block that only includes an example's recorded output
  (``--8<-- "examples/x.txt"``), which test_docs_examples.py compares with a fresh run;
- a ``python`` block written inline, which runs here;
- an ``sh`` block that is the command installing ``pe`` from the wheel the site serves,
  ``pip install {{ site:wheel_url }}`` (:data:`INSTALL`): tests/site/test_wheel.py installs
  that wheel into a fresh environment and runs it.

Anything else (an inline ``text`` block with typed-in output, a shell session, an include of
something that is not an example) fails. Code shown by the API reference comes from the
docstrings, whose examples are doctests run under pytest.
"""

from __future__ import annotations

import re
import subprocess
import sys

import markdown
import pytest
from docscan import EXAMPLES, ROOT, Fence, pages, split_fences
from helpers.install import INSTALL
from mkdocs.config import load_config

PAGES = pages()
FENCES = [fence for page in PAGES for fence in split_fences(page)[0]]
PYTHON = {"python", "py", "python3"}


def test_pages_have_code() -> None:
    assert len(FENCES) >= 20


def problem(fence: Fence) -> str | None:
    """Why this block is not allowed, or None."""
    included = fence.includes
    if included is None:
        if fence.lang in PYTHON:
            return None  # runs in test_inline_python_blocks_run
        if fence.lang == "sh" and fence.source == INSTALL:
            return None  # runs in tests/site/test_wheel.py
        return f"{fence.where}: inline `{fence.lang or 'plain'}` block; it is not run by any test"
    for path in included:
        if fence.lang in PYTHON:
            if not re.fullmatch(r"docs/examples/[\w-]+/(frameworks/)?\w+\.py", path):
                return f"{fence.where}: python block includes {path!r}, not an example script"
            if not (ROOT / path).is_file():
                return f"{fence.where}: {path} does not exist"
        elif fence.lang == "text":
            m = re.fullmatch(r"examples/([\w-]+/\w+)\.txt", path)
            if not m:
                return f"{fence.where}: text block includes {path!r}, not an example's output"
            if not (EXAMPLES / f"{m.group(1)}.py").is_file():
                return f"{fence.where}: no docs/examples/{m.group(1)}.py produces {path}"
        else:
            return f"{fence.where}: `{fence.lang or 'plain'}` block includes {path!r}"
    return None


@pytest.mark.parametrize("fence", FENCES, ids=lambda f: f.where)
def test_code_block_is_run_by_a_test(fence: Fence) -> None:
    assert problem(fence) is None, problem(fence)


INLINE_PYTHON = [f for f in FENCES if f.includes is None and f.lang in PYTHON]


def inline_failure(fence: Fence) -> str | None:
    """Run an inline python block from the repository root; the error output if it fails."""
    result = subprocess.run(
        [sys.executable, "-c", fence.source],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    return None if result.returncode == 0 else f"{fence.where} failed:\n{result.stderr}"


def test_inline_python_blocks_run() -> None:
    failures = [msg for fence in INLINE_PYTHON if (msg := inline_failure(fence))]
    assert not failures, "\n".join(failures)


def test_a_failing_inline_block_is_reported(tmp_path) -> None:
    good = Fence(tmp_path / "p.md", 1, "python", ["import pe", "print(pe.encoding(2, 2))"])
    bad = Fence(tmp_path / "p.md", 9, "python", ["import pe", "pe.encoding(2, 0)"])
    assert inline_failure(good) is None
    assert "d_model must be >= 1" in (inline_failure(bad) or "")


def test_rules_reject_what_they_should(tmp_path) -> None:
    page = tmp_path / "page.md"
    page.write_text(
        "```text\n[[0. 1.]]\n```\n"  # typed-in output
        "```bash\npip install pe\n```\n"
        "```sh\npip install pe\n```\n"
        "```sh\npip install {{ site:wheel_url }}\n```\n"
        '```python\n--8<-- "docs/examples/nope.py"\n```\n'
        '```text\n--8<-- "examples/nope.txt"\n```\n'
        '```python\n--8<-- "docs/examples/formula/formula_direct.py"\n```\n'
        '```text\n--8<-- "examples/formula/formula_direct.txt"\n```\n'
        "    ```python\n    print(1)\n    ```\n",
        encoding="utf-8",
    )
    fences, _ = split_fences(page)
    verdicts = [problem(f) is None for f in fences]
    assert verdicts == [False, False, False, True, False, False, True, True, True]
    assert fences[-1].source == "print(1)\n"


# --- no code block escapes the parser -------------------------------------------------------


def _markdown() -> markdown.Markdown:
    config = load_config(str(ROOT / "mkdocs.yml"))
    mdx_configs = dict(config["mdx_configs"])
    # Render without the generated fragments: only the page's own blocks are counted.
    mdx_configs["pymdownx.snippets"] = {
        **mdx_configs.get("pymdownx.snippets", {}),
        "check_paths": False,
        "base_path": [str(ROOT / "nonexistent")],
    }
    return markdown.Markdown(
        extensions=config["markdown_extensions"], extension_configs=mdx_configs
    )


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_rendered_code_block_is_a_parsed_fence(page) -> None:
    # Indented code blocks, or fences this parser misses, would show code that no test runs.
    html = _markdown().convert(page.read_text(encoding="utf-8"))
    rendered = len(re.findall(r"<pre\b", html))
    assert rendered == len(split_fences(page)[0]), f"{page.name}: {rendered} <pre> blocks rendered"


def test_an_indented_code_block_is_noticed(tmp_path) -> None:
    page = tmp_path / "page.md"
    page.write_text("Some prose.\n\n    x = 1  # an indented code block\n", encoding="utf-8")
    html = _markdown().convert(page.read_text(encoding="utf-8"))
    assert len(re.findall(r"<pre\b", html)) == 1
    assert split_fences(page)[0] == []
