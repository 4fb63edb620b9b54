// Frequencies and wavelengths: the wavelength of every pair on a log scale against the
// sequence length, a table of the chosen pairs, and their sine waves overlaid.

import * as M from "../math.js";
import * as D from "../draw.js";
import { listField } from "../controls.js";
import { canvas, h, marker, plotBox, scrollBox } from "../dom.js";
import { full, short } from "../format.js";
import { View } from "./view.js";

const COLUMNS = ["Pair i", "Columns (sin, cos)", "ωᵢ = base^(−2i/d)", "Wavelength 2π·base^(2i/d)", "Periods in the sequence"];

export default class FrequenciesView extends View {
  constructor(x, el) {
    super(x, el);
    this.canvas = canvas("Wavelength of each pair");
    this.overlay = canvas("Overlay of the selected waves");
    this.body = h("tbody");
    this.summary = h("p", { class: "pe-x-note" });
    this.marker = marker();
    const table = h("table", { class: "pe-x-table" },
      h("caption", {}, "The selected pairs"),
      h("thead", {}, h("tr", {}, ...COLUMNS.map((t) => h("th", { scope: "col" }, t)))),
      this.body);
    el.append(listField(x, "pairs", "Pairs to highlight, overlay and rotate", "Pair indices"), this.canvas, this.summary,
      scrollBox(table, "Table of the selected pairs"), plotBox(this.overlay, this.marker));
  }

  draw() {
    const x = this.x, st = x.st, naive = x.debug.naive;
    const W = x.cw, H = x.narrow ? 180 : 220;
    const key = `${st.len},${st.d},${st.base},${st.pairs},${W},${x.paletteVersion}`;
    const tableKey = `${key},${st.layout}`;
    if (this.tableKey !== tableKey || naive) {
      this.tableKey = tableKey;
      this.drawTable();
    }
    if (this.stale(key)) {
      this.drawWavelengths(W, H);
      this.drawOverlay(W, H);
      this.dyn = null;
    }
    const dyn = `${st.pos},${key}`;
    if (this.dyn === dyn && !naive) return;
    this.dyn = dyn;
    D.placeMarker(this.marker, this.osc.x(st.pos), `pos ${st.pos}`, W);
    this.overlay.setAttribute("aria-label", st.pairs.length
      ? `Sine waves sin(pos · ωᵢ) of pairs ${st.pairs.join(", ")} over positions 0 … ${st.len - 1}, colours as the dots above; marker at position ${st.pos}.`
      : "Overlay of the selected waves: no pair selected.");
  }

  drawTable() {
    const x = this.x, st = x.st;
    this.body.replaceChildren(...st.pairs.map((i) => {
      const lam = M.wavelength(i, st.d, st.base);
      const cols = i < M.cosCount(st.d) ? `${M.column(i, 0, st.d, st.layout)}, ${M.column(i, 1, st.d, st.layout)}` : `${M.column(i, 0, st.d, st.layout)} (sine only, unpaired)`;
      return h("tr", {}, h("td", {}, String(i)), h("td", {}, cols), h("td", {}, short(x.w[i], 10)),
        h("td", {}, h("output", { "data-testid": "pe-x-wavelength", "data-pair": i }, full(lam))), h("td", {}, short(st.len / lam, 6)));
    }));
    if (!st.pairs.length) this.body.append(h("tr", {}, h("td", { colspan: 5 }, "No pair selected.")));
  }

  /** Wavelength against pair index, log scale; the selected pairs as dots; the length dashed. */
  drawWavelengths(W, H) {
    const x = this.x, st = x.st, c = x.colors;
    const n = M.pairCount(st.d);
    const lam = Array.from(x.w, (_, i) => M.wavelength(i, st.d, st.base));
    const ctx = D.setupCanvas(this.canvas, W, H);
    const box = { l: 48, t: 16, w: W - 58, h: H - 48 };
    const ylo = Math.min(2 * Math.PI, st.len) / 1.5, yhi = Math.max(lam[n - 1], st.len) * 1.5;
    const sc = D.scales(box, [0, Math.max(1, n - 1)], [ylo, yhi], true);
    const decades = [];
    for (let e = Math.ceil(Math.log10(ylo)); e <= Math.log10(yhi); e++) decades.push(10 ** e);
    D.frame(ctx, box, sc, { xTicks: D.niceTicks(0, n - 1, x.narrow ? 4 : 8, true), yTicks: decades, colors: c, font: x.font, xLabel: "pair i", yLabel: "wavelength (positions, log scale)" });
    // The sequence length: pairs above it do not complete one period inside the sequence.
    ctx.save();
    ctx.strokeStyle = c.fg;
    ctx.setLineDash([2, 3]);
    ctx.beginPath();
    ctx.moveTo(box.l, sc.y(st.len));
    ctx.lineTo(box.l + box.w, sc.y(st.len));
    ctx.stroke();
    ctx.fillStyle = c.fg;
    ctx.font = `11px ${x.font}`;
    ctx.fillText(`length ${st.len}`, box.l + 4, sc.y(st.len) - 3);
    ctx.restore();
    D.samples(ctx, box, sc, lam, c.series[0], { width: 2 });
    st.pairs.forEach((i, k) => {
      ctx.fillStyle = c.series[k % 8];
      ctx.strokeStyle = c.fg;
      ctx.beginPath();
      ctx.arc(sc.x(i), sc.y(lam[i]), 5, 0, 2 * Math.PI);
      ctx.fill();
      ctx.stroke();
    });
    const within = lam.filter((l) => l <= st.len).length;
    this.canvas.setAttribute("aria-label", `Wavelength of each of the ${n} pairs on a log scale: a straight line from 2π = ${short(lam[0], 6)} at pair 0 to ${short(lam[n - 1], 6)} at pair ${n - 1}; ${within} of them fit within the sequence length ${st.len}.`);
    this.summary.textContent = `The wavelengths grow geometrically, by a factor base^(2/d) = ${short(Math.pow(st.base, 2 / st.d), 8)} per pair, from 2π ≈ ${short(lam[0], 8)} (pair 0) to ${short(lam[n - 1], 8)} (pair ${n - 1}); ${within} of ${n} pairs complete a full period within ${st.len} positions.`;
  }

  /** sin(pos * omega_i) of the selected pairs over the positions (the marker moves over it). */
  drawOverlay(W, H) {
    const x = this.x, st = x.st, c = x.colors;
    const ctx = D.setupCanvas(this.overlay, W, H);
    const box = { l: 34, t: 16, w: W - 44, h: H - 48 };
    D.markerSpan(this.marker, box);
    const sc = (this.osc = D.scales(box, [0, Math.max(1, st.len - 1)], [-1.1, 1.1]));
    D.frame(ctx, box, sc, { xTicks: D.niceTicks(0, st.len - 1, x.narrow ? 4 : 8, true), yTicks: [-1, 0, 1], colors: c, font: x.font, xLabel: "position" });
    st.pairs.forEach((i, k) => {
      const w = x.w[i], values = new Float64Array(st.len);
      for (let p = 0; p < st.len; p++) values[p] = Math.sin(p * w);
      D.samples(ctx, box, sc, values, c.series[k % 8], { cont: (t) => Math.sin(t * w) });
    });
  }
}
