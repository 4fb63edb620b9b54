// The checker's diagnosis, a line-by-line port of pe/diagnose.py (read its docstrings for the
// method). Pure: no DOM, no I/O, so the tests run it in Node on the same tables as the CLI and
// compare the two verdicts (tests/checker/test_checker_parity.py).
//
//   diagnose(rows, dtype)  rows: arrays of numbers (positions x width); dtype "float16",
//                          "float32" or "float64"; returns the dict of Diagnosis.to_dict()
//                          plus text(), or throws DiagnoseError
//   parseTable(text)       rows of numbers from pasted text, as pe.diagnose.parse_table
//   MISTAKES, VARIANTS     code -> description, as in pe.diagnose

export class DiagnoseError extends Error {
  constructor(message) {
    super(message);
    this.name = "DiagnoseError";
  }
}

export const MISTAKES = {
  "i-for-2i": "the exponent uses i/d where the paper has 2i/d (the 2 dropped)",
  "2j-for-2i": "the exponent uses 2j/d with j the column index, i.e. 4i/d (the 2 applied twice)",
  "exponent-sign": "the position is multiplied by base^(2i/d) instead of divided by it",
  "spacing-d2-minus-1":
    "the exponent is divided by d/2 - 1 instead of d/2 " +
    "(tensor2tensor's spacing in a table that otherwise follows another layout)",
  "sin-cos-swapped": "cosines stand where the sines belong",
  "odd-width-last-column": "an odd width's last column is zero instead of the last sine",
  "position-offset": "positions start somewhere other than 0",
  "batch-repeat":
    "each position's row is repeated over consecutive rows (a batch axis taken for the sequence axis)",
  transposed: "the table is transposed: its columns are the positions",
  "zero-rows": "some rows are all zeros: positions left unfilled",
  "float16-result": "the values are rounded to float16",
  "float16-angles":
    "the angles are computed in float16 (positions and frequencies rounded before the sine), " +
    "as a layer computing in float16 under mixed precision does",
  scaled: "the table is multiplied by a constant",
};

export const VARIANTS = {
  marian: "the paper's numbers with all sines first, then all cosines",
  "guided-diffusion": "the paper's numbers with all cosines first, then all sines",
  tensor2tensor:
    "all sines, then all cosines, with the spacing base^(-i/(d/2 - 1)) and a zero column for odd widths",
  fairseq: "tensor2tensor's table with one row of zeros (fairseq's padding_idx row)",
  "other-base": "a base other than the paper's 10000",
};

const IMPLEMENTATIONS = {
  paper: [
    "pe.encoding",
    "the PyTorch tutorial's PositionalEncoding",
    "The Annotated Transformer",
    "Hugging Face DistilBERT/XLM",
    "Keras SinePositionEncoding (float32)",
  ],
  marian: [
    "Hugging Face Marian",
    "the TensorFlow Transformer tutorial (even widths)",
    "pe.encoding(layout='split')",
  ],
  "guided-diffusion": ["guided-diffusion's timestep_embedding"],
  tensor2tensor: [
    "tensor2tensor's get_timing_signal_1d",
    "fairseq's table without its padding row",
    "Whisper's sinusoids (even widths)",
    "DDPM's get_timestep_embedding",
  ],
  fairseq: ["fairseq's SinusoidalPositionalEmbedding"],
};

const LAYOUTS = ["interleaved", "split-sin-first", "split-cos-first", "interleaved-cos-first"];
const SPACINGS = ["paper", "d2-1", "i-for-2i", "2j-for-2i"];
const ROUNDINGS = ["none", "float16-result", "float16-angles"];
const PAPER_BASE = 10000;
const COMPUTE_ULPS = 16;
const EPS32 = 2 ** -23;
const EPS16 = 2 ** -10;
const SCREEN_ROWS = 32;

const SPACING_WORDS = {
  paper: "the paper's 2i/d",
  "d2-1": "tensor2tensor's i/(d/2 - 1)",
  "i-for-2i": "i/d",
  "2j-for-2i": "4i/d",
};

const LAYOUT_WORDS = {
  interleaved: "interleaved, sin then cos in each pair (the paper's)",
  "interleaved-cos-first": "interleaved, cos then sin in each pair",
  "split-sin-first": "split, all sines first, then all cosines",
  "split-cos-first": "split, all cosines first, then all sines",
};

const HEADS = {
  paper: "matches the paper's encoding (Attention Is All You Need, Section 3.5).",
  variant: "a known variant of the paper's encoding, not the paper's table itself.",
  mistakes: "not the paper's encoding: the known mistakes below explain it.",
  unknown: "not a known variant: no explanation the checker knows fits this table.",
};

// ------------------------------------------------------------------------- numbers

/** As Python's f"{x:.4g}" / f"{x:.3e}" in pe.diagnose._fmt. */
export function fmt(x) {
  if (!Number.isFinite(x)) return Number.isNaN(x) ? "nan" : x > 0 ? "inf" : "-inf";
  if (x === Math.trunc(x) && Math.abs(x) < 1e7) return String(x);
  if (Math.abs(x) >= 1e-3 && Math.abs(x) < 1e6) {
    const s = x.toPrecision(4);
    if (s.includes("e")) return pyExp(Number(s).toExponential(3).replace(/\.?0+e/, "e"));
    return s.includes(".") ? s.replace(/\.?0+$/, "") : s;
  }
  return pyExp(x.toExponential(3));
}

function pyExp(s) {
  // "2.979e-8" -> "2.979e-08", as Python writes exponents (at least two digits).
  return s.replace(/e([+-])(\d)$/, "e$10$2");
}

/** x rounded to the nearest float16 (ties to even), as NumPy's astype(float16). */
export function round16(x) {
  if (!Number.isFinite(x) || x === 0) return x;
  const a = Math.abs(x);
  if (a >= 65520) return x > 0 ? Infinity : -Infinity; // beyond 65504 + half an ulp
  const e = Math.max(exponentOf(a), -14);
  const q = 2 ** (e - 10);
  const r = a / q;
  let n = Math.floor(r);
  const frac = r - n;
  if (frac > 0.5 || (frac === 0.5 && n % 2 === 1)) n += 1;
  return Math.sign(x) * n * q;
}

/** floor(log2(a)) exactly, for a > 0. */
function exponentOf(a) {
  let e = Math.floor(Math.log2(a));
  if (2 ** e > a) e -= 1;
  if (2 ** (e + 1) <= a) e += 1;
  return e;
}

function spacing(top, mantissaBits) {
  return 2 ** (exponentOf(Math.max(top, 1)) - mantissaBits);
}

// ------------------------------------------------------------------------- input

const TOKEN =
  /(?<number>[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?:nan|inf(?:inity)?)(?!\w))|(?<word>[A-Za-z_][\w.]*)|(?<other>[^\s,;()]+)/gi;

function numbers(chunk) {
  const out = [];
  for (const m of chunk.matchAll(TOKEN)) {
    if (m.groups.number !== undefined) out.push(parseNumber(m.groups.number));
    else if (m.groups.other !== undefined)
      throw new DiagnoseError(`not a number: '${m.groups.other.slice(0, 30)}'`);
  }
  return out;
}

function parseNumber(tok) {
  const t = tok.toLowerCase();
  if (/nan$/.test(t)) return NaN;
  if (/inf(inity)?$/.test(t)) return t.startsWith("-") ? -Infinity : Infinity;
  return Number(tok);
}

/** Rows of numbers from text, as pe.diagnose.parse_table. */
export function parseTable(text) {
  const lines = text.split(/\r\n|\r|\n/).filter((ln) => !ln.trimStart().startsWith("#"));
  let body = lines.join("\n");
  if (body.includes("...") || body.includes("…"))
    throw new DiagnoseError(
      "the text is a summarised print-out ('...' stands for rows or columns left out); " +
        "print the whole table, e.g. with np.set_printoptions(threshold=sys.maxsize) " +
        "or torch.set_printoptions(profile='full')",
    );
  body = body.replace(/dtype\s*=\s*[\w.]+/g, " ");
  let rows = [];
  if (body.includes("[")) {
    let depth = 0;
    let maxDepth = 0;
    let current = null;
    for (const m of body.matchAll(/\[|\]|[^[\]]+/g)) {
      const tok = m[0];
      if (tok === "[") {
        depth += 1;
        maxDepth = Math.max(maxDepth, depth);
        current = [];
      } else if (tok === "]") {
        if (current !== null) rows.push(current);
        current = null;
        depth -= 1;
      } else if (current !== null) {
        current.push(...numbers(tok));
      } else if (numbers(tok).length) {
        throw new DiagnoseError(`numbers outside brackets near '${tok.trim().slice(0, 30)}'`);
      }
    }
    if (maxDepth > 2)
      throw new DiagnoseError(
        `the text has ${maxDepth} levels of brackets, a table has 2 (rows of numbers): ` +
          "a leading batch axis? print one sequence, e.g. table[0]",
      );
  } else {
    for (const line of body.split("\n")) {
      const nums = numbers(line);
      if (nums.length) rows.push(nums);
    }
  }
  rows = rows.filter((r) => r.length);
  if (!rows.length) throw new DiagnoseError("no numbers found: paste rows of numbers, one row per position");
  const widths = [...new Set(rows.map((r) => r.length))].sort((a, b) => a - b);
  if (widths.length > 1)
    throw new DiagnoseError(
      `rows have different lengths (${widths.join(", ")} numbers): every row of a table has the same width`,
    );
  return rows;
}

function validated(rows) {
  if (!Array.isArray(rows) || !rows.every((r) => Array.isArray(r) || ArrayBuffer.isView(r)))
    throw new DiagnoseError("a table has 2 axes (positions, width): give rows of numbers");
  const n = rows.length;
  const d = n ? rows[0].length : 0;
  if (rows.some((r) => r.length !== d))
    throw new DiagnoseError("rows have different lengths: every row of a table has the same width");
  if (n && d === 0) throw new DiagnoseError(`the table has a width of 0 (shape (${n}, 0))`);
  if (n < 2) throw new DiagnoseError(`the table needs at least 2 rows (positions), got ${n}`);
  for (let r = 0; r < n; r++)
    for (let j = 0; j < d; j++) {
      const v = rows[r][j];
      if (typeof v !== "number") throw new DiagnoseError("the table must hold real numbers");
      if (!Number.isFinite(v))
        throw new DiagnoseError(
          `the table holds NaN or infinity (first at row ${r}, column ${j}): ` +
            "an encoding is always finite; an overflow in float16?",
        );
    }
  return rows.map((r) => Float64Array.from(r));
}

// ------------------------------------------------------------------------- precision

function precisionOf(values, dtype) {
  let top = 0;
  for (const row of values) for (const v of row) top = Math.max(top, Math.abs(v));
  const all = (f) => values.every((row) => row.every((v) => f(v) === v));
  if (dtype === "float16" || (dtype === "float64" && all(round16))) {
    const ulp = spacing(top, 10);
    return { resolution: ulp / 2, unit: ulp, unitName: "ulp of float16", words: "float16 values" };
  }
  if (dtype === "float32" || all(Math.fround)) {
    const ulp = spacing(top, 23);
    return { resolution: ulp / 2, unit: ulp, unitName: "ulp of float32", words: "float32 values" };
  }
  const decimals = printedDecimals(values, top);
  if (decimals <= 12) {
    const last = 10 ** -decimals;
    return {
      resolution: last / 2,
      unit: last,
      unitName: "units of the last printed digit",
      words: `printed to ${decimals} decimals`,
    };
  }
  const ulp = spacing(top, 52);
  return { resolution: ulp / 2, unit: ulp, unitName: "ulp of float64", words: "float64 values" };
}

function printedDecimals(values, top) {
  let most = 0;
  for (const row of values.slice(0, SCREEN_ROWS))
    for (const v of row) {
      if (Math.abs(v) < 0.1 * top || v === 0) continue;
      const [mantissa, exp] = String(v).split("e");
      const frac = (mantissa.split(".")[1] || "").replace(/0+$/, "");
      most = Math.max(most, frac.length - (exp ? Number(exp) : 0));
    }
  return most;
}

// ------------------------------------------------------------------------- candidates

function columnsOf(layout, odd, d) {
  const h = Math.floor(d / 2);
  const lone = d % 2 === 1;
  const func = new Int32Array(d);
  const pair = new Int32Array(d);
  const range = (a, b) => Array.from({ length: b - a }, (_, k) => a + k);
  let sinCols, cosCols, loneCol;
  if (layout.startsWith("interleaved")) {
    sinCols = range(0, h).map((i) => 2 * i);
    cosCols = range(0, h).map((i) => 2 * i + 1);
    if (layout === "interleaved-cos-first") [sinCols, cosCols] = [cosCols, sinCols];
    loneCol = d - 1;
  } else {
    const nSin = lone && odd === "sin" ? h + 1 : h;
    let first = range(0, nSin);
    let second = range(nSin, nSin + h);
    if (layout === "split-cos-first") {
      first = range(0, h);
      second = range(h, h + nSin);
      sinCols = second.slice(0, h);
      cosCols = first;
    } else {
      sinCols = first.slice(0, h);
      cosCols = second;
    }
    loneCol = odd === "sin" ? (layout === "split-cos-first" ? second.at(-1) : first.at(-1)) : d - 1;
  }
  sinCols.forEach((s, i) => {
    func[s] = 0;
    pair[s] = i;
    func[cosCols[i]] = 1;
    pair[cosCols[i]] = i;
  });
  let nFreq = h;
  if (lone) {
    if (odd === "sin") {
      func[loneCol] = 0;
      pair[loneCol] = h;
      nFreq = h + 1;
    } else {
      func[loneCol] = 2;
      pair[loneCol] = 0;
    }
  }
  return { func, pair, nFreq, pairs: sinCols.map((s, i) => [s, cosCols[i]]) };
}

function exponents(kind, nFreq, d) {
  const out = new Float64Array(nFreq);
  for (let i = 0; i < nFreq; i++) {
    if (kind === "paper") out[i] = (2 * i) / d;
    else if (kind === "i-for-2i") out[i] = i / d;
    else if (kind === "2j-for-2i") out[i] = (4 * i) / d;
    else out[i] = i / Math.max(Math.floor(d / 2) - 1, 1);
  }
  return out;
}

function frequencies(c, nFreq, d) {
  return exponents(c.spacing, nFreq, d).map((e) => Math.pow(c.base, c.sign < 0 ? -e : e));
}

/** The candidate's rows at the given positions, with the tolerance of every entry. */
function expected(c, cols, omega, positions, prec) {
  const d = cols.func.length;
  const tables = [];
  const tols = [];
  const omega16 = c.rounding === "float16-angles" ? omega.map(round16) : null;
  for (const p of positions) {
    const row = new Float64Array(d);
    const tol = new Float64Array(d);
    const p16 = omega16 ? round16(p) : 0;
    for (let j = 0; j < d; j++) {
      const f = cols.func[j];
      const w = cols.pair[j];
      let theta = omega16 ? round16(p16 * omega16[w]) : p * omega[w];
      let value = f === 0 ? Math.sin(theta) : f === 1 ? Math.cos(theta) : 0;
      theta = f === 2 ? 0 : Math.abs(theta);
      let t = prec.resolution + COMPUTE_ULPS * EPS32 * (1 + theta);
      if (c.rounding !== "none") {
        value = round16(value);
        t = t + EPS16 * Math.abs(value) + 2 ** -24;
      }
      if (c.rounding === "float16-angles") t = t + 2 * EPS16 * theta;
      row[j] = value;
      tol[j] = t;
    }
    tables.push(row);
    tols.push(tol);
  }
  return [tables, tols];
}

/** Largest |difference| in tolerances and in the table's units; rows are divided by scale. */
function scoreAndMaxAbs(rows, tables, tols, scale) {
  let score = 0;
  let maxAbs = 0;
  for (let r = 0; r < rows.length; r++)
    for (let j = 0; j < rows[r].length; j++) {
      const diff = Math.abs(rows[r][j] / scale - tables[r][j]);
      const ratio = diff / tols[r][j];
      if (Number.isNaN(ratio)) return [Infinity, Infinity];
      if (ratio > score) score = ratio;
      if (diff * scale > maxAbs) maxAbs = diff * scale;
    }
  return [score, maxAbs];
}

// ------------------------------------------------------------------------- structure

function sameRow(a, b) {
  for (let j = 0; j < a.length; j++) if (a[j] !== b[j]) return false;
  return true;
}

function structureOf(values) {
  const starts = [0];
  for (let r = 1; r < values.length; r++) if (!sameRow(values[r], values[r - 1])) starts.push(r);
  const lengths = starts.map((s, k) => (k + 1 < starts.length ? starts[k + 1] : values.length) - s);
  let repeat = 1;
  let rows = values;
  if (Math.max(...lengths) > 1 && (lengths.length === 1 || lengths.every((l) => l === lengths[0]))) {
    repeat = lengths[0];
    rows = starts.map((s) => values[s]);
  }
  const zeroRows = [];
  rows.forEach((row, r) => {
    if (row.every((v) => v === 0)) zeroRows.push(r);
  });
  return { rows, repeat, zeroRows };
}

function scaleOf(rows, cols, live) {
  if (!cols.pairs.length) return 1;
  const radius = [];
  rows.forEach((row, r) => {
    if (!live[r]) return;
    for (const [s, c] of cols.pairs) radius.push(Math.sqrt(row[s] * row[s] + row[c] * row[c]));
  });
  if (!radius.length) return 1;
  radius.sort((a, b) => a - b);
  const m = radius.length >> 1;
  return radius.length % 2 ? radius[m] : (radius[m - 1] + radius[m]) / 2;
}

function kappaOf(rows, cols, live) {
  const liveIdx = [];
  live.forEach((ok, r) => ok && liveIdx.push(r));
  if (cols.pairs.length < 2 || liveIdx.length < 2) return null;
  const consecutive = liveIdx.filter((r, k) => k > 0 && r - liveIdx[k - 1] === 1);
  if (!consecutive.length) return null;
  const steps = cols.pairs.map(([s, c]) => {
    let sum = 0;
    for (const r of consecutive) {
      let w = Math.atan2(rows[r][s], rows[r][c]) - Math.atan2(rows[r - 1][s], rows[r - 1][c]);
      w = w - 2 * Math.PI * Math.floor(w / (2 * Math.PI) + 0.5);
      sum += w;
    }
    return sum / consecutive.length;
  });
  if (!(steps[1] > 0)) return null;
  const k1 = -Math.log(steps[1]);
  let num = 0;
  let den = 0;
  for (let i = 1; i < steps.length; i++) {
    if (Math.exp(-k1 * i) < 2 && steps[i] > 0) {
      const weight = (steps[i] * i) ** 2;
      num += weight * (-Math.log(steps[i]) / i);
      den += weight;
    }
  }
  return den > 0 ? num / den : k1;
}

function startOf(c, cols, omega, rows, first, prec, scale) {
  if (!cols.pairs.length) return first;
  const order = [];
  for (let i = 0; i < cols.pairs.length; i++)
    if (omega[i] > 0 && omega[i] <= 1 + 1e-9) order.push([omega[i], i]);
  if (!order.length) return first;
  order.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const row = rows[first].map((v) => v / scale);
  let p = 0;
  order.forEach(([w, i], n) => {
    const [s, co] = cols.pairs[i];
    let theta = Math.atan2(row[s], row[co]);
    if (theta < 0) theta += 2 * Math.PI;
    if (n === 0) p = theta / w;
    else {
      const k = Math.floor((p * w - theta) / (2 * Math.PI) + 0.5);
      p = (theta + 2 * Math.PI * k) / w;
    }
  });
  const guess = Math.floor(p + 0.5);
  let best = guess;
  let bestErr = Infinity;
  for (const q of [guess, guess - 1, guess + 1]) {
    const [[table]] = expected(c, cols, omega, [q], prec);
    let err = 0;
    for (let j = 0; j < row.length; j++) err = Math.max(err, Math.abs(row[j] - table[j]));
    if (err < bestErr) {
      best = q;
      bestErr = err;
    }
  }
  return best - first;
}

function templateOf(c) {
  if (c.layout.startsWith("interleaved")) return "paper";
  if (c.layout === "split-cos-first") return "guided-diffusion";
  return c.spacing === "d2-1" ? "tensor2tensor" : "marian";
}

function candidatesOf(kappas, d, f16) {
  const odds = d % 2 ? ["sin", "zero"] : ["sin"];
  const roundings = ROUNDINGS.filter((r) => !(f16 && r === "float16-result"));
  const out = [];
  for (const kind of ["known", "rounded", "estimated"])
    for (const layout of LAYOUTS)
      for (const odd of odds) {
        const kappa = kappas[`${layout}/${odd}`];
        for (const sp of SPACINGS) {
          const step = exponents(sp, 2, d)[1];
          for (const sign of [-1, 1]) {
            let base;
            if (kind === "known") base = PAPER_BASE;
            else {
              if (kappa === null || step === 0 || kappa < 0 !== sign > 0) continue;
              base = Math.exp(Math.min(Math.abs(kappa) / step, 700));
              if (kind === "rounded") base = Number(base.toPrecision(3));
              if (!(base > 1 && base < 1e300) || base === PAPER_BASE) continue;
            }
            for (const rounding of roundings)
              out.push({
                layout,
                odd,
                spacing: sp,
                sign,
                base,
                baseKind: kind === "known" ? "known" : "estimated",
                rounding,
              });
          }
        }
      }
  return out;
}

function describe(c, d) {
  const sign = c.sign < 0 ? "" : " with the exponent's sign flipped";
  const odd = d % 2 ? ", last column " + (c.odd === "sin" ? "a lone sine" : "zero") : "";
  const kind = c.baseKind === "known" ? "" : " (estimated)";
  const rounding = c.rounding === "none" ? "" : `, ${c.rounding.replace("-", " ")}`;
  return (
    `${c.layout} layout, ${SPACING_WORDS[c.spacing]} spacing${sign}, ` +
    `base ${fmt(c.base)}${kind}${odd}${rounding}`
  );
}

function findingsOf(c, structure, start, scale, transposed, d) {
  const template = templateOf(c);
  const found = [];
  let deviations = 0;
  const add = (code, message, evidence, counts = true) => {
    found.push({ code, message, evidence });
    if (counts) deviations += 1;
  };
  const fairseq = template === "tensor2tensor" && structure.zeroRows.length === 1;
  if (transposed)
    add(
      "transposed",
      "the table is transposed: each column is one position",
      `read as ${d} columns, the rows fit once the table is turned`,
    );
  if (structure.repeat > 1 || structure.rows.length === 1) {
    const count = structure.rows.length > 1 ? structure.repeat : "every";
    add(
      "batch-repeat",
      "each position's row fills several consecutive rows: the table was indexed along " +
        "the batch axis, so all tokens of a sequence share one position",
      `${count} consecutive rows are identical; the distinct rows are positions ` +
        `${start} to ${start + structure.rows.length - 1}`,
    );
  }
  if (fairseq)
    add(
      "fairseq",
      VARIANTS.fairseq,
      `row ${structure.zeroRows[0]} is all zeros: padding_idx = ${structure.zeroRows[0]}`,
      false,
    );
  else if (template !== "paper")
    add(template, VARIANTS[template], "equals " + IMPLEMENTATIONS[template].join(", "), false);
  if (structure.zeroRows.length && !fairseq) {
    const rows = structure.zeroRows.slice(0, 8).join(", ");
    add(
      "zero-rows",
      "rows of zeros: those positions get no encoding at all",
      `rows ${rows}${structure.zeroRows.length > 8 ? " ..." : ""} are all zeros`,
    );
  }
  if (c.layout === "interleaved-cos-first")
    add(
      "sin-cos-swapped",
      "each pair holds the cosine first, the paper puts the sine first",
      "column 0 reads cos(pos), column 1 sin(pos)",
    );
  const templateSpacing = template === "tensor2tensor" ? "d2-1" : "paper";
  if (c.spacing !== templateSpacing) {
    let equivalent = "";
    if (c.spacing !== "d2-1") {
      const ratio = exponents(c.spacing, 2, d)[1] / exponents("paper", 2, d)[1];
      equivalent = `; the same as the paper's formula with base ${fmt(c.base ** ratio)}`;
    }
    const code = c.spacing === "d2-1" ? "spacing-d2-minus-1" : c.spacing;
    add(code, MISTAKES[code], `frequencies follow ${SPACING_WORDS[c.spacing]}${equivalent}`);
  }
  if (c.sign > 0)
    add(
      "exponent-sign",
      "the frequencies grow with the pair index instead of falling: the position is " +
        "multiplied by base^(2i/d) where the paper divides",
      `pair 1 turns ${fmt(frequencies(c, 2, d)[1])} rad per position, more than pair 0`,
    );
  const templateOdd = template === "tensor2tensor" || template === "guided-diffusion" ? "zero" : "sin";
  if (d % 2 && c.odd === "zero" && templateOdd === "sin")
    add(
      "odd-width-last-column",
      MISTAKES["odd-width-last-column"],
      `width ${d} is odd and the last column is all zeros`,
    );
  if (c.baseKind === "estimated")
    add(
      "other-base",
      `the base is about ${fmt(c.base)}, not the paper's 10000`,
      "estimated from how fast the pairs' angles turn",
    );
  if (start !== 0) {
    let note = "";
    if (template === "tensor2tensor" && start >= 1)
      note =
        "; fairseq numbers the real tokens from padding_idx + 1 " +
        `(padding_idx = ${start - 1} gives this)`;
    add(
      "position-offset",
      `the first row is position ${start}, not 0${note}`,
      `the angles of row 0 fit position ${start}`,
    );
  }
  if (Math.abs(scale - 1) > 0) {
    const sqrtD = Math.sqrt(d);
    const note =
      Math.abs(scale - sqrtD) <= 1e-3 * sqrtD
        ? ` = sqrt(${d}), the factor that belongs on the token embeddings`
        : "";
    add(
      "scaled",
      `every entry is multiplied by ${fmt(scale)}${note}`,
      `the sin/cos pairs have radius ${fmt(scale)}, not 1`,
    );
  }
  if (c.rounding === "float16-result")
    add(
      "float16-result",
      "the values are the right ones rounded to float16 (about 3 significant digits); " +
        "compute in float32 and cast at the end if the model needs more",
      "every entry equals the explanation's value rounded to float16",
    );
  if (c.rounding === "float16-angles")
    add(
      "float16-angles",
      "the angles are computed in float16: positions and frequencies are rounded to " +
        "float16 before the sine, so the error grows with the position " +
        "(as Keras' SinePositionEncoding under a float16 policy)",
      "the entries fit angles rounded to float16 and not the exact ones",
    );
  return { template, found, deviations };
}

// ------------------------------------------------------------------------- diagnose

function snap(scale, prec) {
  return Math.abs(scale - 1) <= Math.max(1e-3, 8 * prec.resolution) ? 1 : scale;
}

function analyse(values, prec, dtype, transposed) {
  const structure = structureOf(values);
  const rows = structure.rows;
  const n = rows.length;
  const d = rows[0].length;
  const live = rows.map((_, r) => !structure.zeroRows.includes(r));
  const liveIdx = [];
  live.forEach((ok, r) => ok && liveIdx.push(r));
  if (!liveIdx.length) return [null, []];
  const first = liveIdx[0];
  const screen = [...new Set([...liveIdx.slice(0, SCREEN_ROWS), ...liveIdx.slice(-SCREEN_ROWS)])].sort(
    (a, b) => a - b,
  );

  // Scale and spacing are read from the screened rows: they are the same in every row.
  const inScreen = new Set(screen);
  const sample = rows.map((_, r) => inScreen.has(r));
  const layouts = {};
  const scales = {};
  const kappas = {};
  for (const lay of LAYOUTS)
    for (const odd of ["sin", "zero"]) {
      const key = `${lay}/${odd}`;
      layouts[key] = columnsOf(lay, odd, d);
      scales[key] = scaleOf(rows, layouts[key], sample);
      kappas[key] = kappaOf(rows, layouts[key], sample); // angles: scale-free
    }
  const fits = [];
  candidatesOf(kappas, d, dtype === "float16").forEach((c, order) => {
    const key = `${c.layout}/${c.odd}`;
    const cols = layouts[key];
    const scale = snap(scales[key], prec);
    const p = { resolution: prec.resolution / scale };
    const omega = frequencies(c, cols.nFreq, d);
    const start = startOf(c, cols, omega, rows, first, p, scale);
    const [tables, tols] = expected(
      c,
      cols,
      omega,
      screen.map((r) => r + start),
      p,
    );
    const [score, maxAbs] = scoreAndMaxAbs(
      screen.map((r) => rows[r]),
      tables,
      tols,
      scale,
    );
    const { template, found, deviations } = findingsOf(c, structure, start, scale, transposed, d);
    fits.push({ c, start, scale, score, maxAbs, findings: found, template, complexity: deviations, order });
  });

  const full = (f) => {
    const cols = layouts[`${f.c.layout}/${f.c.odd}`];
    const p = { resolution: prec.resolution / f.scale };
    const omega = frequencies(f.c, cols.nFreq, d);
    const [tables, tols] = expected(
      f.c,
      cols,
      omega,
      liveIdx.map((r) => r + f.start),
      p,
    );
    const [score, maxAbs] = scoreAndMaxAbs(
      liveIdx.map((r) => rows[r]),
      tables,
      tols,
      f.scale,
    );
    return { ...f, score, maxAbs };
  };

  const fitting = fits
    .filter((f) => f.score <= 1)
    .sort((a, b) => a.complexity - b.complexity || a.order - b.order);
  for (let k = 0; k < fitting.length; k++) {
    const checked = full(fitting[k]);
    if (checked.score <= 1) return [checked, alternativesOf(checked, fitting.slice(k + 1), full)];
  }
  const closest = [];
  for (const f of [...fits].sort((a, b) => a.maxAbs - b.maxAbs || a.order - b.order)) {
    if (closest.every((g) => describe(g.c, d) !== describe(f.c, d))) closest.push(f);
    if (closest.length === 3) break;
  }
  return [null, closest.map(full)];
}

/** Other explanations as simple as the winner, with other codes, that fit as well. */
function alternativesOf(winner, rest, full) {
  const codesOf = (f) => f.findings.map((x) => x.code).join(" ");
  const seen = new Set([codesOf(winner)]);
  const out = [];
  for (const f of rest) {
    if (f.complexity !== winner.complexity || out.length === 3) break;
    if (f.c.rounding !== winner.c.rounding || seen.has(codesOf(f))) continue;
    if (full(f).score <= 1) {
      seen.add(codesOf(f));
      out.push(f);
    }
  }
  return out;
}

function transpose(values) {
  return Array.from(values[0], (_, j) => Float64Array.from(values, (row) => row[j]));
}

/** The diagnosis of rows (positions x width) stored as dtype; the dict of Diagnosis.to_dict(). */
export function diagnose(table, dtype = "float64") {
  const values = validated(table);
  if (!["float16", "float32", "float64"].includes(dtype)) dtype = "float64";
  const prec = precisionOf(values, dtype);
  const n = values.length;
  const d = values[0].length;
  let [fit, closest] = analyse(values, prec, dtype, false);
  if (fit === null || fit.complexity > 0) {
    const [turned, turnedClosest] = analyse(transpose(values), prec, dtype, true);
    if (turned !== null && (fit === null || turned.complexity < fit.complexity)) [fit, closest] = [turned, turnedClosest];
    else if (fit === null) closest = [...closest, ...turnedClosest].sort((a, b) => a.maxAbs - b.maxAbs).slice(0, 3);
  }
  const base = {
    shape: [n, d],
    dtype,
    precision: prec.words,
    unit: prec.unitName,
  };
  let result;
  if (fit === null) {
    result = {
      verdict: "unknown",
      matches_paper: false,
      codes: [],
      findings: [],
      ...base,
      layout: null,
      variant: null,
      implementations: [],
      base: null,
      base_estimated: false,
      start: null,
      scale: null,
      max_abs_error: null,
      error_units: null,
      alternatives: [],
      closest: closest.map((f) => ({
        description: f.findings.some((x) => x.code === "transposed")
          ? "the table transposed: " + describe(f.c, n)
          : describe(f.c, d),
        max_abs_error: Number.isFinite(f.maxAbs) ? f.maxAbs : null,
      })),
    };
  } else {
    const mistakes = fit.findings.some((f) => f.code in MISTAKES);
    const verdict = mistakes ? "mistakes" : fit.findings.length ? "variant" : "paper";
    const variant = fit.findings.some((f) => f.code === "fairseq") ? "fairseq" : fit.template;
    result = {
      verdict,
      matches_paper: verdict === "paper",
      codes: fit.findings.map((f) => f.code),
      findings: fit.findings,
      ...base,
      layout: fit.c.layout,
      variant,
      implementations:
        verdict !== "mistakes" && !fit.findings.some((f) => f.code === "other-base") ? IMPLEMENTATIONS[variant] : [],
      base: fit.c.base,
      base_estimated: fit.c.baseKind === "estimated",
      start: fit.start,
      scale: fit.scale,
      max_abs_error: fit.maxAbs,
      error_units: fit.maxAbs / prec.unit,
      alternatives: closest.map((f) => f.findings.map((x) => x.code)),
      closest: [],
    };
  }
  Object.defineProperty(result, "text", { value: () => textOf(result), enumerable: false });
  return result;
}

/** The verdict in plain words, as Diagnosis.text(). */
export function textOf(r) {
  const [n, d] = r.shape;
  const lines = [`Verdict: ${HEADS[r.verdict]}`, `Table: ${n} rows x ${d} columns, ${r.dtype} (${r.precision}).`];
  if (r.verdict !== "unknown") {
    lines.push(`Layout: ${LAYOUT_WORDS[r.layout]}.`);
    lines.push(`Base: ${fmt(r.base)}${r.base_estimated ? " (estimated)" : ""}. First position: ${r.start}.`);
    lines.push(
      `Largest difference from that explanation: ${fmt(r.max_abs_error)} = ${fmt(r.error_units)} ${r.unit}.`,
    );
    if (r.implementations.length) lines.push("Equals: " + r.implementations.join("; ") + ".");
  }
  for (const f of r.findings) lines.push(`- ${f.code}: ${f.message}. Evidence: ${f.evidence}.`);
  if (r.alternatives.length)
    lines.push(`Equally well explained by: ${r.alternatives.map((a) => a.join(", ")).join("; ")}.`);
  if (r.closest.length) {
    lines.push("Closest candidates (largest difference):");
    for (const c of r.closest) lines.push(`  ${fmt(c.max_abs_error ?? Infinity)}  ${c.description}`);
  }
  return lines.join("\n");
}
