// Small DOM builders shared by the controller and the views.

/** <tag attrs...>kids</tag>; attribute values null/false are left out, true is "". */
export function h(tag, attrs = {}, ...kids) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v == null || v === false) continue;
    if (k === "class") el.className = v;
    else if (k === "text") el.textContent = v;
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  for (const kid of kids.flat()) if (kid != null) el.append(kid);
  return el;
}

/** A canvas drawn by a view: an image for assistive technology, named by `label`. */
export function canvas(label) {
  return h("canvas", { role: "img", "aria-label": label, class: "pe-x-canvas" });
}

/** A dashed vertical marker laid over a plot: moving it redraws no canvas (see draw.js). */
export function marker() {
  return h("div", { class: "pe-x-marker", "aria-hidden": "true" }, h("span"));
}

/** A canvas with a marker over it. */
export function plotBox(canvasEl, mark) {
  return h("div", { class: "pe-x-plot" }, canvasEl, mark);
}

/** A horizontally scrollable, keyboard-focusable box for a table that may be wide. */
export function scrollBox(table, label) {
  return h("div", { class: "pe-x-scroll", tabindex: 0, role: "region", "aria-label": label }, table);
}
