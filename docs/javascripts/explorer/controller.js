// The explorer's controller: it owns the state (`st`) and the address that keeps it, builds
// the panel of controls every view shares, puts the views into the page's slots, and on
// every change recomputes the frequencies and redraws the views on screen.
//
// The page (docs/explorer.md) has one [data-pe-explorer] element for the panel and one
// [data-pe-x-slot=NAME] element per view; the static content they hold is what a reader
// without JavaScript sees. The vector view, near the top, comes with the controller; the
// others are below the fold, and their modules are imported when their slot comes within
// a screen's height of the viewport.
//
// What views see of the controller: st, w (the frequencies), cw and narrow (content width),
// colors, font, lut (heatmap colours), paletteVersion, debug, and on / apply / input /
// controls (used by the builders in controls.js).

import * as M from "./math.js";
import * as S from "./state.js";
import * as D from "./draw.js";
import { Address } from "./address.js";
import { api } from "./api.js";
import { baseField, field, layoutField } from "./controls.js";
import { h } from "./dom.js";
import VectorView from "./views/vector.js";

/** The views in page order: the slot each fills, and its class or how to import it. */
const VIEWS = [
  { slot: "vector", View: VectorView },
  { slot: "heatmap", load: () => import("./views/matrix.js") },
  { slot: "waves", load: () => import("./views/waves.js") },
  { slot: "compare", load: () => import("./views/compare.js") },
  { slot: "frequencies", load: () => import("./views/frequencies.js") },
  { slot: "rotation", load: () => import("./views/rotation.js") },
];

export class Explorer {
  constructor(root) {
    this.root = root;
    this.abort = new AbortController();
    this.alive = true;
    this.debug = { naive: false };
    this.lastUpdateMs = NaN;
    this.updateCount = 0;
    this.updateTimes = [];
    this.partTimes = {};
    this.resizeFrame = 0;
    this.controls = []; // functions that show the state in each control (see controls.js)
    this.slots = new Map(); // view name -> its element, for the views on this page
    this.views = new Map(); // view name -> the view, once its code is loaded
    this.loading = new Map(); // view name -> the promise of its loading
    this.visible = new Set(); // views now on screen
    this.pending = new Set(); // views not up to date: not loaded yet, or off screen
    this.idle = 0;
    this.idleFrame = 0;
    this.deferredTimes = [];

    this.address = new Address();
    this.st = this.address.state;
    this.readColors();
    this.buildPanel();
    this.measure();
    this.setMessage(this.address.messages);
    for (const el of document.querySelectorAll("[data-pe-x-nojs]")) el.hidden = true;

    const signal = this.abort.signal;
    window.addEventListener("resize", () => {
      cancelAnimationFrame(this.resizeFrame);
      this.resizeFrame = requestAnimationFrame(() => {
        if (this.measure()) this.update(new Set(["size"]));
      });
    }, { signal });
    window.addEventListener("pagehide", () => this.address.save(this.st), { signal });
    this.palette = new MutationObserver(() => {
      this.readColors();
      this.update(new Set(["palette"]));
    });
    this.palette.observe(document.body, { attributes: true, attributeFilter: ["data-md-color-scheme", "data-md-color-primary", "data-md-color-accent"] });

    // An update redraws only the views on screen; one off screen catches up when it
    // scrolls into view, or when the browser is idle.
    this.seen = new IntersectionObserver((entries) => {
      for (const e of entries) {
        const name = e.target.dataset.peXSlot;
        if (e.isIntersecting) this.visible.add(name);
        else this.visible.delete(name);
        if (e.isIntersecting && this.pending.has(name)) this.drawDeferred(name);
      }
    }, { rootMargin: "64px 0px" });
    this.near = new IntersectionObserver((entries) => {
      for (const e of entries) if (e.isIntersecting) this.load(e.target.dataset.peXSlot);
    }, { rootMargin: "100% 0px" });

    for (const { slot, View } of VIEWS) {
      const el = document.querySelector(`[data-pe-x-slot="${slot}"]`);
      if (!el) continue;
      el.replaceChildren();
      el.classList.add("pe-x-view");
      this.slots.set(slot, el);
      this.pending.add(slot);
      this.seen.observe(el);
      if (View) this.mount(slot, View);
      else this.near.observe(el);
    }

    this.update(new Set(["all"]), performance.now(), true);
    window.peExplorer = api(this);
  }

  destroy() {
    this.alive = false;
    this.abort.abort();
    this.palette.disconnect();
    this.seen.disconnect();
    this.near.disconnect();
    cancelIdle(this.idle);
    cancelAnimationFrame(this.idleFrame);
    cancelAnimationFrame(this.resizeFrame);
    this.address.stop(this.st);
    if (window.peExplorer && window.peExplorer._owner === this) delete window.peExplorer;
  }

  on(el, type, fn) {
    el.addEventListener(type, fn, { signal: this.abort.signal });
  }

  // ---- views: loading and placing them ------------------------------------------------

  /** Import the module of view `name` (once) and put the view into its slot. */
  load(name) {
    if (this.views.has(name)) return Promise.resolve();
    if (!this.loading.has(name)) {
      const { load } = VIEWS.find((v) => v.slot === name);
      this.loading.set(name, load().then((module) => {
        if (!this.alive) return;
        this.mount(name, module.default);
        this.drawDeferred(name); // at once, on screen or not: no frame shows it half built
      }, (err) => {
        this.loading.delete(name); // the next attempt imports again
        this.setMessage([`The ${name} view could not be loaded (${err.message}); reload the page to try again.`]);
        throw err;
      }));
    }
    return this.loading.get(name);
  }

  /** Build view `name` in its slot and show the current state in its own controls. */
  mount(name, View) {
    const el = this.slots.get(name);
    const from = this.controls.length;
    this.views.set(name, new View(this, el));
    this.near.unobserve(el);
    for (const sync of this.controls.slice(from)) sync(true);
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
    if (changed.size) this.address.dirty = true;
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

  // ---- the update: recompute, and redraw what the change affects ---------------------

  /** Recompute and redraw after `changed`; `t0`: when the change began (for timing). */
  update(changed, t0 = performance.now(), everything = false) {
    const st = this.st, naive = this.debug.naive;
    if (naive || !this.w || changed.has("all") || changed.has("d") || changed.has("base")) {
      this.w = M.frequencies(st.d, st.base);
    }
    // Per-part times of this update (ms), for the benchmark's breakdown.
    const times = (this.partTimes = {});
    let t = t0;
    const lap = (name) => {
      const now = performance.now();
      times[name] = now - t;
      t = now;
    };
    for (const [name, view] of this.views) {
      if (!everything && !naive && !this.visible.has(name)) {
        this.pending.add(name);
        continue;
      }
      this.pending.delete(name);
      view.draw();
      lap(name);
    }
    this.syncControls();
    lap("controls");
    this.address.schedule(st);
    lap("url");
    const ms = t - t0;
    this.lastUpdateMs = ms;
    this.updateCount += 1;
    this.updateTimes.push(ms);
    if (this.updateTimes.length > 2000) this.updateTimes.splice(0, 1000);
    this.scheduleIdle();
  }

  /** Bring one loaded view up to date (it scrolled into view, or the browser is idle). */
  drawDeferred(name) {
    if (!this.alive || !this.views.has(name) || !this.pending.delete(name)) return;
    const t0 = performance.now();
    this.views.get(name).draw();
    this.deferredTimes.push(performance.now() - t0);
    if (this.deferredTimes.length > 2000) this.deferredTimes.splice(0, 1000);
  }

  /**
   * One pending loaded view per idle period, so the page stays responsive, each after a
   * frame: while the browser waits to paint a change the main thread looks idle, and a view
   * drawn then (25 ms at d_model 2048) delayed that paint.
   */
  scheduleIdle() {
    if (this.idle || this.idleFrame || !this.alive || ![...this.pending].some((name) => this.views.has(name))) return;
    this.idleFrame = requestAnimationFrame(() => {
      this.idleFrame = 0;
      this.idle = whenIdle(() => {
        this.idle = 0;
        const name = [...this.pending].find((n) => this.views.has(n));
        if (name) this.drawDeferred(name);
        this.scheduleIdle();
      });
    });
  }

  /** Load every view and draw every pending one (tests and benchmarks). */
  async flush() {
    await Promise.all([...this.slots.keys()].map((name) => this.load(name)));
    for (const name of [...this.pending]) this.drawDeferred(name);
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

  // ---- the panel: controls shared by every view ------------------------------------------

  buildPanel() {
    this.status = h("p", { class: "pe-x-status", role: "status", "aria-live": "polite", "data-testid": "pe-x-message" });
    const params = h("div", { class: "pe-x-grid" },
      field(this, "len", "Sequence length", { help: "positions 0 … length − 1" }),
      field(this, "d", "d_model", { help: "columns; odd allowed" }),
      baseField(this),
      layoutField(this));
    this.root.replaceChildren(h("div", { class: "pe-x-panel" }, params), this.status);

    // The position: a bar that stays in view while the reader scrolls through the views.
    const posSlot = document.querySelector('[data-pe-x-slot="position"]');
    if (posSlot) {
      this.summary = h("p", { class: "pe-x-summary", "aria-hidden": "true" });
      posSlot.replaceChildren(h("div", { class: "pe-x-posbar" }, field(this, "pos", "Position"), this.summary));
      posSlot.classList.add("pe-x-view");
    }
  }

  syncControls(force = false) {
    for (const sync of this.controls) sync(force);
    if (this.summary) {
      const st = this.st;
      this.summary.textContent = `length ${st.len} · d_model ${st.d} · base ${S.fmtNumber(st.base)} · ${st.layout}`;
    }
  }
}

// requestIdleCallback where there is one; a timeout otherwise.
const whenIdle = (fn) => (window.requestIdleCallback ? requestIdleCallback(fn, { timeout: 250 }) : setTimeout(fn, 50));
const cancelIdle = (id) => (window.cancelIdleCallback ? cancelIdleCallback(id) : clearTimeout(id));
