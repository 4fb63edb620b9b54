"""The ``char_lm`` task on real text: the pure part (tokens, windows, digest, count
baselines, settings) and the pipeline's corpus loader; one tiny run end to end."""

from __future__ import annotations

import json
from pathlib import Path

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from experiments import tasks, text
from experiments.config import CHAR_VOCAB, ConfigError, RunConfig
from scripts.artifacts import corpus

#: Small enough to train in seconds.
TINY = {"d_model": 16, "heads": 2, "layers": 1, "d_mlp": 32, "train_length": 8,
        "batch": 16, "steps": 40, "warmup": 4, "seeds": [0, 1], "eval_length": 16,
        "eval_batch": 8, "check_every": 10}
SAMPLE = text.Texts(train=(("a.py", "def f(x):\n    return x + 1\n" * 20),),
                    test=(("b.py", "def g(y):\n    return y * 2  # ü\n" * 5),))


def text_config(**changes: object) -> RunConfig:
    params = {**TINY, "scheme": "sinusoidal", "task": "char_lm", "vocab": CHAR_VOCAB,
              "corpus": text.digest(SAMPLE), **changes}
    return RunConfig.from_params(params)


def test_characters_are_ascii_codes_and_anything_else_one_symbol() -> None:
    assert text.encode("Az\n ~").tolist() == [65, 122, 10, 32, 126]
    assert text.encode("é€😀").tolist() == [text.OTHER] * 3
    assert text.encode("").shape == (0,)
    assert text.encode("x" * 5).dtype == np.int32


@settings(deadline=None, max_examples=20)  # each new shape compiles once
@given(st.lists(st.integers(0, 50), min_size=1, max_size=8), st.integers(1, 10))
def test_a_window_answers_with_the_next_character_and_stays_inside(starts: list[int],
                                                                    length: int) -> None:
    corpus_tokens = jnp.arange(61, dtype=jnp.int32) * 2  # distinct values: the index is readable
    batch = tasks.windows(corpus_tokens, jnp.asarray(starts), length)
    for row, start in enumerate(starts):
        np.testing.assert_array_equal(batch.tokens[row], corpus_tokens[start:start + length])
        np.testing.assert_array_equal(batch.targets[row],
                                      corpus_tokens[start + 1:start + length + 1])
    assert bool(batch.scored.all())


def test_char_lm_batches_lie_inside_the_text_and_repeat_for_the_same_key() -> None:
    cfg = text_config()
    tokens = jnp.arange(40, dtype=jnp.int32)  # token i is i: a window shows where it lies
    one = tasks.sample(jax.random.key(3), cfg, 256, 8, tokens)
    two = tasks.sample(jax.random.key(3), cfg, 256, 8, tokens)
    np.testing.assert_array_equal(one.tokens, two.tokens)
    np.testing.assert_array_equal(one.targets, one.tokens + 1)
    assert int(one.tokens.min()) >= 0 and int(one.targets.max()) <= 39
    np.testing.assert_array_equal(one.tokens[:, 1:], one.tokens[:, :1] + jnp.arange(1, 8))
    assert int(one.tokens[:, 0].max()) == 31  # the last window that fits is drawn too
    with pytest.raises(ValueError, match="pass its tokens"):
        tasks.sample(jax.random.key(3), cfg, 4, 8)


def test_the_evaluation_windows_spread_over_the_whole_text() -> None:
    starts = text.eval_starts(100, 16, 5)
    assert starts[0] == 0 and starts[-1] == 100 - 16 - 1
    assert (np.diff(starts) > 0).all()
    with pytest.raises(ValueError, match="no window"):
        text.eval_starts(16, 16, 2)


def test_the_digest_changes_with_the_text_the_names_and_the_split() -> None:
    base = text.digest(SAMPLE)
    assert base == text.digest(text.Texts(*SAMPLE))
    edited = text.Texts(((SAMPLE.train[0][0], SAMPLE.train[0][1] + " "),), SAMPLE.test)
    renamed = text.Texts((("c.py", SAMPLE.train[0][1]),), SAMPLE.test)
    swapped = text.Texts(SAMPLE.test, SAMPLE.train)
    both_train = text.Texts(SAMPLE.train + SAMPLE.test, ())
    assert len({base, text.digest(edited), text.digest(renamed), text.digest(swapped),
                text.digest(both_train)}) == 5


def test_prepare_checks_the_digest_and_the_lengths() -> None:
    cfg = text_config()
    prepared = text.prepare(cfg, SAMPLE)
    np.testing.assert_array_equal(prepared.train, text.encode(SAMPLE.train[0][1]))
    assert text.OTHER in prepared.test.tolist()  # the ü
    with pytest.raises(ConfigError, match="none was passed"):
        text.prepare(cfg, None)
    other = text.Texts(SAMPLE.train, (("b.py", "changed"),))
    with pytest.raises(ConfigError, match="corpus="):
        text.prepare(cfg, other)
    short = text.Texts(SAMPLE.train, (("b.py", "x" * 16),))
    with pytest.raises(ConfigError, match="test text has 16 characters"):
        text.prepare(text_config(corpus=text.digest(short)), short)


def test_count_baselines_read_what_the_text_holds() -> None:
    uniform = np.tile(np.arange(CHAR_VOCAB, dtype=np.int32), 50)
    assert text.ngram_loss(uniform, uniform, 1) == pytest.approx(np.log(CHAR_VOCAB), rel=1e-3)
    # a cycle: the next character is fixed by the one before, so bigram counts beat unigram
    cycle = np.tile(np.array([1, 2, 3, 4], dtype=np.int32), 500)
    # add-one smoothing: each of the 4 symbols counted 500 + 1 times of 2000 + 128
    assert text.ngram_loss(cycle, cycle, 1) == pytest.approx(-np.log(501 / (2000 + CHAR_VOCAB)))
    assert text.ngram_loss(cycle, cycle, 2) < 0.25 < np.log(4) < text.ngram_loss(cycle, cycle, 1)
    with pytest.raises(ValueError, match="order=3"):
        text.ngram_loss(cycle, cycle, 3)


@given(st.lists(st.integers(0, 5), min_size=3, max_size=60),
       st.lists(st.integers(0, 5), min_size=12, max_size=60), st.data())
def test_count_losses_by_position_score_exactly_the_characters_after_each_position(
        train: list[int], test: list[int], data: st.DataObject) -> None:
    train_a, test_a = np.array(train, np.int32), np.array(test, np.int32)
    # one window over the whole text: their mean is the count models' loss on the text
    # (the same terms; 1e-12 allows for summing them in another order)
    whole = text.count_losses_by_position(train_a, test_a, np.array([0]), test_a.size - 1)
    for order, name in ((1, "unigram"), (2, "bigram")):
        assert whole[name].mean() == pytest.approx(text.ngram_loss(train_a, test_a, order),
                                                   rel=1e-12)
    # any windows: at each position, the mean over the windows of -log P(next | this)
    length = data.draw(st.integers(1, test_a.size - 1))
    starts = np.array(data.draw(st.lists(st.integers(0, test_a.size - 1 - length),
                                         min_size=1, max_size=4)))
    probs = text.bigram_probabilities(train_a)
    by_position = text.count_losses_by_position(train_a, test_a, starts, length)["bigram"]
    assert by_position.shape == (length,)
    for p in range(length):
        terms = [-np.log(probs[test_a[s + p], test_a[s + p + 1]]) for s in starts]
        assert by_position[p] == pytest.approx(float(np.mean(terms)), rel=1e-12)


def test_count_losses_name_a_position_outside_the_text() -> None:
    cycle = np.tile(np.array([1, 2, 3], dtype=np.int32), 5)
    with pytest.raises(ValueError, match="inside the test text"):
        text.count_losses_by_position(cycle, cycle, np.array([10]), 5)


@pytest.mark.parametrize(("changes", "message"), [
    ({"task": "char_lm", "corpus": ""}, "corpus='': task='char_lm' needs the SHA-256"),
    ({"task": "char_lm", "corpus": "ABC"}, "corpus='ABC'"),
    ({"task": "char_lm", "vocab": 16}, "vocab=16: task='char_lm' reads ASCII"),
    ({"task": "copy_back", "vocab": 16}, "corpus='[0-9a-f]+': only task='char_lm'"),
    ({"task": "chars"}, "task='chars': must be one of"),
])
def test_bad_text_settings_are_named(changes: dict[str, object], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        text_config(**changes)


def test_the_loader_reads_the_named_files_and_names_a_missing_one(tmp_path: Path) -> None:
    (tmp_path / "one.py").write_text("x = 1\n", encoding="utf-8")
    (tmp_path / "two.py").write_text("y = 2\n", encoding="utf-8")
    texts = corpus.read(tmp_path, train=("one.py",), test=("two.py",))
    assert texts == text.Texts((("one.py", "x = 1\n"),), (("two.py", "y = 2\n"),))
    with pytest.raises(corpus.CorpusError, match=r"corpus file three\.py is missing"):
        corpus.read(tmp_path, train=("one.py", "three.py"), test=("two.py",))
    (tmp_path / "bad.py").write_bytes(b"\xff\xfe\x00")
    with pytest.raises(corpus.CorpusError, match=r"bad\.py cannot be read"):
        corpus.read(tmp_path, train=("bad.py",), test=("two.py",))


def test_this_pythons_corpus_is_there_and_the_runs_declare_its_digest() -> None:
    from scripts.artifacts.pages import experiments as experiments_page

    texts = corpus.read()
    assert [n for n, _ in texts.train] == list(corpus.TRAIN_FILES)
    assert not set(corpus.TRAIN_FILES) & set(corpus.TEST_FILES)
    sizes = {part: sum(len(t) for _, t in files) for part, files in texts._asdict().items()}
    assert sizes["train"] > 4 * sizes["test"] > 0  # a few hundred KiB, a fifth held out
    declared = {a.params["corpus"] for a in experiments_page.RUNS if a.name in experiments_page.TEXT}
    assert declared == {text.digest(texts)}


@pytest.mark.training
def test_a_tiny_text_run_records_the_losses_the_controls_and_nothing_else() -> None:
    from experiments.run import run

    cfg = text_config()
    record = run(cfg, texts=SAMPLE).as_dict()
    assert json.loads(json.dumps(record))["config"]["corpus"] == cfg.corpus  # plain JSON
    assert set(record) == {"config", "parameters", "losses", "steps_trained", "stopped_by",
                           "loss_by_position", "accuracy_by_position", "baselines",
                           "count_loss_by_position", "untrained"}
    assert set(record["untrained"]) == {"loss_by_position", "accuracy_by_position"}
    assert set(record["baselines"]) == {"unigram_loss", "bigram_loss"}
    counts = record["count_loss_by_position"]
    assert set(counts) == {"unigram", "bigram"}
    assert all(np.asarray(v).shape == (cfg.eval_length,) for v in counts.values())
    assert np.asarray(record["loss_by_position"]).shape == (2, cfg.eval_length)
    # trained on a repetitive text, the models beat their untrained selves
    trained = np.asarray(record["loss_by_position"]).mean(1)
    untrained = np.asarray(record["untrained"]["loss_by_position"]).mean(1)
    assert (trained < untrained - 1).all(), (trained, untrained)
    with pytest.raises(ConfigError, match="corpus="):
        run(cfg, texts=text.Texts(SAMPLE.train, (("b.py", "x" * 40),)))
