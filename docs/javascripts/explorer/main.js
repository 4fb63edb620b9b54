// Interactive explorer of the sinusoidal positional encoding (docs/explorer.md).
//
// Loaded on every page (extra_javascript, type module). On each Material `document$`
// emission (first load and every instant navigation) it tears down the previous
// instance -- listeners through one AbortController, observers, timers -- and starts a
// new one only if the page has a `[data-pe-explorer]` element. The views fill the
// `[data-pe-x-slot=NAME]` elements of the page; their static content is what a reader
// without JavaScript sees.
//
// For tests and benchmarks (documented contract; see tests/explorer/):
//   window.peExplorer.state          copy of the current state {pos, len, d, base, layout,
//                                    dims, j, a, b, shift, pairs, k}
//   window.peExplorer.vector(p?)     PE(p) (default: the selected position), plain Array
//   window.peExplorer.matrixRow(p)   row p of the encoding matrix, plain Array
//   window.peExplorer.value(p, j)    PE[p, j]
//   window.peExplorer.frequencies()  omega_i;  .wavelengths(): 2*pi*base**(2i/d)
//   window.peExplorer.compare()      {a, b, shift, cosine, distance, shifted: {...}, difference: {...}}
//   window.peExplorer.rotation()     {pos, k, target, rotated (null in unpaired columns),
//                                    maxResidual, normResidual}
//   window.peExplorer.similarityCurve()  the plotted similarity of PE(a) with each position
//   window.peExplorer.set({key: value})  apply values as if typed; returns the messages
//   window.peExplorer.query()        the URL query of the state;  .message(): status text
//   window.peExplorer.lastUpdateMs   time of the last update (recompute + redraw of every
//                                    view on screen, and of the controls), ms
//   window.peExplorer.pending        views off screen still waiting for their redraw (done
//                                    when they scroll into view or the browser is idle);
//                                    wait for 0 before reading their DOM; .flush() draws them
//   window.peExplorer.deferredTimes  times of those deferred redraws, ms
//   window.peExplorer.updateCount, .updateTimes (recent update times, ms), .partTimes
//                                    (the last update's time per view, ms)
//   window.peExplorer.debug.naive    true: every update recomputes and redraws everything
//                                    with sin/cos per heatmap cell (the benchmark baseline)
// All numbers come from math.js (float64, as pe.encoding). Displayed numbers carry
// data-testid attributes: pe-x-value, pe-x-norm, pe-x-cos-ab, pe-x-dist-ab,
// pe-x-cos-shift, pe-x-dist-shift, pe-x-cos-diff, pe-x-dist-diff, pe-x-residual,
// pe-x-wave-value[data-dim], pe-x-wavelength[data-pair], pe-x-message.

import * as M from "./math.js";
import * as S from "./state.js";
import * as D from "./draw.js";

const STORE = "pe-explorer-state";
const URL_INTERVAL_MS = 150; // browsers throttle frequent history.replaceState calls

function h(tag, attrs = {}, ...kids) {
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

const full = (x) => (x === null || Number.isNaN(x) ? "undefined" : String(x)); // round-trip exact
const short = (x, p = 6) => (x === null || Number.isNaN(x) ? "undefined" : String(Number(x.toPrecision(p))));
const tiny = (x) => (x === 0 ? "0" : x.toExponential(1));
const kindName = (kind) => (kind === 0 ? "sin" : "cos");

let current = null;

function start() {
  if (current) current.destroy();
  current = null;
  const root = document.querySelector("[data-pe-explorer]");
  if (!root) {
    delete window.peExplorer;
    return;
  }
  current = new Explorer(root);
}

class Explorer {
  constructor(root) {
    this.root = root;
    this.abort = new AbortController();
    this.alive = true;
    this.debug = { naive: false };
    this.lastUpdateMs = NaN;
    this.updateCount = 0;
    this.updateTimes = [];
    this.lastUrlWrite = -Infinity;
    this.urlTimer = 0;
    this.resizeFrame = 0;
    this.views = {};
    this.controls = [];
    this.slots = {};
    this.visible = new Set(); // views (by part name) now on screen
    this.pending = new Set(); // views whose redraw waits until on screen or idle
    this.idle = 0;
    this.deferredTimes = [];

    const parsed = S.fromQuery(location.search);
    let st = parsed.state;
    // The address is rewritten only once the state is not the plain default one (a link
    // or the session said otherwise, or the reader changed something): a bare explorer/
    // link stays bare until then.
    this.urlDirty = parsed.found;
    if (!parsed.found) {
      const stored = readStore();
      if (stored) {
        st = S.fromQuery(stored).state;
        this.urlDirty = true;
      }
    }
    this.st = st;

    this.readColors();
    this.build();
    root.hidden = false;
    this.measure();
    this.setMessage(parsed.messages);
    for (const el of document.querySelectorAll("[data-pe-x-nojs]")) el.hidden = true;

    const signal = this.abort.signal;
    window.addEventListener("resize", () => {
      cancelAnimationFrame(this.resizeFrame);
      this.resizeFrame = requestAnimationFrame(() => {
        if (this.measure()) this.update(new Set(["size"]));
      });
    }, { signal });
    window.addEventListener("pagehide", () => this.urlDirty && writeStore(S.toQuery(this.st)), { signal });
    this.palette = new MutationObserver(() => {
      this.readColors();
      this.update(new Set(["palette"]));
    });
    this.palette.observe(document.body, { attributes: true, attributeFilter: ["data-md-color-scheme", "data-md-color-primary", "data-md-color-accent"] });

    // A view off screen is brought up to date when it scrolls into view, or when the
    // browser is idle; an update redraws only the views on screen (and the controls).
    this.seen = new IntersectionObserver((entries) => {
      for (const e of entries) {
        const name = e.target.dataset.peXSlot;
        if (e.isIntersecting) this.visible.add(name);
        else this.visible.delete(name);
        if (e.isIntersecting && this.pending.has(name)) this.drawDeferred(name);
      }
    }, { rootMargin: "64px 0px" });
    for (const el of Object.values(this.slots)) this.seen.observe(el);

    this.update(new Set(["all"]), performance.now(), true);
    this.exposeApi();
  }

  destroy() {
    this.alive = false;
    this.abort.abort();
    this.palette.disconnect();
    this.seen.disconnect();
    cancelIdle(this.idle);
    clearTimeout(this.urlTimer);
    cancelAnimationFrame(this.resizeFrame);
    if (this.urlDirty) writeStore(S.toQuery(this.st));
    if (window.peExplorer && window.peExplorer._owner === this) delete window.peExplorer;
  }

  on(el, type, fn) {
    el.addEventListener(type, fn, { signal: this.abort.signal });
  }

  // ---- state changes -------------------------------------------------------------

  /** Apply checked values; `messages` replace the status text. */
  apply(patch, messages = []) {
    const t0 = performance.now();
    const before = this.st;
    const next = S.normalize({ ...before, ...patch, dims: [...(patch.dims ?? before.dims)], pairs: [...(patch.pairs ?? before.pairs)] });
    const changed = new Set();
    for (const key of S.KEYS) if (String(next[key]) !== String(before[key])) changed.add(key);
    this.st = next;
    if (changed.size) this.urlDirty = true;
    this.setMessage(messages);
    if (changed.size || this.debug.naive) this.update(changed, t0);
    else this.syncControls();
  }

  /** Check raw input for `key` as typed; apply it or report why not. */
  input(key, raw, { quiet = false } = {}) {
    const res = S.check(key, raw, this.st);
    if (quiet) {
      if (res.ok && !res.message) this.apply({ [key]: res.value }, this.messageText ? [this.messageText] : []);
      return [];
    }
    const msgs = res.message ? [res.ok ? res.message : `${res.message} Kept ${S.show(key, this.st[key])}.`] : [];
    if (res.ok) this.apply({ [key]: res.value }, msgs);
    else {
      this.setMessage(msgs);
      this.syncControls(true);
    }
    return msgs;
  }

  setMessage(list) {
    this.messageText = list.join(" ");
    if (this.status.textContent !== this.messageText) this.status.textContent = this.messageText;
  }

  // ---- the update: recompute and redraw what the change affects -----------------------

  /** Recompute and redraw what `changed` affects; `t0`: when the change began (for timing). */
  update(changed, t0 = performance.now(), everything = false) {
    const st = this.st;
    if (this.debug.naive || !this.w || changed.has("all") || changed.has("d") || changed.has("base")) {
      this.w = M.frequencies(st.d, st.base);
    }
    // Per-part times of this update (ms), for the benchmark's breakdown.
    const times = (this.partTimes = {});
    let t = t0;
    for (const [name, draw] of this.parts) {
      if (!everything && !this.debug.naive && name in this.slots && !this.visible.has(name)) {
        this.pending.add(name);
        continue;
      }
      this.pending.delete(name);
      draw.call(this);
      const now = performance.now();
      times[name] = now - t;
      t = now;
    }
    const ms = t - t0;
    this.lastUpdateMs = ms;
    this.updateCount += 1;
    this.updateTimes.push(ms);
    if (this.updateTimes.length > 2000) this.updateTimes.splice(0, 1000);
    if (this.pending.size && !this.idle) this.idle = whenIdle(() => this.drawIdle());
  }

  /** Bring one off-screen view up to date (it scrolled into view, or the browser is idle). */
  drawDeferred(name) {
    if (!this.alive || !this.pending.delete(name)) return;
    const t0 = performance.now();
    const draw = this.parts.find(([n]) => n === name)[1];
    draw.call(this);
    this.deferredTimes.push(performance.now() - t0);
    if (this.deferredTimes.length > 2000) this.deferredTimes.splice(0, 1000);
  }

  /** One pending view per idle period, so the page stays responsive. */
  drawIdle() {
    this.idle = 0;
    const [name] = this.pending;
    if (name) this.drawDeferred(name);
    if (this.pending.size && this.alive) this.idle = whenIdle(() => this.drawIdle());
  }

  /** Draw every pending view now. */
  flush() {
    for (const name of [...this.pending]) this.drawDeferred(name);
  }

  get parts() {
    return [
      ["vector", this.drawVector], ["heatmap", this.drawHeatmap], ["waves", this.drawWaves],
      ["compare", this.drawCompare], ["frequencies", this.drawFrequencies], ["rotation", this.drawRotation],
      ["controls", () => this.syncControls()], ["url", this.scheduleUrl],
    ];
  }

  /** True if the view's inputs changed since it last drew (always, in naive mode). */
  stale(view, key) {
    if (!this.debug.naive && view.key === key) return false;
    view.key = key;
    return true;
  }

  scheduleUrl() {
    if (!this.urlDirty) return;
    const q = S.toQuery(this.st);
    this.pendingQuery = q;
    if (this.urlTimer) return;
    // Always in a task of its own: history.replaceState talks to the browser process and
    // can take a while on a busy machine; it is not part of redrawing the page.
    const wait = Math.max(0, this.lastUrlWrite + URL_INTERVAL_MS - performance.now());
    this.urlTimer = setTimeout(() => {
      this.urlTimer = 0;
      this.writeUrl();
    }, wait);
  }

  writeUrl() {
    if (!this.alive) return;
    this.lastUrlWrite = performance.now();
    if (location.search !== this.pendingQuery) {
      history.replaceState(history.state, "", this.pendingQuery + location.hash);
    }
    writeStore(this.pendingQuery);
  }

  // ---- colours and sizes ------------------------------------------------------------------

  readColors() {
    const cs = getComputedStyle(this.root);
    const v = (name) => cs.getPropertyValue(name).trim();
    this.colors = {
      neg: v("--pe-x-neg"), mid: v("--pe-x-mid"), pos: v("--pe-x-pos"),
      fg: v("--pe-x-fg"), axis: v("--pe-x-axis"), grid: v("--pe-x-grid"),
      mark: v("--pe-x-mark"), series: Array.from({ length: 8 }, (_, k) => v(`--pe-x-s${k}`)),
    };
    this.font = cs.fontFamily || "sans-serif";
    this.lut = D.divergingLut(this.colors.neg, this.colors.mid, this.colors.pos);
    this.paletteVersion = (this.paletteVersion || 0) + 1;
  }

  /** Content width in CSS pixels; true if it changed. */
  measure() {
    const w = Math.max(200, Math.floor(this.root.clientWidth || this.root.parentElement.clientWidth));
    if (w === this.cw) return false;
    this.cw = w;
    this.narrow = w < 480;
    return true;
  }

  // ---- building the controls and views ---------------------------------------------

  slot(name) {
    const el = document.querySelector(`[data-pe-x-slot="${name}"]`);
    if (!el) return null;
    el.replaceChildren();
    el.classList.add("pe-x-view");
    this.slots[name] = el;
    return el;
  }

  build() {
    this.status = h("p", { class: "pe-x-status", role: "status", "aria-live": "polite", "data-testid": "pe-x-message" });
    const params = h("div", { class: "pe-x-grid" },
      this.field("len", "Sequence length", { help: "positions 0 … length − 1" }),
      this.field("d", "d_model", { help: "columns; odd allowed" }),
      this.baseField(),
      this.layoutField());
    this.root.replaceChildren(h("div", { class: "pe-x-panel" }, params), this.status);

    const posSlot = this.slot("position");
    if (posSlot) {
      this.summary = h("p", { class: "pe-x-summary", "aria-hidden": "true" });
      posSlot.append(h("div", { class: "pe-x-posbar" }, this.field("pos", "Position", {}), this.summary));
    }
    this.buildVector();
    this.buildHeatmap();
    this.buildWaves();
    this.buildCompare();
    this.buildFrequencies();
    this.buildRotation();
  }

  /** A range slider and a number box for one integer key, with visible bounds. */
  field(key, label, { help = "" } = {}) {
    const id = `pe-x-${key}`;
    const range = h("input", { type: "range", id: `${id}-range`, step: 1, "data-testid": `${id}-range`, "aria-describedby": `${id}-help` });
    const num = h("input", { type: "number", id: `${id}-number`, step: 1, inputmode: "numeric", "aria-label": `${label} value`, "aria-describedby": `${id}-help`, "data-testid": `${id}-number` });
    const note = h("span", { class: "pe-x-help", id: `${id}-help` });
    this.on(range, "input", () => this.apply({ [key]: Number(range.value) }));
    this.on(num, "input", () => this.input(key, num.value, { quiet: true }));
    this.on(num, "change", () => this.input(key, num.value));
    this.controls.push((force) => {
      const [lo, hi] = S.bounds(key, this.st);
      for (const el of [range, num]) {
        if (el.min !== String(lo)) el.min = lo;
        if (el.max !== String(hi)) el.max = hi;
      }
      range.value = this.st[key];
      if (force || document.activeElement !== num || Number(num.value) !== this.st[key]) num.value = this.st[key];
      const text = `${lo} … ${hi}${help ? `; ${help}` : ""}`;
      if (note.textContent !== text) note.textContent = text;
    });
    return h("div", { class: "pe-x-field" },
      h("label", { for: `${id}-range` }, label),
      h("div", { class: "pe-x-inputs" }, range, num), note);
  }

  baseField() {
    const id = "pe-x-base";
    const range = h("input", { type: "range", id: `${id}-range`, min: 0.01, max: 6, step: 0.01, "data-testid": `${id}-range`, "aria-describedby": `${id}-help`, "aria-valuetext": "" });
    const num = h("input", { type: "number", id: `${id}-number`, step: "any", inputmode: "decimal", "aria-label": "Base value", "aria-describedby": `${id}-help`, "data-testid": `${id}-number` });
    this.on(range, "input", () => this.apply({ base: Number((10 ** Number(range.value)).toPrecision(3)) }));
    this.on(num, "input", () => this.input("base", num.value, { quiet: true }));
    this.on(num, "change", () => this.input("base", num.value));
    this.controls.push((force) => {
      const b = this.st.base;
      range.value = Math.log10(b);
      range.setAttribute("aria-valuetext", S.fmtNumber(b));
      if (force || document.activeElement !== num || Number(num.value) !== b) num.value = b;
    });
    return h("div", { class: "pe-x-field" },
      h("label", { for: `${id}-range` }, "Base"),
      h("div", { class: "pe-x-inputs" }, range, num),
      h("span", { class: "pe-x-help", id: `${id}-help` }, `above 1, up to ${S.MAX_BASE.toExponential(0).replace("e+", "e")}; the slider is logarithmic`));
  }

  layoutField() {
    const radios = ["interleaved", "split"].map((value) => {
      const input = h("input", { type: "radio", name: "pe-x-layout", value, id: `pe-x-layout-${value}`, "data-testid": `pe-x-layout-${value}` });
      this.on(input, "change", () => input.checked && this.input("layout", value));
      return { input, el: h("label", { for: `pe-x-layout-${value}`, class: "pe-x-radio" }, input, value === "interleaved" ? " interleaved (sin, cos, sin, …)" : " split (all sines, then cosines)") };
    });
    this.controls.push(() => {
      for (const r of radios) r.input.checked = r.input.value === this.st.layout;
    });
    return h("fieldset", { class: "pe-x-field pe-x-fieldset" }, h("legend", {}, "Layout"), radios.map((r) => r.el));
  }

  /** A text box for a list of indices (dims, pairs), applied on change. */
  listField(key, label, help) {
    const id = `pe-x-${key}`;
    const input = h("input", { type: "text", id, "data-testid": id, "aria-describedby": `${id}-help`, autocomplete: "off", spellcheck: "false" });
    const note = h("span", { class: "pe-x-help", id: `${id}-help` });
    this.on(input, "change", () => this.input(key, input.value));
    this.controls.push((force) => {
      const text = this.st[key].join(", ");
      if (force || document.activeElement !== input) input.value = text;
      const [, hi] = S.bounds(key, this.st);
      const t = `${help} 0 … ${hi}, up to ${S.MAX_LIST}, separated by commas; applied on Enter.`;
      if (note.textContent !== t) note.textContent = t;
    });
    return h("div", { class: "pe-x-field pe-x-wide" }, h("label", { for: id }, label), input, note);
  }

  syncControls(force = false) {
    for (const sync of this.controls) sync(force);
    if (this.summary) {
      const st = this.st;
      this.summary.textContent = `length ${st.len} · d_model ${st.d} · base ${S.fmtNumber(st.base)} · ${st.layout}`;
    }
  }

  canvas(label) {
    return h("canvas", { role: "img", "aria-label": label, class: "pe-x-canvas" });
  }

  // ---- vector --------------------------------------------------------------------------

  buildVector() {
    const el = this.slot("vector");
    if (!el) return;
    const v = (this.views.vector = { canvas: this.canvas("Bar chart of the encoding vector"), H: 200 });
    v.value = h("output", { "data-testid": "pe-x-value" });
    v.what = h("span");
    v.norm = h("output", { "data-testid": "pe-x-norm" });
    v.range = h("span");
    this.on(v.canvas, "click", (e) => {
      if (!v.sc) return;
      this.apply({ j: Math.round(v.sc.xInv(e.offsetX)) });
    });
    el.append(this.field("j", "Inspect dimension", { help: "click a bar too" }), v.canvas,
      h("dl", { class: "pe-x-readout" },
        h("dt", {}, "Value"), h("dd", {}, v.value, " ", v.what),
        h("dt", {}, "Length of the vector"), h("dd", {}, v.norm, " ", v.range)));
  }

  drawVector() {
    const v = this.views.vector;
    if (!v) return;
    const st = this.st, c = this.colors;
    const key = `${st.pos},${st.d},${st.base},${st.layout},${st.j},${this.cw},${this.paletteVersion}`;
    if (!this.stale(v, key)) return;
    const x = (this.vec = M.row(st.pos, st.d, this.w, st.layout));
    const W = this.cw, H = this.narrow ? 160 : v.H;
    const ctx = D.setupCanvas(v.canvas, W, H);
    const box = { l: 34, t: 12, w: W - 44, h: H - 44 };
    const sc = (v.sc = D.scales(box, [-0.5, st.d - 0.5], [-1.05, 1.05]));
    D.frame(ctx, box, sc, { xTicks: D.niceTicks(0, st.d - 1, this.narrow ? 4 : 8, true), yTicks: [-1, -0.5, 0, 0.5, 1], colors: c, font: this.font, xLabel: "dimension" });
    const bw = box.w / st.d, gap = bw > 4 ? 1 : 0, y0 = sc.y(0);
    for (const [sign, color] of [[1, c.pos], [-1, c.neg]]) {
      ctx.fillStyle = color;
      ctx.beginPath();
      for (let j = 0; j < st.d; j++) {
        if (Math.sign(x[j]) !== sign) continue;
        const y1 = sc.y(x[j]);
        ctx.rect(sc.x(j - 0.5) + gap / 2, Math.min(y0, y1), Math.max(bw - gap, 0.6), Math.abs(y1 - y0));
      }
      ctx.fill();
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
    const angle = st.pos * this.w[pair];
    v.value.textContent = `PE[${st.pos}, ${st.j}] = ${full(x[st.j])}`;
    v.what.textContent = `= ${kindName(kind)}(${st.pos} · ω${sub(pair)}) with ω${sub(pair)} = ${short(this.w[pair], 8)}, angle ${short(angle, 8)} rad (pair ${pair}).`;
    let ss = 0, lo = Infinity, hi = -Infinity;
    for (let j = 0; j < st.d; j++) {
      ss += x[j] * x[j];
      if (x[j] < lo) lo = x[j];
      if (x[j] > hi) hi = x[j];
    }
    v.norm.textContent = `‖PE(${st.pos})‖ = ${full(Math.sqrt(ss))}`;
    v.range.textContent = st.d % 2 ? `(d_model is odd: √(${M.cosCount(st.d)} + sin² of the unpaired column))` : `(= √(d_model/2) = √${st.d / 2}, the same at every position)`;
    v.canvas.setAttribute("aria-label", `Bar chart of PE(${st.pos}), the ${st.d} values of the encoding at position ${st.pos}: smallest ${short(lo, 4)}, largest ${short(hi, 4)}. Dimension ${st.j} is marked: ${short(x[st.j], 6)}.`);
  }

  // ---- heatmap ---------------------------------------------------------------------------

  buildHeatmap() {
    const el = this.slot("heatmap");
    if (!el) return;
    const v = (this.views.heatmap = { canvas: this.canvas("Heatmap of the encoding matrix") });
    v.canvas.classList.add("pe-x-heatmap");
    v.hl = h("div", { class: "pe-x-hl", "aria-hidden": "true" });
    v.wrap = h("div", { class: "pe-x-heatwrap" }, v.canvas, v.hl);
    v.caption = h("p", { class: "pe-x-caption" });
    this.on(v.canvas, "click", (e) => {
      const rect = v.canvas.getBoundingClientRect();
      this.apply({ pos: Math.floor(((e.clientY - rect.top) / rect.height) * this.st.len) });
    });
    const legend = h("div", { class: "pe-x-legend", role: "img", "aria-label": "Colour scale: −1 dark blue, 0 neutral, +1 dark orange" },
      h("span", {}, "−1"), h("span", { class: "pe-x-legend-bar" }), h("span", {}, "+1"));
    v.axisRight = h("span");
    el.append(h("div", { class: "pe-x-axes", "aria-hidden": "true" }, h("span", {}, "dimension 0 →"), v.axisRight),
      v.wrap, v.caption, legend);
  }

  drawHeatmap() {
    const v = this.views.heatmap;
    if (!v) return;
    const st = this.st, naive = this.debug.naive;
    const cssH = Math.round(Math.min(420, Math.max(120, (this.cw * st.len) / st.d)));
    // At most one image pixel per device pixel: beyond that a pixel shows the cell under its
    // centre, as a nearest-neighbour downscale of the full image would (naive: full image).
    const dpr = Math.max(1, Math.min(3, window.devicePixelRatio || 1));
    const C = naive ? st.d : Math.min(st.d, Math.round(this.cw * dpr));
    const R = naive ? st.len : Math.min(st.len, Math.round(cssH * dpr));
    const key = `${st.len},${st.d},${st.base},${st.layout},${C},${R},${this.paletteVersion}`;
    if (this.stale(v, key)) {
      v.wrap.style.height = `${cssH}px`;
      const ctx = v.canvas.getContext("2d");
      if (v.canvas.width !== C || v.canvas.height !== R) {
        v.canvas.width = C;
        v.canvas.height = R;
      }
      if (!v.img || v.img.width !== C || v.img.height !== R) v.img = ctx.createImageData(C, R);
      const px = new Uint32Array(v.img.data.buffer);
      if (naive) M.paintMatrixNaive(st.len, st.d, this.w, st.layout, this.lut, px);
      else M.paintMatrix(st.len, st.d, this.w, st.layout, this.lut, px, C, R);
      ctx.putImageData(v.img, 0, 0);
      v.canvas.setAttribute("aria-label", `Heatmap of the ${st.len} × ${st.d} encoding matrix (${st.layout} layout): one row per position from 0 at the top, one column per dimension; blue is −1, orange +1. Left columns change fast with position, right columns slowly.`);
      v.axisRight.textContent = `← dimension ${st.d - 1}`;
      v.res = C === st.d && R === st.len
        ? "one pixel per cell"
        : `drawn at the screen’s resolution, ${C} of ${st.d} columns × ${R} of ${st.len} rows, each pixel showing the cell at its centre; zoom in for more`;
    }
    v.hl.style.top = `${(st.pos / st.len) * 100}%`;
    v.hl.style.height = `max(4px, ${100 / st.len}%)`;
    v.caption.textContent = `Rows: positions 0 (top) … ${st.len - 1}. Highlighted: row ${st.pos}. Click a row to select it. Image: ${v.res}.`;
  }

  // ---- waves ---------------------------------------------------------------------------

  buildWaves() {
    const el = this.slot("waves");
    if (!el) return;
    const v = (this.views.waves = { canvas: this.canvas("Waves of the selected dimensions") });
    v.list = h("ul", { class: "pe-x-keys" });
    this.on(v.canvas, "click", (e) => v.sc && this.apply({ pos: Math.round(v.sc.xInv(e.offsetX)) }));
    v.marker = marker();
    el.append(this.listField("dims", "Dimensions (columns) to plot", "Column indices"), plotBox(v.canvas, v.marker), v.list);
  }

  /** Exact values of column j over positions 0..L-1, and the continuous curve. */
  columnSeries(j) {
    const st = this.st;
    const { pair, kind } = M.columnInfo(j, st.d, st.layout);
    const w = this.w[pair];
    const values = new Float64Array(st.len);
    if (kind === 0) for (let p = 0; p < st.len; p++) values[p] = Math.sin(p * w);
    else for (let p = 0; p < st.len; p++) values[p] = Math.cos(p * w);
    return { j, pair, kind, values, cont: kind === 0 ? (x) => Math.sin(x * w) : (x) => Math.cos(x * w) };
  }

  drawWaves() {
    const v = this.views.waves;
    if (!v) return;
    const st = this.st, c = this.colors;
    const W = this.cw, H = this.narrow ? 180 : 220;
    const key = `${st.len},${st.d},${st.base},${st.layout},${st.dims},${W},${this.paletteVersion}`;
    if (this.stale(v, key)) {
      v.series = st.dims.map((j) => this.columnSeries(j));
      const ctx = D.setupCanvas(v.canvas, W, H);
      const box = (v.box = { l: 34, t: 16, w: W - 44, h: H - 48 });
      D.markerSpan(v.marker, box);
      const sc = (v.sc = D.scales(box, [0, Math.max(1, st.len - 1)], [-1.1, 1.1]));
      D.frame(ctx, box, sc, { xTicks: D.niceTicks(0, st.len - 1, this.narrow ? 4 : 8, true), yTicks: [-1, 0, 1], colors: c, font: this.font, xLabel: "position" });
      v.series.forEach((s, k) => D.samples(ctx, box, sc, s.values, c.series[k], { cont: s.cont }));
      v.items = v.series.map((s, k) => {
        const out = h("output", { "data-testid": "pe-x-wave-value", "data-dim": s.j });
        return { s, out, li: h("li", {}, h("span", { class: "pe-x-swatch", style: `background:${c.series[k]}` }), ` dim ${s.j} = ${kindName(s.kind)}(pos · ω${sub(s.pair)}), λ = ${short(2 * Math.PI / this.w[s.pair], 5)}: `, out) };
      });
      v.list.replaceChildren(...v.items.map((it) => it.li));
      if (!v.items.length) v.list.append(h("li", {}, "No dimension selected."));
      v.dyn = null;
    }
    const dyn = `${st.pos},${key}`;
    if (v.dyn === dyn && !this.debug.naive) return;
    v.dyn = dyn;
    D.placeMarker(v.marker, v.sc.x(st.pos), `pos ${st.pos}`, W);
    for (const it of v.items) it.out.textContent = `${full(it.s.values[st.pos])} at position ${st.pos}`;
    v.canvas.setAttribute("aria-label", v.items.length
      ? `Line plot over positions 0 … ${st.len - 1} of dimensions ${st.dims.join(", ")}; marker at position ${st.pos}, where the values are ${v.items.map((it) => short(it.s.values[st.pos], 4)).join(", ")}.`
      : "Line plot of the selected dimensions: none selected.");
  }

  // ---- two positions -----------------------------------------------------------------------

  buildCompare() {
    const el = this.slot("compare");
    if (!el) return;
    const v = (this.views.compare = { canvas: this.canvas("Similarity against offset") });
    const cell = (id) => h("output", { "data-testid": id });
    v.ab = h("th", { scope: "row" });
    v.sh = h("th", { scope: "row" });
    v.cells = Object.fromEntries(["cos-ab", "dist-ab", "cos-shift", "dist-shift", "cos-diff", "dist-diff"].map((id) => [id, cell(`pe-x-${id}`)]));
    v.offAB = h("td");
    v.offSh = h("td");
    v.note = h("p", { class: "pe-x-note" });
    const table = h("table", { class: "pe-x-table" },
      h("caption", {}, "Two pairs of positions with the same offset"),
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Pair"), h("th", { scope: "col" }, "Offset"), h("th", { scope: "col" }, "Cosine similarity"), h("th", { scope: "col" }, "Euclidean distance"))),
      h("tbody", {},
        h("tr", {}, v.ab, v.offAB, h("td", {}, v.cells["cos-ab"]), h("td", {}, v.cells["dist-ab"])),
        h("tr", {}, v.sh, v.offSh, h("td", {}, v.cells["cos-shift"]), h("td", {}, v.cells["dist-shift"])),
        h("tr", {}, h("th", { scope: "row" }, "Difference"), h("td", {}, ""), h("td", {}, v.cells["cos-diff"]), h("td", {}, v.cells["dist-diff"]))));
    el.append(h("div", { class: "pe-x-grid" },
      this.field("a", "Position A"), this.field("b", "Position B"), this.field("shift", "Shift both by", { help: "A + shift may pass the last row" })),
    scrollBox(table, "Comparison table"), v.note, plotBox(v.canvas, (v.marker = marker())));
  }

  drawCompare() {
    const v = this.views.compare;
    if (!v) return;
    const st = this.st, c = this.colors;
    const numKey = `${st.a},${st.b},${st.shift},${st.d},${st.base},${st.layout}`;
    if (v.numKey !== numKey || this.debug.naive) {
      v.numKey = numKey;
      v.result = this.compareNow();
      const r = v.result;
      v.ab.textContent = `A → B: ${st.a} → ${st.b}`;
      v.sh.textContent = `A + ${st.shift} → B + ${st.shift}: ${st.a + st.shift} → ${st.b + st.shift}`;
      v.offAB.textContent = v.offSh.textContent = String(st.b - st.a);
      v.cells["cos-ab"].textContent = full(r.cosine);
      v.cells["dist-ab"].textContent = full(r.distance);
      v.cells["cos-shift"].textContent = full(r.shifted.cosine);
      v.cells["dist-shift"].textContent = full(r.shifted.distance);
      v.cells["cos-diff"].textContent = r.difference.cosine === null ? "undefined" : tiny(r.difference.cosine);
      v.cells["dist-diff"].textContent = tiny(r.difference.distance);
      v.note.textContent = st.d % 2
        ? `d_model = ${st.d} is odd: the unpaired last column sin(pos · ω${sub(M.pairCount(st.d) - 1)}) depends on the positions themselves, not only on their offset, so the two rows may differ by more than rounding.`
        : `Both rows have offset ${st.b - st.a}: every sin/cos pair contributes cos(offset · ωᵢ) to the dot product whatever the positions, so the values agree up to float64 rounding.`;
    }
    const W = this.cw, H = this.narrow ? 170 : 200;
    const sumsKey = `${st.len},${st.d},${st.base}`;
    if (v.sumsKey !== sumsKey || this.debug.naive) {
      v.sumsKey = sumsKey;
      v.sums = M.offsetSums(st.len, st.d, this.w, this.debug.naive);
    }
    const curveKey = `${st.a},${sumsKey},${W},${this.paletteVersion}`;
    if (this.stale(v, curveKey)) {
      v.curve = M.similarityCurve(st.a, st.len, st.d, this.w, v.sums);
      const ctx = D.setupCanvas(v.canvas, W, H);
      let lo = 0;
      for (const y of v.curve) if (y < lo) lo = y;
      const box = (v.box = { l: 40, t: 16, w: W - 50, h: H - 48 });
      D.markerSpan(v.marker, box);
      const x0 = -st.a, x1 = st.len - 1 - st.a;
      const sc = (v.sc = D.scales(box, [x0, Math.max(x1, x0 + 1)], [Math.min(-0.1, lo - 0.05), 1.05]));
      D.frame(ctx, box, sc, { xTicks: D.niceTicks(x0, x1, this.narrow ? 4 : 8, true), yTicks: D.niceTicks(Math.min(-0.1, lo - 0.05), 1, 4), colors: c, font: this.font, xLabel: "offset from A" });
      D.samples(ctx, box, sc, v.curve, c.series[0], { x0 });
      v.dyn = null;
    }
    const dyn = `${st.b},${curveKey}`;
    if (v.dyn === dyn && !this.debug.naive) return;
    v.dyn = dyn;
    const off = st.b - st.a;
    D.placeMarker(v.marker, v.sc.x(off), `B − A = ${off}`, W);
    v.canvas.setAttribute("aria-label", `Cosine similarity of PE(${st.a}) with every position of the sequence, against the offset from ${-st.a} to ${st.len - 1 - st.a}: 1 at offset 0, falling off with distance. Marked: offset ${off}, similarity ${short(v.curve[st.b], 6)}.`);
  }

  compareNow() {
    const st = this.st;
    const row = (p) => M.row(p, st.d, this.w, st.layout);
    const r = M.compareVectors(row(st.a), row(st.b));
    const s = M.compareVectors(row(st.a + st.shift), row(st.b + st.shift));
    return {
      a: st.a, b: st.b, shift: st.shift,
      cosine: r.cosine, distance: r.distance,
      shifted: { a: st.a + st.shift, b: st.b + st.shift, cosine: s.cosine, distance: s.distance },
      difference: { cosine: r.cosine === null || s.cosine === null ? null : s.cosine - r.cosine, distance: s.distance - r.distance },
    };
  }

  // ---- frequencies -----------------------------------------------------------------------

  buildFrequencies() {
    const el = this.slot("frequencies");
    if (!el) return;
    const v = (this.views.freq = { canvas: this.canvas("Wavelength of each pair"), overlay: this.canvas("Overlay of the selected waves") });
    v.body = h("tbody");
    v.summary = h("p", { class: "pe-x-note" });
    const table = h("table", { class: "pe-x-table" },
      h("caption", {}, "The selected pairs"),
      h("thead", {}, h("tr", {}, ...["Pair i", "Columns (sin, cos)", "ωᵢ = base^(−2i/d)", "Wavelength 2π·base^(2i/d)", "Periods in the sequence"].map((t) => h("th", { scope: "col" }, t)))),
      v.body);
    v.ov = {};
    el.append(this.listField("pairs", "Pairs to highlight, overlay and rotate", "Pair indices"), v.canvas, v.summary, scrollBox(table, "Table of the selected pairs"), plotBox(v.overlay, (v.marker = marker())));
  }

  drawFrequencies() {
    const v = this.views.freq;
    if (!v) return;
    const st = this.st, c = this.colors;
    const n = M.pairCount(st.d);
    const W = this.cw, H = this.narrow ? 180 : 220;
    const key = `${st.len},${st.d},${st.base},${st.pairs},${W},${this.paletteVersion}`;
    const tableKey = `${key},${st.layout}`;
    if (v.tableKey !== tableKey || this.debug.naive) {
      v.tableKey = tableKey;
      v.body.replaceChildren(...st.pairs.map((i) => {
        const lam = M.wavelength(i, st.d, st.base);
        const cols = i < M.cosCount(st.d) ? `${M.column(i, 0, st.d, st.layout)}, ${M.column(i, 1, st.d, st.layout)}` : `${M.column(i, 0, st.d, st.layout)} (sine only, unpaired)`;
        return h("tr", {}, h("td", {}, String(i)), h("td", {}, cols), h("td", {}, short(this.w[i], 10)),
          h("td", {}, h("output", { "data-testid": "pe-x-wavelength", "data-pair": i }, full(lam))), h("td", {}, short(st.len / lam, 6)));
      }));
      if (!st.pairs.length) v.body.append(h("tr", {}, h("td", { colspan: 5 }, "No pair selected.")));
    }
    if (this.stale(v, key)) {
      const lam = Array.from(this.w, (_, i) => M.wavelength(i, st.d, st.base));
      const ctx = D.setupCanvas(v.canvas, W, H);
      const box = { l: 48, t: 16, w: W - 58, h: H - 48 };
      const ylo = Math.min(2 * Math.PI, st.len) / 1.5, yhi = Math.max(lam[n - 1], st.len) * 1.5;
      const sc = D.scales(box, [0, Math.max(1, n - 1)], [ylo, yhi], true);
      const decades = [];
      for (let e = Math.ceil(Math.log10(ylo)); e <= Math.log10(yhi); e++) decades.push(10 ** e);
      D.frame(ctx, box, sc, { xTicks: D.niceTicks(0, n - 1, this.narrow ? 4 : 8, true), yTicks: decades, colors: c, font: this.font, xLabel: "pair i", yLabel: "wavelength (positions, log scale)" });
      // The sequence length: pairs above it do not complete one period inside the sequence.
      ctx.save();
      ctx.strokeStyle = c.fg;
      ctx.setLineDash([2, 3]);
      ctx.beginPath();
      ctx.moveTo(box.l, sc.y(st.len));
      ctx.lineTo(box.l + box.w, sc.y(st.len));
      ctx.stroke();
      ctx.fillStyle = c.fg;
      ctx.font = `11px ${this.font}`;
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
      const within = lam.filter((x) => x <= st.len).length;
      v.canvas.setAttribute("aria-label", `Wavelength of each of the ${n} pairs on a log scale: a straight line from 2π = ${short(lam[0], 6)} at pair 0 to ${short(lam[n - 1], 6)} at pair ${n - 1}; ${within} of them fit within the sequence length ${st.len}.`);
      v.summary.textContent = `The wavelengths grow geometrically, by a factor base^(2/d) = ${short(Math.pow(st.base, 2 / st.d), 8)} per pair, from 2π ≈ ${short(lam[0], 8)} (pair 0) to ${short(lam[n - 1], 8)} (pair ${n - 1}); ${within} of ${n} pairs complete a full period within ${st.len} positions.`;
      // Overlay of sin(pos * omega_i) of the selected pairs (static layer).
      const octx = D.setupCanvas(v.overlay, W, H);
      const obox = (v.obox = { l: 34, t: 16, w: W - 44, h: H - 48 });
      D.markerSpan(v.marker, obox);
      const osc = (v.osc = D.scales(obox, [0, Math.max(1, st.len - 1)], [-1.1, 1.1]));
      D.frame(octx, obox, osc, { xTicks: D.niceTicks(0, st.len - 1, this.narrow ? 4 : 8, true), yTicks: [-1, 0, 1], colors: c, font: this.font, xLabel: "position" });
      st.pairs.forEach((i, k) => {
        const w = this.w[i], values = new Float64Array(st.len);
        for (let p = 0; p < st.len; p++) values[p] = Math.sin(p * w);
        D.samples(octx, obox, osc, values, c.series[k % 8], { cont: (x) => Math.sin(x * w) });
      });
      v.dyn = null;
    }
    const dyn = `${st.pos},${key}`;
    if (v.dyn === dyn && !this.debug.naive) return;
    v.dyn = dyn;
    D.placeMarker(v.marker, v.osc.x(st.pos), `pos ${st.pos}`, W);
    v.overlay.setAttribute("aria-label", st.pairs.length
      ? `Sine waves sin(pos · ωᵢ) of pairs ${st.pairs.join(", ")} over positions 0 … ${st.len - 1}, colours as the dots above; marker at position ${st.pos}.`
      : "Overlay of the selected waves: no pair selected.");
  }

  // ---- rotation --------------------------------------------------------------------------

  buildRotation() {
    const el = this.slot("rotation");
    if (!el) return;
    const v = (this.views.rotation = { canvas: this.canvas("Rotation of each pair on its unit circle") });
    v.residual = h("output", { "data-testid": "pe-x-residual" });
    v.norm = h("output");
    v.head = h("p", { class: "pe-x-note" });
    v.odd = h("p", { class: "pe-x-note" });
    v.body = h("tbody");
    const table = h("table", { class: "pe-x-table" },
      h("caption", {}, "Pair by pair: R(k)·PE(pos) against PE(pos + k)"),
      h("thead", {}, h("tr", {}, ...["Pair i", "Angle k·ωᵢ (rad)", "PE(pos): (sin, cos)", "R(k)·PE(pos)", "PE(pos + k)", "Residual"].map((t) => h("th", { scope: "col" }, t)))),
      v.body);
    el.append(this.field("k", "Offset k", { help: "pos + k may lie outside the sequence" }), v.head, v.canvas,
      h("dl", { class: "pe-x-readout" },
        h("dt", {}, "Largest residual |R(k)·PE(pos) − PE(pos + k)| over all paired columns"), h("dd", {}, v.residual),
        h("dt", {}, "Euclidean norm of the residual"), h("dd", {}, v.norm)),
      v.odd, scrollBox(table, "Rotation table"));
  }

  rotationNow() {
    const st = this.st;
    return M.rotate(st.pos, st.k, st.d, this.w, st.layout);
  }

  drawRotation() {
    const v = this.views.rotation;
    if (!v) return;
    const st = this.st, c = this.colors;
    const W = this.cw;
    const key = `${st.pos},${st.k},${st.d},${st.base},${st.layout},${st.pairs},${W},${this.paletteVersion}`;
    if (!this.stale(v, key)) return;
    const r = (v.result = this.rotationNow());
    const nc = M.cosCount(st.d);
    const shown = st.pairs.filter((i) => i < nc);
    v.head.textContent = `R(${st.k}) turns pair i by the angle ${st.k}·ωᵢ. Starting from PE(${st.pos}) (hollow dot) it lands (filled dot) on PE(${st.pos + st.k}) (ring).`;
    const cols = Math.max(1, Math.min(shown.length || 1, Math.floor(W / 150)));
    const cell = W / cols, rows = Math.max(1, Math.ceil(shown.length / cols));
    const ctx = D.setupCanvas(v.canvas, W, rows * (cell * 0.8 + 8));
    ctx.font = `11px ${this.font}`;
    shown.forEach((i, n) => {
      const p = r.pairs[i];
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
      ctx.strokeStyle = c.series[st.pairs.indexOf(i) % 8];
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
      ctx.fillStyle = c.series[st.pairs.indexOf(i) % 8];
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
    v.residual.textContent = nc ? tiny(r.maxResidual) : "no pairs";
    v.norm.textContent = nc ? tiny(r.normResidual) : "no pairs";
    v.odd.textContent = st.d % 2
      ? `d_model = ${st.d} is odd: column ${M.column(nc, 0, st.d, st.layout)} holds sin(pos · ω${sub(nc)}) with no cosine partner. No fixed matrix maps it from pos to pos + k, so it is left out of R(k) and of the residual.`
      : `All ${nc} pairs rotate; the residual is float64 rounding.`;
    v.body.replaceChildren(...shown.map((i) => {
      const p = r.pairs[i];
      const pair = (xy) => `${short(xy[0], 8)}, ${short(xy[1], 8)}`;
      return h("tr", {}, h("td", {}, String(i)), h("td", {}, short(p.angle, 8)), h("td", {}, pair(p.from)), h("td", {}, pair(p.rotated)), h("td", {}, pair(p.target)), h("td", {}, tiny(p.residual)));
    }));
    v.canvas.setAttribute("aria-label", shown.length
      ? `Unit circles of pairs ${shown.join(", ")}: each point PE(${st.pos}) turned by ${st.k}·ωᵢ lands on PE(${st.pos + st.k}); largest residual ${tiny(r.maxResidual)}.`
      : "Unit circles of the selected pairs: none can be rotated.");
  }

  // ---- the documented test/benchmark interface --------------------------------------------

  exposeApi() {
    const self = this;
    const int = (p, name) => {
      if (!Number.isSafeInteger(p)) throw new TypeError(`${name} must be an integer, got ${p}`);
      return p;
    };
    window.peExplorer = {
      _owner: self,
      get state() { return JSON.parse(JSON.stringify(self.st)); },
      vector: (p = self.st.pos) => Array.from(M.row(int(p, "position"), self.st.d, self.w, self.st.layout)),
      matrixRow: (p) => Array.from(M.row(int(p, "row"), self.st.d, self.w, self.st.layout)),
      value: (p, j) => M.value(int(p, "position"), int(j, "dimension"), self.st.d, self.w, self.st.layout),
      frequencies: () => Array.from(self.w),
      wavelengths: () => Array.from(self.w, (_, i) => M.wavelength(i, self.st.d, self.st.base)),
      compare: () => self.compareNow(),
      rotation: () => {
        const r = self.rotationNow();
        return { pos: self.st.pos, k: self.st.k, target: self.st.pos + self.st.k, rotated: Array.from(r.rotated, (x) => (Number.isNaN(x) ? null : x)), maxResidual: r.maxResidual, normResidual: r.normResidual };
      },
      similarityCurve: () => Array.from(M.similarityCurve(self.st.a, self.st.len, self.st.d, self.w)),
      set(patch) {
        const msgs = [];
        for (const [key, value] of Object.entries(patch)) msgs.push(...self.input(key, Array.isArray(value) ? value.join(",") : value));
        self.setMessage(msgs);
        return msgs;
      },
      query: () => S.toQuery(self.st),
      message: () => self.messageText,
      get lastUpdateMs() { return self.lastUpdateMs; },
      get updateCount() { return self.updateCount; },
      get updateTimes() { return self.updateTimes.slice(); },
      get partTimes() { return { ...self.partTimes }; },
      get pending() { return self.pending.size; },
      get deferredTimes() { return self.deferredTimes.slice(); },
      flush: () => self.flush(),
      debug: self.debug,
    };
  }
}

/** A dashed vertical marker laid over a plot: moving it redraws no canvas. */
function marker() {
  return h("div", { class: "pe-x-marker", "aria-hidden": "true" }, h("span"));
}

function plotBox(canvas, mark) {
  return h("div", { class: "pe-x-plot" }, canvas, mark);
}

function sub(n) {
  return String(n).replace(/\d/g, (ch) => "₀₁₂₃₄₅₆₇₈₉"[ch]);
}

/** A horizontally scrollable, keyboard-focusable box for a table that may be wide. */
function scrollBox(table, label) {
  return h("div", { class: "pe-x-scroll", tabindex: 0, role: "region", "aria-label": label }, table);
}

// requestIdleCallback where there is one; a timeout otherwise.
const whenIdle = (fn) => (window.requestIdleCallback ? requestIdleCallback(fn, { timeout: 250 }) : setTimeout(fn, 50));
const cancelIdle = (id) => (window.cancelIdleCallback ? cancelIdleCallback(id) : clearTimeout(id));

function readStore() {
  try {
    return sessionStorage.getItem(STORE);
  } catch {
    return null; // storage disabled: the URL alone carries the state
  }
}

function writeStore(q) {
  try {
    sessionStorage.setItem(STORE, q);
  } catch {
    /* storage disabled or full: nothing to keep */
  }
}

if (window.document$ && typeof window.document$.subscribe === "function") window.document$.subscribe(start);
else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
else start();
