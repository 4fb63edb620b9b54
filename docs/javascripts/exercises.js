// Checks a typed answer against the value and tolerance the page carries: both are written
// into the page when the site is built (scripts/artifacts/exercises.py computes the value
// with pe). Loaded as a module by the pages with exercises, after their text.

const SUPERSCRIPT = { "⁰": "0", "¹": "1", "²": "2", "³": "3", "⁴": "4", "⁵": "5", "⁶": "6",
  "⁷": "7", "⁸": "8", "⁹": "9", "⁻": "-" };

/** The number a reader typed, or NaN: accepts "−0.5", "1,234.5", "0,5", "1.5e-4",
 *  "1.5 × 10⁻⁴" and "1.5x10^-4". */
export function parseAnswer(text) {
  let s = text.trim().replace(/[\s\u00a0\u2009\u202f]/g, "").replace(/[\u2212\u2013]/g, "-");
  s = s.replace(/[⁰¹²³⁴⁵⁶⁷⁸⁹⁻]/g, (c) => SUPERSCRIPT[c]);
  s = s.replace(/[×x*]10\^?/i, "e");
  if (/^[-+]?\d{1,3}(,\d{3})+(\.\d*)?(e[-+]?\d+)?$/i.test(s)) {
    s = s.replace(/,/g, "");  // thousands separators
  } else if (/^[-+]?\d*,\d+$/.test(s)) {
    s = s.replace(",", ".");  // a decimal comma
  }
  if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(s)) return NaN;
  return Number(s);
}

function plain(x) {
  return String(Number(x.toPrecision(12))).replace("-", "\u2212");
}

/** The verdict on ``text`` for an answer ``expected`` within ``tolerance``. */
export function verdict(text, expected, tolerance) {
  if (!text.trim()) return { state: "invalid", message: "Type your answer first, then press Enter." };
  const x = parseAnswer(text);
  if (!Number.isFinite(x)) {
    return { state: "invalid",
      message: `“${text.trim()}” is not a number. Type it like 0.25, \u22123, 1.5e-4 or 62,832.` };
  }
  const within = tolerance === 0 ? "only the exact value counts"
    : `anything within \u00b1${plain(tolerance)} counts`;
  // A hair of slack: the typed decimal and the expected value are both rounded binary numbers.
  if (Math.abs(x - expected) <= tolerance + 1e-9 * Math.max(1, Math.abs(expected))) {
    return { state: "right", message: `\u2713 Right: ${plain(x)} is the answer; ${within}.` };
  }
  const side = x > expected ? "too high" : "too low";
  return { state: "wrong",
    message: `\u2717 Not yet: ${plain(x)} is ${side}; ${within}. The worked solution is below.` };
}

function check(form) {
  const input = form.querySelector("input");
  const output = form.querySelector("output");
  const result = verdict(input.value, Number(form.dataset.answer), Number(form.dataset.tolerance));
  form.dataset.state = result.state;
  input.setAttribute("aria-invalid", String(result.state !== "right"));
  output.textContent = result.message;
}

for (const form of document.querySelectorAll("form.pe-answer")) {
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    check(form);
  });
  // A changed answer is no longer the one judged: clear the verdict's look, keep its words
  // until the next check (a screen reader has already announced them).
  form.querySelector("input").addEventListener("input", () => {
    delete form.dataset.state;
    form.querySelector("input").removeAttribute("aria-invalid");
  });
}
