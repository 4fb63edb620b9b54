// Runs the browser checker's modules (docs/javascripts/checker/) in Node on files, the way the
// page does with a dropped file: .npy through readNpy, anything else as pasted text through
// parseTable. Prints one JSON list: per file {"result": <dict>, "text": ...} or {"error": ...}.
//
//   node tests/checker/run_checker.mjs FILE...

import { readFileSync } from "node:fs";
import { DiagnoseError, diagnose, parseTable } from "../../docs/javascripts/checker/diagnose.js";
import { readNpy } from "../../docs/javascripts/checker/npy.js";

const out = [];
for (const path of process.argv.slice(2)) {
  try {
    let result;
    if (path.endsWith(".npy")) {
      const bytes = readFileSync(path);
      const { rows, dtype } = readNpy(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
      result = diagnose(rows, dtype);
    } else {
      result = diagnose(parseTable(readFileSync(path, "utf-8")), "float64");
    }
    out.push({ result, text: result.text() });
  } catch (err) {
    if (!(err instanceof DiagnoseError)) throw err;
    out.push({ error: err.message });
  }
}
process.stdout.write(JSON.stringify(out));
