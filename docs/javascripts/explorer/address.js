// Where the state is kept between visits: the page address (?pos=..&len=..; a copied link
// reopens the same view) and, for links without a query, the session (sessionStorage).

import * as S from "./state.js";

const STORE = "pe-explorer-state";
const URL_INTERVAL_MS = 150; // browsers throttle frequent history.replaceState calls

export class Address {
  /**
   * The state of the link, else of this session, else the defaults, with the messages about
   * the link's values. The address is rewritten only once the state is not the plain
   * default one (a link or the session said otherwise, or the reader changed something):
   * a bare explorer/ link stays bare until then.
   */
  constructor() {
    const parsed = S.fromQuery(location.search);
    this.messages = parsed.messages;
    this.state = parsed.state;
    this.dirty = parsed.found;
    if (!parsed.found) {
      const stored = readStore();
      if (stored) {
        this.state = S.fromQuery(stored).state;
        this.dirty = true;
      }
    }
    this.timer = 0;
    this.frame = 0;
    this.lastWrite = -Infinity;
    this.query = null;
  }

  /** Write the query of `st` into the address soon (at most every URL_INTERVAL_MS). */
  schedule(st) {
    if (!this.dirty) return;
    this.query = S.toQuery(st);
    if (this.timer || this.frame) return;
    // In a task of its own after the next frame: history.replaceState talks to the browser
    // process and took up to 40 ms on a busy machine (a trace at d_model 2048); run before
    // the frame, it delayed the paint that shows the change.
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      const wait = Math.max(0, this.lastWrite + URL_INTERVAL_MS - performance.now());
      this.timer = setTimeout(() => {
        this.timer = 0;
        this.lastWrite = performance.now();
        if (location.search !== this.query) history.replaceState(history.state, "", this.query + location.hash);
        writeStore(this.query);
      }, wait);
    });
  }

  /** Keep `st` for this session (the reader leaves the page); no more address writes. */
  save(st) {
    if (this.dirty) writeStore(S.toQuery(st));
  }

  stop(st) {
    cancelAnimationFrame(this.frame);
    clearTimeout(this.timer);
    this.frame = this.timer = 0;
    this.save(st);
  }
}

function readStore() {
  try {
    return sessionStorage.getItem(STORE);
  } catch {
    return null; // storage disabled: the URL alone carries the state
  }
}

function writeStore(q) {
  try {
    sessionStorage.setItem(STORE, q);
  } catch {
    /* storage disabled or full: nothing to keep */
  }
}
