"""docs/questions.md: Questions readers ask.

Everything this page shows that the pipeline makes is declared here (see
``scripts/artifacts/pages/__init__.py`` for the names a page module may define).
"""

from __future__ import annotations

PAGE = "questions.md"


#: Integers this page's prose may type (outside code, includes and placeholders), each
#: with why it is no typed-in result; the site-wide ones are in pages/__init__.py.
ALLOWED_NUMBERS: dict[int, str] = {
    16: "input: the width d = 16 of the similarity-against-offset curve, of the near-repeat and of the sines-only comparison",
    512: "input: d_model = 512, the paper's base-model width",
}


#: The key terms of each answer, by its anchor: each term must appear in the answer itself and
#: in the sections its links lead to (ignoring case and line breaks), so the short answer and
#: the explanation it points to speak of the same thing. When an answer changes what it
#: claims, change its terms here, and the section it links to must follow
#: (tests/docs/test_docs_consistency.py).
ANSWER_TERMS: dict[str, tuple[str, ...]] = {
    "why-needed": ("shuffle", "order"),
    "need-one": ("point clouds", "zero padding", "causal"),
    "symbols": ("pair",),
    "even-odd": ("dimensions",),
    "depends-on-words": ("four", "tokens"),
    "learned": ("learned", "fixed"),
    "why-sine-and-cosine": ("its own", "come close", "shift", "zero"),
    "why-10000": ("no reason", "longest wavelength"),
    "base-is-not-length": ("longest wavelength",),
    "choose-base": ("rule of thumb", "half a circle", "headroom", "steady-growth"),
    "position-range": ("start",),
    "constant-columns": ("slow", "fast"),
    "raw-index": ("raw index", "precision"),
    "longest-wavelength": ("(d-2)/d",),
    "odd-width": ("unpaired", "zeros", "shape error"),
    "unique": ("d = 16", "near-repeat", "neighbours", "low precision"),
    "relative": ("rotat", "matrix"),
    "similarity-offset": ("offset", "monoton"),
    "nearby": ("projection", "learn"),
    "rope": ("query", "nothing is added", "head", "difference"),
    "through-layers": ("once", "residual"),
    "causal-mask": ("causal mask",),
    "longer-sequences": ("may",),
    "every-layer": ("once",),
    "values": ("queries and keys", "who attends to whom", "every layer"),
    "sum-destroys": ("orthogonal", "few directions", "every time", "in most cases", "off by one"),
    "add-or-concatenate": ("width", "projection"),
    "sqrt-d-model": ("d_k", "no reason given", "suspect", "initialis"),
    "scale-up-not-down": (
        "no reason",
        "weight tying",
        "shorter",
        "post-LayerNorm",
        "pre-LayerNorm",
    ),
    "same-encoding": ("batch",),
    "left-padding": ("real tokens",),
    "padding-tokens": ("attention mask", "all-zero row"),
    "max-len": ("table",),
    "padding-idx": ("padding_idx",),
    "split-layout": ("another order", "frequencies"),
    "h-minus-1": ("1/10000",),
    "low-precision": ("float32 or wider", "position index itself"),
    "diffusion": ("same construction", "different function"),
    "time-series": ("batch-axis", "base"),
    "calendar": ("calendar", "Autoformer"),
    "image-patches": ("half the width", "ViT"),
    "video": ("as a set", "number of frames"),
    "audio": ("all sines first", "rows"),
    "continuous-coordinates": ("longest", "wrap", "finest detail"),
    "rnn-cnn": ("recurren", "convolution", "absolute"),
}
