"""Long proof formulas are broken over lines for a phone, only where TeX allows it."""

from __future__ import annotations

from scripts.artifacts.tex_lines import MAX_WIDTH, break_lines, width


def test_short_formula_is_left_alone() -> None:
    assert break_lines(r"  PE_{pos} = R(k)\,PE_{pos}  ") == r"PE_{pos} = R(k)\,PE_{pos}"


def test_width_counts_glyphs_not_markup() -> None:
    assert width(r"\left(\frac{a}{b}\right)") == width("(ab)") == 4
    assert width(r"\sin{\left(x \right)}") == width("sin(x)") == 6


def test_long_equation_breaks_at_the_relation_and_the_sum() -> None:
    lhs = r"\sin{\left(\omega_{i} \left(k + p\right) \right)}"
    rhs = (
        r"\sin{\left(k \omega_{i} \right)} \cos{\left(\omega_{i} p \right)}"
        r" + \sin{\left(\omega_{i} p \right)} \cos{\left(k \omega_{i} \right)}"
    )
    out = break_lines(f"{lhs} = {rhs}")
    assert out == (
        r"\begin{aligned}" + lhs + r" &= \sin{\left(k \omega_{i} \right)} "
        r"\cos{\left(\omega_{i} p \right)} \\ &\quad + \sin{\left(\omega_{i} p "
        r"\right)} \cos{\left(k \omega_{i} \right)}\end{aligned}"
    )
    # The "+" inside the brackets of the left side was not a place to break.
    assert r"\left(k + p\right)" in out


def test_a_sign_is_not_a_break() -> None:
    tex = r"y = - \sin{\left(k \omega_{i} \right)} \sin{\left(\omega_{i} p \right)}"
    out = break_lines(tex + r" + \cos{\left(k \omega_{i} \right)} \cos{\left(\omega_{i} p \right)}")
    assert r"&= - \sin" in out and r"&\quad + \cos" in out


def test_parts_joined_by_quad_go_on_lines_of_their_own() -> None:
    out = break_lines(r"\text{One pair:}\quad " + " + ".join("abcdefghijklmnop") + " = z")
    assert out.startswith(r"\begin{gathered}\text{One pair:} \\ \begin{aligned}")


def test_long_prose_is_wrapped_between_words() -> None:
    out = break_lines(
        r"\text{Suppose the identity holds for all }p\text{; the residual below "
        r"is then identically zero.}"
    )
    lines = out.removeprefix(r"\begin{gathered}").removesuffix(r"\end{gathered}").split(r" \\ ")
    assert len(lines) >= 3 and all(width(line) <= MAX_WIDTH for line in lines), lines
    words = " ".join(line.replace(r"\text{", "").replace("}", "") for line in lines).split()
    assert words[:6] == ["Suppose", "the", "identity", "holds", "for", "all"]


def test_a_matrix_is_never_cut() -> None:
    matrix = (
        r"\left[\begin{matrix}\cos{\left(k \omega_{i} \right)} & a + b + c + d + e + f"
        r"\\ 1 & 2\end{matrix}\right]"
    )
    assert matrix in break_lines(matrix + " = " + matrix)


def test_a_sum_inside_brackets_breaks_with_fixed_size_brackets() -> None:
    inner = r"\sin{\left(b p \right)} \sin{\left(b \left(k + p\right) \right)} + \cos{\left(b p \right)} \cos{\left(b \left(k + p\right) \right)}"
    out = break_lines(r"S = \sum_{i=0}^{n} \left(" + inner + r"\right)")
    assert out == (
        r"\begin{aligned}S &= \sum_{i=0}^{n} \Bigl(\sin{\left(b p \right)} "
        r"\sin{\left(b \left(k + p\right) \right)} \\ &\quad + \cos{\left(b p \right)} "
        r"\cos{\left(b \left(k + p\right) \right)}\Bigr)\end{aligned}"
    )
