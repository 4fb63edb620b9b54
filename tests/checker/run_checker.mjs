// Runs the browser checker's modules (docs/javascripts/checker/) in Node on files, the way the
// page does with a dropped file: .npy through readNpy, .npz through readNpz, anything else as
// text through decodeText and parseTable. Prints one JSON list: per file {"result": <dict>,
// "text": ...} or {"error": ...}; with --parse, per file the rows parseTable read (or the error).
//
//   node tests/checker/run_checker.mjs [--parse] FILE...

import { readFileSync } from "node:fs";
import { DiagnoseError, decodeText, diagnose, parseTable } from "../../docs/javascripts/checker/diagnose.js";
import { readNpy, readNpz } from "../../docs/javascripts/checker/npy.js";

const args = process.argv.slice(2);
const parseOnly = args[0] === "--parse";
const out = [];
for (const path of parseOnly ? args.slice(1) : args) {
  try {
    const bytes = readFileSync(path);
    const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length);
    if (parseOnly) {
      out.push({ rows: parseTable(decodeText(new Uint8Array(buffer))) });
      continue;
    }
    let read;
    if (path.endsWith(".npy")) read = readNpy(buffer);
    else if (path.endsWith(".npz")) read = await readNpz(buffer);
    else read = { rows: parseTable(decodeText(new Uint8Array(buffer))), dtype: "float64" };
    const result = diagnose(read.rows, read.dtype);
    out.push({ result, text: result.text() });
  } catch (err) {
    if (!(err instanceof DiagnoseError)) throw err;
    out.push({ error: err.message });
  }
}
process.stdout.write(JSON.stringify(out));
