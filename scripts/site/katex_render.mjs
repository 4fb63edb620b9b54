// Typesets TeX with KaTeX for scripts/site/katex_render.py: one process serves a whole build.
// Reads one JSON request per line on stdin, {"tex": "...", "display": true}, and answers each
// with one JSON line on stdout, in order: {"html": "..."} or {"error": "KaTeX's message"}.
import { createRequire } from "node:module";
import { createInterface } from "node:readline";

const require = createRequire(import.meta.url);
const katex = require("katex");

const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of lines) {
  if (!line.trim()) continue;
  let answer;
  try {
    const { tex, display } = JSON.parse(line);
    const html = katex.renderToString(tex, {
      displayMode: Boolean(display),
      output: "htmlAndMathml", // MathML for screen readers, HTML for the eye
      throwOnError: true,
      strict: "error",
    });
    answer = { html };
  } catch (err) {
    answer = { error: String(err && err.message ? err.message : err) };
  }
  process.stdout.write(JSON.stringify(answer) + "\n");
}
