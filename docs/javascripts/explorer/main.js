// Entry point of the interactive explorer, loaded by a module script in docs/explorer.md
// and by no other page. A module runs once the page is parsed, so the explorer's root is there.
//
// Modules:
//   main.js        this file: starts the explorer on its page
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

import { Explorer } from "./controller.js";

const root = document.querySelector("[data-pe-explorer]");
if (root) new Explorer(root);
