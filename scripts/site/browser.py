"""Build the site, serve it under its sub-path as the host does, and start headless Chromium.

Shared by the browser tests (tests/helpers/site_harness.py adds the checks) and the benchmarks
(scripts/bench/), so neither imports the other.
"""

from __future__ import annotations

import functools
import gzip
import io
import os
import re
import subprocess
import sys
import threading
import xml.etree.ElementTree as ET
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, Self
from urllib.parse import urlsplit

from playwright.sync_api import Browser, Playwright

REPO_ROOT = Path(__file__).resolve().parents[2]
SUBPATH = "/pe-site/"  # the site is hosted as project pages, never at the server root
#: Without $PE_CHROMIUM: Debian's headless shell (the tests' browser: the same engine without
#: the full browser's windowing, about half the processor time per page), else its chromium.
DEFAULT_CHROMIUM = next((path for path in ("/usr/bin/chromium-headless-shell", "/usr/bin/chromium")
                         if os.access(path, os.X_OK)), "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",  # tests run as root
    "--disable-gpu",
    "--disable-background-networking",  # no requests of Chromium's own to any other host
    "--disable-component-update",
    "--disable-sync",
]
BUILD_TIMEOUT_S = 1800  # the build may run the whole figure pipeline, training included


# --------------------------------------------------------------------------- build


class SiteBuildError(RuntimeError):
    """`mkdocs build --strict` failed; the message carries the whole build log."""


def build_site(dest: Path, site_url: str, config_file: Path | None = None) -> None:
    """Build the site into ``dest`` with ``mkdocs build --strict`` and the given ``site_url``.

    Raises SiteBuildError with the whole build log if the build fails.
    """
    cmd = [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(dest)]
    if config_file is not None:
        cmd += ["--config-file", str(config_file)]
    env = {**os.environ, "SITE_URL": site_url, "NO_MKDOCS_2_WARNING": "1"}
    try:
        proc = subprocess.run(
            cmd,
            cwd=REPO_ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            timeout=BUILD_TIMEOUT_S,
            check=False,
        )
    except subprocess.TimeoutExpired as exc:
        log = (
            exc.stdout
            if isinstance(exc.stdout, str)
            else (exc.stdout or b"").decode(errors="replace")
        )
        raise SiteBuildError(
            f"`mkdocs build --strict` took over {BUILD_TIMEOUT_S} s:\n{log}"
        ) from None
    if proc.returncode != 0:
        raise SiteBuildError(
            f"`mkdocs build --strict` failed (exit {proc.returncode}); build log:\n{proc.stdout}"
        )
    if not (dest / "sitemap.xml").is_file():
        raise SiteBuildError(
            f"the build wrote no sitemap.xml into {dest}; build log:\n{proc.stdout}"
        )


_NAV_SOURCE = re.compile(r"""^\s*-\s*(?:(?:"[^"\n]*"|'[^'\n]*'|[^:\n]+):\s*)?"""
                         r"([\w./-]+\.(?:md|ipynb))\s*$", re.MULTILINE)


def pages_from_nav(mkdocs_yml: str) -> list[str]:
    r"""Page paths of the pages in mkdocs.yml's ``nav``, in its order, then those it lists
    under ``not_in_nav``, without building
    ("" is the home page; ``formula.md`` is ``formula/``). The sitemap of a build lists the
    same (a test checks it), so tests can be parametrized by page before anything is built.

    >>> pages_from_nav("nav:\n  - Home: index.md\n  - Learn:\n      - The formula: formula.md\n"
    ...                "      - nb.ipynb\n")
    ['', 'formula/', 'nb/']
    """
    start = re.search(r"^nav:", mkdocs_yml, re.MULTILINE)
    if start is None:
        raise ValueError("mkdocs.yml has no nav: the tests take the pages from it")
    nav = mkdocs_yml[start.start():]
    pages = []
    for source in _NAV_SOURCE.findall(nav):
        stem = source.rsplit(".", 1)[0]
        pages.append("" if stem == "index" else stem.removesuffix("/index") + "/")
    # Pages built but kept out of the nav (a page that only says where its sections went):
    # the site has them too, so every page test covers them.
    kept_out = re.search(r"^not_in_nav: \|\n((?:[ \t]+\S.*\n?)+)", mkdocs_yml, re.MULTILINE)
    for line in kept_out.group(1).split() if kept_out else []:
        stem = line.strip("/").rsplit(".", 1)[0]
        pages.append(stem.removesuffix("/index") + "/")
    return pages


def pages_from_sitemap(sitemap_xml: str, site_url: str) -> list[str]:
    """Page paths relative to the site root ("" is the home page), in sitemap order.

    >>> pages_from_sitemap('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
    ...     '<url><loc>http://h/pe-site/</loc></url><url><loc>http://h/pe-site/a/b/</loc></url>'
    ...     '</urlset>', "http://h/pe-site/")
    ['', 'a/b/']
    """
    root = ET.fromstring(sitemap_xml)
    locs = [(el.text or "").strip() for el in root.iter() if el.tag.rsplit("}", 1)[-1] == "loc"]
    if not locs:
        raise ValueError("sitemap.xml lists no <loc>: the site has no pages")
    pages = []
    for loc in locs:
        if not loc.startswith(site_url):
            raise ValueError(
                f"sitemap <loc> {loc!r} is not under the configured site_url {site_url!r}"
            )
        pages.append(loc[len(site_url) :])
    return pages


# --------------------------------------------------------------------------- server

# Python's guesses vary with the machine's /etc/mime.types; a browser refuses a module
# script or is picky about a font served with the wrong type, so pin the ones the site uses.
MIME_TYPES = {
    ".html": "text/html",
    ".css": "text/css",
    ".js": "text/javascript",
    ".mjs": "text/javascript",
    ".json": "application/json",
    ".map": "application/json",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".webp": "image/webp",
    ".woff": "font/woff",
    ".woff2": "font/woff2",
    ".ttf": "font/ttf",
    ".xml": "application/xml",
    ".gz": "application/gzip",
    ".txt": "text/plain",
}


#: What the host compresses (GitHub Pages gzips text, not images or fonts that already are).
GZIP_TYPES = frozenset({".html", ".css", ".js", ".mjs", ".json", ".map", ".svg", ".xml", ".txt"})


@functools.lru_cache(maxsize=512)
def _gzipped(path: str, mtime_ns: int) -> bytes:
    with open(path, "rb") as f:
        return gzip.compress(f.read(), compresslevel=6, mtime=0)


class _SubPathHandler(SimpleHTTPRequestHandler):
    """Serves ``directory`` under ``subpath`` only, like project pages; quiet.

    With ``gzip`` it compresses text files for clients that accept it, as the real host does.
    """

    protocol_version = "HTTP/1.1"  # keep-alive: fewer connections per page
    extensions_map = {  # noqa: RUF012  (the base class declares it an instance variable)
        **SimpleHTTPRequestHandler.extensions_map,
        **MIME_TYPES,
    }

    def __init__(self, *args: Any, subpath: str, gzip: bool = False, **kwargs: Any) -> None:
        self.subpath = subpath
        self.gzip = gzip
        super().__init__(*args, **kwargs)

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def _in_site(self) -> bool:
        return urlsplit(self.path).path.startswith(self.subpath)

    def send_head(self) -> Any:
        path = urlsplit(self.path).path
        if path == self.subpath.rstrip("/"):
            # Hosts redirect /pe-site to /pe-site/; relative links depend on the slash.
            self.send_response(HTTPStatus.MOVED_PERMANENTLY)
            self.send_header("Location", self.subpath)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return None
        if not self._in_site():
            self.send_error(HTTPStatus.NOT_FOUND, "outside the site's sub-path")
            return None
        if self.gzip and "gzip" in self.headers.get("Accept-Encoding", ""):
            local = Path(self.translate_path(self.path))
            if local.is_dir() and path.endswith("/"):
                local = local / "index.html"
            if local.is_file() and local.suffix in GZIP_TYPES:
                body = _gzipped(str(local), local.stat().st_mtime_ns)
                self.send_response(HTTPStatus.OK)
                self.send_header("Content-Type", self.guess_type(str(local)))
                self.send_header("Content-Encoding", "gzip")
                self.send_header("Content-Length", str(len(body)))
                self.send_header("Vary", "Accept-Encoding")
                self.end_headers()
                return io.BytesIO(body)
        return super().send_head()

    def translate_path(self, path: str) -> str:
        split = urlsplit(path)
        inside = (
            "/" + split.path[len(self.subpath) :] if split.path.startswith(self.subpath) else "/"
        )
        return super().translate_path(inside)

    def list_directory(self, path: str | os.PathLike[str]) -> None:
        # Static hosts do not list folders; a link to a folder without index.html is broken.
        self.send_error(HTTPStatus.NOT_FOUND, "no index.html in this folder")

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        # Like the real host: a missing page inside the site gets the site's own 404.html.
        page_404 = Path(self.directory) / "404.html"
        if code == HTTPStatus.NOT_FOUND and self._in_site() and page_404.is_file():
            body = page_404.read_bytes()
            self.send_response(code)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(body)
            return
        super().send_error(code, message, explain)


class _QuietServer(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        # The browser drops connections when a context closes; that is not a failure.
        if isinstance(sys.exc_info()[1], (ConnectionError, TimeoutError)):
            return
        super().handle_error(request, client_address)


class SiteServer:
    """A static server for ``root`` on 127.0.0.1 (free port) under ``subpath``; 404 elsewhere;
    with ``gzip``, text files go out compressed to clients that accept it (as GitHub Pages does).

    The port is bound on construction, so the build can learn the URL before serving starts.
    """

    def __init__(self, root: Path, subpath: str = SUBPATH, *, gzip: bool = False) -> None:
        handler = functools.partial(
            _SubPathHandler, directory=str(root), subpath=subpath, gzip=gzip
        )
        self._httpd = _QuietServer(("127.0.0.1", 0), handler)
        port = self._httpd.server_address[1]
        self.origin = f"http://127.0.0.1:{port}"
        self.base_url = f"{self.origin}{subpath}"
        self._thread: threading.Thread | None = None

    def start(self) -> SiteServer:
        if self._thread is None:
            self._thread = threading.Thread(
                target=self._httpd.serve_forever, kwargs={"poll_interval": 0.1}, daemon=True
            )
            self._thread.start()
        return self

    def close(self) -> None:
        if self._thread is not None:
            self._httpd.shutdown()
            self._thread.join(timeout=5)
            self._thread = None
        self._httpd.server_close()

    def __enter__(self) -> Self:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


# --------------------------------------------------------------------------- browser


def chromium_path() -> str:
    return os.environ.get("PE_CHROMIUM") or DEFAULT_CHROMIUM


def start_chromium(playwright: Playwright, path: str) -> Browser:
    """Headless Chromium at ``path`` with the flags a closed network and root need."""
    return playwright.chromium.launch(executable_path=path, args=CHROMIUM_ARGS, headless=True)
