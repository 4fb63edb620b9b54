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
  "column-exponent":
    "each column uses its own index j in the exponent (j/d where the paper has 2 * (j // 2) / d): " +
    "the cosine of pair i turns at base^(-(2i+1)/d) instead of sharing its sine's base^(-2i/d)",
  "column-exponent-2j":
    "the exponent is 2j/d with j the column index in every column (the // 2 of 2 * (j // 2) " +
    "left out): sines at base^(-4i/d), cosines at base^(-(4i+2)/d)",
  degrees:
    "the angles are in degrees: every frequency is multiplied by pi/180, as when the angle is " +
    "converted to radians although it already is in radians, or a sine in degrees is used",
  "log10-for-ln":
    "log10 where the natural logarithm belongs: exp(-log10(base) * 2i/d) is the paper's " +
    "formula with the base e^(log10 base), e^4 for 10000",
  "floor-division":
    "-log(base) / d // 2 floor-divides (Python's // binds as / does): the factor is -1, so the " +
    "frequencies are e^(-2i), the paper's formula with the base e^d",
};

export const VARIANTS = {
  marian: "the paper's numbers with all sines first, then all cosines",
  "guided-diffusion": "the paper's numbers with all cosines first, then all sines",
  tensor2tensor:
    "all sines, then all cosines, with the spacing base^(-i/(d/2 - 1)) and a zero column for odd widths",
  fairseq: "tensor2tensor's table with one row of zeros (fairseq's padding_idx row)",
  "other-base": "a base other than the paper's 10000",
  "first-columns": "the first columns of a wider table: its frequencies are those of a wider width",
};

/** The section that explains each finding and its fix, as <page>#<anchor> (pe/diagnose.py's PITFALLS). */
export const PITFALLS = {
  "i-for-2i": "pitfalls-formula#i-versus-2i-in-the-exponent",
  "2j-for-2i": "pitfalls-formula#i-versus-2i-in-the-exponent",
  "exponent-sign": "pitfalls-formula#multiply-instead-of-divide",
  "spacing-d2-minus-1": "pitfalls-formula#d-over-2-minus-1",
  "sin-cos-swapped": "pitfalls-formula#split-versus-interleaved",
  "odd-width-last-column": "pitfalls-formula#odd-widths",
  "position-offset": "pitfalls-use#left-padding",
  "batch-repeat": "pitfalls-use#batch-axis",
  transposed: "pitfalls-use#transposed",
  "zero-rows": "pitfalls-formula#positions-only-up-to-l2",
  "float16-result": "pitfalls-use#angles-in-low-precision",
  "float16-angles": "pitfalls-use#angles-in-low-precision",
  scaled: "pitfalls-use#scaled",
  "column-exponent": "pitfalls-formula#column-index-in-the-exponent",
  "column-exponent-2j": "pitfalls-formula#column-index-in-the-exponent",
  degrees: "pitfalls-formula#degrees-for-radians",
  "log10-for-ln": "pitfalls-formula#log10-for-ln",
  "floor-division": "pitfalls-formula#floor-division",
  marian: "pitfalls-formula#split-versus-interleaved",
  "guided-diffusion": "pitfalls-formula#split-versus-interleaved",
  tensor2tensor: "pitfalls-formula#d-over-2-minus-1",
  fairseq: "pitfalls-formula#d-over-2-minus-1",
  "other-base": "pitfalls-formula#other-base",
  "first-columns": "pitfalls-formula#first-columns",
};

/** Implementations that refuse or break at an odd width (docs/implementations.md). */
const EVEN_ONLY = new Set([
  "the PyTorch tutorial's PositionalEncoding",
  "The Annotated Transformer",
  "the TensorFlow Transformer tutorial",
  "Whisper's sinusoids",
]);

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
    "the TensorFlow Transformer tutorial",
    "pe.encoding(layout='split')",
  ],
  "guided-diffusion": ["guided-diffusion's timestep_embedding"],
  tensor2tensor: [
    "tensor2tensor's get_timing_signal_1d",
    "fairseq's table without its padding row",
    "Whisper's sinusoids",
    "DDPM's get_timestep_embedding",
  ],
  fairseq: ["fairseq's SinusoidalPositionalEmbedding"],
};

const LAYOUTS = ["interleaved", "split-sin-first", "split-cos-first", "interleaved-cos-first"];
const SPACINGS = ["paper", "d2-1", "i-for-2i", "2j-for-2i"];
const ROUNDINGS = ["none", "float16-result", "float16-angles"];
const MIN_ROWS_FOR_16 = 3; // pe.diagnose.MIN_ROWS_FOR_16
const PAPER_BASE = 10000;
const LOG10_BASE = Math.exp(Math.log10(PAPER_BASE));
const DEGREE = Math.PI / 180;
const F16_CLAIM_RESOLUTION = 2 ** -15;
const COMPUTE_ULPS = 16;
const EPS32 = 2 ** -23;
const COMPUTE_CAP = 0.05;
const F16_ANGLES_CAP = 0.1;
const EPS16 = 2 ** -10;
const TIE = 1e-9; // differences in one step of this are equal for the allowance shown (pe.diagnose.TIE)
const SCREEN_ROWS = 32;
const START_LIMIT = 2 ** 12;
const START_ROWS = 8;
const CLOSEST_ROWS = 4; // when nothing fits, the closest are measured on this many rows at each end
const MAX_POSITION = 2 ** 24; // float32 counts positions one apart up to here
const START_COLUMNS = 8;
const BLOCK = 64; // columns computed at a time by measure

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

function finite(x) {
  return Number.isFinite(x) ? x : null;
}

/** An allowed difference in words: "-" where there is none to show (pe.diagnose._allowed). */
export function allowedText(x) {
  return x === null ? "-" : fmt(x);
}

function pyExp(s) {
  // "2.979e-8" -> "2.979e-08", as Python writes exponents (at least two digits).
  return s.replace(/e([+-])(\d)$/, "e$10$2");
}

const BITS = new Float64Array(1);
const HIGH = new Uint32Array(BITS.buffer, 4, 1); // little-endian: the sign, exponent, top fraction
const ENDIAN_OK = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
const POW2 = Float64Array.from({ length: 2100 }, (_, k) => 2 ** (k - 1075)); // 2**e, exactly

/** x rounded to the nearest float16 (ties to even), as NumPy's astype(float16). The exponent
 * is read from the number's bits (Math.log2 was most of the checker's time on wide tables). */
export function round16(x) {
  if (!Number.isFinite(x) || x === 0) return x;
  const a = Math.abs(x);
  if (a >= 65520) return x > 0 ? Infinity : -Infinity; // beyond 65504 + half an ulp
  let e;
  if (ENDIAN_OK && a >= 2 ** -1022) {
    BITS[0] = a;
    e = ((HIGH[0] >>> 20) & 0x7ff) - 1023;
  } else e = exponentOf(a);
  const q = POW2[Math.max(e, -14) - 10 + 1075];
  const r = a / q;
  let n = Math.floor(r);
  const frac = r - n;
  if (frac > 0.5 || (frac === 0.5 && n % 2 === 1)) n += 1;
  return x < 0 ? -n * q : n * q;
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

/** A keyword argument of a print-out (pe.diagnose.KEYWORD): dtype=, device=, grad_fn=, shape=. */
const KEYWORD = /\b[A-Za-z_]\w*\s*=\s*(?:'[^']*'|"[^"]*"|<[^>]*>|\([^()]*\)|[\w.:+-]+)/g;
const INTEGER = /^[-+]?\d+$/;
// A plain decimal number: read with Number() without the full token pattern (most of the
// time on a large paste went to the pattern's named groups).
const PLAIN = /^-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;

/** Whether the characters of s from i to end are a plain decimal number
 * (-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?): 0 if not, 1 a whole number, 2 another. */
function plainKind(s, i, end) {
  if (s.charCodeAt(i) === 45) i++; // -
  let digits = 0;
  let kind = 1;
  while (i < end && isDigit(s.charCodeAt(i))) i++, digits++;
  if (i < end && s.charCodeAt(i) === 46) {
    i++;
    kind = 2;
    while (i < end && isDigit(s.charCodeAt(i))) i++, digits++;
  }
  if (!digits) return 0;
  const e = s.charCodeAt(i);
  if (i < end && (e === 101 || e === 69)) {
    i++;
    kind = 2;
    const sign = s.charCodeAt(i);
    if (sign === 43 || sign === 45) i++;
    let exp = 0;
    while (i < end && isDigit(s.charCodeAt(i))) i++, exp++;
    if (!exp) return 0;
  }
  return i === end ? kind : 0;
}

const isDigit = (c) => c >= 48 && c <= 57;
// Separators of pe.diagnose.TOKEN's pieces: whitespace, comma, semicolon and parentheses.
const isSeparator = (c) => c === 32 || c === 44 || c === 59 || c === 40 || c === 41 || (c >= 9 && c <= 13);

/** The numbers in chunk (pe.diagnose._tokens, read into numbers at once; that and a scan by
 * character codes instead of a split by pattern were most of the time on a large paste), with
 * what the pandas rules need: the first number as written, and whether the numbers are whole. */
function scan(chunk) {
  const nums = [];
  let first = null;
  let allInt = true;
  let restInt = true;
  const add = (text) => {
    const whole = INTEGER.test(text);
    if (first === null) first = text;
    else restInt &&= whole;
    allInt &&= whole;
    nums.push(parseNumber(text));
  };
  const n = chunk.length;
  let i = 0;
  while (i < n) {
    const c = chunk.charCodeAt(i);
    if (isSeparator(c)) {
      i++;
      continue;
    }
    let j = i;
    let ascii = true;
    while (j < n) {
      const k = chunk.charCodeAt(j);
      if (isSeparator(k)) break;
      if (k > 127) ascii = false;
      j++;
    }
    if (!ascii) {
      // Unicode spaces separate pieces too: the full pattern, on the rest of the chunk.
      for (const m of chunk.slice(i).matchAll(TOKEN)) {
        if (m.groups.number !== undefined) add(m.groups.number);
        else if (m.groups.other !== undefined)
          throw new DiagnoseError(`not a number: '${m.groups.other.slice(0, 30)}'`);
      }
      break;
    }
    const kind = plainKind(chunk, i, j);
    if (kind) {
      const text = chunk.slice(i, j);
      const whole = kind === 1;
      if (first === null) first = text;
      else restInt &&= whole;
      allInt &&= whole;
      nums.push(Number(text));
    } else
      for (const m of chunk.slice(i, j).matchAll(TOKEN)) {
        if (m.groups.number !== undefined) add(m.groups.number);
        else if (m.groups.other !== undefined)
          throw new DiagnoseError(`not a number: '${m.groups.other.slice(0, 30)}'`);
      }
    i = j;
  }
  return { nums, first, allInt, restInt };
}

function parseNumber(tok) {
  const v = Number(tok); // a decimal as Python's float() reads it; "nan", "inf" and "infinity" below
  if (!Number.isNaN(v)) return v;
  const t = tok.toLowerCase();
  if (/nan$/.test(t)) return NaN;
  if (/inf(inity)?$/.test(t)) return t.startsWith("-") ? -Infinity : Infinity;
  return Number(tok);
}

/** The text of a table file's bytes, as pe.diagnose.decode_text. */
export function decodeText(bytes) {
  if (bytes.length >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)))
    throw new DiagnoseError("the file is UTF-16 text, not UTF-8: save it as UTF-8 (Excel: CSV UTF-8) or as .npy");
  try {
    if (bytes.includes(0)) throw new TypeError("NUL");
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    throw new DiagnoseError(
      "the file is not text (it holds bytes that are no UTF-8 characters): save the table " +
        "as .csv or .txt text, or as .npy",
    );
  }
}

/** Rows of numbers from text, as pe.diagnose.parse_table (read its docstring for the rules). */
export function parseTable(text) {
  // Each step only where it changes something: a large paste is not copied for nothing.
  if (text.startsWith("\ufeff")) text = text.slice(1);
  if (text.includes("\u2212")) text = text.replaceAll("\u2212", "-");
  let body = text;
  if (/[\r\v\f\x1c-\x1e\x85\u2028\u2029]/.test(text) || /^\s*#/m.test(text))
    body = text
      .split(/\r\n|\r|\n|\v|\f|\x1c|\x1d|\x1e|\x85|\u2028|\u2029/)
      .filter((ln) => !ln.trimStart().startsWith("#"))
      .join("\n");
  if (body.includes("...") || body.includes("…"))
    throw new DiagnoseError(
      "the text is a summarised print-out ('...' stands for rows or columns left out); " +
        "print the whole table, e.g. with np.set_printoptions(threshold=sys.maxsize) " +
        "or torch.set_printoptions(profile='full')",
    );
  if (body.includes("=")) body = body.replace(KEYWORD, " ");
  let rows = body.includes("[") ? bracketRows(body) : lineRows(body);
  rows = rows.filter((r) => r.length);
  if (!rows.length) throw new DiagnoseError("no numbers found: paste rows of numbers, one row per position");
  const widths = [...new Set(rows.map((r) => r.length))].sort((a, b) => a - b);
  if (widths.length > 1)
    throw new DiagnoseError(
      `rows have different lengths (${widths.join(", ")} numbers): every row of a table has the same width`,
    );
  return rows;
}

function bracketRows(body) {
  let depth = 0;
  let maxDepth = 0;
  let group = 0;
  let current = null;
  const rows = [];
  const groups = [];
  for (const m of body.matchAll(/\[|\]|[^[\]]+/g)) {
    const tok = m[0];
    if (tok === "[") {
      depth += 1;
      maxDepth = Math.max(maxDepth, depth);
      if (depth === 2) group += 1;
      current = [];
    } else if (tok === "]") {
      if (current !== null) {
        rows.push(current);
        groups.push(group);
      }
      current = null;
      depth -= 1;
    } else if (current !== null) {
      for (const v of scan(tok).nums) current.push(v);
    } else if ([...tok.matchAll(TOKEN)].some((x) => x.groups.number !== undefined)) {
      throw new DiagnoseError(`numbers outside brackets near '${tok.trim().slice(0, 30)}'`);
    }
  }
  const perGroup = new Map();
  for (const g of groups) perGroup.set(g, (perGroup.get(g) ?? 0) + 1);
  if (maxDepth === 3 && (perGroup.size === 1 || Math.max(...perGroup.values()) === 1)) return rows;
  if (maxDepth > 2)
    throw new DiagnoseError(
      `the text has ${maxDepth} levels of brackets, a table has 2 (rows of numbers): ` +
        "a batch of several sequences? print one sequence, e.g. table[0]",
    );
  return rows;
}

function lineRows(body) {
  if (body.includes(";") || body.includes("\t")) {
    const commas = body.split(",").length - 1;
    if (commas && commas === (body.match(/\d,\d/g) ?? []).length) body = body.replaceAll(",", "."); // decimal commas
  }
  const rows = [];
  for (let line of body.split("\n")) {
    line = line.trimEnd();
    if (line.endsWith("\\")) line = line.slice(0, -1); // pandas' wrapped line
    const row = scan(line);
    if (row.nums.length) rows.push(row);
  }
  return withoutLabels(rows).map((r) => r.nums);
}

/** Whole numbers counting up by one from the first: column labels or an index. */
function labels(nums, whole) {
  return whole && nums.every((v, k) => v === nums[0] + k);
}

const withoutFirst = (r) => ({ nums: r.nums.slice(1), first: null, allInt: r.restInt, restInt: true });

/** rows (from scan) without pandas' header rows and index column (pe.diagnose._without_labels). */
function withoutLabels(rows) {
  const heads = [];
  for (let k = 0; k + 1 < rows.length; k++) {
    const next = rows[k + 1];
    if (labels(rows[k].nums, rows[k].allInt) && next.nums.length === rows[k].nums.length + 1 && INTEGER.test(next.first))
      heads.push(k);
  }
  if (heads.length && heads[0] === 0) {
    const ends = [...heads.slice(1), rows.length];
    const blocks = heads.map((h, k) => rows.slice(h + 1, ends[k]));
    const index = blocks[0].map((r) => r.first);
    const same = blocks.every(
      (block, k) =>
        block.length === index.length &&
        block.every((r, i) => r.first === index[i] && r.nums.length === rows[heads[k]].nums.length + 1),
    );
    if (same && labels(index.map(Number), index.every((t) => INTEGER.test(t))))
      return index.map((_, i) => ({ nums: blocks.flatMap((block) => block[i].nums.slice(1)) }));
  }
  const data = rows.slice(1);
  if (
    rows.length >= 2 &&
    rows[0].nums.length >= 3 &&
    labels(rows[0].nums, rows[0].allInt) &&
    rows[0].first === "0" &&
    data.every((r) => r.nums.length === rows[0].nums.length) &&
    !data.every((r) => r.allInt)
  )
    rows = data; // to_csv(index=False): a header of the labels 0 .. d-1
  const firsts = rows.map((r) => r.first);
  if (
    rows.length >= 2 &&
    rows.every((r) => r.nums.length >= 2) &&
    labels(firsts.map(Number), firsts.every((t) => INTEGER.test(t))) &&
    !rows.every((r) => r.restInt)
  )
    rows = rows.map(withoutFirst); // an index column
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
  if (n < 1) throw new DiagnoseError("the table has no rows (shape (0, 0))");
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
  return exponents(c.spacing, nFreq, d).map((e) => {
    const w = Math.pow(c.base, c.sign < 0 ? -e : e);
    return c.unit === "deg" ? w * DEGREE : w;
  });
}

/** Each column's frequency: its pair's, or for a shifted candidate's cosines half a step further. */
function columnFrequencies(c, cols, omega) {
  const d = cols.func.length;
  const freq = new Float64Array(d);
  let factor = 1;
  if (c.shift) {
    const half = exponents(c.spacing, 2, d)[1] / 2;
    factor = c.base ** (c.sign < 0 ? -half : half);
  }
  for (let j = 0; j < d; j++) {
    const w = omega.length ? omega[cols.pair[j]] : 0;
    freq[j] = c.shift && cols.func[j] === 1 ? w * factor : w;
  }
  return freq;
}

/** The candidate's row at position pos and the tolerance of every entry (of columns from to
 * end), written into values and tols (pe.diagnose._expected, one row); freq: columnFrequencies. */
function expectedRow(c, cols, freq, pos, p, values, tols, from = 0, end = values.length) {
  const f16 = c.rounding === "float16-angles";
  const p16 = f16 ? round16(pos) : 0;
  const noise = p.resolution + (c.rounding !== "none" ? EPS16 : 0);
  for (let j = from; j < end; j++) {
    const fn = cols.func[j];
    let theta = f16 ? round16(p16 * round16(freq[j])) : pos * freq[j];
    let value = fn === 0 ? Math.sin(theta) : fn === 1 ? Math.cos(theta) : 0;
    theta = fn === 2 ? 0 : Math.abs(theta);
    let t = p.resolution + Math.min(COMPUTE_ULPS * EPS32 * (1 + theta), COMPUTE_CAP);
    if (c.spread) t = t + c.spread * noise * cols.pair[j] * theta;
    if (c.rounding !== "none") {
      value = round16(value);
      t = t + EPS16 * Math.abs(value) + 2 ** -24;
    }
    if (f16) t = t + Math.min(2 * EPS16 * theta, F16_ANGLES_CAP);
    values[j] = value;
    tols[j] = t;
  }
}

/** The largest |row - the candidate's row at position q| (the values of expected(), without
 * their tolerances). */
function rowError(c, cols, omega, q, row) {
  const freq = columnFrequencies(c, cols, omega);
  const f16 = c.rounding === "float16-angles";
  const q16 = f16 ? round16(q) : 0;
  let err = 0;
  for (let j = 0; j < row.length; j++) {
    const f = cols.func[j];
    const theta = f16 ? round16(q16 * round16(freq[j])) : q * freq[j];
    let value = f === 0 ? Math.sin(theta) : f === 1 ? Math.cos(theta) : 0;
    if (c.rounding !== "none") value = round16(value);
    err = Math.max(err, Math.abs(row[j] - value));
  }
  return err;
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
  // A width of 1 is one sine, zero at position 0: no row of it is an unfilled one.
  const zeroRows = [];
  if (values[0].length > 1)
    rows.forEach((row, r) => {
      if (row.every((v) => v === 0)) zeroRows.push(r);
    });
  return { rows, repeat, zeroRows, single: rows.length === 1 && repeat === 1 };
}

function scaleOf(rows, cols, live) {
  if (!cols.pairs.length) return 1;
  let count = 0;
  for (let r = 0; r < rows.length; r++) if (live[r]) count += cols.pairs.length;
  const radius = new Float64Array(count); // sorts by value, fast
  let k = 0;
  for (let r = 0; r < rows.length; r++) {
    if (!live[r]) continue;
    const row = rows[r];
    for (const [s, c] of cols.pairs) radius[k++] = Math.sqrt(row[s] * row[s] + row[c] * row[c]);
  }
  if (!radius.length) return 1;
  radius.sort();
  const m = radius.length >> 1;
  const median = radius.length % 2 ? radius[m] : (radius[m - 1] + radius[m]) / 2;
  return median > 0 ? median : 1; // mostly zeros: no scale to read
}

/** Each pair's mean angle step between consecutive live rows (the part of kappaOf that does
 * not depend on the unit, computed once for both), or null. */
function angleSteps(rows, cols, live) {
  const liveIdx = [];
  live.forEach((ok, r) => ok && liveIdx.push(r));
  if (cols.pairs.length < 2 || liveIdx.length < 2) return null;
  const consecutive = liveIdx.filter((r, k) => k > 0 && r - liveIdx[k - 1] === 1);
  if (!consecutive.length) return null;
  return cols.pairs.map(([s, c]) => {
    let sum = 0;
    for (const r of consecutive) {
      let w = Math.atan2(rows[r][s], rows[r][c]) - Math.atan2(rows[r - 1][s], rows[r - 1][c]);
      w = w - 2 * Math.PI * Math.floor(w / (2 * Math.PI) + 0.5);
      sum += w;
    }
    return sum / consecutive.length;
  });
}

function kappaOf(meanSteps, unit = 1) {
  if (meanSteps === null) return null;
  const steps = meanSteps.map((w) => w / unit);
  if (!(steps[1] > 0)) return null;
  const k1 = -Math.log(steps[1]);
  let num = 0;
  let den = 0;
  for (let i = 1; i < steps.length; i++) {
    if (Math.exp(-k1 * i) * unit < 2 && steps[i] > 0) {
      const weight = (steps[i] * i) ** 2;
      num += weight * (-Math.log(steps[i]) / i);
      den += weight;
    }
  }
  return den > 0 ? num / den : k1;
}

/** kappa refined by least squares on the pairs' angles of the screened rows (pe.diagnose._refined). */
function refined(rows, cols, screen, kappa, key, first, prec) {
  if (kappa === null || kappa === 0 || cols.pairs.length < 2) return [kappa, 0];
  const [layout, odd, unit] = key.split("/");
  const d = cols.func.length;
  const nFreq = cols.pairs.length;
  const observed = screen.map((r) => cols.pairs.map(([s, c]) => Math.atan2(rows[r][s], rows[r][c])));
  const u = unit === "deg" ? DEGREE : 1;
  let den = 0;
  for (let it = 0; it < 3; it++) {
    // A negative kappa (the exponent's sign flipped) is refined with a probe of that sign.
    const base = Math.exp(Math.min((Math.abs(kappa) * d) / 2, 700));
    const probe = { layout, odd, spacing: "paper", sign: kappa > 0 ? -1 : 1, base, baseKind: "estimated", rounding: "none", unit, shift: false, spread: 0 };
    const omega = Array.from({ length: nFreq }, (_, i) => u * Math.exp(-kappa * i));
    const start = startOf(probe, cols, frequencies(probe, cols.nFreq, d), rows, first, prec, 1);
    let num = 0;
    den = 0;
    screen.forEach((r, k) => {
      for (let i = 0; i < nFreq; i++) {
        const theta = (r + start) * omega[i];
        let resid = observed[k][i] - theta;
        resid = resid - 2 * Math.PI * Math.floor(resid / (2 * Math.PI) + 0.5);
        const grad = -i * theta;
        num += grad * resid;
        den += grad * grad;
      }
    });
    if (!(den > 0)) return [kappa, 0];
    const step = num / den;
    if (!Number.isFinite(step) || Math.abs(step) > 0.5 * Math.abs(kappa)) return [kappa, 0];
    kappa += step;
  }
  return [kappa, 3 / Math.sqrt(den)];
}

/** The position of row 0: row first's, unwrapped from the slowest pair (pe.diagnose._start). */
function startOf(c, cols, omega, rows, first, prec, scale) {
  const order = [];
  for (let i = 0; i < cols.pairs.length; i++)
    if (omega[i] > 0 && omega[i] <= 1 + 1e-9) order.push([omega[i], i]);
  if (!order.length) return 0;
  order.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const row = rows[first].map((v) => v / scale);
  let p;
  if (c.shift) p = startShifted(c, cols, omega, row, order);
  else {
    const w = order.map((o) => o[0]);
    const theta = order.map(([, i]) => {
      const t = Math.atan2(row[cols.pairs[i][0]], row[cols.pairs[i][1]]);
      return t < 0 ? t + 2 * Math.PI : t;
    });
    const turns = Math.floor((START_LIMIT * w[0]) / (2 * Math.PI)) + 1;
    const slack = 2 * COMPUTE_ULPS * EPS32 + (c.rounding !== "none" ? 4 * EPS16 : 0);
    const loose = [];
    let bestMiss = Infinity;
    for (let t = 0; t < turns; t++) {
      let ps = (theta[0] + 2 * Math.PI * t) / w[0];
      for (let j = 1; j < order.length; j++) {
        const k = Math.floor((ps * w[j] - theta[j]) / (2 * Math.PI) + 0.5);
        ps = (theta[j] + 2 * Math.PI * k) / w[j];
      }
      const g = Math.floor(ps + 0.5);
      let miss = 0;
      for (let j = 0; j < order.length; j++) {
        const m = g * w[j] - theta[j];
        miss = Math.max(miss, Math.abs(m - 2 * Math.PI * Math.floor(m / (2 * Math.PI) + 0.5)));
      }
      if (miss <= 4 * prec.resolution + slack * (1 + g * w[w.length - 1])) loose.push(ps);
      if (miss < bestMiss) {
        bestMiss = miss;
        p = ps;
      }
    }
    // A float16 candidate's allowance is loose enough that one of hundreds of positions fits
    // a small table by chance: the first wins (pe.diagnose._start).
    if (loose.length) p = c.rounding === "none" ? closestFit(c, cols, omega, rows, first, prec, scale, loose) : loose[0];
  }
  const guess = Math.floor(p + 0.5);
  let best = guess;
  let bestErr = Infinity;
  for (const q of [guess, guess - 1, guess + 1]) {
    const err = rowError(c, cols, omega, q, row);
    if (err < bestErr) {
      best = q;
      bestErr = err;
    }
  }
  return best - first;
}

/** The first START_ROWS rows from first that are not all zeros (pe.diagnose._ahead). */
function ahead(rows, first) {
  const out = [];
  for (let r = first; r < rows.length && out.length < START_ROWS; r++)
    if (rows[r].some((v) => v !== 0)) out.push(r);
  return out;
}

/** Of the loose positions for row first, the one whose first rows fit within the candidate's
 * tolerance and differ least from it (the first on a tie), else the first
 * (pe.diagnose._closest_fit). */
function closestFit(c, cols, omega, rows, first, prec, scale, loose) {
  const at = ahead(rows, first);
  const freq = columnFrequencies(c, cols, omega);
  const d = freq.length;
  const values = new Float64Array(d);
  const tols = new Float64Array(d);
  // The largest difference over the first k columns of the rows at, or -1 where one misses.
  const worstOf = (g, k) => {
    let err = 0;
    for (const r of at) {
      expectedRow(c, cols, freq, g + (r - first), prec, values, tols, 0, k);
      for (let j = 0; j < k; j++) {
        const diff = Math.abs(rows[r][j] / scale - values[j]);
        if (!(diff <= tols[j])) return -1; // NaN: does not fit
        if (diff > err) err = diff;
      }
    }
    return err;
  };
  // The first columns first, then every column (pe.diagnose._closest_fit).
  let best = loose[0];
  let bestErr = Infinity;
  for (const ps of loose) {
    const g = Math.floor(ps + 0.5);
    if (worstOf(g, Math.min(d, START_COLUMNS)) < 0) continue;
    const err = worstOf(g, d);
    if (err >= 0 && err < bestErr) {
      best = ps;
      bestErr = err;
    }
  }
  return best;
}

/** The position of a row when each pair's cosine turns at another rate than its sine. */
function startShifted(c, cols, omega, row, order) {
  const freq = columnFrequencies(c, cols, omega);
  let p = 0;
  order.forEach(([w0, i], n) => {
    const [s, co] = cols.pairs[i];
    if (n > 0) {
      const col = Math.abs(row[s]) <= Math.abs(row[co]) ? s : co;
      const w = freq[col];
      const v = Math.min(Math.max(row[col], -1), 1);
      const branches = col === s ? [Math.asin(v), Math.PI - Math.asin(v)] : [Math.acos(v), -Math.acos(v)];
      let theta = null;
      for (const b of branches) {
        const t = b + 2 * Math.PI * Math.floor((p * w - b) / (2 * Math.PI) + 0.5);
        if (theta === null || Math.abs(t - p * w) < Math.abs(theta - p * w) || (Math.abs(t - p * w) === Math.abs(theta - p * w) && t < theta)) theta = t;
      }
      p = theta / w;
    } else {
      const theta = Math.atan2(row[s], row[co]);
      p = (theta < 0 ? theta + 2 * Math.PI : theta) / w0;
    }
  });
  return p;
}

function templateOf(c) {
  if (c.layout.startsWith("interleaved")) return "paper";
  if (c.layout === "split-cos-first") return "guided-diffusion";
  return c.spacing === "d2-1" ? "tensor2tensor" : "marian";
}

function templateSpacing(layout) {
  return layout === "split-sin-first" ? "d2-1" : "paper";
}

/** exp(arange(0, d, 2) * (-log(10000) / d // 2)): base e^d for d >= 5 (pe.diagnose._floor_base). */
function floorBase(d) {
  return d >= 5 && d <= 700 ? Math.exp(d) : 0;
}

/** The bases a candidate of this kind tries (pe.diagnose._bases). */
function basesOf(kind, kappa, step, sign, plain, d) {
  if (kind === "known") {
    const slips = [LOG10_BASE, floorBase(d)].filter((b) => b && b !== PAPER_BASE);
    return plain ? [PAPER_BASE, ...slips] : [PAPER_BASE];
  }
  if (kappa === null || step === 0 || kappa < 0 !== sign > 0) return [];
  let base = Math.exp(Math.min(Math.abs(kappa) / step, 700));
  if (kind === "rounded") base = Number(base.toPrecision(3));
  const known = [PAPER_BASE, LOG10_BASE, floorBase(d)];
  return base > 1 && base < 1e300 && !known.includes(base) ? [base] : [];
}

function candidatesOf(kappas, d, f16, claim16) {
  const odds = d % 2 ? ["sin", "zero"] : ["sin"];
  const roundings = ROUNDINGS.filter((r) => !(f16 && r === "float16-result") && (claim16 || r === "none"));
  const out = [];
  for (const kind of ["known", "rounded", "estimated"])
    for (const layout of LAYOUTS)
      for (const odd of odds)
        for (const unit of ["rad", "deg"]) {
          // guided-diffusion pads an odd width with a zero column: no lone last sine after
          // the sines (pe.diagnose._candidates).
          if (d % 2 && layout === "split-cos-first" && odd === "sin") continue;
          const [kappa, spread] = kappas[`${layout}/${odd}/${unit}`];
          for (const sp of SPACINGS) {
            const step = exponents(sp, 2, d)[1];
            for (const sign of [-1, 1]) {
              if (unit === "deg" && (sp !== "paper" || sign > 0)) continue;
              if (kind !== "known" && sp !== "paper" && sp !== templateSpacing(layout)) continue;
              const plain = sp === "paper" && sign < 0 && unit === "rad";
              for (const base of basesOf(kind, kappa, step, sign, plain, d)) {
                const shifts = [false];
                if (
                  kind === "known" &&
                  base === PAPER_BASE &&
                  unit === "rad" &&
                  sign < 0 &&
                  layout.startsWith("interleaved") &&
                  (sp === "paper" || sp === "2j-for-2i")
                )
                  shifts.push(true);
                for (const shift of shifts)
                  for (const rounding of roundings)
                    out.push({
                      layout,
                      odd,
                      spacing: sp,
                      sign,
                      base,
                      baseKind: kind === "known" ? "known" : "estimated",
                      rounding,
                      unit,
                      shift,
                      spread: kind === "estimated" ? spread : 0,
                    });
              }
            }
          }
        }
  return out;
}

function describe(c, d) {
  let sign = c.sign < 0 ? "" : " with the exponent's sign flipped";
  if (c.shift) sign += ", cosines half a step further";
  if (c.unit === "deg") sign += ", in degrees";
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
    found.push({ code, message, evidence, section: PITFALLS[code] ?? "" });
    if (counts) deviations += 1;
  };
  const fairseq = template === "tensor2tensor" && structure.zeroRows.length === 1;
  if (transposed)
    add(
      "transposed",
      "the table is transposed: each column is one position",
      `read as ${d} columns, the rows fit once the table is turned`,
    );
  if (structure.repeat > 1) {
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
  const ownSpacing = template === "tensor2tensor" ? "d2-1" : "paper";
  if (c.shift) {
    const code = c.spacing === "paper" ? "column-exponent" : "column-exponent-2j";
    const [lo, hi] = c.spacing === "paper" ? ["2i", "2i+1"] : ["4i", "4i+2"];
    const cos0 = c.base ** -(exponents(c.spacing, 2, d)[1] / 2);
    add(
      code,
      MISTAKES[code],
      `the sine of pair i fits base^(-${lo}/d), its cosine base^(-(${hi})/d): the first ` +
        `cosine turns ${fmt(cos0)} rad per position, not 1`,
    );
  } else if (c.spacing !== ownSpacing) {
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
  if (c.unit === "deg")
    add(
      "degrees",
      "the angles are in degrees where sin and cos take radians: every pair turns " +
        "pi/180 times as fast as it should",
      `pair 0 turns ${fmt(DEGREE)} rad per position (1 degree), not 1 rad`,
    );
  if (c.baseKind === "known" && c.base === LOG10_BASE)
    add(
      "log10-for-ln",
      "the base is e^4, not 10000: exp(-log10(10000) * 2i/d) takes log10 where the " +
        "natural logarithm belongs (math.log, np.log, torch.log)",
      `the table is the paper's with base e^4 = ${fmt(LOG10_BASE)}`,
    );
  if (c.baseKind === "known" && c.base === floorBase(d) && c.base !== LOG10_BASE)
    add(
      "floor-division",
      "the base is e^d, not 10000: in -log(10000) / d // 2 the // divides the quotient, " +
        "which floors to -1, so the frequencies are e^(-2i) (write / (d // 2) or 2i / d)",
      `the table is the paper's with base e^${d} = ${fmt(c.base)}`,
    );
  if (c.baseKind === "estimated") {
    add(
      "other-base",
      `the base is about ${fmt(c.base)}, not the paper's 10000`,
      "estimated from how fast the pairs' angles turn",
    );
    const cut = cutFrom(c, d);
    if (cut)
      add(
        "first-columns",
        `these ${d} columns can be the first ${d} of a table of width ${cut} with the ` +
          `paper's base 10000 (or of any width w with base ${fmt(c.base)}^(w/${d}))`,
        `10000^(${d}/${cut}) = ${fmt(PAPER_BASE ** (d / cut))}, the estimated base`,
        false,
      );
  }
  if (start !== 0 && !structure.single) {
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

/** The even width w > d whose first d columns, with base 10000, give this table, or 0. */
function cutFrom(c, d) {
  if (
    c.spacing !== "paper" ||
    c.sign > 0 ||
    c.unit !== "rad" ||
    c.shift ||
    !c.layout.startsWith("interleaved") ||
    !(c.base > 1 && c.base < PAPER_BASE)
  )
    return 0;
  const wide = (d * Math.log(PAPER_BASE)) / Math.log(c.base);
  const w = 2 * Math.floor(wide / 2 + 0.5);
  return d < w && w <= 65536 && Math.abs(wide - w) <= 2e-3 * w ? w : 0;
}

// ------------------------------------------------------------------------- diagnose

function claims16(prec) {
  return !prec.words.startsWith("printed") || prec.resolution <= F16_CLAIM_RESOLUTION;
}

/** A scale read from the pairs' radius is known only to the table's precision: twice the allowance. */
function scaledPrecision(prec, scale) {
  return { resolution: ((scale === 1 ? 1 : 2) * prec.resolution) / scale };
}

function snap(scale, prec) {
  return Math.abs(scale - 1) <= Math.max(1e-3, 8 * prec.resolution) ? 1 : scale;
}

/** Score, largest difference and the tolerance of that entry, of the fit f over the rows at
 * (pe.diagnose's measured, without building the table). It gives up (partial) with stop at
 * the first entry beyond its tolerance (only "does not fit" is known), and at the first
 * difference beyond limit (only "differs more" is known). */
function measure(f, cols, rows, at, prec, d, stop, limit = Infinity) {
  const c = f.c;
  const p = scaledPrecision(prec, f.scale);
  const scale = f.scale;
  const freq = columnFrequencies(c, cols, frequencies(c, cols.nFreq, d));
  const values = new Float64Array(d);
  const tols = new Float64Array(d);
  let score = 0;
  let maxAbs = -1;
  let step = -1; // the largest difference's step of TIE, and the tightest allowance in it
  let stepFloor = -1; // no difference below it is in that step or above
  let allowed = Infinity;
  for (const r of at) {
    const row = rows[r];
    // In blocks of columns: a measure that stops early computes little of the row.
    for (let from = 0; from < d; from += BLOCK) {
      const end = Math.min(d, from + BLOCK);
      expectedRow(c, cols, freq, r + f.start, p, values, tols, from, end);
      for (let j = from; j < end; j++) {
        const t = tols[j];
        const diff = row[j] / scale - values[j];
        const ratio = Math.abs(diff) / t;
        if (Number.isNaN(ratio)) return { score: Infinity, maxAbs: Infinity, allowed: NaN, partial: false };
        if (ratio > score) score = ratio;
        const abs = Math.abs(diff * scale);
        if (abs >= stepFloor) {
          if (abs > maxAbs) maxAbs = abs;
          const s = Math.floor(abs / TIE);
          if (s > step) {
            step = s;
            stepFloor = step * TIE * (1 - 1e-12);
            allowed = t * scale;
          } else if (s === step && t * scale < allowed) allowed = t * scale;
        }
        if ((stop && score > 1) || abs > limit) return { score, maxAbs: NaN, allowed: NaN, partial: true };
      }
    }
  }
  if (maxAbs < 0) return { score, maxAbs: 0, allowed: 0, partial: false };
  return { score, maxAbs, allowed, partial: false }; // as pe.diagnose._worst
}

/** The simplest fitting explanation (or null) and the closest candidates (pe.diagnose._analyse):
 * candidates are tried simplest first, screened on a few rows, the first fitting one checked
 * on every row; only when none fits is every candidate measured. */
function analyse(values, prec, dtype, transposed, below = Infinity) {
  const structure = structureOf(values);
  const rows = structure.rows;
  const n = rows.length;
  const d = rows[0].length;
  const zero = new Set(structure.zeroRows);
  const liveIdx = [];
  for (let r = 0; r < n; r++) if (!zero.has(r)) liveIdx.push(r);
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
      const steps = angleSteps(rows, layouts[key], sample);
      for (const unit of ["rad", "deg"]) {
        const k = `${key}/${unit}`;
        const kappa = kappaOf(steps, unit === "deg" ? DEGREE : 1); // angles: scale-free
        kappas[k] = refined(rows, layouts[key], screen, kappa, k, first, prec);
      }
    }
  const fits = candidatesOf(kappas, d, dtype === "float16", claims16(prec)).map((c, order) => {
    const cols = layouts[`${c.layout}/${c.odd}`];
    const scale = snap(scales[`${c.layout}/${c.odd}`], prec);
    const omega = frequencies(c, cols.nFreq, d);
    const start = startOf(c, cols, omega, rows, first, scaledPrecision(prec, scale), scale);
    const { template, found, deviations } = findingsOf(c, structure, start, scale, transposed, d);
    return { c, start, scale, findings: found, template, complexity: deviations, order };
  });

  const measured = (f, at, stop, limit = Infinity) => ({ ...f, ...measure(f, layouts[`${f.c.layout}/${f.c.odd}`], rows, at, prec, d, stop, limit) });
  const screened = new Map();
  const screenOf = (f) => {
    if (!screened.has(f.order)) screened.set(f.order, measured(f, screen, true));
    return screened.get(f.order);
  };
  const full = (f) => measured(f, liveIdx, false);

  // One or two rows give no evidence of float16 (pe.diagnose.MIN_ROWS_FOR_16, unfounded16).
  const unfounded16 = (f) => f.c.rounding !== "none" && liveIdx.length < MIN_ROWS_FOR_16;
  // Ties go to the tighter rounding: float16 angles explain whatever a float16 result does.
  const ranked = [...fits].sort(
    (a, b) =>
      a.complexity - b.complexity ||
      ROUNDINGS.indexOf(a.c.rounding) - ROUNDINGS.indexOf(b.c.rounding) ||
      a.order - b.order,
  );
  for (let k = 0; k < ranked.length; k++) {
    const f = ranked[k];
    if (f.complexity >= below) break;
    if (unfounded16(f)) continue;
    if (screenOf(f).score <= 1) {
      const checked = full(f);
      if (checked.score <= 1) {
        const rest = ranked.slice(k + 1);
        const alternatives = alternativesOf(checked, rest, screenOf, full);
        // The same reading with float16 results, at the winner's first position, said too
        // where it fits (pe.diagnose._analyse): a base read from a small table absorbs it.
        if (checked.c.baseKind === "estimated" && checked.c.rounding === "none") {
          const twin = { ...checked.c, rounding: "float16-result" };
          const same = (c) => Object.keys(twin).every((key) => c[key] === twin[key]);
          const g = rest.find((h) => same(h.c));
          if (g && alternatives.length < 3) {
            const m = full({ ...g, start: checked.start });
            if (m.score <= 1) alternatives.push(m);
          }
        }
        return [checked, alternatives];
      }
    }
  }
  if (below < Infinity) return [null, []];
  // The three closest by their largest difference on the first and last CLOSEST_ROWS rows
  // (pe.diagnose._analyse), distinct in words, as sorting every candidate would give them; but
  // each is measured only until its difference passes the third's so far, as it then comes
  // after the three.
  const ends = [...new Set([...liveIdx.slice(0, CLOSEST_ROWS), ...liveIdx.slice(-CLOSEST_ROWS)])].sort((a, b) => a - b);
  const words = new Map(fits.map((f) => [f.order, describe(f.c, d)]));
  const ranking = [];
  let closest = [];
  // None read past position 2**24 (pe.diagnose.MAX_POSITION): there its values are noise.
  for (const g of fits) {
    if (Math.abs(g.start) > MAX_POSITION || unfounded16(g)) continue;
    const m = measured(g, ends, false, closest.length === 3 ? closest[2].maxAbs : Infinity);
    if (m.partial) continue;
    ranking.push(m);
    ranking.sort((a, b) => a.maxAbs - b.maxAbs || a.order - b.order);
    closest = [];
    for (const f of ranking) {
      if (closest.every((h) => words.get(h.order) !== words.get(f.order))) closest.push(f);
      if (closest.length === 3) break;
    }
  }
  return [null, closest];
}

/** Other explanations as simple as the winner, with other codes, that fit as well. */
function alternativesOf(winner, rest, screenOf, full) {
  const codesOf = (f) => f.findings.map((x) => x.code).join(" ");
  const seen = new Set([codesOf(winner)]);
  const out = [];
  for (const f of rest) {
    if (f.complexity !== winner.complexity || out.length === 3) break;
    if (f.c.rounding !== winner.c.rounding || seen.has(codesOf(f))) continue;
    if (screenOf(f).score <= 1 && full(f).score <= 1) {
      seen.add(codesOf(f));
      out.push(f);
    }
  }
  return out;
}

function transpose(values) {
  const n = values.length;
  const out = Array.from(values[0], () => new Float64Array(n));
  for (let r = 0; r < n; r++) {
    const row = values[r];
    for (let j = 0; j < row.length; j++) out[j][r] = row[j];
  }
  return out;
}

/** The diagnosis of rows (positions x width) stored as dtype; the dict of Diagnosis.to_dict(). */
export function diagnose(table, dtype = "float64") {
  const values = validated(table);
  if (!["float16", "float32", "float64"].includes(dtype)) dtype = "float64";
  const prec = precisionOf(values, dtype);
  const n = values.length;
  const d = values[0].length;
  let [fit, closest] = analyse(values, prec, dtype, false);
  const caveats = claims16(prec)
    ? []
    : [
        `${prec.words}, the values may be off by up to ${fmt(prec.resolution)}, ` +
          `as much as float16's rounding (up to ${fmt(2 ** -12)} below 1), so whether they ` +
          "went through float16 is not checked; print 5 or more decimals, or save the " +
          "array (.npy), to check it",
      ];
  // One column turned is one row; a single row is a row. Turning counts as one departure, so
  // the turned table can only win against two or more.
  if (d >= 2 && n >= 2 && (fit === null || fit.complexity > 1)) {
    const below = fit === null ? Infinity : fit.complexity;
    const [turned, turnedClosest] = analyse(transpose(values), prec, dtype, true, below);
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
      allowed_error: null,
      error_units: null,
      alternatives: [],
      caveats,
      closest: closest.map((f) => ({
        description: f.findings.some((x) => x.code === "transposed")
          ? "the table transposed: " + describe(f.c, n)
          : describe(f.c, d),
        max_abs_error: Number.isFinite(f.maxAbs) ? f.maxAbs : null,
        allowed_error: finite(f.allowed),
      })),
    };
  } else {
    const mistakes = fit.findings.some((f) => f.code in MISTAKES);
    const verdict = mistakes ? "mistakes" : fit.findings.length ? "variant" : "paper";
    const variant = fit.findings.some((f) => f.code === "fairseq") ? "fairseq" : fit.template;
    let implementations =
      verdict !== "mistakes" && !fit.findings.some((f) => f.code === "other-base") ? IMPLEMENTATIONS[variant] : [];
    if (d % 2) implementations = implementations.filter((i) => !EVEN_ONLY.has(i));
    result = {
      verdict,
      matches_paper: verdict === "paper",
      codes: fit.findings.map((f) => f.code),
      findings: fit.findings,
      ...base,
      layout: fit.c.layout,
      variant,
      implementations,
      base: fit.c.base,
      base_estimated: fit.c.baseKind === "estimated",
      start: fit.start,
      scale: fit.scale,
      max_abs_error: fit.maxAbs,
      allowed_error: finite(fit.allowed),
      error_units: fit.maxAbs / prec.unit,
      alternatives: closest.map((f) => f.findings.map((x) => x.code)),
      caveats,
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
    const where = n === 1 ? "Position of the row" : "First position";
    lines.push(`Base: ${fmt(r.base)}${r.base_estimated ? " (estimated)" : ""}. ${where}: ${r.start}.`);
    lines.push(
      `Largest difference from that explanation: ${fmt(r.max_abs_error)} = ${fmt(r.error_units)} ${r.unit}; ` +
        `allowed at that entry: ${allowedText(r.allowed_error)}.`,
    );
    if (r.implementations.length) lines.push("Equals: " + r.implementations.join("; ") + ".");
  }
  for (const f of r.findings)
    lines.push(`- ${f.code}: ${f.message}. Evidence: ${f.evidence}.${f.section ? ` See ${f.section}.` : ""}`);
  if (r.alternatives.length)
    lines.push(`Equally well explained by: ${r.alternatives.map((a) => a.join(", ")).join("; ")}.`);
  for (const c of r.caveats) lines.push(`Cannot tell: ${c}.`);
  if (r.closest.length) {
    lines.push(
      `Closest candidates (largest difference on the first and last ${CLOSEST_ROWS} rows, and the difference allowed there):`,
    );
    for (const c of r.closest)
      lines.push(`  ${fmt(c.max_abs_error ?? Infinity)} (allowed ${allowedText(c.allowed_error)})  ${c.description}`);
  }
  return lines.join("\n");
}
