// Entry point of the interactive explorer, loaded by a module script in docs/explorer.md
// and by no other page.
//
// Modules:
//   main.js        this file: starts and stops the explorer as pages come and go
//   controller.js  the state and the address, the shared controls, the update loop,
//                  loading the views (views below the fold when scrolled near)
//   views/*.js     one per section of the page: vector, matrix (heatmap), waves, compare,
//                  frequencies, rotation; each builds its elements and redraws them
//   controls.js    sliders, number boxes and lists that change the state
//   address.js     the state in the page address and in the session
//   state.js       limits, defaults, validation and the URL query of the state
//   math.js        the encoding in float64, as pe.encoding computes it
//   draw.js        canvas helpers: sizes, colours, axes, plots
//   dom.js, format.js  element builders; numbers as text
//   api.js         window.peExplorer, the interface used by tests and benchmarks
//
// Material's instant navigation swaps the page content without a reload and inserts the
// page's scripts again, but a module runs once per document. So on its first run this
// module subscribes to Material's `document$`, which replays the current page at once and
// emits each page shown after it: the explorer starts when a page has [data-pe-explorer]
// and is torn down (listeners, observers, timers) when the reader leaves that page.

import { Explorer } from "./controller.js";

let current = null;

function start() {
  const root = document.querySelector("[data-pe-explorer]");
  // document$ emits the explorer page again once its own script has loaded: same page.
  if (current && current.root === root) return;
  if (current) current.destroy();
  current = root ? new Explorer(root) : null;
}

if (window.document$ && typeof window.document$.subscribe === "function") window.document$.subscribe(start);
else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
else start();
