// The explorer's state: limits, defaults, validation, and the URL query that stores it.
//
// Every value that enters the state -- from the URL, from sessionStorage, or typed into a
// control -- goes through `check`, which returns the accepted value and, when the input
// was out of range or malformed, a sentence saying what was done with it. Values that
// depend on others (position < length, dimension < d_model, ...) are re-clamped by
// `normalize` after every change.

import { pairCount } from "./math.js";

export const MAX_LENGTH = 4096;
export const MAX_D = 2048;
export const MAX_BASE = 1e6;
export const MAX_LIST = 8;

export const DEFAULTS = Object.freeze({
  pos: 20,
  len: 100,
  d: 128,
  base: 10000,
  layout: "interleaved",
  dims: Object.freeze([0, 1, 20, 21]),
  j: 0,
  a: 7,
  b: 8,
  shift: 15,
  pairs: Object.freeze([0, 8, 16, 32]),
  k: 5,
});

/** URL keys in the order they are written. */
export const KEYS = ["pos", "len", "d", "base", "layout", "dims", "j", "a", "b", "shift", "pairs", "k"];

const NAMES = {
  pos: "position",
  len: "sequence length",
  d: "d_model",
  base: "base",
  layout: "layout",
  dims: "dimensions to plot",
  j: "inspected dimension",
  a: "position A",
  b: "position B",
  shift: "shift",
  pairs: "pairs",
  k: "offset k",
};

/** Inclusive bounds of each key given the rest of the state. */
export function bounds(key, st) {
  const L = st.len, d = st.d;
  switch (key) {
    case "len": return [1, MAX_LENGTH];
    case "d": return [1, MAX_D];
    case "base": return [1, MAX_BASE]; // lower bound exclusive, see check()
    case "pos": case "a": case "b": case "shift": return [0, L - 1];
    case "k": return [-(L - 1), L - 1];
    case "j": case "dims": return [0, d - 1];
    case "pairs": return [0, pairCount(d) - 1];
    default: return null;
  }
}

const INT = /^[+-]?\d+$/;
const FLOAT = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

export const fmtNumber = (x) => (Number.isInteger(x) ? String(x) : String(Number(x.toPrecision(12))));

function quote(raw) {
  const s = String(raw);
  return `“${s.length > 40 ? `${s.slice(0, 40)}…` : s}”`;
}

/**
 * Validate one raw value for `key` against the state `st`.
 * Returns {ok, value, message}: ok=false means rejected (keep the old value).
 */
export function check(key, raw, st) {
  const name = NAMES[key];
  const text = String(raw ?? "").trim();
  if (key === "layout") {
    if (text === "interleaved" || text === "split") return { ok: true, value: text };
    return { ok: false, message: `The ${name} must be “interleaved” or “split”, not ${quote(raw)}.` };
  }
  if (key === "dims" || key === "pairs") return checkList(key, text, st);
  const [lo, hi] = bounds(key, st);
  if (key === "base") {
    const x = FLOAT.test(text) ? Number(text) : NaN;
    if (!Number.isFinite(x)) return { ok: false, message: `The base must be a number, not ${quote(raw)}.` };
    if (x <= 1) return { ok: false, message: `The base must be greater than 1 (got ${quote(raw)}): every frequency would be 1.` };
    if (x > hi) return { ok: true, value: hi, message: `A base of ${fmtNumber(x)} is above the maximum ${hi}; using ${hi}.` };
    return { ok: true, value: x };
  }
  if (!INT.test(text)) return { ok: false, message: `The ${name} must be a whole number, not ${quote(raw)}.` };
  const x = Number(text);
  if (x < lo || x > hi) {
    const v = Math.min(hi, Math.max(lo, x));
    return { ok: true, value: v, message: `The ${name} ${text} is outside ${lo} … ${hi}; using ${v}.` };
  }
  return { ok: true, value: x };
}

function checkList(key, text, st) {
  const name = NAMES[key];
  const [lo, hi] = bounds(key, st);
  const parts = text === "" ? [] : text.split(/[\s,;]+/).filter(Boolean);
  const value = [], bad = [], out = [];
  for (const p of parts) {
    if (!INT.test(p)) bad.push(p);
    else if (Number(p) < lo || Number(p) > hi) out.push(p);
    else if (!value.includes(Number(p))) value.push(Number(p));
  }
  const notes = [];
  if (bad.length) notes.push(`${bad.map(quote).join(", ")} ${bad.length > 1 ? "are not whole numbers" : "is not a whole number"}`);
  if (out.length) notes.push(`${out.join(", ")} ${out.length > 1 ? "are" : "is"} outside ${lo} … ${hi}`);
  if (value.length > MAX_LIST) notes.push(`only the first ${MAX_LIST} are kept`);
  const kept = value.slice(0, MAX_LIST);
  const message = notes.length ? `In the ${name}: ${notes.join("; ")}. Showing ${kept.length ? kept.join(", ") : "none"}.` : undefined;
  return { ok: true, value: kept, message };
}

/** Clamp the values that depend on length and d_model (silently: the controls show it). */
export function normalize(st) {
  for (const key of ["pos", "a", "b", "shift", "k", "j"]) {
    const [lo, hi] = bounds(key, st);
    st[key] = Math.min(hi, Math.max(lo, st[key]));
  }
  for (const key of ["dims", "pairs"]) {
    const [, hi] = bounds(key, st);
    st[key] = st[key].filter((x) => x <= hi);
  }
  return st;
}

/** A copy of the defaults, mutable. */
export const defaults = () => ({ ...DEFAULTS, dims: [...DEFAULTS.dims], pairs: [...DEFAULTS.pairs] });

/**
 * State from a query string. Independent keys are read first so that the dependent
 * ones are checked against the length and d_model of the link, not the defaults.
 */
export function fromQuery(search) {
  const params = new URLSearchParams(search);
  const st = defaults();
  const messages = [];
  const unknown = [...params.keys()].filter((key) => !KEYS.includes(key));
  for (const key of ["len", "d", "base", "layout"]) readParam(key);
  normalize(st);
  for (const key of KEYS.slice(0)) if (!["len", "d", "base", "layout"].includes(key)) readParam(key);
  if (unknown.length) messages.push(`Ignored unknown link parameter${unknown.length > 1 ? "s" : ""} ${unknown.map(quote).join(", ")}.`);
  return { state: normalize(st), messages, found: KEYS.some((key) => params.has(key)) };

  function readParam(key) {
    if (!params.has(key)) return;
    const res = check(key, params.getAll(key).pop(), st);
    if (res.ok) st[key] = res.value;
    if (res.message) messages.push(res.ok ? `Link: ${res.message}` : `Link: ${res.message} Kept ${show(key, st[key])}.`);
  }
}

export function show(key, v) {
  if (Array.isArray(v)) return v.length ? v.join(", ") : "none";
  return key === "base" ? fmtNumber(v) : String(v);
}

/** The query string for a state, commas left readable. */
export function toQuery(st) {
  const parts = KEYS.map((key) => {
    const v = st[key];
    const s = Array.isArray(v) ? v.join(",") : String(v);
    return `${key}=${encodeURIComponent(s).replace(/%2C/g, ",")}`;
  });
  return `?${parts.join("&")}`;
}
