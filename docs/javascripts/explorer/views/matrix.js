// The whole matrix: a heatmap with one row per position and one column per dimension,
// coloured from -1 through 0 to +1, the selected position outlined; a click selects a row.

import * as M from "../math.js";
import { canvas, h } from "../dom.js";
import { View } from "./view.js";

export default class MatrixView extends View {
  constructor(x, el) {
    super(x, el);
    this.canvas = canvas("Heatmap of the encoding matrix");
    this.canvas.classList.add("pe-x-heatmap");
    this.hl = h("div", { class: "pe-x-hl", "aria-hidden": "true" });
    this.wrap = h("div", { class: "pe-x-heatwrap" }, this.canvas, this.hl);
    this.caption = h("p", { class: "pe-x-caption" });
    x.on(this.canvas, "click", (e) => {
      const rect = this.canvas.getBoundingClientRect();
      x.apply({ pos: Math.floor(((e.clientY - rect.top) / rect.height) * x.st.len) });
    });
    const legend = h("div", { class: "pe-x-legend", role: "img", "aria-label": "Colour scale: −1 dark blue, 0 neutral, +1 dark orange" },
      h("span", {}, "−1"), h("span", { class: "pe-x-legend-bar" }), h("span", {}, "+1"));
    this.axisRight = h("span");
    el.append(h("div", { class: "pe-x-axes", "aria-hidden": "true" }, h("span", {}, "dimension 0 →"), this.axisRight),
      this.wrap, this.caption, legend);
  }

  draw() {
    const x = this.x, st = x.st, naive = x.debug.naive;
    const cssH = Math.round(Math.min(420, Math.max(120, (x.cw * st.len) / st.d)));
    // At most one image pixel per device pixel: beyond that a pixel shows the cell under its
    // centre, as a nearest-neighbour downscale of the full image would (naive: full image).
    const dpr = Math.max(1, Math.min(3, window.devicePixelRatio || 1));
    const C = naive ? st.d : Math.min(st.d, Math.round(x.cw * dpr));
    const R = naive ? st.len : Math.min(st.len, Math.round(cssH * dpr));
    if (this.stale(`${st.len},${st.d},${st.base},${st.layout},${C},${R},${x.paletteVersion}`)) {
      this.wrap.style.height = `${cssH}px`;
      const ctx = this.canvas.getContext("2d");
      if (this.canvas.width !== C || this.canvas.height !== R) {
        this.canvas.width = C;
        this.canvas.height = R;
      }
      if (!this.img || this.img.width !== C || this.img.height !== R) this.img = ctx.createImageData(C, R);
      const px = new Uint32Array(this.img.data.buffer);
      if (naive) M.paintMatrixNaive(st.len, st.d, x.w, st.layout, x.lut, px);
      else M.paintMatrix(st.len, st.d, x.w, st.layout, x.lut, px, C, R);
      ctx.putImageData(this.img, 0, 0);
      this.canvas.setAttribute("aria-label", `Heatmap of the ${st.len} × ${st.d} encoding matrix (${st.layout} layout): one row per position from 0 at the top, one column per dimension; blue is −1, orange +1. Left columns change fast with position, right columns slowly.`);
      this.axisRight.textContent = `← dimension ${st.d - 1}`;
      this.res = C === st.d && R === st.len
        ? "one pixel per cell"
        : `drawn at the screen’s resolution, ${C} of ${st.d} columns × ${R} of ${st.len} rows, each pixel showing the cell at its centre; zoom in for more`;
    }
    this.hl.style.top = `${(st.pos / st.len) * 100}%`;
    this.hl.style.height = `max(4px, ${100 / st.len}%)`;
    this.caption.textContent = `Rows: positions 0 (top) … ${st.len - 1}. Highlighted: row ${st.pos}. Click a row to select it. Image: ${this.res}.`;
  }
}
