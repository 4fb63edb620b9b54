// window.peExplorer: the documented interface for tests and benchmarks (tests/explorer/,
// scripts/bench/explorer.py). Every number is computed here from math.js for the current
// state, whether or not the view that shows it has been loaded.
//
//   .state                  copy of the state {pos, len, d, base, layout, dims, j, a, b,
//                           shift, pairs, k}
//   .vector(p?)             PE(p) (default: the selected position), plain Array
//   .matrixRow(p)           row p of the encoding matrix;  .value(p, j): PE[p, j]
//   .frequencies()          omega_i;  .wavelengths(): 2*pi*base**(2i/d)
//   .compare()              {a, b, shift, cosine, distance, shifted: {...}, difference: {...}}
//   .rotation()             {pos, k, target, rotated (null in unpaired columns),
//                           maxResidual, normResidual}
//   .similarityCurve()      the plotted similarity of PE(a) with each position
//   .set({key: value})      apply values as if typed; returns the messages
//   .query()                the URL query of the state;  .message(): the status text
//   .lastUpdateMs           time of the last update (recompute + redraw of every loaded view
//                           on screen, and of the controls), ms
//   .pending                views not up to date: loaded views off screen (redrawn when they
//                           scroll into view or the browser is idle) and views whose code is
//                           not loaded yet (loaded when scrolled near); wait for 0 before
//                           reading a view's DOM
//   .flush()                Promise: loads every view and draws every pending one
//   .loaded                 names of the views whose code is loaded
//   .deferredTimes          times of the deferred redraws (including a view's first), ms
//   .updateCount, .updateTimes (recent update times, ms), .partTimes (the last update's
//                           time per view, ms)
//   .debug.naive            true: every update recomputes and redraws every loaded view
//                           with sin/cos per heatmap cell, no caches (for comparison by hand)
// Displayed numbers carry data-testid attributes: pe-x-value, pe-x-norm, pe-x-cos-ab,
// pe-x-dist-ab, pe-x-cos-shift, pe-x-dist-shift, pe-x-cos-diff, pe-x-dist-diff,
// pe-x-residual, pe-x-wave-value[data-dim], pe-x-wavelength[data-pair], pe-x-message.

import * as M from "./math.js";
import * as S from "./state.js";

const int = (p, name) => {
  if (!Number.isSafeInteger(p)) throw new TypeError(`${name} must be an integer, got ${p}`);
  return p;
};

/** The interface object for controller `x`. */
export function api(x) {
  const row = (p, name) => Array.from(M.row(int(p, name), x.st.d, x.w, x.st.layout));
  return {
    _owner: x,
    get state() { return JSON.parse(JSON.stringify(x.st)); },
    vector: (p = x.st.pos) => row(p, "position"),
    matrixRow: (p) => row(p, "row"),
    value: (p, j) => M.value(int(p, "position"), int(j, "dimension"), x.st.d, x.w, x.st.layout),
    frequencies: () => Array.from(x.w),
    wavelengths: () => Array.from(x.w, (_, i) => M.wavelength(i, x.st.d, x.st.base)),
    compare: () => M.comparePositions(x.st.a, x.st.b, x.st.shift, x.st.d, x.w, x.st.layout),
    rotation: () => {
      const st = x.st;
      const r = M.rotate(st.pos, st.k, st.d, x.w, st.layout);
      return { pos: st.pos, k: st.k, target: st.pos + st.k, rotated: Array.from(r.rotated, (v) => (Number.isNaN(v) ? null : v)), maxResidual: r.maxResidual, normResidual: r.normResidual };
    },
    similarityCurve: () => Array.from(M.similarityCurve(x.st.a, x.st.len, x.st.d, x.w)),
    set(patch) {
      const msgs = [];
      for (const [key, value] of Object.entries(patch)) msgs.push(...x.input(key, Array.isArray(value) ? value.join(",") : value));
      x.setMessage(msgs);
      return msgs;
    },
    query: () => S.toQuery(x.st),
    message: () => x.messageText,
    get lastUpdateMs() { return x.lastUpdateMs; },
    get updateCount() { return x.updateCount; },
    get updateTimes() { return x.updateTimes.slice(); },
    get partTimes() { return { ...x.partTimes }; },
    get pending() { return x.pending.size; },
    get loaded() { return [...x.views.keys()]; },
    get deferredTimes() { return x.deferredTimes.slice(); },
    flush: () => x.flush(),
    debug: x.debug,
  };
}
