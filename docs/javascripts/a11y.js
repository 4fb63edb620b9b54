// Accessibility fixes for markup that Material for MkDocs adds in the browser, on every page
// and after every instant navigation (checked by axe-core in tests/site):
// - each code block's copy button sits in its own <nav>; unlabelled, a screen reader lists
//   them as identical landmarks, so each gets a distinct name;
// - a table wider than the text column scrolls inside a wrapper that keyboard users could not
//   reach, so a wrapper that overflows becomes focusable (as Material does for code blocks);
// - so does a display formula too wide for the screen (on a phone, only a whole matrix is),
//   named so that a screen reader says what the stop is.
(() => {
  const labelCodeNavs = () => {
    document.querySelectorAll(".md-code__nav").forEach((nav, i) => {
      nav.setAttribute("aria-label", `Code block ${i + 1}`);
    });
  };

  // All sizes are read first, then attributes written only where they change: a write
  // between two reads would make the browser lay the page out again for every element.
  const focusableScrollers = () => {
    const tables = [...document.querySelectorAll(".md-typeset__scrollwrap")];
    // A formula in a collapsed block is skipped (it cannot be reached until the block opens,
    // and the toggle listener below checks it then): reading its width would make the browser
    // style and lay out the whole hidden block, once per formula, on every page load.
    const formulas = [...document.querySelectorAll(".md-typeset div.arithmatex")].filter(
      (formula) => !formula.closest("details:not([open])"),
    );
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

  const fix = () => {
    labelCodeNavs();
    focusableScrollers();
  };

  // Material mounts code blocks and tables from its own document$ subscription, which can
  // finish after ours; one more pass on the next frame catches those.
  document$.subscribe(() => {
    fix();
    requestAnimationFrame(fix);
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
