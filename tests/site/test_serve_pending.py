"""`mkdocs serve` never waits for training: what waits on a stale run shows as pending while
the run trains in the background, and the pages fill in when it is done (the builder's part,
--defer-training, is tested in tests/pipeline/test_pipeline_experiments.py)."""

from __future__ import annotations

import json
import subprocess
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any, ClassVar

import pytest

from scripts.site import mkdocs_hooks


class FakeTraining:
    """Stands in for the background training process: records its command, ends at once."""

    started: ClassVar[list[list[str]]] = []

    def __init__(self, cmd: list[str], **kwargs: Any) -> None:
        FakeTraining.started.append(cmd)

    def poll(self) -> int:
        return 0

    def wait(self) -> int:
        return 0


@pytest.fixture
def serving(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    out = tmp_path / "generated"
    out.mkdir()
    (out / ".pending.json").write_text(json.dumps({
        "runs": ["run-a"], "artifacts": {"fig-a": "figure", "tab-a": "table", "num-a": "numbers"}}))
    monkeypatch.setattr(mkdocs_hooks, "_training", None)
    monkeypatch.setattr(subprocess, "Popen", FakeTraining)
    FakeTraining.started.clear()
    mkdocs_hooks.on_startup(command="serve", dirty=False)
    yield out
    mkdocs_hooks.on_startup(command="build", dirty=False)
    mkdocs_hooks._pending = {"runs": [], "artifacts": {}}


def test_pending_figures_and_tables_say_so_and_the_runs_train_in_the_background(
        serving: Path) -> None:
    mkdocs_hooks._show_pending(serving, {})
    for fragment in (serving / "figures" / "fig-a.md", serving / "tables" / "tab-a.md"):
        text = fragment.read_text()
        assert text.startswith('!!! note "Pending: run-a training"') and "fills in" in text
    (supervised,) = FakeTraining.started
    assert supervised[1:3] == ["-m", "scripts.site.background"]  # ends with `mkdocs serve`
    cmd = supervised[supervised.index("--") + 1:]
    assert cmd[1:4] == ["-m", "scripts.build_artifacts", "--out"]
    assert cmd[-2:] == ["--only", "run-a"]
    assert Path(cmd[4]) != serving  # its own folder: no build waits for the builder's lock
    for _ in range(100):  # the stamp that `mkdocs serve` watches, touched when it ends
        if (serving / mkdocs_hooks.TRAINED_STAMP).exists():
            break
        time.sleep(0.01)
    assert (serving / mkdocs_hooks.TRAINED_STAMP).exists()


def test_a_pending_number_reads_pending_while_serving_and_fails_a_build(serving: Path) -> None:
    (serving / "numbers.json").write_text('{"base": "10000"}')
    (serving / "numbers").mkdir()
    (serving / "numbers" / "num-a.json").write_text('{"num_from_run_a": "0.5"}')  # stale
    mkdocs_hooks._show_pending(serving, {})
    mkdocs_hooks.load_numbers(serving)
    assert mkdocs_hooks._numbers == {"base": "10000"}  # not the earlier build's run numbers
    page = SimpleNamespace(file=SimpleNamespace(src_uri="experiments.md"))
    text = mkdocs_hooks.on_page_markdown("loss {{ pe:num_from_run_a }}", page, None, None)  # type: ignore[arg-type]
    assert text == "loss (pending: training)"
    mkdocs_hooks.on_startup(command="build", dirty=False)
    with pytest.raises(Exception, match="unknown number"):
        mkdocs_hooks.on_page_markdown("loss {{ pe:num_from_run_a }}", page, None, None)  # type: ignore[arg-type]


def test_nothing_pending_starts_no_training(serving: Path) -> None:
    (serving / ".pending.json").write_text(json.dumps({"runs": [], "artifacts": {}}))
    mkdocs_hooks._show_pending(serving, {})
    assert FakeTraining.started == [] and not (serving / "figures").exists()


def test_on_serve_watches_the_stamp_it_creates(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PE_GENERATED_DIR", str(tmp_path / "generated"))
    watched: list[str] = []
    server = SimpleNamespace(watch=watched.append)
    mkdocs_hooks.on_serve(server, None, None)  # type: ignore[arg-type]
    stamp = tmp_path / "generated" / mkdocs_hooks.TRAINED_STAMP
    assert str(stamp) in watched and stamp.is_file()  # MkDocs' watcher fails on a missing path


def test_mkdocs_serve_serves_the_home_page(built_site: Path, tmp_path: Path) -> None:
    """What `./dev serve` runs, on a free port: it must come up and serve real pages (after
    the test session's own build, the figures are current, so this costs one site build)."""
    import socket
    import sys
    import urllib.request

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    root = Path(mkdocs_hooks.__file__).resolve().parents[2]
    log = tmp_path / "serve.log"
    with open(log, "w") as out:
        proc = subprocess.Popen([sys.executable, "-m", "mkdocs", "serve", "--no-livereload",
                                 "--dev-addr", f"127.0.0.1:{port}"], cwd=root, stdout=out,
                                stderr=subprocess.STDOUT)
    try:
        url, body = f"http://127.0.0.1:{port}/pe-site/", ""
        for _ in range(600):
            if proc.poll() is not None:
                break
            try:
                with urllib.request.urlopen(url, timeout=5) as response:
                    body = response.read().decode()
                break
            except OSError:
                time.sleep(0.5)
        assert "<h1" in body, f"mkdocs serve did not serve {url}:\n{log.read_text()[-3000:]}"
        assert "Pending" not in body and "Traceback" not in log.read_text()
    finally:
        proc.terminate()
        proc.wait(timeout=30)
