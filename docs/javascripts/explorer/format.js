// How the explorer writes numbers: in full (round-trip exact) where a reader or a test compares
// them with pe, shortened where they only label a picture.

/** Every digit of a float64 (String round-trips exactly); "undefined" for null or NaN. */
export const full = (x) => (x === null || Number.isNaN(x) ? "undefined" : String(x));

/** `p` significant digits, trailing zeros dropped. */
export const short = (x, p = 6) => (x === null || Number.isNaN(x) ? "undefined" : String(Number(x.toPrecision(p))));

/** A rounding-sized difference: one digit and the exponent. */
export const tiny = (x) => (x === 0 ? "0" : x.toExponential(1));

/** The function of column kind 0 (sine) or 1 (cosine). */
export const kindName = (kind) => (kind === 0 ? "sin" : "cos");

/** An index as subscript digits: ω₁₂. */
export const sub = (n) => String(n).replace(/\d/g, (ch) => "₀₁₂₃₄₅₆₇₈₉"[ch]);
