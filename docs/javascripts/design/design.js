// The coordinate designer's arithmetic (docs/coordinate-designer.md): frequencies, what wraps
// or aliases, and similarities, computed as pe.coordinates computes them. Pure (no DOM), so the
// tests run it in Node as well as in the page (tests/design_tool/).
//
// The same float64 operations in the same order as pe:
//   rule         shortest = 2 * resolution, longest = 2 * (hi - lo)   (wavelengths_for)
//   ladder       omega_k = (2 pi / shortest) * pow(shortest / longest, k / (n - 1))   (ladder)
//   paper        omega_i = pow(base, -2 i / d)                         (pe.frequencies)
//   encoding     sin(x * omega_k), cos(x * omega_k)                    (continuous_encoding)
// Every step but pow, sin and cos is one correctly rounded IEEE operation, so equal to
// NumPy's. V8's and glibc's pow, sin and cos are faithfully rounded (within one ulp), not
// correctly rounded, so the two engines may differ there by an ulp; the tests' tolerances are
// derived from that (tests/helpers/design_tool.py).

export const METHODS = ["rule", "wavelengths", "paper"];
export const MAX_WIDTH = 2048;
export const MIN_SAMPLES = 241;
export const MAX_SAMPLES = 1201;
export const MAX_MARKS = 50;
/** Relative slack of the wrap and alias tests: the rule's own wavelengths sit exactly on the
 * limits, up to a few roundings, and must not be flagged. */
export const SLACK = 1e-9;

export const DEFAULTS = {
  method: "rule",
  lo: "0",
  hi: "100",
  resolution: "0.5",
  d: "16",
  base: "10000",
  shortest: "1",
  longest: "200",
  reference: "",
};

const NAMES = {
  lo: "The range's lower end",
  hi: "The range's upper end",
  resolution: "The resolution",
  d: "The width",
  base: "The base",
  shortest: "The shortest wavelength",
  longest: "The longest wavelength",
  reference: "The reference value",
};

/** A reader's mistake, said in one sentence, and the field it is in (or null). */
export class DesignError extends Error {
  constructor(message, field) {
    super(message);
    this.field = field;
  }
}

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/** Shortest text that reads back as the same double, as in Python's repr. */
export const fmt = (x) => (Number.isFinite(x) ? String(x) : x > 0 ? "infinity" : "minus infinity");

/** At most `digits` significant digits, for the page's text. */
export function short(x, digits = 4) {
  if (!Number.isFinite(x)) return x > 0 ? "∞" : "−∞";
  if (x === 0) return "0";
  const a = Math.abs(x);
  const text = a >= 1e-4 && a < 1e6 ? String(Number(x.toPrecision(digits))) : x.toExponential(digits - 1);
  return text.replace("-", "−");
}

function number(key, text) {
  const t = String(text ?? "").trim();
  if (t === "") throw new DesignError(`${NAMES[key]} is missing: type a number.`, key);
  if (!NUMBER.test(t)) throw new DesignError(`${NAMES[key]} must be a number, such as 2 or 0.5; “${t}” is not one.`, key);
  const x = Number(t);
  if (!Number.isFinite(x)) throw new DesignError(`${NAMES[key]} is too large for double precision: “${t}”.`, key);
  return x;
}

/** The settings from the form's texts, checked as pe checks its arguments (plus the page's
 * own limits); a problem throws a DesignError naming it. */
export function settings(raw) {
  const method = raw.method ?? DEFAULTS.method;
  if (!METHODS.includes(method)) throw new DesignError(`The method must be one of: ${METHODS.join(", ")}.`, null);
  const lo = number("lo", raw.lo);
  const hi = number("hi", raw.hi);
  if (!(lo < hi)) throw new DesignError(`The lower end (${fmt(lo)}) must be below the upper end (${fmt(hi)}).`, "hi");
  const span = hi - lo;
  if (!Number.isFinite(span))
    throw new DesignError(`The range from ${fmt(lo)} to ${fmt(hi)} is too long for double precision.`, "hi");
  const resolution = number("resolution", raw.resolution);
  if (!(resolution > 0)) throw new DesignError(`The resolution must be greater than 0; got ${fmt(resolution)}.`, "resolution");
  if (!(resolution < span))
    throw new DesignError(`The resolution (${fmt(resolution)}) must be smaller than the range's length (${fmt(span)}).`, "resolution");
  const d = number("d", raw.d);
  if (!Number.isInteger(d)) throw new DesignError(`The width must be a whole number of columns; got ${fmt(d)}.`, "d");
  if (d % 2) throw new DesignError(`The width must be even, as every frequency fills a sin and a cos column; got ${d}.`, "d");
  if (d < 4) throw new DesignError(`The width must be at least 4, two sin/cos pairs; got ${d}.`, "d");
  if (d > MAX_WIDTH) throw new DesignError(`This page computes widths up to ${MAX_WIDTH}; got ${d}.`, "d");
  const out = { method, lo, hi, span, resolution, d, base: null, shortest: null, longest: null };
  if (method === "paper") {
    out.base = number("base", raw.base);
    if (!(out.base > 1)) throw new DesignError(`The base must be greater than 1; got ${fmt(out.base)}.`, "base");
  } else if (method === "wavelengths") {
    out.shortest = number("shortest", raw.shortest);
    out.longest = number("longest", raw.longest);
    if (!(out.shortest > 0)) throw new DesignError(`The shortest wavelength must be greater than 0; got ${fmt(out.shortest)}.`, "shortest");
    if (!(out.shortest < out.longest))
      throw new DesignError(
        `The shortest wavelength (${fmt(out.shortest)}) must be below the longest (${fmt(out.longest)}).`,
        "longest",
      );
  } else {
    // pe.coordinates.wavelengths_for
    out.shortest = 2.0 * resolution;
    out.longest = 2.0 * span;
  }
  const ref = String(raw.reference ?? "").trim();
  out.reference = ref === "" ? lo : number("reference", ref);
  if (!(out.reference >= lo && out.reference <= hi))
    throw new DesignError(`The reference value (${fmt(out.reference)}) must lie in the range, from ${fmt(lo)} to ${fmt(hi)}.`, "reference");
  return out;
}

/** pe.coordinates.ladder(d, shortest=, longest=). */
export function ladder(d, shortest, longest) {
  const n = d / 2;
  const w = new Float64Array(n);
  for (let k = 0; k < n; k++) w[k] = ((2.0 * Math.PI) / shortest) * Math.pow(shortest / longest, k / (n - 1));
  return w;
}

/** pe.frequencies(d, base=). */
export function paperFrequencies(d, base) {
  const w = new Float64Array(d / 2);
  for (let i = 0; i < w.length; i++) w[i] = Math.pow(base, (-2.0 * i) / d);
  return w;
}

export const frequencies = (s) =>
  s.method === "paper" ? paperFrequencies(s.d, s.base) : ladder(s.d, s.shortest, s.longest);

/** Cosine similarity of the encodings of x and y (interleaved columns, as
 * continuous_encoding): dot / (|e(x)| |e(y)|). */
export function similarity(omega, x, y) {
  let dot = 0;
  let xx = 0;
  let yy = 0;
  for (let k = 0; k < omega.length; k++) {
    const sx = Math.sin(x * omega[k]);
    const cx = Math.cos(x * omega[k]);
    const sy = Math.sin(y * omega[k]);
    const cy = Math.cos(y * omega[k]);
    dot += sx * sy + cx * cy;
    xx += sx * sx + cx * cx;
    yy += sy * sy + cy * cy;
  }
  return dot / (Math.sqrt(xx) * Math.sqrt(yy));
}

/** np.linspace(lo, hi, n): j * step + lo, the last exactly hi. */
export function linspace(lo, hi, n) {
  const xs = new Float64Array(n);
  const step = (hi - lo) / (n - 1);
  for (let j = 0; j < n; j++) xs[j] = j * step + lo;
  xs[n - 1] = hi;
  return xs;
}

/** How many values the similarity curve samples: two per resolution, within the page's limits. */
export const sampleCount = (span, resolution) =>
  Math.min(MAX_SAMPLES, Math.max(MIN_SAMPLES, Math.ceil((2 * span) / resolution) + 1));

/** Everything the page shows for the form's texts, or {error} with one sentence. */
export function design(raw) {
  let s;
  try {
    s = settings(raw);
  } catch (e) {
    if (e instanceof DesignError) return { error: e.message, field: e.field };
    throw e;
  }
  const omega = frequencies(s);
  // Valid settings can still leave double precision (a resolution of 1e-320): say so rather
  // than show the NaN that sin(Infinity) would give.
  const fastest = Math.max(...omega);
  const largestAngle = fastest * Math.max(Math.abs(s.lo), Math.abs(s.hi));
  if (!(fastest > 0 && Number.isFinite(largestAngle + (2 * Math.PI) / Math.min(...omega))))
    return {
      field: "resolution",
      error:
        "These settings go beyond double precision: the largest angle (the fastest frequency times the largest value) or the longest wavelength is infinite.",
    };
  const r = s.resolution;
  const pairs = Array.from(omega, (w, k) => {
    const wavelength = (2.0 * Math.PI) / w;
    const aliases = wavelength < 2 * r * (1 - SLACK);
    let apparent = null;
    if (aliases) {
      // Sampled every r, a wave of f cycles per sample looks like one of |f - round(f)|.
      const f = r / wavelength;
      const folded = Math.abs(f - Math.round(f));
      apparent = folded > 0 ? r / folded : Infinity;
    }
    return { k, omega: w, wavelength, turns: s.span / wavelength, stepAngle: r * w, aliases, apparent };
  });
  const longest = Math.max(...pairs.map((p) => p.wavelength));
  const shortest = Math.min(...pairs.map((p) => p.wavelength));
  const x0 = s.reference;

  let wrap = "none";
  if (longest <= s.span * (1 + SLACK)) wrap = "wraps";
  else if (longest < 2 * s.span * (1 - SLACK)) wrap = "folds";
  // Where the slowest pair is back at the reference's angle: x0 + m * longest.
  const wrapsAt = [];
  let wrapCount = 0;
  if (wrap === "wraps") {
    for (const sign of [-1, 1]) {
      // floor(room / longest) wraps on this side; only the first MAX_MARKS are listed.
      const count = Math.floor((sign > 0 ? s.hi - x0 : x0 - s.lo) / longest);
      wrapCount += count;
      for (let m = 1; m <= Math.min(count, MAX_MARKS); m++) {
        const x = x0 + sign * m * longest;
        if (x >= s.lo && x <= s.hi) wrapsAt.push(x);
      }
    }
    wrapsAt.sort((a, b) => a - b);
  }
  const foldsAt = wrap === "folds" ? [x0 - longest / 2, x0 + longest / 2].filter((x) => x >= s.lo && x <= s.hi) : [];

  const n = sampleCount(s.span, r);
  const xs = linspace(s.lo, s.hi, n);
  const sims = Float64Array.from(xs, (x) => similarity(omega, x0, x));
  const step = xs[1] - xs[0];
  const neighbourAt = x0 + r <= s.hi ? x0 + r : x0 - r;
  const neighbour = similarity(omega, x0, neighbourAt);
  const ends = similarity(omega, s.lo, s.hi);

  // The peak around the reference: the samples next to it with similarity >= 1/2.
  const i0 = Math.min(n - 1, Math.max(0, Math.round((x0 - s.lo) / step)));
  let lobe = null;
  if (sims[i0] >= 0.5) {
    let a = i0;
    let b = i0;
    while (a > 0 && sims[a - 1] >= 0.5) a--;
    while (b < n - 1 && sims[b + 1] >= 0.5) b++;
    lobe = { first: a, last: b, from: xs[a], to: xs[b] };
  }
  let far = null;
  for (let j = 0; j < n; j++) {
    if (lobe && j >= lobe.first && j <= lobe.last) continue;
    if (far === null || sims[j] > far.similarity) far = { index: j, at: xs[j], similarity: sims[j] };
  }
  return {
    error: null,
    field: null,
    settings: s,
    omega: Array.from(omega),
    pairs,
    shortest,
    longest,
    wrap,
    wrapsAt,
    wrapCount,
    foldsAt,
    aliasing: pairs.filter((p) => p.aliases).length,
    xs: Array.from(xs),
    similarity: Array.from(sims),
    step,
    neighbour: { at: neighbourAt, similarity: neighbour },
    ends,
    lobe,
    far,
  };
}
