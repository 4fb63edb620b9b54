// What every view has: the controller `x` (state, frequencies, sizes, colours, controls;
// see controller.js), the slot element it fills, and a record of what it last drew.
//
// A view module's default export is a class extending View: its constructor builds the
// view's elements into the slot, and draw() brings them up to date with x.st, redrawing
// only what changed since the last call.

export class View {
  constructor(x, el) {
    this.x = x;
    this.el = el;
    this.key = null;
  }

  /** True if the view's inputs (`key`) changed since it last drew (always, in naive mode). */
  stale(key) {
    if (!this.x.debug.naive && this.key === key) return false;
    this.key = key;
    return true;
  }
}
