// The homework page for ?seed=N: the same problems, with the numbers drawn from the seed, and
// answer boxes that accept the answers of that seed's key. Loaded as a module by
// docs/homework.md alone, after its text.
//
// Written to give what pe/homework.py gives (tests/homework compares the two in Node for many
// seeds): the same generator (mulberry32), the same draws, read from the page's JSON (the
// pipeline writes pe.homework.spec() into it), and the same formulas for the answers, where
// pe computes them with NumPy. Without a seed, or with a bad one, the page keeps the sheet
// the site was built with (pe.homework.DEFAULT_SEED).

export const MAX_SEED = 2 ** 32 - 1;
const RANGE = `a whole number from 0 to ${MAX_SEED}`;

/** mulberry32: each call returns the next number in [0, 1) (pe.homework.mulberry32). */
export function mulberry32(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t = ((t + Math.imul(t ^ (t >>> 7), t | 61)) ^ t) >>> 0;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** ``{seed}`` for the text of ?seed=, or ``{error}`` in pe.homework.parse_seed's words. */
export function parseSeed(text) {
  const s = String(text).trim();
  if (!s) return { error: `the seed is empty: give ${RANGE}` };
  if (!/^[0-9]+$/.test(s)) {
    if (/^-\s*[0-9.]+$/.test(s)) return { error: `the seed "${s}" is negative: give ${RANGE}` };
    return { error: `the seed "${s}" is not a whole number: give ${RANGE}` };
  }
  if (s.length > 10 || Number(s) > MAX_SEED) return { error: `the seed "${s}" is too large: give ${RANGE}` };
  return { seed: Number(s) };
}

/** Every problem's parameters for ``seed``: ``{slug: {name: value}}`` (pe.homework.draw). */
export function draw(spec, seed) {
  const rng = mulberry32(seed);
  const out = {};
  for (const { slug, draws } of spec) {
    if (!draws.length) continue;
    const values = {};
    for (const [name, choices] of draws) {
      let value;
      if ("of" in choices) {
        value = choices.of[Math.floor(rng() * choices.of.length)];
      } else {
        const bound = (b) => (typeof b === "string" ? values[b] : b);
        const lo = bound(choices.lo);
        const hi = bound(choices.hi);
        value = lo + Math.floor(rng() * (hi - lo + 1));
      }
      values[name] = value;
    }
    out[slug] = values;
  }
  return out;
}

const BASE = 10000;

/** ALiBi's slopes for ``heads`` heads (pe.relatives.alibi_slopes). */
export function alibiSlopes(heads) {
  const powerOfTwo = (k) => Array.from({ length: k }, (_, h) => 2 ** (-8 * (h + 1) / k));
  const below = 2 ** Math.floor(Math.log2(heads));
  if (below === heads) return powerOfTwo(heads);
  return powerOfTwo(below).concat(powerOfTwo(2 * below).filter((_, k) => k % 2 === 0)
    .slice(0, heads - below));
}

/** T5's bucket of a relative position, 32 buckets up to 128, both directions
 *  (pe.relatives.t5_bucket). */
export function t5Bucket(rel, numBuckets = 32, maxDistance = 128) {
  const buckets = numBuckets / 2;
  const n = Math.abs(rel);
  const exact = buckets / 2;
  const start = rel > 0 ? buckets : 0;
  if (n < exact) return start + n;
  const large = exact + Math.trunc(Math.log(n / exact) / Math.log(maxDistance / exact)
    * (buckets - exact));
  return start + Math.min(large, buckets - 1);
}

/** The answer of each problem from its parameters, with pe.homework's formulas. */
export const ANSWERS = {
  entry: ({ d, pos, i }) => Math.sin(pos / BASE ** (2 * i / d)),
  wavelength: ({ d, i }) => 2 * Math.PI * BASE ** (2 * i / d),
  rotary: ({ d, i, m, n }) => Math.cos((m - n) * BASE ** (-2 * i / d)),
  learned: ({ rows, train }) => rows - train,
  extrapolation: ({ d, length }) => {
    let count = 0;
    for (let i = 0; i < d / 2; i += 1) if (2 * Math.PI * BASE ** (2 * i / d) > length - 1) count += 1;
    return count;
  },
  t5: ({ rel }) => t5Bucket(rel),
  alibi: ({ heads, head, back }) => -alibiSlopes(heads)[head - 1] * back,
};

/** The numeric answers for ``seed``: ``{slug: answer}`` (pe.homework.answers). */
export function answers(spec, seed) {
  const params = draw(spec, seed);
  const out = {};
  for (const [slug, values] of Object.entries(params)) {
    if (slug in ANSWERS) out[slug] = ANSWERS[slug](values);
  }
  return out;
}

/** A parameter as the sheet writes it (pe.homework: thousands separated, a true minus). */
export function shown(value) {
  return value.toLocaleString("en-US").replace("-", "\u2212");
}

/** Puts the sheet for ?seed= into the page: parameters, answers, the seed and address. */
function apply(doc, search) {
  const spec = JSON.parse(doc.getElementById("pe-hw-spec").textContent);
  const asked = new URLSearchParams(search).get("seed");
  if (asked === null) return;
  const status = doc.getElementById("pe-hw-status");
  const { seed, error } = parseSeed(asked);
  if (error) {
    status.textContent = `This is the sheet for seed ${status.dataset.seed}: ${error}.`;
    status.hidden = false;
    return;
  }
  const params = draw(spec, seed);
  const values = answers(spec, seed);
  for (const el of doc.querySelectorAll("[data-pe-hw]")) {
    const [slug, name] = el.dataset.peHw.split(".");
    if (params[slug] && name in params[slug]) el.textContent = shown(params[slug][name]);
  }
  for (const form of doc.querySelectorAll("form.pe-answer[data-pe-hw-answer]")) {
    form.dataset.answer = String(values[form.dataset.peHwAnswer]);
  }
  for (const el of doc.querySelectorAll(".pe-hw-seed")) el.textContent = String(seed);
  for (const el of doc.querySelectorAll(".pe-sheet-address")) {
    el.textContent = `${el.textContent.replace(/\?.*$/, "")}?seed=${seed}`;
  }
  const box = doc.getElementById("pe-hw-seed-input");
  if (box) box.value = String(seed);
}

if (typeof document !== "undefined") apply(document, window.location.search);
