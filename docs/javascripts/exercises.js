// Checks a typed answer against the value and tolerance the page carries: both are written
// into the page when the site is built (scripts/artifacts/exercises.py computes the value
// with pe), with the unit the answer is asked in. Loaded as a module by the pages with
// exercises, after their text.
//
// A reader may type the answer as the pages write numbers: 0.25, −3, 62,832, 0,5, 1.5e-4,
// 1.5 × 10⁻⁴, 2π, 2^11, 2¹¹, 1/4096, √256, sqrt(256), sin(0.03), 96.5%, and a trailing
// unit the exercise names ("43,469 positions", "1 rad"). The expression is read by the small
// recursive-descent parser below (numbers, + − × ÷ / ^ **, unary signs, brackets, π τ e,
// √ sqrt sin cos tan exp ln log10 log2); nothing typed is ever run as code.

const SUPERSCRIPT = { "⁰": "0", "¹": "1", "²": "2", "³": "3", "⁴": "4", "⁵": "5", "⁶": "6",
  "⁷": "7", "⁸": "8", "⁹": "9", "⁻": "-", "⁺": "+" };
const CONSTANTS = { pi: Math.PI, "π": Math.PI, tau: 2 * Math.PI, "τ": 2 * Math.PI, e: Math.E };
const FUNCTIONS = { sqrt: Math.sqrt, "√": Math.sqrt, sin: Math.sin, cos: Math.cos,
  tan: Math.tan, exp: Math.exp, ln: Math.log, log10: Math.log10, log2: Math.log2 };
/** Units a reader may type, by the unit the exercise names (and their other spellings). */
const UNIT_SPELLINGS = { positions: ["positions", "position", "pos"],
  radians: ["radians", "radian", "rad"], degrees: ["degrees", "degree", "deg", "°"],
  tokens: ["tokens", "token"], periods: ["periods", "period"] };
const TIMES = new Set(["*", "×", "·", "⋅", "x", "X"]);
const DIVIDE = new Set(["/", "÷", "∕"]);
const EXAMPLES = "type it like 0.25, 2π, 2^11, 1/4096 or 1.5e-4";

class ReadError extends Error {}

/** Spellings of ``unit`` ("positions" -> positions, position, pos), lower case. */
function spellings(unit) {
  const u = unit.trim().toLowerCase();
  if (!u) return [];
  for (const names of Object.values(UNIT_SPELLINGS)) if (names.includes(u)) return names;
  return [u, u.replace(/s$/, "")];
}

const NUMBER_FORMS = [
  // 62,832 and 1,234.5 (a first group never starts with 0: "0,030" is a decimal comma)
  { re: /[1-9]\d{0,2}(?:,\d{3})+(?![\d,])(?:\.\d+)?/y, clean: (s) => s.replace(/,/g, "") },
  // 62 832 and 10 000 (spaces, including thin and no-break ones, between groups of three)
  { re: /[1-9]\d{0,2}(?: \d{3})+(?![\d,])(?:\.\d+)?/y, clean: (s) => s.replace(/ /g, "") },
  // 0,5: a decimal comma
  { re: /\d+,\d+(?![\d,.])/y, clean: (s) => s.replace(",", ".") },
  { re: /(?:\d+\.?\d*|\.\d+)/y, clean: (s) => s },
];

/** The tokens of ``s`` (already trimmed, its spaces and minus signs made plain). */
function tokenize(s, unitNames) {
  const tokens = [];
  let i = 0;
  while (i < s.length) {
    const c = s[i];
    if (c === " ") { i += 1; continue; }
    const start = i;
    if (/[\d.]/.test(c)) {
      let text = null;
      for (const form of NUMBER_FORMS) {
        form.re.lastIndex = i;
        const m = form.re.exec(s);
        if (m) { text = form.clean(m[0]); i += m[0].length; break; }
      }
      if (text === null || text === ".") throw new ReadError(`“${s.slice(start, start + 2)}” is not a number`);
      const exp = /[eE]([-+]?\d+)/y;
      exp.lastIndex = i;
      const m = exp.exec(s);
      if (m) {
        text += `e${m[1]}`;
        i += m[0].length;
      } else if (/[eE]/.test(s[i] || "") && !/[eE]xp/i.test(s.slice(i, i + 3))) {
        throw new ReadError(`“${s.slice(start, i + 1)}” has no exponent after the e (write it like 1.5e-4)`);
      }
      tokens.push({ type: "num", value: Number(text), start, end: i });
      continue;
    }
    if (c in SUPERSCRIPT) {
      let digits = "";
      while (i < s.length && s[i] in SUPERSCRIPT) digits += SUPERSCRIPT[s[i++]];
      if (!/^[-+]?\d+$/.test(digits)) throw new ReadError(`the superscript “${s.slice(start, i)}” is not a whole number`);
      tokens.push({ type: "sup", value: Number(digits), start, end: i });
      continue;
    }
    if (/[A-Za-zπτ°√]/.test(c)) {
      let name;
      if (/[A-Za-z]/.test(c)) {
        const m = /[A-Za-z]+(?:10|2)?/y;
        m.lastIndex = i;
        name = m.exec(s)[0];
        if (/\d$/.test(name) && !/^log(10|2)$/i.test(name)) name = name.replace(/\d+$/, "");
      } else {
        name = c;
      }
      i += name.length;
      const lower = name.toLowerCase();
      if (lower === "x" && name.length === 1) {
        tokens.push({ type: "op", op: "*", text: name, start, end: i });
      } else if (lower in CONSTANTS) {
        tokens.push({ type: "const", value: CONSTANTS[lower], text: name, start, end: i });
      } else if (lower in FUNCTIONS) {
        tokens.push({ type: "func", fn: FUNCTIONS[lower], text: name, start, end: i });
      } else if (unitNames.includes(lower)) {
        tokens.push({ type: "unit", text: name, start, end: i });
      } else if (Object.values(UNIT_SPELLINGS).some((names) => names.includes(lower))) {
        const asked = unitNames.length ? `this answer is in ${unitNames[0]}` : "this answer is a plain number";
        throw new ReadError(`“${name}” is not the unit here (${asked})`);
      } else if (lower === "log") {
        throw new ReadError("“log” could be ln or log10: write the one you mean");
      } else {
        throw new ReadError(`“${name}” is not understood`);
      }
      continue;
    }
    if (s.startsWith("**", i)) {
      tokens.push({ type: "op", op: "^", text: "**", start, end: i + 2 });
      i += 2;
      continue;
    }
    if ("+-^()%".includes(c) || TIMES.has(c) || DIVIDE.has(c)) {
      const op = TIMES.has(c) ? "*" : DIVIDE.has(c) ? "/" : c;
      tokens.push({ type: "op", op, text: c, start, end: i + 1 });
      i += 1;
      continue;
    }
    throw new ReadError(`“${c}” is not understood`);
  }
  return tokens;
}

/** A recursive-descent reader of the tokens: returns the value of the whole expression. */
function evaluate(s, tokens) {
  let k = 0;
  const peek = () => tokens[k];
  const isOp = (t, op) => t && t.type === "op" && t.op === op;
  const near = (t) => (t ? `“${s.slice(t.start)}”` : "the end");
  // What may follow a number without a sign between them: 2π, 2 sqrt(3), 2(1 + 1), 2√3;
  // not e (2 e-4 is a mistyped 2e-4, not 2·e − 4).
  const startsFactor = (t) => t && ((t.type === "const" && t.text.toLowerCase() !== "e")
    || t.type === "func" || isOp(t, "("));

  function expression() {
    let value = term();
    while (isOp(peek(), "+") || isOp(peek(), "-")) {
      const op = tokens[k++].op;
      const right = term();
      value = op === "+" ? value + right : value - right;
    }
    return value;
  }

  function term() {
    let { value, kind } = signed();
    let divided = false;
    for (;;) {
      const t = peek();
      if (isOp(t, "*") || isOp(t, "/")) {
        k += 1;
        const right = signed();
        value = t.op === "*" ? value * right.value : value / right.value;
        divided = t.op === "/";
        kind = right.kind;
      } else if (startsFactor(t) && (kind === "number" || kind === "group")) {
        if (divided) {
          throw new ReadError(`“${s.slice(0, t.end)}…” is ambiguous: use brackets, like 1/(2π)`);
        }
        const right = power();
        value *= right.value;
        kind = right.kind;
      } else if (t && (t.type === "num" || startsFactor(t))) {
        throw new ReadError(`${near(t)} cannot follow “${s.slice(0, t.start).trim()}” without a sign between them`);
      } else {
        return value;
      }
    }
  }

  function signed() {
    const t = peek();
    if (isOp(t, "-") || isOp(t, "+")) {
      k += 1;
      const next = peek();
      if (isOp(next, "-") || isOp(next, "+")) throw new ReadError(`two signs in a row at ${near(t)}`);
      const { value, kind } = signed();  // −2π is −(2π)
      return { value: t.op === "-" ? -value : value, kind };
    }
    return power();
  }

  // base ^ exponent, base ** exponent (right to left: 2^3^2 = 2^9) and base with a
  // superscript exponent (2¹¹, 10⁻⁴); −2^2 is −(2^2).
  function power() {
    let { value, kind } = atom();
    const raise = (exponent) => {
      // 10 to a whole power is read as the literal 1e-4 is (correctly rounded), so that
      // 1.5 × 10⁻⁴ is 1.5e-4 to within one rounding.
      value = kind === "number" && value === 10 && Number.isInteger(exponent)
        ? Number(`1e${exponent}`) : value ** exponent;
      kind = "power";
    };
    if (peek() && peek().type === "sup") raise(tokens[k++].value);
    if (isOp(peek(), "^")) {
      k += 1;
      raise(signed().value);
    }
    return { value, kind };
  }

  function atom() {
    const t = tokens[k++];
    if (!t) throw new ReadError(`it stops after “${s}”`);
    if (t.type === "num") return { value: t.value, kind: "number" };
    if (t.type === "const") return { value: t.value, kind: "constant" };
    if (isOp(t, "(")) {
      const value = expression();
      if (!isOp(peek(), ")")) throw new ReadError(`the bracket at “${s.slice(t.start)}” is never closed`);
      k += 1;
      return { value, kind: "group" };
    }
    if (t.type === "func") {
      const next = peek();
      if (isOp(next, "(")) return { value: t.fn(atom().value), kind: "call" };
      // Without brackets, only a lone number or constant: √256, sin 0.03; not sin 2π.
      if (next && (next.type === "num" || next.type === "const")) {
        k += 1;
        const after = peek();
        if (after && (after.type === "sup" || isOp(after, "^") || startsFactor(after))) {
          throw new ReadError(`“${s.slice(t.start, after.end)}…” is ambiguous: use brackets, like ${t.text}(…)`);
        }
        return { value: t.fn(next.value), kind: "call" };
      }
      throw new ReadError(`“${t.text}” needs a number or a bracket after it`);
    }
    if (t.type === "unit") throw new ReadError(`the unit “${t.text}” belongs after the number`);
    throw new ReadError(`${near(t)} is not understood here`);
  }

  let value = expression();
  if (isOp(peek(), "%")) {
    k += 1;
    value /= 100;
  }
  if (peek() && peek().type === "unit") k += 1;
  if (k < tokens.length) {
    const t = peek();
    if (isOp(t, ")")) throw new ReadError(`the bracket “)” at ${near(t)} closes nothing`);
    throw new ReadError(`${near(t)} is not understood here`);
  }
  return value;
}

/** ``{value, error}`` for what a reader typed: the number it means, or NaN and one clause
 *  that names what was not understood. ``unit`` is the unit the answer is asked in. */
export function readAnswer(text, unit = "") {
  const s = String(text).trim().replace(/[\s\u00a0\u2009\u202f]/g, " ")
    .replace(/[\u2212\u2013\u2012\u2010\ufe63\uff0d]/g, "-");
  if (!s) return { value: NaN, error: "nothing was typed" };
  try {
    const value = evaluate(s, tokenize(s, spellings(unit)));
    if (Number.isNaN(value)) return { value: NaN, error: `“${s}” has no real value` };
    if (!Number.isFinite(value)) return { value: NaN, error: `“${s}” is not a finite number` };
    return { value, error: null };
  } catch (err) {
    if (!(err instanceof ReadError)) throw err;
    return { value: NaN, error: err.message };
  }
}

/** The number a reader typed, or NaN. */
export function parseAnswer(text, unit = "") {
  return readAnswer(text, unit).value;
}

function plain(x) {
  return String(Number(x.toPrecision(12))).replace("-", "\u2212");
}

function full(x) {
  return String(x).replace("-", "\u2212");
}

/** The verdict on ``text`` for an answer ``expected`` within ``tolerance``, in ``unit``.
 *  With ``exactShown`` the page shows the exact value after a right answer itself (typeset
 *  when the site was built), so the verdict leaves out the value in full. */
export function verdict(text, expected, tolerance, unit = "", { exactShown = false } = {}) {
  if (!text.trim()) return { state: "invalid", message: "Type your answer first, then press Enter." };
  const { value: x, error } = readAnswer(text, unit);
  if (error) {
    return { state: "invalid", message: `Not a number I can read: ${error}; ${EXAMPLES}.` };
  }
  const within = tolerance === 0 ? "only the exact value counts"
    : `anything within \u00b1${plain(tolerance)} counts`;
  // A hair of slack: the typed decimal and the expected value are both rounded binary numbers.
  if (Math.abs(x - expected) <= tolerance + 1e-9 * Math.max(1, Math.abs(expected))) {
    const exact = tolerance === 0 || exactShown ? "" : `; the exact value is ${full(expected)}`;
    return { state: "right", message: `\u2713 Right: ${plain(x)}${exact}.` };
  }
  const side = x > expected ? "too high" : "too low";
  return { state: "wrong",
    message: `\u2717 Not yet: ${plain(x)} is ${side}; ${within}. The worked solution is below.` };
}

function check(form) {
  const input = form.querySelector("input");
  const output = form.querySelector("output");
  // The exact value, typeset at build time (KaTeX's HTML, and its MathML for screen
  // readers), waits in a <template>; it joins the verdict, in the live region, when right.
  const exact = form.querySelector("template.pe-answer-exact");
  const result = verdict(input.value, Number(form.dataset.answer), Number(form.dataset.tolerance),
    form.dataset.unit || "", { exactShown: exact !== null });
  form.dataset.state = result.state;
  input.setAttribute("aria-invalid", String(result.state !== "right"));
  output.textContent = result.message;
  if (exact && result.state === "right") output.append(exact.content.cloneNode(true));
}

if (typeof document !== "undefined") {
  for (const form of document.querySelectorAll("form.pe-answer")) {
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      check(form);
    });
    // A changed answer is no longer the one judged: its verdict goes, and the exact value
    // with it (the lines stay reserved, so nothing moves; a screen reader announces only
    // the next verdict).
    form.querySelector("input").addEventListener("input", () => {
      delete form.dataset.state;
      form.querySelector("input").removeAttribute("aria-invalid");
      form.querySelector("output").textContent = "";
    });
  }
}
