// Runs the coordinate designer's arithmetic (docs/javascripts/design/design.js) in Node on a
// list of the form's texts read from stdin as JSON ([{method, lo, hi, resolution, d, ...}])
// and prints design(raw) for each as JSON, infinities written as the strings "Infinity" and
// "-Infinity" (JSON has no infinity).
//
//   node tests/design_tool/run_design.mjs < request.json

import { readFileSync } from "node:fs";
import { design } from "../../docs/javascripts/design/design.js";

const request = JSON.parse(readFileSync(0, "utf-8"));
const out = request.map((raw) => design(raw));
process.stdout.write(
  JSON.stringify(out, (_, v) => (typeof v === "number" && !Number.isFinite(v) ? String(v) : v)),
);
