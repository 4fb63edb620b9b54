// Columns as waves: the chosen columns of the matrix over the positions, each the samples
// of a sine or cosine (dots) on the continuous wave (faint line), with the values at the
// selected position (the dashed marker).

import * as M from "../math.js";
import * as D from "../draw.js";
import { listField } from "../controls.js";
import { canvas, h, marker, plotBox } from "../dom.js";
import { full, kindName, short, sub } from "../format.js";
import { View } from "./view.js";

export default class WavesView extends View {
  constructor(x, el) {
    super(x, el);
    this.canvas = canvas("Waves of the selected dimensions");
    this.list = h("ul", { class: "pe-x-keys" });
    x.on(this.canvas, "click", (e) => this.sc && x.apply({ pos: Math.round(this.sc.xInv(e.offsetX)) }));
    this.marker = marker();
    el.append(listField(x, "dims", "Dimensions (columns) to plot", "Column indices"), plotBox(this.canvas, this.marker), this.list);
  }

  /** Exact values of column j over positions 0..L-1, and the continuous curve. */
  series(j) {
    const st = this.x.st;
    const { pair, kind } = M.columnInfo(j, st.d, st.layout);
    const w = this.x.w[pair];
    const values = new Float64Array(st.len);
    if (kind === 0) for (let p = 0; p < st.len; p++) values[p] = Math.sin(p * w);
    else for (let p = 0; p < st.len; p++) values[p] = Math.cos(p * w);
    return { j, pair, kind, values, cont: kind === 0 ? (t) => Math.sin(t * w) : (t) => Math.cos(t * w) };
  }

  draw() {
    const x = this.x, st = x.st, c = x.colors;
    const W = x.cw, H = x.narrow ? 180 : 220;
    const key = `${st.len},${st.d},${st.base},${st.layout},${st.dims},${W},${x.paletteVersion}`;
    if (this.stale(key)) {
      const all = st.dims.map((j) => this.series(j));
      const ctx = D.setupCanvas(this.canvas, W, H);
      const box = { l: 34, t: 16, w: W - 44, h: H - 48 };
      D.markerSpan(this.marker, box);
      const sc = (this.sc = D.scales(box, [0, Math.max(1, st.len - 1)], [-1.1, 1.1]));
      D.frame(ctx, box, sc, { xTicks: D.niceTicks(0, st.len - 1, x.narrow ? 4 : 8, true), yTicks: [-1, 0, 1], colors: c, font: x.font, xLabel: "position" });
      all.forEach((s, k) => D.samples(ctx, box, sc, s.values, c.series[k], { cont: s.cont }));
      this.items = all.map((s, k) => {
        const out = h("output", { "data-testid": "pe-x-wave-value", "data-dim": s.j });
        return { s, out, li: h("li", {}, h("span", { class: "pe-x-swatch", style: `background:${c.series[k]}` }), ` dim ${s.j} = ${kindName(s.kind)}(pos · ω${sub(s.pair)}), λ = ${short(2 * Math.PI / x.w[s.pair], 5)}: `, out) };
      });
      this.list.replaceChildren(...this.items.map((it) => it.li));
      if (!this.items.length) this.list.append(h("li", {}, "No dimension selected."));
      this.dyn = null;
    }
    // The marker and the readouts follow the position without redrawing the canvas.
    const dyn = `${st.pos},${key}`;
    if (this.dyn === dyn && !x.debug.naive) return;
    this.dyn = dyn;
    D.placeMarker(this.marker, this.sc.x(st.pos), `pos ${st.pos}`, W);
    for (const it of this.items) it.out.textContent = `${full(it.s.values[st.pos])} at position ${st.pos}`;
    this.canvas.setAttribute("aria-label", this.items.length
      ? `Line plot over positions 0 … ${st.len - 1} of dimensions ${st.dims.join(", ")}; marker at position ${st.pos}, where the values are ${this.items.map((it) => short(it.s.values[st.pos], 4)).join(", ")}.`
      : "Line plot of the selected dimensions: none selected.");
  }
}
