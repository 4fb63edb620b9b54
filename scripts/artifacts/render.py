"""Turn one artifact into file contents: ``{relative path: bytes}``.

This runs in the builder's worker processes. It writes nothing: the builder writes the
returned bytes atomically. Everything that makes the bytes reproducible is here: fixed
SVG ids and metadata, no timestamps, one Matplotlib state per draw.
"""

from __future__ import annotations

import importlib
import io
import json
import os
import subprocess
import sys
import time
import traceback
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from scripts.artifacts.kept_runs import results_bytes
from scripts.artifacts.registry import ROOT, Artifact, example_output

#: What goes into the files' metadata: nothing that changes between runs.
SVG_METADATA = {"Date": None, "Creator": "pe-site figure pipeline"}
PNG_METADATA = {"Software": None}
EXAMPLE_TIMEOUT_S = 120


@dataclass(frozen=True)
class Outcome:
    """What a worker sends back: the files, or a one-line error (and its traceback)."""

    name: str
    files: dict[str, bytes]
    seconds: float
    error: str | None = None
    details: str | None = None
    cpu_seconds: float = 0.0  # CPU time of the process making it (every thread)


def init_worker(pin_runs: bool = False) -> None:
    """Import the heavy libraries once per worker process, not once per artifact;
    ``pin_runs``: the runs this worker trains hold a processor of their own
    (``scripts.artifacts.runs.PIN_VARIABLE``: several workers train side by side)."""
    import scripts.artifacts.style  # noqa: F401  (Matplotlib, colour maps)
    from scripts.artifacts.runs import PIN_VARIABLE

    if pin_runs:
        os.environ[PIN_VARIABLE] = "1"


def _call(art: Artifact, *args: Any, **extra: Any) -> Any:
    module, func = art.func.split(":")
    fn = getattr(importlib.import_module(f"scripts.artifacts.{module}"), func)
    return fn(*args, **art.params, **extra)


def _runs(art: Artifact, deps: dict[str, bytes] | None) -> dict[str, Any]:
    """``runs={name: results}`` for an artifact that shows runs, in its ``needs`` order."""
    if not art.needs:
        return {}
    data = deps or {}
    return {"runs": {name: json.loads(data[name]) for name in art.needs}}


def numbers_path(art: Artifact) -> str:
    return "numbers.json" if art.name == "numbers" else f"numbers/{art.name}.json"


def escape_alt(text: str) -> str:
    """Alt text safe inside ``![...]``: no brackets, backslashes or line breaks."""
    return " ".join(text.replace("\\", "/").replace("[", "(").replace("]", ")").split())


def figure_fragment(art: Artifact, width_px: int, height_px: int) -> str:
    """The Markdown a page includes: both variants (Material shows one), alt text, caption.
    Each loads when scrolled near, except the light variant of a first-screen figure, the
    picture a phone paints first (``Artifact.first_screen``): fetched lazily, it came late
    (Lighthouse's largest paint 1.95 s against 1.47 s for a page without it). Its dark
    twin stays lazy: in the dark scheme the light one is fetched and never shown."""
    alt = escape_alt(art.alt)
    # Block mode with the images in one paragraph: no stray <br> before the caption.
    lines = ['<figure class="pe-figure" markdown="block">']
    for variant in ("light", "dark"):
        now = art.first_screen and variant == "light"
        loading = 'loading="eager" fetchpriority="high"' if now else 'loading="lazy"'
        size = f'width="{width_px}" height="{height_px}" {loading}'
        src = f"/generated/figures/{art.name}-{variant}.{art.fmt}#only-{variant}"
        lines.append(f"![{alt}]({src}){{ {size} }}")
    lines.append("")
    lines.append(f'<figcaption markdown="span">{" ".join(art.caption.split())}</figcaption>')
    lines.append("</figure>")
    return "\n".join(lines) + "\n"


def _lossless_webp(png: bytes) -> io.BytesIO:
    """The same pixels as lossless WebP: a quarter of the PNG's bytes for our heatmaps, so a
    page stays within its weight budget. No metadata: the bytes depend on the pixels only.
    Effort 5, not the slowest 6: the same bytes for every figure of ours, in a tenth of the
    time (measured: 8 WebP files, 1.3 s against 12.4 s)."""
    from PIL import Image

    out = io.BytesIO()
    with Image.open(io.BytesIO(png)) as image:
        image.save(out, format="webp", lossless=True, quality=100, method=5, exact=True)
    return out


def render_figure(art: Artifact, runs: dict[str, Any]) -> dict[str, bytes]:

    from scripts.artifacts.style import THEMES, check_legibility

    if not art.alt.strip() or not art.caption.strip():
        raise ValueError("a figure needs alt text and a caption")
    files: dict[str, bytes] = {}
    size: tuple[float, float] = (0.0, 0.0)
    for theme in THEMES:
        # A fresh, complete set of settings per draw: nothing leaks between artifacts,
        # so a worker that drew other figures first produces the same bytes.
        with theme.applied():
            fig = _call(art, theme, **runs)
            check_legibility(fig)
            buf = io.BytesIO()
            if art.fmt == "svg":
                fig.savefig(buf, format="svg", metadata=SVG_METADATA)
            else:
                fig.savefig(buf, format="png", dpi="figure", metadata=PNG_METADATA)
                buf = _lossless_webp(buf.getvalue())
            size = fig.get_size_inches()
        files[f"figures/{art.name}-{theme.name}.{art.fmt}"] = buf.getvalue()
    width, height = (round(v * 96) for v in size)
    files[f"figures/{art.name}.md"] = figure_fragment(art, width, height).encode()
    return files


def render_card(art: Artifact, runs: dict[str, Any]) -> dict[str, bytes]:
    """A page's social card (see ``artifacts.cards``): its title over its figure, or over
    its description."""
    from scripts.artifacts.cards import draw_figure, social_card, text_card

    name = f"social/{art.params['page']}.png"
    if "figure_func" not in art.params:
        return {name: text_card(art.params["title"], art.params["description"])}
    figure = draw_figure(art.params["figure_func"], art.params["figure_params"],
                         runs.get("runs"))
    return {name: social_card(art.params["title"], figure)}


def run_example(art: Artifact) -> dict[str, bytes]:
    assert art.source is not None
    rel = art.source.relative_to(ROOT).as_posix()
    env = dict(os.environ, PYTHONHASHSEED="0", MPLBACKEND="Agg", PYTHONIOENCODING="utf-8")
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    try:
        proc = subprocess.run([sys.executable, str(art.source)], cwd=ROOT, env=env,
                              capture_output=True, timeout=EXAMPLE_TIMEOUT_S, check=False)
    except subprocess.TimeoutExpired:
        raise RuntimeError(f"{rel} did not finish within {EXAMPLE_TIMEOUT_S} s") from None
    if proc.returncode != 0:
        lines = proc.stderr.decode(errors="replace").strip().splitlines()
        last = lines[-1] if lines else "no error output"
        raise RuntimeError(f"{rel} exited with status {proc.returncode}: {last}")
    return {example_output(art.source): proc.stdout}


def _progress(name: str) -> Any:
    """A training progress reporter that prints one line per chunk of steps."""
    def report(done: int, total: int, loss: float) -> None:
        print(f"    training {name}: step {done:,} of {total:,}, loss {loss:.3f}", flush=True)
    return report


def render(art: Artifact, deps: dict[str, bytes] | None = None,
           report: bool = False, compile_cache: Path | None = None) -> dict[str, bytes]:
    """The files of one artifact (raises on any failure). ``deps``: the stored results of
    the runs it shows; ``report``: a run prints its progress while it trains;
    ``compile_cache``: where a run keeps and finds its compiled programs."""
    runs = _runs(art, deps)
    if art.kind == "figure":
        return render_figure(art, runs)
    if art.kind == "table":
        return {f"tables/{art.name}.md": _call(art, **runs).encode()}
    if art.kind == "numbers":
        numbers = _call(art, **runs)
        text = json.dumps(numbers, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
        return {numbers_path(art): text.encode()}
    if art.kind == "run":
        results = _call(art, progress=_progress(art.name) if report else None,
                        compile_cache=compile_cache)
        return {f"runs/{art.name}.json": results_bytes(results)}
    if art.kind == "proofs":
        return {f"proofs/{name}.md": text.encode() for name, text in _call(art).items()}
    if art.kind == "example":
        return run_example(art)
    if art.kind == "card":
        return render_card(art, runs)
    raise ValueError(f"unknown artifact kind {art.kind!r}")


def run(art: Artifact, deps: dict[str, bytes] | None = None, report: bool = False,
        compile_cache: Path | None = None) -> Outcome:
    """Render ``art``; never raises, so one failure is reported by name, not as a crash."""
    start, cpu = time.perf_counter(), time.process_time()
    try:
        files = render(art, deps, report, compile_cache)
    except Exception as exc:  # noqa: BLE001  (reported by the builder, with the name)
        message = str(exc).strip().splitlines()
        error = f"{type(exc).__name__}: {message[0] if message else ''}".rstrip(": ")
        return Outcome(art.name, {}, time.perf_counter() - start, error,
                       traceback.format_exc())
    return Outcome(art.name, files, time.perf_counter() - start,
                   cpu_seconds=time.process_time() - cpu)
