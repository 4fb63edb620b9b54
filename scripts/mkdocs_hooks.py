"""MkDocs hooks: serve the pinned npm assets from the site itself.

KaTeX comes from node_modules (installed by ``./dev`` from package-lock.json) and is
added to the site's files under ``assets/vendor/``, so no page loads anything from
another origin and no third-party code is committed.
"""

from __future__ import annotations

from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files

ROOT = Path(__file__).resolve().parent.parent
NODE_MODULES = ROOT / "node_modules"

# (package folder, files served, where they appear in the site)
VENDORED = [
    (
        NODE_MODULES / "katex" / "dist",
        ["katex.min.js", "katex.min.css", "contrib/auto-render.min.js", "fonts/*"],
        "assets/vendor/katex",
    ),
]


def on_files(files: Files, config: MkDocsConfig) -> Files:
    for source, patterns, dest in VENDORED:
        if not source.is_dir():
            raise PluginError(f"{source} is missing: run ./dev serve or `npm ci` first")
        for pattern in patterns:
            for path in sorted(source.glob(pattern)):
                uri = f"{dest}/{path.relative_to(source).as_posix()}"
                files.append(File.generated(config, uri, abs_src_path=str(path)))
    return files
