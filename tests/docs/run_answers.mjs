// Reads what readers type through the exercises' answer boxes (docs/javascripts/exercises.js)
// in Node, for tests/docs/test_docs_answer_parser.py: one JSON request a line on stdin,
// {"text": ..., "unit": ..., "expected": ..., "tolerance": ..., "exactShown": ...}; one JSON
// answer a line on stdout, {"value": number or null, "error": string or null,
// "verdict": {...} or null}.
//
//   node tests/docs/run_answers.mjs

import { createInterface } from "node:readline";
import { readAnswer, verdict } from "../../docs/javascripts/exercises.js";

const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of lines) {
  if (!line.trim()) continue;
  const { text, unit = "", expected = null, tolerance = null, exactShown = false } =
    JSON.parse(line);
  const { value, error } = readAnswer(text, unit);
  const judged = expected === null ? null
    : verdict(text, expected, tolerance, unit, { exactShown });
  process.stdout.write(`${JSON.stringify({ value: Number.isNaN(value) ? null : value, error, verdict: judged })}\n`);
}
