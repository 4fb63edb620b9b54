// The rotation: R(k) turns each sin/cos pair of PE(pos) by k * omega_i onto PE(pos + k).
// One unit circle per chosen pair, the residual |R(k) PE(pos) - PE(pos + k)| computed
// (not assumed), and a table pair by pair.

import * as M from "../math.js";
import * as D from "../draw.js";
import { field } from "../controls.js";
import { canvas, h, scrollBox } from "../dom.js";
import { short, sub, tiny } from "../format.js";
import { View } from "./view.js";

const COLUMNS = ["Pair i", "Angle k·ωᵢ (rad)", "PE(pos): (sin, cos)", "R(k)·PE(pos)", "PE(pos + k)", "Residual"];

export default class RotationView extends View {
  constructor(x, el) {
    super(x, el);
    this.canvas = canvas("Rotation of each pair on its unit circle");
    this.residual = h("output", { "data-testid": "pe-x-residual" });
    this.norm = h("output");
    this.head = h("p", { class: "pe-x-note" });
    this.odd = h("p", { class: "pe-x-note" });
    this.body = h("tbody");
    const table = h("table", { class: "pe-x-table" },
      h("caption", {}, "Pair by pair: R(k)·PE(pos) against PE(pos + k)"),
      h("thead", {}, h("tr", {}, ...COLUMNS.map((t) => h("th", { scope: "col" }, t)))),
      this.body);
    el.append(field(x, "k", "Offset k", { help: "pos + k may lie outside the sequence" }), this.head, this.canvas,
      h("dl", { class: "pe-x-readout" },
        h("dt", {}, "Largest residual |R(k)·PE(pos) − PE(pos + k)| over all paired columns"), h("dd", {}, this.residual),
        h("dt", {}, "Euclidean norm of the residual"), h("dd", {}, this.norm)),
      this.odd, scrollBox(table, "Rotation table"));
  }

  draw() {
    const x = this.x, st = x.st;
    if (!this.stale(`${st.pos},${st.k},${st.d},${st.base},${st.layout},${st.pairs},${x.cw},${x.paletteVersion}`)) return;
    const r = M.rotate(st.pos, st.k, st.d, x.w, st.layout);
    const nc = M.cosCount(st.d);
    const shown = st.pairs.filter((i) => i < nc);
    this.head.textContent = `R(${st.k}) turns pair i by the angle ${st.k}·ωᵢ. Starting from PE(${st.pos}) (hollow dot) it lands (filled dot) on PE(${st.pos + st.k}) (ring).`;
    this.drawCircles(r, shown, nc);
    this.residual.textContent = nc ? tiny(r.maxResidual) : "no pairs";
    this.norm.textContent = nc ? tiny(r.normResidual) : "no pairs";
    this.odd.textContent = st.d % 2
      ? `d_model = ${st.d} is odd: column ${M.column(nc, 0, st.d, st.layout)} holds sin(pos · ω${sub(nc)}) with no cosine partner. No fixed matrix maps it from pos to pos + k, so it is left out of R(k) and of the residual.`
      : `All ${nc} pairs rotate; the residual is float64 rounding.`;
    this.body.replaceChildren(...shown.map((i) => {
      const p = r.pairs[i];
      const pair = (xy) => `${short(xy[0], 8)}, ${short(xy[1], 8)}`;
      return h("tr", {}, h("td", {}, String(i)), h("td", {}, short(p.angle, 8)), h("td", {}, pair(p.from)), h("td", {}, pair(p.rotated)), h("td", {}, pair(p.target)), h("td", {}, tiny(p.residual)));
    }));
    this.canvas.setAttribute("aria-label", shown.length
      ? `Unit circles of pairs ${shown.join(", ")}: each point PE(${st.pos}) turned by ${st.k}·ωᵢ lands on PE(${st.pos + st.k}); largest residual ${tiny(r.maxResidual)}.`
      : "Unit circles of the selected pairs: none can be rotated.");
  }

  /** One unit circle per shown pair: PE(pos), R(k) PE(pos), PE(pos + k) and the turn. */
  drawCircles(r, shown, nc) {
    const x = this.x, st = x.st, c = x.colors;
    const W = x.cw;
    const cols = Math.max(1, Math.min(shown.length || 1, Math.floor(W / 150)));
    const cell = W / cols, rows = Math.max(1, Math.ceil(shown.length / cols));
    const ctx = D.setupCanvas(this.canvas, W, rows * (cell * 0.8 + 8));
    ctx.font = `11px ${x.font}`;
    shown.forEach((i, n) => {
      const p = r.pairs[i];
      const color = c.series[st.pairs.indexOf(i) % 8];
      const cx = (n % cols) * cell + cell / 2, cy = Math.floor(n / cols) * (cell * 0.8 + 8) + cell * 0.42;
      const R = Math.min(cell * 0.3, 60);
      const pt = ([s, co]) => [cx + R * co, cy - R * s]; // x = cos, y = sin: the angle is pos * omega
      ctx.strokeStyle = c.grid;
      ctx.lineWidth = 1;
      ctx.beginPath();
      ctx.moveTo(cx - R - 6, cy);
      ctx.lineTo(cx + R + 6, cy);
      ctx.moveTo(cx, cy - R - 6);
      ctx.lineTo(cx, cy + R + 6);
      ctx.stroke();
      ctx.strokeStyle = c.axis;
      ctx.beginPath();
      ctx.arc(cx, cy, R, 0, 2 * Math.PI);
      ctx.stroke();
      // The turn, reduced to (-pi, pi]: the arc from PE(pos) to R(k) PE(pos).
      const from = Math.atan2(p.from[0], p.from[1]);
      let turn = p.angle % (2 * Math.PI);
      if (turn > Math.PI) turn -= 2 * Math.PI;
      if (turn <= -Math.PI) turn += 2 * Math.PI;
      ctx.strokeStyle = color;
      ctx.lineWidth = 2.5;
      ctx.beginPath();
      ctx.arc(cx, cy, R * 0.75, -from, -(from + turn), turn > 0);
      ctx.stroke();
      const [x0, y0] = pt(p.from), [x1, y1] = pt(p.rotated), [x2, y2] = pt(p.target);
      ctx.lineWidth = 1.5;
      ctx.strokeStyle = c.fg;
      ctx.beginPath();
      ctx.arc(x0, y0, 4, 0, 2 * Math.PI);
      ctx.stroke();
      ctx.beginPath();
      ctx.arc(x2, y2, 8, 0, 2 * Math.PI);
      ctx.stroke();
      ctx.fillStyle = color;
      ctx.beginPath();
      ctx.arc(x1, y1, 4.5, 0, 2 * Math.PI);
      ctx.fill();
      ctx.fillStyle = c.fg;
      ctx.textAlign = "center";
      ctx.textBaseline = "top";
      ctx.fillText(`pair ${i}: turn ${short(turn, 3)} rad`, cx, cy + R + 10);
    });
    if (!shown.length) {
      ctx.fillStyle = c.fg;
      ctx.fillText(nc ? "No paired index among the selected pairs." : "No sin/cos pair to rotate.", 8, 20);
    }
  }
}
