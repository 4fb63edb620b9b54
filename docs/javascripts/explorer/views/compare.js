// Two positions compared: cosine similarity and distance of PE(A), PE(B) and of the same
// pair shifted, which agree because the dot product depends only on the offset; and the
// similarity of PE(A) with every position of the sequence, against the offset.

import * as M from "../math.js";
import * as D from "../draw.js";
import { field } from "../controls.js";
import { canvas, h, marker, plotBox, scrollBox } from "../dom.js";
import { full, short, sub, tiny } from "../format.js";
import { View } from "./view.js";

const CELLS = ["cos-ab", "dist-ab", "cos-shift", "dist-shift", "cos-diff", "dist-diff"];

export default class CompareView extends View {
  constructor(x, el) {
    super(x, el);
    this.canvas = canvas("Similarity against offset");
    this.ab = h("th", { scope: "row" });
    this.sh = h("th", { scope: "row" });
    this.cells = Object.fromEntries(CELLS.map((id) => [id, h("output", { "data-testid": `pe-x-${id}` })]));
    this.offAB = h("td");
    this.offSh = h("td");
    this.note = h("p", { class: "pe-x-note" });
    const cell = (id) => h("td", {}, this.cells[id]);
    const table = h("table", { class: "pe-x-table" },
      h("caption", {}, "Two pairs of positions with the same offset"),
      h("thead", {}, h("tr", {}, ...["Pair", "Offset", "Cosine similarity", "Euclidean distance"].map((t) => h("th", { scope: "col" }, t)))),
      h("tbody", {},
        h("tr", {}, this.ab, this.offAB, cell("cos-ab"), cell("dist-ab")),
        h("tr", {}, this.sh, this.offSh, cell("cos-shift"), cell("dist-shift")),
        h("tr", {}, h("th", { scope: "row" }, "Difference"), h("td", {}, ""), cell("cos-diff"), cell("dist-diff"))));
    this.marker = marker();
    el.append(h("div", { class: "pe-x-grid" },
      field(x, "a", "Position A"), field(x, "b", "Position B"), field(x, "shift", "Shift both by", { help: "A + shift may pass the last row" })),
    scrollBox(table, "Comparison table"), this.note, plotBox(this.canvas, this.marker));
  }

  draw() {
    const x = this.x, st = x.st, c = x.colors, naive = x.debug.naive;
    const numKey = `${st.a},${st.b},${st.shift},${st.d},${st.base},${st.layout}`;
    if (this.numKey !== numKey || naive) {
      this.numKey = numKey;
      const r = M.comparePositions(st.a, st.b, st.shift, st.d, x.w, st.layout);
      this.ab.textContent = `A → B: ${st.a} → ${st.b}`;
      this.sh.textContent = `A + ${st.shift} → B + ${st.shift}: ${st.a + st.shift} → ${st.b + st.shift}`;
      this.offAB.textContent = this.offSh.textContent = String(st.b - st.a);
      this.cells["cos-ab"].textContent = full(r.cosine);
      this.cells["dist-ab"].textContent = full(r.distance);
      this.cells["cos-shift"].textContent = full(r.shifted.cosine);
      this.cells["dist-shift"].textContent = full(r.shifted.distance);
      this.cells["cos-diff"].textContent = r.difference.cosine === null ? "undefined" : tiny(r.difference.cosine);
      this.cells["dist-diff"].textContent = tiny(r.difference.distance);
      this.note.textContent = st.d % 2
        ? `d_model = ${st.d} is odd: the unpaired last column sin(pos · ω${sub(M.pairCount(st.d) - 1)}) depends on the positions themselves, not only on their offset, so the two rows may differ by more than rounding.`
        : `Both rows have offset ${st.b - st.a}: every sin/cos pair contributes cos(offset · ωᵢ) to the dot product whatever the positions, so the values agree up to float64 rounding.`;
    }
    const W = x.cw, H = x.narrow ? 170 : 200;
    // The sums over pairs of cos(offset * omega_i) depend on length, d and base only.
    const sumsKey = `${st.len},${st.d},${st.base}`;
    if (this.sumsKey !== sumsKey || naive) {
      this.sumsKey = sumsKey;
      this.sums = M.offsetSums(st.len, st.d, x.w, naive);
    }
    const curveKey = `${st.a},${sumsKey},${W},${x.paletteVersion}`;
    if (this.stale(curveKey)) {
      this.curve = M.similarityCurve(st.a, st.len, st.d, x.w, this.sums);
      const ctx = D.setupCanvas(this.canvas, W, H);
      let lo = 0;
      for (const y of this.curve) if (y < lo) lo = y;
      const box = { l: 40, t: 16, w: W - 50, h: H - 48 };
      D.markerSpan(this.marker, box);
      const x0 = -st.a, x1 = st.len - 1 - st.a;
      const sc = (this.sc = D.scales(box, [x0, Math.max(x1, x0 + 1)], [Math.min(-0.1, lo - 0.05), 1.05]));
      D.frame(ctx, box, sc, { xTicks: D.niceTicks(x0, x1, x.narrow ? 4 : 8, true), yTicks: D.niceTicks(Math.min(-0.1, lo - 0.05), 1, 4), colors: c, font: x.font, xLabel: "offset from A" });
      D.samples(ctx, box, sc, this.curve, c.series[0], { x0 });
      this.dyn = null;
    }
    const dyn = `${st.b},${curveKey}`;
    if (this.dyn === dyn && !naive) return;
    this.dyn = dyn;
    const off = st.b - st.a;
    D.placeMarker(this.marker, this.sc.x(off), `B − A = ${off}`, W);
    this.canvas.setAttribute("aria-label", `Cosine similarity of PE(${st.a}) with every position of the sequence, against the offset from ${-st.a} to ${st.len - 1 - st.a}: 1 at offset 0, falling off with distance. Marked: offset ${off}, similarity ${short(this.curve[st.b], 6)}.`);
  }
}
