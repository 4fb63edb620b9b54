// The vector at one position: PE(pos) as bars over the dimension index, the value of the
// inspected dimension with the angle behind it, and the length of the vector.

import * as M from "../math.js";
import * as D from "../draw.js";
import { field } from "../controls.js";
import { canvas, h } from "../dom.js";
import { full, kindName, short, sub } from "../format.js";
import { View } from "./view.js";

export default class VectorView extends View {
  constructor(x, el) {
    super(x, el);
    this.canvas = canvas("Bar chart of the encoding vector");
    this.value = h("output", { "data-testid": "pe-x-value" });
    this.what = h("span");
    this.norm = h("output", { "data-testid": "pe-x-norm" });
    this.range = h("span");
    x.on(this.canvas, "click", (e) => {
      if (this.sc) x.apply({ j: Math.round(this.sc.xInv(e.offsetX)) });
    });
    el.append(field(x, "j", "Inspect dimension", { help: "click a bar too" }), this.canvas,
      h("dl", { class: "pe-x-readout" },
        h("dt", {}, "Value"), h("dd", {}, this.value, " ", this.what),
        h("dt", {}, "Length of the vector"), h("dd", {}, this.norm, " ", this.range)));
  }

  draw() {
    const x = this.x, st = x.st, c = x.colors;
    if (!this.stale(`${st.pos},${st.d},${st.base},${st.layout},${st.j},${x.cw},${x.paletteVersion}`)) return;
    const v = M.row(st.pos, st.d, x.w, st.layout);
    const W = x.cw, H = x.narrow ? 160 : 200;
    const ctx = D.setupCanvas(this.canvas, W, H);
    const box = { l: 34, t: 12, w: W - 44, h: H - 44 };
    const sc = (this.sc = D.scales(box, [-0.5, st.d - 0.5], [-1.05, 1.05]));
    D.frame(ctx, box, sc, { xTicks: D.niceTicks(0, st.d - 1, x.narrow ? 4 : 8, true), yTicks: [-1, -0.5, 0, 0.5, 1], colors: c, font: x.font, xLabel: "dimension" });
    const bw = box.w / st.d, gap = bw > 4 ? 1 : 0, y0 = sc.y(0);
    // One fillRect per bar, not one path of them all: Chromium rasterizes a path of 2048
    // rectangles in 130-500 ms when the frame is painted, 2048 fillRects in 1-3 ms.
    for (const [sign, color] of [[1, c.pos], [-1, c.neg]]) {
      ctx.fillStyle = color;
      for (let j = 0; j < st.d; j++) {
        if (Math.sign(v[j]) !== sign) continue;
        const y1 = sc.y(v[j]);
        ctx.fillRect(sc.x(j - 0.5) + gap / 2, Math.min(y0, y1), Math.max(bw - gap, 0.6), Math.abs(y1 - y0));
      }
    }
    // The inspected dimension: a marker above and below its bar.
    const xj = sc.x(st.j);
    ctx.fillStyle = c.mark;
    ctx.beginPath();
    ctx.moveTo(xj - 5, box.t - 8);
    ctx.lineTo(xj + 5, box.t - 8);
    ctx.lineTo(xj, box.t - 1);
    ctx.fill();
    ctx.strokeStyle = c.mark;
    ctx.lineWidth = 1;
    ctx.strokeRect(sc.x(st.j - 0.5) - 1, box.t, Math.max(bw, 1) + 2, box.h);

    const { pair, kind } = M.columnInfo(st.j, st.d, st.layout);
    const angle = st.pos * x.w[pair];
    this.value.textContent = `PE[${st.pos}, ${st.j}] = ${full(v[st.j])}`;
    this.what.textContent = `= ${kindName(kind)}(${st.pos} · ω${sub(pair)}) with ω${sub(pair)} = ${short(x.w[pair], 8)}, angle ${short(angle, 8)} rad (pair ${pair}).`;
    let ss = 0, lo = Infinity, hi = -Infinity;
    for (let j = 0; j < st.d; j++) {
      ss += v[j] * v[j];
      if (v[j] < lo) lo = v[j];
      if (v[j] > hi) hi = v[j];
    }
    this.norm.textContent = `‖PE(${st.pos})‖ = ${full(Math.sqrt(ss))}`;
    this.range.textContent = st.d % 2 ? `(d_model is odd: √(${M.cosCount(st.d)} + sin² of the unpaired column))` : `(= √(d_model/2) = √${st.d / 2}, the same at every position)`;
    this.canvas.setAttribute("aria-label", `Bar chart of PE(${st.pos}), the ${st.d} values of the encoding at position ${st.pos}: smallest ${short(lo, 4)}, largest ${short(hi, 4)}. Dimension ${st.j} is marked: ${short(v[st.j], 6)}.`);
  }
}
