// The sinusoidal positional encoding in the browser, computed as `pe.encoding` does.
//
// Exact path (every number the page shows or exposes):
//   omega_i = Math.pow(base, -2 * i / d)        (numpy: np.power(base, -2.0 * i / d))
//   angle   = pos * omega_i                       (one float64 multiplication, as numpy)
//   PE[pos, sin column of pair i] = Math.sin(angle), PE[pos, cos column] = Math.cos(angle)
// The exponent and the product are rounded exactly like numpy's. V8's pow and glibc's
// pow are faithfully rounded (each returns one of the two doubles around the exact value;
// measured within 0.84 and 0.62 ulp) but not correctly rounded, so they differ by at most
// one ulp of omega (< 1.2e-16 absolute, as omega <= 1), depending on versions; so the
// angles differ by at most |pos| * 2**-53 plus one rounding of the product: below
// 4.6e-13 for |pos| < 4096 and 9.1e-13 for |pos| < 8192 (the page never goes past
// 8190). sin/cos themselves agree to an ulp, so |browser - pe| <= 1e-12 throughout.
//
// Fast path (pictures only: the heatmap colours and the similarity-vs-offset curve):
// consecutive positions are reached by the angle-addition recurrence, re-seeded with
// exact sin/cos every RESYNC rows, so the drift stays near 1e-14 -- far below the
// 1/255 resolution of a colour -- at a small fraction of the cost of one sin and one
// cos per cell.

export const RESYNC = 32;

/** Number of sine columns, ceil(d / 2): one per frequency. */
export const pairCount = (d) => (d + 1) >> 1;
/** Number of cosine columns, floor(d / 2): an odd d_model has one unpaired sine. */
export const cosCount = (d) => d >> 1;

/** omega_i = base ** (-2 i / d), float64, i = 0 .. ceil(d/2) - 1. */
export function frequencies(d, base) {
  const n = pairCount(d);
  const w = new Float64Array(n);
  for (let i = 0; i < n; i++) w[i] = Math.pow(base, (-2 * i) / d);
  return w;
}

/** Wavelength 2*pi*base**(2i/d) of pair i, in positions (evaluated as pe.wavelengths). */
export const wavelength = (i, d, base) => 2 * Math.PI * Math.pow(base, (2 * i) / d);

/** Column of the sine (kind 0) or cosine (kind 1) of pair i. */
export function column(i, kind, d, layout) {
  if (layout === "split") return kind === 0 ? i : pairCount(d) + i;
  return 2 * i + kind;
}

/** {pair, kind} of column j: kind 0 is sine, 1 is cosine. */
export function columnInfo(j, d, layout) {
  if (layout === "split") {
    const n = pairCount(d);
    return j < n ? { pair: j, kind: 0 } : { pair: j - n, kind: 1 };
  }
  return { pair: j >> 1, kind: j & 1 };
}

/** PE(pos) as a Float64Array of length d, exactly as one row of pe.encoding. */
export function row(pos, d, w, layout, out = new Float64Array(d)) {
  const n = w.length;
  const nc = cosCount(d);
  const split = layout === "split";
  for (let i = 0; i < n; i++) {
    const a = pos * w[i];
    out[split ? i : 2 * i] = Math.sin(a);
    if (i < nc) out[split ? n + i : 2 * i + 1] = Math.cos(a);
  }
  return out;
}

/** One entry PE[pos, j], exactly. */
export function value(pos, j, d, w, layout) {
  const { pair, kind } = columnInfo(j, d, layout);
  const a = pos * w[pair];
  return kind === 0 ? Math.sin(a) : Math.cos(a);
}

export function dot(x, y) {
  let s = 0;
  for (let j = 0; j < x.length; j++) s += x[j] * y[j];
  return s;
}

/** Cosine similarity and Euclidean distance of two vectors (cosine null for a zero vector). */
export function compareVectors(x, y) {
  let xy = 0, xx = 0, yy = 0, dd = 0;
  for (let j = 0; j < x.length; j++) {
    xy += x[j] * y[j];
    xx += x[j] * x[j];
    yy += y[j] * y[j];
    const t = x[j] - y[j];
    dd += t * t;
  }
  const den = Math.sqrt(xx) * Math.sqrt(yy);
  return { cosine: den > 0 ? xy / den : null, distance: Math.sqrt(dd), dot: xy };
}

/**
 * PE(a) against PE(b), and PE(a + shift) against PE(b + shift): cosine similarity and
 * distance of each pair and their difference (the shifted pair may lie past the last row).
 */
export function comparePositions(a, b, shift, d, w, layout) {
  const r = compareVectors(row(a, d, w, layout), row(b, d, w, layout));
  const s = compareVectors(row(a + shift, d, w, layout), row(b + shift, d, w, layout));
  return {
    a, b, shift,
    cosine: r.cosine, distance: r.distance,
    shifted: { a: a + shift, b: b + shift, cosine: s.cosine, distance: s.distance },
    difference: { cosine: r.cosine === null || s.cosine === null ? null : s.cosine - r.cosine, distance: s.distance - r.distance },
  };
}

/**
 * Heatmap colours of the L x d matrix, as an image of C x R pixels (C <= d, R <= L) into
 * `pixels` (Uint32, row-major), with `lut` (256 packed colours for values -1 .. 1). Pixel
 * (x, y) shows the cell under its centre: column floor((2x+1) d / 2C), row
 * floor((2y+1) L / 2R) -- what a nearest-neighbour downscale of the full image shows, at
 * a fraction of the cost. With C = d and R = L it is the full matrix, one pixel per cell.
 * Rows advance by the angle-addition recurrence (steps of q or q+1 rows), re-seeded with
 * exact sin/cos every RESYNC image rows; see the header.
 */
export function paintMatrix(L, d, w, layout, lut, pixels, C = d, R = L) {
  const n = w.length;
  // Which pair and which function each image column shows; the pairs needed, compacted.
  const slotOf = new Int32Array(n).fill(-1);
  const colSlot = new Int32Array(C), colCos = new Uint8Array(C);
  const used = [];
  for (let x = 0; x < C; x++) {
    const j = Math.floor(((2 * x + 1) * d) / (2 * C));
    const { pair, kind } = columnInfo(j, d, layout);
    if (slotOf[pair] < 0) {
      slotOf[pair] = used.length;
      used.push(pair);
    }
    colSlot[x] = slotOf[pair];
    colCos[x] = kind;
  }
  const m = used.length;
  const wk = Float64Array.from(used, (i) => w[i]);
  const q = Math.floor(L / R);
  const cq = new Float64Array(m), sq = new Float64Array(m), cq1 = new Float64Array(m), sq1 = new Float64Array(m);
  for (let k = 0; k < m; k++) {
    cq[k] = Math.cos(q * wk[k]);
    sq[k] = Math.sin(q * wk[k]);
    cq1[k] = Math.cos((q + 1) * wk[k]);
    sq1[k] = Math.sin((q + 1) * wk[k]);
  }
  // vals[2k] = sin, vals[2k+1] = cos of the current row's angle for pair used[k].
  const vals = new Float64Array(2 * m);
  const colIdx = new Int32Array(C);
  for (let x = 0; x < C; x++) colIdx[x] = 2 * colSlot[x] + colCos[x];
  let prev = 0;
  for (let y = 0; y < R; y++) {
    const p = Math.floor(((2 * y + 1) * L) / (2 * R));
    if (y % RESYNC === 0) {
      for (let k = 0; k < m; k++) {
        const a = p * wk[k];
        vals[2 * k] = Math.sin(a);
        vals[2 * k + 1] = Math.cos(a);
      }
    } else {
      const big = p - prev > q;
      const ct = big ? cq1 : cq, st = big ? sq1 : sq;
      for (let k = 0; k < m; k++) {
        const sp = vals[2 * k], cp = vals[2 * k + 1];
        vals[2 * k] = sp * ct[k] + cp * st[k];
        vals[2 * k + 1] = cp * ct[k] - sp * st[k];
      }
    }
    prev = p;
    const rowStart = y * C;
    for (let x = 0; x < C; x++) pixels[rowStart + x] = lut[((vals[colIdx[x]] + 1) * 127.5 + 0.5) | 0];
  }
}

/** The benchmark's baseline: every cell of the full L x d matrix with its own sin or cos. */
export function paintMatrixNaive(L, d, w, layout, lut, pixels) {
  const x = new Float64Array(d);
  for (let p = 0; p < L; p++) {
    row(p, d, w, layout, x);
    for (let j = 0; j < d; j++) pixels[p * d + j] = lut[((x[j] + 1) * 127.5 + 0.5) | 0];
  }
}

/**
 * S(t) = sum_{i < floor(d/2)} cos(t w_i) for t = 0 .. L-1: the dot product of two encodings
 * whose positions differ by t (or -t), without the unpaired column of an odd d. It does not
 * depend on the positions, so one table serves every choice of A. Fast path: recurrence.
 */
export function offsetSums(L, d, w, naive = false) {
  const nc = cosCount(d);
  const acc = new Float64Array(L);
  const step = naive ? 1 : RESYNC;
  for (let i = 0; i < nc; i++) {
    const wi = w[i];
    const s1 = Math.sin(wi), c1 = Math.cos(wi);
    for (let t0 = 0; t0 < L; t0 += step) {
      let s = Math.sin(t0 * wi), c = Math.cos(t0 * wi);
      acc[t0] += c;
      const end = Math.min(L, t0 + step);
      for (let t = t0 + 1; t < end; t++) {
        const sp = s;
        s = sp * c1 + c * s1;
        c = c * c1 - sp * s1;
        acc[t] += c;
      }
    }
  }
  return acc;
}

/**
 * Cosine similarity of PE(a) with PE(b) for every b in 0..L-1 (for the plot), from the
 * offset sums: PE(a).PE(b) = S(|b - a|) + [d odd] sin(a w_l) sin(b w_l), and
 * |PE(b)|^2 = floor(d/2) + [d odd] sin^2(b w_l).
 */
export function similarityCurve(a, L, d, w, sums = offsetSums(Math.max(L, a + 1), d, w)) {
  const nc = cosCount(d);
  const odd = d % 2 === 1;
  const wl = w[w.length - 1];
  const sa = odd ? Math.sin(a * wl) : 0;
  const na = Math.sqrt(nc + sa * sa);
  const out = new Float64Array(L);
  for (let b = 0; b < L; b++) {
    const sb = odd ? Math.sin(b * wl) : 0;
    const den = na * Math.sqrt(nc + sb * sb);
    out[b] = den > 0 ? (sums[Math.abs(b - a)] + sa * sb) / den : NaN;
  }
  return out;
}

/**
 * R(k) PE(pos) against PE(pos + k), pair by pair (paired columns only; for odd d the
 * last sine column has no partner and is excluded). Same formulas as pe.rotation.
 */
export function rotate(pos, k, d, w, layout) {
  const nc = cosCount(d);
  const x = row(pos, d, w, layout);
  const y = row(pos + k, d, w, layout);
  const rotated = new Float64Array(d).fill(NaN);
  const pairs = [];
  let maxAbs = 0, sq = 0;
  for (let i = 0; i < nc; i++) {
    const js = column(i, 0, d, layout), jc = column(i, 1, d, layout);
    const t = k * w[i];
    const ct = Math.cos(t), st = Math.sin(t);
    const rs = ct * x[js] + st * x[jc];
    const rc = -st * x[js] + ct * x[jc];
    rotated[js] = rs;
    rotated[jc] = rc;
    const es = rs - y[js], ec = rc - y[jc];
    const r = Math.max(Math.abs(es), Math.abs(ec));
    maxAbs = Math.max(maxAbs, r);
    sq += es * es + ec * ec;
    pairs.push({ pair: i, angle: t, from: [x[js], x[jc]], rotated: [rs, rc], target: [y[js], y[jc]], residual: r });
  }
  return { x, y, rotated, pairs, maxResidual: maxAbs, normResidual: Math.sqrt(sq) };
}
