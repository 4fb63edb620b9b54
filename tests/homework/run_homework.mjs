// Runs the homework page's module (docs/javascripts/homework.js) and the answer boxes' verdict
// (docs/javascripts/exercises.js) in Node, on a request read from stdin as JSON:
//   {"spec": pe.homework.spec(), "seeds": [..], "texts": [..], "cases": [{"slug", "params"}],
//    "typed": [{"seed", "slug", "text", "tolerance"}]}
// and prints {"draws": {seed: ..}, "answers": {seed: ..}, "seeds": [parseSeed(text)..],
//   "cases": [answer..], "verdicts": [state..]} as JSON.
//
//   node tests/homework/run_homework.mjs < request.json

import { readFileSync } from "node:fs";
import { ANSWERS, answers, draw, parseSeed } from "../../docs/javascripts/homework.js";
import { verdict } from "../../docs/javascripts/exercises.js";

const request = JSON.parse(readFileSync(0, "utf-8"));
const spec = request.spec;
const out = { draws: {}, answers: {}, seeds: [], cases: [], verdicts: [] };
for (const seed of request.seeds || []) {
  out.draws[seed] = draw(spec, seed);
  out.answers[seed] = answers(spec, seed);
}
for (const text of request.texts || []) out.seeds.push(parseSeed(text));
for (const { slug, params } of request.cases || []) out.cases.push(ANSWERS[slug](params));
for (const { seed, slug, text, tolerance, unit } of request.typed || []) {
  out.verdicts.push(verdict(text, answers(spec, seed)[slug], tolerance, unit || "").state);
}
process.stdout.write(JSON.stringify(out));
