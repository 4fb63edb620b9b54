"""docs/embeddings.md: Adding the encoding to the embeddings.

Everything this page shows that the pipeline makes is declared here (see
``scripts/artifacts/pages/__init__.py`` for the names a page module may define).
"""

from __future__ import annotations

from scripts.artifacts.exercise_bank import (
    Exercise,
    norm,
    norm_exact,
    random_cosine_spread,
    random_cosine_spread_exact,
    scaled_norm_ratio,
    scaled_norm_ratio_exact,
)
from scripts.artifacts.registry import (
    ROBOT_BASE,
    ROBOT_D_MODEL,
    ROBOT_TOKENS,
    Artifact,
    Number,
    figure,
)

PAGE = "embeddings.md"


ARTIFACTS: list[Artifact] = [
    figure(
        "robot-sum", "matrices:robot_sum",
        alt="Three $n_tokens by $d_model grids of numbers for the tokens I, am, a, robot: the "
            "token embedding plus the positional encoding equals the input to the model.",
        caption=r"“I am a robot” with \(d = ${d_model}\) and base $base: each token's "
                r"embedding (here illustrative values, not a trained model's) plus the "
                r"encoding of its position gives the vector the model reads.",
        derived=lambda p: {"n_tokens": len(p["tokens"])},
        tokens=ROBOT_TOKENS, d_model=ROBOT_D_MODEL, base=ROBOT_BASE),
]


#: The numbers this page's prose quotes as {{ pe:NAME }} (other pages may quote them
#: too); ``func`` names a function of scripts/artifacts/numbers.py.
NUMBERS: list[Number] = [
    Number("norm_d512", "norm_formula",
           "length of every encoding vector for d = 512, sqrt(d/2)",
           {"d": 512}),
    Number("unit_embedding_ratio_d512", "unit_embedding_ratio",
           "d = 512: length of a sqrt(d)-scaled N(0, 1) embedding row over the encoding's",
           {"d": 512}),
]


EXERCISES: list[Exercise] = [
    Exercise(
        "embeddings.md", "norm", "How long is the encoding?", "check",
        prompt=r"What is the length (Euclidean norm) of the encoding vector of position "
               r"${pos} for \(d_{\text{model}} = ${d_model}\)?",
        solution=r"Every pair contributes \(\sin^2 + \cos^2 = 1\), so the squared length is "
                 r"\(d/2\) and the length \(\sqrt{${d_model}/2} = $answer\), at every "
                 r"position.",
        rests_on=("embeddings.md#scaling",),
        params={"pos": 1000, "d_model": 512}, answer=norm,
        exact=norm_exact, tolerance=1e-3, decimals=3),
    Exercise(
        "embeddings.md", "ratio", "Who dominates the sum?", "compute",
        prompt=r"An embedding row has \(d_{\text{model}} = ${d_model}\) entries of variance 1 "
               r"and is multiplied by \(\sqrt{d_{\text{model}}}\) before the encoding is "
               r"added. About how many times longer than the encoding vector is it?",
        solution=r"A row of \(d\) entries of variance 1 has a squared length of about \(d\), "
                 r"so a length of about \(\sqrt d\); scaled by \(\sqrt d\) it is about \(d\) "
                 r"long. The encoding is \(\sqrt{d/2}\) long, so the ratio is "
                 r"\(d / \sqrt{d/2} = \sqrt{2d} = $answer\).",
        rests_on=("embeddings.md#scaling", "embeddings.md#scaling-in-full"),
        params={"d_model": 512}, answer=scaled_norm_ratio,
        exact=scaled_norm_ratio_exact, tolerance=0.5, decimals=0,
        script="embeddings/exercise_embeddings_ratio"),
    Exercise(
        "embeddings.md", "orthogonal", "Unrelated vectors are nearly orthogonal", "compute",
        prompt=r"Two directions drawn independently and uniformly at random in "
               r"\(d = ${d_model}\) dimensions: what is the standard deviation of their "
               r"cosine similarity?",
        solution=r"By symmetry the cosine similarity has mean 0, and the squared cosines of "
                 r"one fixed direction with \(d\) orthonormal axes sum to 1, so each has mean "
                 r"\(1/d\): the standard deviation is \(1/\sqrt d = $answer\). The script "
                 r"checks it by sampling.",
        rests_on=("embeddings.md#why-sum-works",),
        params={"d_model": 512}, answer=random_cosine_spread,
        exact=random_cosine_spread_exact, tolerance=2e-3, decimals=4,
        script="embeddings/exercise_embeddings_orthogonal"),
    Exercise(
        "embeddings.md", "concat", "Concatenation is a sum in disguise", "derive",
        prompt=r"A layer multiplies its input by a matrix \(W\). Show that applying it to the "
               r"concatenation \((e, p)\) is the same as applying two matrices and adding. What "
               r"does that say about sum against concatenation?",
        solution=r"Split the columns of \(W\) into \(W_e\) (those that meet \(e\)) and "
                 r"\(W_p\) (those that meet \(p\)):"
                 "\n\n"
                 r"\[ W \begin{pmatrix} e \\ p \end{pmatrix} = W_e\, e + W_p\, p. \]"
                 "\n\n"
                 r"So after the first layer, concatenation is a sum of projected embeddings and "
                 r"projected encodings. Summing directly fixes \(W_p = W_e\) in the first layer; "
                 r"concatenating lets the two differ, at the price of a wider input.",
        rests_on=("embeddings.md#concatenation",)),
]


#: Integers this page's prose may type (outside code, includes and placeholders), each
#: with why it is no typed-in result; the site-wide ones are in pages/__init__.py.
ALLOWED_NUMBERS: dict[int, str] = {
    512: "input: d_model = 512, the paper's base-model width",
}
