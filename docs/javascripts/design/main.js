// The coordinate designer (docs/coordinate-designer.md), loaded by a module script on that
// page only: reads the form (and the page address, which keeps the settings), runs design.js
// and shows its result: a sentence, the warnings, the similarity curve (SVG, described in its
// caption) and the frequency table. Nothing is sent anywhere. The last result is kept on
// window.peDesign for the tests.

import { DEFAULTS, MAX_SAMPLES, SLACK, design, short } from "./design.js";

const form = document.querySelector("[data-pe-design]");
const FIELDS = ["lo", "hi", "resolution", "d", "base", "shortest", "longest", "reference"];
const USES = { base: ["paper"], shortest: ["wavelengths"], longest: ["wavelengths"] };
const SVG = "http://www.w3.org/2000/svg";
// The plot's box inside the SVG's viewBox (0 0 640 280).
const BOX = { left: 44, right: 628, top: 14, bottom: 244 };

const $ = (name) => document.querySelector(`[data-pe-d-${name}]`);

function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  Object.assign(node, props);
  node.append(...children);
  return node;
}

function svg(tag, attrs = {}, text = null) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text !== null) node.textContent = text;
  return node;
}

function raw() {
  const data = new FormData(form);
  const out = { method: data.get("method") || DEFAULTS.method };
  for (const f of FIELDS) out[f] = form.elements[f].value;
  return out;
}

function fromAddress() {
  const q = new URLSearchParams(location.search);
  const method = q.get("method") || DEFAULTS.method;
  const radio = form.querySelector(`input[name=method][value="${CSS.escape(method)}"]`);
  (radio || form.querySelector(`input[name=method][value="${DEFAULTS.method}"]`)).checked = true;
  for (const f of FIELDS) form.elements[f].value = q.get(f) ?? DEFAULTS[f];
}

function toAddress(r) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(r)) if (v !== "" && String(v) !== DEFAULTS[k]) q.set(k, v);
  const search = q.toString();
  history.replaceState(null, "", search ? `?${search}` : location.pathname);
}

function enableFields(method) {
  for (const [f, methods] of Object.entries(USES)) form.elements[f].disabled = !methods.includes(method);
}

// ----------------------------------------------------------------------------- the text

function summary(res) {
  const s = res.settings;
  const how = {
    rule: "chosen by the rule from the range and the resolution",
    wavelengths: "spaced geometrically between your two wavelengths",
    paper: `of the paper's ladder with base ${short(s.base, 6)}, applied to the values as they are`,
  }[s.method];
  return `${s.d / 2} frequencies, ${how}: wavelengths from ${short(res.shortest)} to ${short(res.longest)}, for values from ${short(s.lo)} to ${short(s.hi)} (a range of ${short(s.span)}) and a resolution of ${short(s.resolution)}.`;
}

function warnings(res) {
  const s = res.settings;
  const out = [];
  if (res.wrap === "wraps") {
    const where = res.wrapsAt.slice(0, 5).map((x) => short(x)).join(", ");
    const more = res.wrapCount > 5 ? ` and ${res.wrapCount - 5} more` : "";
    out.push([
      "wrap",
      "Wraps.",
      `The longest wavelength (${short(res.longest)}) is not longer than the range (${short(s.span)}), so even the slowest pair turns a full circle inside it and comes back to the reference's angle at ${where}${more}; far values can look like near ones.`,
    ]);
  } else if (res.wrap === "folds") {
    out.push([
      "fold",
      "Folds back.",
      `The longest wavelength (${short(res.longest)}) is shorter than twice the range (${short(2 * s.span)}), so the slowest pair turns more than half a circle and values farther than ${short(res.longest / 2)} from each other come closer again in every pair.`,
    ]);
  }
  if (res.aliasing) {
    const p = res.pairs.find((q) => q.aliases);
    const seen = Number.isFinite(p.apparent) ? `a wave of wavelength ${short(p.apparent)}` : "a constant";
    const one = res.aliasing === 1;
    const have = one ? "has a wavelength" : "have wavelengths";
    const turn = one ? "it turns" : "they turn";
    out.push([
      "alias",
      "Aliases.",
      `${res.aliasing} of the ${res.pairs.length} pairs ${have} shorter than twice the resolution (${short(2 * s.resolution)}); sampled every ${short(s.resolution)}, ${turn} more than half a circle per step, and the fastest looks like ${seen}.`,
    ]);
  } else if (res.shortest > 2 * s.resolution * (1 + SLACK)) {
    const angle = res.pairs.reduce((a, q) => Math.max(a, q.stepAngle), 0);
    out.push([
      "coarse",
      "Coarse.",
      `The shortest wavelength (${short(res.shortest)}) is longer than twice the resolution, so two values one resolution apart differ by at most ${short(angle)} radians in any pair (π would set them opposite).`,
    ]);
  }
  if (!out.length) out.push(["ok", "Neither wraps nor aliases.", "The longest wavelength is at least twice the range and the shortest at least twice the resolution."]);
  return out;
}

function caption(res) {
  const s = res.settings;
  let text = `Cosine similarity between the encoding of the reference value ${short(s.reference)} and the encodings of ${res.xs.length} values from ${short(s.lo)} to ${short(s.hi)} (a value every ${short(res.step)}). A value one resolution away, ${short(res.neighbour.at)}, has similarity ${short(res.neighbour.similarity)}; the two ends of the range have ${short(res.ends)}.`;
  text += res.lobe
    ? ` The similarity stays at or above one half from ${short(res.lobe.from)} to ${short(res.lobe.to)}.`
    : " The peak around the reference is narrower than the step between the drawn values.";
  if (res.far) text += ` Outside that peak its highest value is ${short(res.far.similarity)}, at ${short(res.far.at)}.`;
  if (res.wrap === "wraps") text += " Dashed lines mark where the slowest pair wraps.";
  if (res.wrap === "folds") text += " Dotted lines mark where the slowest pair starts to fold back.";
  if (res.xs.length === MAX_SAMPLES && res.step > s.resolution)
    text += " The values drawn are farther apart than the resolution: narrower features of the curve fall between them.";
  return text;
}

// ----------------------------------------------------------------------------- the chart

function chart(res) {
  const s = res.settings;
  const root = $("chart");
  const X = (x) => BOX.left + ((x - s.lo) / s.span) * (BOX.right - BOX.left);
  const Y = (y) => BOX.bottom - ((y + 1) / 2) * (BOX.bottom - BOX.top);
  const nodes = [];
  for (const [y, label] of [[1, "1"], [0.5, "½"], [0, "0"], [-1, "−1"]]) {
    nodes.push(svg("line", { x1: BOX.left, x2: BOX.right, y1: Y(y), y2: Y(y), class: y === 0 ? "pe-d-axis" : "pe-d-grid" }));
    nodes.push(svg("text", { x: BOX.left - 6, y: Y(y) + 4, "text-anchor": "end" }, label));
  }
  const labels = [[s.lo, "start"], [s.hi, "end"]];
  for (const [x, anchor] of labels) nodes.push(svg("text", { x: X(x), y: BOX.bottom + 18, "text-anchor": anchor }, short(x)));
  for (const x of res.wrapsAt) nodes.push(svg("line", { x1: X(x), x2: X(x), y1: BOX.top, y2: BOX.bottom, class: "pe-d-wrap" }));
  for (const x of res.foldsAt) nodes.push(svg("line", { x1: X(x), x2: X(x), y1: BOX.top, y2: BOX.bottom, class: "pe-d-fold" }));
  nodes.push(svg("line", { x1: X(s.reference), x2: X(s.reference), y1: BOX.top, y2: BOX.bottom, class: "pe-d-ref" }));
  const points = res.xs.map((x, j) => `${X(x).toFixed(1)},${Y(res.similarity[j]).toFixed(1)}`).join(" ");
  nodes.push(svg("polyline", { points, class: "pe-d-curve" }));
  if (res.far) nodes.push(svg("circle", { cx: X(res.far.at), cy: Y(res.far.similarity), r: 4, class: "pe-d-far" }));
  nodes.push(svg("text", { x: (BOX.left + BOX.right) / 2, y: BOX.bottom + 34, "text-anchor": "middle" }, "value (the reference: solid line)"));
  root.replaceChildren(...nodes);
}

// ----------------------------------------------------------------------------- the table

function table(res) {
  const head = el("tr", {}, ...["pair", "frequency ω (radians per unit)", "wavelength 2π/ω", "turns over the range", "angle per resolution (radians)", "note"].map((t) => el("th", { scope: "col" }, t)));
  const last = res.pairs.length - 1;
  const rows = res.pairs.map((p) => {
    const notes = [];
    if (p.aliases) notes.push(Number.isFinite(p.apparent) ? `aliases: looks like wavelength ${short(p.apparent)}` : "aliases: looks constant");
    if (p.k === last && res.wrap === "wraps") notes.push("wraps inside the range");
    if (p.k === last && res.wrap === "folds") notes.push("folds back inside the range");
    const tr = el(
      "tr",
      {},
      el("td", {}, String(p.k)),
      el("td", {}, short(p.omega, 6)),
      el("td", {}, short(p.wavelength, 6)),
      el("td", {}, short(p.turns)),
      el("td", {}, short(p.stepAngle)),
      el("td", {}, notes.join("; ")),
    );
    tr.dataset.testid = "pe-d-pair";
    return tr;
  });
  $("table").replaceChildren(el("table", {}, el("caption", {}, "The frequency ladder, fastest pair first"), el("thead", {}, head), el("tbody", {}, ...rows)));
}

// ----------------------------------------------------------------------------- update

function render() {
  const r = raw();
  enableFields(r.method);
  toAddress(r);
  const res = design(r);
  for (const f of FIELDS) {
    const box = form.elements[f];
    if (f === res.field) {
      box.setAttribute("aria-invalid", "true");
      box.setAttribute("aria-describedby", "pe-d-message");
    } else {
      box.removeAttribute("aria-invalid");
      box.removeAttribute("aria-describedby");
    }
  }
  const out = $("out");
  out.classList.toggle("pe-d-bad", Boolean(res.error));
  if (res.error) {
    $("message").textContent = res.error;
    $("warnings").replaceChildren();
    $("chart").replaceChildren(svg("text", { x: 320, y: 140, "text-anchor": "middle", class: "pe-d-none" }, "Nothing to draw until the settings are fixed."));
    $("caption").textContent = "No curve: the settings above have a problem, named above the chart.";
    $("table").replaceChildren(el("p", {}, "No frequencies: the settings above have a problem, named above the chart."));
  } else {
    $("message").textContent = summary(res);
    $("warnings").replaceChildren(
      ...warnings(res).map(([kind, label, text]) => el("li", { className: `pe-d-${kind}` }, el("strong", {}, label), " ", text)),
    );
    chart(res);
    $("caption").textContent = caption(res);
    table(res);
  }
  window.peDesign = { raw: r, result: res, count: (window.peDesign?.count ?? 0) + 1, compute: design };
}

let pending = false;
function schedule() {
  if (pending) return;
  pending = true;
  requestAnimationFrame(() => {
    pending = false;
    render();
  });
}

if (form) {
  fromAddress();
  form.addEventListener("input", schedule);
  form.addEventListener("submit", (e) => e.preventDefault());
  render();
}
