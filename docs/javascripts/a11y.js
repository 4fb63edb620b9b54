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
  const labelCodeNavs = () => {
    const navs = document.querySelectorAll(".md-code__nav:not([aria-label])");
    if (navs.length === 0) return;
    const blocks = [...document.querySelectorAll(".md-typeset pre")];
    navs.forEach((nav) => {
      nav.setAttribute("aria-label", `Code block ${blocks.indexOf(nav.closest("pre")) + 1}`);
    });
  };

  // All sizes are read first, then attributes written only where they change: a write
  // between two reads would make the browser lay the page out again for every element.
  const focusableScrollers = () => {
    // Anything in a collapsed block is skipped (it cannot be reached until the block opens,
    // and the toggle listener below checks it then): reading its width would make the browser
    // style and lay out the whole hidden block, once per element, on every page load.
    const shown = (selector) => [...document.querySelectorAll(selector)].filter(
      (el) => !el.closest("details:not([open])"),
    );
    // Material makes a wide code block focusable only once it has scrolled into view
    // (content.lazy); until then a keyboard user could not reach it, so it is done here too.
    const tables = shown(".md-typeset__scrollwrap, .md-typeset pre > code");
    const formulas = shown(".md-typeset div.arithmatex");
    const wide = (el) => el.scrollWidth > el.clientWidth;
    const tableWide = tables.map(wide);
    const formulaWide = formulas.map(wide);
    tables.forEach((wrap, i) => {
      if (tableWide[i] !== wrap.hasAttribute("tabindex")) {
        if (tableWide[i]) wrap.setAttribute("tabindex", "0");
        else wrap.removeAttribute("tabindex");
      }
    });
    formulas.forEach((formula, i) => {
      if (formulaWide[i] === formula.hasAttribute("tabindex")) return;
      if (formulaWide[i]) {
        formula.setAttribute("tabindex", "0");
        formula.setAttribute("role", "group");
        formula.setAttribute("aria-label", "Wide formula, scrolls sideways");
      } else {
        for (const name of ["tabindex", "role", "aria-label"]) formula.removeAttribute(name);
      }
    });
  };

  new MutationObserver(labelCodeNavs).observe(document.body, { childList: true, subtree: true });
  // Sizes are read once the page has been laid out and painted (a task after the next frame),
  // when reading them costs nothing; read during Material's start-up they would make the
  // browser lay the whole page out again, inside the page's longest task.
  document$.subscribe(() => {
    labelCodeNavs();
    requestAnimationFrame(() => setTimeout(focusableScrollers));
  });
  // A formula in a collapsed block has no width until the block opens.
  document.addEventListener("toggle", () => requestAnimationFrame(focusableScrollers), true);
  let pending = false;
  window.addEventListener("resize", () => {
    if (pending) return;
    pending = true;
    requestAnimationFrame(() => {
      pending = false;
      focusableScrollers();
    });
  });
})();
