// Runs Material's bundle once the page is parsed and its first paint is on screen, then the
// site's own deferred scripts, in order; inlined by scripts/site/passes.py where Material's
// <script src="...bundle..."> was, which names the bundle in data-src (and preloads it at low
// priority in <head>, so it downloads in parallel, as before) and the others in data-then.
//
// Why: the bundle adds behaviour (search, navigation drawer, copy buttons), not content. As a
// deferred script it ran just before the first frame was shown on a page whose fonts are
// preloaded, so Lighthouse counted its download and start-up as needed for that frame (about
// 0.3 s of a phone's largest contentful paint, scripts/bench/pages.py). The bundle starts on
// DOMContentLoaded, which has fired by then, so that event is sent again once it has loaded;
// Material listens with {once: true} and none of the site's own scripts listens for it; a
// script that may run before the bundle waits for "pe:material", sent next.
(() => {
  const { src, then } = document.currentScript.dataset;
  const load = (url) => new Promise((done) => {
    const script = Object.assign(document.createElement("script"), { src: url, async: false });
    script.onload = script.onerror = done;
    document.body.append(script);
  });
  const parsed = new Promise((done) => document.readyState === "loading"
    ? document.addEventListener("DOMContentLoaded", done, { once: true }) : done());
  const painted = new Promise((done) => {
    const observable = window.PerformanceObserver?.supportedEntryTypes || [];
    if (!observable.includes("paint")) return done();  // no paint timing: run when parsed
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName("first-contentful-paint").length) { observer.disconnect(); done(); }
    }).observe({ type: "paint", buffered: true });
    // A page that is never painted (opened in a background tab) still gets its behaviour.
    addEventListener("load", () => setTimeout(done, 1000), { once: true });
  });
  Promise.all([parsed, painted]).then(async () => {
    await load(src);
    document.dispatchEvent(new Event("DOMContentLoaded"));
    document.dispatchEvent(new Event("pe:material"));
    for (const url of (then || "").split(" ").filter(Boolean)) await load(url);
  });
})();
