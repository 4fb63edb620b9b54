// Accessibility fixes for markup that Material for MkDocs adds in the browser (checked by
// axe-core in tests/site):
// - each code block's copy button sits in its own <nav>; unlabelled, a screen reader lists
//   them as identical landmarks, so each gets a distinct name (Material adds the <nav> when
//   the block first scrolls into view: content.lazy);
// - a table or code block wider than the text column scrolls inside a box that keyboard users
//   could not reach, so a box that overflows becomes focusable;
// - so does a display formula too wide for the screen (on a phone, only a whole matrix is),
//   named so that a screen reader says what the stop is.
(() => {
  // Numbered by the block's place on the page, so a name never changes as more blocks mount.
  let blocks = null;
  const label = (nav) => {
    blocks ??= [...document.querySelectorAll(".md-typeset pre")];
    nav.setAttribute("aria-label", `Code block ${blocks.indexOf(nav.closest("pre")) + 1}`);
  };
  const labelWithin = (node) => {
    if (node.nodeType !== Node.ELEMENT_NODE) return;
    if (node.matches(".md-code__nav:not([aria-label])")) label(node);
    else node.querySelectorAll(".md-code__nav:not([aria-label])").forEach(label);
  };

  const mark = (box, wide) => {
    if (wide === box.hasAttribute("tabindex")) return;
    const formula = box.matches("div.arithmatex, .katex-display");
    if (wide) {
      box.setAttribute("tabindex", "0");
      if (formula) {
        box.setAttribute("role", "group");
        box.setAttribute("aria-label", "Wide formula, scrolls sideways");
      }
    } else {
      for (const name of ["tabindex", "role", "aria-label"]) box.removeAttribute(name);
    }
  };
  // Sizes are read when the browser reports a box's size, right after it laid the page out:
  // reading them costs nothing then, where reading them during start-up made the browser lay
  // the whole page out again in a long task. A box in a collapsed block is skipped (reading
  // its width would lay out the hidden block); it is reported again when the block opens,
  // as every box is when the window resizes. All sizes first, then the attributes.
  const sizes = new ResizeObserver((entries) => {
    const shown = entries.map((e) => e.target).filter((el) => !el.closest("details:not([open])"));
    const wide = shown.map((el) => el.scrollWidth > el.clientWidth);
    shown.forEach((el, i) => mark(el, wide[i]));
  });
  // Material makes a wide code block focusable only once it has scrolled into view
  // (content.lazy); until then a keyboard user could not reach it, so it is done here too.
  // A display formula scrolls in its div.arithmatex on a phone (Material sizes the formula to
  // its content there) and in the formula's own box (.katex-display) on a wider screen.
  const SCROLLERS = ".md-typeset__scrollwrap, .md-typeset pre > code, .md-typeset div.arithmatex, " +
    ".md-typeset .katex-display";

  // Only what is added is searched, not the whole page at every change.
  new MutationObserver((records) => {
    for (const record of records) record.addedNodes.forEach(labelWithin);
  }).observe(document.body, { childList: true, subtree: true });
  // Material's bundle runs after the first paint, then this script (scripts/site/
  // bundle_loader.js); run before it, this waits for the loader's "pe:material".
  const whenMounted = (start) => typeof document$ === "undefined"
    ? document.addEventListener("pe:material", () => document$.subscribe(start), { once: true })
    : document$.subscribe(start);
  whenMounted(() => {
    labelWithin(document.body);
    document.querySelectorAll(SCROLLERS).forEach((el) => sizes.observe(el));
  });
})();
