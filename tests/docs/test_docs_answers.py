"""The statements the answers make about their scripts' output hold for that output.

The pages show what each script prints; the prose around it draws conclusions ("every token
gets the same vector", "sines alone cannot be shifted", "a larger base leaves more pairs
still"). Each test reruns a script and checks the conclusion against the numbers, so a
change that broke a statement fails here instead of silently changing a page.
"""

from __future__ import annotations

import ast
import re

import pytest
from docscan import run_example


def output(stem: str) -> str:
    result = run_example(stem)
    assert result.returncode == 0, f"{stem}.py failed:\n{result.stderr}"
    return result.stdout


def numbers(line: str) -> list[float]:
    return [float(x.replace(",", "")) for x in re.findall(r"-?\d[\d,]*\.?\d*(?:e[-+]\d+)?", line)]


def line_with(text: str, start: str) -> str:
    lines = [line for line in text.splitlines() if line.strip().startswith(start)]
    assert len(lines) == 1, f"expected one line starting with {start!r} in:\n{text}"
    return lines[0]


def test_batch_axis_gives_one_vector_per_sequence() -> None:
    out = output("pitfall_batch_axis")
    assert "(no error)" in out
    seqs = [line for line in out.splitlines() if line.strip().startswith("sequence")]
    assert len(seqs) == 3
    for b, line in enumerate(seqs):
        assert "1 distinct vector(s)" in line and line.endswith(f"position {b}: True")
    assert line_with(out, "batch of 1").endswith("True")
    assert line_with(out, "fixed").endswith("True")


def test_left_padding_moves_positions_unless_counted() -> None:
    out = output("pitfall_left_padding")
    naive, counted = line_with(out, "naive"), line_with(out, "counted")
    assert numbers(naive)[-1] > 0.5  # a large change of the encodings
    assert numbers(counted)[-1] == 0.0
    assert "left-padded [0, 1, 2]" in counted and "left-padded [2, 3, 4]" in naive
    # "what is added to a pad does not reach the real tokens" (questions page, pitfalls)
    assert line_with(out, "pads given other vectors").endswith("True")


def test_longer_than_table() -> None:
    out = output("pitfall_table_length")
    assert "ValueError" in out
    assert line_with(out, "rows 0..15").endswith("True")
    assert line_with(out, "one row further").endswith("True")


def test_sines_alone_are_distinct_but_not_shiftable() -> None:
    out = output("relative_sines_only")
    assert numbers(line_with(out, "sines only, positions"))[-1] > 0
    assert numbers(line_with(out, "|sines(0)|"))[1] == 0.0
    assert numbers(line_with(out, "sin and cos:"))[-1] < 1e-10
    # "errors of the size of the entries themselves"
    assert numbers(line_with(out, "sines only:"))[-1] > 0.3
    assert numbers(line_with(out, "cosines only:"))[-1] > 0.3
    assert line_with(out, "sin((p+k)w)").endswith("True")
    dots = [numbers(line) for line in out.splitlines() if line.strip().startswith("p =")]
    assert len({d[-2] for d in dots}) == 1  # sin and cos: the same wherever p is
    assert len({d[-1] for d in dots}) == len(dots)  # sines only: changes with p


def test_larger_base_more_still_pairs_and_the_rule_holds() -> None:
    out = output("wavelengths_choose_base")
    rows = [numbers(line) for line in out.splitlines() if re.match(r"\s*[\d,]+ \|", line)]
    bases, still = [r[0] for r in rows], [r[-1] for r in rows]
    assert bases == sorted(bases) and still == sorted(still) and still[-1] > still[0]
    checks = [numbers(line)[-1] for line in out.splitlines() if "check:" in line]
    assert checks and all(c == 0.5 for c in checks)


def test_scaling_depends_on_the_initialisation() -> None:
    out = output("embeddings_scaling_inits")
    table = {
        line.split("|")[0].strip(): numbers(line.split("|")[-1])[0]
        for line in out.splitlines()
        if line.count("|") == 3 and "initialisation" not in line
    }
    ratio = {name.split()[0]: value for name, value in table.items()}
    assert 0.5 < ratio["tensor2tensor"] < 2  # "comparable lengths"
    assert 0.5 < ratio["tutorial"] < 2  # "close to the tensor2tensor balance"
    assert ratio["nn.Embedding"] > 10  # the position starts as a small perturbation
    logits = {
        line.split()[0]: float(line.rsplit(":", 1)[1])
        for line in out.splitlines()
        if line.startswith("  ") and "|" not in line
    }
    assert 0.8 < logits["tensor2tensor"] < 1.25 and logits["nn.Embedding"] > 10
    scaled = float(line_with(out, "d_k =").rsplit("=", 1)[1])
    assert 0.9 < scaled < 1.1


def test_raw_index_and_pos_over_length() -> None:
    out = output("formula_raw_index")
    counts = re.findall(r"(\d+) of (\d+)", line_with(out, "L = 4096"))
    assert len(counts) == 2
    assert all(int(kept) < int(total) for kept, total in counts)  # low precision merges
    low, high = re.search(r"from (\S+) to (\S+)$", line_with(out, "sinusoids")).groups()
    assert low == high  # neighbours always the same distance apart
    assert line_with(out, "position 3 is the same row").endswith("True")


def test_fairseq_positions() -> None:
    out = output("impl_fairseq_positions")
    assert line_with(out, "row padding_idx").endswith("True")
    assert line_with(out, "the first real token").endswith("True")
    assert line_with(out, "same tokens").endswith("True")
    assert line_with(out, "rows of positions").endswith("False")  # the rows do change
    assert line_with(out, "their dot products").endswith("True")


def test_timestep_variants() -> None:
    out = output("elsewhere_timestep")
    assert line_with(out, "guided-diffusion").endswith("True")
    assert line_with(out, "DDPM =").endswith("True")
    assert numbers(line_with(out, "DDPM vs"))[-1] > 1
    moving = {}
    for start in ("steps 0", "time in"):
        turning, total = re.search(r"(\d+) of (\d+) pairs", line_with(out, start)).groups()
        moving[start] = (int(turning), int(total))
    assert moving["steps 0"][0] == moving["steps 0"][1]  # every pair moves over integer steps
    assert moving["time in"][0] < moving["time in"][1] / 2  # "most pairs then barely turn"


def test_two_d_encoding() -> None:
    out = output("elsewhere_2d")
    dots = re.findall(r"-?\d+\.\d+", line_with(out, "dot products"))
    assert len(set(dots)) == 1
    assert line_with(out, "same row").endswith("True")
    flat, two_d = (
        [float(x) for x in re.findall(r"= (\d+\.\d+)", line_with(out, start))]
        for start in ("flattened", "2-D encoding")
    )
    assert flat[0] == flat[1]  # row end and next row start: as close as neighbours
    assert two_d[0] > 2 * two_d[1]  # far apart in 2-D


@pytest.mark.parametrize("d", [16, 64])
def test_sines_unique(d: int) -> None:
    out = output("errata_sines_unique")
    sines, both = numbers(line_with(out, f"d = {d:>2},"))[-2:]
    assert 0 < sines < both  # distinct, but closer together than with the cosines
    assert 0 < numbers(line_with(out, "positions 1-999"))[-2] < 1e-3


def test_similarity_not_monotonic() -> None:
    out = output("errata_similarity_monotonic")
    for d, within in ((16, 10), (64, 10), (512, 100)):  # "within the first hundred"
        values = numbers(line_with(out, f"d = {d:>3}" if d < 100 else f"d = {d}"))
        first_rise, before, after = values[-3], values[-2], values[-1]
        assert first_rise < within and after > before


def test_attention_can_favour_any_offset() -> None:
    out = output("errata_attention_any_offset")
    raw = ast.literal_eval(line_with(out, "PE_p . PE_(p+o)").split(":", 1)[1].strip())
    assert raw.index(max(raw)) == 0  # raw encodings: offset 0 scores highest
    assert line_with(out, "largest at offset").endswith("True")


def test_scaling_up_is_not_scaling_down() -> None:
    out = output("errata_scale_up_or_down")
    assert line_with(out, "same direction").endswith("True")
    up, down = numbers(line_with(out, "up:"))[-1], numbers(line_with(out, "down:"))[-1]
    assert up > 2 * down  # the shorter input gives much flatter attention (post-LayerNorm)
    # ... but a pre-LayerNorm layer normalises the scale away: the weights agree to well
    # under the post-LayerNorm difference (what remains is LayerNorm's epsilon).
    assert numbers(line_with(out, "pre-LayerNorm"))[-1] < (up - down) / 100


def test_base_is_not_a_length() -> None:
    out = output("errata_base_not_length")
    distances = {line.rsplit(" ", 1)[1] for line in out.splitlines() if "distance" in line}
    assert len(distances) == 1  # neighbours equally far apart before and after 10,000
    wavelength = float(re.search(r"wavelength ([\d,]+)", out).group(1).replace(",", ""))
    assert wavelength > 10_000
    far = [
        float(line.rsplit(" is ", 1)[1].split()[0])
        for line in out.splitlines()
        if "closest of positions" in line
    ]
    assert far and min(far) > 1


def test_low_columns_are_the_fast_ones() -> None:
    out = output("errata_fast_columns")
    changes = [int(m) for m in re.findall(r"(\d+) sign changes", out)]
    assert changes == sorted(changes, reverse=True) and changes[0] > changes[-1]


def test_sum_can_be_read_back_in_high_dimension() -> None:
    """Embeddings page and questions page: at d = 512 the token comes back every time and the
    position in most cases, off by one when it misses; at the smallest width the two parts
    get in each other's way and the position is usually wrong."""
    out = output("embeddings_sum_decode")
    rows = {int(r[0]): r[1:] for r in (numbers(line) for line in out.splitlines()
                                       if re.match(r"\s*\d+ \|", line))}
    token, position, within_one = rows[512]
    assert token == 100.0 and 50 < position < 100 and within_one == 100.0
    small = rows[min(rows)]
    assert small[0] < 100 and small[1] < 50
