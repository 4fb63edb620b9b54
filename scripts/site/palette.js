// The colour-palette toggle (light / dark / follow the system), inlined by scripts/site/passes.py
// right after Material's palette form, which that pass unhooks from Material's own component.
//
// Why not Material's component: when it mounts, after the page has loaded, it marks <body> with
// data-md-color-switching (its CSS then matches every element), reads computed styles and unmarks
// it: two or three restyles of the whole document, the largest part of a formula-heavy page's
// blocking time. Run here, while the parser is still in the header, the same work touches a
// document that is a header only, and a reader who prefers dark sees no light flash first.
// Same form, same labels, same stored preference (__md_get/__md_set) as Material's.
(() => {
  const form = document.querySelector("form[data-pe-palette]");
  if (!form) return;
  const inputs = [...form.querySelectorAll("input")];
  const prefersLight = matchMedia("(prefers-color-scheme: light)");
  const meta = (name) => {
    let el = document.head.querySelector(`meta[name="${name}"]`);
    if (!el) el = document.head.appendChild(Object.assign(document.createElement("meta"), { name }));
    return el;
  };
  const [themeColor, colorScheme] = [meta("theme-color"), meta("color-scheme")];
  const storedIndex = () => {
    const stored = __md_get("__palette");
    if (stored && Number.isInteger(stored.index)) return Math.max(0, Math.min(stored.index, inputs.length - 1));
    return Math.max(0, inputs.findIndex((input) => matchMedia(input.dataset.mdColorMedia).matches));
  };

  let current = storedIndex();
  function apply(index) {
    current = index;
    const input = inputs[index];
    // "Follow the system" takes its colours from the light or the dark entry.
    const source = input.dataset.mdColorMedia === "(prefers-color-scheme)"
      ? form.querySelector(`[data-md-color-media="(prefers-color-scheme: ${prefersLight.matches ? "light" : "dark"})"]`)
      : input;
    const color = {
      media: input.dataset.mdColorMedia,
      scheme: source.dataset.mdColorScheme,
      primary: source.dataset.mdColorPrimary,
      accent: source.dataset.mdColorAccent,
    };
    for (const [key, value] of Object.entries(color)) {
      if (document.body.getAttribute(`data-md-color-${key}`) !== value) {
        document.body.setAttribute(`data-md-color-${key}`, value);
      }
    }
    input.checked = true;
    inputs.forEach((el, i) => { el.nextElementSibling.hidden = i !== index; });
    const style = getComputedStyle(form.closest("header") || document.body);
    themeColor.content = style.backgroundColor;
    colorScheme.content = style.colorScheme;
    return color;
  }

  // A reader's choice: transitions off while the colours change, as Material does.
  function choose(index) {
    document.body.setAttribute("data-md-color-switching", "");
    __md_set("__palette", { index, color: apply(index) });
    requestAnimationFrame(() => document.body.removeAttribute("data-md-color-switching"));
  }

  apply(current);
  inputs.forEach((input, i) => input.addEventListener("change", () => choose(i)));
  form.addEventListener("keydown", (event) => {
    if (event.key !== "Enter") return;
    const next = inputs[(current + 1) % inputs.length];
    next.click();
    next.focus();
  });
  prefersLight.addEventListener("change", () => {
    if (inputs[current].dataset.mdColorMedia === "(prefers-color-scheme)") apply(current);
  });
})();
