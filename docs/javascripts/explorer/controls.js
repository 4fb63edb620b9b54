// The form controls that change the state: each is built once, reports what the reader
// typed to the controller (`x.apply` for checked values, `x.input` for raw text), and
// registers in `x.controls` a function that shows the current state in it again.

import * as S from "./state.js";
import { h } from "./dom.js";

/** A range slider and a number box for one integer key, with visible bounds. */
export function field(x, key, label, { help = "" } = {}) {
  const id = `pe-x-${key}`;
  const range = h("input", { type: "range", id: `${id}-range`, step: 1, "data-testid": `${id}-range`, "aria-describedby": `${id}-help` });
  const num = h("input", { type: "number", id: `${id}-number`, step: 1, inputmode: "numeric", "aria-label": `${label} value`, "aria-describedby": `${id}-help`, "data-testid": `${id}-number` });
  const note = h("span", { class: "pe-x-help", id: `${id}-help` });
  x.on(range, "input", () => x.apply({ [key]: Number(range.value) }));
  x.on(num, "input", () => x.input(key, num.value, { quiet: true }));
  x.on(num, "change", () => x.input(key, num.value));
  x.controls.push((force) => {
    const [lo, hi] = S.bounds(key, x.st);
    for (const el of [range, num]) {
      if (el.min !== String(lo)) el.min = lo;
      if (el.max !== String(hi)) el.max = hi;
    }
    range.value = x.st[key];
    if (force || document.activeElement !== num || Number(num.value) !== x.st[key]) num.value = x.st[key];
    const text = `${lo} … ${hi}${help ? `; ${help}` : ""}`;
    if (note.textContent !== text) note.textContent = text;
  });
  return h("div", { class: "pe-x-field" },
    h("label", { for: `${id}-range` }, label),
    h("div", { class: "pe-x-inputs" }, range, num), note);
}

/** The base: a logarithmic slider (3 significant digits) and a number box for any value. */
export function baseField(x) {
  const id = "pe-x-base";
  const range = h("input", { type: "range", id: `${id}-range`, min: 0.01, max: 6, step: 0.01, "data-testid": `${id}-range`, "aria-describedby": `${id}-help`, "aria-valuetext": "" });
  const num = h("input", { type: "number", id: `${id}-number`, step: "any", inputmode: "decimal", "aria-label": "Base value", "aria-describedby": `${id}-help`, "data-testid": `${id}-number` });
  x.on(range, "input", () => x.apply({ base: Number((10 ** Number(range.value)).toPrecision(3)) }));
  x.on(num, "input", () => x.input("base", num.value, { quiet: true }));
  x.on(num, "change", () => x.input("base", num.value));
  x.controls.push((force) => {
    const b = x.st.base;
    range.value = Math.log10(b);
    range.setAttribute("aria-valuetext", S.fmtNumber(b));
    if (force || document.activeElement !== num || Number(num.value) !== b) num.value = b;
  });
  return h("div", { class: "pe-x-field" },
    h("label", { for: `${id}-range` }, "Base"),
    h("div", { class: "pe-x-inputs" }, range, num),
    h("span", { class: "pe-x-help", id: `${id}-help` }, `above 1, up to ${S.MAX_BASE.toExponential(0).replace("e+", "e")}; the slider is logarithmic`));
}

/** Two radio buttons: interleaved or split. */
export function layoutField(x) {
  const radios = ["interleaved", "split"].map((value) => {
    const input = h("input", { type: "radio", name: "pe-x-layout", value, id: `pe-x-layout-${value}`, "data-testid": `pe-x-layout-${value}` });
    x.on(input, "change", () => input.checked && x.input("layout", value));
    return { input, el: h("label", { for: `pe-x-layout-${value}`, class: "pe-x-radio" }, input, value === "interleaved" ? " interleaved (sin, cos, sin, …)" : " split (all sines, then cosines)") };
  });
  x.controls.push(() => {
    for (const r of radios) r.input.checked = r.input.value === x.st.layout;
  });
  return h("fieldset", { class: "pe-x-field pe-x-fieldset" }, h("legend", {}, "Layout"), radios.map((r) => r.el));
}

/** A text box for a list of indices (dims, pairs), applied on change. */
export function listField(x, key, label, help) {
  const id = `pe-x-${key}`;
  const input = h("input", { type: "text", id, "data-testid": id, "aria-describedby": `${id}-help`, autocomplete: "off", spellcheck: "false" });
  const note = h("span", { class: "pe-x-help", id: `${id}-help` });
  x.on(input, "change", () => x.input(key, input.value));
  x.controls.push((force) => {
    const text = x.st[key].join(", ");
    if (force || document.activeElement !== input) input.value = text;
    const [, hi] = S.bounds(key, x.st);
    const t = `${help} 0 … ${hi}, up to ${S.MAX_LIST}, separated by commas; applied on Enter.`;
    if (note.textContent !== t) note.textContent = t;
  });
  return h("div", { class: "pe-x-field pe-x-wide" }, h("label", { for: id }, label), input, note);
}
