// Typeset the page's math with the site's own KaTeX, on first load and after
// every instant navigation (Material's document$ emits each new page).
document$.subscribe(({ body }) => {
  renderMathInElement(body, {
    delimiters: [
      { left: "\\[", right: "\\]", display: true },
      { left: "\\(", right: "\\)", display: false },
      { left: "$$", right: "$$", display: true },
    ],
    throwOnError: false,
  });
});
