// The checker page (docs/checker.md): reads the pasted rows or a chosen or dropped file
// (.csv, .txt, .npy, .npz), runs diagnose.js on it in this browser, and shows the verdict in
// the page's live region. Loaded by a module script at the end of that page only; nothing is
// sent anywhere. The last result is kept on window.peChecker for the tests, with ms: the time
// from the click to the verdict shown, and waitMs: of that, the wait for the "Checking…"
// frame (scripts/bench/checker.py reads both).
//
//   main.js      this file: the form, the file reading, the result's HTML
//   diagnose.js  the diagnosis (a port of pe/diagnose.py)
//   npy.js       the .npy and .npz readers

import { DiagnoseError, allowedText, decodeText, diagnose, fmt, parseTable } from "./diagnose.js";
import { readNpy, readNpz } from "./npy.js";

const form = document.querySelector("[data-pe-checker]");
const output = document.querySelector("[data-pe-checker-result]");
const MAX_BYTES = 64 * 1024 * 1024;

const HEADINGS = {
  paper: "Matches the paper's encoding",
  variant: "A known variant of the paper's encoding",
  mistakes: "Not the paper's encoding: known mistakes explain it",
  unknown: "Not a known variant",
};

function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  Object.assign(node, props);
  node.append(...children);
  return node;
}

function show(result, ms, waitMs) {
  window.peChecker = { result, error: null, ms, waitMs, count: (window.peChecker?.count ?? 0) + 1 };
  const [n, d] = result.shape;
  const parts = [
    el("p", { className: `pe-c-verdict pe-c-${result.verdict}` }, el("strong", {}, HEADINGS[result.verdict])),
    el("p", {}, `${n} rows × ${d} columns, ${result.dtype} (${result.precision}).`),
  ];
  if (result.verdict !== "unknown") {
    const facts = el("ul");
    facts.append(
      el("li", {}, `Layout: ${result.layout.replaceAll("-", " ")}.`),
      el(
        "li",
        {},
        `Base: ${fmt(result.base)}${result.base_estimated ? " (estimated)" : ""}; ` +
          `${n === 1 ? "position of the row" : "first position"}: ${result.start}.`,
      ),
      el(
        "li",
        {},
        `Largest difference from this explanation: ${fmt(result.max_abs_error)} = ${fmt(result.error_units)} ${result.unit}; ` +
          `allowed at that entry: ${allowedText(result.allowed_error)}.`,
      ),
    );
    if (result.implementations.length)
      facts.append(el("li", {}, `Equals: ${result.implementations.join("; ")}.`));
    parts.push(facts);
  }
  if (result.alternatives.length)
    parts.push(
      el("p", {}, `Equally well explained by: ${result.alternatives.map((a) => a.join(", ")).join("; ")}.`),
    );
  if (result.findings.length) {
    const list = el("ul", { className: "pe-c-findings" });
    for (const f of result.findings) {
      const item = el("li", {}, el("code", {}, f.code), `: ${f.message}. `, el("span", { className: "pe-c-evidence" }, `Evidence: ${f.evidence}.`));
      // The section on it, "<page>#<anchor>" (pages are folders: checker/ -> ../<page>/#<anchor>).
      if (f.section) item.append(" ", el("a", { href: `../${f.section.replace("#", "/#")}` }, "Why it happens and the fix."));
      list.append(item);
    }
    parts.push(el("p", {}, "Findings:"), list);
  }
  for (const c of result.caveats ?? []) parts.push(el("p", { className: "pe-c-caveat" }, `Cannot tell: ${c}.`));
  if (result.closest.length) {
    parts.push(
      el(
        "p",
        {},
        "No explanation fits within the table's precision. The closest candidates, with the largest difference from each on the first and last four rows and the difference allowed at that entry:",
      ),
    );
    const list = el("ul");
    for (const c of result.closest)
      list.append(
        el(
          "li",
          {},
          `${c.description}: ${c.max_abs_error === null ? "overflow" : fmt(c.max_abs_error)} (allowed ${allowedText(c.allowed_error)})`,
        ),
      );
    parts.push(list);
  }
  output.dataset.verdict = result.verdict;
  output.dataset.codes = result.codes.join(" ");
  output.replaceChildren(...parts);
}

function fail(message) {
  window.peChecker = { result: null, error: message, count: (window.peChecker?.count ?? 0) + 1 };
  output.dataset.verdict = "error";
  output.dataset.codes = "";
  output.replaceChildren(el("p", { className: "pe-c-verdict pe-c-error" }, el("strong", {}, "Cannot check this: "), message));
}

// A large table takes a moment: say so first, and compute once the message is painted.
function run(read) {
  const start = performance.now();
  output.dataset.verdict = "busy";
  output.replaceChildren(el("p", {}, "Checking…"));
  requestAnimationFrame(() =>
    setTimeout(async () => {
      const waited = performance.now() - start; // the "Checking…" frame
      try {
        const { rows, dtype } = await read();
        show(diagnose(rows, dtype), performance.now() - start, waited);
      } catch (err) {
        if (!(err instanceof DiagnoseError)) throw err;
        fail(err.message);
      }
    }, 0),
  );
}

async function checkFile(file) {
  if (file.size > MAX_BYTES) return fail(`${file.name} is larger than 64 MiB; check its first rows instead`);
  const name = file.name.toLowerCase();
  const buffer = await file.arrayBuffer();
  if (name.endsWith(".npy")) return run(() => readNpy(buffer));
  if (name.endsWith(".npz")) return run(() => readNpz(buffer));
  if (!name.endsWith(".csv") && !name.endsWith(".txt"))
    return fail(`${file.name}: unknown format; use .csv, .txt, .npy or .npz`);
  let text;
  try {
    text = decodeText(new Uint8Array(buffer));
  } catch (err) {
    if (!(err instanceof DiagnoseError)) throw err;
    return fail(`${file.name}: ${err.message}`);
  }
  form.elements.rows.value = text.length <= 200000 ? text : "";
  return run(() => ({ rows: parseTable(text), dtype: "float64" }));
}

if (form && output) {
  const rows = form.elements.rows;
  const check = () => run(() => ({ rows: parseTable(rows.value), dtype: "float64" }));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    check();
  });
  rows.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      check();
    }
  });
  form.elements.file.addEventListener("change", () => {
    const file = form.elements.file.files[0];
    if (file) checkFile(file);
  });
  rows.addEventListener("dragover", (event) => event.preventDefault());
  rows.addEventListener("drop", (event) => {
    const file = event.dataTransfer?.files?.[0];
    if (!file) return;
    event.preventDefault();
    checkFile(file);
  });
  for (const node of document.querySelectorAll("[data-pe-c-nojs]")) node.hidden = true;
  form.querySelector("button").disabled = false;
  window.peChecker = window.peChecker ?? { result: null, error: null, count: 0 };
}
